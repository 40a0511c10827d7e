//! Writes deals of a shipped game as the Solvitaire solver (Blake and Gent) reads a deal, one
//! JSON file a deal, so that its verdicts can be set beside the engine's deal by deal.
//!
//! ```text
//! cargo run --release -p felt-engine --example solvitaire_deals -- GAME A..B DIR
//! ```
//!
//! Each deal is written as the engine deals it, after the cards that go up by themselves
//! have gone (those are listed as the foundations, in the order they went up): the same
//! table, so both solvers start from it. Only one-pack games map one to one: Solvitaire puts
//! a foundation card by its suit. A stacked reserve is one pile, its top last, as are the
//! stock and the waste; a column's first card is its bottom one; a single foundation built
//! regardless of suit (Golf, Black Hole) is Solvitaire's hole, its top card. Solvitaire's deal
//! format has no free cells, so games that deal cards to them cannot be compared.

use felt_core::{Card, Ruleset};
use std::fmt::Write as _;

/// A card as Solvitaire writes one: its rank (`A`, `2`..`10`, `J`, `Q`, `K`), then its suit.
fn token(card: Card) -> String {
    let rank = match card.rank().number() {
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        n => n.to_string(),
    };
    format!("\"{rank}{}\"", card.suit().letter())
}

fn list<'a>(cards: impl IntoIterator<Item = &'a Card>) -> String {
    let tokens: Vec<String> = cards.into_iter().map(|c| token(*c)).collect();
    format!("[{}]", tokens.join(", "))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, range, dir] = args.as_slice() else {
        return Err("usage: solvitaire_deals GAME A..B DIR".into());
    };
    let text = felt_engine::variants::shipped(name)
        .ok_or_else(|| format!("{name}: no such shipped game"))?;
    let engine = felt_engine::variants::engine_from_text(name, text)?;
    let (a, b) = range.split_once("..").ok_or("deals are A..B")?;
    let (a, b): (u64, u64) = (
        a.parse().map_err(|_| "A is a number")?,
        b.parse().map_err(|_| "B is a number")?,
    );
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    // One foundation built regardless of suit (Golf's and Black Hole's) is Solvitaire's hole.
    let f = &engine.play().game.foundations;
    let hole = f.count == 1 && f.by == felt_engine::vocabulary::Match::Any;
    for seed in a..b {
        let s = engine.new_game(seed);
        let mut json = String::from("{\n");
        let columns: Vec<String> = s.columns.iter().map(|c| list(&c.cards)).collect();
        let _ = writeln!(json, "  \"tableau piles\": [{}],", columns.join(", "));
        let cells: Vec<&Card> = s.cells.iter().flatten().collect();
        if !cells.is_empty() {
            let _ = writeln!(json, "  \"cells\": {},", list(cells));
        }
        let up: Vec<&Card> = s.foundations.iter().flatten().collect();
        if hole {
            // Solvitaire's hole is one card, its top: the cards under it never move again.
            if let Some(top) = up.last() {
                let _ = writeln!(json, "  \"hole\": {},", token(**top));
            }
        } else if !up.is_empty() {
            let _ = writeln!(json, "  \"foundations\": {},", list(up));
        }
        if let Some(reserve) = s.reserve.first() {
            let _ = writeln!(json, "  \"reserve\": {},", list(reserve));
        }
        let _ = writeln!(json, "  \"stock\": {},", list(&s.stock));
        let _ = writeln!(json, "  \"waste\": {}", list(&s.waste));
        json.push_str("}\n");
        let path = format!("{dir}/{seed}.json");
        std::fs::write(&path, json).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}
