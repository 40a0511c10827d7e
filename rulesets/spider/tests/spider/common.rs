//! Shared helpers: the shipped variants in a catalog, typed rulesets, and positions sketched
//! from a few cards with the rest of the deck tucked away face down.

#![allow(dead_code)]

use felt_core::{Card, Catalog, DynRuleset, GameCode, GameState, Origin, Ruleset, Session, Setup};
use felt_spider::{SpiderRuleset, SpiderState};
use std::sync::Arc;

pub const CLASSIC: &str = include_str!("../../../../config/scoring/classic.toml");
pub const ONE_SUIT: &str = include_str!("../../../../config/variants/spider-1suit.toml");
pub const TWO_SUITS: &str = include_str!("../../../../config/variants/spider-2suit.toml");
pub const FOUR_SUITS: &str = include_str!("../../../../config/variants/spider-4suit.toml");

/// The `*.toml` files of `config/{sub}` (`variants` or `scoring`), as (file name, text), in
/// name order: the order the binary embeds them in.
pub fn shipped(sub: &str) -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../config")
        .join(sub);
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let name = p
                .file_name()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            let text =
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name, text)
        })
        .collect();
    files.sort();
    files
}

/// The ids of the shipped variants, in file-name order.
pub fn shipped_ids() -> Vec<String> {
    shipped("variants")
        .iter()
        .map(|(name, _)| name.trim_end_matches(".toml").to_string())
        .collect()
}

/// A catalog with Spider, every shipped scoring table and every shipped variant
/// (`config/`), plus `extra` variant texts (test-only relatives).
pub fn catalog_with(extra: &[&str]) -> Catalog {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    for (name, text) in shipped("scoring") {
        let id = name.trim_end_matches(".toml").to_string();
        catalog
            .add_scoring(Origin::BuiltIn(name), &id, &text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    for (name, text) in shipped("variants") {
        catalog
            .add_variant(Origin::BuiltIn(name), &text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    for (i, text) in extra.iter().enumerate() {
        catalog
            .add_variant(Origin::BuiltIn(format!("test-{i}.toml")), text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    catalog
}

pub fn catalog() -> Catalog {
    catalog_with(&[])
}

/// The typed ruleset of a catalog variant, for tests that look inside the state.
pub fn typed_in(catalog: &Catalog, variant: &str, rules: &str) -> SpiderRuleset {
    let (entry, choice) = catalog
        .choose(variant, Some(rules))
        .expect("variant and rules exist");
    let scoring = entry
        .variant
        .scoring
        .as_deref()
        .and_then(|id| catalog.scoring(id));
    SpiderRuleset::new(Setup {
        variant: &entry.variant,
        scoring,
        rules: choice,
    })
    .expect("variant builds")
}

pub fn typed(variant: &str, rules: &str) -> SpiderRuleset {
    typed_in(&catalog(), variant, rules)
}

/// The cards a sketch token stands for: `KS`, `|KS`, `KS..9S`.
fn sketch_cards(token: &str) -> Vec<Card> {
    let body = token.trim_start_matches('|');
    match body.split_once("..") {
        None => vec![body.parse().expect("sketch card")],
        Some((a, b)) => {
            let (a, b): (Card, Card) = (a.parse().expect("card"), b.parse().expect("card"));
            let (ra, rb) = (a.rank().number(), b.rank().number());
            let ranks: Vec<u8> = if ra <= rb {
                (ra..=rb).collect()
            } else {
                (rb..=ra).rev().collect()
            };
            ranks
                .into_iter()
                .map(|r| Card::new(a.suit(), felt_core::Rank::new(r).expect("rank")))
                .collect()
        }
    }
}

/// A `.game` text for `ruleset`'s variant: `play` gives each column's cards (tokens as in the
/// format); `deals` the remaining stock rows, the variant's last ones (`"*"` fills a row from
/// the unused cards); `off` the kings of removed runs. Every card not placed goes face down at
/// the bottom of column `spare`.
pub fn sketch(
    ruleset: &SpiderRuleset,
    play: &[&str],
    deals: &[&str],
    off: &str,
    spare: usize,
) -> String {
    let params = ruleset.params();
    let mut unused = params.deck.cards();
    let mut take = |card: Card| {
        let at = unused
            .iter()
            .position(|&c| c == card)
            .unwrap_or_else(|| panic!("sketch uses {card} too often"));
        unused.remove(at);
    };
    for token in play.iter().flat_map(|c| c.split_whitespace()) {
        sketch_cards(token).into_iter().for_each(&mut take);
    }
    for row in deals.iter().filter(|r| **r != "*") {
        row.split_whitespace()
            .flat_map(sketch_cards)
            .for_each(&mut take);
    }
    for king in off.split_whitespace() {
        let king: Card = king.parse().expect("king");
        for rank in felt_core::Rank::all() {
            take(Card::new(king.suit(), rank));
        }
    }
    let first_row = params.deals.len() - deals.len();
    let mut rows = Vec::new();
    for (i, row) in deals.iter().enumerate() {
        if *row == "*" {
            let size = params.deals[first_row + i] as usize;
            let filled: Vec<String> = unused.drain(..size).map(|c| c.to_string()).collect();
            rows.push(filled.join(" "));
        } else {
            rows.push(row.to_string());
        }
    }
    let mut text = String::from("# sketched by a test\n");
    for (i, column) in play.iter().enumerate() {
        let mut tokens: Vec<String> = Vec::new();
        if i == spare {
            tokens.extend(unused.iter().map(|c| format!("|{c}")));
        }
        tokens.extend(column.split_whitespace().map(str::to_string));
        text.push_str(&format!("Play{i}: {}\n", tokens.join(" ")));
    }
    for d in 0..params.deals.len() {
        let row = if d >= first_row {
            rows[d - first_row].as_str()
        } else {
            ""
        };
        text.push_str(&format!("Deal{d}: {row}\n"));
    }
    text.push_str(&format!("Off: {off}\n"));
    text
}

/// The state of a sketched position.
pub fn position(
    ruleset: &SpiderRuleset,
    play: &[&str],
    deals: &[&str],
    off: &str,
    spare: usize,
) -> SpiderState {
    let text = sketch(ruleset, play, deals, off, spare);
    ruleset
        .read_position(&text)
        .unwrap_or_else(|e| panic!("sketch does not load: {e}\n{text}"))
}

/// A session over a typed ruleset starting from `state`.
pub fn session(ruleset: SpiderRuleset, state: SpiderState, depth: usize) -> Session {
    let dynamic: Arc<dyn DynRuleset> = felt_core::Typed::shared(ruleset);
    let code = GameCode::new("SP1-S2", 'C', 0).expect("code");
    Session::from_state(dynamic, code, depth, GameState::new(state))
}

/// The typed state inside a session.
pub fn state_of(session: &Session) -> &SpiderState {
    session
        .state()
        .downcast_ref::<SpiderState>()
        .expect("a Spider state")
}

/// A move action between columns (0-based), from card `index`.
pub fn mv(from: u8, index: u16, to: u8) -> felt_core::Action {
    felt_core::Action::Move {
        from: felt_core::PileId(from),
        index,
        to: felt_core::PileId(to),
    }
}

/// Moves the face-up group starting `count` cards from the end of `from`.
pub fn mv_last(state: &SpiderState, from: u8, count: usize, to: u8) -> felt_core::Action {
    let len = state.columns()[from as usize].len();
    mv(from, (len - count) as u16, to)
}

/// Tokens of a column, `|` marking face-down cards.
pub fn column_text(state: &SpiderState, i: usize) -> String {
    let column = &state.columns()[i];
    column
        .cards()
        .iter()
        .enumerate()
        .map(|(j, c)| {
            if j < column.face_down() {
                format!("|{c}")
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The face-up cards of a column as text.
pub fn face_up_text(state: &SpiderState, i: usize) -> String {
    state.columns()[i]
        .face_up()
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays an action through the trait, panicking with the refusal if any.
pub fn play(
    ruleset: &SpiderRuleset,
    state: &mut SpiderState,
    action: &felt_core::Action,
) -> Vec<felt_core::Event> {
    Ruleset::apply(ruleset, state, action).unwrap_or_else(|e| panic!("{action} refused: {e}"))
}

/// Plays `action`, expecting a refusal that leaves the state exactly as it was.
pub fn refused(
    r: &SpiderRuleset,
    s: &mut SpiderState,
    action: &felt_core::Action,
) -> felt_core::RuleViolation {
    let before = s.clone();
    let err = Ruleset::apply(r, s, action).expect_err("the action should be refused");
    assert_eq!(*s, before, "a refused action changed the game");
    assert_eq!(
        r.check(s, action),
        Err(err.clone()),
        "check and apply disagree"
    );
    err
}

/// The legal actions of a typed state as a vector.
pub fn legal(r: &SpiderRuleset, s: &SpiderState) -> Vec<felt_core::Action> {
    let mut out = Vec::new();
    r.legal_actions(s, &mut out);
    out
}
