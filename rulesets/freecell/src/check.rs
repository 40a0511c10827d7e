//! Checking a move: what it does, or the one rule it breaks, said about the cards it moves.
//!
//! The checks run in one order, so that a move that breaks a rule is refused under that rule
//! and not under another it happens to break as well:
//!
//! 1. the piles themselves: one that does not exist, an empty one, a position past the end, the
//!    cards' own pile as the target (FC-MOVE), a foundation as the source (FC-FOUNDATION);
//! 2. what the target holds at all: a foundation takes one card, of its own suit, the next one
//!    (FC-FOUNDATION); a free cell one card, when empty (FC-CELL);
//! 3. onto a column: the cards must be a sequence (FC-SUPERMOVE), their first card must fit
//!    (FC-BUILD onto a card, FC-EMPTY onto an empty column), and only then is their number
//!    weighed against the free cells and empty columns (FC-SUPERMOVE).
//!
//! A move that asks too many cards of a target that would take their first card is therefore
//! refused for their number, never for a card that is not the one on the move.

use crate::params::{Build, Empty};
use crate::rules::{capacity, fits, name, run_len, suit_plural, Rules, Step};
use crate::state::{suit_index, Pile, State};
use felt_core::{Card, PileId, RuleViolation, Suit};
use felt_patience::foundation;
use felt_patience::words::rank_word;

fn count(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {one}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

fn refuse(rule: &str, message: impl Into<String>) -> RuleViolation {
    RuleViolation::new(rule, message)
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

impl Rules {
    fn pile_name(&self, pile: Pile) -> String {
        match pile {
            Pile::Column(i) => format!("column {}", i + 1),
            Pile::Cell(i) => format!("free cell {}", i + 1),
            Pile::Foundation(i) => format!("the {} foundation", suit_plural(Suit::ALL[i])),
        }
    }

    fn not_a_sequence(&self, head: Card, src: Pile) -> RuleViolation {
        let how = match self.params.build {
            Build::Alternate => "built down in alternating colours",
            Build::Suit => "built down in one suit",
        };
        refuse(
            "FC-SUPERMOVE",
            format!(
                "The cards from {} to the end of {} are not a sequence {how}, so they do not move together",
                name(head),
                self.pile_name(src)
            ),
        )
    }

    /// Whether the cards from `index` of `from` may be picked up at all, wherever they would
    /// go: a sequence (FC-SUPERMOVE) no longer than the most that move onto a card, which is
    /// the most that move anywhere, and not from a foundation (FC-FOUNDATION).
    pub fn check_lift(&self, state: &State, from: PileId, index: u16) -> Result<(), RuleViolation> {
        let src = self
            .layout()
            .pile(from)
            .ok_or_else(|| refuse("FC-MOVE", format!("There is no pile {}", from.0)))?;
        let col = match src {
            Pile::Foundation(_) => {
                return Err(refuse(
                    "FC-FOUNDATION",
                    "A card on a foundation stays there",
                ))
            }
            Pile::Cell(i) => {
                return match state.cells[i] {
                    Some(_) if index == 0 => Ok(()),
                    Some(_) => Err(refuse(
                        "FC-MOVE",
                        format!("free cell {} has no card at position {index}", i + 1),
                    )),
                    None => Err(refuse("FC-MOVE", format!("Free cell {} is empty", i + 1))),
                }
            }
            Pile::Column(i) => &state.columns[i],
        };
        let index = index as usize;
        let Some(&head) = col.get(index) else {
            return Err(refuse(
                "FC-MOVE",
                format!("{} has no card at position {index}", self.pile_name(src)),
            ));
        };
        let n = col.len() - index;
        if n > run_len(self.params.build, col) {
            return Err(self.not_a_sequence(head, src));
        }
        let (free, empty) = (state.free_cells(), state.empty_columns());
        if n > capacity(self.params.empty, free, empty, false) {
            return Err(refuse(
                "FC-SUPERMOVE",
                format!(
                    "{n} cards from {} cannot move together: {}",
                    name(head),
                    capacity_reason(self.params.empty, free, empty, false)
                ),
            ));
        }
        Ok(())
    }

    /// Checks moving the cards from `index` of `from` onto `to`: what it does, or the rule it
    /// breaks (in the order the module's comment gives).
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
        let index = index as usize;
        let Some(&head) = cards.get(index) else {
            return Err(refuse(
                "FC-MOVE",
                format!("{} has no card at position {index}", self.pile_name(src)),
            ));
        };
        let n = cards.len() - index;
        let step = Step {
            from: src,
            count: n,
            to: dst,
        };
        match dst {
            Pile::Foundation(f) => self.check_to_foundation(state, head, n, f).map(|()| step),
            Pile::Cell(c) => self.check_to_cell(state, head, n, c).map(|()| step),
            Pile::Column(j) => {
                if n > movable {
                    return Err(self.not_a_sequence(head, src));
                }
                self.check_to_column(state, head, n, j).map(|()| step)
            }
        }
    }

    /// FC-FOUNDATION: one card, on its own suit's foundation, the next one there.
    fn check_to_foundation(
        &self,
        state: &State,
        head: Card,
        n: usize,
        f: usize,
    ) -> Result<(), RuleViolation> {
        if n > 1 {
            return Err(refuse(
                "FC-FOUNDATION",
                format!(
                    "Cards go to a foundation one at a time, not the {n} cards from {}",
                    name(head)
                ),
            ));
        }
        let own = suit_index(head.suit());
        if f != own {
            let suits = suit_plural(head.suit());
            let up = state.foundations[own];
            // Said too when the card is not the next one there, so that a player who aimed at
            // the wrong foundation learns at once whether the right one would take it.
            let yet = if foundation::goes_next(&state.foundations, head) {
                String::new()
            } else if up == 0 {
                format!(" (and not yet: the Ace of {suits} starts it)")
            } else {
                format!(
                    " (and not yet: the {} of {suits} goes next)",
                    rank_word(up + 1)
                )
            };
            return Err(refuse(
                "FC-FOUNDATION",
                format!(
                    "{} goes to the {suits} foundation, not to the {} one{yet}",
                    name(head),
                    suit_plural(Suit::ALL[f])
                ),
            ));
        }
        match foundation::refusal(head, state.foundations[own]) {
            Some(why) => Err(refuse("FC-FOUNDATION", why)),
            None => Ok(()),
        }
    }

    /// FC-CELL: one card, into an empty cell.
    fn check_to_cell(
        &self,
        state: &State,
        head: Card,
        n: usize,
        c: usize,
    ) -> Result<(), RuleViolation> {
        if n > 1 {
            return Err(refuse(
                "FC-CELL",
                format!(
                    "A free cell holds one card, not the {n} cards from {}",
                    name(head)
                ),
            ));
        }
        match state.cells[c] {
            Some(held) => Err(refuse(
                "FC-CELL",
                format!("Free cell {} already holds {}", c + 1, name(held)),
            )),
            None => Ok(()),
        }
    }

    /// FC-BUILD or FC-EMPTY for the first card, then FC-SUPERMOVE for the number of cards.
    fn check_to_column(
        &self,
        state: &State,
        head: Card,
        n: usize,
        j: usize,
    ) -> Result<(), RuleViolation> {
        // The cards' own pile is not empty yet, so it never counts as a help.
        let (free, empty) = (state.free_cells(), state.empty_columns());
        let empty_rule = self.params.empty;
        match state.columns[j].last() {
            Some(&on) => {
                if !fits(self.params.build, head, on) {
                    return Err(refuse("FC-BUILD", self.build_reason(head, on)));
                }
                if n > capacity(empty_rule, free, empty, false) {
                    return Err(refuse(
                        "FC-SUPERMOVE",
                        format!(
                            "{n} cards from {} cannot move together onto {}: {}",
                            name(head),
                            name(on),
                            capacity_reason(empty_rule, free, empty, false)
                        ),
                    ));
                }
            }
            None => {
                if empty_rule == Empty::Kings && head.rank().number() != 13 {
                    let what = if n == 1 {
                        format!("{} is not a King", name(head))
                    } else {
                        format!("These cards are headed by {}, not by a King", name(head))
                    };
                    return Err(refuse(
                        "FC-EMPTY",
                        format!(
                            "{what}: an empty column takes only a King, or a group headed by one"
                        ),
                    ));
                }
                if n > capacity(empty_rule, free, empty, true) {
                    return Err(refuse(
                        "FC-SUPERMOVE",
                        format!(
                            "{n} cards from {} cannot move together to an empty column: {}",
                            name(head),
                            capacity_reason(empty_rule, free, empty, true)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn build_reason(&self, card: Card, on: Card) -> String {
        let r = card.rank().number();
        if r == 13 {
            return format!(
                "{} goes only on an empty column, not on {}",
                name(card),
                name(on)
            );
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

    /// The cards of `from` a player means to put on `to` when they name no number and no move
    /// there is legal: the group of the sequence at the end of a column whose first card `to`
    /// would take (the card one rank above it built as FC-BUILD says, or a King for an empty
    /// column under `empty = "kings"`), too many to move together; `None` when no card of the
    /// sequence fits, and the last card's refusal then says why.
    pub fn meant_group(&self, state: &State, from: PileId, to: PileId) -> Option<u16> {
        let layout = self.layout();
        let (Some(Pile::Column(i)), Some(Pile::Column(j))) = (layout.pile(from), layout.pile(to))
        else {
            return None;
        };
        if i == j {
            return None;
        }
        let col = &state.columns[i];
        let run = run_len(self.params.build, col);
        let takes = |head: Card| match state.columns[j].last() {
            Some(&on) => fits(self.params.build, head, on),
            None => self.params.empty == Empty::Kings && head.rank().number() == 13,
        };
        (col.len() - run..col.len())
            .find(|&k| takes(col[k]))
            .map(|k| k as u16)
    }
}
