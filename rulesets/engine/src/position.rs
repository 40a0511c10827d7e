//! A plain text format for the engine's positions, the same for every game it plays, so
//! `felt deal CODE --format position` writes a deal out and `--position FILE` starts from one
//! (a solver's test case, a game set up from a book):
//!
//! ```text
//! # Yukon
//! Base: A
//! Foundation 1: AS 2S
//! Cells: 7D -
//! Reserve: 4C 9H
//! Stock: 5H 6C
//! Waste: QD
//! Redeals: unlimited
//! Turned: yes
//! 1: 3H 4C | 5D 6S
//! 2: KD
//! ```
//!
//! Each numbered line is a column from the table up; the cards before `|` lie face down.
//! Piles are listed top card last; a reserve of several piles names each, `Reserve 1:` on.
//! `Turned: yes` says the waste has been turned over to be the stock at least once (every
//! stock card has been in view); without it, never. Only the piles the game has may be named;
//! a pile not named is empty. `Base` is the rank every foundation starts from (a game whose
//! base is the first card dealt names it, as does one whose base the player chose once a card
//! is up; others may leave it out), `Redeals` the turns of the waste left (a number or
//! `unlimited`). A position read back must hold every card of the game's packs
//! exactly once, and every foundation must be built by the game's own foundation rule (but
//! for a foundation a stock is dealt to, as in Golf, which takes whatever card comes).
//! A game whose columns are gathered and dealt again (`redeal = "gather"`) writes `Seed: N`,
//! the seed its gathers shuffle with; a position without it gathers as a game of seed 1.

use crate::deal::Column;
use crate::play::{Play, State};
use crate::vocabulary::{Base, Redeal, Start, StockDeal};
use felt_core::{Card, Rank};

/// The position as text (see the module).
pub fn write(play: &Play, state: &State) -> String {
    let game = &play.game;
    let cards = |cards: &[Card]| -> String { cards.iter().map(|c| format!(" {c}")).collect() };
    let mut out = format!("Base: {}\n", rank_token(state.base));
    for (i, pile) in state.foundations.iter().enumerate() {
        out.push_str(&format!("Foundation {}:{}\n", i + 1, cards(pile)));
    }
    if !state.cells.is_empty() {
        out.push_str("Cells:");
        for cell in &state.cells {
            match cell {
                Some(c) => out.push_str(&format!(" {c}")),
                None => out.push_str(" -"),
            }
        }
        out.push('\n');
    }
    if game.reserve > 0 && state.reserve.len() == 1 {
        out.push_str(&format!("Reserve:{}\n", cards(&state.reserve[0])));
    } else if game.reserve > 0 {
        for (i, pile) in state.reserve.iter().enumerate() {
            out.push_str(&format!("Reserve {}:{}\n", i + 1, cards(pile)));
        }
    }
    if game.stock.is_some() {
        out.push_str(&format!("Stock:{}\n", cards(&state.stock)));
        out.push_str(&format!("Waste:{}\n", cards(&state.waste)));
        match state.redeals {
            None => out.push_str("Redeals: unlimited\n"),
            Some(n) => out.push_str(&format!("Redeals: {n}\n")),
        }
        if state.turned {
            // Only once it has been: a position without the line has a stock never turned.
            out.push_str("Turned: yes\n");
        }
        if game.stock.is_some_and(|s| s.redeal == Redeal::Gather) {
            out.push_str(&format!("Seed: {}\n", state.seed));
        }
    }
    for (i, column) in state.columns.iter().enumerate() {
        let (down, up) = column.cards.split_at(column.down.min(column.cards.len()));
        out.push_str(&format!("{}:", i + 1));
        if !down.is_empty() {
            out.push_str(&format!("{} |", cards(down)));
        }
        out.push_str(&cards(up));
        out.push('\n');
    }
    out
}

/// The longest position text read: a two-pack game takes about a kilobyte.
const MAX_BYTES: usize = 64 * 1024;

/// A position from text, or what is wrong with it, naming the line.
pub fn read(play: &Play, text: &str) -> Result<State, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "a position is at most {MAX_BYTES} bytes; this one is {}",
            text.len()
        ));
    }
    let game = &play.game;
    // The deal of any seed holds the game's cards and piles, and its fixed base.
    let mut state = play.deal(1);
    let expected = sorted(state.all_cards());
    for column in &mut state.columns {
        *column = Column::default();
    }
    for pile in &mut state.foundations {
        pile.clear();
    }
    state.cells.iter_mut().for_each(|c| *c = None);
    state.reserve.iter_mut().for_each(Vec::clear);
    state.stock.clear();
    state.waste.clear();
    state.moves = 0;
    let mut base_named = false;
    // Columns read ending face down, each with the error naming its line.
    let mut ends_down: Vec<(usize, String)> = Vec::new();
    for line in felt_core::text::named_lines(text)? {
        let at = |m: String| line.error(m);
        let (head, rest) = (line.head.as_str(), line.rest);
        let card = |w: &str| w.parse::<Card>().map_err(|e| at(e.to_string()));
        let list =
            |s: &str| -> Result<Vec<Card>, String> { s.split_whitespace().map(card).collect() };
        let lacks = |pile: &str| at(format!("this game has no {pile}"));
        match head {
            "base" => {
                state.base = Rank::from_token(rest.trim())
                    .ok_or_else(|| at(format!("'{}' is not a rank", rest.trim())))?;
                base_named = true;
            }
            "cells" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                if words.len() != state.cells.len() {
                    return Err(at(format!(
                        "this game has {} free cells, the line lists {}",
                        state.cells.len(),
                        words.len()
                    )));
                }
                for (cell, w) in state.cells.iter_mut().zip(&words) {
                    *cell = if *w == "-" { None } else { Some(card(w)?) };
                }
            }
            "reserve" if game.reserve > 0 && state.reserve.len() == 1 => {
                state.reserve[0] = list(rest)?;
            }
            "reserve" if game.reserve > 0 => {
                return Err(at(format!(
                    "this game's reserve is {} piles: name each, 'Reserve 1:' to 'Reserve {}:'",
                    state.reserve.len(),
                    state.reserve.len()
                )));
            }
            "reserve" => return Err(lacks("reserve")),
            "stock" | "waste" | "redeals" | "turned" | "seed" if game.stock.is_none() => {
                return Err(lacks("stock"));
            }
            "turned" => {
                state.turned = match rest.trim() {
                    "yes" => true,
                    "no" => false,
                    word => return Err(at(format!("'{word}' is neither 'yes' nor 'no'"))),
                };
            }
            "seed" => {
                let word = rest.trim();
                state.seed = word
                    .parse()
                    .map_err(|_| at(format!("'{word}' is not a seed (a whole number)")))?;
            }
            "stock" => state.stock = list(rest)?,
            "waste" => state.waste = list(rest)?,
            "redeals" => {
                let word = rest.trim();
                state.redeals =
                    if word == "unlimited" {
                        None
                    } else {
                        Some(word.parse().map_err(|_| {
                            at(format!("'{word}' is neither a number nor 'unlimited'"))
                        })?)
                    };
            }
            other => {
                if let Some(number) = other.strip_prefix("reserve") {
                    if game.reserve == 0 {
                        return Err(lacks("reserve"));
                    }
                    let i = index(number.trim(), state.reserve.len()).ok_or_else(|| {
                        at(format!(
                            "'{head}' is not a reserve pile 1 to {}",
                            state.reserve.len()
                        ))
                    })?;
                    state.reserve[i] = list(rest)?;
                } else if let Some(number) = other.strip_prefix("foundation") {
                    let i = index(number.trim(), state.foundations.len()).ok_or_else(|| {
                        at(format!(
                            "'{head}' is not a foundation 1 to {}",
                            state.foundations.len()
                        ))
                    })?;
                    state.foundations[i] = list(rest)?;
                } else {
                    let i = index(other, state.columns.len()).ok_or_else(|| {
                        at(format!(
                            "'{head}' is neither Base, Foundation N, Cells, Reserve, Stock, Waste, Redeals nor a column 1 to {}",
                            state.columns.len()
                        ))
                    })?;
                    let (down, up) = rest.split_once('|').unwrap_or(("", rest));
                    if up.contains('|') {
                        return Err(at("a column has one '|' at the most".into()));
                    }
                    let down = list(down)?;
                    if up.trim().is_empty() && !down.is_empty() {
                        // Only a covered column may end face down (PA-COVER), which the
                        // other columns say: checked once they are all read.
                        ends_down.push((i, at(format!(
                            "column {} ends face down: its last card lies face up, unless cards of the row below cover it",
                            i + 1
                        ))));
                    }
                    let mut cards = down.clone();
                    cards.extend(list(up)?);
                    state.columns[i] = Column {
                        down: down.len(),
                        cards,
                    };
                }
            }
        }
    }
    if let Some((_, error)) = ends_down.into_iter().find(|&(i, _)| {
        state.columns[i].down >= state.columns[i].cards.len() && !play.covered(&state, i)
    }) {
        return Err(error);
    }
    if let Base::Rank(fixed) = game.foundations.base {
        if state.base.number() != fixed {
            return Err(format!(
                "this game's foundations start from {}, not {}",
                rank_token(Rank::new(fixed).unwrap_or(state.base)),
                rank_token(state.base)
            ));
        }
    }
    let chosen = game.foundations.base == Base::Chosen;
    if chosen && state.foundations.iter().all(Vec::is_empty) {
        // Still to be chosen: the rank the deal keeps until then, whatever the line said,
        // so that the table is the deal's.
        state.base = Rank::ACE;
    } else if chosen && !base_named {
        return Err(
            "this game's foundations start from the rank the player chose: name it with a \
             'Base:' line"
                .into(),
        );
    }
    if game.foundations.base == Base::FirstDealt && !base_named {
        return Err(
            "this game's foundations start from the first card dealt to them: name its rank \
             with a 'Base:' line"
                .into(),
        );
    }
    // A stock dealt to the foundation (Golf) lays any card there; a fixed base with one card
    // dealt up (Golf's hole again) starts from whatever card that was.
    let dealt_to = game.stock.is_some_and(|s| s.deal == StockDeal::Foundation);
    let any_first =
        game.foundations.start == Start::OneCard && matches!(game.foundations.base, Base::Rank(_));
    for (i, pile) in state.foundations.iter().enumerate().filter(|_| !dealt_to) {
        let base_ok = any_first || pile.first().is_none_or(|c| c.rank() == state.base);
        let built = pile.windows(2).all(|w| play.foundation.follows(w[0], w[1]));
        if !base_ok || !built {
            return Err(format!(
                "foundation {} is not built from {} {}",
                i + 1,
                crate::rules::a_rank(state.base.number()),
                play.foundation.describe()
            ));
        }
    }
    if sorted(state.all_cards()) != expected {
        return Err(format!(
            "the position must hold every card of the game's {} exactly once",
            if game.decks == 1 {
                "pack".to_string()
            } else {
                format!("{} packs", game.decks)
            }
        ));
    }
    Ok(state)
}

/// `number` as a 0-based index below `count`, if it is 1 to `count`.
fn index(number: &str, count: usize) -> Option<usize> {
    number
        .parse::<usize>()
        .ok()
        .filter(|i| (1..=count).contains(i))
        .map(|i| i - 1)
}

/// A rank as positions write it: as a card token starts (`A`, `2` … `9`, `T`, `J`, `Q`, `K`).
fn rank_token(rank: Rank) -> String {
    rank.letter().to_string()
}

/// The cards in one order, to compare two piles of cards as sets with repeats.
fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort_by_key(|c| c.to_byte());
    cards
}
