//! Three of the engine's sound shortcuts checked on their own: a table's fingerprint is one
//! per key (the solver's rule 7), the moves a search leaves out as leading back to the table
//! itself (rule 2), and PA-AUTOMATIC's safe rule, where spaces fill by themselves, finds the
//! same verdicts as the game without it.

use crate::plain::{plain_wins, small_position, Lcg};
use crate::support::*;
use felt_core::Ruleset;

#[test]
fn tables_share_a_fingerprint_exactly_when_they_share_a_key() {
    // Rule 7: a search stores a table by its fingerprint, which must be a function of the key
    // (tables of one key, the columns in another order among them, share it) and tell apart
    // the keys that differ, on tables reached by random play in games with and without the
    // columns' order in the key.
    use felt_engine::solver::search::{KeyRoom, Searcher};
    use std::collections::HashMap;
    let games = [
        ("yukon", YUKON),
        ("canfield", CANFIELD),
        ("freecell", FREECELL),
        ("golf", GOLF),
        ("scorpion", SCORPION),
        ("duchess", DUCHESS),
    ];
    for (name, text) in games {
        let engine = engine(text);
        let searcher = Searcher::new(&engine);
        let mut room = KeyRoom::default();
        let mut by_key: HashMap<Vec<u8>, u128> = HashMap::new();
        let mut by_print: HashMap<u128, Vec<u8>> = HashMap::new();
        let mut key = Vec::new();
        let mut legal = Vec::new();
        for seed in 1..=20u64 {
            let mut rng = Lcg(seed);
            let mut state = engine.new_game(seed);
            for _ in 0..60 {
                let mut tables = vec![state.clone()];
                // The same table with its columns turned round: one key where the order is
                // left out of it, another where it is not.
                let mut turned = state.clone();
                turned.columns.rotate_left(1);
                tables.push(turned);
                for solve in [true, false] {
                    for table in &tables {
                        searcher.key_for(table, &mut key, solve);
                        key.push(u8::from(solve));
                        let print = searcher.fingerprint(table, &mut room, solve);
                        let print = print ^ u128::from(solve);
                        assert_eq!(
                            *by_key.entry(key.clone()).or_insert(print),
                            print,
                            "{name} seed {seed}: one key, two fingerprints"
                        );
                        assert_eq!(
                            by_print.entry(print).or_insert(key.clone()),
                            &key,
                            "{name} seed {seed}: two keys, one fingerprint"
                        );
                    }
                }
                legal.clear();
                engine.legal_actions(&state, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let pick = &legal[rng.below(legal.len() as u64) as usize];
                play(&engine, &mut state, pick);
            }
        }
        assert!(by_key.len() > 500, "{name}: {} keys", by_key.len());
    }
}

#[test]
fn the_safe_rule_where_spaces_fill_themselves_never_loses_a_won_game_pa_automatic() {
    // PA-AUTOMATIC's argument (`Play::safe_holds`) where empty columns fill by themselves:
    // from the same small positions, a plain search of the game with the safe rule and of
    // the same game with no card going up by itself find the same verdict. (A rule loosened
    // to send a column's last card up too was not caught by these positions: that
    // restriction rests on the written argument.)
    let cases = u64::from(felt_patience::testing::cases("FELT_ENGINE_SOLVER_CASES", 6));
    let storehouse = r#"
tableau.columns = 4
reserve.cards = 13
foundations = { base = 2, start = "bases", wrap = true }
build = { by = "suit", wrap = true }
move = "pile"
empty = "auto-reserve"
stock = { cards = 1, redeals = 2 }
"#;
    let games = [
        ("canfield", CANFIELD, 34),
        ("storehouse", storehouse, 38),
        ("fortunes-favor", FORTUNES_FAVOR, 44),
    ];
    let (mut compared, mut won, mut sent) = (0, 0, 0);
    for (name, text, left) in games {
        let safe = engine(text);
        assert!(safe.play().safe_proven, "{name}: the safe rule holds");
        let none = engine(&format!("{text}automatic = \"none\"\n"));
        for case in 1..=cases * 5 {
            let state = small_position(&safe, case * 7_919 + left as u64, left);
            let with = plain_wins(&safe, &state, 20_000);
            let without = plain_wins(&none, &state, 20_000);
            if let (Some(a), Some(b)) = (with, without) {
                assert_eq!(a, b, "{name} case {case}: safe rule {a}, none {b}");
                compared += 1;
                won += usize::from(a);
            }
            // How often the rule acted: a card up by itself after the first legal action.
            let mut legal = Vec::new();
            safe.legal_actions(&state, &mut legal);
            for a in &legal {
                let (mut x, mut y) = (state.clone(), state.clone());
                safe.apply(&mut x, a).expect("legal");
                none.apply(&mut y, a).expect("legal");
                sent += usize::from(x.foundations != y.foundations);
            }
        }
    }
    eprintln!("{compared} compared, {won} won, the rule acted in {sent}");
    assert!(compared > 20 && won > 0 && won < compared && sent > 0);
}

#[test]
fn the_moves_a_search_leaves_out_lead_back_to_the_table_itself() {
    // Rule 2: from a settled table, a search lists neither a cell's card moved into an empty
    // cell nor a whole column of face-up cards moved into an empty column, since each leads
    // to the table it left up to the order of the piles, whose key is that table's own. On
    // tables reached by random play (every one settled), each move left out must lead to a
    // table of the same key, and every move listed must be legal.
    use felt_engine::solver::search::Searcher;
    let games = [
        ("freecell", FREECELL),
        ("yukon", YUKON),
        ("penguin", PENGUIN),
        ("bakers-dozen", BAKERS_DOZEN),
    ];
    let mut left_out = 0;
    for (name, text) in games {
        let engine = engine(text);
        let play = engine.play();
        let searcher = Searcher::new(&engine);
        let (mut here, mut there) = (Vec::new(), Vec::new());
        for seed in 1..=30u64 {
            let mut rng = Lcg(seed);
            let mut state = engine.new_game(seed);
            for _ in 0..80 {
                let (mut all, mut listed) = (Vec::new(), Vec::new());
                play.legal_distinct(&state, &mut all);
                play.legal_distinct_settled(&state, &mut listed);
                assert!(listed.iter().all(|a| all.contains(a)), "{name} seed {seed}");
                searcher.key(&state, &mut here);
                for action in all.iter().filter(|a| !listed.contains(a)) {
                    let mut next = state.clone();
                    engine.apply(&mut next, action).expect("listed, so legal");
                    searcher.key(&next, &mut there);
                    assert_eq!(here, there, "{name} seed {seed}: {action} left out");
                    left_out += 1;
                }
                let mut legal = Vec::new();
                engine.legal_actions(&state, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let pick = legal[rng.below(legal.len() as u64) as usize].clone();
                engine.apply(&mut state, &pick).expect("legal");
            }
        }
    }
    // The check saw such moves: a cell's card to an empty cell comes up in FreeCell.
    assert!(left_out > 100, "{left_out} moves left out");
}
