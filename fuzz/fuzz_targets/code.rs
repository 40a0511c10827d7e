#![no_main]
//! Any text as a game code: an error or a code that resolves or not, never a panic.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(code) = felt_core::GameCode::parse(&text) {
        let catalog = felt::catalog::builtin_catalog();
        let _ = catalog.resolve(&code);
    }
});
