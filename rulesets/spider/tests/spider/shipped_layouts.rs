//! Every shipped variant's table: cards per column, face-up counts, stock and deal sizes, the
//! deck, the runs that win, the scoring table and the rules offered. A new file in
//! `config/variants` fails here until its layout is written down below.

use crate::common::*;
use felt_core::{Action, Event, Ruleset, Suit};
use felt_spider::SpiderRuleset;

/// What a variant's table must be.
struct Layout {
    id: &'static str,
    code: &'static str,
    packs: u8,
    suits: &'static str,
    columns: &'static [usize],
    /// Face-down cards of each column after the layout.
    down: &'static [usize],
    deals: &'static [usize],
    runs: usize,
    scoring: &'static str,
    rules: &'static [&'static str],
}

const APP: [usize; 10] = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5];
const APP_DOWN: [usize; 10] = [5, 5, 5, 5, 4, 4, 4, 4, 4, 4];
const FIVES: [usize; 10] = [5; 10];
const FOURS: [usize; 10] = [4; 10];
const BOTH: [&str; 2] = ["classic", "relaxed"];

const LAYOUTS: [Layout; 14] = [
    // SP-LAYOUT: the App's Spider.
    Layout {
        id: "spider-1suit",
        code: "SP1-S1",
        packs: 2,
        suits: "S",
        columns: &APP,
        down: &APP_DOWN,
        deals: &[10; 5],
        runs: 8,
        scoring: "classic",
        rules: &["classic"],
    },
    Layout {
        id: "spider-2suit",
        code: "SP1-S2",
        packs: 2,
        suits: "SH",
        columns: &APP,
        down: &APP_DOWN,
        deals: &[10; 5],
        runs: 8,
        scoring: "classic",
        rules: &BOTH,
    },
    Layout {
        id: "spider-4suit",
        code: "SP1-S4",
        packs: 2,
        suits: "SHDC",
        columns: &APP,
        down: &APP_DOWN,
        deals: &[10; 5],
        runs: 8,
        scoring: "classic",
        rules: &BOTH,
    },
    // The Site: the App's table, classic groups only, no points (SITE-DEFAULT, SITE-NOSCORE).
    Layout {
        id: "spider-site-1suit",
        code: "SPS-S1",
        packs: 2,
        suits: "S",
        columns: &APP,
        down: &APP_DOWN,
        deals: &[10; 5],
        runs: 8,
        scoring: "none",
        rules: &["classic"],
    },
    Layout {
        id: "spider-site-2suit",
        code: "SPS-S2",
        packs: 2,
        suits: "SH",
        columns: &APP,
        down: &APP_DOWN,
        deals: &[10; 5],
        runs: 8,
        scoring: "none",
        rules: &["classic"],
    },
    Layout {
        id: "spider-site-4suit",
        code: "SPS-S4",
        packs: 2,
        suits: "SHDC",
        columns: &APP,
        down: &APP_DOWN,
        deals: &[10; 5],
        runs: 8,
        scoring: "none",
        rules: &["classic"],
    },
    // SITE-SPIDERETTE: one pack, seven columns of 1 to 7 like Klondike, 24 in the stock.
    Layout {
        id: "spiderette-4suit",
        code: "SPE-S4",
        packs: 1,
        suits: "SHDC",
        columns: &[1, 2, 3, 4, 5, 6, 7],
        down: &[0, 1, 2, 3, 4, 5, 6],
        deals: &[7, 7, 7, 3],
        runs: 4,
        scoring: "links",
        rules: &BOTH,
    },
    Layout {
        id: "spiderette-1suit",
        code: "SPE-S1",
        packs: 1,
        suits: "S",
        columns: &[1, 2, 3, 4, 5, 6, 7],
        down: &[0, 1, 2, 3, 4, 5, 6],
        deals: &[7, 7, 7, 3],
        runs: 4,
        scoring: "links",
        rules: &["classic"],
    },
    Layout {
        id: "spiderette-2suit",
        code: "SPE-S2",
        packs: 1,
        suits: "SH",
        columns: &[1, 2, 3, 4, 5, 6, 7],
        down: &[0, 1, 2, 3, 4, 5, 6],
        deals: &[7, 7, 7, 3],
        runs: 4,
        scoring: "links",
        rules: &BOTH,
    },
    // Will o' the Wisp: seven columns of three, two down and one up; 31 in the stock.
    Layout {
        id: "will-o-the-wisp",
        code: "WOW-S4",
        packs: 1,
        suits: "SHDC",
        columns: &[3; 7],
        down: &[2; 7],
        deals: &[7, 7, 7, 7, 3],
        runs: 4,
        scoring: "links",
        rules: &BOTH,
    },
    // Ostrow 1945 and Bicycle: ten columns of five, four down; five deals of ten and one of four.
    Layout {
        id: "spider-1945",
        code: "OST-S4",
        packs: 2,
        suits: "SHDC",
        columns: &FIVES,
        down: &FOURS,
        deals: &[10, 10, 10, 10, 10, 4],
        runs: 8,
        scoring: "classic",
        rules: &BOTH,
    },
    Layout {
        id: "spider-bicycle",
        code: "BIC-S4",
        packs: 2,
        suits: "SHDC",
        columns: &FIVES,
        down: &FOURS,
        deals: &[10, 10, 10, 10, 10, 4],
        runs: 8,
        scoring: "classic",
        rules: &BOTH,
    },
    // Relaxed deal: the App's table; only the deal rule differs.
    Layout {
        id: "spider-relaxed-deal",
        code: "SPD-S4",
        packs: 2,
        suits: "SHDC",
        columns: &APP,
        down: &APP_DOWN,
        deals: &[10; 5],
        runs: 8,
        scoring: "classic",
        rules: &BOTH,
    },
    // Three packs (QSoloCards' Three Deck Spider): twelve columns, six of six and six of five.
    Layout {
        id: "spider-3packs",
        code: "SPT-S4",
        packs: 3,
        suits: "SHDC",
        columns: &[6, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 5],
        down: &[5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4],
        deals: &[12, 12, 12, 12, 12, 12, 12, 6],
        runs: 12,
        scoring: "links",
        rules: &BOTH,
    },
];

fn suits(letters: &str) -> Vec<Suit> {
    letters
        .chars()
        .map(|c| Suit::from_letter(c).expect("a suit letter"))
        .collect()
}

#[test]
fn every_shipped_variant_has_its_layout_written_down() {
    let mut listed: Vec<&str> = LAYOUTS.iter().map(|l| l.id).collect();
    listed.sort();
    let mut shipped = shipped_ids();
    shipped.sort();
    assert_eq!(
        listed, shipped,
        "a shipped file without a layout test, or the reverse"
    );
}

#[test]
fn each_variant_loads_with_its_code_scoring_and_rules() {
    let catalog = catalog();
    for l in &LAYOUTS {
        let entry = catalog
            .get(l.id)
            .unwrap_or_else(|| panic!("{} loads", l.id));
        assert_eq!(entry.variant.code, l.code, "{}", l.id);
        assert_eq!(
            entry.variant.scoring.as_deref(),
            Some(l.scoring),
            "{}",
            l.id
        );
        let rules: Vec<&str> = entry.rules.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(rules, l.rules, "{}", l.id);
    }
}

#[test]
fn each_variant_deals_its_columns_face_down_counts_and_stock() {
    let catalog = catalog();
    for l in &LAYOUTS {
        for rules in l.rules {
            let r: SpiderRuleset = typed_in(&catalog, l.id, rules);
            let p = r.params();
            assert_eq!(p.deck.packs, l.packs, "{}", l.id);
            assert_eq!(p.deck.suits, suits(l.suits), "{}", l.id);
            assert_eq!(p.deck.len(), 52 * l.packs as usize, "{}", l.id);
            assert_eq!(p.runs_to_win as usize, l.runs, "{}", l.id);
            assert_eq!(l.runs, 4 * l.packs as usize, "{}: every run wins", l.id);
            for seed in [0, 7, 123_456] {
                let s = r.new_game(seed);
                let sizes: Vec<usize> = s.columns().iter().map(|c| c.len()).collect();
                let down: Vec<usize> = s.columns().iter().map(|c| c.face_down()).collect();
                assert_eq!(sizes, l.columns, "{} cards per column", l.id);
                assert_eq!(down, l.down, "{} face-down cards", l.id);
                let stock: usize = l.deals.iter().sum();
                assert_eq!(s.stock().len(), stock, "{} stock", l.id);
                assert_eq!(
                    l.columns.iter().sum::<usize>() + stock,
                    52 * l.packs as usize,
                    "{}: columns and stock use the whole deck",
                    l.id
                );
                let mut all = s.all_cards();
                all.sort();
                let mut deck = p.deck.cards();
                deck.sort();
                assert_eq!(all, deck, "{}: SP-DECK", l.id);
            }
        }
    }
}

#[test]
fn each_variant_deals_its_stock_in_its_deal_sizes_onto_the_first_columns() {
    // SP-DEAL, and the short last deals: Spiderette's and Will o' the Wisp's 3, the 1945
    // table's 4, three packs' 6 go onto the first columns only.
    let catalog = catalog();
    for l in &LAYOUTS {
        let r = typed_in(&catalog, l.id, l.rules[0]);
        let mut s = r.new_game(99);
        for (i, &size) in l.deals.iter().enumerate() {
            assert_eq!(r.deals_left(&s), l.deals.len() - i, "{}", l.id);
            let before: Vec<usize> = s.columns().iter().map(|c| c.len()).collect();
            let next: Vec<_> = s.stock()[s.stock().len() - size..].to_vec();
            let events = play(
                &r,
                &mut s,
                &Action::Deal {
                    from: r.stock_pile(),
                },
            );
            assert_eq!(
                events[0],
                Event::Dealt {
                    from: r.stock_pile(),
                    count: size as u16
                },
                "{} deal {}",
                l.id,
                i + 1
            );
            let removed = s.removed().len();
            for (c, column) in s.columns().iter().enumerate() {
                let grew = usize::from(c < size);
                if removed == 0 {
                    assert_eq!(
                        column.len(),
                        before[c] + grew,
                        "{} deal {} column {}",
                        l.id,
                        i + 1,
                        c + 1
                    );
                }
            }
            // Card i of a deal lands on column i, face up.
            if removed == 0 {
                for (c, card) in next.iter().enumerate() {
                    assert_eq!(
                        s.columns()[c].last(),
                        Some(*card),
                        "{} column {}",
                        l.id,
                        c + 1
                    );
                    assert!(s.columns()[c].face_down() < s.columns()[c].len());
                }
            }
        }
        assert!(s.stock().is_empty(), "{}", l.id);
        assert_eq!(r.deals_left(&s), 0);
        assert!(r
            .check(
                &s,
                &Action::Deal {
                    from: r.stock_pile()
                }
            )
            .is_err());
    }
}

#[test]
fn the_1945_and_bicycle_tables_are_the_same_game_under_two_names() {
    let catalog = catalog();
    let ostrow = typed_in(&catalog, "spider-1945", "classic");
    let bicycle = typed_in(&catalog, "spider-bicycle", "classic");
    assert_eq!(ostrow.params(), bicycle.params());
    assert_eq!(
        ostrow.new_game(5),
        bicycle.new_game(5),
        "the same seed deals the same table"
    );
    assert_ne!(
        catalog.get("spider-1945").map(|e| &e.variant.code),
        catalog.get("spider-bicycle").map(|e| &e.variant.code),
        "but each has its own game codes"
    );
}

#[test]
fn the_suit_options_change_only_the_deck() {
    // SITE-DEFAULT and Spiderette's options: 1, 2 or 4 suits, every other setting the same.
    let catalog = catalog();
    for family in [
        [
            "spider-site-1suit",
            "spider-site-2suit",
            "spider-site-4suit",
        ],
        ["spiderette-1suit", "spiderette-2suit", "spiderette-4suit"],
        ["spider-1suit", "spider-2suit", "spider-4suit"],
    ] {
        let base = typed_in(&catalog, family[0], "classic").params().clone();
        for (id, letters) in family.iter().zip(["S", "SH", "SHDC"]) {
            let mut p = typed_in(&catalog, id, "classic").params().clone();
            assert_eq!(p.deck.suits, suits(letters), "{id}");
            assert_eq!(
                p.deck.len(),
                base.deck.len(),
                "{id}: the suit count never changes the number"
            );
            p.deck = base.deck.clone();
            assert_eq!(p, base, "{id} differs from {} only in suits", family[0]);
        }
    }
}
