//! Every shipped variant, under every rules choice it offers, played by random legal actions
//! through the host's session to its end, with every card accounted for at every step.

use crate::common::*;
use felt_core::{Card, Seat, Session, Status};

/// A small deterministic generator (SplitMix64): the same games on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// How a random game ended.
#[derive(Debug, PartialEq, Eq)]
enum End {
    /// Won or stopped: the ruleset said so.
    Status(Status),
    /// No legal action left.
    Stuck,
    /// The stock dealt out and `AFTER_STOCK` more actions made: moving cards back and forth
    /// between columns could go on forever, so the test stops there. Never for a variant with
    /// a move limit: that one must end by its rules.
    Wandering,
}

const AFTER_STOCK: usize = 300;
/// Deal once this many actions have passed since the last deal, so every stock empties.
const DEAL_EVERY: usize = 40;

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

/// Plays `variant` under `rules` from shuffle `seed` to its end.
fn play_out(variant: &str, rules: &str, seed: u64) -> (End, u32) {
    play_out_in(&catalog(), variant, rules, seed)
}

/// [`play_out`] with a variant of `catalog`.
fn play_out_in(catalog: &felt_core::Catalog, variant: &str, rules: &str, seed: u64) -> (End, u32) {
    let typed = typed_in(catalog, variant, rules);
    let endless = typed.params().move_limit.is_none();
    let deck = sorted(typed.params().deck.cards());
    let code = catalog
        .code_for(variant, Some(rules), seed)
        .expect("a code");
    let ruleset = catalog
        .build(variant, Some(rules))
        .expect("the variant builds");
    let mut game = Session::new(ruleset, code, 100);
    let mut rng = Rng(seed ^ 0x5eed);
    let (mut since_deal, mut since_stock) = (0, 0);
    loop {
        let state = state_of(&game);
        let context = || {
            format!(
                "{variant} {rules} seed {seed} after {} moves",
                state.moves()
            )
        };
        assert_eq!(sorted(state.all_cards()), deck, "SP-DECK: {}", context());
        for column in state.columns() {
            // SP-FLIP: the last card of a column is always face up.
            assert!(
                column.is_empty() || column.face_down() < column.len(),
                "{}",
                context()
            );
        }
        let view = game.view(Seat::SOLO);
        let hidden = view
            .piles
            .iter()
            .flat_map(|p| &p.cards)
            .filter(|c| c.card().is_none());
        let down: usize = state.columns().iter().map(|c| c.face_down()).sum();
        assert_eq!(hidden.count(), down + state.stock().len(), "{}", context());
        let status = game.status();
        if status != Status::Playing {
            return (End::Status(status), state.moves());
        }
        let legal = game.legal_actions();
        if legal.is_empty() {
            return (End::Stuck, state.moves());
        }
        if endless && state.stock().is_empty() {
            since_stock += 1;
            if since_stock > AFTER_STOCK {
                return (End::Wandering, state.moves());
            }
        }
        let deal = legal
            .iter()
            .find(|a| matches!(a, felt_core::Action::Deal { .. }));
        let action = match deal {
            Some(d) if since_deal >= DEAL_EVERY => d.clone(),
            _ => legal[rng.below(legal.len())].clone(),
        };
        since_deal = if matches!(action, felt_core::Action::Deal { .. }) {
            0
        } else {
            since_deal + 1
        };
        game.act(&action)
            .unwrap_or_else(|e| panic!("{variant} {rules}: listed action {action} refused: {e}"));
    }
}

#[test]
fn every_shipped_variant_plays_to_its_end_with_every_card_kept() {
    let catalog = catalog();
    let mut games = 0;
    for id in shipped_ids() {
        let entry = catalog.get(&id).expect("shipped variant loads");
        let limit = typed_in(&catalog, &id, &entry.rules[0].id)
            .params()
            .move_limit;
        for choice in &entry.rules {
            for seed in [1, 20_260_101] {
                let (end, moves) = play_out(&id, &choice.id, seed);
                games += 1;
                if let Some(limit) = limit {
                    // A variant with a move limit always ends by the rules: won, stopped or stuck.
                    assert_ne!(end, End::Wandering, "{id} seed {seed}");
                    assert!(
                        moves <= limit,
                        "{id}: {moves} moves past the limit of {limit}"
                    );
                }
            }
        }
    }
    assert!(games >= 2 * shipped_ids().len());
}

#[test]
fn the_site_limit_ends_a_long_random_game() {
    // SITE-LIMIT in play: one-suit games under random moves rarely get stuck, so they run
    // into the limit; at least one of a few seeds must stop there, at exactly 3,000. The Site
    // would end most of them earlier at a dead end (SITE-DEADEND), so that rule is switched
    // off here to reach the limit.
    let site = shipped("variants")
        .into_iter()
        .find(|(name, _)| name == "spider-site-1suit.toml")
        .expect("the Site's one-suit game ships")
        .1
        .replace("id = \"spider-site-1suit\"", "id = \"site-no-dead-end\"")
        .replace("code = \"SPS-S1\"", "code = \"SPX-S1\"")
        .replace("dead_end = true", "dead_end = false");
    let catalog = catalog_with(&[&site]);
    let stopped = (0..6u64)
        .map(|seed| play_out_in(&catalog, "site-no-dead-end", "classic", seed))
        .any(|(end, moves)| matches!(end, End::Status(Status::Over { .. })) && moves == 3000);
    assert!(stopped, "no random game reached the 3,000-move stop");
}

#[test]
fn random_site_games_end_at_a_dead_end_and_say_so() {
    // SITE-DEADEND in play: "the game is over without a win, and the player is told so".
    // Random moves leave one-suit games stuck long before 3,000 moves.
    let ends: Vec<(End, u32)> = (0..6u64)
        .map(|seed| play_out("spider-site-1suit", "classic", seed))
        .collect();
    let dead_ends = ends
        .iter()
        .filter(|(end, moves)| {
            *moves < 3000
                && matches!(end, End::Status(Status::Over { reason }) if reason.contains("turn up another card"))
        })
        .count();
    assert!(
        dead_ends > 0,
        "no random game stopped at a dead end: {ends:?}"
    );
}
