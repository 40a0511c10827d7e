//! Where every pile and every visible card goes on the screen, from the `TableView` alone.
//!
//! Rows of piles (`Place.row`) run top to bottom, piles within a row by `Place.col`. Rows holding
//! a fanned-down pile share the height left over; long columns are compressed to fit: first
//! their face-down runs fold into one line, then face-up cards in the middle hide behind a
//! `┊+n` line, and the last card always shows in full.

use felt_core::{CardFace, DrawHint, PileId, PileView, TableView};
use ratatui::layout::Rect;
use std::collections::BTreeMap;

/// Height of a card drawn in full.
pub const CARD_H: u16 = 3;
/// The widest a card is drawn.
pub const CARD_W_MAX: u16 = 7;
/// The narrowest column that still shows `10♠` with its cursor cell.
pub const COL_W_MIN: u16 = 5;
/// The widest column.
pub const COL_W_MAX: u16 = 10;
/// The fewest lines a fanned row may have for its cards.
pub const FAN_MIN: u16 = 6;
/// Column widths a row of cards across wants, in columns.
const FAN_RIGHT_SLOTS: u16 = 3;

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

/// The size of table `view` needs to be drawn at all.
pub fn minimum_size(view: &TableView) -> TooSmall {
    let rows = rows_of(view);
    let slots = rows
        .values()
        .map(|r| row_slots(view, r))
        .max()
        .unwrap_or(1)
        .max(1);
    let height: u16 = rows
        .values()
        .map(|r| {
            if r.iter().any(|&i| view.piles[i].hint == DrawHint::FanDown) {
                1 + FAN_MIN
            } else {
                head_h(view, r) + CARD_H
            }
        })
        .sum();
    TooSmall {
        width: slots * COL_W_MIN,
        height: height.max(1 + CARD_H),
    }
}

fn rows_of(view: &TableView) -> BTreeMap<u8, Vec<usize>> {
    let mut rows: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
    for (i, p) in view.piles.iter().enumerate() {
        rows.entry(p.place.row).or_default().push(i);
    }
    for row in rows.values_mut() {
        row.sort_by_key(|&i| view.piles[i].place.col);
    }
    rows
}

fn row_slots(view: &TableView, row: &[usize]) -> u16 {
    if let Some(starts) = explicit_slots(view, row) {
        let last = row.last().map_or(0, |&i| fixed_slots(&view.piles[i]));
        return starts.last().map_or(0, |s| s + last);
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

/// The column each pile of a row of fixed piles starts at, when the ruleset leaves a gap in
/// the row: a pile stands at its `Place.col` (counted in the table's columns from the left),
/// or just after the pile before it when that one reaches further (a waste two columns
/// wide). `None` for a row without a gap, which is centred as it always was, and for a row
/// holding a row across, whose width is not counted in columns.
fn explicit_slots(view: &TableView, row: &[usize]) -> Option<Vec<u16>> {
    if row.iter().any(|&i| !is_fixed(&view.piles[i])) {
        return None;
    }
    let mut starts = Vec::with_capacity(row.len());
    let mut next = 0u16;
    let mut gap = false;
    for &i in row {
        let p = &view.piles[i];
        let start = u16::from(p.place.col).max(next);
        gap |= start > next;
        starts.push(start);
        next = start + fixed_slots(p);
    }
    gap.then_some(starts)
}

fn label_len(p: &PileView) -> u16 {
    let note = p.note.as_ref().map_or(0, |n| n.chars().count() + 3);
    (p.label.chars().count() + note) as u16
}

/// Lays out `view` in `area`, or says how much room it needs.
pub fn layout(view: &TableView, area: Rect) -> Result<TableLayout, TooSmall> {
    let need = minimum_size(view);
    if area.width < need.width || area.height < need.height {
        return Err(need);
    }
    let rows = rows_of(view);
    let slots = rows
        .values()
        .map(|r| row_slots(view, r))
        .max()
        .unwrap_or(1)
        .max(1);
    let col_w = (area.width / slots).clamp(COL_W_MIN, COL_W_MAX);
    let table_w = area.width.min(slots * col_w);
    let x0 = area.x + (area.width - table_w) / 2;
    let card_w = (col_w - 1).min(CARD_W_MAX);

    let flex_rows = rows
        .values()
        .filter(|r| r.iter().any(|&i| view.piles[i].hint == DrawHint::FanDown))
        .count() as u16;
    let fixed_h: u16 = rows
        .values()
        .filter(|r| r.iter().all(|&i| view.piles[i].hint != DrawHint::FanDown))
        .map(|r| head_h(view, r) + CARD_H)
        .sum();
    let flex_h = (area.height - fixed_h)
        .checked_div(flex_rows)
        .map_or(0, |h| h.saturating_sub(1));

    let mut piles = Vec::with_capacity(view.piles.len());
    // A table of fixed rows only (a card table for four) would sit in the top lines of a tall
    // screen with the rest empty: it moves down by a third of the spare lines, as a table
    // sits in a room, a little above the middle.
    let spare = if flex_rows == 0 {
        area.height.saturating_sub(fixed_h) / 3
    } else {
        0
    };
    let mut y = area.y + spare;
    for row in rows.values() {
        let flex = row.iter().any(|&i| view.piles[i].hint == DrawHint::FanDown);
        let body_h = if flex { flex_h } else { CARD_H };
        let head = head_h(view, row);
        // A lone row across and a row of piles whose labels want more than their columns
        // spread over the whole width; the rest keep to the table's columns.
        let (row_x, row_w, widths, in_columns) = if lone_across(view, row) {
            (area.x, area.width, vec![area.width], false)
        } else {
            match wide_labels(view, row, col_w, area.width) {
                Some(widths) => (area.x, area.width, widths, false),
                None => (x0, table_w, row_widths(view, row, col_w, table_w), true),
            }
        };
        let used: u16 = widths.iter().sum();
        let mut x = row_x + (row_w - used.min(row_w)) / 2;
        // A row with a gap the ruleset left puts each pile at its own column of the table.
        let starts = in_columns.then(|| explicit_slots(view, row)).flatten();
        for (k, (&i, &w)) in row.iter().zip(&widths).enumerate() {
            if let Some(start) = starts.as_ref().and_then(|s| s.get(k)) {
                x = x0 + start * col_w;
            }
            let p = &view.piles[i];
            let area = Rect::new(x, y, w, head + body_h);
            let body = Rect::new(x, y + head, w, body_h);
            let cw = card_w.min(w.saturating_sub(1));
            // A slot in a row wider than its column sits under its centred label.
            let sx = if p.hint == DrawHint::Slot && w > col_w {
                x + (w - cw) / 2
            } else {
                x + 1
            };
            let slot = Rect::new(sx, body.y, cw, CARD_H.min(body_h));
            let cards = match p.hint {
                DrawHint::FanDown => fan_down(&p.cards, body, cw),
                DrawHint::FanRight => fan_right(&p.cards, body, cw, row.len() == 1),
                DrawHint::FanLast(n) => fan_last(&p.cards, n, body, cw),
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
        y += head + body_h;
    }
    piles.sort_by_key(|(i, _)| *i);
    Ok(TableLayout {
        piles: piles.into_iter().map(|(_, g)| g).collect(),
        card_w,
    })
}

/// Widths of a row of one-card piles (stacks, slots) whose labels and notes do not fit their
/// columns ("North · bid 3 · won 1"): the whole width, shared evenly. `None` when every label
/// fits its column, or the row holds a row across.
fn wide_labels(view: &TableView, row: &[usize], col_w: u16, width: u16) -> Option<Vec<u16>> {
    if row.iter().any(|&i| !is_fixed(&view.piles[i])) || row.is_empty() {
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
    // A stacked pile's note ("5 deals") reads better beside its label than cut off.
    for (w, &i) in widths.iter_mut().zip(row) {
        let p = &view.piles[i];
        if p.hint == DrawHint::Stacked {
            let want = (label_len(p) + 3).min(2 * col_w + 4);
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

fn top_only(p: &PileView, slot: Rect) -> Vec<CardPlace> {
    let n = p.cards.len() as u16;
    if n == 0 {
        return Vec::new();
    }
    let shape = if p.hint == DrawHint::Stacked {
        Shape::Stack
    } else {
        Shape::Full
    };
    vec![CardPlace {
        first: n - 1,
        count: if shape == Shape::Stack { n } else { 1 },
        rect: slot,
        shape,
    }]
}

/// The last `n` cards of a squared pile fanned across `body`: the covered ones as strips
/// showing their left edge, the top one whole.
fn fan_last(cards: &[CardFace], n: u8, body: Rect, card_w: u16) -> Vec<CardPlace> {
    let len = cards.len() as u16;
    let shown = u16::from(n).min(len);
    if shown == 0 {
        return Vec::new();
    }
    let room = body.width.saturating_sub(1 + card_w);
    let step = room.checked_div(shown - 1).unwrap_or(0).clamp(1, 4);
    let h = CARD_H.min(body.height);
    let mut x = body.x + 1;
    (len - shown..len)
        .map(|i| {
            let w = if i + 1 == len { card_w } else { step };
            let x0 = x.min(body.right());
            let rect = Rect::new(x0, body.y, w.min(body.right() - x0), h);
            x = x.saturating_add(w);
            CardPlace {
                first: i,
                count: 1,
                rect,
                shape: if i + 1 == len {
                    Shape::Full
                } else {
                    Shape::Strip
                },
            }
        })
        .collect()
}

/// A unit before placement: first card, count, shape.
type Unit = (u16, u16, Shape);

/// The units of a fanned-down column fitted into `lines` lines, bottom first.
pub fn fan_units(cards: &[CardFace], lines: u16) -> Vec<Unit> {
    let n = cards.len() as u16;
    if n == 0 || lines == 0 {
        return Vec::new();
    }
    let full_h = CARD_H.min(lines);
    let budget = lines - full_h;
    let top: Unit = (n - 1, 1, Shape::Full);
    let mut units: Vec<Unit> = (0..n - 1).map(|i| (i, 1, Shape::Strip)).collect();
    if units.len() as u16 <= budget {
        units.push(top);
        return units;
    }
    units = fold_face_down(cards, &units);
    if units.len() as u16 > budget {
        units = hide_middle(cards, &units, budget);
    }
    units.push(top);
    units
}

fn fold_face_down(cards: &[CardFace], units: &[Unit]) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::with_capacity(units.len());
    for &(i, c, s) in units {
        let down = cards[usize::from(i)] == CardFace::Down;
        match out.last_mut() {
            Some((first, count, shape))
                if down
                    && cards[usize::from(*first)] == CardFace::Down
                    && matches!(shape, Shape::Strip | Shape::Folded) =>
            {
                *count += c;
                *shape = Shape::Folded;
            }
            _ => out.push((i, c, s)),
        }
    }
    out
}

fn hide_middle(cards: &[CardFace], units: &[Unit], budget: u16) -> Vec<Unit> {
    let len = units.len() as u16;
    if budget == 0 {
        return Vec::new();
    }
    // Keep what lies under the first face-up card and that card itself: it shows where the
    // face-up part starts; then as many of the newest cards as fit.
    let first_up = units
        .iter()
        .position(|&(i, _, _)| cards[usize::from(i)] != CardFace::Down)
        .map_or(0, |p| p as u16 + 1);
    let keep_front = if first_up + 2 <= budget { first_up } else { 0 };
    let tail = budget - keep_front - 1;
    let hidden = &units[usize::from(keep_front)..usize::from(len - tail)];
    let first = hidden.first().map_or(0, |u| u.0);
    let count = hidden.iter().map(|u| u.1).sum();
    let mut out: Vec<Unit> = units[..usize::from(keep_front)].to_vec();
    out.push((first, count, Shape::Hidden));
    out.extend_from_slice(&units[usize::from(len - tail)..]);
    out
}

fn fan_down(cards: &[CardFace], body: Rect, card_w: u16) -> Vec<CardPlace> {
    let units = fan_units(cards, body.height);
    let mut y = body.y;
    units
        .into_iter()
        .map(|(first, count, shape)| {
            let h = if shape == Shape::Full {
                CARD_H.min(body.bottom() - y)
            } else {
                1
            };
            let rect = Rect::new(body.x + 1, y, card_w, h);
            y += h;
            CardPlace {
                first,
                count,
                rect,
                shape,
            }
        })
        .collect()
}

/// Units of a row across before widths: face-down runs fold into one back with a count,
/// since their order says nothing; face-up cards stand alone.
fn across_units(cards: &[CardFace]) -> Vec<(u16, u16, Shape)> {
    let mut units: Vec<(u16, u16, Shape)> = Vec::new();
    for (i, face) in cards.iter().enumerate() {
        let i = i as u16;
        match units.last_mut() {
            Some(last)
                if *face == CardFace::Down && cards[usize::from(last.0)] == CardFace::Down =>
            {
                last.1 += 1;
                last.2 = Shape::Folded;
            }
            _ => units.push((i, 1, Shape::Strip)),
        }
    }
    if let Some(last) = units.last_mut() {
        if last.2 == Shape::Strip {
            last.2 = Shape::Full;
        }
    }
    units
}

fn fan_right(cards: &[CardFace], body: Rect, card_w: u16, centred: bool) -> Vec<CardPlace> {
    if cards.is_empty() {
        return Vec::new();
    }
    let room = body.width.saturating_sub(1);
    let h = CARD_H.min(body.height);
    let base = across_units(cards);
    let last = base.len() - 1;
    let width = |i: usize, u: &(u16, u16, Shape), step: u16| match u.2 {
        _ if i == last => card_w,
        Shape::Folded => 4.min(card_w),
        _ if cards[usize::from(u.0)] == CardFace::Down => step.div_ceil(2),
        _ => step,
    };
    let mut units: Vec<(u16, u16, Shape, u16)> = Vec::new();
    for step in (1..=4).rev() {
        units = base
            .iter()
            .enumerate()
            .map(|(i, u)| (u.0, u.1, u.2, width(i, u, step)))
            .collect();
        if units.iter().map(|u| u.3).sum::<u16>() <= room {
            break;
        }
    }
    if units.iter().map(|u| u.3).sum::<u16>() > room {
        // Even one column per card is too wide: the oldest cards hide behind a count.
        const MARK_W: u16 = 3;
        let mut cut = 0;
        while cut + 1 < units.len() && units[cut..].iter().map(|u| u.3).sum::<u16>() + MARK_W > room
        {
            cut += 1;
        }
        if cut > 0 {
            let hidden = units[..cut].iter().map(|u| u.1).sum();
            let rest = units.split_off(cut);
            units = vec![(0, hidden, Shape::Hidden, MARK_W)];
            units.extend(rest);
        }
    }
    let used: u16 = units.iter().map(|u| u.3).sum();
    let mut x = body.x + 1;
    if centred {
        x += room.saturating_sub(used) / 2;
    }
    units
        .into_iter()
        .map(|(first, count, shape, w)| {
            let x0 = x.min(body.right());
            let rect = Rect::new(x0, body.y, w.min(body.right() - x0), h);
            x = x.saturating_add(w);
            CardPlace {
                first,
                count,
                rect,
                shape,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
