//! The statistics screen as a player of a scoring patience reads it: figures beside their bars,
//! never over them; scores below zero hanging under a zero line; a long variant name cut so
//! the streak still shows at 80 columns; and no chart key offered when no chart fits.

use crate::common::*;
use felt_tui::input::Mode;
use felt_tui::{App, Outcome, RecentGame, VariantStats};
use std::time::Duration;

/// An observer with statistics only.
struct Figures(Vec<VariantStats>);

impl felt_tui::Observer for Figures {
    fn changed(&mut self, _: &felt_core::Session, _: bool) -> Result<(), String> {
        Ok(())
    }

    fn statistics(&mut self) -> Result<Vec<VariantStats>, String> {
        Ok(self.0.clone())
    }
}

fn stats_screen(stats: Vec<VariantStats>) -> App {
    let mut app = launcher();
    app.set_observer(Box::new(Figures(stats)));
    keys(&mut app, "s");
    assert_eq!(app.mode(), Mode::Stats);
    app
}

fn shot(app: &mut App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

/// A variant whose scores run from -52 a game (a paid deal), with a long name.
fn paying() -> VariantStats {
    use Outcome::*;
    let games = [
        (Lost, 60, -32),
        (Won, 140, 208),
        (Lost, 44, -42),
        (Abandoned, 3, -52),
        (Lost, 71, -12),
        (Won, 133, 156),
        (Lost, 52, 8),
        (Playing, 10, -47),
    ];
    VariantStats {
        variant: "a-patience-that-pays-per-deal-and-per-card-home".into(),
        played: 8,
        won: 2,
        lost: 5,
        win_rate: Some(2.0 / 7.0),
        current_loss_streak: 12,
        longest_win_streak: 1,
        longest_loss_streak: 12,
        best_score: Some(208),
        running_total: Some(182),
        recent: games
            .iter()
            .map(|&(outcome, moves, score)| RecentGame {
                outcome,
                moves,
                score: Some(score),
                played: Some(Duration::from_secs(u64::from(moves) * 4)),
            })
            .collect(),
        ..VariantStats::default()
    }
}

#[test]
fn scores_below_zero_hang_under_a_zero_line_with_their_figures_beside_them() {
    let mut app = stats_screen(vec![paying()]);
    keys(&mut app, "→");
    let small = shot(&mut app, 80, 24);
    assert!(small.contains("-52"), "{small}");
    assert!(small.contains("────"), "a zero line: {small}");
    assert!(
        small.contains("12 lost"),
        "the streak is whole at 80 columns: {small}"
    );
    insta::assert_snapshot!("negative_scores_80x24", small);
    insta::assert_snapshot!("negative_scores_120x40", shot(&mut app, 120, 40));
}

#[test]
fn the_win_rate_chart_says_in_plain_words_what_its_bars_show() {
    let mut app = stats_screen(vec![paying()]);
    keys(&mut app, "→→");
    let big = shot(&mut app, 120, 40);
    assert!(big.contains("Running win rate after each game"), "{big}");
    insta::assert_snapshot!("win_rate_120x40", big);
    insta::assert_snapshot!("win_rate_80x24", shot(&mut app, 80, 24));
}

#[test]
fn with_no_room_for_a_chart_the_key_bar_offers_none() {
    let many: Vec<VariantStats> = (1..=9)
        .map(|i| VariantStats {
            variant: format!("variant-{i}"),
            ..paying()
        })
        .collect();
    let mut app = stats_screen(many);
    let small = shot(&mut app, 80, 24);
    assert!(!small.contains("←→"), "{small}");
    insta::assert_snapshot!("no_chart_80x24", small);
    let big = shot(&mut app, 120, 40);
    assert!(big.contains("←→ chart"), "{big}");
}

#[test]
fn with_every_score_below_zero_the_zero_line_is_right_under_the_title() {
    let losing = VariantStats {
        recent: paying()
            .recent
            .into_iter()
            .filter(|g| g.score.is_some_and(|s| s < 0))
            .collect(),
        ..paying()
    };
    let mut app = stats_screen(vec![losing]);
    keys(&mut app, "→");
    let small = shot(&mut app, 80, 24);
    let lines: Vec<&str> = small.lines().collect();
    let title = lines
        .iter()
        .position(|l| l.contains("Recent games by score"))
        .expect("the chart's title");
    assert!(lines[title + 1].contains("────"), "{small}");
    assert!(small.contains("-52"), "{small}");
    insta::assert_snapshot!("all_below_zero_120x40", shot(&mut app, 120, 40));
}
