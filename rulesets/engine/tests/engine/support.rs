//! What the play tests share: the games they play, written as their files would be, and
//! hand-laid positions to try one rule at a time.

use felt_core::{Action, Card, Rank, RuleViolation, Ruleset, Suit};
use felt_engine::{Engine, Game, Pile, State};

/// Yukon: 7 columns, a diagonal of face-down cards, any face-up card moves with all on it.
pub const YUKON: &str = r#"
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = [1, 5, 5, 5, 5, 5, 5] }
move = "any-face-up"
empty = "king"
"#;

/// Canfield: a 13-card reserve, the first card dealt up sets the base, whole piles move.
pub const CANFIELD: &str = r#"
tableau.columns = 4
reserve.cards = 13
foundations = { base = "first-dealt", start = "one-card", wrap = true }
build.wrap = true
move = "pile"
empty = "auto-reserve"
stock = { cards = 3, redeals = "unlimited" }
"#;

/// Baker's Dozen: 13 columns of four, Kings at the bottom, built down regardless of suit.
pub const BAKERS_DOZEN: &str = r#"
tableau = { columns = 13, up = 4, kings_to_bottom = true }
build.by = "any"
empty = "none"
"#;

/// FreeCell, as the engine says it.
pub const FREECELL: &str = r#"
tableau = { columns = 8, up = [7, 7, 7, 7, 6, 6, 6, 6] }
cells.count = 4
move = "supermove"
"#;

/// Golf: one hole built up or down regardless of suit, the stock dealt into it; the columns
/// take nothing, not even when empty (Aces Up, say, builds nothing but fills its spaces).
pub const GOLF: &str = r#"
tableau = { columns = 7, up = 5 }
foundations = { count = 1, build = "either", by = "any", start = "one-card" }
build.direction = "none"
empty = "none"
stock = { deal = "foundation" }
"#;

/// Scorpion, as the template plays it.
pub const SCORPION: &str = r#"
tableau = { columns = 7, down = [3, 3, 3, 3, 0, 0, 0], up = [4, 4, 4, 4, 7, 7, 7] }
build.by = "suit"
move = { group = "any-face-up", by = "any" }
empty = "king"
stock = { deal = "columns" }
win = "sequences"
"#;

/// Klondike, one card at a time, redeals without end.
pub const KLONDIKE: &str = r#"
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = 1 }
move = "sequence"
empty = "king"
stock = { cards = 1, redeals = "unlimited" }
"#;

/// Forty Thieves: two packs, ten columns of four, one card at a time, no redeal.
pub const FORTY_THIEVES: &str = r#"
decks = 2
tableau = { columns = 10, up = 4 }
build.by = "suit"
stock = {}
"#;

/// Simple Simon: built regardless of suit, moved in suit, full suits leave.
pub const SIMPLE_SIMON: &str = r#"
tableau = { columns = 10, up = [8, 8, 8, 7, 6, 5, 4, 3, 2, 1] }
build.by = "any"
move = { group = "sequence", by = "suit" }
remove = "suit"
"#;

/// Fortune's Favor: the Aces up, twelve single cards, spaces filled at once from the waste.
pub const FORTUNES_FAVOR: &str = r#"
tableau.columns = 12
foundations.start = "bases"
build.by = "suit"
empty = "auto-waste"
stock = {}
"#;

/// Trefoil: the Aces up, sixteen fans of three, two gathers.
pub const TREFOIL: &str = r#"
tableau = { columns = 16, up = 3 }
foundations.start = "bases"
build.by = "suit"
empty = "none"
stock = { redeals = 2, redeal = "gather" }
"#;

/// Penguin: the beak sets the base, seven cells, spaces for the rank below the base.
pub const PENGUIN: &str = r#"
tableau = { columns = 7, up = 7 }
cells.count = 7
foundations = { base = "first-dealt", start = "bases", wrap = true }
build = { by = "suit", wrap = true }
move = "sequence"
empty = "below-base"
"#;

/// Duchess: four open fans of three, the base the player's first card up from them, spaces
/// filled by the player from the reserve, then the waste.
pub const DUCHESS: &str = r#"
tableau.columns = 4
reserve = { piles = 4, cards = 3, shape = "open" }
foundations = { base = "chosen", wrap = true }
build.wrap = true
move = "pile"
empty = "reserve"
stock = { redeals = 1 }
"#;

/// Klondike built in suit, one card at a time, one card a deal without end, an emptied
/// column taking nothing: a game many small positions lose.
pub(crate) const KLONDIKE_IN_SUIT: &str = r#"
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = 1 }
build.by = "suit"
empty = "none"
stock = { cards = 1, redeals = "unlimited" }
"#;

/// The same, three cards a deal, every card in view.
pub(crate) const THREES_IN_SUIT: &str = r#"
hidden = false
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = 1 }
build.by = "suit"
empty = "none"
stock = { cards = 3, redeals = "unlimited" }
"#;

/// The `[game]` table of the shipped game `id` (its file's name without `.toml`).
pub fn shipped_game(id: &str) -> &'static str {
    felt_engine::variants::shipped(id)
        .and_then(|text| text.split("[game]").nth(1))
        .unwrap_or_else(|| panic!("{id}.toml ships with a [game] table"))
}

/// The game a file's `[game]` table describes.
pub fn game(text: &str) -> Game {
    let table: toml::Table = text.parse().expect("TOML");
    Game::read(&table).unwrap_or_else(|e| panic!("{}", e.message))
}

/// The engine for a game's table.
pub fn engine(text: &str) -> Engine {
    Engine::for_game(game(text), None).unwrap_or_else(|e| panic!("{}", e.message))
}

/// A card by its token (`8D`, `TS`).
pub fn card(token: &str) -> Card {
    let (rank, suit) = token.split_at(token.len() - 1);
    Card::new(
        Suit::from_letter(suit.chars().next().expect("a suit")).expect("a suit letter"),
        Rank::from_token(rank).expect("a rank"),
    )
}

/// Cards by their tokens, space-separated.
pub fn cards(tokens: &str) -> Vec<Card> {
    tokens.split_whitespace().map(card).collect()
}

/// A deal of the game with every pile emptied, to lay out by hand.
pub fn blank(engine: &Engine) -> State {
    let mut state = engine.new_game(1);
    for column in &mut state.columns {
        column.cards.clear();
        column.down = 0;
    }
    state.cells.iter_mut().for_each(|c| *c = None);
    state.foundations.iter_mut().for_each(Vec::clear);
    state.reserve.iter_mut().for_each(Vec::clear);
    state.stock.clear();
    state.waste.clear();
    state
}

/// Lays column `i` out: `down` face-down cards first.
pub fn lay(state: &mut State, i: usize, tokens: &str, down: usize) {
    state.columns[i].cards = cards(tokens);
    state.columns[i].down = down;
}

/// The move of the card at `index` of `from` (and those on it) to `to`.
pub fn mv(engine: &Engine, from: Pile, index: u16, to: Pile) -> Action {
    Action::Move {
        from: engine.id(from),
        index,
        to: engine.id(to),
    }
}

/// Why `action` is refused; a failure if it is not.
pub fn refused(engine: &Engine, state: &State, action: &Action) -> RuleViolation {
    match engine.check(state, action) {
        Ok(()) => panic!("{action} was allowed"),
        Err(why) => why,
    }
}

/// `action` carried out; a failure if it is refused.
pub fn play(engine: &Engine, state: &mut State, action: &Action) -> Vec<felt_core::Event> {
    engine
        .apply(state, action)
        .unwrap_or_else(|e| panic!("{action}: {e}"))
}

/// Why a `[game]` table is refused: the key and the message.
pub fn refused_table(text: &str) -> (String, String) {
    let table: toml::Table = text.parse().expect("TOML");
    let error = Game::read(&table).expect_err("refused");
    (error.key.unwrap_or_default(), error.message)
}

/// Why a game that reads is refused by the engine: the key and the message.
pub fn refused_game(text: &str) -> (String, String) {
    let error = Engine::for_game(game(text), None).err().expect("refused");
    (error.key.unwrap_or_default(), error.message)
}
