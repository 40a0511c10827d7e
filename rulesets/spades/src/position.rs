//! A plain text format for a Spades position, so `felt deal` can write a deal out and
//! `felt play spades --position FILE` can start from any situation (pagat's side on 337 with
//! 7 bags):
//!
//! ```text
//! Hand: 4
//! Dealer: West
//! Scores: 337 120
//! Bags: 7 2
//! South: AS KS 4H 2C
//! West: QS 9H 8D 3D
//! North: JS TH 5C 4C
//! East: 6S AH 7C 2D
//! Bids: North 2, East 4, South 3, West 3
//! Tricks: South 4, West 3, North 2, East 1
//! Broken: yes
//! Trick: North KC
//! ```
//!
//! `Scores` and `Bags` are North–South's then East–West's; each seat's line lists the cards
//! it still holds; `Bids` the bids made so far (`Nil` for 0), in the order made from the
//! dealer's left; `Tricks` the tricks each seat took this hand; `Trick` the cards of the trick
//! being played, in the order played from its leader. `Turn: SEAT` names who leads when no
//! card of the trick is out yet. The cards not held are the ones played in this hand's
//! completed tricks. Lines may come in any order, `#` starts a comment, and `Hand`, `Seed`,
//! `Scores`, `Bags`, `Tricks`, `Broken`, `Trick` and `Turn` may be left out (1, 0, 0 0, 0 0,
//! none, no, none, the dealer's left). An error names its line.

use crate::cards::{Hand, C};
use crate::game::{next, Phase, State, SEAT_NAMES};
use crate::scoring::BAG_LIMIT;
use crate::seats::seat_named;
use felt_core::Card;

/// The position as text (see the module), every card shown.
pub fn write(state: &State) -> String {
    let mut out = format!(
        "# felt Spades position\nSeed: {}\nHand: {}\nDealer: {}\nScores: {} {}\nBags: {} {}\n",
        state.seed,
        state.hand_no,
        SEAT_NAMES[state.dealer as usize],
        state.scores[0],
        state.scores[1],
        state.bags[0],
        state.bags[1]
    );
    for (name, hand) in SEAT_NAMES.iter().zip(state.hands) {
        let cards: Vec<String> = hand.iter().map(token).collect();
        line(&mut out, name, &cards.join(" "));
    }
    let order: Vec<u8> = (1..=4).map(|k| (state.dealer + k) % 4).collect();
    let bids: Vec<String> = order
        .iter()
        .filter_map(|&s| {
            state.bids[s as usize].map(|b| {
                let said = if b == 0 {
                    "Nil".to_string()
                } else {
                    b.to_string()
                };
                format!("{} {said}", SEAT_NAMES[s as usize])
            })
        })
        .collect();
    line(&mut out, "Bids", &bids.join(", "));
    let tricks: Vec<String> = (0..4)
        .map(|s| format!("{} {}", SEAT_NAMES[s], state.taken[s]))
        .collect();
    line(&mut out, "Tricks", &tricks.join(", "));
    out.push_str(&format!(
        "Broken: {}\n",
        if state.broken { "yes" } else { "no" }
    ));
    let trick: Vec<String> = (0..4)
        .map(|k| (state.leader + k) % 4)
        .filter_map(|s| {
            state.trick[s as usize].map(|c| format!("{} {}", SEAT_NAMES[s as usize], token(c)))
        })
        .collect();
    line(&mut out, "Trick", &trick.join(", "));
    if state.phase == Phase::Playing && trick.is_empty() {
        out.push_str(&format!("Turn: {}\n", SEAT_NAMES[state.turn as usize]));
    }
    out
}

/// Appends `Name: value`, or `Name:` alone for an empty value.
fn line(out: &mut String, name: &str, value: &str) {
    out.push_str(name);
    out.push(':');
    if !value.is_empty() {
        out.push(' ');
        out.push_str(value);
    }
    out.push('\n');
}

fn token(c: C) -> String {
    c.card().token()
}

/// What one line says, before the lines are checked together.
#[derive(Default)]
struct Lines {
    seed: u64,
    hand_no: Option<u32>,
    dealer: Option<(usize, u8)>,
    scores: [i32; 2],
    bags: [u32; 2],
    hands: [Option<(usize, Hand)>; 4],
    bids: Vec<(u8, u8)>,
    bids_line: usize,
    taken: [u8; 4],
    tricks_line: usize,
    broken: bool,
    trick: Vec<(u8, C)>,
    trick_line: usize,
    turn: Option<(usize, u8)>,
}

/// A position from text, or what is wrong with it, naming the line.
pub fn read(text: &str) -> Result<State, String> {
    let lines = parse_lines(text)?;
    build(lines)
}

fn parse_lines(text: &str) -> Result<Lines, String> {
    let mut l = Lines::default();
    for line in felt_core::text::named_lines(text)? {
        let n = line.number;
        let at = |m: String| line.error(m);
        let (head, rest) = (line.head.clone(), line.rest);
        let number = |what: &str, w: &str| -> Result<i64, String> {
            w.parse::<i64>()
                .map_err(|_| at(format!("'{}' is not {what}", clip(w))))
        };
        let pair = |what: &str| -> Result<[i64; 2], String> {
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                [a, b] => Ok([number(what, a)?, number(what, b)?]),
                _ => Err(at(format!(
                    "expected two numbers, North–South's then East–West's {what}"
                ))),
            }
        };
        let seat = |w: &str| {
            seat_named(w).ok_or_else(|| {
                at(format!(
                    "'{}' is not a seat (South, West, North, East or S, W, N, E)",
                    clip(w)
                ))
            })
        };
        let card = |w: &str| {
            w.parse::<Card>()
                .map(C::of)
                .map_err(|_| at(format!("'{}' is not a card (AS, TH, 2C ...)", clip(w))))
        };
        match head.as_str() {
            "seed" => {
                l.seed = rest
                    .parse()
                    .map_err(|_| at(format!("'{}' is not a seed", clip(rest))))?
            }
            "hand" => {
                let h = number("a hand number", rest)?;
                l.hand_no = Some(
                    u32::try_from(h)
                        .ok()
                        .filter(|&h| h >= 1)
                        .ok_or_else(|| at("the hand number counts from 1".to_string()))?,
                );
            }
            "dealer" => l.dealer = Some((n, seat(rest)?)),
            "turn" => l.turn = Some((n, seat(rest)?)),
            "scores" => {
                let [a, b] = pair("score")?;
                let fit = |v: i64| {
                    i32::try_from(v)
                        .ok()
                        .filter(|v| v.abs() <= 1_000_000)
                        .ok_or_else(|| at(format!("a score of {v} is out of reach")))
                };
                l.scores = [fit(a)?, fit(b)?];
            }
            "bags" => {
                let [a, b] = pair("bags")?;
                let fit = |v: i64| {
                    u32::try_from(v)
                        .ok()
                        .filter(|&v| v < BAG_LIMIT)
                        .ok_or_else(|| {
                            at(format!(
                                "bags are 0 to {} (every {BAG_LIMIT} cost their penalty at once)",
                                BAG_LIMIT - 1
                            ))
                        })
                };
                l.bags = [fit(a)?, fit(b)?];
            }
            "broken" => {
                l.broken = match rest.to_ascii_lowercase().as_str() {
                    "yes" | "true" => true,
                    "no" | "false" => false,
                    _ => return Err(at("expected 'yes' or 'no'".to_string())),
                }
            }
            "bids" | "tricks" | "trick" => {
                for item in rest.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                    let (who, what) = item.split_once(char::is_whitespace).ok_or_else(|| {
                        at(format!("expected 'SEAT VALUE', not '{}'", clip(item)))
                    })?;
                    let who = seat(who)?;
                    let what = what.trim();
                    let taken = |w: &str| {
                        w.parse::<u8>()
                            .ok()
                            .filter(|&b| b <= 13)
                            .ok_or_else(|| at(format!("'{}' is not 0 to 13", clip(w))))
                    };
                    match head.as_str() {
                        "bids" => {
                            let bid = if what.eq_ignore_ascii_case("nil") {
                                0
                            } else {
                                taken(what)?
                            };
                            if l.bids.iter().any(|&(s, _)| s == who) {
                                return Err(at(format!(
                                    "{} bids twice",
                                    SEAT_NAMES[who as usize]
                                )));
                            }
                            l.bids.push((who, bid));
                            l.bids_line = n;
                        }
                        "tricks" => {
                            l.taken[who as usize] = taken(what)?;
                            l.tricks_line = n;
                        }
                        _ => {
                            if l.trick.iter().any(|&(s, _)| s == who) {
                                return Err(at(format!(
                                    "{} plays twice to the trick",
                                    SEAT_NAMES[who as usize]
                                )));
                            }
                            l.trick.push((who, card(what)?));
                            l.trick_line = n;
                        }
                    }
                }
            }
            name => match seat_named(name) {
                Some(s) => {
                    let mut hand = Hand::EMPTY;
                    for w in rest.split_whitespace() {
                        let c = card(w)?;
                        if hand.contains(c) {
                            return Err(at(format!("{} is listed twice", clip(w))));
                        }
                        hand.insert(c);
                    }
                    l.hands[s as usize] = Some((n, hand));
                }
                _ => {
                    return Err(at(format!(
                        "unknown line '{}' (Seed, Hand, Dealer, Scores, Bags, South, West, North, East, Bids, Tricks, Broken, Trick, Turn)",
                        clip(name)
                    )))
                }
            },
        }
    }
    Ok(l)
}

/// Checks the lines together and builds the state.
fn build(l: Lines) -> Result<State, String> {
    let (dealer_line, dealer) = l
        .dealer
        .ok_or("no 'Dealer:' line: the dealer names who bids and leads first")?;
    let mut hands = [Hand::EMPTY; 4];
    for seat in 0..4 {
        let (_, hand) = l.hands[seat].ok_or_else(|| {
            format!(
                "no '{}:' line: every seat's cards are given",
                SEAT_NAMES[seat]
            )
        })?;
        hands[seat] = hand;
    }
    let hand_line = |seat: u8| l.hands[seat as usize].map_or(0, |(n, _)| n);
    // Every card once: in a hand, on the trick, or played to a completed trick.
    for a in 0..4u8 {
        for b in a + 1..4 {
            if let Some(c) = hands[a as usize].and(hands[b as usize]).first() {
                return Err(format!(
                    "line {}: {} is also in {}'s hand (line {})",
                    hand_line(b),
                    token(c),
                    SEAT_NAMES[a as usize],
                    hand_line(a)
                ));
            }
        }
    }
    let mut trick = [None; 4];
    for &(seat, c) in &l.trick {
        if let Some(holder) = (0..4).find(|&s| hands[s].contains(c)) {
            return Err(format!(
                "line {}: {} is on the trick and in {}'s hand",
                l.trick_line,
                token(c),
                SEAT_NAMES[holder]
            ));
        }
        trick[seat as usize] = Some(c);
    }
    if l.trick.len() > 3 {
        return Err(format!(
            "line {}: a trick of four cards is complete: count it in 'Tricks' instead",
            l.trick_line
        ));
    }
    // Bids come in turn from the dealer's left.
    let mut bids = [None; 4];
    for (i, &(seat, bid)) in l.bids.iter().enumerate() {
        let due = (dealer + 1 + i as u8) % 4;
        if seat != due {
            return Err(format!(
                "line {}: {} bids before {}: bids go in turn from the dealer's left",
                l.bids_line, SEAT_NAMES[seat as usize], SEAT_NAMES[due as usize]
            ));
        }
        bids[seat as usize] = Some(bid);
    }
    let tricks_played: u8 = l.taken.iter().sum();
    if tricks_played > 13 {
        return Err(format!(
            "line {}: {tricks_played} tricks taken, a hand has 13",
            l.tricks_line
        ));
    }
    let bidding = l.bids.len() < 4;
    if bidding && (tricks_played > 0 || !l.trick.is_empty()) {
        return Err(format!(
            "line {}: cards are played only once all four have bid",
            l.bids_line.max(l.tricks_line).max(l.trick_line)
        ));
    }
    if tricks_played == 13 {
        return Err(format!(
            "line {}: all 13 tricks are taken: the hand is over, so there is nothing to play",
            l.tricks_line
        ));
    }
    // The leader: the first to play to the trick, else `Turn`, else the dealer's left on the
    // first trick.
    let leader = match (l.trick.first(), l.turn) {
        (Some(&(first, _)), Some((n, turn))) => {
            let due = (first + l.trick.len() as u8) % 4;
            if turn != due {
                return Err(format!(
                    "line {n}: after {} card{} led by {}, it is {}'s turn",
                    l.trick.len(),
                    if l.trick.len() == 1 { "" } else { "s" },
                    SEAT_NAMES[first as usize],
                    SEAT_NAMES[due as usize]
                ));
            }
            first
        }
        (Some(&(first, _)), None) => first,
        (None, Some((n, turn))) => {
            if bidding && turn != (dealer + 1 + l.bids.len() as u8) % 4 {
                return Err(format!(
                    "line {n}: during the bidding the turn is the next bidder's"
                ));
            }
            if !bidding && tricks_played == 0 && turn != next(dealer) {
                return Err(format!(
                    "line {n}: the dealer's left ({}) leads the first trick",
                    SEAT_NAMES[next(dealer) as usize]
                ));
            }
            turn
        }
        (None, None) => next(dealer),
    };
    for (k, &(seat, _)) in l.trick.iter().enumerate() {
        if seat != (leader + k as u8) % 4 {
            return Err(format!(
                "line {}: the trick's cards go clockwise from its leader ({})",
                l.trick_line, SEAT_NAMES[leader as usize]
            ));
        }
    }
    if !bidding && tricks_played == 0 && leader != next(dealer) {
        return Err(format!(
            "line {}: the dealer's left ({}) leads the first trick",
            l.trick_line.max(dealer_line),
            SEAT_NAMES[next(dealer) as usize]
        ));
    }
    // Each seat holds 13, less a card a trick and its card on this one.
    for seat in 0..4u8 {
        let want = 13 - tricks_played - u8::from(trick[seat as usize].is_some());
        let held = hands[seat as usize].len() as u8;
        if held != want {
            return Err(format!(
                "line {}: {} holds {held} card{}, but after {tricks_played} trick{}{} it holds {want}",
                hand_line(seat),
                SEAT_NAMES[seat as usize],
                if held == 1 { "" } else { "s" },
                if tricks_played == 1 { "" } else { "s" },
                if trick[seat as usize].is_some() {
                    " and its card on this one"
                } else {
                    ""
                }
            ));
        }
    }
    let all = hands.iter().fold(Hand::EMPTY, |a, h| Hand(a.0 | h.0));
    let turn = if bidding {
        (dealer + 1 + l.bids.len() as u8) % 4
    } else {
        (leader + l.trick.len() as u8) % 4
    };
    let hand_no = l.hand_no.unwrap_or(1);
    let mut state = State::new(l.seed);
    state.hand_no = hand_no;
    state.dealer = dealer;
    state.phase = if bidding {
        Phase::Bidding
    } else {
        Phase::Playing
    };
    state.hands = hands;
    state.bids = bids;
    state.taken = l.taken;
    state.turn = turn;
    state.leader = if bidding { next(dealer) } else { leader };
    state.trick = trick;
    state.tricks_played = tricks_played;
    state.played = Hand::FULL.minus(all);
    state.broken = l.broken;
    state.scores = l.scores;
    state.bags = l.bags;
    state.news = vec![format!(
        "Hand {hand_no} from a position: {} deals",
        SEAT_NAMES[dealer as usize]
    )];
    Ok(state)
}

/// A piece of the input short enough for a message.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().filter(|c| !c.is_control()).take(24).collect();
    if s.chars().count() > 24 {
        out.push('…');
    }
    out
}
