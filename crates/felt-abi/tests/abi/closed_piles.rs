//! A plugin closes a pile to the player (`Ruleset::player_moves`) across the ABI (protocol
//! revision 4): asked once per instance, in this process and in a helper process, and a
//! plugin of an older revision is never asked, its piles all the player's.

use crate::common;
use crate::fake;

use felt_abi::protocol::{self, Reply, Request, REVISION, REVISION_CLOSED_PILES};
use felt_abi::{Isolation, Plugin, PluginFactory};
use felt_core::{
    Action, DynRuleset, Event, ParamError, PileId, RuleChoice, RuleViolation, Ruleset,
    RulesetFactory, RulesetInfo, Scoreboard, Seat, Setup, Status, TableView, Typed, Variant,
};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

// A ruleset that closes the pile its variant names, exported for real in this test binary.

/// Closes `closed`, which a variant sets with `[game] closed = N`.
struct Closing {
    info: RulesetInfo,
    closed: Option<PileId>,
}

impl Ruleset for Closing {
    type State = u8;
    fn info(&self) -> &RulesetInfo {
        &self.info
    }
    fn new_game(&self, _seed: u64) -> u8 {
        0
    }
    fn check(&self, _: &u8, _: &Action) -> Result<(), RuleViolation> {
        Err(RuleViolation::new("CLS-NONE", "nothing moves here"))
    }
    fn apply(&self, state: &mut u8, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action).map(|()| Vec::new())
    }
    fn legal_actions(&self, _: &u8, _: &mut Vec<Action>) {}
    fn player_moves(&self, pile: PileId) -> bool {
        Some(pile) != self.closed
    }
    fn view(&self, _: &u8, seat: Seat) -> TableView {
        TableView {
            seat,
            piles: Vec::new(),
            status: Vec::new(),
            prompt: None,
            messages: Vec::new(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }
    fn status(&self, _: &u8) -> Status {
        Status::Playing
    }
    fn scoreboard(&self, _: &u8) -> Scoreboard {
        Scoreboard::default()
    }
}

struct ClosingFactory;

impl RulesetFactory for ClosingFactory {
    fn id(&self) -> &str {
        "closing"
    }
    fn description(&self) -> &str {
        "closes the pile its variant names"
    }
    fn rule_choices(&self) -> Vec<RuleChoice> {
        vec![RuleChoice {
            id: "only".into(),
            letter: 'O',
            name: "Only".into(),
            description: "the only rules".into(),
        }]
    }
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError> {
        let closed = match setup.variant.game.get("closed") {
            None => None,
            Some(value) => match value.as_integer().and_then(|n| u8::try_from(n).ok()) {
                Some(n) => Some(PileId(n)),
                None => return Err(ParamError::at("game.closed", "a pile id, 0 to 255")),
            },
        };
        Ok(Typed::shared(Closing {
            info: RulesetInfo {
                ruleset: "closing".into(),
                variant: setup.variant.id.clone(),
                name: setup.variant.name.clone(),
                rules: setup.rules.id.clone(),
                help: Vec::new(),
                seats: 1,
                hints: false,
                commands: None,
                extras: Vec::new(),
            },
            closed,
        }))
    }
}

felt_abi::export_ruleset!(ClosingFactory);

/// The variant file of the closing ruleset, with `[game]` as `game` says.
fn variant(game: &str) -> Variant {
    toml::from_str(&format!(
        "id = \"closing\"\nname = \"Closing\"\nruleset = \"closing\"\ncode = \"CLS-C1\"\n[game]\n{game}"
    ))
    .expect("variant")
}

/// `plugin`'s ruleset for `variant`, built as felt builds a plugin's.
fn build(plugin: Arc<Plugin>, variant: &Variant) -> Arc<dyn DynRuleset> {
    let factory = PluginFactory::new(plugin);
    let rules = factory.rule_choices()[0].clone();
    factory
        .build(Setup {
            variant,
            scoring: None,
            rules: &rules,
        })
        .expect("builds")
}

#[test]
fn the_plugin_side_answers_from_its_rulesets_own_player_moves_per_variant() {
    // SAFETY: the entry point is the real export of this binary.
    let plugin = unsafe { Plugin::from_entry("closing", None, felt_plugin_entry) }.expect("loads");
    assert_eq!(plugin.revision(), REVISION);
    let ruleset = build(plugin.clone(), &variant("closed = 5"));
    assert!(
        !ruleset.player_moves(PileId(5)),
        "the variant's closed pile"
    );
    for open in [0, 4, 6, 255] {
        assert!(ruleset.player_moves(PileId(open)), "pile {open} is open");
    }
    // Another variant of the same plugin closes another pile, or none.
    let other = build(plugin.clone(), &variant("closed = 0"));
    assert!(!other.player_moves(PileId(0)) && other.player_moves(PileId(5)));
    let none = build(plugin.clone(), &variant(""));
    assert!((0..=u8::MAX).all(|p| none.player_moves(PileId(p))));
    // What crosses: every closed pile of the instance, once.
    let built = plugin
        .call(
            &Request::Build {
                variant: variant("closed = 7"),
                scoring: None,
                rules: plugin.rule_choices()[0].clone(),
            },
            &[],
        )
        .expect("builds");
    let (Reply::Built { instance, .. }, _) = built else {
        panic!("not built: {}", built.0.name());
    };
    let (reply, _) = plugin
        .call(&Request::ClosedPiles { instance }, &[])
        .expect("answers");
    assert_eq!(reply, Reply::ClosedPiles(vec![PileId(7)]));
}

thread_local! {
    /// The requests the fake plugin was sent, by name.
    static ASKED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// The fake's answers: piles 3 and 9 closed, asked or not; each request noted.
fn answer(request: &Request) -> (i32, Vec<u8>) {
    ASKED.with(|a| a.borrow_mut().push(request.name()));
    let reply = match request {
        Request::ClosedPiles { .. } => Reply::ClosedPiles(vec![PileId(3), PileId(9)]),
        _ => Reply::Done,
    };
    (0, protocol::encode(&reply, &[]))
}

/// Whether piles 0, 3 and 9 are the player's, asked of the fake speaking `revision` ten
/// times each, and the requests it was sent for them.
fn asked_of(revision: u32) -> ([bool; 3], Vec<&'static str>) {
    let ruleset = fake::ruleset(revision, answer);
    ASKED.with(|a| a.borrow_mut().clear());
    let mut open = [true; 3];
    for _ in 0..10 {
        for (i, pile) in [0, 3, 9].into_iter().enumerate() {
            open[i] = ruleset.player_moves(PileId(pile));
        }
    }
    (open, ASKED.with(|a| a.borrow().clone()))
}

#[test]
fn a_plugin_of_the_closed_piles_revision_is_asked_once_per_instance() {
    let (open, asked) = asked_of(REVISION_CLOSED_PILES);
    assert_eq!(open, [true, false, false]);
    assert_eq!(
        asked,
        ["closed-piles"],
        "asked once, kept for every key press"
    );
}

#[test]
fn an_older_plugin_is_never_asked_and_its_piles_are_all_the_players() {
    let (open, asked) = asked_of(REVISION_CLOSED_PILES - 1);
    assert_eq!(open, [true; 3]);
    assert!(asked.is_empty(), "{asked:?}");
}

#[test]
fn a_wrong_answer_leaves_every_pile_the_players_and_is_not_asked_again() {
    let ruleset = fake::ruleset(REVISION_CLOSED_PILES, |request| {
        ASKED.with(|a| a.borrow_mut().push(request.name()));
        (0, protocol::encode(&Reply::Facts(Vec::new()), &[]))
    });
    ASKED.with(|a| a.borrow_mut().clear());
    assert!(ruleset.player_moves(PileId(3)) && ruleset.player_moves(PileId(0)));
    assert_eq!(ASKED.with(|a| a.borrow().clone()), ["closed-piles"]);
}

// The same across a helper process, with the fixture `closed` (pile 3 closed).

/// The fixture built to say it speaks `revision`, in `dir`.
fn closed_fixture(revision: u32, dir: &Path) -> PathBuf {
    let abi = felt_abi::ABI_VERSION.to_string();
    let schema = felt_abi::SCHEMA_HASH.to_string();
    common::build_fixture(
        "closed",
        &format!("closed_r{revision}"),
        dir,
        &[
            ("FELT_ABI", &abi),
            ("FELT_REVISION", &revision.to_string()),
            ("FELT_SCHEMA", &schema),
        ],
    )
}

/// Whether piles 0 and 3 are the player's in the fixture of `revision`'s game, the fixture
/// running in a helper process.
fn open_in_helper(revision: u32) -> [bool; 2] {
    let dir = tempfile::tempdir().expect("temp dir");
    let isolation = Isolation {
        call_limit: Duration::from_secs(10),
        hello_limit: Duration::from_secs(10),
        ..Isolation::new(env!("CARGO_BIN_EXE_felt-plugin-host").into(), Vec::new())
    };
    let plugin =
        Plugin::spawn(&closed_fixture(revision, dir.path()), &isolation).expect("says hello");
    assert!(plugin.isolated());
    assert_eq!(plugin.revision(), revision);
    let variant: Variant = toml::from_str(&plugin.bundled_variants()[0].1).expect("variant");
    let ruleset = build(plugin, &variant);
    [
        ruleset.player_moves(PileId(0)),
        ruleset.player_moves(PileId(3)),
    ]
}

#[test]
fn a_plugin_in_a_helper_process_reports_its_closed_pile() {
    assert_eq!(open_in_helper(REVISION_CLOSED_PILES), [true, false]);
}

#[test]
fn an_older_plugin_in_a_helper_process_keeps_every_pile_the_players() {
    // The fixture would name pile 3 if asked: open here, it was not.
    assert_eq!(open_in_helper(REVISION_CLOSED_PILES - 1), [true, true]);
}
