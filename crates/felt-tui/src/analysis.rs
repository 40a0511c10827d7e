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
//!
//! Each is a part that keeps its own state ([`Live`], `Hints`, `DeadEndNotice`) and is
//! handed the session it looks at; the table wires them to its cursor and message line.

use felt_core::advice::Table;
use felt_core::{
    Action, Advice, Advisor, Analysis, AnalyzeRequest, Budget, Cancel, CardFace, DynRuleset,
    GameState, Session, Status, TableView,
};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;

/// What each search may spend: a million positions (about a second of work, so the answer keeps
/// up with play), and never more than three seconds of CPU time, so that a slow machine or a
/// slow plugin's solver answers "unknown" instead of holding its helper process.
const LIVE_BUDGET: Budget = Budget {
    cpu_ms: Some(3_000),
    states: Some(1_000_000),
    max_mb: None,
};

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
    /// The game's plugin stopped: nothing can be asked of it any more.
    Stopped,
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
            Verdict::Stopped => "the game's plugin stopped",
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
    /// The search under way: its revision, where its answer arrives, and the flag that stops
    /// it once a newer table makes its answer useless.
    running: Option<(u64, Receiver<Verdict>, Cancel)>,
    next: Option<Ask>,
    /// The latest answer and the revision it is for.
    answer: Option<(u64, Verdict)>,
}

impl Drop for Live {
    /// The table is gone (the player left the game): its search is wanted no more.
    fn drop(&mut self) {
        if let Some((_, _, cancel)) = &self.running {
            cancel.cancel();
        }
    }
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
            if let Some((_, _, cancel)) = &self.running {
                cancel.cancel();
            }
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
        // The running search is for a table no longer on show: stop it, so the next starts
        // at once instead of after the old one's whole budget.
        if let Some((running, _, cancel)) = &self.running {
            if *running != revision {
                cancel.cancel();
            }
        }
        self.poll();
    }

    /// Takes a finished answer and starts the next search; true when the status changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        if let Some((revision, rx, _)) = &self.running {
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
            let cancel = Cancel::new();
            let stop = cancel.clone();
            std::thread::spawn(move || {
                let _ = tx.send(search(&ask, &stop));
            });
            self.running = Some((revision, rx, cancel));
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

    /// `w`: the status on or off; on, the game at `revision` is searched at once. The message
    /// line's words, saying plainly that the solver peeks where it can (`peeks`).
    pub fn toggle(
        &mut self,
        revision: u64,
        ruleset: &Arc<dyn DynRuleset>,
        state: &GameState,
        peeks: bool,
    ) -> &'static str {
        let on = !self.is_on();
        self.set(on);
        if on {
            self.changed(revision, ruleset, state);
            if peeks {
                "Live status on: the solver peeks at hidden cards (w: off)"
            } else {
                "Live status on: the solver says whether the game can still be won (w: off)"
            }
        } else {
            "Live status off"
        }
    }

    /// The status bar's words for the game at `revision`, when the status is on; they say
    /// that the solver peeks while the table has cards the player cannot see (`peeks`).
    pub fn words(&self, revision: u64, peeks: bool) -> Option<String> {
        let who = if peeks { "solver (peeks)" } else { "solver" };
        self.verdict(revision)
            .map(|v| format!("{who}: {}", v.words()))
    }
}

fn search(ask: &Ask, cancel: &Cancel) -> Verdict {
    let request = AnalyzeRequest::Solve {
        full_information: true,
        budget: LIVE_BUDGET,
    };
    let answer = ask.ruleset.analyze_until(&ask.state, &request, cancel);
    // A plugin that stopped answers nothing: say it stopped, not that the game has no solver.
    if ask.ruleset.stopped().is_some() {
        return Verdict::Stopped;
    }
    match answer {
        Some(Analysis::Won { .. }) => Verdict::Winnable,
        Some(Analysis::Unwinnable { .. }) => Verdict::Lost,
        Some(_) => Verdict::Unknown,
        None => Verdict::Unavailable,
    }
}

/// What the status line says while a hint is searched.
pub(crate) const THINKING: &str = "Hint: thinking…";

/// Whether `view` shows any card face down: only then has a solver anything to peek at.
pub(crate) fn hides_cards(view: &TableView) -> bool {
    view.piles.iter().any(|p| p.cards.contains(&CardFace::Down))
}

/// A hint being searched on a background thread, so that the table stays live meanwhile:
/// where its answer arrives, with the advisor that found it (a copy of the table's, which
/// replaces it then: it holds the new plan), and the flag that stops the search. Dropped, it
/// stops the search: nobody is left to read its answer.
struct HintSearch(Receiver<(Advisor, Advice)>, Cancel);

impl Drop for HintSearch {
    fn drop(&mut self) {
        self.1.cancel();
    }
}

/// The hints of one table: the advisor that chooses them and keeps their plans, as the
/// headless mode's does, the search under way, and the hint on show.
#[derive(Default)]
pub(crate) struct Hints {
    advisor: Advisor,
    /// The hint being searched, if any. A change to the table drops it
    /// ([`Hints::forget_search`]), so an answer that arrives is always for the table on show.
    search: Option<HintSearch>,
    /// The hint last given, its source and target marked until the next key.
    shown: Option<Action>,
    /// The hint last shown for the table on show, until the table changes: playing it is
    /// following it, whatever keys or clicks it took.
    hinted: Option<Action>,
}

impl Hints {
    /// The advisor's hint for `session`'s table: at once when its kept plan holds it; else
    /// `None`, and a search starts on a background thread, whose answer [`Hints::poll`]
    /// gives. Asked while a search is under way ([`Hints::searching`]), that search is
    /// dropped for the new one.
    pub(crate) fn ask(&mut self, session: &Session) -> Option<Advice> {
        if let Some(advice) = self.advisor.planned(Table::of(session)) {
            return Some(advice);
        }
        let mut advisor = self.advisor.clone();
        let ruleset = session.ruleset().clone();
        let state = session.state().clone();
        let line = session.tables().to_vec();
        let (tx, rx) = channel();
        let cancel = Cancel::new();
        let stop = cancel.clone();
        std::thread::spawn(move || {
            let table = Table {
                ruleset: ruleset.as_ref(),
                state: &state,
                line: &line,
            };
            let advice = advisor.hint_until(table, &stop);
            // A cancelled search's advisor may hold a half-filed answer: it is not kept.
            if !stop.is_cancelled() {
                let _ = tx.send((advisor, advice));
            }
        });
        // A search still under way is for a hint no longer wanted: dropping it stops it.
        self.search = Some(HintSearch(rx, cancel));
        None
    }

    /// Whether a hint is still being searched for the table on show.
    pub(crate) fn searching(&self) -> bool {
        self.search.is_some()
    }

    /// Drops the search under way, unseen, and stops it; true when there was one.
    pub(crate) fn forget_search(&mut self) -> bool {
        self.search.take().is_some()
    }

    /// A finished search's answer, once: its advisor, which holds the new plan, becomes this
    /// table's.
    pub(crate) fn poll(&mut self) -> Option<Advice> {
        let search = self.search.as_ref()?;
        let advice = match search.0.try_recv() {
            Ok((advisor, advice)) => {
                self.advisor = advisor;
                advice
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => return None,
            // The search panicked inside the ruleset: say so, keep playing.
            Err(std::sync::mpsc::TryRecvError::Disconnected) => Advice::NotOffered,
        };
        self.search = None;
        Some(advice)
    }

    /// The table changed: the next hint is the best one again, and no hint of the old table
    /// is on show or followed. A search for the old table is dropped by the caller
    /// ([`Hints::forget_search`]), which also clears its word on the message line.
    pub(crate) fn table_changed(&mut self) {
        self.advisor.table_changed();
        self.shown = None;
        self.hinted = None;
    }

    /// The next hint asked is the best one again, not the next alternative (the demo plays
    /// the best move every time).
    pub(crate) fn best_next(&mut self) {
        self.advisor.table_changed();
    }

    /// A new deal: every plan is forgotten.
    pub(crate) fn new_deal(&mut self) {
        self.advisor.forget();
    }

    /// Shows `action` as the hint: marked on the table until the next key, followed if it is
    /// played before the table changes.
    pub(crate) fn show(&mut self, action: Action) {
        self.hinted = Some(action.clone());
        self.shown = Some(action);
    }

    /// The hint on show, if any.
    pub(crate) fn on_show(&self) -> Option<&Action> {
        self.shown.as_ref()
    }

    /// A key other than `H`: the hint is no longer marked (it is still followed if played).
    pub(crate) fn unmark(&mut self) {
        self.shown = None;
    }

    /// Whether playing `action` follows the hint shown for this table.
    pub(crate) fn followed(&self, action: &Action) -> bool {
        self.hinted.as_ref() == Some(action)
    }
}

/// What the dead-end notice says: the way out is the player's to choose.
pub const STUCK_NOTE: &str =
    "Dead end: no move can turn up a card or finish a run · u undo · n new";

/// The optional dead-end notice (the launcher's option): whether it is on, and whether the
/// table on show is known to be at a dead end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DeadEndNotice {
    on: bool,
    /// The table on show was proven a dead end (or reached by actions from one).
    known: bool,
}

impl DeadEndNotice {
    /// Turns the notice on or off.
    pub(crate) fn set(&mut self, on: bool) {
        self.on = on;
    }

    /// The table on show was not reached by an action (a new table, undo, redo): what was
    /// known about the last one is forgotten.
    pub(crate) fn forget(&mut self) {
        self.known = false;
    }

    /// With the notice on, asks the ruleset whether the game is at a proven dead end; true
    /// when the notice is to be shown. The check sees no hidden card, and a ruleset says
    /// "stuck" only when it has proven it, so the notice is never a false alarm. A game the
    /// rules already ended needs none.
    ///
    /// "Stuck" means no sequence of actions can make progress, so every table reached by
    /// actions from a stuck one is stuck too: the answer is kept instead of searching again,
    /// which would cost the same each time (the search visits the same closed set of tables)
    /// and freeze every later move.
    pub(crate) fn check(&mut self, session: &Session, status: &Status) -> bool {
        if !self.on || *status != Status::Playing {
            return false;
        }
        if !self.known {
            let answer = session
                .ruleset()
                .analyze(session.state(), &AnalyzeRequest::DeadEnd);
            self.known = answer == Some(Analysis::DeadEnd { stuck: true });
        }
        self.known
    }
}
