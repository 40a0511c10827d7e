//! The layout's unit tests: columns fitted to their lines, rows to their width.
use super::*;
use felt_core::{Card, CardFace, PileRole, Place, Rank, Seat, Suit};

fn up(n: u8) -> CardFace {
    CardFace::Up(Card::new(Suit::Heart, Rank::new(n).expect("rank")))
}

fn column(down: usize, ups: usize) -> Vec<CardFace> {
    let mut v = vec![CardFace::Down; down];
    v.extend((0..ups).map(|i| up(13 - (i % 13) as u8)));
    v
}

/// The small scale, with one line a strip: what the folding tests were written for.
const SMALL: Scale = Scale {
    card_w: 7,
    card_h: CARD_H,
    step: 1,
};

fn lines(units: &[Unit]) -> u16 {
    units
        .iter()
        .map(|u| if u.2 == Shape::Full { CARD_H } else { 1 })
        .sum()
}

fn cards_covered(units: &[Unit]) -> u16 {
    units.iter().map(|u| u.1).sum()
}

#[test]
fn a_short_column_shows_every_card() {
    let units = fan_units(&column(5, 1), 17, SMALL);
    assert_eq!(units.len(), 6);
    assert_eq!(units[5], (5, 1, Shape::Full));
    assert!(units[..5].iter().all(|u| u.2 == Shape::Strip));
}

#[test]
fn face_down_cards_fold_first() {
    // 5 down + 13 up = 20 lines natural; 17 available.
    let units = fan_units(&column(5, 13), 17, SMALL);
    assert_eq!(units[0], (0, 5, Shape::Folded));
    assert_eq!(lines(&units), 16);
    assert_eq!(cards_covered(&units), 18);
}

#[test]
fn a_25_card_column_fits_80x24_keeping_its_first_face_up_and_newest_cards() {
    let cards = column(5, 20);
    let units = fan_units(&cards, 17, SMALL);
    assert_eq!(lines(&units), 17);
    assert_eq!(cards_covered(&units), 25);
    assert_eq!(units[0].2, Shape::Folded);
    assert_eq!(units[1], (5, 1, Shape::Strip), "first face-up card stays");
    assert_eq!(units[2].2, Shape::Hidden);
    assert_eq!(units.last(), Some(&(24, 1, Shape::Full)));
}

#[test]
fn a_tiny_budget_still_shows_the_top_card() {
    let units = fan_units(&column(5, 20), 4, SMALL);
    assert_eq!(lines(&units), 4);
    assert_eq!(cards_covered(&units), 25);
    assert_eq!(units.last(), Some(&(24, 1, Shape::Full)));
}

fn pile(id: u8, hint: DrawHint, row: u8, col: u8, cards: Vec<CardFace>) -> PileView {
    PileView {
        id: PileId(id),
        role: PileRole::Tableau,
        label: format!("{}", id + 1),
        hint,
        place: Place::at(row, col),
        cards,
        note: None,
    }
}

fn view(piles: Vec<PileView>) -> TableView {
    TableView {
        seat: Seat::SOLO,
        piles,
        status: Vec::new(),
        prompt: None,
        messages: Vec::new(),
        moments: Vec::new(),
        sheets: Vec::new(),
    }
}

#[test]
fn ten_columns_share_80_cells_and_rows_stack_top_to_bottom() {
    let mut piles: Vec<PileView> = (0..10)
        .map(|i| pile(i, DrawHint::FanDown, 1, i, column(4, 1)))
        .collect();
    piles.push(pile(10, DrawHint::Stacked, 0, 0, vec![CardFace::Down; 50]));
    piles.push(pile(11, DrawHint::FanRight, 0, 1, vec![up(13); 3]));
    let v = view(piles);
    let t = layout(&v, Rect::new(0, 0, 80, 22)).expect("fits");
    assert_eq!(t.card_w, 7);
    for i in 0..10 {
        let g = &t.piles[i];
        assert_eq!(g.area.x, 8 * i as u16);
        assert_eq!(g.area.y, 1 + CARD_H);
        assert_eq!(g.area.bottom(), 22);
    }
    assert_eq!(t.piles[10].area.y, 0);
    assert_eq!(t.piles[10].cards[0].shape, Shape::Stack);
    assert_eq!(t.piles[10].cards[0].count, 50);
    assert!(t.piles[11].area.x > t.piles[10].area.x);
}

#[test]
fn too_small_says_what_is_needed() {
    let v = view(
        (0..10)
            .map(|i| pile(i, DrawHint::FanDown, 0, i, column(1, 1)))
            .collect(),
    );
    let err = layout(&v, Rect::new(0, 0, 40, 10)).expect_err("too narrow");
    assert_eq!(
        err,
        TooSmall {
            width: 50,
            height: 1 + FAN_MIN
        }
    );
}

#[test]
fn a_long_hand_across_hides_its_oldest_cards_rather_than_overflow() {
    let v = view(vec![pile(
        0,
        DrawHint::FanRight,
        0,
        0,
        (0..13).map(|i| up(i + 1)).collect(),
    )]);
    let t = layout(&v, Rect::new(0, 0, 20, 6)).expect("fits");
    let cards = &t.piles[0].cards;
    assert_eq!(cards.iter().map(|c| c.count).sum::<u16>(), 13);
    assert!(cards.iter().all(|c| c.rect.right() <= 20));
}

#[test]
fn a_pile_fanning_its_last_three_takes_two_places_and_draws_three_cards() {
    let mut piles: Vec<PileView> = (0..7)
        .map(|i| pile(i, DrawHint::FanDown, 1, i, column(i.into(), 1)))
        .collect();
    piles.push(pile(7, DrawHint::Stacked, 0, 0, vec![CardFace::Down; 20]));
    piles.push(pile(
        8,
        DrawHint::FanLast(3),
        0,
        1,
        (1..=5).map(up).collect(),
    ));
    for s in 0..4 {
        piles.push(pile(9 + s, DrawHint::Stacked, 0, 2 + s, Vec::new()));
    }
    let v = view(piles);
    let t = layout(&v, Rect::new(0, 0, 70, 22)).expect("fits");
    // The top row lines up with the seven columns: stock over 1, waste over 2 and 3.
    assert_eq!(t.piles[7].area.x, t.piles[0].area.x);
    assert_eq!(t.piles[8].area.x, t.piles[1].area.x);
    assert_eq!(t.piles[9].area.x, t.piles[3].area.x);
    let cards = &t.piles[8].cards;
    assert_eq!(
        cards.iter().map(|c| (c.first, c.shape)).collect::<Vec<_>>(),
        [(2, Shape::Strip), (3, Shape::Strip), (4, Shape::Full)]
    );
    assert!(cards
        .iter()
        .all(|c| c.rect.right() <= t.piles[8].area.right()));
}

#[test]
fn a_gap_the_ruleset_leaves_in_a_row_puts_each_pile_over_its_own_column() {
    // Two cells at columns 1 and 2, four foundations from column 5: a gap of two columns,
    // and the foundations over columns 5 to 8 of the eight below.
    let mut piles: Vec<PileView> = (0..8)
        .map(|i| pile(i, DrawHint::FanDown, 1, i, column(0, 3)))
        .collect();
    for c in 0..2 {
        piles.push(pile(8 + c, DrawHint::Slot, 0, c, Vec::new()));
    }
    for f in 0..4 {
        piles.push(pile(10 + f, DrawHint::Stacked, 0, 4 + f, Vec::new()));
    }
    let v = view(piles);
    let t = layout(&v, Rect::new(0, 0, 80, 22)).expect("fits");
    assert_eq!(t.piles[8].area.x, t.piles[0].area.x);
    assert_eq!(t.piles[9].area.x, t.piles[1].area.x);
    for f in 0..4 {
        assert_eq!(
            t.piles[10 + f].area.x,
            t.piles[4 + f].area.x,
            "foundation {f}"
        );
    }
    // Without the gap (the foundations at 2..5) the row of six is centred, as it was.
    let mut v = v;
    for f in 0..4 {
        v.piles[10 + f].place.col = 2 + f as u8;
    }
    let t = layout(&v, Rect::new(0, 0, 80, 22)).expect("fits");
    assert_eq!(t.piles[8].area.x, t.piles[1].area.x);
}

#[test]
fn a_gap_counts_in_the_width_a_table_needs() {
    // One column below, a stock at column 1 and a foundation at column 4: four columns wide.
    let piles = vec![
        pile(0, DrawHint::FanDown, 1, 0, column(0, 1)),
        pile(1, DrawHint::Stacked, 0, 0, Vec::new()),
        pile(2, DrawHint::Stacked, 0, 3, Vec::new()),
    ];
    assert_eq!(minimum_size(&view(piles)).width, 4 * COL_W_MIN);
}

/// Seven columns under a row of a stock, a waste two places wide and four foundations, with
/// `column` dealt into the first column.
fn seven_columns(first: Vec<CardFace>, stock_note: Option<&str>) -> TableView {
    let mut piles: Vec<PileView> = (0..7)
        .map(|i| pile(i, DrawHint::FanDown, 1, i, column(i.into(), 1)))
        .collect();
    piles[0].cards = first;
    let mut stock = pile(7, DrawHint::Stacked, 0, 0, Vec::new());
    stock.label = "stock".into();
    stock.note = stock_note.map(str::to_string);
    piles.push(stock);
    piles.push(pile(
        8,
        DrawHint::FanLast(3),
        0,
        1,
        (1..=5).map(up).collect(),
    ));
    for s in 0..4 {
        piles.push(pile(9 + s, DrawHint::Stacked, 0, 3 + s, Vec::new()));
    }
    view(piles)
}

#[test]
fn the_top_row_keeps_its_places_whatever_its_notes_say() {
    // An empty stock's note ("↺", "✕") once spread the row over the whole width.
    for (w, h) in [(80, 22), (120, 38)] {
        let area = Rect::new(0, 0, w, h);
        let before = layout(&seven_columns(column(0, 1), None), area).expect("fits");
        let after = layout(&seven_columns(column(0, 1), Some("↺")), area).expect("fits");
        for i in 7..13 {
            assert_eq!(
                before.piles[i].area, after.piles[i].area,
                "pile {i} at {w}×{h}"
            );
        }
        // The foundations stand over columns 4 to 7.
        for f in 0..4 {
            assert_eq!(after.piles[9 + f].area.x, after.piles[3 + f].area.x);
        }
    }
}

#[test]
fn cards_are_tall_and_wide_where_the_screen_has_room() {
    let v = seven_columns(column(0, 1), None);
    let small = layout(&v, Rect::new(0, 0, 80, 22)).expect("fits");
    assert_eq!((small.card_w, small.card_h), (CARD_W_MAX, CARD_H));
    let large = layout(&v, Rect::new(0, 0, 120, 38)).expect("fits");
    assert_eq!((large.card_w, large.card_h), (CARD_W_TALL, CARD_H_TALL));
    let top = large.piles[0].cards.last().expect("a card");
    assert_eq!(top.rect.height, CARD_H_TALL);
    assert_eq!(top.rect.width, CARD_W_TALL);
}

#[test]
fn a_long_face_up_column_shows_every_card_where_its_lines_allow() {
    // Nineteen cards face up (Thoughtful, a Yukon-like column): at 120×38 each shows two
    // lines and none is hidden; at 80×22 each shows one line, and the column
    // uses every line of its column before any card hides.
    let cards: Vec<CardFace> = (0..19).map(|i| up(13 - (i % 13) as u8)).collect();
    let v = seven_columns(cards.clone(), None);
    let large = layout(&v, Rect::new(0, 0, 120, 38)).expect("fits");
    let units = &large.piles[0].cards;
    assert_eq!(units.len(), 19, "{units:?}");
    assert!(units.iter().all(|u| u.shape != Shape::Hidden));
    assert!(units[..18]
        .iter()
        .all(|u| u.rect.height == 1 || u.rect.height == 2));
    let used: u16 = units.iter().map(|u| u.rect.height).sum();
    let body = large.piles[0].area.height - 1;
    assert!(used <= body, "{used} lines in {body}");
    let small = layout(&v, Rect::new(0, 0, 80, 22)).expect("fits");
    let units = &small.piles[0].cards;
    let used: u16 = units.iter().map(|u| u.rect.height).sum();
    let body = small.piles[0].area.height - 1;
    // Every line of the column is used before any card hides.
    assert_eq!(used, body.min(18 + CARD_H), "{units:?}");
}

#[test]
fn places_of_a_trick_sit_beside_each_other_around_the_middle() {
    // North's place above, West's and East's beside it half a card lower, South's below:
    // rows with a gap at columns no pile of the other row takes.
    let slot = |id, row, col| pile(id, DrawHint::Slot, row, col, Vec::new());
    let v = view(vec![
        slot(0, 1, 1),
        slot(1, 2, 0),
        slot(2, 2, 2),
        slot(3, 3, 1),
        pile(4, DrawHint::FanRight, 4, 0, (1..=13).map(up).collect()),
    ]);
    let t = layout(&v, Rect::new(0, 0, 80, 20)).expect("fits");
    let (n, w, e, s) = (&t.piles[0], &t.piles[1], &t.piles[2], &t.piles[3]);
    assert!(w.area.x < n.area.x && n.area.x < e.area.x);
    assert_eq!(n.area.x, s.area.x);
    assert_eq!(w.area.y, e.area.y);
    assert!(n.slot.y < w.slot.y && w.slot.y < s.slot.y);
    // Beside, not under: West's card starts inside North's lines, South's inside West's.
    assert!(w.slot.y < n.slot.bottom() && s.slot.y < w.slot.bottom());
    assert!(s.slot.y >= n.slot.bottom());
    // Three card heights for the four, where rows under rows took four.
    let need = minimum_size(&v);
    assert!(need.height <= 2 + 3 * (CARD_H + 1) + 2, "{need:?}");
}

#[test]
fn a_row_half_a_column_across_sits_between_the_places_of_the_row_under_it() {
    // Three places across the bottom, one between the second and third, one above it.
    let mut piles: Vec<PileView> = (0..3)
        .map(|i| pile(i, DrawHint::Slot, 2, i, vec![up(5)]))
        .collect();
    for (id, row) in [(3, 1), (4, 0)] {
        let mut p = pile(id, DrawHint::Slot, row, 1, vec![CardFace::Down]);
        p.place.half = true;
        piles.push(p);
    }
    let v = view(piles);
    let t = layout(&v, Rect::new(0, 0, 80, 24)).expect("fits");
    let x = |i: usize| t.piles[i].area.x;
    let y = |i: usize| t.piles[i].area.y;
    let step = x(1) - x(0);
    assert_eq!(x(2) - x(1), step, "the bottom row evenly spaced");
    // Halfway between the two under it, in the row above theirs.
    assert_eq!(x(3), x(1) + step / 2);
    assert_eq!(x(4), x(3));
    assert!(y(4) < y(3) && y(3) < y(1));
}
