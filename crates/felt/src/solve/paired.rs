//! `felt autoplay --against WORDS`: every deal played twice, once with the seats as set and
//! once with `WORDS` added to them (`S=rules`: the rule-based player in South's seat), and
//! the two compared deal by deal. Same deals, same other seats: the difference is the seat's
//! player's alone. Generic: the words are the ruleset's; the host counts wins ("won" status)
//! and compares the facts the ruleset states about each game ([`felt_core::Fact`]: Spades'
//! points a hand, bids made), reading no status key.

use crate::by_hints::End;
use anyhow::{bail, Result};
use felt_core::{Catalog, Fact, Summary};
use std::io::Write;

/// One game of one arm.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Whether the game ended "won" (for a partnership game: the first side won).
    pub won: bool,
    /// The facts the ruleset stated about the finished game.
    pub facts: Vec<Fact>,
}

/// The two arms of a comparison: which deals, with which seats.
pub(crate) struct Arms<'a> {
    /// The variant id.
    pub variant: &'a str,
    /// The seat words of both arms.
    pub seats: &'a [String],
    /// The words added to the second arm's.
    pub against: &'a [String],
    /// The first shuffle number.
    pub first: u64,
    /// The last shuffle number (included).
    pub last: u64,
    /// Threads (default: every core).
    pub jobs: Option<usize>,
}

/// Plays both arms of every deal by the one hint loop on the one batch runner, and prints
/// the comparison.
pub(crate) fn compare(catalog: &Catalog, arms: Arms<'_>) -> Result<()> {
    let a = catalog.build_seated(arms.variant, None, arms.seats)?;
    a.check_shuffle(arms.first)?;
    a.check_shuffle(arms.last)?;
    if !a.info().hints {
        bail!(
            "{} offers no hints, so it cannot be played by them",
            arms.variant
        );
    }
    let mut words = arms.seats.to_vec();
    words.extend(arms.against.iter().cloned());
    let b = catalog.build_seated(arms.variant, None, &words)?;
    let rules = a.info().rules.clone();
    let ran = super::run_deals(arms.jobs, arms.first, arms.last, |seed| {
        let code = catalog.code_for(arms.variant, Some(&rules), seed)?;
        let one = |ruleset| -> Result<Outcome> {
            let played = crate::by_hints::play(ruleset, code.clone())?;
            Ok(Outcome {
                won: matches!(played.end, End::Won { .. }),
                facts: played.facts,
            })
        };
        Ok((one(&a)?, one(&b)?))
    })?;
    let pairs = ran.rows.into_iter().collect::<Result<Vec<_>>>()?;
    report(
        &mut felt::out::stdout(),
        arms.variant,
        arms.seats,
        arms.against,
        &pairs,
    )
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

/// A fact's figure for one game, as its summary reads it: a mean or rate is the value over
/// what it is out of (`None` out of nothing), a count is whether the value is not 0.
fn figure(fact: &Fact) -> Option<f64> {
    match fact.summary {
        Summary::Mean | Summary::Rate if fact.out_of == 0 => None,
        Summary::Mean | Summary::Rate => Some(fact.value as f64 / fact.out_of as f64),
        Summary::Count => Some(f64::from(u8::from(fact.value != 0))),
        Summary::Total => Some(fact.value as f64),
    }
}

/// The comparison table: the win rate of each arm and their paired difference, then the same
/// for every fact the ruleset states, over the deals where both arms state it.
pub fn report(
    out: &mut impl Write,
    variant: &str,
    seats: &[String],
    against: &[String],
    pairs: &[(Outcome, Outcome)],
) -> Result<()> {
    let n = pairs.len();
    let seats_text = if seats.is_empty() {
        "as the variant sets them".to_string()
    } else {
        seats.join(",")
    };
    let with = format!("with {}", against.join(","));
    writeln!(
        out,
        "{n} paired games of {variant} (seats {seats_text}), each deal played both ways:"
    )?;
    let won = |o: &Outcome| f64::from(u8::from(o.won));
    for (arm, name) in [(0, "as set"), (1, with.as_str())] {
        let wins: Vec<f64> = pairs
            .iter()
            .map(|p| won(if arm == 0 { &p.0 } else { &p.1 }))
            .collect();
        let (w, wci) = mean_ci(&wins);
        writeln!(
            out,
            "  {name:<24} won {:>5.1} % ± {:.1}",
            100.0 * w,
            100.0 * wci
        )?;
    }
    let diff: Vec<f64> = pairs.iter().map(|(a, b)| won(a) - won(b)).collect();
    let (dw, dwci) = mean_ci(&diff);
    writeln!(
        out,
        "  difference (as set less {with}): {:+.1} points of win rate ± {:.1} (95 % intervals, paired)",
        100.0 * dw,
        100.0 * dwci
    )?;
    let keys: Vec<(&str, &str, Summary)> = pairs
        .first()
        .map(|p| {
            p.0.facts
                .iter()
                .map(|f| (f.key.as_str(), f.label.as_str(), f.summary))
                .collect()
        })
        .unwrap_or_default();
    for (key, label, summary) in keys {
        let of = |o: &Outcome| o.facts.iter().find(|f| f.key == key).and_then(figure);
        let both: Vec<(f64, f64)> = pairs
            .iter()
            .filter_map(|(a, b)| Some((of(a)?, of(b)?)))
            .collect();
        // A rate or a count reads as a share; a mean or a total as the number it is.
        let scale = match summary {
            Summary::Rate | Summary::Count => 100.0,
            Summary::Mean | Summary::Total => 1.0,
        };
        let unit = if scale > 1.0 { " %" } else { "" };
        let (ma, ca) = mean_ci(&both.iter().map(|x| x.0).collect::<Vec<_>>());
        let (mb, cb) = mean_ci(&both.iter().map(|x| x.1).collect::<Vec<_>>());
        let (md, cd) = mean_ci(&both.iter().map(|x| x.0 - x.1).collect::<Vec<_>>());
        writeln!(
            out,
            "  {label} ({} games): as set {:.2}{unit} ± {:.2}, {with} {:.2}{unit} ± {:.2}, difference {:+.2} ± {:.2}",
            both.len(),
            scale * ma,
            scale * ca,
            scale * mb,
            scale * cb,
            scale * md,
            scale * cd
        )?;
    }
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

    #[test]
    fn every_fact_the_ruleset_states_is_compared_and_no_status_key_is_read() {
        let game = |won: bool, points: i64, hands: i64| Outcome {
            won,
            facts: vec![Fact::new(
                "hand-points",
                "Points a hand",
                points,
                hands,
                Summary::Mean,
            )],
        };
        let pairs = vec![
            (game(true, 500, 10), game(false, 300, 10)),
            (game(true, 520, 13), game(true, 510, 10)),
        ];
        let mut out = Vec::new();
        report(&mut out, "duel", &[], &["S=rules".to_string()], &pairs).expect("written");
        let text = String::from_utf8_lossy(&out);
        assert!(text.contains("2 paired games of duel"), "{text}");
        assert!(text.contains("+50.0 points of win rate"), "{text}");
        // (50 + 40) / 2 against (30 + 51) / 2.
        assert!(
            text.contains("Points a hand (2 games): as set 45.00 ± 9.80, with S=rules 40.50"),
            "{text}"
        );
    }
}
