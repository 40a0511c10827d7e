//! Rule 11 of the solver ([`super::super`]): the group a plain move just laid is not moved
//! again at once. Where a move laid its group ([`Searcher::landing`]), and whether a move
//! takes that group again ([`moves_again`]).

use super::*;

/// Where a move laid its group, by pile and index, when the move was *plain* (rule 11 of
/// [`super::super`]): a move of the group found there next is one no search needs.
pub(super) type Landing = Option<(PileId, u16)>;

impl Searcher<'_> {
    /// Where `action`, which led from `parent` to `child`, laid its group, if the move was
    /// plain ([`super::super`]'s rule 11): a move of cards to a column or a cell after which
    /// nothing went up or was taken out, in a game whose spaces do not fill by themselves, of
    /// one card where a supermove's room counts or a run is carried in one step (rule 14).
    pub(super) fn landing(&self, parent: &State, child: &State, action: &Action) -> Landing {
        let play = self.play;
        let &Action::Move { from, index, to } = action else {
            return None;
        };
        if !self.once || play.fills_itself() {
            return None;
        }
        let up = |s: &State| s.foundations.iter().map(Vec::len).sum::<usize>();
        if up(parent) != up(child) {
            return None;
        }
        let index = usize::from(index);
        let group = match play.ids.pile(from)? {
            Pile::Column(i) => parent.columns.get(i)?.cards.len().checked_sub(index)?,
            Pile::Waste => parent.waste.len().checked_sub(index)?,
            Pile::Reserve(r) => parent.reserve.get(r)?.len().checked_sub(index)?,
            Pile::Cell(_) => 1,
            Pile::Foundation(_) | Pile::Stock => return None,
        };
        if group > 1
            && matches!(
                play.game.group,
                crate::vocabulary::Group::Supermove | crate::vocabulary::Group::Single
            )
        {
            return None;
        }
        let at = match play.ids.pile(to)? {
            Pile::Column(j) => child.columns.get(j)?.cards.len().checked_sub(group)?,
            // Several cards into the cells: rule 15's step, made of several moves, not plain.
            Pile::Cell(_) if group > 1 => return None,
            Pile::Cell(_) => 0,
            _ => return None,
        };
        Some((to, u16::try_from(at).ok()?))
    }
}

/// Whether `action` moves the group a plain move laid at `landing` (rule 11).
pub(super) fn moves_again(landing: Landing, action: &Action) -> bool {
    matches!((landing, action), (Some((pile, at)), Action::Move { from, index, .. }) if pile == *from && at == *index)
}
