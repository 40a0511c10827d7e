//! A child's fingerprint and distance without playing it: what the win finder needs of each
//! of a position's children to drop the ones it has seen and rank the rest, worked out from
//! the parent's kept hashes and distance shares and the few cards the move carries. Only the
//! child the finder later takes out is played. A move to a foundation, or one that uncovers
//! a card FC-AUTO would send up, changes the foundations and with them every column's share:
//! those are left to [`Game::play`].

use super::position::{card_at, cell_mix, column_mix, Dest, Game, Move, Pos, MAX_LEN};

/// Where a card lies: column and height, or cell (`col` = `CELL`).
#[derive(Clone, Copy)]
struct Place {
    col: u8,
    at: u8,
}

const CELL: u8 = u8::MAX;
const NOWHERE: Place = Place { col: 0, at: 0 };

/// What every child of one position shares: the parent's fingerprint parts and where each
/// card lies.
pub struct Parent {
    fingerprint: u64,
    mixes: [u64; super::position::MAX_COLS],
    terms: i32,
    free: i32,
    empty: i32,
    places: [Place; 64],
    first_empty: Option<usize>,
}

impl Game {
    /// The shared part of the previews of `p`'s children.
    pub fn parent(&self, p: &Pos) -> Parent {
        let mut places = [NOWHERE; 64];
        let mut mixes = [0u64; super::position::MAX_COLS];
        let mut fingerprint = 0u64;
        for (i, mix) in mixes.iter_mut().enumerate().take(self.ncols) {
            *mix = column_mix(p.hash[i]);
            fingerprint = fingerprint.wrapping_add(*mix);
            for (k, &c) in p.cols[i][..p.lens[i] as usize].iter().enumerate() {
                places[c as usize & 63] = Place {
                    col: i as u8,
                    at: k as u8,
                };
            }
        }
        for &c in &p.cells[..self.ncells] {
            if c != 0 {
                fingerprint = fingerprint.wrapping_add(cell_mix(c));
                places[c as usize & 63] = Place { col: CELL, at: 0 };
            }
        }
        Parent {
            fingerprint,
            mixes,
            terms: p.term[..self.ncols].iter().map(|&t| t as i32).sum(),
            free: self.free_cells(p) as i32,
            empty: self.empty_cols(p) as i32,
            places,
            first_empty: (0..self.ncols).find(|&j| p.lens[j] == 0),
        }
    }

    /// The fingerprint of the child `m` leads to from `p`, and its distance valuing `room`
    /// as [`Game::distance_valuing_room`] does; `None` where the move changes the
    /// foundations (it, or FC-AUTO after it), which only playing it shows.
    pub fn preview(&self, p: &Pos, parent: &Parent, m: Move, room: i32) -> Option<(u64, i32)> {
        if m.dest == Dest::Foundation {
            return None;
        }
        let from = parent.places[m.card as usize & 63];
        let mut moved = [0u8; MAX_LEN];
        let (mut fingerprint, mut terms) = (parent.fingerprint, parent.terms);
        let (mut free, mut empty) = (parent.free, parent.empty);
        let n;
        if from.col == CELL {
            moved[0] = m.card;
            n = 1;
            fingerprint = fingerprint.wrapping_sub(cell_mix(m.card));
            free += 1;
        } else {
            let i = from.col as usize;
            let len = p.lens[i] as usize;
            let at = from.at as usize;
            let col = &p.cols[i][..len];
            // The card uncovered may be one FC-AUTO sends up: only playing shows what follows.
            if at > 0 && self.playable(p, col[at - 1]) && self.safe(p, col[at - 1]) {
                return None;
            }
            n = len - at;
            moved[..n].copy_from_slice(&col[at..]);
            let mut h = p.hash[i];
            for (k, &c) in col.iter().enumerate().skip(at) {
                h = h.wrapping_sub(card_at(c, k));
            }
            fingerprint = fingerprint
                .wrapping_sub(parent.mixes[i])
                .wrapping_add(column_mix(h));
            terms += self.column_term(&col[..at], &p.found) as i32 - p.term[i] as i32;
            if at == 0 {
                empty += 1;
            }
        }
        match m.dest {
            Dest::Cell => {
                fingerprint = fingerprint.wrapping_add(cell_mix(m.card));
                free -= 1;
            }
            Dest::Onto(_) | Dest::EmptyColumn => {
                let j = match m.dest {
                    Dest::Onto(on) => parent.places[on as usize & 63].col as usize,
                    _ => parent.first_empty?,
                };
                let base = &p.cols[j][..p.lens[j] as usize];
                let mut h = p.hash[j];
                for (k, &c) in moved[..n].iter().enumerate() {
                    h = h.wrapping_add(card_at(c, base.len() + k));
                }
                fingerprint = fingerprint
                    .wrapping_sub(parent.mixes[j])
                    .wrapping_add(column_mix(h));
                terms += self.column_term_of(base, &moved[..n], &p.found) as i32 - p.term[j] as i32;
                if base.is_empty() {
                    empty -= 1;
                }
            }
            Dest::Foundation => return None,
        }
        let out = 52 - self.up(p) as i32;
        let distance = 4 * out + terms - (2 + room) * free - (4 + 2 * room) * empty;
        Some((fingerprint, distance))
    }
}
