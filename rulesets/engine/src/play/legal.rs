//! Every action a table allows, listed for the player (`legal`) and for the solver, which
//! tries a group on one empty pile of each kind only (`legal_distinct`). The checks are the
//! ones `check` makes (`grip` and `check_onto`), read once a pile rather than once an action.

use super::*;

impl Play {
    /// Every legal action, the stock first.
    pub fn legal(&self, state: &State, out: &mut Vec<felt_core::Action>) {
        self.legal_moves(state, out, false, false, false);
    }

    /// The legal actions but those that lead to the same table as one listed before it up to
    /// the order of the piles: a group goes to the first empty column, the first empty cell
    /// and the first empty foundation that could take it, never to the second. Only for a
    /// search whose keys take that order out (the solver's rule 2, module docs of
    /// [`crate::solver`]), where the tables these would lead to are ones it stores once anyway.
    /// Where [`Play::home_runs_hold`], it also leaves out a home run's top card moved into a
    /// cell, a move no shortest winning line makes (the solver's rule 8).
    pub fn legal_distinct(&self, state: &State, out: &mut Vec<felt_core::Action>) {
        self.legal_moves(state, out, true, false, false);
    }

    /// [`Play::legal_distinct`] without the moves that only put a pile's cards into an empty
    /// pile of the same kind: a cell's card into an empty cell, or a whole column of face-up
    /// cards into an empty column, where empty columns do not fill by themselves. From a
    /// table nothing follows in by itself (`settle` leaves it as it is, as it leaves every
    /// table an action leads to), such a move leads to the table it left up to the order of
    /// the piles, which the solver's rule 2 keys as that table: a search that has stored the
    /// table loses nothing by not making the move (module docs of [`crate::solver`]).
    pub fn legal_distinct_settled(&self, state: &State, out: &mut Vec<felt_core::Action>) {
        self.legal_moves(state, out, true, false, true);
    }

    /// The legal moves of the waste's top card alone, as [`Play::legal_distinct`] lists them:
    /// what a deal folded into the move it leads to may be followed by (the solver's quick
    /// search, [`crate::solver`]).
    pub fn legal_from_waste(&self, state: &State, out: &mut Vec<felt_core::Action>) {
        self.legal_moves(state, out, true, true, false);
    }

    /// Whether the stock may be dealt (or the waste turned over) in `state`.
    pub fn can_deal(&self, state: &State) -> bool {
        self.shaped(state) && self.check_deal(state).is_ok()
    }

    fn legal_moves(
        &self,
        state: &State,
        out: &mut Vec<felt_core::Action>,
        distinct: bool,
        waste_only: bool,
        same: bool,
    ) {
        if !self.shaped(state) {
            return;
        }
        if !waste_only && self.check_deal(state).is_ok() && self.check(state, &deal(self)).is_ok() {
            out.push(deal(self));
        }
        // Each pile and card a move may start from, in the order the actions are listed: the
        // columns' face-up cards, the cells, the waste's top, the reserve, the foundations.
        // A column's groups are read from the top down once (`movable_from`), rather than
        // each checked card by card: the solver asks this of every table it makes.
        let columns = state
            .columns
            .iter()
            .enumerate()
            .filter(|&(i, _)| !waste_only && !self.covered(state, i))
            .flat_map(|(i, column)| {
                (self.movable_from(column)..column.cards.len()).map(move |k| (Pile::Column(i), k))
            });
        let cells = (0..state.cells.len())
            .filter(|&i| !waste_only && state.cells[i].is_some())
            .map(|i| (Pile::Cell(i), 0));
        let waste = state.waste.len().checked_sub(1).map(|k| (Pile::Waste, k));
        let top_only = self.game.reserve_shape.top_only();
        let reserve = state
            .reserve
            .iter()
            .enumerate()
            .filter(|_| !waste_only)
            .flat_map(move |(r, pile)| {
                let from = if top_only {
                    pile.len().saturating_sub(1)
                } else {
                    0
                };
                (from..pile.len()).map(move |k| (Pile::Reserve(r), k))
            });
        let back = self.game.foundations.back;
        let foundations = (0..state.foundations.len())
            .filter(move |&i| back && !waste_only && !state.foundations[i].is_empty())
            .map(|i| (Pile::Foundation(i), state.foundations[i].len() - 1));
        let froms = columns
            .chain(cells)
            .chain(waste)
            .chain(reserve)
            .chain(foundations);
        // The piles a move may go to: the columns, the foundations, the empty cells.
        let targets = (0..state.columns.len())
            .map(Pile::Column)
            .chain((0..state.foundations.len()).map(Pile::Foundation))
            .chain(
                (0..state.cells.len())
                    .filter(|&i| state.cells[i].is_none())
                    .map(Pile::Cell),
            );
        let empty = |to: Pile| match to {
            Pile::Column(i) => state.columns[i].cards.is_empty(),
            Pile::Cell(i) => state.cells[i].is_none(),
            Pile::Foundation(i) => state.foundations[i].is_empty(),
            Pile::Reserve(_) | Pile::Stock | Pile::Waste => false,
        };
        // A column's groups from `movable_from` on are ones `grip` takes, but where only a
        // whole pile moves: read in place, without checking the run again card by card for
        // each card it starts from.
        let in_place = self.game.group != Group::Pile;
        // Which columns each card may go on by the build rule, as bits by column, by the
        // card's byte, and which columns are empty: read once a table, so that a group is
        // offered only to the columns that could take it, in the same order as the loop over
        // every column would (up to 64 columns; more take that loop).
        let columns = state.columns.len();
        let narrow = columns <= 64;
        let mut onto = [0u64; 64];
        let mut empties = 0u64;
        if narrow {
            for (i, column) in state.columns.iter().enumerate() {
                match column.cards.last() {
                    Some(&top) => {
                        let mut row = self.follows.build.row(top);
                        while row != 0 {
                            onto[row.trailing_zeros() as usize] |= 1 << i;
                            row &= row - 1;
                        }
                    }
                    // An empty column that takes nothing (`empty = "none"`: Golf's, Tri
                    // Peaks') is no target: `check_onto` would refuse every card.
                    None if self.game.empty != Empty::None => empties |= 1 << i,
                    None => {}
                }
            }
        }
        // The cards some foundation takes (`wanted`), or every card while the base is still
        // to be chosen, when any card may be the first up.
        let up = if self.choosing(state) {
            u64::MAX
        } else {
            self.wanted(state)
        };
        // The moves `same` leaves out ([`Play::legal_distinct_settled`]).
        let fills = self.fills_itself();
        // The columns that are home runs (`home_run`), by bit: their top card goes to no
        // cell in a solver's listing (`distinct`, rule 8).
        let mut home = 0u64;
        if distinct && self.home_runs && narrow {
            for (i, column) in state.columns.iter().enumerate() {
                if home_run(column) {
                    home |= 1 << i;
                }
            }
        }
        let same_table = |from: Pile, index: usize, to: Pile| match (from, to) {
            (Pile::Cell(_), Pile::Cell(_)) => true,
            (Pile::Column(i), Pile::Column(_)) => {
                index == 0 && state.columns[i].down == 0 && !fills
            }
            _ => false,
        };
        for (from, index) in froms {
            let cards = match from {
                Pile::Column(i) if in_place => &state.columns[i].cards[index..],
                _ => match self.grip(state, from, index) {
                    Ok(cards) => cards,
                    Err(_) => continue,
                },
            };
            // Empty piles of one kind take a group alike: one of each is tried (`distinct`).
            let mut tried = [false; 3];
            let mut consider = |to: Pile| {
                // A cell and a foundation take one card at a time (`check_onto`).
                if cards.len() > 1 && !matches!(to, Pile::Column(_)) {
                    return;
                }
                // A card no foundation wants goes up on none: one bit read, where the whole
                // check of each foundation was most of what a table's listing cost in
                // FreeCell's relatives.
                if matches!(to, Pile::Foundation(_)) && up >> (cards[0].to_byte() & 63) & 1 == 0 {
                    return;
                }
                if same && empty(to) && same_table(from, index, to) {
                    return;
                }
                if let (Pile::Column(i), Pile::Cell(_)) = (from, to) {
                    if home >> i & 1 != 0 {
                        return;
                    }
                }
                if distinct && empty(to) {
                    let kind = match to {
                        Pile::Column(_) => 0,
                        Pile::Cell(_) => 1,
                        _ => 2,
                    };
                    if std::mem::replace(&mut tried[kind], true) {
                        return;
                    }
                }
                // The build rule first, read in place: it turns away most columns, and the
                // whole check (`check_onto`, which reads it first too) is for the rest.
                if let Pile::Column(i) = to {
                    if let Some(&top) = state.columns[i].cards.last() {
                        if !self.follows.build.follows(top, cards[0]) {
                            return;
                        }
                    }
                }
                if to != from && self.check_onto(state, from, cards, to).is_ok() {
                    out.push(felt_core::Action::Move {
                        from: self.ids.id(from),
                        index: index as u16,
                        to: self.ids.id(to),
                    });
                }
            };
            if narrow {
                let mut takers = onto[usize::from(cards[0].to_byte() & 63)] | empties;
                while takers != 0 {
                    consider(Pile::Column(takers.trailing_zeros() as usize));
                    takers &= takers - 1;
                }
                if cards.len() == 1 {
                    // The foundations only for a card one wants, and of the empty cells only
                    // the first where they are alike (`distinct`): the rest would each be
                    // turned away by `consider`, one call at a time.
                    if up >> (cards[0].to_byte() & 63) & 1 != 0 {
                        (0..state.foundations.len())
                            .map(Pile::Foundation)
                            .for_each(&mut consider);
                    }
                    for i in 0..state.cells.len() {
                        if state.cells[i].is_none() {
                            consider(Pile::Cell(i));
                            if distinct {
                                break;
                            }
                        }
                    }
                }
            } else {
                targets.clone().for_each(&mut consider);
            }
        }
    }

    /// The first card of `column` from which a group may be lifted: every later card starts
    /// one too, and no earlier card does, except where the game moves single cards or whole
    /// piles (there [`Play::grip`] refuses the rest and `legal` skips them).
    fn movable_from(&self, column: &crate::deal::Column) -> usize {
        let cards = &column.cards;
        let top = cards.len().saturating_sub(1).max(column.down);
        match self.game.group {
            Group::Single => top,
            Group::AnyFaceUp => column.down,
            Group::Sequence | Group::Supermove | Group::Pile => {
                // The run from the top down, as far as the group's rule links it.
                let mut k = top;
                while k > column.down && self.follows.group.follows(cards[k - 1], cards[k]) {
                    k -= 1;
                }
                if self.game.group == Group::Pile && k != 0 {
                    // Only the top card alone, or the whole column as one run.
                    top
                } else {
                    k
                }
            }
        }
    }

    /// Whether, in this game, a home run's top card moved into a cell is a move no shortest
    /// winning line makes (the solver's rule 8, module docs of [`crate::solver`]): one pack;
    /// four foundations built up by suit from the Ace, no wrap, no card back, won there;
    /// columns built down by suit without wrap; an empty column takes a King or nothing and
    /// fills only by a move; free cells to leave out; no stock dealt onto the columns or
    /// gathered; nothing sent up but by the safe rule or by hand.
    ///
    /// **Why.** A *home run* (`home_run`) is a column of face-up cards from a King at its
    /// bottom, each card the next lower of its suit, two cards or more. Its top card `c`
    /// (not the King) has nowhere to go but up, a cell and back: the one card it builds on is
    /// the card under it (one pack), and a space takes only a King. Take a shortest winning
    /// line `L` from any table, and suppose it moves such a `c` into a cell; take the last
    /// such move `m` of `L`. After `m` the card under `c`, `c+1`, is the top of its home run
    /// and stays there until `c` moves again: nothing else builds on it, it cannot go up
    /// before `c`, and moving it to a cell would be a later move of the same kind. So `c`'s
    /// next step (a move or the safe rule) takes it up, or back onto `c+1`. Let `L'` be `L`
    /// without `m`, and without `c`'s step back, or with `c` going up from its column
    /// instead of from the cell. Every other step of `L` is legal in `L'` in turn: its tables
    /// differ from `L`'s only by `c` lying on `c+1` rather than in a cell, no step reads that
    /// column (nothing goes on `c+1` but `c`) and one more free cell only lets more through
    /// (a supermove's count); the safe rule sends `c` from either place alike. After `c`'s
    /// step the two lines' tables are the same up to the order of the cells (the solver's
    /// rule 2). So `L'` wins and is shorter than `L`: a shortest winning line makes no such
    /// move, and leaving the move out loses no win. The same exchange keeps every line that
    /// turns a card, the goal of an honest search and of the dead-end check: the home run
    /// holds no face-down card, so whatever `L` turns, `L'` turns at the same step. A lone
    /// King is not a home run: moving it to a cell empties a column another King may want.
    /// (Deals 1..200 of Seahaven Towers, the 199 both decide: 3.70 → 3.16 s of CPU, median
    /// ratio 0.98; the two-cell game with the rule off, 37 lost and 3 won alike.)
    pub fn home_runs_hold(&self) -> bool {
        let g = &self.game;
        let f = &g.foundations;
        g.decks == 1
            && f.count == 4
            && f.base == Base::Rank(1)
            && f.build == Direction::Up
            && f.by == Match::Suit
            && !f.wrap
            && !f.back
            && g.win == Win::Foundations
            && !g.remove_suits
            && g.build == Direction::Down
            && g.build_by == Match::Suit
            && !g.build_wrap
            && matches!(g.empty, Empty::King | Empty::None)
            && g.cells > 0
            && g.stock
                .is_none_or(|s| s.deal == StockDeal::Waste && s.redeal == Redeal::Waste)
            && g.automatic != crate::vocabulary::Automatic::All
    }
}

/// Whether `column` is a home run: every card face up, a King at the bottom and each card on
/// it the next lower of its suit, two cards or more (a King alone may leave its column
/// empty for another, which is not the same game).
pub(crate) fn home_run(column: &crate::deal::Column) -> bool {
    let cards = &column.cards;
    column.down == 0
        && cards.len() >= 2
        && cards[0].rank() == Rank::KING
        && cards
            .windows(2)
            .all(|w| w[1].suit() == w[0].suit() && w[1].rank().number() + 1 == w[0].rank().number())
}
