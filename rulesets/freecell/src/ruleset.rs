//! The felt ruleset: dealing Microsoft's numbered deals, checking and applying moves with the
//! automatic foundation moves in the same step, and answering analysis through the solver.

use crate::collect::{collect_action, collect_key, COLLECT};
use crate::deal::{deal_number, lay_out, microsoft_order};
use crate::params::Params;
use crate::rules::Rules;
use crate::state::{Pile, State};
use felt_core::{
    Action, Analysis, AnalyzeRequest, Command, Event, KeepGoing, ParamError, PileId, RuleChoice,
    RuleViolation, Ruleset, RulesetInfo, Scoreboard, Seat, Setup, Status, TableView,
};

/// The id variant files name in `ruleset = "..."`.
pub const RULESET_ID: &str = "freecell";

/// The one rules choice: the variant's `[game]` keys say everything else.
pub fn rule_choices() -> Vec<RuleChoice> {
    vec![RuleChoice {
        id: "standard".into(),
        letter: 'S',
        name: "Standard".into(),
        description: "Groups move as far as free cells and empty columns allow".into(),
    }]
}

/// FreeCell or a relative, built for one variant.
pub struct FreeCell {
    info: RulesetInfo,
    rules: Rules,
}

impl FreeCell {
    /// The ruleset for a variant file.
    pub fn new(setup: Setup<'_>) -> Result<FreeCell, ParamError> {
        let params = Params::from_table(&setup.variant.game)?;
        let mut fc = FreeCell::with_params(params);
        fc.info.variant = setup.variant.id.clone();
        fc.info.name = setup.variant.name.clone();
        fc.info.rules = setup.rules.id.clone();
        Ok(fc)
    }

    /// The ruleset with settings and no variant file (tests, the measuring example).
    pub fn with_params(params: Params) -> FreeCell {
        let rules = Rules { params };
        FreeCell {
            info: RulesetInfo {
                ruleset: RULESET_ID.into(),
                variant: RULESET_ID.into(),
                name: "FreeCell".into(),
                rules: "standard".into(),
                help: rules.help(),
                seats: 1,
                hints: true,
                // Every host command but dealing: FreeCell has no stock.
                commands: Some(vec![
                    Command::BestPlace,
                    Command::Columns,
                    Command::Hint,
                    Command::Demo,
                    Command::LiveStatus,
                    Command::Undo,
                    Command::Redo,
                ]),
                extras: vec![collect_key()],
            },
            rules,
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

    /// Microsoft deal `number` laid out for this variant, before any automatic move.
    pub fn deal(&self, number: u32) -> State {
        let p = &self.rules.params;
        let (columns, dealt) = lay_out(&microsoft_order(number), p.columns, p.cells_dealt);
        let mut cells = vec![None; p.cells];
        for (cell, card) in cells.iter_mut().zip(dealt) {
            *cell = Some(card);
        }
        State {
            deal: number,
            columns,
            cells,
            foundations: [0; 4],
            moves: 0,
            news: Vec::new(),
        }
    }

    /// Whether `state` is a whole game of this variant: its piles, and each of the 52 cards
    /// once. A saved state is bytes from a file, so the solver asks before it trusts one.
    pub fn is_whole(&self, state: &State) -> bool {
        let mut cards = state.all_cards();
        cards.sort();
        cards.dedup();
        self.layout_check(state).is_ok()
            && cards.len() == 52
            && state.all_cards().len() == 52
            // The solver's columns hold any column a game reaches (13 dealt, 12 built).
            && state
                .columns
                .iter()
                .all(|c| c.len() + 13 <= crate::solver::position::MAX_LEN)
    }

    /// What every action needs of the table: this variant's layout, and a game not won yet.
    fn table_check(&self, state: &State) -> Result<(), RuleViolation> {
        self.layout_check(state)?;
        if state.cards_up() == 52 {
            return Err(RuleViolation::new("FC-WIN", "The game is won"));
        }
        Ok(())
    }

    fn layout_check(&self, state: &State) -> Result<(), RuleViolation> {
        if state.columns.len() != self.rules.params.columns
            || state.cells.len() != self.rules.params.cells
            || state.foundations.iter().any(|&n| n > 13)
        {
            return Err(RuleViolation::new(
                "FC-MOVE",
                "This position belongs to another FreeCell variant",
            ));
        }
        Ok(())
    }
}

fn no_such() -> RuleViolation {
    RuleViolation::new(
        "FC-MOVE",
        "FreeCell has no such action: move a card (or a group) to a column, a free cell or a foundation",
    )
}

impl Ruleset for FreeCell {
    type State = State;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    fn shuffles(&self) -> Option<felt_core::Shuffles> {
        Some(crate::deal::shuffles())
    }

    fn new_game(&self, seed: u64) -> State {
        let mut state = self.deal(deal_number(seed));
        self.rules.auto_moves(&mut state, &mut Vec::new());
        state
    }

    fn check(&self, state: &State, action: &Action) -> Result<(), RuleViolation> {
        self.table_check(state)?;
        match action {
            Action::Move { from, index, to } => {
                self.rules.check_move(state, *from, *index, *to).map(|_| ())
            }
            Action::Extra { name, .. } if name == COLLECT => self.rules.check_collect(state),
            _ => Err(no_such()),
        }
    }

    fn apply(&self, state: &mut State, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        // `check`'s tests, each once: the step a move's check finds is the one carried out.
        self.table_check(state)?;
        let mut events = Vec::new();
        match action {
            Action::Move { from, index, to } => {
                let step = self.rules.check_move(state, *from, *index, *to)?;
                state.news.clear();
                self.rules.perform(state, step, &mut events);
            }
            Action::Extra { name, .. } if name == COLLECT => {
                self.rules.check_collect(state)?;
                state.news.clear();
                self.rules.collect(state, &mut events);
            }
            _ => return Err(no_such()),
        }
        state.moves += 1;
        self.rules.auto_moves(state, &mut events);
        Ok(events)
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        if self.layout_check(state).is_err() || state.cards_up() == 52 {
            return;
        }
        out.extend(
            self.rules
                .legal_moves(state)
                .into_iter()
                .map(|(from, index, to)| Action::Move { from, index, to }),
        );
        if self.rules.check_collect(state).is_ok() {
            out.push(collect_action());
        }
    }

    fn best_place(
        &self,
        state: &State,
        from: PileId,
        index: u16,
        legal: &[Action],
    ) -> Option<Action> {
        // legal_moves lists foundations, then columns with cards, empty columns, cells: best
        // first. A whole column moved into an empty one only trades places: legal, never the
        // best place.
        let layout = self.rules.layout();
        let whole_column = index == 0 && matches!(layout.pile(from), Some(Pile::Column(_)));
        legal
            .iter()
            .find(|a| match a {
                Action::Move { to, .. } => {
                    let into_empty = matches!(layout.pile(*to), Some(Pile::Column(j)) if state.columns[j].is_empty());
                    !(whole_column && into_empty)
                }
                _ => true,
            })
            .cloned()
    }

    fn may_lift(&self, state: &State, from: PileId, index: u16) -> Result<(), RuleViolation> {
        self.rules.check_lift(state, from, index)
    }

    fn meant_group(&self, state: &State, from: PileId, to: PileId) -> Option<u16> {
        self.rules.meant_group(state, from, to)
    }

    fn view(&self, state: &State, seat: Seat) -> TableView {
        self.rules.table_view(state, seat)
    }

    fn status(&self, state: &State) -> Status {
        if state.cards_up() == 52 {
            return Status::Won {
                winner: String::new(),
            };
        }
        if self.layout_check(state).is_ok() && self.rules.legal_moves(state).is_empty() {
            return Status::Over {
                reason: "No card can move any more".into(),
            };
        }
        if self.params().dead_end && crate::solver::glue::proven_lost(self, state) {
            return Status::Over {
                reason: "No line of play wins from here: the game is lost (FC-DEADEND). Undo \
                         to try another way, or start a new deal"
                    .into(),
            };
        }
        Status::Playing
    }

    fn scoreboard(&self, state: &State) -> Scoreboard {
        Scoreboard {
            score: None,
            moves: state.moves,
        }
    }

    fn analyze(
        &self,
        state: &State,
        request: &AnalyzeRequest,
        keep_going: KeepGoing<'_>,
    ) -> Option<Analysis> {
        Some(crate::solver::glue::analyze(
            self, state, request, keep_going,
        ))
    }

    fn import_position(&self, text: &str) -> Result<State, String> {
        self.read_position(text)
    }

    fn export_position(&self, state: &State) -> Option<String> {
        Some(self.write_position(state))
    }
}

/// The pile id of a foundation, column or cell in this variant.
pub fn pile_id(fc: &FreeCell, pile: Pile) -> PileId {
    fc.rules.layout().id(pile)
}
