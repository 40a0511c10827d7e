//! The game state and its transitions: dealing, bidding, playing a card, finishing a trick,
//! scoring a hand. Pure functions of the state; who decides (a person or a bot) is elsewhere.

use crate::cards::{card_text, Hand, C, SPADES, SUITS};
use crate::scoring::{score_side, winner, SideResult};
use felt_core::{Card, Event, PileId, RuleViolation};
use serde::{Deserialize, Serialize};

/// The human's seat. Seats go clockwise: South 0, West 1, North 2, East 3.
pub const SOUTH: u8 = 0;
/// Seat names, by seat number.
pub const SEAT_NAMES: [&str; 4] = ["South", "West", "North", "East"];
/// Side names: side 0 is North–South (the human's), side 1 East–West.
pub const SIDE_NAMES: [&str; 2] = ["North–South", "East–West"];

/// The seat opposite.
pub fn partner(seat: u8) -> u8 {
    (seat + 2) % 4
}

/// The side of a seat: 0 North–South, 1 East–West.
pub fn side(seat: u8) -> usize {
    (seat % 2) as usize
}

/// The seat after `seat`, clockwise.
pub fn next(seat: u8) -> u8 {
    (seat + 1) % 4
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// One round of bids, from the dealer's left.
    Bidding,
    /// Thirteen tricks.
    Playing,
    /// The hand is scored; the human deals the next one when ready.
    HandOver,
    /// A side has won.
    GameOver,
}

/// The last completed trick, shown until the next card is played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastTrick {
    /// The cards, by seat.
    pub cards: [C; 4],
    /// Who led it.
    pub leader: u8,
    /// Who won it.
    pub winner: u8,
}

/// One scored hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    /// Which hand of the game, from 1.
    pub hand_no: u32,
    /// North–South's and East–West's results.
    pub sides: [SideResult; 2],
    /// The side that took all 13 tricks, if one did (SPD-BOSTON).
    pub boston: Option<usize>,
}

/// What the last step did (one action and the computer turns after it): what an undo would
/// take back, and what a player should be shown of it (SPD-UNDO).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The seats that acted, in order, each with the card it played (`None`: it bid).
    pub acts: Vec<(u8, Option<C>)>,
    /// Tricks completed.
    pub tricks: u8,
    /// Whether a hand was scored.
    pub scored: bool,
    /// Whether a new hand was dealt.
    pub dealt: bool,
}

/// A whole game of Spades.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The game's seed: every deal comes from it.
    pub seed: u64,
    /// The hand being played, from 1.
    pub hand_no: u32,
    /// The dealer of this hand.
    pub dealer: u8,
    /// Where the hand stands.
    pub phase: Phase,
    /// Cards in each seat's hand.
    pub hands: [Hand; 4],
    /// Bids made so far this hand.
    pub bids: [Option<u8>; 4],
    /// Tricks taken this hand, by seat.
    pub taken: [u8; 4],
    /// Whose turn it is.
    pub turn: u8,
    /// Who led the current trick.
    pub leader: u8,
    /// The current trick, by seat.
    pub trick: [Option<C>; 4],
    /// Tricks completed this hand.
    pub tricks_played: u8,
    /// Every card played this hand, the current trick included.
    pub played: Hand,
    /// Suits each seat has shown it lacks (bit per suit index), by failing to follow.
    pub voids: [u8; 4],
    /// Whether spades are broken (SPD-BREAK).
    pub broken: bool,
    /// North–South's and East–West's scores.
    pub scores: [i32; 2],
    /// Their bag counters.
    pub bags: [u32; 2],
    /// The last completed trick of this hand.
    pub last_trick: Option<LastTrick>,
    /// The last scored hand.
    pub last_hand: Option<HandResult>,
    /// What happened in the last step, for the player.
    pub news: Vec<String>,
    /// Bids and cards the human has played (the move counter).
    pub human_actions: u32,
    /// The winning side, once the game is over.
    pub winner: Option<usize>,
    /// What the last step did (a save from before it was kept reads as an empty step).
    #[serde(default)]
    pub step: Step,
    /// Every hand scored so far, in order, for the score sheet.
    #[serde(default)]
    pub history: Vec<HandResult>,
}

/// A 64-bit mix (SplitMix64's finaliser), for deriving seeds from a seed and counters.
pub fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The first dealer, chosen from the seed (SPD-DEAL).
pub fn first_dealer(seed: u64) -> u8 {
    (mix(seed, 0) % 4) as u8
}

/// The cards of hand `hand_no`: a felt shuffle of the pack, dealt one at a time clockwise
/// from the dealer's left (SPD-DEAL). The first hand uses the game seed itself.
pub fn deal(seed: u64, hand_no: u32, dealer: u8) -> [Hand; 4] {
    let mut cards: Vec<Card> = SUITS
        .iter()
        .flat_map(|&s| felt_core::Rank::all().map(move |r| Card::new(s, r)))
        .collect();
    let shuffle_seed = if hand_no <= 1 {
        seed
    } else {
        mix(seed, hand_no as u64)
    };
    felt_core::shuffle(&mut cards, shuffle_seed);
    let mut hands = [Hand::EMPTY; 4];
    for (i, card) in cards.into_iter().enumerate() {
        hands[(dealer as usize + 1 + i) % 4].insert(C::of(card));
    }
    hands
}

/// The suit led to the current trick, if a card has been led.
pub fn led_suit(trick: &[Option<C>; 4], leader: u8) -> Option<u8> {
    trick[leader as usize].map(C::suit)
}

/// The cards `hand` may play: follow suit if able (SPD-FOLLOW); lead no spade before they are
/// broken unless only spades are left (SPD-LEAD, SPD-BREAK).
pub fn legal_cards(hand: Hand, led: Option<u8>, broken: bool) -> Hand {
    match led {
        Some(suit) if !hand.suit(suit).is_empty() => hand.suit(suit),
        Some(_) => hand,
        None if !broken && !hand.side_suits().is_empty() => hand.side_suits(),
        None => hand,
    }
}

/// Why `card` may not be played from `hand` now, if it may not.
pub fn refusal(
    hand: Hand,
    led: Option<u8>,
    broken: bool,
    first_trick: bool,
    card: C,
) -> Option<RuleViolation> {
    if legal_cards(hand, led, broken).contains(card) {
        return None;
    }
    Some(match led {
        Some(suit) => RuleViolation::new(
            "SPD-FOLLOW",
            format!("You must follow suit: {} were led", suit_name(suit)),
        ),
        None if first_trick => RuleViolation::new(
            "SPD-LEAD",
            "The first trick may not be led with a spade (unless you hold only spades)",
        ),
        None => RuleViolation::new(
            "SPD-BREAK",
            "Spades are not broken: lead another suit until a spade has been played on another suit's lead, or you hold only spades",
        ),
    })
}

/// Whether `card` played to a trick whose led suit is `led` (`None`: it is the lead) breaks
/// spades (SPD-BREAK, as pagat words it): only a spade played on another suit's lead does. A
/// leader holding nothing but spades may lead one, and that breaks nothing.
pub fn breaks_spades(card: C, led: Option<u8>) -> bool {
    card.suit() == SPADES && led.is_some_and(|s| s != SPADES)
}

/// The plural name of a suit index.
pub fn suit_name(suit: u8) -> &'static str {
    ["spades", "hearts", "clubs", "diamonds"][suit as usize % 4]
}

/// The seat whose card wins a full trick (SPD-WIN).
pub fn trick_winner(trick: &[Option<C>; 4], leader: u8) -> u8 {
    let led = trick[leader as usize].map_or(0, C::suit);
    let mut best = leader;
    for k in 1..4 {
        let seat = (leader + k) % 4;
        if let (Some(c), Some(b)) = (trick[seat as usize], trick[best as usize]) {
            if c.beats(b, led) {
                best = seat;
            }
        }
    }
    best
}

/// The pile of a seat's hand.
pub fn hand_pile(seat: u8) -> PileId {
    PileId(seat)
}

/// The pile of a seat's place in the trick.
pub fn slot_pile(seat: u8) -> PileId {
    PileId(4 + seat)
}

fn note(events: &mut Vec<Event>, news: &mut Vec<String>, kind: &str, text: String) {
    events.push(Event::Note {
        kind: kind.to_string(),
        text: text.clone(),
    });
    news.push(text);
}

impl State {
    /// A new game: the first dealer drawn from the seed, the first hand dealt, bidding open.
    pub fn new(seed: u64) -> State {
        let dealer = first_dealer(seed);
        State {
            seed,
            hand_no: 1,
            dealer,
            phase: Phase::Bidding,
            hands: deal(seed, 1, dealer),
            bids: [None; 4],
            taken: [0; 4],
            turn: next(dealer),
            leader: next(dealer),
            trick: [None; 4],
            tricks_played: 0,
            played: Hand::EMPTY,
            voids: [0; 4],
            broken: false,
            scores: [0; 2],
            bags: [0; 2],
            last_trick: None,
            last_hand: None,
            news: vec![format!("Hand 1: {} deals", SEAT_NAMES[dealer as usize])],
            human_actions: 0,
            winner: None,
            step: Step::default(),
            history: Vec::new(),
        }
    }

    /// The suit led to the current trick.
    pub fn led(&self) -> Option<u8> {
        led_suit(&self.trick, self.leader)
    }

    /// The cards the seat to play may play.
    pub fn legal(&self) -> Hand {
        legal_cards(self.hands[self.turn as usize], self.led(), self.broken)
    }

    /// Records the bid of the seat to play and passes the turn (SPD-BID). When the fourth bid
    /// is in, play starts from the dealer's left.
    pub fn bid(&mut self, n: u8, events: &mut Vec<Event>) {
        let seat = self.turn;
        self.step.acts.push((seat, None));
        self.bids[seat as usize] = Some(n);
        let said = if n == 0 {
            "Nil".to_string()
        } else {
            n.to_string()
        };
        // By seat name, whoever drives the seat: the view words it for the seat it is shown
        // to (crate::view::as_seen_by).
        let who = format!("{} bids", SEAT_NAMES[seat as usize]);
        note(events, &mut self.news, "bid", format!("{who} {said}"));
        self.turn = next(seat);
        if self.bids.iter().all(Option::is_some) {
            self.phase = Phase::Playing;
            self.turn = next(self.dealer);
            self.leader = self.turn;
        }
    }

    /// Plays a legal card of the seat to play; completes the trick and the hand when due.
    pub fn play(&mut self, card: C, target: i32, events: &mut Vec<Event>) {
        let seat = self.turn;
        let led = self.led();
        self.step.acts.push((seat, Some(card)));
        self.hands[seat as usize].remove(card);
        self.trick[seat as usize] = Some(card);
        self.played.insert(card);
        if let Some(suit) = led {
            if card.suit() != suit {
                self.voids[seat as usize] |= 1 << suit;
            }
        }
        // SPD-BREAK: the others still may not lead spades after a leader holding nothing but
        // spades led one, while they hold another suit.
        if !self.broken && breaks_spades(card, led) {
            self.broken = true;
            note(
                events,
                &mut self.news,
                "spades-broken",
                "Spades are broken".to_string(),
            );
        }
        events.push(Event::Moved {
            from: hand_pile(seat),
            to: slot_pile(seat),
            count: 1,
        });
        let who = format!("{} plays", SEAT_NAMES[seat as usize]);
        self.news.push(format!("{who} {}", card_text(card)));
        if self.trick.iter().all(Option::is_some) {
            self.finish_trick(target, events);
        } else {
            self.turn = next(seat);
        }
    }

    fn finish_trick(&mut self, target: i32, events: &mut Vec<Event>) {
        let winner = trick_winner(&self.trick, self.leader);
        let cards = self.trick.map(|c| c.unwrap_or(C(0)));
        self.taken[winner as usize] += 1;
        self.tricks_played += 1;
        self.step.tricks += 1;
        self.last_trick = Some(LastTrick {
            cards,
            leader: self.leader,
            winner,
        });
        let won_with = cards[winner as usize];
        let who = format!("{} wins", SEAT_NAMES[winner as usize]);
        note(
            events,
            &mut self.news,
            "trick-won",
            format!("{who} the trick with {}", card_text(won_with)),
        );
        self.trick = [None; 4];
        self.leader = winner;
        self.turn = winner;
        if self.tricks_played == 13 {
            self.finish_hand(target, events);
        }
    }

    /// Scores the hand (penalties before the win check) and ends the game or waits for the
    /// next deal.
    fn finish_hand(&mut self, target: i32, events: &mut Vec<Event>) {
        let mut sides = Vec::with_capacity(2);
        for s in 0..2u8 {
            let (a, b) = (s as usize, s as usize + 2);
            let bids = [self.bids[a].unwrap_or(0), self.bids[b].unwrap_or(0)];
            let tricks = [self.taken[a], self.taken[b]];
            sides.push(score_side(
                bids,
                tricks,
                self.scores[s as usize],
                self.bags[s as usize],
            ));
        }
        let sides: [SideResult; 2] = [sides[0].clone(), sides[1].clone()];
        let boston = (0..2).find(|&s| sides[s].taken == 13);
        if let Some(s) = boston {
            note(
                events,
                &mut self.news,
                "boston",
                format!("Boston! {} took all 13 tricks", SIDE_NAMES[s]),
            );
        }
        for s in 0..2 {
            self.scores[s] = sides[s].score;
            self.bags[s] = sides[s].bags;
            let delta = sides[s].delta();
            let text = format!(
                "{}: {} ({}{}) → {}, {} bags",
                SIDE_NAMES[s],
                sides[s].lines.join("; "),
                if delta >= 0 { "+" } else { "" },
                delta,
                sides[s].score,
                sides[s].bags
            );
            note(events, &mut self.news, "hand-scored", text);
        }
        let result = HandResult {
            hand_no: self.hand_no,
            sides,
            boston,
        };
        self.history.push(result.clone());
        self.last_hand = Some(result);
        self.step.scored = true;
        match winner(self.scores, target) {
            Some(s) => {
                self.winner = Some(s);
                self.phase = Phase::GameOver;
                let text = format!(
                    "{} win the game, {} to {}",
                    SIDE_NAMES[s],
                    self.scores[s],
                    self.scores[1 - s]
                );
                note(events, &mut self.news, "game-over", text);
            }
            None => self.phase = Phase::HandOver,
        }
    }

    /// Deals the next hand: the deal passes clockwise (SPD-DEAL).
    pub fn next_hand(&mut self, events: &mut Vec<Event>) {
        self.step.dealt = true;
        self.hand_no += 1;
        self.dealer = next(self.dealer);
        self.hands = deal(self.seed, self.hand_no, self.dealer);
        self.bids = [None; 4];
        self.taken = [0; 4];
        self.turn = next(self.dealer);
        self.leader = self.turn;
        self.trick = [None; 4];
        self.tricks_played = 0;
        self.played = Hand::EMPTY;
        self.voids = [0; 4];
        self.broken = false;
        self.last_trick = None;
        self.phase = Phase::Bidding;
        let text = format!(
            "Hand {}: {} deals",
            self.hand_no, SEAT_NAMES[self.dealer as usize]
        );
        note(events, &mut self.news, "deal", text);
    }
}

#[cfg(test)]
mod tests;
