//! Rule 10 of the solver ([`super`]): a table where some card lies, for good, above every card
//! it could go up on is lost, and a full-information search does not expand it.
//!
//! **Where it holds** ([`Locks::of`]): one pack of four suits (each card once), foundations
//! built by suit or colour (not a hole that takes any suit), no free cells (or all of them
//! full for good: cells, below), an empty column that takes nothing or only a King, the game
//! won on the foundations with no full suit removed elsewhere, and no gather (which deals
//! the columns' cards again).
//! Then a card leaves its column only in three ways: up, when it is the column's last card
//! and a foundation takes it; onto the last card of another column it builds on, as the
//! first card of the group that moves (a group is a card and the cards on it); or, so moving,
//! into an empty column that takes it. Cards come onto a column only on its last card, and
//! nothing else moves a column's cards (a stock dealt onto the columns lays cards on the last
//! ones, and spaces filled by themselves take the reserve's, the stock's or the waste's).
//!
//! **The argument.** Take a card `X` of a column that is not a base rank (an empty foundation
//! would take it), whose every *way up* (each card a foundation takes `X` on, by the
//! foundations' rule) lies under `X` in the same column; let `q` be the lowest of them there,
//! and `R` the cards from just above `q` up to `X`. Suppose every card `B` of `R` is
//! *held*: no empty column takes it, and every card it builds on lies in `R` under `B`, or is
//! on a foundation where no card comes back down. Then no card of `R` ever moves, and `X`
//! never goes up. For take the first action that moves a card of `R`. Before it, `R` still
//! lies in one column in its order, above `q` (a group moved from `q` or below carries them
//! all, cards land only above `X`, and a column's cards leave only as above). It cannot send a
//! card of `R` up: only `X` is last, and each of `X`'s ways up is still under it (at `q`, or
//! in `R`, unmoved). It cannot move a group whose first card is some `B` of `R`: every card
//! `B` builds on is under `B` and so not last, or up for good, and no empty column takes `B`.
//! So no such action is; `X` stays above its ways up, never goes up, and the game, won only
//! with every card up, is lost. Two readings make *held* easier to meet, each on the same
//! argument: a card of `R` under `X` that is face down is never last while `X` lies on it,
//! so never turns nor moves; and under `sequence` a card whose cards up to `X` are no run
//! never starts a group (the cards of `R` keep their order). Where only a column's last card
//! moves alone, or the whole column (`single`, `pile`, and a `supermove` with no cell nor a
//! space that takes a run), the cards under `X` move only with it, so `X` alone needs to be
//! held, over every card under it: no card it builds on under it ever comes out from under
//! it. (Where groups start lower, a card under `q` is no such card: the way up at `q` may
//! leave carrying `X`, and uncover it.) The verdict reads the cards of each column, the foundations'
//! cards and the base: the same for every table of one key (rule 2 only reorders columns,
//! rule 3 keeps every card up, as the foundations' tops and sizes say them).
//!
//! **Locks across columns** ([`Locks::locked`]). The same argument
//! holds for a set `S` of cards lying in several columns, each column's cards of `S` in runs
//! of neighbours (*segments*, from a *bottom* card up to a *top* card), when every card of `S`
//! but a bottom is held (as above: no empty column takes it, and every card it builds on is
//! up for good, or is a card of `S` with a card of `S` right above it, which is never last,
//! or is the top of its own segment, above it), and every top's ways up are all cards of `S`
//! (the base rank is never a top). Then no card of `S` ever goes up. Take the first action
//! that sends one up, or moves a group whose first card is a card of `S` other than a
//! bottom. Before it, each card of `S` with a card of `S` right above it still has it there:
//! a group that carries one carries the other, as it starts under both (a bottom, or a card
//! outside `S` under its segment, carries its whole segment); so each segment still lies in
//! one column in its order. So a card of `S` that goes up must be a top, whose ways up are
//! all still in the columns; and a held card that starts a group has nowhere to go: the
//! cards it builds on are up for good, or covered, or the top of its own segment, which the
//! group carries; no space takes it. A bottom may carry its segment off, onto
//! another column's last card or into a space, and change nothing of the above. So no card
//! of `S` goes up, and the game is lost. The face-down and `sequence` readings hold card by
//! card as for rule 10 (a face-down card with a card of `S` above it never turns; under
//! `sequence` a card whose cards of `S` up to its top are no run never starts a group), and
//! where only the last card moves (`single`, `pile`, …), only the tops need be held: a card
//! under another moves only with the whole column. Two segments may touch, the bottom of one
//! lying right on the top of the other: the bottom may carry its segment off and leave the
//! top last, which a top's part allows for. Rule 10's lie is one segment, from the way up
//! `q` (its bottom) to `X`. The set is found from all the columns' cards, one segment a
//! column, by two steps until every card meets its part: a top whose ways up are not all in
//! the set is taken out (the card under it becomes a top, the card over it a bottom); a
//! card that is not held is made a bottom, its segment cut under it (the card under it
//! becomes a top). Whatever is left meets the conditions, so a set left non-empty proves
//! the table lost whichever order the steps came in. The look starts from every card and
//! takes out or cuts only cards no set meeting the parts could keep as they were, so it
//! keeps every such set, rule 10's lie among them (where only the last card moves, the lie
//! from the column's first card): the solver makes this look alone. The look at one column
//! it began with is kept in `single.rs` for a test that shows it on random play of seven
//! games (137k locked tables at 300 cases); paired at 1 s on deals 1..300, the same tables
//! and verdicts in Yukon, Alaska, Baker's Dozen, Klondike and Fan, at 0.86 to 0.92 of the
//! CPU (median deal; Fan the same). In the games that build in suit
//! (Alaska, Fan, Russian Solitaire), deals 1..1000 at 1 s, paired against
//! 3278163, with cards not held taken out rather than cut under (9bdb0f6): Alaska 59 -> 34
//! undecided (held out, 1001..2000: 60 -> 28), no verdict changed, at a median 1.3 times the
//! CPU on the deals both decide, the same tables (the look costs that much a table); Fan the
//! same verdicts in 13.0 s of CPU against 25.9 s. Cutting instead, paired against 9bdb0f6:
//! Alaska 28 -> 18 and 30 -> 24 in two runs (held out 23 -> 21), no verdict changed; Fan
//! 12.8 -> 1.7 s, Russian Solitaire 1.77 -> 0.47 s of CPU, the same verdicts (a lost Russian
//! Solitaire deal is now most often lost at its start). Taken out, the sets had found nothing
//! more where colours alternate (Yukon 1..300: 14 and 13 proven lost, a fifth more CPU), so
//! bb7a336 looked for them only where cards build in suit; cut, they do, and every game of
//! rule 10 looks for them (paired against bb7a336 at 1 s, no verdict changed: Yukon deals
//! 1..300 36 -> 15 undecided and 301..600 52 -> 26, at a third of the CPU on the deals both
//! decide; Klondike 1..300 39 -> 34; Baker's Dozen 1..300 11 -> 3, CPU 12.2 -> 7.3 s).
//! A card that builds on the top of its own segment was first not held (that top is
//! last); it is, since the group it would start carries that top: paired at 1 s against
//! the look without it (and without pinned columns, below), Alaska deals 1..1000 18 -> 6
//! undecided, no verdict changed, the CPU of the deals both decide 37.3 -> 9.7 s.
//!
//! **Pinned columns.** Where a space takes a King, a King is never held, for a column may
//! empty. But if no column ever empties, a King is held as any card is (no space ever takes
//! it). So the set is first looked for with Kings held like any card, and kept as found if
//! it *pins* every column: no column is empty, and each column's first card is in the set
//! and never starts a group, being face down with a card of the set right on it (never
//! last, so never turned), or having nowhere to go (every card it builds on is up for good,
//! a card of the set with a card of the set right on it, or the top of its own segment,
//! which stays on it and which it would carry; not any card of its column: a card above its
//! segment may leave first, carried off by its own segment's bottom, and a measured Yukon
//! deal was called lost, though won, when the pins read so). Then take the first action
//! that empties a column, sends a card of the set
//! up, or moves a group whose first card is a card of the set other than a bottom. Before
//! it, no space has been, so the argument above holds with Kings held; it shows that the
//! action is none of the last two; and a column empties only when its first card leaves,
//! which goes up (a card of the set) or starts a group (it has nowhere to go, and no space
//! is there to take it). So no such action is, and the table is lost. A set that pins no
//! column so is not lost for that: the Kings are then looked at again as free to move, and
//! the look goes on from the set found (every step takes out or cuts only cards that no
//! set meeting the stricter parts could keep as they were, so the set that remains is the
//! one a look with Kings free from the start would leave). Paired at 1 s against the look
//! without them, deals 1..300: Yukon the same verdicts, the CPU of the deals both decide
//! 5.7 -> 4.8 s (wins found sooner); Alaska and Klondike the same.
//!
//! **Cells.** A free cell takes any card, so where the game has cells a table is looked at
//! only when every cell is full, and each cell's card is put in the set as a segment of its
//! own that must stay there and be held as a card above others is: it goes up only on cards
//! of the set, and every card it builds on is up for good or covered (or, being a King where
//! a space takes one, the set pins every column). A card in a cell takes no card on it, so
//! it is no place for a column's card to go. Take the first action that frees a cell, or
//! does what the arguments above rule out: before it, no cell has been free, so the columns'
//! cards moved as in a game without cells (one card at a time where only a supermove moves
//! runs, no cell nor a space that takes any card being free to carry them), and the
//! arguments above hold; a cell frees only when its card goes up (its ways up are all still
//! in the set) or goes onto a column's last card or into a space (it is held): none can be.
//! If a cell's card cannot be so held, the look gives up: no lock is claimed. Measures:
//! docs/engine-figures.md.
//!
//! It reads face-down cards, so only a search that sees every card uses it.

#[cfg(test)]
mod single;

use crate::play::{Play, State};
use crate::vocabulary::{Empty, Group, Match, Redeal, Win};
use felt_core::{Card, Rank};

/// For each card, the cards it goes up on and the cards it builds on, as bits by card byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Locks {
    /// Bit `p` of `ways_up[x]`: a foundation takes the card `x` on the card `p`.
    ways_up: [u64; 64],
    /// Bit `z` of `builds_on[b]`: the card `b` may lie on the card `z` in a column.
    builds_on: [u64; 64],
    /// Whether cards may come back down from the foundations (then a card up is not gone).
    back: bool,
    /// Whether an empty column takes a King (else nothing).
    kings: bool,
    /// Whether the game has free cells (then a table is looked at only with every cell
    /// full, its cards part of the set for good: module docs, cells).
    cells: bool,
    /// Which cards move together.
    moves: Moves,
    /// Bit `z` of `runs_on[b]`: the card `b` may lie on `z` within a moving group.
    runs_on: [u64; 64],
    /// Bit `x` of `ups_from[p]`: `p` is a way up of the card `x` (`ways_up` turned round).
    ups_from: [u64; 64],
    /// Bit `b` of `lie_on[z]`: the card `b` may lie on `z` (`builds_on` turned round).
    lie_on: [u64; 64],
}

/// No card: a column's first card has none under it, its last none above.
const NONE: u8 = u8::MAX;

/// The set of the look across columns, each card known by its neighbours in its column.
struct Hood {
    /// `above[b]`: the card right on the card `b` in its column, or [`NONE`].
    above: [u8; 64],
    /// `below[b]`: the card right under the card `b` in its column, or [`NONE`].
    below: [u8; 64],
    /// The cards of the set, as bits by card byte.
    set: u64,
    /// The cards of the set with a card of the set right on them.
    covered: u64,
    /// The cards that are bottoms though a card of the set lies right under them (that card
    /// is then a top).
    cut: u64,
    /// The cells' cards, which must stay in the set and be held.
    fixed: u64,
}

impl Hood {
    /// The card right on the set's card `q` in its segment, if any: none where `q` is a top.
    fn on(&self, q: usize) -> Option<usize> {
        let a = self.above[q];
        (a != NONE && self.set >> a & 1 != 0 && self.cut >> a & 1 == 0).then_some(usize::from(a))
    }

    /// The top of the segment of the set's card `b`.
    fn top(&self, b: usize) -> usize {
        let mut q = b;
        while let Some(a) = self.on(q) {
            q = a;
        }
        q
    }
}

/// How a group that may carry a card leaves its column, as rule 10 reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Moves {
    /// Only a column's last card leaves alone, or the whole column with everything on it
    /// (`single`, a `supermove` with no free cell nor a space that takes any card, `pile`):
    /// a card under another moves only with it.
    Last,
    /// A run by the group's rule with everything on it (`sequence`).
    Runs,
    /// Any face-up card with everything on it (`any-face-up`).
    FaceUp,
}

impl Locks {
    /// The rule for `play`'s game, where it holds (module docs).
    pub fn of(play: &Play) -> Option<Locks> {
        let g = &play.game;
        // A hole built regardless of suit takes a card on any of four or eight, which one
        // column of a few cards rarely all holds under it: not worth a look at every table.
        let holds = g.decks == 1
            && g.suits == 4
            && g.foundations.by != Match::Any
            && matches!(g.empty, Empty::None | Empty::King)
            && g.win == Win::Foundations
            && !g.remove_suits
            && g.stock.is_none_or(|s| s.redeal != Redeal::Gather);
        if !holds {
            return None;
        }
        // With no cell free (where there are cells, the rule asks every one full, of cards
        // that never leave), and with spaces that take no run, a supermove is of one card.
        let moves = match g.group {
            Group::Single | Group::Supermove | Group::Pile => Moves::Last,
            Group::Sequence => Moves::Runs,
            Group::AnyFaceUp => Moves::FaceUp,
        };
        // The play's rules already read as bits (the cards that may lie on each card):
        // turned round, the cards each card may lie on.
        let mut ways_up = [0u64; 64];
        let mut builds_on = [0u64; 64];
        let mut runs_on = [0u64; 64];
        for b in 0..64u8 {
            let Some(below) = Card::from_byte(b) else {
                continue;
            };
            let rows = [
                (play.follows.foundation.row(below), &mut ways_up),
                (play.follows.build.row(below), &mut builds_on),
                (play.follows.group.row(below), &mut runs_on),
            ];
            for (mut row, on) in rows {
                while row != 0 {
                    on[row.trailing_zeros() as usize] |= 1 << b;
                    row &= row - 1;
                }
            }
        }
        let mut ups_from = [0u64; 64];
        let mut lie_on = [0u64; 64];
        for x in 0..64 {
            for p in 0..64 {
                if ways_up[x] >> p & 1 != 0 {
                    ups_from[p] |= 1 << x;
                }
                if builds_on[x] >> p & 1 != 0 {
                    lie_on[p] |= 1 << x;
                }
            }
        }
        Some(Locks {
            ups_from,
            lie_on,
            ways_up,
            builds_on,
            back: g.foundations.back,
            kings: g.empty == Empty::King,
            cells: g.cells > 0,
            moves,
            runs_on,
        })
    }

    /// Whether some card of `s`'s columns lies for good above every card it could go up on
    /// (module docs): then no line from `s` wins. `choosing`: the base is still to be chosen.
    /// The look across columns alone: it finds every lie of one column's a look at that
    /// column alone would (module docs; `single.rs` keeps that look, for the test that
    /// shows it).
    pub fn locked(&self, s: &State, choosing: bool) -> bool {
        if choosing {
            return false;
        }
        let up = self.up(s);
        if self.cells && !s.cells.iter().all(Option::is_some) {
            // A free cell takes any card: only a table whose cells stay full is lost so.
            return false;
        }
        self.across(s, up)
    }

    /// The cards of `s` up for good: those on the foundations where none comes back.
    fn up(&self, s: &State) -> u64 {
        if self.back {
            0
        } else {
            s.foundations
                .iter()
                .flatten()
                .fold(0, |m, c| m | 1u64 << (c.to_byte() & 63))
        }
    }

    /// Whether a set of cards of `s`'s columns, in segments, never goes up (module docs:
    /// locks across columns), `up` being the cards up for good. Every card of the columns
    /// is in the set at first, one segment a column; a top whose ways up are not all in the
    /// set is taken out, a card not held is cut under, and the cards whose part may read
    /// either are looked at again, until every card meets its part. Each card is known by
    /// its neighbours in its column, not by its place, so that a look reads no column.
    fn across(&self, s: &State, up: u64) -> bool {
        let mut hood = Hood {
            above: [NONE; 64],
            below: [NONE; 64],
            set: 0,
            covered: 0,
            cut: 0,
            fixed: 0,
        };
        // The face-up cards, those of the base rank (never a top: an empty foundation takes
        // them), and the Kings.
        let (mut face_up, mut base, mut king) = (0u64, 0u64, 0u64);
        for column in &s.columns {
            let mut last = NONE;
            for (p, card) in column.cards.iter().enumerate() {
                let b = card.to_byte() & 63;
                hood.set |= 1 << b;
                if p >= column.down {
                    face_up |= 1 << b;
                }
                if card.rank() == s.base {
                    base |= 1 << b;
                }
                if card.rank() == Rank::KING {
                    king |= 1 << b;
                }
                hood.below[usize::from(b)] = last;
                if last != NONE {
                    hood.above[usize::from(last)] = b;
                    hood.covered |= 1 << last;
                }
                last = b;
            }
        }
        // The cells' cards: each a segment of its own that must stay in the set (module
        // docs, cells).
        for card in s.cells.iter().flatten() {
            let b = card.to_byte() & 63;
            hood.set |= 1 << b;
            hood.fixed |= 1 << b;
            if card.rank() == s.base {
                base |= 1 << b;
            }
            if card.rank() == Rank::KING {
                king |= 1 << b;
            }
        }
        let mut look = hood.set;
        // Where a space takes a King, Kings are first held like any card, on the hypothesis
        // that no column ever empties (module docs: pinned columns); if the set found does
        // not pin every column, the Kings are looked at again as free to move.
        let mut kings_move = self.kings && s.columns.iter().any(|c| c.cards.is_empty());
        loop {
            if !self.settle(&mut hood, look, (up, face_up, base, king), kings_move) {
                return false;
            }
            if hood.set == 0 {
                return false;
            }
            if kings_move || !self.kings || self.pinned(s, &hood, up, face_up) {
                return true;
            }
            kings_move = true;
            look = hood.set & king;
        }
    }

    /// Takes out or cuts the cards of `look` (and those it leads to) that do not meet their
    /// part, until every card of the set does (`across`): `up` the cards up for good, then
    /// the face-up cards, those of the base rank and the Kings; `kings_move`, whether a King
    /// may go into a space. False, and the look given up, if a cell's card does not meet its
    /// part (it may leave, and free its cell).
    fn settle(
        &self,
        hood: &mut Hood,
        mut look: u64,
        (up, face_up, base, king): (u64, u64, u64, u64),
        kings_move: bool,
    ) -> bool {
        while look != 0 {
            let b = look.trailing_zeros() as usize;
            look &= look - 1;
            if hood.set >> b & 1 == 0 {
                continue;
            }
            let d = hood.below[b];
            let top = hood.on(b).is_none();
            // A cell's card is held as a card above others is: it may not leave.
            let bottom = (d == NONE || hood.set >> d & 1 == 0 || hood.cut >> b & 1 != 0)
                && hood.fixed >> b & 1 == 0;
            if top {
                let ways = self.ways_up[b];
                if base >> b & 1 != 0 || ways == 0 || ways & !hood.set != 0 {
                    if hood.fixed >> b & 1 != 0 {
                        return false;
                    }
                    // Out: the cards that went up on it, or lay on it as their segment's
                    // top (a top is never covered), look again; and the card under it
                    // (below).
                    hood.set &= !(1u64 << b);
                    look |= self.ups_from[b] & hood.set;
                    look |= self.under_top(hood, b);
                    look |= self.uncover(hood, b);
                    continue;
                }
            }
            if bottom || !self.may_start(hood, b, top, face_up >> b & 1 != 0) {
                continue;
            }
            // A cell's card takes no card on it, and stays in its cell.
            let mut free = self.builds_on[b] & !up & !hood.covered & !hood.fixed;
            if free != 0 && !top {
                // The top of its own segment stays on it: it would carry it.
                free &= !(1u64 << hood.top(b));
            }
            if free == 0 && !(kings_move && king >> b & 1 != 0) {
                continue;
            }
            if hood.fixed >> b & 1 != 0 {
                return false;
            }
            // Not held: it stays as the bottom of a segment of its own, and the card under
            // it is a top; the cards that lay on its segment's top, then above them, look
            // again.
            let t = if top { b } else { hood.top(b) };
            hood.cut |= 1u64 << b;
            look |= self.under_top(hood, t);
            look |= self.uncover(hood, b);
        }
        true
    }

    /// The cards to look at again when `t` stops being the top of the segment of the cards
    /// under it: those that build on it, which it held (covered cards, which may start a
    /// group only where groups start under the last card).
    fn under_top(&self, hood: &Hood, t: usize) -> u64 {
        if self.moves == Moves::Last {
            return 0;
        }
        self.lie_on[t] & hood.set & hood.covered
    }

    /// Whether the set of `hood` keeps a card in every column
    /// for good (module docs: pinned columns): each column's first card is in the set and
    /// never starts a group, being face down under a card of the set that stays, or having
    /// nowhere to go (every card it builds on up for good, covered by the set, or the top of
    /// its own segment, which stays on it and which it would carry).
    fn pinned(&self, s: &State, hood: &Hood, up: u64, face_up: u64) -> bool {
        s.columns.iter().all(|column| {
            let Some(first) = column.cards.first() else {
                return false;
            };
            let b = usize::from(first.to_byte() & 63);
            if hood.set >> b & 1 == 0 {
                return false;
            }
            if hood.covered >> b & 1 != 0 && face_up >> b & 1 == 0 {
                return true;
            }
            self.builds_on[b] & !up & !hood.covered & !hood.fixed & !(1u64 << hood.top(b)) == 0
        })
    }

    /// The card of the set right under `b`, if any, a top from now on: no longer covered;
    /// it and the cards that lay on it, to be looked at again (under `sequence`, the set's
    /// cards under it too, whose runs end lower).
    fn uncover(&self, hood: &mut Hood, b: usize) -> u64 {
        let d = hood.below[b];
        if d == NONE || hood.set >> d & 1 == 0 {
            return 0;
        }
        let d = usize::from(d);
        hood.covered &= !(1u64 << d);
        let mut look = (1u64 << d) | (self.lie_on[d] & hood.set);
        if self.moves == Moves::Runs {
            let mut q = hood.below[d];
            while q != NONE {
                look |= (1u64 << q) & hood.set;
                q = hood.below[usize::from(q)];
            }
        }
        look
    }

    /// Whether the card `b` of the set (a top or not, face up or not) must be held to stay:
    /// it could start a moving group while the set is in place.
    fn may_start(&self, hood: &Hood, b: usize, top: bool, face_up: bool) -> bool {
        match self.moves {
            // A card under another moves only with the whole column.
            Moves::Last => top,
            // A face-down card with a card of the set on it never turns.
            Moves::FaceUp => top || face_up,
            Moves::Runs => {
                if !top && !face_up {
                    return false;
                }
                // It starts a group only if the set's cards from it to its top are a run.
                let mut q = b;
                while let Some(a) = hood.on(q) {
                    if self.runs_on[a] >> q & 1 == 0 {
                        return false;
                    }
                    q = a;
                }
                true
            }
        }
    }
}
