//! The position format: read back what it writes, set up pagat's worked example and play it,
//! and refuse a bad file with the line at fault.

use felt_core::{Action, PileId, Ruleset};
use felt_spades::game::{Phase, State};
use felt_spades::{Params, Spades};
use proptest::prelude::*;

fn quick() -> Spades {
    Spades::with_params(Params {
        samples: 2,
        ..Params::default()
    })
}

/// Pagat's side on 337 with 7 bags, bid 5 (North 3, South 2), has taken 7 tricks; the last
/// trick is South's to lead.
const PAGAT: &str = "\
# pagat: 337 points with 7 bags
Hand: 6
Dealer: West
Scores: 337 250
Bags: 7 3
South: AS
West: 2H
North: 3H
East: 4H
Bids: North 3, East 4, South 2, West 4
Tricks: South 4, West 3, North 3, East 2
Broken: yes
Turn: South
";

fn play_first(spades: &Spades, state: &mut State) {
    let action = Action::Move {
        from: PileId(0),
        index: 0,
        to: PileId(4),
    };
    spades.apply(state, &action).expect("South's card is legal");
}

#[test]
fn pagats_337_with_7_bags_set_up_and_played() {
    // SPD-BAGS: an eighth trick makes 53 and a tenth bag: 337 + 53 - 100 = 290, 0 bags.
    let spades = quick();
    let mut state = spades.import_position(PAGAT).expect("the position reads");
    assert_eq!(state.phase, Phase::Playing);
    assert_eq!((state.scores, state.bags), ([337, 250], [7, 3]));
    assert_eq!(state.tricks_played, 12);
    play_first(&spades, &mut state);
    assert_eq!(state.phase, Phase::HandOver);
    assert_eq!((state.scores[0], state.bags[0]), (290, 0));
    // SPD-SET: East–West bid 8 and took 5.
    assert_eq!(state.scores[1], 250 - 80);
}

#[test]
fn with_seven_tricks_the_side_keeps_its_bags() {
    // SPD-BAGS: West wins the last trick instead: 337 + 52 = 389, 9 bags.
    let text = PAGAT
        .replace("South: AS", "South: 5H")
        .replace("West: 2H", "West: AS");
    let spades = quick();
    let mut state = spades.import_position(&text).expect("the position reads");
    play_first(&spades, &mut state);
    assert_eq!((state.scores[0], state.bags[0]), (389, 9));
}

#[test]
fn a_position_mid_trick_plays_on_from_the_next_seat() {
    // SPD-FOLLOW: South must follow the heart East led.
    let text = PAGAT
        .replace("Turn: South\n", "")
        .replace(
            "Tricks: South 4, West 3, North 3, East 2",
            "Tricks: South 4, West 3, North 2, East 2",
        )
        .replace("South: AS", "South: AS 5H")
        .replace("West: 2H", "West: 2H 9D")
        .replace("North: 3H", "North: 3H 8D")
        + "Trick: East 7H\n";
    let spades = quick();
    let state = spades.import_position(&text).expect("the position reads");
    assert_eq!(state.turn, 0, "South follows East");
    let refused = spades
        .check(
            &state,
            &Action::Move {
                from: PileId(0),
                index: 0,
                to: PileId(4),
            },
        )
        .expect_err("the spade may not be played on a heart South can follow");
    assert_eq!(refused.rule, "SPD-FOLLOW");
}

#[test]
fn a_computer_seat_to_act_acts_on_import() {
    // West leads: the bots play West, North and East, and the game waits for South.
    let text = PAGAT.replace("Turn: South", "Turn: West");
    let spades = quick();
    let state = spades.import_position(&text).expect("the position reads");
    assert_eq!(state.turn, 0);
    assert_eq!(state.trick.iter().filter(|c| c.is_some()).count(), 3);
}

#[test]
fn bad_files_are_refused_with_their_line() {
    let spades = quick();
    let err = |text: String| spades.import_position(&text).expect_err("refused");
    assert_eq!(
        err(PAGAT.replace("West: 2H", "West: AS")),
        "line 7: AS is also in South's hand (line 6)"
    );
    assert_eq!(
        err(PAGAT.replace("East: 4H", "East: 4H 5H")),
        "line 9: East holds 2 cards, but after 12 tricks it holds 1"
    );
    assert_eq!(
        err(PAGAT.replace("Bids: North 3, East 4", "Bids: East 4, North 3")),
        "line 10: East bids before North: bids go in turn from the dealer's left"
    );
    assert_eq!(
        err(PAGAT.replace("Bags: 7 3", "Bags: 12 3")),
        "line 5: bags are 0 to 9 (every 10 cost their penalty at once)"
    );
    assert_eq!(
        err(PAGAT.replace("South: AS", "South: 1S")),
        "line 6: '1S' is not a card (AS, TH, 2C ...)"
    );
    assert_eq!(
        err(PAGAT.replace("Turn: South", "Trun: South")),
        "line 13: unknown line 'trun' (Seed, Hand, Dealer, Scores, Bags, South, West, North, East, Bids, Tricks, Broken, Trick, Turn)"
    );
    assert_eq!(
        err(PAGAT.replace("Dealer: West\n", "")),
        "no 'Dealer:' line: the dealer names who bids and leads first"
    );
}

#[test]
fn a_fresh_deal_reads_back_as_itself() {
    let spades = quick();
    let state = spades.new_game(2026);
    let text = spades.export_position(&state).expect("Spades has a format");
    let back = spades.import_position(&text).expect("reads back");
    assert_eq!(felt_spades::position::write(&back), text);
    assert_eq!(
        (back.hands, back.bids, back.turn),
        (state.hands, state.bids, state.turn)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("FELT_SPADES_POSITION_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24)
    ))]

    #[test]
    fn any_position_of_a_game_reads_back_as_it_was_written(seed in 0u64..1_000, steps in 0usize..40) {
        // Everything the format keeps comes back; a bot's turn reads as the same table.
        let spades = Spades::with_params(Params {
            samples: 1,
            partner: felt_spades::bots::Policy::Simple,
            opponents: felt_spades::bots::Policy::Simple,
            ..Params::default()
        });
        let mut state = spades.new_game(seed);
        for _ in 0..steps {
            let mut legal = Vec::new();
            spades.legal_actions(&state, &mut legal);
            let Some(action) = legal.get(seed as usize % legal.len().max(1)).cloned() else { break };
            spades.apply(&mut state, &action).expect("a legal action");
        }
        prop_assume!(matches!(state.phase, Phase::Bidding | Phase::Playing));
        let text = felt_spades::position::write(&state);
        let back = felt_spades::position::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(felt_spades::position::write(&back), text);
        prop_assert_eq!(back.hands, state.hands);
        prop_assert_eq!(back.bids, state.bids);
        prop_assert_eq!(back.taken, state.taken);
        prop_assert_eq!(back.trick, state.trick);
        prop_assert_eq!(back.played, state.played);
        prop_assert_eq!((back.turn, back.leader, back.broken), (state.turn, state.leader, state.broken));
        prop_assert_eq!((back.scores, back.bags, back.dealer, back.hand_no), (state.scores, state.bags, state.dealer, state.hand_no));
        prop_assert_eq!(back.phase, state.phase);
    }
}
