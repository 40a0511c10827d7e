#![no_main]
//! Any text as an exported game record (`felt replay FILE`): a located error, or a record that
//! replays or names the refused action, each rendered as the user sees it; never a panic.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let record = match felt_store::GameRecord::from_text(&text) {
        Ok(record) => record,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let catalog = felt::catalog::builtin_catalog();
    let summary = &record.summary;
    let Ok(ruleset) = catalog.build(&summary.variant, Some(&summary.rules)) else { return };
    match record.replayer(ruleset, felt_core::Seat::SOLO) {
        Ok(mut replayer) => {
            for step in replayer.steps().take(64) {
                let _ = felt::headless::table_lines(&step.view, &summary.code, &step.status);
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
