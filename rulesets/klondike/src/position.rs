//! A plain text format for positions, so `felt deal` can write a deal out, `--position` can
//! start from one, and `felt solve --position` can solve one:
//!
//! ```text
//! Deal: 617
//! Passes: 0
//! Stock: 5C 9H KD
//! Waste: 2S 7D
//! Foundations: S=1 H=0 D=0 C=0
//! 1: KS
//! 2: 4C | 8S 7H
//! ...
//! ```
//!
//! `Stock` lists the stock in the order its cards are turned (the next one first), `Waste`
//! the waste bottom first (the card that may be played last), `Passes` how many times the
//! waste has been turned back (KL-RECYCLE), `Foundations` the cards on each suit's foundation,
//! and each numbered line a column, bottom card first: the cards before `|` lie face down. A
//! line left out is empty; a position read back must hold every card of the pack exactly
//! once, and a column's last card must lie face up (KL-FLIP would have turned it).

use crate::ruleset::Klondike;
use crate::state::{suit_index, Column, State, COLUMNS};
use felt_core::{Card, Suit};

impl Klondike {
    /// The position as text (see the module).
    pub fn write_position(&self, state: &State) -> String {
        let cards =
            |cs: &mut dyn Iterator<Item = &Card>| cs.map(|c| format!(" {c}")).collect::<String>();
        let mut out = format!(
            "Deal: {}\nPasses: {}\nStock:{}\nWaste:{}\nFoundations:",
            state.seed,
            state.recycles,
            cards(&mut state.stock.iter().rev()),
            cards(&mut state.waste.iter())
        );
        for (i, s) in Suit::ALL.iter().enumerate() {
            out.push_str(&format!(" {}={}", s.letter(), state.foundations[i]));
        }
        out.push('\n');
        for (i, col) in state.columns.iter().enumerate() {
            out.push_str(&format!("{}:", i + 1));
            if col.down > 0 {
                out.push_str(&cards(&mut col.cards[..col.down].iter()));
                out.push_str(" |");
            }
            out.push_str(&cards(&mut col.up().iter()));
            out.push('\n');
        }
        out
    }

    /// A position from text, or what is wrong with it, naming the line.
    pub fn read_position(&self, text: &str) -> Result<State, String> {
        // The deal's score and counters, as a game starts; its cards are replaced below.
        let mut state = self.deal(0);
        state.columns = vec![Column::default(); COLUMNS];
        state.stock.clear();
        state.waste.clear();
        state.foundations = [0; 4];
        state.seed = 0;
        for line in felt_core::text::named_lines(text)? {
            let at = |m: String| line.error(m);
            let (head, rest) = (line.head.as_str(), line.rest);
            let words: Vec<&str> = rest.split_whitespace().collect();
            let cards = |ws: &[&str]| -> Result<Vec<Card>, String> {
                ws.iter()
                    .map(|w| w.parse::<Card>().map_err(|e| at(e.to_string())))
                    .collect()
            };
            match head {
                "deal" => {
                    state.seed = rest
                        .trim()
                        .parse()
                        .map_err(|_| at(format!("'{}' is not a deal number", rest.trim())))?
                }
                "passes" => {
                    state.recycles = rest
                        .trim()
                        .parse()
                        .map_err(|_| at(format!("'{}' is not a number of passes", rest.trim())))?
                }
                "stock" => state.stock = cards(&words)?.into_iter().rev().collect(),
                "waste" => state.waste = cards(&words)?,
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
                    let i: usize = number.parse().ok().filter(|i| (1..=COLUMNS).contains(i)).ok_or_else(|| {
                        at(format!(
                            "'{number}' is neither Deal, Passes, Stock, Waste, Foundations nor a column 1 to {COLUMNS}"
                        ))
                    })?;
                    let (down, up) = match words.iter().position(|w| *w == "|") {
                        Some(bar) => (&words[..bar], &words[bar + 1..]),
                        None => (&words[..0], &words[..]),
                    };
                    if down.len() + up.len() + 1 < words.len() || up.contains(&"|") {
                        return Err(at("a column has one '|' at the most".to_string()));
                    }
                    if up.is_empty() && !down.is_empty() {
                        return Err(at(format!(
                            "column {i} ends face down: its last card lies face up (KL-FLIP)"
                        )));
                    }
                    let mut cs = cards(down)?;
                    cs.extend(cards(up)?);
                    state.columns[i - 1] = Column {
                        cards: cs,
                        down: down.len(),
                    };
                }
            }
        }
        if !self.is_whole(&state) {
            return Err(
                "the position must hold every card of the pack exactly once, in the \
                        columns, the stock, the waste or on the foundations"
                    .to_string(),
            );
        }
        if let Some(p) = self.params().passes {
            if state.recycles >= p {
                let allowed = match p {
                    1 => "one pass".to_string(),
                    n => format!("{n} passes"),
                };
                return Err(format!(
                    "this variant allows {allowed} through the stock, and the position says \
                     the waste was turned back {} times (Passes)",
                    state.recycles
                ));
            }
        }
        Ok(state)
    }
}
