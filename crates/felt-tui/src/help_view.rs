//! The help overlay of the table: the keys the game offers, in its own words where they
//! differ (a table played from a hand, a stock drawn from), then the game's rules.

use crate::game::Game;
use crate::input::{Binding, Msg, TABLE_KEYS};
use crate::paint::{centred, fill, paragraph, window, wrapped_height};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

impl Game {
    pub(crate) fn draw_help(&mut self, buf: &mut Buffer, area: Rect, scroll: u16) {
        let theme = self.theme;
        let info = self.session.ruleset().info();
        // The help is a page, not a note over the table: the table's edges, and the cursor on
        // them, would show beside the box as stray marks, so the whole screen is cleared.
        Clear.render(area, buf);
        fill(buf, area, ' ', theme.table());
        let inner = window(
            buf,
            area,
            78,
            area.height,
            &format!("Help: {}", info.name),
            &theme,
        );
        let mut lines: Vec<Line<'_>> = vec![Line::styled("Keys", theme.heading())];
        let has_role = |role| self.has_role(role);
        let deal_word = crate::describe::deal_word(&self.view);
        // At a table where the player plays cards from a hand (no columns), the keys are said
        // in its words: cards are played, not piles picked up from.
        let hand = self.has_role(felt_core::PileRole::Hand)
            && !self.has_role(felt_core::PileRole::Tableau);
        let has_use = |c| crate::pages::has_use(c, &self.view, info);
        for b in TABLE_KEYS
            .iter()
            .filter(|b| offered(info, &has_role, &has_use, b))
        {
            let msg = b.keys.first().map(|k| (b.msg)(k.0));
            let help = match msg {
                Some(Msg::Deal) => format!("{deal_word} from the stock"),
                Some(Msg::LiveStatus) if !crate::analysis::hides_cards(&self.view) => {
                    "live status: can the game still be won?".to_string()
                }
                Some(m) if hand => hand_words(m).unwrap_or(b.help).to_string(),
                _ => b.help.to_string(),
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{:<15}", b.label), theme.heading()),
                Span::raw(help),
            ]));
        }
        for (key, what) in crate::pages::sheet_keys(&self.view) {
            lines.push(Line::from(vec![
                Span::styled(format!("{key:<15}"), theme.heading()),
                Span::raw(format!("the {what}")),
            ]));
        }
        for (key, _, what) in self.extra_keys() {
            lines.push(Line::from(vec![
                Span::styled(format!("{key:<15}"), theme.heading()),
                Span::raw(what),
            ]));
        }
        let mouse = if hand {
            [
                ("click", "pick up the card clicked; click where it goes"),
                (
                    "drag",
                    "carry a card with the pointer, release where it goes",
                ),
                ("double-click", "play the card"),
            ]
        } else {
            [
                (
                    "click",
                    "pick up from the card clicked; click a pile to drop",
                ),
                ("drag", "carry cards with the pointer, release on a pile"),
                ("double-click", "send the cards to the best place"),
            ]
        };
        for (what, does) in mouse {
            lines.push(Line::from(vec![
                Span::styled(format!("{what:<15}"), theme.heading()),
                Span::raw(does),
            ]));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("Rules: {}", info.name),
            theme.heading(),
        ));
        for para in &info.help {
            lines.push(Line::raw(para.clone()));
            lines.push(Line::raw(""));
        }
        let body = Rect::new(
            inner.x,
            inner.y,
            inner.width,
            inner.height.saturating_sub(1),
        );
        self.help_lines = wrapped_height(&lines, body.width).saturating_sub(body.height);
        let scroll = scroll.min(self.help_lines);
        paragraph(buf, body, lines, scroll);
        let foot = Rect::new(inner.x, inner.bottom().saturating_sub(1), inner.width, 1);
        centred(buf, foot, "↑↓ scroll · Esc close", theme.dim());
    }
}

/// What a key does at a table where the player plays cards from a hand, where its words
/// differ from a patience's.
fn hand_words(msg: Msg) -> Option<&'static str> {
    Some(match msg {
        Msg::Left => "cursor to the card, hand or place on the left",
        Msg::Right => "cursor to the card, hand or place on the right",
        Msg::Up => "cursor to the row above",
        Msg::Down => "cursor to the row below",
        Msg::NextRow | Msg::PrevRow => "cursor to the next row / the row before",
        Msg::Select => "pick up the card under the cursor / put it at the cursor",
        Msg::Auto => "play the card under the cursor",
        Msg::Cancel => "put the card back / clear the message",
        _ => return None,
    })
}

/// Whether the help lists binding `b` for a game described by `info`: its command is one
/// the game has a use for at this table (`has_use`), the demo and hints only where it gives hints, a pile role's key
/// only where `has_role` says a pile of that role is one the player moves cards to or from.
fn offered(
    info: &felt_core::RulesetInfo,
    has_role: &dyn Fn(felt_core::PileRole) -> bool,
    has_use: &dyn Fn(felt_core::Command) -> bool,
    b: &Binding,
) -> bool {
    let Some(msg) = b.keys.first().map(|k| (b.msg)(k.0)) else {
        return true;
    };
    if let Msg::PileOf(role) = msg {
        return has_role(role);
    }
    // "g then a digit or a pile key": only where there are digits or pile keys to follow it.
    if msg == Msg::Goto {
        let pile_keys = crate::pilekeys::ROLE_KEYS
            .iter()
            .any(|(_, role, _)| has_role(*role));
        return info.offers(felt_core::Command::Columns) || pile_keys;
    }
    if matches!(msg, Msg::Demo | Msg::Hint) && !info.hints {
        return msg != Msg::Demo;
    }
    crate::keymap::command_of(msg).is_none_or(has_use)
}
