//! The table as one seat may see it (✱ contract 3): its own hand face up, the others face
//! down with their counts, the trick in the middle, bids, tricks, scores and bags.
//!
//! Piles: 0–3 the hands of South, West, North, East; 4–7 their places in the trick.
//! Rows: the three other hands on top, the trick across the middle, South's hand below.
//! Hands are labelled by seat (`West`), places in the trick `trick-W`.

use crate::game::{hand_pile, partner, slot_pile, Phase, State, SEAT_NAMES, SOUTH};
use crate::ruleset::{option_label, MAX_BID, NEXT_HAND};
use felt_core::{
    CardFace, DrawHint, PileRole, PileView, Place, Prompt, PromptOption, Seat, StatusItem,
    TableView,
};

fn bid_text(bid: Option<u8>) -> String {
    match bid {
        None => "–".to_string(),
        Some(0) => "Nil".to_string(),
        Some(n) => n.to_string(),
    }
}

fn item(key: &str, label: &str, value: String) -> StatusItem {
    StatusItem {
        key: key.to_string(),
        label: label.to_string(),
        value,
    }
}

/// The view of `state` for `seat`.
pub fn table_view(state: &State, seat: Seat, target: i32) -> TableView {
    let viewer = seat.0 % 4;
    let mut piles = Vec::with_capacity(8);
    // Top row: West, North, East, left to right, as seen from South.
    let hand_place = |s: u8| match s {
        SOUTH => Place { row: 2, col: 0 },
        1 => Place { row: 0, col: 0 },
        2 => Place { row: 0, col: 1 },
        _ => Place { row: 0, col: 2 },
    };
    for s in 0..4u8 {
        let hand = state.hands[s as usize];
        let cards: Vec<CardFace> = if s == viewer {
            hand.iter().map(|c| CardFace::Up(c.card())).collect()
        } else {
            hand.iter().map(|_| CardFace::Down).collect()
        };
        let mut note = format!(
            "bid {} · won {}",
            bid_text(state.bids[s as usize]),
            state.taken[s as usize]
        );
        if s == state.dealer {
            note.push_str(" · dealer");
        }
        if s == viewer {
            note.insert_str(0, "you · ");
        }
        // Labels are single words: the headless protocol names piles by them.
        let label = SEAT_NAMES[s as usize].to_string();
        piles.push(PileView {
            id: hand_pile(s),
            role: PileRole::Hand,
            label,
            hint: if s == viewer {
                DrawHint::FanRight
            } else {
                DrawHint::Stacked
            },
            place: hand_place(s),
            cards,
            note: Some(note),
        });
    }
    // Middle row: the trick in play order from West; once it is complete and cleared, the
    // last trick stays in view until the next card is played.
    let showing_last = state.trick.iter().all(Option::is_none) && state.phase != Phase::Bidding;
    let last = state.last_trick.as_ref().filter(|_| showing_last);
    for s in 0..4u8 {
        let card = match last {
            Some(t) => Some(t.cards[s as usize]),
            None => state.trick[s as usize],
        };
        let note = match last {
            Some(t) if t.winner == s => Some("won the last trick".to_string()),
            _ if state.phase == Phase::Playing && state.turn == s && s == viewer => {
                Some("your turn".to_string())
            }
            _ => None,
        };
        piles.push(PileView {
            id: slot_pile(s),
            role: PileRole::Trick,
            label: format!("trick-{}", &SEAT_NAMES[s as usize][..1]),
            hint: DrawHint::Slot,
            place: Place {
                row: 1,
                col: (s + 3) % 4,
            },
            cards: card
                .map(|c| vec![CardFace::Up(c.card())])
                .unwrap_or_default(),
            note,
        });
    }
    let side_of_viewer = (viewer % 2) as usize;
    let (us, them) = (side_of_viewer, 1 - side_of_viewer);
    let names = ["NS", "EW"];
    let contract = |side: usize| -> String {
        let bids = [state.bids[side], state.bids[side + 2]];
        if bids.iter().any(Option::is_none) {
            return "–".to_string();
        }
        bids.iter().flatten().sum::<u8>().to_string()
    };
    let tricks = |side: usize| state.taken[side] + state.taken[side + 2];
    let status = vec![
        item(
            "score",
            "Score",
            format!(
                "{} {} · {} {}",
                names[us], state.scores[us], names[them], state.scores[them]
            ),
        ),
        item(
            "bags",
            "Bags",
            format!(
                "{} {} · {} {}",
                names[us], state.bags[us], names[them], state.bags[them]
            ),
        ),
        item(
            "tricks",
            "Tricks/bid",
            format!(
                "{} {}/{} · {} {}/{}",
                names[us],
                tricks(us),
                contract(us),
                names[them],
                tricks(them),
                contract(them)
            ),
        ),
        item(
            "bids",
            "Bids",
            (0..4)
                .map(|s| format!("{} {}", &SEAT_NAMES[s][..1], bid_text(state.bids[s])))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        item("hand", "Hand", state.hand_no.to_string()),
        item(
            "spades",
            "Spades",
            if state.broken { "broken" } else { "not broken" }.to_string(),
        ),
        item("target", "Game", target.to_string()),
    ];
    let prompt = match state.phase {
        Phase::Bidding if state.turn == viewer => {
            let partner_bid = state.bids[partner(viewer) as usize];
            let question = match partner_bid {
                Some(b) => format!("Your bid? (your partner bid {})", bid_text(Some(b))),
                None => "Your bid? (tricks you expect to take; Nil = none at all)".to_string(),
            };
            Some(Prompt {
                question,
                options: (0..=MAX_BID)
                    .map(|id| PromptOption {
                        id,
                        label: option_label(id),
                    })
                    .collect(),
            })
        }
        Phase::HandOver => Some(Prompt {
            question: format!("Hand {} is over. Deal the next hand?", state.hand_no),
            options: vec![PromptOption {
                id: NEXT_HAND,
                label: "Next hand".to_string(),
            }],
        }),
        _ => None,
    };
    TableView {
        seat: Seat(viewer),
        piles,
        status,
        prompt,
        messages: state.news.clone(),
    }
}
