//! The ruleset's analysis in the terminal: hints (`H`, chosen by the host's `Advisor`, as the
//! headless mode's), the optional dead-end notice, and the optional live solver status (`w`).
//! Hints and the live status search on background threads, so a slow answer never freezes
//! the table; a hint the advisor's kept plan already holds is shown at once.
//!
//! The live status: after each change, a background thread asks the ruleset's solver whether
//! the position can still be won, seeing every hidden card (full information). Off by default,
//! since it peeks; the status bar says so whenever it is on. One search runs at a time. A
//! change made while it runs is remembered and searched next, so a fast player never piles up
//! threads, and an answer for an older position is never shown as the current one.

use crate::game::Note;
use felt_core::advice::Table;
use felt_core::{Action, Advice, Advisor, Analysis, AnalyzeRequest, DynRuleset, GameState};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;

/// Positions each search may visit: about a second of work, so the answer keeps up with play.
const LIVE_BUDGET: u64 = 1_000_000;

/// What the status bar says about the position on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Still searching this position.
    Thinking,
    /// A winning line exists from here.
    Winnable,
    /// Proven: no line wins any more.
    Lost,
    /// The search ended within its budget without an answer.
    Unknown,
    /// This game offers no solver.
    Unavailable,
}

impl Verdict {
    /// The words on the status bar.
    pub fn words(&self) -> &'static str {
        match self {
            Verdict::Thinking => "thinking…",
            Verdict::Winnable => "winnable",
            Verdict::Lost => "no longer winnable",
            Verdict::Unknown => "unknown",
            Verdict::Unavailable => "not offered by this game",
        }
    }
}

/// A position to search: which revision of the game it is, the ruleset, the state.
struct Ask {
    revision: u64,
    ruleset: Arc<dyn DynRuleset>,
    state: GameState,
}

/// The live status of one table.
#[derive(Default)]
pub struct Live {
    on: bool,
    running: Option<(u64, Receiver<Verdict>)>,
    next: Option<Ask>,
    /// The latest answer and the revision it is for.
    answer: Option<(u64, Verdict)>,
}

impl Live {
    /// Whether the status is on.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Turns the status on or off; off forgets every answer.
    pub fn set(&mut self, on: bool) {
        self.on = on;
        if !on {
            self.next = None;
            self.answer = None;
        }
    }

    /// The game changed to `revision`: search it once the running search is done.
    pub fn changed(&mut self, revision: u64, ruleset: &Arc<dyn DynRuleset>, state: &GameState) {
        if !self.on || self.answer.as_ref().is_some_and(|(r, _)| *r == revision) {
            return;
        }
        self.next = Some(Ask {
            revision,
            ruleset: ruleset.clone(),
            state: state.clone(),
        });
        self.poll();
    }

    /// Takes a finished answer and starts the next search; true when the status changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        if let Some((revision, rx)) = &self.running {
            match rx.try_recv() {
                Ok(verdict) => {
                    self.answer = Some((*revision, verdict));
                    self.running = None;
                    changed = true;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => return false,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    // The search panicked inside the ruleset: say "unknown", keep playing.
                    self.answer = Some((*revision, Verdict::Unknown));
                    self.running = None;
                    changed = true;
                }
            }
        }
        if let Some(ask) = self.next.take() {
            let (tx, rx) = channel();
            let revision = ask.revision;
            std::thread::spawn(move || {
                let _ = tx.send(search(&ask));
            });
            self.running = Some((revision, rx));
            changed = true;
        }
        changed
    }

    /// What to show for the game at `revision`, when the status is on.
    pub fn verdict(&self, revision: u64) -> Option<Verdict> {
        if !self.on {
            return None;
        }
        Some(match &self.answer {
            Some((r, v)) if *r == revision => v.clone(),
            _ => Verdict::Thinking,
        })
    }
}

fn search(ask: &Ask) -> Verdict {
    let request = AnalyzeRequest::Solve {
        full_information: true,
        max_states: LIVE_BUDGET,
    };
    match ask.ruleset.analyze(&ask.state, &request) {
        Some(Analysis::Won { .. }) => Verdict::Winnable,
        Some(Analysis::Unwinnable { .. }) => Verdict::Lost,
        Some(_) => Verdict::Unknown,
        None => Verdict::Unavailable,
    }
}

/// What the status line says while a hint is searched.
const THINKING: &str = "Hint: thinking…";

/// A hint being searched on a background thread, so that the table stays live meanwhile:
/// where its answer arrives, with the advisor that found it (a copy of the game's, which
/// replaces it then: it holds the new plan). A change to the table drops it
/// ([`Game::forget_hint_search`]), so an answer that arrives is always for the table on show.
///
/// [`Game::forget_hint_search`]: crate::game::Game::forget_hint_search
pub(crate) struct HintSearch(Receiver<(Advisor, Advice)>);

impl crate::game::Game {
    /// `H`: the advisor's hint, shown with its source under the cursor and its target marked;
    /// again for the next best. A hint the kept plan holds is shown at once; any other is
    /// searched on a background thread and [`Self::tick`] shows it.
    pub(crate) fn hint(&mut self) {
        if self.hint_search.is_some() {
            // Already searching this table: the answer is on its way.
            return;
        }
        if let Some(advice) = self.advisor.planned(Table::of(&self.session)) {
            self.show_advice(advice);
            return;
        }
        let mut advisor = self.advisor.clone();
        let ruleset = self.session.ruleset().clone();
        let state = self.session.state().clone();
        let line = self.session.tables().to_vec();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let table = Table {
                ruleset: ruleset.as_ref(),
                state: &state,
                line: &line,
            };
            let advice = advisor.hint(table);
            let _ = tx.send((advisor, advice));
        });
        self.hint_search = Some(HintSearch(rx));
        self.note = Some(Note {
            text: THINKING.to_string(),
            error: false,
            rule: None,
        });
    }

    /// Whether a hint is still being searched for the table on show.
    pub fn hint_pending(&self) -> bool {
        self.hint_search.is_some()
    }

    /// The table changed: a hint searched for the old one is dropped unseen.
    pub(crate) fn forget_hint_search(&mut self) {
        if self.hint_search.take().is_some()
            && self.note.as_ref().is_some_and(|n| n.text == THINKING)
        {
            self.note = None;
        }
    }

    /// Shows a finished hint search's answer; true when the screen changed.
    fn poll_hint(&mut self) -> bool {
        let Some(search) = &self.hint_search else {
            return false;
        };
        let advice = match search.0.try_recv() {
            Ok((advisor, advice)) => {
                self.advisor = advisor;
                advice
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => return false,
            // The search panicked inside the ruleset: say so, keep playing.
            Err(std::sync::mpsc::TryRecvError::Disconnected) => Advice::NotOffered,
        };
        self.hint_search = None;
        self.show_advice(advice);
        true
    }

    /// A hint for the player to see, or for the demo to play.
    fn show_advice(&mut self, advice: Advice) {
        // A search of a ruleset that stopped meanwhile found only its stand-in answers.
        if self.session.ruleset().stopped().is_some() {
            if self.demo.is_some() {
                self.stop_demo("Demo stopped");
            }
            self.tell_stopped();
            return;
        }
        if self.demo.is_some() {
            self.demo_plays(advice);
            return;
        }
        let text = match advice {
            Advice::Hint(hint) => {
                let a = hint.action;
                if let Action::Move { from, index, .. } = a {
                    self.cursor = (from, index);
                }
                let text = format!("Hint: {}", self.describe(&a));
                self.hinted = Some(a.clone());
                self.hint = Some(a);
                text
            }
            Advice::Nothing => "Hint: no move helps here".to_string(),
            Advice::NotOffered => "no hint available".to_string(),
        };
        self.note = Some(Note {
            text,
            error: false,
            rule: None,
        });
    }

    /// `w`: the live status on or off, saying plainly that it peeks.
    pub(crate) fn toggle_live(&mut self) {
        let on = !self.live.is_on();
        self.live.set(on);
        let text = if on {
            self.live
                .changed(self.revision, self.session.ruleset(), self.session.state());
            if self.hides_cards() {
                "Live status on: the solver peeks at hidden cards (w: off)"
            } else {
                "Live status on: the solver says whether the game can still be won (w: off)"
            }
        } else {
            "Live status off"
        };
        self.note = Some(Note {
            text: text.to_string(),
            error: false,
            rule: None,
        });
    }

    /// Picks up finished background searches (the live status, a hint); true when the screen
    /// should be drawn again.
    pub fn tick(&mut self) -> bool {
        let live = self.live.poll();
        let hint = self.poll_hint();
        let moment = self.moments.tick(&self.view);
        // The demo waits while a moment of its last move is on show.
        let demo = !self.moments.holding() && self.demo_tick();
        hint || live || demo || moment
    }

    /// The status bar's live part, when the status is on; it says that the solver peeks
    /// while the table has cards the player cannot see.
    pub(crate) fn live_words(&self) -> Option<String> {
        let who = if self.hides_cards() {
            "solver (peeks)"
        } else {
            "solver"
        };
        self.live
            .verdict(self.revision)
            .map(|v| format!("{who}: {}", v.words()))
    }

    /// Whether the table shows any card face down: only then has a solver anything to peek at.
    pub(crate) fn hides_cards(&self) -> bool {
        self.view
            .piles
            .iter()
            .any(|p| p.cards.contains(&felt_core::CardFace::Down))
    }
}

/// What the dead-end notice says: the way out is the player's to choose.
pub const STUCK_NOTE: &str =
    "Dead end: no move can turn up a card or finish a run · u undo · n new";

impl crate::game::Game {
    /// Turns the dead-end notice on or off (the launcher's option); on, the position on the
    /// table is checked at once.
    pub fn set_stuck_notice(&mut self, on: bool) {
        self.stuck_notice = on;
        self.notice_dead_end();
    }

    /// With the notice on, asks the ruleset whether the game is at a proven dead end and says
    /// so. The check sees no hidden card, and a ruleset says "stuck" only when it has proven
    /// it, so the notice is never a false alarm. A game the rules already ended needs none.
    /// Used where the table was not reached by an action (a new table, undo, redo), so what
    /// was known about the last one is forgotten.
    pub(crate) fn notice_dead_end(&mut self) {
        self.stuck_known = false;
        self.notice_dead_end_after_action();
    }

    /// The notice after an action. "Stuck" means no sequence of actions can make progress, so
    /// every table reached by actions from a stuck one is stuck too: the answer is kept
    /// instead of searching again, which would cost the same each time (the search visits
    /// the same closed set of tables) and freeze every later move.
    pub(crate) fn notice_dead_end_after_action(&mut self) {
        if !self.stuck_notice || self.status != felt_core::Status::Playing {
            return;
        }
        if !self.stuck_known {
            let answer = self
                .session
                .ruleset()
                .analyze(self.session.state(), &AnalyzeRequest::DeadEnd);
            self.stuck_known = answer == Some(Analysis::DeadEnd { stuck: true });
        }
        if self.stuck_known {
            self.note = Some(Note {
                text: STUCK_NOTE.to_string(),
                error: false,
                rule: None,
            });
        }
    }
}
