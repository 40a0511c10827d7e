//! Draws a laid-out `TableView`: cards, backs, empty slots, labels, the cursor, carried cards and
//! the piles that would accept them; records every region it draws for the mouse.

use crate::hit::{HitMap, Target};
use crate::layout::{CardPlace, PileGeom, Shape, TableLayout, CARD_H};
use crate::paint::{centred, fill, outline, put, put_char};
use crate::theme::Theme;
use felt_core::{CardFace, DrawHint, PileId, PileView, TableView};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// What the interaction adds to the table: cursor, carried cards, accepting piles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The pile and card under the cursor.
    pub cursor: Option<(PileId, u16)>,
    /// The pile and first card of the carried group.
    pub carried: Option<(PileId, u16)>,
    /// Piles that would accept the carried group.
    pub accepting: Vec<PileId>,
    /// While dragging with the mouse: where the pointer is, so the cards follow it.
    pub pointer: Option<(u16, u16)>,
    /// The pile and first card a hint would move, marked beside the cards.
    pub hinted: Option<(PileId, u16)>,
    /// Cards of the player's hands that no legal action plays now, drawn greyed: each a
    /// pile and a card index.
    pub unplayable: Vec<(PileId, u16)>,
}

/// Draws every pile of `view` as `layout` places them, and records the regions in `hits`.
pub fn draw_table(
    buf: &mut Buffer,
    view: &TableView,
    layout: &TableLayout,
    marks: &Marks,
    theme: &Theme,
    hits: &mut HitMap,
) {
    for g in &layout.piles {
        hits.push(g.area, Target::Pile(g.id));
    }
    for g in &layout.piles {
        let Some(pile) = view.piles.get(g.pile) else {
            continue;
        };
        let accepting = marks.accepting.contains(&g.id);
        // An empty stack shows its note inside its outline, where a player looks for what
        // dealing from it does next (the waste turned back over, or nothing more).
        let note_inside = note_in_slot(pile, g);
        draw_label(buf, pile, g, accepting, note_inside.is_none(), theme);
        if let Some(note) = note_inside {
            let middle = g.slot.y + g.slot.height / 2;
            let line = Rect::new(g.slot.x, middle, g.slot.width, 1);
            centred(buf, line, note, theme.label());
        }
        if g.cards.is_empty() {
            let style = if accepting {
                theme.accepting()
            } else {
                theme.slot()
            };
            // A foundation's empty place is drawn solid, a cell's or a column's dashed, so the
            // places that keep cards for good and those that hold them a while look apart.
            let glyphs = if pile.role == felt_core::PileRole::Foundation {
                theme.base_glyphs()
            } else {
                theme.slot_glyphs()
            };
            outline(buf, g.slot, &glyphs, style);
        }
        let carried_from = match marks.carried {
            Some((p, i)) if p == g.id => Some(i),
            _ => None,
        };
        let hinted_from = match marks.hinted {
            Some((p, i)) if p == g.id => Some(i),
            _ => None,
        };
        for place in &g.cards {
            let greyed = marks.unplayable.contains(&(g.id, place.first));
            draw_unit(buf, pile, place, greyed, theme);
            hits.push(
                place.rect,
                Target::Card {
                    pile: g.id,
                    index: place.first,
                },
            );
            // From a row across (a hand) one card is taken, not every card to its right.
            let carried = carried_from.is_some_and(|from| {
                place.first + place.count > from
                    && (pile.hint != DrawHint::FanRight || place.first <= from)
            });
            if carried {
                mark_unit(
                    buf,
                    pile.hint,
                    g,
                    place,
                    theme.carry_mark(),
                    theme.carried(),
                );
            }
            let hinted = hinted_from.is_some_and(|from| {
                place.first + place.count > from
                    && (pile.hint != DrawHint::FanRight || place.first <= from)
            });
            if hinted {
                mark_unit(buf, pile.hint, g, place, theme.hint_mark(), theme.hinted());
            }
        }
        if let Some((_, index)) = marks.cursor.filter(|(p, _)| *p == g.id) {
            draw_cursor(buf, pile, g, index, theme);
        }
    }
    if let (Some((x, y)), Some((from, index))) = (marks.pointer, marks.carried) {
        if let Some(pile) = view.pile(from) {
            let size = (layout.card_w, layout.card_h);
            draw_floating(buf, pile, index, (x, y), size, theme);
        }
    }
}

/// The note an empty stacked pile shows inside its outline, when it fits there.
fn note_in_slot<'a>(pile: &'a PileView, g: &PileGeom) -> Option<&'a str> {
    use unicode_width::UnicodeWidthStr;
    let note = pile.note.as_deref()?;
    let inside = usize::from(g.slot.width.saturating_sub(2));
    (pile.hint == DrawHint::Stacked
        && g.cards.is_empty()
        && g.slot.height >= 3
        && note.width() <= inside)
        .then_some(note)
}

fn draw_label(
    buf: &mut Buffer,
    pile: &PileView,
    g: &PileGeom,
    accepting: bool,
    with_note: bool,
    theme: &Theme,
) {
    // A label drawn from its pile's second cell keeps the first free for marks, and the
    // last free too: two blanks stand before the next pile's label, so two labels never
    // read as one ("5 deals runs"). A centred one keeps the same room.
    let room = usize::from(g.label.width.saturating_sub(2));
    let room = if accepting {
        room.saturating_sub(2)
    } else {
        room
    };
    let note = pile.note.as_deref().filter(|_| with_note);
    let mut text = fit_label(&pile.label, note, theme.separator(), room);
    // A label one cell too long for that room, where nothing but it would be drawn, is
    // drawn whole, with one blank before the next pile's label: one word and a blank do not
    // run together as a label and a note would ("stock waste", not "stoc wast").
    let label_w = unicode_width::UnicodeWidthStr::width(pile.label.as_str());
    if !accepting && label_w == room + 1 && pile.label.starts_with(text.as_str()) {
        text = pile.label.clone();
    }
    let (text, style) = if accepting {
        (format!("[{text}]"), theme.accepting())
    } else {
        (text, theme.label())
    };
    match pile.hint {
        DrawHint::FanDown | DrawHint::Slot => centred(buf, g.label, &text, style),
        DrawHint::FanRight | DrawHint::Stacked | DrawHint::FanLast(_) => put(
            buf,
            g.label.x + 1,
            g.label.y,
            &text,
            g.label.width.saturating_sub(1),
            style,
        ),
    }
}

/// A pile's label and note in `room` cells, never cut in the middle of a word: both
/// (`stock · 5 deals`), else the note alone when it has a word or a number in it (`5 deals`
/// says more than `stock` beside a face-down stack), else the note's first whole words when
/// the label is an id rather than a word and the note starts with one (`South` of `South
/// won` rather than `trick-S`: a player reads a seat, not a pile's id), else the label, cut
/// only when even it does not fit.
pub fn fit_label(label: &str, note: Option<&str>, separator: &str, room: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    let Some(note) = note else {
        return crate::paint::take_width(label, room);
    };
    let full = format!("{label}{separator}{note}");
    if full.width() <= room {
        return full;
    }
    if note.width() <= room && note.chars().any(char::is_alphanumeric) {
        return note.to_string();
    }
    let word = |w: &str| w.chars().count() > 1 && w.chars().all(char::is_alphabetic);
    let named = !word(label) && note.split(' ').next().is_some_and(word);
    if named {
        let mut words = String::new();
        for word in note.split(' ') {
            let longer = if words.is_empty() {
                word.to_string()
            } else {
                format!("{words} {word}")
            };
            if longer.width() > room {
                break;
            }
            words = longer;
        }
        if !words.is_empty() {
            return words;
        }
    }
    crate::paint::take_width(label, room)
}

/// The mark column of a unit: left of a card in a column and of a squared pile's fan (whose
/// first cell is kept free for it), over it in a row across.
fn mark_unit(
    buf: &mut Buffer,
    hint: DrawHint,
    g: &PileGeom,
    place: &CardPlace,
    mark: char,
    style: Style,
) {
    match hint {
        DrawHint::FanRight => put_char(
            buf,
            place.rect.x,
            place.rect.y.saturating_sub(1),
            mark,
            style,
        ),
        DrawHint::FanLast(_) => {
            for y in place.rect.top()..place.rect.bottom() {
                put_char(buf, g.area.x, y, mark, style);
            }
        }
        _ => {
            for y in place.rect.top()..place.rect.bottom() {
                put_char(buf, place.rect.x.saturating_sub(1), y, mark, style);
            }
        }
    }
}

fn draw_cursor(buf: &mut Buffer, pile: &PileView, g: &PileGeom, index: u16, theme: &Theme) {
    let unit = g
        .cards
        .iter()
        .find(|p| p.first <= index && index < p.first + p.count)
        .or(g.cards.last());
    let mark = match pile.hint {
        DrawHint::FanRight => {
            if theme.ascii {
                'v'
            } else {
                '▼'
            }
        }
        _ => theme.cursor_mark(),
    };
    match unit {
        Some(place) => {
            let one_line = CardPlace {
                rect: Rect {
                    height: 1,
                    ..place.rect
                },
                ..*place
            };
            mark_unit(buf, pile.hint, g, &one_line, mark, theme.cursor());
        }
        // An empty row across has its mark where its cards' marks go, above the slot.
        None if pile.hint == DrawHint::FanRight => put_char(
            buf,
            g.slot.x,
            g.slot.y.saturating_sub(1),
            mark,
            theme.cursor(),
        ),
        None => put_char(
            buf,
            g.slot.x.saturating_sub(1),
            g.slot.y,
            mark,
            theme.cursor(),
        ),
    }
}

fn draw_unit(buf: &mut Buffer, pile: &PileView, place: &CardPlace, greyed: bool, theme: &Theme) {
    let face = pile
        .cards
        .get(usize::from(place.first))
        .copied()
        .unwrap_or(CardFace::Down);
    let r = place.rect;
    match place.shape {
        Shape::Full | Shape::Stack => {
            draw_card_styled(buf, r, face, greyed, theme);
            if place.shape == Shape::Stack && r.height >= 2 {
                let count = format!(" {} ", place.count);
                centred(
                    buf,
                    Rect::new(r.x, r.y + r.height / 2, r.width, 1),
                    &count,
                    theme.cursor(),
                );
            }
        }
        Shape::Strip => match face {
            CardFace::Up(card) => {
                let style = if greyed {
                    theme.unplayable()
                } else {
                    theme.face(card)
                };
                fill(buf, r, ' ', style);
                put(buf, r.x, r.y, &theme.card_label(card), r.width, style);
            }
            CardFace::Down => back(buf, r, theme),
        },
        Shape::Folded => {
            back(buf, r, theme);
            let text = format!(" {} ", place.count);
            centred(
                buf,
                Rect::new(r.x, r.y + r.height / 2, r.width, 1),
                &text,
                theme.back(),
            );
        }
        Shape::Hidden => {
            let text = format!("{}+{}", theme.hidden_mark(), place.count);
            fill(buf, r, ' ', Style::default());
            put(buf, r.x, r.y, &text, r.width, theme.dim());
        }
    }
}

fn back(buf: &mut Buffer, r: Rect, theme: &Theme) {
    let r = r.intersection(buf.area);
    for y in r.top()..r.bottom() {
        fill(
            buf,
            Rect::new(r.x, y, r.width, 1),
            theme.back_char(y),
            theme.back(),
        );
    }
}

/// A whole card: its label top left, the suit in the middle, the label again bottom right.
pub fn draw_card(buf: &mut Buffer, r: Rect, face: CardFace, theme: &Theme) {
    draw_card_styled(buf, r, face, false, theme);
}

/// A whole card, greyed when no legal action plays it.
fn draw_card_styled(buf: &mut Buffer, r: Rect, face: CardFace, greyed: bool, theme: &Theme) {
    match face {
        CardFace::Down => back(buf, r, theme),
        CardFace::Up(card) => {
            let style = if greyed {
                theme.unplayable()
            } else {
                theme.face(card)
            };
            fill(buf, r, ' ', style);
            let label = theme.card_label(card);
            put(buf, r.x, r.y, &label, r.width, style);
            if r.height >= CARD_H {
                let suit = theme.suit_glyph(card.suit()).to_string();
                let middle = r.y + r.height / 2;
                centred(buf, Rect::new(r.x, middle, r.width, 1), &suit, style);
                let len = label.chars().count() as u16;
                let x = r.right().saturating_sub(len).max(r.x);
                put(buf, x, r.bottom() - 1, &label, r.right() - x, style);
            }
        }
    }
}

/// The carried cards drawn under the mouse pointer at `at`, as a short column of cards of
/// `size` (columns, lines).
fn draw_floating(
    buf: &mut Buffer,
    pile: &PileView,
    index: u16,
    at: (u16, u16),
    size: (u16, u16),
    theme: &Theme,
) {
    let (x, y) = at;
    let (card_w, card_h) = size;
    let cards = pile.cards.get(usize::from(index)..).unwrap_or(&[]);
    let n = cards.len() as u16;
    for (i, &face) in cards.iter().enumerate() {
        let i = i as u16;
        let h = if i + 1 == n { card_h } else { 1 };
        let rect = Rect::new(x, y.saturating_add(i), card_w, h).intersection(buf.area);
        if rect.is_empty() {
            continue;
        }
        if h == 1 {
            if let CardFace::Up(card) = face {
                fill(buf, rect, ' ', theme.face(card));
                put(
                    buf,
                    rect.x,
                    rect.y,
                    &theme.card_label(card),
                    rect.width,
                    theme.face(card),
                );
            } else {
                back(buf, rect, theme);
            }
        } else {
            draw_card(buf, rect, face, theme);
        }
    }
}
