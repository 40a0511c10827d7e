//! The game played directly (the rlib), each rule test quoting the rule it checks, and a
//! property: random play never loses or duplicates a card, and undo (a clone) is exact.

use felt_core::{
    Action, Analysis, AnalyzeRequest, Card, Catalog, DynRuleset, Origin, PileId, Ruleset, Seat,
    Status,
};
use proptest::prelude::*;
use template_scorpion::{card, Column, Factory, Game, State, COLUMNS, STOCK, VARIANTS};

/// The shipped variant, built through a catalog as felt builds it.
fn game() -> std::sync::Arc<dyn DynRuleset> {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(std::sync::Arc::new(Factory));
    for (name, text) in template_scorpion::SCORING {
        catalog
            .add_scoring(
                Origin::BuiltIn(name.into()),
                name.trim_end_matches(".toml"),
                text,
            )
            .expect("the scoring table loads");
    }
    let (name, text) = VARIANTS[0];
    catalog
        .add_variant(Origin::BuiltIn(name.into()), text)
        .expect("the variant loads");
    catalog.build("scorpion", None).expect("it builds")
}

/// The typed game of the shipped variant, for hand-made positions.
fn typed() -> Game {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(std::sync::Arc::new(Factory));
    let (name, text) = VARIANTS[0];
    let text = text.replace("scoring = \"scorpion-standard\"", "");
    catalog
        .add_variant(Origin::BuiltIn(name.into()), &text)
        .expect("the variant loads");
    let entry = catalog.get("scorpion").expect("listed");
    Game::new(felt_core::Setup {
        variant: &entry.variant,
        scoring: None,
        rules: &entry.rules[0],
    })
    .expect("builds")
}

fn cards(tokens: &str) -> Vec<Card> {
    tokens
        .split_whitespace()
        .map(|t| card(t).expect("a card token"))
        .collect()
}

/// A position: the columns as token lists, each with its face-down count.
fn position(columns: &[(&str, usize)], stock: &str) -> State {
    let mut cols: Vec<Column> = columns
        .iter()
        .map(|(tokens, down)| Column {
            cards: cards(tokens),
            down: *down,
        })
        .collect();
    cols.resize(COLUMNS, Column::default());
    State {
        columns: cols,
        stock: cards(stock),
        moves: 0,
        score: 0,
    }
}

fn mv(from: u8, index: u16, to: u8) -> Action {
    Action::Move {
        from: PileId(from),
        index,
        to: PileId(to),
    }
}

#[test]
fn sco_deal_seven_columns_of_seven_three_down_in_four_and_a_stock_of_three() {
    let g = game();
    let view = g.view(&g.new_game(7), Seat(0));
    let sizes: Vec<usize> = view.piles.iter().map(|p| p.cards.len()).collect();
    assert_eq!(sizes, vec![7, 7, 7, 7, 7, 7, 7, 3]);
    let down: Vec<usize> = view.piles[..COLUMNS]
        .iter()
        .map(|p| p.cards.iter().filter(|c| c.card().is_none()).count())
        .collect();
    assert_eq!(down, vec![3, 3, 3, 3, 0, 0, 0]);
    // The same seed deals the same game.
    assert_eq!(g.view(&g.new_game(7), Seat(0)), view);
}

#[test]
fn sco_move_a_card_goes_with_what_is_on_it_onto_the_next_higher_card_of_its_suit() {
    let g = typed();
    let mut s = position(&[("KH 9S 2C", 0), ("10S", 0), ("4D", 0)], "");
    // SCO-MOVE: 9S with 2C on it goes onto 10S.
    g.apply(&mut s, &mv(0, 1, 1)).expect("legal");
    assert_eq!(s.columns[1].cards, cards("10S 9S 2C"));
    assert_eq!(s.columns[0].cards, cards("KH"));
    // SCO-MOVE: not onto another suit.
    let refused = g.check(&s, &mv(1, 2, 2)).expect_err("2C on 4D");
    assert_eq!(refused.rule, "SCO-MOVE");
}

#[test]
fn sco_empty_takes_only_a_king_and_sco_turn_turns_the_card_left_last() {
    let g = typed();
    let s = position(&[("QS 5H", 1), ("", 0), ("KD", 0)], "");
    let refused = g.check(&s, &mv(0, 1, 1)).expect_err("5H to empty");
    assert_eq!(refused.rule, "SCO-EMPTY");
    let mut s = position(&[("QS 5H", 1), ("6H", 0), ("KD", 0)], "");
    let events = g.apply(&mut s, &mv(0, 1, 1)).expect("5H on 6H");
    // SCO-TURN: QS was face down and is now the last card: it turns up.
    assert_eq!(s.columns[0].down, 0);
    assert!(events.contains(&felt_core::Event::Flipped { pile: PileId(0) }));
    // A face-down card cannot move.
    let s = position(&[("QS 5H", 1), ("KS", 0)], "");
    assert_eq!(
        g.check(&s, &mv(0, 0, 1)).expect_err("down").rule,
        "SCO-MOVE"
    );
}

#[test]
fn sco_stock_deals_once_onto_the_first_three_columns() {
    let g = typed();
    let mut s = position(&[("KH", 0), ("KS", 0), ("", 0)], "2C 3C 4C");
    g.apply(&mut s, &Action::Deal { from: STOCK })
        .expect("deals");
    assert_eq!(s.columns[0].cards, cards("KH 2C"));
    assert_eq!(s.columns[2].cards, cards("4C"));
    let refused = g
        .check(&s, &Action::Deal { from: STOCK })
        .expect_err("twice");
    assert_eq!(refused.rule, "SCO-STOCK");
}

#[test]
fn sco_win_four_whole_suits_and_sco_score_counts_turns_and_suits() {
    let g = game();
    let run = |suit: &str| {
        (1..=13)
            .rev()
            .map(|r| {
                let rank = match r {
                    1 => "A".to_string(),
                    11 => "J".into(),
                    12 => "Q".into(),
                    13 => "K".into(),
                    n => n.to_string(),
                };
                format!("{rank}{suit}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut s = position(
        &[
            (&run("S"), 0),
            (&run("H"), 0),
            (&run("D"), 0),
            (&run("C"), 0),
        ],
        "",
    );
    let state = felt_core::GameState::new(s.clone());
    // SCO-WIN.
    assert!(matches!(g.status(&state), Status::Won { .. }));
    // SCO-SCORE: a whole suit built is worth 50 under the shipped table.
    let ace = s.columns[3].cards.pop().expect("an ace");
    s.columns[4].cards.push(ace);
    let mut state = felt_core::GameState::new(s);
    g.apply(&mut state, &mv(4, 0, 3))
        .expect("the ace goes home");
    assert_eq!(g.scoreboard(&state).score, Some(50));
}

#[test]
fn the_solver_finds_a_line_that_replays_and_proves_a_lost_table() {
    let g = typed();
    // Two moves from a win: 2H then AH go onto 3H.
    let mut s = position(&[], "");
    s.columns[0].cards = cards("KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H");
    s.columns[1].cards = cards("2H");
    s.columns[2].cards = cards("AH");
    for (i, suit) in ["S", "D", "C"].iter().enumerate() {
        s.columns[3 + i].cards = [
            "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A",
        ]
        .iter()
        .map(|r| card(&format!("{r}{suit}")).expect("card"))
        .collect();
    }
    let Analysis::Won { actions, .. } =
        template_scorpion::solve(&g, &s, &felt_core::Budget::states(1000), &|_| true)
    else {
        panic!("a win two moves away");
    };
    let mut replay = s.clone();
    for a in &actions {
        g.apply(&mut replay, a).expect("the line replays");
    }
    assert!(matches!(g.status(&replay), Status::Won { .. }));
    // No move at all: proven lost, and a dead end for the honest test too.
    let lost = position(&[("2S", 0), ("2H", 0)], "");
    assert!(matches!(
        template_scorpion::solve(&g, &lost, &felt_core::Budget::states(1000), &|_| true),
        Analysis::Unwinnable { .. }
    ));
    assert_eq!(
        g.analyze_metered(&lost, &AnalyzeRequest::DeadEnd),
        Some(Analysis::DeadEnd { stuck: true })
    );
}

#[test]
fn the_hint_is_honest_two_deals_that_differ_only_in_hidden_cards_get_the_same_hints() {
    let g = typed();
    let a = position(&[("2C 3C 4C 8H", 3), ("9H", 0)], "5D 6D 7D");
    let b = position(&[("3C 2C 5D 8H", 3), ("9H", 0)], "4C 7D 6D");
    let hint = |s: &State| {
        (0..4)
            .map(|rank| {
                g.analyze_metered(
                    s,
                    &AnalyzeRequest::Hint {
                        rank,
                        budget: felt_core::Budget::states(100),
                    },
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(hint(&a), hint(&b));
    // The best one turns a card: 8H onto 9H.
    assert_eq!(
        hint(&a)[0],
        Some(Analysis::Hint {
            action: Some(mv(0, 3, 1)),
            then: Vec::new()
        })
    );
}

fn all_cards(s: &State) -> Vec<Card> {
    let mut all: Vec<Card> = s
        .columns
        .iter()
        .flat_map(|c| c.cards.iter().copied())
        .chain(s.stock.iter().copied())
        .collect();
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("FELT_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64)
    ))]

    /// Random legal play keeps every card exactly once, and a clone taken before an action is
    /// the position undo returns to.
    #[test]
    fn random_play_conserves_cards(seed in 0u64..1_000_000, picks in prop::collection::vec(0usize..100, 0..60)) {
        let g = typed();
        let mut s = g.new_game(seed);
        let start = all_cards(&s);
        prop_assert_eq!(start.len(), 52);
        for pick in picks {
            let mut legal = Vec::new();
            g.legal_actions(&s, &mut legal);
            let Some(action) = legal.get(pick % legal.len().max(1)).cloned() else { break };
            let before = s.clone();
            g.apply(&mut s, &action).expect("a legal action applies");
            prop_assert_eq!(all_cards(&s), start.clone());
            prop_assert_ne!(&before, &s);
        }
    }
}

/// A plain search, for the cross-check: breadth first over whole positions (compared as
/// they are, not through the solver's compact key), every legal action from each. `None` when
/// more than `limit` positions are reachable.
fn plain_wins(g: &Game, s: &State, limit: usize) -> Option<bool> {
    let whole = |s: &State| State {
        moves: 0,
        score: 0,
        ..s.clone()
    };
    let mut seen: std::collections::HashSet<State> = [whole(s)].into();
    let mut frontier = vec![s.clone()];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for s in frontier {
            if matches!(g.status(&s), Status::Won { .. }) {
                return Some(true);
            }
            let mut legal = Vec::new();
            g.legal_actions(&s, &mut legal);
            for a in legal {
                let mut t = s.clone();
                if g.apply(&mut t, &a).is_ok() && seen.insert(whole(&t)) {
                    next.push(t);
                }
            }
        }
        if seen.len() > limit {
            return None;
        }
        frontier = next;
    }
    Some(false)
}

/// An end of a game: the four suits built down to `keep` cards each in columns 1-4, the rest
/// (the low cards) dealt in the shuffled order `order` onto the ends of the seven columns as
/// `spots` says, with the first `down` of column 5 face down.
fn end_position(keep: usize, order: &[usize], spots: &[usize], down: usize) -> State {
    let ranks = [
        "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A",
    ];
    let mut s = position(&[], "");
    let mut loose = Vec::new();
    for (i, suit) in ["S", "H", "D", "C"].iter().enumerate() {
        for (k, rank) in ranks.iter().enumerate() {
            let c = card(&format!("{rank}{suit}")).expect("card");
            if k < keep {
                s.columns[i].cards.push(c);
            } else {
                loose.push(c);
            }
        }
    }
    for (&o, &spot) in order.iter().zip(spots) {
        if let Some(c) = loose.get(o % loose.len().max(1)).copied() {
            if !s.columns.iter().any(|col| col.cards.contains(&c)) {
                s.columns[spot % COLUMNS].cards.push(c);
            }
        }
    }
    // Cards not placed go to column 5, so every card is on the table.
    for c in loose {
        if !s.columns.iter().any(|col| col.cards.contains(&c)) {
            s.columns[4].cards.push(c);
        }
    }
    s.columns[4].down = down.min(s.columns[4].cards.len().saturating_sub(1));
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("FELT_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(24)
    ))]

    /// The solver's verdicts agree with a plain search: "won" exactly when a plain search
    /// reaches a won position, "unwinnable" exactly when it reaches none.
    #[test]
    fn the_solver_agrees_with_a_plain_search(
        order in prop::collection::vec(0usize..8, 8),
        spots in prop::collection::vec(0usize..7, 8),
        down in 0usize..4,
    ) {
        let g = typed();
        // The four suits down to their Threes, the Twos and Aces anywhere: wins and deadlocks
        // (a card on the card below its own) both come up.
        let s = end_position(11, &order, &spots, down);
        let Some(plain) = plain_wins(&g, &s, 200_000) else {
            return Ok(());
        };
        match template_scorpion::solve(&g, &s, &felt_core::Budget::states(1_000_000), &|_| true) {
            Analysis::Won { .. } => prop_assert!(plain, "won, but the plain search finds no win: {s:?}"),
            Analysis::Unwinnable { .. } => prop_assert!(!plain, "proven lost, but the plain search wins: {s:?}"),
            other => prop_assert!(false, "undecided in a small position: {other:?}"),
        }
    }
}

#[test]
fn the_best_place_is_the_next_higher_card_and_a_face_down_card_is_refused_at_once() {
    let g = typed();
    let s = position(&[("KH 9S", 0), ("10S", 0), ("", 0), ("QC JD", 1)], "");
    let legal = g.legal_targets(&s, PileId(0), 1);
    assert_eq!(g.best_place(&s, PileId(0), 1, &legal), Some(mv(0, 1, 1)));
    // A King alone in its column may go to an empty one, but that only trades places.
    let legal = g.legal_targets(&s, PileId(0), 0);
    assert_eq!(
        legal,
        vec![mv(0, 0, 2), mv(0, 0, 4), mv(0, 0, 5), mv(0, 0, 6)]
    );
    assert_eq!(g.best_place(&s, PileId(0), 0, &legal), None);
    // SCO-MOVE: QC is face down.
    assert_eq!(
        g.may_lift(&s, PileId(3), 0).expect_err("down").rule,
        "SCO-MOVE"
    );
}
