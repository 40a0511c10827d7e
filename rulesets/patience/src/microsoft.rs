//! Microsoft's numbered deals, shared by every patience that deals them (FreeCell and its
//! relatives, and the engine's games that say `shuffle = "microsoft"`), so deal 617 in felt is
//! deal 617 everywhere.
//!
//! The generator and the pack order are frozen: golden tests pin whole deals, and a change
//! would break every game code ever shared.

use felt_core::{Card, Rank, Suit};

/// The lowest Microsoft deal number.
pub const FIRST_DEAL: u64 = 1;
/// The highest Microsoft deal number: the generator starts from the deal number and keeps 31
/// bits, so every number from 1 to 2^31 − 1 is a deal of its own (Microsoft's game offers the
/// first million; FreeCell Pro and others number the same deals further).
pub const LAST_DEAL: u64 = (1 << 31) - 1;
/// The deals felt's shuffles outside [`FIRST_DEAL`]..=[`LAST_DEAL`] used to be folded into,
/// when felt played only the first million: kept for those shuffles alone, so that a game
/// recorded under one replays the same deal.
const FOLDED_INTO: u64 = 1_000_000;

/// The shuffles Microsoft's deals are, as the host is told ([`felt_core::Ruleset::shuffles`]): it
/// refuses any other number a player gives and draws new games among these.
pub fn shuffles() -> felt_core::Shuffles {
    felt_core::Shuffles {
        first: FIRST_DEAL,
        last: LAST_DEAL,
        what: "Microsoft's numbered deals".to_string(),
    }
}

/// The deal a game code's shuffle plays: the deal of that number, from 1 to 2^31 − 1. The
/// host refuses other numbers a player gives; one that still reaches `new_game` (a game
/// recorded before felt played every deal) is folded into the first million as it was then,
/// since `new_game` cannot refuse.
pub fn deal_number(shuffle: u64) -> u32 {
    if (FIRST_DEAL..=LAST_DEAL).contains(&shuffle) {
        shuffle as u32
    } else {
        match shuffle % FOLDED_INTO {
            0 => FOLDED_INTO as u32,
            r => r as u32,
        }
    }
}

/// Microsoft's generator: a linear congruence modulo 2^31 whose draws are bits 16 to 30.
struct MsRand(u32);

impl MsRand {
    fn next(&mut self) -> u32 {
        self.0 = (self.0.wrapping_mul(214_013).wrapping_add(2_531_011)) & 0x7fff_ffff;
        self.0 >> 16
    }
}

/// The 52 cards of Microsoft deal `number` in the order they are dealt (FreeCell deals them a row at a time
/// from the left: the first eight are the first row of its eight columns).
pub fn microsoft_order(number: u32) -> Vec<Card> {
    // The pack, rank by rank: clubs, diamonds, hearts, spades.
    const SUITS: [Suit; 4] = [Suit::Club, Suit::Diamond, Suit::Heart, Suit::Spade];
    let mut pack: Vec<Card> = Rank::all()
        .flat_map(|r| SUITS.iter().map(move |&s| Card::new(s, r)))
        .collect();
    let mut rand = MsRand(number);
    let mut dealt = Vec::with_capacity(52);
    for left in (1..=52usize).rev() {
        let j = rand.next() as usize % left;
        dealt.push(pack[j]);
        pack[j] = pack[left - 1];
    }
    dealt
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(order: &[Card]) -> String {
        order[..8]
            .iter()
            .map(|c| c.token())
            .collect::<Vec<_>>()
            .join(" ")
    }

    // The published first rows.
    #[test]
    fn first_rows_match_microsofts_deals() {
        assert_eq!(row(&microsoft_order(1)), "JD 2D 9H JC 5D 7H 7C 5H");
        assert_eq!(row(&microsoft_order(617)), "7D AD 5C 3S 5S 8C 2D AH");
    }

    #[test]
    fn every_31_bit_number_is_its_own_deal() {
        assert_eq!(deal_number(1), 1);
        assert_eq!(deal_number(1_000_000), 1_000_000);
        assert_eq!(deal_number(1_000_001), 1_000_001);
        assert_eq!(deal_number(LAST_DEAL), 2_147_483_647);
        assert!(shuffles().contains(LAST_DEAL) && !shuffles().contains(LAST_DEAL + 1));
        assert!(!shuffles().contains(0));
    }

    #[test]
    fn a_shuffle_of_no_deal_folds_as_it_always_did() {
        assert_eq!(deal_number(0), 1_000_000);
        assert_eq!(deal_number(LAST_DEAL + 1), 483_648);
        assert_eq!(deal_number(3_000_000_617), 617);
    }
}
