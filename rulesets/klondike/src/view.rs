//! What the player sees: the stock, the waste and the foundations above the seven columns, the
//! status items, and the rules text of the help overlay.

use crate::rules::Rules;
use crate::state::{Pile, State};
use felt_core::{Card, CardFace, DrawHint, PileRole, PileView, Place, Seat, Suit, TableView};
use felt_patience::{foundation, status::item};

impl Rules {
    /// How the waste is drawn: its top cards fanned across, as many as one turn brings. It
    /// takes two places of the top row under either draw, so the stock stands over column 1,
    /// the waste over columns 2 and 3, and the foundations over columns 4 to 7.
    pub fn waste_hint(&self) -> DrawHint {
        DrawHint::FanLast(self.params.draw as u8)
    }

    /// The table: row 0 holds the stock, the waste and the foundations, row 1 the columns.
    /// Unturned cards show only under `face_up` (KL-DEAL); the stock's order shows only then.
    pub fn table_view(&self, state: &State, seat: Seat, score: Option<i64>) -> TableView {
        let face_up = self.params.face_up;
        let hidden = |c: Card| {
            if face_up {
                CardFace::Up(c)
            } else {
                CardFace::Down
            }
        };
        let mut piles = Vec::with_capacity(crate::state::PILES);
        for (i, col) in state.columns.iter().enumerate() {
            piles.push(PileView {
                id: Pile::Column(i).id(),
                role: PileRole::Tableau,
                label: (i + 1).to_string(),
                hint: DrawHint::FanDown,
                place: Place {
                    row: 1,
                    col: i as u8,
                },
                cards: col
                    .cards
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| {
                        if k < col.down {
                            hidden(c)
                        } else {
                            CardFace::Up(c)
                        }
                    })
                    .collect(),
                note: None,
            });
        }
        let stock_note = if state.stock.is_empty() && !state.waste.is_empty() {
            // An empty stock says whether dealing from it turns the waste over again.
            Some(
                if self.may_recycle(state) {
                    "↺"
                } else {
                    "✕"
                }
                .to_string(),
            )
        } else {
            None
        };
        piles.push(PileView {
            id: Pile::Stock.id(),
            role: PileRole::Stock,
            label: "stock".into(),
            hint: DrawHint::Stacked,
            place: Place { row: 0, col: 0 },
            cards: state.stock.iter().map(|&c| hidden(c)).collect(),
            note: stock_note,
        });
        piles.push(PileView {
            id: Pile::Waste.id(),
            role: PileRole::Waste,
            label: "waste".into(),
            hint: self.waste_hint(),
            place: Place { row: 0, col: 1 },
            // Every waste card was seen when it was turned: they stay known (face up).
            cards: state.waste.iter().map(|&c| CardFace::Up(c)).collect(),
            note: None,
        });
        for (i, &suit) in Suit::ALL.iter().enumerate() {
            piles.push(foundation::pile_view(
                Pile::Foundation(i).id(),
                suit,
                state.foundations[i],
                Place {
                    row: 0,
                    col: 2 + i as u8,
                },
            ));
        }
        let mut status = Vec::new();
        if let Some(score) = score {
            status.push(item("score", "Score", score.to_string()));
        }
        status.push(item("moves", "Moves", state.moves.to_string()));
        status.push(item("stock", "Stock", state.stock.len().to_string()));
        status.push(item(
            "passes",
            "Passes left",
            match self.passes_left(state) {
                Some(n) => n.to_string(),
                None => "∞".into(),
            },
        ));
        status.push(item("cards", "Up", format!("{}/52", state.cards_up())));
        TableView {
            seat,
            piles,
            status,
            prompt: None,
            messages: state.news.clone(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }

    /// The rules text of the help overlay, for this variant's settings.
    pub fn help(&self) -> Vec<String> {
        let p = &self.params;
        let passes = match p.passes {
            None => "as often as you like".to_string(),
            Some(1) => "once only: there is no second pass".to_string(),
            Some(n) => format!("{n} times in all"),
        };
        vec![
            format!(
                "Seven columns of one to seven cards, the last card of each face up{}; the other \
                 24 cards are the stock. Build the four foundations up by suit from the Ace to \
                 the King to win.",
                if p.face_up {
                    " (every card is shown: Thoughtful)"
                } else {
                    ""
                }
            ),
            format!(
                "Dealing from the stock turns {} onto the waste; the waste's top card may be \
                 played. An empty stock takes the waste back, turned over: you go through the \
                 stock {passes}.",
                if p.draw == 1 {
                    "one card".to_string()
                } else {
                    format!("{} cards", p.draw)
                }
            ),
            "A card goes on the last card of a column when it is one rank lower and of the \
             other colour. Any turned-up card moves with the cards on it when its first card \
             fits. An empty column takes only a King, or a group led by one. A card left face \
             down at the end of a column turns up."
                .to_string(),
            match (p.foundation_return, p.auto) {
                (true, true) => "A foundation's top card may come back to a column. Cards no \
                                 card in play could still want go up by themselves."
                    .to_string(),
                (true, false) => "A foundation's top card may come back to a column.".to_string(),
                (false, true) => "Cards on the foundations stay there. Cards no card in play \
                                  could still want go up by themselves."
                    .to_string(),
                (false, false) => "Cards on the foundations stay there.".to_string(),
            },
        ]
    }
}
