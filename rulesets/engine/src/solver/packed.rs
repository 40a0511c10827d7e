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
        let mut next = || {
            let b = bytes[at];
            at += 1;
            b
        };
        for column in &mut state.columns {
            column.down = usize::from(next());
            read_pile(&mut next, &mut column.cards);
        }
        for reserve in &mut state.reserve {
            read_pile(&mut next, reserve);
        }
        for cell in &mut state.cells {
            cell.clone_from(&card(next()));
        }
        for foundation in &mut state.foundations {
            read_pile(&mut next, foundation);
        }
        read_pile(&mut next, &mut state.stock);
        read_pile(&mut next, &mut state.waste);
        state.redeals = match next() {
            ENDLESS => None,
            n => Some(n),
        };
        state.turned = next() != 0;
        state.base = Rank::new(next()).unwrap_or(state.base);
        let mut seed = [0u8; 8];
        seed.iter_mut().for_each(|b| *b = next());
        state.seed = u64::from_le_bytes(seed);
        let mut moves = [0u8; 4];
        moves.iter_mut().for_each(|b| *b = next());
        state.moves = u32::from_le_bytes(moves);
        let mut score = [0u8; 8];
        score.iter_mut().for_each(|b| *b = next());
        state.score = i64::from_le_bytes(score);
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

fn read_pile(next: &mut impl FnMut() -> u8, cards: &mut Vec<Card>) {
    let n = next();
    cards.clear();
    cards.extend((0..n).filter_map(|_| card(next())));
}

fn card(b: u8) -> Option<Card> {
    if b == NO_CARD {
        None
    } else {
        Card::from_byte(b)
    }
}
