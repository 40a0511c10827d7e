//! Spider's hot paths: legal action generation, apply + restore (the undo snapshot's
//! `clone_from`), and random playouts.
//!
//! `cargo bench -p felt-spider -- --warm-up-time 1 --measurement-time 3`

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use felt_core::{Action, Catalog, Origin, Ruleset, Setup, Status};
use felt_spider::{SpiderRuleset, SpiderState};

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

/// A tiny xorshift, so the benchmark's walk is the same on every run.
struct Walk(u64);

impl Walk {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random legal actions from `state` until the game ends, nothing is legal, or `cap`
/// actions; returns how many were played.
fn playout(
    r: &SpiderRuleset,
    state: &mut SpiderState,
    legal: &mut Vec<Action>,
    walk: &mut Walk,
    cap: usize,
) -> usize {
    for played in 0..cap {
        legal.clear();
        r.legal_into(state, legal);
        if legal.is_empty() || r.status_of(state) != Status::Playing {
            return played;
        }
        let pick = walk.next(legal.len());
        // Legal by construction: the list was just generated for this state.
        let _ = r.play(state, &legal[pick]);
    }
    cap
}

/// Positions met along a few random games, for the per-position benchmarks.
fn sample_positions(r: &SpiderRuleset) -> Vec<SpiderState> {
    let mut positions = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..8 {
        let mut walk = Walk(seed * 2 + 1);
        let mut s = r.new_game(seed);
        for _ in 0..8 {
            positions.push(s.clone());
            playout(r, &mut s, &mut legal, &mut walk, 25);
        }
    }
    positions
}

fn benches(c: &mut Criterion) {
    for (variant, rules) in [("spider-4suit", "classic"), ("spider-1suit", "classic")] {
        let r = ruleset(variant, rules);
        let positions = sample_positions(&r);
        let mut actions: Vec<(usize, Action)> = Vec::new();
        let mut legal = Vec::new();
        for (i, s) in positions.iter().enumerate() {
            legal.clear();
            r.legal_into(s, &mut legal);
            actions.extend(legal.iter().cloned().map(|a| (i, a)));
        }

        let mut group = c.benchmark_group(format!("{variant}-{rules}"));
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function("legal_actions (per position)", |b| {
            let mut out = Vec::with_capacity(256);
            b.iter(|| {
                let mut total = 0;
                for s in &positions {
                    out.clear();
                    r.legal_into(black_box(s), &mut out);
                    total += out.len();
                }
                total
            })
        });

        group.throughput(Throughput::Elements(actions.len() as u64));
        group.bench_function("apply + restore by clone_from (per action)", |b| {
            let mut scratch = positions[0].clone();
            b.iter(|| {
                for (i, action) in &actions {
                    scratch.clone_from(&positions[*i]);
                    let _ = r.play(&mut scratch, black_box(action));
                }
                scratch.moves()
            })
        });
        group.bench_function(
            "apply with events via the Ruleset trait + restore (per action)",
            |b| {
                let mut scratch = positions[0].clone();
                b.iter(|| {
                    let mut events = 0;
                    for (i, action) in &actions {
                        scratch.clone_from(&positions[*i]);
                        events += Ruleset::apply(&r, &mut scratch, black_box(action))
                            .map_or(0, |e| e.len());
                    }
                    events
                })
            },
        );

        // One playout: a new deal, then random legal actions until the game ends or 1,000.
        let mut probe_legal = Vec::new();
        let mut probe_walk = Walk(99);
        let probe: usize = (0..20)
            .map(|seed| {
                playout(
                    &r,
                    &mut r.new_game(seed),
                    &mut probe_legal,
                    &mut probe_walk,
                    1000,
                )
            })
            .sum();
        eprintln!("{variant}: random playouts average {} actions", probe / 20);
        group.throughput(Throughput::Elements(1));
        group.bench_function("random playout (per game, up to 1,000 actions)", |b| {
            let mut seed = 0;
            let mut walk = Walk(7);
            let mut legal = Vec::with_capacity(256);
            b.iter_batched_ref(
                || {
                    seed += 1;
                    r.new_game(seed)
                },
                |s| playout(&r, s, &mut legal, &mut walk, 1000),
                BatchSize::SmallInput,
            )
        });
        group.finish();
    }
}

criterion_group!(spider, benches);
criterion_main!(spider);
