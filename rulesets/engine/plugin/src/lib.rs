//! The patience engine's games as a felt plugin: [`felt_engine::EngineFactory`] behind the
//! plugin entry point. Everything else is the felt-engine library.

felt_plugin::export_ruleset!(felt_engine::EngineFactory);
