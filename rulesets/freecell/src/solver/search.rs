//! Best-first search over canonical positions with a table of every position seen.
//!
//! The same search wins and proves: it takes the open position whose distance from a win
//! ([`Game::distance`]) plus the length of its line (`DEPTH_COST` a move) is least, and
//! stops at the first won position. When no open position is left
//! the search has seen every position reachable from the start, up to the moves rules 4 and
//! 5 leave out, which no shortest winning line needs, so the deal is lost. That proof rests
//! on five things, each sound:
//!
//! 1. **Moves are complete.** [`Game::moves`] lists every single-card move to each kind of
//!    place, and a group move is a sequence of such moves, so every position the game can
//!    reach is reached by the search. Leaving out moving a whole column into an empty one
//!    loses nothing: it gives the same canonical position. (It asks [`Game::moves`], not
//!    the same moves found from the other end, [`Game::moves_from`]: their order is the
//!    one the search has always tried children in, and it wins some deals sooner, two-cell
//!    deal 394 within 540,000 positions rather than 1,121,000.)
//! 2. **Canonical keys.** All columns follow the same rules, and so do all cells: which
//!    column or cell holds a card changes nothing that can happen next. Positions equal up to
//!    that order are one position (see [`super::position::Key`]).
//! 3. **Safe cards go up at once** (FC-AUTO). A safe card is one no card still in play could
//!    ever be put on: under alternate colours, both cards that could go on it (the other
//!    colour, one rank lower) are already up; under build by suit, the only card that fits on
//!    it is already up; nothing goes on an Ace; only an Ace goes on a Two. Take any winning
//!    line that leaves a safe card where it is: send the card up at once instead, drop every
//!    later move of it, and where the line put an Ace on it, send that Ace up instead (an Ace
//!    may always go up) and drop the Ace's later moves. Every other move stays legal — no
//!    other card was ever put on the card, and its place being empty earlier only adds a free
//!    cell or column, which never shrinks what may move (FC-SUPERMOVE's limit grows with
//!    both) — so the changed line wins too.
//!
//! Rules 4 and 5 hold where cards build by suit and an empty column takes only a King
//! ([`Game::parks_whole`]: Seahaven Towers, Eight Off). There a card `c` lying on the card it
//! fits, `c+1` of its suit, can lie on no other card, nothing but `c` can lie on `c+1`, and a
//! group's room is the free cells and one more; out of its column `c` can only wait in a cell,
//! go up (at once, every card the foundations take being safe) or come back onto `c+1`.
//! [`Game::park_runs`] takes out every move of such a `c`, a column's last card, into a cell,
//! and puts in a step that parks its whole run in the cells (the moves of its cards from the
//! top, one after the other, made at once by [`Game::play`] and spelled out as the ruleset's
//! moves by `glue::actions_for`) where the free cells hold it, and the column is no home run:
//!
//! 4. **its column is a home run**, a King with the cards down from it by suit. Take a
//!    shortest winning line and its last such move of `c`: `c+1`, the run's last card then,
//!    stays there until `c` moves again (a move of `c+1` to a cell would be a later such
//!    move), so `c` next goes up or back onto `c+1`; the line without that move, and without
//!    `c`'s move back or with `c` going up from its column, is shorter and wins (every other
//!    move sees one more free cell and the same cards).
//! 5. **its run goes into the cells only whole.** Let a shortest winning line begin with that
//!    move; its *run* is `r1 … rm` (`rm` = `c`, `r1` not on the card it fits). Until the first
//!    move of `r1`, the run's cards that leave go into cells from the top and stay there: one
//!    that came back, or went up (the others wait for `c`, which would go up from its
//!    column), could keep its place, a shorter line. That move exists (`r1` goes up only after
//!    `c`), and takes `r1` and the cards on it into a cell, onto the card `r1` fits or into an
//!    empty column; moving the run's moves into cells to just before it passes moves that do
//!    not touch the run's cards and only gain a free cell, so the line is as short. Into a
//!    cell, the run went into `m` cells in a row: the step, and `m` is at most the free
//!    cells. Else `m - k` cards
//!    moved with `k` cells full: `m ≤ f + 1`, so the whole run could have moved there first,
//!    its `k` last cards then into the cells, as short, to the same position (the cards that
//!    go up after it are the same). Doing this for each such first move in turn (a run's
//!    moves, once together, stay so) gives a shortest winning line that begins with a move
//!    the search makes, or with a step. (Seahaven deal 73, the exact search alone: proven
//!    lost at 178,074 positions against 570,822 without the rules, 220,566 with the moves
//!    left out but no step.)
//!
//! Positions are told apart by their whole canonical keys: the table of positions seen
//! (`Seen`) finds the stored positions by a 64-bit [`Game::fingerprint`], which equal
//! positions share, and a child is called seen only when its key equals a stored one's. So a
//! fingerprint shared by two positions costs a comparison more, never a position missed.
//! A child's fingerprint, distance and key are worked out without playing it
//! ([`super::preview`], [`Game::key_after`]), its key only when the table holds a position
//! of its fingerprint or it is new; only children after which FC-AUTO sends cards up are
//! played.
//!
//! One kind of child is not even looked up, because it is always a position stored already
//! (so the search is the same, position for position, as one that looks it up; a test holds
//! it so): a move of the card that the move to the position being expanded (its parent `G`
//! to it) placed, when that card moved alone and nothing went up after it. The child is `G`
//! with the card moved straight to its new place, which is `G` itself (the card put back, or
//! a card in a cell put in another cell, or a column's only card put in an empty column) or
//! one of `G`'s children: a single card to a cell (`G` had the cell free, since the card
//! left no cell behind), onto a card (last in its column in `G` too, or the card it lay on
//! in `G`), or into an empty column (empty in `G` too, or the one it left); every one of
//! those is among `G`'s moves. (Rules 4 and 5 leave none of them out: they leave out only a
//! card lying on the card it fits going into a cell alone; such a card leaves that place only
//! for a cell, by a step of rule 5, which is played, so no move after it is skipped.) `G`'s children were all stored while `G` was expanded, before
//! any of them was.
//!
//! The budget is positions stored, the memory of the search's tables, and the host's "keep
//! going?" ([`Limits`]): rulesets read no clock, the host's callback does.

use super::buckets::Buckets;
use super::position::{Game, Key, Move, Pos, KEY_LEN};
use felt_core::analysis::Stopped;
use felt_patience::search::{room_bytes, Limits};
use std::mem::size_of;

mod seen;

use seen::Seen;

/// How a search ended.
pub type Outcome = felt_patience::search::Outcome<Move>;

/// A search's answer and its cost.
pub type Report = felt_patience::search::Report<Move>;

const ROOT: u32 = u32::MAX;
const NOT_PLAYED: u8 = u8::MAX;
/// What one move more costs against [`Game::distance`]. Pure distance (greedy best-first)
/// wanders into plateaus of look-alike positions on a few deals in a hundred; charging for
/// the line's length pulls the search back to shorter lines. Over deals 1..=2000 at 300,000
/// positions (examples/freecell_deals.rs), no charge left 5 deals undecided, a charge of ½ left 3, of 1
/// one deal, of 2 none.
pub const DEPTH_COST: i32 = 2;

/// The positions the tables have room for from the start.
const START_ROOM: usize = 4096;

/// Searches from `start` (FC-AUTO applied first) until a win, a proof, or `limits` stop it.
pub fn search(game: &Game, start: &Pos, limits: &Limits<'_>) -> Report {
    let mut exact = Exact::new(game, start);
    let outcome = exact.run(limits, u64::MAX, 0, 0);
    exact.report(outcome)
}

/// The exact search, which can stop after some positions and go on later from where it
/// stopped (as the win finder's scans do, see [`super::fast::solve`]).
pub struct Exact {
    game: Game,
    seen: Seen,
    // Each position stored, by number (the start is 0): its canonical key, its parent and
    // the move to it, and the length of its line.
    keys: Vec<Key>,
    links: Vec<(u32, Move)>,
    // Whether the move to each position sent nothing up (no FC-AUTO after it, not to a
    // foundation).
    quiet: Vec<bool>,
    depth: Vec<u16>,
    open: Buckets<u32>,
    moves: Vec<Move>,
    // The children of the position being expanded: the move, the fingerprint, the distance
    // and where in `played` the child is (`NOT_PLAYED` for not played).
    children: Vec<(Move, u64, i32, u8)>,
    played: Vec<Pos>,
    peak: usize,
    // Whether it skips the moves of the card just placed (see the module's docs); only a
    // test turns it off, to show the search the same without.
    skip_placed: bool,
    // Whether it leaves out the moves of rules 4 and 5 (see the module's docs) where the game
    // allows; only a test turns it off, to show the search the plain one without.
    park_whole: bool,
    // What the search ended with, once it has, and what stopped it if undecided.
    ended: Option<Outcome>,
    stopped: Stopped,
}

impl Exact {
    /// A search from `start`, nothing searched yet.
    pub fn new(game: &Game, start: &Pos) -> Exact {
        let mut first = *start;
        game.reweigh(&mut first);
        game.auto(&mut first);
        let mut exact = Exact {
            game: *game,
            seen: Seen::with_capacity(START_ROOM),
            keys: Vec::with_capacity(START_ROOM),
            links: Vec::with_capacity(START_ROOM),
            quiet: Vec::with_capacity(START_ROOM),
            depth: Vec::with_capacity(START_ROOM),
            open: Buckets::with_capacity(START_ROOM),
            moves: Vec::with_capacity(64),
            children: Vec::with_capacity(64),
            played: Vec::with_capacity(64),
            peak: 0,
            skip_placed: true,
            park_whole: game.parks_whole(),
            ended: None,
            stopped: Stopped::Decided,
        };
        if game.won(&first) {
            exact.ended = Some(Outcome::Won(Vec::new()));
        }
        exact.seen.insert(game.fingerprint(&first));
        exact.keys.push(game.key(&first));
        exact.quiet.push(false);
        exact.links.push((
            ROOT,
            Move {
                card: 0,
                dest: super::Dest::Cell,
            },
        ));
        exact.depth.push(0);
        exact.open.push(game.distance(&first), 0);
        exact
    }

    /// Positions stored so far.
    pub fn states(&self) -> u64 {
        self.keys.len() as u64
    }

    /// The memory its tables will hold once they have room for a few more positions.
    pub fn bytes(&self) -> usize {
        self.seen.bytes()
            + room_bytes(self.keys.len(), self.keys.capacity(), size_of::<Key>())
            + room_bytes(
                self.links.len(),
                self.links.capacity(),
                size_of::<(u32, Move)>(),
            )
            + room_bytes(self.quiet.len(), self.quiet.capacity(), 1)
            + room_bytes(self.depth.len(), self.depth.capacity(), size_of::<u16>())
            + self.open.bytes()
    }

    /// The report of what [`Exact::run`] found (`None`: paused, so reported as stopped by
    /// the positions budget).
    pub fn report(&self, outcome: Option<Outcome>) -> Report {
        match outcome {
            Some(Outcome::Undecided) => Report::undecided(self.states(), self.stopped),
            Some(outcome) => Report::new(outcome, self.states()),
            None => Report::undecided(self.states(), Stopped::States),
        }
        .holding(self.peak as u64)
    }

    /// The most memory its tables held, in bytes.
    pub fn peak(&self) -> usize {
        self.peak
    }

    /// Searches on until a win, a proof, `limits` stopping it (asked with `other_states`
    /// positions and `other_bytes` bytes of other searches added: then an undecided outcome,
    /// for good, since the position being expanded is left with only some of its children),
    /// or (`None`) its own positions reaching `pause_at`, checked between positions taken
    /// out: then a later call goes on from there.
    pub fn run(
        &mut self,
        limits: &Limits<'_>,
        pause_at: u64,
        other_states: u64,
        other_bytes: usize,
    ) -> Option<Outcome> {
        if let Some(ended) = &self.ended {
            return Some(ended.clone());
        }
        let outcome = self.expand(limits, pause_at, other_states, other_bytes);
        if outcome.is_some() {
            self.ended.clone_from(&outcome);
        }
        outcome
    }

    fn expand(
        &mut self,
        limits: &Limits<'_>,
        pause_at: u64,
        other_states: u64,
        other_bytes: usize,
    ) -> Option<Outcome> {
        let game = self.game;
        while self.states() < pause_at {
            let Some(node) = self.open.pop() else {
                return Some(Outcome::Lost);
            };
            let mut pos = game.unpack_unweighed(&self.keys[node as usize]);
            let parent = game.parent_settling(&mut pos);
            let sorted = game.columns_by_hash(&pos);
            game.moves(&pos, &mut self.moves);
            if self.park_whole {
                game.park_runs(&pos, &mut self.moves);
            }
            let d = self.depth[node as usize] + 1;
            // The children's fingerprints and distances first (played only where that
            // needs it), and a look at where each would be in the tables: the lookups then
            // find what they read waiting, rather than each waiting for memory in turn.
            self.children.clear();
            self.played.clear();
            let mut touched = 0u64;
            // The card the move to this position placed, when it moved alone and nothing
            // went up after it (see the module's docs: its moves give seen positions).
            let last = self.links[node as usize].1;
            let placed =
                (self.skip_placed && self.quiet[node as usize] && parent.alone(&pos, last.card))
                    .then_some(last.card);
            for &m in &self.moves {
                if Some(m.card) == placed {
                    continue;
                }
                let child = match game.preview(&pos, &parent, m, 0) {
                    Some((fingerprint, distance)) => (m, fingerprint, distance, NOT_PLAYED),
                    None => {
                        let mut child = pos;
                        game.play(&mut child, m);
                        self.played.push(child);
                        let n = self.played.len() as u8 - 1;
                        (m, game.fingerprint(&child), game.distance(&child), n)
                    }
                };
                self.children.push(child);
            }
            // Each child's first slot, every load at once; then the keys those name.
            let mut firsts = [0u64; 64];
            for (first, child) in firsts.iter_mut().zip(&self.children) {
                *first = self.seen.first_slot(child.1);
            }
            for (first, child) in firsts.iter().zip(&self.children) {
                if let Some(n) = self.seen.candidate(*first, child.1) {
                    touched ^= u64::from(self.keys[n as usize][KEY_LEN / 2]);
                }
            }
            std::hint::black_box(touched);
            for k in 0..self.children.len() {
                let (m, fingerprint, distance, played) = self.children[k];
                let next = (played != NOT_PLAYED).then(|| self.played[played as usize]);
                let mut key: Option<Key> = None;
                let keys = &self.keys;
                let mut key_of_next = || -> Key {
                    *key.get_or_insert_with(|| match &next {
                        Some(child) => game.key(child),
                        None => game.key_after(&pos, &parent, m, &sorted),
                    })
                };
                if self
                    .seen
                    .find(fingerprint, |n| keys[n as usize] == key_of_next())
                    .is_some()
                {
                    continue;
                }
                let key = key_of_next();
                let id = self.keys.len() as u32;
                self.links.push((node, m));
                self.quiet
                    .push(played == NOT_PLAYED && m.dest != super::Dest::Foundation);
                self.seen.insert(fingerprint);
                self.keys.push(key);
                self.depth.push(d);
                // Only a played child can be won: a preview is of a move that sends nothing
                // up after it.
                if next.is_some_and(|child| game.won(&child)) {
                    return Some(Outcome::Won(self.line(id)));
                }
                self.open.push(distance + DEPTH_COST * d as i32, id);
                let mut peak = self.peak;
                let stop = limits.stop(other_states + self.states(), &mut peak, || {
                    other_bytes + self.bytes()
                });
                self.peak = peak;
                if let Some(stopped) = stop {
                    self.stopped = stopped;
                    self.ended = Some(Outcome::Undecided);
                    return Some(Outcome::Undecided);
                }
            }
        }
        None
    }

    fn line(&self, mut id: u32) -> Vec<Move> {
        let mut out = Vec::new();
        while id != 0 {
            let (parent, m) = self.links[id as usize];
            out.push(m);
            id = parent;
        }
        out.reverse();
        out
    }
}

#[cfg(test)]
mod tests;
