//! The cursor: moving over piles and cards with the arrows, and digits naming columns. It
//! walks the piles by their places in the `TableView`, whatever the game.

use crate::game::{Game, Note};
use felt_core::{Action, CardFace, DrawHint, PileId, PileRole, PileView};

impl Game {
    pub(crate) fn pile(&self, id: PileId) -> Option<&PileView> {
        self.view.pile(id)
    }

    /// Piles by row, top to bottom, each row left to right.
    pub(crate) fn nav_rows(&self) -> Vec<Vec<PileId>> {
        let mut piles: Vec<&PileView> = self.view.piles.iter().collect();
        piles.sort_by_key(|p| p.place);
        let mut rows: Vec<Vec<PileId>> = Vec::new();
        let mut last_row = None;
        for p in piles {
            if last_row != Some(p.place.row) {
                rows.push(Vec::new());
                last_row = Some(p.place.row);
            }
            if let Some(r) = rows.last_mut() {
                r.push(p.id);
            }
        }
        rows
    }

    /// Where the cursor lands on a pile: the deepest card with a legal move, else the top card.
    pub(crate) fn default_index(&self, id: PileId) -> u16 {
        let len = self.pile(id).map_or(0, |p| p.cards.len() as u16);
        self.legal
            .iter()
            .filter_map(|a| match a {
                Action::Move { from, index, .. } if *from == id => Some(*index),
                _ => None,
            })
            .min()
            .unwrap_or(len.saturating_sub(1))
    }

    pub(crate) fn horizontal(&mut self, dir: i32) {
        if let Some(p) = &self.view.prompt {
            let last = p.options.len().saturating_sub(1) as i32;
            self.choice = (self.choice as i32 + dir).clamp(0, last) as usize;
            return;
        }
        let (id, index) = self.cursor;
        if let Some(p) = self
            .pile(id)
            .filter(|p| p.hint == DrawHint::FanRight && self.carry.is_none())
        {
            let mut i = index as i32 + dir;
            while i >= 0 && (i as usize) < p.cards.len() {
                if p.cards[i as usize] != CardFace::Down {
                    self.cursor.1 = i as u16;
                    return;
                }
                i += dir;
            }
        }
        let rows = self.nav_rows();
        if let Some(row) = rows.iter().find(|r| r.contains(&id)) {
            let pos = row.iter().position(|&p| p == id).unwrap_or(0) as i32 + dir;
            if let Some(&next) = usize::try_from(pos).ok().and_then(|p| row.get(p)) {
                self.cursor = (next, self.default_index(next));
            }
        }
    }

    pub(crate) fn vertical(&mut self, dir: i32) {
        let (id, index) = self.cursor;
        if let Some(p) = self
            .pile(id)
            .filter(|p| p.hint == DrawHint::FanDown && self.carry.is_none())
        {
            let i = index as i32 + dir;
            let ok = usize::try_from(i)
                .ok()
                .and_then(|i| p.cards.get(i))
                .is_some_and(|c| *c != CardFace::Down);
            if ok {
                self.cursor.1 = i as u16;
                return;
            }
        }
        let rows = self.nav_rows();
        let Some(r) = rows.iter().position(|r| r.contains(&id)) else {
            return;
        };
        let Some(target) = usize::try_from(r as i32 + dir)
            .ok()
            .and_then(|t| rows.get(t))
        else {
            return;
        };
        if let Some(next) = self.nearest_in(target, &rows[r]) {
            self.cursor = (next, self.default_index(next));
        }
    }

    /// The pile of row `target` under the cursor's pile (of row `here`): the nearest on the
    /// screen, or the one at the same place in its row before the table is drawn.
    pub(crate) fn nearest_in(&self, target: &[PileId], here: &[PileId]) -> Option<PileId> {
        let id = self.cursor.0;
        let centre = |p: PileId| {
            self.layout
                .as_ref()
                .and_then(|l| l.pile(p))
                .map(|g| i32::from(g.area.x) + i32::from(g.area.width) / 2)
        };
        match centre(id) {
            Some(x) => target
                .iter()
                .copied()
                .min_by_key(|&p| centre(p).map_or(i32::MAX, |c| (c - x).abs())),
            None => {
                let pos = here.iter().position(|&p| p == id).unwrap_or(0);
                target.get(pos.min(target.len().saturating_sub(1))).copied()
            }
        }
    }

    /// The piles digits name: the tableau, in place order (or every pile if there is none).
    pub(crate) fn numbered(&self) -> Vec<PileId> {
        let mut piles: Vec<&PileView> = self
            .view
            .piles
            .iter()
            .filter(|p| p.role == PileRole::Tableau)
            .collect();
        if piles.is_empty() {
            piles = self.view.piles.iter().collect();
        }
        piles.sort_by_key(|p| p.place);
        piles.into_iter().map(|p| p.id).collect()
    }

    /// Column `n`, as the digits number them; where there is none, says so.
    fn numbered_column(&mut self, n: u8) -> Option<PileId> {
        let id = self
            .numbered()
            .get(usize::from(n.saturating_sub(1)))
            .copied();
        if id.is_none() {
            self.error(format!("There is no column {n}"));
        }
        id
    }

    /// The cursor onto column `n` (as the digits number them), picking nothing up.
    pub(crate) fn go_to_column(&mut self, n: u8) {
        if let Some(id) = self.numbered_column(n) {
            self.go_to(id);
        }
    }

    /// A digit: drops the carried cards on that column, or takes one card fewer when they
    /// came from it; else picks up the longest group that may move from it. After `g`
    /// (`goto`) it only moves the cursor there; on a table of more than ten columns a digit
    /// that begins a column's two-digit number waits for the second (`g12`), or for Enter.
    pub(crate) fn column(&mut self, n: u8, goto: bool) {
        let columns = if goto { self.numbered().len() } else { 0 };
        if (1..=9).contains(&n) && usize::from(n) * 10 <= columns {
            self.goto_tens = Some(n);
            let last = (usize::from(n) * 10 + 9).min(columns);
            self.note = Some(Note {
                text: format!("Go to column {n}: a second digit for {n}0 to {last}, Enter for {n}"),
                error: false,
                rule: None,
            });
            return;
        }
        // While the game asks a question, a digit answers it when an option bears that number.
        let label = (n % 10).to_string();
        let option = self
            .view
            .prompt
            .as_ref()
            .and_then(|p| p.options.iter().find(|o| o.label == label));
        if let (Some(option), false) = (option, goto) {
            let option = option.id;
            self.choose(option);
            return;
        }
        if goto {
            self.go_to_column(n);
            return;
        }
        let Some(id) = self.numbered_column(n) else {
            return;
        };
        match &self.carry {
            Some(carry) if carry.from == id => self.one_fewer(),
            Some(_) => self.drop_on(id),
            None => {
                let index = self.longest_group(id);
                self.cursor = (id, index);
                self.pick_or_deal(id, index);
            }
        }
    }
}
