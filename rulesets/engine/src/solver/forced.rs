//! The solver's rule 12 ([`find`]): a card that may go up, and that nothing a winning line
//! needs could ever be laid on, goes up first, the one move a full-information search makes
//! from such a table.
//!
//! **The rule.** Take a card `c` a foundation takes now, lying last in its pile (a column's
//! last card, a cell, a playable reserve card), such that every card `x` that may be built on
//! `c` in a column (its *followers*, by the build rule) is either up already, or is the very
//! card its own foundation takes next and every follower of `x` is up. Then if any line wins
//! from the table, one that begins by sending `c` up does, and is no longer.
//!
//! **Where it holds** ([`holds`]): the settings of the safe rule's proof
//! but the stock (`Play::safe_holds_but_stock`: foundations built one way by suit, four of
//! them, nothing coming back down, won on the foundations, no full suit taken out), one pack
//! of four suits (each card once, so a foundation's next card is one card), a stock that
//! deals alike in both lines below (none; one dealt to a waste and turned over as it was, as
//! Klondike by Threes'; one dealt onto the columns, as East Haven's), or else a table where
//! nothing is dealt any more ([`find`] asks `crate::play::stock_out`: stock and waste empty
//! with no redeal left; Trefoil's gather deals the columns' cards again wherever they lie,
//! so only after its last), spaces that take any card, only a King or nothing (never filled
//! by themselves, nor from a reserve), and groups that are a single card, a run or a whole
//! pile whose runs the build rule links too (a group's second card is a follower of its
//! first): not Yukon's any face-up card with everything on it.
//!
//! **The argument.** Let `L` win from the table `T`, and let `L'` be `L` played from `T` with
//! `c` up, where the cards of a set `U` (at first `{c}`) are up in `L'` but not in `L`,
//! changed so: a move in `L` of cards of `U` only is left out; a move in `L` that lays a card
//! `x` on a card of `U` sends `x` up instead, and `x` joins `U`; a card `L` sends up that is in
//! `U` is already up, and leaves `U`; a card the game's own automatic rule sends up in `L'` and
//! not in `L` joins `U`. Throughout, the table of `L'` is the table of `L` with the cards of `U`
//! taken out, and those lie in `L` only above other cards of `U` or last in their piles. For
//! only a follower is laid on a card in a column, and a follower of a card of `U` is up in `L'`:
//! of `c` by the rule's condition, or the card its foundation takes next, which `L'` then
//! sends up (nothing but that card can raise its foundation, so it is still the next, and it
//! lies alone at the top of a group: a second card of the group would be its follower, which
//! is up, and moves no more); of such an `x` by the condition again; of a card the automatic
//! rule sent, by what that rule asks (every follower up). Every other move of `L` is legal in
//! `L'`: its group is the group of `L` without the cards of `U` on top of it (a run's first
//! cards are a run, a pile's cards without its top still the whole pile), laid on the same
//! card (the card it lay on in `L` is not in `U`, or it would be a follower of it), onto an
//! empty pile where `L` had one (a pile of `L'` is the pile of `L` less cards of `U`), with as
//! many free cells and empty columns or more (a supermove needs no more room than in `L`, and
//! spaces are filled by no rule of their own); a card of its suit goes up onto the same top
//! (the cards of `U` of its suit lie below it, or it would be up in `L'`, and once `L` sends
//! them up they leave `U`). The automatic rule sends in `L'` every card it sends in `L` (such a
//! card's followers are up in `L'` too, and it lies as last in its pile), and the order it
//! sends them in changes nothing (the fixed point of the safe rule, rule 2). (Where the safe
//! rule is not proven for the game as a whole, East Haven's, whose stock is dealt onto the
//! columns, nothing goes up by itself in either line.) At the end of `L` every card is up in
//! both. `L'` begins with `c` up, then has one step for each step of `L` at most, less `c`'s
//! own step up.
//!
//! **Deals.** A deal to a waste deals the same cards in both lines (no card of `U` is ever in
//! the stock or the waste: nothing moves a card there), and a waste card laid on a card of
//! `U` is a move as above. A deal onto the columns lays the stock's `i`-th card `x` on the
//! `i`-th column in both lines, so the tables still differ by `U` alone; where `x` lands on a
//! card `u` of `U`, two cases. If `x` follows `u`, it is not up (it was in the stock), so `u`
//! is `c` and `x` the card its foundation takes next with every follower up (a card that
//! joined `U` later has every follower up): `L'` sends it up at once, from the top of its
//! column, and `x` joins `U`; `L` sends `x` up later, a step `L'` leaves out, so `L'` is no
//! longer for it. If `x` does not follow `u`, it stays out of `U`, lying on `u` in `L` and on
//! the card under `u` (or alone) in `L'`: no group of `L` holds both, for a group's next
//! card follows the one under it; so `L` moves `x`, with what lies on it, before `u`, a group
//! lifted from `x` in both lines alike, and a card laid on `x` lies on it in both. A column
//! that holds cards of `U` alone in `L` is empty in `L'`: a deal lays `x` there in both.
//!
//! So a table whose moves include such a `c` is searched through that one child: the child's
//! shortest winning line is shorter than the table's, and by induction on that length every
//! winnable table the search reaches leads it to a win. The same goes for the other rules'
//! arguments, which are about the moves of tables the search expands: a table expanded
//! through its forced child alone is one whose other children need not be stored (rule 11's
//! plain move is never the forced one: it lays no card up). Only full-information searches
//! use it: an honest search must show the cards a player would, and the rule does not ask
//! what a line turns.

use crate::play::{Play, State};
use crate::state::Pile;
use crate::vocabulary::{Automatic, Empty, Group, Redeal, StockDeal};
use felt_core::{Action, Card};

/// Whether rule 12 of [`super`] holds in `play`'s game (module docs).
pub fn holds(play: &Play) -> bool {
    let g = &play.game;
    let group_in_build = (0..64u8).all(|b| {
        Card::from_byte(b)
            .is_none_or(|c| play.follows.group.row(c) & !play.follows.build.row(c) == 0)
    });
    play.safe_holds_but_stock()
        && g.automatic != Automatic::All
        && g.decks == 1
        && g.suits == 4
        && matches!(g.empty, Empty::Any | Empty::King | Empty::None)
        && match g.group {
            Group::Single => true,
            Group::Sequence | Group::Supermove | Group::Pile => group_in_build,
            Group::AnyFaceUp => false,
        }
}

/// The action of `legal` that sends such a card up from `state`, if one does.
pub fn find(play: &Play, state: &State, legal: &[Action]) -> Option<usize> {
    // A stock dealt to a waste turned over as it was, or onto the columns, deals alike in
    // both lines; another (a gather, a deal onto a foundation) only once it is out for good
    // (module docs).
    let alike = play.game.stock.is_none_or(|st| {
        st.redeal == Redeal::Waste && matches!(st.deal, StockDeal::Waste | StockDeal::Columns)
    });
    if !alike && !crate::play::stock_out(play, state) {
        return None;
    }
    let mut up = 0u64;
    for card in state.foundations.iter().flatten() {
        up |= 1 << (card.to_byte() & 63);
    }
    let wanted = play.wanted(state);
    legal.iter().position(|action| {
        let &Action::Move { from, index, to } = action else {
            return false;
        };
        if !matches!(play.ids.pile(to), Some(Pile::Foundation(_))) {
            return false;
        }
        let card = match play.ids.pile(from) {
            Some(Pile::Column(i)) => state.columns.get(i).and_then(|c| {
                (usize::from(index) + 1 == c.cards.len()).then(|| c.cards.last().copied())?
            }),
            Some(Pile::Cell(i)) => state.cells.get(i).copied().flatten(),
            Some(Pile::Reserve(r)) => state
                .reserve
                .get(r)
                .and_then(|p| p.get(usize::from(index)).copied()),
            _ => None,
        };
        card.is_some_and(|c| goes_first(play, c, up, wanted))
    })
}

/// Whether every follower of `card` (by the build rule's bit rows) is up, or is the card its
/// foundation takes next with every follower of its own up.
fn goes_first(play: &Play, card: Card, up: u64, wanted: u64) -> bool {
    let followers = |c: Card| play.follows.build.row(c) & !up;
    let mut row = followers(card);
    while row != 0 {
        let x = row.trailing_zeros() as u8;
        row &= row - 1;
        let next = wanted >> x & 1 != 0;
        if !next || Card::from_byte(x).is_none_or(|x| followers(x) != 0) {
            return false;
        }
    }
    true
}
