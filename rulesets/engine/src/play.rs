//! Playing a game the vocabulary describes: the state, the checks of every action with the
//! rule each breaks, the moves themselves and what follows them by itself (flips, full suits
//! leaving, empty columns filled, cards sent up).
//!
//! Rule ids are `PA-<KEY>`, after the vocabulary key that sets the rule, so a refusal points
//! at the line of the game's file that makes it so.

use crate::deal::Column;
use crate::rules::{a_rank, full_suit, Rule};
use crate::vocabulary::{Automatic, Direction, Empty, Game, Group, Match, StockDeal, Win};
use felt_core::{Card, Event, ParamError, PileId, Rank, RuleViolation, ScoreTable, Suit};
use serde::{Deserialize, Serialize};

/// Everything about one game: felt clones it for undo and stores it as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The reserve, its top card last.
    pub reserve: Vec<Card>,
    /// The free cells.
    pub cells: Vec<Option<Card>>,
    /// The foundations, each from its base up.
    pub foundations: Vec<Vec<Card>>,
    /// The stock, its top card last.
    pub stock: Vec<Card>,
    /// The waste, its top card last.
    pub waste: Vec<Card>,
    /// Redeals left; `None` is without end.
    pub redeals: Option<u8>,
    /// The rank every foundation starts from.
    pub base: Rank,
    /// Actions taken.
    pub moves: u32,
    /// Points, under a scoring table.
    pub score: i64,
}

impl State {
    /// Every card of the game, wherever it lies: a game that keeps its cards holds the same
    /// cards after every action.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.columns.iter().flat_map(|c| c.cards.clone()).collect();
        all.extend(&self.reserve);
        all.extend(self.cells.iter().flatten());
        all.extend(self.foundations.iter().flatten());
        all.extend(&self.stock);
        all.extend(&self.waste);
        all
    }
}

/// A pile of the table, by what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    /// A column, from the left.
    Column(usize),
    /// A foundation, from the left.
    Foundation(usize),
    /// A free cell, from the left.
    Cell(usize),
    /// The reserve.
    Reserve,
    /// The stock.
    Stock,
    /// The waste.
    Waste,
}

/// The pile ids of one game: the columns first, then the foundations, the cells, the reserve,
/// the stock and the waste, so a column's id is its number from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ids {
    columns: usize,
    foundations: usize,
    cells: usize,
}

impl Ids {
    /// The ids of `game`'s piles.
    pub fn new(game: &Game) -> Ids {
        Ids {
            columns: usize::from(game.tableau.columns),
            foundations: usize::from(game.foundations.count),
            cells: usize::from(game.cells),
        }
    }

    /// The pile an id names, if any.
    pub fn pile(self, id: PileId) -> Option<Pile> {
        let mut i = usize::from(id.0);
        if i < self.columns {
            return Some(Pile::Column(i));
        }
        i -= self.columns;
        if i < self.foundations {
            return Some(Pile::Foundation(i));
        }
        i -= self.foundations;
        if i < self.cells {
            return Some(Pile::Cell(i));
        }
        match i - self.cells {
            0 => Some(Pile::Reserve),
            1 => Some(Pile::Stock),
            2 => Some(Pile::Waste),
            _ => None,
        }
    }

    /// A pile's id.
    pub fn id(self, pile: Pile) -> PileId {
        let after = self.columns + self.foundations + self.cells;
        let n = match pile {
            Pile::Column(i) => i,
            Pile::Foundation(i) => self.columns + i,
            Pile::Cell(i) => self.columns + self.foundations + i,
            Pile::Reserve => after,
            Pile::Stock => after + 1,
            Pile::Waste => after + 2,
        };
        // At most 52 columns, 16 foundations and 8 cells: every id fits a byte.
        PileId(n as u8)
    }
}

/// Why an action is refused, kept as data so that listing legal actions writes no sentence;
/// [`Play::words`] says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The position is not one of this game.
    NotThisGame,
    /// No pile has that id.
    NoPile,
    /// No card lies there.
    NoCard,
    /// The card is face down.
    FaceDown,
    /// From a pile to itself.
    SamePile,
    /// Nothing goes onto that pile.
    NotOnto(Pile),
    /// Stock cards are dealt, not moved.
    FromStock,
    /// Only the top card of that pile plays.
    OnlyTop(Pile),
    /// Only one card moves at a time.
    Single,
    /// The group is not built by the group's rule.
    NotRun(Card, Card),
    /// More cards than the cells and empty columns let through.
    TooMany(usize, usize),
    /// Only a whole column or its top card moves.
    PileOnly,
    /// The card does not build on the column's last card.
    Build(Card, Card),
    /// The empty column does not take the card.
    Empty(Card),
    /// The cell holds a card already.
    CellTaken,
    /// A cell or foundation takes one card.
    OneCard(Pile),
    /// The foundation does not take the card.
    Foundation(Card, Option<Card>, Rank),
    /// The foundation is complete.
    FoundationFull,
    /// Only full suits go up (the Spider family).
    RemoveOnly,
    /// The suits are built in the columns: nothing goes up (Scorpion).
    InColumns,
    /// Cards never come back from the foundations.
    Back,
    /// A card comes back from the foundations only onto a column.
    BackToColumn,
    /// The game has no stock.
    NoStock,
    /// The stock and waste are out.
    StockOut,
    /// The stock is dealt and there are no redeals left.
    NoRedeals,
    /// An action this game has none of.
    NoSuchAction,
}

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
    /// Whether the safe automatic moves are proven for these settings ([`Play::safe_holds`]).
    pub safe_proven: bool,
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
        let mut play = Play {
            ids: Ids::new(&game),
            build,
            group: Rule {
                by: game.group_by,
                ..build
            },
            foundation: Rule {
                direction: game.foundations.build,
                by: game.foundations.by,
                wrap: game.foundations.wrap,
            },
            game,
            scoring,
            safe_proven: false,
        };
        play.safe_proven = play.safe_holds();
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
            base: layout.base,
            moves: 0,
            score: self.scoring.as_ref().map_or(0, |t| t.start),
        };
        let mut events = Vec::new();
        self.settle(&mut state, &mut events);
        state
    }

    /// A refusal in words: the rule id and a sentence made from the game's own settings.
    pub fn words(&self, refusal: &Refusal) -> RuleViolation {
        let (rule, text): (&str, String) = match refusal {
            Refusal::NotThisGame => ("PA-DEAL", "This position is no deal of this game".into()),
            Refusal::NoPile => ("PA-MOVE", "There is no such pile".into()),
            Refusal::NoCard => ("PA-MOVE", "There is no card there".into()),
            Refusal::FaceDown => ("PA-MOVE", "A face-down card cannot move".into()),
            Refusal::SamePile => ("PA-MOVE", "Cards move to another pile".into()),
            Refusal::NotOnto(pile) => ("PA-MOVE", format!("Nothing goes onto the {}", name(*pile))),
            Refusal::FromStock => (
                "PA-STOCK",
                "The stock's cards are dealt, not moved: deal from it".into(),
            ),
            Refusal::OnlyTop(pile) => (
                "PA-MOVE",
                format!("Only the top card of the {} plays", name(*pile)),
            ),
            Refusal::Single => ("PA-MOVE", "Cards move one at a time".into()),
            Refusal::NotRun(below, above) => (
                "PA-MOVE",
                format!(
                    "{} is not built on {}: cards move together only when built {}",
                    above.label(),
                    below.label(),
                    self.group.describe()
                ),
            ),
            Refusal::TooMany(count, most) => (
                "PA-MOVE",
                format!(
                    "{count} cards cannot move together now: the free cells and empty columns let at most {most} through"
                ),
            ),
            Refusal::PileOnly => (
                "PA-MOVE",
                "Only a whole column, or its last card alone, moves".into(),
            ),
            Refusal::Build(_, card) => ("PA-BUILD", self.build_sentence(*card)),
            Refusal::Empty(card) => ("PA-EMPTY", self.empty_sentence(*card)),
            Refusal::CellTaken => ("PA-CELLS", "That cell holds a card already".into()),
            Refusal::OneCard(Pile::Cell(_)) => ("PA-CELLS", "A cell holds one card".into()),
            Refusal::OneCard(_) => ("PA-FOUNDATIONS", "Cards go up one at a time".into()),
            Refusal::Foundation(card, top, base) => (
                "PA-FOUNDATIONS",
                self.foundation_sentence(*card, *top, *base),
            ),
            Refusal::FoundationFull => ("PA-FOUNDATIONS", "That foundation is complete".into()),
            Refusal::RemoveOnly => (
                "PA-REMOVE",
                "Only a full suit, King down to Ace, goes up, and it leaves the table by itself"
                    .into(),
            ),
            Refusal::InColumns => (
                "PA-WIN",
                "Nothing goes up: the suits are built in the columns, each King down to Ace".into(),
            ),
            Refusal::Back => (
                "PA-FOUNDATIONS",
                "Cards never come back down from the foundations".into(),
            ),
            Refusal::BackToColumn => (
                "PA-FOUNDATIONS",
                "A card comes back down from the foundations only onto a column".into(),
            ),
            Refusal::NoStock => ("PA-STOCK", "This game has no stock".into()),
            Refusal::StockOut => ("PA-STOCK", "The stock is out".into()),
            Refusal::NoRedeals => (
                "PA-STOCK",
                "The stock is out and no redeal is left".into(),
            ),
            Refusal::NoSuchAction => ("PA-MOVE", "This game has no such action".into()),
        };
        RuleViolation::new(rule, text)
    }

    fn build_sentence(&self, card: Card) -> String {
        match self.build.wants(card) {
            Some(wants) => format!("{} goes only on {wants}", card.label()),
            None if self.build.direction == Direction::None => {
                "Nothing is built on the columns".into()
            }
            None => format!(
                "{} goes on no card: the columns are built {}",
                card.label(),
                self.build.describe()
            ),
        }
    }

    fn empty_sentence(&self, card: Card) -> String {
        match self.game.empty {
            Empty::King => format!("Only a King goes to an empty column, not {}", card.label()),
            Empty::None => "An empty column stays empty".into(),
            Empty::AutoReserve => {
                "An empty column is filled from the reserve, and once the reserve is out only from the waste".into()
            }
            Empty::AutoStock => {
                "An empty column is filled from the stock".into()
            }
            Empty::Any => String::new(),
        }
    }

    fn foundation_sentence(&self, card: Card, top: Option<Card>, base: Rank) -> String {
        match top {
            None => format!(
                "An empty foundation takes only {}, not {}",
                a_rank(base.number()),
                card.label()
            ),
            Some(top) => match self.foundation.wants(card) {
                Some(wants) => format!(
                    "{} goes up only on {wants}, not on {}",
                    card.label(),
                    top.label()
                ),
                None => format!(
                    "{} goes up on no card: the foundations are built {}",
                    card.label(),
                    self.foundation.describe()
                ),
            },
        }
    }

    /// Whether `action` is legal in `state`.
    pub fn check(&self, state: &State, action: &felt_core::Action) -> Result<(), Refusal> {
        if !self.shaped(state) {
            return Err(Refusal::NotThisGame);
        }
        match *action {
            felt_core::Action::Deal { from } => match self.ids.pile(from) {
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
    }

    fn check_deal(&self, state: &State) -> Result<(), Refusal> {
        let stock = self.game.stock.ok_or(Refusal::NoStock)?;
        if !state.stock.is_empty() {
            return Ok(());
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
        if !self.shaped(state) {
            return Err(Refusal::NotThisGame);
        }
        match from {
            Pile::Column(i) => {
                let column = &state.columns[i];
                if index >= column.cards.len() {
                    return Err(Refusal::NoCard);
                }
                if index < column.down {
                    return Err(Refusal::FaceDown);
                }
                let cards = &column.cards[index..];
                let run = || {
                    cards
                        .windows(2)
                        .find(|w| !self.group.follows(w[0], w[1]))
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
                Ok(cards.to_vec())
            }
            Pile::Cell(i) => match state.cells[i] {
                Some(card) if index == 0 => Ok(vec![card]),
                _ => Err(Refusal::NoCard),
            },
            Pile::Reserve => {
                let card = *state.reserve.get(index).ok_or(Refusal::NoCard)?;
                if !self.game.reserve_fanned && index + 1 != state.reserve.len() {
                    return Err(Refusal::OnlyTop(from));
                }
                Ok(vec![card])
            }
            Pile::Waste => {
                let card = *state.waste.get(index).ok_or(Refusal::NoCard)?;
                if index + 1 != state.waste.len() {
                    return Err(Refusal::OnlyTop(from));
                }
                Ok(vec![card])
            }
            Pile::Foundation(i) => {
                let pile = &state.foundations[i];
                let card = *pile.get(index).ok_or(Refusal::NoCard)?;
                if !self.game.foundations.back || self.game.remove_suits {
                    return Err(Refusal::Back);
                }
                if index + 1 != pile.len() {
                    return Err(Refusal::OnlyTop(from));
                }
                Ok(vec![card])
            }
            Pile::Stock => Err(Refusal::FromStock),
        }
    }

    fn check_move(&self, state: &State, from: Pile, index: usize, to: Pile) -> Result<(), Refusal> {
        if from == to {
            return Err(Refusal::SamePile);
        }
        let cards = self.lift(state, from, index)?;
        let first = cards[0];
        if matches!(from, Pile::Foundation(_)) && !matches!(to, Pile::Column(_)) {
            return Err(Refusal::BackToColumn);
        }
        match to {
            Pile::Column(i) => {
                let column = &state.columns[i];
                match column.cards.last() {
                    Some(&top) => {
                        if !self.build.follows(top, first) {
                            return Err(Refusal::Build(top, first));
                        }
                    }
                    None => {
                        let takes = match self.game.empty {
                            Empty::Any => true,
                            Empty::King => first.rank() == Rank::KING,
                            Empty::None => false,
                            Empty::AutoReserve => state.reserve.is_empty() && from == Pile::Waste,
                            Empty::AutoStock => state.stock.is_empty(),
                        };
                        if !takes {
                            return Err(Refusal::Empty(first));
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
            Pile::Reserve | Pile::Stock | Pile::Waste => Err(Refusal::NotOnto(to)),
        }
    }

    /// Whether foundation `i` takes `card`.
    fn goes_up(&self, state: &State, i: usize, card: Card) -> Result<(), Refusal> {
        let pile = &state.foundations[i];
        match pile.last() {
            None if card.rank() == state.base => Ok(()),
            None => Err(Refusal::Foundation(card, None, state.base)),
            Some(_) if pile.len() >= 13 && self.game.foundations.count > 1 => {
                Err(Refusal::FoundationFull)
            }
            Some(&top) if self.foundation.follows(top, card) => Ok(()),
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
        match *action {
            felt_core::Action::Deal { from } => self.deal_stock(state, from, &mut events),
            felt_core::Action::Move { from, index, to } => {
                if let (Some(f), Some(t)) = (self.ids.pile(from), self.ids.pile(to)) {
                    self.move_cards(state, f, usize::from(index), t, &mut events);
                }
            }
            _ => {}
        }
        state.moves += 1;
        self.settle(state, &mut events);
        events
    }

    fn deal_stock(&self, state: &mut State, from: PileId, events: &mut Vec<Event>) {
        let Some(stock) = self.game.stock else {
            return;
        };
        if state.stock.is_empty() {
            // PA-STOCK: the waste turned over is the stock again, its first card on top.
            state.stock = std::mem::take(&mut state.waste);
            state.stock.reverse();
            if let Some(left) = state.redeals.as_mut() {
                *left = left.saturating_sub(1);
            }
            self.score(state, "redeal", 1);
            events.push(Event::Note {
                kind: "redeal".into(),
                text: "The waste is turned over to be the stock again".into(),
            });
            return;
        }
        let mut count = 0u16;
        match stock.deal {
            StockDeal::Waste => {
                for _ in 0..stock.cards {
                    if let Some(card) = state.stock.pop() {
                        state.waste.push(card);
                        count += 1;
                    }
                }
            }
            StockDeal::Columns => {
                // As felt's Spider and Scorpion deal: the stock's last cards, one a column,
                // the first of them on the first column and its top card on the last.
                let n = state.columns.len().min(state.stock.len());
                let dealt = state.stock.split_off(state.stock.len() - n);
                for (column, card) in state.columns.iter_mut().zip(dealt) {
                    column.cards.push(card);
                    count += 1;
                }
            }
            StockDeal::Foundation => {
                if let (Some(card), Some(hole)) = (state.stock.pop(), state.foundations.first_mut())
                {
                    hole.push(card);
                    count = 1;
                }
            }
        }
        events.push(Event::Dealt { from, count });
    }

    fn take(&self, state: &mut State, from: Pile, index: usize) -> Vec<Card> {
        match from {
            Pile::Column(i) => state.columns[i].cards.split_off(index),
            Pile::Cell(i) => state.cells[i].take().into_iter().collect(),
            Pile::Reserve => vec![state.reserve.remove(index)],
            Pile::Waste => state.waste.pop().into_iter().collect(),
            Pile::Foundation(i) => state.foundations[i].pop().into_iter().collect(),
            Pile::Stock => Vec::new(),
        }
    }

    fn move_cards(
        &self,
        state: &mut State,
        from: Pile,
        index: usize,
        to: Pile,
        events: &mut Vec<Event>,
    ) {
        let cards = self.take(state, from, index);
        let count = cards.len() as u16;
        match to {
            Pile::Column(i) => state.columns[i].cards.extend(cards),
            Pile::Cell(i) => state.cells[i] = cards.first().copied(),
            Pile::Foundation(i) => {
                state.foundations[i].extend(cards);
                self.score(state, "foundation", 1);
            }
            Pile::Reserve | Pile::Stock | Pile::Waste => {}
        }
        events.push(Event::Moved {
            from: self.ids.id(from),
            to: self.ids.id(to),
            count,
        });
    }

    fn score(&self, state: &mut State, event: &str, count: i64) {
        if let Some(table) = &self.scoring {
            state.score = table.add(state.score, event, count);
        }
    }

    /// What follows an action by itself, until nothing more does: a face-down card left last
    /// turns up (PA-TURN), a full suit leaves (PA-REMOVE), an empty column is filled
    /// (PA-EMPTY), and cards go up (PA-AUTOMATIC).
    fn settle(&self, state: &mut State, events: &mut Vec<Event>) {
        loop {
            self.flip(state, events);
            if self.game.remove_suits {
                self.remove_suits(state, events);
            }
            self.fill_empty(state, events);
            if !self.send_one_up(state, events) {
                break;
            }
        }
    }

    fn flip(&self, state: &mut State, events: &mut Vec<Event>) {
        for i in 0..state.columns.len() {
            let column = &mut state.columns[i];
            if column.cards.is_empty() {
                column.down = 0;
            } else if column.down >= column.cards.len() {
                column.down = column.cards.len() - 1;
                events.push(Event::Flipped {
                    pile: self.ids.id(Pile::Column(i)),
                });
                self.score(state, "turn", 1);
            }
        }
    }

    fn remove_suits(&self, state: &mut State, events: &mut Vec<Event>) {
        for i in 0..state.columns.len() {
            let column = &state.columns[i];
            let len = column.cards.len();
            if len < 13 || len - 13 < column.down || !full_suit(&column.cards[len - 13..]) {
                continue;
            }
            let Some(f) = state.foundations.iter().position(|f| f.is_empty()) else {
                continue;
            };
            let suit = state.columns[i].cards.split_off(len - 13);
            state.foundations[f] = suit;
            events.push(Event::SetRemoved {
                pile: self.ids.id(Pile::Column(i)),
            });
            self.score(state, "suit", 1);
            self.flip(state, events);
        }
    }

    fn fill_empty(&self, state: &mut State, events: &mut Vec<Event>) {
        for i in 0..state.columns.len() {
            if !state.columns[i].cards.is_empty() {
                continue;
            }
            let (from, card) = match self.game.empty {
                Empty::AutoReserve => (Pile::Reserve, state.reserve.pop()),
                Empty::AutoStock => (Pile::Stock, state.stock.pop()),
                _ => return,
            };
            let Some(card) = card else { return };
            state.columns[i].cards.push(card);
            events.push(Event::Moved {
                from: self.ids.id(from),
                to: self.ids.id(Pile::Column(i)),
                count: 1,
            });
        }
    }

    /// The cards a player could send up now, each with where it lies.
    fn sources(&self, state: &State) -> Vec<(Pile, usize, Card)> {
        let mut out = Vec::new();
        for (i, column) in state.columns.iter().enumerate() {
            if let Some(&card) = column.cards.last() {
                if column.down < column.cards.len() {
                    out.push((Pile::Column(i), column.cards.len() - 1, card));
                }
            }
        }
        for (i, cell) in state.cells.iter().enumerate() {
            if let Some(card) = *cell {
                out.push((Pile::Cell(i), 0, card));
            }
        }
        if let Some(&card) = state.waste.last() {
            out.push((Pile::Waste, state.waste.len() - 1, card));
        }
        if self.game.reserve_fanned {
            for (k, &card) in state.reserve.iter().enumerate() {
                out.push((Pile::Reserve, k, card));
            }
        } else if let Some(&card) = state.reserve.last() {
            out.push((Pile::Reserve, state.reserve.len() - 1, card));
        }
        out
    }

    /// Sends one card up by PA-AUTOMATIC, if one goes; whether one did.
    fn send_one_up(&self, state: &mut State, events: &mut Vec<Event>) -> bool {
        let send = match self.game.automatic {
            Automatic::None => return false,
            Automatic::Safe if !self.safe_proven => return false,
            automatic => automatic,
        };
        if self.game.remove_suits || self.game.win == Win::Sequences {
            return false;
        }
        for (pile, index, card) in self.sources(state) {
            if send == Automatic::Safe && !self.safe(state, card) {
                continue;
            }
            if let Some(f) =
                (0..state.foundations.len()).find(|&f| self.goes_up(state, f, card).is_ok())
            {
                // The waste shows its cards `cards` at a time: a card taken from it changes
                // which cards the next turns show, so only a waste turned one by one gives its
                // cards up by itself under the safe rule (see `safe_holds`).
                if send == Automatic::Safe
                    && pile == Pile::Waste
                    && self.game.stock.is_some_and(|s| s.cards > 1)
                {
                    continue;
                }
                self.move_cards(state, pile, index, Pile::Foundation(f), events);
                return true;
            }
        }
        false
    }

    /// Whether the settings in force are ones under which [`Play::safe`] is proven to never
    /// lose a won game; under others the safe rule sends nothing up.
    ///
    /// The argument. Take a card `c` that can go up now, and every card that could ever be
    /// built on `c` in a column (each card `x` with `build.follows(c, x)`) already on the
    /// foundations in every copy the packs hold. Let `L` be any winning line from the position
    /// with `c` still down. Play `L` from the position with `c` up, leaving out every move of
    /// `c`. Each move of `L` stays legal:
    /// - no move of `L` puts a card on `c`: every card that could go there is up, and with
    ///   `foundations.back = false` stays up;
    /// - `c` lay last in its pile (a column's last card, a cell, the reserve's playable card,
    ///   the waste's top card turned one at a time), so no card is under it that `L` needs
    ///   except through moving `c` off, which has happened already; an empty column, an empty
    ///   cell and the supermove's room are only larger without `c`;
    /// - since nothing is ever put on `c`, it stays last in its pile throughout `L`: a group of
    ///   `L` that carries `c` ends with it, and the same group without it is still one that
    ///   moves (a run's first cards are a run, a whole column is still the whole column, and
    ///   a supermove of fewer cards needs less room);
    /// - the foundations build one way (up or down, no wrap, not `either`) by suit, so the
    ///   foundations of one suit are interchangeable and `c` must go on one of them at some
    ///   point of `L`: raising one now is what `L` does later (if `L` puts another copy of `c`
    ///   up first, that copy plays `c`'s part from then on: the two cards are the same);
    /// - nothing moves by itself on an emptied column or a changed stock: the settings exclude
    ///   auto-filled columns (`empty = auto-…`), a stock dealt onto the columns (the dealt cards
    ///   would land elsewhere), full suits leaving (`remove`), and a win by sequences (which
    ///   wants `c` in a column).
    ///
    /// So the line without `c`'s moves wins too.
    fn safe_holds(&self) -> bool {
        let g = &self.game;
        g.foundations.by == Match::Suit
            && matches!(g.foundations.build, Direction::Up | Direction::Down)
            && !g.foundations.wrap
            && !g.foundations.back
            && usize::from(g.foundations.count) == 4 * usize::from(g.decks)
            && !g.remove_suits
            && g.win == Win::Foundations
            && matches!(g.empty, Empty::Any | Empty::King | Empty::None)
            && g.stock.is_none_or(|s| s.deal == StockDeal::Waste)
    }

    /// Whether every card that could be built on `card` in a column is up, in every copy.
    fn safe(&self, state: &State, card: Card) -> bool {
        let suits = &Suit::ALL[..usize::from(self.game.suits)];
        let copies = usize::from(self.game.decks) * 4 / suits.len();
        suits.iter().all(|&suit| {
            Rank::all().all(|rank| {
                let x = Card::new(suit, rank);
                !self.build.follows(card, x)
                    || state
                        .foundations
                        .iter()
                        .flatten()
                        .filter(|&&up| up == x)
                        .count()
                        >= copies
            })
        })
    }

    /// Every legal action, the stock first.
    pub fn legal(&self, state: &State, out: &mut Vec<felt_core::Action>) {
        if !self.shaped(state) {
            return;
        }
        if self.check_deal(state).is_ok() && self.check(state, &deal(self)).is_ok() {
            out.push(deal(self));
        }
        let mut from_piles: Vec<(Pile, usize)> = Vec::new();
        for (i, column) in state.columns.iter().enumerate() {
            for k in column.down..column.cards.len() {
                from_piles.push((Pile::Column(i), k));
            }
        }
        for (i, cell) in state.cells.iter().enumerate() {
            if cell.is_some() {
                from_piles.push((Pile::Cell(i), 0));
            }
        }
        if !state.waste.is_empty() {
            from_piles.push((Pile::Waste, state.waste.len() - 1));
        }
        if self.game.reserve_fanned {
            from_piles.extend((0..state.reserve.len()).map(|k| (Pile::Reserve, k)));
        } else if !state.reserve.is_empty() {
            from_piles.push((Pile::Reserve, state.reserve.len() - 1));
        }
        if self.game.foundations.back {
            for (i, f) in state.foundations.iter().enumerate() {
                if !f.is_empty() {
                    from_piles.push((Pile::Foundation(i), f.len() - 1));
                }
            }
        }
        let mut targets: Vec<Pile> = (0..state.columns.len()).map(Pile::Column).collect();
        targets.extend((0..state.foundations.len()).map(Pile::Foundation));
        targets.extend(
            (0..state.cells.len())
                .filter(|&i| state.cells[i].is_none())
                .map(Pile::Cell),
        );
        for (from, index) in from_piles {
            if self.lift(state, from, index).is_err() {
                continue;
            }
            for &to in &targets {
                if self.check_move(state, from, index, to).is_ok() {
                    out.push(felt_core::Action::Move {
                        from: self.ids.id(from),
                        index: index as u16,
                        to: self.ids.id(to),
                    });
                }
            }
        }
    }

    /// Whether the game is won (PA-WIN).
    pub fn won(&self, state: &State) -> bool {
        match self.game.win {
            Win::Foundations => {
                state.foundations.iter().map(Vec::len).sum::<usize>() as u32 == self.game.cards()
            }
            Win::Sequences => {
                state.stock.is_empty()
                    && state.waste.is_empty()
                    && state.reserve.is_empty()
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

/// A pile's name in a sentence.
pub fn name(pile: Pile) -> &'static str {
    match pile {
        Pile::Column(_) => "column",
        Pile::Foundation(_) => "foundation",
        Pile::Cell(_) => "cell",
        Pile::Reserve => "reserve",
        Pile::Stock => "stock",
        Pile::Waste => "waste",
    }
}

/// Refuses, by key, a setting the engine reads but does not play yet: never another game.
fn refuse_unplayed(game: &Game) -> Result<(), ParamError> {
    if let Some(stock) = game.stock {
        if stock.redeal == crate::vocabulary::Redeal::Gather {
            return Err(ParamError::at(
                "game.stock.redeal",
                "\"gather\" is not played yet: only \"waste\" (the waste turned over)",
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
    if game.empty == Empty::AutoReserve && game.reserve == 0 {
        return Err(ParamError::at(
            "game.empty",
            "\"auto-reserve\" fills empty columns from the reserve, and this game has none",
        ));
    }
    Ok(())
}
