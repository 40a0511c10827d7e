//! The keymaps: every key of every mode, with how the help and the key bars write it. One
//! table per mode is both what the keys do and what `?` shows.

use crate::input::{Mode, Msg};
use crossterm::event::KeyCode;
use felt_core::{Command, PileRole};

/// A key: its code, and whether Ctrl is held (Shift is part of the character).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub KeyCode, pub bool);

pub(crate) const fn ch(c: char) -> Key {
    Key(KeyCode::Char(c), false)
}

pub(crate) const fn code(c: KeyCode) -> Key {
    Key(c, false)
}

/// One line of a keymap: its keys, how the help writes them, what they do.
pub struct Binding {
    /// The keys.
    pub keys: &'static [Key],
    /// How the keys are written for people.
    pub label: &'static str,
    /// What they do.
    pub help: &'static str,
    /// The message for the key pressed.
    pub msg: fn(KeyCode) -> Msg,
}

fn digit_column(code: KeyCode) -> Msg {
    match code {
        KeyCode::Char('0') => Msg::Column(10),
        KeyCode::Char(c) => Msg::Column(c.to_digit(10).map_or(1, |d| d as u8)),
        _ => Msg::Column(1),
    }
}

/// The playing keymap, in the order `?` lists it.
pub const TABLE_KEYS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Left), ch('h')],
        label: "← h",
        help: "cursor to the pile on the left",
        msg: |_| Msg::Left,
    },
    Binding {
        keys: &[code(KeyCode::Right), ch('l')],
        label: "→ l",
        help: "cursor to the pile on the right",
        msg: |_| Msg::Right,
    },
    Binding {
        keys: &[code(KeyCode::Up), ch('k')],
        label: "↑ k",
        help: "cursor up a card (or to the row above)",
        msg: |_| Msg::Up,
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j')],
        label: "↓ j",
        help: "cursor down a card (or to the row below)",
        msg: |_| Msg::Down,
    },
    Binding {
        keys: &[
            ch('1'),
            ch('2'),
            ch('3'),
            ch('4'),
            ch('5'),
            ch('6'),
            ch('7'),
            ch('8'),
            ch('9'),
            ch('0'),
        ],
        label: "1-9 0",
        help: "pick up from / drop on that column (again: one card fewer)",
        msg: digit_column,
    },
    Binding {
        keys: &[ch('f')],
        label: "f",
        help: "foundation: pick up from one / drop on the one taking it",
        msg: |_| Msg::PileOf(PileRole::Foundation),
    },
    Binding {
        keys: &[ch('e')],
        label: "e",
        help: "free cell: pick up from the next one / drop on one",
        msg: |_| Msg::PileOf(PileRole::Cell),
    },
    Binding {
        keys: &[ch('t')],
        label: "t",
        help: "the waste: pick up its top card",
        msg: |_| Msg::PileOf(PileRole::Waste),
    },
    Binding {
        keys: &[ch('v')],
        label: "v",
        help: "the reserve: pick up its top card",
        msg: |_| Msg::PileOf(PileRole::Reserve),
    },
    Binding {
        keys: &[ch('g')],
        label: "g",
        help: "go to: g then a digit or pile key only moves the cursor",
        msg: |_| Msg::Goto,
    },
    Binding {
        keys: &[code(KeyCode::Tab), code(KeyCode::BackTab)],
        label: "Tab S-Tab",
        help: "cursor to the next row of piles / the row before",
        msg: |k| {
            if k == KeyCode::BackTab {
                Msg::PrevRow
            } else {
                Msg::NextRow
            }
        },
    },
    Binding {
        keys: &[ch(' '), code(KeyCode::Enter)],
        label: "Space Enter",
        help: "pick up the cards under the cursor / drop them",
        msg: |_| Msg::Select,
    },
    Binding {
        keys: &[ch('a')],
        label: "a, Enter twice",
        help: "send the cards to the best place",
        msg: |_| Msg::Auto,
    },
    Binding {
        keys: &[ch('d')],
        label: "d",
        help: "deal from the stock",
        msg: |_| Msg::Deal,
    },
    Binding {
        keys: &[ch('u')],
        label: "u",
        help: "undo",
        msg: |_| Msg::Undo,
    },
    Binding {
        keys: &[ch('r'), Key(KeyCode::Char('r'), true)],
        label: "r Ctrl-R",
        help: "redo",
        msg: |_| Msg::Redo,
    },
    Binding {
        // `H`, not `h`: h is the cursor's left in h/j/k/l, which the terminal issue asked for.
        keys: &[ch('H')],
        label: "H",
        help: "hint: the best honest move; again for the next best",
        msg: |_| Msg::Hint,
    },
    Binding {
        keys: &[ch('p')],
        label: "p",
        help: "demo: the bot plays, a move at a time; any key stops",
        msg: |_| Msg::Demo,
    },
    Binding {
        keys: &[ch('w')],
        label: "w",
        help: "live status: still winnable? (the solver peeks)",
        msg: |_| Msg::LiveStatus,
    },
    Binding {
        keys: &[ch('n')],
        label: "n",
        help: "new game",
        msg: |_| Msg::NewGame,
    },
    Binding {
        keys: &[ch('R')],
        label: "R",
        help: "restart this deal",
        msg: |_| Msg::Restart,
    },
    Binding {
        keys: &[ch('c')],
        label: "c",
        help: "show and copy the game code",
        msg: |_| Msg::ShowCode,
    },
    Binding {
        keys: &[ch('o')],
        label: "o",
        help: "settings: theme, table colour, card backs, options",
        msg: |_| Msg::Options,
    },
    Binding {
        keys: &[ch('?'), code(KeyCode::F(1))],
        label: "? F1",
        help: "this help",
        msg: |_| Msg::Help,
    },
    Binding {
        keys: &[code(KeyCode::Esc)],
        label: "Esc",
        help: "put the cards back / clear the message",
        msg: |_| Msg::Cancel,
    },
    Binding {
        keys: &[ch('q')],
        label: "q",
        help: "back to the menu",
        msg: |_| Msg::Back,
    },
];

mod launcher;
pub use launcher::{LAUNCHER_HELP, LAUNCHER_KEYS, NEW_GAME_KEYS};

/// The label of the statistics screen's chart keys, which its key bar leaves out when no chart
/// fits the screen.
pub const STATS_CHART_LABEL: &str = "←→";

/// The statistics screen's keymap.
pub const STATS_KEYS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k')],
        label: "↑↓",
        help: "variant",
        msg: |_| Msg::Up,
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j')],
        label: "",
        help: "",
        msg: |_| Msg::Down,
    },
    Binding {
        keys: &[code(KeyCode::Left), ch('h')],
        label: STATS_CHART_LABEL,
        help: "chart: moves, score, win %, time",
        msg: |_| Msg::Left,
    },
    Binding {
        keys: &[code(KeyCode::Right), ch('l')],
        label: "",
        help: "",
        msg: |_| Msg::Right,
    },
    Binding {
        keys: &[code(KeyCode::Enter)],
        label: "Enter",
        help: "games",
        msg: |_| Msg::Select,
    },
    Binding {
        keys: &[code(KeyCode::Esc), ch('q'), ch('s')],
        label: "Esc",
        help: "back",
        msg: |_| Msg::Back,
    },
];

/// The label of the replay's play key, whose help the viewer's key bar words as it stands
/// (`play` or `pause`).
pub const REPLAY_PLAY_LABEL: &str = "Space";
/// The label of the replay's speed keys, whose help the key bar gives with the speed.
pub const REPLAY_SPEED_LABEL: &str = "+ -";

/// The replay viewer's keymap.
pub const REPLAY_KEYS: &[Binding] = &[
    Binding {
        keys: &[ch(' ')],
        label: REPLAY_PLAY_LABEL,
        help: "play or pause",
        msg: |_| Msg::PlayPause,
    },
    Binding {
        keys: &[ch('+'), ch('='), ch('-'), ch('_')],
        label: REPLAY_SPEED_LABEL,
        help: "speed",
        msg: |k| match k {
            KeyCode::Char('-' | '_') => Msg::Slower,
            _ => Msg::Faster,
        },
    },
    Binding {
        keys: &[code(KeyCode::Right), ch('l'), ch('n')],
        label: "→←",
        help: "step",
        msg: |_| Msg::Right,
    },
    Binding {
        keys: &[
            code(KeyCode::Left),
            ch('h'),
            ch('p'),
            code(KeyCode::Backspace),
        ],
        label: "",
        help: "",
        msg: |_| Msg::Left,
    },
    Binding {
        keys: &[code(KeyCode::PageDown), code(KeyCode::PageUp)],
        label: "PgUp PgDn",
        help: "10",
        msg: |k| {
            if k == KeyCode::PageUp {
                Msg::PageUp
            } else {
                Msg::PageDown
            }
        },
    },
    Binding {
        keys: &[code(KeyCode::Home), ch('g')],
        label: "Home End",
        help: "deal/last",
        msg: |_| Msg::First,
    },
    Binding {
        keys: &[code(KeyCode::End), ch('G')],
        label: "",
        help: "",
        msg: |_| Msg::Last,
    },
    Binding {
        keys: &[ch('q'), code(KeyCode::Esc)],
        label: "q",
        help: "leave",
        msg: |_| Msg::Back,
    },
];

const HELP_KEYS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k')],
        label: "↑↓",
        help: "scroll",
        msg: |_| Msg::Up,
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j')],
        label: "",
        help: "",
        msg: |_| Msg::Down,
    },
    Binding {
        // Space pages on, as in a pager; the other page keys are the lists' own.
        keys: &[ch(' ')],
        label: "",
        help: "",
        msg: |_| Msg::PageDown,
    },
    Binding {
        keys: &[
            code(KeyCode::Esc),
            ch('?'),
            ch('q'),
            code(KeyCode::Enter),
            code(KeyCode::F(1)),
        ],
        label: "Esc",
        help: "close",
        msg: |_| Msg::Cancel,
    },
];

const CONFIRM_KEYS: &[Binding] = &[
    Binding {
        keys: &[ch('y'), ch('Y'), code(KeyCode::Enter)],
        label: "y",
        help: "yes",
        msg: |_| Msg::Yes,
    },
    Binding {
        keys: &[ch('n'), ch('N'), code(KeyCode::Esc), ch('q')],
        label: "n",
        help: "no",
        msg: |_| Msg::No,
    },
];

/// The finish screen's keymap.
pub const FINISH_KEYS: &[Binding] = &[
    Binding {
        keys: &[ch('n'), code(KeyCode::Enter)],
        label: "n",
        help: "new game",
        msg: |_| Msg::NewGame,
    },
    Binding {
        keys: &[ch('R')],
        label: "R",
        help: "play this deal again",
        msg: |_| Msg::Restart,
    },
    Binding {
        keys: &[ch('u')],
        label: "u",
        help: "undo",
        msg: |_| Msg::Undo,
    },
    Binding {
        keys: &[ch('c')],
        label: "c",
        help: "copy the code",
        msg: |_| Msg::ShowCode,
    },
    Binding {
        keys: &[code(KeyCode::Esc)],
        label: "Esc",
        help: "look at the table",
        msg: |_| Msg::Cancel,
    },
    Binding {
        keys: &[ch('q')],
        label: "q",
        help: "menu",
        msg: |_| Msg::Back,
    },
];

/// The keys that move through a list, the same in every screen that scrolls one (the
/// launcher, the statistics, the help): none is on a key bar, which names the arrows.
const LIST_KEYS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Home), ch('g')],
        label: "",
        help: "",
        msg: |_| Msg::First,
    },
    Binding {
        keys: &[code(KeyCode::End), ch('G')],
        label: "",
        help: "",
        msg: |_| Msg::Last,
    },
    Binding {
        keys: &[code(KeyCode::PageUp)],
        label: "",
        help: "",
        msg: |_| Msg::PageUp,
    },
    Binding {
        keys: &[code(KeyCode::PageDown)],
        label: "",
        help: "",
        msg: |_| Msg::PageDown,
    },
];

/// The settings screen's keymap.
pub const OPTIONS_KEYS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k')],
        label: "↑↓",
        help: "setting",
        msg: |_| Msg::Up,
    },
    Binding {
        keys: &[code(KeyCode::Down), ch('j')],
        label: "",
        help: "",
        msg: |_| Msg::Down,
    },
    Binding {
        keys: &[code(KeyCode::Left), ch('h')],
        label: "←→ Space",
        help: "change",
        msg: |_| Msg::Left,
    },
    Binding {
        keys: &[code(KeyCode::Right), ch('l'), ch(' '), code(KeyCode::Enter)],
        label: "",
        help: "",
        msg: |_| Msg::Right,
    },
    Binding {
        keys: &[code(KeyCode::Home), ch('g')],
        label: "",
        help: "",
        msg: |_| Msg::First,
    },
    Binding {
        keys: &[code(KeyCode::End), ch('G')],
        label: "",
        help: "",
        msg: |_| Msg::Last,
    },
    Binding {
        keys: &[code(KeyCode::Esc), ch('q'), ch('o')],
        label: "Esc",
        help: "back",
        msg: |_| Msg::Back,
    },
];

/// The keymap of a mode: its own keys, then the list keys where it shows a list.
pub fn keymap(mode: Mode) -> impl Iterator<Item = &'static Binding> {
    let (own, list): (&'static [Binding], bool) = match mode {
        Mode::Launcher => (LAUNCHER_KEYS, true),
        Mode::CodeEntry => (&[], false),
        Mode::Table => (TABLE_KEYS, false),
        Mode::Help => (HELP_KEYS, true),
        Mode::Confirm => (CONFIRM_KEYS, false),
        Mode::NewGame => (NEW_GAME_KEYS, false),
        Mode::Finish => (FINISH_KEYS, false),
        Mode::Stats => (STATS_KEYS, true),
        Mode::Replay => (REPLAY_KEYS, false),
        Mode::Options => (OPTIONS_KEYS, false),
    };
    let list: &'static [Binding] = if list { LIST_KEYS } else { &[] };
    own.iter().chain(list)
}

/// The host command a playing key asks for, when only some games have a use for it
/// ([`felt_core::RulesetInfo::commands`]).
pub fn command_of(msg: Msg) -> Option<Command> {
    Some(match msg {
        Msg::Deal => Command::Deal,
        Msg::Auto => Command::BestPlace,
        Msg::Column(_) => Command::Columns,
        Msg::Hint => Command::Hint,
        Msg::Demo => Command::Demo,
        Msg::LiveStatus => Command::LiveStatus,
        Msg::Undo => Command::Undo,
        Msg::Redo => Command::Redo,
        _ => return None,
    })
}

/// The key bar text of a keymap: `↑↓ game  ←→ rules  …`.
pub fn key_bar<'a>(keys: impl IntoIterator<Item = &'a Binding>) -> String {
    keys.into_iter()
        .filter(|b| !b.label.is_empty())
        .map(|b| format!("{} {}", b.label, b.help))
        .collect::<Vec<_>>()
        .join("  ")
}
