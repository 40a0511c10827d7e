//! What the app tells its observer (the binary's records) of the game on the table, and what
//! it asks of it as a deal opens: each change once, the time played, and the running total and
//! the bests a new deal is greeted with.

use super::App;

impl App {
    /// Shows a new deal's running total ([`crate::Observer::running_total`]) as it opens,
    /// once, and keeps the variant's bests so far ([`crate::Observer::bests`]) for its finish
    /// window.
    pub(super) fn greet(&mut self) {
        let (Some(game), Some(observer)) = (&mut self.game, &mut self.observer) else {
            return;
        };
        let variant = game.session.ruleset().info().variant.clone();
        // Before this deal is recorded, so the finish window can tell a new best; a game
        // continued is asked for too, as it is not greeted.
        if !game.bests_asked {
            game.bests_asked = true;
            game.bests = observer.bests(&variant);
        }
        if self.greeted == Some(game.deal) {
            return;
        }
        self.greeted = Some(game.deal);
        if !game.session.log().is_empty() {
            return;
        }
        if let Some(total) = observer.running_total(&variant) {
            game.tell(format!("Running total: {total}"));
        }
    }

    /// Tells the observer of a change it has not heard of yet.
    pub(super) fn report(&mut self) {
        let (Some(game), Some(observer)) = (&mut self.game, &mut self.observer) else {
            return;
        };
        if let Some(left) = game.left.take() {
            // The game a new deal replaced: its record is still the observer's current one.
            let _ = observer.played(left.time, true);
            if left.abandoned {
                if let Err(e) = observer.abandoned() {
                    game.error(format!("The game left was not marked abandoned: {e}"));
                }
            }
        }
        // After the game left was given up, so a running total counts it.
        self.greet();
        let (Some(game), Some(observer)) = (&mut self.game, &mut self.observer) else {
            return;
        };
        if game.revision == self.reported.0 {
            return;
        }
        let new_game = self.reported.1 != Some(game.deal);
        self.reported = (game.revision, Some(game.deal));
        if game.assisted {
            observer.assisted();
        }
        let recorded = observer
            .played(game.clock.shown(), false)
            .and_then(|()| observer.changed(&game.session, new_game));
        if let Err(e) = recorded {
            game.error(format!("This game is not being recorded: {e}"));
        }
    }

    /// Hands the observer the time of the game on the table to keep at once (it leaves the
    /// table, or the player may be gone for a while).
    pub(super) fn keep_time(&mut self) {
        if let (Some(game), Some(observer)) = (&self.game, &mut self.observer) {
            if self.reported.1 == Some(game.deal) {
                let _ = observer.played(game.clock.shown(), true);
            }
        }
    }
}
