//! The depth-first search ([`DepthFirst`]): a child of the table expanded last next.

use super::*;

/// A child waiting in a frame of [`DepthFirst`]: its estimate, the deals folded into its
/// step, the action that ends it, the table, where that action laid its group if it was
/// plain (rule 11), and its fingerprint.
type Waiting = (i32, u8, Action, Packed, Landing, u128);

/// The depth-first search for a win ([`Mode::Solve`]).
pub struct DepthFirst<'s, 'e> {
    searcher: &'s Searcher<'e>,
    seen: Table,
    /// The children of each table on the path, nearest last, not yet tried.
    frames: Vec<Vec<Waiting>>,
    /// The steps from the start to the table expanded last: deals, then an action.
    path: Vec<(u8, Action)>,
    /// Children waiting in the frames.
    waiting: usize,
    /// The bytes one waiting child holds.
    entry_bytes: usize,
    /// Whether `table` is still to be expanded.
    expand: bool,
    /// Where the plain move that led to `table` laid its group (rule 11).
    landing: Landing,
    /// Whether `table`'s one child tried is forced (rules 12 and 13).
    forced: bool,
    /// The fingerprint of `table`.
    key: u128,
    legal: Vec<Action>,
    /// The table expanded, reused from one to the next.
    table: State,
    maker: Maker,
    /// Whether the search folds deals ([`super::fold`]): a quick search, which proves nothing.
    folding: bool,
    /// The room deals are folded in.
    fold: Fold,
    /// The flags of the tables it leaves to the other search of a portfolio: those the
    /// best-first one has expanded ([`Step::Covered`]).
    skip: u8,
    /// Its flag in `seen`.
    mine: u8,
    /// Whether it tries children in [`Searcher::order`], digging for the next cards up,
    /// rather than by [`Searcher::distance`].
    digs: bool,
}

impl<'s, 'e> DepthFirst<'s, 'e> {
    /// A search from `start`, nothing expanded yet, folding deals when `fold`.
    pub fn new(searcher: &'s Searcher<'e>, start: &State, fold: bool) -> DepthFirst<'s, 'e> {
        DepthFirst::with_seen(searcher, start, fold, None)
    }

    /// As [`DepthFirst::new`], storing its tables in `seen` where given, the table of
    /// keys it keeps with another search.
    pub(super) fn with_seen(
        searcher: &'s Searcher<'e>,
        start: &State,
        fold: bool,
        seen: Option<&Table>,
    ) -> DepthFirst<'s, 'e> {
        let play = searcher.play;
        let mut run = DepthFirst {
            searcher,
            seen: seen.cloned().unwrap_or_else(Seen::new),
            frames: Vec::new(),
            path: Vec::new(),
            waiting: 0,
            entry_bytes: size_of::<Waiting>() + packed_bytes(play, start),
            expand: true,
            landing: None,
            forced: false,
            key: 0,
            legal: Vec::with_capacity(64),
            table: start.clone(),
            maker: Maker::new(start),
            folding: fold,
            fold: Fold::new(start),
            // A quick search leaves nothing to the other: it proves nothing either way.
            skip: if seen.is_some() && !fold { OPENED } else { 0 },
            mine: DEEP,
            digs: false,
        };
        run.maker.store(searcher, &run.seen, (DEEP, 0), true);
        run.key = run.maker.stored;
        run
    }

    /// Makes it leave alone the tables the other depth-first search of a portfolio has
    /// expanded, and mark those it expands ([`DONE`]), where it searches every legal action.
    pub(super) fn share(&mut self) {
        if self.skip != 0 {
            self.skip |= DONE;
        }
    }

    /// Makes it the portfolio's digging search: its flag `mine`, and children tried in
    /// [`Searcher::order`]. Called before it has expanded anything.
    pub(super) fn dig(&mut self, mine: u8) {
        self.mine = mine;
        self.digs = true;
        self.maker.store(self.searcher, &self.seen, (mine, 0), true);
    }

    /// Tables stored (by both searches, where they share them).
    pub fn states(&self) -> u64 {
        self.seen.borrow().len()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.seen.borrow().bytes() + self.own_bytes()
    }

    /// Bytes held but by the stored keys.
    pub(super) fn own_bytes(&self) -> usize {
        self.waiting * self.entry_bytes
    }

    /// As [`BestFirst::resume`].
    pub fn resume(&mut self, turn: &mut Turn<'_, '_>) -> Step {
        while self.states() < turn.pause_at {
            if self.expand {
                if let Some(step) = self.expand_table(turn) {
                    return step;
                }
            }
            let Some(frame) = self.frames.last_mut() else {
                if self.folding {
                    return Step::Spent;
                }
                if self.skip != 0 {
                    return Step::Covered;
                }
                return Step::Done(Found::Exhausted);
            };
            match frame.pop() {
                Some((_, deals, action, packed, landing, key)) => {
                    self.waiting -= 1;
                    self.path.push((deals, action));
                    packed.unpack_into(&mut self.table);
                    self.landing = landing;
                    self.key = key;
                    self.expand = true;
                }
                None => {
                    self.frames.pop();
                    self.path.pop();
                    self.expand = false;
                }
            }
        }
        Step::Paused
    }

    /// Makes the children of `table` and puts them on the path as a new frame, nearest last.
    fn expand_table(&mut self, turn: &mut Turn<'_, '_>) -> Option<Step> {
        let searcher = self.searcher;
        if self.skip & DONE != 0 {
            // Its slot is marked once its children are made: fetched meanwhile.
            self.seen.borrow().keys.prefetch(self.key);
        }
        let mut legal = std::mem::take(&mut self.legal);
        legal.clear();
        searcher.legal(&self.table, &mut legal);
        // Rules 12 and 13: a card that goes up first, or is laid first on a card that never
        // moves, is the one move tried.
        self.forced = !self.folding && searcher.force(&self.table, &mut legal);
        if !self.folding && !self.forced {
            // Rule 14: runs carried through the cells and spaces in one step.
            searcher.carried(&self.table, &mut legal);
        }
        let mut children = Vec::with_capacity(legal.len());
        let answer = self.make_children(&mut legal, &mut children, turn);
        self.legal = legal;
        if answer.is_some() {
            return answer;
        }
        if self.skip & DONE != 0 {
            // Every child is stored: the other depth-first search may leave it alone.
            self.seen.borrow_mut().mark(self.key, DONE);
        }
        // Tried from the end: the nearest last, ties in the order they are listed.
        children.sort_by_key(|c| std::cmp::Reverse(c.0));
        self.waiting += children.len();
        self.frames.push(children);
        self.expand = false;
        None
    }

    /// The children `legal` leads to from `table` (and, folding, the deals' steps) that are
    /// not stored yet, stored, into `children`; or the answer, if one wins or the limits stop
    /// the search.
    fn make_children(
        &mut self,
        legal: &mut Vec<Action>,
        children: &mut Vec<Waiting>,
        turn: &mut Turn<'_, '_>,
    ) -> Option<Step> {
        let searcher = self.searcher;
        let play = searcher.play;
        let round = !self.folding && searcher.closed(&self.table);
        let mut dealt = false;
        // Rule 11: the group a plain move just laid is not moved again (not in a closed
        // round, whose other tables' moves are made from here too).
        let landing = if round { None } else { self.landing };
        // Made ahead, then stored in the same order (Maker::play_ahead).
        self.maker.start_ahead();
        let solving = (searcher, &self.seen, true);
        for action in legal.drain(..) {
            if (self.folding || round) && matches!(action, Action::Deal { .. }) {
                dealt = true;
                continue;
            }
            if moves_again(landing, &action) {
                continue;
            }
            if self.maker.play_ahead(solving, &self.table, action).1 {
                break;
            }
        }
        let mut answer = None;
        for i in 0..self.maker.made_ahead() {
            let (action, won) = self.maker.take_ahead(i);
            answer = self.child(0, action, won, children, turn);
            if answer.is_some() {
                break;
            }
        }
        if answer.is_some() || !dealt {
            return answer;
        }
        self.fold.begin(&self.table);
        let mut answer = None;
        // A quick search plays only the cards the deals show; a closed round's tables all
        // share its key, so a search of every action plays every move from each.
        let mut listing = |s: &State, out: &mut Vec<Action>| list(searcher, round, s, out);
        while let Some((deals, action, won)) =
            self.maker.next_folded(play, &mut self.fold, &mut listing)
        {
            answer = self.child(deals, action, won, children, turn);
            if answer.is_some() {
                break;
            }
        }
        answer
    }

    /// Stores the child in the maker, which `deals` then `action` led to from `table`, `won`
    /// or not, into `children` if it is new; or the answer, if it wins or the limits stop the
    /// search.
    fn child(
        &mut self,
        deals: u8,
        action: Action,
        won: bool,
        children: &mut Vec<Waiting>,
        turn: &mut Turn<'_, '_>,
    ) -> Option<Step> {
        let searcher = self.searcher;
        let play = searcher.play;
        if won {
            let mut way = Vec::new();
            for (deals, action) in std::mem::take(&mut self.path) {
                push_step(play, &mut way, deals, action);
            }
            push_step(play, &mut way, deals, action);
            return Some(Step::Done(Found::Won(way)));
        }
        if !self
            .maker
            .store(searcher, &self.seen, (self.mine, self.skip), true)
        {
            return None;
        }
        if searcher.hopeless(&self.maker.next) {
            // Rule 9: no line from it wins; stored, so that it is not weighed again.
            return None;
        }
        let waiting = self.waiting + children.len();
        let stop = turn.stop(self.states(), || {
            self.seen.borrow().bytes() + waiting * self.entry_bytes
        });
        if let Some(stopped) = stop {
            return Some(Step::Done(Found::Stopped(stopped)));
        }
        // Rule 11 counts on the table before being expanded whole: not a forced one's.
        let landing = if deals == 0 && !self.forced {
            searcher.landing(&self.table, &self.maker.next, &action)
        } else {
            None
        };
        children.push((
            if self.digs {
                searcher.order(&self.maker.next)
            } else {
                searcher.distance(&self.maker.next)
            },
            deals,
            action,
            self.maker.packed(),
            landing,
            self.maker.stored,
        ));
        None
    }
}
