//! The launcher's keys and the new-game question's.

use super::*;

/// The launcher's keymap. The key bar shows the lines with a label; `?` shows every line
/// with its [`LAUNCHER_HELP`] words.
pub const LAUNCHER_KEYS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Up), ch('k')],
        label: "↑↓",
        help: "game",
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
        label: "←→",
        help: "rules",
        msg: |_| Msg::Left,
    },
    Binding {
        keys: &[code(KeyCode::Right), ch('l')],
        label: "",
        help: "",
        msg: |_| Msg::Right,
    },
    Binding {
        keys: &[code(KeyCode::Enter), ch(' ')],
        label: "Enter",
        help: "play",
        msg: |_| Msg::Start,
    },
    Binding {
        keys: &[ch('c')],
        label: "c",
        help: "code",
        msg: |_| Msg::EditCode,
    },
    Binding {
        keys: &[ch('s')],
        label: "s",
        help: "stats",
        msg: |_| Msg::Stats,
    },
    Binding {
        keys: &[ch('o')],
        label: "o",
        help: "settings",
        msg: |_| Msg::Options,
    },
    Binding {
        // Not on the key bar, which is full at 80 columns: a saved game's line names it.
        keys: &[code(KeyCode::Delete), ch('x')],
        label: "",
        help: "",
        msg: |_| Msg::Delete,
    },
    Binding {
        // `h` stays the rules' left, as in h/j/k/l; F1 is the help key of most programs.
        keys: &[ch('?'), code(KeyCode::F(1))],
        label: "? F1",
        help: "help",
        msg: |_| Msg::Help,
    },
    Binding {
        // Not on the key bar, which is full at 80 columns: the Options line names these keys.
        keys: &[ch('f')],
        label: "",
        help: "",
        msg: |_| Msg::ToggleFourColour,
    },
    Binding {
        keys: &[ch('p')],
        label: "",
        help: "",
        msg: |_| Msg::ToggleAutoPlace,
    },
    Binding {
        keys: &[ch('e')],
        label: "",
        help: "",
        msg: |_| Msg::ToggleStuckNotice,
    },
    Binding {
        keys: &[ch('q')],
        label: "q",
        help: "quit",
        msg: |_| Msg::Back,
    },
    Binding {
        keys: &[code(KeyCode::Esc)],
        label: "",
        help: "",
        msg: |_| Msg::Cancel,
    },
];

/// What the launcher's help overlay says of each key, in the order it lists them.
pub const LAUNCHER_HELP: &[(&str, &str)] = &[
    ("↑ ↓ k j", "choose a game in the list"),
    ("Home End g G", "the first or the last line of the list"),
    ("PgUp PgDn", "a page up or down the list"),
    (
        "Del x",
        "delete the saved game selected (asks; counts as lost)",
    ),
    (
        "← → h l",
        "choose the rules of the selected game, when it has several",
    ),
    (
        "Enter Space",
        "play the selected game, or continue the game in progress",
    ),
    ("c", "type a game code to replay its deal"),
    (
        "s",
        "statistics; Enter: past games; Enter on a game: its replay",
    ),
    ("o", "settings: theme, table colour, card backs, options"),
    ("f", "four-colour deck: a colour for each suit"),
    (
        "p",
        "auto-place on drop: a drop anywhere finds the best place",
    ),
    (
        "e",
        "dead-end notice: say so when no move can make progress",
    ),
    ("? F1", "this help"),
    ("Esc", "clear the message"),
    ("q", "quit felt"),
    ("click", "select a line; double-click plays it"),
];

/// The keys of the question asked when a new game would replace one in progress.
pub const NEW_GAME_KEYS: &[Binding] = &[
    Binding {
        keys: &[ch('c'), code(KeyCode::Enter)],
        label: "c",
        help: "continue it",
        msg: |_| Msg::Yes,
    },
    Binding {
        keys: &[ch('n')],
        label: "n",
        help: "start a new one (the old one counts as lost)",
        msg: |_| Msg::NewGame,
    },
    Binding {
        keys: &[ch('k')],
        label: "k",
        help: "start a new one and keep the old one to continue later",
        msg: |_| Msg::Keep,
    },
    Binding {
        keys: &[code(KeyCode::Esc), ch('q')],
        label: "Esc",
        help: "cancel",
        msg: |_| Msg::Cancel,
    },
];
