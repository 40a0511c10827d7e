//! End to end: the patience engine's games through the real binary and the real plugin. A
//! game a player writes as a TOML file plays at once, with no rebuild; `felt check` explains a
//! mistake in one with its file, line, column, key and the values allowed; a deal written as
//! a position plays back from the file as the same table.

use crate::common::{data_dir_with, run_in};
use std::path::Path;

/// Yukon built by suit, as a player would write it: Russian Solitaire.
const RUSSIAN: &str = r#"id = "my-russian"
name = "My Russian"
description = "Yukon built by suit"
ruleset = "patience"
code = "MY-RUS"

[game]
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = [1, 5, 5, 5, 5, 5, 5] }
build.by = "suit"
move = "any-face-up"
empty = "king"
"#;

/// A config folder in `data` holding `text` as `my-russian.toml`; its path.
fn config_with(data: &Path, text: &str) -> String {
    let dir = data.join("config-extra");
    std::fs::create_dir_all(&dir).expect("a config folder");
    std::fs::write(dir.join("my-russian.toml"), text).expect("writes the variant");
    dir.to_str().expect("a UTF-8 temp path").to_string()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_game_written_as_a_file_is_listed_and_plays_at_once() {
    let data = data_dir_with("felt_engine_plugin");
    let config = config_with(data.path(), RUSSIAN);
    let listed = run_in(data.path(), &["--config", &config, "variants"], "");
    let listed = text(&listed.stdout);
    assert!(
        listed
            .lines()
            .any(|l| l.starts_with("my-russian") && l.contains("patience")),
        "{listed}"
    );
    // The engine's own games are listed beside it.
    assert!(listed.lines().any(|l| l.starts_with("yukon ")), "{listed}");
    let out = run_in(
        data.path(),
        &["--config", &config, "play", "my-russian", "--headless"],
        "show\nquit\n",
    );
    let shown = text(&out.stdout);
    // Seven columns, the last with six cards face down under its face-up ones (an Ace among
    // them may have gone up by itself).
    assert!(
        shown
            .lines()
            .any(|l| l.starts_with("7: ?? ?? ?? ?? ?? ?? ") && !l.ends_with("??")),
        "{shown}\n{}",
        text(&out.stderr)
    );
    assert!(shown.contains("code MY-RUS"), "{shown}");
}

#[test]
fn felt_check_names_the_line_the_key_and_the_words_allowed() {
    let data = data_dir_with("felt_engine_plugin");
    let config = config_with(data.path(), &RUSSIAN.replace("\"king\"", "\"kings\""));
    let file = format!("{config}/my-russian.toml");
    let out = run_in(data.path(), &["check", &file], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("my-russian.toml:11:1: key `game.empty`"),
        "{err}"
    );
    assert!(
        err.contains("\"kings\" is not allowed: expected one of any, king, none"),
        "{err}"
    );
    // A key the vocabulary does not have is named too, not ignored.
    let config = config_with(data.path(), &format!("{RUSSIAN}colour = \"red\"\n"));
    let out = run_in(
        data.path(),
        &["check", &format!("{config}/my-russian.toml")],
        "",
    );
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("game.colour"), "{err}");
}

#[test]
fn a_deal_written_as_a_position_plays_back_as_the_same_table() {
    let data = data_dir_with("felt_engine_plugin");
    let config = config_with(data.path(), RUSSIAN);
    let play = |extra: &[&str]| {
        let mut args = vec!["--config", &config, "play", "my-russian", "--headless"];
        args.extend_from_slice(extra);
        text(&run_in(data.path(), &args, "show\nquit\n").stdout)
    };
    let dealt = play(&["--deal", "7"]);
    let code = dealt
        .split_whitespace()
        .skip_while(|w| *w != "code")
        .nth(1)
        .expect("the game's code")
        .to_string();
    let position = run_in(
        data.path(),
        &["--config", &config, "deal", &code, "--format", "position"],
        "",
    );
    let position = text(&position.stdout);
    assert!(position.contains("\n7: "), "{position}");
    let file = data.path().join("deal.txt");
    std::fs::write(&file, &position).expect("writes the position");
    let replayed = play(&["--position", file.to_str().expect("a UTF-8 temp path")]);
    let table = |shown: &str| -> Vec<String> {
        shown
            .lines()
            .filter(|l| l.contains(':') && !l.starts_with("code"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(table(&replayed), table(&dealt), "{position}");
}
