//! Spades at the one renderer, at 80×24 and 120×40 (insta snapshots): a full hand with every
//! card readable, the bid prompt whole and starting on a sensible bid, a completed trick kept
//! on the table until a key or a pause, the score sheet at the end of a hand; the keys are the
//! ones the ruleset offers, and a refused undo says why.
//!
//! A test binary of its own, not a module of `tui/`: every plugin ruleset crate exports the
//! plugin entry point (`felt_plugin_entry`, from `export_ruleset!`), so one binary can link
//! only one of them, and the `tui` suite links FreeCell's.

#[path = "tui/common/mod.rs"]
mod common;
mod spades_support;

use common::{draw, keys, screen, text, theme};
use felt_core::{Action, DynRuleset, PileId, Seat};
use felt_tui::game::Overlay;
use felt_tui::{App, Start};
use spades_support::*;
use std::sync::Arc;

#[test]
fn a_full_hand_and_the_bid_at_80x24() {
    let mut app = app(seed_bidding_after_others(1));
    let shown = shot(&mut app, 80, 24);
    check_full_table(&shown, &app);
    insta::assert_snapshot!(shown);
}

#[test]
fn a_full_hand_and_the_bid_at_120x40() {
    let mut app = app(seed_bidding_after_others(1));
    let shown = shot(&mut app, 120, 40);
    check_full_table(&shown, &app);
    insta::assert_snapshot!(shown);
}

#[test]
fn enter_bids_the_highlighted_estimate_and_nil_asks_first() {
    let mut app = app(seed_bidding_after_others(1));
    keys(&mut app, "←←←←←←←←←←←←←⏎");
    let game = app.game().expect("playing");
    assert!(game.session().log().is_empty(), "Nil is not bid at once");
    assert!(matches!(game.overlay(), Some(Overlay::Confirm(_))));
    assert!(shot(&mut app, 80, 24).contains("Bid Nil"));
    keys(&mut app, "n");
    assert!(app.game().expect("playing").session().log().is_empty());
    keys(&mut app, "→⏎");
    let log = app.game().expect("playing").session().log().to_vec();
    assert_eq!(log, vec![Action::Choose { option: 1 }]);
}

#[test]
fn a_completed_trick_stays_until_a_key_at_80x24() {
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, holding_a_trick);
    let shown = shot(&mut app, 80, 24);
    assert!(shown.contains("the trick with"), "{shown}");
    assert!(shown.contains("any key goes on"), "{shown}");
    assert!(shown.contains(" won"), "the winner is marked: {shown}");
    insta::assert_snapshot!(shown);
    let log = app.game().expect("playing").session().log().len();
    keys(&mut app, "a");
    let game = app.game().expect("playing");
    assert!(game.moment().is_none(), "a key goes on");
    assert_eq!(game.session().log().len(), log, "and plays nothing");
}

#[test]
fn the_trick_places_are_named_by_their_seats_never_by_their_ids_at_80x24() {
    // A trick South won says "South won" beside South's card, which is too long for its place
    // at 80 columns: the seat is named ("South"), never the pile's id ("trick-S"); issue 30.
    let mut app = app(seed_bidding_after_others(1));
    let mut seen = None;
    for _ in 0..2_000 {
        let shown = shot(&mut app, 80, 24);
        assert!(!shown.contains("trick-"), "{shown}");
        let south_won = app.game().is_some_and(|g| {
            g.view()
                .piles
                .iter()
                .any(|p| p.note.as_deref() == Some("South won"))
        });
        if south_won {
            seen = Some(shown);
            break;
        }
        let key = next_key(&app);
        keys(&mut app, key);
    }
    let shown = seen.expect("South wins a trick");
    insta::assert_snapshot!(shown);
}

#[test]
fn a_completed_trick_at_120x40_goes_on_after_a_pause() {
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, holding_a_trick);
    insta::assert_snapshot!(shot(&mut app, 120, 40));
    for _ in 0..=felt_tui::game::PAUSE_TICKS {
        app.tick();
    }
    assert!(app.game().expect("playing").moment().is_none());
}

#[test]
fn the_last_trick_is_shown_by_its_key() {
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, holding_a_trick);
    keys(&mut app, "⎋t");
    let shown = shot(&mut app, 80, 24);
    assert!(shown.contains("Last trick"), "{shown}");
    assert!(shown.contains("Trick 1 of 13, led by"), "{shown}");
    assert!(shown.contains("← won it"), "{shown}");
}

fn sheet_open(app: &App) -> bool {
    app.game()
        .is_some_and(|g| matches!(g.overlay(), Some(Overlay::Sheet { key: 's', .. })))
}

fn check_sheet(shown: &str) {
    for word in [
        "Score sheet",
        "Hand 1",
        "North–South",
        "East–West",
        "bids",
        "took",
        "Nil",
        "points",
        "bags",
        "penalty",
        "total",
        "game to 500",
    ] {
        assert!(shown.contains(word), "{word} in\n{shown}");
    }
}

#[test]
fn the_score_sheet_opens_at_the_end_of_a_hand_at_80x24() {
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, sheet_open);
    let shown = shot(&mut app, 80, 24);
    check_sheet(&shown);
    insta::assert_snapshot!(shown);
    // Closed, it opens again with its key; Enter then deals the next hand.
    keys(&mut app, "⎋");
    assert!(!sheet_open(&app));
    keys(&mut app, "s");
    assert!(sheet_open(&app));
}

#[test]
fn the_score_sheet_at_120x40() {
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, sheet_open);
    let shown = shot(&mut app, 120, 40);
    check_sheet(&shown);
    insta::assert_snapshot!(shown);
}

#[test]
fn the_keys_are_the_ones_spades_offers() {
    let mut app = app(seed_bidding_after_others(1));
    keys(&mut app, "?");
    let help = shot(&mut app, 80, 70);
    assert!(!help.contains("deal from the stock"), "{help}");
    assert!(!help.contains("live status"), "{help}");
    assert!(!help.contains("pick up or drop on that column"), "{help}");
    // A card table has hands and places, not piles and columns (issue 30).
    for word in ["pile", "column", "g then a digit", "release on"] {
        assert!(!help.contains(word), "{word}: {help}");
    }
    assert!(help.contains("the score sheet"), "{help}");
    assert!(help.contains("How to play here"), "{help}");
    keys(&mut app, "⎋d");
    assert!(shot(&mut app, 80, 24).contains("d does nothing in Spades"));
    keys(&mut app, "w");
    assert!(shot(&mut app, 80, 24).contains("w does nothing in Spades"));
}

#[test]
fn the_help_speaks_of_cards_and_hands_at_80x24_and_120x40() {
    let mut app = app(seed_bidding_after_others(1));
    keys(&mut app, "?");
    for (w, h) in [(80, 24), (120, 40)] {
        let help = shot(&mut app, w, h);
        assert!(help.contains("Help: Spades"), "{help}");
        assert!(!help.contains("pile"), "{help}");
        if w == 80 {
            insta::assert_snapshot!("help_80x24", help);
        } else {
            insta::assert_snapshot!("help_120x40", help);
        }
    }
}

#[test]
fn a_refused_undo_says_why() {
    // SPD-UNDO: once another seat has acted, South's bid stands.
    let mut app = app(seed_bidding_after_others(1));
    keys(&mut app, "⏎");
    let log = app.game().expect("playing").session().log().len();
    keys(&mut app, "u");
    let shown = shot(&mut app, 80, 24);
    assert!(
        shown.contains("since: nothing can be taken back"),
        "{shown}"
    );
    assert_eq!(app.game().expect("playing").session().log().len(), log);
}

#[test]
fn the_end_of_the_game_names_the_winner_and_the_final_scores() {
    // SPD-GAME: the score sheet of the last hand first, then the finish screen.
    let mut app = app_of("spades-short", 3);
    let over = |app: &App| {
        app.game()
            .is_some_and(|g| g.session().status() != felt_core::Status::Playing)
    };
    play_until(&mut app, over);
    assert!(sheet_open(&app), "the last hand's score sheet opens first");
    let sheet = shot(&mut app, 80, 24);
    assert!(sheet.contains("win the game"), "{sheet}");
    keys(&mut app, "⎋");
    let game = app.game().expect("playing");
    assert!(matches!(game.overlay(), Some(Overlay::Finish)));
    let shown = shot(&mut app, 80, 24);
    assert!(
        shown.contains("North–South won!") || shown.contains("East–West won the game"),
        "{shown}"
    );
    assert!(shown.contains("Score NS"), "{shown}");
    // A finished game stays finished (SPD-UNDO).
    keys(&mut app, "u");
    assert!(shot(&mut app, 80, 24).contains("game is over"));
}

#[test]
fn a_replay_steps_a_trick_card_by_card() {
    // Each seat's card is a step of its own, though one action of South's carries them all.
    let ruleset: Arc<dyn DynRuleset> = catalog().build("spades-test", None).expect("builds");
    let code = catalog()
        .code_for("spades-test", None, seed_bidding_after_others(1))
        .expect("code");
    let mut session = felt_core::Session::new(ruleset, code.clone(), 10);
    let mut frames = vec![felt_tui::ReplayFrame {
        view: session.view(Seat(0)),
        action: None,
        status: session.status(),
    }];
    for _ in 0..6 {
        let action = session.legal_actions().into_iter().next().expect("a move");
        session.act(&action).expect("legal");
        frames.push(felt_tui::ReplayFrame {
            view: session.view(Seat(0)),
            action: Some(action),
            status: session.status(),
        });
    }
    let tape = felt_tui::ReplayTape {
        title: "Replay".into(),
        code: code.to_string(),
        frames: Box::new(frames),
    };
    let mut app = App::new(catalog(), theme(), None, Some(Start::Replay(tape)), 7)
        .unwrap_or_else(|e| panic!("{e}"));
    let last = app.replay().map(|r| r.last()).expect("replaying");
    assert_eq!(last, 6);
    // Right goes a table at a time: through each step's cards, then to the next step.
    let mut said = Vec::new();
    while said.len() < 200 {
        keys(&mut app, "→");
        let shown = shot(&mut app, 80, 24);
        let line = shown
            .lines()
            .find(|l| l.contains("Step "))
            .unwrap_or_default()
            .to_string();
        if said.last() == Some(&line) {
            break;
        }
        said.push(line);
    }
    assert!(
        said.len() > 6,
        "the computer seats' cards are steps too: {said:#?}"
    );
    assert_eq!(app.replay().map(|r| r.step()), Some(6));
    for seat in ["West plays", "North plays", "East plays"] {
        assert!(said.iter().any(|l| l.contains(seat)), "{seat} in {said:#?}");
    }
    assert!(
        said.iter().any(|l| l.contains("the trick with")),
        "{said:#?}"
    );
}

/// South is to play a card and holds one that may not be played now (it does not follow suit).
fn south_holds_an_unplayable_card(app: &App) -> bool {
    let Some(game) = app.game() else {
        return false;
    };
    if game.moment().is_some() || game.overlay().is_some() || game.view().prompt.is_some() {
        return false;
    }
    let held = game.view().pile(PileId(0)).map_or(0, |p| p.cards.len());
    let playable = game
        .session()
        .legal_actions()
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Move {
                    from: PileId(0),
                    ..
                }
            )
        })
        .count();
    playable > 0 && playable < held
}

#[test]
fn a_card_that_may_not_be_played_is_refused_when_picked_up() {
    // SPD-FOLLOW and its kin: the refusal comes as the card is picked up, with its rule.
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, south_holds_an_unplayable_card);
    let playable: Vec<u16> = app
        .game()
        .expect("playing")
        .session()
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Move {
                from: PileId(0),
                index,
                ..
            } => Some(*index),
            _ => None,
        })
        .collect();
    let held = south_cards(&app).len() as u16;
    let unplayable = (0..held)
        .find(|i| !playable.contains(i))
        .expect("an unplayable card");
    for _ in 0..held {
        let at = app.game().expect("playing").cursor().1;
        if at == unplayable {
            break;
        }
        keys(&mut app, if at < unplayable { "→" } else { "←" });
    }
    assert_eq!(app.game().expect("playing").cursor().1, unplayable);
    keys(&mut app, "⏎");
    let game = app.game().expect("playing");
    assert!(game.carry().is_none(), "nothing is carried");
    let note = game.note().map(|n| n.text.clone()).unwrap_or_default();
    assert!(note.contains("· SPD-"), "{note}");
}

/// An observer that keeps no games and answers the statistics it was given.
struct Kept(Vec<felt_tui::VariantStats>);

impl felt_tui::Observer for Kept {
    fn changed(&mut self, _: &felt_core::Session, _: bool) -> Result<(), String> {
        Ok(())
    }
    fn statistics(&mut self) -> Result<Vec<felt_tui::VariantStats>, String> {
        Ok(self.0.clone())
    }
}

#[test]
fn the_statistics_screen_shows_what_spades_keeps_about_its_games() {
    // The facts are the ruleset's own (their labels and summaries), the figures 12 games'
    // worth: SPD-MAKE (bids made), SPD-NILSCORE (Nils), SPD-BAGS (bags).
    let figures = [(7, 12), (2_905, 96), (61, 88), (9, 1), (6, 9), (170, 96)];
    let facts = felt_spades::facts::facts(&felt_spades::State::new(1))
        .into_iter()
        .zip(figures)
        .map(|(f, (total, out_of))| felt_core::FactSummary {
            key: f.key,
            label: f.label,
            summary: f.summary,
            games: 12,
            total,
            out_of,
            nonzero: 12,
        })
        .collect();
    let stats = felt_tui::VariantStats {
        variant: "spades-test".into(),
        played: 13,
        won: 7,
        lost: 5,
        win_rate: Some(7.0 / 12.0),
        current_win_streak: 2,
        longest_win_streak: 3,
        longest_loss_streak: 2,
        best_score: Some(561),
        fewest_moves_won: Some(95),
        average_moves_won: Some(130.0),
        facts,
        recent: (0..12)
            .map(|i| felt_tui::RecentGame {
                outcome: if i % 3 == 1 {
                    felt_tui::Outcome::Lost
                } else {
                    felt_tui::Outcome::Won
                },
                moves: 100 + i * 7,
                score: None,
                played: None,
            })
            .collect(),
        ..felt_tui::VariantStats::default()
    };
    let mut app = App::new(catalog(), theme(), None, None, 7).unwrap_or_else(|e| panic!("{e}"));
    app.set_observer(Box::new(Kept(vec![stats])));
    keys(&mut app, "s");
    let text = shot(&mut app, 80, 30);
    assert!(
        text.contains("Bids made                 69.3% (61 of 88)"),
        "{text}"
    );
    assert!(!text.contains("Fewest moves"), "{text}");
    insta::assert_snapshot!(text);
}

/// The first cell of South's `index`-th card on a `w`×`h` screen.
fn south_card_cell(app: &App, index: u16, w: u16, h: u16) -> (u16, u16) {
    let game = app.game().expect("a game is on");
    // The table is the screen less the status bar and the message line.
    let area = ratatui::layout::Rect::new(0, 0, w, h - 2);
    let layout = felt_tui::layout::layout(game.view(), area).expect("fits");
    let geom = layout.pile(PileId(0)).expect("South's hand drawn");
    let place = geom
        .cards
        .iter()
        .find(|p| p.first <= index && index < p.first + p.count)
        .expect("card drawn");
    (place.rect.x, place.rect.y)
}

#[test]
fn the_cards_south_may_not_play_are_greyed_at_80x24_and_120x40() {
    // SPD-FOLLOW: while South must follow suit, the cards that do not are drawn greyed, the
    // others in their own colours; the legal actions say which is which.
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, south_holds_an_unplayable_card);
    let game = app.game().expect("playing");
    let hand = game.view().pile(PileId(0)).expect("hand").cards.clone();
    let legal = game.session().legal_actions();
    let plays = |i: u16| {
        legal
            .iter()
            .any(|a| matches!(a, Action::Move { from: PileId(0), index, .. } if *index == i))
    };
    let theme = common::theme();
    for (w, h) in [(80, 24), (120, 40)] {
        let mut term = screen(w, h);
        draw(&mut term, &mut app);
        let buf = term.backend().buffer().clone();
        for (i, face) in hand.iter().enumerate() {
            let i = i as u16;
            let card = face.card().expect("South sees its cards");
            let (x, y) = south_card_cell(&app, i, w, h);
            let style = buf[(x, y)].style();
            let want = if plays(i) {
                theme.face(card)
            } else {
                theme.unplayable()
            };
            assert_eq!(
                (style.fg, style.bg),
                (want.fg, want.bg),
                "card {i} ({card:?}, playable: {}) at {w}×{h}",
                plays(i)
            );
        }
        let shown = text(&term);
        if w == 80 {
            insta::assert_snapshot!("greyed_80x24", shown);
        } else {
            insta::assert_snapshot!("greyed_120x40", shown);
        }
    }
}

/// Where a word starts on the screen: its line and column (in characters).
fn find_word(shown: &str, word: &str, from_line: usize) -> Option<(usize, usize)> {
    shown
        .lines()
        .enumerate()
        .skip(from_line)
        .find_map(|(y, l)| l.find(word).map(|at| (y, l[..at].chars().count())))
}

#[test]
fn the_trick_lies_around_the_table_at_80x24_and_120x40() {
    // North's card above the middle, West's to the left, East's to the right, South's
    // below: each place is labelled by its seat under the hands' row.
    let mut app = app(seed_bidding_after_others(1));
    play_until(&mut app, holding_a_trick);
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        // The hands' row comes first; the trick's labels follow it.
        let (hands, _) = find_word(&shown, "North ·", 0).expect("North's hand");
        let (ny, nx) = find_word(&shown, "North", hands + 1).expect("North's place");
        let (wy, wx) = find_word(&shown, "West", hands + 1).expect("West's place");
        let (ey, ex) = find_word(&shown, "East", hands + 1).expect("East's place");
        let (sy, sx) = find_word(&shown, "South", hands + 1).expect("South's place");
        assert!(ny < wy && wy == ey && ey < sy, "rows at {w}×{h}:\n{shown}");
        assert!(
            wx < nx && nx < ex && wx < sx && sx < ex,
            "columns at {w}×{h}:\n{shown}"
        );
        assert!(!shown.contains("trick-"), "{shown}");
    }
}

#[test]
fn news_too_long_for_80_columns_wraps_and_is_never_cut() {
    // A step in which three seats play and one wins the trick says more than 80 columns
    // hold: it takes a second line, or leaves its oldest pieces out whole.
    let mut app = app(seed_bidding_after_others(1));
    // The pieces of news the message line has to say: the note of the last step, or the
    // table's messages.
    let news = |a: &App| -> Vec<String> {
        a.game().map_or_else(Vec::new, |g| match g.note() {
            Some(n) if !n.error => n.text.split(" · ").map(String::from).collect(),
            Some(_) => Vec::new(),
            None => g.view().messages.clone(),
        })
    };
    let long = |a: &App| {
        a.game()
            .is_some_and(|g| g.moment().is_none() && g.overlay().is_none())
            && news(a).join(" · ").chars().count() > 78
    };
    play_until(&mut app, long);
    let messages = news(&app);
    let shown = shot(&mut app, 80, 24);
    let lines: Vec<&str> = shown.lines().collect();
    let tail = format!("{} {}", lines[lines.len() - 2], lines[lines.len() - 1]);
    let tail = tail.split_whitespace().collect::<Vec<_>>().join(" ");
    let newest = messages.last().expect("news");
    assert!(
        tail.contains(newest.as_str()),
        "{newest} whole in:\n{shown}"
    );
    for m in &messages {
        let first = m.split_whitespace().next().unwrap_or_default();
        let shown_whole = tail.contains(m.as_str());
        let left_out = !tail.contains(m.as_str()) && !tail.ends_with(first);
        assert!(shown_whole || left_out, "{m} cut in:\n{shown}");
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn the_help_says_the_keys_in_a_card_tables_words() {
    // No columns, no pile keys: the help speaks of cards and where they go, not of piles.
    let mut app = app(seed_bidding_after_others(1));
    keys(&mut app, "?");
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = shot(&mut app, w, h);
        for patience in [
            "the pile on the left",
            "g then a digit",
            "release on a pile",
        ] {
            assert!(!shown.contains(patience), "{patience} at {w}×{h}:\n{shown}");
        }
        assert!(shown.contains("play the card"), "{shown}");
    }
}
