//! The solver's schedule: which searches of `search.rs` run, in what order, and with what
//! share of the budget.
//!
//! The budget counts positions stored by all the searches together, never time: rulesets
//! read no clock (the host stops a search whose time is up; the time it was given only sets
//! how the positions are shared out, `unbounded_plan`). A large budget first gives each quick
//! order a short probe ([`PROBE`] positions, best first then depth first), then the complete
//! walk one ([`COMPLETE_PROBE`] positions: an end without a win there is a proof like any
//! other); then half the budget goes to the best-first order that weighs blocking cards, a
//! quarter to the plain best-first order, the depth-first quick walk gets what they leave, and the complete walk what all leave (all of
//! it that is left when the quick searches ran out of lines early). A budget bounded only by
//! the host's clock is shared out as if it were [`UNBOUNDED_PLAN`] positions (more for a
//! budget over two seconds), and the complete walk then runs until the host stops it. The
//! probes and the best-first order ([`Game::distance`]) only decide which lines are looked at
//! first: they find wins sooner or later, never a proof, so none of the rules of `search.rs`
//! depends on them.

use super::position::{Game, Pos};
use super::search::{best_first, best_first_room, complete_walk, walk, Outcome, Report};
use felt_core::Stopped;
use felt_patience::search::{stage_spent, Limits};

/// Whether a stage's report ends the whole search: only the host's callback does (time up, a
/// hint no longer wanted), not a stage that spent its share ([`stage_spent`]).
fn ends_all(report: &Report) -> bool {
    report.outcome == Outcome::Undecided && !stage_spent(report.stopped)
}

/// Searches from `start` (as the ruleset left it) until a win, a proof, or `limits` stop it
/// (its positions are shared among the stages): the quick searches first, then, when they ran out of lines without a
/// win, the complete walk with what is left of the budget. Over Thoughtful deals 1..100 at 1M
/// positions (a depth charge of 1), best-first then depth-first won 79, the depth-first walk
/// alone 77.
///
/// With a budget of at least [`PROBE_FROM`] positions, three quick orders ([`Order`]) are
/// first each given [`PROBE`] positions and the complete walk [`COMPLETE_PROBE`], before the
/// two best-first orders start again with half and a quarter of the budget: each order finds
/// some wins at once that the others miss for hundreds of thousands of positions, and a probe
/// costs little beside that.
pub fn search(game: &Game, start: &Pos, limits: &Limits<'_>) -> Report {
    // Lost even in the relaxed game: over Thoughtful deals 1..1000, 80 deals (36 before the
    // relaxed game read the stock's order), 4001..4500, 30.
    if game.relaxed_lost(start) {
        return Report::new(Outcome::Lost, 1);
    }
    let max_states = limits.max_states();
    let mut used = 0;
    let mut peak = 0;
    // A stage's report with the whole search's figures.
    let total = |stage: Report, used: u64, peak: u64| Report {
        states: used,
        peak_bytes: peak.max(stage.peak_bytes),
        ..stage
    };
    if max_states >= PROBE_FROM {
        for order in [Order::Blocking, Order::DepthFirst, Order::Plain] {
            let probe = quick_alone(game, start, order, &limits.with_states(PROBE));
            used += probe.states;
            peak = peak.max(probe.peak_bytes);
            if ends_all(&probe) {
                return total(probe, used, peak);
            }
            match probe.outcome {
                Outcome::Undecided => {}
                // The quick lines ran out: only the complete walk can say more.
                Outcome::Lost => return complete(game, start, limits, used, peak),
                _ => return total(probe, used, peak),
            }
        }
        // Then the complete walk, briefly: it plays what the quick steps leave out (cards
        // back from the foundations, any column move), and some deals it wins at once. After
        // the quick probes, so that the many deals they win at once do not pay for it.
        let probe = complete_walk(game, start, &limits.with_states(COMPLETE_PROBE));
        used += probe.states;
        peak = peak.max(probe.peak_bytes);
        if probe.outcome != Outcome::Undecided || ends_all(&probe) {
            return total(probe, used, peak);
        }
    }
    // Half the budget to the blocking best-first order, a quarter to the plain one: on
    // held-out deals 1001..2000 the plain order alone at 500,000 positions won six deals the
    // blocking order left undecided. With a quarter each, at 1 s, Thoughtful deals 1..1000
    // left 74 undecided, with half and a quarter 70 (122, 476, 769, 987 won, 370 proven; 465
    // no longer won), held out 4001..4500 52 and 50 (4094, 4286 won). A budget of time alone
    // (no bound on positions) is shared as if it were `UNBOUNDED_PLAN` positions (more for
    // more time: `unbounded_plan`), and the complete walk gets all the time the quick
    // searches leave.
    let plan = if max_states == u64::MAX {
        unbounded_plan(limits)
    } else {
        max_states
    };
    let most = best_first_room(limits);
    let mut quick = best_first(game, start, &limits.with_states((plan / 2).min(most)), true);
    used += quick.states;
    peak = peak.max(quick.peak_bytes);
    if quick.outcome == Outcome::Undecided && !ends_all(&quick) {
        quick = best_first(
            game,
            start,
            &limits.with_states((plan / 4).min(most)),
            false,
        );
        used += quick.states;
        peak = peak.max(quick.peak_bytes);
    }
    if ends_all(&quick) {
        return total(quick, used, peak);
    }
    let quick = match quick.outcome {
        Outcome::Undecided => {
            // The best-first order went astray: the depth-first order often does not.
            let rest = limits.with_states(plan.saturating_sub(used).max(1));
            let other = walk(game, start, &rest, true);
            used += other.states;
            peak = peak.max(other.peak_bytes);
            other
        }
        _ => quick,
    };
    if ends_all(&quick) {
        return total(quick, used, peak);
    }
    match quick.outcome {
        Outcome::Lost => complete(game, start, limits, used, peak),
        // The quick searches spent their share of a budget of time alone: the rest of the
        // time is the complete walk's.
        Outcome::Undecided if max_states == u64::MAX => complete(game, start, limits, used, peak),
        // Memory stopped the quick searches short of their share: the positions they did not
        // spend are the complete walk's.
        Outcome::Undecided if quick.stopped == Stopped::Memory && used < max_states => {
            complete(game, start, limits, used, peak)
        }
        _ => total(quick, used, peak),
    }
}

/// One quick order by itself within `limits`: what the schedule of [`search`] is made of, run
/// alone to measure it (the `klondike_deals` example).
pub fn quick_alone(game: &Game, start: &Pos, order: Order, limits: &Limits<'_>) -> Report {
    match order {
        Order::DepthFirst => walk(game, start, limits, true),
        Order::Blocking => best_first(game, start, limits, true),
        Order::Plain => best_first(game, start, limits, false),
    }
}

/// The orders the quick searches look in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Best first by [`Game::distance`], blocking cards weighed.
    Blocking,
    /// The depth-first quick walk.
    DepthFirst,
    /// Best first by [`Game::distance`] without the blocking cards: on some deals that
    /// weight leads the search astray where the plain order wins at once (held-out deals
    /// 1176 and 1667 won at 492 and 2,446 positions without it, undecided with it).
    Plain,
}

/// Positions each quick order gets first, when the budget is at least [`PROBE_FROM`]. Over
/// Thoughtful deals 1..1000 at 1M positions, 8 of the 13 deals the depth-first walk won after
/// best first had spent its half took it fewer than 20,000 positions.
pub const PROBE: u64 = 25_000;
/// Positions the complete walk gets first, when the budget is at least [`PROBE_FROM`]. Run
/// alone on the 299 deals of 1..2000 that the quick searches left undecided or took over
/// 150,000 positions to win, it won four within 10,000 positions (deals 531, 757, 1363 and
/// 1889, one of them undecided and one won only after a second) where the quick orders each
/// took 180,000 positions or more, or found nothing within 700,000.
pub const COMPLETE_PROBE: u64 = 10_000;
/// The positions a budget of time alone (no bound on positions, as `felt solve` gives by
/// default) is shared out as among the quick searches: the complete walk gets the time they
/// leave. Shared out by quarters of an unbounded count, the first best-first order took all
/// the time, so the complete walk ran only when the quick lines ran out. Over the 138 deals of
/// Thoughtful 1..1000 that were undecided or slow at 1 s of CPU, a plan of 800,000 positions
/// won 33 and proved 27 lost, 400,000 won 27 and proved 28, 200,000 won 13 and proved 31 (the
/// schedule before: 29 and 27); with no depth-first quick walk, 800,000 did worse on the 122
/// deals it was run on (28 and 25, against 32 and 24 with it).
pub const UNBOUNDED_PLAN: u64 = 800_000;
/// The positions a budget of time alone is shared out as: [`UNBOUNDED_PLAN`] up to two
/// seconds of CPU, as much again for each further two seconds, but never more than four
/// times what a best-first order can hold ([`best_first_room`]). Over the 77 Thoughtful deals of 1..1000 undecided at 1 s, at 5 s a deal and with the
/// best-first orders given a quarter each: 20 decided with the plan of 800,000 (5 won, 15
/// proven), 24 with 2,000,000 (11 won, 13 proven: 122, 301, 476, 763, 769 and 987 won, four
/// of them within 0.7 s, where the quarters were too small; 78 and 511 no longer proven in
/// the time left), 24 with 3,000,000, 23 with 4,000,000.
fn unbounded_plan(limits: &Limits<'_>) -> u64 {
    let by_time = limits.cpu_ms().map_or(UNBOUNDED_PLAN, |ms| {
        UNBOUNDED_PLAN.saturating_mul(ms) / 2000
    });
    let by_memory = 4 * best_first_room(limits);
    by_time
        .max(UNBOUNDED_PLAN)
        .min(by_memory.max(UNBOUNDED_PLAN))
}

/// The least budget that starts with the probes: below it they would take too large a share.
pub const PROBE_FROM: u64 = 250_000;

/// The complete walk with what is left of the budget once the quick searches spent `used`
/// positions and held at most `peak` bytes.
fn complete(game: &Game, start: &Pos, limits: &Limits<'_>, used: u64, peak: u64) -> Report {
    let rest = limits.with_states(limits.max_states().saturating_sub(used).max(1));
    let mut full = walk(game, start, &rest, false);
    full.states += used;
    full.peak_bytes = full.peak_bytes.max(peak);
    full
}

#[cfg(test)]
mod tests {
    use super::*;
    use felt_core::Budget;
    use std::mem::size_of;

    /// The plan of a budget of `cpu_ms` of CPU time alone, with `max_mb` of memory.
    fn plan(cpu_ms: u64, max_mb: Option<u64>) -> u64 {
        let budget = Budget {
            cpu_ms: Some(cpu_ms),
            states: None,
            max_mb,
        };
        unbounded_plan(&Limits::new(&budget, &|_| true))
    }

    #[test]
    fn more_time_gives_the_quick_searches_more_positions_as_far_as_memory_holds_them() {
        // `felt solve`'s default second, and two, share out as before.
        assert_eq!(plan(1000, None), UNBOUNDED_PLAN);
        assert_eq!(plan(2000, None), UNBOUNDED_PLAN);
        assert_eq!(plan(5000, None), 2_000_000);
        // An hour: four times what a best-first order holds, its copies of positions in a
        // list at its doubling within the default 256 MB.
        let hour = plan(3_600_000, None);
        assert!((2_000_000..3_000_000).contains(&hour), "{hour}");
        assert!(hour / 4 * 2 * size_of::<Pos>() as u64 <= 256 << 20);
        // The blocking order's half of it is held to what fits.
        let room = best_first_room(&Limits::new(&Budget::default(), &|_| true));
        assert!(room < hour / 2 && room * 2 * size_of::<Pos>() as u64 <= 256 << 20);
        // Never less than the second's plan, even where memory is tight.
        assert_eq!(plan(3_600_000, Some(8)), UNBOUNDED_PLAN);
    }
}
