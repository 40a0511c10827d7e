//! Helpers the test files share: rulesets for each shipped variant and hand-made positions.

#![allow(dead_code)]

use felt_core::{Action, Card, Catalog, DynRuleset, PileId, Rank, Ruleset, Suit};
use felt_klondike::{Column, Klondike, Params, State};
use std::collections::HashSet;
use std::sync::Arc;

/// The catalog of the bundled scoring tables and variants, as the host builds it.
pub fn catalog() -> Catalog {
    felt_patience::testing::catalog(
        Arc::new(felt_klondike::KlondikeFactory),
        &felt_klondike::SCORING,
        &felt_klondike::VARIANTS,
    )
}

/// A shipped variant, built through the catalog.
pub fn variant(id: &str) -> Arc<dyn DynRuleset> {
    catalog()
        .build(id, None)
        .unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// A shipped variant's full-information solve of `state` within `budget`, as `felt solve`
/// asks it.
pub fn solve_shipped(
    ruleset: &Arc<dyn DynRuleset>,
    state: &felt_core::GameState,
    budget: felt_core::Budget,
) -> felt_core::Analysis {
    ruleset
        .analyze(
            state,
            &felt_core::AnalyzeRequest::Solve {
                full_information: true,
                budget,
            },
        )
        .expect("Klondike answers")
}

/// Klondike (draw one) with automatic moves off, so hand-made positions stay as written.
pub fn manual() -> Klondike {
    Klondike::with_params(
        Params {
            auto: false,
            ..Params::default()
        },
        None,
    )
}

/// Cards from tokens (`"KS QH JC"`).
pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|t| t.parse().expect("test card"))
        .collect()
}

/// A column from tokens, the cards before `|` face down (`"4C 9D | 8S 7H"`).
pub fn column(text: &str) -> Column {
    match text.split_once('|') {
        Some((down, up)) => {
            let down = cards(down);
            let n = down.len();
            let mut all = down;
            all.extend(cards(up));
            Column {
                cards: all,
                down: n,
            }
        }
        None => Column {
            cards: cards(text),
            down: 0,
        },
    }
}

/// A position: the given columns, stock (top last) and waste (top last), foundations by count
/// (♠ ♥ ♦ ♣). For the rules alone the cards need not be a whole pack; [`whole`] says when
/// they are.
pub fn position(columns: &[&str], stock: &str, waste: &str, foundations: [u8; 4]) -> State {
    let mut cols: Vec<Column> = columns.iter().map(|c| column(c)).collect();
    cols.resize(7, Column::default());
    State {
        seed: 0,
        columns: cols,
        stock: cards(stock),
        waste: cards(waste),
        foundations,
        recycles: 0,
        moves: 0,
        score: 0,
        news: Vec::new(),
    }
}

/// A move between piles by id.
pub fn mv(from: u8, index: u16, to: u8) -> Action {
    Action::Move {
        from: PileId(from),
        index,
        to: PileId(to),
    }
}

/// The deal from the stock.
pub fn deal() -> Action {
    Action::Deal {
        from: felt_klondike::state::STOCK,
    }
}

/// Whether a hand-made position holds each of the 52 cards once.
pub fn whole(state: &State) -> bool {
    let mut all = state.all_cards();
    all.sort();
    all.dedup();
    all.len() == 52 && state.all_cards().len() == 52
}

/// The position a state stands for, every part of it (not the seed, moves, score or news),
/// as bytes: each column's count face down and its cards, then the stock, the waste, the
/// foundations and the passes used, each part ended by a byte no card has.
pub fn position_bytes(s: &State) -> Vec<u8> {
    let mut out = Vec::with_capacity(80);
    for col in &s.columns {
        out.push(col.down as u8);
        out.extend(col.cards.iter().map(|c| c.to_byte()));
        out.push(0xFF);
    }
    out.extend(s.stock.iter().map(|c| c.to_byte()));
    out.push(0xFE);
    out.extend(s.waste.iter().map(|c| c.to_byte()));
    out.push(0xFD);
    out.extend(s.foundations);
    out.extend(s.recycles.to_le_bytes());
    out
}

/// Every state reachable by the ruleset's own legal actions, breadth first, up to `limit`;
/// whether one is won.
pub fn plain_search(k: &Klondike, start: &State, limit: usize) -> Option<bool> {
    plain_search_all(k, start, limit).map(|(won, _)| won)
}

/// [`plain_search`], and the states it saw: when the game is lost, every state reachable.
pub fn plain_search_all(k: &Klondike, start: &State, limit: usize) -> Option<(bool, Vec<State>)> {
    plain_search_keyed(k, start, limit, position_bytes)
}

/// [`plain_search`] that takes positions equal up to the order of their columns as one: all
/// seven follow the same rules, so they have the same futures. Kings moving between empty
/// columns otherwise make even a tiny end game's search large.
pub fn plain_search_unordered(k: &Klondike, start: &State, limit: usize) -> Option<bool> {
    plain_search_keyed(k, start, limit, |s| {
        let mut sorted = s.clone();
        sorted
            .columns
            .sort_by(|a, b| (a.down, &a.cards).cmp(&(b.down, &b.cards)));
        position_bytes(&sorted)
    })
    .map(|(won, _)| won)
}

fn plain_search_keyed(
    k: &Klondike,
    start: &State,
    limit: usize,
    key: impl Fn(&State) -> Vec<u8>,
) -> Option<(bool, Vec<State>)> {
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut all = vec![start.clone()];
    seen.insert(key(start));
    let mut legal = Vec::new();
    let mut next = 0;
    while let Some(s) = all.get(next).cloned() {
        next += 1;
        if s.cards_up() == 52 {
            return Some((true, all));
        }
        legal.clear();
        k.legal_actions(&s, &mut legal);
        for a in &legal {
            let mut t = s.clone();
            k.apply(&mut t, a).expect("legal");
            // With unlimited passes the count of recycles is no part of the position.
            if k.params().passes.is_none() {
                t.recycles = 0;
            }
            if seen.insert(key(&t)) {
                if seen.len() > limit {
                    return None;
                }
                all.push(t);
            }
        }
    }
    Some((false, all))
}

/// Klondike dealt face up with these settings (draw, KL-AUTO, KL-RETURN, passes).
pub fn dealt_face_up(draw: usize, auto: bool, back: bool, passes: Option<u32>) -> Klondike {
    Klondike::with_params(
        Params {
            draw,
            auto,
            face_up: true,
            foundation_return: back,
            passes,
            ..Params::default()
        },
        None,
    )
}

/// An end game with its columns knotted: the foundations hold all but `left` cards of each
/// suit; `stock` of the rest lie in the stock, the others across the first `cols` columns,
/// all face down but each column's last, so a low card may lie under a higher one.
pub fn knotted_end_game(seed: u64, left: u8, stock: usize, cols: usize, k: &Klondike) -> State {
    let mut cards: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|&s| {
            (14 - left..=13)
                .filter_map(Rank::new)
                .map(move |r| Card::new(s, r))
        })
        .collect();
    felt_core::shuffle(&mut cards, seed);
    let mut s = position(&[], "", "", [13 - left; 4]);
    s.stock = cards.split_off(cards.len() - stock);
    for (i, c) in cards.into_iter().enumerate() {
        s.columns[i % cols].cards.push(c);
    }
    for col in &mut s.columns {
        col.down = col.cards.len().saturating_sub(1);
    }
    let mut t = s.clone();
    k.rules()
        .auto_moves(&mut t, &mut Vec::new(), &mut Vec::new());
    t
}

/// The solver's answer for `s` with every card in view, within `max_states` positions.
pub fn solve(k: &Klondike, s: &State, max_states: u64) -> felt_core::Analysis {
    k.analyze_metered(
        s,
        &felt_core::AnalyzeRequest::Solve {
            full_information: true,
            budget: felt_core::Budget::states(max_states),
        },
    )
    .expect("Klondike answers")
}
