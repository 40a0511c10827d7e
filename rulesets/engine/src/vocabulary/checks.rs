//! The checks a game's settings must pass together, beyond each key's own values: the deal
//! must fit the packs, and a few keys exclude others (each refusal says why).

use super::{Base, Game, Start, StockDeal, Win};
use crate::reader::Reader;
use felt_core::ParamError;

impl Game {
    /// The deal must fit the packs, and cards left over need a stock to be dealt from: a game
    /// that parses can be dealt.
    pub(super) fn check_deal(&self, game: &Reader<'_>) -> Result<(), ParamError> {
        // Before the count of cards, which reads this setting.
        if self.foundations.start == Start::Bases
            && self.foundations.base == Base::FirstDealt
            && u32::from(self.foundations.count) != 4 * u32::from(self.decks)
        {
            return Err(game.error(
                "foundations",
                format!(
                    "start = \"bases\" with base = \"first-dealt\" sends up every other card of the first card's rank: it needs count = {} (4 a pack)",
                    4 * u32::from(self.decks)
                ),
            ));
        }
        let (cards, dealt) = (self.cards(), self.dealt());
        if dealt > cards {
            return Err(game.error(
                "tableau",
                format!(
                    "deals {dealt} cards, but {} pack{} hold{} {cards}",
                    self.decks,
                    if self.decks == 1 { "" } else { "s" },
                    if self.decks == 1 { "s" } else { "" },
                ),
            ));
        }
        if dealt < cards && self.stock.is_none() {
            return Err(game.error(
                "stock",
                format!(
                    "a stock is needed: the deal leaves {} of {cards} cards to be dealt from it",
                    cards - dealt
                ),
            ));
        }
        if self.foundations.base == Base::Chosen {
            self.check_chosen(game)?;
        }
        if self.foundations.as_dealt && self.foundations.base == Base::FirstDealt {
            return Err(game.error(
                "foundations",
                "as_dealt = true needs a fixed base card: with base = \"first-dealt\" no foundation has a base while the columns are dealt".into(),
            ));
        }
        if self.foundations.as_dealt && (self.remove_suits || self.win == Win::Sequences) {
            return Err(game.error(
                "foundations",
                "as_dealt = true sends cards up one by one, and this game's foundations take only whole suits (remove = \"suit\") or nothing (win = \"sequences\")".into(),
            ));
        }
        Ok(())
    }

    /// A chosen base is the rank of the player's first card up, chosen while every foundation
    /// is empty: refused where cards reach the foundations otherwise first (a deal to them, a
    /// card going up as dealt, whole suits leaving), where they may empty again (cards coming
    /// back down would reopen the choice) or where nothing goes up card by card.
    fn check_chosen(&self, game: &Reader<'_>) -> Result<(), ParamError> {
        let f = &self.foundations;
        let clash = if f.start != Start::Nothing {
            Some("start deals cards to the foundations before the player can choose: leave it \"nothing\"")
        } else if f.back {
            Some("back = true could empty the foundations again and reopen the choice")
        } else if f.as_dealt {
            Some("as_dealt = true needs a fixed base card")
        } else if self.remove_suits || self.win == Win::Sequences {
            Some("this game's foundations take no single card (remove = \"suit\" or win = \"sequences\")")
        } else if self.stock.is_some_and(|s| s.deal == StockDeal::Foundation) {
            Some("a stock dealt to the foundation lays cards there before the player chooses")
        } else {
            None
        };
        match clash {
            Some(why) => Err(game.error(
                "foundations",
                format!("base = \"chosen\" is the rank of the player's first card up: {why}"),
            )),
            None => Ok(()),
        }
    }
}
