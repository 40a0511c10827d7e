//! The game a launcher choice deals: a variant with its rules and a random shuffle, a deal
//! number the player typed, or a whole game code; and why a typed word names no game.

use crate::game::GameSetup;
use felt_core::{Catalog, DynRuleset, GameCode};
use std::sync::Arc;

/// A game of variant `id` with `rules` (default when none), dealt from a shuffle `random`
/// picks among those the ruleset deals.
pub fn setup_variant(
    catalog: &Catalog,
    id: &str,
    rules: Option<&str>,
    random: u64,
) -> Result<GameSetup, String> {
    setup(catalog, id, rules, |ruleset| {
        Ok(ruleset.pick_shuffle(random))
    })
}

/// Deal `deal` of variant `id` with `rules`: the shuffle of that number, refused with the
/// range of numbers the game deals when it has no such deal.
pub fn setup_deal(
    catalog: &Catalog,
    id: &str,
    rules: Option<&str>,
    deal: u64,
) -> Result<GameSetup, String> {
    setup(catalog, id, rules, |ruleset| {
        ruleset.check_shuffle(deal).map_err(|e| e.to_string())?;
        Ok(deal)
    })
}

/// A game of variant `id` with `rules`, dealt from the shuffle `shuffle` gives for its
/// ruleset.
fn setup(
    catalog: &Catalog,
    id: &str,
    rules: Option<&str>,
    shuffle: impl FnOnce(&Arc<dyn DynRuleset>) -> Result<u64, String>,
) -> Result<GameSetup, String> {
    let (entry, choice) = catalog.choose(id, rules).map_err(|e| e.to_string())?;
    let undo_depth = entry.variant.undo_depth;
    let rules = choice.id.clone();
    let ruleset = catalog.build(id, Some(&rules)).map_err(|e| e.to_string())?;
    let code = catalog
        .code_for(id, Some(&rules), shuffle(&ruleset)?)
        .map_err(|e| e.to_string())?;
    Ok(GameSetup {
        ruleset,
        code,
        undo_depth,
    })
}

/// Why `text` names no game, with an example of the selected game's own codes and numbers.
pub(super) fn not_a_code(
    catalog: &Catalog,
    text: &str,
    id: &str,
    rules: Option<&str>,
) -> Option<String> {
    let (_, choice) = catalog.choose(id, rules).ok()?;
    let example = catalog.code_for(id, Some(&choice.id), 617).ok()?;
    Some(format!(
        "'{text}' is neither a game code nor a deal number: a code of this game looks like \
         {example}, and a deal number like 617"
    ))
}

/// The game a code names.
pub fn setup_code(catalog: &Catalog, text: &str) -> Result<GameSetup, String> {
    let code = GameCode::parse(text).map_err(|e| e.to_string())?;
    let (entry, choice) = catalog.resolve(&code).map_err(|e| e.to_string())?;
    let ruleset = catalog
        .build(&entry.variant.id, Some(&choice.id))
        .map_err(|e| e.to_string())?;
    ruleset
        .check_shuffle(code.shuffle)
        .map_err(|e| e.to_string())?;
    Ok(GameSetup {
        ruleset,
        code,
        undo_depth: entry.variant.undo_depth,
    })
}
