//! The Spider solver: winnability with full information, honest hints, exact dead ends.
//!
//! It works on its own compact [`Position`] (✱ contract 10), built from the ruleset's state by
//! [`Position::from_parts`], and answers in [`SolverMove`]s that the ruleset turns into
//! `felt_core::Action`s. Like every ruleset code it is pure: it reads no clock; the caller
//! bounds it by states and memory, and may stop it early through [`Budget::keep_going`].
//!
//! Three answers, never a guess ([`Verdict`]):
//! - **won**, with the whole move list;
//! - **proven unwinnable**, only when the search visited every position reachable under the
//!   rules in force (its pruning is limited to dominance that cannot lose a win);
//! - **undecided**, when the budget ran out first.
//!
//! Two modes ([`Mode`]): full information sees face-down cards and the stock order; honest
//! mode first replaces every hidden card by [`UNKNOWN`] ([`Position::masked`]), so nothing it
//! does can depend on a hidden card. See [`honest`] for how it plans without them.

pub mod deadend;
pub mod eval;
pub mod glue;
pub mod honest;
pub mod moves;
pub mod position;
mod search;
mod table;

#[cfg(test)]
mod tests;

pub use deadend::{dead_end, DeadEnd};
pub use eval::Weights;
pub use honest::{hint, hints};
pub use moves::{is_legal, legal_moves, SolverMove};
pub use position::{Position, PositionError, UNKNOWN};

/// Which groups of cards move together (SP-GROUP).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupRule {
    /// Only a descending run of one suit moves as a group.
    Classic,
    /// Any descending sequence moves as a group, whatever its suits.
    Relaxed,
}

/// When the stock may be dealt (SP-DEAL and its relatives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealPolicy {
    /// Only while every column holds a card.
    Filled,
    /// Whatever the columns hold.
    Any,
    /// Every column must hold a card, unless fewer than this many cards are on the table
    /// (SITE-DEAL: they could never fill every column).
    FilledUnlessFewerThan(u16),
}

/// The rules the solver plays by: everything about a Spider relative that changes what is
/// legal or what wins. Layout and stock sizes come with the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverRules {
    /// Which groups move.
    pub group: GroupRule,
    /// When dealing is allowed.
    pub deal: DealPolicy,
    /// Removed runs that win.
    pub runs_to_win: u8,
    /// Columns on the table.
    pub columns: u8,
}

/// What the solver may look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Sees face-down cards and the stock order: "was this deal winnable?". Says that it peeks.
    Full,
    /// Sees only what the player sees.
    Honest,
}

/// How far a search may go.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// Positions the search may visit.
    pub max_states: u64,
    /// Bytes the search may hold (nodes, packed positions, the transposition table).
    pub max_bytes: usize,
    /// Asked now and then with the states visited so far; `false` stops the search with
    /// "undecided". The binary uses it for a wall-clock deadline, keeping the solver clock-free.
    pub keep_going: Option<&'a (dyn Fn(u64) -> bool + Sync)>,
}

impl Budget<'_> {
    /// A budget of `max_states` positions and 256 MB.
    pub fn states(max_states: u64) -> Budget<'static> {
        Budget {
            max_states,
            max_bytes: 256 << 20,
            keep_going: None,
        }
    }
}

/// The solver's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A winning line, replayable from the position solved.
    Won(Vec<SolverMove>),
    /// No line wins: every reachable position was visited.
    ProvenUnwinnable,
    /// The budget ran out before either could be shown.
    Undecided,
}

/// A verdict with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Won, proven unwinnable or undecided.
    pub verdict: Verdict,
    /// Distinct positions visited.
    pub states: u64,
    /// Most bytes the search held at once.
    pub peak_bytes: usize,
}

/// Solves `pos` under `rules`. In [`Mode::Honest`] the hidden cards are masked first; an
/// honest search can then only win or prove a loss when no hidden card is left that matters:
/// otherwise it is undecided (use [`hint`] to play honestly).
pub fn solve(pos: &Position, rules: &SolverRules, mode: Mode, budget: Budget<'_>) -> Answer {
    solve_tuned(pos, rules, mode, budget, &Tuning::for_rules(rules))
}

/// [`solve`] with explicit search parameters, for experiments and benchmarks.
pub fn solve_tuned(
    pos: &Position,
    rules: &SolverRules,
    mode: Mode,
    budget: Budget<'_>,
    tuning: &Tuning,
) -> Answer {
    match mode {
        Mode::Full => search::best_first(pos, rules, false, budget, tuning),
        Mode::Honest => search::best_first(&pos.masked(), rules, true, budget, tuning),
    }
}

/// The search's parameters. [`Tuning::for_rules`] gives the tuned defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// The heuristic's weights.
    pub weights: Weights,
    /// Expansions each level (rows dealt) gets in turn before the next level's turn.
    pub per_round: u32,
}

impl Tuning {
    /// The defaults for `rules`.
    pub fn for_rules(rules: &SolverRules) -> Tuning {
        Tuning {
            weights: Weights::for_rules(rules),
            per_round: 8,
        }
    }
}
