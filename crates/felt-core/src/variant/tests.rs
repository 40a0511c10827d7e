//! The variant schema's unit tests: files that parse, and errors that point at the key.
use super::*;

fn origin() -> Origin {
    Origin::File("bad.toml".into())
}

#[test]
fn a_wrong_type_names_file_line_and_key() {
    let text = "id = \"x\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\nundo_depth = \"lots\"\n";
    let err = parse_variant(&origin(), text).expect_err("bad undo depth");
    assert_eq!(err.line, Some(5));
    let shown = err.to_string();
    assert!(shown.starts_with("error: bad.toml:5:"), "{shown}");
    assert!(shown.contains("undo_depth = \"lots\""), "{shown}");
}

#[test]
fn an_error_past_column_65535_shows_a_window_of_its_line_without_panicking() {
    // A formatting width above 65,535 panicked ("Formatting argument out of range").
    let long = "x".repeat(70_000);
    let text = format!(
        "id = \"x\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\nundo_depth = [\"{long}\", 3 3]\n"
    );
    let err = parse_variant(&origin(), &text).expect_err("a broken list");
    let shown = err.to_string();
    assert!(shown.starts_with("error: bad.toml:5:"), "{shown}");
    assert!(err.column.is_some_and(|c| c > 65_535), "{:?}", err.column);
    let longest = shown.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(longest < 400, "a line of {longest} characters was printed");
    assert!(shown.contains('…'), "what is left out is marked: {shown}");
    let caret = shown.lines().last().unwrap_or_default();
    let code = shown.lines().rev().nth(1).unwrap_or_default();
    let at = caret.find('^').expect("an underline");
    assert_eq!(
        code.chars().nth(at),
        Some('3'),
        "the caret stands under the token at fault:\n{code}\n{caret}"
    );
}

#[test]
fn control_characters_from_a_file_never_reach_the_terminal() {
    let text = "id = \"x\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\nundo_depth = \"\u{1b}]0;pwned\u{7}\"\n";
    let err = parse_variant(&origin(), text).expect_err("bad undo depth");
    let shown = err.to_string();
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown:?}"
    );
}

#[test]
fn an_id_longer_than_64_characters_is_refused_at_its_key() {
    let text = format!(
        "id = \"{}\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\n",
        "a".repeat(70_000)
    );
    let err = parse_variant(&origin(), &text).expect_err("a huge id");
    assert_eq!(err.line, Some(1));
    assert!(err.message.contains("at most 64 characters"), "{err}");
}

#[test]
fn a_name_with_an_escape_sequence_is_refused_at_its_key() {
    let text = "id = \"x\"\nname = \"\\u001b]0;pwned\\u0007\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\n";
    let err = parse_variant(&origin(), text).expect_err("an escape in the name");
    assert_eq!(err.line, Some(2));
    assert!(err.message.contains("control characters"), "{err}");
}

#[test]
fn a_file_name_with_control_characters_is_shown_with_them_escaped() {
    let origin = Origin::File("evil\u{1b}[2J\u{202e}.toml".into());
    assert_eq!(origin.to_string(), "evil\\x1b[2J\\u{202e}.toml");
}

#[test]
fn an_unknown_key_is_named() {
    let text = "id = \"x\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\ncolour = 3\n";
    let err = parse_variant(&origin(), text).expect_err("unknown key");
    assert_eq!(err.key.as_deref(), Some("colour"));
    assert_eq!(err.line, Some(5));
}

#[test]
fn keys_in_tables_are_located() {
    let text = "id = \"x\"\n[game]\npacks = 2\ncolumns = [1]\n";
    assert_eq!(locate_key(text, "game.columns"), text.find("columns"));
    assert_eq!(locate_key(text, "id"), Some(0));
    assert_eq!(locate_key(text, "game.deals"), None);
}

#[test]
fn a_key_is_located_however_the_file_spells_its_path() {
    // A header, a dotted key and an inline table all name game.build.by: the error points at
    // the very `by`, not at the first `by` of the file.
    let header = "id = \"x\"\n[game]\nby = 1\n[game.build]\nby = \"colour\"\n";
    assert_eq!(locate_key(header, "game.build.by"), header.rfind("by"));
    let dotted = "[game]\nmove.by = \"suit\"\nbuild.by = \"colour\"\n";
    assert_eq!(locate_key(dotted, "game.build.by"), dotted.rfind("by"));
    let inline =
        "[game]\nmove = { by = \"suit\" }\nbuild = { direction = \"down\", by = \"colour\" }\n";
    assert_eq!(locate_key(inline, "game.build.by"), inline.rfind("by"));
    assert_eq!(locate_key(inline, "game.build.wrap"), None);
    // A text the parser refuses is still searched line by line.
    let broken = "[game]\ncolumns = 7\nstock = [\n";
    assert_eq!(locate_key(broken, "game.columns"), broken.find("columns"));
}

#[test]
fn the_shown_error_underlines_the_whole_token() {
    let text = "id = \"x\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\nundo_depth = \"lots\"\n";
    let shown = parse_variant(&origin(), text).expect_err("bad").to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(
        lines[1..],
        [
            "  |",
            "5 | undo_depth = \"lots\"",
            "  |              ^^^^^^"
        ],
        "{shown}"
    );
    assert!(lines[0].starts_with("error: bad.toml:5:14: "), "{shown}");
}

#[test]
fn an_unknown_key_is_underlined_as_a_word() {
    let text = "id = \"x\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\ncolour = 3\n";
    let shown = parse_variant(&origin(), text).expect_err("bad").to_string();
    assert!(shown.ends_with("5 | colour = 3\n  | ^^^^^^^^^^"), "{shown}");
}

#[test]
fn a_list_is_underlined_to_its_closing_bracket() {
    assert_eq!(token_width("columns = [6, [5], 4] # six", 11), 11);
    assert_eq!(token_width("suits = 'SH'", 9), 4);
    assert_eq!(token_width("x = \"open", 5), 5);
    assert_eq!(token_width("", 3), 1);
}

#[test]
fn an_error_at_a_key_underlines_the_assignment() {
    assert_eq!(token_width("columns = [60, 60] # too many", 1), 18);
    assert_eq!(token_width("packs=9", 1), 7);
    assert_eq!(token_width("packs =   # nothing", 1), 5);
}

#[test]
fn a_type_error_names_its_key_even_in_a_table_or_a_long_list() {
    let text = "id = \"x\"\nundo_depth = \"lots\"\n[game]\ncolumns = [1,\n  2]\n";
    assert_eq!(
        key_at_offset(text, text.find("lots").unwrap_or(0)),
        Some("undo_depth".into())
    );
    assert_eq!(
        key_at_offset(text, text.find("2]").unwrap_or(0)),
        Some("game.columns".into())
    );
    assert_eq!(key_at_offset(text, text.find("[game]").unwrap_or(0)), None);
    let err = parse_variant(&origin(), "id = \"x\"\nname = \"X\"\nruleset = \"patience\"\ncode = \"SP1-S1\"\nundo_depth = \"lots\"\n")
        .expect_err("bad type");
    assert_eq!(err.key.as_deref(), Some("undo_depth"));
    assert!(
        err.to_string().contains(": key `undo_depth`: invalid type"),
        "{err}"
    );
}

#[test]
fn a_stray_carriage_return_is_named_not_left_blank() {
    let err = parse_variant(&origin(), "\r ").expect_err("not TOML");
    assert!(err.message.contains("carriage return"), "{}", err.message);
    let shown = err.to_string();
    assert!(
        !shown.contains('\r'),
        "no raw control character reaches the terminal"
    );
}

#[test]
fn a_message_of_several_lines_keeps_the_header_on_one() {
    let err = parse_variant(&origin(), "id = \"x\"\n[game\n").expect_err("bad header");
    let shown = err.to_string();
    let header = shown.lines().next().unwrap_or_default();
    assert!(header.contains("invalid table header; expected"), "{shown}");
    assert_eq!(err.line, Some(2));
}

#[test]
fn the_floor_clamps_every_step() {
    let table = ScoreTable {
        id: "t".into(),
        name: "T".into(),
        shows_score: true,
        start: 500,
        floor: Some(0),
        points: [("move".to_string(), -1), ("run".to_string(), 100)].into(),
        running_total: false,
    };
    assert_eq!(table.add(0, "move", 1), 0);
    assert_eq!(table.add(0, "run", 1), 100);
    assert_eq!(table.add(3, "unknown", 1), 3);
}
