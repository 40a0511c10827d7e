//! Tests of the solver.
