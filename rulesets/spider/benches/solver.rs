//! The solver's speed: positions searched a second, whole solves of easy deals, honest hints,
//! and the exact dead-end check on positions from random play.
//!
//! `cargo bench -p felt-spider --bench solver -- --warm-up-time 1 --measurement-time 5`
//!
//! The win-rate and time-per-deal figures of the issue come from `felt solve --deals` (see
//! the README); these benchmarks pin the speed of the parts.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use felt_core::{Catalog, Origin, Ruleset, Setup};
use felt_spider::solver::glue::{position_of, random_endgames, rules_of};
use felt_spider::solver::{dead_end, hints, legal_moves, solve, Budget, Mode, Position, Verdict};
use felt_spider::SpiderRuleset;

fn ruleset(variant: &str, rules: &str) -> SpiderRuleset {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    let classic = include_str!("../../../config/scoring/classic.toml");
    catalog
        .add_scoring(Origin::BuiltIn("classic.toml".into()), "classic", classic)
        .expect("classic table");
    for text in [
        include_str!("../../../config/variants/spider-1suit.toml"),
        include_str!("../../../config/variants/spider-2suit.toml"),
        include_str!("../../../config/variants/spider-4suit.toml"),
    ] {
        catalog
            .add_variant(Origin::BuiltIn("bench".into()), text)
            .expect("variant");
    }
    let (entry, choice) = catalog.choose(variant, Some(rules)).expect("variant");
    SpiderRuleset::new(Setup {
        variant: &entry.variant,
        scoring: catalog.scoring("classic"),
        rules: choice,
    })
    .expect("builds")
}

fn search_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    for (variant, seed) in [("spider-1suit", 2u64), ("spider-4suit", 1)] {
        let r = ruleset(variant, "classic");
        let pos = position_of(&r, &r.new_game(seed));
        let rules = rules_of(&r);
        let states = 50_000;
        group.throughput(Throughput::Elements(states));
        group.bench_function(format!("search {states} states, {variant}"), |b| {
            b.iter(|| solve(black_box(&pos), &rules, Mode::Full, Budget::states(states)))
        });
    }
    // A deal the search does not decide within a second: 300,000 positions, where the table
    // and the stored positions have long outgrown the caches, as in the hard deals of issue 6.
    let r = ruleset("spider-4suit", "classic");
    let pos = position_of(&r, &r.new_game(125));
    let rules = rules_of(&r);
    let states = 300_000;
    group.sample_size(10);
    group.throughput(Throughput::Elements(states));
    group.bench_function(
        format!("search {states} states, spider-4suit deal 125"),
        |b| b.iter(|| solve(black_box(&pos), &rules, Mode::Full, Budget::states(states))),
    );
    group.finish();
}

fn whole_solves(c: &mut Criterion) {
    let r = ruleset("spider-1suit", "classic");
    let rules = rules_of(&r);
    // Deals the solver wins quickly, to time a whole answer including the line.
    let deals: Vec<Position> = (1..=40)
        .map(|s| position_of(&r, &r.new_game(s)))
        .filter(|p| {
            matches!(
                solve(p, &rules, Mode::Full, Budget::states(20_000)).verdict,
                Verdict::Won(_)
            )
        })
        .take(5)
        .collect();
    c.bench_function("solve 5 one-suit deals to a win", |b| {
        b.iter(|| {
            for p in &deals {
                black_box(solve(p, &rules, Mode::Full, Budget::states(20_000)));
            }
        })
    });
}

fn honest_hints(c: &mut Criterion) {
    let r = ruleset("spider-2suit", "classic");
    let rules = rules_of(&r);
    let pos = position_of(&r, &r.new_game(3));
    c.bench_function("honest hint, 20000 states, two suits", |b| {
        b.iter(|| hints(black_box(&pos), &rules, Budget::states(20_000)))
    });
}

fn dead_ends(c: &mut Criterion) {
    let r = ruleset("spider-4suit", "classic");
    let rules = rules_of(&r);
    let positions: Vec<Position> = (0..30)
        .flat_map(|seed| random_endgames(&r, seed, 20))
        .collect();
    let mut group = c.benchmark_group("dead end");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(
        format!("{} positions from random play", positions.len()),
        |b| {
            b.iter(|| {
                for p in &positions {
                    black_box(dead_end(p, &rules, Budget::states(u64::MAX)));
                }
            })
        },
    );
    group.finish();
}

fn apply_undo(c: &mut Criterion) {
    let r = ruleset("spider-4suit", "classic");
    let rules = rules_of(&r);
    let pos = position_of(&r, &r.new_game(9));
    let mut moves = Vec::new();
    legal_moves(&pos, &rules, &mut moves);
    let mut group = c.benchmark_group("position");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("apply + undo every legal move", |b| {
        b.iter_batched_ref(
            || pos.clone(),
            |p| {
                for &mv in &moves {
                    let u = p.apply(mv);
                    black_box(p.key(0));
                    p.undo(u);
                }
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(
    benches,
    search_speed,
    whole_solves,
    honest_hints,
    dead_ends,
    apply_undo
);
criterion_main!(benches);
