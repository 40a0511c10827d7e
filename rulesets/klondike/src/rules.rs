//! The rules: what may go where (KL-BUILD, KL-GROUP, KL-EMPTY, KL-FOUNDATION, KL-RETURN,
//! KL-WASTE), the stock (KL-STOCK, KL-RECYCLE), what happens by itself (KL-FLIP, KL-AUTO) and
//! the events a scoring table prices (KL-SCORE).
//!
//! Each check is a small function named for its rule, so a refusal carries that rule's id.

use crate::params::Params;
use crate::state::{suit_index, Column, Pile, State, COLUMNS};
use felt_core::{Action, Card, Event, PileId, RuleViolation, Suit};
use felt_patience::foundation;

use felt_patience::words::rank_word;
pub use felt_patience::words::{name, suit_plural};

/// KL-BUILD: whether `card` may lie on `on` in a column.
pub fn fits(card: Card, on: Card) -> bool {
    card.rank().number() + 1 == on.rank().number() && card.suit().is_red() != on.suit().is_red()
}

/// KL-AUTO: whether a card of the suit at `suit` ([`Suit::ALL`] order) and rank `rank`, the
/// next card of its foundation, goes up by itself: every card of the other colour below it
/// is up (both other-colour foundations hold at least `rank - 1`) and, where cards may come
/// back down (KL-RETURN), so is every card of its colour two below it (the other foundation
/// of its colour holds at least `rank - 2`).
///
/// **Why it never loses a won game.** Call *low* the cards this leaves on the foundations
/// once the card is up: its own suit to `rank`, the other colour to `rank - 1`, its colour's
/// other suit to `rank - 2` (to nothing more than what is up when nothing comes back). A card
/// that fits on a low card (one rank lower, other colour) is low too. So in any game, a low
/// card in a column has only low cards on it. Take any line of play from the position with
/// the card still down, and play it from the position with the card up, skipping every action
/// that moves a low card: each other action is legal there too (a card that fits on a low
/// card would be low, so a non-low card is only ever put where the same card lies on top in
/// both games; its foundation has the same height in both), and after it the two positions
/// are still the same up to low cards, which the second game holds up. When the first line
/// ends won, so does the second, no longer. Only the stock needs care: a card sent up from the
/// waste under `draw = 1` leaves the other cards in the order they turn, but under `draw = 3`
/// it changes which cards come up together, so under draw three only a column's last card
/// goes up by itself ([`waste_goes_up_unasked`]). Without KL-RETURN nothing comes back, so
/// the other-colour condition alone makes the card low enough: nothing that fits on it is
/// still in play.
///
/// Hence with KL-AUTO a position is won exactly when it is won without it: an automatic
/// move is a move the player may make, and a won position stays won after one.
pub fn goes_up_unasked(params: &Params, found: &[u8; 4], suit: usize, rank: u8) -> bool {
    let red = |s: usize| Suit::ALL[s].is_red();
    (0..4).filter(|&s| s != suit).all(|s| {
        let need = if red(s) != red(suit) {
            rank.saturating_sub(1)
        } else if params.foundation_return {
            rank.saturating_sub(2)
        } else {
            0
        };
        found[s] >= need
    })
}

/// KL-AUTO: whether the waste's top card may go up by itself at all: only when one card is
/// turned at a time, since under `draw = 3` taking a card out of the waste regroups the cards
/// turned after it ([`goes_up_unasked`]).
pub fn waste_goes_up_unasked(params: &Params) -> bool {
    params.draw == 1
}

/// KL-AUTO: [`goes_up_unasked`] for `card`.
pub fn safe(params: &Params, foundations: &[u8; 4], card: Card) -> bool {
    goes_up_unasked(
        params,
        foundations,
        suit_index(card.suit()),
        card.rank().number(),
    )
}

/// What a checked action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Cards go from one pile to another (a foundation move names the card's own suit's).
    Move {
        /// Where from.
        from: Pile,
        /// How many cards.
        count: usize,
        /// Where to.
        to: Pile,
    },
    /// Cards are turned from the stock onto the waste (KL-STOCK).
    Draw,
    /// The waste is turned back into the stock (KL-RECYCLE).
    Recycle,
}

/// Scoring events of one step, by the names scoring tables use (KL-SCORE).
pub type Tally = Vec<(&'static str, i64)>;

fn refuse(rule: &str, message: impl Into<String>) -> RuleViolation {
    RuleViolation::new(rule, message)
}

fn pile_name(pile: Pile) -> String {
    match pile {
        Pile::Column(i) => format!("column {}", i + 1),
        Pile::Stock => "the stock".into(),
        Pile::Waste => "the waste".into(),
        Pile::Foundation(i) => format!("the {} foundation", suit_plural(Suit::ALL[i])),
    }
}

/// The rules of one variant.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The variant's settings.
    pub params: Params,
}

impl Rules {
    /// Whether the waste may still be turned back into the stock (KL-RECYCLE).
    pub fn may_recycle(&self, state: &State) -> bool {
        self.params.passes.is_none_or(|p| state.recycles + 1 < p)
    }

    /// Passes through the stock left after this one, `None` when unlimited.
    pub fn passes_left(&self, state: &State) -> Option<u32> {
        self.params
            .passes
            .map(|p| p.saturating_sub(state.recycles + 1))
    }

    /// Checks an action: what it does, or the rule it breaks.
    pub fn check(&self, state: &State, action: &Action) -> Result<Step, RuleViolation> {
        if state.cards_up() == 52 {
            return Err(refuse("KL-WIN", "The game is won"));
        }
        match *action {
            Action::Deal { from } if Pile::of(from) == Some(Pile::Stock) => self.check_deal(state),
            Action::Deal { .. } => Err(refuse("KL-STOCK", "Cards are turned from the stock only")),
            Action::Move { from, index, to } => self.check_move(state, from, index, to),
            _ => Err(refuse(
                "KL-MOVE",
                "Klondike has no such action: turn cards from the stock, or move a card (or a group) to a column or a foundation",
            )),
        }
    }

    fn check_deal(&self, state: &State) -> Result<Step, RuleViolation> {
        if !state.stock.is_empty() {
            return Ok(Step::Draw);
        }
        if state.waste.is_empty() {
            return Err(refuse("KL-STOCK", "The stock and the waste are both empty"));
        }
        if !self.may_recycle(state) {
            let passes = self.params.passes.unwrap_or(0);
            return Err(refuse(
                "KL-RECYCLE",
                format!(
                    "The stock is empty and this game allows {}: the waste is not turned again",
                    match passes {
                        1 => "one pass through it".to_string(),
                        n => format!("{n} passes through it"),
                    }
                ),
            ));
        }
        Ok(Step::Recycle)
    }

    /// Checks moving the cards from `index` of `from` onto `to`.
    pub fn check_move(
        &self,
        state: &State,
        from: PileId,
        index: u16,
        to: PileId,
    ) -> Result<Step, RuleViolation> {
        let src = Pile::of(from)
            .ok_or_else(|| refuse("KL-MOVE", format!("There is no pile {}", from.0)))?;
        let dst =
            Pile::of(to).ok_or_else(|| refuse("KL-MOVE", format!("There is no pile {}", to.0)))?;
        if src == dst {
            return Err(refuse("KL-MOVE", "The cards are already there"));
        }
        let index = index as usize;
        let (head, count) = match src {
            Pile::Stock => return Err(refuse(
                "KL-STOCK",
                "Cards in the stock are turned onto the waste first (deal), then played from there",
            )),
            Pile::Waste => {
                let Some(&top) = state.waste.last() else {
                    return Err(refuse("KL-MOVE", "The waste is empty"));
                };
                if index + 1 != state.waste.len() {
                    return Err(refuse(
                        "KL-WASTE",
                        format!(
                            "Only the top card of the waste, {}, may be played",
                            name(top)
                        ),
                    ));
                }
                (top, 1)
            }
            Pile::Foundation(i) => {
                let Some(top) = state.foundation_top(i) else {
                    return Err(refuse("KL-MOVE", format!("{} is empty", pile_name(src))));
                };
                if !self.params.foundation_return {
                    return Err(refuse(
                        "KL-RETURN",
                        "In this game a card on a foundation stays there",
                    ));
                }
                if index + 1 != state.foundations[i] as usize {
                    return Err(refuse(
                        "KL-RETURN",
                        format!(
                            "Only the top card of a foundation, {}, may come back",
                            name(top)
                        ),
                    ));
                }
                if !matches!(dst, Pile::Column(_)) {
                    return Err(refuse(
                        "KL-RETURN",
                        "A card from a foundation comes back to a column only",
                    ));
                }
                (top, 1)
            }
            Pile::Column(i) => {
                let col = &state.columns[i];
                if col.cards.is_empty() {
                    return Err(refuse("KL-MOVE", format!("Column {} is empty", i + 1)));
                }
                if index >= col.cards.len() {
                    return Err(refuse(
                        "KL-MOVE",
                        format!("Column {} has no card at position {index}", i + 1),
                    ));
                }
                if index < col.down {
                    return Err(refuse(
                        "KL-GROUP",
                        "A card that has not been turned up yet does not move: only turned-up cards move, as a group from any of them to the end of the column",
                    ));
                }
                (col.cards[index], col.cards.len() - index)
            }
        };
        match dst {
            Pile::Stock | Pile::Waste => Err(refuse(
                "KL-MOVE",
                "Nothing is put on the stock or the waste: cards go to columns and foundations",
            )),
            Pile::Foundation(_) => {
                if count > 1 {
                    return Err(refuse(
                        "KL-FOUNDATION",
                        "Cards go to a foundation one at a time: move only the last card",
                    ));
                }
                let s = suit_index(head.suit());
                if let Some(why) = foundation::refusal(head, state.foundations[s]) {
                    return Err(refuse("KL-FOUNDATION", why));
                }
                Ok(Step::Move {
                    from: src,
                    count: 1,
                    to: Pile::Foundation(s),
                })
            }
            Pile::Column(j) => {
                match state.columns[j].cards.last() {
                    Some(&on) => {
                        if !fits(head, on) {
                            return Err(refuse("KL-BUILD", build_reason(head, on)));
                        }
                    }
                    None => {
                        if head.rank().number() != 13 {
                            return Err(refuse(
                                "KL-EMPTY",
                                format!(
                                    "An empty column takes only a King, or a group led by a King, not {}",
                                    name(head)
                                ),
                            ));
                        }
                    }
                }
                Ok(Step::Move {
                    from: src,
                    count,
                    to: dst,
                })
            }
        }
    }

    /// Carries out a checked step, with the turn of a card it uncovers (KL-FLIP), and tallies
    /// its scoring events.
    pub fn perform(
        &self,
        state: &mut State,
        step: Step,
        events: &mut Vec<Event>,
        tally: &mut Tally,
    ) {
        match step {
            Step::Draw => {
                let n = self.params.draw.min(state.stock.len());
                for _ in 0..n {
                    if let Some(c) = state.stock.pop() {
                        state.waste.push(c);
                    }
                }
                events.push(Event::Dealt {
                    from: Pile::Stock.id(),
                    count: n as u16,
                });
            }
            Step::Recycle => {
                state.stock = state.waste.drain(..).rev().collect();
                state.recycles += 1;
                tally.push((
                    if self.params.draw == 1 {
                        "recycle-1"
                    } else {
                        "recycle-3"
                    },
                    1,
                ));
                events.push(Event::Note {
                    kind: "recycle".into(),
                    text: "The waste is turned back into the stock".into(),
                });
            }
            Step::Move { from, count, to } => {
                let moved: Vec<Card> = match from {
                    Pile::Column(i) => {
                        let col = &mut state.columns[i];
                        col.cards.split_off(col.cards.len() - count)
                    }
                    Pile::Waste => state.waste.pop().into_iter().collect(),
                    Pile::Foundation(s) => {
                        let top = state.foundation_top(s);
                        state.foundations[s] -= 1;
                        top.into_iter().collect()
                    }
                    Pile::Stock => Vec::new(),
                };
                match to {
                    Pile::Column(j) => state.columns[j].cards.extend(moved),
                    Pile::Foundation(s) => state.foundations[s] += moved.len() as u8,
                    Pile::Stock | Pile::Waste => {}
                }
                match (from, to) {
                    (_, Pile::Foundation(_)) => tally.push(("foundation", 1)),
                    (Pile::Waste, Pile::Column(_)) => tally.push(("waste-tableau", 1)),
                    (Pile::Foundation(_), Pile::Column(_)) => tally.push(("foundation-tableau", 1)),
                    _ => {}
                }
                events.push(Event::Moved {
                    from: from.id(),
                    to: to.id(),
                    count: count as u16,
                });
                if let Pile::Column(i) = from {
                    flip(&mut state.columns[i], i, events, tally);
                }
            }
        }
    }

    /// The next card KL-AUTO sends up, if any: the waste's top first (under draw one), then
    /// the columns from the left.
    pub fn next_auto(&self, state: &State) -> Option<Step> {
        let ready = |c: Card| {
            foundation::goes_next(&state.foundations, c)
                && safe(&self.params, &state.foundations, c)
        };
        let to = |c: Card| Pile::Foundation(suit_index(c.suit()));
        if let Some(&c) = state
            .waste
            .last()
            .filter(|_| waste_goes_up_unasked(&self.params))
        {
            if ready(c) {
                return Some(Step::Move {
                    from: Pile::Waste,
                    count: 1,
                    to: to(c),
                });
            }
        }
        for (i, col) in state.columns.iter().enumerate() {
            if let Some(&c) = col.up().last() {
                if ready(c) {
                    return Some(Step::Move {
                        from: Pile::Column(i),
                        count: 1,
                        to: to(c),
                    });
                }
            }
        }
        None
    }

    /// KL-AUTO: sends safe cards up until none is left, when the variant says so.
    pub fn auto_moves(&self, state: &mut State, events: &mut Vec<Event>, tally: &mut Tally) {
        if !self.params.auto {
            return;
        }
        let mut sent = Vec::new();
        while let Some(step) = self.next_auto(state) {
            match step {
                Step::Move {
                    from: Pile::Column(i),
                    ..
                } => sent.extend(state.columns[i].cards.last().copied()),
                _ => sent.extend(state.waste.last().copied()),
            }
            self.perform(state, step, events, tally);
        }
        state.news.extend(foundation::sent_up(&sent));
    }

    /// Every legal move: foundations first, then columns with cards, then empty columns; and
    /// the deal from the stock last, when it may be turned.
    pub fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        if state.cards_up() == 52 {
            return;
        }
        let mut sources: Vec<(PileId, u16)> = Vec::new();
        if !state.waste.is_empty() {
            sources.push((Pile::Waste.id(), state.waste.len() as u16 - 1));
        }
        for (i, col) in state.columns.iter().enumerate() {
            for k in col.down..col.cards.len() {
                sources.push((Pile::Column(i).id(), k as u16));
            }
        }
        if self.params.foundation_return {
            for (s, &n) in state.foundations.iter().enumerate() {
                if n > 0 {
                    sources.push((Pile::Foundation(s).id(), n as u16 - 1));
                }
            }
        }
        let mut targets: Vec<PileId> = (0..4).map(|s| Pile::Foundation(s).id()).collect();
        let (full, empty): (Vec<usize>, Vec<usize>) =
            (0..COLUMNS).partition(|&j| !state.columns[j].cards.is_empty());
        targets.extend(full.into_iter().map(|j| Pile::Column(j).id()));
        targets.extend(empty.into_iter().map(|j| Pile::Column(j).id()));
        for &to in &targets {
            for &(from, index) in &sources {
                if let Ok(Step::Move { to: t, .. }) = self.check_move(state, from, index, to) {
                    // A foundation move is listed once, on the card's own foundation.
                    if t.id() == to {
                        out.push(Action::Move { from, index, to });
                    }
                }
            }
        }
        if self.check_deal(state).is_ok() {
            out.push(Action::Deal {
                from: Pile::Stock.id(),
            });
        }
    }
}

/// KL-FLIP: the last card of a column turns up once nothing covers it.
fn flip(col: &mut Column, i: usize, events: &mut Vec<Event>, tally: &mut Tally) {
    if col.down > 0 && col.down == col.cards.len() {
        col.down -= 1;
        tally.push(("turn", 1));
        events.push(Event::Flipped {
            pile: Pile::Column(i).id(),
        });
    }
}

fn build_reason(card: Card, on: Card) -> String {
    let r = card.rank().number();
    if r == 13 {
        return format!("{} goes only on an empty column", name(card));
    }
    let colour = if card.suit().is_red() { "black" } else { "red" };
    format!(
        "{} goes only on a {colour} {}, not on {}",
        name(card),
        rank_word(r + 1),
        name(on)
    )
}
