//! The host's hint chooser, shared by every front end (the headless `hint`, the terminal's `H`
//! and its demo, the by-hints batch), so that a hint is one answer wherever it is asked.
//!
//! A ruleset answers a `Hint` with an action and the rest of its plan (`then`). The
//! [`Advisor`] keeps that plan as the states where each of its actions is to be played,
//! worked out by applying the actions to copies of the game's state through the ruleset (rules
//! are pure and deterministic, so the copies are exactly what the game will hold). Asked at a
//! state equal to one of those, it answers the plan's action there without asking the ruleset:
//! the plan goes on, as a bot that plays a whole plan before it looks again. Asked anywhere
//! else, it asks the ruleset afresh and keeps the new plan. Asked again at the same table, it
//! offers the ruleset's next alternatives (rank 1, 2, …), counting round past the last.
//!
//! **No loops.** A candidate whose table ([`crate::TableView::table_key`]) is one the game
//! already stood on, on its line from the start ([`Session::tables`]), is held back and the
//! next rank is asked; when every candidate repeats, there is no hint ([`Advice::Nothing`]):
//! following hints alone never comes back to a table, so it always comes to an end. The host
//! knows no game, so it cannot tell a reversible step from one that is not; but a step that can
//! never be undone (a card turned, a deal) leaves every earlier table behind for good, so
//! "anywhere earlier on the line" is the same test as "since the last such step".

use crate::action::Action;
use crate::analysis::{Budget, Cancel};
use crate::ruleset::{Analysis, AnalyzeRequest, DynRuleset, GameState};
use crate::session::{table_key, Session};

/// Positions a hint's search may visit: the one budget of every hint a host asks for and of
/// the built-in bot (`felt autoplay`), so that following hints plays the bot's games. Large
/// enough for the built-in solver's planner to see every line the visible cards allow in most
/// positions, small enough that a hint takes a fraction of a second.
pub const HINT_STATES: u64 = 20_000;

/// What the advisor reads of a game: borrowed from a [`Session`] ([`Table::of`]), or put
/// together from copies by a front end that searches on another thread.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    /// The game's ruleset.
    pub ruleset: &'a dyn DynRuleset,
    /// The state on the table.
    pub state: &'a GameState,
    /// The table keys of the game's line from the start, the table on show last
    /// ([`Session::tables`]).
    pub line: &'a [u64],
}

impl<'a> Table<'a> {
    /// The table of `session`.
    pub fn of(session: &'a Session) -> Table<'a> {
        Table {
            ruleset: session.ruleset().as_ref(),
            state: session.state(),
            line: session.tables(),
        }
    }
}

/// A hint the advisor gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The action to play.
    pub action: Action,
    /// What follows it in its plan.
    pub then: Vec<Action>,
    /// True when it came from a plan kept from an earlier hint, without a search.
    pub from_plan: bool,
    /// True when it returns the table to one already on the game's line. The advisor never
    /// offers such a hint (it answers [`Advice::Nothing`] instead); the flag stays so that
    /// batch tables can count them and show that none was given.
    pub repeats: bool,
}

/// The advisor's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Play this.
    Hint(Hint),
    /// The ruleset finds no action that helps, or every one it offers goes back to a table
    /// the game already stood on.
    Nothing,
    /// The ruleset offers no hints.
    NotOffered,
}

/// One step of a kept plan.
#[derive(Clone, Debug)]
struct Step {
    /// The state the action is to be played in.
    state: GameState,
    action: Action,
    /// The table key after it.
    after: u64,
}

/// A candidate found for the table being asked about.
#[derive(Clone, Debug)]
struct Candidate {
    hint: Hint,
    /// The plan it starts, to keep once it is offered; empty for a hint from a kept plan.
    steps: Vec<Step>,
}

/// What was found for the table last asked about, for asking again.
#[derive(Clone, Debug)]
struct Asked {
    state: GameState,
    /// How long the game's line was: the same state at another depth is another moment.
    depth: usize,
    /// Candidates that leave the line, best first.
    fresh: Vec<Candidate>,
    /// Candidates that return to a table on the line, best first.
    held: Vec<Candidate>,
    /// The next rank to ask the ruleset for.
    next_rank: u32,
    /// The ruleset's rank-0 action: meeting it again means its list came round.
    first: Option<Action>,
    /// The ruleset has nothing more to offer here.
    done: bool,
    /// The ruleset answered no `Hint` at all.
    not_offered: bool,
    /// Hints given at this table so far.
    shown: usize,
}

/// Keeps the plans of the hints it gave, and answers from them while the game follows one
/// (module docs). One per game on show; cloning it is cheap (a few dozen states).
#[derive(Clone, Debug, Default)]
pub struct Advisor {
    /// Plans of hints given, the one the game follows first once it has been found.
    plans: Vec<Vec<Step>>,
    asked: Option<Asked>,
}

impl Advisor {
    /// An advisor with no plan yet.
    pub fn new() -> Advisor {
        Advisor::default()
    }

    /// The table changed: the next hint is the best one again, not the next alternative.
    /// Plans are kept: a table one of them expects goes on with it.
    pub fn table_changed(&mut self) {
        self.asked = None;
    }

    /// Forgets every plan (a new deal).
    pub fn forget(&mut self) {
        self.plans.clear();
        self.asked = None;
    }

    /// The hint for `session`'s table: see [`Advisor::hint`].
    pub fn hint_in(&mut self, session: &Session) -> Advice {
        self.hint(Table::of(session))
    }

    /// The next hint for `table`: the best one the first time the table is asked about (the
    /// kept plan's action when the table is one it expects, else the ruleset's best), then
    /// the next alternatives. May search (ask the ruleset); [`Advisor::planned`] never does.
    pub fn hint(&mut self, table: Table<'_>) -> Advice {
        self.hint_until(table, &Cancel::new())
    }

    /// [`Advisor::hint`], whose searches stop once `cancel` is set: a front end that drops a
    /// hint it no longer wants (the table changed, the player moved on) stops the work. An
    /// advisor whose search was cancelled may hold a half-filed answer: the caller drops it
    /// with the hint (the terminal searches on a copy, and keeps it only when it answered).
    pub fn hint_until(&mut self, table: Table<'_>, cancel: &Cancel) -> Advice {
        self.start(table);
        let Some(asked) = self.asked.as_mut() else {
            return Advice::NotOffered;
        };
        while asked.fresh.len() <= asked.shown && !asked.done {
            fetch(asked, table, cancel);
        }
        // A candidate that goes back to a table on the line is never offered: a hint that
        // loops is no hint.
        let pool = &asked.fresh;
        if pool.is_empty() {
            return if asked.not_offered {
                Advice::NotOffered
            } else {
                Advice::Nothing
            };
        }
        let chosen = pool[asked.shown % pool.len()].clone();
        asked.shown += 1;
        // Every candidate's plan starts here: one kept per first action, however often the
        // list comes round.
        let kept = self.plans.iter().any(|p| {
            p.first()
                .is_some_and(|s| s.state == *table.state && s.action == chosen.hint.action)
        });
        if !chosen.steps.is_empty() && !kept {
            self.plans.push(chosen.steps);
        }
        Advice::Hint(chosen.hint)
    }

    /// The kept plan's action for `table`, when the table is one a plan expects, it is the
    /// first hint asked for there, and it does not return to a table on the line: the answer
    /// [`Advisor::hint`] would give, found without a search. A front end that searches on
    /// another thread asks this first and plays on at once.
    pub fn planned(&mut self, table: Table<'_>) -> Option<Advice> {
        let first_ask = !self.asked_about(table);
        let candidate = self.plan_candidate(table)?;
        if !first_ask || candidate.hint.repeats {
            return None;
        }
        Some(self.hint(table))
    }

    fn asked_about(&self, table: Table<'_>) -> bool {
        self.asked
            .as_ref()
            .is_some_and(|a| a.depth == table.line.len() && a.state == *table.state)
    }

    /// Makes `asked` the record of `table`, new if the table is not the one last asked about.
    fn start(&mut self, table: Table<'_>) {
        if self.asked_about(table) {
            return;
        }
        let from_plan = self.plan_candidate(table);
        // Only the plan that expects this table can still go on.
        let keep = self
            .plans
            .iter()
            .position(|p| p.iter().any(|s| s.state == *table.state));
        self.plans = match keep {
            Some(i) => vec![self.plans.swap_remove(i)],
            None => Vec::new(),
        };
        let mut asked = Asked {
            state: table.state.clone(),
            depth: table.line.len(),
            fresh: Vec::new(),
            held: Vec::new(),
            next_rank: 0,
            first: None,
            done: false,
            not_offered: false,
            shown: 0,
        };
        if let Some(c) = from_plan {
            if c.hint.repeats {
                asked.held.push(c);
            } else {
                asked.fresh.push(c);
            }
        }
        self.asked = Some(asked);
    }

    /// The candidate a kept plan gives at `table`, if one expects it.
    fn plan_candidate(&self, table: Table<'_>) -> Option<Candidate> {
        self.plans.iter().find_map(|plan| {
            let i = plan.iter().position(|s| s.state == *table.state)?;
            let step = &plan[i];
            Some(Candidate {
                hint: Hint {
                    action: step.action.clone(),
                    then: plan[i + 1..].iter().map(|s| s.action.clone()).collect(),
                    from_plan: true,
                    repeats: table.line.contains(&step.after),
                },
                steps: Vec::new(),
            })
        })
    }
}

/// Asks the ruleset for the next rank at `table` and files the answer.
fn fetch(asked: &mut Asked, table: Table<'_>, cancel: &Cancel) {
    let rank = asked.next_rank;
    asked.next_rank += 1;
    // A ruleset that never comes round (nor says "no more") still ends: no list of distinct
    // actions is longer than the legal actions.
    if rank > 0 && rank as usize > table.ruleset.legal_actions(table.state).len() {
        asked.done = true;
        return;
    }
    let request = AnalyzeRequest::Hint {
        rank,
        budget: Budget::states(HINT_STATES),
    };
    let answer = table.ruleset.analyze_until(table.state, &request, cancel);
    if cancel.is_cancelled() {
        // Nobody wants this hint any more: ask no further rank.
        asked.done = true;
        return;
    }
    let (action, then) = match answer {
        Some(Analysis::Hint {
            action: Some(action),
            then,
        }) => (action, then),
        // A search that stopped before it answered (a plugin's helper that hung or crashed)
        // found nothing to offer here; the ruleset still offers hints.
        Some(Analysis::Hint { action: None, .. }) | Some(Analysis::Undecided { .. }) => {
            asked.done = true;
            return;
        }
        _ => {
            asked.done = true;
            asked.not_offered = rank == 0;
            return;
        }
    };
    if rank == 0 {
        asked.first = Some(action.clone());
    } else if asked.first.as_ref() == Some(&action) {
        asked.done = true;
        return;
    }
    let known = |c: &Candidate| c.hint.action == action;
    if asked.fresh.iter().any(known) || asked.held.iter().any(known) {
        return;
    }
    let steps = plan_steps(table, &action, &then);
    let Some(first) = steps.first() else {
        // The ruleset's own hint is refused by its rules: not a hint to give.
        return;
    };
    let repeats = table.line.contains(&first.after);
    let candidate = Candidate {
        hint: Hint {
            action,
            then: steps[1..].iter().map(|s| s.action.clone()).collect(),
            from_plan: false,
            repeats,
        },
        steps,
    };
    if repeats {
        asked.held.push(candidate);
    } else {
        asked.fresh.push(candidate);
    }
}

/// The states where `action` and then each of `then` are to be played, from the table's
/// state; cut where the rules refuse one (or where the game would end before it).
fn plan_steps(table: Table<'_>, action: &Action, then: &[Action]) -> Vec<Step> {
    let mut state = table.state.clone();
    let mut steps = Vec::with_capacity(then.len() + 1);
    for a in std::iter::once(action).chain(then) {
        let before = state.clone();
        if table.ruleset.apply(&mut state, a).is_err() {
            break;
        }
        steps.push(Step {
            state: before,
            action: a.clone(),
            after: table_key(table.ruleset, &state),
        });
    }
    steps
}

#[cfg(test)]
mod tests;
