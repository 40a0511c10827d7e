//! A fake plugin in this process, for the tests of the host's side of the ABI: it says hello
//! (speaking the protocol revision the test names) and builds one instance as any plugin
//! would, and answers every other request as the test says. Its settings are the calling
//! thread's, as each test runs on a thread of its own and an in-process plugin answers on it.

use felt_abi::protocol::{self, Hello, Reply, Request};
use felt_abi::{Plugin, PluginFactory, PluginTable, ReplyBuffer, ABI_VERSION};
use felt_core::{DynRuleset, RuleChoice, RulesetFactory, RulesetInfo, Setup, Variant};
use std::cell::Cell;
use std::ffi::c_void;
use std::sync::Arc;

/// How the fake answers a request other than hello and build: a status and a reply frame.
pub type Answer = fn(&Request) -> (i32, Vec<u8>);

thread_local! {
    /// The revision the fake says it speaks, and how it answers the other requests.
    static FAKE: Cell<(u32, Answer)> = const { Cell::new((0, |_| (0, Vec::new()))) };
}

/// The fake's one rules choice.
pub fn rules() -> RuleChoice {
    RuleChoice {
        id: "r".into(),
        letter: 'R',
        name: "R".into(),
        description: String::new(),
    }
}

fn hello(revision: u32) -> Reply {
    Reply::Hello(Hello {
        abi: ABI_VERSION,
        ruleset: "fake".into(),
        version: "0".into(),
        description: "a fake plugin for tests".into(),
        rules: vec![rules()],
        variants: Vec::new(),
        name: String::new(),
        revision,
        scoring: Vec::new(),
        schema: Some(felt_abi::SCHEMA_HASH),
    })
}

fn built() -> Reply {
    Reply::Built {
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
        shuffles: None,
    }
}

unsafe extern "C" fn call(
    _: *const c_void,
    request: *const u8,
    len: usize,
    out: *mut ReplyBuffer,
) -> i32 {
    let bytes = unsafe { std::slice::from_raw_parts(request, len) };
    let (revision, answer) = FAKE.with(Cell::get);
    let (status, frame) = match protocol::decode::<Request>(bytes) {
        Ok((Request::Hello, _)) => (0, protocol::encode(&hello(revision), &[])),
        Ok((Request::Build { .. }, _)) => (0, protocol::encode(&built(), &[])),
        Ok((request, _)) => answer(&request),
        Err(_) => (1, b"not a request".to_vec()),
    };
    let mut frame = std::mem::ManuallyDrop::new(frame);
    unsafe {
        *out = ReplyBuffer {
            ptr: frame.as_mut_ptr(),
            len: frame.len(),
            cap: frame.capacity(),
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

/// The fake's ruleset, built through the ABI as a loaded plugin's is, the fake speaking
/// `revision` and answering with `answer` from now on (on this thread).
pub fn ruleset(revision: u32, answer: Answer) -> Arc<dyn DynRuleset> {
    FAKE.with(|f| f.set((revision, answer)));
    // SAFETY: `entry` returns a static table following the ABI.
    let plugin = unsafe { Plugin::from_entry("fake", None, entry) }.expect("fake loads");
    let variant: Variant =
        toml::from_str("id = \"fake\"\nname = \"Fake\"\nruleset = \"fake\"\ncode = \"FK-F1\"\n")
            .expect("variant");
    let rules = rules();
    PluginFactory::new(plugin)
        .build(Setup {
            variant: &variant,
            scoring: None,
            rules: &rules,
        })
        .expect("builds")
}
