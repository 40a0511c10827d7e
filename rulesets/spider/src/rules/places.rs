//! Where cards may go and where they should: what may be lifted at all (SP-GROUP), the best
//! place among the legal targets, and the targets ranked.

use super::*;

impl SpiderRuleset {
    /// SP-GROUP: whether the group from `index` of `from` may be picked up at all, wherever
    /// it would go: face-up cards of a column that may move together.
    pub fn check_lift(
        &self,
        state: &SpiderState,
        from: PileId,
        index: u16,
    ) -> Result<(), RuleViolation> {
        let from = self.column_of(state, from, true)?;
        let column = &state.columns[from];
        let index = index as usize;
        if index >= column.len() {
            return Err(refuse(rule::BUILD, "There are no cards here to pick up"));
        }
        if index < column.face_down() {
            return Err(refuse(
                rule::BUILD,
                "That card is face down: only face-up cards move",
            ));
        }
        self.check_group(&column.cards()[index..])
    }

    /// SP-AUTOMOVE: the best of `ranked` (the group's legal moves, best first): the first
    /// that changes the table, since a whole column moved into an empty one only trades
    /// places and is never the best place, though it is legal.
    pub fn best_of(&self, state: &SpiderState, ranked: &[Action]) -> Option<Action> {
        ranked
            .iter()
            .find(|a| match **a {
                Action::Move { from, index, to } => {
                    let whole = index == 0;
                    let into_empty = state
                        .columns
                        .get(to.0 as usize)
                        .is_some_and(|c| c.is_empty());
                    let from_ok = state.columns.get(from.0 as usize).is_some();
                    !(from_ok && whole && into_empty)
                }
                _ => true,
            })
            .cloned()
    }

    /// SP-AUTOMOVE: the legal moves of the group from `index` of `from`, best first: onto a
    /// card of the same suit, then onto other cards, then into empty columns.
    pub fn ranked_moves(&self, state: &SpiderState, from: PileId, index: u16) -> Vec<Action> {
        let mut ranked: Vec<(u8, Action)> = Vec::new();
        let Some(column) = state.columns.get(from.0 as usize) else {
            return Vec::new();
        };
        let Some(&first) = column.cards().get(index as usize) else {
            return Vec::new();
        };
        for (to, target) in state.columns.iter().enumerate() {
            let action = Action::Move {
                from,
                index,
                to: PileId(to as u8),
            };
            if self.check_action(state, &action).is_err() {
                continue;
            }
            let class = match target.last() {
                Some(top) if top.suit() == first.suit() => 0,
                Some(_) => 1,
                None => 2,
            };
            ranked.push((class, action));
        }
        // A stable sort keeps columns left to right within each class.
        ranked.sort_by_key(|(class, _)| *class);
        ranked.into_iter().map(|(_, a)| a).collect()
    }
}
