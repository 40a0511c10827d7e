//! `felt autoplay --against WORDS`: every deal played twice, once with the seats as set and
//! once with `WORDS` added to them (`S=rules`: the rule-based player in South's seat), and
//! the two compared deal by deal. Same deals, same other seats: the difference is the seat's
//! player's alone. Generic: the words are the ruleset's, the host only counts wins ("won"
//! status), the score and the rounds (a status item `hand`, where a game has one).

use anyhow::{anyhow, Result};
use felt_core::{Action, Analysis, AnalyzeRequest, DynRuleset, Seat, Status};
use std::io::Write;

/// One game of one arm.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// Whether the game ended "won" (for a partnership game: the first side won).
    pub won: bool,
    /// The final score.
    pub score: f64,
    /// Rounds played (hands), 1 where the game states none.
    pub rounds: f64,
}

/// Plays one game by taking the ruleset's hint for every seat driven from outside.
pub fn play(ruleset: &dyn DynRuleset, seed: u64) -> Result<Outcome> {
    let mut state = ruleset.new_game(seed);
    let hint = AnalyzeRequest::Hint {
        rank: 0,
        budget: felt_core::Budget::states(felt_core::HINT_STATES),
    };
    let mut actions = 0u32;
    while ruleset.status(&state) == Status::Playing {
        let action: Action = match ruleset.analyze(&state, &hint) {
            Some(Analysis::Hint {
                action: Some(a), ..
            }) => a,
            _ => {
                return Err(anyhow!(
                    "seed {seed}: no hint, so the game cannot play itself"
                ))
            }
        };
        ruleset
            .apply(&mut state, &action)
            .map_err(|e| anyhow!("seed {seed}: the hint {action} was refused: {e}"))?;
        actions += 1;
        if actions > 1_000_000 {
            return Err(anyhow!("seed {seed}: no end after a million actions"));
        }
    }
    let view = ruleset.view(&state, Seat(0));
    let rounds = view
        .status_value("hand")
        .and_then(|v| v.trim().parse::<f64>().ok())
        .unwrap_or(1.0)
        .max(1.0);
    Ok(Outcome {
        won: matches!(ruleset.status(&state), Status::Won { .. }),
        score: ruleset.scoreboard(&state).score.unwrap_or(0) as f64,
        rounds,
    })
}

/// Mean and half-width of its 95 % interval (normal approximation).
fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if n < 1.0 {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Both arms over `seeds`, on `jobs` threads.
pub fn run(
    a: &dyn DynRuleset,
    b: &dyn DynRuleset,
    seeds: std::ops::Range<u64>,
    jobs: usize,
) -> Result<Vec<(Outcome, Outcome)>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| anyhow!("cannot start the worker threads: {e}"))?;
    use rayon::prelude::*;
    pool.install(|| {
        seeds
            .into_par_iter()
            .map(|seed| Ok((play(a, seed)?, play(b, seed)?)))
            .collect()
    })
}

/// The comparison table.
pub fn report(
    out: &mut impl Write,
    variant: &str,
    seats: &[String],
    against: &[String],
    pairs: &[(Outcome, Outcome)],
) -> Result<()> {
    let n = pairs.len();
    let col = |f: fn(&Outcome) -> f64, arm: usize| -> Vec<f64> {
        pairs
            .iter()
            .map(|p| f(if arm == 0 { &p.0 } else { &p.1 }))
            .collect()
    };
    let won = |o: &Outcome| f64::from(u8::from(o.won));
    let per_round = |o: &Outcome| o.score / o.rounds;
    let seats_text = if seats.is_empty() {
        "as the variant sets them".to_string()
    } else {
        seats.join(",")
    };
    writeln!(
        out,
        "{n} paired games of {variant} (seats {seats_text}), each deal played both ways:"
    )?;
    for (arm, name) in [
        (0, "as set".to_string()),
        (1, format!("with {}", against.join(","))),
    ] {
        let (w, wci) = mean_ci(&col(won, arm));
        let (p, pci) = mean_ci(&col(per_round, arm));
        writeln!(
            out,
            "  {name:<24} won {:>5.1} % ± {:.1}   {:>6.1} points a hand ± {:.1}",
            100.0 * w,
            100.0 * wci,
            p,
            pci
        )?;
    }
    let diff =
        |f: fn(&Outcome) -> f64| -> Vec<f64> { pairs.iter().map(|(a, b)| f(a) - f(b)).collect() };
    let (dw, dwci) = mean_ci(&diff(won));
    let (dp, dpci) = mean_ci(&diff(per_round));
    writeln!(
        out,
        "  difference (as set less with {}): {:+.1} points of win rate ± {:.1}, {:+.2} points a hand ± {:.2} (95 % intervals, paired)",
        against.join(","),
        100.0 * dw,
        100.0 * dwci,
        dp,
        dpci
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_of_a_constant_is_empty_and_of_a_coin_about_a_tenth_at_a_hundred() {
        assert_eq!(mean_ci(&[2.0, 2.0, 2.0]), (2.0, 0.0));
        let coin: Vec<f64> = (0..100).map(|i| f64::from(i % 2)).collect();
        let (m, ci) = mean_ci(&coin);
        assert!((m - 0.5).abs() < 1e-9);
        assert!((ci - 0.0985).abs() < 0.001, "{ci}");
    }
}
