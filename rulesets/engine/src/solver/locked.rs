//! Rule 10 of the solver ([`super`]): a table where some card lies, for good, above every card
//! it could go up on is lost, and a full-information search does not expand it.
//!
//! **Where it holds** ([`Locks::of`]): one pack of four suits (each card once), foundations
//! built by suit or colour (not a hole that takes any suit), no free cells, an empty column
//! that takes nothing or only a King, the game won on the foundations with no full suit
//! removed elsewhere, and no gather (which deals the columns' cards again).
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
//! It reads face-down cards, so only a search that sees every card uses it.

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
    /// Which cards move together.
    moves: Moves,
    /// Bit `z` of `runs_on[b]`: the card `b` may lie on `z` within a moving group.
    runs_on: [u64; 64],
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
            && g.cells == 0
            && matches!(g.empty, Empty::None | Empty::King)
            && g.win == Win::Foundations
            && !g.remove_suits
            && g.stock.is_none_or(|s| s.redeal != Redeal::Gather);
        if !holds {
            return None;
        }
        // Without cells, and with spaces that take no run, a supermove is of one card.
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
        Some(Locks {
            ways_up,
            builds_on,
            back: g.foundations.back,
            kings: g.empty == Empty::King,
            moves,
            runs_on,
        })
    }

    /// Whether some card of `s`'s columns lies for good above every card it could go up on
    /// (module docs): then no line from `s` wins. `choosing`: the base is still to be chosen.
    pub fn locked(&self, s: &State, choosing: bool) -> bool {
        if choosing {
            return false;
        }
        let bit = |c: &Card| 1u64 << (c.to_byte() & 63);
        let up = if self.back {
            0
        } else {
            s.foundations.iter().flatten().fold(0, |m, c| m | bit(c))
        };
        let mut under = Vec::new();
        for column in &s.columns {
            // under[k]: the cards below position k.
            under.clear();
            let mut below = 0u64;
            for c in &column.cards {
                under.push(below);
                below |= bit(c);
            }
            for (x, card) in column.cards.iter().enumerate().skip(1) {
                let ways = self.ways_up[usize::from(card.to_byte() & 63)];
                if card.rank() == s.base || ways == 0 || ways & !under[x] != 0 {
                    continue;
                }
                if self.held(column, &under, up, x) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether no card from just above the lowest of the ways up of the card at `x` (all
    /// under it) up to that card ever moves (module docs): `under[k]` is the cards below
    /// position `k`, `up` the cards up for good.
    fn held(&self, column: &crate::deal::Column, under: &[u64], up: u64, x: usize) -> bool {
        let cards = &column.cards;
        let bit = |c: &Card| 1u64 << (c.to_byte() & 63);
        let ways = self.ways_up[usize::from(cards[x].to_byte() & 63)];
        let Some(q) = cards[..x].iter().position(|c| ways & bit(c) != 0) else {
            return false;
        };
        // Whether the card at `at` is held, the cards it builds on that may take it being
        // `free` (neither in the cards it is to stay over nor up for good).
        let stays = |at: usize, over: u64| {
            let b = cards[at];
            let free = self.builds_on[usize::from(b.to_byte() & 63)] & !over & !up;
            free == 0 && !(self.kings && b.rank() == Rank::KING)
        };
        match self.moves {
            // The cards under `X` move only with it: `X` alone must stay, over all of them.
            Moves::Last => stays(x, under[x]),
            Moves::Runs | Moves::FaceUp => {
                let mut run = true;
                (q + 1..=x).rev().all(|at| {
                    if at < x {
                        run &= self.runs_on[usize::from(cards[at + 1].to_byte() & 63)]
                            & bit(&cards[at])
                            != 0;
                    }
                    // A face-down card is never last while `X` lies on it (`X` itself is
                    // turned once its column's cards above it are gone); under `sequence` a
                    // card whose cards up to `X` are no run never starts a group.
                    (at < x && at < column.down)
                        || (self.moves == Moves::Runs && !run)
                        || stays(at, under[at] & !under[q + 1])
                })
            }
        }
    }
}
