//! The games the engine ships (`VARIANTS`): each file loads through a catalog as the host
//! loads it, builds, deals whole packs, plays random legal actions to the end keeping every
//! card, stays short, and has its rules page citing only rule ids the shared page defines.

use felt_core::{Action, Card, Ruleset, Status};
use felt_engine::variants::{SCORING, VARIANTS};
use felt_engine::{Engine, EngineFactory, Game};
use felt_patience::testing::{catalog, defined_rule_ids, rule_ids};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

fn stem(file: &str) -> &str {
    file.strip_suffix(".toml").unwrap_or(file)
}

/// The engine for a shipped file's `[game]` table, with its typed state to count cards in.
fn engine_of(file: &str, text: &str) -> Engine {
    let table: toml::Table = text.parse().unwrap_or_else(|e| panic!("{file}: {e}"));
    let game = table
        .get("game")
        .and_then(toml::Value::as_table)
        .unwrap_or_else(|| panic!("{file}: no [game] table"));
    let game = Game::read(game).unwrap_or_else(|e| panic!("{file}: {}", e.message));
    Engine::for_game(game, None).unwrap_or_else(|e| panic!("{file}: {}", e.message))
}

fn docs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs")
}

/// A small generator of picks, so every run plays the same games.
struct Picks(u64);

impl Picks {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as usize
    }
}

#[test]
fn at_least_forty_games_ship_each_with_an_id_of_its_own() {
    assert!(VARIANTS.len() >= 40, "{} games", VARIANTS.len());
    let ids: BTreeSet<&str> = VARIANTS.iter().map(|(f, _)| stem(f)).collect();
    assert_eq!(ids.len(), VARIANTS.len());
}

#[test]
fn every_shipped_file_loads_through_a_catalog_and_builds() {
    let catalog = catalog(Arc::new(EngineFactory), SCORING, VARIANTS);
    assert!(catalog.errors().is_empty(), "{:?}", catalog.errors());
    for (file, _) in VARIANTS {
        let id = stem(file);
        let entry = catalog
            .get(id)
            .unwrap_or_else(|| panic!("{id} is not in the catalog"));
        assert_eq!(entry.variant.ruleset, "patience", "{id}");
        assert!(entry.variant.code.starts_with("PA-"), "{id}");
        let ruleset = catalog
            .build(id, None)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let state = ruleset.new_game(1);
        assert_eq!(ruleset.status(&state), Status::Playing, "{id}");
    }
}

#[test]
fn every_shipped_game_deals_each_card_once_and_plays_to_the_end_keeping_them() {
    for (file, text) in VARIANTS {
        let engine = engine_of(file, text);
        let pack = sorted(engine.play().game.deck().cards());
        for seed in 1..=20u64 {
            let mut state = engine.new_game(seed);
            assert_eq!(sorted(state.all_cards()), pack, "{file} deal {seed}");
            let mut picks = Picks(seed * 0x9E37_79B9 + 1);
            let mut legal: Vec<Action> = Vec::new();
            for step in 0..300 {
                legal.clear();
                engine.legal_actions(&state, &mut legal);
                if legal.is_empty() {
                    assert_ne!(
                        engine.status(&state),
                        Status::Playing,
                        "{file} deal {seed}: stuck but playing"
                    );
                    break;
                }
                let action = &legal[picks.next() % legal.len()];
                engine.apply(&mut state, action).unwrap_or_else(|e| {
                    panic!("{file} deal {seed} step {step}: legal {action} refused: {e}")
                });
                assert_eq!(
                    sorted(state.all_cards()),
                    pack,
                    "{file} deal {seed} step {step}: after {action}"
                );
                if matches!(engine.status(&state), Status::Won { .. }) {
                    break;
                }
            }
        }
    }
}

#[test]
fn every_shipped_file_is_short() {
    for (file, text) in VARIANTS {
        let most = if *file == "yukon.toml" { 15 } else { 25 };
        let lines = text.lines().count();
        assert!(lines <= most, "{file}: {lines} lines, at most {most}");
        assert!(
            text.starts_with('#') && text.contains(&format!("docs/rules/{}.md", stem(file))),
            "{file}: its first line names its rules page"
        );
    }
}

#[test]
fn every_shipped_game_has_a_rules_page_citing_only_defined_rule_ids() {
    let shared =
        std::fs::read_to_string(docs().join("rules/patience.md")).expect("docs/rules/patience.md");
    let defined = defined_rule_ids(&shared);
    assert!(defined.contains("PA-BUILD"), "{defined:?}");
    let cited_by_code = rule_ids(&shared, "PA-");
    let undefined: Vec<&String> = cited_by_code.difference(&defined).collect();
    assert!(undefined.is_empty(), "patience.md cites {undefined:?}");
    let codes: BTreeSet<String> = VARIANTS
        .iter()
        .filter_map(|(_, text)| {
            let table: toml::Table = text.parse().ok()?;
            Some(table.get("code")?.as_str()?.to_string())
        })
        .collect();
    for (file, _) in VARIANTS {
        let id = stem(file);
        let path = docs().join(format!("rules/{id}.md"));
        let page = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{id}: no docs/rules/{id}.md"));
        assert!(
            page.contains(&format!("rulesets/engine/variants/{file}")),
            "{id}: its page names its variant file"
        );
        let cited = rule_ids(&page, "PA-");
        assert!(!cited.is_empty(), "{id}: its page tags no rule");
        for rule in cited.difference(&codes) {
            assert!(
                defined.contains(rule),
                "{id}: cites {rule}, which docs/rules/patience.md does not define"
            );
        }
    }
}

fn shipped(id: &str) -> Engine {
    let file = format!("{id}.toml");
    let (_, text) = VARIANTS
        .iter()
        .find(|(f, _)| *f == file)
        .unwrap_or_else(|| panic!("{id} is not shipped"));
    engine_of(&file, text)
}

#[test]
fn the_shipped_klondike_deals_what_the_klondike_crate_deals() {
    let engine = shipped("patience-klondike");
    let crate_game = felt_klondike::Klondike::with_params(felt_klondike::Params::default(), None);
    for seed in 1..=50 {
        let ours = engine.play().game.deal(seed);
        let theirs = crate_game.deal(seed);
        for (a, b) in ours.columns.iter().zip(&theirs.columns) {
            assert_eq!((&a.cards, a.down), (&b.cards, b.down), "seed {seed}");
        }
        assert_eq!(ours.stock, theirs.stock, "seed {seed}");
    }
}

#[test]
fn the_shipped_scorpion_deals_what_the_template_deals() {
    let engine = shipped("patience-scorpion");
    let (_, text) = template_scorpion::VARIANTS[0];
    let variant: felt_core::Variant = toml::from_str(text).expect("the template's variant");
    let rules = felt_core::RuleChoice {
        id: "standard".into(),
        letter: 'S',
        name: "Standard".into(),
        description: String::new(),
    };
    let template = template_scorpion::Game::new(felt_core::Setup {
        variant: &variant,
        scoring: None,
        rules: &rules,
    })
    .expect("builds");
    for seed in 1..=50 {
        let ours = engine.play().game.deal(seed);
        let theirs = template.new_game(seed);
        for (a, b) in ours.columns.iter().zip(&theirs.columns) {
            assert_eq!((&a.cards, a.down), (&b.cards, b.down), "seed {seed}");
        }
        assert_eq!(ours.stock, theirs.stock, "seed {seed}");
    }
}

#[test]
fn the_game_codes_page_lists_every_shipped_game_with_its_code() {
    let catalog = catalog(Arc::new(EngineFactory), SCORING, VARIANTS);
    let page = std::fs::read_to_string(docs().join("game-codes.md")).expect("docs/game-codes.md");
    felt_patience::testing::assert_game_codes_table(
        &catalog,
        &page,
        "## The patience engine",
        VARIANTS.len(),
    );
}
