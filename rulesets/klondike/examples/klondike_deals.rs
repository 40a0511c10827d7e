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
//! `blocking`, `plain` or `depth` one quick order alone, to measure a schedule of them. Runs on
//! one thread; CPU time is the thread's own clock.

use felt_core::{Analysis, Ruleset};
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
    for deal in deals {
        let state = k.new_game(deal);
        let t0 = thread_cpu_ns().unwrap_or(0);
        let answer = match alone.as_deref() {
            None => felt_klondike::solver::solve(&k, &state, &Limits::states(budget)),
            Some(search) => one_search(&k, &state, search, budget),
        };
        let ms = thread_cpu_ns().unwrap_or(0).saturating_sub(t0) as f64 / 1e6;
        let (word, states, moves) = match answer {
            Analysis::Won { report, actions } => ("won", report.states, actions.len()),
            // A quick order that runs out of lines proves nothing: the schedule would go on
            // to the complete walk.
            Analysis::Unwinnable { report }
                if alone.as_deref().is_some_and(|s| s != "complete") =>
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
fn one_search(k: &Klondike, state: &felt_klondike::State, search: &str, budget: u64) -> Analysis {
    use felt_klondike::solver::actions_for;
    use felt_klondike::solver::position::Game;
    use felt_klondike::solver::search::{complete_walk, quick_alone, Order};
    let game = Game::new(k.params());
    let Some(start) = game.from_state(state) else {
        return Analysis::Undecided {
            report: Default::default(),
        };
    };
    let limits = Limits::states(budget);
    let report = match search {
        "complete" => complete_walk(&game, &start, &limits),
        "blocking" => quick_alone(&game, &start, Order::Blocking, &limits),
        "plain" => quick_alone(&game, &start, Order::Plain, &limits),
        "depth" => quick_alone(&game, &start, Order::DepthFirst, &limits),
        other => panic!("KLONDIKE_SEARCH is complete, blocking, plain or depth, not {other}"),
    };
    report.into_analysis(|line| actions_for(k, state, line))
}
