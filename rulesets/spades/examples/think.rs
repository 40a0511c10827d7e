//! How long the strong player thinks: the wall-clock time of each decision over whole hands,
//! by trick, at the given effort, every seat strong.
//!
//! `cargo run --release -p felt-spades --example think -- [HANDS] [SAMPLES] [NODES]`
//! (defaults: 20 hands, 16 samples, 20,000 nodes).

use felt_core::Ruleset;
use felt_spades::bots::Policy;
use felt_spades::game::Phase;
use felt_spades::{Params, Spades};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let samples: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let nodes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let spades = Spades::with_params(Params {
        samples,
        nodes,
        partner: Policy::Strong,
        opponents: Policy::Strong,
        ..Params::default()
    })
    .seated(&["all"])
    .expect("seats");
    let mut by_trick = [(0.0f64, 0u32, 0.0f64); 13];
    let mut bids = (0.0f64, 0u32, 0.0f64);
    for seed in 0..hands {
        let mut state = spades.new_game(seed);
        while state.phase == Phase::Bidding || state.phase == Phase::Playing {
            let t = Instant::now();
            let decision = spades.decide(&state, state.turn);
            let s = t.elapsed().as_secs_f64();
            let slot = if state.phase == Phase::Bidding {
                &mut bids
            } else {
                &mut by_trick[state.tricks_played as usize]
            };
            slot.0 += s;
            slot.1 += 1;
            slot.2 = slot.2.max(s);
            let action = Spades::action_for(&state, decision);
            spades.apply(&mut state, &action).expect("legal");
        }
    }
    println!("samples {samples}, nodes {nodes}, {hands} hands");
    println!(
        "bids: {:.1} ms on average, {:.1} ms at most",
        1e3 * bids.0 / bids.1.max(1) as f64,
        1e3 * bids.2
    );
    let mut all = (0.0, 0u32, 0.0f64);
    for (i, t) in by_trick.iter().enumerate() {
        println!(
            "trick {:>2}: {:.1} ms a card on average, {:.1} ms at most",
            i + 1,
            1e3 * t.0 / t.1.max(1) as f64,
            1e3 * t.2
        );
        all.0 += t.0;
        all.1 += t.1;
        all.2 = all.2.max(t.2);
    }
    println!(
        "every card: {:.1} ms on average, {:.1} ms at most",
        1e3 * all.0 / all.1.max(1) as f64,
        1e3 * all.2
    );
}
