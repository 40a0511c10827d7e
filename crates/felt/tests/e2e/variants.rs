//! End-to-end: variants as files, through the real `felt` binary. A brand-new variant written
//! to the user's folder is listed and played headless; a user file overrides a built-in and
//! says so; a bad file is reported with its file, line and key while the others still load;
//! `felt check` answers with its exit code; every built-in variant deals headless.

use crate::common::{answers, run};
use std::path::{Path, PathBuf};

/// The user's variant folder inside a test home (common.rs points XDG_CONFIG_HOME at
/// `home/config`).
pub(crate) fn user_dir(home: &Path) -> PathBuf {
    let dir = home.join("config").join("felt").join("variants");
    std::fs::create_dir_all(&dir).expect("user variant folder");
    dir
}

pub(crate) fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub(crate) fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The pile lines of a `show` answer whose label is a number (the columns), as token lists.
fn columns(show: &[String]) -> Vec<Vec<String>> {
    show.iter()
        .filter_map(|l| {
            let (label, cards) = l.split_once(':')?;
            label.parse::<usize>().ok()?;
            Some(cards.split_whitespace().map(str::to_string).collect())
        })
        .collect()
}

fn status_line(show: &[String]) -> String {
    show.iter()
        .find(|l| l.starts_with("code "))
        .cloned()
        .unwrap_or_else(|| panic!("no status line in {show:?}"))
}

/// A variant no built-in resembles: one pack of two suits in six columns of four, two face up.
pub(crate) const MINE: &str = r#"# A test variant, written by the test into the user's folder.
id = "test-six"
name = "Six columns of four"
ruleset = "spider"
code = "TSX-S2"
rules = ["relaxed"]
scoring = "links"

[game]
packs = 1
suits = "SH"
columns = [4, 4, 4, 4, 4, 4]
face_up = 2
status = ["deals", "runs"]
"#;

#[test]
fn a_new_variant_in_the_user_folder_is_listed_and_played_headless() {
    let home = tempfile::tempdir().expect("temp dir");
    let file = user_dir(home.path()).join("six.toml");
    std::fs::write(&file, MINE).expect("write the variant");

    let listed = run(home.path(), &["variants"], "");
    assert!(listed.status.success(), "{}", stderr(&listed));
    let line = stdout(&listed)
        .lines()
        .find(|l| l.starts_with("test-six "))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("not listed:\n{}", stdout(&listed)));
    assert!(
        line.contains("Six columns of four") && line.contains("spider"),
        "{line}"
    );
    assert!(
        line.contains(&file.display().to_string()),
        "the source file: {line}"
    );

    // Play: ask for the legal actions, play the first, three times over. Each run replays
    // the moves so far on the same deal, so the script can follow the game.
    let args = ["play", "test-six", "--seed", "5", "--headless"];
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..3 {
        let script = format!(
            "{}legal\n",
            moves.iter().map(|m| format!("{m}\n")).collect::<String>()
        );
        let a = answers(&run(home.path(), &args, &script).stdout);
        for (i, answer) in a[..moves.len()].iter().enumerate() {
            assert_eq!(answer[0], "ok", "{} refused: {answer:?}", moves[i]);
        }
        let legal = &a[moves.len()];
        assert_eq!(legal[0], "ok");
        let next = legal.get(1).cloned().expect("a legal action");
        moves.push(next);
    }
    let script = format!(
        "show\n{}show\n",
        moves.iter().map(|m| format!("{m}\n")).collect::<String>()
    );
    let a = answers(&run(home.path(), &args, &script).stdout);
    let first = &a[0];
    let cols = columns(first);
    assert_eq!(cols.len(), 6, "six columns: {first:?}");
    for col in &cols {
        // Four cards, two face down, two face up.
        assert_eq!(col.len(), 4, "{first:?}");
        assert_eq!(col.iter().filter(|t| *t == "??").count(), 2, "{first:?}");
    }
    // The status line shows only what the file asks for: deals, then runs (52 - 24 = 28
    // cards in the stock: four deals of six and one of four).
    assert_eq!(
        status_line(first),
        "code TSX-S2R-AAAAAAF score 0 deals 5 runs 0/4 playing"
    );
    // Three moves later every card is still there: the table holds the 24 dealt cards and
    // six more for each deal made.
    let last = &a[a.len() - 1];
    let deals = moves.iter().filter(|m| *m == "deal").count();
    let on_table: usize = columns(last).iter().map(Vec::len).sum();
    assert_eq!(on_table, 24 + 6 * deals, "{moves:?} {last:?}");
    assert!(
        status_line(last).contains(&format!("deals {} runs 0/4", 5 - deals)),
        "{last:?}"
    );
}

#[test]
fn the_complete_example_of_the_variants_page_plays_as_it_says() {
    // docs/variants.md: "Save this as ~/.config/felt/variants/spider-open.toml, then felt play
    // spider-open deals it."
    let doc = include_str!("../../../../docs/variants.md");
    let start = doc
        .find("```toml\n# Spider with two suits and every card")
        .expect("the example");
    let body = &doc[start + "```toml\n".len()..];
    let example = &body[..body.find("```").expect("closed")];
    let home = tempfile::tempdir().expect("temp dir");
    std::fs::write(user_dir(home.path()).join("spider-open.toml"), example).expect("write");
    let out = run(
        home.path(),
        &["play", "spider-open", "--seed", "2", "--headless"],
        "show\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let show = &answers(&out.stdout)[0];
    let cols = columns(show);
    assert_eq!(cols.len(), 10);
    assert!(
        cols.iter().flatten().all(|t| t != "??"),
        "every card face up: {show:?}"
    );
    assert_eq!(
        status_line(show),
        "code SPO-S2R-AAAAAAC score 0 moves 0 cards 104 runs 0/8 deals 5 playing"
    );
}

#[test]
fn a_variant_from_a_config_folder_plays_too() {
    let home = tempfile::tempdir().expect("temp dir");
    let extra = home.path().join("extra");
    std::fs::create_dir_all(extra.join("variants")).expect("folder");
    std::fs::write(extra.join("variants").join("six.toml"), MINE).expect("write");
    let dir = extra.to_string_lossy().into_owned();
    let out = run(
        home.path(),
        &[
            "--config",
            &dir,
            "play",
            "test-six",
            "--seed",
            "1",
            "--headless",
        ],
        "show\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(columns(&answers(&out.stdout)[0]).len(), 6);
    // Without --config the variant is unknown.
    let out = run(home.path(), &["play", "test-six", "--headless"], "");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("unknown variant 'test-six'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_user_file_with_a_built_in_id_overrides_it_and_says_so() {
    let home = tempfile::tempdir().expect("temp dir");
    let file = user_dir(home.path()).join("my-spider.toml");
    let mine = include_str!("../../../../config/variants/spider-1suit.toml")
        .replace(
            "name = \"Spider, one suit\"",
            "name = \"My one-suit Spider\"",
        )
        .replace(
            "columns = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]",
            "columns = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5]",
        )
        .replace(
            "deals = [10, 10, 10, 10, 10]",
            "deals = [10, 10, 10, 10, 10, 4]",
        );
    std::fs::write(&file, mine).expect("write");
    let listed = stdout(&run(home.path(), &["variants"], ""));
    let line = listed
        .lines()
        .find(|l| l.starts_with("spider-1suit "))
        .unwrap_or_else(|| panic!("{listed}"));
    assert!(line.contains("My one-suit Spider"), "{line}");
    assert!(line.contains(&file.display().to_string()), "{line}");
    assert!(
        line.ends_with("(overrides built-in spider-1suit.toml)"),
        "{line}"
    );
    assert_eq!(listed.matches("spider-1suit ").count(), 1, "listed once");
    // The override is what plays.
    let out = run(
        home.path(),
        &["play", "spider-1suit", "--seed", "1", "--headless"],
        "show\n",
    );
    let sizes: Vec<usize> = columns(&answers(&out.stdout)[0])
        .iter()
        .map(Vec::len)
        .collect();
    assert_eq!(sizes, [5; 10]);
    // --no-user-config plays the built-in.
    let out = run(
        home.path(),
        &[
            "--no-user-config",
            "play",
            "spider-1suit",
            "--seed",
            "1",
            "--headless",
        ],
        "show\n",
    );
    let sizes: Vec<usize> = columns(&answers(&out.stdout)[0])
        .iter()
        .map(Vec::len)
        .collect();
    assert_eq!(sizes, [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]);
}

pub(crate) const BAD_SUM: &str = "id = \"bad-sum\"\nname = \"Bad\"\nruleset = \"spider\"\ncode = \"BAD-S1\"\n\n[game]\nsuits = \"S\"\ncolumns = [60, 60]\n";

#[test]
fn a_bad_file_is_reported_with_file_line_and_key_and_the_others_still_load() {
    let home = tempfile::tempdir().expect("temp dir");
    let dir = user_dir(home.path());
    std::fs::write(dir.join("bad.toml"), BAD_SUM).expect("write");
    std::fs::write(
        dir.join("broken.toml"),
        "id = \"broken\"\nname = \"Broken\n",
    )
    .expect("write");
    std::fs::write(dir.join("six.toml"), MINE).expect("write");
    let typed = MINE
        .replace("test-six", "typed")
        .replace("TSX-S2", "TYP-S2");
    let typed = typed.replace("face_up = 2", "face_up = \"two\"");
    std::fs::write(dir.join("typed.toml"), typed).expect("write");
    let out = run(home.path(), &["variants"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // The good user file and every built-in still load.
    assert!(text.lines().any(|l| l.starts_with("test-six ")), "{text}");
    for name in std::fs::read_dir(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../config/variants"
    ))
    .expect("config/variants")
    .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
    {
        let id = name.trim_end_matches(".toml");
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id} missing:\n{text}"
        );
    }
    assert!(!text.lines().any(|l| l.starts_with("bad-sum ")));
    // The semantic error: file, line, column, key, what was expected, and the line itself.
    let bad = dir.join("bad.toml").display().to_string();
    let header = format!("error: {bad}:8:1: key `game.columns`: the columns take 120 cards but the deck has only 104");
    assert!(text.contains(&header), "{text}");
    assert!(
        text.contains("8 | columns = [60, 60]\n  | ^^^^^^^^^^^^^^^^^^"),
        "{text}"
    );
    // A value of the wrong type: the key is named and the value underlined.
    let typed = dir.join("typed.toml").display().to_string();
    assert!(
        text.contains(&format!("error: {typed}:13:1: key `game.face_up`: ")),
        "{text}"
    );
    assert!(
        text.contains("13 | face_up = \"two\"\n   | ^^^^^^^^^^^^^^^"),
        "{text}"
    );
    // The syntax error of the other file.
    let broken = dir.join("broken.toml").display().to_string();
    assert!(text.contains(&format!("error: {broken}:2:")), "{text}");
}

// A variant that exists but was refused is named as refused, with the reason `felt variants`
// gives, by every command that asks for it by id; its records still count in the statistics.
#[test]
fn asking_for_a_refused_variant_says_it_was_refused_and_why() {
    let home = tempfile::tempdir().expect("temp dir");
    let extra = home.path().join("extra");
    std::fs::create_dir_all(&extra).expect("folder");
    // Semantically wrong, syntactically broken below its id, and with no readable id at all.
    std::fs::write(extra.join("bad.toml"), BAD_SUM).expect("write");
    std::fs::write(
        extra.join("broken.toml"),
        "id = \"broken\"\nname = \"Broken\"\n[game\ncolumns = 10\n",
    )
    .expect("write");
    std::fs::write(extra.join("nameless.toml"), "id = 5\n").expect("write");
    // And one that cannot be read as text at all.
    std::fs::write(extra.join("binary.toml"), [0xff, 0xfe, 0x00, 0x80]).expect("write");
    let dir = extra.to_string_lossy().into_owned();
    let listed = stdout(&run(home.path(), &["--config", &dir, "variants"], ""));
    let cases = [
        (
            "bad-sum",
            "variant 'bad-sum' was refused, so felt does not offer it:",
            "bad.toml:8:1: key `game.columns`: the columns take 120 cards but the deck has only 104",
        ),
        (
            "broken",
            "variant 'broken' was refused, so felt does not offer it:",
            "broken.toml:3:6: invalid table header",
        ),
        (
            "nameless",
            "unknown variant 'nameless'; a variant file named nameless was refused:",
            "nameless.toml:1:6: key `id`: invalid type: integer `5`, expected a string",
        ),
        (
            "binary",
            "unknown variant 'binary'; a variant file named binary was refused:",
            "binary.toml: cannot read the file",
        ),
    ];
    for (id, told, why) in cases {
        // The same reason as the listing's.
        assert!(listed.contains(why), "{listed}");
        let commands: [&[&str]; 3] = [
            &["play", id, "--headless"],
            &["solve", "--variant", id, "--deals", "1..1"],
            &["autoplay", id, "--games", "1"],
        ];
        for command in commands {
            let args: Vec<&str> = ["--config", dir.as_str()]
                .into_iter()
                .chain(command.iter().copied())
                .collect();
            let out = run(home.path(), &args, "show\n");
            assert!(!out.status.success(), "{command:?}");
            let err = stderr(&out);
            assert!(
                err.contains(told) && err.contains(why),
                "{command:?}: {err}"
            );
            assert!(!err.contains("unknown variant 'bad-sum'"), "{err}");
        }
        let out = run(home.path(), &["--config", &dir, "stats", id], "");
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out)
            .lines()
            .any(|l| l.starts_with(&format!("{id} "))));
        let err = stderr(&out);
        assert!(
            err.contains(&format!("note: {told}")) && err.contains(why),
            "{err}"
        );
    }
    // A game code of the refused variant says the same, not that its prefix is unknown.
    let out = run(
        home.path(),
        &[
            "--config",
            &dir,
            "play",
            "--code",
            "BAD-S1C-AAAAAAB",
            "--headless",
        ],
        "",
    );
    let err = stderr(&out);
    assert!(!out.status.success());
    assert!(
        err.contains("game code BAD-S1C-AAAAAAB is a game of variant 'bad-sum', which was refused")
            && err.contains("the columns take 120 cards but the deck has only 104"),
        "{err}"
    );
    // A variant no file gave is still just unknown, and a known one has no note.
    let out = run(
        home.path(),
        &["--config", &dir, "play", "nonesuch", "--headless"],
        "",
    );
    assert!(stderr(&out).contains("unknown variant 'nonesuch' (felt variants lists them)"));
    let out = run(
        home.path(),
        &["--config", &dir, "stats", "spider-1suit"],
        "",
    );
    assert!(
        out.status.success() && stderr(&out).is_empty(),
        "{}",
        stderr(&out)
    );
}

#[test]
fn every_built_in_variant_deals_headless() {
    let home = tempfile::tempdir().expect("temp dir");
    let listed = stdout(&run(home.path(), &["variants"], ""));
    let ids: Vec<&str> = listed
        .lines()
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.contains(" spider "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(ids.len() >= 14, "{listed}");
    for id in ids {
        let out = run(
            home.path(),
            &["play", id, "--seed", "3", "--headless"],
            "show\ndeal\nshow\n",
        );
        assert!(out.status.success(), "{id}: {}", stderr(&out));
        let a = answers(&out.stdout);
        assert_eq!(a[0][0], "ok", "{id}");
        assert_eq!(
            a[1][0], "ok",
            "{id}: the first deal is allowed on a fresh table"
        );
        let before: usize = columns(&a[0]).iter().map(Vec::len).sum();
        let after: usize = columns(&a[2]).iter().map(Vec::len).sum();
        assert_eq!(
            after - before,
            columns(&a[0]).len(),
            "{id}: a deal puts a card on every column"
        );
    }
}

#[test]
fn the_site_variant_counts_cards_instead_of_points_in_the_order_of_the_others() {
    let home = tempfile::tempdir().expect("temp dir");
    let out = run(
        home.path(),
        &["play", "spider-site-1suit", "--seed", "1", "--headless"],
        "show\ndeal\nshow\n",
    );
    let a = answers(&out.stdout);
    assert_eq!(
        status_line(&a[0]),
        "code SPS-S1C-AAAAAAB moves 0 cards 104 deals 5 runs 0/8 playing"
    );
    assert_eq!(
        status_line(&a[2]),
        "code SPS-S1C-AAAAAAB moves 1 cards 104 deals 4 runs 0/8 playing"
    );
}

#[test]
fn felt_variants_lines_up_its_columns_whatever_the_names() {
    // A user's variant with a long id and a longer name: every line's ruleset and source
    // still start under the headings.
    let home = tempfile::tempdir().expect("temp dir");
    let long = MINE
        .replace(
            "id = \"test-six\"",
            "id = \"a-rather-long-variant-id-of-mine\"",
        )
        .replace(
            "name = \"Six columns of four\"",
            "name = \"Six columns of four cards each, two suits, relaxed\"",
        );
    std::fs::write(user_dir(home.path()).join("long.toml"), long).expect("write variant");
    let out = run(home.path(), &["variants"], "");
    let listing = stdout(&out);
    let lines: Vec<Vec<char>> = listing
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| l.chars().collect())
        .collect();
    let head: String = lines[0].iter().collect();
    let at = |word: &str| head[..head.find(word).expect("heading")].chars().count();
    let (ruleset, source) = (at("RULESET"), at("SOURCE"));
    assert!(
        listing.contains("a-rather-long-variant-id-of-mine"),
        "{listing}"
    );
    for line in &lines[1..] {
        let text: String = line.iter().collect();
        assert_eq!(line.get(ruleset - 1), Some(&' '), "{text}\n{listing}");
        assert_ne!(line.get(ruleset), Some(&' '), "{text}\n{listing}");
        assert_eq!(line.get(source - 1), Some(&' '), "{text}\n{listing}");
        assert_ne!(line.get(source), Some(&' '), "{text}\n{listing}");
    }
}
