//! Following only `hint`, as a script would: the game goes to its end with no table repeated,
//! and it is the honest bot's game, move for move (one chooser: a hint is the move the bot
//! would play). Deals are Spider one suit from shuffle 3, the deal of the issue
//! (SP1-S1C-AAAAAAD); `FELT_HINT_DEALS` sets how many (default 1: a game by hints takes a few
//! seconds in a debug build).

use felt::catalog::builtin_catalog;
use felt_core::{Catalog, Seat, Session, Setup, Status};
use felt_headless::{Format, Headless};
use felt_spider::solver::glue::{actions_of, position_of, rules_of};
use felt_spider::solver::honest::autoplay;
use felt_spider::{SpiderRuleset, SpiderState};
use std::collections::HashSet;

const VARIANT: &str = "spider-1suit";

fn deals() -> u64 {
    std::env::var("FELT_HINT_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

/// The typed ruleset the bot plays, built as the catalog builds the host's.
fn typed(catalog: &Catalog) -> SpiderRuleset {
    let (entry, choice) = catalog.choose(VARIANT, None).expect("built-in variant");
    let scoring = entry
        .variant
        .scoring
        .as_deref()
        .and_then(|id| catalog.scoring(id));
    SpiderRuleset::new(Setup {
        variant: &entry.variant,
        scoring,
        rules: choice,
    })
    .expect("the variant builds")
}

fn game(catalog: &Catalog, shuffle: u64) -> Headless {
    let ruleset = catalog.build(VARIANT, None).expect("built-in variant");
    let code = catalog.code_for(VARIANT, None, shuffle).expect("code");
    let label = code.to_string();
    Headless::new(Session::new(ruleset, code, 100), Seat::SOLO, label)
}

#[test]
fn following_hints_ends_the_game_with_no_table_repeated_and_plays_the_bots_game() {
    let catalog = builtin_catalog();
    let spider = typed(&catalog);
    for shuffle in 3..3 + deals() {
        let mut headless = game(&catalog, shuffle);
        let start = position_of(
            &spider,
            &SpiderState::clone(
                headless
                    .session()
                    .state()
                    .downcast_ref()
                    .expect("a Spider state"),
            ),
        );
        let mut asked = 0;
        while headless.session().status() == Status::Playing && asked < 3_000 {
            asked += 1;
            let hint = headless.handle("hint");
            assert!(hint.ok, "{}", hint.render(Format::Text));
            let command = hint.message.clone().unwrap_or_default();
            if command == "no helpful move found" {
                break;
            }
            // The answer is a command: typed back in, it plays the hint.
            let played = headless.handle(&command);
            assert!(played.ok, "deal {shuffle}: '{command}' refused: {played:?}");
        }
        let session = headless.session();
        let distinct: HashSet<u64> = session.tables().iter().copied().collect();
        assert_eq!(
            distinct.len(),
            session.tables().len(),
            "deal {shuffle}: a table came back"
        );
        let bot = autoplay(&start, &rules_of(&spider), felt_core::HINT_STATES, 5_000);
        assert_eq!(
            session.log(),
            actions_of(&spider, &start, &bot.moves).as_slice(),
            "deal {shuffle}: hints and the bot played different games"
        );
        assert_eq!(
            session.status()
                == Status::Won {
                    winner: String::new()
                },
            bot.won
        );
        assert!(
            session.status() != Status::Playing
                || headless.handle("hint").message.as_deref() == Some("no helpful move found"),
            "deal {shuffle}: the game stopped with a hint left"
        );
    }
}

#[test]
fn a_json_hint_carries_the_rest_of_its_plan() {
    let catalog = builtin_catalog();
    let mut headless = game(&catalog, 3);
    let answer = headless.handle("hint");
    let json: serde_json::Value =
        serde_json::from_str(&answer.render(Format::Json)).expect("one JSON object");
    assert_eq!(json["ok"], true);
    assert_eq!(json["actions"].as_array().map(Vec::len), Some(1));
    assert!(json.get("then").is_some_and(|t| t.is_array()), "{json}");
}
