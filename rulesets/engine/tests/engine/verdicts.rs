//! The engine's verdicts against the crates that play the same games: the engine's FreeCell
//! gives the FreeCell crate's verdict on Microsoft's deals, its Klondike (every card in view,
//! as the solvers see it) the Klondike crate's, and its Scorpion the template's. Each side
//! searches within a budget of positions, so the figures repeat on any machine; where both
//! decide a deal they must agree. (A first version of this file gave the engine's Thoughtful
//! no unturned cards at all, a looser game: it won deal 30, which the crate proves lost under
//! Thoughtful's rule that an unturned card waits until it is turned; with the same rule both
//! prove it lost.) The sizes are environment variables, for longer runs.

use crate::support::engine;
use felt_core::{Analysis, AnalyzeRequest, Budget, Ruleset};
use felt_patience::testing::cases;

/// A full-information solve of `state` by `ruleset` within `states` positions.
pub(crate) fn verdict<R: Ruleset>(ruleset: &R, state: &R::State, states: u64) -> &'static str {
    let request = AnalyzeRequest::Solve {
        full_information: true,
        budget: Budget::states(states),
    };
    match ruleset.analyze(state, &request, &|_| true) {
        Some(Analysis::Won { .. }) => "won",
        Some(Analysis::Unwinnable { .. }) => "lost",
        Some(Analysis::Undecided { .. }) => "undecided",
        other => panic!("not a solve's answer: {other:?}"),
    }
}

/// FreeCell as the engine says it, on Microsoft's deals.
const FREECELL: &str = r#"
shuffle = "microsoft"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 4
move = "supermove"
"#;

#[test]
fn the_engines_freecell_agrees_with_the_crate_on_microsofts_deals_pa_deal() {
    let ours = engine(FREECELL);
    let theirs = felt_freecell::FreeCell::with_params(felt_freecell::Params::default());
    let deals = cases("FELT_ENGINE_FREECELL_DEALS", 40);
    let mut undecided = Vec::new();
    for deal in 1..=u64::from(deals) {
        let a = verdict(&ours, &ours.new_game(deal), 100_000);
        let b = verdict(&theirs, &theirs.new_game(deal), 100_000);
        if a == "undecided" {
            undecided.push(deal);
            continue;
        }
        assert!(
            b == "undecided" || a == b,
            "deal {deal}: engine {a}, crate {b}"
        );
    }
    // Every Microsoft deal of 1..1000 can be won; the engine's generic search may run out of
    // positions on a few within this small budget (the figures give it 1 s a deal), never
    // more than 2 %.
    assert!(
        undecided.len() * 50 <= deals as usize,
        "undecided by the engine: {undecided:?}"
    );
}

/// The eight Microsoft deals of 1..=1,000,000 that no line wins (as the FreeCell crate and
/// every published solver find): the engine proves each lost, within a budget of positions a
/// deal (the largest, 11982, takes about 135,000).
#[test]
fn the_engines_freecell_proves_the_eight_impossible_deals_lost() {
    let ours = engine(FREECELL);
    for deal in [
        11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948,
    ] {
        assert_eq!(
            verdict(&ours, &ours.new_game(deal), 400_000),
            "lost",
            "deal {deal}"
        );
    }
}

/// Thoughtful: Klondike with every card in view (an unturned card shown, and still not moved
/// until it is turned) and no card coming back off the foundations, as both the engine and
/// the crate play it (the engine's safe rule is proven under these settings).
const KLONDIKE: &str = r#"
hidden = false
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = 1 }
move = "sequence"
empty = "king"
foundations.back = false
stock = { cards = 3, redeals = "unlimited" }
"#;

#[test]
fn the_engines_klondike_agrees_with_the_klondike_crate_deal_by_deal() {
    let ours = engine(KLONDIKE);
    let theirs = felt_klondike::Klondike::with_params(
        felt_klondike::Params {
            draw: 3,
            passes: None,
            foundation_return: false,
            face_up: true,
            ..felt_klondike::Params::default()
        },
        None,
    );
    let mut agreed = 0;
    for deal in 1..=u64::from(cases("FELT_ENGINE_KLONDIKE_DEALS", 8)) {
        let a = verdict(&ours, &ours.new_game(deal), 40_000);
        let b = verdict(&theirs, &theirs.new_game(deal), 40_000);
        if a != "undecided" && b != "undecided" {
            assert_eq!(a, b, "deal {deal}");
            agreed += 1;
        }
    }
    assert!(agreed > 0, "no deal decided by both");
}

#[test]
fn the_engines_scorpion_agrees_with_the_template_deal_by_deal() {
    let ours = engine(crate::support::SCORPION);
    let theirs = crate::deal::template();
    let mut agreed = 0;
    for deal in 1..=u64::from(cases("FELT_ENGINE_SCORPION_DEALS", 6)) {
        let a = verdict(&ours, &ours.new_game(deal), 50_000);
        let b = verdict(&theirs, &theirs.new_game(deal), 50_000);
        if a != "undecided" && b != "undecided" {
            assert_eq!(a, b, "deal {deal}");
            agreed += 1;
        }
    }
    assert!(agreed > 0, "no deal decided by both");
}
