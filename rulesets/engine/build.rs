//! Links the engine's tests beside the rulesets they cross-check. The tests take the FreeCell,
//! Klondike and template crates as libraries, and each of those also exports the plugin entry
//! point (`export_ruleset!`), the one symbol every plugin defines. A test binary never calls
//! it, but an optimised build may pull two of them into one link, which then fails on the
//! duplicate; telling the linker to keep the first lets `cargo test --release` link as the
//! debug build does. Only the test targets get the flag, only where the GNU-style linker
//! takes it.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-tests=-Wl,--allow-multiple-definition");
    }
}
