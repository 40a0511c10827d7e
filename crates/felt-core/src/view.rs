//! What a seat may see of the table: the only thing renderers, the headless mode and bots get
//! (✱ contract 3).

use crate::action::{PileId, Seat};
use crate::card::Card;
use serde::{Deserialize, Serialize};

/// A card as the viewing seat sees it. A hidden card carries nothing of its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardFace {
    /// Face up.
    Up(Card),
    /// Face down: only its back is visible.
    Down,
}

impl CardFace {
    /// The card, if it is face up.
    pub fn card(self) -> Option<Card> {
        match self {
            CardFace::Up(c) => Some(c),
            CardFace::Down => None,
        }
    }
}

/// What a pile is for; renderers may style roles differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PileRole {
    /// A column of the tableau.
    Tableau,
    /// Cards still to be dealt.
    Stock,
    /// Finished sets (removed runs, foundations).
    Foundation,
    /// A place that holds one card for a while (a free cell).
    Cell,
    /// Cards turned from the stock, the top one playable (a waste).
    Waste,
    /// Cards dealt aside at the start, played from the top (a reserve).
    Reserve,
    /// A player's hand.
    Hand,
    /// A card played to the current trick.
    Trick,
    /// Anything else.
    Other,
}

/// How a pile should be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawHint {
    /// Cards overlap downward, each showing its top edge (a tableau column).
    FanDown,
    /// Cards overlap across, each showing its left edge (a hand, removed runs).
    FanRight,
    /// Only the top card is drawn, with a count (a stock).
    Stacked,
    /// A squared pile whose last `n` cards are drawn fanned across, each showing its left edge
    /// and the top one whole (a waste turned three at a time); the cards under them are not
    /// drawn. It takes the room of two piles in its row, so the row keeps that place for it.
    FanLast(u8),
    /// One card slot (a seat's place in a trick).
    Slot,
}

/// Where a pile sits: renderers lay out rows top to bottom, piles left to right by `col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Place {
    /// Row, from the top.
    pub row: u8,
    /// Position within the row, from the left.
    pub col: u8,
    /// Half a column further right than `col`: in rows that overlap like the courses of a
    /// pyramid (Tri Peaks), each place sits between two places of the row under it. Left out
    /// of the wire form when `false`, so a view from before it reads the same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub half: bool,
}

impl Place {
    /// The place at `col` of `row`, on the column grid (not half a column across).
    pub const fn at(row: u8, col: u8) -> Place {
        Place {
            row,
            col,
            half: false,
        }
    }
}

/// One pile as the viewing seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileView {
    /// The id actions use for it.
    pub id: PileId,
    /// What it is for.
    pub role: PileRole,
    /// A short label (`1`, `stock`, `North`).
    pub label: String,
    /// How to draw it.
    pub hint: DrawHint,
    /// Where it sits.
    pub place: Place,
    /// Its cards, bottom first.
    pub cards: Vec<CardFace>,
    /// An extra note to draw with it (deals left, tricks taken), if any.
    pub note: Option<String>,
}

/// One item of the status bar.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusItem {
    /// A stable key for scripts (`score`, `moves`, `stock`).
    pub key: String,
    /// What a person reads (`Score`).
    pub label: String,
    /// The value as text.
    pub value: String,
}

/// A choice the game asks of the viewing seat (a bid).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    /// The question.
    pub question: String,
    /// The options, each chosen with [`crate::Action::Choose`] and its id.
    pub options: Vec<PromptOption>,
    /// The id of the option a front end starts on (a bid the hand is worth), so that a stray
    /// Enter picks a sensible answer; the first option when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<u32>,
}

/// One option of a [`Prompt`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromptOption {
    /// The id to choose it by.
    pub id: u32,
    /// Its label (`Nil`, `3`).
    pub label: String,
    /// A question a front end asks before choosing it, when choosing it by mistake would cost
    /// (a Nil bid); `None` chooses it at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm: Option<String>,
}

/// A table from inside the last step (one action and the computer seats' turns after it), in
/// order: a replay steps through every one (each card the computer seats played), and a front
/// end playing live stops on those marked `hold` (a trick completed and cleared within one
/// step, which would otherwise never be seen).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moment {
    /// Piles as they were then; each replaces the pile of the same id, the rest stay as now.
    pub piles: Vec<PileView>,
    /// What happened then (`West wins the trick with K♥`).
    pub message: String,
    /// Worth stopping on in live play, until a key or a short pause.
    #[serde(default)]
    pub hold: bool,
}

/// A page of text the seat may open with a key, beside the table (a score sheet, the last
/// trick).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// The key that opens it (a letter the host does not use itself).
    pub key: char,
    /// Its title.
    pub title: String,
    /// Its lines, drawn as they are (a table lines up in a fixed-width font).
    pub lines: Vec<String>,
    /// Open it now, without a key: something the player should read has just happened (a
    /// hand was scored). A front end opens it once each time this turns on.
    #[serde(default)]
    pub open: bool,
}

/// Everything a seat may see of the game at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    /// The seat this view is for.
    pub seat: Seat,
    /// Every pile, in id order.
    pub piles: Vec<PileView>,
    /// Score, moves, deals left and such, in display order.
    pub status: Vec<StatusItem>,
    /// A prompt waiting for this seat, if any.
    pub prompt: Option<Prompt>,
    /// News from the last step (a trick won, a run removed).
    pub messages: Vec<String>,
    /// Tables from inside the last step, in order, before this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moments: Vec<Moment>,
    /// Pages the seat may open with a key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sheets: Vec<Sheet>,
}

impl TableView {
    /// The pile with this id.
    pub fn pile(&self, id: PileId) -> Option<&PileView> {
        self.piles.iter().find(|p| p.id == id)
    }

    /// The value of a status item by key.
    pub fn status_value(&self, key: &str) -> Option<&str> {
        self.status
            .iter()
            .find(|s| s.key == key)
            .map(|s| s.value.as_str())
    }

    /// A 64-bit key of the table as this seat sees it: which pile holds which card, face up
    /// or down, in which order, and the question waiting for the seat, if any (a choice made,
    /// a bid, changes no pile but leaves a question answered). Counters, labels and notes are
    /// left out, so a table that comes back after two moves has the key it had, though its
    /// move count grew: this is the host's test for "the table returns to one already seen"
    /// (FNV-1a, stable across builds and platforms; keys are compared within one game, never
    /// stored).
    pub fn table_key(&self) -> u64 {
        const PRIME: u64 = 0x0100_0000_01b3;
        let mut key: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |byte: u8| {
            key ^= u64::from(byte);
            key = key.wrapping_mul(PRIME);
        };
        for pile in &self.piles {
            pile.id.0.to_le_bytes().into_iter().for_each(&mut eat);
            (pile.cards.len() as u32)
                .to_le_bytes()
                .into_iter()
                .for_each(&mut eat);
            for face in &pile.cards {
                match face {
                    CardFace::Up(card) => {
                        eat(1);
                        eat(card.to_byte());
                    }
                    CardFace::Down => eat(0),
                }
            }
        }
        if let Some(prompt) = &self.prompt {
            eat(2);
            prompt.question.bytes().for_each(&mut eat);
            for option in &prompt.options {
                option.id.to_le_bytes().into_iter().for_each(&mut eat);
                option.label.bytes().for_each(&mut eat);
            }
        }
        key
    }
}

/// `text` cut to `max` characters, with `…` in the last place when something was left out:
/// names and ids from files or records may be of any length, and a list must still fit.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}
