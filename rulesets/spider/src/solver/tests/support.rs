//! Rulesets built from the shipped variant files or from test-only variant texts, sessions,
//! and an independent brute-force search over the ruleset's own actions.

use crate::solver::glue::{position_of, rules_of};
use crate::solver::{Position, SolverRules};
use crate::{SpiderRuleset, SpiderState};
use felt_core::{Action, Catalog, GameCode, GameState, Origin, Ruleset, Session, Setup, Typed};
use std::collections::{HashSet, VecDeque};

const CLASSIC: &str = include_str!("../../../../../config/scoring/classic.toml");
const SHIPPED: [(&str, &str); 3] = [
    (
        "spider-1suit",
        include_str!("../../../../../config/variants/spider-1suit.toml"),
    ),
    (
        "spider-2suit",
        include_str!("../../../../../config/variants/spider-2suit.toml"),
    ),
    (
        "spider-4suit",
        include_str!("../../../../../config/variants/spider-4suit.toml"),
    ),
];

/// The ruleset of a variant text (`[game]` and the usual keys) under `rules`.
pub fn ruleset_of(text: &str, rules: &str) -> SpiderRuleset {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(crate::factory());
    catalog
        .add_scoring(Origin::BuiltIn("classic.toml".into()), "classic", CLASSIC)
        .expect("classic scoring loads");
    let id = catalog
        .add_variant(Origin::BuiltIn("test.toml".into()), text)
        .unwrap_or_else(|e| panic!("{e}"))
        .variant
        .id
        .clone();
    let (entry, choice) = catalog.choose(&id, Some(rules)).expect("rules exist");
    let scoring = entry
        .variant
        .scoring
        .as_deref()
        .and_then(|s| catalog.scoring(s));
    SpiderRuleset::new(Setup {
        variant: &entry.variant,
        scoring,
        rules: choice,
    })
    .expect("variant builds")
}

/// A shipped variant's ruleset (`spider-1suit`, `spider-2suit`, `spider-4suit`).
pub fn shipped(id: &str, rules: &str) -> SpiderRuleset {
    let text = SHIPPED
        .iter()
        .find(|(v, _)| *v == id)
        .expect("shipped variant")
        .1;
    ruleset_of(text, rules)
}

/// A test-only variant: its `[game]` table given as TOML lines.
pub fn variant(game: &str, rules: &[&str]) -> String {
    let list: Vec<String> = rules.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        "id = \"solver-test\"\nname = \"Solver test\"\ndescription = \"a test table\"\nruleset = \"spider\"\n\
         code = \"SPT-S1\"\nrules = [{}]\nundo_depth = 100\nscoring = \"classic\"\n\n[game]\n{game}\n",
        list.join(", ")
    )
}

/// A state read from `.game` text, or a panic naming what is wrong.
pub fn state(ruleset: &SpiderRuleset, text: &str) -> SpiderState {
    ruleset
        .read_position(text)
        .unwrap_or_else(|e| panic!("test position does not load: {e}\n{text}"))
}

/// The solver's position and rules for a state.
pub fn solver_view(ruleset: &SpiderRuleset, state: &SpiderState) -> (Position, SolverRules) {
    (position_of(ruleset, state), rules_of(ruleset))
}

/// A session over `ruleset` starting at `state`, as the host plays it.
pub fn session(ruleset: SpiderRuleset, state: SpiderState) -> Session {
    let code = GameCode::new("SPT-S1", 'C', 0).expect("code");
    Session::from_state(Typed::shared(ruleset), code, 100, GameState::new(state))
}

/// A state as a hashable value: every card with its face, the stock and the removed runs.
pub(super) fn fingerprint(state: &SpiderState) -> Vec<u8> {
    let mut out = Vec::new();
    for c in state.columns() {
        out.push(c.face_down() as u8);
        out.extend(c.cards().iter().map(|k| k.to_byte()));
        out.push(0xff);
    }
    out.extend(state.stock().iter().map(|k| k.to_byte()));
    out.push(state.removed().len() as u8);
    out
}

/// Whether any sequence of the ruleset's own legal actions wins from `start`: a plain
/// breadth-first search, sharing no code with the solver, for small positions only.
pub fn brute_force_wins(
    ruleset: &SpiderRuleset,
    start: &SpiderState,
    limit: usize,
) -> Option<bool> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([start.clone()]);
    seen.insert(fingerprint(start));
    let mut actions: Vec<Action> = Vec::new();
    while let Some(s) = queue.pop_front() {
        if matches!(ruleset.status(&s), felt_core::Status::Won { .. }) {
            return Some(true);
        }
        actions.clear();
        ruleset.legal_actions(&s, &mut actions);
        for a in &actions {
            let mut next = s.clone();
            ruleset
                .apply(&mut next, a)
                .expect("a listed action is legal");
            if seen.insert(fingerprint(&next)) {
                if seen.len() > limit {
                    return None;
                }
                queue.push_back(next);
            }
        }
    }
    Some(false)
}

/// A position with an empty stock from its columns as a player sees them: how many cards are
/// face down, then the face-up cards bottom first (`"KD QS 9C"`).
pub fn visible(columns: &[(usize, &str)]) -> Position {
    let parts: Vec<(usize, Vec<felt_core::Card>)> = columns
        .iter()
        .map(|&(down, up)| {
            let cards = up.split(' ').map(|t| t.parse().expect("a card")).collect();
            (down, cards)
        })
        .collect();
    Position::from_visible(&parts, &[], 0).expect("a position")
}

/// The App's rules (SP-GROUP classic, SP-DEAL refused onto an empty column, eight runs to win)
/// on `columns` columns.
pub fn app_rules(columns: u8) -> crate::solver::SolverRules {
    use crate::solver::{DealPolicy, GroupRule, SolverRules};
    SolverRules {
        group: GroupRule::Classic,
        deal: DealPolicy::Filled,
        runs_to_win: 8,
        columns,
    }
}
