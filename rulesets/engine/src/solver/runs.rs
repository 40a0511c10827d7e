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
//!   (`Searcher::move_charge` in search.rs): short lines, and the honest search's ways on.
//! - [`DepthFirst`] a child of the table it just expanded, nearest first, and back up when a
//!   table has none left: no open list to keep, and in games where progress is a long
//!   commitment (the Canfield and Forty Thieves families, Gargantua) a win comes thousands of
//!   tables sooner.
//!
//! Neither is better on every game (examples/solve_games.rs, deals 1..=10 of the 43 shipped
//! games at 1 s: best first left 166 undecided, depth first 147, with American Toad 10 against
//! 0 one way and Stronghold 0 against 6 the other), so [`portfolio`] gives each a share of
//! the budget, in turns of growing length (the best-first search five times a depth-first
//! one's, `BEST_SHARE`): it decides what either would decide alone in a few times the time.
//! It runs two depth-first searches, one trying children by the estimate, the other digging
//! for the next cards up first ([`Searcher::order`]): paired at 1 s against the one, on
//! deals 1..=15 of all 47 games 165 → 161 left undecided, and held out, deals 1001..=1015,
//! 182 → 178. A loss is proven by the best-first search running out
//! of tables, or by a depth-first one and then the best-first one together
//! ([`Step::Covered`]), unless it folds deals ([`super::fold`]): then it looks only for a
//! win, and its end proves nothing.

use super::carry;
use super::fold::{folds, Fold};
use super::packed::Packed;
use super::search::{Found, KeyRoom, Mode, Searched, Searcher, DEAL_COST};
use crate::play::{deal, Play, State};
use crate::state::Pile;
use felt_core::analysis::Stopped;
use felt_core::{Action, PileId};
use felt_patience::search::{room_bytes, Limits, Open};
use fingerprints::Fingerprints;
use once::{moves_again, Landing};
use open::OpenList;
use std::cell::RefCell;
use std::mem::size_of;
use std::rc::Rc;

mod best;
mod deep;
mod fingerprints;
mod once;
mod open;

pub use best::BestFirst;
pub use deep::DepthFirst;

impl Searcher<'_> {
    /// Searches from `start` in `mode` within `limits`: best first
    /// ([`BestFirst`]).
    pub fn search(&self, start: &State, mode: Mode, limits: &Limits<'_>) -> Searched {
        if self.play.won(start) {
            return won_at_start();
        }
        let searcher = self.settled_at(start);
        let mut peak = 0usize;
        let mut run = BestFirst::new(&searcher, start, mode, false);
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
                Step::Paused | Step::Spent | Step::Covered => {}
            }
        };
        Searched {
            found: searcher.spelled(start, found),
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
    /// A search of a [`portfolio`] has expanded every table it stored, having left alone
    /// those another had expanded: no win lies among them. The best-first search may leave
    /// a covering depth-first one's tables alone in turn; a loss is proven once all three
    /// have covered theirs (the argument is in [`super`]'s docs).
    Covered,
}

/// The turn from which the two depth-first searches leave each other's expanded tables
/// alone ([`DONE`]), as a multiple of the first turn (the third turn, of 16,384 tables where
/// the first is [`FIRST_TURN`]; a test's small first turn shares early too). Before it each
/// searches as if alone, so a win that one order finds at once is not hidden behind tables
/// the other has expanded (Seahaven Towers deal 1074, won in 4,511 tables alone, was
/// undecided at 3 s sharing from the start); after it, a long search is most likely a loss,
/// whose tables neither need expand twice. Deals 1..100 of ten games at 1 s: 55 undecided
/// alone, 46 sharing from the start, 50 from this turn; held out (1001..1100, six games) 24,
/// 23 and 25. From the same turn the best-first search leaves alone the tables they have
/// expanded, and then proves a loss only with both of them (Seahaven Towers deal 73: 1.81 s
/// of CPU where it left their tables alone only once both had covered, 0.97 s now).
const SHARE_AFTER: u64 = 4;

/// How many times a depth-first search's turn the best-first search's is: the hard wins the
/// portfolio finds late are mostly its (six of the nine King Albert deals won between 1 and
/// 4 s of CPU). Paired at 1 s, 3 against 1 (the same turns): King Albert deals 1..1000 24 ->
/// 22 undecided, held out 1001..2000 25 -> 22; Baker's Dozen 1..300 31 -> 29. Then 5 against
/// 3, deals 1..1000: King Albert 23 -> 20, held out 1001..2000 23 -> 20; Baker's Dozen 98 ->
/// 88, held out 88 -> 85; Golf 12 -> 10; sixteen more games within a deal or two each way
/// (Streets and Alleys 32 -> 31, Lucas 17 -> 18, Spanish Patience 16 -> 17, Alaska 72 -> 74,
/// the rest alike). 8 did better still on King Albert (19) but left 8 more undecided over
/// 1..300 of thirteen games (Golf 3 -> 5, Streets and Alleys 8 -> 10). What it costs: a
/// loss is proven once every table is expanded, and the best-first search expands a table
/// dearer, so the larger its share the slower a proof (Seahaven Towers deal 73, the same
/// 310,692 tables: 0.92 s at 1, 1.02 s at 3, 1.10 s at 5, then undecided at 1 s).
const BEST_SHARE: u64 = 5;

/// The tables the first turn of each search stores; each turn after stores twice as many.
const FIRST_TURN: u64 = 4_096;

/// Runs two depth-first searches and a best-first one for a win from `start` in turns within
/// `limits`, which count the tables and bytes of all three: the first answer one gives.
pub fn portfolio(searcher: &Searcher<'_>, start: &State, limits: &Limits<'_>) -> Searched {
    portfolio_in_turns(searcher, start, limits, FIRST_TURN)
}

/// [`portfolio`] with a first turn of `first_turn` tables (each turn after twice the one
/// before): given a small one, the two searches take many turns even where few tables are
/// reachable, so that a test on small positions sees each search go on where the other's
/// work stands, and a loss proven by the two together ([`Step::Covered`]).
pub fn portfolio_in_turns(
    searcher: &Searcher<'_>,
    start: &State,
    limits: &Limits<'_>,
    first_turn: u64,
) -> Searched {
    if searcher.play.won(start) {
        return won_at_start();
    }
    let searcher = &searcher.settled_at(start);
    let mut peak = 0usize;
    // Where deals fold (`super::fold`), the depth-first search folds them and so only
    // looks for a win; the best-first one searches every legal action and alone can prove
    // a loss. Paired on deals 1..=10 of the four games dealt without end at 1 s, folding in
    // the depth-first search left 3 of 40 undecided, in the best-first one 6, neither 8.
    let fold = folds(searcher.play);
    // One table of keys for all, each key stored once with the searches that stored it.
    let seen = Seen::new();
    // The depth-first searches: by the estimate, and digging for the next cards up (module
    // docs).
    let mut deeps = [
        DepthFirst::with_seen(searcher, start, fold, Some(&seen)),
        DepthFirst::with_seen(searcher, start, fold, Some(&seen)),
    ];
    deeps[1].dig(DIG);
    let mut best = BestFirst::with_seen(searcher, start, Mode::Solve, false, Some(&seen));
    if !fold {
        best.mark_expanded();
    }
    // A quick search that is spent gives its turns to the others; the best-first one
    // searches every legal action and so can decide alone.
    let (mut deeps_on, mut best_on) = ([true; 2], true);
    let mut covered = [false; 2];
    let mut best_covered = false;
    let mut turn = first_turn.max(1);
    let found = 'search: loop {
        for i in 0..deeps.len() {
            if !deeps_on[i] {
                continue;
            }
            // The others' bytes: the best-first search's and the other depth-first one's.
            let others = best.own_bytes() + deeps[1 - i].own_bytes();
            let deep = &mut deeps[i];
            let step = deep.resume(&mut Turn {
                pause_at: deep.states().saturating_add(turn),
                limits,
                others: (0, others),
                peak: &mut peak,
            });
            match step {
                Step::Done(found) => break 'search found,
                Step::Spent => deeps_on[i] = false,
                Step::Covered => {
                    deeps_on[i] = false;
                    covered[i] = true;
                    if covered == [true; 2] {
                        // Each left alone the tables the other had expanded: only the two
                        // together have expanded every table either stored.
                        best.skip(DEEP | DIG);
                    }
                }
                Step::Paused => {}
            }
        }
        if best_on {
            let step = best.resume(&mut Turn {
                pause_at: best
                    .states()
                    .saturating_add(turn.saturating_mul(BEST_SHARE)),
                limits,
                others: (0, deeps[0].own_bytes() + deeps[1].own_bytes()),
                peak: &mut peak,
            });
            match step {
                Step::Done(found) => break found,
                Step::Spent => best_on = false,
                Step::Covered => {
                    best_on = false;
                    best_covered = true;
                }
                Step::Paused => {}
            }
        }
        if deeps_on == [false; 2] && !best_on {
            if best_covered && covered == [true; 2] {
                // Each of the three expanded every table it stored but those another had
                // expanded: together they expanded every table reachable (module docs).
                break Found::Exhausted;
            }
            // Not reached: one search of a portfolio always tries every legal action.
            break Found::Stopped(Stopped::RulesetCap);
        }
        turn = turn.saturating_mul(2);
        if turn == first_turn.max(1).saturating_mul(SHARE_AFTER) {
            for deep in &mut deeps {
                deep.share();
            }
            if !fold {
                best.skip(DONE);
            }
        }
    };
    // Stopped by the budget: the shortest line the best-first search found to a table
    // nearer a win, for a hint that must make progress (`super::hint`).
    let found = match (found, best.sooner()) {
        (Found::Stopped(why), Some(way)) => Found::Nearer(way, why),
        (found, _) => found,
    };
    Searched {
        found: searcher.spelled(start, found),
        states: best.states(),
        peak_bytes: peak as u64,
    }
}

/// The tables stored: every table's key, once, with the searches that stored it. The two
/// searches of a [`portfolio`] keep theirs in one, each searching as if alone (a key stored by
/// the other is stored again for itself, and its bytes are held once). Paired at 1 s on deals
/// 1..=30 of 17 games against a set for each search: 57 left undecided against 52. Letting
/// each leave alone the tables the other had expanded (each then proves a loss only with the
/// other) was tried too: on 10 of those games it proved 5 more lost and found 5 fewer won.
/// What is kept of it is one-sided, so the best-first search finds every win it found alone:
/// the depth-first search leaves alone the tables the best-first one has expanded
/// ([`OPENED`]), and only once it has expanded all of its own ([`Step::Covered`]) does the
/// best-first search leave those alone in turn (the argument is in [`super`]'s docs).
/// Leaving to the best-first search every table it had stored, not only expanded, proved the
/// same losses no sooner (Storehouse deal 15: 1.53 s against 1.58 s). The two depth-first
/// searches do leave each other's expanded tables alone ([`DONE`]) from turn
/// [`SHARE_AFTER`] on, so that a loss no longer takes each of them through every table, and
/// from then on so does the best-first search, which then proves a loss only with both.
struct Seen {
    /// Each key's fingerprint ([`Searcher::fingerprint`]) and the searches that stored it.
    keys: Fingerprints,
}

/// The flags of a key stored by the depth-first search and by the best-first one.
const DEEP: u8 = 1;
const BEST: u8 = 2;
/// The flag of a key whose table the best-first search has expanded, every child stored.
const OPENED: u8 = 4;
/// The flag of a key stored by the depth-first search that digs ([`Searcher::order`]).
const DIG: u8 = 8;
/// The flag of a key whose table a depth-first search of a portfolio has expanded, every
/// child stored for it: the other depth-first search and the best-first one leave it alone.
const DONE: u8 = 16;

/// A table of keys as a search holds it: its own, or kept with the other search's.
type Table = Rc<RefCell<Seen>>;

impl Seen {
    fn new() -> Table {
        Rc::new(RefCell::new(Seen {
            keys: Fingerprints::new(),
        }))
    }

    /// Stores `key` for the search `mine`; whether that search had not stored it yet and
    /// it has none of the flags `skip` (tables the search leaves to the other).
    fn insert(&mut self, key: u128, mine: u8, skip: u8) -> bool {
        self.keys.add(key, mine, mine | skip) & (mine | skip) == 0
    }

    /// Adds `flag` to the stored `key`'s flags; the flags it had.
    fn mark(&mut self, key: u128, flag: u8) -> u8 {
        self.keys.add(key, flag, 0)
    }

    /// The flags of `key`: none where it is not stored.
    fn flags(&self, key: u128) -> u8 {
        self.keys.flags(key)
    }

    fn len(&self) -> u64 {
        self.keys.len() as u64
    }

    /// The bytes the keys hold, counted as [`room_bytes`] counts a table about to grow.
    fn bytes(&self) -> usize {
        self.keys.bytes()
    }
}

/// The room both searches make a child table in, kept from one to the next so that making a
/// table builds no pile.
struct Maker {
    /// The child.
    next: State,
    events: Vec<felt_core::Event>,
    key: KeyRoom,
    pack: Vec<u8>,
    /// The fingerprint [`Maker::store`] stored last.
    stored: u128,
    /// The children of one table made ahead of storing them ([`Maker::play_ahead`]): the
    /// first `made` of them, each with its fingerprint (where it is not won), its action and
    /// whether it is won; the rest is room kept from tables before.
    ahead: Vec<Ahead>,
    made: usize,
    /// The fingerprint of `next`, where it was made ahead.
    keyed: Option<u128>,
}

/// A child made ahead of storing it ([`Maker::play_ahead`]).
struct Ahead {
    table: State,
    key: u128,
    action: Action,
    won: bool,
}

/// Makes in `next` the child `action` leads to from `from`; whether it is won.
fn make(
    play: &Play,
    next: &mut State,
    events: &mut Vec<felt_core::Event>,
    from: &State,
    action: &Action,
) -> bool {
    next.copy_from(from);
    events.clear();
    if carry::is_step(play, from, action) {
        // Rules 14 and 15: a run carried or parked card by card. Where a move is refused on
        // the way (a card gone up by itself took a parked card's place), the child is the
        // table itself, stored already: no new table.
        if !carry::perform(play, next, action, events) {
            next.copy_from(from);
        }
    } else {
        play.perform_into(next, action, events);
    }
    play.won(next)
}

impl Maker {
    fn new(start: &State) -> Maker {
        Maker {
            next: start.clone(),
            events: Vec::new(),
            key: KeyRoom::default(),
            pack: Vec::with_capacity(256),
            stored: 0,
            ahead: Vec::new(),
            made: 0,
            keyed: None,
        }
    }

    /// Makes the child `action` leads to from `from`; whether it is won.
    fn play(&mut self, play: &Play, from: &State, action: &Action) -> bool {
        self.keyed = None;
        make(play, &mut self.next, &mut self.events, from, action)
    }

    /// Starts making a table's children ahead of storing them ([`Maker::play_ahead`]).
    fn start_ahead(&mut self) {
        self.made = 0;
    }

    /// Makes the table's next child ahead of storing it, the child `action` leads to from
    /// `from`, and, where it is not won, its fingerprint (a full-information search's key when
    /// `solve`), whose slot in `seen` is fetched meanwhile; the child made, and whether it is
    /// won.
    ///
    /// Why ahead: storing is mostly a wait for memory (a key's slot is seldom in the cache).
    /// Made one by one, each child waits for its slot before the next is made; made all
    /// first, their slots are fetched while the others are made, and the waits overlap. The
    /// children are then stored in the same order ([`Maker::take_ahead`]): the search is the
    /// same.
    fn play_ahead(
        &mut self,
        (searcher, seen, solve): (&Searcher<'_>, &Table, bool),
        from: &State,
        action: Action,
    ) -> (&State, bool) {
        if self.ahead.len() == self.made {
            self.ahead.push(Ahead {
                table: from.clone(),
                key: 0,
                action: action.clone(),
                won: false,
            });
        }
        let slot = &mut self.ahead[self.made];
        self.made += 1;
        slot.won = make(
            searcher.play,
            &mut slot.table,
            &mut self.events,
            from,
            &action,
        );
        if !slot.won {
            slot.key = searcher.fingerprint(&slot.table, &mut self.key, solve);
            seen.borrow().keys.prefetch(slot.key);
        }
        slot.action = action;
        (&slot.table, slot.won)
    }

    /// The children made ahead since [`Maker::start_ahead`].
    fn made_ahead(&self) -> usize {
        self.made
    }

    /// Makes the `i`-th child made ahead the child, its fingerprint known; its action and
    /// whether it is won.
    fn take_ahead(&mut self, i: usize) -> (Action, bool) {
        let slot = &mut self.ahead[i];
        std::mem::swap(&mut self.next, &mut slot.table);
        self.keyed = Some(slot.key);
        (slot.action.clone(), slot.won)
    }

    /// Stores the child's key in `seen` for the search `mine` (a full-information search's
    /// key when `solve`), unless it has a flag of `skip`; whether it is that search's to
    /// expand ([`Seen::insert`]).
    fn store(
        &mut self,
        searcher: &Searcher<'_>,
        seen: &Table,
        (mine, skip): (u8, u8),
        solve: bool,
    ) -> bool {
        let key = match self.keyed.take() {
            Some(key) => key,
            None => searcher.fingerprint(&self.next, &mut self.key, solve),
        };
        self.stored = key;
        seen.borrow_mut().insert(key, mine, skip)
    }

    /// Makes the next child of the folded step `fold` is dealing ([`super::fold`]), in
    /// `next`: the dealt table itself where its last deal moved cards, then each move `list`
    /// gave there, deal after deal; with the deals before the child's action, the action, and
    /// whether it is won. `None` once the step's deals are over.
    fn next_folded(
        &mut self,
        play: &Play,
        fold: &mut Fold,
        list: &mut impl FnMut(&State, &mut Vec<Action>),
    ) -> Option<(u8, Action, bool)> {
        loop {
            if std::mem::take(&mut fold.moved) {
                self.keyed = None;
                self.next.copy_from(&fold.dealt);
                return Some((fold.deals - 1, deal(play), play.won(&self.next)));
            }
            if let Some(action) = fold.moves.pop() {
                let won = self.play(play, &fold.dealt, &action);
                return Some((fold.deals, action, won));
            }
            fold.next(play, &mut *list)?;
        }
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
