//! Who plays each seat, and what a script driving seats is told.
//!
//! A seat is driven from outside (a person, a script) or played by a computer player of a
//! kind. The variant's `seats` words say which (`felt play spades --seats S,N` sets them):
//! a seat's letter or name (`S`, `North`) drives it from outside, `all` drives all four, and
//! `SEAT=KIND` (`S=rules`) makes it a computer player of that kind. With no seat named to be
//! driven from outside, South is, unless a kind was given for South.

use crate::bots::Policy;
use crate::cards::C;
use crate::game::{Phase, State, SEAT_NAMES};
use felt_core::{Event, ParamError, StatusItem, TableView};

/// Who plays each seat, by seat number (South 0, West 1, North 2, East 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// Seats driven from outside: the ruleset waits for their actions.
    pub outside: [bool; 4],
    /// The computer player of each seat (for a seat driven from outside: its hints).
    pub players: [Policy; 4],
}

/// The seat a word names: its letter or its name, in any case.
pub fn seat_named(word: &str) -> Option<u8> {
    let w = word.to_ascii_lowercase();
    SEAT_NAMES
        .iter()
        .position(|name| {
            let name = name.to_ascii_lowercase();
            w == name || w == name[..1]
        })
        .map(|s| s as u8)
}

impl Seating {
    /// The seating the `seats` words ask for, computer seats playing `partner` (North, and
    /// South's hints) and `opponents` (East and West) unless a word says otherwise.
    pub fn new(
        words: &[String],
        partner: Policy,
        opponents: Policy,
    ) -> Result<Seating, ParamError> {
        let mut seating = Seating {
            outside: [false; 4],
            players: [partner, opponents, partner, opponents],
        };
        let mut given_kind = [false; 4];
        let bad = |word: &str| {
            ParamError::at(
                "seats",
                format!(
                    "'{}' is not a seat: give N, E, S, W (or North, ...), all, or SEAT=KIND with KIND {}",
                    word.chars().take(40).collect::<String>(),
                    Policy::NAMES
                ),
            )
        };
        for word in words.iter().flat_map(|w| w.split(',')).map(str::trim) {
            if word.is_empty() {
                continue;
            }
            if word.eq_ignore_ascii_case("all") {
                seating.outside = [true; 4];
            } else if let Some((seat, kind)) = word.split_once('=') {
                let seat = seat_named(seat.trim()).ok_or_else(|| bad(word))?;
                let kind = Policy::named(kind.trim()).ok_or_else(|| bad(word))?;
                seating.players[seat as usize] = kind;
                given_kind[seat as usize] = true;
            } else {
                let seat = seat_named(word).ok_or_else(|| bad(word))?;
                seating.outside[seat as usize] = true;
            }
        }
        for seat in 0..4 {
            if seating.outside[seat] && given_kind[seat] {
                return Err(ParamError::at(
                    "seats",
                    format!(
                        "{} is named both as driven from outside and as a computer player",
                        SEAT_NAMES[seat]
                    ),
                ));
            }
        }
        if !seating.outside.contains(&true) && !given_kind[0] {
            seating.outside[0] = true;
        }
        Ok(seating)
    }

    /// How many seats are driven from outside.
    pub fn driven(&self) -> u8 {
        self.outside.iter().filter(|&&o| o).count() as u8
    }
}

/// The event of a card played, by whichever seat: scripts follow every card by it.
pub fn played(seat: u8, card: C) -> Event {
    Event::Log {
        kind: "played".to_string(),
        text: format!(
            "{} plays {}",
            SEAT_NAMES[seat as usize],
            card.card().token()
        ),
    }
}

fn letter(seat: u8) -> &'static str {
    &SEAT_NAMES[seat as usize % 4][..1]
}

fn item(key: &str, label: &str, value: String) -> StatusItem {
    StatusItem {
        key: key.to_string(),
        label: label.to_string(),
        value,
    }
}

/// The status items a card table shows and the view's own do not: whose turn, the dealer,
/// each seat's tricks, the trick in play card by card, and the last trick with its winner.
pub fn annotate(view: &mut TableView, state: &State) {
    let turn = match state.phase {
        Phase::Bidding | Phase::Playing => SEAT_NAMES[state.turn as usize].to_string(),
        _ => "–".to_string(),
    };
    let won = (0..4u8)
        .map(|s| format!("{} {}", letter(s), state.taken[s as usize]))
        .collect::<Vec<_>>()
        .join(" ");
    let in_play_order = |cards: [Option<C>; 4], leader: u8| -> String {
        let shown: Vec<String> = (0..4u8)
            .map(|k| (leader + k) % 4)
            .filter_map(|s| {
                cards[s as usize].map(|c| format!("{} {}", letter(s), c.card().token()))
            })
            .collect();
        if shown.is_empty() {
            "–".to_string()
        } else {
            shown.join(" ")
        }
    };
    let last = state.last_trick.as_ref().map_or("–".to_string(), |t| {
        format!(
            "{}, won by {}",
            in_play_order(t.cards.map(Some), t.leader),
            SEAT_NAMES[t.winner as usize]
        )
    });
    view.status.extend([
        item("turn", "Turn", turn),
        item(
            "dealer",
            "Dealer",
            SEAT_NAMES[state.dealer as usize].to_string(),
        ),
        item("won", "Tricks", won),
        item("trick", "Trick", in_play_order(state.trick, state.leader)),
        item("last", "Last trick", last),
    ]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(',').map(str::to_string).collect()
    }

    #[test]
    fn south_alone_is_driven_from_outside_by_default() {
        let s = Seating::new(&[], Policy::MonteCarlo, Policy::Simple).expect("default");
        assert_eq!(s.outside, [true, false, false, false]);
        assert_eq!(s.players[1], Policy::Simple);
    }

    #[test]
    fn seats_are_named_by_letter_or_name_and_all_means_four() {
        let s = Seating::new(&words("s,North"), Policy::MonteCarlo, Policy::Simple).expect("ok");
        assert_eq!(s.outside, [true, false, true, false]);
        let all = Seating::new(&words("all"), Policy::MonteCarlo, Policy::Simple).expect("ok");
        assert_eq!(all.driven(), 4);
    }

    #[test]
    fn a_kind_for_south_makes_it_a_computer_seat() {
        let s = Seating::new(
            &words("S=rules,N=strong"),
            Policy::MonteCarlo,
            Policy::MonteCarlo,
        )
        .expect("ok");
        assert_eq!(s.outside, [false; 4]);
        assert_eq!(s.players[0], Policy::Simple);
        assert_eq!(s.players[2], Policy::Strong);
    }

    #[test]
    fn a_bad_word_is_refused_with_the_key() {
        let e = Seating::new(&words("Q"), Policy::MonteCarlo, Policy::Simple).expect_err("bad");
        assert_eq!(e.key.as_deref(), Some("seats"));
        let both = Seating::new(&words("S,S=rules"), Policy::MonteCarlo, Policy::Simple);
        assert!(both.is_err());
    }
}
