//! What the player sees: every card face up, the cells and foundations above the columns, the
//! status items, and the rules text of the help overlay.

use crate::params::{Build, Empty};
use crate::rules::Rules;
use crate::state::{Pile, State};
use felt_core::{CardFace, DrawHint, PileRole, PileView, Place, Seat, Suit, TableView};
use felt_patience::{foundation, status::item};

impl Rules {
    /// The table: row 0 holds the free cells then the foundations (over the last four
    /// columns), row 1 the columns.
    pub fn table_view(&self, state: &State, seat: Seat) -> TableView {
        let layout = self.layout();
        let mut piles = Vec::with_capacity(layout.piles());
        for (i, col) in state.columns.iter().enumerate() {
            piles.push(PileView {
                id: layout.id(Pile::Column(i)),
                role: PileRole::Tableau,
                label: (i + 1).to_string(),
                hint: DrawHint::FanDown,
                place: Place::at(1, i as u8),
                cards: col.iter().map(|&c| CardFace::Up(c)).collect(),
                note: None,
            });
        }
        for (i, cell) in state.cells.iter().enumerate() {
            // The host has no cell role yet: `Other` with a slot is the nearest.
            piles.push(PileView {
                id: layout.id(Pile::Cell(i)),
                role: PileRole::Cell,
                // One token: the headless protocol names piles by label (`move 2 c1`).
                label: format!("c{}", i + 1),
                hint: DrawHint::Slot,
                place: Place::at(0, i as u8),
                cards: cell.iter().map(|&c| CardFace::Up(c)).collect(),
                note: None,
            });
        }
        for (i, &suit) in Suit::ALL.iter().enumerate() {
            piles.push(foundation::pile_view(
                layout.id(Pile::Foundation(i)),
                suit,
                state.foundations[i],
                // Over the last four columns when the cells leave room, with a gap after
                // the cells (two cells over eight columns); else just after the cells.
                Place::at(
                    0,
                    (layout.cells.max(layout.columns.saturating_sub(4)) + i) as u8,
                ),
            ));
        }
        let free = state.free_cells();
        let empty = state.empty_columns();
        let status = vec![
            item("deal", "Deal", format!("#{}", state.deal)),
            item("moves", "Moves", state.moves.to_string()),
            item("cards", "Up", format!("{}/52", state.cards_up())),
            item(
                "supermove",
                "Group",
                crate::rules::capacity(self.params.empty, free, empty, false).to_string(),
            ),
        ];
        TableView {
            seat,
            piles,
            status,
            prompt: None,
            messages: state.news.clone(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }

    /// The rules text of the help overlay, for this variant's settings.
    pub fn help(&self) -> Vec<String> {
        let p = &self.params;
        let build = match p.build {
            Build::Alternate => "one rank lower and of the other colour",
            Build::Suit => "one rank lower and of the same suit",
        };
        let empty = match p.empty {
            Empty::Any => "An empty column takes any card or group.",
            Empty::Kings => "An empty column takes only a King, or a group headed by one.",
        };
        vec![
            format!(
                "All 52 cards are dealt face up into {} columns{}. Build the four foundations \
                 up by suit from the Ace to the King to win.",
                p.columns,
                if p.cells_dealt > 0 {
                    format!(" and {} of the free cells", p.cells_dealt)
                } else {
                    String::new()
                }
            ),
            format!(
                "A card goes on the last card of a column when it is {build}. {} free cell{} \
                 hold one card each. {empty}",
                p.cells,
                if p.cells == 1 { "" } else { "s" }
            ),
            // FC-SUPERMOVE as `rules::capacity` counts it, so the help and the status bar's
            // figure say the same.
            match p.empty {
                Empty::Any => "A group built down at the end of a column moves as one when it \
                               could have moved a card at a time through the free cells and \
                               empty columns: (free cells + 1) × 2 ^ (empty columns), half that \
                               onto an empty column. The status bar's Group shows how many."
                    .to_string(),
                Empty::Kings => "A group built down at the end of a column moves as one when \
                                 it could have moved a card at a time through the free cells: \
                                 free cells + 1 cards. An empty column takes only a King, so \
                                 no card of a group can wait there on the way and empty \
                                 columns do not add to it. The status bar's Group shows how \
                                 many."
                    .to_string(),
            },
            if p.auto {
                "Cards no other card could still want go to the foundations by themselves."
                    .to_string()
            } else {
                "Move cards to the foundations yourself: nothing goes up by itself.".to_string()
            },
        ]
    }
}
