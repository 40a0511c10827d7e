//! The screens over the records: the statistics, their list of past games, and the replay
//! viewer, which a replay opened from that list leaves for the list again.

use super::{App, Flow};
use crate::games_list::GAMES_SHOWN;
use crate::input::Msg;
use crate::replay::{ReplayEffect, ReplayViewer};
use crate::stats::{StatsEffect, StatsScreen};

impl App {
    /// Handles one message in the replay viewer, which is open.
    pub(super) fn update_replay(&mut self, msg: Msg) -> Flow {
        let Some(viewer) = &mut self.replay else {
            return Flow::Continue;
        };
        if msg == Msg::Quit {
            return Flow::Quit;
        }
        match viewer.update(msg) {
            ReplayEffect::None => Flow::Continue,
            // Opened from the list of past games: back to it, the game still selected.
            ReplayEffect::Leave if self.stats.is_some() => {
                self.replay = None;
                Flow::Continue
            }
            ReplayEffect::Leave => Flow::Quit,
        }
    }

    /// Handles one message on the statistics screen (or its list of past games), which is
    /// open.
    pub(super) fn update_stats(&mut self, msg: Msg) -> Flow {
        let Some(stats) = &mut self.stats else {
            return Flow::Continue;
        };
        if msg == Msg::Quit {
            return Flow::Quit;
        }
        match stats.update(msg) {
            StatsEffect::None => {}
            StatsEffect::Back => self.stats = None,
            StatsEffect::Games(variant) => {
                let games = self
                    .observer
                    .as_mut()
                    .map_or(Ok(Vec::new()), |o| o.games(&variant, GAMES_SHOWN));
                stats.open_games(games);
            }
            StatsEffect::Replay(id) => {
                let tape = match self.observer.as_mut() {
                    Some(o) => o.replay(id, &self.catalog),
                    None => Err(format!("game {id} is not kept anywhere")),
                };
                match tape {
                    Ok(tape) => {
                        self.replay = Some(ReplayViewer::new(tape, self.game_theme()));
                    }
                    Err(e) => stats.replay_failed(format!("Game {id} cannot be replayed: {e}")),
                }
            }
        }
        Flow::Continue
    }

    /// Opens the statistics on the variant selected in the launcher.
    pub(super) fn open_stats(&mut self) {
        let rows = self
            .observer
            .as_mut()
            .map_or(Ok(Vec::new()), |o| o.statistics());
        let mut screen = StatsScreen::new(rows, &self.catalog);
        let selected = self
            .launcher
            .selected_saved()
            .map(|g| g.variant.clone())
            .or_else(|| {
                self.launcher
                    .selected_variant(&self.catalog)
                    .map(str::to_string)
            });
        if let Some(id) = selected {
            screen.select(&id);
        }
        self.stats = Some(screen);
    }
}
