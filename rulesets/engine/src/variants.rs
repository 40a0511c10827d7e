//! The games the engine ships: each a variant file in `rulesets/engine/variants/`, with its
//! rules page in `docs/rules/`. Adding a game is adding a file here; no Rust of its own.

/// The variant files the plugin ships, as `(file name, TOML text)`.
pub const VARIANTS: &[(&str, &str)] = &[("yukon.toml", include_str!("../variants/yukon.toml"))];
