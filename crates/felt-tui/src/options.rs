//! The settings screen: the theme, the table's colour, the cards' backs and the table's
//! options, each changed in place and saved at once, with a sample of cards drawn as the table
//! will draw them. Reached by `o` from the launcher and from the table.

use crate::input::{key_bar, Msg};
use crate::keymap::OPTIONS_KEYS;
use crate::look::Choice;
use crate::paint::{fill, put, screen_title};
use crate::settings::Settings;
use crate::theme::Theme;
use felt_core::{Card, Rank, Suit};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// The moment pauses offered, in tenths of a second; 0 keeps a moment until a key.
const PAUSES: [u16; 6] = [5, 10, 15, 20, 30, 0];
/// The pause when none was chosen (the table's own default).
const DEFAULT_PAUSE: u16 = crate::pages::PAUSE_TICKS;

/// One line of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Standard colours or high contrast.
    Theme,
    /// The colour under the cards.
    Table,
    /// The colour of the cards' backs.
    Backs,
    /// A colour for each suit.
    FourColour,
    /// A mouse drop anywhere finds the best place.
    AutoPlace,
    /// Say so at a proven dead end.
    StuckNotice,
    /// How long a moment of play stays on show.
    MomentPause,
    /// A followed hint makes the game assisted.
    HintsAssist,
}

const SETTINGS: [Setting; 8] = [
    Setting::Theme,
    Setting::Table,
    Setting::Backs,
    Setting::FourColour,
    Setting::AutoPlace,
    Setting::StuckNotice,
    Setting::MomentPause,
    Setting::HintsAssist,
];

impl Setting {
    fn name(self) -> &'static str {
        match self {
            Setting::Theme => "Theme",
            Setting::Table => "Table colour",
            Setting::Backs => "Card backs",
            Setting::FourColour => "Four-colour deck",
            Setting::AutoPlace => "Auto-place on drop",
            Setting::StuckNotice => "Dead-end notice",
            Setting::MomentPause => "Moment pause",
            Setting::HintsAssist => "Hints count as help",
        }
    }

    /// What it does, under the list while it is selected.
    fn about(self) -> &'static str {
        match self {
            Setting::Theme => {
                "High contrast: a black table, white text and outlines, bold card faces."
            }
            Setting::Table => "The colour under the cards.",
            Setting::Backs => "The colour of the face-down cards.",
            Setting::FourColour => "Each suit its own colour: ♠ black, ♥ red, ♦ blue, ♣ green.",
            Setting::AutoPlace => "A drop of the mouse anywhere sends the cards to the best place.",
            Setting::StuckNotice => {
                "Say so when no move can make progress any more, in games that do not end there."
            }
            Setting::MomentPause => {
                "How long a moment the game wants seen (a trick played by the computer) stays."
            }
            Setting::HintsAssist => {
                "On: a game where you play a hinted move is assisted, as a demo game: no best."
            }
        }
    }

    fn value(self, s: &Settings) -> String {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        match self {
            Setting::Theme => s.theme.name().to_string(),
            Setting::Table => s.table.name().to_string(),
            Setting::Backs => s.backs.name().to_string(),
            Setting::FourColour => on(s.four_colour),
            Setting::AutoPlace => on(s.auto_place),
            Setting::StuckNotice => on(s.stuck_notice),
            Setting::HintsAssist => on(s.hints_assist),
            Setting::MomentPause => match s.moment_pause.unwrap_or(DEFAULT_PAUSE) {
                0 => "until a key".to_string(),
                t => format!("{}.{} s", t / 10, t % 10),
            },
        }
    }

    /// Changes the setting one step (`dir` 1 or -1).
    fn change(self, s: &mut Settings, dir: i32) {
        match self {
            Setting::Theme => s.theme = s.theme.step(dir),
            Setting::Table => s.table = s.table.step(dir),
            Setting::Backs => s.backs = s.backs.step(dir),
            Setting::FourColour => s.four_colour = !s.four_colour,
            Setting::AutoPlace => s.auto_place = !s.auto_place,
            Setting::StuckNotice => s.stuck_notice = !s.stuck_notice,
            Setting::HintsAssist => s.hints_assist = !s.hints_assist,
            Setting::MomentPause => {
                let now = s.moment_pause.unwrap_or(DEFAULT_PAUSE);
                let i = PAUSES.iter().position(|p| *p == now).unwrap_or(2) as i32;
                let next = PAUSES[(i + dir).rem_euclid(PAUSES.len() as i32) as usize];
                s.moment_pause = Some(next);
            }
        }
    }
}

/// What the app does after the screen handled a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionsEffect {
    /// Nothing.
    None,
    /// A setting changed: save the settings and draw with them.
    Changed,
    /// Leave the screen.
    Back,
}

/// The settings screen's state: which line is selected.
#[derive(Clone, Debug, Default)]
pub struct OptionsScreen {
    selected: usize,
}

impl OptionsScreen {
    /// The setting selected.
    pub fn selected(&self) -> Setting {
        SETTINGS[self.selected]
    }

    /// Handles one message, changing `settings` in place.
    pub fn update(&mut self, msg: Msg, settings: &mut Settings) -> OptionsEffect {
        let last = SETTINGS.len() - 1;
        match msg {
            Msg::Up => self.selected = self.selected.saturating_sub(1),
            Msg::Down => self.selected = (self.selected + 1).min(last),
            Msg::First => self.selected = 0,
            Msg::Last => self.selected = last,
            Msg::Left | Msg::Right => {
                self.selected()
                    .change(settings, if msg == Msg::Left { -1 } else { 1 });
                return OptionsEffect::Changed;
            }
            Msg::Back | Msg::Cancel => return OptionsEffect::Back,
            _ => {}
        }
        OptionsEffect::None
    }

    /// Draws the screen over `area` for `settings`, in `theme` (which already shows them).
    pub fn draw(&self, buf: &mut Buffer, area: Rect, settings: &Settings, theme: &Theme) {
        fill(buf, area, ' ', Style::default());
        let w = area.width;
        screen_title(buf, area, "· settings", theme);
        let x = area.x + 3;
        let room = area.right().saturating_sub(x);
        let mut y = area.y + 2;
        for (i, setting) in SETTINGS.iter().enumerate() {
            if y + 1 >= area.bottom() {
                break;
            }
            let selected = i == self.selected;
            let (mark, style) = if selected {
                (theme.select_mark(), theme.selected())
            } else {
                ("  ", Style::default())
            };
            put(buf, area.x + 1, y, mark, 2, theme.cursor());
            let arrows = if theme.ascii {
                ("<", ">")
            } else {
                ("◀", "▶")
            };
            let text = format!(
                "{:<20}{} {} {}",
                setting.name(),
                arrows.0,
                setting.value(settings),
                arrows.1
            );
            put(buf, x, y, &text, room, style);
            y += 1;
        }
        y += 1;
        let about = self.selected().about();
        let about = if theme.ascii {
            about
                .replace('♠', "S")
                .replace('♥', "H")
                .replace('♦', "D")
                .replace('♣', "C")
        } else {
            about.to_string()
        };
        put(buf, area.x + 1, y, &about, w.saturating_sub(1), theme.dim());
        y += 1;
        if !theme.colour {
            put(
                buf,
                area.x + 1,
                y,
                "Colours are off (NO_COLOR is set): the theme, table and backs show when they are on.",
                w.saturating_sub(1),
                theme.dim(),
            );
        }
        y += 2;
        if y + SAMPLE_H < area.bottom() {
            draw_sample(
                buf,
                Rect::new(area.x + 1, y, w.saturating_sub(2), SAMPLE_H),
                theme,
            );
        }
        let bar = Rect::new(area.x, area.bottom().saturating_sub(1), w, 1);
        fill(buf, bar, ' ', theme.bar());
        let keys = format!("{}  settings are saved at once", key_bar(OPTIONS_KEYS));
        put(
            buf,
            bar.x + 1,
            bar.y,
            &keys,
            w.saturating_sub(1),
            theme.bar(),
        );
    }
}

/// Lines of the sample: a card is three lines, and a label above.
const SAMPLE_H: u16 = 5;
/// A card's width in the sample, as the table draws a wide card.
const CARD_W: u16 = 7;

/// A few cards as the table draws them in `theme`: a back, one of each suit, an empty pile.
fn draw_sample(buf: &mut Buffer, area: Rect, theme: &Theme) {
    fill(buf, area, ' ', theme.table());
    put(buf, area.x + 1, area.y, "Sample", 8, theme.label());
    let top = area.y + 1;
    let mut x = area.x + 1;
    // A back.
    for row in 0..3 {
        let c = theme.back_char(row).to_string().repeat(usize::from(CARD_W));
        put(buf, x, top + row, &c, CARD_W, theme.back());
    }
    x += CARD_W + 1;
    let ranks = [
        Some(Rank::KING),
        Rank::new(10),
        Rank::new(7),
        Some(Rank::ACE),
    ];
    let suits = [Suit::Spade, Suit::Heart, Suit::Diamond, Suit::Club];
    for (rank, suit) in ranks.into_iter().zip(suits) {
        if x + CARD_W > area.right() {
            return;
        }
        let Some(rank) = rank else {
            continue;
        };
        let card = Card::new(suit, rank);
        fill(buf, Rect::new(x, top, CARD_W, 3), ' ', theme.face(card));
        put(
            buf,
            x,
            top,
            &theme.card_label(card),
            CARD_W,
            theme.face(card),
        );
        let label = theme.card_label(card);
        let at = x + CARD_W - label.chars().count() as u16;
        put(buf, at, top + 2, &label, CARD_W, theme.face(card));
        x += CARD_W + 1;
    }
    if x + CARD_W <= area.right() {
        crate::paint::outline(
            buf,
            Rect::new(x, top, CARD_W, 3),
            &theme.slot_glyphs(),
            theme.slot(),
        );
    }
}
