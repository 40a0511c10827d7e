//! The look at one column alone that rule 10 ([`super`]) began with, kept for the test that
//! shows the look across columns finds every lock it finds, so that the solver makes only
//! that one look.
//!
//! Why it does: a lie this look finds, the cards of one column from the lowest way up `q`
//! of a card `X` up to `X` (where only a column's last card moves, from the column's first
//! card up to `X`), is one segment whose top `X` has all its ways up in it and whose other
//! cards are held as the look across columns reads held (each card it builds on lies under
//! it in the lie, so is covered, or is up for good; no King where a space takes one), so it
//! is a set meeting every part; and the look across columns, starting from every card and
//! taking out or cutting only cards that no such set could keep as they were, keeps it.

use super::{Locks, Moves};
use crate::play::State;
use felt_core::{Card, Rank};

impl Locks {
    /// Whether some card of `s`'s columns lies for good above every card it could go up on,
    /// all of them under it in its own column (module docs of [`super`]): the look at one
    /// column alone.
    fn single(&self, s: &State, up: u64) -> bool {
        let bit = |c: &Card| 1u64 << (c.to_byte() & 63);
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

#[cfg(test)]
mod tests {
    use crate::variants::{engine_from_text, shipped};
    use felt_core::Ruleset;

    /// On tables of random play in every game rule 10 holds in without cells, each table
    /// the look at one column alone calls locked the look across columns calls locked too.
    #[test]
    fn the_look_across_columns_finds_every_lock_of_one_column() {
        let deals = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6)) * 5;
        let mut found = 0usize;
        for game in [
            "yukon",
            "alaska",
            "russian-solitaire",
            "fan",
            "bakers-dozen",
            "patience-klondike",
            "northwest-territory",
        ] {
            let text = shipped(game).expect("a shipped game");
            let engine = engine_from_text(game, text).expect("it builds");
            let play = engine.play();
            let locks = super::Locks::of(play).expect("rule 10 holds");
            assert!(!locks.cells, "{game}: the test is of games without cells");
            let mut legal = Vec::new();
            let mut rng = 0x9e37_79b9_7f4a_7c15u64;
            for seed in 1..=deals {
                let mut s = engine.new_game(seed);
                for _ in 0..300 {
                    let up = locks.up(&s);
                    if locks.single(&s, up) {
                        found += 1;
                        assert!(
                            locks.locked(&s, play.choosing(&s)),
                            "{game} deal {seed}: one column locked, the look across not: {s:?}"
                        );
                    }
                    legal.clear();
                    play.legal(&s, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    rng = rng
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let action = &legal[(rng >> 33) as usize % legal.len()];
                    play.perform_into(&mut s, action, &mut Vec::new());
                }
            }
        }
        eprintln!("{found} tables locked in one column");
        // A test that found no lock would show nothing.
        assert!(found > 100, "only {found} tables locked in one column");
    }
}
