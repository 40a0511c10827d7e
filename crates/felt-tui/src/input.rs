//! Input to messages, in one place: the keymaps (also shown by `?` and the key bars) and the
//! mouse, with double-click detection against a clock the caller passes in.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use std::time::{Duration, Instant};

/// Two presses at the same place closer than this make a double-click.
pub const DOUBLE_CLICK: Duration = Duration::from_millis(400);

/// What the user asked for, before the screen decides what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Msg {
    /// Cursor or selection up.
    Up,
    /// Cursor or selection down.
    Down,
    /// Cursor or selection left.
    Left,
    /// Cursor or selection right.
    Right,
    /// A page up (help, lists).
    PageUp,
    /// A page down.
    PageDown,
    /// Go to column n (1 to 10): pick it up, or drop on it while carrying.
    Column(u8),
    /// Pick up the group under the cursor, or drop the carried group.
    Select,
    /// Start the chosen game (launcher).
    Start,
    /// Deal from the stock.
    Deal,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Send the group to the best place.
    Auto,
    /// A new deal.
    NewGame,
    /// The same deal from the start.
    Restart,
    /// Show and copy the game code.
    ShowCode,
    /// The help overlay.
    Help,
    /// A hint from the ruleset's analysis.
    Hint,
    /// Cancel what is going on.
    Cancel,
    /// Back to the launcher (from a game) or quit (from the launcher).
    Back,
    /// Confirm.
    Yes,
    /// Decline.
    No,
    /// Leave at once (Ctrl-C).
    Quit,
    /// Type a game code (launcher).
    EditCode,
    /// Toggle the four-colour deck.
    ToggleFourColour,
    /// Toggle auto-place for mouse drops.
    ToggleAutoPlace,
    /// A typed character (code entry).
    Char(char),
    /// Delete the last typed character.
    Backspace,
    /// A mouse event at a cell.
    Mouse(Mouse),
    /// The terminal changed size.
    Redraw,
}

/// What the mouse did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseKind {
    /// Left button down.
    Press,
    /// Moved with the left button down.
    Drag,
    /// Left button up.
    Release,
    /// The second press of a double-click.
    DoubleClick,
    /// Wheel up.
    ScrollUp,
    /// Wheel down.
    ScrollDown,
}

/// A mouse event at a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mouse {
    /// What happened.
    pub kind: MouseKind,
    /// Column.
    pub x: u16,
    /// Line.
    pub y: u16,
}

/// Which keymap is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The launcher's list.
    Launcher,
    /// Typing a game code in the launcher.
    CodeEntry,
    /// Playing.
    Table,
    /// The help overlay.
    Help,
    /// A yes/no question.
    Confirm,
    /// The finish screen.
    Finish,
}

/// A key: its code, and whether Ctrl is held (Shift is part of the character).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub KeyCode, pub bool);

const fn ch(c: char) -> Key {
    Key(KeyCode::Char(c), false)
}

const fn code(c: KeyCode) -> Key {
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
        help: "pick up from that column, or drop on it (0 is column 10)",
        msg: digit_column,
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
        keys: &[ch('H')],
        label: "H",
        help: "hint: the ruleset's suggestion, if it has one",
        msg: |_| Msg::Hint,
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
        keys: &[ch('?')],
        label: "?",
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

/// The launcher's keymap.
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
        keys: &[ch('c')],
        label: "c",
        help: "code",
        msg: |_| Msg::EditCode,
    },
    Binding {
        keys: &[ch('f')],
        label: "f",
        help: "4 colours",
        msg: |_| Msg::ToggleFourColour,
    },
    Binding {
        keys: &[ch('p')],
        label: "p",
        help: "auto-place",
        msg: |_| Msg::ToggleAutoPlace,
    },
    Binding {
        keys: &[code(KeyCode::Enter), ch(' ')],
        label: "Enter",
        help: "play",
        msg: |_| Msg::Start,
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
        keys: &[code(KeyCode::PageUp)],
        label: "",
        help: "",
        msg: |_| Msg::PageUp,
    },
    Binding {
        keys: &[code(KeyCode::PageDown), ch(' ')],
        label: "",
        help: "",
        msg: |_| Msg::PageDown,
    },
    Binding {
        keys: &[code(KeyCode::Esc), ch('?'), ch('q'), code(KeyCode::Enter)],
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

/// The keymap of a mode.
pub fn keymap(mode: Mode) -> &'static [Binding] {
    match mode {
        Mode::Launcher => LAUNCHER_KEYS,
        Mode::CodeEntry => &[],
        Mode::Table => TABLE_KEYS,
        Mode::Help => HELP_KEYS,
        Mode::Confirm => CONFIRM_KEYS,
        Mode::Finish => FINISH_KEYS,
    }
}

/// The key bar text of a keymap: `↑↓ game  ←→ rules  …`.
pub fn key_bar(keys: &[Binding]) -> String {
    keys.iter()
        .filter(|b| !b.label.is_empty())
        .map(|b| format!("{} {}", b.label, b.help))
        .collect::<Vec<_>>()
        .join("  ")
}

/// Turns terminal events into messages; remembers the last press for double-clicks.
#[derive(Debug, Default)]
pub struct Input {
    last_press: Option<(Instant, u16, u16)>,
}

impl Input {
    /// The message for `event` in `mode`, if it means anything there.
    pub fn map(&mut self, mode: Mode, event: &Event, now: Instant) -> Option<Msg> {
        match event {
            Event::Key(key) => map_key(mode, key),
            Event::Mouse(m) => {
                let kind = match m.kind {
                    MouseEventKind::Down(MouseButton::Left) => {
                        let double = self.last_press.is_some_and(|(t, x, y)| {
                            now.saturating_duration_since(t) <= DOUBLE_CLICK
                                && x.abs_diff(m.column) <= 1
                                && y == m.row
                        });
                        // A third press starts over rather than making a second double-click.
                        self.last_press = if double {
                            None
                        } else {
                            Some((now, m.column, m.row))
                        };
                        if double {
                            MouseKind::DoubleClick
                        } else {
                            MouseKind::Press
                        }
                    }
                    MouseEventKind::Drag(MouseButton::Left) => MouseKind::Drag,
                    MouseEventKind::Up(MouseButton::Left) => MouseKind::Release,
                    MouseEventKind::ScrollUp => MouseKind::ScrollUp,
                    MouseEventKind::ScrollDown => MouseKind::ScrollDown,
                    _ => return None,
                };
                Some(Msg::Mouse(Mouse {
                    kind,
                    x: m.column,
                    y: m.row,
                }))
            }
            Event::Resize(..) => Some(Msg::Redraw),
            _ => None,
        }
    }
}

fn map_key(mode: Mode, key: &KeyEvent) -> Option<Msg> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && key.code == KeyCode::Char('c') {
        return Some(Msg::Quit);
    }
    if mode == Mode::CodeEntry {
        return match key.code {
            KeyCode::Enter => Some(Msg::Start),
            KeyCode::Esc => Some(Msg::Cancel),
            KeyCode::Backspace => Some(Msg::Backspace),
            KeyCode::Char(c) if !ctrl => Some(Msg::Char(c)),
            _ => None,
        };
    }
    let pressed = Key(key.code, ctrl);
    keymap(mode)
        .iter()
        .find(|b| b.keys.contains(&pressed))
        .map(|b| (b.msg)(key.code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventState, MouseEvent};

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    fn mouse(kind: MouseEventKind, x: u16, y: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind,
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn the_table_keys_of_issue_4() {
        let mut input = Input::default();
        let now = Instant::now();
        let mut on = |code, m| input.map(Mode::Table, &key(code, m), now);
        let none = KeyModifiers::NONE;
        assert_eq!(on(KeyCode::Char('h'), none), Some(Msg::Left));
        assert_eq!(on(KeyCode::Down, none), Some(Msg::Down));
        assert_eq!(on(KeyCode::Char('0'), none), Some(Msg::Column(10)));
        assert_eq!(on(KeyCode::Char('7'), none), Some(Msg::Column(7)));
        assert_eq!(on(KeyCode::Enter, none), Some(Msg::Select));
        assert_eq!(on(KeyCode::Char(' '), none), Some(Msg::Select));
        assert_eq!(on(KeyCode::Char('r'), KeyModifiers::CONTROL), Some(Msg::Redo));
        assert_eq!(on(KeyCode::Char('r'), none), Some(Msg::Redo));
        assert_eq!(on(KeyCode::Char('R'), KeyModifiers::SHIFT), Some(Msg::Restart));
        assert_eq!(on(KeyCode::Char('c'), KeyModifiers::CONTROL), Some(Msg::Quit));
        assert_eq!(on(KeyCode::Char('x'), none), None);
    }

    #[test]
    fn code_entry_takes_letters_that_are_keys_elsewhere() {
        let mut input = Input::default();
        let m = input.map(
            Mode::CodeEntry,
            &key(KeyCode::Char('q'), KeyModifiers::NONE),
            Instant::now(),
        );
        assert_eq!(m, Some(Msg::Char('q')));
    }

    #[test]
    fn two_quick_presses_in_place_make_a_double_click_and_a_third_does_not() {
        let mut input = Input::default();
        let t0 = Instant::now();
        let down = MouseEventKind::Down(MouseButton::Left);
        let kind = |m: Option<Msg>| match m {
            Some(Msg::Mouse(Mouse { kind, .. })) => Some(kind),
            _ => None,
        };
        assert_eq!(
            kind(input.map(Mode::Table, &mouse(down, 10, 5), t0)),
            Some(MouseKind::Press)
        );
        let up = mouse(MouseEventKind::Up(MouseButton::Left), 10, 5);
        assert_eq!(kind(input.map(Mode::Table, &up, t0)), Some(MouseKind::Release));
        let t1 = t0 + Duration::from_millis(150);
        assert_eq!(
            kind(input.map(Mode::Table, &mouse(down, 10, 5), t1)),
            Some(MouseKind::DoubleClick)
        );
        assert_eq!(
            kind(input.map(Mode::Table, &mouse(down, 10, 5), t1)),
            Some(MouseKind::Press)
        );
        let late = t1 + DOUBLE_CLICK + Duration::from_millis(1);
        assert_eq!(
            kind(input.map(Mode::Table, &mouse(down, 10, 5), late)),
            Some(MouseKind::Press)
        );
        assert_eq!(
            kind(input.map(Mode::Table, &mouse(down, 30, 5), late)),
            Some(MouseKind::Press)
        );
    }

    #[test]
    fn every_bound_key_means_one_thing_per_mode() {
        for mode in [
            Mode::Launcher,
            Mode::Table,
            Mode::Help,
            Mode::Confirm,
            Mode::Finish,
        ] {
            let keys: Vec<Key> = keymap(mode).iter().flat_map(|b| b.keys.iter().copied()).collect();
            for (i, k) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(k), "{k:?} bound twice in {mode:?}");
            }
        }
    }
}
