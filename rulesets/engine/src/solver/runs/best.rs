//! The best-first search ([`BestFirst`]): the stored table that looks nearest a win next.

use super::*;
use crate::vocabulary::Group;

/// An item of the open list: a table to expand, or a way on found (the action from its
/// parent that shows a new card).
enum Item {
    /// The table, and where the plain move that led to it laid its group (rule 11).
    Table(Packed, Landing),
    /// The action, and the node of the table it leaves from.
    WayOn(Action, u32),
}

const ROOT: u32 = u32::MAX;

/// What each card under the waste's top adds to a table's distance in an honest search once
/// no redeal is left ([`BestFirst::waste_held`]), as much as a card on one it does not build
/// on: the honest search otherwise saw no cost in dealing a card over one it could play
/// first, and dealt on (Forty Thieves, its whole stock before a card was played). By hints,
/// deals 1..100, with the deal from the start ranked last (`child`): Lucas 33 -> 90 won,
/// Limited 7 -> 42, Fortune's Favor 82 -> 100, Rainbow 0 -> 6, Forty Thieves 0 -> 3, Maria 0
/// -> 2; alone, Lucas 33 -> 48, Limited 7 -> 10. Only the honest search: the solver's own
/// figures were measured without it.
const WASTE_HELD: i32 = 2;

/// The best-first search, in either [`Mode`].
pub struct BestFirst<'s, 'e> {
    searcher: &'s Searcher<'e>,
    mode: Mode,
    seen: Table,
    /// This search's flag in `seen`.
    mine: u8,
    /// Each stored table's parent, the deals folded into its step and the action that ends it.
    nodes: Vec<(u32, u8, Action)>,
    depth: Vec<u16>,
    open: OpenList<Item>,
    /// The bytes one entry of the open list holds.
    entry_bytes: usize,
    legal: Vec<Action>,
    /// Whether the table expanded has one child tried, forced (rules 12 and 13).
    forced: bool,
    /// The table expanded, reused from one to the next.
    here: State,
    maker: Maker,
    /// Whether the search folds deals ([`super::fold`]): a quick search, which proves nothing.
    folding: bool,
    /// The room deals are folded in: a quick search's steps, and a closed round's.
    fold: Fold,
    /// In a closed round, the moves of the table expanded that leave the round open.
    opening: Vec<Action>,
    /// Whether it marks each table it has expanded ([`OPENED`]), for a depth-first search
    /// that leaves those alone.
    marks: bool,
    /// The flags of the tables it leaves alone: those a covering depth-first search expanded
    /// ([`Step::Covered`]).
    skip: u8,
    /// The fingerprint of the table expanded.
    here_key: u128,
    /// Room to fingerprint it in.
    buf: KeyRoom,
    /// In [`Mode::Honest`], the stored table nearest a win by [`Searcher::distance`] and its
    /// node: the start's distance and [`ROOT`] while none is strictly nearer.
    nearest: (i32, u32),
    /// The start's distance.
    start: i32,
    /// Of the stored tables strictly nearer a win than the start by [`Searcher::distance`],
    /// the one of the shortest line (the nearest among those as short): its depth, distance
    /// and node; [`ROOT`] while none is.
    sooner: (u16, i32, u32),
}

impl<'s, 'e> BestFirst<'s, 'e> {
    /// A search from `start`, nothing expanded yet, folding deals when `fold` (and never in
    /// [`Mode::Honest`], whose ways on are single deals).
    pub fn new(
        searcher: &'s Searcher<'e>,
        start: &State,
        mode: Mode,
        fold: bool,
    ) -> BestFirst<'s, 'e> {
        BestFirst::with_seen(searcher, start, mode, fold, None)
    }

    /// As [`BestFirst::new`], storing its tables in `seen` where given, the table of
    /// keys it keeps with another search.
    pub(super) fn with_seen(
        searcher: &'s Searcher<'e>,
        start: &State,
        mode: Mode,
        fold: bool,
        seen: Option<&Table>,
    ) -> BestFirst<'s, 'e> {
        let play = searcher.play;
        let from = searcher.distance(start);
        let mut run = BestFirst {
            searcher,
            mode,
            seen: seen.cloned().unwrap_or_else(Seen::new),
            mine: BEST,
            nodes: Vec::new(),
            depth: Vec::new(),
            open: OpenList::new(),
            entry_bytes: size_of::<Open<Item>>() + packed_bytes(play, start),
            legal: Vec::with_capacity(64),
            forced: false,
            here: start.clone(),
            maker: Maker::new(start),
            folding: fold && mode == Mode::Solve,
            fold: Fold::new(start),
            opening: Vec::new(),
            marks: false,
            skip: 0,
            here_key: 0,
            buf: KeyRoom::default(),
            nearest: (from, ROOT),
            start: from,
            sooner: (u16::MAX, i32::MAX, ROOT),
        };
        run.maker
            .store(searcher, &run.seen, (run.mine, 0), mode == Mode::Solve);
        run.open.push(Open {
            priority: from,
            node: ROOT,
            item: Item::Table(run.maker.packed(), None),
        });
        run
    }

    /// Marks from now on each table it expands, for a depth-first search that leaves them
    /// alone ([`Step::Covered`]).
    pub(super) fn mark_expanded(&mut self) {
        self.marks = true;
    }

    /// Leaves alone from now on the tables whose keys have any of the flags `skip`.
    pub(super) fn skip(&mut self, skip: u8) {
        self.skip |= skip;
    }

    /// Tables stored (by both searches, where they share them).
    pub fn states(&self) -> u64 {
        self.seen.borrow().len()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.seen.borrow().bytes() + self.own_bytes()
    }

    /// What an honest search adds to a table's distance for the cards held under the waste's
    /// top once no redeal is left ([`WASTE_HELD`] each): each must wait for every card over
    /// it to be played, and no turn of the stock frees it.
    fn waste_held(&self, s: &State) -> i32 {
        if self.mode != Mode::Honest || s.redeals != Some(0) {
            return 0;
        }
        WASTE_HELD * i32::try_from(s.waste.len().saturating_sub(1)).unwrap_or(i32::MAX / 4)
    }

    /// The line to the stored table strictly nearer a win than the start by
    /// [`Searcher::distance`] that is the fewest steps away, where one is: what a stopped
    /// [`super::portfolio`] answers as [`Found::Nearer`].
    pub(super) fn sooner(&self) -> Option<Vec<Action>> {
        (self.sooner.2 != ROOT).then(|| line(self.searcher.play, &self.nodes, self.sooner.2))
    }

    /// Bytes held but by the stored keys.
    pub(super) fn own_bytes(&self) -> usize {
        room_bytes(
            self.nodes.len(),
            self.nodes.capacity(),
            size_of::<(u32, u8, Action)>() + 2,
        ) + self.open.bytes(self.entry_bytes)
    }

    /// Goes on until it has an answer, has stored the tables its `turn` allows, or the
    /// turn's limits stop it.
    pub fn resume(&mut self, turn: &mut Turn<'_, '_>) -> Step {
        while self.states() < turn.pause_at {
            let Some(Open { node, item, .. }) = self.open.pop() else {
                if self.folding {
                    return Step::Spent;
                }
                if self.skip & DONE != 0 {
                    // It left alone tables a depth-first search expanded, whose children
                    // that search has still to expand: a loss once both have covered theirs.
                    return Step::Covered;
                }
                return Step::Done(Found::Exhausted);
            };
            let landing = match item {
                Item::WayOn(action, from) => {
                    let mut way = line(self.searcher.play, &self.nodes, from);
                    way.push(action);
                    return Step::Done(Found::WayOn(way));
                }
                Item::Table(packed, landing) => {
                    packed.unpack_into(&mut self.here);
                    landing
                }
            };
            if self.marks || self.skip != 0 {
                let solve = self.mode == Mode::Solve;
                self.here_key = self.searcher.fingerprint(&self.here, &mut self.buf, solve);
                if self.seen.borrow().flags(self.here_key) & self.skip != 0 {
                    // A covering depth-first search expanded it: nothing below it wins,
                    // and every table it leads to is stored by one search or the other.
                    continue;
                }
            }
            let d = if node == ROOT {
                0
            } else {
                self.depth[node as usize]
            };
            self.legal.clear();
            self.searcher.legal(&self.here, &mut self.legal);
            // Rules 12 and 13: a card that goes up first, or is laid first on a card that
            // never moves, is the one move tried.
            self.forced = self.mode == Mode::Solve
                && !self.folding
                && self.searcher.force(&self.here, &mut self.legal);
            if self.mode == Mode::Solve && !self.folding && !self.forced {
                // Rule 14: runs carried through the cells and spaces in one step.
                self.searcher.carried(&self.here, &mut self.legal);
            }
            let mut legal = std::mem::take(&mut self.legal);
            let mut answer = None;
            let mut dealt = false;
            // In a closed round (rule 6) a deal leads to a table of the same key: the round's
            // other tables are expanded with this one instead.
            let round = self.mode == Mode::Solve && self.searcher.closed(&self.here);
            self.opening.clear();
            let waste = self.searcher.play.ids.id(Pile::Waste);
            // Rule 11: the group a plain move just laid is not moved again (a full-information
            // search's, outside a closed round, whose other tables' moves are made from here).
            let landing = if self.mode == Mode::Solve && !round {
                landing
            } else {
                None
            };
            // Made ahead, then stored in the same order (Maker::play_ahead).
            self.maker.start_ahead();
            let keying = (self.searcher, &self.seen, self.mode == Mode::Solve);
            for action in legal.drain(..) {
                if (self.folding || round) && matches!(action, Action::Deal { .. }) {
                    dealt = true;
                    continue;
                }
                if moves_again(landing, &action) {
                    continue;
                }
                let from_waste = matches!(action, Action::Move { from, .. } if from == waste);
                let kept = (round && !from_waste).then(|| action.clone());
                let (next, won) = self.maker.play_ahead(keying, &self.here, action);
                let leaves = kept.is_some()
                    && !won
                    && (next.waste.len() != self.here.waste.len() || !self.searcher.closed(next));
                if let (Some(action), true) = (kept, leaves) {
                    // From another table of the round this move may lead elsewhere: a card
                    // went up from the waste after it, or the round it leaves is open, so
                    // where the round stood is part of the key (rule 6).
                    self.opening.push(action);
                }
                if won {
                    break;
                }
            }
            for i in 0..self.maker.made_ahead() {
                let (action, won) = self.maker.take_ahead(i);
                answer = self.child(node, d, 0, action, won, turn);
                if answer.is_some() {
                    break;
                }
            }
            legal.clear();
            self.legal = legal;
            if answer.is_none() && dealt {
                answer = self.folded(node, d, round, turn);
            }
            if let Some(step) = answer {
                return step;
            }
            if self.marks {
                self.seen.borrow_mut().mark(self.here_key, OPENED);
            }
        }
        Step::Paused
    }

    /// Makes the children of the table expanded whose steps fold deals ([`super::fold`]):
    /// the moves of the cards the deals show, and in a closed `round` the moves of
    /// `opening` too. Every other move from another table of a closed round leads to a table
    /// of a closed round whose key is the one its move from this table led to (the two differ
    /// only in the waste's size, a size of the round), so only these are new.
    fn folded(&mut self, node: u32, d: u16, round: bool, turn: &mut Turn<'_, '_>) -> Option<Step> {
        let searcher = self.searcher;
        let play = searcher.play;
        self.fold.begin(&self.here);
        let mut answer = None;
        let opening = std::mem::take(&mut self.opening);
        let mut list = |s: &State, out: &mut Vec<Action>| {
            play.legal_from_waste(s, out);
            if round {
                out.extend(opening.iter().cloned());
            }
        };
        while let Some((deals, action, won)) =
            self.maker.next_folded(play, &mut self.fold, &mut list)
        {
            answer = self.child(node, d, deals, action, won, turn);
            if answer.is_some() {
                break;
            }
        }
        self.opening = opening;
        answer
    }

    /// Stores the child of the table expanded (`node`, at depth `d`) in the maker, which
    /// `deals` then `action` led to, `won` or not.
    fn child(
        &mut self,
        node: u32,
        d: u16,
        deals: u8,
        action: Action,
        won: bool,
        turn: &mut Turn<'_, '_>,
    ) -> Option<Step> {
        let searcher = self.searcher;
        let play = searcher.play;
        if won {
            let mut way = line(play, &self.nodes, node);
            push_step(play, &mut way, deals, action);
            return Some(Step::Done(Found::Won(way)));
        }
        if self.mode == Mode::Honest && searcher.shows_new(&self.here, &self.maker.next) {
            // A way on: ranked by the table it leaves from (the player knows it) and the
            // length of its line, never by what it shows.
            let deal = matches!(action, Action::Deal { .. })
                || self.maker.next.stock.len() < self.here.stock.len();
            self.open.push(Open {
                priority: searcher.distance(&self.here)
                    + self.waste_held(&self.here)
                    + searcher.move_charge(self.mode) * i32::from(d)
                    + if deal { DEAL_COST } else { 0 },
                // Among entries as costly the newest comes out first (the line the search
                // follows). A deal from the start comes out last of them instead: the moves
                // that cost nothing are made before a deal, as a player makes them. (The
                // start is numbered `ROOT`, the highest, so its deal came out first: Forty
                // Thieves dealt its whole stock, hint after hint. By hints, deals 1..100, with
                // `WASTE_HELD`: American Toad 28 -> 44 won, East Haven 12 -> 19, Canfield 12
                // -> 15, Klondike by Threes 21 -> 24. A card turned from the start stays
                // first, as a card seen at once costs nothing (the same order for every way
                // on from the start: Tri Peaks 45 -> 37), and so does a deal where any
                // face-up group moves, where a line as costly is mostly groups moved about,
                // better chosen once the deal has shown its cards (with it, Wasp 37 -> 29
                // won, held out 101..300 51 -> 44; Scorpion 5 -> 6).)
                node: if node == ROOT && deal && play.game.group != Group::AnyFaceUp {
                    0
                } else {
                    node
                },
                item: Item::WayOn(action, node),
            });
            return None;
        }
        if !self.maker.store(
            searcher,
            &self.seen,
            (self.mine, self.skip),
            self.mode == Mode::Solve,
        ) {
            return None;
        }
        if self.mode == Mode::Solve && searcher.hopeless(&self.maker.next) {
            // Rule 9: no line from it wins; stored, so that it is not weighed again.
            return None;
        }
        // Rule 11 counts on the table before being expanded whole: not a forced one's.
        let landing = if deals == 0 && self.mode == Mode::Solve && !self.forced {
            searcher.landing(&self.here, &self.maker.next, &action)
        } else {
            None
        };
        let id = self.nodes.len() as u32;
        self.nodes.push((node, deals, action));
        self.depth.push(d.saturating_add(1));
        let distance = searcher.distance(&self.maker.next);
        if self.mode == Mode::Honest && distance < self.nearest.0 {
            self.nearest = (distance, id);
        }
        let depth = d.saturating_add(1);
        if distance < self.start && (depth, distance) < (self.sooner.0, self.sooner.1) {
            self.sooner = (depth, distance, id);
        }
        let stop = turn.stop(self.states(), || self.bytes());
        if let Some(stopped) = stop {
            // An honest search stopped by its budget still gives the best way on it has
            // found: the hint of a budget, never a claim.
            let best = std::mem::take(&mut self.open)
                .into_entries()
                .filter(|o| matches!(o.item, Item::WayOn(..)))
                .min_by_key(|o| (o.priority, std::cmp::Reverse(o.node)));
            if let Some(Open {
                item: Item::WayOn(action, from),
                ..
            }) = best
            {
                let mut way = line(play, &self.nodes, from);
                way.push(action);
                return Some(Step::Done(Found::WayOn(way)));
            }
            if self.mode == Mode::Honest && self.nearest.1 != ROOT {
                // No way on within the budget: the way nearer a win it has found, so that
                // the hint makes progress rather than moves that go round.
                let way = line(play, &self.nodes, self.nearest.1);
                return Some(Step::Done(Found::Nearer(way, stopped)));
            }
            return Some(Step::Done(Found::Stopped(stopped)));
        }
        self.open.push(Open {
            priority: distance
                + self.waste_held(&self.maker.next)
                + searcher.move_charge(self.mode) * (i32::from(d) + 1),
            node: id,
            item: Item::Table(self.maker.packed(), landing),
        });
        None
    }
}

/// The actions from the start to node `id`.
fn line(play: &Play, nodes: &[(u32, u8, Action)], mut id: u32) -> Vec<Action> {
    let mut out = Vec::new();
    while id != ROOT {
        let (parent, deals, a) = &nodes[id as usize];
        out.push(a.clone());
        out.extend(std::iter::repeat_n(deal(play), usize::from(*deals)));
        id = *parent;
    }
    out.reverse();
    out
}
