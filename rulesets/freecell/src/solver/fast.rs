//! The win finder, and the solve that runs its scans in turns before the exact search.
//!
//! [`find_win`] is the search of [`super::search`](mod@super::search) with three things changed for speed, none
//! of which it relies on for a proof, because it never claims one:
//!
//! - it remembers a position by a 64-bit [`Game::fingerprint`] (8 bytes, a few additions to
//!   compute) instead of its sorted 64-byte [`super::position::Key`];
//! - its open list holds a position's parent and the move to it, not the position: the
//!   position is played again from its parent when it is taken out, so a position waiting in
//!   the list costs 12 bytes (the list is a stack for each priority, `Buckets`);
//! - a position taken out is kept packed in 64 bytes as it lies ([`Game::pack`]: no sorting),
//!   and unpacked to play its children from; its children are scored from it without being
//!   played ([`super::preview`]).
//!
//! Two positions may share a fingerprint; the finder then skips the second and may miss a
//! win through it, but never reports a win that is not there: every line is replayed through
//! the ruleset before it is handed out. When the finder runs out of positions the deal is
//! only probably lost, so [`solve`] hands it to the exact search, whose proof is sound
//! (see [`super::search`](mod@super::search)).

use super::buckets::Buckets;
use super::position::{Dest, Game, Key, Move, Pos, Weights, KEY_LEN};
use super::search::Report;
use felt_core::analysis::Stopped;
use felt_patience::search::{room_bytes, FingerprintSet, Limits};
use std::mem::size_of;

mod spare;
mod turns;

pub use turns::{solve, turn_weights, EXACT_WEIGHT, NOMINAL_STATES, SCANS, SLICE};

/// What the finder found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A line from the start to a won position.
    Won(Vec<Move>),
    /// No position was left to try: the deal is probably lost (not proven).
    Exhausted,
    /// A limit stopped it.
    Stopped(Stopped),
}

/// The finder's answer and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// What it found.
    pub finding: Finding,
    /// Distinct positions it stored (fingerprints).
    pub states: u64,
    /// The most memory its tables held, in bytes.
    pub peak_bytes: u64,
    /// Positions taken out of the open list and expanded.
    pub expanded: u64,
}

const ROOT: u32 = u32::MAX;

/// The positions a scan's tables have room for from the start: a four-cell deal's first
/// scan stores about 1,200 at the median, taking out about 90. Room for more would be memory
/// a small solve touches (and the allocator hands back) for nothing.
const START_ROOM: usize = 2048;

/// Expanded positions kept whole (see `Finder::recent`): more than most four-cell deals'
/// first scan takes out, so it packs none (paired on deals 1..1000, 128 against 64: 1 % less
/// CPU at the median, 3 % at the 90th percentile; 256 against 128: 1 % and 5 %), 135 KB.
const RECENT: usize = 256;

/// How one run of the win finder orders its open list: the priority of a position is
/// `weight` times [`Game::distance_valuing_room`] with `room`, plus `depth_cost` a move of
/// its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scan {
    /// What the distance counts for (against `depth_cost`).
    pub weight: i32,
    /// What one move more costs.
    pub depth_cost: i32,
    /// What a free cell is worth beyond [`Game::distance`]'s own (an empty column twice).
    pub room: i32,
    /// The distance's weights this scan uses.
    pub weights: Weights,
    /// Whether it tries every move, or leaves out those [`Game::moves_with`] may.
    pub every_move: bool,
}

/// Searches from `start` (FC-AUTO applied first) for a win, best first as
/// [`super::search::search`] does, remembering positions by fingerprint, in the order `scan`
/// gives (the exact search's is 1 × distance + [`super::search::DEPTH_COST`] a move).
pub fn find_win(game: &Game, start: &Pos, limits: &Limits<'_>, scan: Scan) -> Found {
    let mut finder = Finder::new(game, start, scan);
    let finding = finder
        .run(limits, u64::MAX, 0, 0)
        .unwrap_or(Finding::Stopped(Stopped::States));
    finder.found(finding)
}

/// One scan of the win finder, which can stop after some positions and go on later from
/// where it stopped, as fc-solve's scans take turns.
pub struct Finder {
    // The game with this scan's weights.
    game: Game,
    scan: Scan,
    seen: FingerprintSet,
    // The positions taken out of the open list, by number, packed once they leave `recent`
    // (a number still there may have no entry yet); and each one's parent, the move to it
    // and the length of its line. The root is number 0.
    taken: Vec<Key>,
    links: Vec<(u32, Move, u16)>,
    open: Buckets<(u32, Move)>,
    moves: Vec<Move>,
    // The number of the position to expand next (kept in `recent`) and the length of its
    // line.
    at: Option<(u32, u16)>,
    // The positions expanded last, each in the slot of its number modulo `RECENT`: the next
    // position taken out is nearly always a child of one of them, and copying its parent
    // from here is cheaper than unpacking it (hashes and distance shares worked out again).
    recent: Vec<(u32, Pos)>,
    peak: usize,
    // The start was won already.
    won_at_start: bool,
}

impl Finder {
    /// A scan from `start`, nothing searched yet.
    pub fn new(game: &Game, start: &Pos, scan: Scan) -> Finder {
        let game = game.with_weights(scan.weights);
        let mut first = *start;
        game.reweigh(&mut first);
        game.auto(&mut first);
        // Tables with room from the start for what a typical deal needs, so they rarely
        // grow: the last scan's on this thread where they never grew ([`spare`]).
        let mut t = spare::Tables::take();
        t.seen.insert(game.fingerprint(&first));
        // The root's link is never read: lines stop at number 0.
        let root = Move {
            card: 0,
            dest: Dest::Cell,
        };
        let mut finder = Finder {
            game,
            scan,
            seen: t.seen,
            taken: t.taken,
            links: t.links,
            open: t.open,
            moves: t.moves,
            at: Some((0, 0)),
            recent: t.recent,
            peak: 0,
            won_at_start: game.won(&first),
        };
        finder.recent.push((0, first));
        finder.links.push((ROOT, root, 0));
        finder
    }

    /// Positions stored so far.
    pub fn states(&self) -> u64 {
        self.seen.len() as u64
    }

    /// The memory its tables will hold once they have room for a few more positions.
    pub fn bytes(&self) -> usize {
        room_bytes(
            self.seen.len(),
            self.seen.capacity(),
            (size_of::<u64>() + 1) * 8 / 7,
        ) + room_bytes(self.taken.len(), self.taken.capacity(), size_of::<Key>())
            + room_bytes(
                self.links.len(),
                self.links.capacity(),
                size_of::<(u32, Move, u16)>(),
            )
            + self.open.bytes()
            + self.recent.capacity() * size_of::<(u32, Pos)>()
    }

    /// The report of what it found.
    pub fn found(&self, finding: Finding) -> Found {
        Found {
            finding,
            states: self.states(),
            peak_bytes: self.peak as u64,
            expanded: self.links.len() as u64,
        }
    }

    /// Searches on until a win, no position left, `limits` stopping it (asked with the
    /// positions and bytes of the other scans, `other_states` and `other_bytes`, added), or
    /// (`None`) its own positions reaching `pause_at`, checked between positions taken out:
    /// then a later call goes on from there.
    pub fn run(
        &mut self,
        limits: &Limits<'_>,
        pause_at: u64,
        other_states: u64,
        other_bytes: usize,
    ) -> Option<Finding> {
        if self.won_at_start {
            return Some(Finding::Won(Vec::new()));
        }
        let game = self.game;
        let scan = self.scan;
        while let Some((id, depth)) = self.at {
            if self.states() >= pause_at {
                return None;
            }
            let pos = &self.recent[id as usize % RECENT].1;
            let parent = game.parent(pos);
            game.moves_from(pos, &parent, &mut self.moves, scan.every_move);
            let last = self.links[id as usize].1;
            for k in 0..self.moves.len() {
                let m = self.moves[k];
                // The card the last move placed is not moved again at once, but to its
                // foundation: moving it on is nearly always one move of the two played the
                // other way round. The finder may skip what it likes (it claims no proof); a
                // win it misses so is left to another scan or the exact search.
                if id != 0 && m.card == last.card && m.dest != Dest::Foundation {
                    continue;
                }
                // Most children need not be played: their fingerprint and distance follow
                // from the parent's (see `preview`). Those whose move changes the
                // foundations are.
                let (priority, won) = match game.preview(pos, &parent, m, scan.room) {
                    Some((fingerprint, distance)) => {
                        if !self.seen.insert(fingerprint) {
                            continue;
                        }
                        (scan.weight * distance, false)
                    }
                    None => {
                        let mut next = *pos;
                        game.play(&mut next, m);
                        if !self.seen.insert(game.fingerprint(&next)) {
                            continue;
                        }
                        (
                            scan.weight * game.distance_valuing_room(&next, scan.room),
                            game.won(&next),
                        )
                    }
                };
                if won {
                    let mut line = line(&self.links, id);
                    line.push(m);
                    return Some(Finding::Won(line));
                }
                let mut peak = self.peak;
                let stop = limits.stop(other_states + self.states(), &mut peak, || {
                    other_bytes + self.bytes()
                });
                self.peak = peak;
                if let Some(stopped) = stop {
                    return Some(Finding::Stopped(stopped));
                }
                self.open
                    .push(priority + scan.depth_cost * (depth as i32 + 1), (id, m));
            }
            // The next position: played again from its parent, in its own slot of
            // `recent` (numbers come in order, so the slot is new exactly when the number
            // is). The position it puts out of its slot is packed then: a search of fewer
            // than `RECENT` positions taken out packs none.
            self.at = None;
            if let Some((from, m)) = self.open.pop() {
                let id = self.links.len() as u32;
                let (slot, source) = (id as usize % RECENT, from as usize % RECENT);
                let cached = self.recent.get(source).is_some_and(|&(i, _)| i == from);
                if let Some(&(old, ref pos)) = self.recent.get(slot) {
                    let packed = game.pack(pos);
                    if self.taken.len() <= old as usize {
                        self.taken.resize(old as usize + 1, [0; KEY_LEN]);
                    }
                    self.taken[old as usize] = packed;
                }
                if cached && slot < self.recent.len() {
                    self.recent.copy_within(source..=source, slot);
                } else {
                    let parent = match cached {
                        true => self.recent[source].1,
                        false => game.from_key(&self.taken[from as usize]),
                    };
                    match self.recent.get_mut(slot) {
                        Some(kept) => kept.1 = parent,
                        None => self.recent.push((id, parent)),
                    }
                }
                let kept = &mut self.recent[slot];
                kept.0 = id;
                game.play(&mut kept.1, m);
                let depth = self.links[from as usize].2 + 1;
                self.links.push((from, m, depth));
                self.at = Some((id, depth));
            }
        }
        Some(Finding::Exhausted)
    }
}

impl Drop for Finder {
    /// Leaves the tables for the thread's next scan ([`spare`]).
    fn drop(&mut self) {
        use std::mem::take;
        spare::Tables {
            seen: take(&mut self.seen),
            taken: take(&mut self.taken),
            links: take(&mut self.links),
            open: take(&mut self.open),
            moves: take(&mut self.moves),
            recent: take(&mut self.recent),
        }
        .give();
    }
}

fn line(links: &[(u32, Move, u16)], mut id: u32) -> Vec<Move> {
    let mut out = Vec::new();
    while id != 0 {
        let (parent, m, _) = links[id as usize];
        out.push(m);
        id = parent;
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::position::{FIRST_WEIGHTS, WEIGHTS};
    use crate::Params;

    /// Deal `deal` laid out for `params`, as the solver sees it (FC-AUTO applied). Built from
    /// the deal module, not the ruleset, so the solver's tests import nothing that imports
    /// the solver.
    fn game_and_deal(params: Params, deal: u32) -> (Game, Pos) {
        let state = crate::solver::dealt_state(&params, deal);
        let game = Game::new(&params);
        let mut pos = game.from_state(&state);
        game.auto(&mut pos);
        (game, pos)
    }
    /// A scan on the tables an earlier scan of its thread left ([`spare`]) searches as a new
    /// one: the same positions, the same line, the same memory counted. Deal 5 is solved
    /// first on a thread of its own, then on one that has just solved deal 1 (tables kept)
    /// and deal 617's two-cell game (tables grown, so not kept).
    #[test]
    fn a_scan_on_tables_kept_from_the_last_searches_as_a_new_one() {
        let solve = |deal: u32, params: Params| {
            let (game, pos) = game_and_deal(params, deal);
            find_win(&game, &pos, &Limits::states(50_000), SCANS[0].0)
        };
        let fresh = std::thread::spawn(move || solve(5, Params::default()))
            .join()
            .expect("the solve ends");
        assert!(matches!(fresh.finding, Finding::Won(_)));
        let two_cells = Params {
            cells: 2,
            ..Params::default()
        };
        let after = std::thread::spawn(move || {
            solve(1, Params::default());
            let kept = solve(5, Params::default());
            solve(617, two_cells);
            (kept, solve(5, Params::default()))
        })
        .join()
        .expect("the solves end");
        assert_eq!(after.0, fresh);
        assert_eq!(after.1, fresh);
    }

    // The table of which card fits on which says what the rule says (FC-BUILD), for every
    // pair of cards under both build rules.
    #[test]
    fn the_fits_table_follows_the_build_rule() {
        let cards: Vec<u8> = (0..4u8)
            .flat_map(|s| (1..=13u8).map(move |r| (s << 4) | r))
            .collect();
        let red = |c: u8| matches!((c >> 4) & 3, 1 | 2);
        for build in [crate::Build::Alternate, crate::Build::Suit] {
            let game = Game::new(&Params {
                build,
                ..Params::default()
            });
            for &c in &cards {
                for &on in &cards {
                    let colours = match build {
                        crate::Build::Alternate => red(c) != red(on),
                        crate::Build::Suit => c >> 4 == on >> 4,
                    };
                    let rule = (c & 15) + 1 == on & 15 && colours;
                    assert_eq!(game.fits(c, on), rule, "{c:#x} on {on:#x}, {build:?}");
                }
            }
        }
    }

    // The solver's safety test says what the ruleset's FC-AUTO rule says, for every card at
    // every height of the foundations, under both build rules.
    #[test]
    fn the_solvers_safe_cards_are_the_rulesets() {
        for build in [crate::Build::Alternate, crate::Build::Suit] {
            let params = Params {
                build,
                ..Params::default()
            };
            let game = Game::new(&params);
            for n in 0..14u32.pow(4) {
                let found = [0, 1, 2, 3].map(|i| (n / 14u32.pow(i) % 14) as u8);
                for c in (0..4u8).flat_map(|s| (1..=13u8).map(move |r| (s << 4) | r)) {
                    let card = felt_core::Card::from_byte(c).expect("a card");
                    assert_eq!(
                        game.safe_at(&found, c),
                        crate::rules::safe(&params, &found, card),
                        "{c:#x} at {found:?}, {build:?}"
                    );
                }
            }
        }
    }

    // The kept hashes and distance shares equal fresh ones after every move of long random
    // lines (with each set of weights), so do the previews of every child on the way, and a fingerprint is the same for every order of the columns and cells (it
    // survives packing in another order and unpacking).
    #[test]
    fn kept_hashes_distances_and_previews_match_fresh_ones() {
        let variants = [
            Params::default(),
            Params {
                cells: 2,
                ..Params::default()
            },
            Params {
                build: crate::Build::Suit,
                empty: crate::Empty::Kings,
                cells: 8,
                cells_dealt: 4,
                ..Params::default()
            },
        ];
        let mut moves = Vec::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for (params, weights) in variants
            .into_iter()
            .flat_map(|p| [(p, WEIGHTS), (p, FIRST_WEIGHTS)])
        {
            for deal in 1..=20 {
                let (game, mut pos) = game_and_deal(params, deal);
                let game = game.with_weights(weights);
                game.reweigh(&mut pos);
                for _ in 0..200 {
                    assert!(game.caches_hold(&pos), "deal {deal}");
                    let sorted = game.from_key(&game.key(&pos));
                    assert_eq!(game.fingerprint(&sorted), game.fingerprint(&pos));
                    assert_eq!(game.distance(&sorted), game.distance(&pos));
                    game.moves(&pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    // A scan that leaves moves out tries only moves there are; the moves
                    // found from a preview's parent part are the same, either way.
                    let parent = game.parent(&pos);
                    let mut fewer = Vec::new();
                    game.moves_with(&pos, &mut fewer, false);
                    assert!(fewer.iter().all(|m| moves.contains(m)), "deal {deal}");
                    for every in [false, true] {
                        let mut by_lines = Vec::new();
                        let mut by_parent = Vec::new();
                        game.moves_with(&pos, &mut by_lines, every);
                        game.moves_from(&pos, &parent, &mut by_parent, every);
                        by_lines.sort_by_key(|m| format!("{m:?}"));
                        by_parent.sort_by_key(|m| format!("{m:?}"));
                        assert_eq!(by_lines, by_parent, "deal {deal}, every move {every}");
                    }
                    // A preview says what playing the move gives.
                    for &m in &moves {
                        let mut next = pos;
                        game.play(&mut next, m);
                        if let Some((f, d)) = game.preview(&pos, &parent, m, 3) {
                            assert_eq!(f, game.fingerprint(&next), "{m:?}");
                            assert_eq!(d, game.distance_valuing_room(&next, 3), "{m:?}");
                            let sorted = game.columns_by_hash(&pos);
                            assert_eq!(game.key_after(&pos, &parent, m, &sorted), game.key(&next));
                        }
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    game.play(&mut pos, moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
    }
}
