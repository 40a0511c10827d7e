//! Best-first search over canonical positions with a table of every position seen.
//!
//! The same search wins and proves: it takes the open position whose distance from a win
//! ([`Game::distance`]) plus the length of its line (`DEPTH_COST` a move) is least, and
//! stops at the first won position. When no open position is left
//! the search has seen every position reachable from the start, so the deal is lost. That
//! proof rests on three things, each sound:
//!
//! 1. **Moves are complete.** [`Game::moves`] lists every single-card move to each kind of
//!    place, and a group move is a sequence of such moves, so every position the game can
//!    reach is reached by the search. Leaving out moving a whole column into an empty one
//!    loses nothing: it gives the same canonical position.
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
//! The budget is positions stored, the memory of the search's tables, and the host's "keep
//! going?" ([`Limits`]): rulesets read no clock, the host's callback does.

use super::position::{Game, Key, Move, Pos};
use felt_patience::search::{room_bytes, KeyMap, Limits, Open};
use std::collections::BinaryHeap;
use std::mem::size_of;

/// How a search ended.
pub type Outcome = felt_patience::search::Outcome<Move>;

/// A search's answer and its cost.
pub type Report = felt_patience::search::Report<Move>;

type Seen = KeyMap<Key, u32>;

const ROOT: u32 = u32::MAX;
/// What one move more costs against [`Game::distance`]. Pure distance (greedy best-first)
/// wanders into plateaus of look-alike positions on a few deals in a hundred; charging for
/// the line's length pulls the search back to shorter lines. Over deals 1..=2000 at 300,000
/// positions (examples/freecell_deals.rs), no charge left 5 deals undecided, a charge of ½ left 3, of 1
/// one deal, of 2 none.
pub const DEPTH_COST: i32 = 2;

/// Searches from `start` (FC-AUTO applied first) until a win, a proof, or `limits` stop it.
pub fn search(game: &Game, start: &Pos, limits: &Limits<'_>) -> Report {
    let mut first = *start;
    game.auto(&mut first);
    if game.won(&first) {
        return Report::new(Outcome::Won(Vec::new()), 1);
    }
    let mut seen = Seen::default();
    let mut nodes: Vec<(u32, Move)> = Vec::new();
    let mut depth: Vec<u16> = Vec::new();
    let mut open = BinaryHeap::new();
    let key = game.key(&first);
    seen.insert(key, ROOT);
    open.push(Open {
        priority: game.distance(&first),
        node: ROOT,
        item: key,
    });
    let mut moves = Vec::with_capacity(64);
    // The tables' room, each entry at its size (a map's slots with their control bytes).
    let held = |seen: &Seen, nodes: &Vec<(u32, Move)>, depth: &Vec<u16>, open: &BinaryHeap<_>| {
        room_bytes(
            seen.len(),
            seen.capacity(),
            (size_of::<(Key, u32)>() + 1) * 8 / 7,
        ) + room_bytes(nodes.len(), nodes.capacity(), size_of::<(u32, Move)>())
            + room_bytes(depth.len(), depth.capacity(), 2)
            + room_bytes(open.len(), open.capacity(), size_of::<Open<Key>>())
    };
    let mut peak = 0usize;
    while let Some(Open {
        node, item: key, ..
    }) = open.pop()
    {
        let pos = game.from_key(&key);
        game.moves(&pos, &mut moves);
        for &m in &moves {
            let mut next: Pos = pos;
            game.play(&mut next, m);
            let k = game.key(&next);
            if seen.contains_key(&k) {
                continue;
            }
            let id = nodes.len() as u32;
            nodes.push((node, m));
            let d = if node == ROOT {
                1
            } else {
                depth[node as usize] + 1
            };
            depth.push(d);
            if game.won(&next) {
                return Report::new(Outcome::Won(line(&nodes, id)), seen.len() as u64 + 1)
                    .holding(peak as u64);
            }
            seen.insert(k, id);
            let stop = limits.stop(seen.len() as u64, &mut peak, || {
                held(&seen, &nodes, &depth, &open)
            });
            if let Some(stopped) = stop {
                return Report::undecided(seen.len() as u64, stopped).holding(peak as u64);
            }
            open.push(Open {
                priority: game.distance(&next) + DEPTH_COST * d as i32,
                node: id,
                item: k,
            });
        }
    }
    Report::new(Outcome::Lost, seen.len() as u64).holding(peak as u64)
}

fn line(nodes: &[(u32, Move)], mut id: u32) -> Vec<Move> {
    let mut out = Vec::new();
    while id != ROOT {
        let (parent, m) = nodes[id as usize];
        out.push(m);
        id = parent;
    }
    out.reverse();
    out
}
