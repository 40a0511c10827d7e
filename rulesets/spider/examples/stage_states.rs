//! How many positions each of several search set-ups needs to win each four-suit deal, for
//! choosing the solver's stages (`Tuning::retries`) by positions rather than by time, so that
//! the figures repeat on any machine.
//!
//! `cargo run --release -p felt-spider --example stage_states -- DEALS CAP SETUPS`
//!
//! - `DEALS`: `A..B` (both ends included) or a comma list;
//! - `CAP`: the positions each search may visit;
//! - `SETUPS`: comma-separated set-ups, each `key=value` pairs joined by `:` changing the
//!   default tuning, with no retry: `d` (depth weight), `sb`, `rb`, `down`, `stock`, `empty`,
//!   `run`, `hc`, `cv` (the first heuristic's weights), `s2`, `down2`, `cv2` (the
//!   second's), `pr` (per round), `lb` (level boost), `nosecond=1`, `n` and `seed`
//!   (tie-breaking noise and its seed), `retry=1` (the default's retry after its first search, so `retry=1` alone is the
//!   default's whole schedule), `after`, `again` and `rn` (after `retry=1`: the positions of
//!   the first search and of the first fresh starts, `again=0` for one fresh start with the
//!   rest, and the fresh starts' noise); `d=-5` alone is the default's first search.
//!
//! Prints a line a deal: the deal, then for each set-up the positions its search visited
//! before its win, or `-` where it had not won within `CAP`. Runs on two threads.

use felt_core::{Catalog, Origin, Ruleset, Setup};
use felt_spider::solver::glue::{position_of, rules_of};
use felt_spider::solver::{search_stages, Budget, Mode, Tuning, Verdict};
use felt_spider::SpiderRuleset;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

fn ruleset() -> SpiderRuleset {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    let classic = include_str!("../../../config/scoring/classic.toml");
    catalog
        .add_scoring(Origin::BuiltIn("classic.toml".into()), "classic", classic)
        .expect("the classic scoring table");
    let four = include_str!("../../../config/variants/spider-4suit.toml");
    catalog
        .add_variant(Origin::BuiltIn("spider-4suit.toml".into()), four)
        .expect("the four-suit variant");
    let (entry, choice) = catalog
        .choose("spider-4suit", Some("classic"))
        .expect("classic rules");
    SpiderRuleset::new(Setup {
        variant: &entry.variant,
        scoring: catalog.scoring("classic"),
        rules: choice,
    })
    .expect("the ruleset builds")
}

fn deals(arg: &str) -> Vec<u64> {
    let number = |s: &str| {
        s.parse::<u64>()
            .unwrap_or_else(|_| panic!("not a deal: {s}"))
    };
    match arg.split_once("..") {
        Some((a, b)) => (number(a)..=number(b)).collect(),
        None => arg
            .split(',')
            .filter(|s| !s.is_empty())
            .map(number)
            .collect(),
    }
}

fn setup(text: &str, base: Tuning) -> Tuning {
    let mut t = Tuning {
        retry: None,
        ..base
    };
    for pair in text.split(':').filter(|s| !s.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .unwrap_or_else(|| panic!("not key=value: {pair}"));
        let v: i32 = value
            .parse()
            .unwrap_or_else(|_| panic!("not a number: {pair}"));
        match key {
            "d" => t.depth_weight = v,
            "sb" => t.weights.suit_break = v,
            "rb" => t.weights.rank_break = v,
            "down" => t.weights.down = v,
            "stock" => t.weights.stock = v,
            "empty" => t.weights.empty = v,
            "run" => t.weights.run = v,
            "hc" => t.weights.hidden_column = v,
            "cv" => t.weights.cover = v,
            "cv2" => {
                t.second = t
                    .second
                    .map(|w| felt_spider::solver::Weights { cover: v, ..w })
            }
            "pr" => t.per_round = v.max(1) as u32,
            "lb" => t.level_boost = v.max(0) as u32,
            "s2" => {
                t.second = t
                    .second
                    .map(|w| felt_spider::solver::Weights { suit_break: v, ..w })
            }
            "down2" => {
                t.second = t
                    .second
                    .map(|w| felt_spider::solver::Weights { down: v, ..w })
            }
            "nosecond" => t.second = None,
            "retry" => t.retry = (v != 0).then_some(base.retry).flatten(),
            "after" => {
                t.retry = t.retry.map(|r| felt_spider::solver::Retry {
                    after: v.max(0) as u64,
                    ..r
                })
            }
            "rn" => {
                t.retry = t.retry.map(|r| felt_spider::solver::Retry {
                    noise: v.max(0) as u32,
                    ..r
                })
            }
            "again" => {
                t.retry = t.retry.map(|r| felt_spider::solver::Retry {
                    again: if v <= 0 { u64::MAX } else { v as u64 },
                    ..r
                })
            }
            "n" => t.noise = v.max(0) as u32,
            "seed" => t.seed = v as u64,
            _ => panic!("unknown key {key}"),
        }
    }
    t
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, range, cap, setups] = args.as_slice() else {
        panic!("usage: stage_states DEALS CAP SETUPS");
    };
    let deals = deals(range);
    let cap: u64 = cap.parse().unwrap_or_else(|_| panic!("not a cap: {cap}"));
    let r = ruleset();
    let rules = rules_of(&r);
    let base = Tuning::for_rules(&rules);
    let setups: Vec<Tuning> = setups.split(',').map(|s| setup(s, base)).collect();
    let next = AtomicUsize::new(0);
    let rows = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some(&deal) = deals.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let pos = position_of(&r, &r.new_game(deal));
                    let mut row = deal.to_string();
                    for t in &setups {
                        let answer =
                            search_stages(&pos, &rules, Mode::Full, Budget::states(cap), t);
                        match answer.verdict {
                            Verdict::Won(_) => row += &format!(" {}", answer.states),
                            _ => row += " -",
                        }
                    }
                    rows.lock().expect("no thread panicked").push((deal, row));
                }
            });
        }
    });
    let mut rows = rows.into_inner().expect("no thread panicked");
    rows.sort();
    for (_, row) in rows {
        println!("{row}");
    }
}
