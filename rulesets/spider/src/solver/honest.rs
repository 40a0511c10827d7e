//! Honest play: hints and a bot that never see a hidden card.
//!
//! The position is masked first ([`Position::masked`]): every face-down card and every stock
//! card becomes [`super::UNKNOWN`], so nothing below can depend on one. Planning then searches
//! what is certain: the moves that follow from the visible cards. A card turned up in the
//! search stays unknown, and nothing is moved onto it or off it, but the search goes on past
//! it: a line is valued by the best table it can reach without knowing any hidden card, so the
//! planner prefers the turn that keeps other turns open over one that spends them. (Stopping
//! at the first turned card, as this planner first did, won 74 % of one-suit games; going on
//! past it wins over 90 %.) A line ends at a deal (scored with what the deal buries) or a win.
//!
//! Only the first part of a line is certain — up to its first turned card, where chance
//! enters — so that is the plan handed out; the player looks again once the card is seen. The
//! hint is the first move of the best plan; the next hints are the first moves of the best
//! plans that begin differently.
//!
//! Once the stock is empty the planner's few best plans are weighed once more ([`reorder`]):
//! the hidden cards the player knows are somewhere (the deck minus what is in sight) are dealt
//! at random into the hidden places several times, and the plan that keeps the most of those
//! worlds winnable is played. The answer depends only on the visible cards: swapping hidden
//! cards cannot change it (a test proves it).

use super::deadend::{dead_end, DeadEnd};
use super::eval::{score, Weights};
use super::moves::{deal_allowed, is_won, search_moves, shared_columns, starved, SolverMove};
use super::position::{suit, Position};
use super::search::{decode, encode};
use super::table::KeySet;
use super::UNKNOWN;
use super::{Budget, GroupRule, SolverRules};
use std::collections::BinaryHeap;

mod sampling;
pub use sampling::{reorder, Sampling};

/// Value of a line that wins: better than anything else.
const WIN: i32 = i32::MIN / 2;

/// Weight of an empty column in a plan's end. Lower than the full-information search gives it:
/// an honest plan cannot see what an empty column will be needed for, and spending one early
/// on a turned card lost more games than it won in the bot's trials.
const PLAN_EMPTY: i32 = 30;
/// Weight of each face-down card in a plan's end: turning cards up is what honest play is for.
/// It outweighs an off-suit build, so a card is worth turning even by building off suit;
/// weighed equal to one (60), as the full-information search weighs them, the bot won 240
/// four-suit deals of 2000, against 309 at 150 (and 2837 against 2850 one-suit deals of 3000).
const PLAN_DOWN: i32 = 150;
/// Weight of each off-suit build in a plan's end under classic rules, where such a build cannot
/// move on as a group: above the full-information search's 60 once a face-down card weighs
/// 150 (four-suit deals 1-2000: 309 won at 60, 344 at 100, 122 of 1000 at 150).
const PLAN_SUIT_BREAK: i32 = 100;
/// What a deal costs on top of the breaks it lays: dealing while a card can still be turned
/// gives away information for nothing, so it is the last resort.
const DEAL_PENALTY: i32 = 1000;
/// How many times the caller's positions the planner may visit when the deck has more than one
/// suit. With several suits a line must build in suit around off-suit cards, so the lines that
/// turn a card are longer and the planner's best-first search needs far more positions to find
/// them: at four suits, deals 1-300, the bot won 55 at 20,000 positions (the hint's budget),
/// 74 at 100,000 and 82 at 400,000, for about 15 ms of CPU a move. One suit gains nothing
/// measurable from a larger budget, so it keeps the caller's.
const MIXED_SUITS_FACTOR: u64 = 20;

/// A planned line and how good the best table it leads to looks (lower is better).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The certain moves: the last one turns a card, deals or wins.
    pub line: Vec<SolverMove>,
    /// The heuristic value of the best table reachable through this line.
    pub value: i32,
}

struct Node {
    parent: u32,
    mv: u32,
    first: u16,
}

/// The weights a plan's end is valued by under `rules`.
pub(crate) fn plan_weights(rules: &SolverRules) -> Weights {
    let base = Weights::for_rules(rules);
    Weights {
        empty: PLAN_EMPTY,
        down: PLAN_DOWN,
        hidden_column: 0,
        suit_break: match rules.group {
            GroupRule::Classic => PLAN_SUIT_BREAK,
            GroupRule::Relaxed => base.suit_break,
        },
        ..base
    }
}

/// Best lines found from `pos`, one per distinct first move, best first.
pub fn plans(pos: &Position, rules: &SolverRules, budget: Budget<'_>) -> Vec<Plan> {
    let w = plan_weights(rules);
    let found = plans_with(pos, rules, budget, &w);
    if !found.is_empty() || pos.rows_left() == 0 {
        return found;
    }
    // Nothing turns a card: the way on is a deal, which needs the empty columns filled, so
    // search again valuing filled columns.
    let fill = Weights {
        empty: -w.empty,
        ..w
    };
    plans_with(pos, rules, budget, &fill)
}

fn plans_with(pos: &Position, rules: &SolverRules, budget: Budget<'_>, w: &Weights) -> Vec<Plan> {
    let w = *w;
    let mut p = pos.masked();
    let mut best: Vec<Option<(i32, u32, Option<SolverMove>)>> = Vec::new();
    let mut firsts: Vec<SolverMove> = Vec::new();
    let mut nodes: Vec<Node> = vec![Node {
        parent: u32::MAX,
        mv: 0,
        first: u16::MAX,
    }];
    let mut packed: Vec<u32> = vec![0];
    let mut arena = Vec::new();
    let mut seen = KeySet::with_capacity(1 << 12);
    seen.insert(p.key(shared_columns(&p, true)));
    let mut open = BinaryHeap::new();
    open.push((0i32, 0u32));
    let mut moves = Vec::new();
    let root = p.clone();
    while let Some((_, id)) = open.pop() {
        if seen.len() as u64 >= budget.max_states {
            break;
        }
        if id != 0 {
            let n = &nodes[id as usize];
            p.unpack(&arena[packed[n.parent as usize] as usize..]);
            p.apply(decode(n.mv));
        } else {
            p = root.clone();
        }
        packed[id as usize] = arena.len() as u32;
        p.pack(&mut arena);
        let first_of = |child_first: u16,
                        mv: SolverMove,
                        firsts: &mut Vec<SolverMove>,
                        best: &mut Vec<_>|
         -> u16 {
            if child_first != u16::MAX {
                return child_first;
            }
            firsts.push(mv);
            best.push(None);
            (firsts.len() - 1) as u16
        };
        let here_first = nodes[id as usize].first;
        if deal_allowed(&p, rules) {
            // A deal ends the line: score the table before it, plus what burying costs.
            let f = first_of(here_first, SolverMove::Deal, &mut firsts, &mut best);
            let v = score(&p, &w) + deal_cost(&p, &w);
            offer(&mut best[f as usize], v, id, Some(SolverMove::Deal));
        }
        moves.clear();
        search_moves(&p, rules, shared_columns(&p, true), &mut moves);
        for &mv in &moves {
            if mv == SolverMove::Deal {
                continue;
            }
            let u = p.apply(mv);
            // A run removed too early can leave fewer cards than columns while the stock
            // still holds some: no deal can follow, so the line is lost whatever it turns.
            if starved(&p, rules) {
                p.undo(u);
                continue;
            }
            let key = p.key(shared_columns(&p, true));
            if !seen.insert(key) {
                p.undo(u);
                continue;
            }
            let f = first_of(here_first, mv, &mut firsts, &mut best);
            if is_won(&p, rules) {
                offer(&mut best[f as usize], WIN, id, Some(mv));
            } else {
                if u.flipped != 0 {
                    offer(&mut best[f as usize], score(&p, &w), id, Some(mv));
                }
                // Past a turned card too: the card stays unknown, but what the other columns
                // can still do does not depend on it.
                let child = nodes.len() as u32;
                nodes.push(Node {
                    parent: id,
                    mv: encode(mv),
                    first: f,
                });
                packed.push(u32::MAX);
                open.push((-score(&p, &w), child));
            }
            p.undo(u);
        }
    }
    let mut out: Vec<Plan> = best
        .iter()
        .filter_map(|b| {
            b.map(|(value, at, last)| {
                let mut line: Vec<SolverMove> = last.into_iter().collect();
                let mut i = at;
                while nodes[i as usize].parent != u32::MAX {
                    line.push(decode(nodes[i as usize].mv));
                    i = nodes[i as usize].parent;
                }
                line.reverse();
                Plan {
                    line: certain_part(&root, line),
                    value,
                }
            })
        })
        .collect();
    out.sort_by_key(|p| p.value);
    out
}

/// `line` up to and including its first move that turns a card or deals: what comes after
/// depends on the card turned.
fn certain_part(root: &Position, mut line: Vec<SolverMove>) -> Vec<SolverMove> {
    let mut p = root.clone();
    for (i, &mv) in line.iter().enumerate() {
        if mv == SolverMove::Deal || p.apply(mv).flipped != 0 {
            line.truncate(i + 1);
            break;
        }
    }
    line
}

fn offer(
    slot: &mut Option<(i32, u32, Option<SolverMove>)>,
    v: i32,
    at: u32,
    last: Option<SolverMove>,
) {
    if slot.is_none_or(|(old, _, _)| v < old) {
        *slot = Some((v, at, last));
    }
}

/// What dealing costs beyond the cards it moves out of the stock: each dealt card lands as a
/// likely break on a column.
fn deal_cost(p: &Position, w: &Weights) -> i32 {
    let k = p.rows_left_sizes().first().copied().unwrap_or(0) as i32;
    k * w.rank_break + DEAL_PENALTY
}

/// The `rank`-th best honest move (0 = best), or `None` when nothing helps.
pub fn hint(
    pos: &Position,
    rules: &SolverRules,
    rank: usize,
    budget: Budget<'_>,
) -> Option<SolverMove> {
    hints(pos, rules, budget).into_iter().nth(rank)
}

/// The planner's [`plans`], the best of them weighed against sampled hidden cards
/// ([`reorder`] with the default [`Sampling`]): what the hint offers and the bot plays. With
/// more than one suit the planner visits [`MIXED_SUITS_FACTOR`] times `budget`'s positions.
///
/// When the planner finds nothing within its budget, the exact dead-end check is asked for a
/// way out (it is honest too: it never reads a hidden card): a line that still turns a card
/// or finishes a run is a plan, and giving up while one exists loses a game that is not over.
pub fn best_plans(pos: &Position, rules: &SolverRules, budget: Budget<'_>) -> Vec<Plan> {
    let budget = planning_budget(pos, budget);
    let found = plans(pos, rules, budget);
    if !found.is_empty() || is_won(pos, rules) {
        return reorder(pos, rules, found, &Sampling::default());
    }
    match dead_end(pos, rules, budget) {
        DeadEnd::NotStuck { line, .. } if !line.is_empty() => vec![Plan { line, value: 0 }],
        _ => Vec::new(),
    }
}

/// The budget the planner searches with: `budget`, with [`MIXED_SUITS_FACTOR`] times its
/// positions when the deck has more than one suit. The suits are read from the visible cards
/// and the multiset of the hidden ones, which a player knows from the variant: never from where
/// a hidden card lies.
fn planning_budget<'a>(pos: &Position, budget: Budget<'a>) -> Budget<'a> {
    if suits_in_deck(pos) <= 1 {
        return budget;
    }
    Budget {
        max_states: budget.max_states.saturating_mul(MIXED_SUITS_FACTOR),
        ..budget
    }
}

/// How many suits the cards of `pos` show, its hidden cards counted as a multiset (an unknown
/// card counts none).
fn suits_in_deck(pos: &Position) -> usize {
    let mut seen = [false; 4];
    let visible = (0..pos.columns()).flat_map(|c| pos.column(c)[pos.face_down(c)..].iter());
    for &b in visible.chain(pos.hidden_cards().iter()) {
        if b != UNKNOWN {
            seen[usize::from(suit(b) >> 4)] = true;
        }
    }
    seen.iter().filter(|&&s| s).count()
}

/// Every honest first move worth making, best first.
pub fn hints(pos: &Position, rules: &SolverRules, budget: Budget<'_>) -> Vec<SolverMove> {
    best_plans(pos, rules, budget)
        .into_iter()
        .filter_map(|p| p.line.first().copied())
        .collect()
}

/// The result of one game played by the honest bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Whether the bot won.
    pub won: bool,
    /// Every move it made.
    pub moves: Vec<SolverMove>,
}

/// Plays `pos` to the end with honest plans: each plan is computed on the masked position and
/// played out (up to a turned card or a deal), then the bot looks again. `full` is the
/// real position, whose hidden cards only the table itself reveals as they turn.
pub fn autoplay(full: &Position, rules: &SolverRules, per_plan: u64, max_moves: usize) -> Played {
    let mut pos = full.clone();
    let mut moves = Vec::new();
    while !is_won(&pos, rules) && moves.len() < max_moves {
        let plan = best_plans(&pos, rules, Budget::states(per_plan))
            .into_iter()
            .next();
        let Some(plan) = plan else { break };
        for mv in plan.line {
            pos.apply(mv);
            moves.push(mv);
        }
    }
    Played {
        won: is_won(&pos, rules),
        moves,
    }
}
