//! Rule 15 of the solver ([`super`]): in rule 8's games whose runs move whole, a card that
//! lies on the next higher card of its suit goes into a free cell only with the rest of its
//! run, all parked in the cells in one step.
//!
//! **Where it holds** ([`Park::of`]): the games of rule 8 ([`Play::home_runs_hold`]: one pack
//! built down by suit, foundations up by suit from the Aces, no card back, spaces that take a
//! King or nothing and fill only by a move, free cells, nothing sent up but by the safe rule),
//! whose groups are runs (`move = "supermove"` or `"sequence"`): Seahaven Towers, Eight Off.
//! There a run's room is the free cells and one more (a space takes no run but a King's), or
//! has no bound at all.
//!
//! **The rule.** Take a column whose last cards form a *run* `r1 … rm` (`m` ≥ 2, each face
//! up and the next lower card of its suit than the one under it, `r1` not lying on the next
//! higher card of its suit), not a home run (rule 8 keeps its top out of the cells anyway).
//! The search does not move `rm` alone into a cell; where the `f` free cells hold the whole
//! run (`m ≤ f`), it makes instead one step ([`Park::list`]) of the `m` single moves that put
//! `rm`, then `rm-1`, …, then `r1` into the cells.
//!
//! **Why it loses no win.** Each card `rj` above `r1` may lie only on `rj-1` (one pack, by
//! suit), so out of the column it can only wait in a cell, go up, or come back; nothing but
//! `rj` is ever laid on `rj-1`. Let `L` be a shortest winning line from a table `T` whose
//! first step puts `rm` into a cell.
//!
//! 1. Let `t` be the first step that moves `r1` (with what lies on it). Before `t`, the run's
//!    cards leave the column from the top, each into a cell, and none of them goes up or
//!    back before `t`: the first to do so would be `rm` going up (the cards under it wait for
//!    it) or a card coming back onto the one it left, and either could be dropped with its
//!    move into the cell, the card staying in the column, where it is the last card until then
//!    (nothing else lies on the card under it), a shorter line. `t` exists: `r1` must go up
//!    in the end, after `rm`, which is in a cell until `t`. And `t` moves `r1` into a cell,
//!    onto the next higher card of its suit at the end of a column, or into a space (a King);
//!    not up, with `rm` still in a cell.
//! 2. Move the run's moves into cells to just before `t`, in their order. The steps they pass
//!    do not touch the run's cards, and see one more free cell each (a move's check only asks
//!    for room; a cell named is free the longer), and what goes up by the safe rule after them
//!    is the same (the run's cards did not go up before `t`, and the rule sends a card from a
//!    cell and from a column's end alike). So the line is as short, and wins.
//! 3. If that moved the first step, the new line begins with `L`'s second step; if that is a
//!    move of the same kind, do the same for its run, and so on: each time one more run's moves
//!    come together just before its `t`, and a run brought together stays so (another run's
//!    moves are taken out and put in elsewhere, never among them). So this ends with a
//!    shortest line that begins with a move the search makes, or with a run's `k` moves into
//!    cells and its `t`, in a row, from `T`.
//! 4. If `t` puts `r1` into a cell, the `m` moves are the step of the rule, and `m ≤ f`. Else
//!    `t` lays `r1` and the `m - k` cards on it onto a card at the end of a column or into a
//!    space: `m - k` ≤ `f - k + 1` (the room left after `k` cells are filled), so `m ≤ f + 1`
//!    and the whole run could have gone there from `T` in one move (where runs move without
//!    bound, always). Moving the whole run first and then its `k` top cards into the cells
//!    is as short and ends at the same table (the cards the safe rule sends up after the run
//!    is laid are the same: they come off the run's end or the cells in the same order), and
//!    begins with a move the search makes.
//!
//! So from every table with a win, some step the search makes begins a shortest winning line,
//! and a search with the rule finds a win wherever there is one: a loss it proves holds. It
//! composes with rules 8 and 13 as they do with each other (module docs of [`super`]): each
//! keeps a step that begins a shortest line (rule 13: one as short), and the tables on the way
//! only get nearer a win. Rule 11 never leaves a step of this rule out (its group starts under
//! the card a plain move laid), and where rule 12 or 13 tries one move alone, no step is added.
//!
//! The step is made by its single moves, each checked by the ruleset and then made with what
//! goes up by itself after it ([`super::carry::perform`]), and a won line is spelled out as
//! those moves ([`super::carry::spell`]) before the ruleset replays it.

use crate::play::{Pile, Play, State};
use crate::vocabulary::Group;
use felt_core::Action;

/// Rule 15 in a game where it holds (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Park;

impl Park {
    /// The parking of `play`'s game, where rule 15 holds (module docs).
    pub fn of(play: &Play) -> Option<Park> {
        (play.home_runs_hold() && matches!(play.game.group, Group::Supermove | Group::Sequence))
            .then_some(Park)
    }

    /// Takes out of `legal`, the actions listed from `s`, each column's last card moved alone
    /// into a cell where it lies on the next higher card of its suit, and puts on its end, for
    /// each run the free cells hold whole (not a home run), the step that parks it there.
    pub fn list(&self, play: &Play, s: &State, legal: &mut Vec<Action>) {
        let runs: Vec<usize> = s.columns.iter().map(|c| run(play, c)).collect();
        legal.retain(|action| {
            let &Action::Move { from, to, .. } = action else {
                return true;
            };
            match (play.ids.pile(from), play.ids.pile(to)) {
                (Some(Pile::Column(a)), Some(Pile::Cell(_))) => runs.get(a).is_none_or(|&m| m < 2),
                _ => true,
            }
        });
        let Some(cell) = s.cells.iter().position(Option::is_none) else {
            return;
        };
        let room = s.cells.iter().filter(|c| c.is_none()).count();
        for (a, (column, &m)) in s.columns.iter().zip(&runs).enumerate() {
            if m < 2 || m > room || crate::play::home_run(column) {
                continue;
            }
            if let Ok(index) = u16::try_from(column.cards.len() - m) {
                legal.push(Action::Move {
                    from: play.ids.id(Pile::Column(a)),
                    index,
                    to: play.ids.id(Pile::Cell(cell)),
                });
            }
        }
    }
}

/// How many of `column`'s last cards form a run by the game's build rule (in rule 8's games,
/// down by suit), face up: 0 for a column with no face-up card, 1 where its last card lies
/// on no card of it.
fn run(play: &Play, column: &crate::deal::Column) -> usize {
    let cards = &column.cards;
    if cards.len() <= column.down {
        return 0;
    }
    let mut k = cards.len() - 1;
    while k > column.down && play.follows.build.follows(cards[k - 1], cards[k]) {
        k -= 1;
    }
    cards.len() - k
}

/// Whether `action` from `s` is a step of rule 15 in `play`'s game: cards of a column, two or
/// more, into a cell (the ruleset lists no such move: a cell takes one card).
pub fn is_step(play: &Play, s: &State, action: &Action) -> bool {
    // Asked of every child a search makes: the game's flag first.
    if !play.home_runs {
        return false;
    }
    let &Action::Move { from, index, to } = action else {
        return false;
    };
    matches!(
        (play.ids.pile(from), play.ids.pile(to)),
        (Some(Pile::Column(a)), Some(Pile::Cell(_)))
            if s.columns.get(a).is_some_and(|c| usize::from(index) + 1 < c.cards.len())
    )
}

/// The single moves of a step of rule 15 from `s`: the column's cards from `index` on, the
/// last first, each into the next free cell. `None` where the cells cannot hold them.
pub fn plan(s: &State, (a, index): (usize, usize)) -> Option<Vec<(Pile, Pile)>> {
    let n = s.columns.get(a)?.cards.len().checked_sub(index)?;
    let cells: Vec<usize> = (0..s.cells.len())
        .filter(|&i| s.cells[i].is_none())
        .collect();
    (n > 0 && n <= cells.len()).then(|| {
        cells[..n]
            .iter()
            .map(|&c| (Pile::Column(a), Pile::Cell(c)))
            .collect()
    })
}
