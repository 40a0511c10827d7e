//! The best place and the legal targets cross the ABI apart (protocol revision 2), and a
//! plugin of an older revision, asked for its ranked moves, still gives both.

use felt_abi::protocol::{self, Hello, Reply, Request, REVISION_PLACES};
use felt_abi::{Plugin, PluginFactory, PluginTable, ReplyBuffer, ABI_VERSION};
use felt_core::{
    Action, PileId, Places, RuleChoice, RuleViolation, RulesetFactory, RulesetInfo, Setup, Variant,
};
use std::cell::RefCell;
use std::ffi::c_void;

thread_local! {
    /// The revision the fake plugin says it speaks, and the requests it was sent.
    static FAKE: RefCell<(u32, Vec<&'static str>)> = const { RefCell::new((0, Vec::new())) };
}

fn mv(to: u8) -> Action {
    Action::Move {
        from: PileId(0),
        index: 0,
        to: PileId(to),
    }
}

fn rules() -> RuleChoice {
    RuleChoice {
        id: "r".into(),
        letter: 'R',
        name: "R".into(),
        description: String::new(),
    }
}

fn reply(request: &Request) -> Reply {
    match request {
        Request::Hello => Reply::Hello(Hello {
            abi: ABI_VERSION,
            ruleset: "fake".into(),
            version: "0".into(),
            description: "answers places".into(),
            rules: vec![rules()],
            variants: Vec::new(),
            name: String::new(),
            revision: FAKE.with(|f| f.borrow().0),
            scoring: Vec::new(),
        }),
        Request::Build { .. } => Reply::Built {
            instance: 1,
            info: RulesetInfo {
                ruleset: "fake".into(),
                variant: "fake".into(),
                name: "Fake".into(),
                rules: "r".into(),
                help: Vec::new(),
                seats: 1,
                hints: false,
                commands: None,
                extras: Vec::new(),
            },
        },
        Request::NewGame { .. } => Reply::State,
        Request::RankMoves { .. } => Reply::Actions(vec![mv(2), mv(1)]),
        Request::Places { index: 0, .. } => Reply::Places(Places {
            best: None,
            legal: vec![mv(1)],
            refused: None,
        }),
        Request::Places { .. } => Reply::Places(Places {
            refused: Some(RuleViolation::new("FK-GROUP", "not together")),
            ..Places::default()
        }),
        _ => Reply::Done,
    }
}

unsafe extern "C" fn call(
    _: *const c_void,
    request: *const u8,
    len: usize,
    out: *mut ReplyBuffer,
) -> i32 {
    let bytes = unsafe { std::slice::from_raw_parts(request, len) };
    let Ok((request, _)) = protocol::decode::<Request>(bytes) else {
        return 1;
    };
    FAKE.with(|f| f.borrow_mut().1.push(request.name()));
    let blob: &[u8] = if matches!(request, Request::NewGame { .. }) {
        b"s"
    } else {
        &[]
    };
    let mut frame = std::mem::ManuallyDrop::new(protocol::encode(&reply(&request), blob));
    unsafe {
        *out = ReplyBuffer {
            ptr: frame.as_mut_ptr(),
            len: frame.len(),
            cap: frame.capacity(),
        };
    }
    0
}

unsafe extern "C" fn free(_: *const c_void, reply: ReplyBuffer) {
    if !reply.ptr.is_null() {
        drop(unsafe { Vec::from_raw_parts(reply.ptr, reply.len, reply.cap) });
    }
}

static TABLE: PluginTable = PluginTable {
    abi_version: ABI_VERSION,
    ctx: std::ptr::null(),
    call: Some(call),
    free: Some(free),
};

extern "C" fn entry() -> *const PluginTable {
    &TABLE
}

/// The places of pile 0 from `index` asked of a fake plugin of `revision`, and the requests
/// it was sent for them.
fn places_at(revision: u32, index: u16) -> (Places, Vec<&'static str>) {
    FAKE.with(|f| *f.borrow_mut() = (revision, Vec::new()));
    // SAFETY: `entry` returns a static table following the ABI.
    let plugin = unsafe { Plugin::from_entry("fake", None, entry) }.expect("fake loads");
    let factory = PluginFactory::new(plugin);
    let variant: Variant =
        toml::from_str("id = \"fake\"\nname = \"Fake\"\nruleset = \"fake\"\ncode = \"FK-F1\"\n")
            .expect("variant");
    let rules = rules();
    let ruleset = factory
        .build(Setup {
            variant: &variant,
            scoring: None,
            rules: &rules,
        })
        .expect("builds");
    let state = ruleset.new_game(1);
    FAKE.with(|f| f.borrow_mut().1.clear());
    let places = ruleset.places(&state, PileId(0), index);
    (places, FAKE.with(|f| f.borrow().1.clone()))
}

#[test]
fn an_older_plugin_is_asked_its_ranked_moves_and_its_first_is_the_best_place() {
    let (places, asked) = places_at(REVISION_PLACES - 1, 0);
    assert_eq!(asked, ["rank-moves"]);
    assert_eq!(places, Places::ranked(vec![mv(2), mv(1)]));
    assert_eq!(places.best, Some(mv(2)));
}

#[test]
fn a_plugin_of_the_places_revision_may_name_no_best_place_or_refuse_the_group() {
    let (places, asked) = places_at(REVISION_PLACES, 0);
    assert_eq!(asked, ["places"]);
    assert_eq!(places.best, None);
    assert_eq!(places.legal, [mv(1)]);
    let (places, _) = places_at(REVISION_PLACES, 1);
    assert_eq!(places.refused.map(|v| v.rule).as_deref(), Some("FK-GROUP"));
}

#[test]
fn an_older_host_asking_ranked_moves_gets_the_best_place_first() {
    let places = Places {
        best: Some(mv(3)),
        legal: vec![mv(1), mv(3), mv(2)],
        refused: None,
    };
    assert_eq!(places.ranked_moves(), [mv(3), mv(1), mv(2)]);
    let none = Places {
        best: None,
        legal: vec![mv(1)],
        refused: None,
    };
    assert_eq!(none.ranked_moves(), [mv(1)]);
}
