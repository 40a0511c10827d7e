//! The engine deals the layout its vocabulary describes, in the order felt's own crates deal:
//! the engine's Klondike and Scorpion lay out every deal exactly as the Klondike crate and the
//! template do, which is what lets their verdicts be compared later deal by deal; and the engine's
//! Scorpion and Klondike offer and play their crates' moves, step by step.

use felt_core::{Rank, RuleChoice, Ruleset, Setup, Variant};
use felt_engine::Game;

fn game(text: &str) -> Game {
    let table: toml::Table = text.parse().expect("TOML");
    Game::read(&table).unwrap_or_else(|e| panic!("{}", e.message))
}

const KLONDIKE: &str = r#"
tableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = 1 }
empty = "king"
stock = { cards = 1, redeals = "unlimited" }
"#;

const SCORPION: &str = r#"
tableau = { columns = 7, down = [3, 3, 3, 3, 0, 0, 0], up = [4, 4, 4, 4, 7, 7, 7] }
build.by = "suit"
move = { group = "any-face-up", by = "any" }
empty = "king"
stock = { deal = "columns" }
win = "sequences"
"#;

#[test]
fn the_engines_klondike_deals_what_the_klondike_crate_deals() {
    let engine = game(KLONDIKE);
    let crate_game = felt_klondike::Klondike::with_params(felt_klondike::Params::default(), None);
    for seed in 1..=200 {
        let ours = engine.deal(seed);
        let theirs = crate_game.deal(seed);
        assert_eq!(ours.columns.len(), theirs.columns.len());
        for (a, b) in ours.columns.iter().zip(&theirs.columns) {
            assert_eq!((&a.cards, a.down), (&b.cards, b.down), "seed {seed}");
        }
        assert_eq!(ours.stock, theirs.stock, "seed {seed}");
    }
}

/// The template's Scorpion, built from its own variant file.
pub(crate) fn template() -> template_scorpion::Game {
    let (_, text) = template_scorpion::VARIANTS[0];
    let variant: Variant = toml::from_str(text).expect("the template's variant");
    let rules = RuleChoice {
        id: "standard".into(),
        letter: 'S',
        name: "Standard".into(),
        description: String::new(),
    };
    template_scorpion::Game::new(Setup {
        variant: &variant,
        scoring: None,
        rules: &rules,
    })
    .expect("builds")
}

#[test]
fn the_engines_scorpion_deals_what_the_template_deals() {
    let engine = game(SCORPION);
    let template = template();
    for seed in 1..=200 {
        let ours = engine.deal(seed);
        let theirs = template.new_game(seed);
        for (a, b) in ours.columns.iter().zip(&theirs.columns) {
            assert_eq!((&a.cards, a.down), (&b.cards, b.down), "seed {seed}");
        }
        assert_eq!(ours.stock, theirs.stock, "seed {seed}");
    }
}

#[test]
fn every_card_is_dealt_once_and_the_foundations_start_as_told() {
    // Lucas: two packs, the eight Aces up before the deal, 13 columns of 3.
    let lucas = game(
        "decks = 2\ntableau = { columns = 13, up = 3 }\nfoundations.start = \"bases\"\nbuild.by = \"suit\"\nstock = {}\n",
    );
    let layout = lucas.deal(7);
    assert!(layout
        .foundations
        .iter()
        .all(|f| f.len() == 1 && f[0].rank() == Rank::ACE));
    let mut all: Vec<_> = layout
        .columns
        .iter()
        .flat_map(|c| c.cards.clone())
        .collect();
    all.extend(layout.foundations.iter().flatten());
    all.extend(&layout.stock);
    all.sort();
    let mut pack = lucas.deck().cards();
    pack.sort();
    assert_eq!(all, pack);
    assert_eq!(layout.stock.len(), 104 - 8 - 39);

    // Canfield: 13 in the reserve, then one card up whose rank is every foundation's base.
    let canfield = game(
        "tableau.columns = 4\nreserve.cards = 13\nfoundations = { base = \"first-dealt\", start = \"one-card\", wrap = true }\nstock = { cards = 3 }\n",
    );
    for seed in 1..=50 {
        let layout = canfield.deal(seed);
        assert_eq!(layout.reserve.len(), 1);
        assert_eq!(layout.reserve[0].len(), 13);
        assert_eq!(layout.foundations[0].len(), 1);
        assert_eq!(layout.base, layout.foundations[0][0].rank());
        assert_eq!(layout.stock.len(), 52 - 4 - 13 - 1);
    }
}

#[test]
fn bakers_dozen_puts_its_kings_at_the_bottom() {
    let bakers = game("tableau = { columns = 13, up = 4, kings_to_bottom = true }\nbuild.by = \"any\"\nempty = \"none\"\n");
    for seed in 1..=100 {
        for column in bakers.deal(seed).columns {
            let first_other = column.cards.iter().position(|c| c.rank() != Rank::KING);
            if let Some(at) = first_other {
                assert!(
                    column.cards[at..].iter().all(|c| c.rank() != Rank::KING),
                    "seed {seed}: a King above another card in {:?}",
                    column.cards
                );
            }
        }
    }
}

#[test]
fn the_engines_scorpion_plays_as_the_template_does_move_by_move() {
    use felt_core::{Action, PileId};
    use felt_engine::{Engine, Pile};
    let engine = Engine::for_game(game(SCORPION), None).expect("builds");
    let template = template();
    // The template's stock is pile 7; the engine's comes after its columns and foundations.
    let ours = |a: &Action| match *a {
        Action::Deal { .. } => Action::Deal {
            from: engine.id(Pile::Stock),
        },
        ref other => other.clone(),
    };
    let theirs = |a: &Action| match *a {
        Action::Deal { .. } => Action::Deal { from: PileId(7) },
        ref other => other.clone(),
    };
    for seed in 1..=60u64 {
        let mut a = engine.new_game(seed);
        let mut b = template.new_game(seed);
        for step in 0..120u64 {
            let (mut la, mut lb) = (Vec::new(), Vec::new());
            engine.legal_actions(&a, &mut la);
            template.legal_actions(&b, &mut lb);
            let mut la_mapped: Vec<String> = la.iter().map(|x| theirs(x).to_string()).collect();
            let mut lb_text: Vec<String> = lb.iter().map(|x| x.to_string()).collect();
            la_mapped.sort();
            lb_text.sort();
            assert_eq!(la_mapped, lb_text, "seed {seed} step {step}: legal actions");
            assert_eq!(
                engine.status(&a).word(),
                template.status(&b).word(),
                "seed {seed} step {step}"
            );
            if lb.is_empty() {
                break;
            }
            let pick = &lb[((seed * 31 + step * 7) as usize) % lb.len()];
            engine
                .apply(&mut a, &ours(pick))
                .expect("legal in the engine");
            template.apply(&mut b, pick).expect("legal in the template");
            for (x, y) in a.columns.iter().zip(&b.columns) {
                assert_eq!(
                    (&x.cards, x.down),
                    (&y.cards, y.down),
                    "seed {seed} step {step}"
                );
            }
        }
    }
}

#[test]
fn the_engines_klondike_offers_the_klondike_crates_moves_step_by_step() {
    // No card goes up by itself and none comes back, in both: the moves are then the rules'.
    klondike_in_step(
        "automatic = \"none\"\n",
        felt_klondike::Params {
            auto: false,
            foundation_return: false,
            ..felt_klondike::Params::default()
        },
    );
}

#[test]
fn the_engines_safe_rule_sends_up_what_the_klondike_crate_sends_up() {
    // PA-AUTOMATIC: the crate's automatic moves, with no card coming back off (under which
    // the engine's safe rule is proven), step by step.
    klondike_in_step(
        "",
        felt_klondike::Params {
            foundation_return: false,
            ..felt_klondike::Params::default()
        },
    );
}

/// The engine's Klondike, with `extra` settings, and the crate's with `params`, played side
/// by side: the same moves offered, the same tables after each.
fn klondike_in_step(extra: &str, params: felt_klondike::Params) {
    use felt_core::Action;
    use felt_engine::{Engine, Pile};
    use std::collections::BTreeSet;
    let text = format!("{KLONDIKE}foundations.back = false\nmove = \"sequence\"\n{extra}");
    let engine = Engine::for_game(game(&text), None).expect("builds");
    let krate = felt_klondike::Klondike::with_params(params, None);
    // Each move as "from index to", piles by kind; the foundations as one, since the crate
    // gives each suit its own and the engine lets an Ace start any empty one.
    let ours = |a: &Action| match *a {
        Action::Deal { .. } => "deal".to_string(),
        Action::Move { from, index, to } => {
            let kind = |id| match engine.play().ids.pile(id) {
                Some(Pile::Column(i)) => format!("c{i}"),
                Some(Pile::Waste) => "w".into(),
                Some(Pile::Foundation(_)) => "f".into(),
                other => format!("{other:?}"),
            };
            format!("{} {index} {}", kind(from), kind(to))
        }
        ref other => other.to_string(),
    };
    let theirs = |a: &Action| match *a {
        Action::Deal { .. } => "deal".to_string(),
        Action::Move { from, index, to } => {
            let kind = |id| match felt_klondike::Pile::of(id) {
                Some(felt_klondike::Pile::Column(i)) => format!("c{i}"),
                Some(felt_klondike::Pile::Waste) => "w".into(),
                Some(felt_klondike::Pile::Foundation(_)) => "f".into(),
                other => format!("{other:?}"),
            };
            format!("{} {index} {}", kind(from), kind(to))
        }
        ref other => other.to_string(),
    };
    for seed in 1..=100u64 {
        let mut a = engine.new_game(seed);
        let mut b = krate.new_game(seed);
        for step in 0..40u64 {
            let (mut la, mut lb) = (Vec::new(), Vec::new());
            engine.legal_actions(&a, &mut la);
            krate.legal_actions(&b, &mut lb);
            let sa: BTreeSet<String> = la.iter().map(ours).collect();
            let sb: BTreeSet<String> = lb.iter().map(theirs).collect();
            assert_eq!(sa, sb, "seed {seed} step {step}: legal moves");
            if lb.is_empty() {
                break;
            }
            let pick = &lb[((seed * 17 + step * 5) as usize) % lb.len()];
            let key = theirs(pick);
            let mine = la
                .iter()
                .find(|x| ours(x) == key)
                .expect("the same move")
                .clone();
            engine.apply(&mut a, &mine).expect("legal in the engine");
            krate.apply(&mut b, pick).expect("legal in the crate");
            for (x, y) in a.columns.iter().zip(&b.columns) {
                assert_eq!(
                    (&x.cards, x.down),
                    (&y.cards, y.down),
                    "seed {seed} step {step}"
                );
            }
            assert_eq!(a.waste, b.waste, "seed {seed} step {step}");
            let up: usize = a.foundations.iter().map(Vec::len).sum();
            assert_eq!(up, b.cards_up(), "seed {seed} step {step}: cards up");
        }
    }
}
