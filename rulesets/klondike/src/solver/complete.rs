//! The complete search's steps: every legal action, a closed round of the stock taken as one
//! position (see `search.rs`, rule 3).

use super::position::{fits, rank, Dest, Game, Move, Pos, Step, MAX_TALON};

impl Game {
    /// Every legal action, in the order the search tries them: cards to the foundations,
    /// moves that turn a card (the deepest hidden pile first), the waste to a column, the
    /// deal, other moves between columns, and cards back from the foundations last. Moving a
    /// whole column into an empty one is left out: it gives the same key; and so is taking
    /// back a card KL-AUTO's test calls safe, which no shortest win does (`search.rs`, rule
    /// 4).
    ///
    /// In a closed round ([`Game::closed_round`]) the deal is replaced by what the round
    /// offers: each card it turns up to the top of the waste, with the deals that bring it
    /// there, to each place it may go. A move that leaves the round closed is listed from
    /// here only: played after any deals of the round, it gives a position of the same closed
    /// round, so the same key. One that opens it (sends up a card that makes a card of the
    /// round, or a column's last card, ready and safe) is listed after each count of deals
    /// as well, since those positions are then apart.
    pub fn moves(&self, pos: &Pos, out: &mut Vec<Step>) {
        let mut all = Vec::with_capacity(48);
        self.all_moves(pos, &mut all);
        out.clear();
        if !self.closed_round(pos) {
            if !self.folds_deals(pos) {
                out.extend(all.into_iter().map(Step::one));
                return;
            }
            // Rule 5 of `search.rs`: the deals up to the round's close are folded into the
            // waste cards they bring up, and into one step to where the round closes.
            for m in all {
                if m != Move::Deal {
                    out.push(Step::one(m));
                    continue;
                }
                let mut p = *pos;
                let mut deals = 0u8;
                loop {
                    self.play(&mut p, Move::Deal);
                    deals += 1;
                    if self.closed_round(&p) || usize::from(deals) > MAX_TALON {
                        out.push(Step {
                            deals: deals - 1,
                            then: Move::Deal,
                        });
                        break;
                    }
                    self.waste_moves(&p, deals, out);
                }
            }
            return;
        }
        // The round's other waste lengths, in the order the deals reach them.
        let mut round: [Pos; MAX_TALON + 1] = [*pos; MAX_TALON + 1];
        let mut len = 1;
        loop {
            let mut p = round[len - 1];
            self.play(&mut p, Move::Deal);
            if p.waste_len == pos.waste_len || len == round.len() {
                break;
            }
            round[len] = p;
            len += 1;
        }
        let waste = Self::waste_top(pos);
        for m in all {
            let from_waste = matches!(m, Move::Play { card, .. } if Some(card) == waste);
            match m {
                Move::Deal => {
                    // The cards the other waste lengths bring up, where the deal stood.
                    for (k, p) in round.iter().enumerate().take(len).skip(1) {
                        self.waste_moves(p, k as u8, out);
                    }
                }
                _ if from_waste => out.push(Step::one(m)),
                _ => {
                    out.push(Step::one(m));
                    let mut after = *pos;
                    self.play(&mut after, m);
                    if !self.closed_round(&after) {
                        out.extend((1..len).map(|k| Step {
                            deals: k as u8,
                            then: m,
                        }));
                    }
                }
            }
        }
    }

    /// Whether the deals from `pos`, a position whose round is open, are folded (rule 5 of
    /// `search.rs`): passes are unlimited (the round then closes within a pass), no card goes
    /// up from the waste by itself, and none waits to go up from a column, so a deal changes
    /// nothing but the waste's length and commutes with every move that leaves the stock and
    /// waste alone.
    fn folds_deals(&self, pos: &Pos) -> bool {
        self.params.passes.is_none() && !self.waste_goes_up_at_all() && !self.would_settle(pos)
    }

    /// The moves of the waste's top card of `pos`, each after `deals` deals.
    fn waste_moves(&self, pos: &Pos, deals: u8, out: &mut Vec<Step>) {
        let Some(card) = Self::waste_top(pos) else {
            return;
        };
        let mut moves = Vec::with_capacity(8);
        if Self::ready(pos, card) {
            moves.push(Move::Play {
                card,
                to: Dest::Foundation,
            });
        }
        let tops: [Option<u8>; 7] = std::array::from_fn(|j| Self::col(pos, j).last().copied());
        targets(&tops, card, usize::MAX, &mut moves);
        out.extend(moves.into_iter().map(|then| Step { deals, then }));
    }

    /// Whether the stock and waste of `pos` turn in a closed round: passes are unlimited,
    /// the waste's length is one that dealing comes back to (under draw three a multiple of
    /// three or the whole talon; under draw one any), and no deal of the round sends a card
    /// up (no card it turns to the top of the waste, and no column's last card, is both ready
    /// and safe under KL-AUTO). Then dealing only turns the round, each of its waste lengths
    /// is reached from each other by deals alone, and all of them are one position: they
    /// have the same future.
    pub fn closed_round(&self, pos: &Pos) -> bool {
        if self.params.passes.is_some() {
            return false;
        }
        let (w, n, d) = (pos.waste_len, pos.talon_len, self.params.draw as u8);
        if !(d <= 1 || w % d == 0 || w == n) {
            return false;
        }
        if !self.params.auto {
            return true;
        }
        // A column's last card can be ready and safe only just after it came back down
        // (KL-RETURN): the next deal would send it up again.
        if self.would_settle(pos) {
            return false;
        }
        // Under draw three the waste's top never goes up by itself (KL-AUTO).
        if !self.waste_goes_up_at_all() {
            return true;
        }
        let goes_up = |c: u8| self.goes_up(pos, c);
        let mut k = d.max(1);
        while k < n {
            if goes_up(pos.talon[k as usize - 1]) {
                return false;
            }
            k += d.max(1);
        }
        n == 0 || !goes_up(pos.talon[n as usize - 1])
    }

    fn all_moves(&self, pos: &Pos, out: &mut Vec<Move>) {
        out.clear();
        let waste = Self::waste_top(pos);
        // To the foundations.
        if let Some(c) = waste {
            if Self::ready(pos, c) {
                out.push(Move::Play {
                    card: c,
                    to: Dest::Foundation,
                });
            }
        }
        for i in 0..7 {
            let col = Self::col(pos, i);
            if let Some(&c) = col.last() {
                if pos.downs[i] < pos.lens[i] && Self::ready(pos, c) {
                    out.push(Move::Play {
                        card: c,
                        to: Dest::Foundation,
                    });
                }
            }
        }
        let tops: [Option<u8>; 7] = std::array::from_fn(|j| Self::col(pos, j).last().copied());
        let targets = |card: u8, from: usize, out: &mut Vec<Move>| targets(&tops, card, from, out);
        // Moves that turn a card, deepest hidden pile first.
        let mut order: [usize; 7] = std::array::from_fn(|i| i);
        order.sort_by_key(|&i| std::cmp::Reverse(pos.downs[i]));
        for &i in &order {
            let d = pos.downs[i] as usize;
            if d > 0 && d < pos.lens[i] as usize {
                targets(pos.cols[i][d], i, out);
            }
        }
        if let Some(c) = waste {
            targets(c, usize::MAX, out);
        }
        if self.can_deal(pos) {
            out.push(Move::Deal);
        }
        // Other moves between columns: from a turned-up card that is not the column's first
        // turned-up card over hidden ones (those are above), nor a whole column to an empty one.
        for i in 0..7 {
            let d = pos.downs[i] as usize;
            let len = pos.lens[i] as usize;
            let first = if d > 0 { d + 1 } else { 0 };
            for k in first..len {
                let c = pos.cols[i][k];
                if k == 0 && rank(c) == 13 {
                    continue;
                }
                targets(c, i, out);
            }
        }
        if self.params.foundation_return {
            for s in 0..4 {
                if pos.found[s] > 0 {
                    let c = (pos.found[s]) | ((s as u8) << 4);
                    // Rule 4 of `search.rs`: a card KL-AUTO's test calls safe never needs to
                    // come back down.
                    if !self.safe(pos, c) {
                        targets(c, usize::MAX, out);
                    }
                }
            }
        }
    }
}

/// Each place `card` (from column `from`, or `usize::MAX` from elsewhere) may go among columns
/// ending in `tops`: an empty column for a King, else a column ending one higher of the other
/// colour.
fn targets(tops: &[Option<u8>; 7], card: u8, from: usize, out: &mut Vec<Move>) {
    if rank(card) == 13 {
        if tops.iter().any(Option::is_none) {
            out.push(Move::Play {
                card,
                to: Dest::Empty,
            });
        }
        return;
    }
    for (j, top) in tops.iter().enumerate() {
        if let Some(on) = *top {
            if j != from && fits(card, on) {
                out.push(Move::Play {
                    card,
                    to: Dest::Onto(on),
                });
            }
        }
    }
}
