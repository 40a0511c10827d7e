//! Refusals: why an action is refused, kept as data while legal actions are listed, and put
//! in words (the rule id and a sentence made from the game's own settings) only when one is
//! shown.

use crate::state::Pile;
use felt_core::{Card, Rank};

/// Why an action is refused, kept as data so that listing legal actions writes no sentence;
/// [`crate::play::Play::words`] says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The position is not one of this game.
    NotThisGame,
    /// No pile has that id.
    NoPile,
    /// No card lies there.
    NoCard,
    /// The card is face down.
    FaceDown,
    /// The column is covered by cards of the row under it (PA-COVER): the column's index.
    Covered(usize),
    /// From a pile to itself.
    SamePile,
    /// Nothing goes onto that pile.
    NotOnto(Pile),
    /// Stock cards are dealt, not moved.
    FromStock,
    /// Only the top card of that pile plays.
    OnlyTop(Pile),
    /// Only one card moves at a time.
    Single,
    /// The group is not built by the group's rule.
    NotRun(Card, Card),
    /// More cards than the cells and empty columns let through.
    TooMany(usize, usize),
    /// Only a whole column or its top card moves.
    PileOnly,
    /// The card does not build on the column's last card.
    Build(Card, Card),
    /// The empty column does not take the card; the rank the foundations start from.
    Empty(Card, Rank),
    /// The cell holds a card already.
    CellTaken,
    /// A cell or foundation takes one card.
    OneCard(Pile),
    /// The foundation does not take the card.
    Foundation(Card, Option<Card>, Rank),
    /// The foundation is complete.
    FoundationFull,
    /// Only full suits go up (the Spider family).
    RemoveOnly,
    /// The suits are built in the columns: nothing goes up (Scorpion).
    InColumns,
    /// Cards never come back from the foundations.
    Back,
    /// A card comes back from the foundations only onto a column.
    BackToColumn,
    /// The game has no stock.
    NoStock,
    /// The stock and waste are out.
    StockOut,
    /// The stock is dealt and there are no redeals left.
    NoRedeals,
    /// The foundations' base is still to be chosen (`base = "chosen"`): the first action
    /// sends a card up.
    ChooseBase,
    /// The card that chooses the base comes from the reserve.
    ChooseFromReserve,
    /// An action this game has none of.
    NoSuchAction,
}
