//! The `[game]` table of a Spider variant file: deck, layout, stock, deal rule, win condition
//! and limits, each checked with an error that names the key and says what was expected.
//!
//! Every Spider relative that differs only in numbers is one of these tables, so the keys are
//! general (lists of column sizes and deal sizes, a suit set, a number of packs) rather than
//! named after any one variant.
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `packs` | packs of 52 cards, 1 to 4 | 2 |
//! | `suits` | the suit set, letters `S H D C`: `"S"`, `"SH"`, `"SHDC"` | required |
//! | `columns` | cards dealt to each column, a row at a time from left to right | `[6, 6, 6, 6, 5, 5, 5, 5, 5, 5]` |
//! | `face_up` | face-up cards at the end of each column: one number, or one per column | 1 |
//! | `deals` | the stock's deal sizes in order; a deal of `k` goes onto the first `k` columns | deals of one card per column, the last one short |
//! | `runs_to_win` | removed runs that win | every suit set: `packs × 4` |
//! | `deal_rule` | `"filled"`: deal only while every column holds a card; `"any"`: always | `"filled"` |
//! | `deal_with_empty_below` | with `"filled"`: dealing onto empty columns is allowed anyway while fewer than this many cards are on the table | none |
//! | `move_limit` | the game stops, not won, after this many moves and deals | none |
//! | `status` | the counters the status line shows, in order: `"moves"`, `"stock"`, `"deals"`, `"runs"`, `"cards"` | `["moves", "stock", "deals", "runs"]` |
//! | `dead_end` | end the game, not won, when no sequence of moves can turn up a card or finish a run (SITE-DEADEND), proven by an exhaustive search, never guessed | `false` |
//!
//! The columns and the deals must use the whole deck. The group rule (classic or relaxed) is
//! the variant's rules choice, not a key: see [`crate::GroupRule`].

use felt_core::{DeckError, DeckSpec, ParamError, Suit};
use toml::{Table, Value};

/// The keys `[game]` may hold, in the order docs/variants.md lists them.
pub const KEYS: [&str; 11] = [
    "packs",
    "suits",
    "columns",
    "face_up",
    "deals",
    "runs_to_win",
    "deal_rule",
    "deal_with_empty_below",
    "move_limit",
    "status",
    "dead_end",
];

/// Most columns a variant may have: enough for any published relative, few enough to draw.
pub const MAX_COLUMNS: usize = 20;
/// Most packs a deck may have; keeps every column length within a byte.
pub const MAX_PACKS: u8 = 4;

/// When a deal from the stock is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealRule {
    /// SP-DEAL: only while every column holds a card (`deal_rule = "filled"`, the default).
    Filled,
    /// Whatever the columns hold (`deal_rule = "any"`).
    Any,
}

/// A counter the status line may show (`status = [...]` in `[game]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// `"moves"`: moves and deals made.
    Moves,
    /// `"stock"`: cards left in the stock.
    Stock,
    /// `"deals"`: deals left in the stock.
    Deals,
    /// `"runs"`: runs finished, out of those that win.
    Runs,
    /// `"cards"`: cards still in play, on the table and in the stock.
    Cards,
}

impl Counter {
    /// Every counter with the name variant files use for it.
    pub const ALL: [(Counter, &'static str); 5] = [
        (Counter::Moves, "moves"),
        (Counter::Stock, "stock"),
        (Counter::Deals, "deals"),
        (Counter::Runs, "runs"),
        (Counter::Cards, "cards"),
    ];

    /// The name variant files and the status line use (`"moves"`).
    pub fn name(self) -> &'static str {
        Counter::ALL
            .iter()
            .find(|(c, _)| *c == self)
            .map_or("", |(_, name)| name)
    }

    /// The status shown when a variant does not say: moves, stock, deals and runs.
    pub fn standard() -> Vec<Counter> {
        vec![
            Counter::Moves,
            Counter::Stock,
            Counter::Deals,
            Counter::Runs,
        ]
    }
}

/// A Spider variant's settings, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpiderParams {
    /// The deck: packs and suit set.
    pub deck: DeckSpec,
    /// Cards dealt to each column at the start, dealt one row at a time from left to right.
    pub columns: Vec<u8>,
    /// Face-up cards at the end of each column after the layout (at least one).
    pub face_up: Vec<u8>,
    /// The stock's deal sizes, in order; a deal of `k` goes onto the first `k` columns.
    pub deals: Vec<u8>,
    /// Removed runs that win the game.
    pub runs_to_win: u8,
    /// When dealing is allowed.
    pub deal_rule: DealRule,
    /// With [`DealRule::Filled`]: dealing with empty columns is allowed anyway while fewer than
    /// this many cards are on the table (they could never fill every column).
    pub deal_with_empty_below: Option<u16>,
    /// The game stops, not won, after this many moves and deals.
    pub move_limit: Option<u32>,
    /// The counters the status line shows, in order.
    pub status: Vec<Counter>,
    /// SITE-DEADEND: whether a game with no way left to turn up a card or finish a run is over.
    /// Read and kept, but not applied yet: the solver decides it.
    pub dead_end: bool,
}

impl SpiderParams {
    /// The standard game: two packs of `suits`, ten columns of 6, 6, 6, 6, 5, …, five deals of
    /// ten.
    pub fn standard(suits: Vec<Suit>) -> Result<SpiderParams, DeckError> {
        Ok(SpiderParams {
            deck: DeckSpec::new(2, suits)?,
            columns: vec![6, 6, 6, 6, 5, 5, 5, 5, 5, 5],
            face_up: vec![1; 10],
            deals: vec![10; 5],
            runs_to_win: 8,
            deal_rule: DealRule::Filled,
            deal_with_empty_below: None,
            move_limit: None,
            status: Counter::standard(),
            dead_end: false,
        })
    }

    /// Reads and checks a variant's `[game]` table.
    pub fn from_table(game: &Table) -> Result<SpiderParams, ParamError> {
        if let Some(unknown) = game.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(ParamError::at(
                format!("game.{unknown}"),
                format!(
                    "unknown key `{unknown}` in [game] (Spider knows: {})",
                    KEYS.join(", ")
                ),
            ));
        }
        let packs = match game.get("packs") {
            Some(v) => whole(v, "packs", 1, MAX_PACKS as i64, "packs = 2")? as u8,
            None => 2,
        };
        let suits = match game.get("suits") {
            Some(v) => suit_set(v)?,
            None => {
                return Err(ParamError::at(
                    "game.suits",
                    "missing: give the suit set, e.g. suits = \"SH\"",
                ))
            }
        };
        let deck =
            DeckSpec::new(packs, suits).map_err(|e| ParamError::at("game.suits", e.to_string()))?;
        let deck_size = deck.len();

        let columns = match game.get("columns") {
            Some(v) => column_sizes(v, deck_size)?,
            None => vec![6, 6, 6, 6, 5, 5, 5, 5, 5, 5],
        };
        let laid: usize = columns.iter().map(|&c| c as usize).sum();
        if laid > deck_size {
            return Err(ParamError::at(
                "game.columns",
                format!("the columns take {laid} cards but the deck has only {deck_size}"),
            ));
        }
        let face_up = match game.get("face_up") {
            None => vec![1; columns.len()],
            Some(v) => face_up(v, columns.len())?,
        };
        let stock = deck_size - laid;
        let deals = match game.get("deals") {
            Some(v) => deal_sizes(v, columns.len(), laid, deck_size)?,
            None => default_deals(stock, columns.len()),
        };
        let runs_to_win = match game.get("runs_to_win") {
            Some(v) => {
                let sets = deck.suit_sets() as i64;
                let example = format!("runs_to_win = {sets}");
                whole(v, "runs_to_win", 1, sets, &example)? as u8
            }
            None => deck.suit_sets() as u8,
        };
        let deal_rule =
            match game.get("deal_rule") {
                None => DealRule::Filled,
                Some(Value::String(s)) if s == "filled" => DealRule::Filled,
                Some(Value::String(s)) if s == "any" => DealRule::Any,
                Some(_) => return Err(ParamError::at(
                    "game.deal_rule",
                    "expected \"filled\" (deal only while every column holds a card) or \"any\" \
                     (deal whatever the columns hold)",
                )),
            };
        let deal_with_empty_below = match game.get("deal_with_empty_below") {
            None => None,
            Some(_) if deal_rule == DealRule::Any => return Err(ParamError::at(
                "game.deal_with_empty_below",
                "only meaningful with deal_rule = \"filled\": with \"any\", dealing never needs \
                     every column filled",
            )),
            Some(v) => Some(whole(
                v,
                "deal_with_empty_below",
                1,
                deck_size as i64,
                "deal_with_empty_below = 10",
            )? as u16),
        };
        let move_limit = match game.get("move_limit") {
            None => None,
            Some(v) => {
                Some(whole(v, "move_limit", 1, u32::MAX as i64, "move_limit = 3000")? as u32)
            }
        };
        let status = match game.get("status") {
            None => Counter::standard(),
            Some(v) => counters(v)?,
        };
        let dead_end = match game.get("dead_end") {
            None => false,
            Some(Value::Boolean(b)) => *b,
            Some(_) => {
                return Err(ParamError::at(
                    "game.dead_end",
                    "expected true or false, e.g. dead_end = false",
                ))
            }
        };
        Ok(SpiderParams {
            deck,
            columns,
            face_up,
            deals,
            runs_to_win,
            deal_rule,
            deal_with_empty_below,
            move_limit,
            status,
            dead_end,
        })
    }

    /// Cards in the stock at the start.
    pub fn stock_size(&self) -> usize {
        self.deals.iter().map(|&d| d as usize).sum()
    }

    /// Cards in the columns at the start.
    pub fn layout_size(&self) -> usize {
        self.columns.iter().map(|&c| c as usize).sum()
    }
}

/// An integer in `min..=max`, or an error naming the key and showing an example.
fn whole(v: &Value, key: &str, min: i64, max: i64, example: &str) -> Result<i64, ParamError> {
    match v.as_integer() {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        Some(n) => Err(ParamError::at(
            format!("game.{key}"),
            format!(
                "{n} is out of range: expected a whole number from {min} to {max}, e.g. {example}"
            ),
        )),
        None => Err(ParamError::at(
            format!("game.{key}"),
            format!("expected a whole number, e.g. {example}"),
        )),
    }
}

fn suit_set(v: &Value) -> Result<Vec<Suit>, ParamError> {
    let bad = |what: String| {
        ParamError::at(
            "game.suits",
            format!(
                "{what}: expected suit letters S, H, D, C, each at most once, e.g. suits = \"SH\""
            ),
        )
    };
    let text = v.as_str().ok_or_else(|| bad("not a string".into()))?;
    let mut suits = Vec::new();
    for c in text.chars() {
        let suit =
            Suit::from_letter(c).ok_or_else(|| bad(format!("'{c}' is not a suit letter")))?;
        if suits.contains(&suit) {
            return Err(bad(format!("'{c}' is listed twice")));
        }
        suits.push(suit);
    }
    if suits.is_empty() {
        return Err(bad("no suits given".into()));
    }
    Ok(suits)
}

fn int_list(v: &Value, key: &str, example: &str) -> Result<Vec<i64>, ParamError> {
    let bad = || {
        ParamError::at(
            format!("game.{key}"),
            format!("expected a list of whole numbers, e.g. {example}"),
        )
    };
    let items = v.as_array().ok_or_else(bad)?;
    items
        .iter()
        .map(|i| i.as_integer().ok_or_else(bad))
        .collect()
}

fn column_sizes(v: &Value, deck_size: usize) -> Result<Vec<u8>, ParamError> {
    let example = "columns = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]";
    let sizes = int_list(v, "columns", example)?;
    if sizes.is_empty() || sizes.len() > MAX_COLUMNS {
        return Err(ParamError::at(
            "game.columns",
            format!(
                "expected 1 to {MAX_COLUMNS} columns, not {}; e.g. {example}",
                sizes.len()
            ),
        ));
    }
    if let Some(bad) = sizes.iter().find(|&&n| n < 0 || n > deck_size as i64) {
        return Err(ParamError::at(
            "game.columns",
            format!("a column of {bad} cards cannot be dealt: each size must be 0 to {deck_size}"),
        ));
    }
    if sizes.iter().all(|&n| n == 0) {
        return Err(ParamError::at(
            "game.columns",
            "every column is empty: deal at least one card",
        ));
    }
    Ok(sizes.into_iter().map(|n| n as u8).collect())
}

fn face_up(v: &Value, columns: usize) -> Result<Vec<u8>, ParamError> {
    let bad = |why: &str| {
        ParamError::at(
            "game.face_up",
            format!("{why}: expected the face-up cards at the end of each column, at least 1, as one number for every column (face_up = 1) or a list of {columns}"),
        )
    };
    let counts = match v {
        Value::Integer(_) => vec![v.as_integer().unwrap_or(0); columns],
        Value::Array(_) => {
            let list = int_list(v, "face_up", "face_up = 1")?;
            if list.len() != columns {
                return Err(bad(&format!(
                    "{} numbers for {columns} columns",
                    list.len()
                )));
            }
            list
        }
        _ => return Err(bad("not a number or a list")),
    };
    if counts.iter().any(|&n| !(1..=255).contains(&n)) {
        // SP-FLIP: the last card of a column is always face up, so no column starts all hidden.
        return Err(bad("out of range"));
    }
    Ok(counts.into_iter().map(|n| n as u8).collect())
}

fn deal_sizes(
    v: &Value,
    columns: usize,
    laid: usize,
    deck_size: usize,
) -> Result<Vec<u8>, ParamError> {
    let sizes = int_list(v, "deals", "deals = [10, 10, 10, 10, 10]")?;
    if let Some(bad) = sizes.iter().find(|&&n| n < 1 || n > columns as i64) {
        return Err(ParamError::at(
            "game.deals",
            format!("a deal of {bad} cards cannot be dealt onto {columns} columns: each deal must be 1 to {columns} cards (a deal of k goes onto the first k columns)"),
        ));
    }
    let stock: i64 = sizes.iter().sum();
    let want = (deck_size - laid) as i64;
    if stock != want {
        return Err(ParamError::at(
            "game.deals",
            format!("the columns take {laid} cards and the deals {stock}, {} in all, but the deck has {deck_size}: the deals must add up to {want}", laid as i64 + stock),
        ));
    }
    Ok(sizes.into_iter().map(|n| n as u8).collect())
}

fn counters(v: &Value) -> Result<Vec<Counter>, ParamError> {
    let names: Vec<&str> = Counter::ALL.iter().map(|(_, n)| *n).collect();
    let bad = |why: String| {
        ParamError::at(
            "game.status",
            format!(
                "{why}: expected a list of counters, each at most once, from {}, e.g. status = [\"cards\", \"runs\", \"deals\"]",
                names.join(", ")
            ),
        )
    };
    let items = v.as_array().ok_or_else(|| bad("not a list".into()))?;
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let name = item
            .as_str()
            .ok_or_else(|| bad(format!("{item} is not a name")))?;
        let counter = Counter::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(c, _)| *c)
            .ok_or_else(|| bad(format!("'{name}' is not a counter")))?;
        if out.contains(&counter) {
            return Err(bad(format!("'{name}' is listed twice")));
        }
        out.push(counter);
    }
    Ok(out)
}

/// Deals of one card per column, and a short last deal for what is left.
fn default_deals(stock: usize, columns: usize) -> Vec<u8> {
    let mut deals = vec![columns as u8; stock / columns];
    let rest = stock % columns;
    if rest > 0 {
        deals.push(rest as u8);
    }
    deals
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Table {
        text.parse::<Table>().expect("test TOML parses")
    }

    #[test]
    fn omitted_deals_fill_the_stock_with_a_short_last_deal() {
        let p = SpiderParams::from_table(&table("suits = \"S\"\ncolumns = [5,5,5,5,5,5,5,5,5,5]"))
            .expect("valid");
        assert_eq!(p.deals, vec![10, 10, 10, 10, 10, 4]);
        assert_eq!(p.runs_to_win, 8);
    }

    #[test]
    fn the_standard_game_matches_its_defaults() {
        let p = SpiderParams::from_table(&table("suits = \"SH\"")).expect("valid");
        assert_eq!(
            Ok(p),
            SpiderParams::standard(vec![Suit::Spade, Suit::Heart])
        );
    }
}
