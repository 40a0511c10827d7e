//! The complete search's steps: every legal action, a closed round of the stock taken as one
//! position (see `search.rs`, rule 3).

use super::position::{fits, rank, suit, Dest, Game, Move, Pos, Step, MAX_TALON};

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
        self.listed(pos, out, false, &mut Lists::default());
    }

    /// [`Game::moves`] as the complete walk lists them: a group split off a turned-up card,
    /// a whole column moved onto a card where none is empty, and a card taken back from a
    /// foundation, are played only together with their use (`search.rs` rule 6), so a position with the group moved or the card down and nothing
    /// done with it is never entered.
    pub fn walk_moves(&self, pos: &Pos, out: &mut Vec<Step>, lists: &mut Lists) {
        self.listed(pos, out, self.split_rule, lists);
    }

    fn listed(&self, pos: &Pos, out: &mut Vec<Step>, use_rule: bool, lists: &mut Lists) {
        let Lists {
            all,
            deferred,
            uses,
        } = lists;
        deferred.clear();
        self.all_moves(pos, all, use_rule.then_some(&mut *deferred));
        out.clear();
        let closed = self.closed_round(pos);
        if !closed {
            if !self.folds_deals(pos) {
                out.extend(all.iter().copied().map(Step::one));
            } else {
                // Rule 5 of `search.rs`: the deals up to the round's close are folded into
                // the waste cards they bring up, and into one step to where the round closes.
                for &m in all.iter() {
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
                            out.push(Step::dealt(deals - 1, Move::Deal));
                            break;
                        }
                        self.waste_moves(&p, deals, out);
                    }
                }
            }
            for &(m, made) in deferred.iter() {
                self.used_steps(pos, m, made, 1, out, uses);
            }
            return;
        }
        // How many waste lengths the round has: the deals come back to this one. (Counted
        // here and dealt again where the deal stood, rather than kept: a round of copied
        // positions cost more than dealing twice.)
        let mut len = 1;
        let mut p = *pos;
        loop {
            self.play(&mut p, Move::Deal);
            if p.waste_len == pos.waste_len || len == MAX_TALON + 1 {
                break;
            }
            len += 1;
        }
        let waste = Self::waste_top(pos);
        for &m in all.iter() {
            let from_waste = matches!(m, Move::Play { card, .. } if Some(card) == waste);
            match m {
                Move::Deal => {
                    // The cards the other waste lengths bring up, where the deal stood, in
                    // the order the deals reach them.
                    let mut p = *pos;
                    for k in 1..len {
                        self.play(&mut p, Move::Deal);
                        self.waste_moves(&p, k as u8, out);
                    }
                }
                _ if from_waste => out.push(Step::one(m)),
                _ => self.push_in_round(pos, Step::one(m), len, out),
            }
        }
        for &(m, made) in deferred.iter() {
            self.used_steps(pos, m, made, len, out, uses);
        }
    }

    /// Lists `step`, a step that leaves the stock and waste alone, from `pos`, a position of
    /// a round of `len` waste lengths (1 when its round is open): from the present length
    /// when the round stays closed after it (the positions it gives share a key), from each
    /// length when it opens the round (they are then apart).
    fn push_in_round(&self, pos: &Pos, step: Step, len: usize, out: &mut Vec<Step>) {
        out.push(step);
        if len > 1 {
            let mut after = *pos;
            self.step(&mut after, step);
            if !self.closed_round(&after) {
                out.extend((1..len).map(|k| Step {
                    deals: k as u8,
                    ..step
                }));
            }
        }
    }

    /// The steps of `first`, a move that rule 6 of `search.rs` plays only with its use, from
    /// `pos` in a round of `len` waste lengths: `first` followed by each use it has (none
    /// when it has none). A use from the stock and waste comes with the deals that bring its
    /// card to the top, played before `first` (neither touches what the other does, and no
    /// card goes up on a deal where the waste's top never goes up by itself). Where a card
    /// went up by itself after `first`, or the waste's top may go up by itself and a use lies
    /// in the stock or waste, `first` is listed alone, as without the rule.
    fn used_steps(
        &self,
        pos: &Pos,
        first: Move,
        made: Made,
        len: usize,
        out: &mut Vec<Step>,
        lists: &mut UseLists,
    ) {
        let Move::Play { card: moved, .. } = first else {
            return;
        };
        let mut after = *pos;
        self.play(&mut after, first);
        let mut found = pos.found;
        let UseLists {
            uses,
            wanted,
            dealt,
        } = lists;
        uses.clear();
        wanted.clear();
        dealt.clear();
        match made {
            Made::Split { on } | Made::Up { on } => {
                if matches!(made, Made::Up { .. }) {
                    found[suit(moved)] += 1;
                    // Its next card up.
                    wanted.push((moved + 1, Dest::Foundation));
                }
                if after.found != found {
                    self.push_in_round(pos, Step::one(first), len, out);
                    return;
                }
                if Self::ready(&after, on) {
                    uses.push(Move::Play {
                        card: on,
                        to: Dest::Foundation,
                    });
                }
                // The moved card's twin (the other card of its rank and colour: both suit bits
                // differ) onto `on`. The moved card itself coming back is no use.
                wanted.push((moved ^ 0x30, Dest::Onto(on)));
            }
            Made::Emptied => {
                // Nothing becomes a column's last card, so KL-AUTO sends nothing up; were it
                // ever to, the move goes alone, as after a split.
                if after.found != pos.found {
                    self.push_in_round(pos, Step::one(first), len, out);
                    return;
                }
                // A King, with the cards on it, into the emptied column.
                for s in 0..4u8 {
                    wanted.push((13 | (s << 4), Dest::Empty));
                }
            }
            Made::Return => {
                let s = suit(moved);
                let below = after.found[s];
                if below > 0 {
                    let c = below | ((s as u8) << 4);
                    if !self.safe(&after, c) {
                        let tops: [Option<u8>; 7] =
                            std::array::from_fn(|j| Self::col(&after, j).last().copied());
                        targets(&tops, c, usize::MAX, |m| uses.push(m));
                    }
                }
                // The two cards one lower of the other colour onto it: suit bits 0 and 3 are
                // black, 1 and 2 red, so flipping one of the two bits changes the colour.
                if rank(moved) > 1 {
                    let (lower, high) = (rank(moved) - 1, moved & 0x30);
                    wanted.push((lower | (high ^ 0x10), Dest::Onto(moved)));
                    wanted.push((lower | (high ^ 0x20), Dest::Onto(moved)));
                }
            }
        }
        let talon = &pos.talon[..pos.talon_len as usize];
        // Where `card` lies turned up in a column at a place `at` allows, or may come back
        // from its foundation (rule 4 of `search.rs`).
        let lies = |card: u8, at: &dyn Fn(usize, &[u8]) -> bool| {
            (0..7).any(|i| {
                let col = Self::col(&after, i);
                col.iter()
                    .position(|&c| c == card)
                    .is_some_and(|k| k >= after.downs[i] as usize && at(k, col))
            })
        };
        let back = |card: u8| {
            self.params.foundation_return
                && after.found[suit(card)] == rank(card)
                && !self.safe(&after, card)
        };
        for &(card, to) in wanted.iter() {
            if rank(card) == 0 || rank(card) > 13 {
                continue;
            }
            if talon.contains(&card) {
                dealt.push((card, to));
                continue;
            }
            let movable = match to {
                // Up from the end of a column.
                Dest::Foundation => {
                    Self::ready(&after, card)
                        && (0..7).any(|i| {
                            after.downs[i] < after.lens[i]
                                && Self::col(&after, i).last() == Some(&card)
                        })
                }
                // From a column where it lies turned up (not in `on`'s column, which the
                // group would take along), or back from its foundation where rule 4 allows.
                Dest::Onto(on) => lies(card, &|_, col| col.last() != Some(&on)) || back(card),
                // A King that lies turned up on a card of its column (one face down: nothing
                // else holds a King), or back from its foundation where rule 4 allows. A King
                // first in its column moving to the empty one changes nothing.
                Dest::Empty => lies(card, &|k, _| k > 0) || back(card),
            };
            if movable {
                uses.push(Move::Play { card, to });
            }
        }
        if !dealt.is_empty() && (self.waste_goes_up_at_all() || self.would_settle(pos)) {
            self.push_in_round(pos, Step::one(first), len, out);
            return;
        }
        for &then in uses.iter() {
            self.push_in_round(
                pos,
                Step {
                    deals: 0,
                    first: Some(first),
                    then,
                },
                len,
                out,
            );
        }
        if dealt.is_empty() {
            return;
        }
        // The stock and waste: each waste length the deals reach before one comes again (a
        // shortest line never deals round to a length it dealt from).
        let mut p = *pos;
        let mut deals = 0u8;
        let mut seen: u32 = 0;
        loop {
            if seen & (1 << p.waste_len) != 0 {
                break;
            }
            seen |= 1 << p.waste_len;
            if let Some(top) = Self::waste_top(&p) {
                for &(card, to) in dealt.iter() {
                    // Up only when it is then ready (its lower card is `moved`, just sent up).
                    if card == top && (to != Dest::Foundation || Self::ready(&after, card)) {
                        out.push(Step {
                            deals,
                            first: Some(first),
                            then: Move::Play { card, to },
                        });
                    }
                }
            }
            if !self.can_deal(&p) {
                break;
            }
            self.turn(&mut p);
            deals += 1;
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
        if Self::ready(pos, card) {
            out.push(Step::dealt(
                deals,
                Move::Play {
                    card,
                    to: Dest::Foundation,
                },
            ));
        }
        let tops: [Option<u8>; 7] = std::array::from_fn(|j| Self::col(pos, j).last().copied());
        targets(&tops, card, usize::MAX, |then| {
            out.push(Step::dealt(deals, then))
        });
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

    /// Every legal action of `pos` (rules 1 and 4 of `search.rs`); with `deferred`, the moves
    /// rule 6 plays only with their use go there instead: a group's move off a turned-up
    /// card, a whole column's onto a card where no column is empty, and a card's return from
    /// its foundation.
    fn all_moves(
        &self,
        pos: &Pos,
        out: &mut Vec<Move>,
        mut deferred: Option<&mut Vec<(Move, Made)>>,
    ) {
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
                    let up = Move::Play {
                        card: c,
                        to: Dest::Foundation,
                    };
                    // Off a turned-up card: rule 6 plays it only with its use.
                    match deferred.as_deref_mut() {
                        Some(deferred)
                            if col.len() >= 2 && pos.downs[i] as usize + 2 <= col.len() =>
                        {
                            deferred.push((
                                up,
                                Made::Up {
                                    on: col[col.len() - 2],
                                },
                            ));
                        }
                        _ => out.push(up),
                    }
                }
            }
        }
        let tops: [Option<u8>; 7] = std::array::from_fn(|j| Self::col(pos, j).last().copied());
        // Moves that turn a card, deepest hidden pile first.
        let mut order: [usize; 7] = std::array::from_fn(|i| i);
        order.sort_by_key(|&i| std::cmp::Reverse(pos.downs[i]));
        for &i in &order {
            let d = pos.downs[i] as usize;
            if d > 0 && d < pos.lens[i] as usize {
                targets(&tops, pos.cols[i][d], i, |m| out.push(m));
            }
        }
        if let Some(c) = waste {
            targets(&tops, c, usize::MAX, |m| out.push(m));
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
                match deferred.as_deref_mut() {
                    Some(deferred) if k > 0 => {
                        let on = pos.cols[i][k - 1];
                        targets(&tops, c, i, |m| deferred.push((m, Made::Split { on })));
                    }
                    // A whole column onto a card where no column is empty: it empties one,
                    // played only with a King moved in (rule 6).
                    Some(deferred) if tops.iter().all(Option::is_some) => {
                        targets(&tops, c, i, |m| deferred.push((m, Made::Emptied)));
                    }
                    _ => targets(&tops, c, i, |m| out.push(m)),
                }
            }
        }
        if self.params.foundation_return {
            for s in 0..4 {
                if pos.found[s] > 0 {
                    let c = (pos.found[s]) | ((s as u8) << 4);
                    // Rule 4 of `search.rs`: a card KL-AUTO's test calls safe never needs to
                    // come back down.
                    if !self.safe(pos, c) {
                        match deferred.as_deref_mut() {
                            Some(deferred) => {
                                targets(&tops, c, usize::MAX, |m| deferred.push((m, Made::Return)));
                            }
                            None => targets(&tops, c, usize::MAX, |m| out.push(m)),
                        }
                    }
                }
            }
        }
    }
}

/// Room the complete walk's listing of a position reuses for the next one, so that listing
/// allocates nothing (the lists it allocated afresh were 7 % of a proof's CPU).
#[derive(Default)]
pub struct Lists {
    /// Every legal action ([`Game::all_moves`]).
    all: Vec<Move>,
    /// The moves rule 6 plays only with their use, and what each makes ready.
    deferred: Vec<(Move, Made)>,
    /// What [`Game::used_steps`] lists for one of them.
    uses: UseLists,
}

/// Room [`Game::used_steps`] reuses.
#[derive(Default)]
struct UseLists {
    /// The uses found, in the columns or from the foundations.
    uses: Vec<Move>,
    /// The cards a use would move, and where.
    wanted: Vec<(u8, Dest)>,
    /// Those of them that lie in the stock and waste.
    dealt: Vec<(u8, Dest)>,
}

/// What a move rule 6 of `search.rs` plays only with its use makes ready for that use.
#[derive(Clone, Copy, Debug)]
enum Made {
    /// A group moved off `on`, a turned-up card, leaving it the last of its column.
    Split {
        /// The card left last.
        on: u8,
    },
    /// A column's last card sent up (not by KL-AUTO) off `on`, a turned-up card.
    Up {
        /// The card left last.
        on: u8,
    },
    /// A card taken back from its foundation onto a column.
    Return,
    /// A whole column's cards (led by a card not a King, none face down) moved onto a card
    /// where no column was empty, emptying theirs.
    Emptied,
}

/// Each place `card` (from column `from`, or `usize::MAX` from elsewhere) may go among columns
/// ending in `tops`: an empty column for a King, else a column ending one higher of the other
/// colour.
fn targets(tops: &[Option<u8>; 7], card: u8, from: usize, mut push: impl FnMut(Move)) {
    if rank(card) == 13 {
        if tops.iter().any(Option::is_none) {
            push(Move::Play {
                card,
                to: Dest::Empty,
            });
        }
        return;
    }
    for (j, top) in tops.iter().enumerate() {
        if let Some(on) = *top {
            if j != from && fits(card, on) {
                push(Move::Play {
                    card,
                    to: Dest::Onto(on),
                });
            }
        }
    }
}
