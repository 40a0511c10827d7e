//! Choosing among the best honest plans by sampling the hidden cards.
//!
//! The planner's value of a line is a heuristic: it cannot tell which of two good-looking
//! plans keeps the game winnable. What the player does know is *which* cards are hidden, as a
//! multiset: the deck minus every card in sight. So the hidden places are filled with those
//! cards at random, several times over, and in each such world every candidate plan is played
//! and the full-information solver asked whether the world can still be won. The plan that keeps
//! the most worlds winnable is chosen; ties keep the planner's order.
//!
//! This reads no hidden card: only the multiset, which swapping hidden cards cannot change,
//! and the worlds are drawn from a seed made of the visible position. A solver that sees a
//! world's cards can win worlds no honest line would (it "knows" each card before turning
//! it), so a world's verdict is optimistic; but the comparison is between plans on the same
//! worlds, and a plan that loses even with full sight is a plan to avoid.

use super::super::moves::{is_won, shared_columns};
use super::super::position::Position;
use super::super::{search_stages, Budget, Mode, SolverRules, Tuning, Verdict};
use super::Plan;

/// How the best plans are weighed against the hidden cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sampling {
    /// How many of the planner's best plans are compared.
    pub candidates: usize,
    /// How many worlds each plan is played in.
    pub worlds: usize,
    /// Positions each world's full-information solve may visit; a solve that runs out counts
    /// half a win.
    pub solve_states: u64,
    /// Sample only once at most this many stock rows are left. Early on nearly every world
    /// is winnable with full sight and the counts only echo the solver's own taste (sampling
    /// from the first move lost more one-suit games than it saved); late, a plan that ruins
    /// the game loses in world after world.
    pub rows_left: usize,
}

impl Default for Sampling {
    /// The settings the bot's figures were measured with (one suit, `felt autoplay`).
    fn default() -> Sampling {
        Sampling {
            candidates: 4,
            worlds: 8,
            solve_states: 20_000,
            rows_left: 0,
        }
    }
}

/// `found` (best first) reordered by how many sampled worlds each of the first
/// `s.candidates` plans keeps winnable. `pos` may be the real position: only the multiset of
/// its hidden cards is read. A position whose hidden cards are already unknown is left in the
/// planner's order.
pub fn reorder(
    pos: &Position,
    rules: &SolverRules,
    mut found: Vec<Plan>,
    s: &Sampling,
) -> Vec<Plan> {
    let k = found.len().min(s.candidates);
    if k <= 1 || s.worlds == 0 || pos.rows_left() > s.rows_left || pos.has_unknown() {
        return found;
    }
    let mut unseen = pos.hidden_cards();
    unseen.sort_unstable();
    let masked = pos.masked();
    let seed = masked.key(shared_columns(&masked, true)).0;
    let mut wins = vec![0u32; k];
    for w in 0..s.worlds as u64 {
        let mut cards = unseen.clone();
        felt_core::shuffle(&mut cards, seed ^ w.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let world = masked.with_hidden(&cards);
        for (plan, wins) in found.iter().zip(wins.iter_mut()) {
            let mut p = world.clone();
            for &mv in &plan.line {
                p.apply(mv);
            }
            *wins += if is_won(&p, rules) {
                2
            } else {
                // Only the verdict counts here: the line is never shown, so it is not shortened.
                let budget = Budget::states(s.solve_states);
                let tuning = Tuning::for_rules(rules);
                match search_stages(&p, rules, Mode::Full, budget, &tuning).verdict {
                    Verdict::Won(_) => 2,
                    Verdict::Undecided => 1,
                    Verdict::ProvenUnwinnable => 0,
                }
            };
        }
    }
    // A stable sort: equal counts keep the planner's order.
    let mut head: Vec<(u32, Plan)> = wins.into_iter().zip(found.drain(..k)).collect();
    head.sort_by_key(|(w, _)| std::cmp::Reverse(*w));
    let mut out: Vec<Plan> = head.into_iter().map(|(_, p)| p).collect();
    out.append(&mut found);
    out
}
