//! Solves Thoughtful deals (or those of another bundled variant) and prints one line a deal in
//! the form `felt solve --verbose` uses, so two runs can be compared deal by deal.
//!
//! ```sh
//! cargo run --release -p felt-klondike --example klondike_deals -- 1 1000 [max_states]
//! ```
//!
//! `KLONDIKE_VARIANT=klondike` measures another bundled variant, `KLONDIKE_DEALS=12,40` a
//! list of deals, `KLONDIKE_SET='auto = false'` changes the variant's game settings, and
//! `KLONDIKE_SEARCH=complete` runs the complete walk alone (no quick searches first), and
//! `blocking`, `plain` or `depth` one quick order alone, to measure a schedule of them.
//! `KLONDIKE_CPU_MS=1000` bounds each deal by the thread's CPU time as `felt solve` does (its
//! default budget is 1 s of CPU and no bound on positions): the positions then go unbounded
//! unless `max_states` is given too. Runs on one thread; CPU time is the thread's own clock.

use felt_core::{Analysis, Budget, Ruleset};
use felt_klondike::{Klondike, Params};
use felt_patience::search::Limits;
use felt_patience::testing::thread_cpu_ns;

fn main() {
    let (deals, budget) = felt_patience::testing::deals_from_args("KLONDIKE_DEALS", 1_000_000);
    let id = std::env::var("KLONDIKE_VARIANT").unwrap_or_else(|_| "thoughtful".into());
    let (_, text) = felt_klondike::VARIANTS
        .iter()
        .find(|(name, _)| name.trim_end_matches(".toml") == id)
        .unwrap_or_else(|| panic!("no bundled variant {id}"));
    let table: toml::Table = text.parse().expect("bundled variants parse");
    let mut game = table
        .get("game")
        .and_then(|g| g.as_table())
        .cloned()
        .unwrap_or_default();
    if let Ok(extra) = std::env::var("KLONDIKE_SET") {
        let extra: toml::Table = extra
            .parse()
            .expect("KLONDIKE_SET is TOML, e.g. 'auto = false'");
        game.extend(extra);
    }
    let k = Klondike::with_params(Params::from_table(&game).expect("checked"), None);
    let alone = std::env::var("KLONDIKE_SEARCH").ok();
    let cpu_ms: Option<u64> = std::env::var("KLONDIKE_CPU_MS").ok().map(|ms| {
        ms.parse()
            .expect("KLONDIKE_CPU_MS is a number of milliseconds")
    });
    // A position bound given on the command line holds beside the CPU time; without one the
    // CPU time alone bounds the search, as in `felt solve`'s default.
    let states = match (cpu_ms, std::env::args().nth(3)) {
        (Some(_), None) => None,
        _ => Some(budget),
    };
    let budget = Budget {
        cpu_ms,
        states,
        max_mb: None,
    };
    for deal in deals {
        let state = k.new_game(deal);
        let t0 = thread_cpu_ns().unwrap_or(0);
        let end = cpu_ms.map(|ms| t0 + ms * 1_000_000);
        let keep_going = |_: u64| end.is_none_or(|end| thread_cpu_ns().unwrap_or(0) < end);
        let limits = Limits::new(&budget, &keep_going);
        let answer = match alone.as_deref() {
            None => felt_klondike::solver::solve(&k, &state, &limits),
            Some(search) => one_search(&k, &state, search, &limits),
        };
        let ms = thread_cpu_ns().unwrap_or(0).saturating_sub(t0) as f64 / 1e6;
        let (word, states, moves) = match answer {
            Analysis::Won { report, actions } => ("won", report.states, actions.len()),
            // A quick order that runs out of lines proves nothing: the schedule would go on
            // to the complete walk.
            Analysis::Unwinnable { report }
                if alone
                    .as_deref()
                    .is_some_and(|s| s != "complete" && s != "relaxed") =>
            {
                ("ran-out", report.states, 0)
            }
            Analysis::Unwinnable { report } => ("proven", report.states, 0),
            Analysis::Undecided { report } => ("undecided", report.states, 0),
            _ => ("other", 0, 0),
        };
        println!("deal {deal:>7}: {word:<10} {ms:>8.1} ms {states:>10} states {moves:>5} moves");
    }
}

/// One of the solver's searches alone, its line replayed through the ruleset as `solve`
/// replays it.
fn one_search(
    k: &Klondike,
    state: &felt_klondike::State,
    search: &str,
    limits: &Limits<'_>,
) -> Analysis {
    use felt_klondike::solver::actions_for;
    use felt_klondike::solver::position::Game;
    use felt_klondike::solver::schedule::{quick_alone, Order};
    use felt_klondike::solver::search::complete_walk;
    let game = Game::new(k.params());
    let Some(start) = game.from_state(state) else {
        return Analysis::Undecided {
            report: Default::default(),
        };
    };
    let report = match search {
        // The relaxed game's proof alone (`proven` when it finds one).
        "relaxed" if game.relaxed_lost(&start) => {
            felt_klondike::solver::search::Report::new(felt_patience::search::Outcome::Lost, 1)
        }
        "relaxed" => {
            felt_klondike::solver::search::Report::undecided(1, felt_core::Stopped::States)
        }
        "complete" => complete_walk(&game, &start, limits),
        "blocking" => quick_alone(&game, &start, Order::Blocking, limits),
        "plain" => quick_alone(&game, &start, Order::Plain, limits),
        "depth" => quick_alone(&game, &start, Order::DepthFirst, limits),
        other => panic!("KLONDIKE_SEARCH is complete, blocking, plain or depth, not {other}"),
    };
    report.into_analysis(|line| actions_for(k, state, line))
}
