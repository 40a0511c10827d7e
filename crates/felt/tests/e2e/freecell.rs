//! End to end: FreeCell through the real binary and the real plugin, loaded from the data
//! folder as a player's would be. The cases of issue 28: a refusal names the rule the move
//! broke, about the cards on the move; another suit's foundation refuses a card; a deal number
//! plays that deal or is refused; and `felt solve`'s batch figures read alike.

use crate::common::{data_dir_with, run_in, Game};
use std::path::Path;

/// A Seahaven Towers table: column 1 ends K♠ Q♠ J♠ T♠, column 10 is empty, two cells free:
/// at most 3 cards move.
const SEAHAVEN: &str = "Deal: 1
Cells: 2H 6H - -
Foundations: S=0 H=0 D=0 C=0
1: JD 9S KS QS JS TS
2: 2D 5S AS 7S 8S
3: 9H AD AH 3S 8D
4: JC QC 3C TD 9C
5: 5D KH 4C 4S 6C
6: 7H 3H 5C TH 3D
7: 7C 2S 6S 8H 8C
8: 5H KD QH 2C TC
9: 4D 9D 4H JH 6D 7D QD KC AC
10:
";

/// A FreeCell table: column 1 ends in seven cards from 9♦, which would go on the T♠ ending
/// column 2; two cells and one column are free, so at most 6 cards move.
const SEVEN_ONTO_TEN: &str = "Deal: 1
Cells: 2H 6H - -
Foundations: S=0 H=0 D=0 C=0
1: KC 9D 8S 7D 6S 5D 4S 3D
2: AS 2C 4C 7S 9S JS QD TS
3: AH 3S 5S 7H 9H JH QC
4: AD 3H 5H 7C 9C JD KS
5: AC 3C 5C 8H TH JC KH
6: 2S 4H 6D 8D TD QS KD
7: 2D 4D 6C 8C TC QH
8:
";

/// A headless game of `variant` from the position `text`, written into `data`. The
/// hand-made positions are lost games, which FC-DEADEND would end at once: the variant is
/// played as shipped but with that setting off (a `--config` file of the same id replaces
/// the shipped one), so that each refusal is the move's own.
fn from_position(data: &Path, variant: &str, text: &str) -> Game {
    let file = data.join("table.txt");
    std::fs::write(&file, text).expect("writes the position");
    let file = file.to_str().expect("a UTF-8 temp path").to_string();
    let shipped = match variant {
        "seahaven-towers" => {
            include_str!("../../../../rulesets/freecell/variants/seahaven-towers.toml")
        }
        _ => include_str!("../../../../rulesets/freecell/variants/freecell.toml"),
    };
    let config = data.join("config");
    std::fs::create_dir_all(&config).expect("a config folder");
    std::fs::write(
        config.join(format!("{variant}.toml")),
        format!("{shipped}\ndead_end = false\n"),
    )
    .expect("writes the variant");
    let config = config.to_str().expect("a UTF-8 temp path").to_string();
    Game::start(
        data,
        &[
            "play",
            variant,
            "--config",
            &config,
            "--position",
            &file,
            "--headless",
        ],
    )
}

fn refused(game: &mut Game, command: &str, expected: &str) {
    let before = game.ask("show");
    let answer = game.ask(command);
    assert_eq!(answer[0], expected, "{command}: {answer:?}");
    assert_eq!(game.ask("show"), before, "{command} changed the table");
}

#[test]
fn fc_supermove_a_king_group_too_long_for_the_empty_column_is_refused_for_its_length() {
    let data = data_dir_with("felt_freecell");
    let mut game = from_position(data.path(), "seahaven-towers", SEAHAVEN);
    refused(
        &mut game,
        "move 1 10",
        "error FC-SUPERMOVE: 4 cards from KS cannot move together to an empty column: with 2 free cells and 1 empty column (empty columns take only Kings, so they hold nothing on the way), at most 3 cards move together",
    );
    // Asked for the last card alone, the refusal is about that card.
    refused(
        &mut game,
        "move 1 10 1",
        "error FC-EMPTY: TS is not a King: an empty column takes only a King, or a group headed by one",
    );
}

#[test]
fn fc_supermove_a_group_too_long_for_the_card_its_head_fits_is_refused_for_its_length() {
    let data = data_dir_with("felt_freecell");
    let mut game = from_position(data.path(), "freecell", SEVEN_ONTO_TEN);
    refused(
        &mut game,
        "move 1 2",
        "error FC-SUPERMOVE: 7 cards from 9D cannot move together onto TS: with 2 free cells and 1 empty column, at most 6 cards move together",
    );
    // No card of column 1's sequence fits the Q♥ ending column 7: the last card says why.
    refused(
        &mut game,
        "move 1 7",
        "error FC-BUILD: 3D goes only on a black Four, not on QH",
    );
}

#[test]
fn fc_foundation_of_another_suit_refuses_the_card() {
    let data = data_dir_with("felt_freecell");
    let mut game = from_position(data.path(), "seahaven-towers", SEAHAVEN);
    // A♣ ends column 9: it goes to the clubs foundation, not the hearts one.
    refused(
        &mut game,
        "move 9 H",
        "error FC-FOUNDATION: AC goes to the clubs foundation, not to the hearts one",
    );
    let answer = game.ask("move 9 C");
    assert_eq!(answer, ["ok", "moved 1 from 9 to C"], "{answer:?}");
}

/// A one-deal batch runs on felt's own thread whatever the machine's cores, as `--jobs 1`
/// does: one job, so the plugin's ruleset gets one helper process (not one for its table and
/// another for its searches, and a pool of worker threads besides).
#[test]
fn a_one_deal_batch_runs_as_one_job() {
    let data = data_dir_with("felt_freecell");
    let out = run_in(
        data.path(),
        &["solve", "--variant", "freecell", "--deals", "7..7"],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("deals 7..7, 1 job(s)"), "{text}");
    assert!(text.contains("won                          1"), "{text}");
}

#[test]
fn the_batch_figures_of_a_line_are_rounded_alike() {
    let data = data_dir_with("felt_freecell");
    let out = run_in(
        data.path(),
        &[
            "solve",
            "--variant",
            "freecell",
            "--deals",
            "1..3",
            "--jobs",
            "1",
        ],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let line = text
        .lines()
        .find(|l| l.starts_with("CPU time a deal"))
        .unwrap_or_else(|| panic!("no CPU line: {text}"));
    // Each of median, 90th percentile and max has one decimal.
    let figures: Vec<&str> = line
        .split(", ")
        .map(|f| f.trim_end_matches(" ms").rsplit(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(figures.len(), 3, "{line}");
    for f in &figures {
        let (_, decimals) = f.split_once('.').unwrap_or_else(|| panic!("{line}"));
        assert_eq!(decimals.len(), 1, "{line}");
    }
    assert!(text.contains("moves a won deal        median "), "{text}");
}

/// The status line of a `show` answer.
fn status(show: &[String]) -> String {
    show.iter()
        .find(|l| l.starts_with("code "))
        .unwrap_or_else(|| panic!("no status line in {show:?}"))
        .clone()
}

/// The code of `show`'s status line.
fn code_of(show: &[String]) -> String {
    status(show)
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

// FC-DEAL (issue 28): `--deal N` plays Microsoft's deal N up to 2^31 − 1, never another (deal
// 1,000,001 was deal 1, and 2,147,483,647 deal 483,647), and its code replays it.
#[test]
fn fc_deal_a_high_deal_number_plays_that_deal_and_its_code_replays_it() {
    let data = data_dir_with("felt_freecell");
    // The codes docs/game-codes.md gives for them.
    for (deal, row, code) in [
        ("1000001", "1: 3D AC 4D 2C 8D 7C KC", "FC-4CS-AACEXHP"),
        ("2147483647", "1: 9S JH 7S 5S 5D 5C 7D", "FC-4CS-GYTISYX"),
    ] {
        let mut game = Game::start(
            data.path(),
            &["play", "freecell", "--deal", deal, "--headless"],
        );
        let show = game.ask("show");
        assert!(
            status(&show).contains(&format!("deal #{deal} ")),
            "{show:?}"
        );
        assert!(show.iter().any(|l| l == row), "{deal}: {show:?}");
        assert_eq!(code_of(&show), code);
        let mut again = Game::start(data.path(), &["play", "--code", code, "--headless"]);
        assert_eq!(again.ask("show"), show, "{code} replays deal {deal}");
        let out = run_in(data.path(), &["deal", code, "--format", "position"], "");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(&format!("Deal: {deal}\n")), "{text}");
    }
}

#[test]
fn fc_deal_a_number_of_no_microsoft_deal_is_refused_with_the_range() {
    let data = data_dir_with("felt_freecell");
    let range = "it deals Microsoft's numbered deals, 1 to 2147483647";
    for deal in ["0", "2147483648", "8031810175"] {
        let out = run_in(
            data.path(),
            &["play", "freecell", "--deal", deal, "--headless"],
            "show\n",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "deal {deal} was played");
        assert!(
            err.contains(&format!("freecell has no deal {deal}: {range}")),
            "{err}"
        );
    }
    // A code of no deal, in each command that deals one.
    for args in [
        &["play", "--code", "FC-4CS-AAAAAAA", "--headless"][..],
        &["deal", "FC-4CS-ZZZZZZZ"],
        &["solve", "FC-4CS-AAAAAAA"],
        &["solve", "--variant", "freecell", "--deals", "0..2"],
        &[
            "autoplay",
            "freecell",
            "--seed",
            "0",
            "--games",
            "1",
            "--by-hints",
        ],
    ] {
        let out = run_in(data.path(), args, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains("freecell has no deal "), "{args:?}: {err}");
        assert!(err.contains(range), "{args:?}: {err}");
    }
}
