//! The table as one seat may see it (✱ contract 3): its own hand face up, the others face
//! down with their counts, the trick in the middle, bids, tricks, scores and bags.
//!
//! Piles: 0–3 the hands of South, West, North, East; 4–7 their places in the trick.
//! Rows: the three other hands on top, the trick around the middle (North's card above,
//! West's and East's beside, South's below), South's hand at the bottom.
//! Hands are labelled by seat (`West`), places in the trick `trick-W`; each hand's note keeps
//! its bid and tricks in view. A trick completed and cleared within one step comes as a
//! [`Moment`]; the score sheet and the last trick are [`Sheet`]s (keys `s` and `t`).

use crate::bots::bid::simple_bid;
use crate::cards::{card_text, C};
use crate::game::{
    hand_pile, next, partner, slot_pile, LastTrick, Phase, State, SEAT_NAMES, SIDE_NAMES, SOUTH,
};
use crate::ruleset::{option_label, MAX_BID, NEXT_HAND};
use crate::scoring::BAG_PENALTY;
use felt_core::{
    CardFace, DrawHint, Moment, PileRole, PileView, Place, Prompt, PromptOption, Seat, Sheet,
    StatusItem, TableView,
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

/// The key of the score sheet.
pub const SCORE_KEY: char = 's';
/// The key of the last trick.
pub const LAST_TRICK_KEY: char = 't';

fn hand_place(s: u8) -> Place {
    // Top row: West, North, East, left to right, as seen from South; South's hand below the
    // trick.
    match s {
        SOUTH => Place::at(4, 0),
        1 => Place::at(0, 0),
        2 => Place::at(0, 1),
        _ => Place::at(0, 2),
    }
}

/// A seat's hand as `viewer` sees it, with `extra` more face-down cards and `taken` tricks (a
/// moment before the last step was over).
fn hand_at(state: &State, s: u8, viewer: u8, extra: usize, taken: u8) -> PileView {
    let hand = state.hands[s as usize];
    let mut cards: Vec<CardFace> = if s == viewer {
        hand.iter().map(|c| CardFace::Up(c.card())).collect()
    } else {
        hand.iter().map(|_| CardFace::Down).collect()
    };
    cards.extend(std::iter::repeat_n(CardFace::Down, extra));
    // The bid and tricks of every seat stay on the table, where a card player looks for
    // them; the dealer is on the status bar, so a label fits a third of 80 columns.
    let mut note = format!("bid {} · won {taken}", bid_text(state.bids[s as usize]));
    if s == viewer {
        note.insert_str(0, "you · ");
        if s == state.dealer {
            note.push_str(" · dealer");
        }
    }
    PileView {
        id: hand_pile(s),
        role: PileRole::Hand,
        // Labels are single words: the headless protocol names piles by them.
        label: SEAT_NAMES[s as usize].to_string(),
        hint: if s == viewer {
            DrawHint::FanRight
        } else {
            DrawHint::Stacked
        },
        place: hand_place(s),
        cards,
        note: Some(note),
    }
}

/// A seat's hand as `viewer` sees it now.
fn hand_view(state: &State, s: u8, viewer: u8) -> PileView {
    hand_at(state, s, viewer, 0, state.taken[s as usize])
}

/// Where a seat's card of the trick lies: around the middle of the table as the players sit,
/// North's at the top, West's to the left, East's to the right and South's at the bottom, in
/// three columns with a gap beside each (the host sets a row beside the one above it when no
/// column holds a pile of both, so the four take three card heights).
fn trick_place(s: u8) -> Place {
    match s {
        SOUTH => Place::at(3, 1),
        1 => Place::at(2, 0),
        2 => Place::at(1, 1),
        _ => Place::at(2, 2),
    }
}

/// A seat's place in the trick holding `card`, with `note`.
fn slot_view(s: u8, card: Option<C>, note: Option<String>) -> PileView {
    PileView {
        id: slot_pile(s),
        role: PileRole::Trick,
        label: format!("trick-{}", &SEAT_NAMES[s as usize][..1]),
        hint: DrawHint::Slot,
        place: trick_place(s),
        cards: card
            .map(|c| vec![CardFace::Up(c.card())])
            .unwrap_or_default(),
        note,
    }
}

/// A message of the game's news as `viewer` reads it: their own bid, card or trick in the
/// second person ("You bid 3"), everyone else's by seat name, whichever seat is driven from
/// outside.
pub fn as_seen_by(text: &str, viewer: u8) -> String {
    let name = SEAT_NAMES[viewer as usize % 4];
    for (third, second) in [
        (" bids ", "You bid "),
        (" plays ", "You play "),
        (" wins ", "You win "),
    ] {
        if let Some(rest) = text.strip_prefix(name).and_then(|t| t.strip_prefix(third)) {
            return format!("{second}{rest}");
        }
    }
    text.to_string()
}

fn won_by(t: &LastTrick, viewer: u8) -> String {
    let who = if t.winner == viewer {
        "You win".to_string()
    } else {
        format!("{} wins", SEAT_NAMES[t.winner as usize])
    };
    format!(
        "{who} the trick with {}",
        card_text(t.cards[t.winner as usize])
    )
}

/// The view of `state` for `seat`.
pub fn table_view(state: &State, seat: Seat, target: i32) -> TableView {
    let viewer = seat.0 % 4;
    let mut piles: Vec<PileView> = (0..4u8).map(|s| hand_view(state, s, viewer)).collect();
    // The trick, in play order from West; once it is complete and cleared, the
    // last trick stays in view until the next card is played.
    let showing_last = state.trick.iter().all(Option::is_none) && state.phase != Phase::Bidding;
    let last = state.last_trick.as_ref().filter(|_| showing_last);
    for s in 0..4u8 {
        let card = match last {
            Some(t) => Some(t.cards[s as usize]),
            None => state.trick[s as usize],
        };
        let name = SEAT_NAMES[s as usize];
        // Every place names its seat, so the row keeps its width while the notes change.
        let note = match last {
            Some(t) if t.winner == s => format!("{name} won"),
            _ if state.phase == Phase::Playing && state.turn == s && s == viewer => {
                "you".to_string()
            }
            _ => name.to_string(),
        };
        piles.push(slot_view(s, card, Some(note)));
    }
    TableView {
        seat: Seat(viewer),
        piles,
        status: status(state, viewer, target),
        prompt: prompt(state, viewer),
        messages: state.news.iter().map(|m| as_seen_by(m, viewer)).collect(),
        moments: moments(state, viewer),
        sheets: vec![score_sheet(state, target), last_trick_sheet(state, viewer)],
    }
}

/// The tables after each card of the last step but its last (the table itself): a replay
/// steps through them card by card. The one where a trick is complete is held in live play
/// when the computer seats have already led to the next trick, since the table shows it no
/// more; without it the player would never see the trick's last cards.
fn moments(state: &State, viewer: u8) -> Vec<Moment> {
    let cards: Vec<(u8, C)> = state
        .step
        .acts
        .iter()
        .filter_map(|&(seat, card)| card.map(|c| (seat, c)))
        .collect();
    let completed = state.last_trick.as_ref().filter(|_| state.step.tricks == 1);
    if cards.len() < 2 || state.step.tricks > 1 {
        return Vec::new();
    }
    // The step's first cards went to the trick it completed, if it did; the rest (all of
    // them otherwise) to the trick on the table.
    let in_trick = state.trick.iter().flatten().count();
    let (mut trick, into_first) = match completed {
        Some(t) => (t.cards.map(Some), cards.len().saturating_sub(in_trick)),
        None => (state.trick, cards.len()),
    };
    for &(seat, _) in &cards[..into_first] {
        trick[seat as usize] = None;
    }
    let mut out = Vec::with_capacity(cards.len() - 1);
    for (i, &(seat, card)) in cards[..cards.len() - 1].iter().enumerate() {
        if i == into_first {
            trick = [None; 4];
        }
        trick[seat as usize] = Some(card);
        let completes = completed.filter(|_| i + 1 == into_first);
        let before_completion = completed.is_some() && i + 1 < into_first;
        let mut piles = Vec::with_capacity(8);
        for s in 0..4u8 {
            let later = cards[i + 1..].iter().filter(|&&(p, _)| p == s).count();
            let mut taken = state.taken[s as usize];
            if before_completion && completed.is_some_and(|t| t.winner == s) {
                taken = taken.saturating_sub(1);
            }
            piles.push(hand_at(state, s, viewer, later, taken));
        }
        for s in 0..4u8 {
            let name = SEAT_NAMES[s as usize];
            let note = match completes {
                Some(t) if t.winner == s => format!("{name} won"),
                _ => name.to_string(),
            };
            piles.push(slot_view(s, trick[s as usize], Some(note)));
        }
        let message = match completes {
            Some(t) => won_by(t, viewer),
            None if seat == viewer => format!("You play {}", card_text(card)),
            None => format!("{} plays {}", SEAT_NAMES[seat as usize], card_text(card)),
        };
        out.push(Moment {
            piles,
            message,
            hold: completes.is_some() && in_trick > 0,
        });
    }
    out
}

fn status(state: &State, viewer: u8, target: i32) -> Vec<StatusItem> {
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
    // In order of what a player looks up most: bids and tricks are on the table already.
    vec![
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
            "dealer",
            "Dealer",
            SEAT_NAMES[state.dealer as usize].to_string(),
        ),
        item(
            "spades",
            "Spades",
            if state.broken { "broken" } else { "not broken" }.to_string(),
        ),
        item("hand", "Hand", state.hand_no.to_string()),
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
        item("target", "Game", target.to_string()),
    ]
}

fn prompt(state: &State, viewer: u8) -> Option<Prompt> {
    match state.phase {
        Phase::Bidding if state.turn == viewer => {
            let partner_bid = state.bids[partner(viewer) as usize];
            let question = match partner_bid {
                Some(b) => format!("Your bid? (partner bid {})", bid_text(Some(b))),
                None => "Your bid? (tricks you expect to take)".to_string(),
            };
            // The highlight starts on what the hand looks worth, never on Nil: a stray Enter
            // must not promise to take no trick.
            let estimate = simple_bid(state.hands[viewer as usize]).clamp(1, MAX_BID as u8);
            Some(Prompt {
                question,
                default: Some(u32::from(estimate)),
                options: (0..=MAX_BID)
                    .map(|id| PromptOption {
                        confirm: (id == 0).then(|| {
                            "Bid Nil: promise to take no trick at all? (+100 if you take none, \
                             -100 if you take any)"
                                .to_string()
                        }),
                        id,
                        label: option_label(id),
                    })
                    .collect(),
            })
        }
        Phase::HandOver => Some(Prompt {
            question: format!("Hand {} is over. Deal the next hand?", state.hand_no),
            default: None,
            options: vec![PromptOption {
                confirm: None,
                id: NEXT_HAND,
                label: "Next hand".to_string(),
            }],
        }),
        _ => None,
    }
}

/// Who of a side bid Nil and how it went (`S made`, `N failed`), `–` when nobody did.
fn nil_text(side: usize, r: &crate::scoring::SideResult) -> String {
    let seats = [side, side + 2];
    let said: Vec<String> = (0..2)
        .filter(|&i| r.bids[i] == 0)
        .map(|i| {
            let how = if r.tricks[i] == 0 { "made" } else { "failed" };
            format!("{} {how}", &SEAT_NAMES[seats[i]][..1])
        })
        .collect();
    if said.is_empty() {
        "–".to_string()
    } else {
        said.join(", ")
    }
}

fn score_sheet(state: &State, target: i32) -> Sheet {
    let mut lines = vec![format!(
        "{:<14}{:>7}{:>6}  {:<9}{:>7}{:>7}{:>8}{:>7}",
        "", "bids", "took", "Nil", "points", "bags", "penalty", "total"
    )];
    for hand in &state.history {
        lines.push(format!("Hand {}", hand.hand_no));
        for (s, r) in hand.sides.iter().enumerate() {
            let bids = r
                .bids
                .iter()
                .map(|&b| bid_text(Some(b)))
                .collect::<Vec<_>>()
                .join("+");
            let nil = nil_text(s, r);
            let penalty = if r.penalties == 0 {
                "–".to_string()
            } else {
                format!("-{}", BAG_PENALTY * r.penalties as i32)
            };
            lines.push(format!(
                "  {:<12}{:>7}{:>6}  {:<9}{:>+7}{:>7}{:>8}{:>7}",
                SIDE_NAMES[s],
                bids,
                r.taken,
                nil,
                r.points,
                format!("+{}={}", r.bags_gained, r.bags),
                penalty,
                r.score
            ));
        }
        if let Some(s) = hand.boston {
            lines.push(format!("  Boston: {} took all 13 tricks", SIDE_NAMES[s]));
        }
    }
    if state.history.is_empty() {
        lines.push("No hand has been scored yet.".to_string());
    }
    lines.push(String::new());
    let standing = match state.winner {
        Some(w) => format!(
            "{} win the game, {} to {}",
            SIDE_NAMES[w],
            state.scores[w],
            state.scores[1 - w]
        ),
        None => format!(
            "{} {} ({} bags) · {} {} ({} bags) · game to {target}",
            SIDE_NAMES[0],
            state.scores[0],
            state.bags[0],
            SIDE_NAMES[1],
            state.scores[1],
            state.bags[1]
        ),
    };
    lines.push(standing);
    Sheet {
        key: SCORE_KEY,
        title: "Score sheet".to_string(),
        lines,
        open: state.step.scored,
    }
}

fn last_trick_sheet(state: &State, viewer: u8) -> Sheet {
    let lines = match &state.last_trick {
        None => vec!["No trick has been completed in this hand yet.".to_string()],
        Some(t) => {
            let mut lines = vec![format!(
                "Trick {} of 13, led by {}:",
                state.tricks_played, SEAT_NAMES[t.leader as usize]
            )];
            let mut s = t.leader;
            for _ in 0..4 {
                let mark = if s == t.winner { "  ← won it" } else { "" };
                lines.push(format!(
                    "  {:<6}{:>4}{mark}",
                    SEAT_NAMES[s as usize],
                    card_text(t.cards[s as usize])
                ));
                s = next(s);
            }
            lines.push(format!("{}.", won_by(t, viewer)));
            lines
        }
    };
    Sheet {
        key: LAST_TRICK_KEY,
        title: "Last trick".to_string(),
        lines,
        open: false,
    }
}
