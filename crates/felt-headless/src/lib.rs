//! The headless protocol: one command a line in, one answer out (docs/protocol.md), as a
//! library that every front end and test shares: `felt play --headless` runs [`run`] over
//! standard input, and tests drive a [`Headless`] game line by line.
//!
//! Generic over rulesets: piles are named by their labels, cards by their tokens, and every
//! game-specific decision (which group, which column is best) is asked of the ruleset. The
//! crate depends on felt-core alone, so a front end gets the protocol without the plugin host.

#![warn(missing_docs)]

mod answer;
mod reader;
pub mod table_text;

use answer::MESSAGE_CHARS;
pub use answer::{Answer, Format};
pub use reader::{run, MAX_LINE};

use felt_core::{
    clip, Action, Advice, Advisor, PileId, PileRole, RuleViolation, Seat, Session, TableView,
};

pub use crate::table_text::{describe, event_line, face_token, label_of, pile_line, table_lines};

/// Rule id of a line that is not a command.
pub const COMMAND_RULE: &str = "FELT-COMMAND";

/// Rule id of every answer once the game's ruleset has stopped (its plugin's process ended):
/// the id under which a plugin's faults are refused at the table. The same text as the plugin
/// host's own id (`felt_abi::remote::PLUGIN_RULE`, which a test of the binary holds it to),
/// written here so the protocol needs no plugin host.
pub const STOPPED_RULE: &str = "FELT-PLUGIN";

/// Told of every change to the game (to keep its record); an error is shown as a warning.
pub type Observer = Box<dyn FnMut(&Session) -> Result<(), String>>;

/// A headless game: a session, the seat it plays, and how its code is shown.
pub struct Headless {
    session: Session,
    seat: Seat,
    code_label: String,
    /// Chooses hints and keeps their plans (the terminal's `H` uses the same).
    advisor: Advisor,
    observer: Option<Observer>,
    /// Whether some change could not be saved: the program's exit code says so.
    unsaved: bool,
}

impl Headless {
    /// Plays `session` as `seat`; `code_label` is what `show` prints as the code.
    pub fn new(session: Session, seat: Seat, code_label: String) -> Headless {
        Headless {
            session,
            seat,
            code_label,
            advisor: Advisor::new(),
            observer: None,
            unsaved: false,
        }
    }

    /// Calls `observer` after every action, undo and redo (the store records the game).
    pub fn observe(&mut self, observer: Observer) {
        self.observer = Some(observer);
    }

    /// Tells the observer of a change; a failure becomes a warning line of the answer. A
    /// change after which the ruleset has stopped is not told: its status and score are the
    /// stopped ruleset's stand-ins (a game over), and recording them would end the game's
    /// record instead of keeping it to resume.
    fn changed(&mut self, mut answer: Answer) -> Answer {
        self.advisor.table_changed();
        if self.session.ruleset().stopped().is_some() {
            return answer;
        }
        if let Some(observer) = self.observer.as_mut() {
            if let Err(e) = observer(&self.session) {
                answer.warning = Some(format!("the game was not saved: {e}"));
                self.unsaved = true;
            }
        }
        answer
    }

    /// Whether a change of this game could not be saved (the answer carried a warning).
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// The session, for callers that record or inspect it.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The table as the seat to act sees it: with several seats driven from outside
    /// (`--seats`), the view follows the turn; between turns it stays with the last seat.
    fn view(&mut self) -> TableView {
        if let Some(turn) = self.session.ruleset().turn(self.session.state()) {
            self.seat = turn.seat;
        }
        self.session.view(self.seat)
    }

    /// Whose turn it is, for a game whose seats take turns.
    fn turn(&self) -> Option<String> {
        let ruleset = self.session.ruleset();
        match ruleset.turn(self.session.state()) {
            Some(turn) => Some(turn.name),
            None if ruleset.info().seats > 1 => Some("-".to_string()),
            None => None,
        }
    }

    /// A pile by its label (case-insensitive), the way players name them.
    fn pile(&self, view: &TableView, name: &str) -> Result<PileId, String> {
        view.piles
            .iter()
            .find(|p| p.label.eq_ignore_ascii_case(name))
            .map(|p| p.id)
            .ok_or_else(|| {
                let labels: Vec<&str> = view.piles.iter().map(|p| p.label.as_str()).collect();
                format!("no pile '{name}' (piles: {})", labels.join(", "))
            })
    }

    fn act(&mut self, action: &Action) -> Answer {
        match self.session.act(action) {
            Ok(events) => {
                let view = self.view();
                let answer = Answer {
                    lines: events.iter().map(|e| event_line(&view, e)).collect(),
                    ..Answer::with_events(events)
                };
                self.changed(answer)
            }
            Err(v) => Answer::refused(v),
        }
    }

    /// Carries out one line of input; the answer says whose turn it is after it.
    ///
    /// Once the ruleset has stopped (its plugin's process ended), every command but `help`
    /// and `quit` is answered with that and how to go on (`Headless::stopped`), without
    /// touching the session: what a stopped ruleset answers meanwhile (no piles, no legal
    /// actions, a game over) is not the game's, and a kept hint plan is no longer true.
    pub fn handle(&mut self, line: &str) -> Answer {
        let first = line.split_whitespace().next().unwrap_or_default();
        let always = ["help", "quit"]
            .iter()
            .any(|c| c.eq_ignore_ascii_case(first));
        if !always {
            if let Some(answer) = self.stopped() {
                return answer;
            }
        }
        let answer = self.handle_command(line);
        // Stopped during this command: its answer was made of stand-ins.
        if let Some(stopped) = self.stopped().filter(|_| !always) {
            return Answer {
                warning: answer.warning,
                ..stopped
            };
        }
        Answer {
            turn: self.turn(),
            ..answer
        }
    }

    /// The answer to every command once the ruleset has stopped: why, and how to go on with
    /// the game, which is recorded up to its last move before the stop.
    fn stopped(&self) -> Option<Answer> {
        let why = self.session.ruleset().stopped()?;
        let variant = &self.session.ruleset().info().variant;
        let code = self.session.code();
        // Short enough for the message's length limit whatever the plugin said: the way on
        // must not be cut off.
        let then = if self.observer.is_some() && !self.session.log().is_empty() {
            format!(
                "The game is recorded up to its last move: `felt play {variant} --resume` goes on with it."
            )
        } else if self.code_label == code.to_string() {
            format!("This game is not recorded: `felt play --code {code}` deals it again.")
        } else {
            "This game is not recorded.".to_string()
        };
        let why = clip(
            &why,
            MESSAGE_CHARS.saturating_sub(then.chars().count() + 16),
        );
        Some(Answer::refused(RuleViolation::new(
            STOPPED_RULE,
            format!("the game's {why}. {then}"),
        )))
    }

    fn handle_command(&mut self, line: &str) -> Answer {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Answer::bad("empty line (try help)");
        };
        match (command.to_ascii_lowercase().as_str(), args) {
            ("show", []) => self.show(),
            ("legal", []) => self.legal(),
            ("move", [from, to]) => self.move_cards(from, to, None),
            ("move", [from, to, n]) => match n.parse::<u16>() {
                Ok(n) if n > 0 => self.move_cards(from, to, Some(n)),
                _ => Answer::bad(format!("'{n}' is not a number of cards")),
            },
            ("deal", []) => self.deal(),
            ("auto", [from]) => self.auto(from),
            ("choose" | "bid", [n]) => match n.parse::<u32>() {
                Ok(option) => self.act(&Action::Choose { option }),
                Err(_) => Answer::bad(format!("'{n}' is not an option number")),
            },
            ("play", [card]) => self.play(card),
            ("undo", []) => match self.session.undo() {
                Ok(()) => self.changed(Answer::ok()),
                Err(v) => Answer::refused(v),
            },
            ("redo", []) => match self.session.redo() {
                Ok(()) => self.changed(Answer::ok()),
                Err(v) => Answer::refused(v),
            },
            ("hint", []) => self.hint(),
            ("help", []) => Answer {
                lines: HELP.lines().map(str::to_string).collect(),
                ..Answer::ok()
            },
            ("quit", []) => Answer {
                quit: true,
                ..Answer::ok()
            },
            (
                "show" | "legal" | "move" | "deal" | "auto" | "choose" | "bid" | "play" | "undo"
                | "redo" | "hint" | "help" | "quit",
                _,
            ) => Answer::bad(format!("wrong arguments for '{command}' (try help)")),
            _ => match self.extra(command, args) {
                Some(answer) => answer,
                None => Answer::bad(format!(
                    "unknown command '{}' (try help)",
                    truncate(command)
                )),
            },
        }
    }

    fn show(&mut self) -> Answer {
        let view = self.view();
        let status = self.session.status();
        Answer {
            lines: table_lines(&view, &self.code_label, &status),
            code: Some(self.code_label.clone()),
            state: Some(status.word().to_string()),
            view: Some(view),
            ..Answer::ok()
        }
    }

    fn legal(&mut self) -> Answer {
        let view = self.view();
        let actions = self.session.legal_actions();
        let lines = actions.iter().map(|a| describe(&view, a)).collect();
        Answer {
            lines,
            actions: Some(actions),
            ..Answer::ok()
        }
    }

    fn move_cards(&mut self, from: &str, to: &str, count: Option<u16>) -> Answer {
        let view = self.view();
        let (from, to) = match (self.pile(&view, from), self.pile(&view, to)) {
            (Ok(f), Ok(t)) => (f, t),
            (Err(why), _) | (_, Err(why)) => return Answer::bad(why),
        };
        let len = view.pile(from).map_or(0, |p| p.cards.len());
        let index = match count {
            Some(n) if n as usize > len => {
                return Answer::bad(format!(
                    "pile {} has only {len} cards",
                    label_of(&view, from)
                ));
            }
            Some(n) => (len - n as usize) as u16,
            None => {
                // The longest group that may legally go there; if none may, the refusal of the
                // group the ruleset says the player means (one too long to move, say), else
                // the last card's, explains why.
                let longest = self
                    .session
                    .legal_actions()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::Move {
                            from: f,
                            index,
                            to: t,
                        } if f == from && t == to => Some(index),
                        _ => None,
                    })
                    .min();
                match longest {
                    Some(i) => i,
                    None if len == 0 => {
                        return Answer::refused(RuleViolation::new(
                            COMMAND_RULE,
                            format!("pile {} is empty", label_of(&view, from)),
                        ))
                    }
                    None => {
                        let state = self.session.state();
                        let meant = self.session.ruleset().meant_group(state, from, to);
                        meant
                            .filter(|&i| (i as usize) < len)
                            .unwrap_or((len - 1) as u16)
                    }
                }
            }
        };
        self.act(&Action::Move { from, index, to })
    }

    fn deal(&mut self) -> Answer {
        let view = self.view();
        match view.piles.iter().find(|p| p.role == PileRole::Stock) {
            Some(stock) => {
                let from = stock.id;
                self.act(&Action::Deal { from })
            }
            None => Answer::bad("this game has no stock to deal from"),
        }
    }

    fn auto(&mut self, from: &str) -> Answer {
        let view = self.view();
        let from = match self.pile(&view, from) {
            Ok(f) => f,
            Err(why) => return Answer::bad(why),
        };
        // The groups that may move, longest first: the longest with a best place goes there.
        let mut groups: Vec<u16> = self
            .session
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Move { from: f, index, .. } if f == from => Some(index),
                _ => None,
            })
            .collect();
        groups.sort_unstable();
        groups.dedup();
        let mut legal_only = Vec::new();
        for &index in &groups {
            let places = self
                .session
                .ruleset()
                .places(self.session.state(), from, index);
            match places.best {
                Some(action) => return self.act(&action),
                None if legal_only.is_empty() => legal_only = places.legal,
                None => {}
            }
        }
        let mut onto: Vec<String> = Vec::new();
        for a in &legal_only {
            if let Action::Move { to, .. } = a {
                let label = label_of(&view, *to);
                if !onto.contains(&label) {
                    onto.push(label);
                }
            }
        }
        let message = if onto.is_empty() {
            format!("no legal move from pile {}", label_of(&view, from))
        } else {
            // Legal moves there are: the ruleset only names none of them the best place.
            format!(
                "no best place for pile {}; it may go to {} (use move)",
                label_of(&view, from),
                onto.join(", ")
            )
        };
        Answer::refused(RuleViolation::new(COMMAND_RULE, message))
    }

    /// An action of the game's own typed as `legal` prints it (`NAME ARG`), when the ruleset
    /// declares that name or one of its legal actions bears it; `None` for any other word.
    fn extra(&mut self, command: &str, args: &[&str]) -> Option<Answer> {
        let declared = self
            .session
            .ruleset()
            .info()
            .extras
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(command))
            .map(|e| (e.name.clone(), e.arg));
        let name = match declared.as_ref() {
            Some((name, _)) => name.clone(),
            None => self
                .session
                .legal_actions()
                .into_iter()
                .find_map(|a| match a {
                    Action::Extra { name, .. } if name.eq_ignore_ascii_case(command) => Some(name),
                    _ => None,
                })?,
        };
        let arg = match (args, declared) {
            ([], Some((_, arg))) => arg,
            ([n], _) => match n.parse::<i64>() {
                Ok(arg) => arg,
                Err(_) => return Some(Answer::bad(format!("'{}' is not a number", truncate(n)))),
            },
            _ => {
                return Some(Answer::bad(format!(
                    "wrong arguments for '{name}' (try legal)"
                )))
            }
        };
        Some(self.act(&Action::Extra { name, arg }))
    }

    fn play(&mut self, token: &str) -> Answer {
        let Ok(card) = token.parse::<felt_core::Card>() else {
            return Answer::bad(format!("'{}' is not a card (e.g. QH, TS)", truncate(token)));
        };
        let view = self.view();
        let found = view
            .piles
            .iter()
            .filter(|p| p.role == PileRole::Hand)
            .find_map(|p| {
                p.cards
                    .iter()
                    .position(|f| f.card() == Some(card))
                    .map(|i| (p.id, i as u16))
            });
        let Some((from, index)) = found else {
            return Answer::bad(format!("{card} is not in your hand"));
        };
        let legal = self.session.legal_actions().into_iter().find(
            |a| matches!(a, Action::Move { from: f, index: i, .. } if *f == from && *i == index),
        );
        match legal {
            Some(action) => self.act(&action),
            None => {
                // Ask the ruleset why, with the first pile it could have gone to.
                let to = view
                    .piles
                    .iter()
                    .find(|p| p.role == PileRole::Trick)
                    .map_or(from, |p| p.id);
                match self
                    .session
                    .ruleset()
                    .check(self.session.state(), &Action::Move { from, index, to })
                {
                    Err(v) => Answer::refused(v),
                    Ok(()) => self.act(&Action::Move { from, index, to }),
                }
            }
        }
    }

    /// The advisor's hint: the plan of the last hint goes on while the table is the one it
    /// expects; asked again at the same table, the next best.
    fn hint(&mut self) -> Answer {
        match self.advisor.hint_in(&self.session) {
            Advice::Hint(hint) => Answer {
                message: Some(describe(&self.view(), &hint.action)),
                actions: Some(vec![hint.action]),
                then: Some(hint.then),
                ..Answer::ok()
            },
            Advice::Nothing => Answer {
                message: Some("no helpful move found".into()),
                ..Answer::ok()
            },
            Advice::NotOffered => {
                Answer::refused(RuleViolation::new("FELT-HINT", "This game offers no hints"))
            }
        }
    }
}

fn truncate(s: &str) -> String {
    s.chars().take(40).collect()
}

const HELP: &str = "\
show              the table as you see it, then the status line
legal             every legal action, one a line, in command form
move FROM TO [N]  move N cards from the end of FROM onto TO (default: the longest group that may go)
deal              deal from the stock
auto FROM         send the group at the end of FROM to the best place
NAME ARG          an action of the game's own, as legal prints it (e.g. collect 0)
choose N | bid N  pick option N of the prompt
play CARD         play a card from your hand (e.g. QH)
hint              the next move of the best plan found (again: the next best)
undo | redo       take back / play again the last action
quit              leave";

#[cfg(test)]
mod tests;
