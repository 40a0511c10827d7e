//! A tiny ruleset for testing the store without any real game: count up to a target.
//!
//! Dealing from pile 0 adds one card to pile 1; the game is won when pile 1 reaches the target
//! (3 to 7 cards, from the seed); `give up` ends it lost. Pile 0 shows its cards face down.

#![allow(dead_code)]

use felt_core::{
    Action, Card, CardFace, DrawHint, DynRuleset, Event, Fact, GameCode, PileId, PileRole,
    PileView, Place, RuleViolation, Ruleset, RulesetInfo, Scoreboard, Seat, Session, Status,
    Summary, TableView, Typed,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The counter game's variant code prefix.
pub const CODE: &str = "CT-1";

/// A variant whose games last a million deals.
pub const LONG: &str = "long";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Count {
    pub count: u32,
    pub target: u32,
    pub gave_up: bool,
}

pub struct Counter {
    info: RulesetInfo,
}

impl Ruleset for Counter {
    type State = Count;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }
    fn new_game(&self, seed: u64) -> Count {
        // The `long` variant makes games as long as a benchmark needs.
        let target = if self.info.variant == LONG {
            1_000_000
        } else {
            3 + (seed % 5) as u32
        };
        Count {
            count: 0,
            target,
            gave_up: false,
        }
    }
    fn check(&self, _state: &Count, action: &Action) -> Result<(), RuleViolation> {
        match action {
            Action::Deal { from: PileId(0) } => Ok(()),
            Action::Extra { name, .. } if name == "give up" => Ok(()),
            _ => Err(RuleViolation::new(
                "CT-ONLY-DEAL",
                "Only dealing from the stock counts",
            )),
        }
    }
    fn apply(&self, state: &mut Count, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        if let Action::Deal { .. } = action {
            state.count += 1;
            Ok(vec![Event::Dealt {
                from: PileId(0),
                count: 1,
            }])
        } else {
            state.gave_up = true;
            Ok(Vec::new())
        }
    }
    fn legal_actions(&self, _state: &Count, out: &mut Vec<Action>) {
        out.push(Action::Deal { from: PileId(0) });
    }
    fn view(&self, state: &Count, seat: Seat) -> TableView {
        let down = state.target.saturating_sub(state.count).min(20) as usize;
        let pile = |id: u8, label: &str, cards: Vec<CardFace>| PileView {
            id: PileId(id),
            role: PileRole::Tableau,
            label: label.to_string(),
            hint: DrawHint::FanRight,
            place: Place::at(0, id),
            cards,
            note: None,
        };
        let up = (0..state.count.min(20))
            .filter_map(|i| Card::from_byte(1 + (i % 13) as u8))
            .map(CardFace::Up)
            .collect();
        TableView {
            seat,
            piles: vec![
                pile(0, "stock", vec![CardFace::Down; down]),
                pile(1, "done", up),
            ],
            status: Vec::new(),
            prompt: None,
            messages: Vec::new(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }
    fn status(&self, state: &Count) -> Status {
        if state.gave_up {
            Status::Over {
                reason: "gave up".into(),
            }
        } else if state.count >= state.target {
            Status::Won {
                winner: String::new(),
            }
        } else {
            Status::Playing
        }
    }
    fn scoreboard(&self, state: &Count) -> Scoreboard {
        Scoreboard {
            score: Some(i64::from(state.count) * 10),
            moves: state.count,
        }
    }
    fn facts(&self, state: &Count) -> Vec<Fact> {
        vec![
            Fact::new("deals", "Deals", i64::from(state.count), 1, Summary::Total),
            Fact::new(
                "reached",
                "Share of the target reached",
                i64::from(state.count),
                i64::from(state.target),
                Summary::Rate,
            ),
            Fact::new(
                "gave-up",
                "Gave up",
                i64::from(state.gave_up),
                1,
                Summary::Count,
            ),
        ]
    }
}

/// The counter ruleset built for `variant` with the given rules id.
pub fn counter_with_rules(variant: &str, rules: &str) -> Arc<dyn DynRuleset> {
    Typed::shared(Counter {
        info: RulesetInfo {
            ruleset: "counter".into(),
            variant: variant.into(),
            name: "Counter".into(),
            rules: rules.into(),
            help: Vec::new(),
            seats: 1,
            hints: false,
            commands: None,
            extras: Vec::new(),
        },
    })
}

/// The counter ruleset built for `variant`, classic rules.
pub fn counter(variant: &str) -> Arc<dyn DynRuleset> {
    counter_with_rules(variant, "classic")
}

/// A new counter game of `variant` dealt from `seed`, with undo 100 deep.
pub fn session(variant: &str, seed: u64) -> Session {
    let code = GameCode::new(CODE, 'C', seed).expect("small seed");
    Session::new(counter(variant), code, 100)
}

/// The deal action.
pub fn deal() -> Action {
    Action::Deal { from: PileId(0) }
}

/// The give-up action.
pub fn give_up() -> Action {
    Action::Extra {
        name: "give up".into(),
        arg: 0,
    }
}

/// A fresh store in a temporary folder (kept as long as the folder is).
pub fn store() -> (tempfile::TempDir, felt_store::Store) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let store = felt_store::Store::open_dir(dir.path()).expect("fresh store opens");
    assert!(store.recovery().is_none());
    (dir, store)
}

/// Plays `session` to its end with deals, recording every step; returns the record's id.
pub fn play_out(store: &felt_store::Store, seed: u64, variant: &str) -> felt_store::GameId {
    let mut s = session(variant, seed);
    let mut rec = felt_store::Recorder::new();
    while s.status() == Status::Playing {
        s.act(&deal()).expect("deal is always legal");
        store.record_step(&mut rec, &s).expect("step recorded");
    }
    rec.game().expect("recorded")
}
