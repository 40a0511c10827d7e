//! [`Play::words`]: a refusal put in words, the rule id and a sentence made from the game's
//! own settings.

use super::name;
use super::Play;
use crate::refusal::Refusal;
use crate::rules::a_rank;
use crate::state::Pile;
use crate::vocabulary::{Direction, Empty};
use felt_core::{Card, Rank, RuleViolation};

impl Play {
    /// A refusal in words: the rule id and a sentence made from the game's own settings.
    pub fn words(&self, refusal: &Refusal) -> RuleViolation {
        let (rule, text): (&str, String) = match refusal {
            Refusal::NotThisGame => ("PA-DEAL", "This position is no deal of this game".into()),
            Refusal::NoPile => ("PA-MOVE", "There is no such pile".into()),
            Refusal::NoCard => ("PA-MOVE", "There is no card there".into()),
            Refusal::FaceDown => ("PA-MOVE", "A face-down card cannot move".into()),
            Refusal::Covered(i) => ("PA-COVER", self.cover_sentence(*i)),
            Refusal::SamePile => ("PA-MOVE", "Cards move to another pile".into()),
            Refusal::NotOnto(pile) => ("PA-MOVE", format!("Nothing goes onto the {}", name(*pile))),
            Refusal::FromStock => (
                "PA-STOCK",
                "The stock's cards are dealt, not moved: deal from it".into(),
            ),
            Refusal::OnlyTop(pile) => (
                "PA-MOVE",
                format!("Only the top card of the {} plays", name(*pile)),
            ),
            Refusal::Single => ("PA-MOVE", "Cards move one at a time".into()),
            Refusal::NotRun(below, above) => (
                "PA-MOVE",
                format!(
                    "{} is not built on {}: cards move together only when built {}",
                    above.label(),
                    below.label(),
                    self.group.describe()
                ),
            ),
            Refusal::TooMany(count, most) => (
                "PA-MOVE",
                format!(
                    "{count} cards cannot move together now: the free cells and empty columns let at most {most} through"
                ),
            ),
            Refusal::PileOnly => (
                "PA-MOVE",
                "Only a whole column, or its last card alone, moves".into(),
            ),
            Refusal::Build(_, card) => ("PA-BUILD", self.build_sentence(*card)),
            Refusal::Empty(card, base) => ("PA-EMPTY", self.empty_sentence(*card, *base)),
            Refusal::CellTaken => ("PA-CELLS", "That cell holds a card already".into()),
            Refusal::OneCard(Pile::Cell(_)) => ("PA-CELLS", "A cell holds one card".into()),
            Refusal::OneCard(_) => ("PA-FOUNDATIONS", "Cards go up one at a time".into()),
            Refusal::Foundation(card, top, base) => (
                "PA-FOUNDATIONS",
                self.foundation_sentence(*card, *top, *base),
            ),
            Refusal::FoundationFull => ("PA-FOUNDATIONS", "That foundation is complete".into()),
            Refusal::RemoveOnly => (
                "PA-REMOVE",
                "Only a full suit, King down to Ace, goes up, and it leaves the table by itself"
                    .into(),
            ),
            Refusal::InColumns => (
                "PA-WIN",
                "Nothing goes up: the suits are built in the columns, each King down to Ace".into(),
            ),
            Refusal::Back => (
                "PA-FOUNDATIONS",
                "Cards never come back down from the foundations".into(),
            ),
            Refusal::BackToColumn => (
                "PA-FOUNDATIONS",
                "A card comes back down from the foundations only onto a column".into(),
            ),
            Refusal::NoStock => ("PA-STOCK", "This game has no stock".into()),
            Refusal::StockOut => ("PA-STOCK", "The stock is out".into()),
            Refusal::NoRedeals => (
                "PA-STOCK",
                "The stock is out and no redeal is left".into(),
            ),
            Refusal::ChooseBase => (
                "PA-FOUNDATIONS",
                // Short enough for the message line of an 80-column terminal.
                format!("First choose the base: send a card up{}", self.choose_from()),
            ),
            Refusal::ChooseFromReserve => (
                "PA-FOUNDATIONS",
                "The base is chosen with a card from the reserve".into(),
            ),
            Refusal::NoSuchAction => ("PA-MOVE", "This game has no such action".into()),
        };
        RuleViolation::new(rule, text)
    }

    /// Where the card that chooses a base comes from, for a sentence.
    pub(crate) fn choose_from(&self) -> &'static str {
        if self.game.reserve > 0 {
            " from the reserve"
        } else {
            ""
        }
    }

    fn cover_sentence(&self, column: usize) -> String {
        let on: Vec<String> = self.covered_by[column]
            .iter()
            .map(|&d| (usize::from(d) + 1).to_string())
            .collect();
        let (piles, them) = match on.len() {
            1 => ("column", "it"),
            _ => ("columns", "them"),
        };
        format!(
            "Column {} is under {piles} {}: clear {them} first",
            column + 1,
            on.join(" and ")
        )
    }

    fn build_sentence(&self, card: Card) -> String {
        match self.build.wants(card) {
            Some(wants) => format!("{} goes only on {wants}", card.label()),
            None if self.build.direction == Direction::None => {
                "Nothing is built on the columns".into()
            }
            None => format!(
                "{} goes on no card: the columns are built {}",
                card.label(),
                self.build.describe()
            ),
        }
    }

    fn empty_sentence(&self, card: Card, base: Rank) -> String {
        match self.game.empty {
            Empty::King => format!("Only a King goes to an empty column, not {}", card.label()),
            Empty::None => "An empty column stays empty".into(),
            Empty::AutoReserve => {
                "An empty column is filled from the reserve, and once the reserve is out only from the waste".into()
            }
            Empty::AutoStock => {
                "An empty column is filled from the stock".into()
            }
            Empty::AutoWaste => {
                "An empty column is filled from the waste, or the stock while the waste is empty; only once both are out does it take a card from elsewhere".into()
            }
            Empty::BelowBase => {
                let rank = super::below(base);
                format!(
                    "Only {} goes to an empty column, not {}",
                    a_rank(rank.number()),
                    card.label()
                )
            }
            // Short enough for the message line of an 80-column terminal.
            Empty::Reserve => "An empty column takes a reserve card; the waste's once none is left".into(),
            Empty::Any => String::new(),
        }
    }

    fn foundation_sentence(&self, card: Card, top: Option<Card>, base: Rank) -> String {
        match top {
            None => format!(
                "An empty foundation takes only {}, not {}",
                a_rank(base.number()),
                card.label()
            ),
            Some(top) => match self.foundation.wants(card) {
                Some(wants) => format!(
                    "{} goes up only on {wants}, not on {}",
                    card.label(),
                    top.label()
                ),
                None => format!(
                    "{} goes up on no card: the foundations are built {}",
                    card.label(),
                    self.foundation.describe()
                ),
            },
        }
    }
}
