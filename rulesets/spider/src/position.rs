//! Positions in the `.game` text format of the coolo/spider solver.
//!
//! ```text
//! # comment
//! Play0: |JS |9S |2S QS          column 1, bottom to top; `|` marks a face-down card
//! Play1: |KH 9H..6H              a range: 9H 8H 7H 6H
//! Deal0: 2H 8H 9S TH 7H TS JS JH QS JS   the next deal; card i goes to column i
//! Deal1:                         an empty row: a deal already made
//! Off: KS KH                     the King of each removed run
//! ```
//!
//! The reader accepts any order of lines, blank lines and `#` comments; it checks that the
//! cards are exactly the variant's deck and says which line is wrong and why. It never panics,
//! whatever the text.

use crate::rules::{finished_run, SpiderRuleset};
use crate::state::{Column, SpiderState};
use felt_core::{Card, Rank};
use std::fmt;

/// A position file that does not describe a game of this variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The 1-based line at fault, when one is.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for PositionError {}

fn at(line: usize, message: impl Into<String>) -> PositionError {
    PositionError {
        line: Some(line),
        message: message.into(),
    }
}

/// One parsed card token: the card and whether it lies face down.
type Token = (Card, bool);

/// Reads `KS`, `|KS`, `AS..6S` or `|9H..7H` into cards.
fn read_token(token: &str, line: usize, out: &mut Vec<Token>) -> Result<(), PositionError> {
    let (down, body) = match token.strip_prefix('|') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let card = |text: &str| {
        text.parse::<Card>()
            .map_err(|_| at(line, format!("'{token}' is not a card: expected a rank (A 2..9 T J Q K) and a suit (S H D C), e.g. TH or |TH")))
    };
    match body.split_once("..") {
        None => out.push((card(body)?, down)),
        Some((a, b)) => {
            let (a, b) = (card(a)?, card(b)?);
            if a.suit() != b.suit() {
                return Err(at(
                    line,
                    format!(
                        "the range '{token}' changes suit: a range stays in one suit, e.g. KS..9S"
                    ),
                ));
            }
            let (ra, rb) = (a.rank().number(), b.rank().number());
            let ranks: Vec<u8> = if ra <= rb {
                (ra..=rb).collect()
            } else {
                (rb..=ra).rev().collect()
            };
            for r in ranks {
                if let Some(rank) = Rank::new(r) {
                    out.push((Card::new(a.suit(), rank), down));
                }
            }
        }
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Row {
    Play(usize),
    Deal(usize),
    Off,
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Row::Play(i) => write!(f, "Play{i}"),
            Row::Deal(i) => write!(f, "Deal{i}"),
            Row::Off => write!(f, "Off"),
        }
    }
}

/// Counts of each card byte still expected, to check the cards are exactly the deck.
struct Ledger([i16; 64]);

impl Ledger {
    fn take(&mut self, card: Card, line: usize, deck: &str) -> Result<(), PositionError> {
        let slot = &mut self.0[card.to_byte() as usize & 63];
        *slot -= 1;
        if *slot < 0 {
            return Err(at(
                line,
                format!("one {card} too many: {deck} has no more of it"),
            ));
        }
        Ok(())
    }
}

impl SpiderRuleset {
    fn row_of(&self, head: &str, line: usize) -> Result<Row, PositionError> {
        let n = self.params.columns.len();
        let d = self.params.deals.len();
        let expected = || {
            let deals = match d {
                0 => String::new(),
                1 => "Deal0, ".to_string(),
                _ => format!("Deal0 … Deal{}, ", d - 1),
            };
            format!(
                "expected Play0 … Play{}, {deals}or Off before the ':'",
                n - 1
            )
        };
        let lower = head.to_ascii_lowercase();
        if lower == "off" {
            return Ok(Row::Off);
        }
        let (kind, number) = if let Some(rest) = lower.strip_prefix("play") {
            (0, rest)
        } else if let Some(rest) = lower.strip_prefix("deal") {
            (1, rest)
        } else {
            return Err(at(
                line,
                format!("'{head}' is not a row name: {}", expected()),
            ));
        };
        let index: usize = number
            .parse()
            .map_err(|_| at(line, format!("'{head}' is not a row name: {}", expected())))?;
        match kind {
            0 if index < n => Ok(Row::Play(index)),
            0 => Err(at(
                line,
                format!(
                    "{head}: this variant has {n} columns, Play0 to Play{}",
                    n - 1
                ),
            )),
            _ if index < d => Ok(Row::Deal(index)),
            _ => Err(at(
                line,
                format!("{head}: this variant has {d} deals ({})", expected()),
            )),
        }
    }

    /// Reads a position in the `.game` format for this variant.
    pub fn read_position(&self, text: &str) -> Result<SpiderState, PositionError> {
        let p = &self.params;
        let n = p.columns.len();
        let deck_name = format!(
            "the deck ({} packs of {})",
            p.deck.packs,
            p.deck.suits.iter().map(|s| s.letter()).collect::<String>()
        );
        let mut ledger = Ledger([0; 64]);
        for card in p.deck.cards() {
            ledger.0[card.to_byte() as usize & 63] += 1;
        }
        let mut seen: Vec<(Row, usize)> = Vec::new();
        let mut play: Vec<Option<Column>> = vec![None; n];
        let mut deals: Vec<Vec<Card>> = vec![Vec::new(); p.deals.len()];
        let mut removed = Vec::new();
        let mut tokens = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            let Some((head, rest)) = content.split_once(':') else {
                return Err(at(
                    line,
                    "expected a row name and ':', e.g. 'Play0: |KS QH'",
                ));
            };
            let row = self.row_of(head.trim(), line)?;
            if let Some((_, first)) = seen.iter().find(|(r, _)| *r == row) {
                return Err(at(
                    line,
                    format!("{row} is given twice (first on line {first})"),
                ));
            }
            seen.push((row, line));
            tokens.clear();
            for token in rest.split_whitespace() {
                read_token(token, line, &mut tokens)?;
            }
            match row {
                Row::Play(c) => {
                    let down = tokens.iter().take_while(|(_, d)| *d).count();
                    if tokens[down..].iter().any(|(_, d)| *d) {
                        return Err(at(line, format!("{row}: a face-down card lies on a face-up one; face-down cards are only at the bottom of a column")));
                    }
                    if !tokens.is_empty() && down == tokens.len() {
                        return Err(at(line, format!("{row}: the last card of a column is always face up (it turns up when uncovered)")));
                    }
                    if tokens.len() > 255 {
                        return Err(at(line, format!("{row}: too many cards for one column")));
                    }
                    for &(card, _) in &tokens {
                        ledger.take(card, line, &deck_name)?;
                    }
                    let column = Column::new(tokens.iter().map(|(c, _)| *c).collect(), down as u8);
                    if let Some(king) = finished_run(&column) {
                        let suit = king.suit().letter();
                        return Err(at(line, format!("{row} ends with a finished run K{suit}..A{suit}, which would have left the table: list its king on the Off line instead")));
                    }
                    play[c] = Some(column);
                }
                Row::Deal(d) => {
                    let size = p.deals[d] as usize;
                    if !tokens.is_empty() && tokens.len() != size {
                        return Err(at(line, format!("{row} has {} cards, but deal {} of this variant is {size} cards (or leave the row empty once dealt)", tokens.len(), d + 1)));
                    }
                    for &(card, _) in &tokens {
                        ledger.take(card, line, &deck_name)?;
                    }
                    deals[d] = tokens.iter().map(|(c, _)| *c).collect();
                }
                Row::Off => {
                    for &(card, down) in &tokens {
                        if down || card.rank() != Rank::KING {
                            return Err(at(
                                line,
                                format!(
                                    "Off lists the King of each removed run, face up; '{card}' is not a King"
                                ),
                            ));
                        }
                        for rank in Rank::all() {
                            ledger.take(Card::new(card.suit(), rank), line, &deck_name)?;
                        }
                        removed.push(card);
                    }
                    if removed.len() > p.runs_to_win as usize {
                        return Err(at(
                            line,
                            format!(
                                "{} runs removed, but the game is won at {}",
                                removed.len(),
                                p.runs_to_win
                            ),
                        ));
                    }
                }
            }
        }
        let mut columns = Vec::with_capacity(n);
        for (i, column) in play.into_iter().enumerate() {
            columns.push(column.ok_or_else(|| PositionError {
                line: None,
                message: format!(
                    "Play{i} is missing: give every column a line, 'Play{i}:' alone for an empty one"
                ),
            })?);
        }
        let deals_done = deals.iter().take_while(|row| row.is_empty()).count();
        if let Some(gap) = deals.iter().skip(deals_done).position(Vec::is_empty) {
            let empty = deals_done + gap;
            return Err(PositionError {
                line: seen.iter().find(|(r, _)| *r == Row::Deal(empty)).map(|(_, l)| *l),
                message: format!("Deal{empty} is empty but Deal{deals_done} is not: deals go in order, Deal0 first, so only the first rows may be empty"),
            });
        }
        let missing: Vec<String> = ledger
            .0
            .iter()
            .enumerate()
            .filter(|(_, &count)| count > 0)
            .filter_map(|(byte, &count)| {
                Card::from_byte(byte as u8).map(|c| format!("{count}×{c}"))
            })
            .collect();
        if !missing.is_empty() {
            return Err(PositionError {
                line: None,
                message: format!("cards of {deck_name} are missing: {}", missing.join(" ")),
            });
        }
        let mut stock = Vec::with_capacity(p.stock_size());
        for row in deals.iter().rev() {
            stock.extend_from_slice(row);
        }
        Ok(SpiderState {
            columns,
            stock,
            deals_done: deals_done as u16,
            removed,
            score: self.points.start,
            moves: 0,
        })
    }

    /// Writes `state` in the `.game` format, every card shown (face-down ones marked `|`).
    pub fn write_position(&self, state: &SpiderState) -> String {
        let mut out = String::new();
        for (i, column) in state.columns().iter().enumerate() {
            out.push_str(&format!("Play{i}:"));
            for (j, card) in column.cards().iter().enumerate() {
                let mark = if j < column.face_down() { "|" } else { "" };
                out.push_str(&format!(" {mark}{card}"));
            }
            out.push('\n');
        }
        // The stock holds the remaining deals, the next one at the end.
        let mut end = state.stock().len();
        for (d, &size) in self.params.deals.iter().enumerate() {
            out.push_str(&format!("Deal{d}:"));
            if d >= state.deals_done() {
                let start = end.saturating_sub(size as usize);
                for card in state.stock().get(start..end).unwrap_or(&[]) {
                    out.push_str(&format!(" {card}"));
                }
                end = start;
            }
            out.push('\n');
        }
        out.push_str("Off:");
        for king in state.removed() {
            out.push_str(&format!(" {king}"));
        }
        out.push('\n');
        out
    }
}
