#![no_main]
//! Any text, of any size, as a variant file, with its error rendered as `felt check`,
//! `felt variants` and the launcher show it: never a panic, no control character reaches the
//! terminal, and the message stays short however long the line at fault. Run with `-max_len`
//! well above 64 KB (errors past column 65,535 once panicked while being formatted).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let catalog = felt::catalog::builtin_catalog();
    if let Err(e) = catalog.check_variant(&felt_core::Origin::File("fuzz.toml".into()), &text) {
        let shown = e.to_string();
        assert!(
            !shown.chars().any(|c| c.is_control() && c != '\n'),
            "a control character in {shown:?}"
        );
        assert!(shown.len() < 4096, "an error of {} bytes", shown.len());
    }
});
