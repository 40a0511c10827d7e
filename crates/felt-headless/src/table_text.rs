//! The table and its actions as the headless protocol writes them (docs/protocol.md): piles by
//! their labels, cards by their tokens, actions as commands that can be typed back in. The
//! replay printer writes the same lines, so a replay reads like a headless game.

use felt_core::{Action, CardFace, Event, PileId, PileRole, PileView, Status, TableView};

/// An event as a protocol line, naming piles by their labels.
pub fn event_line(view: &TableView, event: &Event) -> String {
    let l = |id: PileId| label_of(view, id);
    match event {
        Event::Moved { from, to, count } => {
            format!("moved {count} from {} to {}", l(*from), l(*to))
        }
        Event::Flipped { pile } => format!("flipped {}", l(*pile)),
        Event::Dealt { from, count } => format!("dealt {count} from {}", l(*from)),
        Event::SetRemoved { pile } => format!("removed a set from {}", l(*pile)),
        Event::Note { kind, text } | Event::Log { kind, text } => format!("{kind}: {text}"),
    }
}

/// A card as the protocol writes it: its token, or `??` face down.
pub fn face_token(face: CardFace) -> String {
    face.card().map_or_else(|| "??".to_string(), |c| c.token())
}

/// One pile as a protocol line: `label: tokens`.
pub fn pile_line(pile: &PileView) -> String {
    let cards: Vec<String> = pile.cards.iter().map(|f| face_token(*f)).collect();
    if cards.is_empty() {
        format!("{}:", pile.label)
    } else {
        format!("{}: {}", pile.label, cards.join(" "))
    }
}

/// The table as text lines: every pile but stacked ones (their counts are in the status line),
/// then the status line, then why the game is over if it is.
pub fn table_lines(view: &TableView, code: &str, status: &Status) -> Vec<String> {
    let mut lines: Vec<String> = view
        .piles
        .iter()
        .filter(|p| p.role != PileRole::Stock)
        .map(pile_line)
        .collect();
    let mut status_line = format!("code {code}");
    for item in &view.status {
        status_line.push_str(&format!(" {} {}", item.key, item.value.replace(' ', "_")));
    }
    status_line.push(' ');
    status_line.push_str(status.word());
    lines.push(status_line);
    if let Some(prompt) = &view.prompt {
        let options: Vec<String> = prompt
            .options
            .iter()
            .map(|o| format!("{}={}", o.id, o.label))
            .collect();
        lines.push(format!("prompt {}: {}", prompt.question, options.join(" ")));
    }
    for message in &view.messages {
        lines.push(format!("message {message}"));
    }
    match status {
        Status::Over { reason } => lines.push(format!("over: {reason}")),
        Status::Won { winner } if !winner.is_empty() => lines.push(format!("won: {winner}")),
        _ => {}
    }
    lines
}

/// A pile's label, or its number when the view has no such pile.
pub fn label_of(view: &TableView, id: PileId) -> String {
    view.pile(id)
        .map_or_else(|| id.0.to_string(), |p| p.label.clone())
}

/// An action in the protocol's own words, so a hint can be typed back in. A single face-up
/// card leaving a hand is `play CARD` (`play QH`); other moves are `move FROM TO N`.
pub fn describe(view: &TableView, action: &Action) -> String {
    match action {
        Action::Move { from, index, .. } if played_card(view, *from, *index).is_some() => {
            let card = played_card(view, *from, *index).map_or_else(String::new, |c| c.token());
            format!("play {card}")
        }
        Action::Move { from, index, to } => {
            let len = view.pile(*from).map_or(0, |p| p.cards.len());
            format!(
                "move {} {} {}",
                label_of(view, *from),
                label_of(view, *to),
                len.saturating_sub(*index as usize)
            )
        }
        Action::Deal { .. } => "deal".into(),
        Action::Choose { option } => format!("choose {option}"),
        Action::Extra { name, arg } => format!("{name} {arg}"),
    }
}

/// The card a move plays out of a hand, when it is one face-up card of a hand pile.
fn played_card(view: &TableView, from: PileId, index: u16) -> Option<felt_core::Card> {
    let pile = view.pile(from).filter(|p| p.role == PileRole::Hand)?;
    pile.cards.get(index as usize).and_then(|f| f.card())
}
