//! The headless mode's unit tests: commands, limits, saves and random lines.

use super::*;
use felt_core::Event;
use proptest::prelude::*;

/// The built-in Spider with the variants these tests play, as the binary's catalog holds them.
fn spider_catalog() -> felt_core::Catalog {
    let mut catalog = felt_core::Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    catalog
        .add_scoring(
            felt_core::Origin::BuiltIn("classic.toml".to_string()),
            "classic",
            include_str!("../../../config/scoring/classic.toml"),
        )
        .expect("the built-in scoring table loads");
    for (name, text) in [
        (
            "spider-1suit.toml",
            include_str!("../../../config/variants/spider-1suit.toml"),
        ),
        (
            "spider-2suit.toml",
            include_str!("../../../config/variants/spider-2suit.toml"),
        ),
    ] {
        catalog
            .add_variant(felt_core::Origin::BuiltIn(name.to_string()), text)
            .expect("a built-in variant loads");
    }
    catalog
}

fn game() -> Headless {
    let catalog = spider_catalog();
    let ruleset = catalog
        .build("spider-2suit", Some("relaxed"))
        .expect("built-in variant");
    let code = catalog
        .code_for("spider-2suit", Some("relaxed"), 7)
        .expect("code");
    let label = code.to_string();
    Headless::new(Session::new(ruleset, code, 100), Seat::SOLO, label)
}

/// Lines that look like commands, with arguments that may or may not make sense.
fn command_line() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("move".to_string()),
        Just("deal".to_string()),
        Just("auto".to_string()),
        Just("undo".to_string()),
        Just("redo".to_string()),
        Just("play".to_string()),
        Just("choose".to_string()),
        "\\PC{0,8}",
    ];
    (
        word,
        proptest::collection::vec("[0-9]{1,3}|\\PC{0,4}", 0..4),
    )
        .prop_map(|(w, args)| format!("{w} {}", args.join(" ")))
}

#[test]
fn a_line_past_the_limit_is_refused_and_the_next_is_read() {
    let input = format!("move {}\nshow\nquit\n", "9".repeat(3 * MAX_LINE)).into_bytes();
    let mut out = Vec::new();
    run(&mut game(), &input[..], &mut out, Format::Text).expect("runs");
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.starts_with("error FELT-COMMAND: a line may hold at most 64 KB"),
        "{}",
        clip(&text, 200)
    );
    assert!(
        text.contains("\nok\n") || text.contains("code "),
        "the next line was read"
    );
    assert!(text.len() < 10_000, "{} bytes answered", text.len());
}

#[test]
fn an_argument_echoed_back_is_cut_and_its_escapes_dropped() {
    let mut game = game();
    let long = format!("move \u{1b}]0;x\u{7}{} 2", "a".repeat(100_000));
    let text = game.handle(&long).render(Format::Text);
    assert!(text.len() < 1_000, "{} bytes", text.len());
    assert!(!text.contains('\u{1b}'), "{text:?}");
}

#[test]
fn a_failed_save_is_a_warning_field_in_json_and_marks_the_game_unsaved() {
    let mut game = game();
    game.observe(Box::new(|_| Err("disk full".to_string())));
    let answer = game.handle("deal");
    assert!(answer.ok);
    let json = answer.render(Format::Json);
    assert!(
        json.contains("\"warning\":\"the game was not saved: disk full\""),
        "{json}"
    );
    assert!(game.unsaved());
    let text = answer.render(Format::Text);
    assert!(
        text.contains("warning: the game was not saved: disk full"),
        "{text}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    // Bad input never panics and a refused command never changes the game.
    #[test]
    fn any_line_gets_an_answer_and_a_refusal_changes_nothing(
        lines in proptest::collection::vec(prop_oneof![command_line(), "\\PC{0,30}"], 1..12)
    ) {
        let mut game = game();
        for line in &lines {
            let before = game.session().state().clone();
            let answer = game.handle(line);
            let text = answer.render(Format::Text);
            prop_assert!(text.starts_with("ok") || text.starts_with("error "), "{text}");
            if !answer.ok {
                prop_assert!(game.session().state() == &before, "refused '{line}' changed the game");
            }
        }
    }
}

/// A one-pile game whose only action is its own: `knock N` adds N knocks, up to 3.
struct Knock(felt_core::RulesetInfo);

impl felt_core::Ruleset for Knock {
    type State = i64;
    fn info(&self) -> &felt_core::RulesetInfo {
        &self.0
    }
    fn new_game(&self, _seed: u64) -> i64 {
        0
    }
    fn check(&self, state: &i64, action: &Action) -> Result<(), RuleViolation> {
        match action {
            Action::Extra { name, arg } if name == "knock" && state + arg <= 3 && *arg > 0 => {
                Ok(())
            }
            _ => Err(RuleViolation::new(
                "KN-KNOCK",
                "Knock once or twice, three in all",
            )),
        }
    }
    fn apply(&self, state: &mut i64, action: &Action) -> Result<Vec<Event>, RuleViolation> {
        self.check(state, action)?;
        if let Action::Extra { arg, .. } = action {
            *state += arg;
        }
        Ok(Vec::new())
    }
    fn legal_actions(&self, state: &i64, out: &mut Vec<Action>) {
        out.extend((1..=3 - state).map(|arg| Action::Extra {
            name: "knock".into(),
            arg,
        }));
    }
    fn view(&self, state: &i64, seat: Seat) -> TableView {
        TableView {
            seat,
            piles: Vec::new(),
            status: vec![felt_core::StatusItem {
                key: "knocks".into(),
                label: "Knocks".into(),
                value: state.to_string(),
            }],
            prompt: None,
            messages: Vec::new(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }
    fn status(&self, state: &i64) -> felt_core::Status {
        if *state == 3 {
            felt_core::Status::Won {
                winner: String::new(),
            }
        } else {
            felt_core::Status::Playing
        }
    }
    fn scoreboard(&self, state: &i64) -> felt_core::Scoreboard {
        felt_core::Scoreboard {
            score: None,
            moves: *state as u32,
        }
    }
}

fn knock() -> Headless {
    let info = felt_core::RulesetInfo {
        ruleset: "knock".into(),
        variant: "knock".into(),
        name: "Knock".into(),
        rules: "standard".into(),
        help: Vec::new(),
        seats: 1,
        hints: false,
        commands: None,
        extras: vec![felt_core::ExtraKey {
            name: "knock".into(),
            arg: 1,
            key: 'k',
            help: "knock once".into(),
        }],
    };
    let code = felt_core::GameCode::new("KN-1", 'S', 0).expect("code");
    let session = Session::new(felt_core::Typed::shared(Knock(info)), code, 10);
    Headless::new(session, Seat::SOLO, "KN-1".into())
}

#[test]
fn an_extra_action_typed_as_legal_prints_it_is_played() {
    let mut game = knock();
    let legal = game.handle("legal");
    assert_eq!(legal.lines, ["knock 1", "knock 2", "knock 3"]);
    // Each line `legal` printed is a command that plays that very action.
    let answer = game.handle(&legal.lines[1]);
    assert!(answer.ok, "{:?}", answer.message);
    assert_eq!(game.handle("legal").lines, ["knock 1"]);
    // The declared name alone sends its declared argument; a refusal names the rule.
    let refused = game.handle("knock 5");
    assert_eq!(refused.rule.as_deref(), Some("KN-KNOCK"));
    assert!(
        game.handle("KNOCK").ok,
        "the name is read as players type it"
    );
    assert!(game.handle("legal").lines.is_empty());
    assert!(!game.handle("knock x").ok);
    // A word no action bears is still an unknown command.
    let unknown = game.handle("tap 1");
    assert!(
        unknown
            .message
            .as_deref()
            .is_some_and(|m| m.starts_with("unknown command 'tap'")),
        "{:?}",
        unknown.message
    );
}

#[test]
fn auto_says_when_there_is_no_best_place_though_a_move_is_legal() {
    // SP-AUTOMOVE: 9♠ alone in column 1 may go to the empty column, never its best place.
    let catalog = spider_catalog();
    let ruleset = catalog
        .build("spider-1suit", None)
        .expect("built-in variant");
    let code = catalog.code_for("spider-1suit", None, 0).expect("code");
    let text = "Play0: 9S\nPlay1: |KS |QS |JS |TS 9S 8S 7S 6S 5S 4S 3S 2S AS\nPlay2:\nPlay3:\n\
        Play4:\nPlay5:\nPlay6:\nPlay7:\nPlay8:\n\
        Play9: |AS |2S |3S |4S |5S |6S |7S |8S |TS |JS |QS KS\n\
        Deal0:\nDeal1:\nDeal2:\nDeal3:\nDeal4:\nOff: KS KS KS KS KS KS\n";
    let state = ruleset.import_position(text).expect("position loads");
    let mut game = Headless::new(
        Session::from_state(ruleset, code, 10, state),
        Seat::SOLO,
        "position".into(),
    );
    let answer = game.handle("auto 1");
    assert_eq!(answer.rule.as_deref(), Some(COMMAND_RULE));
    let message = answer.message.unwrap_or_default();
    assert!(
        message.starts_with("no best place for pile 1; it may go to 3"),
        "{message}"
    );
    let answer = game.handle("auto 3");
    assert_eq!(answer.message.as_deref(), Some("no legal move from pile 3"));
}

#[test]
fn a_ruleset_s_cards_are_written_as_the_protocol_s_tokens() {
    // Rulesets write `10♣`, as the terminal's table draws it; the headless table writes `TC`.
    let answer = Answer::refused(felt_core::RuleViolation::new(
        "FC-BUILD",
        "10♣ goes only on a red Jack, not on 6♠",
    ));
    assert_eq!(
        answer.render(Format::Text),
        "error FC-BUILD: TC goes only on a red Jack, not on 6S\n\n"
    );
    assert!(answer
        .render(Format::Json)
        .contains("\"TC goes only on a red Jack, not on 6S\""));
}
