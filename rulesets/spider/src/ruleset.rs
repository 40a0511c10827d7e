//! Building a Spider ruleset from a variant, and the [`Ruleset`] trait felt-core's host calls.

use crate::params::SpiderParams;
use crate::rules::{GroupRule, Points, SpiderRuleset};
use crate::state::{Column, SpiderState};
use crate::view::help;
use felt_core::{
    Action, Analysis, AnalyzeRequest, Card, DynRuleset, Event, ParamError, PileId, RuleChoice,
    RuleViolation, Ruleset, RulesetFactory, RulesetInfo, Scoreboard, Seat, Setup, Status,
    TableView, Typed,
};
use std::sync::Arc;

/// The id variant files name in `ruleset = "spider"`.
pub const RULESET_ID: &str = "spider";

impl SpiderRuleset {
    /// Spider for one variant and rules choice, or what is wrong with the variant's `[game]`.
    pub fn new(setup: Setup<'_>) -> Result<SpiderRuleset, ParamError> {
        let params = SpiderParams::from_table(&setup.variant.game)?;
        let group = match setup.rules.id.as_str() {
            "classic" => GroupRule::Classic,
            "relaxed" => GroupRule::Relaxed,
            other => {
                return Err(ParamError::at(
                    "rules",
                    format!("Spider has no rules '{other}' (it offers: classic, relaxed)"),
                ))
            }
        };
        let scoring = setup.scoring.cloned();
        let info = RulesetInfo {
            ruleset: RULESET_ID.into(),
            variant: setup.variant.id.clone(),
            name: setup.variant.name.clone(),
            rules: setup.rules.id.clone(),
            help: help(&params, group, scoring.as_ref()),
            seats: 1,
            hints: true,
            commands: None,
            extras: Vec::new(),
        };
        Ok(SpiderRuleset {
            params,
            group,
            points: Points::of(scoring.as_ref()),
            scoring,
            info,
        })
    }

    /// A new game dealt from `seed`: the shuffled deck is dealt a row at a time, left to
    /// right, into the columns (SP-LAYOUT), and the rest becomes the stock, the next cards
    /// forming the first deal.
    pub fn deal(&self, seed: u64) -> SpiderState {
        let p = &self.params;
        let cards = p.deck.shuffled(seed);
        let mut next = cards.iter().copied();
        let mut columns: Vec<Vec<Card>> = p
            .columns
            .iter()
            .map(|&n| Vec::with_capacity(n as usize + 16))
            .collect();
        let rows = p.columns.iter().copied().max().unwrap_or(0);
        for row in 0..rows {
            for (column, &size) in columns.iter_mut().zip(&p.columns) {
                if row < size {
                    column.extend(next.next());
                }
            }
        }
        let rows: Vec<Vec<Card>> = p
            .deals
            .iter()
            .map(|&k| next.by_ref().take(k as usize).collect())
            .collect();
        let mut stock = Vec::with_capacity(p.stock_size());
        for row in rows.iter().rev() {
            stock.extend_from_slice(row);
        }
        let columns = columns
            .into_iter()
            .zip(&p.face_up)
            .map(|(cards, &up)| {
                let down = cards.len().saturating_sub(up as usize) as u8;
                Column::new(cards, down)
            })
            .collect();
        SpiderState {
            columns,
            stock,
            deals_done: 0,
            removed: Vec::new(),
            score: self.points.start,
            moves: 0,
        }
    }
}

impl Ruleset for SpiderRuleset {
    type State = SpiderState;

    fn info(&self) -> &RulesetInfo {
        &self.info
    }

    fn new_game(&self, seed: u64) -> SpiderState {
        self.deal(seed)
    }

    fn check(&self, state: &SpiderState, action: &Action) -> Result<(), RuleViolation> {
        self.check_action(state, action)
    }

    fn apply(&self, state: &mut SpiderState, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        let mut events = Vec::new();
        self.play_with(state, action, |e| events.push(e))?;
        Ok(events)
    }

    fn legal_actions(&self, state: &SpiderState, out: &mut Vec<Action>) {
        self.legal_into(state, out);
    }

    fn legal_targets(&self, state: &SpiderState, from: PileId, index: u16) -> Vec<Action> {
        self.ranked_moves(state, from, index)
    }

    fn best_place(
        &self,
        state: &SpiderState,
        _from: PileId,
        _index: u16,
        legal: &[Action],
    ) -> Option<Action> {
        self.best_of(state, legal)
    }

    fn may_lift(&self, state: &SpiderState, from: PileId, index: u16) -> Result<(), RuleViolation> {
        self.check_lift(state, from, index)
    }

    /// SP-RUN: a run leaves for the runs pile by itself and never comes back, so no move of
    /// the player's goes to or from it.
    fn player_moves(&self, pile: PileId) -> bool {
        pile != self.runs_pile()
    }

    fn view(&self, state: &SpiderState, seat: Seat) -> TableView {
        self.table_view(state, seat)
    }

    fn status(&self, state: &SpiderState) -> Status {
        self.status_of(state)
    }

    fn analyze(
        &self,
        state: &SpiderState,
        request: &AnalyzeRequest,
        keep_going: felt_core::KeepGoing<'_>,
    ) -> Option<Analysis> {
        Some(crate::solver::glue::analyze(
            self, state, request, keep_going,
        ))
    }

    fn scoreboard(&self, state: &SpiderState) -> Scoreboard {
        Scoreboard {
            score: self.shown_score(state),
            moves: state.moves(),
        }
    }

    fn import_position(&self, text: &str) -> Result<SpiderState, String> {
        self.read_position(text).map_err(|e| e.to_string())
    }

    fn export_position(&self, state: &SpiderState) -> Option<String> {
        Some(self.write_position(state))
    }
}

/// Makes Spider rulesets from variant files.
struct SpiderFactory;

impl RulesetFactory for SpiderFactory {
    fn id(&self) -> &str {
        RULESET_ID
    }

    fn description(&self) -> &str {
        "Spider Solitaire and its relatives: build down, move runs, clear every suit"
    }

    fn rule_choices(&self) -> Vec<RuleChoice> {
        vec![
            RuleChoice {
                id: "classic".into(),
                letter: 'C',
                name: "Classic".into(),
                description: "Only a run of one suit moves as a group".into(),
            },
            RuleChoice {
                id: "relaxed".into(),
                letter: 'R',
                name: "Relaxed".into(),
                description:
                    "Cards going down one rank at a time move as a group, whatever their suits"
                        .into(),
            },
        ]
    }

    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError> {
        Ok(Typed::shared(SpiderRuleset::new(setup)?))
    }
}

/// The Spider ruleset factory (id `spider`), for the catalog.
pub fn factory() -> Arc<dyn RulesetFactory> {
    Arc::new(SpiderFactory)
}
