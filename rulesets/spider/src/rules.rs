//! What is legal and what happens: building, group moves, dealing, flips, run removal, scoring.
//!
//! Each check is named after the rule it enforces (`docs/rules/spider.md` ids) and a
//! refusal carries that id with a sentence for the player. The hot paths (legal action
//! generation and [`SpiderRuleset::play`]) allocate nothing once the state's vectors are warm.

use crate::params::{DealRule, SpiderParams, MAX_COLUMNS};
use crate::solver::glue::dead_ended;
use crate::state::{Column, SpiderState};
use felt_core::{Action, Card, Event, PileId, RuleViolation, RulesetInfo, ScoreTable, Status};

mod places;

/// Stable rule ids, as the rules page names them.
pub mod rule {
    /// A card goes on one a rank higher; nothing on an Ace; only face-up cards move.
    pub const BUILD: &str = "SP-BUILD";
    /// Which cards may move together.
    pub const GROUP: &str = "SP-GROUP";
    /// When and how the stock is dealt.
    pub const DEAL: &str = "SP-DEAL";
    /// Finished runs leave by themselves, and only then.
    pub const RUN: &str = "SP-RUN";
    /// The game is won when every run has left.
    pub const WIN: &str = "SP-WIN";
    /// The game stops after the variant's move limit.
    pub const LIMIT: &str = "SITE-LIMIT";
    /// The game is over when nothing can ever turn up a card or finish a run.
    pub const DEAD_END: &str = "SITE-DEADEND";
}

/// What the status says when SITE-DEADEND ends a game: the player is told why.
pub const DEAD_END_REASON: &str =
    "No sequence of moves can turn up another card or finish another run";

/// Which cards may move together (SP-GROUP), chosen by the rules choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupRule {
    /// A group must go down one rank at a time in one suit.
    Classic,
    /// A group must go down one rank at a time, whatever the suits.
    Relaxed,
}

/// Spider built for one variant and rules choice.
#[derive(Clone, Debug)]
pub struct SpiderRuleset {
    pub(crate) params: SpiderParams,
    pub(crate) group: GroupRule,
    pub(crate) scoring: Option<ScoreTable>,
    pub(crate) points: Points,
    pub(crate) info: RulesetInfo,
}

/// The scoring table's points for Spider's events, looked up once: scoring every move through
/// the table's map by name would cost more than the move itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Points {
    pub(crate) start: i64,
    pub(crate) moved: i64,
    pub(crate) dealt: i64,
    pub(crate) run: i64,
    /// Points per same-suit link made, the same taken back per link broken (event `link`,
    /// counted as the net change of [`same_suit_links`] over a step).
    pub(crate) link: i64,
    pub(crate) floor: Option<i64>,
}

impl Points {
    pub(crate) fn of(table: Option<&ScoreTable>) -> Points {
        match table {
            Some(t) => Points {
                start: t.start,
                moved: t.points("move", 1),
                dealt: t.points("deal", 1),
                run: t.points("run", 1),
                link: t.points("link", 1),
                floor: t.floor,
            },
            None => Points::default(),
        }
    }

    /// SP-SCORE: `score` plus `points`, clamped to the floor at every step.
    fn add(self, score: i64, points: i64) -> i64 {
        // Saturating: a damaged save must not overflow into a panic.
        let s = score.saturating_add(points);
        self.floor.map_or(s, |f| s.max(f))
    }
}

/// A checked action, ready to carry out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Move {
        from: usize,
        index: usize,
        to: usize,
    },
    Deal {
        count: usize,
    },
}

fn refuse(rule: &str, message: impl Into<String>) -> RuleViolation {
    RuleViolation::new(rule, message)
}

/// "an 8", "a 7", "a King": the article a rank takes in a sentence.
fn rank_phrase(rank: u8) -> String {
    match rank {
        1 => "an Ace".into(),
        8 => "an 8".into(),
        11 => "a Jack".into(),
        12 => "a Queen".into(),
        13 => "a King".into(),
        n => format!("a {n}"),
    }
}

/// Two different columns, both mutable.
fn two_columns(columns: &mut [Column], a: usize, b: usize) -> (&mut Column, &mut Column) {
    if a < b {
        let (left, right) = columns.split_at_mut(b);
        (&mut left[a], &mut right[0])
    } else {
        let (left, right) = columns.split_at_mut(a);
        (&mut right[0], &mut left[b])
    }
}

/// Writes a count with thousands separators, as the status shows limits ("3,000").
pub(crate) fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|g| std::str::from_utf8(g).unwrap_or(""))
        .collect();
    groups.join(",")
}

impl SpiderRuleset {
    /// The variant's settings.
    pub fn params(&self) -> &SpiderParams {
        &self.params
    }

    /// The group rule in force.
    pub fn group_rule(&self) -> GroupRule {
        self.group
    }

    /// The stock's pile id (one past the last column).
    pub fn stock_pile(&self) -> PileId {
        PileId(self.params.columns.len() as u8)
    }

    /// The removed runs' pile id.
    pub fn runs_pile(&self) -> PileId {
        PileId(self.params.columns.len() as u8 + 1)
    }

    /// Deals left in the stock.
    pub fn deals_left(&self, state: &SpiderState) -> usize {
        self.params.deals.len().saturating_sub(state.deals_done())
    }

    /// Moves and deals the player may still make before the move limit stops the game
    /// (SITE-LIMIT), or `None` when the variant has no limit: a winning line longer than this
    /// does not win this variant.
    pub fn moves_left(&self, state: &SpiderState) -> Option<u32> {
        self.params
            .move_limit
            .map(|limit| limit.saturating_sub(state.moves))
    }

    fn limit_reached(&self, state: &SpiderState) -> bool {
        self.params
            .move_limit
            .is_some_and(|limit| state.moves >= limit)
    }

    fn won(&self, state: &SpiderState) -> bool {
        state.removed.len() >= self.params.runs_to_win as usize
    }

    /// Playing, won (SP-WIN) or over: the move limit (SITE-LIMIT), or, where the variant says
    /// so, a proven dead end (SITE-DEADEND).
    pub fn status_of(&self, state: &SpiderState) -> Status {
        if self.won(state) {
            Status::Won {
                winner: String::new(),
            }
        } else if let Some(limit) = self.params.move_limit.filter(|_| self.limit_reached(state)) {
            Status::Over {
                reason: format!("The game stops after {} moves", thousands(limit)),
            }
        } else if self.params.dead_end && state.stock.is_empty() && dead_ended(self, state) {
            Status::Over {
                reason: DEAD_END_REASON.into(),
            }
        } else {
            Status::Playing
        }
    }

    /// Whether two cards, `lower` lying on `upper`, may move together (SP-GROUP).
    fn links(&self, upper: Card, lower: Card) -> bool {
        upper.rank().number() == lower.rank().number() + 1
            && (self.group == GroupRule::Relaxed || upper.suit() == lower.suit())
    }

    /// SP-GROUP: the cards from `index` to the end of `column` may move together.
    fn check_group(&self, cards: &[Card]) -> Result<(), RuleViolation> {
        if cards
            .windows(2)
            .any(|w| w[0].rank().number() != w[1].rank().number() + 1)
        {
            return Err(refuse(
                rule::GROUP,
                "These cards do not go down one rank at a time, so they cannot move together",
            ));
        }
        if self.group == GroupRule::Classic && cards.windows(2).any(|w| w[0].suit() != w[1].suit())
        {
            return Err(refuse(
                rule::GROUP,
                "Only a run of one suit moves as a group (classic rules)",
            ));
        }
        Ok(())
    }

    /// SP-BUILD / SP-EMPTY: `first` (with the cards on it) may go onto column `to`.
    fn check_target(&self, first: Card, target: Option<Card>) -> Result<(), RuleViolation> {
        let Some(target) = target else { return Ok(()) };
        let wanted = first.rank().number() + 1;
        if target.rank().number() == 1 {
            return Err(refuse(rule::BUILD, "Nothing goes on an Ace"));
        }
        if target.rank().number() != wanted {
            let message = if wanted > 13 {
                format!("A King goes only on an empty column, not on {target}")
            } else {
                format!(
                    "{first} goes only on {}, not on {target}",
                    rank_phrase(wanted)
                )
            };
            return Err(refuse(rule::BUILD, message));
        }
        Ok(())
    }

    /// The column index a pile id names, or why it names none.
    fn column_of(
        &self,
        state: &SpiderState,
        pile: PileId,
        leaving: bool,
    ) -> Result<usize, RuleViolation> {
        let n = state.columns.len();
        let i = pile.0 as usize;
        if i < n {
            return Ok(i);
        }
        Err(if pile == self.stock_pile() {
            if leaving {
                refuse(rule::DEAL, "Cards leave the stock only by dealing")
            } else {
                refuse(rule::BUILD, "Nothing goes back to the stock")
            }
        } else if pile == self.runs_pile() {
            if leaving {
                refuse(rule::RUN, "A removed run stays out of the game")
            } else {
                refuse(
                    rule::RUN,
                    "Runs leave by themselves when a column ends with King down to Ace of one suit",
                )
            }
        } else {
            refuse(rule::BUILD, format!("There is no pile {}", i + 1))
        })
    }

    /// The size of the next deal, if the stock holds one.
    fn next_deal(&self, state: &SpiderState) -> Option<usize> {
        let size = self
            .params
            .deals
            .get(state.deals_done())
            .map(|&k| k as usize);
        size.filter(|&k| k <= state.stock.len())
    }

    /// SP-DEAL: whether the columns allow a deal now.
    fn columns_allow_deal(&self, state: &SpiderState) -> bool {
        self.params.deal_rule == DealRule::Any
            || state.columns.iter().all(|c| !c.is_empty())
            || self
                .params
                .deal_with_empty_below
                .is_some_and(|below| state.cards_on_table() < below as usize)
    }

    /// SP-DEAL: the size of the next deal, if dealing is allowed now.
    fn check_deal(&self, state: &SpiderState) -> Result<usize, RuleViolation> {
        let total = self.params.deals.len();
        let Some(size) = self.next_deal(state) else {
            let all = match total {
                1 => "the deal is done".to_string(),
                n => format!("all {n} deals are done"),
            };
            return Err(refuse(rule::DEAL, format!("The stock is empty: {all}")));
        };
        if !self.columns_allow_deal(state) {
            return Err(refuse(rule::DEAL, "Dealing needs a card in every column"));
        }
        Ok(size.min(state.columns.len()))
    }

    /// Checks `action` against every rule; on success, what it will do.
    fn plan(&self, state: &SpiderState, action: &Action) -> Result<Plan, RuleViolation> {
        if self.won(state) {
            return Err(refuse(
                rule::WIN,
                "The game is won: every run has left the table",
            ));
        }
        if let Some(limit) = self.params.move_limit.filter(|_| self.limit_reached(state)) {
            return Err(refuse(
                rule::LIMIT,
                format!("The game stopped after {} moves", thousands(limit)),
            ));
        }
        match *action {
            Action::Move { from, index, to } => {
                let from = self.column_of(state, from, true)?;
                let to = self.column_of(state, to, false)?;
                if from == to {
                    return Err(refuse(
                        rule::BUILD,
                        "Those cards are already in that column",
                    ));
                }
                let column = &state.columns[from];
                let index = index as usize;
                if index >= column.len() {
                    return Err(refuse(
                        rule::BUILD,
                        if column.is_empty() {
                            format!("Column {} is empty", from + 1)
                        } else {
                            format!(
                                "Column {} has only {}",
                                from + 1,
                                crate::view::plural(column.len(), "card", "cards")
                            )
                        },
                    ));
                }
                if index < column.face_down() {
                    return Err(refuse(
                        rule::BUILD,
                        "That card is face down: only face-up cards move",
                    ));
                }
                let cards = &column.cards()[index..];
                self.check_group(cards)?;
                self.check_target(cards[0], state.columns[to].last())?;
                Ok(Plan::Move { from, index, to })
            }
            Action::Deal { from } => {
                if from != self.stock_pile() {
                    return Err(refuse(rule::DEAL, "Only the stock is dealt from"));
                }
                Ok(Plan::Deal {
                    count: self.check_deal(state)?,
                })
            }
            Action::Choose { .. } | Action::Extra { .. } => Err(refuse(
                rule::BUILD,
                "Spider has no choices to make: move cards or deal",
            )),
        }
    }

    /// SP-RUN: removes every finished run at the end of column `i`, turning up what it covered.
    fn remove_runs(&self, state: &mut SpiderState, i: usize, emit: &mut impl FnMut(Event)) {
        while let Some(king) = finished_run(&state.columns[i]) {
            let column = &mut state.columns[i];
            let keep = column.len() - 13;
            column.cards_mut().truncate(keep);
            state.removed.push(king);
            state.score = self.points.add(state.score, self.points.run);
            emit(Event::SetRemoved {
                pile: PileId(i as u8),
            });
            if state.columns[i].flip_last() {
                emit(Event::Flipped {
                    pile: PileId(i as u8),
                });
            }
        }
    }

    fn execute(&self, state: &mut SpiderState, plan: Plan, emit: &mut impl FnMut(Event)) {
        // A table that scores state, not actions, is settled once the whole step is done:
        // counting the links is a pass over the table, so only a table that scores them pays.
        let links_before = (self.points.link != 0).then(|| same_suit_links(state));
        self.carry_out(state, plan, emit);
        if let Some(before) = links_before {
            let change = same_suit_links(state) - before;
            state.score = self
                .points
                .add(state.score, self.points.link.saturating_mul(change));
        }
    }

    fn carry_out(&self, state: &mut SpiderState, plan: Plan, emit: &mut impl FnMut(Event)) {
        match plan {
            Plan::Move { from, index, to } => {
                let (source, target) = two_columns(&mut state.columns, from, to);
                let count = source.len() - index;
                target
                    .cards_mut()
                    .extend_from_slice(&source.cards()[index..]);
                source.cards_mut().truncate(index);
                emit(Event::Moved {
                    from: PileId(from as u8),
                    to: PileId(to as u8),
                    count: count as u16,
                });
                if source.flip_last() {
                    emit(Event::Flipped {
                        pile: PileId(from as u8),
                    });
                }
                state.score = self.points.add(state.score, self.points.moved);
                state.moves = state.moves.saturating_add(1);
                self.remove_runs(state, to, emit);
            }
            Plan::Deal { count } => {
                let start = state.stock.len() - count;
                for (column, &card) in state.columns.iter_mut().zip(&state.stock[start..]) {
                    column.cards_mut().push(card);
                }
                state.stock.truncate(start);
                state.deals_done += 1;
                emit(Event::Dealt {
                    from: self.stock_pile(),
                    count: count as u16,
                });
                state.score = self.points.add(state.score, self.points.dealt);
                state.moves = state.moves.saturating_add(1);
                for i in 0..count {
                    self.remove_runs(state, i, emit);
                }
            }
        }
    }

    /// Whether `action` is legal now.
    pub fn check_action(&self, state: &SpiderState, action: &Action) -> Result<(), RuleViolation> {
        self.plan(state, action).map(|_| ())
    }

    /// Plays `action` with its automatic follow-ups, reporting each event to `emit`; on a
    /// refusal `state` is unchanged.
    pub fn play_with(
        &self,
        state: &mut SpiderState,
        action: &Action,
        mut emit: impl FnMut(Event),
    ) -> Result<(), RuleViolation> {
        let plan = self.plan(state, action)?;
        self.execute(state, plan, &mut emit);
        Ok(())
    }

    /// Plays `action` without collecting events: the solver's and benchmarks' fast path.
    pub fn play(&self, state: &mut SpiderState, action: &Action) -> Result<(), RuleViolation> {
        self.play_with(state, action, |_| {})
    }

    /// Appends every legal action to `out`: each movable group onto each column that takes
    /// it, then the deal if allowed.
    pub fn legal_into(&self, state: &SpiderState, out: &mut Vec<Action>) {
        if self.won(state) || self.limit_reached(state) {
            return;
        }
        let n = state.columns.len().min(MAX_COLUMNS);
        // The rank each column's last card accepts on it: ANY for an empty column, NONE on an
        // Ace (SP-BUILD: nothing goes on an Ace).
        const ANY: u8 = 0;
        const NONE: u8 = u8::MAX;
        let mut wants = [NONE; MAX_COLUMNS];
        for (want, column) in wants.iter_mut().zip(&state.columns) {
            *want = match column.last().map(|c| c.rank().number()) {
                None => ANY,
                Some(1) => NONE,
                Some(r) => r - 1,
            };
        }
        for from in 0..n {
            let column = &state.columns[from];
            let cards = column.cards();
            if cards.is_empty() {
                continue;
            }
            let mut i = cards.len() - 1;
            loop {
                let rank = cards[i].rank().number();
                for (to, &want) in wants.iter().enumerate().take(n) {
                    if to != from && (want == ANY || want == rank) {
                        out.push(Action::Move {
                            from: PileId(from as u8),
                            index: i as u16,
                            to: PileId(to as u8),
                        });
                    }
                }
                if i <= column.face_down() || !self.links(cards[i - 1], cards[i]) {
                    break;
                }
                i -= 1;
            }
        }
        if self.next_deal(state).is_some() && self.columns_allow_deal(state) {
            out.push(Action::Deal {
                from: self.stock_pile(),
            });
        }
    }
}

/// Same-suit links in play: a face-up card lying on a face-up card of its suit one rank
/// higher. A removed run keeps its twelve, so finishing a run breaks none.
pub(crate) fn same_suit_links(state: &SpiderState) -> i64 {
    let on_table: usize = state
        .columns
        .iter()
        .map(|c| {
            c.face_up()
                .windows(2)
                .filter(|w| {
                    w[0].suit() == w[1].suit() && w[0].rank().number() == w[1].rank().number() + 1
                })
                .count()
        })
        .sum();
    (on_table + 12 * state.removed.len()) as i64
}

/// The King of the finished run at the end of `column`, if it ends with one: 13 face-up cards
/// of one suit from King down to Ace.
pub(crate) fn finished_run(column: &Column) -> Option<Card> {
    let cards = column.cards();
    let n = cards.len();
    if n < 13 || n - 13 < column.face_down() {
        return None;
    }
    let run = &cards[n - 13..];
    let suit = run[12].suit();
    let complete = run
        .iter()
        .enumerate()
        .all(|(i, c)| c.suit() == suit && c.rank().number() as usize == 13 - i);
    complete.then_some(run[0])
}
