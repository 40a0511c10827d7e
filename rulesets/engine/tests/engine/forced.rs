//! The solver's forced moves, each the one move a full-information search makes from a
//! table where it is legal: rule 12 (solver/forced.rs), a card that may go up, on which
//! nothing a winning line needs could ever be laid, goes up first; rule 13 (solver/onto.rs),
//! a card is laid on the one card it may lie on, where that card never moves but up.

use crate::plain::{against_a_plain_search, plain_wins, solve};
use crate::support::*;
use felt_core::{Action, Analysis, Budget, Ruleset};
use felt_engine::solver::search::Searcher;
use felt_engine::Pile;

/// Beleaguered Castle whose empty columns take nothing: small tables of it are often lost.
const CASTLE_WITHOUT_SPACES: &str = r#"
tableau = { columns = 8, up = 6 }
foundations.start = "bases"
build.by = "any"
move = "supermove"
empty = "none"
"#;

/// FreeCell with one cell and empty columns that take nothing: alternate colours, tight.
const ONE_CELL_WITHOUT_SPACES: &str = r#"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 1
move = "supermove"
empty = "none"
"#;

/// East Haven in six deep columns with a short stock: small tables of it hold runs, and the
/// random moves from them deal the stock out.
const EAST_HAVEN_DEEP: &str = r#"
tableau = { columns = 6, down = 1, up = 7 }
move = "sequence"
stock = { deal = "columns" }
"#;

/// East Haven in four short columns: most cards lie in the stock, dealt four at a time.
const EAST_HAVEN_LONG_STOCK: &str = r#"
tableau = { columns = 4, down = 1, up = 1 }
move = "sequence"
stock = { deal = "columns" }
"#;

/// East Haven built in suit, its spaces taking nothing: tight, often lost.
const EAST_HAVEN_IN_SUIT: &str = r#"
tableau = { columns = 6, down = 1, up = 2 }
build.by = "suit"
move = "sequence"
empty = "none"
stock = { deal = "columns" }
"#;

/// Fan in six deep columns, so that small tables of it hold runs.
const DEEP_FAN: &str = r#"
tableau = { columns = 6, up = [9, 9, 9, 9, 8, 8] }
build.by = "suit"
empty = "king"
"#;

/// The same, spaces taking nothing: tighter.
const DEEP_FAN_WITHOUT_SPACES: &str = r#"
tableau = { columns = 6, up = [9, 9, 9, 9, 8, 8] }
build.by = "suit"
empty = "none"
"#;

/// The same, nothing going up by itself.
const DEEP_FAN_BY_HAND: &str = r#"
tableau = { columns = 6, up = [9, 9, 9, 9, 8, 8] }
build.by = "suit"
empty = "king"
automatic = "none"
"#;

/// Trefoil in six deep columns, with one gather: rule 13 waits for it.
const DEEP_TREFOIL: &str = r#"
tableau = { columns = 6, up = [8, 8, 8, 8, 8, 8] }
foundations.start = "bases"
build.by = "suit"
empty = "none"
stock = { redeals = 1, redeal = "gather" }
"#;

/// The same, built up in suit: the card a card lies on goes up before it, never after.
const DEEP_FAN_BUILT_UP: &str = r#"
tableau = { columns = 6, up = [9, 9, 9, 9, 8, 8] }
build = { by = "suit", direction = "up" }
empty = "king"
"#;

/// The moves the search tries from `state`, rules 12 and 13 applied.
pub(crate) fn tried(engine: &felt_engine::Engine, state: &felt_engine::State) -> Vec<Action> {
    let searcher = Searcher::new(engine);
    let mut legal = Vec::new();
    searcher.legal(state, &mut legal);
    searcher.force(state, &mut legal);
    legal
}

/// Whether rule 12 or 13 leaves one move of several at `state`.
fn forced_at(engine: &felt_engine::Engine, state: &felt_engine::State) -> bool {
    let mut legal = Vec::new();
    engine.legal_actions(state, &mut legal);
    tried(engine, state).len() == 1 && legal.len() > 1
}

/// A table of the game `text` with the foundations up to `tops` and `columns` laid from the
/// first.
fn table(
    text: &str,
    tops: [&str; 4],
    columns: &[&str],
) -> (felt_engine::Engine, felt_engine::State) {
    let engine = engine(text);
    let mut state = blank(&engine);
    for (f, top) in tops.into_iter().enumerate() {
        let top = card(top);
        for rank in 1..=top.rank().number() {
            let c = felt_core::Card::new(top.suit(), felt_core::Rank::new(rank).expect("rank"));
            state.foundations[f].push(c);
        }
    }
    for (i, tokens) in columns.iter().enumerate() {
        lay(&mut state, i, tokens, 0);
    }
    (engine, state)
}

/// BEL-BUILD builds regardless of suit: a Four whose every Three is up or the next card of
/// its foundation, with every Two up, goes up before anything else is tried. Where a Three
/// is neither (the Two of clubs still in play), the Four could be needed to hold it: every
/// move is tried.
#[test]
fn a_card_no_line_needs_to_build_on_goes_up_first() {
    let castle = shipped_game("beleaguered-castle");
    let (engine, state) = table(
        castle,
        ["3S", "3H", "2D", "2C"],
        &["KS 4S", "3D QH", "JC 5H", "TD 3C"],
    );
    let four_up = mv(&engine, Pile::Column(0), 1, Pile::Foundation(0));
    assert_eq!(
        tried(&engine, &state),
        vec![four_up.clone()],
        "the Four alone"
    );
    let (engine, state) = table(
        castle,
        ["3S", "3H", "2D", "AC"],
        &["KS 4S", "3D QH", "2C JC 5H", "TD 3C"],
    );
    let legal = tried(&engine, &state);
    assert!(
        legal.len() > 1 && legal.contains(&four_up),
        "every move: {legal:?}"
    );
}

/// A stock dealt onto the columns, or to a waste, deals alike whether a card went up first
/// or not: in East Haven the Three of diamonds, whose black Twos are both up, goes up before
/// anything else is tried, the stock holding a card or not. Trefoil's gather deals the
/// columns' cards again, wherever they lie: while one may come, every move is tried; once the
/// last is dealt, the Three goes up first.
#[test]
fn a_card_goes_up_first_where_the_stock_deals_alike() {
    let (engine, mut state) = table(
        shipped_game("east-haven"),
        ["3S", "3H", "2D", "2C"],
        &["KS 3D", "QH 9C", "JC 5H", "TD 4C"],
    );
    let three_up = mv(&engine, Pile::Column(0), 1, Pile::Foundation(2));
    state.stock = cards("8H");
    assert_eq!(
        tried(&engine, &state),
        vec![three_up.clone()],
        "the Three alone"
    );
    state.stock.clear();
    assert_eq!(tried(&engine, &state), vec![three_up], "the Three alone");
    let (engine, mut state) = table(
        shipped_game("trefoil"),
        ["3S", "3H", "2D", "2C"],
        &["KS 3D", "QH 9C", "TC 5H", "TD 4C", "5C"],
    );
    let three_up = mv(&engine, Pile::Column(0), 1, Pile::Foundation(2));
    waits_for_the_last_gather(&engine, &mut state, three_up, "the Three alone");
}

/// PA-BUILD in alternate colours: the King of hearts may go up, and both black Queens are the
/// next cards of their foundations, but the Jack of diamonds is not up, and the only line
/// that wins parks the Queen of spades on the King so that the Jack can lie on her while
/// the King of diamonds under them takes the one cell. The King must wait: sending it up
/// first would lose the game (a reading of the rule that asks nothing of the Queens'
/// followers called this table lost).
#[test]
fn a_card_a_line_parks_on_waits_for_the_followers_of_what_it_takes() {
    let (engine, state) = table(
        ONE_CELL_WITHOUT_SPACES,
        ["JC", "JS", "QH", "6D"],
        &["", "9D", "KC", "KS KH", "", "QC TD", "8D KD QS JD", "7D QD"],
    );
    let legal = tried(&engine, &state);
    assert!(legal.len() > 1, "every move: {legal:?}");
    won_by_both(&engine, &state, 100_000);
}

/// Every verdict of the solver on small tables of the games rule 12 acts in (building
/// regardless of suit, in alternate colours and in suit, with cells, a reserve, and stocks
/// dealt to a waste and onto the columns), and on the tables
/// random moves from them lead to, agrees with a plain search and with the solver without
/// the rule; the rule must have acted on many of them.
#[test]
fn rule_12_agrees_with_a_plain_search() {
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 2;
    let games = [
        ("beleaguered-castle", shipped_game("beleaguered-castle"), 12),
        ("king-albert", shipped_game("king-albert"), 11),
        ("fore-cell", shipped_game("fore-cell"), 11),
        ("east-haven", shipped_game("east-haven"), 12),
        ("east-haven-deep", EAST_HAVEN_DEEP, 14),
        ("east-haven-long-stock", EAST_HAVEN_LONG_STOCK, 12),
        ("klondike-by-threes", shipped_game("klondike-by-threes"), 12),
        ("klondike-in-suit", KLONDIKE_IN_SUIT, 12),
        ("threes-in-suit", THREES_IN_SUIT, 12),
        ("east-haven-in-suit", EAST_HAVEN_IN_SUIT, 12),
        ("castle-without-spaces", CASTLE_WITHOUT_SPACES, 14),
        ("one-cell-without-spaces", ONE_CELL_WITHOUT_SPACES, 14),
    ];
    against_a_plain_search("rule 12", &games, cases, |s| s.without_rule_12(), forced_at);
}

/// FAN-BUILD builds down in suit, one card at a time: the Seven of hearts may lie only on the
/// Eight, which lies on the Nine and goes up only after the Seven. Laying it there is the one
/// move tried. Where the Eight lies on the Five of clubs instead, it may have to move onto
/// the Nine first (to free the Five), and the Nine lies on the Five of diamonds: every move
/// is tried.
#[test]
fn a_card_laid_on_a_card_that_never_moves_is_the_one_move_tried() {
    let fan = shipped_game("fan");
    let (engine, state) = table(
        fan,
        ["KS", "5H", "KD", "KC"],
        &["QH JH TH 9H 8H", "KH 6H 7H"],
    );
    let onto = mv(&engine, Pile::Column(1), 2, Pile::Column(0));
    assert_eq!(
        tried(&engine, &state),
        vec![onto.clone()],
        "the Seven alone"
    );
    assert!(matches!(
        solve(&engine, &state, Budget::states(10_000)),
        Analysis::Won { .. }
    ));
    let (engine, state) = table(
        fan,
        ["KS", "5H", "4D", "4C"],
        &[
            "QH JH TH 5D 9H",
            "KH 6H 7H",
            "5C 8H",
            "KC QC JC TC 9C 8C 7C 6C",
            "KD QD JD TD 9D 8D 7D 6D",
        ],
    );
    let legal = tried(&engine, &state);
    let onto_five = mv(&engine, Pile::Column(1), 2, Pile::Column(2));
    assert!(
        legal.len() > 1 && legal.contains(&onto_five),
        "every move: {legal:?}"
    );
    won_by_both(&engine, &state, 10_000);
}

/// Trefoil gathers the columns' cards and deals them again: while a gather may come, the
/// Seven of hearts laid on the Eight could be dealt elsewhere than a line needs, and every
/// move is tried; once the last gather is dealt, the move is the one tried.
#[test]
fn rule_13_waits_for_the_last_gather() {
    let (engine, mut state) = table(
        shipped_game("trefoil"),
        ["KS", "5H", "KD", "KC"],
        &["QH JH TH 9H 8H", "KH 6H 7H"],
    );
    let onto = mv(&engine, Pile::Column(1), 2, Pile::Column(0));
    waits_for_the_last_gather(&engine, &mut state, onto, "the Seven alone");
}

/// Both a plain search of the ruleset's moves and the solver win from `state` within
/// `states` tables: the moves the solver leaves out lose no win there.
fn won_by_both(engine: &felt_engine::Engine, state: &felt_engine::State, states: usize) {
    assert_eq!(plain_wins(engine, state, states), Some(true));
    assert!(matches!(
        solve(engine, state, Budget::states(states as u64)),
        Analysis::Won { .. }
    ));
}

/// In a Trefoil `state` where `only` is the forced move: while a gather may come, every move
/// is tried (`only` among them); once the last is dealt, `only` alone.
fn waits_for_the_last_gather(
    engine: &felt_engine::Engine,
    state: &mut felt_engine::State,
    only: Action,
    alone: &str,
) {
    state.redeals = Some(1);
    let legal = tried(engine, state);
    assert!(
        legal.len() > 1 && legal.contains(&only),
        "every move: {legal:?}"
    );
    state.redeals = Some(0);
    assert_eq!(tried(engine, state), vec![only], "{alone}");
}

/// As rule 12's: rule 13's games (Fan, and Fan in deep columns, with and without spaces, and
/// with nothing going up by itself; Trefoil, whose gathers it waits out),
/// and one it must not act in (built up in suit, where the card laid on would go up first).
#[test]
fn rule_13_agrees_with_a_plain_search() {
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 2;
    let games = [
        ("fan", shipped_game("fan"), 14),
        ("deep-fan", DEEP_FAN, 14),
        ("deep-fan-without-spaces", DEEP_FAN_WITHOUT_SPACES, 14),
        ("deep-fan-by-hand", DEEP_FAN_BY_HAND, 14),
        ("trefoil", shipped_game("trefoil"), 14),
        ("deep-trefoil", DEEP_TREFOIL, 14),
        ("deep-fan-built-up", DEEP_FAN_BUILT_UP, 14),
    ];
    against_a_plain_search("rule 13", &games, cases, |s| s.without_rule_13(), forced_at);
}
