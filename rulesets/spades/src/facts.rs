//! The facts felt's records keep about a game of Spades, for its statistics: how North–South
//! (the side of the seat a person plays by default) did, hand by hand.

use crate::game::{Phase, State};
use felt_core::{Fact, Summary};

/// The side whose figures the statistics keep: North–South.
const OURS: usize = 0;

/// The facts of `state`'s game so far (every scored hand), in the order the statistics show
/// them.
pub fn facts(state: &State) -> Vec<Fact> {
    let ours = state.history.iter().map(|h| &h.sides[OURS]);
    let hands = state.history.len() as i64;
    let points: i64 = ours.clone().map(|s| i64::from(s.delta())).sum();
    let contracts = ours.clone().filter(|s| s.contract > 0);
    let bid = contracts.clone().count() as i64;
    let made = contracts.filter(|s| s.counted >= s.contract).count() as i64;
    let nils = ours.clone().flat_map(|s| {
        s.bids
            .into_iter()
            .zip(s.tricks)
            .filter(|&(bid, _)| bid == 0)
    });
    let nils_bid = nils.clone().count() as i64;
    let nils_made = nils.filter(|&(_, took)| took == 0).count() as i64;
    let bags: i64 = ours.map(|s| i64::from(s.bags_gained)).sum();
    let won = i64::from(state.phase == Phase::GameOver && state.winner == Some(OURS));
    vec![
        Fact::new(
            "side-won",
            "Games won by North–South",
            won,
            1,
            Summary::Rate,
        ),
        Fact::new("hand-points", "Points a hand", points, hands, Summary::Mean),
        Fact::new("bids-made", "Bids made", made, bid, Summary::Rate),
        Fact::new("nils-bid", "Nils bid", nils_bid, 1, Summary::Total),
        Fact::new("nils-made", "Nils made", nils_made, nils_bid, Summary::Rate),
        Fact::new("bags", "Bags a hand", bags, hands, Summary::Mean),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::HandResult;
    use crate::scoring::score_side;

    fn hand(hand_no: u32, ns: ([u8; 2], [u8; 2]), ew: ([u8; 2], [u8; 2])) -> HandResult {
        HandResult {
            hand_no,
            sides: [score_side(ns.0, ns.1, 0, 0), score_side(ew.0, ew.1, 0, 0)],
            boston: None,
        }
    }

    #[test]
    fn the_facts_sum_north_souths_hands() {
        // SPD-MAKE, SPD-SET, SPD-NILSCORE, SPD-BAGS: South's Nil made beside North's 4 made
        // with a bag (+141), then 3 + 3 set (-60); East–West's figures are not North–South's.
        let mut state = State::new(1);
        state.history = vec![
            hand(1, ([0, 4], [0, 5]), ([3, 1], [6, 2])),
            hand(2, ([3, 3], [2, 2]), ([0, 0], [5, 4])),
        ];
        state.phase = Phase::GameOver;
        state.winner = Some(0);
        let got: Vec<(String, i64, i64)> = facts(&state)
            .into_iter()
            .map(|f| (f.key, f.value, f.out_of))
            .collect();
        let want = [
            ("side-won", 1, 1),
            ("hand-points", 141 - 60, 2),
            ("bids-made", 1, 2),
            ("nils-bid", 1, 1),
            ("nils-made", 1, 1),
            ("bags", 1, 2),
        ]
        .map(|(k, v, o)| (k.to_string(), v, o));
        assert_eq!(got, want);
        state.winner = Some(1);
        assert_eq!(facts(&state)[0].value, 0, "East–West won");
    }

    #[test]
    fn a_game_just_dealt_has_facts_of_nothing_yet() {
        let f = facts(&State::new(3));
        assert!(f.iter().all(|f| f.value == 0), "{f:?}");
        assert_eq!(f.len(), 6);
    }
}
