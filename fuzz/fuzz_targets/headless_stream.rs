#![no_main]
//! Any byte stream, however long its lines, through the real headless reader in text and in
//! JSON: every answer rendered as a script sees it, bounded by the input, never a panic. Run
//! with `-max_len` above 64 KB so lines past the reader's cap are tried.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let catalog = felt::catalog::builtin_catalog();
    for format in [felt::headless::Format::Text, felt::headless::Format::Json] {
        let Ok(ruleset) = catalog.build("spider-1suit", None) else { return };
        let Ok(code) = catalog.code_for("spider-1suit", None, 3) else { return };
        let session = felt_core::Session::new(ruleset, code.clone(), 100);
        let mut game =
            felt::headless::Headless::new(session, felt_core::Seat::SOLO, code.to_string());
        let mut out = Vec::new();
        let _ = felt::headless::run(&mut game, data, &mut out, format);
        // An answer never echoes more than a bounded cut of what it was sent, whatever the
        // table it shows.
        let lines = data.split(|&b| b == b'\n').count();
        assert!(out.len() <= 8192 * (lines + 1), "{} bytes out for {} lines", out.len(), lines);
    }
});
