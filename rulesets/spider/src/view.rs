//! What the player sees: the table view (face-down cards hidden, ✱ contract 3), the status
//! items, and the rules text of the help overlay.

use crate::params::{Counter, DealRule, SpiderParams};
use crate::rules::{thousands, GroupRule, SpiderRuleset};
use crate::state::SpiderState;
use felt_core::{
    CardFace, DrawHint, PileId, PileRole, PileView, Place, ScoreTable, Seat, Suit, TableView,
};

use felt_patience::status::item;

pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {many}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

impl SpiderRuleset {
    /// The table as the player sees it.
    pub fn table_view(&self, state: &SpiderState, seat: Seat) -> TableView {
        let n = state.columns().len();
        let mut piles = Vec::with_capacity(n + 2);
        for (i, column) in state.columns().iter().enumerate() {
            let down = column.face_down();
            let cards = column
                .cards()
                .iter()
                .enumerate()
                .map(|(j, &c)| {
                    if j < down {
                        CardFace::Down
                    } else {
                        CardFace::Up(c)
                    }
                })
                .collect();
            piles.push(PileView {
                id: PileId(i as u8),
                role: PileRole::Tableau,
                label: (i + 1).to_string(),
                hint: DrawHint::FanDown,
                place: Place::at(1, i as u8),
                cards,
                note: None,
            });
        }
        let deals_left = self.deals_left(state);
        piles.push(PileView {
            id: self.stock_pile(),
            role: PileRole::Stock,
            label: "stock".into(),
            hint: DrawHint::Stacked,
            place: Place::at(0, 0),
            cards: vec![CardFace::Down; state.stock().len()],
            note: Some(plural(deals_left, "deal", "deals")),
        });
        piles.push(PileView {
            id: self.runs_pile(),
            role: PileRole::Foundation,
            label: "runs".into(),
            hint: DrawHint::FanRight,
            place: Place::at(0, 1),
            cards: state.removed().iter().map(|&k| CardFace::Up(k)).collect(),
            note: None,
        });

        let mut status = Vec::with_capacity(1 + self.params.status.len());
        if let Some(score) = self.shown_score(state) {
            status.push(item("score", "Score", score.to_string()));
        }
        for &counter in &self.params.status {
            let (label, value) = match counter {
                Counter::Moves => ("Moves", state.moves().to_string()),
                Counter::Stock => ("Stock", state.stock().len().to_string()),
                Counter::Deals => ("Deals", deals_left.to_string()),
                Counter::Runs => (
                    "Runs",
                    format!("{}/{}", state.removed().len(), self.params.runs_to_win),
                ),
                Counter::Cards => (
                    "Cards",
                    (state.cards_on_table() + state.stock().len()).to_string(),
                ),
            };
            status.push(item(counter.name(), label, value));
        }
        TableView {
            seat,
            piles,
            status,
            prompt: None,
            messages: Vec::new(),
            moments: Vec::new(),
            sheets: Vec::new(),
        }
    }

    /// The score, when the variant's table shows one.
    pub fn shown_score(&self, state: &SpiderState) -> Option<i64> {
        self.scoring
            .as_ref()
            .filter(|t| t.shows_score)
            .map(|_| state.score())
    }
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Spade => "spades",
        Suit::Heart => "hearts",
        Suit::Diamond => "diamonds",
        Suit::Club => "clubs",
    }
}

/// "a, b and c".
fn list<T: ToString>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(ToString::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn all_same<T: PartialEq>(items: &[T]) -> Option<&T> {
    let first = items.first()?;
    items.iter().all(|x| x == first).then_some(first)
}

/// The rules of a variant in a few paragraphs, written from its settings.
pub(crate) fn help(
    params: &SpiderParams,
    group: GroupRule,
    scoring: Option<&ScoreTable>,
) -> Vec<String> {
    let mut help = Vec::new();
    let deck = &params.deck;
    let suits: Vec<&str> = deck.suits.iter().map(|&s| suit_name(s)).collect();
    let suits = if suits.len() == 1 {
        format!("{} only", suits[0])
    } else {
        list(&suits)
    };
    let n = params.columns.len();
    let sizes = match all_same(&params.columns) {
        Some(size) => format!("{n} columns of {size} cards"),
        None => format!("{n} columns of {} cards", list(&params.columns)),
    };
    let face_up = match all_same(&params.face_up) {
        Some(1) => "only the last card of each column is face up".to_string(),
        Some(k) => format!("the last {k} cards of each column are face up"),
        None => format!(
            "the last {} cards of the columns are face up",
            list(&params.face_up)
        ),
    };
    let stock = params.stock_size();
    let deals = match (params.deals.len(), all_same(&params.deals)) {
        (0, _) => "there is no stock".to_string(),
        (1, _) => format!("the other {stock} cards are the stock, dealt once"),
        (d, Some(k)) => format!("the other {stock} cards are the stock: {d} deals of {k}"),
        (d, None) => format!(
            "the other {stock} cards are the stock: {d} deals of {} cards; a deal of fewer cards than columns goes onto the first columns",
            list(&params.deals)
        ),
    };
    // The stock's sentence starts one of its own: "… are face up. The other 50 cards …".
    let deals = capitalised(&deals);
    help.push(format!(
        "{} cards ({} of {suits}) are dealt a row at a time, left to right, into {sizes}; {face_up}. {}{deals}.",
        deck.len(),
        plural(deck.packs as usize, "pack", "packs"),
        if params.columns.iter().all(|&c| c > 0) { "" } else { "Some columns start empty. " }
    ));
    help.push(
        "Move a face-up card onto the last card of another column if it is one rank lower, whatever \
         its suit: a 9 on a 10, a Queen on a King. Ace is lowest and King highest: nothing goes on \
         an Ace. An empty column takes any card or group, not only a King. When the last card of a \
         column leaves, the face-down card under it turns up."
            .to_string(),
    );
    help.push(match group {
        GroupRule::Classic => "Several face-up cards move together when they go down one rank at a time \
                               in one suit (classic rules). The group goes where its first card could \
                               go, however long it is."
            .to_string(),
        GroupRule::Relaxed => "Several face-up cards move together when they go down one rank at a time, \
                               whatever their suits (relaxed rules). The group goes where its first \
                               card could go, however long it is."
            .to_string(),
    });
    if !params.deals.is_empty() {
        help.push(match (params.deal_rule, params.deal_with_empty_below) {
            (DealRule::Filled, None) => "Dealing puts one card face up on each column, first to last. It is \
                                         refused while any column is empty: put a card there first."
                .to_string(),
            (DealRule::Filled, Some(below)) => format!(
                "Dealing puts one card face up on each column, first to last. It is refused while any \
                 column is empty, except when fewer than {below} cards are on the table."
            ),
            (DealRule::Any, _) => {
                "Dealing puts one card face up on each column, first to last, even on empty columns."
                    .to_string()
            }
        });
    }
    help.push(format!(
        "When a column ends with all 13 cards of one suit from King down to Ace, face up, the run \
         leaves the table by itself and the card it covered turns up. Remove {} to win.",
        plural(params.runs_to_win as usize, "run", "runs")
    ));
    if let Some(table) = scoring.filter(|t| t.shows_score) {
        help.push(score_help(table));
    }
    if let Some(limit) = params.move_limit {
        help.push(format!(
            "The game stops after {} moves; deals count as moves.",
            thousands(limit)
        ));
    }
    if params.dead_end {
        help.push(
            "These are the house rules of a well-known Spider web site: once the stock is dealt \
             and no sequence of moves can ever turn up another card or finish another run, the \
             game is over and counts as lost. felt proves it by trying every line, so it is never a false alarm."
                .to_string(),
        );
    }
    help
}

/// `text` with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn score_help(table: &ScoreTable) -> String {
    let named = [
        ("move", "each move"),
        ("deal", "each deal"),
        ("run", "each removed run"),
    ];
    let parts: Vec<String> = named
        .iter()
        .filter_map(|(event, words)| {
            let p = table.points(event, 1);
            (p != 0).then(|| format!("{words} {}{}", if p > 0 { "+" } else { "−" }, p.abs()))
        })
        .collect();
    let mut parts = parts;
    let link = table.points("link", 1);
    if link != 0 {
        let (made, broken) = if link > 0 { ("+", "−") } else { ("−", "+") };
        parts.push(format!(
            "each card laid on the next higher card of its suit {made}{0}, each such link broken {broken}{0}",
            link.abs()
        ));
    }
    let mut text = format!("The score starts at {}", table.start);
    if !parts.is_empty() {
        text.push_str(&format!("; {}", list(&parts)));
    }
    if let Some(floor) = table.floor {
        text.push_str(&format!("; it never goes below {floor}"));
    }
    text.push_str(". The move counter counts moves and deals; a removed run is not a move.");
    text
}
