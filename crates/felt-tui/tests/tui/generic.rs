//! The renderer is generic: a toy trick game with hands across, trick slots and a bid prompt is
//! drawn and played by the same code as any other ruleset.

use crate::common::*;
use felt_core::{Action, PileId};

fn shot(app: &mut felt_tui::App) -> String {
    let mut term = screen(80, 24);
    draw(&mut term, app);
    text(&term)
}

#[test]
fn hands_slots_and_a_prompt_are_drawn() {
    let mut app = toy(true);
    insta::assert_snapshot!(shot(&mut app));
}

#[test]
fn a_prompt_option_is_chosen_with_the_arrows_and_enter() {
    let mut app = toy(true);
    keys(&mut app, "→→⏎");
    let game = app.game().expect("playing");
    assert_eq!(game.session().log(), &[Action::Choose { option: 2 }]);
    assert_eq!(game.note().map(|n| n.text.as_str()), Some("You bid 2"));
}

#[test]
fn a_prompt_option_is_chosen_with_a_click() {
    let mut app = toy(true);
    let screen = shot(&mut app);
    let line = screen
        .lines()
        .position(|l| l.contains("Your bid?"))
        .expect("prompt drawn") as u16;
    let col = screen
        .lines()
        .nth(line.into())
        .and_then(|l| l.chars().position(|c| c == '4'))
        .expect("option 4") as u16;
    let mut pointer = Pointer::new();
    pointer.click(&mut app, col, line);
    assert_eq!(
        app.game().expect("playing").session().log(),
        &[Action::Choose { option: 4 }]
    );
}

#[test]
fn a_card_of_a_hand_across_is_played_to_its_slot() {
    let mut app = toy(true);
    // Bid 1.
    keys(&mut app, "→⏎");
    shot(&mut app);
    // The cursor starts in the bottom row, the hand; `a` sends its card to the best place.
    keys(&mut app, "a");
    let game = app.game().expect("playing");
    assert_eq!(
        game.session().log().last(),
        Some(&Action::Move {
            from: PileId(0),
            index: 12,
            to: PileId(5)
        })
    );
    assert!(shot(&mut app).contains("North–South won!"));
}

#[test]
fn a_refusal_from_any_ruleset_reaches_the_status_bar() {
    let mut app = toy(true);
    // A table with no stock has no deal: the host says so before the ruleset is asked.
    keys(&mut app, "d");
    let screen = shot(&mut app);
    assert!(screen.contains("d does nothing in"), "{screen}");
    // Bid, then carry the Queen (not the last card) up to a trick slot.
    keys(&mut app, "⏎←⏎↑⏎");
    assert!(shot(&mut app).contains("Play your last card to your place"));
}

#[test]
fn the_hint_comes_from_the_rulesets_analysis() {
    let mut app = toy(true);
    keys(&mut app, "H");
    settle(&mut app);
    let note = app.game().and_then(|g| g.note()).map(|n| n.text.clone());
    assert_eq!(note.as_deref(), Some("Hint: choose 5"));
}

#[test]
fn without_analysis_there_is_no_hint() {
    let mut app = toy(false);
    keys(&mut app, "H");
    settle(&mut app);
    let note = app.game().and_then(|g| g.note()).map(|n| n.text.clone());
    assert_eq!(note.as_deref(), Some("no hint available"));
}

#[test]
fn a_game_over_says_why() {
    let mut app = toy(true);
    // Bid nil, then play the card.
    keys(&mut app, "⏎a");
    let screen = shot(&mut app);
    assert!(
        screen.contains("Game over") && screen.contains("A nil bid took a trick"),
        "{screen}"
    );
}

#[test]
fn a_digit_answers_the_prompt_with_the_option_of_that_number() {
    let mut app = toy(true);
    keys(&mut app, "3");
    assert_eq!(
        app.game().expect("playing").session().log(),
        &[Action::Choose { option: 3 }]
    );
}
