//! A representative value of every message that crosses the ABI, both ways, and within them
//! every variant of the felt-core enums they carry: what `golden` pins as
//! `crates/felt-plugin/golden/*.json`.
//!
//! Each list of an enum's values ends in a `match` with no wildcard, so a new variant does
//! not compile until it is named there, next to the list it needs a sample in; `golden`'s
//! `every_variant_crosses_in_a_golden_sample` then checks, through serde's own list of the
//! variants, that the list holds it.

use felt_abi::protocol::{Hello, Reply, Request};
use felt_core::{
    Action, Card, ExtraKey, Fact, Moment, PileId, PileView, Place, Places, Prompt, PromptOption,
    Rank, Report, RuleChoice, RuleViolation, RulesetInfo, ScoreTable, Scoreboard, Seat, Sheet,
    Shuffles, StatusItem, Stopped, Suit, TableView, Turn, Variant,
};
use std::collections::BTreeMap;

pub use crate::enum_samples::*;

/// One message, either way.
// Sixty-odd values built once for a test: boxing the larger saves nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// Host to plugin.
    Request(Request),
    /// Plugin to host.
    Reply(Reply),
}

/// A golden sample: its file's name (without `.json`) and the message.
#[derive(Clone, Debug)]
pub struct Sample {
    /// `request-NAME` or `reply-NAME`, with `-CASE` where a message has several samples.
    pub name: String,
    /// The value.
    pub message: Message,
}

/// Every sample, requests first, each in the order of its enum.
pub fn all() -> Vec<Sample> {
    let mut out = Vec::new();
    let mut request = |case: &str, r: Request| {
        out.push(Sample {
            name: named("request", r.name(), case),
            message: Message::Request(r),
        })
    };
    for (case, r) in requests() {
        request(case, r);
    }
    for (case, r) in replies() {
        out.push(Sample {
            name: named("reply", r.name(), case),
            message: Message::Reply(r),
        });
    }
    out
}

fn named(direction: &str, name: &str, case: &str) -> String {
    if case.is_empty() {
        format!("{direction}-{name}")
    } else {
        format!("{direction}-{name}-{case}")
    }
}

/// Every request, with a case name where one request has several samples.
pub fn requests() -> Vec<(&'static str, Request)> {
    let i = 3;
    let mut out = vec![
        ("", Request::Hello),
        (
            "",
            Request::Build {
                variant: variant(),
                scoring: Some(score_table()),
                rules: rule_choice(),
            },
        ),
        ("", Request::Release { instance: i }),
        (
            "",
            Request::NewGame {
                instance: i,
                seed: 0x0123_4567_89ab_cdef,
            },
        ),
        (
            "",
            Request::Check {
                instance: i,
                action: actions()[0].clone(),
            },
        ),
        (
            "",
            Request::Apply {
                instance: i,
                action: actions()[3].clone(),
            },
        ),
        ("", Request::LegalActions { instance: i }),
        (
            "",
            Request::RankMoves {
                instance: i,
                from: PileId(2),
                index: 5,
            },
        ),
        (
            "",
            Request::View {
                instance: i,
                seat: Seat(1),
            },
        ),
        ("", Request::Status { instance: i }),
        ("", Request::Scoreboard { instance: i }),
        ("", Request::Turn { instance: i }),
    ];
    for (case, request) in analyze_requests() {
        out.push((
            case,
            Request::Analyze {
                instance: i,
                request,
            },
        ));
    }
    out.extend([
        ("", Request::DecodeState { instance: i }),
        (
            "",
            Request::ImportPosition {
                instance: i,
                text: "stock: 5H 6H\n1: KS QH | JS\n".into(),
            },
        ),
        ("", Request::ExportPosition { instance: i }),
        (
            "",
            Request::MayUndo {
                instance: i,
                undone: 2,
            },
        ),
        (
            "",
            Request::Places {
                instance: i,
                from: PileId(4),
                index: 1,
            },
        ),
        ("", Request::Facts { instance: i }),
        ("", Request::ClosedPiles { instance: i }),
        (
            "",
            Request::MeantGroup {
                instance: i,
                from: PileId(1),
                to: PileId(7),
            },
        ),
    ]);
    out
}

/// Every reply, with a case name where one reply has several samples.
pub fn replies() -> Vec<(&'static str, Reply)> {
    let refusal = RuleViolation::new("SP-GROUP", "Only a run of one suit moves as a group");
    let mut out = vec![
        ("", Reply::Hello(hello())),
        (
            "",
            Reply::Built {
                instance: 3,
                info: info(),
                shuffles: Some(Shuffles {
                    first: 1,
                    last: 1_000_000,
                    what: "numbered deals".into(),
                }),
            },
        ),
        (
            "",
            Reply::Refused {
                key: Some("game.columns".into()),
                message: "columns must be from 1 to 12".into(),
            },
        ),
        ("", Reply::Done),
        ("", Reply::State),
        ("ok", Reply::Checked(Ok(()))),
        ("refused", Reply::Checked(Err(refusal.clone()))),
        ("ok", Reply::Applied(Ok(events()))),
        ("refused", Reply::Applied(Err(refusal.clone()))),
        ("", Reply::Actions(actions())),
        ("", Reply::View(view())),
    ];
    for (case, status) in statuses() {
        out.push((case, Reply::Status(status)));
    }
    out.extend([
        (
            "",
            Reply::Scoreboard(Scoreboard {
                score: Some(-25),
                moves: 117,
            }),
        ),
        (
            "some",
            Reply::Turn(Some(Turn {
                seat: Seat(2),
                name: "North".into(),
            })),
        ),
        ("none", Reply::Turn(None)),
        ("none", Reply::Analysis(None)),
    ]);
    for (case, analysis) in analyses() {
        out.push((case, Reply::Analysis(Some(analysis))));
    }
    out.extend([
        ("ok", Reply::Imported(Ok(()))),
        (
            "refused",
            Reply::Imported(Err("line 2: 'ZZ' is not a card".into())),
        ),
        ("some", Reply::Exported(Some("1: KS QH\n".into()))),
        ("none", Reply::Exported(None)),
        (
            "",
            Reply::Places(Places {
                best: Some(actions()[0].clone()),
                legal: vec![
                    actions()[0].clone(),
                    Action::Move {
                        from: PileId(2),
                        index: 5,
                        to: PileId(8),
                    },
                ],
                refused: None,
            }),
        ),
        (
            "refused",
            Reply::Places(Places {
                best: None,
                legal: Vec::new(),
                refused: Some(refusal),
            }),
        ),
        ("", Reply::Facts(facts())),
        ("", Reply::ClosedPiles(vec![PileId(0), PileId(11)])),
        ("some", Reply::Group(Some(4))),
        ("none", Reply::Group(None)),
    ]);
    out
}

/// A hello as a plugin says it. Its schema hash is a fixed stand-in: the live one is a hash of
/// these files, so it cannot be in one of them.
pub fn hello() -> Hello {
    Hello {
        abi: 2,
        ruleset: "spider".into(),
        version: "1.2.3".into(),
        description: "Build runs of one suit".into(),
        rules: vec![rule_choice()],
        variants: vec![("spider-1suit.toml".into(), "id = \"spider-1suit\"\n".into())],
        name: "Spider".into(),
        revision: 5,
        scoring: vec![("classic.toml".into(), "name = \"Classic\"\n".into())],
        schema: Some(0x0123_4567_89ab_cdef),
    }
}

fn rule_choice() -> RuleChoice {
    RuleChoice {
        id: "classic".into(),
        letter: 'C',
        name: "Classic".into(),
        description: "Groups of one suit move together".into(),
    }
}

fn variant() -> Variant {
    toml::from_str(
        "id = \"spider-2suit\"\naliases = [\"spider2\"]\nname = \"Spider (2 suits)\"\n\
         description = \"Two suits\"\nruleset = \"spider\"\ncode = \"SP1-S2\"\n\
         rules = [\"classic\"]\nundo_depth = 50\nscoring = \"classic\"\nseats = [\"S\"]\n\
         [game]\ndecks = 2\nsuits = [\"S\", \"H\"]\n",
    )
    .expect("the sample variant is a variant")
}

fn score_table() -> ScoreTable {
    ScoreTable {
        id: "vegas".into(),
        name: "Vegas".into(),
        shows_score: true,
        start: -52,
        floor: Some(-500),
        points: BTreeMap::from([("foundation".into(), 5), ("move".into(), -1)]),
        running_total: true,
    }
}

fn info() -> RulesetInfo {
    RulesetInfo {
        ruleset: "spider".into(),
        variant: "spider-1suit".into(),
        name: "Spider (1 suit)".into(),
        rules: "classic".into(),
        help: vec!["Build down in suit.".into(), "Deal when stuck.".into()],
        seats: 1,
        hints: true,
        commands: Some(commands()),
        extras: vec![ExtraKey {
            name: "sweep".into(),
            arg: -1,
            key: 'w',
            help: "sweep the table".into(),
        }],
    }
}

pub(crate) fn card(suit: Suit, rank: u8) -> Card {
    Card::new(suit, Rank::new(rank).expect("a rank from 1 to 13"))
}

fn view() -> TableView {
    // One pile of each role, drawn each way in turn, so every role and hint crosses.
    let hints = draw_hints();
    let piles: Vec<PileView> = pile_roles()
        .into_iter()
        .enumerate()
        .map(|(i, role)| PileView {
            id: PileId(i as u8),
            role,
            label: format!("{}", i + 1),
            hint: hints[i % hints.len()],
            // One pile half a column across, so the field crosses.
            place: Place {
                half: i == 2,
                ..Place::at((i / 4) as u8, (i % 4) as u8)
            },
            cards: if i == 0 { card_faces() } else { Vec::new() },
            note: (i == 1).then(|| "4 deals left".into()),
        })
        .collect();
    TableView {
        seat: Seat(0),
        piles: piles.clone(),
        status: vec![StatusItem {
            key: "score".into(),
            label: "Score".into(),
            value: "500".into(),
        }],
        prompt: Some(Prompt {
            question: "Your bid?".into(),
            options: vec![
                PromptOption {
                    id: 0,
                    label: "Nil".into(),
                    confirm: Some("Bid Nil?".into()),
                },
                PromptOption {
                    id: 3,
                    label: "3".into(),
                    confirm: None,
                },
            ],
            default: Some(3),
        }),
        messages: vec!["Removed a run".into()],
        moments: vec![Moment {
            piles: vec![piles[0].clone()],
            message: "West wins the trick".into(),
            hold: true,
        }],
        sheets: vec![Sheet {
            key: 's',
            title: "Score sheet".into(),
            lines: vec!["Hand  Us  Them".into(), "1     52  31".into()],
            open: true,
        }],
    }
}

fn facts() -> Vec<Fact> {
    summaries()
        .into_iter()
        .enumerate()
        .map(|(i, summary)| {
            Fact::new(
                format!("fact-{i}"),
                format!("Fact {i}"),
                i as i64 - 1,
                4,
                summary,
            )
        })
        .collect()
}

pub(crate) fn report(stopped: Stopped) -> Report {
    Report {
        states: 2_100_000,
        peak_bytes: 64 << 20,
        stopped,
    }
}
