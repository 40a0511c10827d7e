//! Deals folded into the move they lead to, for the quick search of [`super::runs`].
//!
//! Dealing from a stock to a waste only changes which card the waste shows, so a plain
//! search stores a table for every card the stock can bring up, each with every move of the
//! columns made again on top of it. A folded step instead deals as many times as it takes
//! and then plays the waste's top card: from a table, the steps are every move but the deal,
//! then, for each number of deals up to a round of the stock (once turned over at most), every
//! move of the card those deals show, and the dealt table itself when the deals sent cards
//! anywhere but the waste (an automatic move). Each step is the ruleset's own actions in a
//! row, so a line of steps is a line the ruleset plays.
//!
//! Folding leaves lines out: a deal followed by a move of the columns rather than of the
//! waste's top, a turn of the stock taken twice in one step. A search over folded steps finds
//! wins the plain one would, often far sooner, but when it has no step left it has proven
//! nothing: only a search of every legal action may call a game lost (module docs of
//! [`super`]), and [`super::runs::portfolio`] keeps one running beside it.

use crate::play::{deal, Play, State};
use crate::vocabulary::{Redeal, StockDeal};
use felt_core::{Action, Event};

/// Whether `play`'s game has deals worth folding: a stock dealt onto a waste and turned over
/// as it was (a gather deals the columns anew, which is no waste's card) without end. Where
/// the passes are counted, or there is one, each deal buries the waste's top for good, a
/// commitment better weighed one deal at a time: paired on deals 1..=10 at 1 s, folding in
/// those games left 87 of 110 undecided against 51 (Gargantua 1 against 10, American Toad 0
/// against 10), where in the four games dealt without end it left 3 of 40 against 8.
pub(super) fn folds(play: &Play) -> bool {
    play.game.stock.is_some_and(|s| {
        s.deal == StockDeal::Waste && s.redeal != Redeal::Gather && s.redeals.is_none()
    })
}

/// The deals of one folded step, made one at a time from the table expanded.
pub(super) struct Fold {
    /// The table after the deals so far.
    pub(super) dealt: State,
    /// The deals made so far.
    pub(super) deals: u8,
    /// The moves of the waste's top card in `dealt` still to be made, the first listed last.
    pub(super) moves: Vec<Action>,
    /// Whether `dealt` itself is still to be made a child: the last deal moved cards.
    pub(super) moved: bool,
    events: Vec<Event>,
    /// The stock's and the waste's sizes at the start: when the deals come back to them
    /// after a turn of the stock, the round is closed.
    start: (usize, usize),
    /// Whether the stock has been turned over in this step.
    turned: bool,
    /// The cards outside the stock and the waste, whose change says the deals moved one.
    placed: usize,
}

impl Fold {
    /// Room for folding deals in `start`'s game.
    pub(super) fn new(start: &State) -> Fold {
        Fold {
            dealt: start.clone(),
            deals: 0,
            moves: Vec::new(),
            moved: false,
            events: Vec::new(),
            start: (0, 0),
            turned: false,
            placed: 0,
        }
    }

    /// Starts a step from `from`.
    pub(super) fn begin(&mut self, from: &State) {
        self.dealt.copy_from(from);
        self.deals = 0;
        self.start = (from.stock.len(), from.waste.len());
        self.turned = false;
        self.placed = placed(from);
        self.moves.clear();
        self.moved = false;
    }

    /// Deals once more, listing in `moves` what `list` lists of the table it leads to (the
    /// moves of the card it shows, or, in a closed round, every move but the deal), and
    /// setting `moved` where this deal moved cards beyond the waste, so that the dealt table
    /// is a step's end of its own: `None` when the step's deals are over (no deal is legal, a
    /// second turn of the stock would come, or the round is back where it began).
    pub(super) fn next(
        &mut self,
        play: &Play,
        list: impl FnOnce(&State, &mut Vec<Action>),
    ) -> Option<()> {
        if self.deals == u8::MAX || !play.can_deal(&self.dealt) {
            return None;
        }
        if self.dealt.stock.is_empty() {
            if self.turned {
                return None;
            }
            self.turned = true;
        }
        self.events.clear();
        play.perform_into(&mut self.dealt, &deal(play), &mut self.events);
        self.deals += 1;
        if self.turned && (self.dealt.stock.len(), self.dealt.waste.len()) == self.start {
            return None;
        }
        let now = placed(&self.dealt);
        self.moved = now != self.placed;
        self.placed = now;
        self.moves.clear();
        list(&self.dealt, &mut self.moves);
        self.moves.reverse();
        Some(())
    }
}

/// The cards on the foundations and in the columns.
fn placed(s: &State) -> usize {
    s.foundations.iter().map(Vec::len).sum::<usize>()
        + s.columns.iter().map(|c| c.cards.len()).sum::<usize>()
}
