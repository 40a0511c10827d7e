#![no_main]
//! Any lines fed to the headless reader: an answer each, never a panic, and a refused command
//! never changes the game.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let catalog = felt::catalog::builtin_catalog();
    let Ok(ruleset) = catalog.build("spider-2suit", Some("relaxed")) else { return };
    let Ok(code) = catalog.code_for("spider-2suit", Some("relaxed"), 7) else { return };
    let session = felt_core::Session::new(ruleset, code.clone(), 100);
    let mut game = felt::headless::Headless::new(session, felt_core::Seat::SOLO, code.to_string());
    for line in String::from_utf8_lossy(data).lines() {
        let before = game.session().state().clone();
        let answer = game.handle(line);
        if !answer.ok {
            assert!(game.session().state() == &before, "a refused command changed the game");
        }
    }
});
