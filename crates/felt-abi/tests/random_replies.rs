//! Random bytes as a plugin's reply: every host call turns them into an error or a fault
//! report, never a crash.

use felt_abi::protocol::{self, Hello, Reply, Request};
use felt_abi::{Plugin, PluginFactory, PluginTable, ReplyBuffer, ABI_VERSION};
use felt_core::{
    Action, AnalyzeRequest, PileId, RuleChoice, RulesetFactory, RulesetInfo, Seat, Setup, Variant,
};
use proptest::prelude::*;
use std::cell::RefCell;
use std::ffi::c_void;

thread_local! {
    /// The status and bytes the fake plugin answers the next non-hello request with.
    static NEXT: RefCell<(i32, Vec<u8>)> = const { RefCell::new((0, Vec::new())) };
}

fn rules() -> RuleChoice {
    RuleChoice {
        id: "r".into(),
        letter: 'R',
        name: "R".into(),
        description: String::new(),
    }
}

unsafe extern "C" fn call(
    _: *const c_void,
    request: *const u8,
    len: usize,
    reply: *mut ReplyBuffer,
) -> i32 {
    let bytes = unsafe { std::slice::from_raw_parts(request, len) };
    let (status, out) = match protocol::decode::<Request>(bytes) {
        Ok((Request::Hello, _)) => {
            let hello = Hello {
                abi: ABI_VERSION,
                ruleset: "fake".into(),
                version: "0".into(),
                description: "answers with random bytes".into(),
                rules: vec![rules()],
                variants: Vec::new(),
                name: String::new(),
                revision: 0,
                scoring: Vec::new(),
            };
            (0, protocol::encode(&Reply::Hello(hello), &[]))
        }
        Ok((Request::Build { .. }, _)) => {
            let info = RulesetInfo {
                ruleset: "fake".into(),
                variant: "fake".into(),
                name: "Fake".into(),
                rules: "r".into(),
                help: Vec::new(),
                seats: 1,
                hints: false,
                commands: None,
                extras: Vec::new(),
            };
            (
                0,
                protocol::encode(&Reply::Built { instance: 1, info }, &[]),
            )
        }
        Ok((Request::Release { .. }, _)) => (0, protocol::encode(&Reply::Done, &[])),
        _ => NEXT.with(|n| n.borrow().clone()),
    };
    let mut out = std::mem::ManuallyDrop::new(out);
    unsafe {
        *reply = ReplyBuffer {
            ptr: out.as_mut_ptr(),
            len: out.len(),
            cap: out.capacity(),
        };
    }
    status
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

fn answer(status: i32, bytes: Vec<u8>) {
    NEXT.with(|n| *n.borrow_mut() = (status, bytes));
}

/// Random bytes, or a well-framed reply whose JSON is random.
fn reply_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..64),
        proptest::collection::vec(any::<u8>(), 0..64).prop_map(|json| {
            let mut v = (json.len() as u32).to_le_bytes().to_vec();
            v.extend(json);
            v
        }),
        "[\\{\\}\\[\\]\":,a-zA-Z0-9 ]{0,40}".prop_map(|json| protocol::encode_raw(json.as_bytes())),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_replies_are_errors_never_crashes(status in prop_oneof![Just(0), Just(1), Just(2), any::<i32>()], bytes in reply_bytes()) {
        // SAFETY: `entry` returns a static table following the ABI.
        let plugin = unsafe { Plugin::from_entry("fake", None, entry) }.expect("fake loads");
        let factory = PluginFactory::new(plugin);
        let variant: Variant = toml::from_str("id = \"fake\"\nname = \"Fake\"\nruleset = \"fake\"\ncode = \"FK-F1\"\n").expect("variant");
        let rules = rules();
        let ruleset = factory.build(Setup { variant: &variant, scoring: None, rules: &rules }).expect("builds");
        // A good state first, so that every later call reaches the plugin and its random reply.
        answer(0, protocol::encode(&Reply::State, b"a state"));
        let mut state = ruleset.new_game(1);
        prop_assert_eq!(ruleset.encode_state(&state), b"a state".to_vec());
        answer(status, bytes);
        let before = state.clone();
        let _ = ruleset.check(&state, &Action::Choose { option: 1 });
        if ruleset.apply(&mut state, &Action::Choose { option: 1 }).is_err() {
            prop_assert_eq!(&state, &before);
        }
        let _ = ruleset.legal_actions(&state);
        let _ = ruleset.places(&state, PileId(0), 0);
        let _ = ruleset.view(&state, Seat(0));
        let _ = ruleset.status(&state);
        let _ = ruleset.scoreboard(&state);
        let _ = ruleset.analyze(&state, &AnalyzeRequest::DeadEnd);
        let _ = ruleset.decode_state(b"{}");
        let _ = ruleset.import_position("x");
        // A plugin of protocol revision 0 is never sent the undo question: its games undo as
        // they always did, whatever it would have answered.
        prop_assert!(ruleset.may_undo(&state, 0).is_ok());
        // Nor asked for facts (a revision-2 request): its games keep the common statistics.
        prop_assert!(ruleset.facts(&state).is_empty());
        let _ = ruleset.export_position(&state);
        let _ = ruleset.new_game(2);
    }
}
