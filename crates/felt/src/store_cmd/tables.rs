//! The tables `felt stats` prints: statistics per variant, past games, running totals, the
//! facts rulesets state and the games played with help, or JSON of the same.

use super::StatsArgs;
use anyhow::{bail, Result};
use felt_core::{clip, Catalog};
use felt_store::{Store, VariantStats};
use std::io::Write;

pub(super) fn stats(
    store: &Store,
    args: &StatsArgs,
    catalog: impl FnOnce() -> Catalog,
) -> Result<()> {
    if args.games {
        return games(store, args);
    }
    let all = match &args.variant {
        Some(v) => vec![store.stats(v)?],
        None => store.all_stats()?,
    };
    // Only the catalog knows which scoring tables run on, and whether the variant asked for
    // exists or was refused; it is built only when a total could be one or a variant was named.
    let totals = !args.json && all.iter().any(|s| s.score_total.is_some());
    let catalog = (totals || args.variant.is_some()).then(catalog);
    if let (Some(v), Some(catalog)) = (args.variant.as_deref(), &catalog) {
        // A name nothing knows and no record bears is a typo, not a variant never played.
        if catalog.get(v).is_none() && all.iter().all(|s| s.played == 0) {
            if let e @ felt_core::CatalogError::UnknownVariant(_) = catalog.missing(v) {
                bail!("{e}; no games are recorded under it");
            }
        }
    }
    listing(store, args.json, &all, stats_table)?;
    if let Some(catalog) = catalog {
        if totals {
            let mut out = felt::out::stdout();
            for line in running_totals(&all, |v| catalog.score_runs_on(v)) {
                writeln!(out, "{line}")?;
            }
        }
        // Its records are still counted above; the player learns why it cannot be played.
        if let Some(v) = args.variant.as_deref().filter(|v| catalog.get(v).is_none()) {
            if let e @ felt_core::CatalogError::Refused { .. } = catalog.missing(v) {
                felt::tell!("note: {e}");
            }
        }
    }
    Ok(())
}

/// The running totals of the variants whose score runs on across games (`runs_on`).
pub(super) fn running_totals(all: &[VariantStats], runs_on: impl Fn(&str) -> bool) -> Vec<String> {
    let runs: Vec<(&str, i64)> = all
        .iter()
        .filter(|s| runs_on(&s.variant))
        .filter_map(|s| Some((s.variant.as_str(), s.score_total?)))
        .collect();
    if runs.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![
        String::new(),
        "Running totals (scores that run on from game to game, over finished games):".to_string(),
    ];
    lines.extend(
        runs.iter()
            .map(|(v, total)| format!("  {}  {total}", clip(v, VARIANT_CHARS))),
    );
    lines
}

/// Prints `items` as JSON or as the lines `table` makes of them, or says no game was recorded.
pub(super) fn listing<T: serde::Serialize>(
    store: &Store,
    json: bool,
    items: &[T],
    table: impl FnOnce(&[T]) -> Vec<String>,
) -> Result<()> {
    let mut out = felt::out::stdout();
    if json {
        writeln!(
            out,
            "{}",
            felt_core::text::json_visible(&serde_json::to_string_pretty(items)?)
        )?;
    } else if items.is_empty() {
        writeln!(
            out,
            "No games recorded yet (database: {}).",
            store.path().display()
        )?;
    } else {
        for line in table(items) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// `felt stats --games`: one line a game, newest first.
pub(super) fn games(store: &Store, args: &StatsArgs) -> Result<()> {
    let games = store.games(args.variant.as_deref(), args.last)?;
    listing(store, args.json, &games, games_table)
}

/// The lines of `felt stats --games`.
pub(super) fn games_table(games: &[felt_store::GameSummary]) -> Vec<String> {
    let rows: Vec<[String; 8]> = games
        .iter()
        .map(|g| {
            [
                g.id.to_string(),
                clip(&g.variant, VARIANT_CHARS),
                g.code.clone(),
                if g.assisted {
                    format!("{}, assisted", g.result.as_str())
                } else {
                    g.result.as_str().to_string()
                },
                or_dash(g.score),
                g.moves.to_string(),
                time_text(g.played),
                crate::started::local_start(g.started),
            ]
        })
        .collect();
    let header = [
        "ID", "VARIANT", "CODE", "RESULT", "SCORE", "MOVES", "TIME", "STARTED",
    ];
    aligned(&header, &rows, &[1, 2, 3, 7])
}

/// How long a game was played, as the game clock writes it: "—" for a game played headless
/// (or before felt kept times), which has no time.
pub(super) fn time_text(played: Option<std::time::Duration>) -> String {
    played.map_or_else(|| "—".to_string(), felt_tui::clock::clock_text)
}

/// `header` and `rows` as lines of columns two spaces apart, each as wide as its widest cell:
/// the columns in `left` left-aligned (words), the others right-aligned (numbers).
pub(super) fn aligned<const N: usize>(
    header: &[&str; N],
    rows: &[[String; N]],
    left: &[usize],
) -> Vec<String> {
    let widths: Vec<usize> = (0..N)
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        let mut text = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i > 0 {
                text.push_str("  ");
            }
            // Padded by hand, not with a width argument: a formatting width is at most 65,535.
            let pad = " ".repeat(widths[i].saturating_sub(cell.chars().count()));
            if left.contains(&i) {
                text.push_str(cell);
                text.push_str(&pad);
            } else {
                text.push_str(&pad);
                text.push_str(cell);
            }
        }
        text.trim_end().to_string()
    };
    let mut lines = vec![line(header.to_vec())];
    lines.extend(
        rows.iter()
            .map(|r| line(r.iter().map(String::as_str).collect())),
    );
    lines
}

pub(super) fn or_dash<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// The statistics as an aligned table with a note on what the figures count.
pub(super) fn stats_table(all: &[VariantStats]) -> Vec<String> {
    let header = [
        "VARIANT",
        "PLAYED",
        "WON",
        "LOST",
        "WIN%",
        "STREAK",
        "BEST W",
        "BEST L",
        "BEST SCORE",
        "FEWEST",
        "AVG MOVES",
        "BEST TIME",
    ];
    let rows: Vec<[String; 12]> = all
        .iter()
        .map(|s| {
            let streak = match (s.current_win_streak, s.current_loss_streak) {
                (0, 0) => "-".to_string(),
                (0, l) => format!("L{l}"),
                (w, _) => format!("W{w}"),
            };
            [
                clip(&s.variant, VARIANT_CHARS),
                s.played.to_string(),
                s.won.to_string(),
                s.lost.to_string(),
                or_dash(s.win_rate.map(|r| format!("{:.1}", r * 100.0))),
                streak,
                s.longest_win_streak.to_string(),
                s.longest_loss_streak.to_string(),
                or_dash(s.best_score),
                or_dash(s.fewest_moves_won),
                or_dash(s.average_moves_won.map(|a| format!("{a:.1}"))),
                or_dash(s.best_time.map(felt_tui::clock::clock_text)),
            ]
        })
        .collect();
    // The variant name reads left-aligned; numbers line up on the right.
    let mut lines = aligned(&header, &rows, &[0]);
    lines.push(String::new());
    lines.push(
        "PLAYED counts every game with at least one move, those in progress too; LOST includes"
            .into(),
    );
    lines.push("games you abandoned unfinished. WIN% is over finished games. STREAK is the".into());
    lines.push(
        "current run (W wins, L losses); BEST W and BEST L the longest. BEST SCORE, FEWEST and AVG"
            .into(),
    );
    lines.push(
        "MOVES are over won games (a lost game's score is no best), moves as the variant counts them."
            .into(),
    );
    lines.push(
        "BEST TIME is the fastest won game by the terminal's clock, which stops while felt is in"
            .into(),
    );
    lines.push("the background; a game played headless has no time.".into());
    lines.extend(assisted_lines(all));
    lines.extend(fact_lines(all));
    lines
}

/// The games played with help, a line per variant that has any: every figure of the table
/// is over the player's own games, so these are counted here alone.
pub(super) fn assisted_lines(all: &[VariantStats]) -> Vec<String> {
    let helped: Vec<&VariantStats> = all.iter().filter(|s| s.assisted.played > 0).collect();
    if helped.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![
        String::new(),
        "Assisted games (the demo moved, or a hint was followed where hints count as help):"
            .to_string(),
        "counted apart, in none of the figures above, and never a best.".to_string(),
    ];
    lines.extend(helped.iter().map(|s| {
        format!(
            "  {}  {} played, {} won, {} lost",
            clip(&s.variant, VARIANT_CHARS),
            s.assisted.played,
            s.assisted.won,
            s.assisted.lost
        )
    }));
    lines
}

/// What the rulesets say about their variants' games ([`felt_core::Fact`]): a block per
/// variant that has any, each fact summed up over its finished games as the ruleset asks.
pub(super) fn fact_lines(all: &[VariantStats]) -> Vec<String> {
    let mut lines = Vec::new();
    for s in all.iter().filter(|s| !s.facts.is_empty()) {
        let games = s.facts.iter().map(|f| f.games).max().unwrap_or(0);
        lines.push(String::new());
        lines.push(format!(
            "{}, over {games} finished game{}:",
            clip(&s.variant, VARIANT_CHARS),
            if games == 1 { "" } else { "s" }
        ));
        // A label is the ruleset's text, of any length: cut like a variant id.
        let labels: Vec<String> = s
            .facts
            .iter()
            .map(|f| clip(&f.label, VARIANT_CHARS))
            .collect();
        let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        for (f, label) in s.facts.iter().zip(&labels) {
            let pad = " ".repeat(width - label.chars().count());
            lines.push(format!("  {label}{pad}  {}", f.text()));
        }
    }
    lines
}

/// Characters of a variant id the statistics table shows at most: a record may hold an id of
/// any length (one from a file felt no longer loads), and the table must still line up.
pub(super) const VARIANT_CHARS: usize = 40;
