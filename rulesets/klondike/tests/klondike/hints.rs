//! Following hints alone, through felt-core's advisor as every front end does: no hint brings
//! back a table the game already stood on, and every game ends, won, at a dead end
//! (KL-DEADEND) or where the hint finds nothing, well within the action cap.
//! `FELT_KLONDIKE_HINT_DEALS` sets how many draw-one deals are played (default 50).

use crate::common;

use felt_core::advice::{Advice, Advisor};
use felt_core::{GameCode, Session, Status};

/// Actions a game may take: far more than any game that makes progress needs.
const CAP: usize = 2_000;

/// How a game played by hints alone ended.
#[derive(Debug, PartialEq, Eq)]
enum End {
    Won,
    Stuck,
    NoHint,
}

fn play_by_hints(variant: &str, deal: u64) -> (End, usize) {
    let ruleset = common::variant(variant);
    let mut session = Session::new(ruleset, GameCode::new("KL", 'S', deal).expect("code"), 0);
    let mut advisor = Advisor::new();
    for actions in 0..CAP {
        match session.status() {
            Status::Won { .. } => return (End::Won, actions),
            Status::Over { reason } => {
                assert!(
                    reason.contains("KL-DEADEND") || reason.contains("stock is spent"),
                    "{variant} deal {deal}: {reason}"
                );
                return (End::Stuck, actions);
            }
            Status::Playing => {}
        }
        match advisor.hint_in(&session) {
            Advice::Hint(hint) => {
                assert!(
                    !hint.repeats,
                    "{variant} deal {deal}: the hint {:?} after {actions} actions brings back a table",
                    hint.action
                );
                session.act(&hint.action).expect("a hint is legal");
                advisor.table_changed();
            }
            Advice::Nothing => return (End::NoHint, actions),
            Advice::NotOffered => panic!("Klondike offers hints"),
        }
    }
    panic!("{variant} deal {deal}: still playing after {CAP} actions");
}

// KL-DEADEND and the hint: on draw-one deals, and a few of draw three and Vegas, following
// hints alone never returns to a table, and every game ends; most end proven (won, or at a
// dead end), and the few where the bounded search finds no way on stop there.
#[test]
fn following_hints_alone_ends_every_game_without_a_loop() {
    let n: u64 = std::env::var("FELT_KLONDIKE_HINT_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let games: Vec<(&str, u64)> = [
        ("klondike", 1..=n),
        ("klondike-draw3", 1..=n / 5),
        ("vegas", 1..=n / 5),
    ]
    .into_iter()
    .flat_map(|(variant, deals)| deals.map(move |deal| (variant, deal)))
    .collect();
    // The games are independent: two threads play them, so this one test does not hold the
    // suite for the whole of its games on one core.
    let (first, second) = games.split_at(games.len() / 2);
    let play = |games: &[(&'static str, u64)]| -> Vec<(&'static str, u64, End)> {
        games
            .iter()
            .map(|&(variant, deal)| (variant, deal, play_by_hints(variant, deal).0))
            .collect()
    };
    let ends: Vec<(&str, u64, End)> = std::thread::scope(|scope| {
        let other = scope.spawn(|| play(second));
        let mut ends = play(first);
        ends.extend(other.join().expect("the second half plays"));
        ends
    });
    let count = |e: End| ends.iter().filter(|(_, _, x)| *x == e).count();
    let (won, dead, none) = (count(End::Won), count(End::Stuck), count(End::NoHint));
    eprintln!(
        "{} games: {won} won, {dead} at a dead end, {none} with no hint",
        ends.len()
    );
    assert!(won > 0 && dead > 0, "{ends:?}");
    assert!(
        none * 10 <= ends.len(),
        "too many games end without a proof: {ends:?}"
    );
}
