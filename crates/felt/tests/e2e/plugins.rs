//! The Spades plugin through the real ABI: loaded with `dlopen`, played to the end by its
//! bots, and compared with the same game played through the direct trait; random requests
//! get errors, never a crash.
//!
//! The library is the `cdylib` that cargo builds into `target/<profile>/deps` because this
//! package depends on felt-spades; `cargo test -p felt` (or the workspace) builds it.

use felt_abi::protocol::{self, Reply, Request};
use felt_abi::{discover_in, register, Locations, Plugin, Source};
use felt_core::{
    Action, Analysis, AnalyzeRequest, Catalog, DynRuleset, Origin, PileId, Seat, Status,
};
use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The Spades plugin library built for this test run.
fn spades_library() -> PathBuf {
    let name = format!(
        "{}felt_spades{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps folder");
    let candidates = [deps.join(&name), deps.join("..").join(&name)];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "{name} not found beside {}: run `cargo build -p felt-spades`",
                deps.display()
            )
        })
}

fn plugin() -> Arc<Plugin> {
    static PLUGIN: OnceLock<Arc<Plugin>> = OnceLock::new();
    PLUGIN
        .get_or_init(|| Plugin::load(&spades_library()).expect("the Spades plugin loads"))
        .clone()
}

/// A test variant: few samples per bot decision, so a whole game stays quick in debug builds.
const TEST_VARIANT: &str = "id = \"spades-test\"\nname = \"Spades test\"\nruleset = \"spades\"\ncode = \"SPD-T4\"\n[game]\nsamples = 3\n";

fn through_abi() -> Arc<dyn DynRuleset> {
    let mut catalog = Catalog::new();
    let reports = discover_in(&Locations {
        extra: vec![spades_library()],
        user_dir: None,
        exe_dir: None,
        isolation: None,
    });
    assert_eq!(register(&mut catalog, &reports).len(), 1);
    catalog
        .add_variant(Origin::Plugin("test".into()), TEST_VARIANT)
        .expect("the test variant loads");
    catalog
        .build("spades-test", None)
        .expect("builds through the plugin")
}

fn direct() -> Arc<dyn DynRuleset> {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(Arc::new(felt_spades::SpadesFactory));
    catalog
        .add_variant(Origin::BuiltIn("test".into()), TEST_VARIANT)
        .expect("the test variant loads");
    catalog.build("spades-test", None).expect("builds direct")
}

#[test]
fn the_plugin_says_who_it_is_and_ships_its_variants() {
    let p = plugin();
    assert_eq!(p.ruleset_id(), "spades");
    assert_eq!(p.abi_version(), felt_abi::ABI_VERSION);
    assert_eq!(
        p.version(),
        env!("CARGO_PKG_VERSION"),
        "felt-spades shares the workspace version"
    );
    let names: Vec<&str> = p
        .bundled_variants()
        .iter()
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(
        names,
        ["spades.toml", "spades-easy.toml", "spades-strong.toml"]
    );
    let mut catalog = Catalog::new();
    let reports = discover_in(&Locations {
        extra: vec![spades_library()],
        user_dir: None,
        exe_dir: None,
        isolation: None,
    });
    assert_eq!(reports[0].source, Source::CommandLine);
    register(&mut catalog, &reports);
    let spades = catalog
        .get("spades")
        .expect("the bundled variant is in the catalog");
    assert_eq!(spades.variant.code, "SPD-P4");
    assert!(catalog.errors().is_empty(), "{:?}", catalog.errors());
    assert_eq!(
        catalog
            .code_for("spades", None, 3)
            .expect("code")
            .to_string(),
        "SPD-P4S-AAAAAAD"
    );
}

/// Plays a whole game by the hints, returning every step's events and the final state's bytes.
fn play_whole_game(ruleset: &dyn DynRuleset, seed: u64) -> (Vec<String>, Vec<u8>, Status) {
    let mut state = ruleset.new_game(seed);
    let mut log = Vec::new();
    let hint = AnalyzeRequest::Hint {
        rank: 0,
        budget: felt_core::Budget::states(0),
    };
    while ruleset.status(&state) == Status::Playing {
        let action = match ruleset.analyze(&state, &hint) {
            Some(Analysis::Hint {
                action: Some(a), ..
            }) => a,
            other => panic!("no hint: {other:?}"),
        };
        assert_eq!(ruleset.check(&state, &action), Ok(()));
        let events = ruleset
            .apply(&mut state, &action)
            .expect("the hint is legal");
        log.push(format!("{action} -> {events:?}"));
        assert!(log.len() < 2_000, "the game does not end");
    }
    let view = ruleset.view(&state, Seat(0));
    log.push(format!("{:?}", view.status));
    (log, ruleset.encode_state(&state), ruleset.status(&state))
}

#[test]
fn a_whole_bot_game_through_the_abi_is_the_game_played_direct() {
    let (abi_log, abi_state, abi_status) = play_whole_game(through_abi().as_ref(), 2026);
    let (direct_log, direct_state, direct_status) = play_whole_game(direct().as_ref(), 2026);
    assert!(abi_log.len() > 20, "a whole game has many steps");
    assert_eq!(abi_log, direct_log);
    assert_eq!(abi_state, direct_state);
    assert_eq!(abi_status, direct_status);
    assert_ne!(abi_status, Status::Playing);
}

#[test]
fn the_facts_of_a_game_cross_the_abi() {
    // A revision-2 request: the statistics' facts are the plugin's, the same as direct.
    assert!(plugin().revision() >= protocol::REVISION_FACTS);
    let (abi, direct) = (through_abi(), direct());
    let mut state = abi.new_game(5);
    abi.apply(&mut state, &Action::Choose { option: 3 })
        .expect("South bids 3");
    let bytes = abi.encode_state(&state);
    let same = direct.decode_state(&bytes).expect("the same state");
    let facts = abi.facts(&state);
    assert_eq!(facts, direct.facts(&same));
    let keys: Vec<&str> = facts.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "side-won",
            "hand-points",
            "bids-made",
            "nils-bid",
            "nils-made",
            "bags"
        ]
    );
}

#[test]
fn a_refused_card_names_its_rule_through_the_abi() {
    let ruleset = through_abi();
    let state = ruleset.new_game(7);
    let refused = ruleset
        .apply(
            &mut state.clone(),
            &Action::Move {
                from: PileId(0),
                index: 0,
                to: PileId(4),
            },
        )
        .expect_err("no card before the bids");
    assert_eq!(refused.rule, "SPD-BID");
    let view = ruleset.view(&state, Seat(0));
    assert_eq!(view.prompt.map(|p| p.options.len()), Some(14));
    let bytes = ruleset.encode_state(&state);
    assert_eq!(ruleset.decode_state(&bytes).expect("decodes"), state);
    assert!(ruleset.decode_state(b"{\"seed\": 1}").is_err());
}

#[test]
fn fair_undo_is_the_plugins_through_the_abi() {
    // SPD-UNDO: the host asks the plugin (a revision-1 request) and shows its refusal; the
    // game is as it was.
    assert!(plugin().revision() >= protocol::REVISION_MAY_UNDO);
    let ruleset = through_abi();
    let seed = (0..64)
        .find(|&seed| {
            let state = ruleset.new_game(seed);
            ruleset.view(&state, Seat(0)).prompt.is_some()
        })
        .expect("a deal where South bids at once");
    let code = felt_core::GameCode::new("SPD-T4", 'S', seed).expect("code");
    let mut session = felt_core::Session::new(ruleset, code, 10);
    session
        .act(&Action::Choose { option: 2 })
        .expect("South bids 2");
    let before = session.state().clone();
    let why = session.undo().expect_err("another seat has acted since");
    assert_eq!(why.rule, "SPD-UNDO", "{why}");
    assert_eq!(session.state(), &before);
}

fn request() -> impl Strategy<Value = Request> {
    let action = prop_oneof![
        (any::<u8>(), any::<u16>(), any::<u8>()).prop_map(|(f, i, t)| Action::Move {
            from: PileId(f % 10),
            index: i % 20,
            to: PileId(t % 10)
        }),
        any::<u32>().prop_map(|o| Action::Choose { option: o % 20 }),
        any::<u8>().prop_map(|f| Action::Deal { from: PileId(f) }),
        ("[a-z]{0,8}", any::<i64>()).prop_map(|(name, arg)| Action::Extra { name, arg }),
    ];
    let instance = prop_oneof![Just(1u64), any::<u64>()];
    prop_oneof![
        (instance.clone(), action.clone())
            .prop_map(|(instance, action)| Request::Check { instance, action }),
        (instance.clone(), action)
            .prop_map(|(instance, action)| Request::Apply { instance, action }),
        instance
            .clone()
            .prop_map(|instance| Request::LegalActions { instance }),
        (instance.clone(), any::<u8>()).prop_map(|(instance, s)| Request::View {
            instance,
            seat: Seat(s)
        }),
        instance
            .clone()
            .prop_map(|instance| Request::Status { instance }),
        instance
            .clone()
            .prop_map(|instance| Request::DecodeState { instance }),
        (instance.clone(), any::<u64>())
            .prop_map(|(instance, seed)| Request::NewGame { instance, seed }),
        (instance.clone(), 0usize..4)
            .prop_map(|(instance, undone)| Request::MayUndo { instance, undone }),
        instance
            .clone()
            .prop_map(|instance| Request::Facts { instance }),
        (instance, "\\PC{0,20}")
            .prop_map(|(instance, text)| Request::ImportPosition { instance, text }),
    ]
}

/// A real state, a state with one byte changed, or random bytes.
fn blob(good: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let len = good.len();
    prop_oneof![
        Just(good.clone()),
        (0..len, any::<u8>()).prop_map(move |(i, b)| {
            let mut v = good.clone();
            v[i] = b;
            v
        }),
        proptest::collection::vec(any::<u8>(), 0..80),
    ]
}

fn good_state() -> Vec<u8> {
    let ruleset = through_abi();
    let state = ruleset.new_game(99);
    ruleset.encode_state(&state)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_requests_get_answers_or_errors_never_a_crash(request in request(), blob in blob(good_state())) {
        let p = plugin();
        let frame = protocol::encode(&request, &blob);
        let (status, text) = p.call_raw(&frame, |s, bytes| (s, bytes.to_vec()));
        match status {
            felt_abi::STATUS_OK => {
                let decoded = protocol::decode::<Reply>(&text);
                prop_assert!(decoded.is_ok(), "an OK reply decodes");
            }
            felt_abi::STATUS_ERROR | felt_abi::STATUS_PANIC => {
                prop_assert!(!text.is_empty(), "an error says why");
            }
            other => prop_assert!(false, "unknown status {}", other),
        }
        // The plugin still answers.
        prop_assert!(matches!(p.call(&Request::Hello, &[]), Ok((Reply::Hello(_), _))));
    }

    #[test]
    fn random_bytes_as_a_request_are_refused(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let (status, _) = plugin().call_raw(&bytes, |s, b| (s, b.len()));
        prop_assert_eq!(status, felt_abi::STATUS_ERROR);
    }
}

/// A plugin file cut short (its first 3,000 bytes, as a failed copy leaves it) is refused
/// before the system loader maps it: mapping it killed the process with SIGBUS, and with it
/// every felt command that looked for plugins. The whole plugin beside it still loads.
#[cfg(target_os = "linux")]
#[test]
fn a_plugin_file_cut_short_is_refused_and_the_rest_load() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let bytes = std::fs::read(spades_library()).expect("the Spades plugin");
    std::fs::write(dir.path().join("libfelt_cut.so"), &bytes[..3000]).expect("written");
    std::fs::write(dir.path().join("libfelt_whole.so"), &bytes).expect("written");
    let reports = discover_in(&Locations {
        extra: vec![dir.path().to_path_buf()],
        user_dir: None,
        exe_dir: None,
        isolation: None,
    });
    let cut = reports
        .iter()
        .find(|r| r.path.ends_with("libfelt_cut.so"))
        .expect("the cut file was looked at");
    let err = cut.outcome.as_ref().expect_err("refused").to_string();
    assert!(err.contains("the file is cut short"), "{err}");
    let whole = reports
        .iter()
        .find(|r| r.path.ends_with("libfelt_whole.so"))
        .expect("the whole file was looked at");
    assert!(whole.outcome.is_ok(), "{:?}", whole.outcome);
}
