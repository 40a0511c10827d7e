//! Keys for every pile, whatever its role: digits for the tableau (again: one card fewer), a
//! key per role for the others (foundations, free cells, the waste, a reserve), Tab between
//! rows, `g` to move the cursor without picking up, and the ruleset's own keys for its
//! `Action::Extra`s. All of it read from the `TableView` and the `RulesetInfo`.

use crate::game::{Game, Note};
use felt_core::{CardFace, PileId, PileRole};

/// The keys that name a pile by its role, with what the messages call such a pile. A key
/// works only at a table that has a pile of its role that the player moves cards to or from
/// ([`felt_core::Ruleset::player_moves`]: not a pile of finished runs, which only the rules
/// fill); elsewhere it is the game's own (a page it offers) or does nothing.
pub const ROLE_KEYS: &[(char, PileRole, &str)] = &[
    ('f', PileRole::Foundation, "foundation"),
    ('e', PileRole::Cell, "free cell"),
    ('t', PileRole::Waste, "waste"),
    ('v', PileRole::Reserve, "reserve"),
];

/// The key of a role, if it has one.
pub fn role_key(role: PileRole) -> Option<char> {
    ROLE_KEYS
        .iter()
        .find(|(_, r, _)| *r == role)
        .map(|(k, _, _)| *k)
}

fn role_name(role: PileRole) -> &'static str {
    ROLE_KEYS
        .iter()
        .find(|(_, r, _)| *r == role)
        .map_or("pile", |(_, _, name)| name)
}

impl Game {
    /// Whether the table has a pile of `role` that the player moves cards to or from (the
    /// role's key works, and is offered, only then).
    pub(crate) fn has_role(&self, role: PileRole) -> bool {
        let ruleset = self.session.ruleset();
        self.view
            .piles
            .iter()
            .any(|p| p.role == role && ruleset.player_moves(p.id))
    }

    /// The piles of `role` the player moves cards to or from, in place order.
    fn piles_of(&self, role: PileRole) -> Vec<PileId> {
        let ruleset = self.session.ruleset();
        let mut piles: Vec<_> = self
            .view
            .piles
            .iter()
            .filter(|p| p.role == role && ruleset.player_moves(p.id))
            .collect();
        piles.sort_by_key(|p| p.place);
        piles.into_iter().map(|p| p.id).collect()
    }

    /// `g`: the next pile key moves the cursor only.
    pub(crate) fn start_goto(&mut self) {
        self.goto = true;
        let text = if self.numbered().len() > 10 {
            "Go to: a digit (two for a column past 10, as 12) or a pile key moves the cursor there"
        } else {
            "Go to: a digit or a pile key moves the cursor there"
        };
        self.note = Some(Note {
            text: text.to_string(),
            error: false,
            rule: None,
        });
    }

    /// The cursor onto pile `id`, picking nothing up (carried cards stay carried).
    pub(crate) fn go_to(&mut self, id: PileId) {
        self.note = None;
        self.cursor = (id, self.default_index(id));
    }

    /// Where a digit picks up from a pile: the first card of the longest group with a legal
    /// move; with none, the longest group the ruleset lets be picked up, so that its
    /// refusal of the drop says why; the top card when even that one is refused.
    pub(crate) fn longest_group(&self, id: PileId) -> u16 {
        let Some(pile) = self.pile(id) else {
            return 0;
        };
        let top = pile.cards.len().saturating_sub(1) as u16;
        let legal = self.default_index(id);
        if legal < top || pile.cards.is_empty() {
            return legal;
        }
        let has_move = self.legal.iter().any(
            |a| matches!(a, felt_core::Action::Move { from, index, .. } if *from == id && *index == top),
        );
        if has_move {
            return top;
        }
        let ruleset = self.session.ruleset();
        let mut best = top;
        for i in (0..top).rev() {
            if pile.cards[usize::from(i)] == CardFace::Down
                || ruleset
                    .places(self.session.state(), id, i)
                    .refused
                    .is_some()
            {
                break;
            }
            best = i;
        }
        best
    }

    /// The digit of the pile the cards are carried from, pressed again: one card fewer, and
    /// after the last card the cards go back.
    pub(crate) fn one_fewer(&mut self) {
        let Some(carry) = self.carry.clone() else {
            return;
        };
        let len = self.pile(carry.from).map_or(0, |p| p.cards.len());
        let next = carry.index + 1;
        if usize::from(next) >= len {
            self.carry = None;
            self.cursor = (carry.from, self.default_index(carry.from));
            self.note = Some(Note {
                text: "Put back".to_string(),
                error: false,
                rule: None,
            });
            return;
        }
        self.pick(carry.from, next);
    }

    /// A role's key: drops the carried cards on the pile of that role that takes them (the
    /// first, for the ruleset's refusal, when none does); else picks up from the next pile
    /// of that role with cards after the cursor's, and again, while carrying from one, from
    /// the one after; after `g`, only moves the cursor there.
    pub(crate) fn pile_key(&mut self, role: PileRole, goto: bool) {
        let piles = self.piles_of(role);
        if piles.is_empty() {
            if let Some(key) = role_key(role) {
                self.other_key(key);
            }
            return;
        }
        if let (Some(carry), false) = (&self.carry, goto) {
            if piles.contains(&carry.from) {
                // The key again: the cards of the next pile of that role instead.
                let from = carry.from;
                self.carry = None;
                self.cursor = (from, self.default_index(from));
                self.pile_key(role, false);
                return;
            }
            let to = carry
                .targets
                .iter()
                .find(|t| piles.contains(t))
                .or_else(|| piles.first())
                .copied();
            if let Some(to) = to {
                self.drop_on(to);
            }
            return;
        }
        let start = piles
            .iter()
            .position(|&p| p == self.cursor.0)
            .map_or(0, |i| i + 1);
        let order = piles[start..].iter().chain(&piles[..start]).copied();
        if goto {
            if let Some(first) = order.clone().next() {
                self.go_to(first);
            }
            return;
        }
        let with_cards = order
            .into_iter()
            .find(|&p| self.pile(p).is_some_and(|v| !v.cards.is_empty()));
        match with_cards {
            Some(id) => {
                let index = self.default_index(id);
                self.cursor = (id, index);
                self.pick_or_deal(id, index);
            }
            None => self.error(format!("Every {} is empty", role_name(role))),
        }
    }

    /// Tab: the cursor to the next row of piles (`dir` -1: the one before), round the table.
    pub(crate) fn next_row(&mut self, dir: i32) {
        let rows = self.nav_rows();
        let Some(r) = rows.iter().position(|r| r.contains(&self.cursor.0)) else {
            return;
        };
        let n = rows.len() as i32;
        let target = (r as i32 + dir).rem_euclid(n) as usize;
        if let Some(next) = self.nearest_in(&rows[target], &rows[r]) {
            self.cursor = (next, self.default_index(next));
        }
    }

    /// An unbound key that is one of the ruleset's own actions: plays it. False when it is
    /// not one.
    pub(crate) fn extra_key(&mut self, c: char) -> bool {
        let extra = self
            .session
            .ruleset()
            .info()
            .extras
            .iter()
            .find(|e| e.key == c)
            .map(felt_core::ExtraKey::action);
        match extra {
            Some(action) => {
                self.act(action);
                true
            }
            None => false,
        }
    }

    /// The ruleset's own keys: the key, the action's name (the key bar's word: `o collect`)
    /// and what it does (the help's line).
    pub(crate) fn extra_keys(&self) -> Vec<(String, String, String)> {
        self.session
            .ruleset()
            .info()
            .extras
            .iter()
            .map(|e| (e.key.to_string(), e.name.clone(), e.help.clone()))
            .collect()
    }
}
