#![no_main]
//! Any text as a Spider position file: an error naming the line, never a panic.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let catalog = felt::catalog::builtin_catalog();
    if let Ok(ruleset) = catalog.build("spider-4suit", None) {
        let _ = ruleset.import_position(&text);
    }
});
