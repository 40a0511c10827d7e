//! The cards of one pile placed inside its body: a column fanned down (folded to fit), a row
//! across (its oldest cards hidden behind a count when even one column each is too wide), the
//! last cards of a squared pile fanned across, or the top card alone.

use super::{CardPlace, Scale, Shape};
use felt_core::{CardFace, DrawHint, PileView};
use ratatui::layout::Rect;

/// A unit before placement: first card, count, shape.
pub type Unit = (u16, u16, Shape);

/// Lines a unit of a column takes: a whole card its height, a face-up card under others the
/// scale's step (two lines when the table has room, so more of each card shows), the rest one.
pub fn unit_h(cards: &[CardFace], unit: &Unit, scale: Scale) -> u16 {
    match unit.2 {
        Shape::Full | Shape::Stack => scale.card_h,
        Shape::Strip if cards.get(usize::from(unit.0)) != Some(&CardFace::Down) => scale.step,
        _ => 1,
    }
}

/// The lines a column of `cards` takes drawn in full at `scale`, none folded.
pub fn natural_lines(cards: &[CardFace], scale: Scale) -> u16 {
    let n = cards.len();
    if n == 0 {
        return 0;
    }
    let strips: u16 = cards[..n - 1]
        .iter()
        .map(|c| if *c == CardFace::Down { 1 } else { scale.step })
        .sum();
    strips + scale.card_h
}

/// The units of a fanned-down column fitted into `lines` lines, bottom first.
pub fn fan_units(cards: &[CardFace], lines: u16, scale: Scale) -> Vec<Unit> {
    let n = cards.len() as u16;
    if n == 0 || lines == 0 {
        return Vec::new();
    }
    let full_h = scale.card_h.min(lines);
    let budget = lines - full_h;
    let top: Unit = (n - 1, 1, Shape::Full);
    let mut units: Vec<Unit> = (0..n - 1).map(|i| (i, 1, Shape::Strip)).collect();
    let used = |units: &[Unit]| -> u16 { units.iter().map(|u| unit_h(cards, u, scale)).sum() };
    if used(&units) <= budget {
        units.push(top);
        return units;
    }
    // Strips of one line each: the scale's step is for columns that fit with it.
    let one = Scale { step: 1, ..scale };
    let used_one = |units: &[Unit]| -> u16 { units.iter().map(|u| unit_h(cards, u, one)).sum() };
    if scale.step > 1 {
        return fan_units(cards, lines, one);
    }
    units = fold_face_down(cards, &units);
    if used_one(&units) > budget {
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

/// A column's cards placed down `body`.
pub fn fan_down(cards: &[CardFace], body: Rect, scale: Scale) -> Vec<CardPlace> {
    let units = fan_units(cards, body.height, scale);
    // The units were fitted at the step they use: one line each once anything folded.
    let folded = units
        .iter()
        .any(|u| matches!(u.2, Shape::Folded | Shape::Hidden));
    let step = if folded || natural_lines(cards, scale) > body.height {
        Scale { step: 1, ..scale }
    } else {
        scale
    };
    let mut y = body.y;
    units
        .into_iter()
        .map(|u| {
            let h = unit_h(cards, &u, step)
                .min(body.bottom().saturating_sub(y))
                .max(1);
            let rect = Rect::new(body.x + 1, y, scale.card_w, h);
            y += h;
            CardPlace {
                first: u.0,
                count: u.1,
                rect,
                shape: u.2,
            }
        })
        .collect()
}

/// The top card of a stacked pile or a slot.
pub fn top_only(p: &PileView, slot: Rect) -> Vec<CardPlace> {
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
pub fn fan_last(cards: &[CardFace], n: u8, body: Rect, scale: Scale) -> Vec<CardPlace> {
    let len = cards.len() as u16;
    let shown = u16::from(n).min(len);
    if shown == 0 {
        return Vec::new();
    }
    let card_w = scale.card_w;
    let room = body.width.saturating_sub(1 + card_w);
    let step = room.checked_div(shown - 1).unwrap_or(0).clamp(1, 4);
    let h = scale.card_h.min(body.height);
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

/// Units of a row across before widths: face-down runs fold into one back with a count,
/// since their order says nothing; face-up cards stand alone.
fn across_units(cards: &[CardFace]) -> Vec<Unit> {
    let mut units: Vec<Unit> = Vec::new();
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

/// A row of cards across `body`, each showing its left edge and the last one whole; centred
/// in a row of its own.
pub fn fan_right(cards: &[CardFace], body: Rect, scale: Scale, centred: bool) -> Vec<CardPlace> {
    if cards.is_empty() {
        return Vec::new();
    }
    let card_w = scale.card_w;
    let room = body.width.saturating_sub(1);
    let h = scale.card_h.min(body.height);
    let base = across_units(cards);
    let last = base.len() - 1;
    let width = |i: usize, u: &Unit, step: u16| match u.2 {
        _ if i == last => card_w,
        Shape::Folded => 4.min(card_w),
        _ if cards[usize::from(u.0)] == CardFace::Down => step.div_ceil(2),
        _ => step,
    };
    let mut units: Vec<(u16, u16, Shape, u16)> = Vec::new();
    // A wider card shows its edge wider too, up to half of it.
    let widest = (card_w / 2).max(4);
    for step in (1..=widest).rev() {
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
