//! A toy ruleset shaped like a trick game: three hidden hands and the player's hand across,
//! four trick slots, a bid prompt first. It exists to show the renderer draws every pile kind
//! and prompt without knowing the game.

use felt_core::{
    Action, Analysis, AnalyzeRequest, Card, CardFace, DrawHint, Event, GameCode, PileId, PileRole,
    PileView, Place, Prompt, PromptOption, Rank, RuleViolation, Ruleset, RulesetInfo, Scoreboard,
    Seat, Session, Status, StatusItem, Suit, TableView, Typed,
};
use serde::{Deserialize, Serialize};

pub const HAND: PileId = PileId(0);
pub const SLOT: PileId = PileId(5);

pub struct Toy {
    info: RulesetInfo,
    pub hint: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToyState {
    pub bid: Option<u32>,
    pub hand: Vec<Card>,
    pub played: Option<Card>,
}

impl Toy {
    pub fn new(hint: bool) -> Toy {
        Toy {
            info: RulesetInfo {
                ruleset: "toy".into(),
                variant: "toy".into(),
                name: "Toy tricks".into(),
                rules: "plain".into(),
                help: vec!["Bid, then play one card to the middle.".into()],
                seats: 1,
                hints: hint,
                commands: None,
                extras: Vec::new(),
            },
            hint,
        }
    }
}

fn hidden(n: usize, id: u8, label: &str, row: u8, col: u8) -> PileView {
    PileView {
        id: PileId(id),
        role: PileRole::Hand,
        label: label.into(),
        hint: DrawHint::FanRight,
        place: Place::at(row, col),
        cards: vec![CardFace::Down; n],
        note: Some("13 tricks".into()),
    }
}

impl Ruleset for Toy {
    type State = ToyState;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    fn new_game(&self, _seed: u64) -> ToyState {
        let hand = (1..=13)
            .map(|r| {
                Card::new(
                    if r % 2 == 0 { Suit::Heart } else { Suit::Club },
                    Rank::new(r).unwrap_or(Rank::ACE),
                )
            })
            .collect();
        ToyState {
            bid: None,
            hand,
            played: None,
        }
    }

    fn check(&self, state: &ToyState, action: &Action) -> Result<(), RuleViolation> {
        match (state.bid, action) {
            (None, Action::Choose { option }) if *option <= 5 => Ok(()),
            (None, _) => Err(RuleViolation::new("TOY-BID", "Bid first")),
            (Some(_), Action::Move { from, index, to })
                if *from == HAND
                    && *to == SLOT
                    && usize::from(*index) + 1 == state.hand.len()
                    && state.played.is_none() =>
            {
                Ok(())
            }
            (Some(_), Action::Move { .. }) => Err(RuleViolation::new(
                "TOY-PLAY",
                "Play your last card to your place",
            )),
            _ => Err(RuleViolation::new("TOY-NONE", "Not in this game")),
        }
    }

    fn apply(&self, state: &mut ToyState, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        match action {
            Action::Choose { option } => {
                state.bid = Some(*option);
                Ok(vec![Event::Note {
                    kind: "bid".into(),
                    text: format!("You bid {option}"),
                }])
            }
            _ => {
                state.played = state.hand.pop();
                Ok(vec![])
            }
        }
    }

    fn legal_actions(&self, state: &ToyState, out: &mut Vec<Action>) {
        match state.bid {
            None => out.extend((0..=5).map(|option| Action::Choose { option })),
            Some(_) if state.played.is_none() && !state.hand.is_empty() => out.push(Action::Move {
                from: HAND,
                index: state.hand.len() as u16 - 1,
                to: SLOT,
            }),
            Some(_) => {}
        }
    }

    fn view(&self, state: &ToyState, seat: Seat) -> TableView {
        let mut piles = vec![PileView {
            id: HAND,
            role: PileRole::Hand,
            label: "You".into(),
            hint: DrawHint::FanRight,
            place: Place::at(2, 0),
            cards: state.hand.iter().map(|&c| CardFace::Up(c)).collect(),
            note: None,
        }];
        piles.push(hidden(13, 1, "West", 1, 0));
        piles.push(hidden(13, 2, "North", 0, 0));
        piles.push(hidden(13, 3, "East", 1, 5));
        for (i, label) in ["W", "N", "E"].iter().enumerate() {
            piles.push(PileView {
                id: PileId(6 + i as u8),
                role: PileRole::Trick,
                label: (*label).into(),
                hint: DrawHint::Slot,
                place: Place::at(1, 1 + i as u8),
                cards: vec![],
                note: None,
            });
        }
        piles.push(PileView {
            id: SLOT,
            role: PileRole::Trick,
            label: "S".into(),
            hint: DrawHint::Slot,
            place: Place::at(1, 4),
            cards: state.played.map(CardFace::Up).into_iter().collect(),
            note: None,
        });
        piles.sort_by_key(|p| p.id);
        TableView {
            seat,
            piles,
            status: vec![StatusItem {
                key: "bid".into(),
                label: "Bid".into(),
                value: state.bid.map_or("-".into(), |b| b.to_string()),
            }],
            prompt: state.bid.is_none().then(|| Prompt {
                default: None,
                question: "Your bid?".into(),
                options: (0..=5)
                    .map(|id| PromptOption {
                        confirm: None,
                        id,
                        label: if id == 0 {
                            "Nil".into()
                        } else {
                            id.to_string()
                        },
                    })
                    .collect(),
            }),
            messages: vec![],
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }

    fn status(&self, state: &ToyState) -> Status {
        if state.played.is_some() && state.bid == Some(0) {
            Status::Over {
                reason: "A nil bid took a trick".into(),
            }
        } else if state.played.is_some() {
            Status::Won {
                winner: "North–South".into(),
            }
        } else {
            Status::Playing
        }
    }

    fn scoreboard(&self, _state: &ToyState) -> Scoreboard {
        Scoreboard::default()
    }

    fn analyze(
        &self,
        state: &ToyState,
        request: &AnalyzeRequest,
        _keep_going: felt_core::KeepGoing<'_>,
    ) -> Option<Analysis> {
        match request {
            AnalyzeRequest::Hint { .. } if self.hint => {
                let mut legal = Vec::new();
                self.legal_actions(state, &mut legal);
                Some(Analysis::Hint {
                    action: legal.pop(),
                    then: Vec::new(),
                })
            }
            _ => None,
        }
    }
}

/// A session of the toy game.
pub fn session(hint: bool) -> Session {
    let code = GameCode::new("TOY-T", 'P', 0).unwrap_or_else(|e| panic!("{e}"));
    Session::new(Typed::shared(Toy::new(hint)), code, 10)
}
