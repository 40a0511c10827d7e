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
        && g.cells == 0
        && g.group == Group::Single
        && matches!(g.empty, Empty::King | Empty::None)
        && g.tableau.places.is_empty()
        && lies_on.iter().all(|&n| n <= 1)
        && lies_on.contains(&1)
}

/// The action of `legal` that lays a column's last card on such a card (module docs), if one
/// does.
pub fn find(play: &Play, state: &State, legal: &[Action]) -> Option<usize> {
    // A stock in play, or a redeal to come, could deal or gather cards: the game is the one
    // the rule holds in only once neither can.
    if play.choosing(state) || !crate::play::stock_out(play, state) {
        return None;
    }
    let kings = play.game.empty == Empty::King;
    let spaced = |c: Card| kings && c.rank() == Rank::KING;
    let on = |below: Card, above: Card| play.follows.build.follows(below, above);
    legal.iter().position(|action| {
        let &Action::Move { from, index, to } = action else {
            return false;
        };
        let (Some(Pile::Column(a)), Some(Pile::Column(b))) =
            (play.ids.pile(from), play.ids.pile(to))
        else {
            return false;
        };
        let (Some(from), Some(to)) = (state.columns.get(a), state.columns.get(b)) else {
            return false;
        };
        if a == b || usize::from(index) + 1 != from.cards.len() || to.cards.len() < 2 {
            return false;
        }
        let c = from.cards[from.cards.len() - 1];
        let p = to.cards[to.cards.len() - 1];
        let q = to.cards[to.cards.len() - 2];
        on(p, c)
            && on(q, p)
            && !spaced(c)
            && !spaced(p)
            && p.rank() != state.base
            && play.follows.foundation.follows(c, p)
    })
}
