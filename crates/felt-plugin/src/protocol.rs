//! The messages that cross the ABI, and how they are framed.
//!
//! A frame is `u32` (little-endian) length of a JSON document, the JSON document, then an
//! opaque blob: the game state where a message carries one. JSON keeps the messages
//! self-describing (a plugin built against another felt-core fails to decode, it does not
//! misread); the blob keeps game states out of JSON escaping, so they cross as they are.

use felt_core::ScoreTable;
use felt_core::{
    Action, Analysis, AnalyzeRequest, Event, Fact, PileId, Places, RuleChoice, RuleViolation,
    RulesetInfo, Scoreboard, Seat, Shuffles, Status, TableView, Turn, Variant,
};
use serde::{Deserialize, Serialize};

/// A request from the host. Requests about a game carry its state in the frame's blob.
// Requests are built, serialized and dropped at once: boxing `Build`'s variant saves nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Who are you? Answered with [`Reply::Hello`].
    Hello,
    /// Build an instance for a variant and rules choice: [`Reply::Built`] or [`Reply::Refused`].
    Build {
        /// The variant, parsed by the host.
        variant: Variant,
        /// The scoring table it names.
        scoring: Option<ScoreTable>,
        /// The rules choice in force.
        rules: RuleChoice,
    },
    /// The host dropped an instance: [`Reply::Done`].
    Release {
        /// The instance.
        instance: u64,
    },
    /// A new game: [`Reply::State`] with the state in the blob.
    NewGame {
        /// The instance.
        instance: u64,
        /// The shuffle.
        seed: u64,
    },
    /// Is the action legal? [`Reply::Checked`].
    Check {
        /// The instance.
        instance: u64,
        /// The action.
        action: Action,
    },
    /// Apply the action: [`Reply::Applied`], with the new state in the blob when it was applied.
    Apply {
        /// The instance.
        instance: u64,
        /// The action.
        action: Action,
    },
    /// Every legal action: [`Reply::Actions`].
    LegalActions {
        /// The instance.
        instance: u64,
    },
    /// Legal moves of one card, best first: [`Reply::Actions`]. What a host of the first
    /// revisions asks; a newer host asks [`Request::Places`] of a plugin that speaks it.
    RankMoves {
        /// The instance.
        instance: u64,
        /// The pile.
        from: PileId,
        /// The card's index.
        index: u16,
    },
    /// The table as a seat sees it: [`Reply::View`].
    View {
        /// The instance.
        instance: u64,
        /// The seat.
        seat: Seat,
    },
    /// Playing, won or over: [`Reply::Status`].
    Status {
        /// The instance.
        instance: u64,
    },
    /// Score and moves: [`Reply::Scoreboard`].
    Scoreboard {
        /// The instance.
        instance: u64,
    },
    /// The seat the game waits for: [`Reply::Turn`].
    Turn {
        /// The instance.
        instance: u64,
    },
    /// The analysis hook: [`Reply::Analysis`].
    Analyze {
        /// The instance.
        instance: u64,
        /// The question.
        request: AnalyzeRequest,
    },
    /// Check saved bytes (in the blob): [`Reply::State`] with the state as the plugin keeps it.
    DecodeState {
        /// The instance.
        instance: u64,
    },
    /// A position from text: [`Reply::Imported`], with the state in the blob when it worked.
    ImportPosition {
        /// The instance.
        instance: u64,
        /// The text.
        text: String,
    },
    /// The position as text: [`Reply::Exported`].
    ExportPosition {
        /// The instance.
        instance: u64,
    },
    /// May the last action be taken back? [`Reply::Checked`]. Sent only to a plugin whose
    /// [`Hello::revision`] is at least [`REVISION_MAY_UNDO`]; an older one is not asked, and
    /// its games undo as they always did.
    MayUndo {
        /// The instance.
        instance: u64,
        /// Actions undone just before.
        undone: usize,
    },
    /// Where a group may go: [`Reply::Places`]. Sent only to a plugin whose
    /// [`Hello::revision`] is at least [`REVISION_PLACES`]; an older one is asked
    /// [`Request::RankMoves`], whose first move is taken as the best place.
    Places {
        /// The instance.
        instance: u64,
        /// The pile.
        from: PileId,
        /// The first card's index.
        index: u16,
    },
    /// The facts the records keep about the game: [`Reply::Facts`]. Sent only to a plugin
    /// whose [`Hello::revision`] is at least [`REVISION_FACTS`]; an older one is not asked,
    /// and its games keep the statistics every game has.
    Facts {
        /// The instance.
        instance: u64,
    },
    /// The piles a player never moves cards to or from ([`felt_core::Ruleset::player_moves`]
    /// false): [`Reply::ClosedPiles`]. Asked once per instance, since the answer depends on the
    /// variant only, and only of a plugin whose [`Hello::revision`] is at least
    /// [`REVISION_CLOSED_PILES`]; an older one is not asked, and its piles are all the player's.
    ClosedPiles {
        /// The instance.
        instance: u64,
    },
    /// The group of `from` a player means for `to` when no move there is legal
    /// ([`felt_core::Ruleset::meant_group`]): [`Reply::Group`]. Sent only to a plugin whose
    /// [`Hello::revision`] is at least [`REVISION_MEANT_GROUP`]; an older one is not asked,
    /// and the last card is meant.
    MeantGroup {
        /// The instance.
        instance: u64,
        /// The pile the cards would leave.
        from: PileId,
        /// The pile they would go to.
        to: PileId,
    },
}

/// The revision of the protocol this crate speaks, within [`crate::ABI_VERSION`]: a revision
/// adds requests an older plugin never receives, so plugins of every revision still load.
pub const REVISION: u32 = 5;
/// The revision that added [`Request::MayUndo`].
pub const REVISION_MAY_UNDO: u32 = 1;
/// The revision that added [`Request::Places`] (the best place and the legal targets apart,
/// and a group refused before it is picked up).
pub const REVISION_PLACES: u32 = 2;
/// The revision that added [`Request::Facts`].
pub const REVISION_FACTS: u32 = 3;
/// The revision that added [`Request::ClosedPiles`].
pub const REVISION_CLOSED_PILES: u32 = 4;
/// The revision that added [`Request::MeantGroup`].
pub const REVISION_MEANT_GROUP: u32 = 5;

impl Request {
    /// The request's name, for error messages.
    pub fn name(&self) -> &'static str {
        match self {
            Request::Hello => "hello",
            Request::Build { .. } => "build",
            Request::Release { .. } => "release",
            Request::NewGame { .. } => "new-game",
            Request::Check { .. } => "check",
            Request::Apply { .. } => "apply",
            Request::LegalActions { .. } => "legal-actions",
            Request::RankMoves { .. } => "rank-moves",
            Request::View { .. } => "view",
            Request::Status { .. } => "status",
            Request::Scoreboard { .. } => "scoreboard",
            Request::Turn { .. } => "turn",
            Request::Analyze { .. } => "analyze",
            Request::DecodeState { .. } => "decode-state",
            Request::ImportPosition { .. } => "import-position",
            Request::ExportPosition { .. } => "export-position",
            Request::MayUndo { .. } => "may-undo",
            Request::Places { .. } => "places",
            Request::Facts { .. } => "facts",
            Request::ClosedPiles { .. } => "closed-piles",
            Request::MeantGroup { .. } => "meant-group",
        }
    }

    /// The instance the request is about, to change: a host whose helper process was
    /// started again sends the same request to the instance built there. `None` for the
    /// requests about no instance (`Hello`, `Build`).
    pub fn instance_mut(&mut self) -> Option<&mut u64> {
        match self {
            Request::Hello | Request::Build { .. } => None,
            Request::Release { instance }
            | Request::NewGame { instance, .. }
            | Request::Check { instance, .. }
            | Request::Apply { instance, .. }
            | Request::LegalActions { instance }
            | Request::RankMoves { instance, .. }
            | Request::View { instance, .. }
            | Request::Status { instance }
            | Request::Scoreboard { instance }
            | Request::Turn { instance }
            | Request::Analyze { instance, .. }
            | Request::DecodeState { instance }
            | Request::ImportPosition { instance, .. }
            | Request::ExportPosition { instance }
            | Request::MayUndo { instance, .. }
            | Request::Places { instance, .. }
            | Request::Facts { instance }
            | Request::ClosedPiles { instance }
            | Request::MeantGroup { instance, .. } => Some(instance),
        }
    }
}

/// What a plugin says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The ABI the plugin speaks; must equal the table's.
    pub abi: u32,
    /// The ruleset id variant files name.
    pub ruleset: String,
    /// The plugin crate's version.
    pub version: String,
    /// One line on the game.
    pub description: String,
    /// Rules choices, the default first.
    pub rules: Vec<RuleChoice>,
    /// Variant files shipped inside the plugin, as `(file name, TOML text)`.
    pub variants: Vec<(String, String)>,
    /// The family's name as a player writes it; empty from a plugin that does not say (the
    /// host then capitalises the id).
    #[serde(default)]
    pub name: String,
    /// The protocol revision the plugin speaks ([`REVISION`]); 0 from a plugin that does not
    /// say, which is then sent only the requests of the first revision.
    #[serde(default)]
    pub revision: u32,
    /// Scoring tables shipped inside the plugin, as `(file name, TOML text)`; none from a
    /// plugin older than them.
    #[serde(default)]
    pub scoring: Vec<(String, String)>,
    /// The shape of the messages the plugin was built with ([`crate::SCHEMA_HASH`]); none
    /// from a plugin older than schema hashes. felt loads only a plugin whose hash is its own.
    #[serde(default)]
    pub schema: Option<u64>,
}

/// A plugin's answer. Which variant answers which request is documented on [`Request`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// Identity.
    Hello(Hello),
    /// A new instance.
    Built {
        /// Its handle, named by later requests.
        instance: u64,
        /// Its identity and help.
        info: RulesetInfo,
        /// The shuffles it deals ([`felt_core::Ruleset::shuffles`]); none from an older
        /// plugin, whose every shuffle is a deal.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shuffles: Option<Shuffles>,
    },
    /// The ruleset refused the variant.
    Refused {
        /// The key at fault, dotted.
        key: Option<String>,
        /// What is wrong.
        message: String,
    },
    /// Done, nothing to say.
    Done,
    /// A state, in the blob.
    State,
    /// Legal or not.
    Checked(Result<(), RuleViolation>),
    /// Applied (new state in the blob) or refused (no blob).
    Applied(Result<Vec<Event>, RuleViolation>),
    /// Actions.
    Actions(Vec<Action>),
    /// A table view.
    View(TableView),
    /// A status.
    Status(Status),
    /// A scoreboard.
    Scoreboard(Scoreboard),
    /// The seat to act, if the game names one.
    Turn(Option<Turn>),
    /// An analysis, if the ruleset offers one.
    Analysis(Option<Analysis>),
    /// A position was read (state in the blob) or why not.
    Imported(Result<(), String>),
    /// A position as text, if the ruleset has a format.
    Exported(Option<String>),
    /// Where a group may go.
    Places(Places),
    /// The facts about a game.
    Facts(Vec<Fact>),
    /// The piles closed to the player, each once, in no particular order.
    ClosedPiles(Vec<PileId>),
    /// The index of the group meant, if not the last card.
    Group(Option<u16>),
}

impl Reply {
    /// The reply's name, for error messages.
    pub fn name(&self) -> &'static str {
        match self {
            Reply::Hello(_) => "hello",
            Reply::Built { .. } => "built",
            Reply::Refused { .. } => "refused",
            Reply::Done => "done",
            Reply::State => "state",
            Reply::Checked(_) => "checked",
            Reply::Applied(_) => "applied",
            Reply::Actions(_) => "actions",
            Reply::View(_) => "view",
            Reply::Status(_) => "status",
            Reply::Scoreboard(_) => "scoreboard",
            Reply::Turn(_) => "turn",
            Reply::Analysis(_) => "analysis",
            Reply::Imported(_) => "imported",
            Reply::Exported(_) => "exported",
            Reply::Places(_) => "places",
            Reply::Facts(_) => "facts",
            Reply::ClosedPiles(_) => "closed-piles",
            Reply::Group(_) => "group",
        }
    }
}

/// A frame that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// Fewer than four bytes, or a length past the end.
    #[error("frame is cut short: {0}")]
    Short(String),
    /// The JSON part does not decode as the expected message.
    #[error("message does not decode: {0}")]
    Json(String),
}

/// Writes a frame: the message as JSON, then the blob.
pub fn encode<T: Serialize>(message: &T, blob: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(256 + blob.len());
    out.extend_from_slice(&[0; 4]);
    // Serializing these plain data types to a Vec cannot fail; an empty message is refused
    // by the reader, so a failure would still surface as an error rather than a misread.
    let _ = serde_json::to_writer(&mut out, message);
    let len = (out.len() - 4) as u32;
    out[..4].copy_from_slice(&len.to_le_bytes());
    out.extend_from_slice(blob);
    out
}

/// A frame around JSON text given as bytes (for tests of what a broken peer might send).
pub fn encode_raw(json: &[u8]) -> Vec<u8> {
    let mut out = (json.len() as u32).to_le_bytes().to_vec();
    out.extend_from_slice(json);
    out
}

/// Splits a frame into its JSON part and its blob.
pub fn split(frame: &[u8]) -> Result<(&[u8], &[u8]), FrameError> {
    let head: [u8; 4] = frame
        .get(..4)
        .and_then(|h| h.try_into().ok())
        .ok_or_else(|| {
            FrameError::Short(format!(
                "{} bytes, a frame starts with a 4-byte length",
                frame.len()
            ))
        })?;
    let len = u32::from_le_bytes(head) as usize;
    let rest = &frame[4..];
    if len > rest.len() {
        return Err(FrameError::Short(format!(
            "length {len} but only {} bytes follow",
            rest.len()
        )));
    }
    Ok(rest.split_at(len))
}

/// Reads a frame as a message of type `T` and its blob.
pub fn decode<T: serde::de::DeserializeOwned>(frame: &[u8]) -> Result<(T, &[u8]), FrameError> {
    let (json, blob) = split(frame)?;
    let message = serde_json::from_slice(json).map_err(|e| FrameError::Json(e.to_string()))?;
    Ok((message, blob))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_with_their_blob() {
        let request = Request::Check {
            instance: 7,
            action: Action::Choose { option: 3 },
        };
        let frame = encode(&request, b"state bytes");
        let (back, blob): (Request, &[u8]) = decode(&frame).expect("decodes");
        assert_eq!(back, request);
        assert_eq!(blob, b"state bytes");
    }

    #[test]
    fn short_frames_are_refused_with_a_reason() {
        assert!(matches!(split(&[1, 0]), Err(FrameError::Short(_))));
        let err = split(&[9, 0, 0, 0, b'{']).expect_err("length past the end");
        assert_eq!(
            err.to_string(),
            "frame is cut short: length 9 but only 1 bytes follow"
        );
    }
}
