//! The advisor on a walk along a line of cells: a token steps left or right, the table shows
//! how far it is, and a scripted analysis says which way to go. The move counter is in the
//! state but not on the table, as a score is, so a table can come back with a new count.

use super::*;
use crate::action::{PileId, Seat};
use crate::code::GameCode;
use crate::ruleset::{Event, RuleViolation, Ruleset, RulesetInfo, Scoreboard, Status, Typed};
use crate::view::{CardFace, DrawHint, PileRole, PileView, Place, TableView};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const LEFT: Action = Action::Choose { option: 0 };
const RIGHT: Action = Action::Choose { option: 1 };
const END: u8 = 5;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct At {
    pos: u8,
    moves: u32,
}

/// A hint script: the answer for a position and a rank.
type Script = fn(&At, u32) -> Option<Analysis>;

struct Walk {
    info: RulesetInfo,
    script: Option<Script>,
    asked: Arc<AtomicUsize>,
}

impl Ruleset for Walk {
    type State = At;
    fn info(&self) -> &RulesetInfo {
        &self.info
    }
    fn new_game(&self, _seed: u64) -> At {
        At { pos: 0, moves: 0 }
    }
    fn check(&self, state: &At, action: &Action) -> Result<(), RuleViolation> {
        match action {
            a if *a == LEFT && state.pos > 0 => Ok(()),
            a if *a == RIGHT && state.pos < END => Ok(()),
            _ => Err(RuleViolation::new("WALK", "not that way")),
        }
    }
    fn apply(&self, state: &mut At, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        if *action == LEFT {
            state.pos -= 1;
        } else {
            state.pos += 1;
        }
        state.moves += 1;
        Ok(Vec::new())
    }
    fn legal_actions(&self, state: &At, out: &mut Vec<Action>) {
        out.extend(
            [LEFT, RIGHT]
                .into_iter()
                .filter(|a| self.check(state, a).is_ok()),
        );
    }
    fn view(&self, state: &At, seat: Seat) -> TableView {
        TableView {
            seat,
            piles: vec![PileView {
                id: PileId(0),
                role: PileRole::Tableau,
                label: "1".into(),
                hint: DrawHint::FanRight,
                place: Place::at(0, 0),
                cards: vec![CardFace::Down; state.pos as usize],
                note: None,
            }],
            status: Vec::new(),
            prompt: None,
            messages: Vec::new(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }
    fn status(&self, state: &At) -> Status {
        if state.pos == END {
            Status::Won {
                winner: String::new(),
            }
        } else {
            Status::Playing
        }
    }
    fn scoreboard(&self, state: &At) -> Scoreboard {
        Scoreboard {
            score: None,
            moves: state.moves,
        }
    }
    fn analyze(
        &self,
        state: &At,
        request: &AnalyzeRequest,
        _: crate::KeepGoing<'_>,
    ) -> Option<Analysis> {
        let script = self.script?;
        let AnalyzeRequest::Hint { rank, .. } = request else {
            return None;
        };
        self.asked.fetch_add(1, Ordering::SeqCst);
        script(state, *rank)
    }
}

fn hint(action: Action, then: Vec<Action>) -> Option<Analysis> {
    Some(Analysis::Hint {
        action: Some(action),
        then,
    })
}

/// A walk whose hints follow `script`, and the count of hints it was asked for.
fn walk(script: Option<Script>) -> (Session, Arc<AtomicUsize>) {
    walk_from(0, script)
}

/// A walk from cell `pos`: the game's line starts there.
fn walk_from(pos: u8, script: Option<Script>) -> (Session, Arc<AtomicUsize>) {
    let asked = Arc::new(AtomicUsize::new(0));
    let ruleset = Walk {
        info: RulesetInfo {
            ruleset: "walk".into(),
            variant: "walk".into(),
            name: "Walk".into(),
            rules: "standard".into(),
            help: Vec::new(),
            seats: 1,
            hints: script.is_some(),
            commands: None,
            extras: Vec::new(),
        },
        script,
        asked: asked.clone(),
    };
    let code = GameCode::new("WALK", 'S', 0).unwrap_or_else(|e| panic!("{e}"));
    let start = GameState::new(At { pos, moves: 0 });
    (
        Session::from_state(Typed::shared(ruleset), code, 10, start),
        asked,
    )
}

fn given(advice: Advice) -> Hint {
    match advice {
        Advice::Hint(h) => h,
        other => panic!("no hint: {other:?}"),
    }
}

/// Right three times, then look again; the alternative is left.
fn plan_of_three(at: &At, rank: u32) -> Option<Analysis> {
    match rank % 2 {
        0 if at.pos < END => hint(RIGHT, vec![RIGHT, RIGHT]),
        _ if at.pos > 0 => hint(LEFT, Vec::new()),
        _ => hint(RIGHT, Vec::new()),
    }
}

#[test]
fn after_the_hinted_action_the_plan_goes_on_without_a_search() {
    let (mut session, asked) = walk(Some(plan_of_three));
    let mut advisor = Advisor::new();
    let first = given(advisor.hint_in(&session));
    assert_eq!((first.action.clone(), first.from_plan), (RIGHT, false));
    assert_eq!(first.then, vec![RIGHT, RIGHT]);
    assert_eq!(asked.load(Ordering::SeqCst), 1);
    for left in [1, 0] {
        session.act(&RIGHT).expect("legal");
        advisor.table_changed();
        let next = given(advisor.hint_in(&session));
        assert_eq!(next.action, RIGHT);
        assert!(next.from_plan, "the plan's next action");
        assert_eq!(next.then.len(), left);
        assert_eq!(asked.load(Ordering::SeqCst), 1, "no new search");
    }
    // Past its last action the plan is over: the ruleset is asked again.
    session.act(&RIGHT).expect("legal");
    advisor.table_changed();
    assert!(!given(advisor.hint_in(&session)).from_plan);
    assert_eq!(asked.load(Ordering::SeqCst), 2);
}

#[test]
fn the_planned_answer_is_found_without_a_search_and_matches_the_hint() {
    let (mut session, asked) = walk(Some(plan_of_three));
    let mut advisor = Advisor::new();
    assert_eq!(advisor.planned(Table::of(&session)), None, "no plan yet");
    given(advisor.hint_in(&session));
    session.act(&RIGHT).expect("legal");
    advisor.table_changed();
    let planned = advisor.planned(Table::of(&session)).map(given);
    assert_eq!(planned.map(|h| h.action), Some(RIGHT));
    assert_eq!(asked.load(Ordering::SeqCst), 1);
}

#[test]
fn a_table_reached_another_way_plans_afresh() {
    let (mut session, asked) = walk(Some(plan_of_three));
    let mut advisor = Advisor::new();
    given(advisor.hint_in(&session));
    // Right, left, right: the table the plan expected next, but three moves on, not one.
    for a in [RIGHT, LEFT, RIGHT] {
        session.act(&a).expect("legal");
    }
    advisor.table_changed();
    let again = given(advisor.hint_in(&session));
    assert!(!again.from_plan);
    assert_eq!(asked.load(Ordering::SeqCst), 2, "a new search");
}

/// The best way is always back left; the alternative is right.
fn back_first(at: &At, rank: u32) -> Option<Analysis> {
    match rank {
        0 if at.pos > 0 => hint(LEFT, Vec::new()),
        0 | 1 => hint(RIGHT, Vec::new()),
        _ => None,
    }
}

#[test]
fn a_hint_that_returns_to_a_table_on_the_line_gives_way_to_the_next() {
    let (mut session, asked) = walk(Some(back_first));
    let mut advisor = Advisor::new();
    session.act(&RIGHT).expect("legal");
    let h = given(advisor.hint_in(&session));
    assert_eq!(h.action, RIGHT, "left would return to the start");
    assert!(!h.repeats);
    assert_eq!(asked.load(Ordering::SeqCst), 2);
}

/// Only back left, and nothing else.
fn only_back(at: &At, rank: u32) -> Option<Analysis> {
    match rank {
        0 if at.pos > 0 => hint(LEFT, Vec::new()),
        _ => None,
    }
}

#[test]
fn when_every_candidate_repeats_there_is_no_hint() {
    let (mut session, _) = walk(Some(only_back));
    let mut advisor = Advisor::new();
    session.act(&RIGHT).expect("legal");
    assert_eq!(advisor.hint_in(&session), Advice::Nothing);
}

#[test]
fn undone_tables_are_off_the_line() {
    let (mut session, _) = walk(Some(back_first));
    session.act(&RIGHT).expect("legal");
    session.act(&RIGHT).expect("legal");
    session.undo().expect("undo");
    // Back at one step along: the start is on the line, the table undone is not.
    assert_eq!(session.tables().len(), 2);
    let mut advisor = Advisor::new();
    let h = given(advisor.hint_in(&session));
    assert_eq!(h.action, RIGHT, "the undone table may be played again");
}

#[test]
fn asking_again_gives_the_alternatives_then_comes_round() {
    let (mut session, _) = walk(Some(plan_of_three));
    session.act(&RIGHT).expect("legal");
    session.act(&RIGHT).expect("legal");
    let mut advisor = Advisor::new();
    // Right first; left, the alternative, returns to a table on the line, so it is held
    // back while right is offered: asking again comes round to right.
    let seen: Vec<Action> = (0..3)
        .map(|_| given(advisor.hint_in(&session)).action)
        .collect();
    assert_eq!(seen, vec![RIGHT, RIGHT, RIGHT]);
}

/// Right, or else left.
fn two_ways(_: &At, rank: u32) -> Option<Analysis> {
    match rank % 2 {
        0 => hint(RIGHT, Vec::new()),
        _ => hint(LEFT, Vec::new()),
    }
}

#[test]
fn asking_again_cycles_through_the_alternatives_and_a_new_table_starts_with_the_best() {
    let (mut session, _) = walk_from(2, Some(two_ways));
    let mut advisor = Advisor::new();
    let seen: Vec<Action> = (0..4)
        .map(|_| given(advisor.hint_in(&session)).action)
        .collect();
    assert_eq!(seen, vec![RIGHT, LEFT, RIGHT, LEFT]);
    assert_eq!(advisor.plans.len(), 2, "one plan kept for each alternative");
    session.act(&RIGHT).expect("legal");
    advisor.table_changed();
    assert_eq!(given(advisor.hint_in(&session)).action, RIGHT);
    // Left would return to the table the walk started on: right again, however often asked.
    assert_eq!(given(advisor.hint_in(&session)).action, RIGHT);
}

#[test]
fn a_ruleset_without_hints_says_so_and_one_with_nothing_to_offer_says_nothing() {
    let (session, _) = walk(None);
    assert_eq!(Advisor::new().hint_in(&session), Advice::NotOffered);
    let (session, _) = walk(Some(|_, _| {
        Some(Analysis::Hint {
            action: None,
            then: Vec::new(),
        })
    }));
    assert_eq!(Advisor::new().hint_in(&session), Advice::Nothing);
}

#[test]
fn a_plan_step_the_rules_refuse_ends_the_plan_there() {
    // Nine steps right from the start: the walk ends after five, so the plan is cut there.
    let (session, _) = walk(Some(|_, _| hint(RIGHT, vec![RIGHT; 8])));
    let h = given(Advisor::new().hint_in(&session));
    assert_eq!(h.then.len(), usize::from(END) - 1);
}

#[test]
fn an_older_plugins_hint_and_info_still_read() {
    // As a plugin built before `then` and `hints` existed writes them.
    let hint: Analysis =
        serde_json::from_str(r#"{"Hint":{"action":{"Choose":{"option":1}}}}"#).expect("reads");
    assert_eq!(
        hint,
        Analysis::Hint {
            action: Some(RIGHT),
            then: Vec::new()
        }
    );
    let info: RulesetInfo = serde_json::from_str(
        r#"{"ruleset":"r","variant":"v","name":"n","rules":"s","help":[],"seats":1}"#,
    )
    .expect("reads");
    assert!(!info.hints);
}

#[test]
fn a_table_key_leaves_counters_out_but_not_cards_nor_a_question() {
    use crate::view::{Prompt, PromptOption, StatusItem};
    let (session, _) = walk_from(2, None);
    let view = session.view(Seat::SOLO);
    let mut counted = view.clone();
    counted.status.push(StatusItem {
        key: "moves".into(),
        label: "Moves".into(),
        value: "7".into(),
    });
    counted.messages.push("news".into());
    assert_eq!(counted.table_key(), view.table_key());
    let mut turned = view.clone();
    turned.piles[0].cards[1] = CardFace::Up(crate::card::Card::from_byte(1).expect("a card"));
    assert_ne!(turned.table_key(), view.table_key());
    let mut asked = view.clone();
    asked.prompt = Some(Prompt {
        default: None,
        question: "Bid".into(),
        options: vec![PromptOption {
            confirm: None,
            id: 0,
            label: "Nil".into(),
        }],
    });
    assert_ne!(asked.table_key(), view.table_key());
}

#[test]
fn a_cancelled_hint_asks_no_further_rank() {
    let (session, asked) = walk_from(2, Some(two_ways));
    let cancel = Cancel::new();
    cancel.cancel();
    // The ruleset may still answer the search it was handed; nothing more is asked.
    let _ = Advisor::new().hint_until(Table::of(&session), &cancel);
    assert!(asked.load(Ordering::SeqCst) <= 1, "one search at most");
}

#[test]
fn a_hint_search_stopped_before_it_answered_is_no_hint_not_a_game_without_hints() {
    // What a plugin's search answers when its helper hung or crashed.
    let (session, _) = walk(Some(|_, _| {
        Some(Analysis::undecided(crate::Stopped::Failed))
    }));
    assert_eq!(Advisor::new().hint_in(&session), Advice::Nothing);
}
