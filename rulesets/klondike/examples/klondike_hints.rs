//! Plays deals by following hints alone, as the headless `hint`, the terminal's demo and
//! `felt autoplay --by-hints` do (through felt-core's advisor), and prints one line a deal:
//! how it ended, the actions played, hints that brought back a table already seen, and the
//! CPU time. Then the table: won, lost at KL-DEADEND or with no action left, and games that
//! did not end (a hint ran out, or the action cap).
//!
//! ```sh
//! cargo run --release -p felt-klondike --example klondike_hints -- 9001 9300
//! ```
//!
//! `KLONDIKE_VARIANT=klondike-draw3` plays another bundled variant; `KLONDIKE_DEALS=12,40` a
//! list. Runs on one thread; CPU time is the thread's own clock.

use felt_core::advice::{Advice, Advisor};
use felt_core::{GameCode, Session, Status};
use felt_patience::testing::thread_cpu_ns;
use std::sync::Arc;

/// Actions a game may take before it counts as one that did not end.
const CAP: usize = 5_000;

fn main() {
    let (deals, _) = felt_patience::testing::deals_from_args("KLONDIKE_DEALS", 0);
    let id = std::env::var("KLONDIKE_VARIANT").unwrap_or_else(|_| "klondike".into());
    let catalog = felt_patience::testing::catalog(
        Arc::new(felt_klondike::KlondikeFactory),
        &felt_klondike::SCORING,
        &felt_klondike::VARIANTS,
    );
    let ruleset = catalog.build(&id, None).expect("a bundled variant");
    let (mut won, mut dead, mut over, mut open, mut repeats_all) = (0, 0, 0, 0, 0);
    let mut cpu = Vec::new();
    for deal in &deals {
        let code = GameCode::new("KL", 'S', *deal).expect("code");
        let mut session = Session::new(ruleset.clone(), code, 0);
        let mut advisor = Advisor::new();
        let t0 = thread_cpu_ns().unwrap_or(0);
        let (mut actions, mut repeats) = (0, 0);
        let end = loop {
            match session.status() {
                Status::Won { .. } => break "won",
                Status::Over { reason } if reason.contains("KL-DEADEND") => break "dead end",
                Status::Over { .. } => break "over",
                Status::Playing => {}
            }
            if actions >= CAP {
                break "cap";
            }
            match advisor.hint_in(&session) {
                Advice::Hint(hint) => {
                    repeats += usize::from(hint.repeats);
                    session.act(&hint.action).expect("a hint is legal");
                    advisor.table_changed();
                    actions += 1;
                }
                _ => {
                    if std::env::var("KLONDIKE_WHY").is_ok() {
                        let state: &felt_klondike::State =
                            session.state().downcast_ref().expect("a Klondike state");
                        let k = felt_klondike::Klondike::with_params(
                            *felt_klondike::Params::from_table(&toml::Table::new())
                                .as_ref()
                                .expect("defaults"),
                            None,
                        );
                        let _ = &k;
                        eprintln!("{state:?}");
                        for budget in [20_000, 200_000, 2_000_000] {
                            let (w, n) =
                                felt_klondike::solver::progress::way_on_counted(&k, state, budget);
                            eprintln!(
                                "budget {budget}: {n} tables, {}",
                                match w {
                                    felt_klondike::solver::progress::WayOn::Line(l) =>
                                        format!("line of {}", l.len()),
                                    other => format!("{other:?}"),
                                }
                            );
                        }
                    }
                    break "no hint";
                }
            }
        };
        let ms = thread_cpu_ns().unwrap_or(0).saturating_sub(t0) as f64 / 1e6;
        cpu.push(ms);
        match end {
            "won" => won += 1,
            "dead end" => dead += 1,
            "over" => over += 1,
            _ => open += 1,
        }
        repeats_all += repeats;
        println!("deal {deal:>7}: {end:<9} {actions:>5} actions {repeats:>4} repeats {ms:>9.1} ms");
    }
    cpu.sort_by(f64::total_cmp);
    let n = deals.len().max(1);
    let at = |q: f64| {
        cpu.get(((cpu.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "{id}: {n} deals, won {won} ({:.1} %), dead end {dead}, no action left {over}, not ended {open}; \
         hints that repeated a table {repeats_all}; CPU a game median {:.0} ms, 90th percentile {:.0} ms",
        100.0 * won as f64 / n as f64,
        at(0.5),
        at(0.9)
    );
}
