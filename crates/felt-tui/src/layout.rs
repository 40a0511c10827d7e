//! Where every pile and every visible card goes on the screen, from the `TableView` alone.
//!
//! Rows of piles (`Place.row`) run top to bottom, piles within a row by `Place.col`. Rows holding
//! a fanned-down pile share the height left over; long columns are compressed to fit: first
//! their face-down runs fold into one line, then face-up cards in the middle hide behind a
//! `┊+n` line, and the last card always shows in full. A pile's place depends on the table's
//! piles and the screen, never on what the piles hold, so nothing moves while a game goes on.
//!
//! Cards grow with the screen: wider and taller (five lines) where every row of columns still
//! has room for a King-to-Two run under its top card, and a face-up card under others shows
//! two lines of itself wherever its whole column fits so.
//!
//! A row whose piles stand at columns of their own (a gap in its `Place.col`s) may sit beside
//! the row above, lifted by half a card, when no pile of either shares a column with the
//! other: four places of a trick laid out around the table take three card heights, not four.

use felt_core::{DrawHint, PileId, PileView, TableView};
use ratatui::layout::Rect;
use std::collections::BTreeMap;

mod fan;
use fan::{fan_down, fan_last, fan_right, top_only};
pub use fan::{fan_units, natural_lines, unit_h, Unit};

/// Height of a card drawn in full on a small screen.
pub const CARD_H: u16 = 3;
/// Height of a card drawn in full where the screen has room.
pub const CARD_H_TALL: u16 = 5;
/// The widest a card is drawn on a small screen.
pub const CARD_W_MAX: u16 = 7;
/// The widest a tall card is drawn.
pub const CARD_W_TALL: u16 = 9;
/// The narrowest column that still shows `10♠` with its cursor cell.
pub const COL_W_MIN: u16 = 5;
/// The widest column on a small screen.
pub const COL_W_MAX: u16 = 10;
/// The widest column of tall cards.
pub const COL_W_TALL: u16 = 13;
/// The fewest lines a fanned row may have for its cards.
pub const FAN_MIN: u16 = 6;
/// Lines a column of tall cards keeps under its top card at the least: a run from King to
/// Two shows whole.
const TALL_ROOM: u16 = 12;
/// Column widths a row of cards across wants, in columns.
const FAN_RIGHT_SLOTS: u16 = 3;

/// How large cards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    /// Columns of a card.
    pub card_w: u16,
    /// Lines of a card drawn in full.
    pub card_h: u16,
    /// Lines a face-up card under others shows of itself in a column.
    pub step: u16,
}

/// How one visible unit of a pile is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A whole card.
    Full,
    /// The visible edge of a card under others.
    Strip,
    /// Several face-down cards folded into one line.
    Folded,
    /// Cards hidden to make the pile fit, shown as a count.
    Hidden,
    /// The top card of a stacked pile, with the pile's count.
    Stack,
}

/// One drawn unit: a card, or several folded into one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardPlace {
    /// Index of the first card it stands for, from the bottom of the pile.
    pub first: u16,
    /// How many cards it stands for.
    pub count: u16,
    /// Where it is drawn.
    pub rect: Rect,
    /// How.
    pub shape: Shape,
}

/// One pile's place on the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PileGeom {
    /// Position of the pile in `TableView.piles`.
    pub pile: usize,
    /// Its id.
    pub id: PileId,
    /// Everything the pile owns: label, cards and the free space under them (a drop target).
    pub area: Rect,
    /// The label line.
    pub label: Rect,
    /// Where the dashed outline of an empty pile goes.
    pub slot: Rect,
    /// Visible units, bottom card first (so later ones are drawn on top).
    pub cards: Vec<CardPlace>,
}

/// The whole table's geometry.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TableLayout {
    /// Every pile, in `TableView.piles` order.
    pub piles: Vec<PileGeom>,
    /// The width cards are drawn at.
    pub card_w: u16,
    /// The height a card drawn in full takes.
    pub card_h: u16,
}

/// The screen is smaller than the table needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooSmall {
    /// Columns needed.
    pub width: u16,
    /// Lines needed.
    pub height: u16,
}

impl TableLayout {
    /// The geometry of a pile by id.
    pub fn pile(&self, id: PileId) -> Option<&PileGeom> {
        self.piles.iter().find(|g| g.id == id)
    }
}

fn is_fixed(p: &PileView) -> bool {
    p.hint != DrawHint::FanRight
}

/// A row that is one row of cards across and nothing else (a player's hand): it takes the
/// whole width, so that every card of a long hand shows its rank and suit, and it has a line
/// of its own between its label and its cards for the cursor and carry marks, which would
/// otherwise be drawn over the label.
fn lone_across(view: &TableView, row: &[usize]) -> bool {
    matches!(row, [i] if view.piles[*i].hint == DrawHint::FanRight)
}

/// Lines a row needs above its cards: the label, and the marks' line of a lone row across.
fn head_h(view: &TableView, row: &[usize]) -> u16 {
    if lone_across(view, row) {
        2
    } else {
        1
    }
}

/// Columns a fixed pile takes in its row: one, or two for a pile fanning its last cards.
fn fixed_slots(p: &PileView) -> u16 {
    match p.hint {
        DrawHint::FanLast(_) => 2,
        _ => 1,
    }
}

/// One row of the table as the vertical placement sees it.
struct Row {
    /// Its piles, in `TableView.piles` positions, left to right.
    piles: Vec<usize>,
    /// It holds a column fanned down, and shares the lines left over.
    flex: bool,
    /// Lines above its cards.
    head: u16,
    /// The table's half columns its piles take, when it places them at columns of their own.
    spans: Option<Vec<(u16, u16)>>,
}

impl Row {
    /// Whether `self` may sit beside `above`, lifted: both place their piles at columns of
    /// their own, and no column holds a pile of each.
    fn beside(&self, above: &Row) -> bool {
        match (&self.spans, &above.spans) {
            (Some(a), Some(b)) => a
                .iter()
                .all(|&(s, e)| b.iter().all(|&(t, f)| e <= t || f <= s)),
            _ => false,
        }
    }
}

fn rows_of(view: &TableView) -> Vec<Row> {
    let mut rows: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
    for (i, p) in view.piles.iter().enumerate() {
        rows.entry(p.place.row).or_default().push(i);
    }
    rows.into_values()
        .map(|mut piles| {
            piles.sort_by_key(|&i| view.piles[i].place.col);
            let flex = piles
                .iter()
                .any(|&i| view.piles[i].hint == DrawHint::FanDown);
            let spans = (!flex)
                .then(|| explicit_slots(view, &piles))
                .flatten()
                .map(|starts| {
                    starts
                        .iter()
                        .zip(&piles)
                        .map(|(&s, &i)| (s, s + 2 * fixed_slots(&view.piles[i])))
                        .collect()
                });
            Row {
                head: head_h(view, &piles),
                flex,
                spans,
                piles,
            }
        })
        .collect()
}

/// The top line of each row, from the table's top, and the lines the table takes, when
/// each row's cards take `bodies` lines and a card is `card_h` tall. A row sits under every
/// row above it, or beside one it may sit beside (`Row::beside`) with its cards starting
/// half a card below that row's.
fn stack_rows(rows: &[Row], bodies: &[u16], card_h: u16) -> (Vec<u16>, u16) {
    let mut tops: Vec<u16> = Vec::with_capacity(rows.len());
    let mut total = 0;
    for (r, row) in rows.iter().enumerate() {
        let mut top = 0;
        for (q, above) in rows[..r].iter().enumerate() {
            let under = if row.beside(above) {
                (tops[q] + above.head + card_h.div_ceil(2)).saturating_sub(row.head)
            } else {
                tops[q] + above.head + bodies[q]
            };
            top = top.max(under);
        }
        total = total.max(top + row.head + bodies[r]);
        tops.push(top);
    }
    (tops, total)
}

/// The lines of each row's cards when every row of columns gets `flex` lines.
fn bodies(rows: &[Row], card_h: u16, flex: u16) -> Vec<u16> {
    rows.iter()
        .map(|r| if r.flex { flex } else { card_h })
        .collect()
}

/// The size of table `view` needs to be drawn at all.
pub fn minimum_size(view: &TableView) -> TooSmall {
    let rows = rows_of(view);
    let slots = table_slots(view, &rows);
    let (_, height) = stack_rows(&rows, &bodies(&rows, CARD_H, FAN_MIN), CARD_H);
    TooSmall {
        width: slots * COL_W_MIN,
        height: height.max(1 + CARD_H),
    }
}

fn table_slots(view: &TableView, rows: &[Row]) -> u16 {
    rows.iter()
        .map(|r| row_slots(view, &r.piles))
        .max()
        .unwrap_or(1)
        .max(1)
}

fn row_slots(view: &TableView, row: &[usize]) -> u16 {
    if let Some(starts) = explicit_slots(view, row) {
        let last = row.last().map_or(0, |&i| 2 * fixed_slots(&view.piles[i]));
        return starts.last().map_or(0, |s| (s + last).div_ceil(2));
    }
    row.iter()
        .map(|&i| {
            if is_fixed(&view.piles[i]) {
                fixed_slots(&view.piles[i])
            } else {
                FAN_RIGHT_SLOTS
            }
        })
        .sum()
}

/// The half column each pile of a row of fixed piles starts at (two to a column of the
/// table), when the ruleset leaves a gap in the row: a pile stands at its `Place.col`, half a
/// column further where its place says `half` (a course of Tri Peaks between two cards of the
/// row under it), or just after the pile before it when that one reaches further (a waste two
/// columns wide). `None` for a row without a gap, which is centred as it always was, and for a
/// row holding a row across, whose width is not counted in columns.
fn explicit_slots(view: &TableView, row: &[usize]) -> Option<Vec<u16>> {
    if row.iter().any(|&i| !is_fixed(&view.piles[i])) {
        return None;
    }
    let mut starts = Vec::with_capacity(row.len());
    let mut next = 0u16;
    let mut gap = false;
    for &i in row {
        let p = &view.piles[i];
        let start = (2 * u16::from(p.place.col) + u16::from(p.place.half)).max(next);
        gap |= start > next;
        starts.push(start);
        next = start + 2 * fixed_slots(p);
    }
    gap.then_some(starts)
}

fn label_len(p: &PileView) -> u16 {
    let note = p.note.as_ref().map_or(0, |n| n.chars().count() + 3);
    (p.label.chars().count() + note) as u16
}

/// How large the cards of `view` are drawn in `area`: tall and wide where every row of
/// columns keeps room for a long run under a tall card (and a table of fixed rows fits
/// with tall cards), else as small as they always were.
fn scale_for(rows: &[Row], area: Rect, slots: u16) -> (Scale, u16) {
    let tall_col = (area.width / slots).clamp(COL_W_MIN, COL_W_TALL);
    let tall_w = (tall_col - 1).min(CARD_W_TALL);
    let (_, tall_total) = stack_rows(
        rows,
        &bodies(rows, CARD_H_TALL, CARD_H_TALL + TALL_ROOM),
        CARD_H_TALL,
    );
    if tall_w >= CARD_W_MAX && tall_total <= area.height {
        let scale = Scale {
            card_w: tall_w,
            card_h: CARD_H_TALL,
            step: 2,
        };
        return (scale, tall_col);
    }
    let col_w = (area.width / slots).clamp(COL_W_MIN, COL_W_MAX);
    let scale = Scale {
        card_w: (col_w - 1).min(CARD_W_MAX),
        card_h: CARD_H,
        step: 2,
    };
    (scale, col_w)
}

/// Lays out `view` in `area`, or says how much room it needs.
pub fn layout(view: &TableView, area: Rect) -> Result<TableLayout, TooSmall> {
    let need = minimum_size(view);
    if area.width < need.width || area.height < need.height {
        return Err(need);
    }
    let rows = rows_of(view);
    let slots = table_slots(view, &rows);
    let (scale, col_w) = scale_for(&rows, area, slots);
    let table_w = area.width.min(slots * col_w);
    let x0 = area.x + (area.width - table_w) / 2;
    let card_w = scale.card_w;

    let flex_rows = rows.iter().filter(|r| r.flex).count() as u16;
    let (_, least) = stack_rows(&rows, &bodies(&rows, scale.card_h, FAN_MIN), scale.card_h);
    // Rows of columns never sit beside another, so each line they get lowers all below it.
    let flex_h = FAN_MIN
        + area
            .height
            .saturating_sub(least)
            .checked_div(flex_rows)
            .unwrap_or(0);
    let heights = bodies(&rows, scale.card_h, flex_h);
    let (tops, total) = stack_rows(&rows, &heights, scale.card_h);
    // A table of fixed rows only (a card table for four) would sit in the top lines of a tall
    // screen with the rest empty: it moves down by a third of the spare lines, as a table
    // sits in a room, a little above the middle.
    let spare = if flex_rows == 0 {
        area.height.saturating_sub(total) / 3
    } else {
        0
    };
    let spread = !view.piles.iter().any(|p| p.hint == DrawHint::FanDown);
    let mut piles = Vec::with_capacity(view.piles.len());
    for ((r, &top), &body_h) in rows.iter().zip(&tops).zip(&heights) {
        let row = &r.piles;
        let y = area.y + spare + top;
        let head = r.head;
        // A lone row across spreads over the whole width, and so does a row of piles whose
        // labels want more than their columns on a table without columns below (a card
        // table for four); the rest keep to the table's columns.
        let (row_x, row_w, widths, in_columns) = if lone_across(view, row) {
            (area.x, area.width, vec![area.width], false)
        } else {
            match wide_labels(view, row, col_w, area.width).filter(|_| spread) {
                Some(widths) => (area.x, area.width, widths, false),
                None => (x0, table_w, row_widths(view, row, col_w, table_w), true),
            }
        };
        let used: u16 = widths.iter().sum();
        let mut x = row_x + (row_w - used.min(row_w)) / 2;
        // A row with a gap the ruleset left puts each pile at its own column of the table.
        let starts = in_columns.then(|| explicit_slots(view, row)).flatten();
        // The step of face-up cards under others: two lines where every column of the row
        // fits so, else one, the same for the whole row.
        let step = if r.flex
            && row.iter().all(|&i| {
                let p = &view.piles[i];
                p.hint != DrawHint::FanDown || natural_lines(&p.cards, scale) <= body_h
            }) {
            scale.step
        } else {
            1
        };
        for (k, (&i, &w)) in row.iter().zip(&widths).enumerate() {
            if let Some(start) = starts.as_ref().and_then(|s| s.get(k)) {
                x = x0 + start * col_w / 2;
            }
            let p = &view.piles[i];
            let area = Rect::new(x, y, w, head + body_h);
            let body = Rect::new(x, y + head, w, body_h);
            let cw = card_w.min(w.saturating_sub(1));
            let pile_scale = Scale {
                card_w: cw,
                step,
                ..scale
            };
            // A slot in a row wider than its column sits under its centred label.
            let sx = if p.hint == DrawHint::Slot && w > col_w {
                x + (w - cw) / 2
            } else {
                x + 1
            };
            let slot = Rect::new(sx, body.y, cw, scale.card_h.min(body_h));
            let cards = match p.hint {
                DrawHint::FanDown => fan_down(&p.cards, body, pile_scale),
                DrawHint::FanRight => fan_right(&p.cards, body, pile_scale, row.len() == 1),
                DrawHint::FanLast(n) => fan_last(&p.cards, n, body, pile_scale),
                DrawHint::Stacked | DrawHint::Slot => top_only(p, slot),
            };
            piles.push((
                i,
                PileGeom {
                    pile: i,
                    id: p.id,
                    area,
                    label: Rect::new(x, y, w, 1),
                    slot,
                    cards,
                },
            ));
            x += w;
        }
    }
    piles.sort_by_key(|(i, _)| *i);
    Ok(TableLayout {
        piles: piles.into_iter().map(|(_, g)| g).collect(),
        card_w,
        card_h: scale.card_h,
    })
}

/// Widths of a row of one-card piles (stacks, slots) whose labels and notes do not fit their
/// columns ("North · bid 3 · won 1"): the whole width, shared evenly. `None` when every label
/// fits its column, the row holds a row across, or it places its piles at columns of their
/// own.
fn wide_labels(view: &TableView, row: &[usize], col_w: u16, width: u16) -> Option<Vec<u16>> {
    if row.iter().any(|&i| !is_fixed(&view.piles[i]))
        || row.is_empty()
        || explicit_slots(view, row).is_some()
    {
        return None;
    }
    let wants: Vec<u16> = row
        .iter()
        .map(|&i| (label_len(&view.piles[i]) + 2).max(col_w))
        .collect();
    if wants.iter().all(|&w| w <= col_w) {
        return None;
    }
    // The whole width shared evenly, whatever the labels say now: the piles keep their
    // places while their notes change, and their cards stay evenly spaced.
    let n = row.len() as u16;
    Some(vec![(width / n).max(col_w.min(width / n)); row.len()])
}

/// Widths of a row's piles: fixed piles a column each (a stack may widen for its note when
/// the row has room), rows across share what is left.
fn row_widths(view: &TableView, row: &[usize], col_w: u16, table_w: u16) -> Vec<u16> {
    let across = row.iter().filter(|&&i| !is_fixed(&view.piles[i])).count() as u16;
    let mut widths: Vec<u16> = row
        .iter()
        .map(|&i| {
            let p = &view.piles[i];
            if is_fixed(p) {
                col_w * fixed_slots(p)
            } else {
                0
            }
        })
        .collect();
    let fixed: u16 = widths.iter().sum();
    if across == 0 {
        return widths;
    }
    let mut spare = table_w.saturating_sub(fixed);
    // A stacked pile's note ("5 deals") reads better beside its label than cut off: a
    // stack with a note takes two columns and a little more where the row has room. Not the
    // note's own length, which changes as the game goes on: the row across beside it keeps
    // its place.
    for (w, &i) in widths.iter_mut().zip(row) {
        let p = &view.piles[i];
        if p.hint == DrawHint::Stacked && p.note.is_some() {
            let want = 2 * col_w + 2;
            let extra = want
                .saturating_sub(*w)
                .min(spare.saturating_sub(across * COL_W_MIN * FAN_RIGHT_SLOTS));
            *w += extra;
            spare -= extra;
        }
    }
    let share = spare / across;
    for (w, &i) in widths.iter_mut().zip(row) {
        if !is_fixed(&view.piles[i]) {
            *w = share;
        }
    }
    widths
}

#[cfg(test)]
mod tests;
