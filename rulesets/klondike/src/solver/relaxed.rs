//! A proof that a position is lost, from a relaxed game that is much easier to search: which
//! cards could *ever* leave where they lie, be the last card of a column, go up, or come within
//! reach in the stock and waste, each taken as possible at any time once it was possible once.
//! A win needs every card up; when even the relaxed game cannot send some card up, no line of
//! play of the real game can.
//!
//! **Why it is sound.** Each rule below is a condition that any line of play of the real game
//! (with or without KL-AUTO, whose moves are moves a player may make) meets before the first
//! time a card does something; the relaxed facts are the least set closed under the rules, so
//! by induction on the actions of a line, everything that ever happens in a real line is among
//! them. For a card `c` lying in a column, *the cards over it* are those nearer the column's end.
//!
//! - *leaves* (`c` first moves off the place it lies in now; a card on a foundation counts as
//!   having left already): in a column, `c` can move only when it is face up (then every card
//!   over it is a turned-up group that moves with it, KL-GROUP) or after every card over it
//!   has left (to be turned up, KL-FLIP, it must be the column's last card); in the stock and
//!   waste, only when within reach. It goes to its foundation (its suit's next lower card is
//!   up, or it is an Ace), onto a card one higher of the other colour that is a column's last
//!   card (KL-BUILD: that card has been a last card), into an empty column (a King, KL-EMPTY:
//!   some column has had all its cards leave), or along with the face-up card it lies on, in
//!   a group led by a lower card (that card leaves then).
//! - *within reach* (a card of the stock and waste is the waste's top, the one place it leaves
//!   from): a card before it in the order the cards are turned has left (the cards after that
//!   one move down a place); or the card just after it has left (that card left from the top,
//!   so this one was then the top); or else, with no card before it nor just after it gone,
//!   the waste's length it needs is one the deals reach: from the length now in this pass, from
//!   nothing in a later one (a multiple of the draw either way), or the whole stock and waste.
//!   Passes are taken as unlimited.
//! - *last* (`c` is some column's last card): where it lies, once every card over it has left;
//!   or, having left, once it was put on a card that has been a last card, or as a King into a
//!   column all of whose cards have left.
//! - *up* (`c` goes to its foundation): its suit's next lower card is up (or it is an Ace), and
//!   it is within reach in the stock and waste or has been a column's last card
//!   (KL-FOUNDATION: one card at a time, from the end of a column). A card up may come back
//!   down (KL-RETURN, taken as allowed), and the rules go on for it.
//!
//! The relaxed game allows more than the real one, never less (the stock and waste above all:
//! a card once within reach stays so, whatever the deals), so a card it cannot send up the real
//! game cannot either. The tests check it against a plain search of the ruleset's actions, and
//! that no position on a won line is ever called lost.

use super::position::{Game, Pos};

/// A set of cards, one bit per card byte's low six bits (suit and rank).
type Cards = u64;

fn bit(c: u8) -> Cards {
    1 << (c & 0x3f)
}

/// Every card of the pack.
const ALL: Cards = {
    let mut all = 0u64;
    let mut s = 0;
    while s < 4 {
        let mut r = 1;
        while r <= 13 {
            all |= 1 << (s * 16 + r);
            r += 1;
        }
        s += 1;
    }
    all
};

impl Game {
    /// Whether the relaxed game (module docs) proves `pos` lost: some card can never go up.
    /// Never true of a position from which a line of play wins.
    pub fn relaxed_lost(&self, pos: &Pos) -> bool {
        relaxed_up(pos, self.params.draw) != ALL
    }
}

/// The cards the relaxed game can send up from `pos`: the least sets closed under the rules of
/// the module docs, each rule applied to every card at once (a set of cards is a word, each
/// suit sixteen bits in rank order).
fn relaxed_up(pos: &Pos, draw: usize) -> Cards {
    let start = Start::of(pos);
    // Cards on the foundations have left their places already.
    let mut sets = Sets {
        left: start.up,
        last: 0,
        up: start.up,
    };
    let talon = &pos.talon[..pos.talon_len as usize];
    let (w, n, d) = (pos.waste_len as usize, talon.len(), draw.max(1));
    // The waste lengths the deals reach while no card leaves the stock and waste: those of
    // this pass from the waste's length now, those of a pass from the start, and the whole.
    let dealt_to =
        |len: usize| len.is_multiple_of(d) || len == n || (len >= w && (len - w).is_multiple_of(d));
    // The talon cards within reach whatever leaves: at a waste length the deals reach.
    let mut dealt: Cards = 0;
    let mut talon_cards: Cards = 0;
    for (t, &c) in talon.iter().enumerate() {
        talon_cards |= bit(c);
        if dealt_to(t + 1) {
            dealt |= bit(c);
        }
    }
    // Every set only grows from round to round, so what the columns and the talon give is
    // found as it grows rather than afresh (the least sets closed under the rules are the same
    // whatever order the rules are applied in): in each column, the cards from `depth[i]` to
    // its end have all left; the talon's reach changes only when a talon card has left.
    let mut depth: [usize; 7] = std::array::from_fn(|i| pos.lens[i] as usize);
    let mut exposed: Cards = 0;
    let mut emptied = false;
    let mut in_reach: Cards = dealt;
    let mut talon_left: Option<Cards> = None;
    loop {
        let left = sets.left;
        // Column cards with no card over them that has not left.
        for i in 0..7 {
            let col = &pos.cols[i];
            while depth[i] > 0 {
                let c = col[depth[i] - 1];
                exposed |= bit(c);
                if left & bit(c) == 0 {
                    break;
                }
                depth[i] -= 1;
            }
            emptied |= depth[i] == 0;
        }
        // The stock and waste cards within reach: the card at `t` in the order they are
        // turned is the waste's top at a length the deals reach, or the card after it has
        // left (it was then the top, and `t` is left on top), or a card before it has
        // left (the cards after that one move down a place).
        if talon_left != Some(left & talon_cards) {
            talon_left = Some(left & talon_cards);
            let mut before_left = false;
            for (t, &c) in talon.iter().enumerate() {
                let next_left = talon.get(t + 1).is_some_and(|&n| left & bit(n) != 0);
                if next_left || before_left {
                    in_reach |= bit(c);
                }
                before_left |= left & bit(c) != 0;
            }
        }
        let reach = Reach {
            exposed,
            emptied,
            in_reach,
        };
        if let Some(up) = round(&start, &reach, &mut sets) {
            return up;
        }
    }
}

/// What the columns and the talon give in a round: the column cards with no card over them
/// that has not left, whether a column has had all its cards leave, the talon cards within
/// reach.
struct Reach {
    exposed: Cards,
    emptied: bool,
    in_reach: Cards,
}

/// The sets that grow: cards that have left their places, been a column's last, gone up.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Sets {
    left: Cards,
    last: Cards,
    up: Cards,
}

/// One round of the rules (module docs) given what the columns and the talon give: the cards
/// up once nothing more is learnt, else `None`.
// Inlined: a call a round cost the walk about 2 % (paired, eight Thoughtful proofs).
#[inline(always)]
fn round(start: &Start, reach: &Reach, sets: &mut Sets) -> Option<Cards> {
    let before = *sets;
    let Sets { left, last, up } = sets;
    let lower_up = ((*up << 1) | ACES) & ALL;
    let on_a_last = with_parent_in(*last);
    let into_empty = if reach.emptied { KINGS } else { 0 };
    let carried = start.on_face_up & with_parent_in(*left);
    *left |= (start.face_up | reach.exposed | reach.in_reach)
        & (lower_up | on_a_last | into_empty | carried);
    *last |= reach.exposed | (*left & (on_a_last | into_empty));
    // A card up may come back down (KL-RETURN), so the rules above go on for it. A suit goes
    // up as far as it can at once, which saves rounds of the whole loop.
    *up = climb(*up, reach.in_reach | *last);
    *left |= *up;
    let up = *up;
    // Every card up: the sets only grow, so nothing more is learnt.
    (up == ALL || *sets == before).then_some(up)
}

/// What the relaxed game starts from: the face-up cards, those of them lying on a face-up
/// card (they may leave along with it), and the cards up.
struct Start {
    face_up: Cards,
    on_face_up: Cards,
    up: Cards,
}

impl Start {
    fn of(pos: &Pos) -> Start {
        let (mut face_up, mut on_face_up, mut up) = (0, 0, 0);
        for i in 0..7 {
            let (len, down) = (pos.lens[i] as usize, pos.downs[i] as usize);
            for (k, &c) in pos.cols[i][..len].iter().enumerate() {
                if k >= down {
                    face_up |= bit(c);
                }
                if k > down {
                    on_face_up |= bit(c);
                }
            }
        }
        for (s, &n) in pos.found.iter().enumerate() {
            // Ranks 1..=n of suit s.
            up |= ((1u64 << (u32::from(n) + 1)) - 2) << (16 * s);
        }
        Start {
            face_up,
            on_face_up,
            up,
        }
    }
}

/// `up` (each suit's cards up from its Ace, none above a gap) with each suit's next cards
/// that are `ready` sent up in turn, as far as they go: in each suit's lane, the run of cards
/// from the Ace that are up or ready. Adding an Ace's bit to that lane carries through the run
/// and stops at its first gap (a lane has room above the King), so the run is the bits the
/// sum clears.
fn climb(up: Cards, ready: Cards) -> Cards {
    let x = (up | ready) & ALL;
    x & !(x + ACES)
}

/// The Aces.
const ACES: Cards = 0x0002_0002_0002_0002;
/// The Kings.
const KINGS: Cards = ACES << 12;

/// The cards one of whose places to be built on (KL-BUILD: one rank higher, of the other
/// colour) is in `cards`.
fn with_parent_in(cards: Cards) -> Cards {
    let lane = |s: u32| (cards >> (16 * s)) & 0xFFFF;
    // Spades and clubs (suits 0 and 3) go on hearts and diamonds (1 and 2), and the other way.
    let on_red = (lane(1) | lane(2)) >> 1;
    let on_black = (lane(0) | lane(3)) >> 1;
    (on_red | on_red << 48 | on_black << 16 | on_black << 32) & ALL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;
    use crate::solver::position::random_walk;
    use felt_core::Ruleset;

    /// The relaxed game as first written: every round works out the columns' and the talon's
    /// cards afresh. `relaxed_up` finds them as the sets grow; both must give the same cards.
    fn relaxed_up_afresh(pos: &Pos, draw: usize) -> Cards {
        let start = Start::of(pos);
        let mut sets = Sets {
            left: start.up,
            last: 0,
            up: start.up,
        };
        let talon = &pos.talon[..pos.talon_len as usize];
        let (w, n, d) = (pos.waste_len as usize, talon.len(), draw.max(1));
        let dealt_to = |len: usize| {
            len.is_multiple_of(d) || len == n || (len >= w && (len - w).is_multiple_of(d))
        };
        loop {
            let left = sets.left;
            let mut exposed: Cards = 0;
            let mut emptied = false;
            for i in 0..7 {
                let col = &pos.cols[i][..pos.lens[i] as usize];
                let mut all_left = true;
                for &c in col.iter().rev() {
                    exposed |= bit(c);
                    if left & bit(c) == 0 {
                        all_left = false;
                        break;
                    }
                }
                emptied |= all_left;
            }
            let mut in_reach: Cards = 0;
            let mut before_left = false;
            for (t, &c) in talon.iter().enumerate() {
                let next_left = talon.get(t + 1).is_some_and(|&n| left & bit(n) != 0);
                if dealt_to(t + 1) || next_left || before_left {
                    in_reach |= bit(c);
                }
                before_left |= left & bit(c) != 0;
            }
            let reach = Reach {
                exposed,
                emptied,
                in_reach,
            };
            if let Some(up) = round(&start, &reach, &mut sets) {
                return up;
            }
        }
    }

    // Along random walks of the complete search's steps from Thoughtful deals (draw three) and
    // deals drawing one face up, the relaxed game found as its sets grow sends up exactly the
    // cards the game worked out afresh every round does, lost positions and won alike.
    #[test]
    fn the_relaxed_game_found_as_it_grows_is_the_one_worked_out_afresh() {
        let (mut compared, mut lost) = (0, 0);
        for draw in [3, 1] {
            let params = Params {
                draw,
                face_up: true,
                ..Params::default()
            };
            let k = crate::Klondike::with_params(params, None);
            let game = Game::new(&params);
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            for deal in 1..=40 {
                let Some(start) = game.from_state(&k.new_game(deal)) else {
                    continue;
                };
                random_walk(&game, start, 150, &mut x, |pos| {
                    let up = relaxed_up(pos, draw);
                    assert_eq!(up, relaxed_up_afresh(pos, draw), "draw {draw} deal {deal}");
                    compared += 1;
                    lost += usize::from(up != ALL);
                });
            }
        }
        assert!(
            compared > 5_000 && lost > 100,
            "{compared} compared, {lost} lost"
        );
    }

    // `climb` gives what sending up each suit's next ready card, one at a time until none is
    // left, gives.
    #[test]
    fn climbing_at_once_is_climbing_one_card_at_a_time() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let ready = x & ALL;
            let heights = x.rotate_left(17);
            let mut up: Cards = 0;
            for s in 0..4 {
                let n = ((heights >> (8 * s)) & 0xff) % 14;
                up |= ((1u64 << (n + 1)) - 2) << (16 * s);
            }
            let mut slow = up;
            loop {
                let more = slow | (((slow << 1) | ACES) & ready);
                if more == slow {
                    break;
                }
                slow = more;
            }
            assert_eq!(climb(up, ready), slow, "up {up:x} ready {ready:x}");
        }
    }
}
