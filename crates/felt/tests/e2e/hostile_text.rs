//! End-to-end: text felt did not write itself (a variant, position or record file, a file's
//! name, a plugin's words, its standard error, felt's plugin cache) reaches standard output
//! and standard error with its control characters shown as escapes (`\x1b`, `\0`, `\u{9b}`,
//! `\u{202e}`), never raw (issue 28). Each test feeds hostile bytes through one surface and
//! checks both that no raw ESC, BEL, NUL, C1 control or bidi override came out and that the
//! hostile text did come out, escaped: a surface that printed nothing would prove nothing.
//! The terminal's surfaces are in pty.rs.

use crate::common::{data_dir_with, faulty_plugin, run, run_in};
use std::path::{Path, PathBuf};
use std::process::Output;

/// What a terminal obeys: OSC 0 (retitle the window), BEL, CSI 2J (clear the screen), the C1
/// CSI, a right-to-left override, NUL.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}2J\u{202e}\0";
/// [`HOSTILE`] as felt shows it.
const SHOWN: &str = "\\x1b]0;pwned\\x07\\x1b[2J\\u{9b}2J\\u{202e}\\0";
/// [`HOSTILE`] written with TOML's (and JSON's) escapes, for a key in a variant file.
const HOSTILE_ESCAPED: &str = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b2J\\u202e\\u0000";
/// A hostile file name (a name cannot hold NUL).
const HOSTILE_NAME: &str = "evil\u{1b}]0;pwned\u{7}\u{9b}\u{202e}";
/// [`HOSTILE_NAME`] as felt shows it.
const SHOWN_NAME: &str = "evil\\x1b]0;pwned\\x07\\u{9b}\\u{202e}";

/// The raw bytes no output may hold, each with a name for the message.
const RAW: [(&str, &[u8]); 5] = [
    ("ESC", b"\x1b"),
    ("BEL", b"\x07"),
    ("NUL", b"\0"),
    ("C1 CSI", "\u{9b}".as_bytes()),
    ("RLO", "\u{202e}".as_bytes()),
];

fn both(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The surfaces a test checked and what was wrong with them: every surface of a test is
/// checked before it fails, so a failure names each one that let hostile text through.
#[derive(Default)]
struct Surfaces {
    wrong: Vec<String>,
}

impl Surfaces {
    /// Neither stream of `out` holds a raw control, and together they show `shown`.
    fn check(&mut self, out: &Output, shown: &str, surface: &str) {
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            for (name, raw) in RAW {
                if bytes.windows(raw.len()).any(|w| w == raw) {
                    self.wrong.push(format!(
                        "{surface}: a raw {name} reached {stream}: {:?}",
                        String::from_utf8_lossy(bytes)
                    ));
                }
            }
        }
        let text = both(out);
        if !text.contains(shown) {
            self.wrong.push(format!(
                "{surface}: the hostile text is not shown as {shown:?}:\n{text}"
            ));
        }
    }

    #[track_caller]
    fn finish(self) {
        assert!(self.wrong.is_empty(), "{}", self.wrong.join("\n\n"));
    }
}

/// A data folder whose plugins folder holds the hostile fixture under a hostile file name.
fn hostile_plugin(home: &Path) -> PathBuf {
    let data = home.join("data");
    let built = faulty_plugin(&data, "hostile");
    let named = built.with_file_name(format!(
        "{}{HOSTILE_NAME}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    std::fs::rename(&built, named).expect("renamed");
    data
}

fn data_args(data: &Path) -> Vec<String> {
    vec![
        "--data-dir".to_string(),
        data.to_str().expect("a UTF-8 temp path").to_string(),
    ]
}

/// Runs felt in `home` with `data` as its data folder.
fn run_with(home: &Path, data: &Path, args: &[&str], input: &str) -> Output {
    let mut all = data_args(data);
    all.extend(args.iter().map(|a| a.to_string()));
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    run(home, &all, input)
}

// Surfaces 1–3: a position file's error, from the built-in ruleset, through `play` and `solve`.
#[test]
fn a_spider_position_file_error_shows_the_bad_token_escaped() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let dealt = run(
        home.path(),
        &["deal", "SP1-S1C-AAAAAAD", "--format", "position"],
        "",
    );
    assert!(dealt.status.success());
    let text = String::from_utf8_lossy(&dealt.stdout).replacen("KS", &format!("KH{HOSTILE}"), 1);
    let file = home.path().join("bad.game");
    std::fs::write(&file, text).expect("written");
    let file = file.to_str().expect("UTF-8");
    let out = run(
        home.path(),
        &["play", "spider-1suit", "--headless", "--position", file],
        "show\n",
    );
    assert!(!out.status.success());
    s.check(
        &out,
        &format!("'KH{SHOWN}' is not a card"),
        "play --position",
    );
    let out = run(
        home.path(),
        &["solve", "--variant", "spider-1suit", "--position", file],
        "",
    );
    assert!(!out.status.success());
    s.check(
        &out,
        &format!("'KH{SHOWN}' is not a card"),
        "solve --position",
    );
    s.finish();
}

// Surface 4: a plugin's position format (FreeCell's) quotes the line it could not read.
#[test]
fn a_freecell_position_file_error_shows_the_bad_line_escaped() {
    let mut s = Surfaces::default();
    let data = data_dir_with("felt_freecell");
    let file = data.path().join("bad.txt");
    std::fs::write(&file, format!("KH{HOSTILE}\n")).expect("written");
    let out = run_in(
        data.path(),
        &[
            "play",
            "freecell",
            "--headless",
            "--position",
            file.to_str().expect("UTF-8"),
        ],
        "show\n",
    );
    assert!(!out.status.success());
    s.check(&out, &format!("'KH{SHOWN}'"), "freecell --position");
    s.finish();
}

/// A record file as `felt export` writes one, with `change` applied to its text.
fn record_with(change: impl Fn(&str) -> String) -> String {
    let good = "felt game record 2\nid: 1\nvariant: spider-1suit\nruleset: spider\nrules: classic\n\
                code: SP1-S1C-AAAAAAD\nstarted: 2024-01-01T00:00:00Z\nfinished: -\nresult: playing\n\
                score: 500\nmoves: 0\nplayed: -\nactions: 1\n\n1. deal from 11\n";
    change(good)
}

// Surfaces 5–10: every error of `felt replay FILE` that quotes the file.
#[test]
fn every_replay_file_error_shows_the_file_text_escaped() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let cases: [(&str, String, String); 6] = [
        (
            "the header",
            record_with(|r| r.replacen("felt game record 2", &format!("felt{HOSTILE}"), 1)),
            format!("found 'felt{SHOWN}'"),
        ),
        (
            "a key",
            record_with(|r| r.replacen("moves: 0", &format!("colour{HOSTILE}: red\nmoves: 0"), 1)),
            format!("unknown key 'colour{SHOWN}'"),
        ),
        (
            "a number",
            record_with(|r| r.replacen("moves: 0", &format!("moves: 0{HOSTILE}"), 1)),
            format!("found '0{SHOWN}'"),
        ),
        (
            "a line",
            record_with(|r| r.replacen("played: -", &format!("played: -\nnonsense{HOSTILE}"), 1)),
            format!("found 'nonsense{SHOWN}'"),
        ),
        (
            "an action",
            record_with(|r| r.replacen("1. deal from 11", &format!("1. deal{HOSTILE}"), 1)),
            format!("'deal{SHOWN}' is not an action"),
        ),
        (
            "the variant",
            record_with(|r| {
                r.replacen(
                    "variant: spider-1suit",
                    &format!("variant: spider{HOSTILE}"),
                    1,
                )
            }),
            format!("spider{SHOWN}"),
        ),
    ];
    for (what, text, shown) in cases {
        let file = home.path().join("game.txt");
        std::fs::write(&file, text).expect("written");
        let out = run(
            home.path(),
            &["replay", file.to_str().expect("UTF-8"), "--headless"],
            "",
        );
        assert!(!out.status.success(), "{what}: {}", both(&out));
        s.check(&out, &shown, &format!("replay FILE, {what}"));
    }
    s.finish();
}

/// A Spider variant file with a key whose name is [`HOSTILE`].
fn variant_with_hostile_key(id: &str) -> String {
    format!(
        "id = \"{id}\"\nname = \"Evil key\"\nruleset = \"spider\"\ncode = \"EVK-S1\"\n\n[game]\n\
         suits = \"S\"\n\"k{HOSTILE_ESCAPED}\" = 1\n"
    )
}

fn user_variants(home: &Path) -> PathBuf {
    let dir = home.join("config").join("felt").join("variants");
    std::fs::create_dir_all(&dir).expect("user variant folder");
    dir
}

// Surfaces 11–14: a key's name in `felt check`, in `felt variants`, in the refusal `felt play`
// gives, and a variant file's own name.
#[test]
fn a_variant_files_key_and_name_are_shown_escaped_wherever_it_is_reported() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let file = home.path().join("evil.toml");
    std::fs::write(&file, variant_with_hostile_key("evil-key")).expect("written");
    let out = run(home.path(), &["check", file.to_str().expect("UTF-8")], "");
    assert!(!out.status.success());
    s.check(&out, &format!("key `game.k{SHOWN}`"), "check");

    let dir = user_variants(home.path());
    std::fs::write(
        dir.join(format!("{HOSTILE_NAME}.toml")),
        variant_with_hostile_key("evil-key"),
    )
    .expect("written");
    let out = run(home.path(), &["variants"], "");
    assert!(out.status.success());
    s.check(&out, &format!("key `game.k{SHOWN}`"), "variants, the key");
    s.check(
        &out,
        &format!("{SHOWN_NAME}.toml"),
        "variants, the file name",
    );

    let out = run(home.path(), &["play", "evil-key", "--headless"], "");
    assert!(!out.status.success());
    s.check(&out, "variant 'evil-key' was refused", "play, refused");
    s.check(&out, &format!("key `game.k{SHOWN}`"), "play, refused");
    s.finish();
}

// Surfaces 15–18: `felt plugins` and `felt variants` list a plugin's file name, its
// description and its bundled variant file's name.
#[test]
fn a_plugins_names_and_description_are_listed_escaped() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let data = hostile_plugin(home.path());
    let out = run_with(home.path(), &data, &["plugins"], "");
    assert!(out.status.success(), "{}", both(&out));
    s.check(
        &out,
        &format!("{SHOWN_NAME}{}", std::env::consts::DLL_SUFFIX),
        "plugins, file name",
    );
    s.check(&out, &format!("description{SHOWN}"), "plugins, description");
    s.check(
        &out,
        &format!("variant file evil{SHOWN}.toml"),
        "plugins, bundled file",
    );
    let out = run_with(home.path(), &data, &["variants"], "");
    assert!(out.status.success(), "{}", both(&out));
    s.check(
        &out,
        &format!("{SHOWN_NAME}{}", std::env::consts::DLL_SUFFIX),
        "variants, plugin file",
    );
    s.check(
        &out,
        &format!("(evil{SHOWN}.toml)"),
        "variants, bundled file",
    );
    s.finish();
}

// Surfaces 19–20: the plugin's standard error, and what felt's plugin cache holds.
#[test]
fn a_plugins_standard_error_and_the_cache_are_shown_escaped() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let data = hostile_plugin(home.path());
    // The variant is checked by building it: the plugin's code runs and writes to stderr.
    let out = run_with(home.path(), &data, &["plugins", "--refresh"], "");
    s.check(
        &out,
        &format!("plugin says {SHOWN} on stderr"),
        "plugin stderr",
    );

    // The cache now holds what the plugin said; what is listed from it is escaped too,
    // including words only the cache file holds.
    let cache = data.join("plugin-cache.json");
    let text = std::fs::read_to_string(&cache).expect("the cache was written");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let entry = json["plugins"]
        .as_array_mut()
        .and_then(|all| {
            all.iter_mut()
                .find(|e| e["path"].as_str().is_some_and(|p| p.contains(HOSTILE_NAME)))
        })
        .expect("the hostile plugin is cached");
    entry["outcome"] = serde_json::json!({ "Refused": format!("the cache says{HOSTILE}") });
    std::fs::write(&cache, json.to_string()).expect("cache rewritten");
    let out = run_with(home.path(), &data, &["plugins"], "");
    assert!(out.status.success(), "{}", both(&out));
    // A refusal the cache remembers says so (other plugins beside felt, listed from the
    // cache too, may or may not be there, so the count line is not looked for).
    s.check(
        &out,
        "as when felt last tried this file",
        "plugins from the cache",
    );
    s.check(
        &out,
        &format!("refused: the cache says{SHOWN}"),
        "cache contents",
    );
    s.finish();
}

// Surfaces 21–23: a plugin's rule id and message in headless text, its table's status and
// messages in `show`, and the same in JSON (whose strings keep their meaning).
#[test]
fn a_plugins_refusals_and_table_are_shown_escaped_headless() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let data = hostile_plugin(home.path());
    let out = run_with(
        home.path(),
        &data,
        &["play", "evil", "--seed", "1", "--headless"],
        "choose 0\nshow\n",
    );
    assert!(out.status.success(), "{}", both(&out));
    s.check(
        &out,
        &format!("error EVIL{SHOWN}: refused{SHOWN}"),
        "rule id",
    );
    s.check(&out, &format!("value{SHOWN}"), "show, status");
    s.check(&out, &format!("message{SHOWN}"), "show, messages");

    let out = run_with(
        home.path(),
        &data,
        &["play", "evil", "--seed", "1", "--headless", "--json"],
        "choose 0\n",
    );
    assert!(out.status.success(), "{}", both(&out));
    s.check(
        &out,
        "\"rule\":\"EVIL\\u001b]0;pwned\\u0007\\u001b[2J\\u009b2J\\u202e\\u0000\"",
        "JSON",
    );
    let line = String::from_utf8_lossy(&out.stdout);
    let answer: serde_json::Value =
        serde_json::from_str(line.lines().next().expect("an answer")).expect("JSON");
    assert_eq!(
        answer["rule"],
        format!("EVIL{HOSTILE}"),
        "the JSON means the same"
    );
    s.finish();
}

// Surfaces 24–25: a plugin's position text, written by `felt deal` and refused by `--position`.
#[test]
fn a_plugins_position_text_is_shown_escaped() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let data = hostile_plugin(home.path());
    let out = run_with(home.path(), &data, &["deal", "EVL-1S-AAAAAAB"], "");
    assert!(out.status.success(), "{}", both(&out));
    s.check(&out, &format!("position{SHOWN}\n"), "deal");
    let file = home.path().join("position.txt");
    std::fs::write(&file, "anything\n").expect("written");
    let out = run_with(
        home.path(),
        &data,
        &[
            "play",
            "evil",
            "--headless",
            "--position",
            file.to_str().expect("UTF-8"),
        ],
        "",
    );
    assert!(!out.status.success());
    s.check(
        &out,
        &format!("position{SHOWN}"),
        "plugin's --position refusal",
    );
    s.finish();
}

// Surface 26: a recorded game of the plugin, replayed as text.
#[test]
fn a_recorded_plugin_game_replays_escaped() {
    let mut s = Surfaces::default();
    let home = tempfile::tempdir().expect("temp dir");
    let data = hostile_plugin(home.path());
    let out = run_with(
        home.path(),
        &data,
        &["play", "evil", "--seed", "1", "--headless"],
        "choose 1\n",
    );
    assert!(out.status.success(), "{}", both(&out));
    let out = run_with(home.path(), &data, &["replay", "--headless"], "");
    assert!(out.status.success(), "{}", both(&out));
    s.check(&out, &format!("message{SHOWN}"), "replay --headless");
    s.finish();
}
