//! The solver in the terminal: `H` shows the best honest move with its source and target
//! marked, again for the next best; `w` turns on the live status, which says it peeks.

use crate::common::*;
use std::time::{Duration, Instant};

fn shot(app: &mut felt_tui::App) -> String {
    let mut term = screen(100, 30);
    draw(&mut term, app);
    text(&term)
}

fn note(app: &felt_tui::App) -> Option<String> {
    app.game().and_then(|g| g.note()).map(|n| n.text.clone())
}

/// The columns marked as targets: an accepting column's label is drawn as `[n]`.
fn marked_targets(screen: &str) -> Vec<String> {
    screen
        .split_whitespace()
        .filter(|w| {
            w.len() > 2
                && w.starts_with('[')
                && w.ends_with(']')
                && w[1..w.len() - 1].chars().all(|c| c.is_ascii_digit())
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn a_hint_marks_where_the_cards_go_and_asking_again_gives_the_next_best() {
    let mut app = playing("SP1-S4C-AAAAAAB");
    assert!(marked_targets(&shot(&mut app)).is_empty());
    keys(&mut app, "H");
    settle(&mut app);
    let first = note(&app).expect("a hint");
    assert!(first.starts_with("Hint: "), "{first}");
    let targets = marked_targets(&shot(&mut app));
    assert_eq!(targets.len(), 1, "one target marked: {targets:?}");
    keys(&mut app, "H");
    settle(&mut app);
    let second = note(&app).expect("a second hint");
    assert_ne!(first, second, "the second hint is the next best");
    // Moving on clears the marks: they belong to the hint just given.
    keys(&mut app, "j");
    assert!(marked_targets(&shot(&mut app)).is_empty());
}

/// The hint is searched on a background thread: the table answers keys meanwhile, and an
/// answer for a table that has since changed is never shown.
#[test]
fn a_hint_never_freezes_the_table_nor_lands_on_a_later_one() {
    let mut app = playing("SP1-S4C-AAAAAAB");
    keys(&mut app, "H");
    assert_eq!(note(&app).as_deref(), Some("Hint: thinking…"));
    // The cursor still moves while the search runs.
    let before = app.game().map(|g| g.cursor());
    keys(&mut app, "l");
    assert_ne!(
        app.game().map(|g| g.cursor()),
        before,
        "the table answers keys"
    );
    settle(&mut app);
    assert!(note(&app).is_some_and(|n| n.starts_with("Hint: ") && !n.contains("thinking")));
    // Asked, then a deal before the answer: the answer belongs to the old table.
    keys(&mut app, "Hd");
    settle(&mut app);
    let after = shot(&mut app);
    assert!(marked_targets(&after).is_empty(), "{after}");
    assert!(
        !note(&app).is_some_and(|n| n.starts_with("Hint: ")),
        "{:?}",
        note(&app)
    );
}

#[test]
fn the_live_status_is_off_by_default_and_says_that_it_peeks_when_on() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    assert!(!shot(&mut app).contains("solver"));
    keys(&mut app, "w");
    assert!(note(&app).is_some_and(|n| n.contains("peeks")));
    // The answer comes from a background thread; the terminal loop ticks until it arrives.
    let until = Instant::now() + Duration::from_secs(120);
    let mut screen = shot(&mut app);
    while !screen.contains("solver (peeks): winnable") && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        app.tick();
        screen = shot(&mut app);
    }
    assert!(screen.contains("solver (peeks): winnable"), "{screen}");
    // After a move the old answer is not shown for the new position.
    keys(&mut app, "d");
    let after = shot(&mut app);
    assert!(after.contains("solver (peeks): thinking…"), "{after}");
    keys(&mut app, "w");
    assert!(!shot(&mut app).contains("solver"));
}

/// A one-suit table with the stock dealt out where no card can ever move: Aces on eight
/// columns, Kings on two, every other card face down under the first column.
fn stuck_table() -> String {
    let tops = ["AS", "AS", "AS", "AS", "AS", "AS", "AS", "AS", "KS", "KS"];
    let mut hidden: Vec<String> = Vec::new();
    for _ in 0..8 {
        hidden.extend("23456789TJQK".chars().map(|r| format!("|{r}S")));
    }
    // Two Kings are on the table, so two fewer lie face down.
    for _ in 0..2 {
        let at = hidden.iter().position(|c| c == "|KS").expect("a King");
        hidden.remove(at);
    }
    let mut text = String::new();
    for (i, top) in tops.iter().enumerate() {
        let under = if i == 0 {
            hidden.join(" ")
        } else {
            String::new()
        };
        text.push_str(&format!("Play{i}: {under} {top}\n"));
    }
    for d in 0..5 {
        text.push_str(&format!("Deal{d}:\n"));
    }
    text.push_str("Off:\n");
    text
}

/// The app over `text` with the settings file saying `settings`.
fn with_settings(text: &str, settings: &str) -> (felt_tui::App, tempfile::TempDir) {
    app_through(text, settings, |ruleset| ruleset)
}

/// The app over `text` with the settings file saying `settings`, its ruleset passed through
/// `wrap` (a counting wrapper, or none).
fn app_through(
    text: &str,
    settings: &str,
    wrap: impl FnOnce(
        std::sync::Arc<dyn felt_core::DynRuleset>,
    ) -> std::sync::Arc<dyn felt_core::DynRuleset>,
) -> (felt_tui::App, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tui.toml");
    std::fs::write(&path, settings).expect("settings written");
    let catalog = catalog();
    let ruleset = catalog.build("spider-1suit", None).expect("variant builds");
    let code = catalog.code_for("spider-1suit", None, 0).expect("code");
    let state = ruleset.import_position(text).expect("the table loads");
    let start = felt_tui::Start::Session {
        session: felt_core::Session::from_state(wrap(ruleset), code, 100, state),
        undo_depth: 100,
        position: None,
    };
    let app = felt_tui::App::new(catalog, theme(), Some(path), Some(start), 7)
        .unwrap_or_else(|e| panic!("{e}"));
    (app, dir)
}

#[test]
fn the_dead_end_notice_is_an_option_and_says_when_no_move_can_help() {
    let (mut app, _dir) = with_settings(&stuck_table(), "stuck_notice = true\n");
    assert!(shot(&mut app).contains("Dead end: no move can turn up a card"));
    // Off (the default), the same table says nothing: the App's rules play on.
    let (mut app, _dir) = with_settings(&stuck_table(), "");
    assert!(!shot(&mut app).contains("Dead end"));
    // On, a table with a way out is not called stuck.
    let fresh = stuck_table()
        .replace("Play9:  KS", "Play9:  2S")
        .replacen("|2S", "|KS", 1);
    let (mut app, _dir) = with_settings(&fresh, "stuck_notice = true\n");
    assert!(!shot(&mut app).contains("Dead end"));
}

/// A ruleset that counts the dead-end checks it is asked for, and otherwise is `inner`.
struct Counting {
    inner: std::sync::Arc<dyn felt_core::DynRuleset>,
    dead_end_checks: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    statuses: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// Hint searches held until they were cancelled, then counted (when `hold_hints`).
    cancelled_hints: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// Whether a hint's search waits for its cancel instead of answering: one that never ends
    /// by itself, as a plugin's hung search.
    hold_hints: bool,
}

impl felt_core::DynRuleset for Counting {
    fn info(&self) -> &felt_core::RulesetInfo {
        self.inner.info()
    }
    fn new_game(&self, seed: u64) -> felt_core::GameState {
        self.inner.new_game(seed)
    }
    fn check(
        &self,
        state: &felt_core::GameState,
        action: &felt_core::Action,
    ) -> Result<(), felt_core::RuleViolation> {
        self.inner.check(state, action)
    }
    fn apply(
        &self,
        state: &mut felt_core::GameState,
        action: &felt_core::Action,
    ) -> Result<Vec<felt_core::Event>, felt_core::RuleViolation> {
        self.inner.apply(state, action)
    }
    fn legal_actions(&self, state: &felt_core::GameState) -> Vec<felt_core::Action> {
        self.inner.legal_actions(state)
    }
    fn places(
        &self,
        state: &felt_core::GameState,
        from: felt_core::PileId,
        index: u16,
    ) -> felt_core::Places {
        self.inner.places(state, from, index)
    }
    fn view(&self, state: &felt_core::GameState, seat: felt_core::Seat) -> felt_core::TableView {
        self.inner.view(state, seat)
    }
    fn status(&self, state: &felt_core::GameState) -> felt_core::Status {
        self.statuses
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.inner.status(state)
    }
    fn scoreboard(&self, state: &felt_core::GameState) -> felt_core::Scoreboard {
        self.inner.scoreboard(state)
    }
    fn analyze_until(
        &self,
        state: &felt_core::GameState,
        request: &felt_core::AnalyzeRequest,
        cancel: &felt_core::Cancel,
    ) -> Option<felt_core::Analysis> {
        if *request == felt_core::AnalyzeRequest::DeadEnd {
            self.dead_end_checks
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        if self.hold_hints && matches!(request, felt_core::AnalyzeRequest::Hint { .. }) {
            // A safeguard only: a test whose cancel never comes fails on the count.
            let deadline = Instant::now() + Duration::from_secs(60);
            while !cancel.is_cancelled() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(2));
            }
            if cancel.is_cancelled() {
                self.cancelled_hints
                    .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            return Some(felt_core::Analysis::undecided(
                felt_core::Stopped::Cancelled,
            ));
        }
        self.inner.analyze_until(state, request, cancel)
    }
    fn encode_state(&self, state: &felt_core::GameState) -> Vec<u8> {
        self.inner.encode_state(state)
    }
    fn decode_state(&self, bytes: &[u8]) -> Result<felt_core::GameState, felt_core::StateError> {
        self.inner.decode_state(bytes)
    }
    fn import_position(&self, text: &str) -> Result<felt_core::GameState, String> {
        self.inner.import_position(text)
    }
    fn export_position(&self, state: &felt_core::GameState) -> Option<String> {
        self.inner.export_position(state)
    }
}

/// What a [`Counting`] ruleset counted.
struct Counted {
    dead_end_checks: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    statuses: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    cancelled_hints: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

/// The app on a stuck one-suit table whose column 10 holds K Q (the Queen may go onto the King
/// of column 9, and back), through a [`Counting`] ruleset, with the settings file `settings`.
fn counting_app(settings: &str) -> (felt_tui::App, Counted, tempfile::TempDir) {
    counting_app_holding(settings, false)
}

/// [`counting_app`], whose hint searches wait for their cancel when `hold_hints`.
fn counting_app_holding(
    settings: &str,
    hold_hints: bool,
) -> (felt_tui::App, Counted, tempfile::TempDir) {
    let text = stuck_table()
        .replace("Play9:  KS", "Play9:  KS QS")
        .replacen(" |QS", "", 1);
    let counted = Counted {
        dead_end_checks: Default::default(),
        statuses: Default::default(),
        cancelled_hints: Default::default(),
    };
    let (dead_end_checks, statuses) = (counted.dead_end_checks.clone(), counted.statuses.clone());
    let cancelled_hints = counted.cancelled_hints.clone();
    let (app, dir) = app_through(&text, settings, |inner| {
        std::sync::Arc::new(Counting {
            inner,
            dead_end_checks,
            statuses,
            cancelled_hints,
            hold_hints,
        })
    });
    (app, counted, dir)
}

/// Once the notice has proven a dead end, the moves still possible (here a Queen going from
/// one King to the other and back) keep the notice without a new search; undo asks again.
#[test]
fn a_dead_end_stays_one_after_a_move_without_searching_again() {
    use std::sync::atomic::Ordering;
    let (mut app, counted, _dir) = counting_app("stuck_notice = true\n");
    let checks = counted.dead_end_checks;
    assert!(shot(&mut app).contains("Dead end"));
    let asked = checks.load(Ordering::SeqCst);
    assert!(asked >= 1);
    // The Queen onto column 9's King, then back (keys 0 and 9 pick columns 10 and 9): both
    // legal, both still stuck.
    for (step, moves) in ["09", "90"].into_iter().enumerate() {
        keys(&mut app, moves);
        let shown = shot(&mut app);
        assert!(shown.contains("Dead end"), "after move {step}:\n{shown}");
    }
    let text_after = shot(&mut app);
    assert!(
        text_after.contains("QS") || text_after.contains("Q♠"),
        "{text_after}"
    );
    assert_eq!(
        checks.load(Ordering::SeqCst),
        asked,
        "no new search after a move"
    );
    keys(&mut app, "u");
    assert!(note(&app).is_some_and(|n| n.starts_with("Dead end")));
    assert_eq!(checks.load(Ordering::SeqCst), asked + 1, "undo asks again");
}

/// A hint dropped because the table changed stops its search (issue 31): the search, which
/// never ends by itself, sees its cancel, and the table played on meanwhile.
#[test]
fn a_hint_dropped_by_a_move_stops_its_search() {
    use std::sync::atomic::Ordering;
    let (mut app, counted, _dir) = counting_app_holding("", true);
    keys(&mut app, "H");
    assert_eq!(note(&app).as_deref(), Some("Hint: thinking…"));
    // The Queen onto column 9's King: the table changes, and the hint is no longer wanted.
    keys(&mut app, "09");
    assert!(shot(&mut app).contains("Moves 1"));
    // A safeguard only: the search sees its cancel within a poll of its own.
    let deadline = Instant::now() + Duration::from_secs(60);
    while counted.cancelled_hints.load(Ordering::SeqCst) == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(counted.cancelled_hints.load(Ordering::SeqCst), 1);
    assert_ne!(note(&app).as_deref(), Some("Hint: thinking…"));
}

/// A ruleset's status may search (SITE-DEADEND proves dead ends inside it), so the session
/// works it out once for each change of the table, however often the terminal asks.
#[test]
fn the_status_is_worked_out_once_a_move() {
    use std::sync::atomic::Ordering;
    let (mut app, counted, _dir) = counting_app("");
    let statuses = counted.statuses;
    shot(&mut app);
    let before = statuses.load(Ordering::SeqCst);
    // The Queen onto column 9's King, then undo: two changes of the table.
    keys(&mut app, "09");
    shot(&mut app);
    keys(&mut app, "u");
    shot(&mut app);
    assert_eq!(statuses.load(Ordering::SeqCst) - before, 2);
}

/// Cards face down anywhere on the table, the stock's included: a turned card or a deal
/// lowers the count, and only those end a plan.
fn face_down(app: &felt_tui::App) -> usize {
    app.game().map_or(0, |g| {
        g.view()
            .piles
            .iter()
            .flat_map(|p| &p.cards)
            .filter(|c| c.card().is_none())
            .count()
    })
}

/// A hint followed is a plan going on: until a card turns or a deal is made, the next `H`
/// answers at once, from the plan, with no search on a background thread; after one, the
/// advisor plans afresh.
#[test]
fn a_followed_hint_goes_on_at_once_until_a_card_turns() {
    let mut app = playing("SP1-S1C-AAAAAAD");
    let mut at_once = 0;
    let mut plan_over = true;
    for step in 0..25 {
        keys(&mut app, "H");
        let searched = app.game().is_some_and(|g| g.hint_pending());
        settle(&mut app);
        let hint = note(&app).expect("a hint");
        let down = face_down(&app);
        let before = app.game().map_or(0, |g| g.session().log().len());
        if step > 0 {
            assert_eq!(searched, plan_over, "step {step}: {hint}");
        }
        at_once += usize::from(!searched);
        // "Hint: 10♠ from 9 to 5": the source is under the cursor; pick it up, drop on the
        // target. "Hint: deal from stock": deal.
        match hint.rsplit(' ').next().and_then(|n| n.parse::<u8>().ok()) {
            Some(to) => keys(&mut app, &format!("⏎{}", to % 10)),
            None => keys(&mut app, "d"),
        }
        assert_eq!(
            app.game().map_or(0, |g| g.session().log().len()),
            before + 1,
            "step {step}: {hint} was played"
        );
        plan_over = face_down(&app) < down;
    }
    assert!(at_once > 0, "some hints came from a plan");
}
