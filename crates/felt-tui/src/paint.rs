//! Small drawing helpers that never write outside the buffer.

use crate::theme::{BoxGlyphs, Theme};
use felt_core::text::{is_unsafe, visible_line};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};
use std::borrow::Cow;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Writes `text` at (`x`, `y`), cut at `max` cells and at the buffer's edge. Its control
/// characters and bidi overrides are shown as escapes (`\x1b`), never sent: the text may be a
/// ruleset's, a plugin's or a file's.
pub fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, max: u16, style: Style) {
    let area = buf.area;
    if y < area.top() || y >= area.bottom() || x < area.left() || x >= area.right() {
        return;
    }
    let room = (area.right() - x).min(max);
    let text = visible_line(text);
    buf.set_stringn(x, y, text.as_ref(), usize::from(room), style);
}

/// Replaces every cell that would still send the terminal a control character or a bidi
/// override with `?`: the last guard behind [`put`] and [`paragraph`], which show such
/// characters as escapes, for any text that reached the buffer another way.
pub fn scrub(buf: &mut Buffer) {
    for cell in buf.content.iter_mut() {
        if cell.symbol().contains(is_unsafe) {
            cell.set_char('?');
        }
    }
}

/// Writes `text` on `line` with `code` (the game code) at its right end when both fit; a
/// long text wins the line and the code is left out.
pub fn put_with_code(
    buf: &mut Buffer,
    line: Rect,
    text: &str,
    style: Style,
    code: &str,
    code_style: Style,
) {
    let code_w = code.width() as u16 + 1;
    let len = text.width() as u16;
    if len + code_w < line.width {
        put(buf, line.right() - code_w, line.y, code, code_w, code_style);
        put(buf, line.x, line.y, text, line.width - code_w, style);
    } else {
        put(buf, line.x, line.y, text, line.width, style);
    }
}

/// `text` in at most `room` cells with its end `keep` whole: the part before it is cut and ends
/// with an ellipsis (`...` in ASCII). A `text` that does not end with `keep`, or a `keep` that
/// leaves no room for a word, is cut at its end as [`put`] would. Widths are the terminal's
/// (a CJK character takes two cells), as [`put`] counts them, so the kept end is never cut off.
pub fn clip_keeping_end(text: &str, keep: &str, room: usize, ascii: bool) -> String {
    if text.width() <= room {
        return text.to_string();
    }
    let dots = if ascii { "..." } else { "…" };
    let head_room = room.saturating_sub(keep.width() + dots.width());
    match text.strip_suffix(keep) {
        Some(head) if head_room > 0 => {
            format!("{}{dots}{keep}", take_width(head, head_room).trim_end())
        }
        _ => take_width(text, room),
    }
}

/// The start of `text` that fits in `room` cells.
pub(crate) fn take_width(text: &str, room: usize) -> String {
    let mut used = 0;
    text.chars()
        .take_while(|c| {
            used += c.width().unwrap_or(0);
            used <= room
        })
        .collect()
}

/// Sets one cell.
pub fn put_char(buf: &mut Buffer, x: u16, y: u16, c: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(c).set_style(style);
    }
}

/// Fills `rect` (clipped to the buffer) with `c`.
pub fn fill(buf: &mut Buffer, rect: Rect, c: char, style: Style) {
    let rect = rect.intersection(buf.area);
    for y in rect.top()..rect.bottom() {
        for x in rect.left()..rect.right() {
            put_char(buf, x, y, c, style);
        }
    }
}

/// Draws the outline of `rect` with `glyphs`.
pub fn outline(buf: &mut Buffer, rect: Rect, glyphs: &BoxGlyphs, style: Style) {
    if rect.width < 2 || rect.height < 2 {
        return;
    }
    let (l, r, t, b) = (rect.left(), rect.right() - 1, rect.top(), rect.bottom() - 1);
    for x in l + 1..r {
        put_char(buf, x, t, glyphs.horizontal, style);
        put_char(buf, x, b, glyphs.horizontal, style);
    }
    for y in t + 1..b {
        put_char(buf, l, y, glyphs.vertical, style);
        put_char(buf, r, y, glyphs.vertical, style);
    }
    put_char(buf, l, t, glyphs.corners[0], style);
    put_char(buf, r, t, glyphs.corners[1], style);
    put_char(buf, l, b, glyphs.corners[2], style);
    put_char(buf, r, b, glyphs.corners[3], style);
}

/// Writes `text` centred in a one-line `rect`.
pub fn centred(buf: &mut Buffer, rect: Rect, text: &str, style: Style) {
    let len = text.chars().count() as u16;
    let x = rect.x + rect.width.saturating_sub(len) / 2;
    put(buf, x, rect.y, text, rect.right().saturating_sub(x), style);
}

/// A framed window in the middle of `area`, cleared, with a title; returns its inside.
pub fn window(
    buf: &mut Buffer,
    area: Rect,
    width: u16,
    height: u16,
    title: &str,
    theme: &Theme,
) -> Rect {
    // A window that would leave a sliver of the table at its sides (a column or two, whose
    // cards and cursor would show through as stray marks) takes the whole width instead.
    let w = if area.width.saturating_sub(width) < 6 {
        area.width
    } else {
        width
    };
    let h = height.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    // Cleared first (ratatui's `Clear` resets every cell), so nothing of what was drawn under
    // the window, a wide glyph's second half included, shows through it.
    Clear.render(rect.intersection(buf.area), buf);
    fill(buf, rect, ' ', theme.window());
    outline(buf, rect, &theme.window_glyphs(), theme.heading());
    let title = format!(" {title} ");
    centred(
        buf,
        Rect::new(rect.x, rect.y, rect.width, 1),
        &title,
        theme.heading(),
    );
    Rect::new(
        rect.x + 2,
        rect.y + 1,
        w.saturating_sub(4),
        h.saturating_sub(2),
    )
}

/// Wrapped lines of text in `rect`, starting `scroll` lines down; control characters shown
/// as [`put`] shows them.
pub fn paragraph(buf: &mut Buffer, rect: Rect, lines: Vec<Line<'_>>, scroll: u16) {
    let lines: Vec<Line<'_>> = lines.into_iter().map(visible_spans).collect();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render(rect.intersection(buf.area), buf);
}

/// `line` with each span's text as [`visible_line`] writes it.
fn visible_spans(mut line: Line<'_>) -> Line<'_> {
    for span in &mut line.spans {
        if let Cow::Owned(shown) = visible_line(&span.content) {
            span.content = Cow::Owned(shown);
        }
    }
    line
}

/// How many lines `lines` take once wrapped at `width` (and their escapes written out, as
/// [`paragraph`] writes them).
pub fn wrapped_height(lines: &[Line<'_>], width: u16) -> u16 {
    let width = usize::from(width.max(1));
    lines
        .iter()
        .map(|l| {
            let cells: usize = l
                .spans
                .iter()
                .map(|s| visible_line(&s.content).width())
                .sum();
            cells.div_ceil(width).max(1) as u16
        })
        .sum()
}

/// A status bar's text: `text`, then as many of `items` ("label value") as fit in `width`,
/// whole, in order: a counter is left out rather than cut.
pub fn status_line(mut text: String, items: &[felt_core::StatusItem], width: u16) -> String {
    for item in items {
        let piece = format!("  {} {}", item.label, item.value);
        if (text.chars().count() + piece.chars().count()) as u16 > width {
            break;
        }
        text.push_str(&piece);
    }
    text
}

/// The first line of a full screen: "felt" and what the screen is.
pub fn screen_title(buf: &mut Buffer, area: Rect, what: &str, theme: &Theme) {
    let w = area.width;
    put(buf, area.x + 1, area.y, "felt", w, theme.heading());
    put(
        buf,
        area.x + 6,
        area.y,
        what,
        w.saturating_sub(6),
        theme.dim(),
    );
}

#[cfg(test)]
mod tests {
    use super::{clip_keeping_end, paragraph, put, scrub};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::Style;
    use ratatui::text::Line;

    fn row(buf: &Buffer, y: u16) -> String {
        (0..buf.area.width)
            .map(|x| buf[(x, y)].symbol())
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    #[test]
    fn text_from_outside_is_drawn_with_its_controls_escaped() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, 3));
        put(
            &mut buf,
            0,
            0,
            "KH\u{1b}]0;x\u{7} ♠\u{202e}",
            40,
            Style::default(),
        );
        assert_eq!(row(&buf, 0), "KH\\x1b]0;x\\x07 ♠\\u{202e}");
        paragraph(
            &mut buf,
            Rect::new(0, 1, 40, 2),
            vec![Line::raw("a\u{9b}2J\tb")],
            0,
        );
        assert_eq!(row(&buf, 1), "a\\u{9b}2J\\tb");
    }

    #[test]
    fn a_cell_that_would_send_a_control_is_scrubbed() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        buf[(1, 0)].set_symbol("\u{1b}");
        buf[(2, 0)].set_symbol("\u{202e}");
        scrub(&mut buf);
        assert_eq!(row(&buf, 0), " ??");
    }

    #[test]
    fn a_cut_keeps_the_end_and_marks_where_it_cut() {
        let text = " A long reason for a refusal (SP-GROUP)";
        assert_eq!(clip_keeping_end(text, " (SP-GROUP)", 80, false), text);
        let cut = clip_keeping_end(text, " (SP-GROUP)", 24, false);
        assert_eq!(cut, " A long reas… (SP-GROUP)");
        assert!(cut.chars().count() <= 24);
        let ascii = clip_keeping_end(text, " (SP-GROUP)", 24, true);
        assert_eq!(ascii, " A long re... (SP-GROUP)");
        // No room for a word of the reason: cut at the end like any text.
        assert_eq!(
            clip_keeping_end(text, " (SP-GROUP)", 12, false),
            " A long reas"
        );
    }

    #[test]
    fn a_cut_counts_cells_so_wide_characters_keep_the_end_on_screen() {
        use unicode_width::UnicodeWidthStr;
        // Each of these characters takes two cells: counted as one, the cut would overflow and
        // the screen would lose the rule id.
        let text = "列は空ではないので移動できません (SP-GROUP)";
        let cut = clip_keeping_end(text, " (SP-GROUP)", 24, false);
        assert_eq!(cut, "列は空ではな… (SP-GROUP)");
        assert!(cut.width() <= 24, "{} cells", cut.width());
        assert!(clip_keeping_end(text, "", 7, false).width() <= 7);
    }
}
