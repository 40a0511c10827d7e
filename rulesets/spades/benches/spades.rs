//! Benchmarks: one call through the plugin ABI versus the same call direct (goal ≤ 3×), and a
//! complete bot game to 500 (goal ≤ 0.5 s).
//!
//! `cargo bench -p felt-spades`. The ABI side goes through the real table of this crate's
//! `felt_plugin_entry` (frames, JSON, the C calls and the reply's free), as a loaded library
//! would; only `dlopen` is skipped, which costs nothing per call.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use felt_abi::{Plugin, PluginFactory};
use felt_core::variant::parse_variant;
use felt_core::{
    Action, AnalyzeRequest, DynRuleset, GameState, Origin, RulesetFactory, Seat, Setup,
};
use felt_spades::game::Phase;
use felt_spades::{Spades, SpadesFactory};
use std::sync::Arc;

fn build(factory: &dyn RulesetFactory) -> Arc<dyn DynRuleset> {
    let (name, text) = &factory.bundled_variants()[0];
    let variant =
        parse_variant(&Origin::Plugin(name.clone()), text).expect("bundled variant parses");
    let rules = factory.rule_choices()[0].clone();
    factory
        .build(Setup {
            variant: &variant,
            scoring: None,
            rules: &rules,
        })
        .expect("builds")
}

/// South's actions from the deal of seed 2024 to a position in the first hand where South
/// leads a trick, so that `apply` (South's card) includes the three computer seats'
/// Monte-Carlo replies: a player's real step.
fn actions_to_a_lead() -> Vec<Action> {
    let spades = Spades::with_params(felt_spades::Params::default());
    let mut state = felt_core::Ruleset::new_game(&spades, 2024);
    let mut actions = Vec::new();
    while !(state.phase == Phase::Playing
        && state.tricks_played >= 1
        && state.trick.iter().all(Option::is_none))
    {
        let action = Spades::action_for(&state, spades.decide(&state, 0));
        felt_core::Ruleset::apply(&spades, &mut state, &action).expect("the bot plays legally");
        actions.push(action);
    }
    actions
}

fn midgame(ruleset: &dyn DynRuleset) -> GameState {
    let mut state = ruleset.new_game(2024);
    for action in actions_to_a_lead() {
        ruleset.apply(&mut state, &action).expect("replays");
    }
    state
}

fn abi_vs_direct(c: &mut Criterion) {
    let direct = build(&SpadesFactory);
    // SAFETY: this crate's own entry point follows the ABI.
    let plugin = unsafe { Plugin::from_entry("spades", None, felt_spades::felt_plugin_entry) }
        .expect("loads");
    let abi = build(&PluginFactory::new(plugin));
    for (name, ruleset) in [("direct", &direct), ("abi", &abi)] {
        let state = midgame(ruleset.as_ref());
        let legal = ruleset.legal_actions(&state);
        let action = legal
            .first()
            .cloned()
            .unwrap_or(Action::Choose { option: 1 });
        c.bench_function(&format!("view/{name}"), |b| {
            b.iter(|| ruleset.view(&state, Seat(0)))
        });
        c.bench_function(&format!("legal_actions/{name}"), |b| {
            b.iter(|| ruleset.legal_actions(&state))
        });
        c.bench_function(&format!("check/{name}"), |b| {
            b.iter(|| ruleset.check(&state, &action))
        });
        c.bench_function(&format!("status/{name}"), |b| {
            b.iter(|| ruleset.status(&state))
        });
        c.bench_function(&format!("apply/{name}"), |b| {
            b.iter_batched(
                || state.clone(),
                |mut s| ruleset.apply(&mut s, &action),
                BatchSize::SmallInput,
            )
        });
    }
}

/// A whole first hand through one trait object: South's bids and cards by the hint (a
/// Monte-Carlo search), every apply with the computer seats' replies, and a view after each
/// step, as the terminal would draw it.
fn play_hand(ruleset: &dyn DynRuleset, seed: u64) -> usize {
    let mut state = ruleset.new_game(seed);
    let hint = AnalyzeRequest::Hint {
        rank: 0,
        budget: felt_core::Budget::states(0),
    };
    let mut steps = 0;
    while ruleset
        .view(&state, Seat(0))
        .prompt
        .is_none_or(|p| p.options.len() > 1)
    {
        let Some(felt_core::Analysis::Hint {
            action: Some(a), ..
        }) = ruleset.analyze(&state, &hint)
        else {
            break;
        };
        ruleset.apply(&mut state, &a).expect("the hint is legal");
        steps += 1;
    }
    steps
}

fn hand(c: &mut Criterion) {
    let direct = build(&SpadesFactory);
    // SAFETY: this crate's own entry point follows the ABI.
    let plugin = unsafe { Plugin::from_entry("spades", None, felt_spades::felt_plugin_entry) }
        .expect("loads");
    let abi = build(&PluginFactory::new(plugin));
    let mut group = c.benchmark_group("hand");
    group.sample_size(10);
    for (name, ruleset) in [("direct", &direct), ("abi", &abi)] {
        group.bench_function(name, |b| b.iter(|| play_hand(ruleset.as_ref(), 77)));
    }
    group.finish();
}

fn bot_game(c: &mut Criterion) {
    let spades = Spades::with_params(felt_spades::Params::default());
    let mut group = c.benchmark_group("game");
    group.sample_size(10);
    let mut seed = 0;
    group.bench_function("bots_to_500", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = felt_core::Ruleset::new_game(&spades, seed);
            while state.phase != Phase::GameOver {
                let action = match state.phase {
                    Phase::HandOver => Action::Choose { option: 0 },
                    _ => Spades::action_for(&state, spades.decide(&state, 0)),
                };
                felt_core::Ruleset::apply(&spades, &mut state, &action).expect("bots play legally");
            }
            state.scores
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = abi_vs_direct, hand, bot_game
}
criterion_main!(benches);
