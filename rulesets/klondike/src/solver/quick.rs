//! The quick searches' steps and keys: a subset of the lines, looked through fast, which may
//! find a win but never prove a loss (see `search.rs`).

use super::position::{fits, rank, Dest, Game, Key, Move, Pos, Step, TWINS};

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

    /// [`Game::quick_moves`], and in `dealt` the positions its round of deals went through:
    /// `dealt[k]` is `pos` after `k` deals, so a step `s` played from `pos` is
    /// `dealt[s.deals]` with `s.then` played, without dealing again.
    pub fn quick_moves_dealt(&self, pos: &Pos, out: &mut Vec<Step>, dealt: &mut Vec<Pos>) {
        out.clear();
        dealt.clear();
        dealt.push(*pos);
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
                    out.push(Step {
                        deals,
                        then: Move::Play {
                            card,
                            to: Dest::Empty,
                        },
                    });
                }
                return;
            }
            for (j, top) in tops.iter().enumerate() {
                if j != from {
                    if let Some(on) = *top {
                        if fits(card, on) {
                            out.push(Step {
                                deals,
                                then: Move::Play {
                                    card,
                                    to: Dest::Onto(on),
                                },
                            });
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
        // The stock and waste: each card they can bring up within one round.
        let mut p = *pos;
        let mut deals = 0u8;
        // The waste lengths seen this round: once one comes again, so would its cards.
        let mut seen: u32 = 1 << pos.waste_len;
        loop {
            if let Some(c) = Self::waste_top(&p) {
                if Self::ready(&p, c) {
                    out.push(Step {
                        deals,
                        then: Move::Play {
                            card: c,
                            to: Dest::Foundation,
                        },
                    });
                }
                targets(c, usize::MAX, deals, out);
            }
            if !self.can_deal(&p) || deals == u8::MAX {
                break;
            }
            let found = p.found;
            self.play(&mut p, Move::Deal);
            deals += 1;
            dealt.push(p);
            // A card sent up by the deal changes the table: the round ends there, in a
            // position of its own.
            if p.found != found {
                out.push(Step {
                    deals: deals - 1,
                    then: Move::Deal,
                });
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

    /// The quick search's key: as [`Game::key`], but with unlimited passes the waste's length
    /// is replaced by the smallest one whose round of deals brings up the same cards (under
    /// draw three every multiple of three and the whole talon reach the same cards; under
    /// draw one every length does). Positions so merged offer the quick search the same steps.
    pub fn quick_key(&self, pos: &Pos) -> Key {
        if self.params.passes.is_some() {
            return self.exact_key(pos);
        }
        let (w, n, d) = (pos.waste_len, pos.talon_len, self.params.draw as u8);
        if d == 1 || w % d == 0 || w == n {
            self.key_with_waste(pos, 0)
        } else {
            self.exact_key(pos)
        }
    }
}
