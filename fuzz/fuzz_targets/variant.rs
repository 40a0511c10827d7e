#![no_main]
//! Any text as a variant file: a located error or a checked variant, never a panic.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let catalog = felt::catalog::builtin_catalog();
    let _ = catalog.check_variant(&felt_core::Origin::File("fuzz.toml".into()), &text);
});
