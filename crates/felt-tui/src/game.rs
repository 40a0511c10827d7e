//! A game being played: the session, the cursor, carried cards, messages and overlays, and the
//! update that turns messages into actions on the session. It reads only the `TableView`, the
//! legal actions and the ruleset's rankings: it knows no game.

use crate::analysis::{DeadEndNotice, Hints, Live};
use crate::demo::Demo;
use crate::hit::HitMap;
use crate::input::{Mode, Msg};
use crate::layout::TableLayout;
use crate::pages::Moments;
use crate::theme::Theme;
use felt_core::{Action, DynRuleset, GameCode, PileId, Seat, Session, Status, TableView};
use std::sync::Arc;

pub use crate::note::Note;
pub use crate::pages::{Held, PAUSE_TICKS};

/// The seat the person at the keyboard plays.
pub const HUMAN: Seat = Seat::SOLO;

mod assist;
mod deals;
mod overlays;
mod seeds;
pub use seeds::Seeds;

/// What a game needs to start.
#[derive(Clone)]
pub struct GameSetup {
    /// The ruleset instance, built for the variant and rules.
    pub ruleset: Arc<dyn DynRuleset>,
    /// The deal.
    pub code: GameCode,
    /// How far undo reaches.
    pub undo_depth: usize,
}

/// Where a game set up from a position file came from: its code names another deal, so the
/// table shows the file instead and `c` copies the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSource {
    /// The file, as the player named it.
    pub file: String,
    /// Its text, copied when the ruleset cannot write the current position.
    pub text: String,
}

/// What the app must do after an update.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing.
    None,
    /// Back to the launcher.
    Back,
    /// Leave the app.
    Quit,
    /// Put this text on the clipboard.
    Copy(String),
    /// Open the settings screen over the game.
    Options,
}

/// A question waiting for yes or no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Leave the game for the launcher.
    Leave,
    /// Abandon this game for a new deal.
    NewGame,
    /// Start this deal again.
    Restart,
    /// Choose an option whose choosing the ruleset asks to confirm (a Nil bid).
    Choose(u32),
}

/// A window over the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Keys and rules.
    Help {
        /// Lines scrolled.
        scroll: u16,
    },
    /// A yes/no question.
    Confirm(Pending),
    /// Won or over.
    Finish,
    /// A page of the ruleset's ([`felt_core::Sheet`]), by its key.
    Sheet {
        /// The sheet's key.
        key: char,
        /// Lines scrolled.
        scroll: u16,
    },
}

/// What a new deal tells the app of the game it replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Left {
    /// How long that game was played.
    pub time: std::time::Duration,
    /// Whether the player gave it up unfinished.
    pub abandoned: bool,
}

/// Cards picked up and not yet dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carry {
    /// Their pile.
    pub from: PileId,
    /// The first carried card.
    pub index: u16,
    /// Piles that would take them, best first.
    pub targets: Vec<PileId>,
}

/// A mouse press not yet released.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Press {
    pub card: Option<(PileId, u16)>,
    pub at: (u16, u16),
}

/// One game on the table and everything the interface adds to it.
pub struct Game {
    pub(crate) session: Session,
    pub(crate) view: TableView,
    pub(crate) status: Status,
    pub(crate) legal: Vec<Action>,
    pub(crate) cursor: (PileId, u16),
    pub(crate) carry: Option<Carry>,
    pub(crate) press: Option<Press>,
    pub(crate) pointer: Option<(u16, u16)>,
    pub(crate) note: Option<Note>,
    pub(crate) overlay: Option<Overlay>,
    pub(crate) choice: usize,
    /// Hints: the advisor that chooses them and keeps their plans, as the headless mode's
    /// does, the search under way, and the hint on show.
    pub(crate) hints: Hints,
    /// The demo, while it runs.
    pub(crate) demo: Option<Demo>,
    pub(crate) live: Live,
    /// Whether to say so when the game has reached a proven dead end, and whether it has.
    pub(crate) dead_end: DeadEndNotice,
    pub(crate) auto_place: bool,
    pub(crate) seeds: Seeds,
    pub(crate) undo_depth: usize,
    pub(crate) hits: HitMap,
    pub(crate) layout: Option<TableLayout>,
    pub(crate) help_lines: u16,
    pub(crate) theme: Theme,
    /// Counts changes to the session, so the app can report each one once.
    pub(crate) revision: u64,
    /// Counts deals played on this table: a new deal is a new game for records.
    pub(crate) deal: u64,
    /// The moments of the last step on show instead of the table, and for how long.
    pub(crate) moments: Moments,
    /// The position file this deal was set up from, if it was.
    pub(crate) position: Option<PositionSource>,
    /// How long this game has been played (the app runs and stops it).
    pub(crate) clock: crate::clock::GameClock,
    /// The game a new deal replaced, for the app to hand its record: its time, and whether
    /// the player abandoned it (confirmed leaving it unfinished).
    pub(crate) left: Option<Left>,
    /// Whether this game was played with help: the demo moved in it, or (where the player
    /// counts hints as help, [`Game::hints_assist`]) a move a hint showed was played.
    pub(crate) assisted: bool,
    /// Whether playing a move a hint showed makes the game assisted (the player's setting).
    pub(crate) hints_assist: bool,
    /// `g` was pressed: the next pile key moves the cursor without picking up.
    pub(crate) goto: bool,
    /// `g` and a digit that may begin a column's two-digit number were pressed (a table of
    /// more than ten columns): a second digit names the column, any other key the first.
    pub(crate) goto_tens: Option<u8>,
    /// The variant's best won games before this deal, when the app's observer keeps records:
    /// what the finish window compares this game with.
    pub(crate) bests: Option<crate::records::Bests>,
    /// Whether the app has asked its observer for `bests` for this deal.
    pub(crate) bests_asked: bool,
}

impl Game {
    /// A game from `setup`, drawn with `theme`; `auto_place` makes a mouse drop anywhere go to
    /// the best place; `seeds` numbers the next deals.
    pub fn new(setup: GameSetup, theme: Theme, auto_place: bool, seeds: Seeds) -> Game {
        let session = Session::new(setup.ruleset, setup.code, setup.undo_depth);
        Game::from_session(session, setup.undo_depth, theme, auto_place, seeds)
    }

    /// A game continuing `session` (a position, a resumed save); new deals get `undo_depth`.
    pub fn from_session(
        session: Session,
        undo_depth: usize,
        theme: Theme,
        auto_place: bool,
        seeds: Seeds,
    ) -> Game {
        let over_at_start = session.status() != Status::Playing;
        let mut game = Game {
            view: session.view(HUMAN),
            status: session.status(),
            legal: session.legal_actions(),
            session,
            cursor: (PileId(0), 0),
            carry: None,
            press: None,
            pointer: None,
            note: None,
            // A game over from the start (a plugin that failed to deal) says why at once.
            overlay: over_at_start.then_some(Overlay::Finish),
            choice: 0,
            hints: Hints::default(),
            demo: None,
            live: Live::default(),
            dead_end: DeadEndNotice::default(),
            auto_place,
            seeds,
            undo_depth,
            hits: HitMap::default(),
            layout: None,
            help_lines: 0,
            theme,
            revision: 0,
            deal: 0,
            moments: Moments::default(),
            position: None,
            clock: crate::clock::GameClock::default(),
            left: None,
            assisted: false,
            hints_assist: false,
            goto: false,
            goto_tens: None,
            bests: None,
            bests_asked: false,
        };
        let first = game
            .nav_rows()
            .last()
            .and_then(|r| r.first().copied())
            .unwrap_or(PileId(0));
        game.cursor = (first, game.default_index(first));
        game.start_choice();
        game
    }

    /// A new question starts on the option the ruleset suggests (a bid the hand is worth),
    /// else the first.
    fn start_choice(&mut self) {
        self.choice = self
            .view
            .prompt
            .as_ref()
            .and_then(|p| {
                let default = p.default?;
                p.options.iter().position(|o| o.id == default)
            })
            .unwrap_or(0);
    }

    /// The session: state, log, undo.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The table as the player sees it now.
    pub fn view(&self) -> &TableView {
        &self.view
    }

    /// The status bar's message, if any.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The carried cards, if any.
    pub fn carry(&self) -> Option<&Carry> {
        self.carry.as_ref()
    }

    /// The hint on show, its cards and target marked on the table, if any.
    pub fn hint_action(&self) -> Option<&Action> {
        self.hints.on_show()
    }

    /// The overlay shown, if any.
    pub fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    /// The cursor: pile and card index.
    pub fn cursor(&self) -> (PileId, u16) {
        self.cursor
    }

    /// Which keymap is in force.
    pub fn mode(&self) -> Mode {
        match self.overlay {
            Some(Overlay::Help { .. }) => Mode::Help,
            Some(Overlay::Confirm(_)) => Mode::Confirm,
            Some(Overlay::Finish) => Mode::Finish,
            Some(Overlay::Sheet { .. }) => Mode::Help,
            None => Mode::Table,
        }
    }

    /// Whether leaving would lose something: actions played and the game not finished.
    pub fn in_progress(&self) -> bool {
        !self.session.log().is_empty() && self.status == Status::Playing
    }

    /// Whether this game was played with help (the demo moved, or a followed hint where
    /// hints count as help): its record is marked assisted and never sets a best.
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// Whether playing a move a hint showed marks the game assisted (the player's setting).
    pub fn set_hints_assist(&mut self, on: bool) {
        self.hints_assist = on;
    }

    /// Sets how many idle ticks a moment stays on show; 0 keeps it until a key.
    pub fn set_pause_ticks(&mut self, ticks: u16) {
        self.moments.set_pause_ticks(ticks);
    }

    /// The moment on show, if any.
    pub fn moment(&self) -> Option<&felt_core::Moment> {
        self.moments.on_show(&self.view)
    }

    /// How long this game has been played, as the status bar shows it.
    pub fn played(&self) -> std::time::Duration {
        self.clock.shown()
    }

    /// Whether the game clock may run: the game is under way (a first move made, not over) and
    /// the table is in sight (no help, question, sheet or finish screen over it).
    pub(crate) fn clock_may_run(&self) -> bool {
        self.overlay.is_none() && self.status == Status::Playing && !self.session.log().is_empty()
    }

    /// Whether the ruleset has a use for what `msg` asks; if not, says so and drops it.
    pub(crate) fn offered(&mut self, msg: Msg) -> bool {
        match crate::pages::not_offered(msg, &self.view, self.session.ruleset().info()) {
            Some(text) => {
                self.error(text);
                false
            }
            None => true,
        }
    }

    /// Handles one message.
    pub fn update(&mut self, msg: Msg) -> Effect {
        if msg == Msg::Quit {
            return Effect::Quit;
        }
        if self.demo.is_some() && msg != Msg::Redraw {
            // Any key (or click) stops the demo, and does nothing else.
            self.stop_demo("Demo stopped");
            return Effect::None;
        }
        if self.moments.holding() && msg != Msg::Redraw {
            // A key (or click) while a moment is on show moves on to the table, and does
            // nothing else: it was pressed to go on.
            self.moments.next(&self.view);
            return Effect::None;
        }
        match self.overlay {
            Some(Overlay::Sheet { key, scroll }) => return self.update_sheet(key, scroll, msg),
            Some(Overlay::Help { scroll }) => return self.update_help(scroll, msg),
            Some(Overlay::Confirm(p)) => return self.update_confirm(p, msg),
            Some(Overlay::Finish) => return self.update_finish(msg),
            None => {}
        }
        // A ruleset that has stopped (its plugin's process ended) answers only stand-ins: no
        // hint, no piles, refusals of the wrong rule. Every play is answered with the way back
        // to the game, which its record keeps, first (a narrow line cuts the end), then why.
        let plays = !matches!(
            msg,
            Msg::Back | Msg::Help | Msg::Options | Msg::Cancel | Msg::ShowCode | Msg::Redraw
        );
        if plays && self.tell_stopped() {
            return Effect::None;
        }
        if msg != Msg::Hint {
            self.hints.unmark();
        }
        // A resize between the two digits leaves the first waiting.
        if let Some(first) = self.goto_tens.take_if(|_| msg != Msg::Redraw) {
            // `g`, a digit, then: a second digit names a column of two; Enter the first alone;
            // Esc nothing; a click goes where it points; any other key goes to the first,
            // then does what it does.
            match msg {
                Msg::Column(n) => {
                    self.go_to_column(first * 10 + n % 10);
                    return Effect::None;
                }
                Msg::Select => {
                    self.go_to_column(first);
                    return Effect::None;
                }
                Msg::Cancel => {
                    self.note = None;
                    return Effect::None;
                }
                Msg::Mouse(_) => self.note = None,
                _ => self.go_to_column(first),
            }
        }
        if !self.offered(msg) {
            return Effect::None;
        }
        let goto = std::mem::take(&mut self.goto);
        match msg {
            Msg::Left => self.horizontal(-1),
            Msg::Right => self.horizontal(1),
            Msg::Up => self.vertical(-1),
            Msg::Down => self.vertical(1),
            Msg::Column(n) => self.column(n, goto),
            Msg::PileOf(role) => self.pile_key(role, goto),
            Msg::Goto => self.start_goto(),
            Msg::NextRow => self.next_row(1),
            Msg::PrevRow => self.next_row(-1),
            Msg::Select => self.select(),
            Msg::Auto => match self.carry.take() {
                Some(c) => self.auto(c.from, c.index),
                None => self.auto(self.cursor.0, self.cursor.1),
            },
            Msg::Deal => self.deal_key(),
            Msg::Undo => self.undo(),
            Msg::Redo => self.redo(),
            Msg::Hint => self.hint(),
            Msg::Demo => self.start_demo(),
            Msg::LiveStatus => self.toggle_live(),
            Msg::NewGame => self.confirm_or(Pending::NewGame),
            Msg::Restart => self.confirm_or(Pending::Restart),
            Msg::ShowCode => return self.show_code(),
            Msg::Help => self.overlay = Some(Overlay::Help { scroll: 0 }),
            Msg::Options => return Effect::Options,
            Msg::Cancel => {
                if self.carry.take().is_none() {
                    self.note = None;
                }
                self.pointer = None;
            }
            Msg::Back => {
                if self.in_progress() {
                    self.overlay = Some(Overlay::Confirm(Pending::Leave));
                } else {
                    return Effect::Back;
                }
            }
            Msg::Mouse(m) => self.mouse(m),
            Msg::Char(c) => self.other_key(c),
            _ => {}
        }
        // Stopped during this play: what it showed was made of stand-ins.
        if plays {
            self.tell_stopped();
        }
        Effect::None
    }

    /// Says on the status bar that the game's ruleset has stopped, with the way back to the
    /// game first (a narrow line cuts the end), when it has; true then.
    pub(crate) fn tell_stopped(&mut self) -> bool {
        let Some(why) = self.session.ruleset().stopped() else {
            return false;
        };
        self.error(format!("Game kept, start felt again to go on: {why}"));
        true
    }

    /// Reads everything back from the session after it changed.
    pub(crate) fn refresh(&mut self) {
        self.revision += 1;
        let asked = self.view.prompt.clone();
        self.view = self.session.view(HUMAN);
        self.moments.let_go();
        self.status = self.session.status();
        self.legal = self.session.legal_actions();
        self.carry = None;
        self.pointer = None;
        self.hints.table_changed();
        self.forget_hint_search();
        self.live
            .changed(self.revision, self.session.ruleset(), self.session.state());
        let options = self.view.prompt.as_ref().map_or(0, |p| p.options.len());
        self.choice = self.choice.min(options.saturating_sub(1));
        if self.view.prompt != asked {
            self.start_choice();
        }
        let pile = if self.view.pile(self.cursor.0).is_some() {
            self.cursor.0
        } else {
            self.view.piles.first().map_or(PileId(0), |p| p.id)
        };
        self.cursor = (pile, self.default_index(pile));
        self.overlay = match (&self.status, self.overlay) {
            (_, Some(o @ Overlay::Sheet { .. })) => Some(o),
            (Status::Playing, Some(Overlay::Finish)) => None,
            (Status::Playing, o) => o,
            _ => Some(Overlay::Finish),
        };
        self.open_sheet_asked();
    }

    /// Plays `action`; a refusal becomes the status bar's message. True when played.
    pub(crate) fn act(&mut self, action: Action) -> bool {
        self.carry = None;
        let followed = self.hints.followed(&action);
        match self.session.act(&action) {
            Ok(events) => {
                if followed && self.hints_assist {
                    self.assisted = true;
                }
                self.refresh();
                self.moments.hold(&self.view);
                let news: Vec<String> = events
                    .into_iter()
                    .filter_map(|e| match e {
                        felt_core::Event::Note { text, .. } => Some(text),
                        _ => None,
                    })
                    .collect();
                self.note = (!news.is_empty()).then(|| Note {
                    text: news.join(" · "),
                    error: false,
                    rule: None,
                });
                self.notice_dead_end_after_action();
                true
            }
            Err(v) => {
                self.refuse(&v);
                false
            }
        }
    }

    /// A refusal on the message line: the ruleset's sentence and the rule it cites.
    pub(crate) fn refuse(&mut self, v: &felt_core::RuleViolation) {
        self.note = Some(Note {
            text: format!("{}{}{}", v.message, self.theme.separator(), v.rule),
            error: true,
            rule: Some(v.rule.clone()),
        });
    }

    fn undo(&mut self) {
        match self.session.undo() {
            Ok(()) => {
                self.refresh();
                self.note = None;
                self.notice_dead_end();
            }
            Err(v) => self.refuse(&v),
        }
    }

    fn redo(&mut self) {
        match self.session.redo() {
            Ok(()) => {
                self.refresh();
                self.note = None;
                self.notice_dead_end();
            }
            Err(v) => self.refuse(&v),
        }
    }

    pub(crate) fn error(&mut self, text: String) {
        self.note = Some(Note {
            text,
            error: true,
            rule: None,
        });
    }

    /// Shows `text` on the status bar, not as an error.
    pub(crate) fn tell(&mut self, text: String) {
        self.note = Some(Note {
            text,
            error: false,
            rule: None,
        });
    }

    /// An action in words, with the piles' labels.
    pub(crate) fn describe(&self, action: &Action) -> String {
        crate::describe::describe(&self.view, action, &self.theme)
    }
}
