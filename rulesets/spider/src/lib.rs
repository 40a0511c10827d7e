//! Spider
