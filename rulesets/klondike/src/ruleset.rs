//! The felt ruleset: dealing from the seed, checking and applying actions with the automatic
//! turns and foundation moves in the same step, scoring by the variant's table, and answering
//! analysis through the solver.

use crate::params::Params;
use crate::rules::{Rules, Step, Tally};
use crate::state::{Column, Pile, State, COLUMNS};
use felt_core::{
    Action, Analysis, AnalyzeRequest, DeckSpec, Event, ParamError, PileId, RuleChoice,
    RuleViolation, Ruleset, RulesetInfo, ScoreTable, Scoreboard, Seat, Setup, Status, Suit,
    TableView,
};

/// The id variant files name in `ruleset = "..."`.
pub const RULESET_ID: &str = "klondike";

/// The one rules choice: the variant's `[game]` keys say everything else.
pub fn rule_choices() -> Vec<RuleChoice> {
    vec![RuleChoice {
        id: "standard".into(),
        letter: 'S',
        name: "Standard".into(),
        description: "Build down in alternating colours; only Kings go to empty columns".into(),
    }]
}

/// Klondike or a relative, built for one variant.
pub struct Klondike {
    info: RulesetInfo,
    rules: Rules,
    scoring: Option<ScoreTable>,
}

impl Klondike {
    /// Whether `pile` is a column with no card.
    fn empty_column(&self, state: &State, pile: PileId) -> bool {
        matches!(Pile::of(pile), Some(Pile::Column(j)) if state.columns.get(j).is_some_and(|c| c.cards.is_empty()))
    }

    /// The ruleset for a variant file.
    pub fn new(setup: Setup<'_>) -> Result<Klondike, ParamError> {
        let params = Params::from_table(&setup.variant.game)?;
        let mut k = Klondike::with_params(params, setup.scoring.cloned());
        k.info.variant = setup.variant.id.clone();
        k.info.name = setup.variant.name.clone();
        k.info.rules = setup.rules.id.clone();
        Ok(k)
    }

    /// The ruleset with settings and no variant file (tests).
    pub fn with_params(params: Params, scoring: Option<ScoreTable>) -> Klondike {
        let rules = Rules { params };
        Klondike {
            info: RulesetInfo {
                ruleset: RULESET_ID.into(),
                variant: RULESET_ID.into(),
                name: "Klondike".into(),
                rules: "standard".into(),
                help: rules.help(scoring.as_ref()),
                seats: 1,
                hints: true,
                commands: None,
                extras: Vec::new(),
            },
            rules,
            scoring,
        }
    }

    /// The rules of this variant.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The settings.
    pub fn params(&self) -> &Params {
        &self.rules.params
    }

    /// The scoring table, if the variant keeps one.
    pub fn scoring(&self) -> Option<&ScoreTable> {
        self.scoring.as_ref()
    }

    /// KL-DEAL: the game of shuffle `seed`, before any automatic move. The shuffled pack is
    /// dealt a row at a time from the left, row `r` to columns `r..7`; the other 24 cards are
    /// the stock, the shuffle's last card on top.
    pub fn deal(&self, seed: u64) -> State {
        let deck =
            DeckSpec::new(1, Suit::ALL.to_vec()).map_or_else(|_| Vec::new(), |d| d.shuffled(seed));
        let mut cards = deck.into_iter();
        let mut columns = vec![Column::default(); COLUMNS];
        for row in 0..COLUMNS {
            for col in columns.iter_mut().skip(row) {
                col.cards.extend(cards.next());
            }
        }
        for col in &mut columns {
            col.down = col.cards.len().saturating_sub(1);
        }
        State {
            seed,
            columns,
            stock: cards.collect(),
            waste: Vec::new(),
            foundations: [0; 4],
            recycles: 0,
            moves: 0,
            score: self.scoring.as_ref().map_or(0, |t| t.start),
            news: Vec::new(),
        }
    }

    /// Whether `state` is a whole game: seven columns and each of the 52 cards once. A saved
    /// state is bytes from a file, so rules and the solver ask before they trust one.
    pub fn is_whole(&self, state: &State) -> bool {
        let mut cards = state.all_cards();
        let n = cards.len();
        cards.sort();
        cards.dedup();
        state.columns.len() == COLUMNS
            && n == 52
            && cards.len() == 52
            && state.foundations.iter().all(|&f| f <= 13)
            && state.columns.iter().all(|c| c.down <= c.cards.len())
            && state
                .columns
                .iter()
                .all(|c| c.down < c.cards.len() || c.cards.is_empty())
    }

    /// Whether `state` has this game's shape (seven columns, counts in range): the rules need no
    /// more, so hand-made positions of a few cards play by them too.
    pub fn is_shaped(&self, state: &State) -> bool {
        state.columns.len() == COLUMNS
            && state.foundations.iter().all(|&f| f <= 13)
            && state.columns.iter().all(|c| c.down <= c.cards.len())
    }

    fn score(&self, state: &mut State, tally: &Tally) {
        if let Some(table) = &self.scoring {
            for &(event, count) in tally {
                state.score = table.add(state.score, event, count);
            }
        }
    }
}

impl Ruleset for Klondike {
    type State = State;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    fn new_game(&self, seed: u64) -> State {
        let mut state = self.deal(seed);
        let mut tally = Tally::new();
        self.rules
            .auto_moves(&mut state, &mut Vec::new(), &mut tally);
        self.score(&mut state, &tally);
        state
    }

    fn check(&self, state: &State, action: &Action) -> Result<(), RuleViolation> {
        if !self.is_shaped(state) {
            return Err(RuleViolation::new(
                "KL-MOVE",
                "This position belongs to no game of Klondike",
            ));
        }
        self.rules.check(state, action).map(|_| ())
    }

    fn apply(&self, state: &mut State, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        let step = self.rules.check(state, action)?;
        let mut events = Vec::new();
        let mut tally = Tally::new();
        state.news.clear();
        self.rules.perform(state, step, &mut events, &mut tally);
        state.moves += 1;
        // A card just taken back from a foundation stays down for the player's next move.
        let returned = matches!(
            step,
            Step::Move {
                from: Pile::Foundation(_),
                ..
            }
        );
        if !returned {
            self.rules.auto_moves(state, &mut events, &mut tally);
        }
        self.score(state, &tally);
        Ok(events)
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        if self.is_shaped(state) {
            self.rules.legal_actions(state, out);
        }
    }

    fn best_place(
        &self,
        state: &State,
        from: PileId,
        index: u16,
        legal: &[Action],
    ) -> Option<Action> {
        // legal_actions lists foundations, then columns with cards, then empty columns: best
        // first. A card back from a foundation costs points and a whole column moved into an
        // empty one only trades places: legal, never the best place.
        let whole_column = match Pile::of(from) {
            Some(Pile::Column(i)) => {
                index == 0 && state.columns.get(i).is_some_and(|c| c.down == 0)
            }
            Some(Pile::Foundation(_)) => return None,
            _ => false,
        };
        legal
            .iter()
            .find(|a| match a {
                Action::Move { to, .. } => !(whole_column && self.empty_column(state, *to)),
                _ => true,
            })
            .cloned()
    }

    fn view(&self, state: &State, seat: Seat) -> TableView {
        let score = self
            .scoring
            .as_ref()
            .filter(|t| t.shows_score)
            .map(|_| state.score);
        self.rules.table_view(state, seat, score)
    }

    fn status(&self, state: &State) -> Status {
        if state.cards_up() == 52 {
            return Status::Won {
                winner: String::new(),
            };
        }
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        if legal.is_empty() {
            return Status::Over {
                reason: "No card can move and the stock is spent".into(),
            };
        }
        if self.params().dead_end && crate::solver::stuck(self, state) {
            return Status::Over {
                reason: "No line of play can turn another card up or win: the game is lost \
                         (KL-DEADEND). Undo to try another way, or start a new deal"
                    .into(),
            };
        }
        Status::Playing
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
        keep_going: felt_core::KeepGoing<'_>,
    ) -> Option<Analysis> {
        Some(crate::solver::analyze(self, state, request, keep_going))
    }

    fn import_position(&self, text: &str) -> Result<State, String> {
        self.read_position(text)
    }

    fn export_position(&self, state: &State) -> Option<String> {
        Some(self.write_position(state))
    }
}
