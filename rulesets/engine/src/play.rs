//! Playing a game the vocabulary describes: the checks of every action with the rule each
//! breaks ([`Refusal`], put in words by `words.rs`), the moves themselves and what follows them by itself (flips, full suits
//! leaving, empty columns filled, cards sent up).
//!
//! Rule ids are `PA-<KEY>`, after the vocabulary key that sets the rule, so a refusal points
//! at the line of the game's file that makes it so.

mod automatic;
mod gather;
mod legal;
pub(crate) use legal::home_run;
mod moves;
mod words;

pub use crate::refusal::Refusal;
pub use crate::state::{Ids, Pile, State};

use crate::rules::{full_suit, Follows, Rule};
use crate::vocabulary::{Base, Direction, Empty, Game, Group, Match, Redeal, StockDeal, Win};
use felt_core::{Card, Event, ParamError, PileId, Rank, ScoreTable};

/// One game's rules, ready to check and play.
#[derive(Clone, Debug)]
pub struct Play {
    /// The game.
    pub game: Game,
    /// Its pile ids.
    pub ids: Ids,
    /// How the columns build.
    pub build: Rule,
    /// How a moving group's cards follow each other.
    pub group: Rule,
    /// How the foundations build.
    pub foundation: Rule,
    /// The scoring table, if the variant scores.
    pub scoring: Option<ScoreTable>,
    /// Whether the safe automatic moves are proven for these settings (`safe_holds` in automatic.rs).
    pub safe_proven: bool,
    /// For each card, by its byte, the cards that may be built on it (`followers` in
    /// automatic.rs): the safe rule reads them for every card it weighs.
    followers: Vec<Vec<Card>>,
    /// For each column, the columns that cover it (PA-COVER, [`crate::vocabulary::Tableau::covered_by`]):
    /// empty lists where the columns stand side by side.
    pub(crate) covered_by: Vec<Vec<u8>>,
    /// Whether any column is ever covered: most games skip the check.
    pub(crate) covers: bool,
    /// Whether a home run's top card into a cell is a move no shortest winning line makes
    /// (`home_runs` in legal.rs; the solver's rule 8).
    pub(crate) home_runs: bool,
    /// `build`, `group` and `foundation` read for every pair of cards, made from them once in
    /// [`Play::new`]: the hot checks read these, the words and the help the rules themselves.
    pub(crate) follows: Rules,
}

/// A game's three rules, each read for every pair of cards ([`Follows`]).
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// The columns' rule.
    pub build: Follows,
    /// A moving group's rule.
    pub group: Follows,
    /// The foundations' rule.
    pub foundation: Follows,
}

impl Play {
    /// The rules of `game`, or the first setting the engine does not play yet, named by key.
    pub fn new(game: Game, scoring: Option<ScoreTable>) -> Result<Play, ParamError> {
        refuse_unplayed(&game)?;
        let build = Rule {
            direction: game.build,
            by: game.build_by,
            wrap: game.build_wrap,
        };
        let group = Rule {
            by: game.group_by,
            ..build
        };
        let foundation = Rule {
            direction: game.foundations.build,
            by: game.foundations.by,
            wrap: game.foundations.wrap,
        };
        let covered_by = game.tableau.covered_by();
        let mut play = Play {
            covers: covered_by.iter().any(|c| !c.is_empty()),
            covered_by,
            ids: Ids::new(&game),
            build,
            group,
            foundation,
            game,
            scoring,
            safe_proven: false,
            home_runs: false,
            followers: Vec::new(),
            follows: Rules {
                build: Follows::of(build),
                group: Follows::of(group),
                foundation: Follows::of(foundation),
            },
        };
        play.safe_proven = play.safe_holds();
        play.home_runs = play.home_runs_hold();
        play.followers = play.followers();
        Ok(play)
    }

    /// The game dealt from `seed`, with what follows the deal by itself.
    pub fn deal(&self, seed: u64) -> State {
        let layout = self.game.deal(seed);
        let mut state = State {
            columns: layout.columns,
            reserve: layout.reserve,
            cells: layout.cells,
            foundations: layout.foundations,
            stock: layout.stock,
            waste: Vec::new(),
            redeals: self.game.stock.map_or(Some(0), |s| s.redeals),
            turned: false,
            base: layout.base,
            // Only a gather reads it; elsewhere 0, so equal tables of two deals are equal.
            seed: if self.game.stock.is_some_and(|s| s.redeal == Redeal::Gather) {
                seed
            } else {
                0
            },
            moves: 0,
            score: self.scoring.as_ref().map_or(0, |t| t.start),
        };
        let mut events = Vec::new();
        self.settle(&mut state, &mut events);
        state
    }

    /// Whether `action` is legal in `state`.
    pub fn check(&self, state: &State, action: &felt_core::Action) -> Result<(), Refusal> {
        if !self.shaped(state) {
            return Err(Refusal::NotThisGame);
        }
        match *action {
            felt_core::Action::Deal { from } => match self.ids.pile(from) {
                Some(Pile::Stock | Pile::Waste) if self.choosing(state) => Err(Refusal::ChooseBase),
                Some(Pile::Stock | Pile::Waste) => self.check_deal(state),
                _ => Err(Refusal::NoSuchAction),
            },
            felt_core::Action::Move { from, index, to } => {
                let from = self.ids.pile(from).ok_or(Refusal::NoPile)?;
                let to = self.ids.pile(to).ok_or(Refusal::NoPile)?;
                self.check_move(state, from, usize::from(index), to)
            }
            _ => Err(Refusal::NoSuchAction),
        }
    }

    /// Whether `state` has this game's piles (a loaded position may not).
    fn shaped(&self, state: &State) -> bool {
        state.columns.len() == self.ids.columns
            && state.foundations.len() == self.ids.foundations
            && state.cells.len() == self.ids.cells
            && state.reserve.len() == self.ids.reserves
    }

    /// Whether the foundations' base is still the player's to choose (`base = "chosen"`, no
    /// card up yet): the first action must send a card up, and its rank becomes the base. The
    /// game keeps no mark of its own: a chosen base needs foundations no card comes back down
    /// from (`Game::read`), so they are all empty exactly until the choice.
    pub fn choosing(&self, state: &State) -> bool {
        self.game.foundations.base == Base::Chosen && state.foundations.iter().all(Vec::is_empty)
    }

    fn check_deal(&self, state: &State) -> Result<(), Refusal> {
        if self.choosing(state) {
            return Err(Refusal::ChooseBase);
        }
        let stock = self.game.stock.ok_or(Refusal::NoStock)?;
        if !state.stock.is_empty() {
            return Ok(());
        }
        if stock.redeal == Redeal::Gather {
            // The stock is only the gather (`refuse_unplayed`): it redeals while any is left
            // and the columns hold a card to gather.
            if state.columns.iter().all(|c| c.cards.is_empty()) {
                return Err(Refusal::StockOut);
            }
            return match state.redeals {
                Some(0) => Err(Refusal::NoRedeals),
                _ => Ok(()),
            };
        }
        if stock.deal != StockDeal::Waste || state.waste.is_empty() {
            return Err(Refusal::StockOut);
        }
        match state.redeals {
            Some(0) => Err(Refusal::NoRedeals),
            _ => Ok(()),
        }
    }

    /// The cards a move takes from `from`, or why it may take none.
    pub fn lift(&self, state: &State, from: Pile, index: usize) -> Result<Vec<Card>, Refusal> {
        self.grip(state, from, index).map(<[Card]>::to_vec)
    }

    /// The cards a move takes from `from`, as they lie in the pile (the solver asks this for
    /// every pile of every table, so it builds nothing), or why it may take none.
    fn grip<'s>(&self, state: &'s State, from: Pile, index: usize) -> Result<&'s [Card], Refusal> {
        if !self.shaped(state) {
            return Err(Refusal::NotThisGame);
        }
        match from {
            Pile::Column(i) => {
                let column = &state.columns[i];
                if index >= column.cards.len() {
                    return Err(Refusal::NoCard);
                }
                if self.covered(state, i) {
                    return Err(Refusal::Covered(i));
                }
                if index < column.down {
                    return Err(Refusal::FaceDown);
                }
                let cards = &column.cards[index..];
                let run = || {
                    cards
                        .windows(2)
                        .find(|w| !self.follows.group.follows(w[0], w[1]))
                        .map_or(Ok(()), |w| Err(Refusal::NotRun(w[0], w[1])))
                };
                match self.game.group {
                    _ if cards.len() == 1 => {}
                    Group::Single => return Err(Refusal::Single),
                    Group::Sequence | Group::Supermove => run()?,
                    Group::AnyFaceUp => {}
                    Group::Pile => {
                        if index != 0 {
                            return Err(Refusal::PileOnly);
                        }
                        run()?;
                    }
                }
                Ok(cards)
            }
            Pile::Cell(i) => match &state.cells[i] {
                Some(card) if index == 0 => Ok(std::slice::from_ref(card)),
                _ => Err(Refusal::NoCard),
            },
            Pile::Reserve(i) => {
                let pile = &state.reserve[i];
                let card = pile.get(index).ok_or(Refusal::NoCard)?;
                if self.game.reserve_shape.top_only() && index + 1 != pile.len() {
                    return Err(Refusal::OnlyTop(from));
                }
                Ok(std::slice::from_ref(card))
            }
            Pile::Waste => {
                let card = state.waste.get(index).ok_or(Refusal::NoCard)?;
                if index + 1 != state.waste.len() {
                    return Err(Refusal::OnlyTop(from));
                }
                Ok(std::slice::from_ref(card))
            }
            Pile::Foundation(i) => {
                let pile = &state.foundations[i];
                let card = pile.get(index).ok_or(Refusal::NoCard)?;
                if !self.game.foundations.back || self.game.remove_suits {
                    return Err(Refusal::Back);
                }
                if index + 1 != pile.len() {
                    return Err(Refusal::OnlyTop(from));
                }
                Ok(std::slice::from_ref(card))
            }
            Pile::Stock => Err(Refusal::FromStock),
        }
    }

    fn check_move(&self, state: &State, from: Pile, index: usize, to: Pile) -> Result<(), Refusal> {
        if from == to {
            return Err(Refusal::SamePile);
        }
        let cards = self.grip(state, from, index)?;
        self.check_onto(state, from, cards, to)
    }

    /// Whether `cards`, lifted from `from` (a different pile), may go to `to`.
    fn check_onto(
        &self,
        state: &State,
        from: Pile,
        cards: &[Card],
        to: Pile,
    ) -> Result<(), Refusal> {
        let first = cards[0];
        if matches!(from, Pile::Foundation(_)) && !matches!(to, Pile::Column(_)) {
            return Err(Refusal::BackToColumn);
        }
        if self.choosing(state) {
            // PA-FOUNDATIONS: the first card up chooses the base; nothing else comes before it.
            if !matches!(to, Pile::Foundation(_)) {
                return Err(Refusal::ChooseBase);
            }
            if self.game.reserve > 0 && !matches!(from, Pile::Reserve(_)) {
                return Err(Refusal::ChooseFromReserve);
            }
        }
        match to {
            Pile::Column(i) => {
                if self.covered(state, i) {
                    return Err(Refusal::Covered(i));
                }
                let column = &state.columns[i];
                match column.cards.last() {
                    Some(&top) => {
                        if !self.follows.build.follows(top, first) {
                            return Err(Refusal::Build(top, first));
                        }
                    }
                    None => {
                        let takes = match self.game.empty {
                            Empty::Any => true,
                            Empty::King => first.rank() == Rank::KING,
                            Empty::None => false,
                            Empty::AutoReserve => reserve_out(state) && from == Pile::Waste,
                            Empty::Reserve => {
                                matches!(from, Pile::Reserve(_))
                                    || (reserve_out(state) && from == Pile::Waste)
                            }
                            Empty::AutoStock => state.stock.is_empty(),
                            // Nothing is left to fill it by itself.
                            Empty::AutoWaste => state.waste.is_empty() && state.stock.is_empty(),
                            Empty::BelowBase => first.rank() == below(state.base),
                        };
                        if !takes {
                            return Err(Refusal::Empty(first, state.base));
                        }
                    }
                }
                if self.game.group == Group::Supermove && cards.len() > 1 {
                    let most = self.supermove(state, i);
                    if cards.len() > most {
                        return Err(Refusal::TooMany(cards.len(), most));
                    }
                }
                Ok(())
            }
            Pile::Cell(i) => {
                if cards.len() > 1 {
                    return Err(Refusal::OneCard(to));
                }
                if state.cells[i].is_some() {
                    return Err(Refusal::CellTaken);
                }
                Ok(())
            }
            Pile::Foundation(i) => {
                if self.game.remove_suits {
                    return Err(Refusal::RemoveOnly);
                }
                if self.game.win == Win::Sequences {
                    return Err(Refusal::InColumns);
                }
                if cards.len() > 1 {
                    return Err(Refusal::OneCard(to));
                }
                self.goes_up(state, i, first)
            }
            Pile::Reserve(_) | Pile::Stock | Pile::Waste => Err(Refusal::NotOnto(to)),
        }
    }

    /// Whether foundation `i` takes `card`.
    fn goes_up(&self, state: &State, i: usize, card: Card) -> Result<(), Refusal> {
        let pile = &state.foundations[i];
        match pile.last() {
            // The player's choice: any card, whose rank becomes the base (`move_cards`).
            None if self.choosing(state) => Ok(()),
            None if card.rank() == state.base => Ok(()),
            None => Err(Refusal::Foundation(card, None, state.base)),
            Some(_) if pile.len() >= 13 && self.game.foundations.count > 1 => {
                Err(Refusal::FoundationFull)
            }
            Some(&top) if self.follows.foundation.follows(top, card) => Ok(()),
            Some(&top) => Err(Refusal::Foundation(card, Some(top), state.base)),
        }
    }

    /// FreeCell's supermove: a run moves as far as it could one card at a time through the
    /// free cells and the empty columns, (cells + 1) × 2^columns; the column it goes to does
    /// not count. Empty columns count only where they take any card: a column that takes only
    /// a King, or nothing, cannot hold the run's cards on the way.
    fn supermove(&self, state: &State, to: usize) -> usize {
        let cells = state.cells.iter().filter(|c| c.is_none()).count();
        let empty = if self.game.empty == Empty::Any {
            state
                .columns
                .iter()
                .enumerate()
                .filter(|(i, c)| *i != to && c.cards.is_empty())
                .count()
        } else {
            0
        };
        (cells + 1) << empty.min(16)
    }

    /// Carries out a checked action, then everything that follows it by itself.
    pub fn perform(&self, state: &mut State, action: &felt_core::Action) -> Vec<Event> {
        let mut events = Vec::new();
        self.perform_into(state, action, &mut events);
        events
    }

    /// [`Play::perform`], its events added to `events`: a search keeps one list for all the
    /// tables it makes rather than building one a table.
    pub fn perform_into(
        &self,
        state: &mut State,
        action: &felt_core::Action,
        events: &mut Vec<Event>,
    ) {
        match *action {
            felt_core::Action::Deal { from } => self.deal_stock(state, from, events),
            felt_core::Action::Move { from, index, to } => {
                if let (Some(f), Some(t)) = (self.ids.pile(from), self.ids.pile(to)) {
                    self.move_cards(state, f, usize::from(index), t, events);
                }
            }
            _ => {}
        }
        state.moves += 1;
        self.settle(state, events);
    }

    /// Whether column `i` is covered (PA-COVER): a column of the row under it that lies on
    /// it still holds a card. Its cards neither move nor take others, and its face-down card
    /// turns up only once it is uncovered.
    pub(crate) fn covered(&self, state: &State, i: usize) -> bool {
        self.covers
            && self.covered_by[i]
                .iter()
                .any(|&d| !state.columns[usize::from(d)].cards.is_empty())
    }

    /// Whether the game is won (PA-WIN).
    pub fn won(&self, state: &State) -> bool {
        match self.game.win {
            Win::Foundations => {
                state.foundations.iter().map(Vec::len).sum::<usize>() as u32 == self.game.cards()
            }
            Win::Columns => {
                reserve_out(state)
                    && state.cells.iter().all(Option::is_none)
                    && state.columns.iter().all(|c| c.cards.is_empty())
            }
            Win::Sequences => {
                state.stock.is_empty()
                    && state.waste.is_empty()
                    && reserve_out(state)
                    && state.cells.iter().all(Option::is_none)
                    && state
                        .columns
                        .iter()
                        .all(|c| c.cards.is_empty() || (c.down == 0 && full_suit(&c.cards)))
            }
        }
    }
}

/// The stock's deal action.
pub fn deal(play: &Play) -> felt_core::Action {
    felt_core::Action::Deal {
        from: play.ids.id(Pile::Stock),
    }
}

/// The rank one below `base`, a King below an Ace: what a column's build starts from.
pub fn below(base: Rank) -> Rank {
    Rank::new(if base.number() == 1 {
        13
    } else {
        base.number() - 1
    })
    .unwrap_or(Rank::KING)
}

/// Whether nothing can be dealt or gathered from `state` on: the game has no stock, or its
/// stock and waste are empty with no redeal left. Nothing puts cards back on a stock but a
/// redeal, so every table after such a one is such a table too: from there the game is one
/// without a stock (the solver's rules 2, 12 and 13 read it so).
pub fn stock_out(play: &Play, state: &State) -> bool {
    play.game.stock.is_none()
        || (state.stock.is_empty() && state.waste.is_empty() && state.redeals == Some(0))
}

/// Whether every reserve pile is out of cards.
pub fn reserve_out(state: &State) -> bool {
    state.reserve.iter().all(Vec::is_empty)
}

/// A pile's name in a sentence.
pub fn name(pile: Pile) -> &'static str {
    match pile {
        Pile::Column(_) => "column",
        Pile::Foundation(_) => "foundation",
        Pile::Cell(_) => "cell",
        Pile::Reserve(_) => "reserve",
        Pile::Stock => "stock",
        Pile::Waste => "waste",
    }
}

/// Refuses, by key, a setting the engine reads but does not play yet: never another game.
fn refuse_unplayed(game: &Game) -> Result<(), ParamError> {
    if let Some(stock) = game.stock {
        // A gather deals the columns again as they were first dealt, face up, from the cards
        // in them: a game that leaves a stock or deals cards face down is another game.
        if stock.redeal == Redeal::Gather && game.dealt() < game.cards() {
            return Err(ParamError::at(
                "game.stock.redeal",
                "\"gather\" deals the columns' cards again: the deal must leave no stock (the stock is only the gather)",
            ));
        }
        if stock.redeal == Redeal::Gather && stock.redeals.is_none() {
            // Each gather deals cards the player has not seen (solver module docs): a count
            // of them is what lets an honest search end.
            return Err(ParamError::at(
                "game.stock.redeals",
                "\"gather\" redeals a counted number of times: give a number from 0 to 8, not \"unlimited\"",
            ));
        }
        if stock.redeal == Redeal::Gather && game.tableau.down.iter().any(|&d| d > 0) {
            return Err(ParamError::at(
                "game.stock.redeal",
                "\"gather\" deals every card face up again: it needs tableau.down = 0",
            ));
        }
        if stock.deal != StockDeal::Waste && stock.redeals != Some(0) {
            return Err(ParamError::at(
                "game.stock.redeals",
                "only a stock dealt to the waste is dealt again: with deal = \"columns\" or \"foundation\" leave redeals at 0",
            ));
        }
    }
    if game.remove_suits && (game.build != Direction::Down || game.build_by == Match::Rank) {
        return Err(ParamError::at(
            "game.remove",
            "\"suit\" removes suits built King down to Ace: it needs build.direction = \"down\"",
        ));
    }
    if game.empty == Empty::AutoStock && game.stock.is_none() {
        return Err(ParamError::at(
            "game.empty",
            "\"auto-stock\" fills empty columns from the stock, and this game has none",
        ));
    }
    if game.empty == Empty::AutoWaste
        && game
            .stock
            .is_none_or(|s| s.deal != StockDeal::Waste || s.redeal != Redeal::Waste)
    {
        return Err(ParamError::at(
            "game.empty",
            "\"auto-waste\" fills empty columns from the waste: it needs a stock dealt to a waste (stock.deal = \"waste\", redeal = \"waste\")",
        ));
    }
    if matches!(game.empty, Empty::AutoReserve | Empty::Reserve) && game.reserve == 0 {
        return Err(ParamError::at(
            "game.empty",
            format!(
                "\"{}\" fills empty columns from the reserve, and this game has none",
                if game.empty == Empty::Reserve {
                    "reserve"
                } else {
                    "auto-reserve"
                }
            ),
        ));
    }
    Ok(())
}
