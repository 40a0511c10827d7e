//! Input to messages, in one place: the keymaps (also shown by `?` and the key bars) and the
//! mouse, with double-click detection against a clock the caller passes in.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use std::time::{Duration, Instant};

pub use crate::keymap::{
    key_bar, keymap, Binding, Key, FINISH_KEYS, LAUNCHER_HELP, LAUNCHER_KEYS, NEW_GAME_KEYS,
    OPTIONS_KEYS, REPLAY_KEYS, STATS_KEYS, TABLE_KEYS,
};

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
    /// A pile of this role (its key): pick up from it, or drop on it while carrying.
    PileOf(felt_core::PileRole),
    /// The next pile key only moves the cursor (`g`).
    Goto,
    /// The cursor to the next row of piles (Tab).
    NextRow,
    /// The cursor to the row before (Shift-Tab).
    PrevRow,
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
    /// The demo: the bot plays the game on screen, a move at a time.
    Demo,
    /// The live solver status on or off.
    LiveStatus,
    /// Cancel what is going on.
    Cancel,
    /// Back to the launcher (from a game) or quit (from the launcher).
    Back,
    /// Confirm.
    Yes,
    /// Decline.
    No,
    /// Start a new game and keep the one in progress too (the launcher's question).
    Keep,
    /// Leave at once (Ctrl-C).
    Quit,
    /// Type a game code (launcher).
    EditCode,
    /// Toggle the four-colour deck.
    ToggleFourColour,
    /// Toggle auto-place for mouse drops.
    ToggleAutoPlace,
    /// The dead-end notice on or off.
    ToggleStuckNotice,
    /// The statistics screen (launcher).
    Stats,
    /// The settings screen (launcher and table).
    Options,
    /// Play the replay by itself, or pause it (Space).
    PlayPause,
    /// Play the replay faster (`+`).
    Faster,
    /// Play the replay slower (`-`).
    Slower,
    /// To the first step (replay).
    First,
    /// To the last step (replay).
    Last,
    /// A typed character (code entry), or at the table a key the host does not bind.
    Char(char),
    /// Delete the last typed character.
    Backspace,
    /// Delete the selected saved game (launcher), after a question.
    Delete,
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
    /// The launcher's question before a new game replaces one in progress.
    NewGame,
    /// The finish screen.
    Finish,
    /// The statistics screen.
    Stats,
    /// The replay viewer.
    Replay,
    /// The settings screen.
    Options,
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
    let bound = keymap(mode)
        .find(|b| b.keys.contains(&pressed))
        .map(|b| (b.msg)(key.code));
    match (bound, mode, key.code) {
        // At the table a letter of no binding may be one of the game's own keys (a page it
        // offers), and is otherwise answered with a word that it does nothing.
        (None, Mode::Table | Mode::Finish, KeyCode::Char(c)) if !ctrl => Some(Msg::Char(c)),
        (bound, _, _) => bound,
    }
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
        assert_eq!(
            on(KeyCode::Char('r'), KeyModifiers::CONTROL),
            Some(Msg::Redo)
        );
        assert_eq!(on(KeyCode::Char('r'), none), Some(Msg::Redo));
        assert_eq!(
            on(KeyCode::Char('R'), KeyModifiers::SHIFT),
            Some(Msg::Restart)
        );
        assert_eq!(
            on(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Some(Msg::Quit)
        );
        assert_eq!(on(KeyCode::Char('x'), none), Some(Msg::Char('x')));
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
        assert_eq!(
            kind(input.map(Mode::Table, &up, t0)),
            Some(MouseKind::Release)
        );
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
            Mode::NewGame,
            Mode::Finish,
            Mode::Stats,
            Mode::Replay,
        ] {
            let keys: Vec<Key> = keymap(mode).flat_map(|b| b.keys.iter().copied()).collect();
            for (i, k) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(k), "{k:?} bound twice in {mode:?}");
            }
        }
    }
}
