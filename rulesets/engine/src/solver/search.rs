//! The engine's one search: best first over the engine's own [`State`], its moves exactly the
//! legal ones ([`Play::legal`], carried out by [`Play::perform`]), each table stored once by
//! its key ([`Searcher::key`], the module docs of [`super`] say what it leaves out and why).
//!
//! It runs in two modes. [`Mode::Solve`] looks for a win and, when every table reachable has
//! been seen without one, proves the loss. [`Mode::Honest`] stops every line at the first
//! action that shows the player a card they have not seen ([`super::hidden`] falls), never
//! looking past it: such a line is a *way on*, and the search answers the best one it finds
//! (or a win, when one lies among the tables the player can reach without learning anything).
//! Its order reads only what the player sees ([`Searcher::distance`]), so the hint it gives is
//! the same whatever the hidden cards are.

use super::hidden;
use crate::engine::Engine;
use crate::play::{Play, State};
use crate::vocabulary::{Automatic, StockDeal, Win};
use felt_core::analysis::Stopped;
use felt_core::Action;
use felt_patience::search::{room_bytes, KeySet, Limits, Open};
use std::collections::BinaryHeap;
use std::mem::size_of;

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A win, with every card read (full information).
    Solve,
    /// A win or a way on among the tables the player can reach without seeing a new card.
    Honest,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A line that wins.
    Won(Vec<Action>),
    /// A line whose last action shows a card the player has not seen ([`Mode::Honest`]).
    WayOn(Vec<Action>),
    /// Every table reachable (without a new card, in [`Mode::Honest`]) was seen: no line wins
    /// (nor, honestly, shows a new card).
    Exhausted,
    /// The budget stopped it first.
    Stopped(Stopped),
}

/// A search's answer and its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// What it found.
    pub found: Found,
    /// Tables stored.
    pub states: u64,
    /// The most memory held, in bytes.
    pub peak_bytes: u64,
}

/// What one move more costs against [`Searcher::distance`]: charging for a line's length
/// keeps the search from wandering among look-alike tables (as FreeCell's `DEPTH_COST`).
/// Paired on the same deals at 1 s of CPU (examples/solve_games.rs), a charge of 1 left
/// FreeCell deals 1..=200 10 undecided and Baker's Dozen deals 1..=40 26; a charge of 2, 2
/// and 20.
const DEPTH_COST: i32 = 2;

/// An honest line that ends in a deal rather than a card turned in a column costs this much
/// more: a card turned is known progress, a deal may only cycle the stock.
const DEAL_COST: i32 = 2;

/// The search's view of one game.
pub struct Searcher<'e> {
    engine: &'e Engine,
    play: &'e Play,
    /// Whether columns and cells may be taken in any order ([`super`]'s rule 2).
    symmetric: bool,
    /// Whether a foundation is keyed by its size and top card alone ([`super`]'s rule 3).
    foundation_tops: bool,
}

/// An item of the open list: a table to expand, or a way on found (the action from its
/// parent that shows a new card).
enum Item {
    Table(State),
    WayOn(Action),
}

const ROOT: u32 = u32::MAX;

impl<'e> Searcher<'e> {
    /// The searcher for `engine`'s game.
    pub fn new(engine: &'e Engine) -> Searcher<'e> {
        let play = engine.play();
        let g = &play.game;
        // Rule 2 (module docs of `super`): every rule treats all columns, all cells and all
        // foundations alike, except a stock dealt onto the columns (the i-th card to the i-th
        // column), a stock dealt onto the first foundation of several, and cards sent up by
        // `automatic = "all"`, whose order picks which card goes first.
        let symmetric = g.stock.is_none_or(|s| {
            s.deal != StockDeal::Columns
                && (s.deal != StockDeal::Foundation || g.foundations.count == 1)
        }) && g.automatic != Automatic::All;
        // Rule 3: with no card ever coming back down, only a foundation's size and top card
        // are read, except by the safe rule, which reads its cards only where they follow
        // from those two.
        let foundation_tops = !g.foundations.back;
        Searcher {
            engine,
            play,
            symmetric,
            foundation_tops,
        }
    }

    /// The table's key: everything the rules read, without the score and the move count, and
    /// with the reorderings of rules 2 and 3 taken out.
    pub fn key(&self, s: &State, buf: &mut Vec<u8>) {
        buf.clear();
        let mut spans: Vec<(usize, usize)> = Vec::with_capacity(s.columns.len());
        for c in &s.columns {
            let start = buf.len();
            // At most 104 cards face down: the marker byte is no card's (cards are < 0x40).
            buf.push(0x80 | (c.down.min(0x7f) as u8));
            buf.extend(c.cards.iter().map(|c| c.to_byte()));
            spans.push((start, buf.len()));
        }
        if self.symmetric {
            let columns = buf.clone();
            spans.sort_by(|a, b| columns[a.0..a.1].cmp(&columns[b.0..b.1]));
            buf.clear();
            for (a, b) in spans {
                buf.extend_from_slice(&columns[a..b]);
            }
        }
        let cells_at = buf.len();
        buf.extend(s.cells.iter().map(|c| c.map_or(0xff, |c| c.to_byte())));
        if self.symmetric {
            buf[cells_at..].sort_unstable();
        }
        let found_at = buf.len();
        let mut founds: Vec<(usize, usize)> = Vec::with_capacity(s.foundations.len());
        for f in &s.foundations {
            let start = buf.len();
            buf.push(0xf0);
            buf.push(f.len() as u8);
            if self.foundation_tops {
                buf.push(f.last().map_or(0xff, |c| c.to_byte()));
            } else {
                buf.extend(f.iter().map(|c| c.to_byte()));
            }
            founds.push((start, buf.len()));
        }
        if self.symmetric && founds.len() > 1 {
            let all = buf[found_at..].to_vec();
            founds.sort_by(|a, b| {
                all[a.0 - found_at..a.1 - found_at].cmp(&all[b.0 - found_at..b.1 - found_at])
            });
            buf.truncate(found_at);
            for (a, b) in founds {
                buf.extend_from_slice(&all[a - found_at..b - found_at]);
            }
        }
        for (marker, pile) in [(0xf1, &s.reserve), (0xf2, &s.stock), (0xf3, &s.waste)] {
            buf.push(marker);
            buf.push(pile.len() as u8);
            buf.extend(pile.iter().map(|c| c.to_byte()));
        }
        buf.push(s.redeals.map_or(0xff, |r| r));
        buf.push(s.base.number());
    }

    /// How far `s` looks from a win, from what the player sees only: the cards still to go
    /// (up, or into their runs), the face-down cards, and the face-up cards lying on one they
    /// do not build on. Lower is nearer.
    pub fn distance(&self, s: &State) -> i32 {
        let play = self.play;
        let down: usize = s.columns.iter().map(|c| c.down).sum();
        let mut breaks = 0usize;
        let mut settled = 0usize;
        for c in &s.columns {
            let up = &c.cards[c.down.min(c.cards.len())..];
            breaks += up
                .windows(2)
                .filter(|w| !play.build.follows(w[0], w[1]))
                .count();
            if play.game.win == Win::Sequences && c.down == 0 {
                // The run from the bottom that is already where a win wants it.
                settled += run_from_king(&c.cards);
            }
        }
        let to_go = match play.game.win {
            Win::Foundations => {
                play.game.cards() as usize - s.foundations.iter().map(Vec::len).sum::<usize>()
            }
            Win::Sequences => {
                let removed: usize = s.foundations.iter().map(Vec::len).sum();
                play.game.cards() as usize - removed - settled
            }
        };
        let cells = s.cells.iter().filter(|c| c.is_some()).count();
        (4 * to_go + 4 * down + 2 * breaks + cells) as i32
    }

    /// Whether `action` from `before` to `after` shows the player a card they had not seen.
    fn shows_new(&self, before: &State, after: &State) -> bool {
        hidden(self.play, after) < hidden(self.play, before)
    }

    /// Searches from `start` in `mode` within `limits`.
    pub fn search(&self, start: &State, mode: Mode, limits: &Limits<'_>) -> Searched {
        let play = self.play;
        let done = |found, states: usize, peak: usize| Searched {
            found,
            states: states as u64,
            peak_bytes: peak as u64,
        };
        if play.won(start) {
            return done(Found::Won(Vec::new()), 1, 0);
        }
        let mut buf = Vec::with_capacity(256);
        let mut seen: KeySet<Box<[u8]>> = KeySet::default();
        let mut key_bytes = 0usize;
        let mut nodes: Vec<(u32, Action)> = Vec::new();
        let mut depth: Vec<u16> = Vec::new();
        let mut open: BinaryHeap<Open<Item>> = BinaryHeap::new();
        self.key(start, &mut buf);
        key_bytes += buf.len() + 16;
        seen.insert(buf.clone().into_boxed_slice());
        open.push(Open {
            priority: self.distance(start),
            node: ROOT,
            item: Item::Table(start.clone()),
        });
        // A table's cards and piles, as the open list holds them.
        let state_bytes = size_of::<Open<Item>>()
            + play.game.cards() as usize
            + 32 * (start.columns.len() + start.foundations.len() + 5);
        let held =
            |seen: &KeySet<Box<[u8]>>, key_bytes: usize, nodes: &Vec<_>, open: &BinaryHeap<_>| {
                room_bytes(
                    seen.len(),
                    seen.capacity(),
                    (size_of::<Box<[u8]>>() + 1) * 8 / 7,
                ) + key_bytes
                    + room_bytes(
                        nodes.len(),
                        nodes.capacity(),
                        size_of::<(u32, Action)>() + 2,
                    )
                    + room_bytes(open.len(), open.capacity(), state_bytes)
            };
        let mut peak = 0usize;
        let mut legal = Vec::with_capacity(64);
        while let Some(Open { node, item, .. }) = open.pop() {
            let here = match item {
                Item::WayOn(action) => {
                    let mut way = line(&nodes, node);
                    way.push(action);
                    return done(Found::WayOn(way), seen.len(), peak);
                }
                Item::Table(state) => state,
            };
            let d = if node == ROOT {
                0
            } else {
                depth[node as usize]
            };
            legal.clear();
            play.legal(&here, &mut legal);
            for action in legal.drain(..) {
                let mut next = here.clone();
                play.perform(&mut next, &action);
                if play.won(&next) {
                    let mut way = line(&nodes, node);
                    way.push(action);
                    return done(Found::Won(way), seen.len() + 1, peak);
                }
                if mode == Mode::Honest && self.shows_new(&here, &next) {
                    // A way on: ranked by the table it leaves from (the player knows it) and
                    // the length of its line, never by what it shows.
                    let deal = matches!(action, Action::Deal { .. })
                        || next.stock.len() < here.stock.len();
                    open.push(Open {
                        priority: self.distance(&here)
                            + DEPTH_COST * i32::from(d)
                            + if deal { DEAL_COST } else { 0 },
                        node,
                        item: Item::WayOn(action),
                    });
                    continue;
                }
                self.key(&next, &mut buf);
                if seen.contains(buf.as_slice()) {
                    continue;
                }
                key_bytes += buf.len() + 16;
                seen.insert(buf.clone().into_boxed_slice());
                let id = nodes.len() as u32;
                nodes.push((node, action));
                depth.push(d.saturating_add(1));
                let stop = limits.stop(seen.len() as u64, &mut peak, || {
                    held(&seen, key_bytes, &nodes, &open)
                });
                if let Some(stopped) = stop {
                    // An honest search stopped by its budget still gives the best way on it
                    // has found: the hint of a budget, never a claim.
                    let best = open
                        .into_iter()
                        .filter(|o| matches!(o.item, Item::WayOn(_)))
                        .min_by_key(|o| (o.priority, std::cmp::Reverse(o.node)));
                    if let Some(Open {
                        node,
                        item: Item::WayOn(action),
                        ..
                    }) = best
                    {
                        let mut way = line(&nodes, node);
                        way.push(action);
                        return done(Found::WayOn(way), seen.len(), peak);
                    }
                    return done(Found::Stopped(stopped), seen.len(), peak);
                }
                open.push(Open {
                    priority: self.distance(&next) + DEPTH_COST * (i32::from(d) + 1),
                    node: id,
                    item: Item::Table(next),
                });
            }
        }
        done(Found::Exhausted, seen.len(), peak)
    }

    /// `actions` replayed from `state` through the ruleset: `Some` only if every one is
    /// accepted, and then the table they lead to.
    pub fn replay(&self, state: &State, actions: &[Action]) -> Option<State> {
        use felt_core::Ruleset;
        let mut now = state.clone();
        for a in actions {
            self.engine.apply(&mut now, a).ok()?;
        }
        Some(now)
    }
}

/// The cards from the bottom of a column that are one suit built down from a King.
fn run_from_king(cards: &[felt_core::Card]) -> usize {
    let Some(first) = cards.first() else {
        return 0;
    };
    if first.rank().number() != 13 {
        return 0;
    }
    1 + cards
        .windows(2)
        .take_while(|w| {
            w[0].suit() == w[1].suit() && w[0].rank().number() == w[1].rank().number() + 1
        })
        .count()
}

fn line(nodes: &[(u32, Action)], mut id: u32) -> Vec<Action> {
    let mut out = Vec::new();
    while id != ROOT {
        let (parent, a) = &nodes[id as usize];
        out.push(a.clone());
        id = *parent;
    }
    out.reverse();
    out
}
