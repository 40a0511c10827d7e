//! Rule 14 of the solver ([`super`]): where one card moves at a time, a full-information
//! search also carries a built run from a column onto another, or into an empty column, in
//! one step: the single moves that carry it card by card through the free cells and the other
//! empty columns. A player moves such a run in more moves than it has cards; a search that
//! stores every table on the way (each card parked, each put back) spends its budget on tables
//! that only lead on to the same one. (King Albert deals 1..1000 at 1 s, paired: 30 -> 24
//! undecided, the same as reading its deals with `move = "supermove"`; docs/engine-figures.md.)
//!
//! **Where it holds** ([`Carry::of`]): the game moves single cards (`move = "single"`), has
//! free cells or empty columns that take any card, no stock, no space that fills by itself
//! and no columns that cover each other. It would be as sound with a stock, but did harm
//! there: in the Forty Thieves family (two packs, a stock dealt once) the searches stored
//! about twice the tables on the deals they decided both ways (Lucas deals 1..100 at 1 s,
//! CPU 0.33 -> 1.7 s; Limited 32 -> 29 undecided, CPU of the deals both decide 2.7 times),
//! and 1.8 times still where runs went only onto other columns.
//!
//! **Why it loses nothing.** A step is listed where the cells and spaces can hold the run
//! ([`Carry::list`]); it is carried out by its single moves, worked out by [`plan`], each
//! checked by the ruleset's own [`Play::check`] and then made with whatever goes up by itself
//! after it ([`perform`]), so the table it leads to is the one those moves lead to. Where one
//! of them is refused (a card that went up by itself on the way let a parked one go up too),
//! the step leads back to the table it was taken from, which the search has stored already:
//! no new table. So a step only adds a way to a table the single moves reach anyway: every
//! single move is still tried, and a search that stores every table stores the same ones. The
//! rules that leave moves out are untouched: rule 11 counts no step as a plain move, and
//! where rule 12 or 13 tries one move alone, no step is added beside it. A line found is
//! spelled out card by card ([`spell`]) before the ruleset replays it.

use super::park::{self, Park};
use crate::play::{Pile, Play, State};
use crate::vocabulary::{Empty, Group};
use felt_core::{Action, Event};

/// Where a search carries runs: which piles park a card on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carry {
    /// Whether an empty column takes any card (so parks one, and takes a run).
    spaces: bool,
}

impl Carry {
    /// The carrying of `play`'s game, where rule 14 holds (module docs).
    pub fn of(play: &Play) -> Option<Carry> {
        let g = &play.game;
        let spaces = g.empty == Empty::Any;
        (g.group == Group::Single
            && g.stock.is_none()
            && !play.fills_itself()
            && !play.covers
            && (g.cells > 0 || spaces))
            .then_some(Carry { spaces })
    }

    /// Puts on the end of `out` each step that carries a run of two cards or more from `s`
    /// ([`is_step`]): onto a column's last card that takes the run's first, or into the first
    /// empty column, where the cells and the other spaces can hold it (one card more than the
    /// free cells, doubled for each space). Its single moves are checked as it is carried
    /// out ([`perform`]).
    pub fn list(&self, play: &Play, s: &State, out: &mut Vec<Action>) {
        let cells = s.cells.iter().filter(|c| c.is_none()).count();
        let spaces = if self.spaces {
            s.columns.iter().filter(|c| c.cards.is_empty()).count()
        } else {
            0
        };
        let first_space = s.columns.iter().position(|c| c.cards.is_empty());
        let ids = play.ids;
        let mut push = |a: usize, i: usize, b: usize| {
            if let Ok(index) = u16::try_from(i) {
                out.push(Action::Move {
                    from: ids.id(Pile::Column(a)),
                    index,
                    to: ids.id(Pile::Column(b)),
                });
            }
        };
        for (a, column) in s.columns.iter().enumerate() {
            let cards = &column.cards;
            if cards.len() < 2 {
                continue;
            }
            // The run on top, built by the columns' rule.
            let mut start = cards.len() - 1;
            while start > column.down && play.follows.build.follows(cards[start - 1], cards[start])
            {
                start -= 1;
            }
            if start == cards.len() - 1 {
                continue;
            }
            // The run's cards but its last, as bits by card byte: a target whose last card
            // takes none of them is passed over without a look at the run.
            let run = cards[start..cards.len() - 1]
                .iter()
                .fold(0u64, |bits, c| bits | 1 << (c.to_byte() & 63));
            for (b, target) in s.columns.iter().enumerate() {
                if a == b {
                    continue;
                }
                match target.cards.last() {
                    Some(&top) if play.follows.build.row(top) & run == 0 => {}
                    Some(&top) => {
                        let room = capacity(cells, spaces);
                        let first = (start..cards.len() - 1)
                            .find(|&i| play.follows.build.follows(top, cards[i]));
                        if let Some(i) = first.filter(|&i| cards.len() - i <= room) {
                            push(a, i, b);
                        }
                    }
                    // A run into an empty column: the first one only (another is alike up to
                    // the columns' order), never a whole column, and it parks in the others.
                    None if self.spaces && first_space == Some(b) => {
                        let room = capacity(cells, spaces - 1);
                        let longest = (cards.len() - start).min(room);
                        for i in (cards.len() - longest).max(1)..cards.len() - 1 {
                            push(a, i, b);
                        }
                    }
                    None => {}
                }
            }
        }
    }
}

/// The cards the free cells and empty columns can carry card by card: one more than the
/// cells, doubled for each empty column.
fn capacity(cells: usize, spaces: usize) -> usize {
    (cells + 1) << spaces.min(16)
}

/// Whether `action` from `s` is a step of rule 14 or of rule 15 ([`super::park`]).
pub fn is_step(play: &Play, s: &State, action: &Action) -> bool {
    carried(play, s, action) || park::is_step(play, s, action)
}

/// Whether `action` from `s` is a step of rule 14: a move of two cards or more from a column
/// in a game that moves one card at a time (the ruleset lists none such).
fn carried(play: &Play, s: &State, action: &Action) -> bool {
    if play.game.group != Group::Single {
        return false;
    }
    let &Action::Move { from, index, .. } = action else {
        return false;
    };
    matches!(play.ids.pile(from), Some(Pile::Column(a))
            if s.columns.get(a).is_some_and(|c| usize::from(index) + 1 < c.cards.len()))
}

/// The single moves, each a pile's last card to a pile, that carry the cards of column `a`
/// from `index` on to column `b` in `s`, parking them in the free cells and the empty
/// columns (but `b`): `None` where they cannot hold the run.
pub fn plan(
    s: &State,
    spaces_park: bool,
    (a, index, b): (usize, usize, usize),
) -> Option<Vec<(Pile, Pile)>> {
    let n = s.columns.get(a)?.cards.len().checked_sub(index)?;
    let cells: Vec<usize> = (0..s.cells.len())
        .filter(|&i| s.cells[i].is_none())
        .collect();
    let spaces: Vec<usize> = if spaces_park {
        (0..s.columns.len())
            .filter(|&i| i != a && i != b && s.columns[i].cards.is_empty())
            .collect()
    } else {
        Vec::new()
    };
    if n == 0 || n > capacity(cells.len(), spaces.len()) {
        return None;
    }
    let mut out = Vec::new();
    carry(
        n,
        Pile::Column(a),
        Pile::Column(b),
        &cells,
        &spaces,
        &mut out,
    );
    Some(out)
}

/// Carries the last `n` cards of `from` on to `to` by single moves into `out`, parking them
/// in `cells` and the empty columns `spaces`; `n` is at most their [`capacity`]. With room in
/// the cells for all but the first, they wait there; else half of them, at most what the
/// other spaces carry, go to the first space (carried the same way), the rest go on to
/// `to`, and the half parked follows them.
fn carry(
    n: usize,
    from: Pile,
    to: Pile,
    cells: &[usize],
    spaces: &[usize],
    out: &mut Vec<(Pile, Pile)>,
) {
    if n <= cells.len() + 1 {
        for &c in &cells[..n - 1] {
            out.push((from, Pile::Cell(c)));
        }
        out.push((from, to));
        for &c in cells[..n - 1].iter().rev() {
            out.push((Pile::Cell(c), to));
        }
        return;
    }
    let Some((&space, rest)) = spaces.split_first() else {
        return;
    };
    let room = capacity(cells.len(), rest.len());
    if n <= room {
        carry(n, from, to, cells, rest, out);
        return;
    }
    let parked = n - room;
    let space = Pile::Column(space);
    carry(parked, from, space, cells, rest, out);
    carry(room, from, to, cells, rest, out);
    carry(parked, space, to, cells, rest, out);
}

/// Carries out the step `action` ([`is_step`]) on `next`, the table it is taken from, by its
/// single moves, each checked by the ruleset first and then made with what follows it by
/// itself; whether all were legal (if not, `next` is left part way).
pub fn perform(play: &Play, next: &mut State, action: &Action, events: &mut Vec<Event>) -> bool {
    carry_out(play, next, action, events, |_| {})
}

/// [`perform`], handing each single move to `made` as it is made.
fn carry_out(
    play: &Play,
    next: &mut State,
    action: &Action,
    events: &mut Vec<Event>,
    mut made: impl FnMut(Action),
) -> bool {
    let Some(moves) = steps(play, next, action) else {
        return false;
    };
    for (from, to) in moves {
        let Some(single) = single(play, next, from, to) else {
            return false;
        };
        if play.check(next, &single).is_err() {
            return false;
        }
        play.perform_into(next, &single, events);
        made(single);
    }
    true
}

/// The single moves of the step `action` from `s` (rule 14's, or rule 15's), as piles.
fn steps(play: &Play, s: &State, action: &Action) -> Option<Vec<(Pile, Pile)>> {
    let &Action::Move { from, index, to } = action else {
        return None;
    };
    match (play.ids.pile(from), play.ids.pile(to)) {
        (Some(Pile::Column(a)), Some(Pile::Column(b))) => {
            plan(s, play.game.empty == Empty::Any, (a, usize::from(index), b))
        }
        (Some(Pile::Column(a)), Some(Pile::Cell(_))) => park::plan(s, (a, usize::from(index))),
        _ => None,
    }
}

/// The move of `from`'s last card to `to` in `s`, as an action.
fn single(play: &Play, s: &State, from: Pile, to: Pile) -> Option<Action> {
    let len = match from {
        Pile::Column(i) => s.columns.get(i)?.cards.len(),
        Pile::Cell(i) => usize::from(s.cells.get(i)?.is_some()),
        _ => return None,
    };
    Some(Action::Move {
        from: play.ids.id(from),
        index: u16::try_from(len.checked_sub(1)?).ok()?,
        to: play.ids.id(to),
    })
}

/// `line` from `start` with each step of rule 14 or 15 spelled out as its single moves, as
/// the ruleset takes them: `None` if a step is not one from where the line has reached.
pub fn spell(play: &Play, start: &State, line: &[Action]) -> Option<Vec<Action>> {
    if play.game.group != Group::Single && Park::of(play).is_none() {
        return Some(line.to_vec());
    }
    let mut now = start.clone();
    let mut out = Vec::with_capacity(line.len());
    let mut events = Vec::new();
    for action in line {
        if is_step(play, &now, action) {
            let carried = carry_out(play, &mut now, action, &mut events, |single| {
                out.push(single);
            });
            if !carried {
                return None;
            }
        } else {
            play.check(&now, action).ok()?;
            play.perform_into(&mut now, action, &mut events);
            out.push(action.clone());
        }
    }
    Some(out)
}
