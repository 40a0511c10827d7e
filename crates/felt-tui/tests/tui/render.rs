//! Render tests: whole screens on a `TestBackend`, snapshotted with insta. The snapshots show
//! the text; highlights also change glyphs (`▶` cursor, `┃` carried, `[4]` accepting) so they
//! show here too.

use crate::common::*;
use felt_tui::Theme;

fn shot(app: &mut felt_tui::App, w: u16, h: u16) -> String {
    let mut term = screen(w, h);
    draw(&mut term, app);
    text(&term)
}

/// Column 1 holds 25 cards: 5 face down, then 20 face up.
const LONG_COLUMN: &str = "\
Play0: |AS |AS |AS |AS |AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 9S 8S 7S 6S 5S 4S 3S 2S
Play1: |KS |KS |KS |KS KS
Play2: |KS |KS |QS |QS QS
Play3: |QS |QS |QS |QS JS
Play4: |JS |JS |JS JS
Play5: |JS |JS |TS TS
Play6: |TS |TS |TS TS
Play7: |TS |9S |9S 9S
Play8: |9S |9S |9S 8S
Play9: |8S |8S |8S 8S
Deal0:
Deal1: 8S 7S 7S 7S 7S 7S 7S 6S 6S 6S
Deal2: 6S 6S 6S 5S 5S 5S 5S 5S 5S 4S
Deal3: 4S 4S 4S 4S 4S 3S 3S 3S 3S 3S
Deal4: 3S 2S 2S 2S 2S 2S 2S AS AS AS
Off:
";

#[test]
fn the_launcher_lists_every_variant_grouped_by_ruleset() {
    let mut app = launcher();
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn the_launcher_shows_the_rules_choice_only_where_there_is_one() {
    let mut app = launcher();
    keys(&mut app, "j→");
    let screen = shot(&mut app, 80, 24);
    assert!(screen.contains("Rules    ◀ Relaxed ▶"), "{screen}");
    keys(&mut app, "k");
    assert!(!shot(&mut app, 80, 24).contains("Rules"));
}

#[test]
fn a_fresh_one_suit_table() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn a_fresh_four_suit_table() {
    let mut app = playing("SP1-S4C-AAAAAAD");
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn a_carried_group_highlights_the_columns_that_take_it() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    // Column 7 ends on 3♠; columns 4 and 8 end on 4♠.
    keys(&mut app, "7");
    let screen = shot(&mut app, 80, 24);
    insta::assert_snapshot!(screen);
    assert!(screen.contains("[4]") && screen.contains("[8]"));
}

#[test]
fn a_refused_move_shows_the_rule_in_the_status_bar() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    // J♠ (column 5) cannot go on 2♠ (column 6).
    keys(&mut app, "56");
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

/// Column 4 holds 8S over 6S, face up: picking up from the 8 is refused with a long reason.
const A_GAP: &str = "\
Play0: KS QS JS TS 9S
Play1: 7S
Play2:
Play3: 8S 6S 5S 4S 3S 2S AS
Play4:
Play5:
Play6:
Play7:
Play8:
Play9:
Deal0:
Deal1:
Deal2:
Deal3:
Deal4:
Off: KS KS KS KS KS KS KS
";

/// The message line of a screen drawn by `shot`: its last line.
fn message_line(screen: &str) -> String {
    screen.lines().last().unwrap_or_default().to_string()
}

#[test]
fn a_long_refusal_keeps_its_rule_id_at_80x24() {
    // SP-GROUP's reason is longer than the line: the reason is shortened, the id stays.
    let mut app = position(A_GAP);
    keys(&mut app, "g4↑⏎");
    let note = app.game().and_then(|g| g.note()).map(|n| n.text.clone());
    assert!(
        note.as_deref()
            .is_some_and(|n| n.ends_with("· SP-GROUP") && n.chars().count() > 80),
        "{note:?}"
    );
    let screen = shot(&mut app, 80, 24);
    let line = message_line(&screen);
    assert!(line.trim_end().ends_with("… · SP-GROUP"), "{line}");
    insta::assert_snapshot!(screen);
}

#[test]
fn a_long_refusal_is_whole_at_120x40() {
    let mut app = position(A_GAP);
    keys(&mut app, "g4↑⏎");
    let line = message_line(&shot(&mut app, 120, 40));
    assert!(
        line.contains(
            " These cards do not go down one rank at a time, so they cannot move together \
             · SP-GROUP"
        ),
        "{line}"
    );
}

#[test]
fn a_refusals_rule_id_comes_after_its_sentence_dimmed_at_80x24_and_120x40() {
    // The sentence is what a player reads first, in the error colour; the id follows it after
    // a separator, dimmed, for those who look it up (issue 30).
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = position(A_GAP);
        keys(&mut app, "g4↑⏎");
        let mut term = screen(w, h);
        draw(&mut term, &mut app);
        let buf = term.backend().buffer();
        let y = h - 1;
        let row: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
        let at = row
            .find("SP-GROUP")
            .expect("the rule id on the message line");
        let starts = row[..at].chars().count() as u16;
        let theme = theme();
        for x in starts..starts + 8 {
            assert_eq!(buf[(x, y)].fg, theme.dim().fg.unwrap_or_default(), "{row}");
        }
        assert!(row.trim_start().starts_with("These cards"), "{row}");
        assert_eq!(
            buf[(2, y)].fg,
            theme.error().fg.unwrap_or_default(),
            "{row}"
        );
        if w == 120 {
            insta::assert_snapshot!("a_refusal_at_120x40", text(&term));
        } else {
            insta::assert_snapshot!("a_refusal_at_80x24", text(&term));
        }
    }
}

#[test]
fn a_long_refusal_in_ascii_ends_its_reason_with_dots() {
    let ascii = Theme {
        ascii: true,
        ..Theme::default()
    };
    let mut app = position_with(A_GAP, ascii);
    keys(&mut app, "g4↑⏎");
    let line = message_line(&shot(&mut app, 80, 24));
    assert!(line.trim_end().ends_with("... | SP-GROUP"), "{line}");
}

#[test]
fn the_help_overlay_lists_the_keys_and_the_rules() {
    let mut app = playing("SP1-S2C-AAAAAAD");
    keys(&mut app, "?");
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn a_won_game_shows_the_finish_screen() {
    let mut app = position(ONE_MOVE_FROM_WINNING);
    keys(&mut app, "21");
    insta::assert_snapshot!(shot(&mut app, 80, 24));
}

#[test]
fn a_25_card_column_fits_80x24() {
    let mut app = position(LONG_COLUMN);
    let screen = shot(&mut app, 80, 24);
    insta::assert_snapshot!(screen);
    assert!(screen.contains("┊+"), "the middle of the column folds away");
}

#[test]
fn ascii_mode_uses_letters_and_plain_backs() {
    let theme = Theme {
        ascii: true,
        colour: false,
        four_colour: false,
        ..Theme::default()
    };
    let mut app = playing_with("SP1-S4C-AAAAAAD", theme);
    let screen = shot(&mut app, 80, 24);
    insta::assert_snapshot!(screen);
    assert!(screen.is_ascii(), "{screen}");
}

#[test]
fn a_small_terminal_says_how_much_room_the_game_needs() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    insta::assert_snapshot!(shot(&mut app, 40, 12));
}

#[test]
fn the_table_redraws_at_a_new_size() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    term.backend_mut().resize(100, 30);
    draw(&mut term, &mut app);
    let wide = text(&term);
    // Ten columns of ten cells, centred: column 1's label sits over the first column.
    assert!(
        wide.lines()
            .find(|l| l.trim_start().starts_with("1 "))
            .is_some_and(|l| l.starts_with("    1         2")),
        "{wide}"
    );
    assert_eq!(wide.lines().count(), 30);
}

fn cells_with(
    term: &ratatui::Terminal<ratatui::backend::TestBackend>,
    symbol: &str,
) -> Vec<ratatui::buffer::Cell> {
    let buf = term.backend().buffer();
    buf.content()
        .iter()
        .filter(|c| c.symbol() == symbol)
        .cloned()
        .collect()
}

#[test]
fn suits_are_red_and_black_or_four_colours() {
    use ratatui::style::Color;
    let mut two = playing("SP1-S4C-AAAAAAD");
    let mut term = screen(80, 24);
    draw(&mut term, &mut two);
    let hearts = cells_with(&term, "♥");
    assert!(!hearts.is_empty() && hearts.iter().all(|c| c.fg == Color::Red));
    let clubs = cells_with(&term, "♣");
    assert!(!clubs.is_empty() && clubs.iter().all(|c| c.fg == Color::Black));
    let four = Theme {
        four_colour: true,
        ..Theme::default()
    };
    let mut app = playing_with("SP1-S4C-AAAAAAD", four);
    draw(&mut term, &mut app);
    assert!(cells_with(&term, "♣").iter().all(|c| c.fg == Color::Green));
    assert!(cells_with(&term, "♥").iter().all(|c| c.fg == Color::Red));
}

#[test]
fn no_color_draws_without_any_colour() {
    use ratatui::style::Color;
    let plain = Theme {
        colour: false,
        ..Theme::default()
    };
    let mut app = playing_with("SP1-S4C-AAAAAAD", plain);
    keys(&mut app, "7");
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let buf = term.backend().buffer();
    assert!(buf
        .content()
        .iter()
        .all(|c| c.fg == Color::Reset && c.bg == Color::Reset));
    // Highlights still show, by glyph and by reversed video.
    assert!(text(&term).contains('┃'));
}

#[test]
fn dragged_cards_follow_the_pointer() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    let mut term = screen(80, 24);
    draw(&mut term, &mut app);
    let mut pointer = Pointer::new();
    let (x, y) = card_cell(&app, 6, 4);
    pointer.press(&mut app, x, y);
    pointer.drag(&mut app, 30, 15);
    draw(&mut term, &mut app);
    insta::assert_snapshot!(text(&term));
}
