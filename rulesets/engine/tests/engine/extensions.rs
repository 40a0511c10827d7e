//! The vocabulary's extensions for the shipped games, each a key any game may use: cards going
//! up as they are dealt (`foundations.as_dealt`, Citadel).

use crate::support::*;

const CITADEL: &str = r#"
tableau = { columns = 8, up = 6 }
foundations = { start = "bases", as_dealt = true }
build.by = "any"
move = "supermove"
"#;

#[test]
fn as_dealt_sends_up_each_face_up_card_a_foundation_takes_leaving_its_place_empty() {
    let game = game(CITADEL);
    assert!(game.foundations.as_dealt);
    let mut more_than_aces = 0;
    for seed in 1..=50 {
        let layout = game.deal(seed);
        let mut all: Vec<_> = layout
            .columns
            .iter()
            .flat_map(|c| c.cards.clone())
            .collect();
        all.extend(layout.foundations.iter().flatten());
        all.extend(&layout.stock);
        all.sort();
        let mut pack = game.deck().cards();
        pack.sort();
        assert_eq!(all, pack, "seed {seed}: every card once");
        assert!(layout.stock.is_empty(), "seed {seed}");
        let up: usize = layout.foundations.iter().map(Vec::len).sum();
        let down: usize = layout.columns.iter().map(|c| c.cards.len()).sum();
        assert_eq!(up + down, 52, "seed {seed}");
        assert!(layout.columns.iter().all(|c| c.cards.len() <= 6));
        for pile in &layout.foundations {
            // Each foundation is its Ace and the cards of its suit that followed it in the deal.
            for (i, card) in pile.iter().enumerate() {
                assert_eq!(usize::from(card.rank().number()), i + 1, "seed {seed}");
                assert_eq!(card.suit(), pile[0].suit(), "seed {seed}");
            }
        }
        // Each slot of the deal takes one card whether it goes up or not, so the plain deal
        // of the same seed has every card in its slot: going through the slots in dealing
        // order, a card goes up exactly when its suit's foundation has the rank below it.
        let plain = game_without_as_dealt().deal(seed);
        let mut tops: Vec<(felt_core::Suit, u8)> =
            felt_core::Suit::ALL.iter().map(|&s| (s, 1)).collect();
        let mut kept = vec![Vec::new(); 8];
        for row in 0..6 {
            for (i, column) in plain.columns.iter().enumerate() {
                let card = column.cards[row];
                let top = tops
                    .iter_mut()
                    .find(|(s, _)| *s == card.suit())
                    .expect("suit");
                if card.rank().number() == top.1 + 1 {
                    top.1 += 1;
                } else {
                    kept[i].push(card);
                }
            }
        }
        for (i, column) in layout.columns.iter().enumerate() {
            assert_eq!(column.cards, kept[i], "seed {seed} column {i}");
        }
        if up > 4 {
            more_than_aces += 1;
        }
    }
    assert!(more_than_aces > 0, "no deal sent up more than the Aces");
}

fn game_without_as_dealt() -> felt_engine::Game {
    game(&CITADEL.replace(", as_dealt = true", ""))
}

#[test]
fn without_as_dealt_the_same_table_deals_full_columns() {
    let layout = game_without_as_dealt().deal(7);
    assert!(layout.columns.iter().all(|c| c.cards.len() == 6));
    assert!(layout.foundations.iter().all(|f| f.len() == 1));
}

#[test]
fn as_dealt_needs_a_fixed_base() {
    let table: toml::Table = r#"
tableau = { columns = 4 }
reserve.cards = 13
foundations = { base = "first-dealt", start = "one-card", as_dealt = true }
stock = {}
"#
    .parse()
    .expect("TOML");
    let error = felt_engine::Game::read(&table).expect_err("refused");
    assert_eq!(error.key.as_deref(), Some("game.foundations"));
    assert!(error.message.contains("as_dealt"), "{}", error.message);
}

#[test]
fn as_dealt_is_a_flag() {
    let table: toml::Table = "tableau.columns = 8\nfoundations.as_dealt = \"yes\"\nstock = {}"
        .parse()
        .expect("TOML");
    let error = felt_engine::Game::read(&table).expect_err("refused");
    assert_eq!(error.key.as_deref(), Some("game.foundations.as_dealt"));
}

#[test]
fn as_dealt_is_refused_where_the_foundations_take_no_single_cards() {
    for extra in ["remove = \"suit\"", "win = \"sequences\""] {
        let text = format!("{CITADEL}{extra}\n");
        let table: toml::Table = text.parse().expect("TOML");
        let error = felt_engine::Game::read(&table).expect_err("refused");
        assert_eq!(error.key.as_deref(), Some("game.foundations"), "{extra}");
        assert!(error.message.contains("as_dealt"), "{}", error.message);
    }
}

// PA-DEAL, PA-MOVE: `hidden = false` (Thoughtful) lays every card in view, the stock's in
// its order and the unturned cards too; an unturned card still does not move until it is
// turned, as in Klondike.
#[test]
fn nothing_hidden_shows_every_card_and_unturned_cards_still_wait_pa_deal() {
    use felt_core::{CardFace, PileRole, Ruleset, Seat};
    let thoughtful = crate::support::engine(
        "hidden = false\ntableau = { columns = 7, down = [0, 1, 2, 3, 4, 5, 6], up = 1 }\nmove = \"sequence\"\nstock = { cards = 3 }\n",
    );
    let state = thoughtful.new_game(5);
    let view = thoughtful.view(&state, Seat(0));
    let stock = view
        .piles
        .iter()
        .find(|p| p.role == PileRole::Stock)
        .expect("a stock");
    let shown: Vec<CardFace> = state.stock.iter().map(|&c| CardFace::Up(c)).collect();
    assert_eq!(stock.cards, shown);
    assert!(view
        .piles
        .iter()
        .all(|p| p.cards.iter().all(|c| *c != CardFace::Down)));
    // Column 7's first card is unturned: it may not be picked up.
    let seventh = thoughtful.id(felt_engine::Pile::Column(6));
    assert!(thoughtful.may_lift(&state, seventh, 0).is_err());
}

// PA-SCORE: under the shipped standard table a card to a foundation is worth 10, one brought
// from the waste to a column 5, one taken back down -15, and the score never goes below 0.
#[test]
fn the_standard_table_prices_the_engines_moves_pa_score() {
    use crate::support::{blank, cards, lay, mv};
    use felt_core::{Origin, Ruleset};
    use felt_engine::Pile;
    let (name, text) = felt_engine::variants::SCORING[0];
    let table = felt_core::variant::parse_score_table(&Origin::Plugin(name.into()), "std", text)
        .expect("the shipped table reads");
    let game = crate::support::game(&format!(
        "{}foundations.back = true\n",
        crate::support::KLONDIKE
    ));
    let engine = felt_engine::Engine::for_game(game, Some(table)).expect("builds");
    let mut state = blank(&engine);
    lay(&mut state, 0, "KS QH", 0);
    lay(&mut state, 1, "2S AH", 0);
    state.waste = cards("JS");
    state.stock = cards("2C 3C");
    state.foundations[0] = Vec::new();
    state.score = 0;
    let up = mv(&engine, Pile::Column(1), 1, Pile::Foundation(0));
    engine.apply(&mut state, &up).expect("the Ace goes up");
    assert_eq!(state.score, 10);
    let down = mv(&engine, Pile::Waste, 0, Pile::Column(0));
    engine.apply(&mut state, &down).expect("J♠ on Q♥");
    assert_eq!(state.score, 15);
    let back = mv(&engine, Pile::Foundation(0), 0, Pile::Column(1));
    engine
        .apply(&mut state, &back)
        .expect("the Ace comes back down onto 2♠");
    assert_eq!(state.score, 0);
}
