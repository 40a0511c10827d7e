//! What the player sees: the stock, the waste and the foundations above the seven columns, the
//! status items, and the rules text of the help overlay.

use crate::rules::Rules;
use crate::state::{Pile, State};
use felt_core::{
    Card, CardFace, DrawHint, PileRole, PileView, Place, ScoreTable, Seat, Suit, TableView,
};
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
                place: Place::at(1 + u8::from(face_up), i as u8),
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
        // A stock dealt face up (Thoughtful) shows every card in the order they come: a row
        // of its own across the top, the next card to turn whole at its right end; the
        // waste and the foundations keep their places over the columns, a row lower.
        let (stock_hint, top) = if face_up {
            (DrawHint::FanRight, 1)
        } else {
            (DrawHint::Stacked, 0)
        };
        piles.push(PileView {
            id: Pile::Stock.id(),
            role: PileRole::Stock,
            label: "stock".into(),
            hint: stock_hint,
            place: Place::at(0, 0),
            cards: state.stock.iter().map(|&c| hidden(c)).collect(),
            note: stock_note,
        });
        piles.push(PileView {
            id: Pile::Waste.id(),
            role: PileRole::Waste,
            label: "waste".into(),
            hint: self.waste_hint(),
            place: Place::at(top, 1),
            // Every waste card was seen when it was turned: they stay known (face up).
            cards: state.waste.iter().map(|&c| CardFace::Up(c)).collect(),
            note: None,
        });
        for (i, &suit) in Suit::ALL.iter().enumerate() {
            piles.push(foundation::pile_view(
                Pile::Foundation(i).id(),
                suit,
                state.foundations[i],
                Place::at(top, 3 + i as u8),
            ));
        }
        let mut status = Vec::new();
        if let Some(score) = score {
            status.push(item("score", "Score", score.to_string()));
        }
        status.push(item("moves", "Moves", state.moves.to_string()));
        status.push(item("stock", "Stock", state.stock.len().to_string()));
        // The pass through the stock the player is on, out of how many the variant allows:
        // "Pass 1/1" says plainly that the stock is gone through once (Vegas), where
        // "0 passes left" read as none at all.
        let pass = state.recycles + 1;
        status.push(item(
            "pass",
            "Pass",
            match self.params.passes {
                Some(n) => format!("{pass}/{n}"),
                None => pass.to_string(),
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

    /// The rules text of the help overlay, for this variant's settings and scoring table.
    pub fn help(&self, scoring: Option<&ScoreTable>) -> Vec<String> {
        let p = &self.params;
        let passes = match p.passes {
            None => "An empty stock takes the waste back, turned over, as often as you like."
                .to_string(),
            Some(1) => "The stock is gone through once only: the waste is never turned back \
                        over."
                .to_string(),
            Some(n) => format!(
                "An empty stock takes the waste back, turned over: you go through the stock \
                 {n} times in all."
            ),
        };
        let mut help = vec![
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
                "Drawing from the stock turns {} onto the waste; the waste's top card may be \
                 played. {passes}",
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
            self.foundation_help(),
        ];
        if let Some(table) = scoring.filter(|t| t.shows_score) {
            help.push(self.score_help(table));
        }
        help
    }

    /// What the help says of the foundations: cards coming back, cards going up unasked.
    fn foundation_help(&self) -> String {
        let p = &self.params;
        match (p.foundation_return, p.auto) {
            (true, true) => "A foundation's top card may come back to a column. Cards no \
                                 card in play could still want go up by themselves."
                .to_string(),
            (true, false) => "A foundation's top card may come back to a column.".to_string(),
            (false, true) => "Cards on the foundations stay there. Cards no card in play \
                                  could still want go up by themselves."
                .to_string(),
            (false, false) => "Cards on the foundations stay there.".to_string(),
        }
    }

    /// The scoring table in words (KL-SCORE): what each event earns, where the score starts
    /// and, for a running total (Vegas), that the games add up.
    fn score_help(&self, table: &ScoreTable) -> String {
        let recycle = if self.params.draw == 1 {
            "recycle-1"
        } else {
            "recycle-3"
        };
        let named = [
            ("foundation", "a card to a foundation"),
            ("waste-tableau", "the waste's card to a column"),
            ("turn", "a card turned up"),
            ("foundation-tableau", "a card taken back from a foundation"),
            (recycle, "the waste turned back over"),
        ];
        let parts: Vec<String> = named
            .iter()
            .filter_map(|(event, words)| {
                let p = table.points(event, 1);
                let sign = if p > 0 { "+" } else { "−" };
                (p != 0).then(|| format!("{words} {sign}{}", p.abs()))
            })
            .collect();
        let start = if table.start < 0 {
            format!("−{}", table.start.unsigned_abs())
        } else {
            table.start.to_string()
        };
        let mut text = if table.start < 0 {
            format!(
                "{} scoring: each game costs {} (the score starts at {start})",
                table.name,
                table.start.unsigned_abs()
            )
        } else {
            format!("{} scoring: the score starts at {start}", table.name)
        };
        if !parts.is_empty() {
            text.push_str(&format!("; {}", parts.join(", ")));
        }
        match table.floor {
            Some(floor) => text.push_str(&format!("; it never goes below {floor}.")),
            None if table.start < 0 => text.push_str(": a lost game loses money."),
            None => text.push('.'),
        }
        if table.running_total {
            text.push_str(
                " The scores of every game of this variant add up to a running total, which \
                 the status bar shows as a deal opens and the statistics keep.",
            );
        }
        text
    }
}
