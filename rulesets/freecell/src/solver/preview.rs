//! A child's fingerprint and distance without playing it: what the win finder needs of each
//! of a position's children to drop the ones it has seen and rank the rest, worked out from
//! the parent's kept hashes and distance shares and the few cards the move carries. Only the
//! child the finder later takes out is played. A move to a foundation changes one suit's
//! next card, so one column's share more; a move after which FC-AUTO would send a card up
//! (or that wins) is left to [`Game::play`].

use super::position::{
    card_at, cell_mix, column_mix, rank, suit, Dest, Game, Key, Move, Pos, KEY_LEN, MAX_COLS,
    MAX_LEN,
};
use crate::params::Empty;

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
    mixes: [u64; MAX_COLS],
    terms: i32,
    free: i32,
    empty: i32,
    places: [Place; 64],
    first_empty: Option<usize>,
    // Each column's share of the distance with only its first `k` cards left, at
    // `prefix[start[i] + k]`: what a move from the column leaves. One array for all columns
    // (52 cards and one more entry a column at most), so that setting it up clears little.
    prefix: [i16; 52 + MAX_COLS],
    start: [u8; MAX_COLS],
    // Each column's lowest rank of each suit, and how many suits' next card lie in it: what
    // a move onto the column adds to its share follows from these and the cards it carries.
    lowest: [[u8; 4]; MAX_COLS],
    nexts: [u8; MAX_COLS],
    // Each column's run: how many of its last cards lie each on one it fits.
    runs: [u8; MAX_COLS],
}

impl Parent {
    /// Whether `card` lies in a cell or last in its column of `p` (the position this is the
    /// parent part of): whether a move of it moves it alone.
    pub(in crate::solver) fn alone(&self, p: &Pos, card: u8) -> bool {
        let at = self.places[card as usize & 63];
        at.col == CELL || at.at + 1 == p.lens[at.col as usize]
    }
}

impl Game {
    /// `p`'s columns in the order of their hashes, as [`Game::key`] writes them.
    pub fn columns_by_hash(&self, p: &Pos) -> [u8; MAX_COLS] {
        let mut order: [u8; MAX_COLS] = std::array::from_fn(|i| i as u8);
        order[..self.ncols].sort_unstable_by_key(|&i| p.hash[i as usize]);
        order
    }

    /// [`Game::parent`] of a position whose distance shares are not worked out yet
    /// ([`Game::unpack_unweighed`]): each column's share is its whole prefix's, which the
    /// parent part works out anyway, so they are set from it.
    pub(in crate::solver) fn parent_settling(&self, p: &mut Pos) -> Parent {
        let mut parent = self.parent(p);
        let mut terms = 0;
        for i in 0..self.ncols {
            p.term[i] = parent.prefix[parent.start[i] as usize + p.lens[i] as usize];
            terms += p.term[i] as i32;
        }
        parent.terms = terms;
        parent
    }

    /// The shared part of the previews of `p`'s children.
    pub fn parent(&self, p: &Pos) -> Parent {
        let mut places = [NOWHERE; 64];
        let mut mixes = [0u64; MAX_COLS];
        let mut fingerprint = 0u64;
        let mut prefix = [0i16; 52 + MAX_COLS];
        let mut start = [0u8; MAX_COLS];
        let mut at = 0usize;
        let mut lowest = [[14u8; 4]; MAX_COLS];
        let mut nexts = [0u8; MAX_COLS];
        let mut runs = [0u8; MAX_COLS];
        for (i, mix) in mixes.iter_mut().enumerate().take(self.ncols) {
            *mix = column_mix(p.hash[i]);
            fingerprint = fingerprint.wrapping_add(*mix);
            // The shares of every prefix in one pass, as `Game::column_term` counts them:
            // the buried cards' part grows card by card, and each next card of a suit counts
            // its weight for each card above it (`k * n - sum` cards over the `n` below
            // height `k`).
            // The first card lies on no card; it is counted as on one it does not fit (no
            // card fits on 0) and the count starts one such card lower: no test a card.
            let w = &self.weights;
            let (mut buried, mut n, mut sum) = (-w.unfit, 0i16, 0i16);
            let mut run = 0u8;
            let low = &mut lowest[i];
            let mut below = 0u8;
            start[i] = at as u8;
            let col = &p.cols[i][..(p.lens[i] as usize).min(52 + MAX_COLS - 1 - at)];
            let prefix = &mut prefix[at..at + col.len() + 1];
            at += col.len() + 1;
            for (k, &c) in col.iter().enumerate() {
                places[c as usize & 63] = Place {
                    col: i as u8,
                    at: k as u8,
                };
                let s = suit(c);
                buried += w.buried * i16::from(rank(c) > low[s]);
                let fit = self.fits(c, below);
                buried += w.unfit * i16::from(!fit);
                run = if fit { run + 1 } else { 1 };
                low[s] = low[s].min(rank(c));
                let next = i16::from(p.found[s] + 1 == rank(c));
                n += next;
                sum += next * k as i16;
                below = c;
                prefix[k + 1] = buried + w.above_next * (k as i16 * n - sum);
            }
            nexts[i] = n as u8;
            runs[i] = run;
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
            prefix,
            start,
            lowest,
            nexts,
            runs,
        }
    }

    /// The fingerprint of the child `m` leads to from `p`, and its distance valuing `room`
    /// as [`Game::distance_valuing_room`] does; `None` where FC-AUTO sends a card up after
    /// the move, or it wins, which only playing it shows.
    pub fn preview(&self, p: &Pos, parent: &Parent, m: Move, room: i32) -> Option<(u64, i32)> {
        if m.dest == Dest::Foundation {
            return self.preview_up(p, parent, m, room);
        }
        // A run parked in the cells in one step (the exact search's rule 5) is played.
        if m.dest == Dest::Cell && !parent.alone(p, m.card) {
            return None;
        }
        let from = parent.places[m.card as usize & 63];
        let single = [m.card];
        let (mut fingerprint, mut terms) = (parent.fingerprint, parent.terms);
        let (mut free, mut empty) = (parent.free, parent.empty);
        // The cards the move carries, read where they lie.
        let moved: &[u8];
        if from.col == CELL {
            moved = &single;
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
            moved = &col[at..];
            let mut h = p.hash[i];
            for (k, &c) in col.iter().enumerate().skip(at) {
                h = h.wrapping_sub(card_at(c, k));
            }
            fingerprint = fingerprint
                .wrapping_sub(parent.mixes[i])
                .wrapping_add(column_mix(h));
            terms += parent.prefix[parent.start[i] as usize + at] as i32 - p.term[i] as i32;
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
                for (k, &c) in moved.iter().enumerate() {
                    h = h.wrapping_add(card_at(c, base.len() + k));
                }
                fingerprint = fingerprint
                    .wrapping_sub(parent.mixes[j])
                    .wrapping_add(column_mix(h));
                // What the cards add to the column's share (as `Game::column_term` counts
                // it): each next card below counts once more for each card put on it.
                let n = moved.len();
                let mut add = self.weights.above_next as i32 * n as i32 * parent.nexts[j] as i32;
                let mut low = parent.lowest[j];
                let mut below = base.last().copied();
                for (q, &c) in moved.iter().enumerate() {
                    let s = suit(c);
                    if rank(c) > low[s] {
                        add += self.weights.buried as i32;
                    }
                    if below.is_some_and(|b| !self.fits(c, b)) {
                        add += self.weights.unfit as i32;
                    }
                    low[s] = low[s].min(rank(c));
                    if p.found[s] + 1 == rank(c) {
                        add += self.weights.above_next as i32 * (n - 1 - q) as i32;
                    }
                    below = Some(c);
                }
                terms += add;
                if base.is_empty() {
                    empty -= 1;
                }
            }
            Dest::Foundation => return None,
        }
        let out = 52 - self.up(p) as i32;
        let distance = self.distance_of(out, terms, free, empty, room);
        Some((fingerprint, distance))
    }

    /// [`Game::preview`] of a move to a foundation. Only the suit's next card changes its
    /// column's share: the card sent up was the last of its column (or in a cell), where it
    /// counted nothing, and the card after it now counts the cards lying on it. `None` where
    /// FC-AUTO would send a card up after it, or the move wins: only playing shows those.
    fn preview_up(&self, p: &Pos, parent: &Parent, m: Move, room: i32) -> Option<(u64, i32)> {
        let s = suit(m.card);
        let mut found = p.found;
        found[s] += 1;
        let from = parent.places[m.card as usize & 63];
        let (mut fingerprint, mut terms) = (parent.fingerprint, parent.terms);
        let (mut free, mut empty) = (parent.free, parent.empty);
        // The height of each column after the move.
        let mut lens = p.lens;
        if from.col == CELL {
            fingerprint = fingerprint.wrapping_sub(cell_mix(m.card));
            free += 1;
        } else {
            let i = from.col as usize;
            let len = p.lens[i] as usize;
            let col = &p.cols[i][..len - 1];
            fingerprint = fingerprint
                .wrapping_sub(parent.mixes[i])
                .wrapping_add(column_mix(p.hash[i].wrapping_sub(card_at(m.card, len - 1))));
            terms += self.column_term(col, &found) as i32 - p.term[i] as i32;
            if len == 1 {
                empty += 1;
            }
            lens[i] -= 1;
        }
        // The suit's next card, now counted where it lies (its own column's share, when that
        // is the column the card came from, was worked out afresh above).
        let next = m.card + 1;
        if rank(next) <= 13 {
            let at = parent.places[next as usize & 63];
            if at.col != CELL && at.col != from.col {
                terms += self.weights.above_next as i32
                    * (p.lens[at.col as usize] as i32 - 1 - at.at as i32);
            }
        }
        // FC-AUTO: only a card now playable can go up, one for each suit.
        for (t, &n) in found.iter().enumerate() {
            if n >= 13 {
                continue;
            }
            let c = ((t as u8) << 4) | (n + 1);
            let at = parent.places[c as usize & 63];
            let exposed = at.col == CELL || at.at + 1 == lens[at.col as usize];
            if exposed && self.safe_at(&found, c) {
                return None;
            }
        }
        let out = 52 - self.up(p) as i32 - 1;
        if out == 0 {
            return None;
        }
        let distance = self.distance_of(out, terms, free, empty, room);
        Some((fingerprint, distance))
    }

    /// The canonical key ([`Game::key`]) of the child `m` leads to from `p`, without playing
    /// it: for a move whose [`Game::preview`] is `Some` (nothing goes up after it). The exact
    /// search asks it of children whose fingerprint it has seen, to tell whether they are the
    /// position seen, and of new ones, to store them: most children are one or the other,
    /// and writing the key from the parent's columns spares copying and playing a position.
    /// `sorted` is `p`'s columns in the order of their hashes ([`Game::columns_by_hash`]).
    pub fn key_after(&self, p: &Pos, parent: &Parent, m: Move, sorted: &[u8; MAX_COLS]) -> Key {
        let from = parent.places[m.card as usize & 63];
        let mut cells = p.cells;
        let mut hash = p.hash;
        let single = [m.card];
        // The cards moved, the column they leave (and its height after) if any.
        let (moved, source): (&[u8], Option<(usize, usize)>) = if from.col == CELL {
            if let Some(c) = cells[..self.ncells].iter_mut().find(|c| **c == m.card) {
                *c = 0;
            }
            (&single, None)
        } else {
            let i = from.col as usize;
            let at = from.at as usize;
            let col = &p.cols[i][..p.lens[i] as usize];
            for (k, &c) in col.iter().enumerate().skip(at) {
                hash[i] = hash[i].wrapping_sub(card_at(c, k));
            }
            (&col[at..], Some((i, at)))
        };
        let target = match m.dest {
            Dest::Cell => {
                if let Some(c) = cells[..self.ncells].iter_mut().find(|c| **c == 0) {
                    *c = m.card;
                }
                None
            }
            Dest::Onto(on) => Some(parent.places[on as usize & 63].col as usize),
            Dest::EmptyColumn => parent.first_empty,
            Dest::Foundation => None,
        };
        if let Some(j) = target {
            let base = p.lens[j] as usize;
            for (k, &c) in moved.iter().enumerate() {
                hash[j] = hash[j].wrapping_add(card_at(c, base + k));
            }
        }
        cells[..self.ncells].sort_unstable();
        // As `Game::key` orders them: by hash, from the parent's order, where at most two
        // columns are out of place (an insertion sort then moves little).
        let mut order = *sorted;
        let order = &mut order[..self.ncols];
        for k in 1..order.len() {
            let (i, h) = (order[k], hash[order[k] as usize]);
            let mut at = k;
            while at > 0 && hash[order[at - 1] as usize] > h {
                order[at] = order[at - 1];
                at -= 1;
            }
            order[at] = i;
        }
        // Each column copied whole (a copy of a fixed size, no call), its cards past its
        // height being 0s; the key is the first `KEY_LEN` bytes.
        let mut buf = [0u8; KEY_LEN + MAX_LEN];
        let mut at = 0;
        for &c in &cells[..self.ncells] {
            if c != 0 {
                buf[at] = c;
                at += 1;
            }
        }
        at += 1;
        for &i in order.iter() {
            let i = i as usize;
            let len = p.lens[i] as usize;
            buf[at..at + MAX_LEN].copy_from_slice(&p.cols[i]);
            match source {
                Some((s, left)) if s == i => {
                    // The cards that left, copied too, are taken off again.
                    buf[at + left..at + len].fill(0);
                    at += left;
                }
                _ => at += len,
            }
            if target == Some(i) {
                for &c in moved {
                    buf[at] = c;
                    at += 1;
                }
            }
            at += 1;
        }
        let mut key = [0u8; KEY_LEN];
        key.copy_from_slice(&buf[..KEY_LEN]);
        key
    }

    /// [`Game::distance_valuing_room`] from its parts: cards out, the columns' shares, free
    /// cells and empty columns.
    fn distance_of(&self, out: i32, terms: i32, free: i32, empty: i32, room: i32) -> i32 {
        let w = &self.weights;
        w.out * out + terms - (w.cell + room) * free - 2 * (w.cell + room) * empty
    }

    /// [`Game::moves_with`] from what `parent` (of `p`) knows, the same moves, found from the
    /// other end: for each column's last card, the cards that fit on it (two at most) and
    /// where they lie, rather than for each card of each run, the cards it fits on. The win
    /// finder asks this; the exact search asks [`Game::moves`].
    pub fn moves_from(&self, p: &Pos, parent: &Parent, out: &mut Vec<Move>, every: bool) {
        out.clear();
        let free = parent.free as usize;
        let empty = parent.empty as usize;
        let cap_onto = crate::rules::capacity(self.empty, free, empty, false);
        let cap_empty = crate::rules::capacity(self.empty, free, empty, true);
        let in_play = |c: u8| rank(c) > p.found[suit(c)];
        // Foundations: each suit's next card, where it lies last or in a cell.
        for (s, &n) in p.found.iter().enumerate() {
            if n >= 13 {
                continue;
            }
            let c = ((s as u8) << 4) | (n + 1);
            let at = parent.places[c as usize & 63];
            if at.col == CELL || at.at + 1 == p.lens[at.col as usize] {
                out.push(Move {
                    card: c,
                    dest: Dest::Foundation,
                });
            }
        }
        // Onto each column's last card: the cards that fit on it, from a cell or with the
        // cards above them in another column's run.
        let mut has_onto = [false; MAX_COLS];
        for j in 0..self.ncols {
            let len = p.lens[j] as usize;
            if len == 0 {
                continue;
            }
            let on = p.cols[j][len - 1];
            for c in self.children(on) {
                if c == 0 || !in_play(c) {
                    continue;
                }
                let at = parent.places[c as usize & 63];
                if at.col == CELL {
                    out.push(Move {
                        card: c,
                        dest: Dest::Onto(on),
                    });
                    continue;
                }
                let i = at.col as usize;
                if i == j {
                    continue;
                }
                let run = parent.runs[i] as usize;
                let k = p.lens[i] as usize - at.at as usize;
                if k > run.min(cap_onto) {
                    continue;
                }
                has_onto[i] |= k == 1;
                if every || !(k < run && run <= cap_onto) {
                    out.push(Move {
                        card: c,
                        dest: Dest::Onto(on),
                    });
                }
            }
        }
        // Into an empty column: a column's run, or part of it; a cell's card.
        if empty > 0 {
            for (i, &onto) in has_onto.iter().enumerate().take(self.ncols) {
                let len = p.lens[i] as usize;
                if len == 0 {
                    continue;
                }
                // Moving a whole column into an empty one changes nothing.
                let most = (parent.runs[i] as usize).min(cap_empty).min(len - 1);
                for k in 1..=most {
                    if !every && ((k == 1 && (free > 0 || onto)) || (k > 1 && k < most)) {
                        continue;
                    }
                    let head = p.cols[i][len - k];
                    if self.empty == Empty::Kings && rank(head) != 13 {
                        continue;
                    }
                    out.push(Move {
                        card: head,
                        dest: Dest::EmptyColumn,
                    });
                }
            }
            for &c in &p.cells[..self.ncells] {
                if c != 0 && (self.empty == Empty::Any || rank(c) == 13) && (every || free == 0) {
                    out.push(Move {
                        card: c,
                        dest: Dest::EmptyColumn,
                    });
                }
            }
        }
        // Column cards into a cell.
        if free > 0 {
            for (i, &onto) in has_onto.iter().enumerate().take(self.ncols) {
                let len = p.lens[i] as usize;
                if len == 0 {
                    continue;
                }
                let c = p.cols[i][len - 1];
                if !every && (onto || (len >= 2 && self.fits(c, p.cols[i][len - 2]))) {
                    continue;
                }
                out.push(Move {
                    card: c,
                    dest: Dest::Cell,
                });
            }
        }
    }
}
