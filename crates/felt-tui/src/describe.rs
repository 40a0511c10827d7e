//! Actions in words, with the piles' labels and the cards' names as the table shows them: the
//! game's hints and refusals and the replay viewer say moves the same way.

use crate::theme::Theme;
use felt_core::{Action, PileId, TableView};

/// A pile's label, or its number when the view has no such pile.
fn label(view: &TableView, id: PileId) -> String {
    view.pile(id)
        .map_or_else(|| format!("pile {}", id.0), |p| p.label.clone())
}

/// The card at `index` of pile `from` (the first of a group), or "these cards" when hidden.
pub(crate) fn describe_cards(view: &TableView, from: PileId, index: u16, theme: &Theme) -> String {
    let card = view
        .pile(from)
        .and_then(|p| p.cards.get(usize::from(index)))
        .and_then(|c| c.card());
    match card {
        Some(c) => theme.card_label(c),
        None => "these cards".to_string(),
    }
}

/// The word for dealing at this table: a stock that turns its cards onto a waste is drawn
/// from, as players say; one that deals onto the columns is dealt from.
pub(crate) fn deal_word(view: &TableView) -> &'static str {
    if view
        .piles
        .iter()
        .any(|p| p.role == felt_core::PileRole::Waste)
    {
        "draw"
    } else {
        "deal"
    }
}

/// `action` in words, as the table `view` (before it) shows the piles and cards.
pub(crate) fn describe(view: &TableView, action: &Action, theme: &Theme) -> String {
    match action {
        Action::Move { from, index, to } => format!(
            "{} from {} to {}",
            describe_cards(view, *from, *index, theme),
            label(view, *from),
            label(view, *to)
        ),
        Action::Deal { from } => format!("{} from {}", deal_word(view), label(view, *from)),
        Action::Choose { option } => {
            let label = view
                .prompt
                .as_ref()
                .and_then(|p| p.options.iter().find(|o| o.id == *option))
                .map_or_else(|| option.to_string(), |o| o.label.clone());
            format!("choose {label}")
        }
        other => other.to_string(),
    }
}
