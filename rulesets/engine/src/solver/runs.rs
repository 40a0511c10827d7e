//! The engine's two searches, each one that can stop and go on where it stopped, and the
//! portfolio that runs them in turns.
//!
//! Both are plain graph searches of the tables reachable from the start, their moves exactly
//! [`crate::play::Play::legal`] carried out by [`crate::play::Play::perform_into`], every table
//! stored once by [`Searcher::key`] when it is first made and expanded later: so each ends,
//! having stored every table reachable, only when none wins (the module docs of [`super`] say
//! what a key leaves out and why that is sound). They differ only in which stored table they
//! expand next:
//!
//! - [`BestFirst`] the one that looks nearest a win, its line's length counted against it
//!   (`DEPTH_COST` in search.rs): short lines, and the honest search's ways on.
//! - [`DepthFirst`] a child of the table it just expanded, nearest first, and back up when a
//!   table has none left: no open list to keep, and in games where progress is a long
//!   commitment (the Canfield and Forty Thieves families, Gargantua) a win comes thousands of
//!   tables sooner.
//!
//! Neither is better on every game (examples/solve_games.rs, deals 1..=10 of the 43 shipped
//! games at 1 s: best first left 166 undecided, depth first 147, with American Toad 10 against
//! 0 one way and Stronghold 0 against 6 the other), so [`portfolio`] gives each the same share
//! of the budget, in turns of growing length: it decides what either would decide alone in
//! about twice the time. A loss is proven by whichever search runs out of tables first, unless
//! it folds deals ([`super::fold`]): then it looks only for a win, and its end proves nothing.

use super::fold::{folds, Fold};
use super::packed::Packed;
use super::search::{Found, Mode, Searched, Searcher, DEAL_COST, DEPTH_COST};
use crate::play::{deal, Play, State};
use crate::state::Pile;
use felt_core::analysis::Stopped;
use felt_core::Action;
use felt_patience::search::{room_bytes, KeyMap, Limits, Open};
use std::cell::RefCell;
use std::collections::BinaryHeap;
use std::mem::size_of;
use std::rc::Rc;

impl Searcher<'_> {
    /// Searches from `start` in `mode` within `limits`: best first
    /// ([`BestFirst`]).
    pub fn search(&self, start: &State, mode: Mode, limits: &Limits<'_>) -> Searched {
        if self.play.won(start) {
            return won_at_start();
        }
        let mut peak = 0usize;
        let mut run = BestFirst::new(self, start, mode, false);
        let found = loop {
            let mut turn = Turn {
                pause_at: u64::MAX,
                limits,
                others: (0, 0),
                peak: &mut peak,
            };
            match run.resume(&mut turn) {
                Step::Done(found) => break found,
                // A search of every legal action is never spent: it is done, exhausted.
                Step::Paused | Step::Spent => {}
            }
        };
        Searched {
            found,
            states: run.states(),
            peak_bytes: peak as u64,
        }
    }

    /// Searches for a win from `start` with every card read, within `limits`: a depth-first
    /// and a best-first search in turns ([`portfolio`]).
    pub fn solve(&self, start: &State, limits: &Limits<'_>) -> Searched {
        portfolio(self, start, limits)
    }
}

/// The answer to a search from a table already won: the empty line, the start stored.
fn won_at_start() -> Searched {
    Searched {
        found: Found::Won(Vec::new()),
        states: 1,
        peak_bytes: 0,
    }
}

/// One turn of a search: when it gives the turn back, and the limits it shares with the
/// other search of a portfolio, whose tables and bytes count against them too.
pub struct Turn<'t, 'l> {
    /// The tables stored at which the search pauses.
    pause_at: u64,
    limits: &'t Limits<'l>,
    /// The other search's tables and bytes.
    others: (u64, usize),
    /// The most bytes held so far, by both.
    peak: &'t mut usize,
}

impl Turn<'_, '_> {
    /// What stops a search that has stored `states` tables and holds `bytes()`, counting the
    /// other search's with them ([`Limits::stop`]).
    fn stop(&mut self, states: u64, bytes: impl FnOnce() -> usize) -> Option<Stopped> {
        let (other_states, other_bytes) = self.others;
        self.limits
            .stop(states + other_states, self.peak, || bytes() + other_bytes)
    }
}

/// Where a search stands when it gives the turn back.
pub enum Step {
    /// It has stored as many tables as its turn allowed, and can go on.
    Paused,
    /// It has its answer.
    Done(Found),
    /// A quick search (deals folded, [`super::fold`]) has no step left: it found no win,
    /// and proved nothing.
    Spent,
}

/// The tables the first turn of each search stores; each turn after stores twice as many.
const FIRST_TURN: u64 = 4_096;

/// Runs a depth-first and a best-first search for a win from `start` in turns within
/// `limits`, which count the tables and bytes of both: the first answer either gives.
pub fn portfolio(searcher: &Searcher<'_>, start: &State, limits: &Limits<'_>) -> Searched {
    if searcher.play.won(start) {
        return won_at_start();
    }
    let mut peak = 0usize;
    // Where deals fold (`super::fold`), the depth-first search folds them and so only
    // looks for a win; the best-first one searches every legal action and alone can prove
    // a loss. Paired on deals 1..=10 of the four games dealt without end at 1 s, folding in
    // the depth-first search left 3 of 40 undecided, in the best-first one 6, neither 8.
    let fold = folds(searcher.play);
    // One table of keys for both, each key stored once with the searches that stored it.
    let seen = Seen::new();
    let mut deep = DepthFirst::with_seen(searcher, start, fold, Some(&seen));
    let mut best = BestFirst::with_seen(searcher, start, Mode::Solve, false, Some(&seen));
    // A quick search that is spent gives its turns to the other, which searches every
    // legal action and so decides alone.
    let (mut deep_on, mut best_on) = (true, true);
    let mut turn = FIRST_TURN;
    let found = loop {
        if deep_on {
            let step = deep.resume(&mut Turn {
                pause_at: deep.states().saturating_add(turn),
                limits,
                others: (0, best.own_bytes()),
                peak: &mut peak,
            });
            match step {
                Step::Done(found) => break found,
                Step::Spent => deep_on = false,
                Step::Paused => {}
            }
        }
        if best_on {
            let step = best.resume(&mut Turn {
                pause_at: best.states().saturating_add(turn),
                limits,
                others: (0, deep.own_bytes()),
                peak: &mut peak,
            });
            match step {
                Step::Done(found) => break found,
                Step::Spent => best_on = false,
                Step::Paused => {}
            }
        }
        if !deep_on && !best_on {
            // Not reached: one search of a portfolio always tries every legal action.
            break Found::Stopped(Stopped::RulesetCap);
        }
        turn = turn.saturating_mul(2);
    };
    Searched {
        found,
        states: deep.states(),
        peak_bytes: peak as u64,
    }
}

/// The tables stored: every table's key, once, with the searches that stored it. The two
/// searches of a [`portfolio`] keep theirs in one, each searching as if alone (a key stored by
/// the other is stored again for itself, and its bytes are held once). Paired at 1 s on deals
/// 1..=30 of 17 games against a set for each search: 57 left undecided against 52. Letting
/// each leave alone the tables the other had expanded (each then proves a loss only with the
/// other) was tried too: on 10 of those games it proved 5 more lost and found 5 fewer won.
struct Seen {
    keys: KeyMap<Box<[u8]>, u8>,
    key_bytes: usize,
}

/// The flags of a key stored by the depth-first search and by the best-first one.
const DEEP: u8 = 1;
const BEST: u8 = 2;

/// A table of keys as a search holds it: its own, or kept with the other search's.
type Table = Rc<RefCell<Seen>>;

impl Seen {
    fn new() -> Table {
        Rc::new(RefCell::new(Seen {
            keys: KeyMap::default(),
            key_bytes: 0,
        }))
    }

    /// Stores `key` for the search `mine`; whether that search had not stored it yet.
    fn insert(&mut self, key: &[u8], mine: u8) -> bool {
        if let Some(flags) = self.keys.get_mut(key) {
            if *flags & mine != 0 {
                return false;
            }
            *flags |= mine;
            return true;
        }
        self.key_bytes += key.len() + 16;
        self.keys.insert(key.into(), mine);
        true
    }

    fn len(&self) -> u64 {
        self.keys.len() as u64
    }

    /// The bytes the keys hold, counted as [`room_bytes`] counts a table about to grow.
    fn bytes(&self) -> usize {
        room_bytes(
            self.keys.len(),
            self.keys.capacity(),
            (size_of::<(Box<[u8]>, u8)>() + 1) * 8 / 7,
        ) + self.key_bytes
    }
}

/// The room both searches make a child table in, kept from one to the next so that making a
/// table builds no pile.
struct Maker {
    /// The child.
    next: State,
    events: Vec<felt_core::Event>,
    key: Vec<u8>,
    pack: Vec<u8>,
}

impl Maker {
    fn new(start: &State) -> Maker {
        Maker {
            next: start.clone(),
            events: Vec::new(),
            key: Vec::with_capacity(256),
            pack: Vec::with_capacity(256),
        }
    }

    /// Makes the child `action` leads to from `from`; whether it is won.
    fn play(&mut self, play: &Play, from: &State, action: &Action) -> bool {
        self.next.copy_from(from);
        self.events.clear();
        play.perform_into(&mut self.next, action, &mut self.events);
        play.won(&self.next)
    }

    /// Stores the child's key in `seen` for the search `mine` (a full-information search's
    /// key when `solve`); whether it is that search's to expand ([`Seen::insert`]).
    fn store(&mut self, searcher: &Searcher<'_>, seen: &Table, mine: u8, solve: bool) -> bool {
        key_of(searcher, &self.next, &mut self.key, solve);
        seen.borrow_mut().insert(&self.key, mine)
    }

    /// The child, packed.
    fn packed(&mut self) -> Packed {
        Packed::pack(&self.next, &mut self.pack)
    }
}

/// The bytes a packed table of `start`'s game holds, with its allocation's own.
fn packed_bytes(play: &Play, start: &State) -> usize {
    play.game.cards() as usize
        + 2 * start.columns.len()
        + start.cells.len()
        + start.foundations.len()
        + 20
        + 16
}

/// An item of the open list: a table to expand, or a way on found (the action from its
/// parent that shows a new card).
enum Item {
    Table(Packed),
    WayOn(Action),
}

const ROOT: u32 = u32::MAX;

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
    open: BinaryHeap<Open<Item>>,
    /// The bytes one entry of the open list holds.
    entry_bytes: usize,
    legal: Vec<Action>,
    /// The table expanded, reused from one to the next.
    here: State,
    maker: Maker,
    /// Whether the search folds deals ([`super::fold`]): a quick search, which proves nothing.
    folding: bool,
    /// The room deals are folded in: a quick search's steps, and a closed round's.
    fold: Fold,
    /// In a closed round, the moves of the table expanded that leave the round open.
    opening: Vec<Action>,
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
    fn with_seen(
        searcher: &'s Searcher<'e>,
        start: &State,
        mode: Mode,
        fold: bool,
        seen: Option<&Table>,
    ) -> BestFirst<'s, 'e> {
        let play = searcher.play;
        let mut run = BestFirst {
            searcher,
            mode,
            seen: seen.cloned().unwrap_or_else(Seen::new),
            mine: BEST,
            nodes: Vec::new(),
            depth: Vec::new(),
            open: BinaryHeap::new(),
            entry_bytes: size_of::<Open<Item>>() + packed_bytes(play, start),
            legal: Vec::with_capacity(64),
            here: start.clone(),
            maker: Maker::new(start),
            folding: fold && mode == Mode::Solve,
            fold: Fold::new(start),
            opening: Vec::new(),
        };
        run.maker
            .store(searcher, &run.seen, run.mine, mode == Mode::Solve);
        run.open.push(Open {
            priority: searcher.distance(start),
            node: ROOT,
            item: Item::Table(run.maker.packed()),
        });
        run
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
    fn own_bytes(&self) -> usize {
        room_bytes(
            self.nodes.len(),
            self.nodes.capacity(),
            size_of::<(u32, u8, Action)>() + 2,
        ) + room_bytes(self.open.len(), self.open.capacity(), self.entry_bytes)
    }

    /// Goes on until it has an answer, has stored the tables its `turn` allows, or the
    /// turn's limits stop it.
    pub fn resume(&mut self, turn: &mut Turn<'_, '_>) -> Step {
        while self.states() < turn.pause_at {
            let Some(Open { node, item, .. }) = self.open.pop() else {
                if self.folding {
                    return Step::Spent;
                }
                return Step::Done(Found::Exhausted);
            };
            match item {
                Item::WayOn(action) => {
                    let mut way = line(self.searcher.play, &self.nodes, node);
                    way.push(action);
                    return Step::Done(Found::WayOn(way));
                }
                Item::Table(packed) => packed.unpack_into(&mut self.here),
            }
            let d = if node == ROOT {
                0
            } else {
                self.depth[node as usize]
            };
            self.legal.clear();
            self.searcher.legal(&self.here, &mut self.legal);
            let mut legal = std::mem::take(&mut self.legal);
            let mut answer = None;
            let mut dealt = false;
            // In a closed round (rule 6) a deal leads to a table of the same key: the round's
            // other tables are expanded with this one instead.
            let round = self.mode == Mode::Solve && self.searcher.closed(&self.here);
            self.opening.clear();
            let waste = self.searcher.play.ids.id(Pile::Waste);
            for action in legal.drain(..) {
                if (self.folding || round) && matches!(action, Action::Deal { .. }) {
                    dealt = true;
                    continue;
                }
                let won = self.maker.play(self.searcher.play, &self.here, &action);
                if round
                    && !won
                    && !matches!(action, Action::Move { from, .. } if from == waste)
                    && (self.maker.next.waste.len() != self.here.waste.len()
                        || !self.searcher.closed(&self.maker.next))
                {
                    // From another table of the round this move may lead elsewhere: a card
                    // went up from the waste after it, or the round it leaves is open, so
                    // where the round stood is part of the key (rule 6).
                    self.opening.push(action.clone());
                }
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
        'deals: while let Some(moved) = self.fold.next(play, |s, out| {
            play.legal_from_waste(s, out);
            if round {
                out.extend(opening.iter().cloned());
            }
        }) {
            let deals = self.fold.deals;
            if moved {
                self.maker.next.copy_from(&self.fold.dealt);
                let won = play.won(&self.maker.next);
                answer = self.child(node, d, deals - 1, deal(play), won, turn);
                if answer.is_some() {
                    break;
                }
            }
            for action in std::mem::take(&mut self.fold.moves) {
                let won = self.maker.play(play, &self.fold.dealt, &action);
                answer = self.child(node, d, deals, action, won, turn);
                if answer.is_some() {
                    break 'deals;
                }
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
                    + DEPTH_COST * i32::from(d)
                    + if deal { DEAL_COST } else { 0 },
                node,
                item: Item::WayOn(action),
            });
            return None;
        }
        if !self
            .maker
            .store(searcher, &self.seen, self.mine, self.mode == Mode::Solve)
        {
            return None;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push((node, deals, action));
        self.depth.push(d.saturating_add(1));
        let stop = turn.stop(self.states(), || self.bytes());
        if let Some(stopped) = stop {
            // An honest search stopped by its budget still gives the best way on it has
            // found: the hint of a budget, never a claim.
            let best = std::mem::take(&mut self.open)
                .into_iter()
                .filter(|o| matches!(o.item, Item::WayOn(_)))
                .min_by_key(|o| (o.priority, std::cmp::Reverse(o.node)));
            if let Some(Open {
                node,
                item: Item::WayOn(action),
                ..
            }) = best
            {
                let mut way = line(play, &self.nodes, node);
                way.push(action);
                return Some(Step::Done(Found::WayOn(way)));
            }
            return Some(Step::Done(Found::Stopped(stopped)));
        }
        self.open.push(Open {
            priority: searcher.distance(&self.maker.next) + DEPTH_COST * (i32::from(d) + 1),
            node: id,
            item: Item::Table(self.maker.packed()),
        });
        None
    }
}

/// A child waiting in a frame of [`DepthFirst`]: its estimate, the deals folded into its
/// step, the action that ends it, the table.
type Waiting = (i32, u8, Action, Packed);

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
    legal: Vec<Action>,
    /// The table expanded, reused from one to the next.
    table: State,
    maker: Maker,
    /// Whether the search folds deals ([`super::fold`]): a quick search, which proves nothing.
    folding: bool,
    /// The room deals are folded in.
    fold: Fold,
}

impl<'s, 'e> DepthFirst<'s, 'e> {
    /// A search from `start`, nothing expanded yet, folding deals when `fold`.
    pub fn new(searcher: &'s Searcher<'e>, start: &State, fold: bool) -> DepthFirst<'s, 'e> {
        DepthFirst::with_seen(searcher, start, fold, None)
    }

    /// As [`DepthFirst::new`], storing its tables in `seen` where given, the table of
    /// keys it keeps with another search.
    fn with_seen(
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
            legal: Vec::with_capacity(64),
            table: start.clone(),
            maker: Maker::new(start),
            folding: fold,
            fold: Fold::new(start),
        };
        run.maker.store(searcher, &run.seen, DEEP, true);
        run
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
    fn own_bytes(&self) -> usize {
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
                return Step::Done(Found::Exhausted);
            };
            match frame.pop() {
                Some((_, deals, action, packed)) => {
                    self.waiting -= 1;
                    self.path.push((deals, action));
                    packed.unpack_into(&mut self.table);
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
        let mut legal = std::mem::take(&mut self.legal);
        legal.clear();
        searcher.legal(&self.table, &mut legal);
        let mut children = Vec::with_capacity(legal.len());
        let answer = self.make_children(&mut legal, &mut children, turn);
        self.legal = legal;
        if answer.is_some() {
            return answer;
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
        for action in legal.drain(..) {
            if (self.folding || round) && matches!(action, Action::Deal { .. }) {
                dealt = true;
                continue;
            }
            let won = self.maker.play(play, &self.table, &action);
            if let Some(step) = self.child(0, action, won, children, turn) {
                return Some(step);
            }
        }
        if !dealt {
            return None;
        }
        self.fold.begin(&self.table);
        let mut answer = None;
        // A quick search plays only the cards the deals show; a closed round's tables all
        // share its key, so a search of every action plays every move from each.
        let all = round && !self.folding;
        'deals: while let Some(moved) = self.fold.next(play, |s, out| list(searcher, all, s, out)) {
            let deals = self.fold.deals;
            if moved {
                self.maker.next.copy_from(&self.fold.dealt);
                let won = play.won(&self.maker.next);
                answer = self.child(deals - 1, deal(play), won, children, turn);
                if answer.is_some() {
                    break;
                }
            }
            for action in std::mem::take(&mut self.fold.moves) {
                let won = self.maker.play(play, &self.fold.dealt, &action);
                answer = self.child(deals, action, won, children, turn);
                if answer.is_some() {
                    break 'deals;
                }
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
        if !self.maker.store(searcher, &self.seen, DEEP, true) {
            return None;
        }
        let waiting = self.waiting + children.len();
        let stop = turn.stop(self.states(), || {
            self.seen.borrow().bytes() + waiting * self.entry_bytes
        });
        if let Some(stopped) = stop {
            return Some(Step::Done(Found::Stopped(stopped)));
        }
        children.push((
            searcher.distance(&self.maker.next),
            deals,
            action,
            self.maker.packed(),
        ));
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

/// `s`'s key into `buf`: a full-information search's when `solve`.
fn key_of(searcher: &Searcher<'_>, s: &State, buf: &mut Vec<u8>, solve: bool) {
    if solve {
        searcher.solve_key(s, buf);
    } else {
        searcher.key(s, buf);
    }
}

/// What a folded step may end with in `s`: every move but the deal when `all` (a closed
/// round), else the moves of the waste's top card.
fn list(searcher: &Searcher<'_>, all: bool, s: &State, out: &mut Vec<Action>) {
    if all {
        searcher.legal(s, out);
        out.retain(|a| !matches!(a, Action::Deal { .. }));
    } else {
        searcher.play.legal_from_waste(s, out);
    }
}

/// Puts a step on the end of `line`: `deals` deals, then `action`.
fn push_step(play: &Play, line: &mut Vec<Action>, deals: u8, action: Action) {
    line.extend(std::iter::repeat_n(deal(play), usize::from(deals)));
    line.push(action);
}
