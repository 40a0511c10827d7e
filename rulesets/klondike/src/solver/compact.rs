//! The complete walk's keys in 32 bytes rather than [`Key`](super::position::Key)'s 64: where each card lies, told
//! by what it lies on, rather than the columns spelled out. Half the memory a position, and
//! half the bytes to hash and compare at every step of the walk, which stores and looks up
//! hundreds of thousands of them.
//!
//! **Why two positions of one walk share a compact key exactly when they share a [`Key`](super::position::Key).**
//! Every position of a walk is reached from its start by the game's moves, which keep these
//! (checked of the start by [`Game::compact_keys_hold`]; where they do not hold, the walk keeps
//! whole keys):
//!
//! - a column's face-down cards are the start's, in the start's column: no card is put on a
//!   face-down card, and no face-down card moves (KL-FLIP turns it first);
//! - a column with a face-down card has a face-up card on it (KL-FLIP turns the last one at
//!   once), and that card is the start's card there: it left that place only by leaving the
//!   face-down card last, which was then turned;
//! - each face-up card on another lies on a card one rank higher of the other colour
//!   (KL-BUILD): one of two cards, its *parents*;
//! - the stock and waste hold the start's cards less some, in the start's order: cards only
//!   leave them.
//!
//! So a position is told by: how many face-down cards each of the start's columns has left;
//! for each card whether it lies face up in a column, and if so whether it is a column's first
//! face-up card or on which of its two parents; which cards are in the stock and waste, and the
//! waste's length as [`Game::key`] takes it (none in a closed round); and the passes used when
//! they count. From these the columns are built again (the face-down part of each column, its
//! first face-up card, then on each card the one card that lies on it), up to their order, and
//! the foundations hold what is left: so two positions with one compact key have one [`Key`](super::position::Key)
//! (which leaves out the columns' order too), and two with one [`Key`](super::position::Key) have one compact key (no
//! part of it reads a column's place, except that of face-down cards, which never move).
//! The tests check both directions along random walks.

use super::position::{fits, rank, suit, Game, Pos};

/// A compact key: the cards' places two bits each (cards 0..32 in the first word, 32..52 in
/// the second), the face-down counts three bits each (the second word from bit 40), the cards
/// of the stock and waste (a bit a card, as [`super::relaxed`] numbers them), and the waste's
/// length with the passes used.
pub type WalkKey = [u64; 4];

/// A card's place code: face up in a column, first in its column's face-up part.
const FIRST: u64 = 1;
/// A card's place code: face up on the first of its two parents (in suit order).
const ON_FIRST_PARENT: u64 = 2;
/// A card's place code: face up on the second of its two parents.
const ON_SECOND_PARENT: u64 = 3;

/// The card's number from 0 to 51 (suit by suit, Ace to King).
fn index(c: u8) -> usize {
    suit(c) * 13 + usize::from(rank(c)) - 1
}

impl Game {
    /// Whether the walk from `start` may keep compact keys: the start holds what the moves
    /// keep (module docs): no column ends in a face-down card, every face-up card lies on one
    /// it fits, and no card byte is out of the pack.
    pub fn compact_keys_hold(&self, start: &Pos) -> bool {
        (0..7).all(|i| {
            let (len, down) = (start.lens[i] as usize, start.downs[i] as usize);
            let col = &start.cols[i][..len];
            (down == 0 || len > down)
                && col.iter().all(|&c| (1..=13).contains(&rank(c)) && c < 0x40)
                && col.windows(2).skip(down).all(|pair| fits(pair[1], pair[0]))
        }) && start.talon[..start.talon_len as usize]
            .iter()
            .all(|&c| (1..=13).contains(&rank(c)) && c < 0x40)
    }

    /// The compact key of `pos` (module docs), for a walk whose start
    /// [`Game::compact_keys_hold`].
    pub fn walk_key(&self, pos: &Pos) -> WalkKey {
        let mut places: u128 = 0;
        let mut downs: u64 = 0;
        for i in 0..7 {
            let (len, down) = (pos.lens[i] as usize, pos.downs[i] as usize);
            downs |= (down as u64) << (3 * i);
            let col = &pos.cols[i][..len];
            if let Some(&first) = col.get(down) {
                places |= u128::from(FIRST) << (2 * index(first));
            }
            for pair in col[down.min(len)..].windows(2) {
                let (on, c) = (pair[0], pair[1]);
                // The parents of a red card are spades and clubs (suits 0 and 3), of a black
                // one hearts and diamonds (1 and 2): the second in suit order is suit 2 or 3.
                let code = if suit(on) >= 2 {
                    ON_SECOND_PARENT
                } else {
                    ON_FIRST_PARENT
                };
                places |= u128::from(code) << (2 * index(c));
            }
        }
        let mut talon: u64 = 0;
        for &c in &pos.talon[..pos.talon_len as usize] {
            talon |= 1 << (c & 0x3f);
        }
        let waste = if self.closed_round(pos) {
            0
        } else {
            pos.waste_len
        };
        // With unlimited passes the count changes nothing the rules allow ([`Game::key`]).
        let passes = if self.params.passes.is_some() {
            u64::from(pos.recycles)
        } else {
            0
        };
        [
            places as u64,
            (places >> 64) as u64 | downs << 40,
            talon,
            u64::from(waste) | passes << 8,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params;
    use crate::solver::position::{random_walk, Key};
    use felt_core::Ruleset;
    use std::collections::HashMap;

    // Along random walks of the complete walk's steps from dealt games (draw three and one,
    // face up or not, passes unlimited or two, cards back from the foundations or not), two
    // positions of one walk share a compact key exactly when they share a whole key: the map
    // from one to the other is one to one both ways. The walks come back to positions often
    // enough (closed rounds, moves undone) for equal keys to be tested as well as unequal.
    #[test]
    fn positions_share_a_compact_key_exactly_when_they_share_a_whole_key() {
        let (mut positions, mut again) = (0, 0);
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for (draw, face_up, passes, back) in [
            (3, true, None, true),
            (1, true, None, true),
            (3, false, Some(2), false),
            (1, false, Some(2), true),
        ] {
            let params = Params {
                draw,
                face_up,
                passes,
                foundation_return: back,
                ..Params::default()
            };
            let k = crate::Klondike::with_params(params, None);
            let game = Game::new(&params);
            for deal in 1..=30 {
                let Some(start) = game.from_state(&k.new_game(deal)) else {
                    continue;
                };
                assert!(game.compact_keys_hold(&start), "deal {deal}");
                let mut by_compact: HashMap<WalkKey, Key> = HashMap::new();
                let mut by_key: HashMap<Key, WalkKey> = HashMap::new();
                for _ in 0..20 {
                    random_walk(&game, start, 60, &mut x, |pos| {
                        let (compact, key) = (game.walk_key(pos), game.key(pos));
                        positions += 1;
                        match by_compact.insert(compact, key) {
                            Some(before) => {
                                again += 1;
                                assert_eq!(before, key, "deal {deal}: one compact key, two keys");
                            }
                            None => assert!(
                                by_key.insert(key, compact).is_none(),
                                "deal {deal}: one key, two compact keys"
                            ),
                        }
                    });
                }
            }
        }
        assert!(
            positions > 50_000 && again > 5_000,
            "{positions} positions, {again} seen again"
        );
    }

    // A start the moves could not have made (the last column's face-down cards taken for
    // face up, lying on cards they do not fit) keeps whole keys.
    #[test]
    fn a_start_the_moves_could_not_make_keeps_whole_keys() {
        let params = Params::default();
        let k = crate::Klondike::with_params(params, None);
        let game = Game::new(&params);
        let mut pos = game.from_state(&k.new_game(7)).expect("fits");
        assert!(game.compact_keys_hold(&pos));
        let i = 6;
        pos.downs[i] = 0;
        let col = &pos.cols[i][..pos.lens[i] as usize];
        assert!(col.windows(2).any(|pair| !fits(pair[1], pair[0])));
        assert!(!game.compact_keys_hold(&pos));
    }
}
