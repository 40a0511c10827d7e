//! The golden samples of the plugin messages (`crates/felt-plugin/golden/*.json`): every message
//! of `samples` serializes to its file byte for byte, and every file decodes back to its
//! message, so a change of a message's shape (a field, a new variant of an enum a message
//! carries) fails here, by name, before it reaches a plugin as "does not decode".
//! `FELT_BLESS=1` writes the live serialization over the files; the schema hash a plugin says
//! in its hello is a hash of them ([`felt_abi::SCHEMA_HASH`]), so blessing a change also makes
//! felt refuse plugins built before it.

use crate::samples::{self, Message, Sample};

use felt_abi::protocol::{self, Reply, Request};
use felt_abi::schema;
use serde::de::{self, DeserializeOwned, Visitor};
use serde_json::Value;
use std::cell::Cell;
use std::path::PathBuf;
use std::sync::OnceLock;

/// What a failure tells the reader to do.
const BLESS: &str =
    "if the change is meant, `FELT_BLESS=1 cargo test -p felt-abi --test abi golden` \
     writes the live serialization as the golden samples: review their diff, since a new shape \
     is a new schema hash and felt then refuses plugins built before it";

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../felt-plugin/golden")
}

/// The message's JSON exactly as a frame carries it, and a newline to end the file.
fn wire(message: &Message) -> Vec<u8> {
    let frame = match message {
        Message::Request(r) => protocol::encode(r, &[]),
        Message::Reply(r) => protocol::encode(r, &[]),
    };
    let (json, _) = protocol::split(&frame).expect("a frame we just wrote");
    let mut out = json.to_vec();
    out.push(b'\n');
    out
}

/// The samples, and each one's golden file as read (none when it is missing).
struct Golden {
    samples: Vec<Sample>,
    files: Vec<Option<Vec<u8>>>,
}

/// The samples and their files, read after writing them all when blessing. Read once, so
/// that the tests of this file never see a file half written.
fn golden() -> &'static Golden {
    static GOLDEN: OnceLock<Golden> = OnceLock::new();
    GOLDEN.get_or_init(|| {
        let samples = samples::all();
        if std::env::var_os("FELT_BLESS").is_some_and(|v| v == "1") {
            bless(&samples);
        }
        let files = samples
            .iter()
            .map(|s| std::fs::read(dir().join(format!("{}.json", s.name))).ok())
            .collect();
        Golden { samples, files }
    })
}

/// Writes every sample's file and removes the files of samples that are gone.
fn bless(samples: &[Sample]) {
    let dir = dir();
    std::fs::create_dir_all(&dir).expect("the golden folder");
    for stale in json_files() {
        if !samples.iter().any(|s| s.name == stale) {
            std::fs::remove_file(dir.join(format!("{stale}.json"))).expect("remove a stale sample");
        }
    }
    for s in samples {
        std::fs::write(dir.join(format!("{}.json", s.name)), wire(&s.message))
            .expect("write a golden sample");
    }
}

/// The names of the `.json` files in the golden folder, sorted.
fn json_files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    name.strip_suffix(".json").map(str::to_string)
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Where `golden` and `live` first differ: the JSON path and both values when they differ as
/// JSON, else (the same values, written otherwise) the byte and what surrounds it.
fn first_difference(golden: &[u8], live: &[u8]) -> String {
    if let (Ok(g), Ok(l)) = (
        serde_json::from_slice::<Value>(golden),
        serde_json::from_slice::<Value>(live),
    ) {
        if let Some(at) = json_difference("$", &g, &l) {
            return at;
        }
    }
    let at = golden
        .iter()
        .zip(live)
        .position(|(g, l)| g != l)
        .unwrap_or(golden.len().min(live.len()));
    let around = |bytes: &[u8]| {
        let from = at.saturating_sub(30);
        let to = (at + 30).min(bytes.len());
        String::from_utf8_lossy(&bytes[from..to]).into_owned()
    };
    format!(
        "at byte {at}: the golden sample has …{}… where the live message has …{}…",
        around(golden),
        around(live)
    )
}

fn json_difference(path: &str, golden: &Value, live: &Value) -> Option<String> {
    match (golden, live) {
        (Value::Object(g), Value::Object(l)) => {
            for (key, gv) in g {
                match l.get(key) {
                    Some(lv) => {
                        if let Some(at) = json_difference(&format!("{path}.{key}"), gv, lv) {
                            return Some(at);
                        }
                    }
                    None => {
                        return Some(format!(
                            "at {path}.{key}: the live message has no such field (golden: {gv})"
                        ))
                    }
                }
            }
            l.iter()
                .find(|(key, _)| !g.contains_key(*key))
                .map(|(key, lv)| {
                    format!("at {path}.{key}: a field the golden sample has not (live: {lv})")
                })
        }
        (Value::Array(g), Value::Array(l)) => {
            for (i, (gv, lv)) in g.iter().zip(l).enumerate() {
                if let Some(at) = json_difference(&format!("{path}[{i}]"), gv, lv) {
                    return Some(at);
                }
            }
            (g.len() != l.len()).then(|| {
                format!(
                    "at {path}: {} items in the golden sample, {} in the live message",
                    g.len(),
                    l.len()
                )
            })
        }
        (g, l) if g != l => Some(format!("at {path}: golden {g}, live {l}")),
        _ => None,
    }
}

#[test]
fn every_message_serializes_as_its_golden_sample() {
    let Golden { samples, files } = golden();
    let mut failures = Vec::new();
    for (sample, file) in samples.iter().zip(files) {
        let live = wire(&sample.message);
        match file {
            None => failures.push(format!("{}: no golden sample", sample.name)),
            Some(golden) if *golden != live => failures.push(format!(
                "{}: serializes otherwise than its golden sample, {}",
                sample.name,
                first_difference(golden, &live)
            )),
            Some(_) => {}
        }
    }
    for file in json_files() {
        if !samples.iter().any(|s| s.name == file) {
            failures.push(format!("{file}: a golden sample of no message"));
        }
    }
    assert!(failures.is_empty(), "{}\n({BLESS})", failures.join("\n"));
}

#[test]
fn every_golden_sample_decodes_to_its_message() {
    let Golden { samples, files } = golden();
    let mut failures = Vec::new();
    for (sample, file) in samples.iter().zip(files) {
        let Some(bytes) = file else { continue };
        let frame = protocol::encode_raw(bytes);
        let back = match &sample.message {
            Message::Request(_) => {
                protocol::decode::<Request>(&frame).map(|(r, _)| Message::Request(r))
            }
            Message::Reply(_) => protocol::decode::<Reply>(&frame).map(|(r, _)| Message::Reply(r)),
        };
        match back {
            Ok(back) if back == sample.message => {}
            Ok(back) => failures.push(format!(
                "{}: decodes to another message: {back:?}",
                sample.name
            )),
            Err(e) => failures.push(format!("{}: {e}", sample.name)),
        }
    }
    assert!(failures.is_empty(), "{}\n({BLESS})", failures.join("\n"));
}

#[test]
fn the_schema_hash_covers_every_golden_sample_in_order() {
    let samples = &golden().samples;
    let listed: Vec<&str> = schema::GOLDEN.iter().map(|(name, _)| *name).collect();
    let names: Vec<&str> = samples.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        listed, names,
        "felt_plugin::schema::GOLDEN (crates/felt-plugin/src/schema.rs) lists the golden files the \
         schema hash is computed from: list each sample there, in the order of \
         tests/abi/samples.rs"
    );
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "two samples share a name");
    // The hash is of the files as compiled in; read now, they give the same.
    let read: Vec<(&str, Vec<u8>)> = names
        .iter()
        .map(|n| {
            (
                *n,
                std::fs::read(dir().join(format!("{n}.json"))).unwrap_or_default(),
            )
        })
        .collect();
    let read: Vec<(&str, &[u8])> = read.iter().map(|(n, b)| (*n, b.as_slice())).collect();
    assert_eq!(
        schema::hash(&read),
        felt_abi::SCHEMA_HASH,
        "the golden files changed since felt-abi was compiled: build again"
    );
}

// Every variant of every enum the messages carry crosses in some sample: serde's derive names
// an enum's variants when it is asked to deserialize one, and `variants` asks.

/// A deserializer that only notes the variants of the enum it is asked for.
struct Probe<'a>(&'a Cell<&'static [&'static str]>);

impl<'de> de::Deserializer<'de> for Probe<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("not an enum"))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.set(variants);
        Err(de::Error::custom("noted"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

/// The names of `T`'s variants as they cross (after serde's renames).
fn variants<T: DeserializeOwned>() -> &'static [&'static str] {
    let noted = Cell::new(&[][..]);
    let _ = T::deserialize(Probe(&noted));
    noted.get()
}

/// The variant a value of an enum crosses as: a bare name, or the one key of an object.
fn tag(value: &Value) -> Option<String> {
    match value {
        Value::String(name) => Some(name.clone()),
        Value::Object(map) if map.len() == 1 => map.keys().next().cloned(),
        _ => None,
    }
}

/// The variants of `T` none of `values` is, as `T::Variant`.
fn missing<T: DeserializeOwned + serde::Serialize>(name: &str, values: &[T]) -> Vec<String> {
    let tags: Vec<String> = values
        .iter()
        .filter_map(|v| tag(&serde_json::to_value(v).expect("a sample serializes")))
        .collect();
    let all = variants::<T>();
    assert!(!all.is_empty(), "{name} is not an enum serde names");
    all.iter()
        .filter(|v| !tags.iter().any(|t| t == *v))
        .map(|v| format!("{name}::{v}"))
        .collect()
}

fn second<A, B>(pairs: Vec<(A, B)>) -> Vec<B> {
    pairs.into_iter().map(|(_, b)| b).collect()
}

#[test]
fn every_variant_crosses_in_a_golden_sample() {
    let requests = second(samples::requests());
    let replies = second(samples::replies());
    let mut gaps = Vec::new();
    gaps.extend(missing("Request", &requests));
    gaps.extend(missing("Reply", &replies));
    gaps.extend(missing("Action", &samples::actions()));
    gaps.extend(missing("Event", &samples::events()));
    gaps.extend(missing("Status", &second(samples::statuses())));
    gaps.extend(missing(
        "AnalyzeRequest",
        &second(samples::analyze_requests()),
    ));
    gaps.extend(missing("Analysis", &second(samples::analyses())));
    gaps.extend(missing("Stopped", &second(samples::stops())));
    gaps.extend(missing("PileRole", &samples::pile_roles()));
    gaps.extend(missing("DrawHint", &samples::draw_hints()));
    gaps.extend(missing("CardFace", &samples::card_faces()));
    gaps.extend(missing("Command", &samples::commands()));
    gaps.extend(missing("Summary", &samples::summaries()));
    assert!(
        gaps.is_empty(),
        "no golden sample carries {}: add one to crates/felt-abi/tests/abi/samples.rs, then bless \
         ({BLESS})",
        gaps.join(", ")
    );
}
