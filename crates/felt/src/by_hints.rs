//! The one hint loop: a game played to its end by asking the host's [`Advisor`] for a hint and
//! playing it through a [`Session`], the path of the headless `hint` and of the terminal's
//! demo. `felt autoplay` (every game, one seat or several) and `felt solve --deals --mode
//! honest` play their deals with it, and `felt autoplay --against` plays both arms of each deal
//! with it.
//!
//! A one-seat game follows the advisor's plans whole. In a game of several seats the ruleset
//! answers a hint for the seat whose turn it is, so the loop plays seat by seat, each seat
//! driven from outside taking its hint as the turn comes to it (the ruleset's own computer
//! seats play inside `apply`).
//!
//! **It never loops.** The advisor never offers a hint that returns to a table already on the
//! game's line, so a game that would go round comes to "stuck" (or "dead-end", where the
//! ruleset proves that nothing makes progress from its last table); and a game that goes on
//! without repeating a table is cut at [`MAX_ACTIONS`], which its outcome says ("cap").

use anyhow::{anyhow, Result};
use felt_core::{
    Advice, Advisor, Analysis, AnalyzeRequest, DynRuleset, Fact, GameCode, Session, Status,
};
use std::sync::Arc;

/// Actions after which a game that has not ended is cut off and counts as not won: the
/// built-in bot's own cap.
pub(crate) const MAX_ACTIONS: usize = 5_000;

/// How a game played by hints ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// Won; `winner` names the side for a game of sides (`North–South`), else empty.
    Won {
        /// The winner the ruleset names.
        winner: String,
    },
    /// Over by the rules, not won, and why (`East–West won the game, 512 to 300`).
    Over {
        /// The ruleset's reason.
        reason: String,
    },
    /// The hint found no move in a game still playing and the ruleset proves that no sequence
    /// of actions makes progress from the table (its dead-end answer): lost, and known to be.
    Lost,
    /// The hint found no move in a game still playing (or every one went back to a table
    /// already on the line), and the table is not proven a dead end: the game stops unwon,
    /// though a line the hint's bounded search did not see may still win it.
    Stuck,
    /// [`MAX_ACTIONS`] actions and no end.
    Cap,
    /// The ruleset refused its own hint.
    Refused,
}

impl End {
    /// The outcome's word in the tables.
    pub(crate) fn word(&self) -> &'static str {
        match self {
            End::Won { .. } => "won",
            End::Over { .. } => "over",
            End::Lost => "dead-end",
            End::Stuck => "stuck",
            End::Cap => "cap",
            End::Refused => "refused",
        }
    }
}

/// One game played by hints.
#[derive(Clone, Debug)]
pub(crate) struct Played {
    /// The deal's shuffle number.
    pub seed: u64,
    /// Its game code.
    pub code: GameCode,
    /// How it ended.
    pub end: End,
    /// Actions played.
    pub actions: usize,
    /// Hints given though they returned to a table already on the line (the advisor gives
    /// none: the count shows it).
    pub repeats: usize,
    /// CPU time the game took on its thread, the plugin's helper process included.
    pub ms: f64,
    /// The score the ruleset keeps for the records ([`felt_core::Scoreboard`]), if it scores.
    pub score: Option<i64>,
    /// The facts the ruleset states about the finished game ([`felt_core::Fact`]).
    pub facts: Vec<Fact>,
}

/// Plays the deal of `code` by hints to its end (module docs). An error when the ruleset
/// offers no hint at all, or has stopped (its plugin's process ended): a game that cannot
/// be played is no result.
pub(crate) fn play(ruleset: &Arc<dyn DynRuleset>, code: GameCode) -> Result<Played> {
    // The game is played on one worker thread: its CPU time is the game's, however busy the
    // machine is.
    let start = crate::solve::thread_cpu();
    let seed = code.shuffle;
    // No undo is taken, so none is kept.
    let mut session = Session::new(ruleset.clone(), code.clone(), 0);
    let mut advisor = Advisor::new();
    let mut repeats = 0;
    let end = loop {
        match session.status() {
            Status::Won { winner } => break End::Won { winner },
            Status::Over { reason } => break End::Over { reason },
            Status::Playing if session.log().len() >= MAX_ACTIONS => break End::Cap,
            Status::Playing => {}
        }
        let hint = match advisor.hint_in(&session) {
            Advice::Hint(hint) => hint,
            // Told apart so that no table counts a game the bot gave up as one proven lost:
            // the dead-end answer is the ruleset's proof, never a guess.
            Advice::Nothing => match ruleset.analyze(session.state(), &AnalyzeRequest::DeadEnd) {
                Some(Analysis::DeadEnd { stuck: true }) => break End::Lost,
                _ => break End::Stuck,
            },
            Advice::NotOffered => {
                return Err(match ruleset.stopped() {
                    Some(why) => anyhow!("{code}: {why}"),
                    None => anyhow!(
                        "{code}: {} offers no hint here, so it cannot play itself",
                        ruleset.info().variant
                    ),
                })
            }
        };
        repeats += usize::from(hint.repeats);
        if session.act(&hint.action).is_err() {
            break End::Refused;
        }
        advisor.table_changed();
    };
    if let Some(why) = ruleset.stopped() {
        return Err(anyhow!("{code}: {why}"));
    }
    Ok(Played {
        seed,
        end,
        actions: session.log().len(),
        repeats,
        ms: crate::solve::cpu_ms_since(start),
        score: session.scoreboard().score,
        facts: ruleset.facts(session.state()),
        code,
    })
}

#[cfg(test)]
mod tests;
