//! The shape of the messages, as a number: [`SCHEMA_HASH`](crate::SCHEMA_HASH) is a hash of
//! the golden samples of every message (`crates/felt-plugin/golden/*.json`), taken when felt-plugin
//! is compiled.
//!
//! [`ABI_VERSION`](crate::ABI_VERSION) and the protocol [`REVISION`](crate::protocol::REVISION)
//! say which requests there are; they do not cover the shape of what the messages carry
//! (felt-core's `TableView`, `Action`, `Analysis` …), which serde writes as they are. A plugin
//! built against other shapes would load and then fail mid-game with "does not decode". The
//! abi test suite's `golden` test fails when a message no longer serializes as its sample, and
//! `FELT_BLESS=1` rewrites the samples; that changes this hash, which a plugin says in its
//! hello, so felt refuses a plugin of other shapes when it loads it, naming both hashes.

/// The files `golden/NAME.json`, each as `(NAME, its bytes)`.
macro_rules! golden {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../golden/", $name, ".json")) as &[u8])),*]
    };
}

/// The golden sample files the hash is of, by name (without `.json`), in the order of the abi
/// test suite's `samples`, which checks that this list is its own.
pub const GOLDEN: &[(&str, &[u8])] = golden![
    "request-hello",
    "request-build",
    "request-release",
    "request-new-game",
    "request-check",
    "request-apply",
    "request-legal-actions",
    "request-rank-moves",
    "request-view",
    "request-status",
    "request-scoreboard",
    "request-turn",
    "request-analyze-solve",
    "request-analyze-hint",
    "request-analyze-dead-end",
    "request-decode-state",
    "request-import-position",
    "request-export-position",
    "request-may-undo",
    "request-places",
    "request-facts",
    "request-closed-piles",
    "request-meant-group",
    "reply-hello",
    "reply-built",
    "reply-refused",
    "reply-done",
    "reply-state",
    "reply-checked-ok",
    "reply-checked-refused",
    "reply-applied-ok",
    "reply-applied-refused",
    "reply-actions",
    "reply-view",
    "reply-status-playing",
    "reply-status-won",
    "reply-status-over",
    "reply-scoreboard",
    "reply-turn-some",
    "reply-turn-none",
    "reply-analysis-none",
    "reply-analysis-won",
    "reply-analysis-unwinnable",
    "reply-analysis-undecided-cpu-time",
    "reply-analysis-undecided-states",
    "reply-analysis-undecided-memory",
    "reply-analysis-undecided-caller",
    "reply-analysis-undecided-cancelled",
    "reply-analysis-undecided-hidden",
    "reply-analysis-undecided-move-limit",
    "reply-analysis-undecided-ruleset-cap",
    "reply-analysis-undecided-wall-clock",
    "reply-analysis-undecided-failed",
    "reply-analysis-hint",
    "reply-analysis-hint-none",
    "reply-analysis-dead-end",
    "reply-imported-ok",
    "reply-imported-refused",
    "reply-exported-some",
    "reply-exported-none",
    "reply-places",
    "reply-places-refused",
    "reply-facts",
    "reply-closed-piles",
    "reply-group-some",
    "reply-group-none",
];

/// FNV-1a over each sample's name, length and bytes, in order: a `const fn`, so the hash is
/// fixed when felt-abi compiles, from the very bytes checked in.
pub const fn hash(samples: &[(&str, &[u8])]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < samples.len() {
        let (name, bytes) = samples[i];
        let name = name.as_bytes();
        let len = (bytes.len() as u64).to_le_bytes();
        let mut j = 0;
        while j < name.len() {
            h = (h ^ name[j] as u64).wrapping_mul(PRIME);
            j += 1;
        }
        let mut j = 0;
        while j < len.len() {
            h = (h ^ len[j] as u64).wrapping_mul(PRIME);
            j += 1;
        }
        let mut j = 0;
        while j < bytes.len() {
            h = (h ^ bytes[j] as u64).wrapping_mul(PRIME);
            j += 1;
        }
        i += 1;
    }
    h
}

/// A schema hash as felt writes it in messages: 16 hex digits.
pub fn text(hash: u64) -> String {
    format!("{hash:016x}")
}
