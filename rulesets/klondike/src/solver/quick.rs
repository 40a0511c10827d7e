//! The quick searches' steps and keys: a subset of the lines, looked through fast, which may
//! find a win but never prove a loss (see `search.rs`).

use super::position::{fits, rank, Dest, Game, Key, Move, Pos, Step, MAX_COL, MAX_TALON, TWINS};
use felt_patience::search::mix;

impl Game {
    /// The quick search's steps: a subset of the legal lines, so what it finds is reachable,
    /// but nothing it leaves out is proven useless — a quick search that ends without a win
    /// proves nothing. Cards to the foundations; moves that turn a card or empty a column;
    /// moves that uncover a card ready for its foundation; and each card the stock and waste
    /// can bring to the top of the waste in one pass round, with the deals it takes, to each
    /// place it may go. No cards come back from the foundations.
    pub fn quick_moves(&self, pos: &Pos, out: &mut Vec<Step>) {
        let mut dealt = Vec::new();
        self.quick_moves_dealt(pos, out, &mut dealt);
    }

    /// [`Game::quick_moves`], and in `dealt` what its round of deals went through:
    /// `dealt[k]` is the waste's length and the passes used after `k` deals, which is all
    /// those deals change (a deal that sends a card up ends the round before it is listed),
    /// so a step `s` played from `pos` is [`Game::dealt`] with `s.then` played, without
    /// dealing again.
    pub fn quick_moves_dealt(&self, pos: &Pos, out: &mut Vec<Step>, dealt: &mut Vec<(u8, u16)>) {
        out.clear();
        dealt.clear();
        dealt.push((pos.waste_len, pos.recycles));
        for i in 0..7 {
            let col = Self::col(pos, i);
            if let Some(&c) = col.last() {
                if pos.downs[i] < pos.lens[i] && Self::ready(pos, c) {
                    out.push(Step::one(Move::Play {
                        card: c,
                        to: Dest::Foundation,
                    }));
                }
            }
        }
        let tops: [Option<u8>; 7] = std::array::from_fn(|j| Self::col(pos, j).last().copied());
        let has_empty = tops.iter().any(Option::is_none);
        let targets = |card: u8, from: usize, deals: u8, out: &mut Vec<Step>| {
            if rank(card) == 13 {
                if has_empty {
                    out.push(Step::dealt(
                        deals,
                        Move::Play {
                            card,
                            to: Dest::Empty,
                        },
                    ));
                }
                return;
            }
            for (j, top) in tops.iter().enumerate() {
                if j != from {
                    if let Some(on) = *top {
                        if fits(card, on) {
                            out.push(Step::dealt(
                                deals,
                                Move::Play {
                                    card,
                                    to: Dest::Onto(on),
                                },
                            ));
                        }
                    }
                }
            }
        };
        let mut order: [usize; 7] = std::array::from_fn(|i| i);
        order.sort_by_key(|&i| std::cmp::Reverse(pos.downs[i]));
        for &i in &order {
            let d = pos.downs[i] as usize;
            let len = pos.lens[i] as usize;
            if d > 0 && d < len {
                targets(pos.cols[i][d], i, 0, out);
            }
        }
        // The stock and waste: each card they can bring up within one round. When no column's
        // last card is waiting to go up (only just after a card came back down can one be), a
        // deal can send up only the card it turns, so that card alone is looked at.
        let columns_settled = !self.would_settle(pos);
        let mut p = *pos;
        let mut deals = 0u8;
        // The waste lengths seen this round: once one comes again, so would its cards.
        let mut seen: u32 = 1 << pos.waste_len;
        loop {
            if let Some(c) = Self::waste_top(&p) {
                if Self::ready(&p, c) {
                    out.push(Step::dealt(
                        deals,
                        Move::Play {
                            card: c,
                            to: Dest::Foundation,
                        },
                    ));
                }
                targets(c, usize::MAX, deals, out);
            }
            if !self.can_deal(&p) || deals == u8::MAX {
                break;
            }
            let sends_up = if columns_settled {
                self.turn(&mut p);
                self.waste_goes_up(&p)
            } else {
                let found = p.found;
                self.play(&mut p, Move::Deal);
                p.found != found
            };
            deals += 1;
            dealt.push((p.waste_len, p.recycles));
            // A card sent up by the deal changes the table: the round ends there, in a
            // position of its own.
            if sends_up {
                out.push(Step::dealt(deals - 1, Move::Deal));
                break;
            }
            if seen & (1 << p.waste_len) != 0 {
                break;
            }
            seen |= 1 << p.waste_len;
        }
        // Where a card lies face up off the foundations: in the talon, or turned up in a
        // column (bit per card byte).
        let mut free: u64 = 0;
        for &c in &pos.talon[..pos.talon_len as usize] {
            free |= 1 << (c & 0x3f);
        }
        for j in 0..7 {
            for &c in &pos.cols[j][pos.downs[j] as usize..pos.lens[j] as usize] {
                free |= 1 << (c & 0x3f);
            }
        }
        let king_waiting = (0..4).any(|s: u8| {
            let k = 13 | (s << 4);
            free & (1 << k) != 0
                && !(0..7).any(|j| pos.downs[j] == 0 && pos.lens[j] > 0 && pos.cols[j][0] == k)
        });
        for i in 0..7 {
            let d = pos.downs[i] as usize;
            let len = pos.lens[i] as usize;
            if d == 0 && len > 0 && rank(pos.cols[i][0]) != 13 && king_waiting {
                // Empties a column for a King.
                targets(pos.cols[i][0], i, 0, out);
            }
            for k in (d + 1)..len {
                let under = pos.cols[i][k - 1];
                // The card's twin (same rank and colour: ♠ and ♣, ♥ and ♦ differ in both suit
                // bits) could then go where it was.
                let twin = pos.cols[i][k] ^ 0x30;
                if Self::ready(pos, under) || (TWINS && free & (1 << (twin & 0x3f)) != 0) {
                    targets(pos.cols[i][k], i, 0, out);
                }
            }
        }
    }

    /// `pos` after the deals `dealt` (from [`Game::quick_moves_dealt`]) says.
    pub fn dealt(pos: &Pos, dealt: (u8, u16)) -> Pos {
        let mut p = *pos;
        (p.waste_len, p.recycles) = dealt;
        p
    }

    /// The waste length the quick search's key gives `pos`: with unlimited passes, the
    /// smallest one whose round of deals brings up the same cards (under draw three every
    /// multiple of three and the whole talon reach the same cards; under draw one every
    /// length does). Positions so merged offer the quick search the same steps.
    fn quick_waste(&self, pos: &Pos) -> u8 {
        let (w, n, d) = (pos.waste_len, pos.talon_len, self.params.draw as u8);
        if self.params.passes.is_none() && (d == 1 || w % d == 0 || w == n) {
            0
        } else {
            w
        }
    }

    /// The quick search's key: as [`Game::key`], with the waste's length
    /// `Game::quick_waste` gives.
    pub fn quick_key(&self, pos: &Pos) -> Key {
        if self.params.passes.is_some() {
            return self.exact_key(pos);
        }
        self.key_with_waste(pos, self.quick_waste(pos))
    }

    /// A 64-bit fingerprint of [`Game::quick_key`], what the quick searches remember: equal
    /// keys give equal fingerprints, and unequal ones differ but by chance (which could only
    /// hide a line from a quick search). Made without the key, from the position's fixed
    /// arrays read a word at a time (past its length a column or the talon holds zeros): each
    /// column's cards and count face down are mixed and the columns' mixes added up, so the
    /// order of the columns falls out without sorting them; then the stock and waste, the
    /// waste's length and the passes used when they are limited.
    pub fn quick_fingerprint(&self, pos: &Pos) -> u64 {
        let mut columns: u64 = 0;
        for i in 0..7 {
            let len = pos.lens[i];
            if len == 0 {
                continue;
            }
            let cards = &pos.cols[i];
            let mut h = u64::from(len) | u64::from(pos.downs[i]) << 8;
            for at in [0, 8, MAX_COL - 8] {
                h = stir(h ^ word(cards, at));
            }
            columns = columns.wrapping_add(mix(h));
        }
        let recycles = if self.params.passes.is_some() {
            pos.recycles
        } else {
            0
        };
        let mut h = columns
            ^ u64::from(pos.talon_len) << 48
            ^ u64::from(self.quick_waste(pos)) << 40
            ^ u64::from(recycles) << 16;
        for at in (0..MAX_TALON).step_by(8) {
            h = stir(h ^ word(&pos.talon, at));
        }
        mix(h ^ columns.rotate_left(29))
    }
}

/// Eight bytes of `bytes` from `at` as one word.
fn word(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

/// One multiply and shift: enough between the words of one fingerprint, each of which is
/// [`mix`]ed in full at its end.
fn stir(h: u64) -> u64 {
    let h = h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Klondike, Params};
    use felt_core::Ruleset;
    use std::collections::HashMap;

    /// Positions the quick steps reach from Thoughtful deals, breadth first.
    fn reached(per_deal: usize) -> (Game, Vec<Pos>) {
        let params = Params {
            draw: 3,
            face_up: true,
            ..Params::default()
        };
        let k = Klondike::with_params(params, None);
        let game = Game::new(&params);
        let mut all = Vec::new();
        let mut steps = Vec::new();
        for deal in 1..=3 {
            let start = game.from_state(&k.new_game(deal)).expect("fits");
            let mut seen = std::collections::HashSet::from([game.quick_key(&start)]);
            let first = all.len();
            all.push(start);
            let mut next = first;
            while next < all.len() && all.len() - first < per_deal {
                let pos = all[next];
                next += 1;
                game.quick_moves(&pos, &mut steps);
                for &s in &steps {
                    let mut p = pos;
                    game.step(&mut p, s);
                    if seen.insert(game.quick_key(&p)) {
                        all.push(p);
                    }
                }
            }
        }
        (game, all)
    }

    // The fingerprint stands for the quick key: positions with one key share a fingerprint,
    // and no two keys of tens of thousands of positions share one.
    #[test]
    fn the_fingerprint_follows_the_quick_key() {
        let (game, all) = reached(20_000);
        assert!(all.len() >= 30_000, "{} positions", all.len());
        let mut by_print: HashMap<u64, Key> = HashMap::new();
        for p in &all {
            let key = game.quick_key(p);
            let print = game.quick_fingerprint(p);
            assert_eq!(
                *by_print.entry(print).or_insert(key),
                key,
                "two keys, one fingerprint"
            );
            // The same position with its columns in another order has the same key, and so
            // the same fingerprint.
            let mut q = *p;
            q.cols.swap(0, 6);
            q.lens.swap(0, 6);
            q.downs.swap(0, 6);
            assert_eq!(game.quick_key(&q), key);
            assert_eq!(game.quick_fingerprint(&q), print);
        }
    }
}
