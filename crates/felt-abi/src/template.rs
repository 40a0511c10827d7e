//! The files of a new ruleset crate, as `felt new-ruleset NAME` writes them.
