//! One hand at a time, South's bidding and play by chosen players, the others by the normal
//! player: the average hand result for North–South (their points less East–West's), South's
//! bids against its tricks, sets and bags. Quicker than whole games for finding out what helps.
//!
//! North's Nils show how South covers a partner's Nil, East's and West's how it defends.
//!
//! `cargo run --release -p felt-spades --example duel -- HANDS BID PLAY [SAMPLES] [NODES]`
//! with BID and PLAY each `rules`, `normal` or `strong`.

use felt_core::Ruleset;
use felt_spades::bots::Policy;
use felt_spades::game::Phase;
use felt_spades::{Params, Spades};

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let bid = args
        .next()
        .and_then(|a| Policy::named(&a))
        .unwrap_or(Policy::Strong);
    let play = args
        .next()
        .and_then(|a| Policy::named(&a))
        .unwrap_or(Policy::Strong);
    let samples: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let nodes: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let spades = Spades::with_params(Params {
        samples,
        nodes,
        ..Params::default()
    })
    .seated(&["all"])
    .expect("seats");
    let (mut margin, mut sets, mut bags, mut bid_sum, mut took_sum, mut nils, mut nils_made) =
        (0i64, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32);
    // North's Nils (South covers them) and East's and West's (South defends against them).
    let (mut covered, mut covered_made, mut defended, mut defended_made) = (0u32, 0u32, 0u32, 0u32);
    for seed in 0..hands {
        let mut state = spades.new_game(seed);
        while matches!(state.phase, Phase::Bidding | Phase::Playing) {
            let seat = state.turn;
            let policy = match (seat, state.phase) {
                (0, Phase::Bidding) => bid,
                (0, _) => play,
                _ => Policy::MonteCarlo,
            };
            let d = spades.decide_as(&state, seat, policy);
            let a = Spades::action_for(&state, d);
            spades.apply(&mut state, &a).expect("legal");
        }
        let h = state.last_hand.as_ref().expect("scored");
        margin += (h.sides[0].delta() - h.sides[1].delta()) as i64;
        sets += u32::from(h.sides[0].contract > 0 && h.sides[0].counted < h.sides[0].contract);
        bags += h.sides[0].bags_gained;
        let b = state.bids[0].unwrap_or(0);
        bid_sum += b as u32;
        took_sum += state.taken[0] as u32;
        if b == 0 {
            nils += 1;
            nils_made += u32::from(state.taken[0] == 0);
        }
        if state.bids[2] == Some(0) {
            covered += 1;
            covered_made += u32::from(state.taken[2] == 0);
        }
        for seat in [1, 3] {
            if state.bids[seat] == Some(0) {
                defended += 1;
                defended_made += u32::from(state.taken[seat] == 0);
            }
        }
    }
    let n = hands as f64;
    println!(
        "South bids {bid:?}, plays {play:?}: NS margin {:.1} a hand, set {:.1} %, {:.2} bags, South bid {:.2} took {:.2}, Nil {nils} (made {nils_made})",
        margin as f64 / n,
        100.0 * sets as f64 / n,
        bags as f64 / n,
        bid_sum as f64 / n,
        took_sum as f64 / n
    );
    println!(
        "North's Nils made {covered_made} of {covered}; East's and West's Nils made {defended_made} of {defended}"
    );
}
