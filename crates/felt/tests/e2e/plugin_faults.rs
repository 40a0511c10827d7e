//! End-to-end: a plugin that crashes costs only its own games. felt runs every plugin in a
//! helper process of its own (`felt-helper`, or `felt plugin-host`), so an abort inside the plugin is reported
//! as an error, felt goes on, and every other game plays, with the plugin still in the
//! plugins folder. (Each way of crashing mid-call is tested in felt-abi's `tests/abi/process.rs`.)

use crate::common::{data_dir_with, faulty_plugin, marked_plugin, run, run_in};
use std::path::{Path, PathBuf};

/// felt-abi's faulty fixture, built with `rustc` to abort at its first call after hello, as a
/// library in the plugins folder of the data folder `data`.
fn aborting_plugin(data: &Path) -> PathBuf {
    faulty_plugin(data, "abort")
}

#[test]
fn a_plugin_that_aborts_ends_its_own_game_with_a_message_and_felt_goes_on() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    aborting_plugin(&data);
    let data_arg = data.to_str().expect("UTF-8 temp path");

    // Its hello works, so it is listed; the catalog checks its variant by building it, which
    // makes it abort: the variant is refused with why, and felt lists the rest.
    let listed = run(home.path(), &["--data-dir", data_arg, "plugins"], "");
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(text.contains("ruleset faulty"), "{text}");
    let out = run(home.path(), &["--data-dir", data_arg, "variants"], "");
    // The listing names the refused file after the variants.
    let err = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "felt itself goes on: {err}");
    assert!(
        err.contains("faulty.toml")
            && err.contains(
                "the plugin stopped: its process was killed by signal 6 (SIGABRT: it aborted)"
            ),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("spider-1suit"));
    // Asked for, the variant is refused with the same reason, not unknown.
    for command in [
        &["play", "faulty", "--headless"][..],
        &["solve", "--variant", "faulty", "--deals", "1..1"],
    ] {
        let args: Vec<&str> = ["--data-dir", data_arg]
            .iter()
            .chain(command)
            .copied()
            .collect();
        let out = run(home.path(), &args, "show\n");
        assert!(!out.status.success(), "{command:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("variant 'faulty' was refused, so felt does not offer it:")
                && err.contains("faulty.toml")
                && err.contains("(SIGABRT: it aborted)"),
            "{command:?}: {err}"
        );
    }

    // Every other game is untouched by the plugin beside it.
    let out = run(
        home.path(),
        &[
            "--data-dir",
            data_arg,
            "play",
            "spider-1suit",
            "--seed",
            "1",
            "--headless",
        ],
        "show\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("code SP1-S1C-AAAAAAB"));
}

#[test]
fn a_plugin_of_other_message_shapes_is_listed_as_refused_naming_both_sides() {
    // Built against a felt-abi whose messages had other shapes: refused when felt loads it,
    // never mid-game, and the listing says which ABI and schema each side speaks.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "other_schema");
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let why = format!(
        "refused: the plugin speaks felt plugin ABI {abi} with message schema 0000000000003039, \
         this felt speaks ABI {abi} with message schema {ours}: rebuild the plugin against \
         this felt's felt-abi",
        abi = felt_abi::ABI_VERSION,
        ours = felt_abi::schema::text(felt_abi::SCHEMA_HASH),
    );
    // Twice: the second listing gives the refusal felt's plugin cache remembers.
    for _ in 0..2 {
        let out = run(home.path(), &["--data-dir", data_arg, "plugins"], "");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(&why), "{text}");
        assert!(!text.contains("ruleset faulty"), "{text}");
    }
    let out = run(home.path(), &["--data-dir", data_arg, "variants"], "");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("spider-1suit") && !text.contains("faulty"),
        "{text}"
    );
}

#[test]
fn a_headless_game_of_a_built_in_variant_runs_no_plugin_code() {
    // The noisy fixture prints a line (to standard error, in its helper) at every request.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "noisy");
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let out = run(
        home.path(),
        &[
            "--data-dir",
            data_arg,
            "play",
            "spider-1suit",
            "--seed",
            "1",
            "--headless",
        ],
        "show\n",
    );
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("noise"), "the plugin ran: {err}");
    let out = run(
        home.path(),
        &["--data-dir", data_arg, "deal", "SP1-S1C-AAAAAAB"],
        "",
    );
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("noise"));
    // A command that lists every family does run it.
    let out = run(home.path(), &["--data-dir", data_arg, "variants"], "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("noise"));
}

/// How many times the marked fixture's code was started.
fn starts(mark: &Path) -> usize {
    std::fs::read_to_string(mark).map_or(0, |t| t.lines().count())
}

#[test]
fn two_felts_sharing_a_data_folder_keep_each_other_s_plugins_in_the_cache() {
    // The same plugin in two folders, as beside two felt builds that share the data folder:
    // each felt lists the one beside it (here `--plugin`), and the cache keeps both, so using
    // them in turn loads neither again.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    let mark = home.path().join("started");
    let built = marked_plugin(&home.path().join("built"), "builds", Some(&mark));
    let name = built.file_name().expect("a file name").to_owned();
    let (one, two) = (home.path().join("one"), home.path().join("two"));
    for dir in [&one, &two] {
        std::fs::create_dir_all(dir).expect("folder");
        std::fs::copy(&built, dir.join(&name)).expect("copies the plugin");
    }
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let listed = |dir: &Path| {
        let library = dir.join(&name);
        let library = library.to_str().expect("UTF-8 temp path");
        let out = run(
            home.path(),
            &["--data-dir", data_arg, "--plugin", library, "variants"],
            "",
        );
        assert!(out.status.success(), "{out:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("faulty"),
            "{out:?}"
        );
    };
    listed(&one);
    listed(&two);
    assert_eq!(starts(&mark), 2, "each library loaded once");
    listed(&one);
    listed(&two);
    assert_eq!(starts(&mark), 2, "neither loaded again");
}

#[test]
fn listing_plugins_and_variants_runs_a_plugin_once_until_its_file_changes() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    let mark = home.path().join("started");
    let library = marked_plugin(&data, "builds", Some(&mark));
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let felt = |args: &[&str]| {
        let mut all = vec!["--data-dir", data_arg];
        all.extend_from_slice(args);
        let out = run(home.path(), &all, "");
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };

    // The first listing loads the plugin (and builds its variant, to check it) ...
    assert!(felt(&["variants"]).contains("faulty"));
    assert_eq!(starts(&mark), 1);
    // ... and the next ones take what it said from felt's cache, in every mode.
    assert!(felt(&["variants"]).contains("faulty"));
    assert!(felt(&["--plugins-in-process", "variants"]).contains("faulty"));
    let listed = felt(&["plugins"]);
    assert!(
        listed.contains("ruleset faulty") && listed.contains("listed from felt's plugin cache"),
        "{listed}"
    );
    assert_eq!(
        starts(&mark),
        1,
        "no listing after the first ran the plugin"
    );

    // Asked to, felt loads it again; so it does when the file changes.
    felt(&["plugins", "--refresh"]);
    assert_eq!(starts(&mark), 2);
    let bytes = std::fs::read(&library).expect("library");
    std::fs::remove_file(&library).expect("remove");
    std::fs::write(&library, [bytes.as_slice(), b"\0"].concat()).expect("rewrite");
    felt(&["variants"]);
    assert_eq!(starts(&mark), 3, "a changed library is loaded again");
    felt(&["variants"]);
    assert_eq!(starts(&mark), 3);

    // Playing a game of it runs it; playing another game does not.
    run(
        home.path(),
        &[
            "--data-dir",
            data_arg,
            "play",
            "faulty",
            "--seed",
            "1",
            "--headless",
        ],
        "show\n",
    );
    assert_eq!(starts(&mark), 4);
    felt(&["play", "spider-1suit", "--seed", "1", "--headless"]);
    assert_eq!(starts(&mark), 4);
}

#[test]
fn a_plugin_is_installed_as_a_link_and_removed_by_its_ruleset_id() {
    let home = tempfile::tempdir().expect("temp dir");
    let built = home.path().join("built");
    let library = marked_plugin(&built, "builds", None);
    let data = home.path().join("data");
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let lib_arg = library.to_str().expect("UTF-8 temp path");
    let out = run(
        home.path(),
        &["--data-dir", data_arg, "plugins", "install", lib_arg],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("Installed ruleset faulty"),
        "{out:?}"
    );
    let link = data
        .join("plugins")
        .join(library.file_name().expect("name"));
    let meta = std::fs::symlink_metadata(&link).expect("installed");
    assert!(meta.file_type().is_symlink(), "a link, not a stale copy");
    let out = run(home.path(), &["--data-dir", data_arg, "variants"], "");
    assert!(String::from_utf8_lossy(&out.stdout).contains("faulty"));

    // Something that is not a plugin is refused, and nothing is installed.
    let junk = home.path().join("libjunk.so");
    std::fs::write(&junk, b"not a library").expect("junk");
    let out = run(
        home.path(),
        &[
            "--data-dir",
            data_arg,
            "plugins",
            "install",
            junk.to_str().expect("UTF-8"),
        ],
        "",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("not a plugin felt can load"),
        "{err}"
    );
    assert!(!data.join("plugins/libjunk.so").exists());

    let out = run(
        home.path(),
        &["--data-dir", data_arg, "plugins", "remove", "faulty"],
        "",
    );
    assert!(out.status.success(), "{out:?}");
    assert!(std::fs::symlink_metadata(&link).is_err());
    assert!(library.exists(), "the library itself is kept");
    let out = run(
        home.path(),
        &["--data-dir", data_arg, "plugins", "remove", "faulty"],
        "",
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("no plugin 'faulty'"));
}

// A ruleset's own action on a key felt binds at the table would never be sent: the plugin's
// author reads why wherever its variants are checked, and the variant is not offered.
#[test]
fn a_ruleset_key_that_felt_uses_is_refused_with_its_use_wherever_it_is_checked() {
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "clashing_key");
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let why = "ruleset faulty's extra 'sweep' asks for key 'q', which felt uses for back to the menu; choose another key";

    // Twice: the second listing answers from felt's plugin cache, and still says it.
    for _ in 0..2 {
        let out = run(home.path(), &["--data-dir", data_arg, "plugins"], "");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!("  variant file faulty.toml refused: {why}")),
            "{text}"
        );
    }
    let out = run(home.path(), &["--data-dir", data_arg, "variants"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(faulty.toml)") && text.contains(why),
        "{text}"
    );

    let file = home.path().join("mine.toml");
    std::fs::write(
        &file,
        "id = \"mine\"\nname = \"Mine\"\ndescription = \"mine\"\nruleset = \"faulty\"\ncode = \"MIN-1\"\n",
    )
    .expect("a variant file");
    let file_arg = file.to_str().expect("UTF-8 temp path");
    let out = run(
        home.path(),
        &["--data-dir", data_arg, "check", file_arg],
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(why), "{err}");

    // Asked for, it is refused with why, not unknown; its statistics still show, with why.
    let args = ["--data-dir", data_arg, "play", "faulty", "--headless"];
    let out = run(home.path(), &args, "show\n");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("variant 'faulty' was refused, so felt does not offer it:")
            && err.contains(why),
        "{err}"
    );
    let out = run(
        home.path(),
        &["--data-dir", data_arg, "stats", "faulty"],
        "",
    );
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("note: variant 'faulty' was refused") && err.contains(why),
        "{err}"
    );
}

/// The figure of a line of `felt solve`'s table that starts with `name`: its first number.
fn figure(table: &str, name: &str) -> Option<String> {
    let line = table.lines().find(|l| l.starts_with(name))?;
    line[name.len()..]
        .split_whitespace()
        .next()
        .map(str::to_string)
}

#[test]
fn a_search_that_crashes_in_a_batch_costs_its_deal_only_and_one_helper_serves_the_rest() {
    // The fixture proves every odd deal lost and aborts in the search of an even one.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    let mark = home.path().join("started");
    marked_plugin(&data, "searches", Some(&mark));
    let data_arg = data.to_str().expect("UTF-8 temp path");
    // Listed once, so felt's plugin cache knows it and its variant's verdict.
    let listed = run(home.path(), &["--data-dir", data_arg, "plugins"], "");
    assert!(listed.status.success(), "{listed:?}");
    for jobs in ["1", "2"] {
        let before = starts(&mark);
        let out = run(
            home.path(),
            &[
                "--data-dir",
                data_arg,
                "solve",
                "--variant",
                "faulty",
                "--deals",
                "1..3",
                "--jobs",
                jobs,
                "--verbose",
            ],
            "",
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "--jobs {jobs}: {out:?}");
        assert_eq!(
            figure(&text, "proven unwinnable").as_deref(),
            Some("2"),
            "{text}"
        );
        assert_eq!(figure(&text, "undecided ").as_deref(), Some("1"), "{text}");
        assert!(
            text.contains("undecided because     1 the search's helper failed")
                && text.contains("deal      2: undecided")
                && text.contains("deal      3: proven"),
            "--jobs {jobs}: {text}"
        );
        if jobs == "1" {
            // One helper for the table and its searches, and one more after the crash:
            // no helper apart for the searches.
            assert_eq!(starts(&mark) - before, 2, "{text}");
        }
    }
}

#[test]
fn a_solve_of_one_plugin_s_variant_runs_no_other_plugin_s_code() {
    // The noisy fixture prints a line at every request, and cannot build its variant, so a
    // catalog of every plugin's variants asks it again at every command.
    let data = data_dir_with("felt_freecell");
    faulty_plugin(data.path(), "noisy");
    let listed = run_in(data.path(), &["variants"], "");
    assert!(String::from_utf8_lossy(&listed.stderr).contains("noise"));
    let out = run_in(
        data.path(),
        &[
            "solve",
            "--variant",
            "freecell",
            "--deals",
            "1..1",
            "--jobs",
            "1",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(figure(&text, "won").as_deref(), Some("1"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("noise"), "the other plugin ran: {err}");
}

#[test]
fn both_helper_programs_serve_a_plugin() {
    // felt runs a plugin in `felt-helper` when it lies beside felt, else in `felt plugin-host`
    // (read before the command-line parser): each answers a hello in the helper's framing.
    let home = tempfile::tempdir().expect("temp dir");
    let library = faulty_plugin(&home.path().join("data"), "builds");
    let frame = felt_abi::protocol::encode(&felt_abi::protocol::Request::Hello, &[]);
    let mut input = (frame.len() as u64).to_le_bytes().to_vec();
    input.extend_from_slice(&frame);
    for (program, first) in [
        (env!("CARGO_BIN_EXE_felt-helper"), None),
        (env!("CARGO_BIN_EXE_felt"), Some("plugin-host")),
    ] {
        let mut command = std::process::Command::new(program);
        command.args(first).arg(&library);
        let mut child = command
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the helper starts");
        if let Some(mut stdin) = child.stdin.take() {
            use std::io::Write;
            stdin.write_all(&input).expect("the hello is sent");
        }
        let out = child
            .wait_with_output()
            .expect("the helper ends with its input");
        assert!(out.status.success(), "{program}: {out:?}");
        let status = i32::from_le_bytes(out.stdout[..4].try_into().expect("a status"));
        assert_eq!(status, felt_abi::STATUS_OK, "{program}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout[20..]).contains("\"ruleset\":\"faulty\""),
            "{program}: {out:?}"
        );
    }
}

#[test]
fn a_batch_helper_that_writes_more_than_a_pipe_holds_during_a_call_still_answers() {
    // In a batch (`felt solve` on one thread) no thread reads a helper's standard error
    // between calls: the waiting call passes it on. The chatty fixture writes 128 KB there at
    // its build, more than a pipe holds, then refuses it: the refusal must come through, not
    // a hang at the call limit.
    let home = tempfile::tempdir().expect("temp dir");
    let data = home.path().join("data");
    faulty_plugin(&data, "chatty");
    let data_arg = data.to_str().expect("UTF-8 temp path");
    let out = run(
        home.path(),
        &[
            "--data-dir",
            data_arg,
            "solve",
            "--variant",
            "faulty",
            "--deals",
            "1..1",
            "--jobs",
            "1",
        ],
        "",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("not today") && !err.contains("did not answer"),
        "{}",
        err.trim()
    );
    assert!(err.len() > 128 << 10, "its writes were passed on");
}
