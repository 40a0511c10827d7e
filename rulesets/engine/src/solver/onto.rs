//! The solver's rule 13 ([`find`]): a card laid on the one card it may lie on, where that
//! card lies on its own and can never move but up, is the one move a full-information search
//! makes from such a table.
//!
//! **The rule.** Take a column's last card `c` and another column's last card `p` that `c`
//! may lie on, where `p` lies right on the card it may lie on itself, and the foundation
//! takes `p` only on `c`. Then if any line wins from the table, one that begins by laying `c`
//! on `p` does.
//!
//! **Where it holds** ([`holds`]): a game won with every card up and no full suit taken out
//! (`c` must go up: the argument below starts there), `automatic` not `all` (so the safe rule
//! sends cards up only where its proof holds, `Play::safe_holds`, and else nothing goes up by
//! itself), one pack of four suits, each card lying on at most one card in a column
//! (building by suit), no free cell, single cards moving (no group), spaces that take only a
//! King or nothing (never filled by themselves), and columns side by side (no rows covering
//! each other). A
//! stock, if the game has one, must be out for good at the table ([`find`]): stock and waste
//! empty, no redeal left, so that nothing is dealt or gathered again (nothing puts cards
//! back on a stock; Trefoil's last round). In the move, neither `c` nor `p` is a card a space
//! takes, and `p` is no base rank (no empty foundation takes it).
//!
//! **With cells and runs** ([`holds`], `home_runs`): in the games of rule 8 (one pack built
//! down by suit, foundations up by suit from the Aces, spaces that take a King or nothing,
//! free cells; Seahaven Towers, Eight Off), whose groups are runs or single cards, the rule
//! also holds where `p`'s column is a *home run* (face up from a King, each card the next
//! lower of its suit), `c` being a column's card with the cards on it (a run moving whole)
//! or a cell's card. The argument below reads the same with three more things, each of which
//! it answers. A cell: take `L` a shortest winning line; by rule 8 it never moves `p` into a
//! cell, and `p` cannot leave otherwise (its one place is the card under it; a space takes
//! no `p`; the home run under it moves only whole into a space, which a shortest line never
//! does: that table is the one before up to the columns' order); and where `s` moves `c`
//! into a cell, `L'` moves it there from `B`, the tables the same after it. Runs: the cards
//! on `c` go with it onto `p` and are the stack `S` from the start; no run of `A` carries `c`
//! from below (the card `c` is built on is `p`, in `B`), and a step of `L` that takes cards
//! from `S` takes them from `B` in `L'`. The room a run needs: `L'` has the same free cells
//! (or one more, `c` having left its cell) and the same spaces (or one more), and more room
//! only lets more runs through. So `L'` wins, in as many moves as `L` once `c` lies on `p`,
//! or one fewer. (Seahaven Towers deal 73, lost: 308,655 -> 216,870 tables, 1.40 -> 0.94 s of
//! CPU; deals 1..1000, none undecided against two: docs/engine-figures.md. A reading that lays
//! `c` on any top, not only a home run's, calls won tables lost: the tests find it out.)
//!
//! **The argument, without the automatic rule.** Let `L` win from the table `T` by moves
//! alone, and let `s` be the first step of `L` that moves `c`: there is one, since `c` must go
//! up. Until `s`, `c` lies in its column `A` and `p` on top of its column `B`: `p` could only
//! go up (the foundation takes it only on `c`, not up yet), onto the card it may lie on (it
//! lies on it already), or into a space (none takes it); and no card is laid on `p` (only `c`
//! may lie on it: one pack). Cards may be laid on `c` and taken off again, as a stack `S`.
//! Let `L'` be the move of `c` onto `p`, then `L` with `s` left out if `s` lays `c` on `p`,
//! and otherwise (`s` sends `c` up: it has nowhere else to go) with `s` sending `c` up from
//! `B`. Until `s`, the tables of `L'` are those of `L` with `c` and `S` on `p` instead of in
//! `A`, and each step of `L` is legal in `L'` and keeps it so: a step takes or lays a card
//! on top of `S` alike in either place; no step of `L` reads the card under `c` (covered)
//! or lays a card on `p`; a space of `L` is one in `L'` (where `c` was alone in `A`, `L'` has
//! one more, which single moves never count). At `s`, `S` is gone, and after it the two
//! tables are the same. So `L'` wins, in as many moves as `L` from `T` once its first move
//! is made, or one fewer.
//!
//! **With the automatic rule**, where the safe rule sends cards up (elsewhere the argument
//! above is the whole of it). The search plays the game with the safe rule sending cards up
//! after each action. Every line of that game is a line of moves alone (each card it sends is
//! a move a player could make), and a line of moves alone from a table with a safe card
//! still down is, without that card's moves, a line from the table with it up
//! (`Play::safe_holds`' argument), with one move fewer at least. Write `d` for a table's
//! shortest winning line of moves alone. Laying `c` on `p` leaves `d` as it was or lower (the
//! argument above), and each card the automatic rule then sends lowers it by one at least;
//! where it sends none, the child has one more card lying on the card it may lie on (`c` on
//! `p`, nothing else moved). So each forced child has a smaller `d`, or the same `d` and one
//! more card so laid; each table expanded whole has a child with a smaller `d` (its shortest
//! line's first move, then the automatic rule); rule 12's child has a smaller `d` (its
//! argument holds without the automatic rule too). Along such children the pair (`d`, the
//! cards not so laid) falls at every step, first by `d`, and it cannot fall for ever: every
//! winnable table the search expands leads it, child after child, to a win. As with rule 12, a forced child is the table's one child: the search
//! keeps rule 11 from it (its group may move again at once), since rule 11 counts on the
//! table before being expanded whole. Only full-information searches use it: an honest
//! search must show the cards a player would.

use crate::play::{Play, State};
use crate::state::Pile;
use crate::vocabulary::{Automatic, Empty, Group, Win};
use felt_core::{Action, Card, Rank};

/// Whether rule 13 of [`super`] holds in `play`'s game (module docs).
pub fn holds(play: &Play) -> bool {
    let g = &play.game;
    // The cards each card may lie on, counted: at most one for every card.
    let mut lies_on = [0u8; 64];
    for b in 0..64u8 {
        let Some(below) = Card::from_byte(b) else {
            continue;
        };
        let mut row = play.follows.build.row(below);
        while row != 0 {
            let x = row.trailing_zeros() as usize;
            row &= row - 1;
            lies_on[x] = lies_on[x].saturating_add(1);
        }
    }
    // The safe rule proven, or sending nothing (where it is not: Trefoil's gathers).
    g.automatic != Automatic::All
        && g.win == Win::Foundations
        && !g.remove_suits
        && g.decks == 1
        && g.suits == 4
        && ((g.cells == 0 && g.group == Group::Single) || home_runs(play))
        && matches!(g.empty, Empty::King | Empty::None)
        && g.tableau.places.is_empty()
        && lies_on.iter().all(|&n| n <= 1)
        && lies_on.contains(&1)
}

/// Whether the rule holds with cells and runs where the card laid on is a home run's top
/// (module docs: with cells): rule 8's games, whose groups are runs or single cards.
fn home_runs(play: &Play) -> bool {
    play.home_runs_hold()
        && matches!(
            play.game.group,
            Group::Single | Group::Sequence | Group::Supermove
        )
}

/// The action of `legal` that lays a column's last card on such a card (module docs), if one
/// does; with cells or runs, a cell's card or a run too, on a home run's top.
pub fn find(play: &Play, state: &State, legal: &[Action]) -> Option<usize> {
    // A stock in play, or a redeal to come, could deal or gather cards: the game is the one
    // the rule holds in only once neither can.
    if play.choosing(state) || !crate::play::stock_out(play, state) {
        return None;
    }
    let kings = play.game.empty == Empty::King;
    // With cells or runs, only a home run's top is laid on (module docs: with cells).
    let runs = play.game.cells > 0 || play.game.group != Group::Single;
    let spaced = |c: Card| kings && c.rank() == Rank::KING;
    let on = |below: Card, above: Card| play.follows.build.follows(below, above);
    legal.iter().position(|action| {
        let &Action::Move { from, index, to } = action else {
            return false;
        };
        let (Some(from), Some(Pile::Column(b))) = (play.ids.pile(from), play.ids.pile(to)) else {
            return false;
        };
        let Some(to) = state.columns.get(b) else {
            return false;
        };
        if to.cards.len() < 2 {
            return false;
        }
        // A column's last card (in rule 8's games, a run's first card with the run), or a
        // cell's card.
        let c = match from {
            Pile::Column(a) if a != b => {
                let Some(from) = state.columns.get(a) else {
                    return false;
                };
                let index = usize::from(index);
                if index >= from.cards.len() || (!runs && index + 1 != from.cards.len()) {
                    return false;
                }
                from.cards[index]
            }
            Pile::Cell(i) => match state.cells.get(i) {
                Some(&Some(card)) => card,
                _ => return false,
            },
            _ => return false,
        };
        let p = to.cards[to.cards.len() - 1];
        let q = to.cards[to.cards.len() - 2];
        on(p, c)
            && on(q, p)
            && !spaced(c)
            && !spaced(p)
            && p.rank() != state.base
            && play.follows.foundation.follows(c, p)
            // Read last: it goes down the column, where the tests above read two cards.
            && (!runs || crate::play::home_run(to))
    })
}
