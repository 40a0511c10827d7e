//! The vocabulary of docs/patience-engine.md read from real `[game]` tables: short files give
//! whole games, and every mistake names its key and what is allowed.

use felt_engine::vocabulary::{Base, Direction, Empty, Game, Group, Match, Start, StockDeal};

fn read(game: &str) -> Result<Game, String> {
    let table: toml::Table = game.parse().map_err(|e| format!("not TOML: {e}"))?;
    Game::read(&table).map_err(|e| format!("{} | {}", e.key.unwrap_or_default(), e.message))
}

#[test]
fn yukon_is_a_few_lines() {
    let yukon = read(
        r#"
        tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = [1, 5, 5, 5, 5, 5, 5] }
        move = "any-face-up"
        empty = "king"
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(yukon.dealt(), 52);
    assert_eq!(yukon.group, Group::AnyFaceUp);
    assert_eq!(yukon.build, Direction::Down);
    assert_eq!(yukon.build_by, Match::Alternate);
    assert_eq!(yukon.empty, Empty::King);
    assert_eq!(yukon.foundations.base, Base::Rank(1));
    assert!(yukon.stock.is_none());
}

#[test]
fn canfield_has_a_reserve_a_first_dealt_base_and_a_stock() {
    let canfield = read(
        r#"
        tableau.columns = 4
        reserve = { cards = 13 }
        foundations = { base = "first-dealt", wrap = true, start = "one-card" }
        build = { wrap = true }
        move = "pile"
        empty = "auto-reserve"
        stock = { cards = 3, redeals = "unlimited" }
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(canfield.dealt(), 4 + 13 + 1);
    assert_eq!(canfield.foundations.base, Base::FirstDealt);
    assert_eq!(canfield.foundations.start, Start::OneCard);
    let stock = canfield.stock.expect("a stock");
    assert_eq!(
        (stock.deal, stock.cards, stock.redeals),
        (StockDeal::Waste, 3, None)
    );
}

#[test]
fn scorpion_moves_groups_by_a_rule_of_their_own() {
    let scorpion = read(
        r#"
        tableau = { columns = 7, down = [3, 3, 3, 3, 0, 0, 0], up = [4, 4, 4, 4, 7, 7, 7] }
        build.by = "suit"
        move = { group = "any-face-up", by = "any" }
        empty = "king"
        stock = { deal = "columns" }
        win = "sequences"
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (scorpion.build_by, scorpion.group_by),
        (Match::Suit, Match::Any)
    );
    assert_eq!(scorpion.dealt(), 49);
}

#[test]
fn a_word_out_of_the_vocabulary_names_its_key_and_the_words_allowed() {
    assert_eq!(
        read("tableau.columns = 8\nbuild.by = \"colour\"\ncells.count = 4\nstock = {}\n"),
        Err("game.build.by | \"colour\" is not allowed: expected one of suit, alternate, any, rank, not-suit".into())
    );
    assert_eq!(
        read("tableau.columns = 8\nmove = \"some\"\nstock = {}\n"),
        Err("game.move | \"some\" is not allowed: expected one of single, sequence, any-face-up, supermove, pile".into())
    );
}

#[test]
fn a_misspelt_setting_is_refused_not_ignored() {
    let e = read("tableau = { columns = 8, dwon = 1 }\nstock = {}\n").expect_err("misspelt");
    assert!(e.starts_with("game.tableau.dwon | "), "{e}");
    assert!(
        e.contains("known: columns, down, kings_to_bottom, rows, up"),
        "{e}"
    );
    let e = read("tableau.columns = 8\nstock = {}\ncolour = 1\n").expect_err("unknown");
    assert!(e.starts_with("game.colour | "), "{e}");
}

#[test]
fn the_deal_must_fit_the_pack_and_leftovers_need_a_stock() {
    assert_eq!(
        read("tableau = { columns = 10, up = 6 }\n"),
        Err("game.tableau | deals 60 cards, but 1 pack holds 52".into())
    );
    assert_eq!(
        read("tableau = { columns = 7, up = 5 }\n"),
        Err(
            "game.stock | a stock is needed: the deal leaves 17 of 52 cards to be dealt from it"
                .into()
        )
    );
    assert_eq!(
        read("tableau = { columns = 7, up = [1, 2] }\nstock = {}\n"),
        Err("game.tableau.up | gives 2 numbers for 7 columns: give one for each column, or one number for all".into())
    );
    assert_eq!(
        read("tableau = { columns = 0 }\n"),
        Err("game.tableau.columns | 0 is not allowed: expected a whole number from 1 to 52".into())
    );
}

#[test]
fn rows_draw_where_the_columns_lie_and_every_mistake_says_what_is_allowed() {
    let pyramid = read(
        r#"
        tableau = { columns = 3, down = [1, 0, 0], rows = [" *", "* *"] }
        stock = { deal = "foundation" }
        "#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pyramid.tableau.places, vec![(0, 1), (1, 0), (1, 2)]);
    // PA-COVER: the summit lies under both places of the row below; they under nothing.
    assert_eq!(
        pyramid.tableau.covered_by(),
        vec![vec![1, 2], vec![], vec![]]
    );
    for (rows, says) in [
        (r#"[" *", "* * *"]"#, "draws 4 columns, but `columns` is 3"),
        (
            r#"[" x", "* *"]"#,
            "line 1 holds 'x': only `*` (a column) and spaces",
        ),
        (r#"[" *", 3]"#, "line 2 is not text"),
        ("[]", "expected a list of 1 to 16 lines"),
        (r#"" * * *""#, "expected a list of 1 to 16 lines"),
    ] {
        let err = read(&format!(
            "tableau = {{ columns = 3, rows = {rows} }}\nstock = {{ deal = \"foundation\" }}"
        ))
        .expect_err(rows);
        assert!(
            err.starts_with("game.tableau.rows | ") && err.contains(says),
            "{rows}: {err}"
        );
    }
}
