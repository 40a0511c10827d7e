//! The games the engine ships: each a variant file in `rulesets/engine/variants/`, with its
//! rules page in `docs/rules/`. Adding a game is adding a file here; no Rust of its own.

/// The variant files the plugin ships, as `(file name, TOML text)`.
pub const VARIANTS: &[(&str, &str)] = &[
    ("yukon.toml", include_str!("../variants/yukon.toml")),
    (
        "russian-solitaire.toml",
        include_str!("../variants/russian-solitaire.toml"),
    ),
    ("alaska.toml", include_str!("../variants/alaska.toml")),
    (
        "patience-scorpion.toml",
        include_str!("../variants/patience-scorpion.toml"),
    ),
    ("wasp.toml", include_str!("../variants/wasp.toml")),
    ("canfield.toml", include_str!("../variants/canfield.toml")),
    ("rainbow.toml", include_str!("../variants/rainbow.toml")),
    (
        "storehouse.toml",
        include_str!("../variants/storehouse.toml"),
    ),
    ("chameleon.toml", include_str!("../variants/chameleon.toml")),
    (
        "american-toad.toml",
        include_str!("../variants/american-toad.toml"),
    ),
    (
        "forty-thieves.toml",
        include_str!("../variants/forty-thieves.toml"),
    ),
    ("lucas.toml", include_str!("../variants/lucas.toml")),
    ("maria.toml", include_str!("../variants/maria.toml")),
    ("limited.toml", include_str!("../variants/limited.toml")),
    ("streets.toml", include_str!("../variants/streets.toml")),
    (
        "bakers-dozen.toml",
        include_str!("../variants/bakers-dozen.toml"),
    ),
    (
        "spanish-patience.toml",
        include_str!("../variants/spanish-patience.toml"),
    ),
    (
        "castles-in-spain.toml",
        include_str!("../variants/castles-in-spain.toml"),
    ),
    (
        "fortunes-favor.toml",
        include_str!("../variants/fortunes-favor.toml"),
    ),
    ("duchess.toml", include_str!("../variants/duchess.toml")),
    (
        "beleaguered-castle.toml",
        include_str!("../variants/beleaguered-castle.toml"),
    ),
    (
        "streets-and-alleys.toml",
        include_str!("../variants/streets-and-alleys.toml"),
    ),
    ("citadel.toml", include_str!("../variants/citadel.toml")),
    (
        "stronghold.toml",
        include_str!("../variants/stronghold.toml"),
    ),
    (
        "siegecraft.toml",
        include_str!("../variants/siegecraft.toml"),
    ),
    ("fan.toml", include_str!("../variants/fan.toml")),
    (
        "alpha-star.toml",
        include_str!("../variants/alpha-star.toml"),
    ),
    (
        "scotch-patience.toml",
        include_str!("../variants/scotch-patience.toml"),
    ),
    ("trefoil.toml", include_str!("../variants/trefoil.toml")),
    (
        "flower-garden.toml",
        include_str!("../variants/flower-garden.toml"),
    ),
    (
        "king-albert.toml",
        include_str!("../variants/king-albert.toml"),
    ),
    ("raglan.toml", include_str!("../variants/raglan.toml")),
    ("somerset.toml", include_str!("../variants/somerset.toml")),
    (
        "northwest-territory.toml",
        include_str!("../variants/northwest-territory.toml"),
    ),
    (
        "simple-simon.toml",
        include_str!("../variants/simple-simon.toml"),
    ),
    ("mrs-mop.toml", include_str!("../variants/mrs-mop.toml")),
    ("gargantua.toml", include_str!("../variants/gargantua.toml")),
    (
        "klondike-by-threes.toml",
        include_str!("../variants/klondike-by-threes.toml"),
    ),
    (
        "east-haven.toml",
        include_str!("../variants/east-haven.toml"),
    ),
    ("fore-cell.toml", include_str!("../variants/fore-cell.toml")),
    ("penguin.toml", include_str!("../variants/penguin.toml")),
    ("golf.toml", include_str!("../variants/golf.toml")),
    (
        "black-hole.toml",
        include_str!("../variants/black-hole.toml"),
    ),
    ("tri-peaks.toml", include_str!("../variants/tri-peaks.toml")),
    (
        "patience-klondike.toml",
        include_str!("../variants/patience-klondike.toml"),
    ),
    (
        "patience-thoughtful.toml",
        include_str!("../variants/patience-thoughtful.toml"),
    ),
    (
        "patience-freecell.toml",
        include_str!("../variants/patience-freecell.toml"),
    ),
    (
        "patience-bakers-game.toml",
        include_str!("../variants/patience-bakers-game.toml"),
    ),
    (
        "patience-seahaven-towers.toml",
        include_str!("../variants/patience-seahaven-towers.toml"),
    ),
    (
        "patience-eight-off.toml",
        include_str!("../variants/patience-eight-off.toml"),
    ),
];

/// The scoring tables the plugin ships, as `(file name, TOML text)`: a variant names one by its
/// file name without `.toml` (`scoring = "patience-standard"`).
pub const SCORING: &[(&str, &str)] = &[(
    "patience-standard.toml",
    include_str!("../scoring/patience-standard.toml"),
)];

/// The text of the shipped game `id` (its file's name without `.toml`), if one ships.
pub fn shipped(id: &str) -> Option<&'static str> {
    VARIANTS
        .iter()
        .find(|(file, _)| file.strip_suffix(".toml") == Some(id))
        .map(|(_, text)| *text)
}

/// The engine a variant file's `[game]` table describes (or `text` itself, where it is a bare
/// `[game]` table), for the measuring examples; `name` says whose text it is in an error.
pub fn engine_from_text(name: &str, text: &str) -> Result<crate::Engine, String> {
    let table: toml::Table = text.parse().map_err(|e| format!("{name}: {e}"))?;
    let table = match table.get("game") {
        Some(toml::Value::Table(game)) => game.clone(),
        _ => table,
    };
    let game =
        crate::Game::read(&table).map_err(|e| format!("{name}: {:?}: {}", e.key, e.message))?;
    crate::Engine::for_game(game, None).map_err(|e| format!("{name}: {}", e.message))
}
