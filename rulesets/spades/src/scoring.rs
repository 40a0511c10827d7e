//! Scoring one hand for one side, and the end of the game (SPD-MAKE, SPD-BAGS, SPD-SET,
//! SPD-NILSCORE, SPD-GAME).

use serde::{Deserialize, Serialize};

/// Bags that cost a penalty.
pub const BAG_LIMIT: u32 = 10;
/// The penalty per [`BAG_LIMIT`] bags.
pub const BAG_PENALTY: i32 = 100;
/// Points for a made Nil, lost for a failed one.
pub const NIL_POINTS: i32 = 100;

/// What one side did in one hand and what it scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideResult {
    /// The side's contract: the sum of its non-Nil bids.
    pub contract: u8,
    /// Tricks counted toward the contract (a Nil bidder's never are).
    pub counted: u8,
    /// Tricks the side took in all.
    pub taken: u8,
    /// Points from the hand before any bag penalty.
    pub points: i32,
    /// Bags gained this hand.
    pub bags_gained: u32,
    /// Bag penalties paid this hand (each [`BAG_PENALTY`]).
    pub penalties: u32,
    /// The side's score after the hand.
    pub score: i32,
    /// The side's bag counter after the hand.
    pub bags: u32,
    /// Sentences explaining the points, in order.
    pub lines: Vec<String>,
    /// The two players' bids (a hand scored before these were kept reads as two Nils with
    /// no tricks; only the score sheet shows them).
    #[serde(default)]
    pub bids: [u8; 2],
    /// The two players' tricks.
    #[serde(default)]
    pub tricks: [u8; 2],
}

impl SideResult {
    /// Points gained or lost in the hand, penalties included.
    pub fn delta(&self) -> i32 {
        self.points - BAG_PENALTY * self.penalties as i32
    }
}

/// Scores one side's hand: `bids` and `tricks` of its two players (a bid of 0 is Nil), from
/// the side's `score` and `bags` before the hand.
pub fn score_side(bids: [u8; 2], tricks: [u8; 2], score: i32, bags: u32) -> SideResult {
    let mut points = 0;
    let mut bags_gained = 0u32;
    let mut lines = Vec::new();
    let mut contract = 0u8;
    let mut counted = 0u8;
    for (bid, took) in bids.into_iter().zip(tricks) {
        if bid == 0 {
            // SPD-NILSCORE: the Nil bidder's tricks never count toward the partner's bid,
            // but each is a bag for the side (and scores its point).
            if took == 0 {
                points += NIL_POINTS;
                lines.push(format!("Nil made: +{NIL_POINTS}"));
            } else {
                points -= NIL_POINTS;
                points += took as i32;
                bags_gained += took as u32;
                lines.push(format!(
                    "Nil failed ({took} taken): -{NIL_POINTS}, +{took} in bags"
                ));
            }
        } else {
            contract += bid;
            counted += took;
        }
    }
    if contract > 0 {
        if counted >= contract {
            // SPD-MAKE and SPD-BAGS: 10 a trick bid, 1 an overtrick.
            let over = counted - contract;
            points += 10 * contract as i32 + over as i32;
            bags_gained += over as u32;
            lines.push(format!(
                "Bid {contract}, took {counted}: +{}",
                10 * contract as i32 + over as i32
            ));
        } else {
            // SPD-SET: 10 lost per trick bid.
            points -= 10 * contract as i32;
            lines.push(format!(
                "Bid {contract}, took {counted}: set, -{}",
                10 * contract as i32
            ));
        }
    }
    // SPD-BAGS: every ten bags cost 100, the rest carry over; applied before the win check.
    let mut bags_now = bags + bags_gained;
    let mut penalties = 0;
    while bags_now >= BAG_LIMIT {
        bags_now -= BAG_LIMIT;
        penalties += 1;
    }
    if penalties > 0 {
        lines.push(format!(
            "{} bags: -{}",
            BAG_LIMIT * penalties,
            BAG_PENALTY * penalties as i32
        ));
    }
    SideResult {
        contract,
        counted,
        taken: tricks[0] + tricks[1],
        points,
        bags_gained,
        penalties,
        score: score + points - BAG_PENALTY * penalties as i32,
        bags: bags_now,
        lines,
        bids,
        tricks,
    }
}

/// The winning side (0 North–South, 1 East–West) after a hand, if the game is over: the first
/// to reach `target`; if both do, the higher; on a tie, nobody yet (SPD-GAME).
pub fn winner(scores: [i32; 2], target: i32) -> Option<usize> {
    if scores[0].max(scores[1]) < target || scores[0] == scores[1] {
        return None;
    }
    Some(if scores[0] > scores[1] { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn bags_stay_below_ten_and_penalties_account_for_the_rest(
            bids in (0u8..=13, 0u8..=13),
            split in (0u8..=13, 0u8..=13),
            score in -1000i32..1000,
            bags in 0u32..10,
        ) {
            // SPD-BAGS: the counter carries what is left after each ten.
            let tricks = [split.0.min(13), split.1.min(13 - split.0.min(13))];
            let r = score_side([bids.0, bids.1], tricks, score, bags);
            prop_assert!(r.bags < BAG_LIMIT);
            prop_assert_eq!(bags + r.bags_gained, r.bags + BAG_LIMIT * r.penalties);
            prop_assert_eq!(r.score, score + r.delta());
            prop_assert_eq!(r.taken, tricks[0] + tricks[1]);
        }
    }

    #[test]
    fn pagats_worked_example_337_with_7_bags_bidding_5() {
        // SPD-BAGS, pagat's example: a side on 337 with 7 bags bids 5.
        let seven = score_side([2, 3], [4, 3], 337, 7);
        assert_eq!((seven.score, seven.bags), (389, 9));
        let eight = score_side([2, 3], [4, 4], 337, 7);
        assert_eq!((eight.score, eight.bags), (290, 0), "337 + 53 - 100");
        let nine = score_side([2, 3], [5, 4], 337, 7);
        assert_eq!((nine.score, nine.bags), (291, 1), "337 + 54 - 100");
    }

    #[test]
    fn a_set_side_loses_ten_a_trick_bid() {
        // SPD-SET
        let r = score_side([4, 3], [2, 2], 100, 3);
        assert_eq!((r.score, r.bags, r.points), (30, 3, -70));
    }

    #[test]
    fn double_nil_made_scores_two_hundred() {
        // SPD-NILSCORE, both partners Nil.
        let r = score_side([0, 0], [0, 0], 0, 0);
        assert_eq!((r.score, r.bags, r.contract), (200, 0, 0));
        let half = score_side([0, 0], [0, 2], 0, 0);
        // One Nil made (+100), one failed (-100) with its 2 tricks as bags.
        assert_eq!((half.score, half.bags), (2, 2));
    }

    #[test]
    fn failed_nil_while_the_partner_is_set() {
        // SPD-NILSCORE: the Nil bidder's 2 tricks do not help the partner's 4; they are bags.
        let r = score_side([0, 4], [2, 3], 50, 0);
        assert_eq!(r.counted, 3);
        assert_eq!(r.points, -100 + 2 - 40);
        assert_eq!((r.score, r.bags), (50 - 138, 2));
    }

    #[test]
    fn made_nil_and_partners_bid_score_apart() {
        let r = score_side([0, 3], [0, 5], 0, 0);
        assert_eq!((r.score, r.bags), (100 + 32, 2));
    }

    #[test]
    fn two_bag_penalties_in_one_hand() {
        // SPD-BAGS: 9 bags, a contract of 1 (partner Nil, made), all 13 taken: 12 bags more.
        let r = score_side([1, 0], [13, 0], 0, 9);
        assert_eq!(r.penalties, 2);
        assert_eq!((r.score, r.bags), (100 + 10 + 12 - 200, 1));
    }

    #[test]
    fn no_floor_at_minus_two_hundred() {
        let r = score_side([6, 6], [1, 1], -190, 0);
        assert_eq!(r.score, -310);
        assert_eq!(
            winner([-310, 480], 500),
            None,
            "the game goes on below -200"
        );
    }

    #[test]
    fn both_past_the_target_the_higher_wins_and_a_tie_plays_on() {
        // SPD-GAME
        assert_eq!(winner([510, 530], 500), Some(1));
        assert_eq!(winner([520, 490], 500), Some(0));
        assert_eq!(winner([510, 510], 500), None);
        assert_eq!(winner([499, 300], 500), None);
    }

    #[test]
    fn the_penalty_comes_before_the_win_check() {
        // 495 with 9 bags, bid 2 take 3: 495 + 21 - 100 = 416: no win.
        let r = score_side([1, 1], [2, 1], 495, 9);
        assert_eq!(r.score, 416);
        assert_eq!(winner([r.score, 0], 500), None);
    }
}
