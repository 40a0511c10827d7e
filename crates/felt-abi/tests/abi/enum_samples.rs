//! One value of every variant of each felt-core enum the ABI's messages carry: the lists
//! [`crate::samples`] builds its messages from. Each ends in a `match` with no wildcard, so a
//! new variant does not compile until it has a sample here.

use crate::samples::{card, report};
use felt_core::{
    Action, Analysis, AnalyzeRequest, Budget, CardFace, Command, DrawHint, Event, PileId, PileRole,
    Status, Stopped, Suit, Summary,
};

/// Every action.
pub fn actions() -> Vec<Action> {
    let all = vec![
        Action::Move {
            from: PileId(2),
            index: 5,
            to: PileId(9),
        },
        Action::Deal { from: PileId(10) },
        Action::Choose { option: 3 },
        Action::Extra {
            name: "sweep".into(),
            arg: -1,
        },
    ];
    for a in &all {
        match a {
            Action::Move { .. } | Action::Deal { .. } | Action::Choose { .. } => {}
            Action::Extra { .. } => {}
        }
    }
    all
}

/// Every event.
pub fn events() -> Vec<Event> {
    let all = vec![
        Event::Moved {
            from: PileId(2),
            to: PileId(9),
            count: 3,
        },
        Event::Flipped { pile: PileId(2) },
        Event::Dealt {
            from: PileId(10),
            count: 10,
        },
        Event::SetRemoved { pile: PileId(9) },
        Event::Note {
            kind: "trick-won".into(),
            text: "North wins the trick".into(),
        },
        Event::Log {
            kind: "played".into(),
            text: "West plays QH".into(),
        },
    ];
    for e in &all {
        match e {
            Event::Moved { .. } | Event::Flipped { .. } | Event::Dealt { .. } => {}
            Event::SetRemoved { .. } | Event::Note { .. } | Event::Log { .. } => {}
        }
    }
    all
}

/// Every status, by case name.
pub fn statuses() -> Vec<(&'static str, Status)> {
    let all = vec![
        ("playing", Status::Playing),
        (
            "won",
            Status::Won {
                winner: "North and South".into(),
            },
        ),
        (
            "over",
            Status::Over {
                reason: "3,000 moves reached".into(),
            },
        ),
    ];
    for (_, s) in &all {
        match s {
            Status::Playing | Status::Won { .. } | Status::Over { .. } => {}
        }
    }
    all
}

/// Every analysis question, by case name.
pub fn analyze_requests() -> Vec<(&'static str, AnalyzeRequest)> {
    let all = vec![
        (
            "solve",
            AnalyzeRequest::Solve {
                full_information: true,
                budget: Budget {
                    cpu_ms: Some(500),
                    states: Some(1_000_000),
                    max_mb: Some(64),
                },
            },
        ),
        (
            "hint",
            AnalyzeRequest::Hint {
                rank: 1,
                budget: Budget::states(20_000),
            },
        ),
        ("dead-end", AnalyzeRequest::DeadEnd),
    ];
    for (_, r) in &all {
        match r {
            AnalyzeRequest::Solve { .. } | AnalyzeRequest::Hint { .. } => {}
            AnalyzeRequest::DeadEnd => {}
        }
    }
    all
}

/// Every analysis, by case name; the undecided ones once for each way a search stops
/// undecided.
pub fn analyses() -> Vec<(&'static str, Analysis)> {
    let mut all = vec![
        (
            "won",
            Analysis::Won {
                actions: actions(),
                report: report(Stopped::Decided),
            },
        ),
        (
            "unwinnable",
            Analysis::Unwinnable {
                report: report(Stopped::Decided),
            },
        ),
    ];
    for (case, stopped) in stops() {
        if stopped != Stopped::Decided {
            all.push((
                case,
                Analysis::Undecided {
                    report: report(stopped),
                },
            ));
        }
    }
    all.extend([
        (
            "hint",
            Analysis::Hint {
                action: Some(actions()[0].clone()),
                then: vec![actions()[1].clone()],
            },
        ),
        (
            "hint-none",
            Analysis::Hint {
                action: None,
                then: Vec::new(),
            },
        ),
        ("dead-end", Analysis::DeadEnd { stuck: true }),
    ]);
    for (_, a) in &all {
        match a {
            Analysis::Won { .. } | Analysis::Unwinnable { .. } | Analysis::Undecided { .. } => {}
            Analysis::Hint { .. } | Analysis::DeadEnd { .. } => {}
        }
    }
    all
}

/// Every way a search stops, by the case name of its undecided analysis.
pub fn stops() -> Vec<(&'static str, Stopped)> {
    let all = vec![
        ("decided", Stopped::Decided),
        ("undecided-cpu-time", Stopped::CpuTime),
        ("undecided-states", Stopped::States),
        ("undecided-memory", Stopped::Memory),
        ("undecided-caller", Stopped::Caller),
        ("undecided-cancelled", Stopped::Cancelled),
        ("undecided-hidden", Stopped::Hidden),
        ("undecided-move-limit", Stopped::MoveLimit),
        ("undecided-ruleset-cap", Stopped::RulesetCap),
        ("undecided-wall-clock", Stopped::WallClock),
        ("undecided-failed", Stopped::Failed),
    ];
    for (_, s) in &all {
        match s {
            Stopped::Decided | Stopped::CpuTime | Stopped::States | Stopped::Memory => {}
            Stopped::Caller | Stopped::Cancelled | Stopped::Hidden | Stopped::MoveLimit => {}
            Stopped::RulesetCap | Stopped::WallClock | Stopped::Failed => {}
        }
    }
    all
}

/// Every pile role.
pub fn pile_roles() -> Vec<PileRole> {
    let all = vec![
        PileRole::Tableau,
        PileRole::Stock,
        PileRole::Foundation,
        PileRole::Cell,
        PileRole::Waste,
        PileRole::Reserve,
        PileRole::Hand,
        PileRole::Trick,
        PileRole::Other,
    ];
    for r in &all {
        match r {
            PileRole::Tableau | PileRole::Stock | PileRole::Foundation | PileRole::Cell => {}
            PileRole::Waste | PileRole::Reserve | PileRole::Hand | PileRole::Trick => {}
            PileRole::Other => {}
        }
    }
    all
}

/// Every way of drawing a pile.
pub fn draw_hints() -> Vec<DrawHint> {
    let all = vec![
        DrawHint::FanDown,
        DrawHint::FanRight,
        DrawHint::Stacked,
        DrawHint::FanLast(3),
        DrawHint::Slot,
    ];
    for h in &all {
        match h {
            DrawHint::FanDown | DrawHint::FanRight | DrawHint::Stacked => {}
            DrawHint::FanLast(_) | DrawHint::Slot => {}
        }
    }
    all
}

/// Every card face (and a card of each suit, as cards cross as their tokens).
pub fn card_faces() -> Vec<CardFace> {
    let all = vec![
        CardFace::Down,
        CardFace::Up(card(Suit::Spade, 1)),
        CardFace::Up(card(Suit::Heart, 10)),
        CardFace::Up(card(Suit::Diamond, 12)),
        CardFace::Up(card(Suit::Club, 13)),
    ];
    for f in &all {
        match f {
            CardFace::Up(_) | CardFace::Down => {}
        }
    }
    all
}

/// Every command a game may offer.
pub fn commands() -> Vec<Command> {
    let all = vec![
        Command::Deal,
        Command::BestPlace,
        Command::Columns,
        Command::Hint,
        Command::Demo,
        Command::LiveStatus,
        Command::Undo,
        Command::Redo,
    ];
    for c in &all {
        match c {
            Command::Deal | Command::BestPlace | Command::Columns | Command::Hint => {}
            Command::Demo | Command::LiveStatus | Command::Undo | Command::Redo => {}
        }
    }
    all
}

/// Every way of summing a fact up.
pub fn summaries() -> Vec<Summary> {
    let all = vec![Summary::Count, Summary::Total, Summary::Mean, Summary::Rate];
    for s in &all {
        match s {
            Summary::Count | Summary::Total | Summary::Mean | Summary::Rate => {}
        }
    }
    all
}
