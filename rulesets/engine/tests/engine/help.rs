//! The help's rules text is written from each game's own settings: every shipped game gets
//! one, and it says the rules that make the game itself.

use felt_core::{Origin, Ruleset};
use felt_engine::variants::VARIANTS;
use felt_engine::Engine;

/// The help paragraphs of the shipped game `id`.
fn help(id: &str) -> String {
    let (_, text) = VARIANTS
        .iter()
        .find(|(name, _)| name.strip_suffix(".toml") == Some(id))
        .unwrap_or_else(|| panic!("no shipped {id}"));
    let variant = felt_core::variant::parse_variant(&Origin::Plugin(id.into()), text)
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    let game = felt_engine::Game::read(&variant.game).unwrap_or_else(|e| panic!("{e:?}"));
    Engine::for_game(game, None)
        .expect("builds")
        .info()
        .help
        .join("\n")
}

#[test]
fn each_game_s_help_says_what_makes_it_itself() {
    for (id, says) in [
        (
            "canfield",
            "A reserve of 13 cards, only its top card in play.",
        ),
        (
            "canfield",
            "start from the rank of the first card dealt to them",
        ),
        ("citadel", "goes up as it is dealt"),
        (
            "patience-thoughtful",
            "Every card is in view, the stock's too",
        ),
        ("simple-simon", "leaves the table at once"),
        ("patience-freecell", "4 free cells, each holding one card"),
        (
            "patience-freecell",
            "as long as the free cells and empty columns could carry it",
        ),
        ("yukon", "Any face-up card moves, with every card on it."),
        ("yukon", "Only a King goes to an empty column."),
        (
            "golf",
            "The stock deals one card at a time to the foundation.",
        ),
        (
            "patience-scorpion",
            "every column holds one suit from the King down to the Ace",
        ),
        ("bakers-dozen", "Kings dealt face up go under"),
        ("beleaguered-castle", "start with an Ace each, dealt up"),
    ] {
        let text = help(id);
        assert!(text.contains(says), "{id}: {says:?} not in\n{text}");
    }
    for (name, _) in VARIANTS {
        let id = name.trim_end_matches(".toml");
        assert!(help(id).lines().count() >= 4, "{id}");
    }
}
