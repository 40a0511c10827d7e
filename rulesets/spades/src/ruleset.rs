//! The felt ruleset: variant settings, checking and applying the human's actions, and the
//! computer seats' turns played automatically in the same step.

use crate::bots::strong::Effort;
use crate::bots::{self, Knowledge, Policy};
use crate::cards::C;
use crate::game::Step;
use crate::game::{hand_pile, refusal, slot_pile, Phase, State, SEAT_NAMES, SIDE_NAMES};
pub use crate::params::{Params, UndoRule};
use crate::seats::{self, Seating};
use felt_core::{
    Action, Analysis, AnalyzeRequest, Command, Event, Fact, ParamError, PileId, RuleChoice,
    RuleViolation, Ruleset, RulesetInfo, Scoreboard, Seat, Setup, Status, TableView, Turn,
};

/// The highest bid.
pub const MAX_BID: u32 = 13;
/// The option of the hand-over prompt that deals the next hand.
pub const NEXT_HAND: u32 = 0;

/// The one rules choice: pagat's partnership Spades.
pub fn rule_choices() -> Vec<RuleChoice> {
    vec![RuleChoice {
        id: "standard".to_string(),
        letter: 'S',
        name: "Standard".to_string(),
        description: "Partnership Spades as on pagat.com: Nil allowed, ten bags cost 100"
            .to_string(),
    }]
}

/// What a computer seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A bid.
    Bid(u8),
    /// A card.
    Card(C),
}

/// Partnership Spades: the seats driven from outside wait for their actions (South by
/// default), the others are computer players.
pub struct Spades {
    info: RulesetInfo,
    params: Params,
    seating: Seating,
}

impl Spades {
    /// Spades for a variant.
    pub fn new(setup: Setup<'_>) -> Result<Spades, ParamError> {
        let params = Params::from_table(&setup.variant.game)?;
        let mut spades = Spades::with_params(params);
        spades.seating = Seating::new(&setup.variant.seats, params.partner, params.opponents)?;
        spades.info.variant = setup.variant.id.clone();
        spades.info.name = setup.variant.name.clone();
        spades.info.rules = setup.rules.id.clone();
        Ok(spades)
    }

    /// Spades with settings and no variant file (tests, benchmarks).
    pub fn with_params(params: Params) -> Spades {
        Spades {
            info: RulesetInfo {
                ruleset: "spades".to_string(),
                variant: "spades".to_string(),
                name: "Spades".to_string(),
                rules: "standard".to_string(),
                help: help(params.target),
                seats: 4,
                hints: true,
                // No stock to deal from, no columns to name and no solver to peek: digits
                // answer the bid, and the keys for those are not offered.
                commands: Some(vec![
                    Command::BestPlace,
                    Command::Hint,
                    Command::Demo,
                    Command::Undo,
                    Command::Redo,
                ]),
                extras: Vec::new(),
            },
            params,
            seating: Seating {
                outside: [true, false, false, false],
                players: [
                    params.partner,
                    params.opponents,
                    params.partner,
                    params.opponents,
                ],
            },
        }
    }

    /// This Spades with the seating `words` ask for (see [`crate::seats`]).
    pub fn seated(mut self, words: &[&str]) -> Result<Spades, ParamError> {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        self.seating = Seating::new(&words, self.params.partner, self.params.opponents)?;
        Ok(self)
    }

    /// Who plays each seat.
    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    fn effort(&self) -> Effort {
        Effort {
            samples: self.params.samples,
            nodes: self.params.nodes,
        }
    }

    /// The settings.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// What the computer player of `seat` would do now (for a seat driven from outside: the
    /// hint).
    pub fn decide(&self, state: &State, seat: u8) -> Decision {
        self.decide_as(state, seat, self.seating.players[seat as usize])
    }

    /// What a computer player following `policy` would do now at `seat`.
    pub fn decide_as(&self, state: &State, seat: u8, policy: Policy) -> Decision {
        let k = Knowledge::of(state, seat);
        match state.phase {
            Phase::Bidding => Decision::Bid(bots::bid_for(&k, policy, self.effort())),
            _ => Decision::Card(bots::card_for(&k, policy, self.effort())),
        }
    }

    /// Plays the computer seats until a seat driven from outside is to act or the hand or
    /// game is over.
    pub fn run_bots(&self, state: &mut State, events: &mut Vec<Event>) {
        while matches!(state.phase, Phase::Bidding | Phase::Playing)
            && !self.seating.outside[state.turn as usize]
        {
            match self.decide(state, state.turn) {
                Decision::Bid(n) => state.bid(n, events),
                Decision::Card(c) => self.play(state, c, events),
            }
        }
    }

    /// Plays a card of the seat to play, reporting it as an event before what it causes.
    fn play(&self, state: &mut State, card: C, events: &mut Vec<Event>) {
        let at = events.len();
        let seat = state.turn;
        state.play(card, self.params.target, events);
        events.insert(at, seats::played(seat, card));
    }

    /// The action that carries out a decision of the seat to play.
    pub fn action_for(state: &State, decision: Decision) -> Action {
        let seat = state.turn;
        match decision {
            Decision::Bid(n) => Action::Choose { option: n as u32 },
            Decision::Card(c) => Action::Move {
                from: hand_pile(seat),
                index: state.hands[seat as usize].position(c).unwrap_or(0) as u16,
                to: slot_pile(seat),
            },
        }
    }
}

fn help(target: i32) -> Vec<String> {
    vec![
        "Partnership Spades: you sit South with North as your partner, against East and West. \
         Each hand, all 52 cards are dealt, 13 each."
            .to_string(),
        "Bidding: one round, from the dealer's left, each player bids the tricks they expect to \
         take, 0 to 13. A bid of 0 is Nil: a promise to take no trick (+100 if kept, -100 if not)."
            .to_string(),
        "Play: follow suit if you can, otherwise play anything. Spades are trumps: the highest \
         spade wins a trick, else the highest card of the suit led. Spades may not be led until \
         one has been played on another suit's lead (or you hold only spades, and leading one \
         then breaks nothing); the first trick may not be led with a spade."
            .to_string(),
        "How to play here: to bid, move along the numbers with ← → and press Enter, or type a \
         digit 1-9 (the highlight starts on what your hand looks worth; Nil asks first). To \
         play, move to a card with ← → and press Enter twice (or a). A completed trick stays \
         on the table until you press a key or a moment passes; s shows the score sheet and t \
         the last trick at any time."
            .to_string(),
        "Undo: you may take back only your own last bid or card, before any other player has \
         acted and before a trick is complete; a finished game stays finished."
            .to_string(),
        format!(
            "Scoring: a side that takes its bid scores 10 a trick bid plus 1 a trick over (a bag); \
             falling short costs 10 a trick bid. Every 10 bags cost 100. First side to {target} wins; \
             a tie plays on."
        ),
    ]
}

fn bid_label(n: u32) -> String {
    if n == 0 {
        "Nil".to_string()
    } else {
        n.to_string()
    }
}

impl Ruleset for Spades {
    type State = State;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    fn new_game(&self, seed: u64) -> State {
        let mut state = State::new(seed);
        self.run_bots(&mut state, &mut Vec::new());
        state
    }

    fn check(&self, state: &State, action: &Action) -> Result<(), RuleViolation> {
        let no_such = || {
            RuleViolation::new(
                "SPD-PLAY",
                "Spades has no such action: bid by choosing a number, or play a card from your hand",
            )
        };
        match (state.phase, action) {
            (Phase::GameOver, _) => {
                let who = state.winner.map_or("A side", |s| SIDE_NAMES[s]);
                Err(RuleViolation::new(
                    "SPD-GAME",
                    format!("The game is over: {who} won"),
                ))
            }
            (Phase::Bidding, Action::Choose { option }) => {
                if *option > MAX_BID {
                    Err(RuleViolation::new(
                        "SPD-BID",
                        "Bid a number of tricks from 0 (Nil) to 13",
                    ))
                } else {
                    Ok(())
                }
            }
            (Phase::Bidding, Action::Move { .. }) => Err(RuleViolation::new(
                "SPD-BID",
                "Bid first: choose how many tricks you expect to take (0 is Nil)",
            )),
            (Phase::Playing, Action::Move { from, index, to }) => {
                if *from != hand_pile(state.turn) {
                    return Err(RuleViolation::new(
                        "SPD-PLAY",
                        "Play a card from your own hand",
                    ));
                }
                if !(4..8).contains(&to.0) {
                    return Err(RuleViolation::new(
                        "SPD-PLAY",
                        "Play the card to the trick in the middle",
                    ));
                }
                let hand = state.hands[state.turn as usize];
                let card = hand.nth(*index as usize).ok_or_else(|| {
                    RuleViolation::new(
                        "SPD-PLAY",
                        format!("Your hand has no card at position {index}"),
                    )
                })?;
                match refusal(
                    hand,
                    state.led(),
                    state.broken,
                    state.tricks_played == 0,
                    card,
                ) {
                    Some(why) => Err(why),
                    None => Ok(()),
                }
            }
            (Phase::Playing, Action::Choose { .. }) => Err(RuleViolation::new(
                "SPD-BID",
                "Bidding is over for this hand: play a card",
            )),
            (Phase::HandOver, Action::Choose { option }) if *option == NEXT_HAND => Ok(()),
            (Phase::HandOver, _) => Err(RuleViolation::new(
                "SPD-DEAL",
                "The hand is over: choose \"Next hand\" to deal the next one",
            )),
            _ => Err(no_such()),
        }
    }

    fn apply(&self, state: &mut State, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        let mut events = Vec::new();
        state.news.clear();
        state.step = Step::default();
        match (state.phase, action) {
            (Phase::Bidding, Action::Choose { option }) => {
                state.human_actions += 1;
                state.bid(*option as u8, &mut events);
            }
            (Phase::Playing, Action::Move { index, .. }) => {
                state.human_actions += 1;
                if let Some(card) = state.hands[state.turn as usize].nth(*index as usize) {
                    self.play(state, card, &mut events);
                }
            }
            (Phase::HandOver, _) => state.next_hand(&mut events),
            _ => {}
        }
        self.run_bots(state, &mut events);
        Ok(events)
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        match state.phase {
            Phase::Bidding => out.extend((0..=MAX_BID).map(|option| Action::Choose { option })),
            Phase::Playing => {
                let seat = state.turn;
                let hand = state.hands[seat as usize];
                for card in state.legal().iter() {
                    out.push(Action::Move {
                        from: hand_pile(seat),
                        index: hand.position(card).unwrap_or(0) as u16,
                        to: slot_pile(seat),
                    });
                }
            }
            Phase::HandOver => out.push(Action::Choose { option: NEXT_HAND }),
            Phase::GameOver => {}
        }
    }

    fn view(&self, state: &State, seat: Seat) -> TableView {
        let mut view = crate::view::table_view(state, seat, self.params.target);
        seats::annotate(&mut view, state);
        view
    }

    fn turn(&self, state: &State) -> Option<Turn> {
        matches!(state.phase, Phase::Bidding | Phase::Playing).then(|| Turn {
            seat: Seat(state.turn),
            name: SEAT_NAMES[state.turn as usize].to_string(),
        })
    }

    fn status(&self, state: &State) -> Status {
        match (state.phase, state.winner) {
            (Phase::GameOver, Some(0)) => Status::Won {
                winner: SIDE_NAMES[0].to_string(),
            },
            (Phase::GameOver, Some(s)) => Status::Over {
                reason: format!(
                    "{} won the game, {} to {}",
                    SIDE_NAMES[s],
                    state.scores[s],
                    state.scores[1 - s]
                ),
            },
            _ => Status::Playing,
        }
    }

    fn scoreboard(&self, state: &State) -> Scoreboard {
        Scoreboard {
            score: Some(state.scores[0] as i64),
            moves: state.human_actions,
        }
    }

    fn analyze(
        &self,
        state: &State,
        request: &AnalyzeRequest,
        _keep_going: felt_core::KeepGoing<'_>,
    ) -> Option<Analysis> {
        let AnalyzeRequest::Hint { rank, .. } = request else {
            return None;
        };
        let action = match state.phase {
            Phase::GameOver => None,
            Phase::HandOver => (*rank == 0).then_some(Action::Choose { option: NEXT_HAND }),
            Phase::Bidding => {
                let Decision::Bid(best) = self.decide(state, state.turn) else {
                    return None;
                };
                // Then the bids next to it, nearest first.
                let r = *rank as i32;
                let offset = if r % 2 == 1 { (r + 1) / 2 } else { -(r / 2) };
                let n = best as i32 + offset;
                (0..=MAX_BID as i32)
                    .contains(&n)
                    .then_some(Action::Choose { option: n as u32 })
            }
            Phase::Playing => {
                let k = Knowledge::of(state, state.turn);
                let policy = self.seating.players[state.turn as usize];
                let ranked = bots::ranked_cards(&k, policy, self.effort());
                ranked
                    .get(*rank as usize)
                    .map(|&c| Spades::action_for(state, Decision::Card(c)))
            }
        };
        Some(Analysis::Hint {
            action,
            then: Vec::new(),
        })
    }

    fn may_undo(&self, state: &State, undone: usize) -> Result<(), RuleViolation> {
        if self.params.undo == UndoRule::Free {
            return Ok(());
        }
        let refuse = |why: String| Err(RuleViolation::new("SPD-UNDO", why));
        let step = &state.step;
        if state.phase == Phase::GameOver {
            return refuse("The game is over: a finished game cannot be taken back".to_string());
        }
        if undone > 0 {
            return refuse("Only your own last action can be taken back, and it was".to_string());
        }
        if step.dealt {
            return refuse("A new hand has been dealt: it cannot be taken back".to_string());
        }
        if step.tricks > 0 {
            return refuse(
                "The trick is complete: a finished trick cannot be taken back".to_string(),
            );
        }
        let actor = step.acts.first().map(|&(seat, _)| seat);
        if let Some(&(other, card)) = step.acts.iter().find(|&&(s, _)| Some(s) != actor) {
            let what = if card.is_some() { "played" } else { "bid" };
            let who = SEAT_NAMES[other as usize];
            return refuse(format!(
                "{who} has {what} since: nothing can be taken back once another player has acted"
            ));
        }
        Ok(())
    }

    fn import_position(&self, text: &str) -> Result<State, String> {
        let mut state = crate::position::read(text)?;
        // A computer seat to act acts, as after any action: the game waits for a seat driven
        // from outside.
        self.run_bots(&mut state, &mut Vec::new());
        Ok(state)
    }

    fn export_position(&self, state: &State) -> Option<String> {
        Some(crate::position::write(state))
    }

    fn facts(&self, state: &State) -> Vec<Fact> {
        crate::facts::facts(state)
    }

    fn legal_targets(&self, state: &State, from: PileId, index: u16) -> Vec<Action> {
        let action = Action::Move {
            from,
            index,
            to: slot_pile(state.turn),
        };
        match self.check(state, &action) {
            Ok(()) => vec![action],
            Err(_) => Vec::new(),
        }
    }

    fn may_lift(&self, state: &State, from: PileId, index: u16) -> Result<(), RuleViolation> {
        // A card goes to one place only, the trick: whether it may be played is whether it
        // may be picked up (following suit, spades broken), so the refusal comes at once.
        self.check(
            state,
            &Action::Move {
                from,
                index,
                to: slot_pile(state.turn),
            },
        )
    }
}

/// The prompt's label for a bid option.
pub fn option_label(n: u32) -> String {
    bid_label(n)
}
