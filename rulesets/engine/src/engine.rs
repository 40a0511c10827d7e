//! The engine as a felt ruleset for one game: [`Engine`] answers `felt_core::Ruleset` from the
//! game's [`Play`], and lays the table out by pile roles, as the template does: the stock,
//! the waste, the reserve, the cells and the foundations in the top row, the columns below;
//! a reserve of several piles (Duchess's four fans) in a row of its own between them.

use crate::play::{deal, Pile, Play, Refusal, State};
use crate::vocabulary::{Game, Redeal, ReserveShape, Shuffle, StockDeal, Win};
use felt_core::{
    Action, Analysis, AnalyzeRequest, CardFace, DrawHint, Event, KeepGoing, ParamError, PileId,
    PileRole, PileView, Place, RuleViolation, Ruleset, RulesetInfo, ScoreTable, Scoreboard, Seat,
    Setup, Status, TableView,
};

/// The id variant files will name in `ruleset = "..."`.
pub const RULESET_ID: &str = "patience";

/// The ruleset, built for one game.
pub struct Engine {
    info: RulesetInfo,
    play: Play,
}

impl Engine {
    /// The ruleset for a variant file, or which key is wrong and why.
    pub fn new(setup: Setup<'_>) -> Result<Engine, ParamError> {
        let game = Game::read(&setup.variant.game)?;
        let mut engine = Engine::for_game(game, setup.scoring.cloned())?;
        engine.info.variant = setup.variant.id.clone();
        engine.info.name = setup.variant.name.clone();
        engine.info.rules = setup.rules.id.clone();
        Ok(engine)
    }

    /// The ruleset for a game read already (tests, tools), scored by `scoring` if given.
    pub fn for_game(game: Game, scoring: Option<ScoreTable>) -> Result<Engine, ParamError> {
        let play = Play::new(game, scoring)?;
        Ok(Engine {
            info: RulesetInfo {
                ruleset: RULESET_ID.into(),
                variant: RULESET_ID.into(),
                name: "Patience".into(),
                rules: "standard".into(),
                help: crate::help::rules_text(&play),
                seats: 1,
                // The solver answers hints for every game (crate::solver).
                hints: true,
                commands: None,
                extras: Vec::new(),
            },
            play,
        })
    }

    /// The game's rules and pile ids.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The id of a pile of this game.
    pub fn id(&self, pile: Pile) -> PileId {
        self.play.ids.id(pile)
    }
}

impl Ruleset for Engine {
    type State = State;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    /// Microsoft's numbered deals, for a game that deals them: the host then takes and shows
    /// their numbers.
    fn shuffles(&self) -> Option<felt_core::Shuffles> {
        (self.play.game.shuffle == Shuffle::Microsoft).then(felt_patience::microsoft::shuffles)
    }

    /// PA-DEAL: the deal of `crate::deal`, then what goes by itself.
    fn new_game(&self, seed: u64) -> State {
        self.play.deal(seed)
    }

    fn check(&self, state: &State, action: &Action) -> Result<(), RuleViolation> {
        self.play
            .check(state, action)
            .map_err(|r| self.play.words(&r))
    }

    fn apply(&self, state: &mut State, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        Ok(self.play.perform(state, action))
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        self.play.legal(state, out);
    }

    /// The best place: a foundation first, then a card to build on, then an empty column or
    /// a cell; a whole column moved to an empty one only trades places, so it is never best.
    fn best_place(
        &self,
        state: &State,
        from: PileId,
        index: u16,
        legal: &[Action],
    ) -> Option<Action> {
        let to = |a: &Action| match a {
            Action::Move { to, .. } => self.play.ids.pile(*to),
            _ => None,
        };
        let whole_column = matches!(self.play.ids.pile(from), Some(Pile::Column(_))) && index == 0;
        let onto_card = |a: &Action| match to(a) {
            Some(Pile::Column(i)) => !state.columns[i].cards.is_empty(),
            _ => false,
        };
        legal
            .iter()
            .find(|a| matches!(to(a), Some(Pile::Foundation(_))))
            .or_else(|| legal.iter().find(|a| onto_card(a)))
            .or_else(|| {
                legal.iter().find(|a| {
                    !whole_column || !matches!(to(a), Some(Pile::Column(_) | Pile::Cell(_)))
                })
            })
            .cloned()
    }

    /// What may not be picked up at all, wherever it would go: a face-down card, a group
    /// that does not move together, a card under the top of a waste or a stacked reserve.
    fn may_lift(&self, state: &State, from: PileId, index: u16) -> Result<(), RuleViolation> {
        let pile = self
            .play
            .ids
            .pile(from)
            .ok_or_else(|| self.play.words(&Refusal::NoPile))?;
        self.play
            .lift(state, pile, usize::from(index))
            .map(|_| ())
            .map_err(|r| self.play.words(&r))
    }

    fn view(&self, state: &State, seat: Seat) -> TableView {
        let game = &self.play.game;
        let ids = self.play.ids;
        let mut top = Vec::new();
        if let Some(stock) = game.stock {
            top.push(PileView {
                id: ids.id(Pile::Stock),
                role: PileRole::Stock,
                label: "stock".into(),
                hint: DrawHint::Stacked,
                place: Place::at(0, 0),
                // Face down: the player does not know them until they are dealt; in a game
                // with nothing hidden (Thoughtful) they lie in view, in their order.
                cards: state
                    .stock
                    .iter()
                    .map(|&c| {
                        if game.hidden {
                            CardFace::Down
                        } else {
                            CardFace::Up(c)
                        }
                    })
                    .collect(),
                note: match state.redeals {
                    _ if stock.deal != StockDeal::Waste => None,
                    None => Some("redeals without end".into()),
                    Some(n) => Some(format!("{n} redeal{} left", if n == 1 { "" } else { "s" })),
                },
            });
            // A gather has no waste: its stock is only the redeal.
            if stock.deal == StockDeal::Waste && stock.redeal == Redeal::Waste {
                top.push(PileView {
                    id: ids.id(Pile::Waste),
                    role: PileRole::Waste,
                    label: "waste".into(),
                    hint: if stock.cards > 1 {
                        DrawHint::FanLast(stock.cards)
                    } else {
                        DrawHint::Stacked
                    },
                    place: Place::at(0, 0),
                    // Every waste card was seen when it was turned: they stay known.
                    cards: state.waste.iter().map(|&c| CardFace::Up(c)).collect(),
                    note: None,
                });
            }
        }
        // Several reserve piles, each fanned across, would crowd the top row: they get a row
        // of their own, the columns one row lower.
        let reserve_row = u8::from(game.reserve > 0 && state.reserve.len() > 1);
        let mut reserves = Vec::new();
        for (r, pile) in state
            .reserve
            .iter()
            .enumerate()
            .filter(|_| game.reserve > 0)
        {
            let last = pile.len().saturating_sub(1);
            reserves.push(PileView {
                id: ids.id(Pile::Reserve(r)),
                role: PileRole::Reserve,
                // One token each where there are several, as the foundations are named.
                label: if state.reserve.len() > 1 {
                    format!("r{}", r + 1)
                } else {
                    "reserve".into()
                },
                hint: match game.reserve_shape {
                    ReserveShape::Stack => DrawHint::Stacked,
                    ReserveShape::Fan | ReserveShape::Open => DrawHint::FanRight,
                },
                place: Place::at(reserve_row, r as u8),
                // A stacked reserve shows only the card that plays.
                cards: pile
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| {
                        if game.reserve_shape != ReserveShape::Stack || k == last || !game.hidden {
                            CardFace::Up(c)
                        } else {
                            CardFace::Down
                        }
                    })
                    .collect(),
                note: None,
            });
        }
        if reserve_row == 0 {
            top.append(&mut reserves);
        }
        for (i, cell) in state.cells.iter().enumerate() {
            top.push(PileView {
                id: ids.id(Pile::Cell(i)),
                role: PileRole::Cell,
                label: format!("c{}", i + 1),
                hint: DrawHint::Slot,
                place: Place::at(0, 0),
                cards: cell.iter().map(|&c| CardFace::Up(c)).collect(),
                note: None,
            });
        }
        // A game won in the columns has no foundations to show, unless its full suits
        // leave to them.
        let foundations = game.win != Win::Sequences || game.remove_suits;
        for (i, pile) in state.foundations.iter().enumerate().filter(|_| foundations) {
            top.push(PileView {
                id: ids.id(Pile::Foundation(i)),
                role: PileRole::Foundation,
                // One token each, as FreeCell's cells are named, so the headless protocol
                // can name them and a narrow table shows them whole.
                label: format!("f{}", i + 1),
                hint: DrawHint::Stacked,
                place: Place::at(0, 0),
                cards: pile.iter().map(|&c| CardFace::Up(c)).collect(),
                note: None,
            });
        }
        for (col, pile) in top.iter_mut().enumerate() {
            pile.place = Place::at(0, col as u8);
        }
        let per_row = if state.columns.len() > WIDEST_ROW {
            state.columns.len().div_ceil(2)
        } else {
            state.columns.len().max(1)
        };
        let mut piles: Vec<PileView> = state
            .columns
            .iter()
            .enumerate()
            .map(|(i, column)| PileView {
                id: ids.id(Pile::Column(i)),
                role: PileRole::Tableau,
                label: (i + 1).to_string(),
                // Columns laid out in overlapping rows (PA-COVER) hold a card each, at
                // their places; the others fan down.
                hint: if game.tableau.places.is_empty() {
                    DrawHint::FanDown
                } else {
                    DrawHint::Slot
                },
                place: match game.tableau.places.get(i) {
                    Some(&(row, x)) => Place {
                        half: x % 2 == 1,
                        ..Place::at(1 + reserve_row + row, x / 2)
                    },
                    // More columns than fit across a terminal (Fan's eighteen fans, Black
                    // Hole's seventeen) are laid out in two rows.
                    None => Place::at(1 + reserve_row + (i / per_row) as u8, (i % per_row) as u8),
                },
                cards: column
                    .cards
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| {
                        // Unturned cards stay unturned for play; `hidden = false` shows them.
                        if k < column.down && game.hidden {
                            CardFace::Down
                        } else {
                            CardFace::Up(c)
                        }
                    })
                    .collect(),
                note: None,
            })
            .collect();
        piles.extend(top);
        piles.extend(reserves);
        let item = felt_patience::status::item;
        let mut status = Vec::new();
        if self.play.scoring.as_ref().is_some_and(|t| t.shows_score) {
            status.push(item("score", "Score", state.score.to_string()));
        }
        status.push(item("moves", "Moves", state.moves.to_string()));
        let up: usize = state.foundations.iter().map(Vec::len).sum();
        status.push(item("foundations", "Up", format!("{up}/{}", game.cards())));
        if game.foundations.base == crate::vocabulary::Base::Chosen {
            // The rank the player chose, which every foundation follows, or that it is still
            // to be chosen (nothing else moves until it is).
            let base = if self.play.choosing(state) {
                "to choose".to_string()
            } else {
                felt_patience::words::rank_word(state.base.number()).to_string()
            };
            status.push(item("base", "Base", base));
        }
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
        if self.play.won(state) {
            return Status::Won {
                winner: String::new(),
            };
        }
        let mut legal = Vec::new();
        self.play.legal(state, &mut legal);
        if legal.is_empty() {
            Status::Over {
                reason: "No card can move and the stock is out".into(),
            }
        } else if crate::solver::proven_lost(self, state, &legal) {
            Status::Over {
                reason: "No line of play wins from here: the game is lost (PA-DEADEND). Undo \
                         to try another way, or start a new deal"
                    .into(),
            }
        } else {
            Status::Playing
        }
    }

    fn import_position(&self, text: &str) -> Result<State, String> {
        crate::position::read(&self.play, text)
    }

    fn export_position(&self, state: &State) -> Option<String> {
        Some(crate::position::write(&self.play, state))
    }

    /// The solver, the honest hint and the dead-end check of `crate::solver`.
    fn analyze(
        &self,
        state: &State,
        request: &AnalyzeRequest,
        keep_going: KeepGoing<'_>,
    ) -> Option<Analysis> {
        Some(crate::solver::analyze(self, state, request, keep_going))
    }

    fn scoreboard(&self, state: &State) -> Scoreboard {
        Scoreboard {
            score: self
                .play
                .scoring
                .as_ref()
                .filter(|t| t.shows_score)
                .map(|_| state.score),
            moves: state.moves,
        }
    }
}

/// The most columns laid out in one row: thirteen fit across 80 columns of a terminal.
const WIDEST_ROW: usize = 13;

/// The stock's deal action of `engine`'s game.
pub fn deal_action(engine: &Engine) -> Action {
    deal(&engine.play)
}
