//! Bot strength: the Monte-Carlo partnership (North–South) against the simple rule-based one
//! (East–West), over many games to 500, in parallel.
//!
//! `cargo run --release -p felt-spades --example strength -- [GAMES] [SAMPLES]`
//! (defaults: 1000 games, 24 samples).

use felt_core::Ruleset;
use felt_spades::bots::Policy;
use felt_spades::game::Phase;
use felt_spades::{Params, Spades};
use rayon::prelude::*;
use std::time::Instant;

struct Outcome {
    winner: usize,
    scores: [i32; 2],
    hands: u32,
    /// Per side: hands set, Nil bids, Nils made, bags taken.
    sets: [u32; 2],
    nils: [u32; 2],
    nils_made: [u32; 2],
    bags: [u32; 2],
}

fn play(spades: &Spades, seed: u64) -> Outcome {
    let mut state = spades.new_game(seed);
    let (mut sets, mut nils, mut nils_made, mut bags) = ([0; 2], [0; 2], [0; 2], [0; 2]);
    let mut counted = 0;
    loop {
        if let Some(hand) = state.last_hand.as_ref().filter(|h| h.hand_no > counted) {
            counted = hand.hand_no;
            for side in 0..2 {
                let r = &hand.sides[side];
                sets[side] += u32::from(r.contract > 0 && r.counted < r.contract);
                bags[side] += r.bags_gained;
                for line in &r.lines {
                    nils[side] += u32::from(line.starts_with("Nil"));
                    nils_made[side] += u32::from(line.starts_with("Nil made"));
                }
            }
        }
        match state.phase {
            Phase::GameOver => break,
            Phase::HandOver => {
                let _ = spades.apply(&mut state, &felt_core::Action::Choose { option: 0 });
            }
            _ => {
                let action = Spades::action_for(&state, spades.decide(&state, 0));
                if let Err(e) = spades.apply(&mut state, &action) {
                    eprintln!("seed {seed}: the bot's action was refused: {e}");
                    break;
                }
            }
        }
    }
    Outcome {
        winner: state.winner.unwrap_or(1),
        scores: state.scores,
        hands: state.hand_no,
        sets,
        nils,
        nils_made,
        bags,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let samples: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(24);
    let spades = Spades::with_params(Params {
        samples,
        opponents: Policy::Simple,
        ..Params::default()
    });
    let start = Instant::now();
    let outcomes: Vec<Outcome> = (0..games)
        .into_par_iter()
        .map(|seed| play(&spades, seed))
        .collect();
    let elapsed = start.elapsed();
    let wins = outcomes.iter().filter(|o| o.winner == 0).count();
    let hands: u32 = outcomes.iter().map(|o| o.hands).sum();
    let avg =
        |side: usize| outcomes.iter().map(|o| o.scores[side] as f64).sum::<f64>() / games as f64;
    println!("games: {games}, samples per decision: {samples}");
    println!(
        "Monte-Carlo (North–South) won {wins} of {games}: {:.1} %",
        100.0 * wins as f64 / games as f64
    );
    println!(
        "average final score: Monte-Carlo {:.0}, simple {:.0}",
        avg(0),
        avg(1)
    );
    println!("hands per game: {:.1}", hands as f64 / games as f64);
    for (side, name) in ["Monte-Carlo", "simple"].iter().enumerate() {
        let sum = |f: fn(&Outcome) -> [u32; 2]| outcomes.iter().map(|o| f(o)[side]).sum::<u32>();
        println!(
            "{name}: set in {:.1} % of hands, {} Nil bids ({} made), {:.2} bags a hand",
            100.0 * sum(|o| o.sets) as f64 / hands as f64,
            sum(|o| o.nils),
            sum(|o| o.nils_made),
            sum(|o| o.bags) as f64 / hands as f64
        );
    }
    println!(
        "time: {:.1} s in all, {:.3} s per game on {} threads",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * rayon::current_num_threads() as f64 / games as f64,
        rayon::current_num_threads()
    );
}
