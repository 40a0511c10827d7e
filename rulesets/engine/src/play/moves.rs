//! Carrying out an action once it is checked: the stock dealt or turned over, cards carried
//! from pile to pile, the score, and what follows by itself until nothing more does (cards
//! turned, full suits leaving, spaces filled, cards sent up).

use super::*;

impl Play {
    pub(super) fn deal_stock(&self, state: &mut State, from: PileId, events: &mut Vec<Event>) {
        let Some(stock) = self.game.stock else {
            return;
        };
        if state.stock.is_empty() && stock.redeal == Redeal::Gather {
            self.gather(state, events);
            return;
        }
        if state.stock.is_empty() {
            // PA-STOCK: the waste turned over is the stock again, its first card on top.
            state.stock = std::mem::take(&mut state.waste);
            state.stock.reverse();
            state.turned = true;
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

    /// Puts `cards` on `to`.
    pub(super) fn put(state: &mut State, to: Pile, cards: &[Card]) {
        match to {
            Pile::Column(i) => state.columns[i].cards.extend_from_slice(cards),
            Pile::Cell(i) => state.cells[i] = cards.first().copied(),
            Pile::Foundation(i) => state.foundations[i].extend_from_slice(cards),
            Pile::Reserve(_) | Pile::Stock | Pile::Waste => {}
        }
    }

    pub(super) fn move_cards(
        &self,
        state: &mut State,
        from: Pile,
        index: usize,
        to: Pile,
        events: &mut Vec<Event>,
    ) {
        if from == to {
            // Never checked legal (PA-MOVE refuses it): nothing to carry.
            return;
        }
        let choosing = self.choosing(state);
        // The cards go straight from one pile to the other, never through a list of their own.
        let count = match from {
            Pile::Column(i) => {
                let mut cards = std::mem::take(&mut state.columns[i].cards);
                let count = cards.len().saturating_sub(index);
                Self::put(state, to, cards.get(index..).unwrap_or_default());
                cards.truncate(index);
                state.columns[i].cards = cards;
                count
            }
            Pile::Cell(i) => {
                let card = state.cells[i].take();
                Self::put(state, to, card.as_slice());
                usize::from(card.is_some())
            }
            Pile::Reserve(i) => {
                let pile = &mut state.reserve[i];
                let card = (index < pile.len()).then(|| pile.remove(index));
                Self::put(state, to, card.as_slice());
                usize::from(card.is_some())
            }
            Pile::Waste => {
                let card = state.waste.pop();
                Self::put(state, to, card.as_slice());
                usize::from(card.is_some())
            }
            Pile::Foundation(i) => {
                let card = state.foundations[i].pop();
                Self::put(state, to, card.as_slice());
                usize::from(card.is_some())
            }
            Pile::Stock => 0,
        };
        let count = count as u16;
        match to {
            Pile::Column(_) => {
                // PA-SCORE: a card brought into play on the columns, or taken back down.
                let event = match from {
                    Pile::Waste => Some("waste-tableau"),
                    Pile::Reserve(_) => Some("reserve-tableau"),
                    Pile::Foundation(_) => Some("foundation-tableau"),
                    _ => None,
                };
                if let Some(event) = event {
                    self.score(state, event, 1);
                }
            }
            Pile::Foundation(i) => {
                // PA-FOUNDATIONS: the player's first card up sets every foundation's base.
                if let Some(first) = state.foundations[i].first().filter(|_| choosing) {
                    state.base = first.rank();
                }
                self.score(state, "foundation", 1)
            }
            Pile::Cell(_) | Pile::Reserve(_) | Pile::Stock | Pile::Waste => {}
        }
        events.push(Event::Moved {
            from: self.ids.id(from),
            to: self.ids.id(to),
            count,
        });
    }

    pub(super) fn score(&self, state: &mut State, event: &str, count: i64) {
        if let Some(table) = &self.scoring {
            state.score = table.add(state.score, event, count);
        }
    }

    /// What follows an action by itself, until nothing more does: a face-down card left last
    /// turns up (PA-TURN; in a covered column only once it is uncovered, PA-COVER), a full
    /// suit leaves (PA-REMOVE), an empty column is filled (PA-EMPTY), and cards go up
    /// (PA-AUTOMATIC).
    pub(super) fn settle(&self, state: &mut State, events: &mut Vec<Event>) {
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

    /// Whether nothing follows by itself in `state`: [`Play::settle`] would leave it as it
    /// is. Every table an action leads to is settled; a table loaded from a file may not be.
    pub(crate) fn settled(&self, state: &State) -> bool {
        let mut after = state.clone();
        self.settle(&mut after, &mut Vec::new());
        after == *state
    }

    pub(super) fn flip(&self, state: &mut State, events: &mut Vec<Event>) {
        for i in 0..state.columns.len() {
            let column = &state.columns[i];
            // PA-COVER: a covered column's card turns up once the cards on it are gone.
            let turns = !column.cards.is_empty()
                && column.down >= column.cards.len()
                && !self.covered(state, i);
            let column = &mut state.columns[i];
            if column.cards.is_empty() {
                column.down = 0;
            } else if turns {
                column.down = column.cards.len() - 1;
                events.push(Event::Flipped {
                    pile: self.ids.id(Pile::Column(i)),
                });
                self.score(state, "turn", 1);
            }
        }
    }

    pub(super) fn remove_suits(&self, state: &mut State, events: &mut Vec<Event>) {
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

    pub(super) fn fill_empty(&self, state: &mut State, events: &mut Vec<Event>) {
        for i in 0..state.columns.len() {
            if !state.columns[i].cards.is_empty() {
                continue;
            }
            let (from, card) = match self.game.empty {
                // The first reserve pile that holds a card, from the left.
                Empty::AutoReserve => match state.reserve.iter().position(|p| !p.is_empty()) {
                    Some(r) => (Pile::Reserve(r), state.reserve[r].pop()),
                    None => (Pile::Reserve(0), None),
                },
                Empty::AutoStock => (Pile::Stock, state.stock.pop()),
                Empty::AutoWaste if state.waste.is_empty() => (Pile::Stock, state.stock.pop()),
                Empty::AutoWaste => (Pile::Waste, state.waste.pop()),
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
}
