//! The hint loop on a walk along a line: the token steps right or left, the table shows where
//! it is, and the walk's hint is scripted to finish, get stuck, swing back and forth, or walk
//! on for ever.

use super::*;
use felt_core::{Action, Event, Prompt, RuleViolation, RulesetInfo, Scoreboard, Seat, TableView};

const RIGHT: Action = Action::Choose { option: 0 };
const LEFT: Action = Action::Choose { option: 1 };

/// What the walk's hint says.
#[derive(Clone, Copy)]
enum Script {
    /// Right, until the token stands at this cell: then the hint finds no move, though the
    /// walk does not call the cell a dead end.
    StuckAt(i64),
    /// Right, until the token stands at this cell, which the walk proves a dead end.
    DeadAt(i64),
    /// Right from an even cell, left from an odd one: back and forth between two tables.
    Swing,
    /// Right, for ever, in a game won only at a cell it never reaches.
    Endless,
    /// No hint at all.
    None,
}

struct Walk {
    info: RulesetInfo,
    script: Script,
}

/// The cell whose reaching wins, except for [`Script::Endless`].
const GOAL: i64 = 3;

impl felt_core::Ruleset for Walk {
    type State = i64;
    fn info(&self) -> &RulesetInfo {
        &self.info
    }
    fn new_game(&self, _seed: u64) -> i64 {
        0
    }
    fn check(&self, _: &i64, action: &Action) -> Result<(), RuleViolation> {
        match action {
            a if *a == RIGHT || *a == LEFT => Ok(()),
            _ => Err(RuleViolation::new("WALK", "right or left only")),
        }
    }
    fn apply(&self, state: &mut i64, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        *state += if *action == RIGHT { 1 } else { -1 };
        Ok(Vec::new())
    }
    fn legal_actions(&self, _: &i64, out: &mut Vec<Action>) {
        out.extend([RIGHT, LEFT]);
    }
    fn view(&self, state: &i64, seat: Seat) -> TableView {
        // Where the token stands is the table (a prompt's question is part of its key).
        TableView {
            seat,
            piles: Vec::new(),
            status: Vec::new(),
            prompt: Some(Prompt {
                question: format!("at {state}"),
                options: Vec::new(),
                default: None,
            }),
            messages: Vec::new(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }
    fn status(&self, state: &i64) -> Status {
        let goal = !matches!(self.script, Script::Endless) && *state >= GOAL;
        if goal {
            Status::Won {
                winner: String::new(),
            }
        } else {
            Status::Playing
        }
    }
    fn scoreboard(&self, state: &i64) -> Scoreboard {
        Scoreboard {
            score: Some(*state * 10),
            moves: 0,
        }
    }
    fn analyze(
        &self,
        state: &i64,
        request: &AnalyzeRequest,
        _: felt_core::KeepGoing<'_>,
    ) -> Option<Analysis> {
        if *request == AnalyzeRequest::DeadEnd {
            let stuck = matches!(self.script, Script::DeadAt(at) if *state >= at);
            return Some(Analysis::DeadEnd { stuck });
        }
        let action = match self.script {
            Script::StuckAt(at) | Script::DeadAt(at) => (*state < at).then_some(RIGHT),
            Script::Swing if state % 2 == 0 => Some(RIGHT),
            Script::Swing => Some(LEFT),
            Script::Endless => Some(RIGHT),
            Script::None => return None,
        };
        Some(Analysis::Hint {
            action,
            then: Vec::new(),
        })
    }
}

fn walk(script: Script) -> Arc<dyn DynRuleset> {
    let info = RulesetInfo {
        ruleset: "walk".into(),
        variant: "walk".into(),
        name: "Walk".into(),
        rules: "standard".into(),
        help: Vec::new(),
        seats: 1,
        hints: true,
        commands: None,
        extras: Vec::new(),
    };
    felt_core::Typed::shared(Walk { info, script })
}

fn code() -> GameCode {
    GameCode::new("WALK", 'S', 7).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_game_its_hints_finish_is_won_with_the_ruleset_s_own_score() {
    let played = play(&walk(Script::StuckAt(10)), code()).expect("played to the end");
    assert_eq!(played.end.word(), "won");
    assert_eq!(played.actions, 3);
    assert_eq!(played.score, Some(30));
    assert_eq!(played.seed, 7);
}

#[test]
fn a_game_whose_hint_finds_nothing_is_stuck_not_an_error() {
    let played = play(&walk(Script::StuckAt(1)), code()).expect("a stuck game is a result");
    assert_eq!(played.end, End::Stuck);
    assert_eq!(played.end.word(), "stuck");
    assert_eq!(played.actions, 1);
}

#[test]
fn a_game_stuck_at_a_table_the_ruleset_proves_a_dead_end_says_so() {
    let played = play(&walk(Script::DeadAt(2)), code()).expect("a dead end is a result");
    assert_eq!(played.end, End::Lost);
    assert_eq!(played.end.word(), "dead-end");
    assert_eq!(played.actions, 2);
}

#[test]
fn a_hint_back_to_a_table_already_on_the_line_is_never_played() {
    // The old loop took every hint as it came and swung between the two tables until its
    // bound of a million actions; the advisor holds the swing back, so the game ends at once.
    let played = play(&walk(Script::Swing), code()).expect("a stuck game is a result");
    assert_eq!(played.end, End::Stuck);
    assert_eq!(played.actions, 1);
    assert_eq!(played.repeats, 0);
}

#[test]
fn a_game_that_goes_on_without_repeating_ends_at_the_cap_and_says_so() {
    let played = play(&walk(Script::Endless), code()).expect("a capped game is a result");
    assert_eq!(played.end, End::Cap);
    assert_eq!(played.end.word(), "cap");
    assert_eq!(played.actions, MAX_ACTIONS);
}

#[test]
fn a_game_with_no_hint_at_all_is_an_error_that_says_so() {
    let err = play(&walk(Script::None), code())
        .map(|p| p.end)
        .expect_err("no hint, no game");
    assert!(err.to_string().contains("offers no hint here"), "{err}");
}
