//! Scorpion, a small patience, as a felt ruleset loaded as a plugin. `felt new-ruleset NAME`
//! starts a new ruleset crate from this file (with `analysis.rs` and `tests/game.rs`), with the variant's id and
//! code made NAME's own: it shows every part a patience ruleset has.
//!
//! - **Deal** from a seed with felt's shuffle, so the same seed deals the same game everywhere.
//! - **Move** (`Action::Move`), checked by rules that each have an id, cited in refusals.
//! - **Flips**: a face-down card left last in its column turns up, as part of the move.
//! - **Deal from the stock** (`Action::Deal`).
//! - **Best places** (`best_place`, `may_lift`): where "send this card" goes, and which
//!   cards may not even be picked up.
//! - **Scoring** from the variant's table (`ScoreTable::add`), with events named here.
//! - **Draw hints and roles**: how the host's one renderer should draw each pile.
//! - **Analysis**: an honest hint, an exact dead-end test, and a bounded solver that says
//!   "won", "unwinnable" (only after looking at every line) or "undecided".
//!
//! The rules (ids SCO-*) are felt's `docs/rules/scorpion.md`; write your own game's page too.

#![warn(missing_docs)]

use felt_core::{
    Action, Analysis, AnalyzeRequest, Card, CardFace, DeckSpec, DrawHint, DynRuleset, Event,
    KeepGoing, ParamError, PileId, PileRole, PileView, Place, Rank, Report, RuleChoice,
    RuleViolation, Ruleset, RulesetFactory, RulesetInfo, ScoreTable, Scoreboard, Seat, Setup,
    Status, StatusItem, Stopped, Suit, TableView, Typed,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod analysis;
use analysis::honest_hints;
pub use analysis::solve;

/// The id variant files name in `ruleset = "..."`.
pub const RULESET_ID: &str = "scorpion";
/// Columns on the table.
pub const COLUMNS: usize = 7;
/// The stock's pile id: after the columns.
pub const STOCK: PileId = PileId(COLUMNS as u8);
/// Columns, counted from the left, that start with three cards face down (SCO-DEAL).
const HIDDEN_COLUMNS: usize = 4;
/// Face-down cards at the top of each of those columns.
const HIDDEN: usize = 3;

/// The variant files the plugin ships, as `(file name, TOML text)`.
pub const VARIANTS: [(&str, &str); 1] =
    [("scorpion.toml", include_str!("../variants/scorpion.toml"))];
/// The scoring tables the plugin ships; a variant names one by its file name without `.toml`.
pub const SCORING: [(&str, &str); 1] = [(
    "scorpion-standard.toml",
    include_str!("../scoring/scorpion-standard.toml"),
)];

/// One column: its cards from the top of the table down, the first `down` of them face down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Column {
    /// The cards, the last one the card a player can reach first.
    pub cards: Vec<Card>,
    /// How many of the first cards are face down.
    pub down: usize,
}

/// Everything about one game: felt clones it for undo and stores it as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The seven columns.
    pub columns: Vec<Column>,
    /// The stock, dealt all at once (SCO-STOCK).
    pub stock: Vec<Card>,
    /// Actions taken.
    pub moves: u32,
    /// Points, under a scoring table.
    pub score: i64,
}

/// The variant's `[game]` keys.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    /// Whether an empty column takes any card instead of only a King (SCO-EMPTY).
    #[serde(default)]
    any_card_on_empty: bool,
}

/// The ruleset, built for one variant.
pub struct Game {
    info: RulesetInfo,
    params: Params,
    scoring: Option<ScoreTable>,
}

impl Game {
    /// The ruleset for a variant file, or which key is wrong and why.
    pub fn new(setup: Setup<'_>) -> Result<Game, ParamError> {
        let params: Params =
            setup
                .variant
                .game
                .clone()
                .try_into()
                .map_err(|e: toml::de::Error| ParamError {
                    key: Some("game".into()),
                    message: e.message().to_string(),
                })?;
        Ok(Game {
            info: RulesetInfo {
                ruleset: RULESET_ID.into(),
                variant: setup.variant.id.clone(),
                name: setup.variant.name.clone(),
                rules: setup.rules.id.clone(),
                help: help(&params),
                seats: 1,
                hints: true,
                commands: None,
                extras: Vec::new(),
            },
            params,
            scoring: setup.scoring.cloned(),
        })
    }

    /// SCO-MOVE and SCO-EMPTY: whether `card` (with the cards on it) may go to column `to`.
    fn fits(&self, state: &State, card: Card, to: usize) -> bool {
        match state.columns[to].cards.last() {
            Some(&top) => {
                top.suit() == card.suit() && top.rank().number() == card.rank().number() + 1
            }
            None => self.params.any_card_on_empty || card.rank().number() == 13,
        }
    }

    /// The rule an action breaks, if any; the action is then carried out by [`Game::apply`].
    fn rule_broken(&self, state: &State, action: &Action) -> Result<(), RuleViolation> {
        if state.columns.len() != COLUMNS {
            return Err(RuleViolation::new(
                "SCO-DEAL",
                "This position is no game of Scorpion",
            ));
        }
        match *action {
            Action::Deal { from } if from == STOCK => {
                if state.stock.is_empty() {
                    Err(RuleViolation::new(
                        "SCO-STOCK",
                        "The stock has been dealt already",
                    ))
                } else {
                    Ok(())
                }
            }
            Action::Move { from, index, to } => {
                let (from, to, index) = (from.0 as usize, to.0 as usize, index as usize);
                let column = state
                    .columns
                    .get(from)
                    .ok_or_else(|| RuleViolation::new("SCO-MOVE", "Cards move from a column"))?;
                if to >= COLUMNS || to == from {
                    return Err(RuleViolation::new(
                        "SCO-MOVE",
                        "Cards move to another column",
                    ));
                }
                let card = *column
                    .cards
                    .get(index)
                    .ok_or_else(|| RuleViolation::new("SCO-MOVE", "There is no card there"))?;
                if index < column.down {
                    return Err(RuleViolation::new(
                        "SCO-MOVE",
                        "A face-down card cannot move",
                    ));
                }
                if self.fits(state, card, to) {
                    Ok(())
                } else if state.columns[to].cards.is_empty() {
                    Err(RuleViolation::new(
                        "SCO-EMPTY",
                        "Only a King goes to an empty column",
                    ))
                } else {
                    Err(RuleViolation::new(
                        "SCO-MOVE",
                        "A card goes only on the next higher card of its own suit",
                    ))
                }
            }
            _ => Err(RuleViolation::new(
                "SCO-MOVE",
                "Scorpion has no such action",
            )),
        }
    }

    fn score(&self, state: &mut State, event: &str, count: i64) {
        if let Some(table) = &self.scoring {
            state.score = table.add(state.score, event, count);
        }
    }

    /// SCO-WIN: each column is empty or a whole suit from the King down to the Ace.
    fn won(state: &State) -> bool {
        state.stock.is_empty()
            && state
                .columns
                .iter()
                .all(|c| c.cards.is_empty() || complete(c))
    }
}

/// Whether a column is one suit from the King down to the Ace, all face up.
fn complete(column: &Column) -> bool {
    column.down == 0
        && column.cards.len() == 13
        && column.cards.iter().enumerate().all(|(i, c)| {
            c.suit() == column.cards[0].suit() && c.rank().number() as usize == 13 - i
        })
}

impl Ruleset for Game {
    type State = State;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    /// SCO-DEAL: the pack dealt in rows across the seven columns, the last three cards the stock.
    fn new_game(&self, seed: u64) -> State {
        let deck =
            DeckSpec::new(1, Suit::ALL.to_vec()).map_or_else(|_| Vec::new(), |d| d.shuffled(seed));
        let mut cards = deck.into_iter();
        let mut columns = vec![Column::default(); COLUMNS];
        for _row in 0..7 {
            for column in &mut columns {
                column.cards.extend(cards.next());
            }
        }
        for column in columns.iter_mut().take(HIDDEN_COLUMNS) {
            column.down = HIDDEN;
        }
        State {
            columns,
            stock: cards.collect(),
            moves: 0,
            score: self.scoring.as_ref().map_or(0, |t| t.start),
        }
    }

    fn check(&self, state: &State, action: &Action) -> Result<(), RuleViolation> {
        self.rule_broken(state, action)
    }

    fn apply(&self, state: &mut State, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.rule_broken(state, action)?;
        let mut events = Vec::new();
        match *action {
            Action::Deal { from } => {
                // SCO-STOCK: one card on each of the first columns, face up.
                let count = state.stock.len() as u16;
                for (column, card) in state
                    .columns
                    .iter_mut()
                    .zip(std::mem::take(&mut state.stock))
                {
                    column.cards.push(card);
                }
                events.push(Event::Dealt { from, count });
            }
            Action::Move { from, index, to } => {
                let moving = state.columns[from.0 as usize]
                    .cards
                    .split_off(index as usize);
                let count = moving.len() as u16;
                state.columns[to.0 as usize].cards.extend(moving);
                events.push(Event::Moved { from, to, count });
                // SCO-TURN: the card left last turns face up.
                let source = &mut state.columns[from.0 as usize];
                if source.down > 0 && source.down == source.cards.len() {
                    source.down -= 1;
                    events.push(Event::Flipped { pile: from });
                    self.score(state, "turn", 1);
                }
                if complete(&state.columns[to.0 as usize]) {
                    self.score(state, "suit", 1);
                }
            }
            _ => {}
        }
        state.moves += 1;
        Ok(events)
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        if state.columns.len() != COLUMNS {
            return;
        }
        if !state.stock.is_empty() {
            out.push(Action::Deal { from: STOCK });
        }
        for (from, column) in state.columns.iter().enumerate() {
            for index in column.down..column.cards.len() {
                for to in 0..COLUMNS {
                    // Every legal move, even a whole column to an empty one: before the
                    // stock is dealt, which columns its cards land on depends on it.
                    if to != from && self.fits(state, column.cards[index], to) {
                        out.push(Action::Move {
                            from: PileId(from as u8),
                            index: index as u16,
                            to: PileId(to as u8),
                        });
                    }
                }
            }
        }
    }

    /// The best place: the card's own next higher card, else the leftmost empty column; a
    /// whole column moved into an empty one only trades places, so it is legal but never best.
    fn best_place(
        &self,
        state: &State,
        _from: PileId,
        index: u16,
        legal: &[Action],
    ) -> Option<Action> {
        let onto_card = |a: &&Action| match a {
            Action::Move { to, .. } => !state.columns[to.0 as usize].cards.is_empty(),
            _ => false,
        };
        legal
            .iter()
            .find(onto_card)
            .or_else(|| legal.iter().find(|_| index > 0))
            .cloned()
    }

    /// A face-down card cannot be picked up (SCO-MOVE), so the pick is refused at once.
    fn may_lift(&self, state: &State, from: PileId, index: u16) -> Result<(), RuleViolation> {
        match state.columns.get(from.0 as usize) {
            Some(column) if (index as usize) < column.down => Err(RuleViolation::new(
                "SCO-MOVE",
                "A face-down card cannot move",
            )),
            _ => Ok(()),
        }
    }

    fn view(&self, state: &State, seat: Seat) -> TableView {
        let mut piles: Vec<PileView> = state
            .columns
            .iter()
            .enumerate()
            .map(|(i, column)| PileView {
                id: PileId(i as u8),
                role: PileRole::Tableau,
                label: (i + 1).to_string(),
                hint: DrawHint::FanDown,
                place: Place::at(1, i as u8),
                cards: column
                    .cards
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| {
                        if k < column.down {
                            CardFace::Down
                        } else {
                            CardFace::Up(c)
                        }
                    })
                    .collect(),
                note: None,
            })
            .collect();
        piles.push(PileView {
            id: STOCK,
            role: PileRole::Stock,
            label: "stock".into(),
            hint: DrawHint::Stacked,
            place: Place::at(0, 0),
            // Face down: the player does not know them until they are dealt.
            cards: state.stock.iter().map(|_| CardFace::Down).collect(),
            note: None,
        });
        let item = |key: &str, label: &str, value: String| StatusItem {
            key: key.into(),
            label: label.into(),
            value,
        };
        let mut status = Vec::new();
        if self.scoring.as_ref().is_some_and(|t| t.shows_score) {
            status.push(item("score", "Score", state.score.to_string()));
        }
        status.push(item("moves", "Moves", state.moves.to_string()));
        let suits = state.columns.iter().filter(|c| complete(c)).count();
        status.push(item("suits", "Suits", format!("{suits}/4")));
        TableView {
            seat,
            piles,
            status,
            prompt: None,
            messages: Vec::new(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }

    fn status(&self, state: &State) -> Status {
        if Game::won(state) {
            return Status::Won {
                winner: String::new(),
            };
        }
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        if legal.is_empty() {
            Status::Over {
                reason: "No card can move and the stock is dealt".into(),
            }
        } else {
            Status::Playing
        }
    }

    fn scoreboard(&self, state: &State) -> Scoreboard {
        Scoreboard {
            score: self
                .scoring
                .as_ref()
                .filter(|t| t.shows_score)
                .map(|_| state.score),
            moves: state.moves,
        }
    }

    fn analyze(
        &self,
        state: &State,
        request: &AnalyzeRequest,
        keep_going: KeepGoing<'_>,
    ) -> Option<Analysis> {
        Some(match *request {
            AnalyzeRequest::Solve {
                full_information,
                ref budget,
            } => {
                if full_information {
                    solve(self, state, budget, keep_going)
                } else {
                    // An exact answer needs the face-down cards and the stock.
                    Analysis::Undecided {
                        report: Report::stopped(0, Stopped::Hidden),
                    }
                }
            }
            AnalyzeRequest::Hint { rank, .. } => Analysis::Hint {
                action: honest_hints(self, state).into_iter().nth(rank as usize),
                then: Vec::new(),
            },
            // Exact without peeking: a table with no legal action can never change again.
            AnalyzeRequest::DeadEnd => {
                let mut legal = Vec::new();
                self.legal_actions(state, &mut legal);
                Analysis::DeadEnd {
                    stuck: legal.is_empty(),
                }
            }
        })
    }
}

/// The rules text of the help overlay.
fn help(params: &Params) -> Vec<String> {
    vec![
        "Seven columns of seven cards; in the four on the left the first three are face down. \
         The last three cards are the stock. Win by building the four suits in columns, each \
         from the King down to the Ace."
            .into(),
        format!(
            "Any face-up card moves, with every card on it, onto the next higher card of its own \
             suit at the end of another column. An empty column takes {}. A face-down card left \
             last in its column turns up.",
            if params.any_card_on_empty {
                "any card"
            } else {
                "only a King"
            }
        ),
        "Once, whenever you like, deal the stock: one card onto each of the first three columns."
            .into(),
    ]
}

/// Makes the ruleset from variant files.
pub struct Factory;

impl RulesetFactory for Factory {
    fn id(&self) -> &str {
        RULESET_ID
    }
    fn description(&self) -> &str {
        "Scorpion: build each suit down in its own column, moving cards with everything on them"
    }
    fn rule_choices(&self) -> Vec<RuleChoice> {
        vec![RuleChoice {
            id: "standard".into(),
            letter: 'S',
            name: "Standard".into(),
            description: "The variant's [game] keys say the rest".into(),
        }]
    }
    fn bundled_variants(&self) -> Vec<(String, String)> {
        VARIANTS
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }
    fn bundled_scoring(&self) -> Vec<(String, String)> {
        SCORING
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError> {
        Ok(Typed::shared(Game::new(setup)?))
    }
}

felt_plugin::export_ruleset!(Factory);

/// A card by its token (`QH`, `10S`), for tests and positions.
pub fn card(token: &str) -> Option<Card> {
    let (rank, suit) = token.split_at(token.len().checked_sub(1)?);
    Some(Card::new(
        Suit::from_letter(suit.chars().next()?)?,
        Rank::from_token(rank)?,
    ))
}
