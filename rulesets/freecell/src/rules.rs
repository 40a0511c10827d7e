//! The rules: what may go where (FC-BUILD, FC-CELL, FC-FOUNDATION, FC-EMPTY), how many cards
//! move together (FC-SUPERMOVE), and which cards go up by themselves (FC-AUTO).
//!
//! The checks of a move, each named for its rule so a refusal carries that rule's id, are in
//! `check.rs`.

use crate::params::{Build, Empty, Params};
use crate::state::{suit_index, Layout, Pile, State};
use felt_core::{Card, Event, PileId, Suit};
use felt_patience::foundation;

pub use felt_patience::words::{name, suit_plural};

/// FC-BUILD: whether `card` may lie on `on` in a column.
pub fn fits(build: Build, card: Card, on: Card) -> bool {
    card.rank().number() + 1 == on.rank().number()
        && match build {
            Build::Alternate => card.suit().is_red() != on.suit().is_red(),
            Build::Suit => card.suit() == on.suit(),
        }
}

/// How many cards at the end of `column` form a sequence built as FC-BUILD says.
pub fn run_len(build: Build, column: &[Card]) -> usize {
    if column.is_empty() {
        return 0;
    }
    let mut n = 1;
    while n < column.len()
        && fits(
            build,
            column[column.len() - n],
            column[column.len() - n - 1],
        )
    {
        n += 1;
    }
    n
}

/// FC-SUPERMOVE: most cards that move together with `free` empty cells and `empty` empty
/// columns, onto a card or (`to_empty`) onto one of the empty columns.
pub fn capacity(empty_rule: Empty, free: usize, empty: usize, to_empty: bool) -> usize {
    match empty_rule {
        // An empty column holds none of the cards passing through: none of them is a King.
        Empty::Kings => free + 1,
        Empty::Any => {
            let helping = if to_empty {
                empty.saturating_sub(1)
            } else {
                empty
            };
            (free + 1) << helping.min(16)
        }
    }
}

/// FC-AUTO: whether `card`, ready to go to its foundation, is safe to put there unasked.
pub fn safe(params: &Params, foundations: &[u8; 4], card: Card) -> bool {
    let r = card.rank().number();
    match params.build {
        Build::Suit => true,
        Build::Alternate => {
            if r <= 2 {
                return true;
            }
            let red = card.suit().is_red();
            Suit::ALL.iter().all(|&s| {
                let up = foundations[suit_index(s)];
                if s == card.suit() {
                    true
                } else if s.is_red() != red {
                    up + 1 >= r
                } else {
                    up + 2 >= r
                }
            })
        }
    }
}

/// Lays `cards` on `to`: a column's end, a cell (one card), or their foundation.
fn put(state: &mut State, to: Pile, cards: &[Card]) {
    match to {
        Pile::Column(j) => state.columns[j].extend_from_slice(cards),
        Pile::Cell(j) => state.cells[j] = cards.first().copied(),
        Pile::Foundation(s) => state.foundations[s] += cards.len() as u8,
    }
}

/// What a legal move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Where the cards come from.
    pub from: Pile,
    /// How many cards move.
    pub count: usize,
    /// Where they go.
    pub to: Pile,
}

/// The rules of one variant.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The variant's settings.
    pub params: Params,
}

impl Rules {
    /// Pile numbering.
    pub fn layout(&self) -> Layout {
        Layout {
            columns: self.params.columns,
            cells: self.params.cells,
        }
    }

    /// Carries out a checked step.
    pub fn perform(&self, state: &mut State, step: Step, events: &mut Vec<Event>) {
        let layout = self.layout();
        // The source column is taken out of the state while its cards are copied on, so the
        // step needs no list of its own (the solver's lines replay through here, a step for
        // each move and each card sent up).
        match step.from {
            Pile::Column(i) => {
                let mut col = std::mem::take(&mut state.columns[i]);
                let start = col.len() - step.count;
                put(state, step.to, &col[start..]);
                col.truncate(start);
                state.columns[i] = col;
            }
            Pile::Cell(i) => {
                let card = state.cells[i].take();
                put(state, step.to, card.as_slice());
            }
            Pile::Foundation(_) => {}
        }
        events.push(Event::Moved {
            from: layout.id(step.from),
            to: layout.id(step.to),
            count: step.count as u16,
        });
    }

    /// The next card FC-AUTO sends up, if any: cells first, then columns, from the left.
    pub fn next_auto(&self, state: &State) -> Option<Step> {
        // Each suit's next card as a bit of its byte, so that a pile's card is tested by one
        // lookup: this runs after every move of a game and of every replayed solver line.
        let mut next = 0u64;
        for (s, &up) in state.foundations.iter().enumerate() {
            if up < 13 {
                next |= 1 << ((s << 4) | (up as usize + 1));
            }
        }
        let ready = |c: Card| {
            next >> (c.to_byte() & 63) & 1 == 1 && safe(&self.params, &state.foundations, c)
        };
        let to = |c: Card| Pile::Foundation(suit_index(c.suit()));
        for (i, cell) in state.cells.iter().enumerate() {
            if let Some(c) = *cell {
                if ready(c) {
                    return Some(Step {
                        from: Pile::Cell(i),
                        count: 1,
                        to: to(c),
                    });
                }
            }
        }
        for (i, col) in state.columns.iter().enumerate() {
            if let Some(&c) = col.last() {
                if ready(c) {
                    return Some(Step {
                        from: Pile::Column(i),
                        count: 1,
                        to: to(c),
                    });
                }
            }
        }
        None
    }

    /// FC-AUTO: sends safe cards up until none is left, when the variant says so.
    pub fn auto_moves(&self, state: &mut State, events: &mut Vec<Event>) {
        if !self.params.auto {
            return;
        }
        let mut sent = Vec::new();
        while let Some(step) = self.next_auto(state) {
            if let Pile::Column(i) = step.from {
                sent.extend(state.columns[i].last().copied());
            } else if let Pile::Cell(i) = step.from {
                sent.extend(state.cells[i]);
            }
            self.perform(state, step, events);
        }
        state.news.extend(foundation::sent_up(&sent));
    }

    /// Every legal move, foundations first, then columns with cards, empty columns, cells.
    pub fn legal_moves(&self, state: &State) -> Vec<(PileId, u16, PileId)> {
        let layout = self.layout();
        let mut out = Vec::new();
        let mut sources: Vec<(PileId, usize)> = Vec::new();
        for (i, col) in state.columns.iter().enumerate() {
            let run = run_len(self.params.build, col);
            for k in 1..=run {
                sources.push((layout.id(Pile::Column(i)), col.len() - k));
            }
        }
        for (i, cell) in state.cells.iter().enumerate() {
            if cell.is_some() {
                sources.push((layout.id(Pile::Cell(i)), 0));
            }
        }
        let mut targets: Vec<PileId> = Vec::new();
        targets.extend((0..4).map(|s| layout.id(Pile::Foundation(s))));
        let (full, empty): (Vec<usize>, Vec<usize>) =
            (0..state.columns.len()).partition(|&j| !state.columns[j].is_empty());
        targets.extend(full.into_iter().map(|j| layout.id(Pile::Column(j))));
        targets.extend(empty.into_iter().map(|j| layout.id(Pile::Column(j))));
        targets.extend((0..state.cells.len()).map(|j| layout.id(Pile::Cell(j))));
        for &to in &targets {
            for &(from, index) in &sources {
                if self.check_move(state, from, index as u16, to).is_ok() {
                    out.push((from, index as u16, to));
                }
            }
        }
        out
    }
}
