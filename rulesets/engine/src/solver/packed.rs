//! A table as the search holds it while it waits to be expanded: every pile's cards in one
//! run of bytes, one allocation where a [`State`] has one a pile. The search unpacks a table
//! into a [`State`] it reuses, so it makes tables without building their piles anew.
//!
//! Every part of the state is kept, in order (the columns, the reserve piles, the cells, the
//! foundations, the stock, the waste, the redeals, whether the stock was turned, the base,
//! the seed, the moves and the score): a
//! table unpacked is the table packed, so the rules read the same table either way. A pile
//! holds at most 208 cards (four packs), so its length fits a byte.

use crate::play::State;
use felt_core::{Card, Rank};

/// One table, packed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed(Box<[u8]>);

/// The byte of an empty cell (no card's byte: cards are below 0x40).
const NO_CARD: u8 = 0xff;

/// The byte of a redeal count without end.
const ENDLESS: u8 = 0xff;

impl Packed {
    /// `state`, packed; `buf` is scratch room the caller keeps between calls.
    pub fn pack(state: &State, buf: &mut Vec<u8>) -> Packed {
        buf.clear();
        for column in &state.columns {
            buf.push(column.down as u8);
            pile(buf, &column.cards);
        }
        for reserve in &state.reserve {
            pile(buf, reserve);
        }
        buf.extend(state.cells.iter().map(|c| c.map_or(NO_CARD, Card::to_byte)));
        for foundation in &state.foundations {
            pile(buf, foundation);
        }
        pile(buf, &state.stock);
        pile(buf, &state.waste);
        buf.push(state.redeals.unwrap_or(ENDLESS));
        buf.push(u8::from(state.turned));
        buf.push(state.base.number());
        buf.extend_from_slice(&state.seed.to_le_bytes());
        buf.extend_from_slice(&state.moves.to_le_bytes());
        buf.extend_from_slice(&state.score.to_le_bytes());
        Packed(buf.as_slice().into())
    }

    /// Writes the table into `state`, whose piles (the reserve's too) must be as many as the
    /// packed table's (tables of one game are), reusing their room.
    pub fn unpack_into(&self, state: &mut State) {
        let mut at = 0usize;
        let bytes = &self.0;
        for column in &mut state.columns {
            column.down = usize::from(bytes[at]);
            at += 1;
            read_pile(bytes, &mut at, &mut column.cards);
        }
        for reserve in &mut state.reserve {
            read_pile(bytes, &mut at, reserve);
        }
        for cell in &mut state.cells {
            *cell = card(bytes[at]);
            at += 1;
        }
        for foundation in &mut state.foundations {
            read_pile(bytes, &mut at, foundation);
        }
        read_pile(bytes, &mut at, &mut state.stock);
        read_pile(bytes, &mut at, &mut state.waste);
        let rest = &bytes[at..];
        state.redeals = match rest[0] {
            ENDLESS => None,
            n => Some(n),
        };
        state.turned = rest[1] != 0;
        state.base = Rank::new(rest[2]).unwrap_or(state.base);
        let word = |from: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&rest[from..from + 8]);
            w
        };
        state.seed = u64::from_le_bytes(word(3));
        let mut moves = [0u8; 4];
        moves.copy_from_slice(&rest[11..15]);
        state.moves = u32::from_le_bytes(moves);
        state.score = i64::from_le_bytes(word(15));
    }

    /// The bytes it holds, for a search's count of its memory.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it holds no bytes (never, for a table).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn pile(buf: &mut Vec<u8>, cards: &[Card]) {
    buf.push(cards.len() as u8);
    buf.extend(cards.iter().map(|c| c.to_byte()));
}

/// Reads the pile that starts at `at` (its length, then its cards) into `cards`, and moves
/// `at` past it: a slice read at once, not byte by byte.
fn read_pile(bytes: &[u8], at: &mut usize, cards: &mut Vec<Card>) {
    let n = usize::from(bytes[*at]);
    let run = &bytes[*at + 1..*at + 1 + n];
    *at += 1 + n;
    cards.clear();
    cards.extend(run.iter().filter_map(|&b| Card::from_byte(b)));
}

fn card(b: u8) -> Option<Card> {
    if b == NO_CARD {
        None
    } else {
        Card::from_byte(b)
    }
}
