//! Computer seats. A bot sees only what its seat may see ([`Knowledge`], ✱ contract 3) and
//! draws its randomness from a generator seeded by the game seed and the position, so a game
//! replays exactly.

pub mod bid;
pub mod dd;
pub mod montecarlo;
pub mod sample;
pub mod simple;
pub mod strong;

use crate::cards::{Hand, C};
use crate::game::{led_suit, legal_cards, mix, partner, side, State};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// How a computer seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// The normal player: counts likely tricks to bid; plays the card with the best result
    /// over sampled deals played out by the simple policy.
    MonteCarlo,
    /// The rule-based reference player: counts honours and spades to bid, wins cheaply when
    /// its side needs tricks and ducks when it does not ([`simple`]).
    Simple,
    /// The strong player: sampled deals each searched exactly ([`strong`]).
    Strong,
}

impl Policy {
    /// The policy a variant or a `--seats` word names: `rules` (or `simple`), `normal` (or
    /// `montecarlo`), `strong`.
    pub fn named(word: &str) -> Option<Policy> {
        match word.to_ascii_lowercase().as_str() {
            "rules" | "simple" | "easy" => Some(Policy::Simple),
            "normal" | "montecarlo" => Some(Policy::MonteCarlo),
            "strong" => Some(Policy::Strong),
            _ => None,
        }
    }

    /// The names [`Policy::named`] reads, for error messages.
    pub const NAMES: &'static str = "\"rules\", \"normal\" or \"strong\"";
}

/// Everything public at the table: what every seat sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Public {
    /// Bids so far.
    pub bids: [Option<u8>; 4],
    /// Tricks taken, by seat.
    pub taken: [u8; 4],
    /// The current trick, by seat.
    pub trick: [Option<C>; 4],
    /// Who led it.
    pub leader: u8,
    /// Whose turn it is.
    pub turn: u8,
    /// Completed tricks this hand.
    pub tricks_played: u8,
    /// Cards played this hand.
    pub played: Hand,
    /// Suits each seat has shown it lacks.
    pub voids: [u8; 4],
    /// Whether spades are broken.
    pub broken: bool,
    /// Scores by side.
    pub scores: [i32; 2],
    /// Bags by side.
    pub bags: [u32; 2],
}

impl Public {
    /// The suit led, if any.
    pub fn led(&self) -> Option<u8> {
        led_suit(&self.trick, self.leader)
    }

    /// Cards in the current trick.
    pub fn in_trick(&self) -> usize {
        self.trick.iter().filter(|c| c.is_some()).count()
    }

    /// The seat currently winning the trick and its card, if a card was led.
    pub fn winning(&self) -> Option<(u8, C)> {
        let led = self.led()?;
        let mut best = (self.leader, self.trick[self.leader as usize]?);
        for k in 1..4 {
            let seat = (self.leader + k) % 4;
            if let Some(c) = self.trick[seat as usize] {
                if c.beats(best.1, led) {
                    best = (seat, c);
                }
            }
        }
        Some(best)
    }

    /// A side's contract (its non-Nil bids) and tricks counted toward it.
    pub fn contract(&self, side_no: usize) -> (u8, u8) {
        let mut contract = 0;
        let mut counted = 0;
        for seat in [side_no, side_no + 2] {
            match self.bids[seat] {
                Some(0) | None => {}
                Some(b) => {
                    contract += b;
                    counted += self.taken[seat];
                }
            }
        }
        (contract, counted)
    }

    /// Cards a seat still holds: 13 less what it has played.
    pub fn hand_size(&self, seat: u8) -> u32 {
        13 - self.tricks_played as u32 - self.trick[seat as usize].is_some() as u32
    }
}

/// What one seat knows: its own hand and the public table. Never another hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The seat.
    pub seat: u8,
    /// Its cards.
    pub hand: Hand,
    /// The table.
    pub public: Public,
    /// Randomness for this decision, from the game seed and the position.
    pub entropy: u64,
}

impl Knowledge {
    /// What `seat` knows in `state`.
    pub fn of(state: &State, seat: u8) -> Knowledge {
        let public = Public {
            bids: state.bids,
            taken: state.taken,
            trick: state.trick,
            leader: state.leader,
            turn: state.turn,
            tricks_played: state.tricks_played,
            played: state.played,
            voids: state.voids,
            broken: state.broken,
            scores: state.scores,
            bags: state.bags,
        };
        let position =
            (state.hand_no as u64) << 16 | (state.played.len() as u64) << 4 | seat as u64;
        Knowledge {
            seat,
            hand: state.hands[seat as usize],
            public,
            entropy: mix(mix(state.seed, 0xB07), position),
        }
    }

    /// The cards this seat may play now.
    pub fn legal(&self) -> Hand {
        legal_cards(self.hand, self.public.led(), self.public.broken)
    }

    /// The partner's seat.
    pub fn partner(&self) -> u8 {
        partner(self.seat)
    }

    /// This seat's side.
    pub fn side(&self) -> usize {
        side(self.seat)
    }
}

/// A seeded generator for one decision.
pub fn rng(entropy: u64) -> ChaCha8Rng {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&entropy.to_le_bytes());
    ChaCha8Rng::from_seed(seed)
}

/// A number in `0..n` (n > 0).
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    ((rng.next_u32() as u64 * n as u64) >> 32) as u32
}

/// The bid a computer player following `policy` makes.
pub fn bid_for(k: &Knowledge, policy: Policy, effort: strong::Effort) -> u8 {
    match policy {
        Policy::MonteCarlo => bid::montecarlo_bid(k),
        Policy::Simple => bid::reference_bid(k),
        Policy::Strong => strong::choose_bid(k, effort),
    }
}

/// The card a computer player following `policy` plays.
pub fn card_for(k: &Knowledge, policy: Policy, effort: strong::Effort) -> C {
    match policy {
        Policy::MonteCarlo => montecarlo::choose(k, effort.samples),
        Policy::Simple => simple::choose(k.seat, k.hand, &k.public),
        Policy::Strong => strong::choose(k, effort),
    }
}

/// The legal cards, best first as `policy` sees them (the hints: the first, then the next).
pub fn ranked_cards(k: &Knowledge, policy: Policy, effort: strong::Effort) -> Vec<C> {
    match policy {
        Policy::MonteCarlo => montecarlo::rank_cards(k, effort.samples)
            .into_iter()
            .map(|(c, _)| c)
            .collect(),
        Policy::Strong => strong::rank_cards(k, effort)
            .into_iter()
            .map(|(c, _)| c)
            .collect(),
        Policy::Simple => {
            // The rule's card first, then the others in display order.
            let first = simple::choose(k.seat, k.hand, &k.public);
            std::iter::once(first)
                .chain(k.legal().iter().filter(|&c| c != first))
                .collect()
        }
    }
}
