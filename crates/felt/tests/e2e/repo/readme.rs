//! The README's first screen is for a player (issue 30): what felt is, every family of games,
//! and how to play (the launcher's keys, `?` for help, `p` for the demo), before "Playing
//! headless" and the solver; the solver's figures live in docs/figures.md with their commands.

use super::root;

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("the README")
}

/// The README up to its first section after "How to play".
fn first_part(text: &str) -> &str {
    text.find("\n## Playing headless")
        .map_or(text, |end| &text[..end])
}

#[test]
fn the_readme_opens_with_the_games_and_how_to_play() {
    let text = readme();
    let how = text
        .find("\n## How to play")
        .expect("a How to play section");
    let headless = text
        .find("\n## Playing headless")
        .expect("a Playing headless section");
    let solver = text.find("\n## Solver").expect("a Solver section");
    assert!(
        how < headless && headless < solver,
        "How to play comes first"
    );
    // The first screen: what felt is and every family of games.
    let intro = &text[..how];
    for family in [
        "Spider",
        "Klondike",
        "FreeCell",
        "Spades",
        "patience engine",
    ] {
        assert!(intro.contains(family), "the intro names {family}");
    }
    let first = first_part(&text);
    for key in ["Enter deals", "`?`", "`p` is the demo", "`c`", "`q`"] {
        assert!(first.contains(key), "How to play says {key}");
    }
}

#[test]
fn the_solvers_figures_live_in_their_own_doc_with_their_commands() {
    let text = readme();
    assert!(
        text.contains("(docs/figures.md)"),
        "the README points there"
    );
    let figures = std::fs::read_to_string(root().join("docs/figures.md")).expect("docs/figures.md");
    assert!(figures.contains("```sh"), "commands beside the figures");
    assert!(
        figures.contains("solve --variant"),
        "the commands that give them"
    );
}

/// The README's launcher command is `cargo run --release`: with a helper binary beside felt in
/// its package, cargo runs felt only where the package names it its default (without it,
/// `cargo run` stops, asking which binary).
#[test]
fn the_readmes_cargo_run_runs_felt() {
    let text = readme();
    assert!(
        text.contains("cargo run --release\n"),
        "the launcher's command"
    );
    let manifest =
        std::fs::read_to_string(root().join("crates/felt/Cargo.toml")).expect("felt's Cargo.toml");
    if manifest.contains("[[bin]]") {
        assert!(
            manifest.contains("default-run = \"felt\""),
            "felt's package has several binaries and no default-run = \"felt\""
        );
    }
}
