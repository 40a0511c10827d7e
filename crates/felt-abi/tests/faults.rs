//! Every way a plugin can fail, each with the message felt shows, and felt still running.
//!
//! Libraries that misbehave at load time are built from `tests/fixtures/*.rs` with `rustc`
//! (no dependencies, so each builds in a moment). The panicking plugin is exported with the
//! real `export_ruleset!` in this test binary and called through its real table.
//!
//! A test binary apart from the `abi` suite: `export_ruleset!` defines the plugin entry point
//! `felt_plugin_entry`, one per binary, and the suite's `closed_piles` exports its own.

#[path = "abi/common.rs"]
mod common;

use felt_abi::{discover_in, Locations, Plugin, PluginError, PluginFactory, Source};
use felt_core::{
    Action, DynRuleset, Event, RuleChoice, RuleViolation, Ruleset, RulesetFactory, RulesetInfo,
    Scoreboard, Seat, Setup, Status, TableView, Typed, Variant,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Compiles one fixture into `dir` as a shared library and returns its path.
fn build_fixture(name: &str, dir: &Path) -> PathBuf {
    common::build_fixture(name, name, dir, &[])
}

#[test]
fn a_file_that_is_not_a_library_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir
        .path()
        .join(format!("libfelt_fake{}", std::env::consts::DLL_SUFFIX));
    std::fs::write(&path, "this is a text file, not a library\n").expect("write");
    let err = Plugin::load(&path).expect_err("refused");
    assert!(matches!(err, PluginError::NotALibrary(_)), "{err}");
    assert!(
        err.to_string().starts_with("not a loadable library: "),
        "{err}"
    );
}

#[test]
fn a_library_without_the_entry_symbol_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = build_fixture("no_entry", dir.path());
    let err = Plugin::load(&path).expect_err("refused");
    assert_eq!(err, PluginError::NoEntry);
    assert!(err.to_string().contains("felt_plugin_entry"), "{err}");
}

#[test]
fn a_plugin_of_another_abi_version_is_refused_before_any_call() {
    // Its table has no functions at all: reading anything past the version would crash.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = build_fixture("wrong_abi", dir.path());
    let err = Plugin::load(&path).expect_err("refused");
    assert_eq!(
        err,
        PluginError::AbiMismatch {
            found: 999,
            expected: felt_abi::ABI_VERSION
        }
    );
    assert!(
        err.to_string().contains("speaks felt plugin ABI 999"),
        "{err}"
    );
    assert!(err.to_string().contains("rebuild the plugin"), "{err}");
}

#[test]
fn a_plugin_of_other_message_shapes_is_refused_when_loaded_naming_both_sides() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (abi, schema) = (
        felt_abi::ABI_VERSION.to_string(),
        felt_abi::SCHEMA_HASH.to_string(),
    );
    let path = common::build_fixture(
        "faulty",
        "other_schema",
        dir.path(),
        &[
            ("FELT_FAULT", "other_schema"),
            ("FELT_ABI", &abi),
            ("FELT_SCHEMA", &schema),
        ],
    );
    let err = Plugin::load(&path).expect_err("refused");
    assert_eq!(
        err,
        PluginError::SchemaMismatch {
            abi: felt_abi::ABI_VERSION,
            schema: Some(12345),
        }
    );
    let ours = felt_abi::schema::text(felt_abi::SCHEMA_HASH);
    assert_eq!(
        err.to_string(),
        format!(
            "the plugin speaks felt plugin ABI {abi} with message schema 0000000000003039, this \
             felt speaks ABI {abi} with message schema {ours}: rebuild the plugin against this \
             felt's felt-abi"
        )
    );
}

#[test]
fn a_reply_that_does_not_decode_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = build_fixture("bad_reply", dir.path());
    let err = Plugin::load(&path).expect_err("refused");
    assert!(matches!(err, PluginError::BadReply(_)), "{err}");
    assert!(
        err.to_string()
            .starts_with("the plugin's reply does not decode"),
        "{err}"
    );
}

#[test]
fn discovery_reports_each_library_and_keeps_going() {
    let dir = tempfile::tempdir().expect("temp dir");
    build_fixture("no_entry", dir.path());
    build_fixture("wrong_abi", dir.path());
    std::fs::write(
        dir.path()
            .join(format!("junk{}", std::env::consts::DLL_SUFFIX)),
        b"junk",
    )
    .expect("write");
    std::fs::write(dir.path().join("notes.txt"), b"not a library name").expect("write");
    let reports = discover_in(&Locations {
        extra: vec![dir.path().join("missing.so")],
        user_dir: Some(dir.path().to_path_buf()),
        exe_dir: None,
        isolation: None,
    });
    let names: Vec<String> = reports
        .iter()
        .map(|r| {
            r.path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(reports.len(), 4, "{names:?}");
    assert_eq!(reports[0].source, Source::CommandLine);
    assert!(reports.iter().all(|r| r.outcome.is_err()));
    assert!(reports.iter().skip(1).all(|r| r.source == Source::UserDir));
    assert!(!names.contains(&"notes.txt".to_string()));
}

// A plugin that panics, exported for real in this test binary.

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Count(u32);

struct Panicky(RulesetInfo);

impl Ruleset for Panicky {
    type State = Count;
    fn info(&self) -> &RulesetInfo {
        &self.0
    }
    fn new_game(&self, seed: u64) -> Count {
        assert!(seed != 13, "the deck caught fire");
        Count(0)
    }
    fn check(&self, _: &Count, action: &Action) -> Result<(), RuleViolation> {
        match action {
            Action::Choose { option: 1 } => Ok(()),
            _ => Err(RuleViolation::new("PNK-ONE", "Only option 1")),
        }
    }
    fn apply(&self, state: &mut Count, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        state.0 += 1;
        if state.0 == 3 {
            panic!("three is too many");
        }
        Ok(Vec::new())
    }
    fn legal_actions(&self, _: &Count, out: &mut Vec<Action>) {
        out.push(Action::Choose { option: 1 });
    }
    fn view(&self, _: &Count, _: Seat) -> TableView {
        panic!("views are not implemented")
    }
    fn status(&self, state: &Count) -> Status {
        if state.0 >= 5 {
            Status::Won {
                winner: String::new(),
            }
        } else {
            Status::Playing
        }
    }
    fn scoreboard(&self, state: &Count) -> Scoreboard {
        Scoreboard {
            score: Some(state.0 as i64),
            moves: state.0,
        }
    }
}

struct PanickyFactory;

impl RulesetFactory for PanickyFactory {
    fn id(&self) -> &str {
        "panicky"
    }
    fn description(&self) -> &str {
        "panics on purpose"
    }
    fn rule_choices(&self) -> Vec<RuleChoice> {
        vec![RuleChoice {
            id: "only".into(),
            letter: 'O',
            name: "Only".into(),
            description: "the only rules".into(),
        }]
    }
    fn bundled_variants(&self) -> Vec<(String, String)> {
        vec![(
            "panicky.toml".into(),
            "id = \"panicky\"\nname = \"Panicky\"\nruleset = \"panicky\"\ncode = \"PNK-P1\"\n"
                .into(),
        )]
    }
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, felt_core::ParamError> {
        if setup.variant.game.contains_key("bad") {
            return Err(felt_core::ParamError::at(
                "game.bad",
                "no bad settings here",
            ));
        }
        Ok(Typed::shared(Panicky(RulesetInfo {
            ruleset: "panicky".into(),
            variant: setup.variant.id.clone(),
            name: setup.variant.name.clone(),
            rules: setup.rules.id.clone(),
            help: Vec::new(),
            seats: 1,
            hints: false,
            commands: None,
            extras: Vec::new(),
        })))
    }
}

felt_abi::export_ruleset!(PanickyFactory);

fn panicky() -> (Arc<Plugin>, Arc<dyn DynRuleset>) {
    // SAFETY: the entry point is the real export of this binary.
    let plugin = unsafe { Plugin::from_entry("panicky", None, felt_plugin_entry) }.expect("loads");
    let factory = PluginFactory::new(plugin.clone());
    let variant: Variant = toml::from_str(&plugin.bundled_variants()[0].1).expect("variant");
    let rules = factory.rule_choices()[0].clone();
    let ruleset = factory
        .build(Setup {
            variant: &variant,
            scoring: None,
            rules: &rules,
        })
        .expect("builds");
    (plugin, ruleset)
}

#[test]
fn the_in_process_plugin_says_who_it_is() {
    let (plugin, ruleset) = panicky();
    assert_eq!(plugin.ruleset_id(), "panicky");
    assert_eq!(plugin.abi_version(), felt_abi::ABI_VERSION);
    assert_eq!(plugin.version(), env!("CARGO_PKG_VERSION"));
    assert_eq!(ruleset.info().variant, "panicky");
    let mut state = ruleset.new_game(1);
    assert_eq!(
        ruleset.apply(&mut state, &Action::Choose { option: 1 }),
        Ok(vec![])
    );
    assert_eq!(ruleset.scoreboard(&state).score, Some(1));
    let refused = ruleset
        .apply(&mut state, &Action::Choose { option: 2 })
        .expect_err("refused");
    assert_eq!(refused.rule, "PNK-ONE");
    let bytes = ruleset.encode_state(&state);
    assert_eq!(ruleset.decode_state(&bytes), Ok(state));
    assert!(ruleset.decode_state(b"not json").is_err());
}

#[test]
fn a_panic_in_a_call_becomes_an_error_and_the_host_goes_on() {
    let (_, ruleset) = panicky();
    let mut state = ruleset.new_game(1);
    let view = ruleset.view(&state, Seat(0));
    assert!(view.piles.is_empty());
    assert!(
        view.messages[0].contains("the plugin panicked: views are not implemented"),
        "{:?}",
        view.messages
    );
    ruleset
        .apply(&mut state, &Action::Choose { option: 1 })
        .expect("one");
    ruleset
        .apply(&mut state, &Action::Choose { option: 1 })
        .expect("two");
    let before = state.clone();
    let err = ruleset
        .apply(&mut state, &Action::Choose { option: 1 })
        .expect_err("panics");
    assert_eq!(err.rule, "FELT-PLUGIN");
    assert!(err.message.contains("three is too many"), "{}", err.message);
    assert_eq!(state, before, "a failed apply changes nothing");
    // The plugin still answers.
    assert_eq!(
        ruleset.legal_actions(&state),
        vec![Action::Choose { option: 1 }]
    );
}

#[test]
fn a_panic_in_new_game_leaves_a_state_that_reports_the_fault() {
    let (_, ruleset) = panicky();
    let state = ruleset.new_game(13);
    match ruleset.status(&state) {
        Status::Over { reason } => assert!(reason.contains("the deck caught fire"), "{reason}"),
        other => panic!("expected the fault as the status, got {other:?}"),
    }
    assert!(ruleset.legal_actions(&state).is_empty());
}

#[test]
fn a_refused_variant_names_its_key() {
    let (plugin, _) = panicky();
    let factory = PluginFactory::new(plugin);
    let variant: Variant = toml::from_str(
        "id = \"p\"\nname = \"P\"\nruleset = \"panicky\"\ncode = \"PNK-Q1\"\n[game]\nbad = 1\n",
    )
    .expect("variant");
    let rules = factory.rule_choices()[0].clone();
    let err = factory
        .build(Setup {
            variant: &variant,
            scoring: None,
            rules: &rules,
        })
        .err()
        .expect("refused");
    assert_eq!(err.key.as_deref(), Some("game.bad"));
    assert_eq!(err.message, "no bad settings here");
}

#[test]
fn garbage_requests_are_refused_not_crashed() {
    let (plugin, _) = panicky();
    for request in [
        &b""[..],
        b"\xff\xff\xff\xff",
        b"\x02\0\0\0{}",
        b"\x0b\0\0\0{\"Check\":1}",
    ] {
        let (status, reply) =
            plugin.call_raw(request, |s, r| (s, String::from_utf8_lossy(r).into_owned()));
        assert_eq!(status, felt_abi::STATUS_ERROR, "{reply}");
        assert!(reply.starts_with("request refused"), "{reply}");
    }
}
