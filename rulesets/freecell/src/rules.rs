//! The rules: what may go where (FC-BUILD, FC-CELL, FC-FOUNDATION, FC-EMPTY), how many cards
//! move together (FC-SUPERMOVE), and which cards go up by themselves (FC-AUTO).
//!
//! Each check is a small function named for its rule, so a refusal carries that rule's id.

use crate::params::{Build, Empty, Params};
use crate::state::{suit_index, Layout, Pile, State};
use felt_core::{Card, Event, PileId, RuleViolation, Suit};
use felt_patience::foundation;

use felt_patience::words::rank_word;
pub use felt_patience::words::{name, suit_plural};

fn count(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {one}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// FC-BUILD: whether `card` may lie on `on` in a column.
pub fn fits(build: Build, card: Card, on: Card) -> bool {
    card.rank().number() + 1 == on.rank().number()
        && match build {
            Build::Alternate => card.suit().is_red() != on.suit().is_red(),
            Build::Suit => card.suit() == on.suit(),
        }
}

/// How many cards at the end of `column` form a sequence built as FC-BUILD says.
pub fn run_len(build: Build, column: &[Card]) -> usize {
    if column.is_empty() {
        return 0;
    }
    let mut n = 1;
    while n < column.len()
        && fits(
            build,
            column[column.len() - n],
            column[column.len() - n - 1],
        )
    {
        n += 1;
    }
    n
}

/// FC-SUPERMOVE: most cards that move together with `free` empty cells and `empty` empty
/// columns, onto a card or (`to_empty`) onto one of the empty columns.
pub fn capacity(empty_rule: Empty, free: usize, empty: usize, to_empty: bool) -> usize {
    match empty_rule {
        // An empty column holds none of the cards passing through: none of them is a King.
        Empty::Kings => free + 1,
        Empty::Any => {
            let helping = if to_empty {
                empty.saturating_sub(1)
            } else {
                empty
            };
            (free + 1) << helping.min(16)
        }
    }
}

/// The sentence explaining a capacity, as a refusal gives it.
fn capacity_reason(empty_rule: Empty, free: usize, empty: usize, to_empty: bool) -> String {
    let most = capacity(empty_rule, free, empty, to_empty);
    let cells = count(free, "free cell", "free cells");
    let columns = match (empty_rule, to_empty) {
        (Empty::Kings, _) => format!(
            "{} (empty columns take only Kings, so they hold nothing on the way)",
            count(empty, "empty column", "empty columns")
        ),
        (Empty::Any, true) => format!(
            "{} besides the one moved to",
            count(
                empty.saturating_sub(1),
                "other empty column",
                "other empty columns"
            )
        ),
        (Empty::Any, false) => count(empty, "empty column", "empty columns"),
    };
    let cards = if most == 1 {
        "only 1 card moves".to_string()
    } else {
        format!("at most {most} cards move together")
    };
    format!("with {cells} and {columns}, {cards}")
}

/// FC-AUTO: whether `card`, ready to go to its foundation, is safe to put there unasked.
pub fn safe(params: &Params, foundations: &[u8; 4], card: Card) -> bool {
    let r = card.rank().number();
    match params.build {
        Build::Suit => true,
        Build::Alternate => {
            if r <= 2 {
                return true;
            }
            let red = card.suit().is_red();
            Suit::ALL.iter().all(|&s| {
                let up = foundations[suit_index(s)];
                if s == card.suit() {
                    true
                } else if s.is_red() != red {
                    up + 1 >= r
                } else {
                    up + 2 >= r
                }
            })
        }
    }
}

/// What a legal move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Where the cards come from.
    pub from: Pile,
    /// How many cards move.
    pub count: usize,
    /// Where they go (a foundation move names the card's own suit's foundation).
    pub to: Pile,
}

fn refuse(rule: &str, message: impl Into<String>) -> RuleViolation {
    RuleViolation::new(rule, message)
}

/// The rules of one variant.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The variant's settings.
    pub params: Params,
}

impl Rules {
    /// Pile numbering.
    pub fn layout(&self) -> Layout {
        Layout {
            columns: self.params.columns,
            cells: self.params.cells,
        }
    }

    fn pile_name(&self, pile: Pile) -> String {
        match pile {
            Pile::Column(i) => format!("column {}", i + 1),
            Pile::Cell(i) => format!("free cell {}", i + 1),
            Pile::Foundation(i) => format!("the {} foundation", suit_plural(Suit::ALL[i])),
        }
    }

    /// Whether the cards from `index` of `from` may be picked up at all, wherever they would
    /// go: a sequence (FC-SUPERMOVE) no longer than the most that move onto a card, which is
    /// the most that move anywhere, and not from a foundation (FC-FOUNDATION).
    pub fn check_lift(&self, state: &State, from: PileId, index: u16) -> Result<(), RuleViolation> {
        let src = self
            .layout()
            .pile(from)
            .ok_or_else(|| refuse("FC-MOVE", format!("There is no pile {}", from.0)))?;
        let Pile::Column(i) = src else {
            return match src {
                Pile::Foundation(_) => Err(refuse(
                    "FC-FOUNDATION",
                    "A card on a foundation stays there",
                )),
                _ => Ok(()),
            };
        };
        let col = &state.columns[i];
        let index = index as usize;
        let Some(&head) = col.get(index) else {
            return Err(refuse(
                "FC-MOVE",
                format!("{} has no card at position {index}", self.pile_name(src)),
            ));
        };
        let n = col.len() - index;
        if n > run_len(self.params.build, col) {
            let how = match self.params.build {
                Build::Alternate => "built down in alternating colours",
                Build::Suit => "built down in one suit",
            };
            return Err(refuse(
                "FC-SUPERMOVE",
                format!(
                    "The cards from {} to the end of {} are not a sequence {how}, so they do not move together",
                    name(head),
                    self.pile_name(src)
                ),
            ));
        }
        let (free, empty) = (state.free_cells(), state.empty_columns());
        if n > capacity(self.params.empty, free, empty, false) {
            return Err(refuse(
                "FC-SUPERMOVE",
                format!(
                    "{n} cards cannot move together: {}",
                    capacity_reason(self.params.empty, free, empty, false)
                ),
            ));
        }
        Ok(())
    }

    /// Checks moving the cards from `index` of `from` onto `to`: what it does, or the rule it
    /// breaks.
    pub fn check_move(
        &self,
        state: &State,
        from: PileId,
        index: u16,
        to: PileId,
    ) -> Result<Step, RuleViolation> {
        let layout = self.layout();
        let src = layout
            .pile(from)
            .ok_or_else(|| refuse("FC-MOVE", format!("There is no pile {}", from.0)))?;
        let dst = layout
            .pile(to)
            .ok_or_else(|| refuse("FC-MOVE", format!("There is no pile {}", to.0)))?;
        if src == dst {
            return Err(refuse("FC-MOVE", "The cards are already there"));
        }
        let index = index as usize;
        let (cards, movable): (&[Card], usize) = match src {
            Pile::Foundation(_) => {
                return Err(refuse(
                    "FC-FOUNDATION",
                    "A card on a foundation stays there",
                ))
            }
            Pile::Cell(i) => match &state.cells[i] {
                Some(c) => (std::slice::from_ref(c), 1),
                None => return Err(refuse("FC-MOVE", format!("Free cell {} is empty", i + 1))),
            },
            Pile::Column(i) => {
                let col = &state.columns[i];
                if col.is_empty() {
                    return Err(refuse("FC-MOVE", format!("Column {} is empty", i + 1)));
                }
                (col.as_slice(), run_len(self.params.build, col))
            }
        };
        if index >= cards.len() {
            return Err(refuse(
                "FC-MOVE",
                format!("{} has no card at position {index}", self.pile_name(src)),
            ));
        }
        let n = cards.len() - index;
        let head = cards[index];
        if n > movable {
            let how = match self.params.build {
                Build::Alternate => "built down in alternating colours",
                Build::Suit => "built down in one suit",
            };
            return Err(refuse(
                "FC-SUPERMOVE",
                format!(
                    "The cards from {} to the end of {} are not a sequence {how}, so they do not move together",
                    name(head),
                    self.pile_name(src)
                ),
            ));
        }
        match dst {
            Pile::Foundation(_) => {
                if n > 1 {
                    return Err(refuse(
                        "FC-FOUNDATION",
                        "Cards go to a foundation one at a time",
                    ));
                }
                let s = suit_index(head.suit());
                if let Some(why) = foundation::refusal(head, state.foundations[s]) {
                    return Err(refuse("FC-FOUNDATION", why));
                }
                Ok(Step {
                    from: src,
                    count: 1,
                    to: Pile::Foundation(s),
                })
            }
            Pile::Cell(i) => {
                if n > 1 {
                    return Err(refuse(
                        "FC-CELL",
                        "A free cell holds one card: move only the last card",
                    ));
                }
                if let Some(c) = state.cells[i] {
                    return Err(refuse(
                        "FC-CELL",
                        format!("Free cell {} already holds {}", i + 1, name(c)),
                    ));
                }
                Ok(Step {
                    from: src,
                    count: 1,
                    to: dst,
                })
            }
            Pile::Column(j) => {
                let target = &state.columns[j];
                // The cards' own pile is not empty yet, so it never counts as a help.
                let free = state.free_cells();
                let empty = state.empty_columns();
                match target.last() {
                    Some(&on) => {
                        if !fits(self.params.build, head, on) {
                            return Err(refuse("FC-BUILD", self.build_reason(head, on)));
                        }
                        let most = capacity(self.params.empty, free, empty, false);
                        if n > most {
                            return Err(refuse(
                                "FC-SUPERMOVE",
                                format!(
                                    "{n} cards cannot move together: {}",
                                    capacity_reason(self.params.empty, free, empty, false)
                                ),
                            ));
                        }
                    }
                    None => {
                        if self.params.empty == Empty::Kings && head.rank().number() != 13 {
                            return Err(refuse(
                                "FC-EMPTY",
                                "An empty column takes only a King, or a group headed by a King",
                            ));
                        }
                        let most = capacity(self.params.empty, free, empty, true);
                        if n > most {
                            return Err(refuse(
                                "FC-SUPERMOVE",
                                format!(
                                    "{n} cards cannot move together to an empty column: {}",
                                    capacity_reason(self.params.empty, free, empty, true)
                                ),
                            ));
                        }
                    }
                }
                Ok(Step {
                    from: src,
                    count: n,
                    to: dst,
                })
            }
        }
    }

    fn build_reason(&self, card: Card, on: Card) -> String {
        let r = card.rank().number();
        if r == 13 {
            return format!("{} goes only on an empty column", name(card));
        }
        let above = rank_word(r + 1);
        match self.params.build {
            Build::Alternate => {
                let colour = if card.suit().is_red() { "black" } else { "red" };
                format!(
                    "{} goes only on a {colour} {above}, not on {}",
                    name(card),
                    name(on)
                )
            }
            Build::Suit => format!(
                "{} goes only on the {above} of {}, not on {}",
                name(card),
                suit_plural(card.suit()),
                name(on)
            ),
        }
    }

    /// Carries out a checked step.
    pub fn perform(&self, state: &mut State, step: Step, events: &mut Vec<Event>) {
        let layout = self.layout();
        let moved: Vec<Card> = match step.from {
            Pile::Column(i) => {
                let col = &mut state.columns[i];
                col.split_off(col.len() - step.count)
            }
            Pile::Cell(i) => state.cells[i].take().into_iter().collect(),
            Pile::Foundation(_) => Vec::new(),
        };
        match step.to {
            Pile::Column(j) => state.columns[j].extend(moved),
            Pile::Cell(j) => state.cells[j] = moved.first().copied(),
            Pile::Foundation(s) => state.foundations[s] += moved.len() as u8,
        }
        events.push(Event::Moved {
            from: layout.id(step.from),
            to: layout.id(step.to),
            count: step.count as u16,
        });
    }

    /// The next card FC-AUTO sends up, if any: cells first, then columns, from the left.
    pub fn next_auto(&self, state: &State) -> Option<Step> {
        let ready = |c: Card| {
            foundation::goes_next(&state.foundations, c)
                && safe(&self.params, &state.foundations, c)
        };
        let to = |c: Card| Pile::Foundation(suit_index(c.suit()));
        for (i, cell) in state.cells.iter().enumerate() {
            if let Some(c) = *cell {
                if ready(c) {
                    return Some(Step {
                        from: Pile::Cell(i),
                        count: 1,
                        to: to(c),
                    });
                }
            }
        }
        for (i, col) in state.columns.iter().enumerate() {
            if let Some(&c) = col.last() {
                if ready(c) {
                    return Some(Step {
                        from: Pile::Column(i),
                        count: 1,
                        to: to(c),
                    });
                }
            }
        }
        None
    }

    /// FC-AUTO: sends safe cards up until none is left, when the variant says so.
    pub fn auto_moves(&self, state: &mut State, events: &mut Vec<Event>) {
        if !self.params.auto {
            return;
        }
        let mut sent = Vec::new();
        while let Some(step) = self.next_auto(state) {
            if let Pile::Column(i) = step.from {
                sent.extend(state.columns[i].last().copied());
            } else if let Pile::Cell(i) = step.from {
                sent.extend(state.cells[i]);
            }
            self.perform(state, step, events);
        }
        state.news.extend(foundation::sent_up(&sent));
    }

    /// Every legal move, foundations first, then columns with cards, empty columns, cells.
    pub fn legal_moves(&self, state: &State) -> Vec<(PileId, u16, PileId)> {
        let layout = self.layout();
        let mut out = Vec::new();
        let mut sources: Vec<(PileId, usize)> = Vec::new();
        for (i, col) in state.columns.iter().enumerate() {
            let run = run_len(self.params.build, col);
            for k in 1..=run {
                sources.push((layout.id(Pile::Column(i)), col.len() - k));
            }
        }
        for (i, cell) in state.cells.iter().enumerate() {
            if cell.is_some() {
                sources.push((layout.id(Pile::Cell(i)), 0));
            }
        }
        let mut targets: Vec<PileId> = Vec::new();
        targets.extend((0..4).map(|s| layout.id(Pile::Foundation(s))));
        let (full, empty): (Vec<usize>, Vec<usize>) =
            (0..state.columns.len()).partition(|&j| !state.columns[j].is_empty());
        targets.extend(full.into_iter().map(|j| layout.id(Pile::Column(j))));
        targets.extend(empty.into_iter().map(|j| layout.id(Pile::Column(j))));
        targets.extend((0..state.cells.len()).map(|j| layout.id(Pile::Cell(j))));
        for &to in &targets {
            for &(from, index) in &sources {
                if let Ok(step) = self.check_move(state, from, index as u16, to) {
                    // A foundation move is listed once, on the card's own foundation.
                    if layout.id(step.to) == to {
                        out.push((from, index as u16, to));
                    }
                }
            }
        }
        out
    }
}
