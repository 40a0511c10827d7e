//! A plain text format for positions, so `felt deal` can write a deal out and `--position` can
//! start from one:
//!
//! ```text
//! Deal: 617
//! Cells: 7D - - -
//! Foundations: S=0 H=1 D=0 C=0
//! 1: TD TH KD 4C 4S JD
//! 2: AD 7S QC 5H QS TS KS
//! ...
//! ```
//!
//! `Cells` lists each free cell (`-` when empty), `Foundations` the cards on each suit's
//! foundation, and each numbered line a column, bottom card first. A position read back must
//! have this variant's columns and cells and every card of the pack exactly once.

use crate::ruleset::FreeCell;
use crate::state::{suit_index, State};
use felt_core::{Card, Suit};

impl FreeCell {
    /// The position as text (see the module).
    pub fn write_position(&self, state: &State) -> String {
        let mut out = format!("Deal: {}\nCells:", state.deal);
        for cell in &state.cells {
            match cell {
                Some(c) => out.push_str(&format!(" {c}")),
                None => out.push_str(" -"),
            }
        }
        out.push_str("\nFoundations:");
        for (i, s) in Suit::ALL.iter().enumerate() {
            out.push_str(&format!(" {}={}", s.letter(), state.foundations[i]));
        }
        out.push('\n');
        for (i, col) in state.columns.iter().enumerate() {
            out.push_str(&format!("{}:", i + 1));
            for c in col {
                out.push_str(&format!(" {c}"));
            }
            out.push('\n');
        }
        out
    }

    /// A position from text, or what is wrong with it, naming the line.
    pub fn read_position(&self, text: &str) -> Result<State, String> {
        let p = self.params();
        let mut state = State {
            deal: 0,
            columns: vec![Vec::new(); p.columns],
            cells: vec![None; p.cells],
            foundations: [0; 4],
            moves: 0,
            news: Vec::new(),
        };
        let mut seen_columns = vec![false; p.columns];
        for line in felt_core::text::named_lines(text)? {
            let at = |m: String| line.error(m);
            let (head, rest) = (line.head.as_str(), line.rest);
            let words: Vec<&str> = rest.split_whitespace().collect();
            let card = |w: &str| w.parse::<Card>().map_err(|e| at(e.to_string()));
            match head {
                "deal" => {
                    state.deal = rest
                        .trim()
                        .parse()
                        .map_err(|_| at(format!("'{}' is not a deal number", rest.trim())))?
                }
                "cells" => {
                    if words.len() != p.cells {
                        return Err(at(format!(
                            "this variant has {} free cells, the line lists {}",
                            p.cells,
                            words.len()
                        )));
                    }
                    for (cell, w) in state.cells.iter_mut().zip(&words) {
                        *cell = if *w == "-" { None } else { Some(card(w)?) };
                    }
                }
                "foundations" => {
                    for w in &words {
                        let (s, count) = w
                            .split_once('=')
                            .ok_or_else(|| at(format!("expected SUIT=COUNT, not '{w}'")))?;
                        let suit = s
                            .chars()
                            .next()
                            .and_then(Suit::from_letter)
                            .filter(|_| s.len() == 1)
                            .ok_or_else(|| at(format!("'{s}' is not a suit (S H D C)")))?;
                        let count: u8 = count
                            .parse()
                            .ok()
                            .filter(|n| *n <= 13)
                            .ok_or_else(|| at(format!("'{count}' is not 0 to 13")))?;
                        state.foundations[suit_index(suit)] = count;
                    }
                }
                number => {
                    let i: usize = number
                        .parse()
                        .ok()
                        .filter(|i| (1..=p.columns).contains(i))
                        .ok_or_else(|| {
                            at(format!(
                                "'{head}' is neither Deal, Cells, Foundations nor a column 1 to {}",
                                p.columns
                            ))
                        })?;
                    if seen_columns[i - 1] {
                        return Err(at(format!("column {i} is listed twice")));
                    }
                    seen_columns[i - 1] = true;
                    state.columns[i - 1] =
                        words.iter().map(|w| card(w)).collect::<Result<_, _>>()?;
                }
            }
        }
        if !self.is_whole(&state) {
            return Err(
                "the position must hold every card of the pack exactly once, on the \
                        table, in the cells or on the foundations"
                    .to_string(),
            );
        }
        Ok(state)
    }
}
