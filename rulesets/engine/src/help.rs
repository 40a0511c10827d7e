//! The rules text of the help overlay, written from the game's own settings: a game that is
//! only a file gets a rules page in the table's help without a word of its own, and the text
//! cannot say a rule the engine does not play.

use crate::play::Play;
use crate::rules::a_rank;
use crate::vocabulary::{
    Automatic, Base, Direction, Empty, Group, Redeal, ReserveShape, Start, StockDeal, Win,
};

/// The paragraphs of the help's rules, in the order a player meets them: the deal, moving and
/// building, the foundations, the stock, the end.
pub fn rules_text(play: &Play) -> Vec<String> {
    let mut out = vec![deal(play), moving(play), foundations(play)];
    out.extend(stock(play));
    out.push(end(play));
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn deal(play: &Play) -> String {
    let game = &play.game;
    let packs = plural(usize::from(game.decks), "pack", "packs");
    let columns = plural(usize::from(game.tableau.columns), "column", "columns");
    let mut text = format!("{packs} dealt into {columns}");
    if game.tableau.down.iter().any(|&d| d > 0) {
        text.push_str(", some cards face down: a face-down card left last in its column turns up");
    }
    text.push('.');
    if game.reserve > 0 {
        let shape = match game.reserve_shape {
            ReserveShape::Fan => "every one of them in play",
            ReserveShape::Stack => "only its top card in play",
            ReserveShape::Open => "all in view, only its top card in play",
        };
        if game.reserve_piles > 1 {
            text.push_str(&format!(
                " A reserve of {} piles of {} cards each, {}.",
                game.reserve_piles,
                game.reserve,
                shape.replace("its top", "each pile's top")
            ));
        } else {
            text.push_str(&format!(" A reserve of {} cards, {shape}.", game.reserve));
        }
    }
    if game.cells > 0 {
        text.push_str(&format!(
            " {}, each holding one card{}.",
            plural(usize::from(game.cells), "free cell", "free cells"),
            match game.cells_filled {
                0 => String::new(),
                n => format!(", {n} of them dealt a card at the start"),
            }
        ));
    }
    if game.tableau.kings_to_bottom {
        text.push_str(" Kings dealt face up go under their column's other cards.");
    }
    if game.foundations.as_dealt {
        text.push_str(
            " A card a foundation can take goes up as it is dealt, leaving its place empty.",
        );
    }
    if !game.hidden {
        text.push_str(" Every card is in view, the stock's too, in its order.");
    }
    text
}

fn moving(play: &Play) -> String {
    let game = &play.game;
    let group = match game.group {
        Group::Single => "Cards move one at a time.".to_string(),
        Group::Sequence => "A column's last card moves, or a run of its cards built by the columns' rule, as one.".to_string(),
        Group::AnyFaceUp => "Any face-up card moves, with every card on it.".to_string(),
        Group::Supermove => "A column's last card moves, or a run built by the columns' rule, as long as the free cells and empty columns could carry it a card at a time.".to_string(),
        Group::Pile => "A column's last card moves alone, or the whole column at once.".to_string(),
    };
    let group = if play.group != play.build && game.group != Group::Single {
        format!(
            "{group} The moving cards must follow each other {}.",
            play.group.describe()
        )
    } else {
        group
    };
    let build = if play.build.direction == Direction::None {
        "Nothing is built on the columns.".to_string()
    } else {
        format!("Cards build on the columns {}.", play.build.describe())
    };
    let empty = match game.empty {
        Empty::Any => "An empty column takes any card.",
        Empty::King => "Only a King goes to an empty column.",
        Empty::None => "An empty column stays empty.",
        Empty::AutoReserve => {
            "An empty column is filled from the reserve at once; once the reserve is out, it takes a card from the waste."
        }
        Empty::AutoStock => "An empty column is filled from the stock at once.",
        Empty::Reserve => {
            "An empty column takes a card from the reserve; once the reserve is out, a card from the waste."
        }
        Empty::AutoWaste => {
            "An empty column is filled at once from the waste, or from the stock while the waste is empty; once both are out, it takes any card."
        }
        Empty::BelowBase => {
            "An empty column takes only a card one rank below the foundations' base (a King below an Ace), or a group from one."
        }
    };
    format!("{group} {build} {empty}")
}

fn foundations(play: &Play) -> String {
    let game = &play.game;
    let f = game.foundations;
    let piles = if f.count == 1 {
        "The foundation".to_string()
    } else {
        format!("The {} foundations", f.count)
    };
    let from = match (f.base, f.start) {
        (_, Start::OneCard) if f.count == 1 => {
            "start from one card dealt to it, whatever it is,".to_string()
        }
        (Base::FirstDealt, Start::Bases) => {
            "start from the rank of the first card dealt to the columns: every other card of that rank goes up as it is dealt, and the first card waits for its foundation in play,"
                .to_string()
        }
        (Base::FirstDealt, _) => {
            "start from the rank of the first card dealt to them, which goes up at once,"
                .to_string()
        }
        (Base::Chosen, _) => format!(
            "start from the rank of the first card the player sends up (the game's first move, any card{}),",
            play.choose_from()
        ),
        (Base::Rank(r), Start::Bases) => format!("start with {} each, dealt up,", a_rank(r)),
        (Base::Rank(r), _) => format!("start from {}", a_rank(r)),
    };
    let mut text = format!("{piles} {from} and build {}.", play.foundation.describe());
    if f.back {
        text.push_str(" A foundation's top card may come back down onto a column.");
    }
    match game.automatic {
        Automatic::All => text.push_str(" Every card that can go up goes up by itself."),
        Automatic::Safe if play.safe_proven && play.fills_itself() => text.push_str(
            " A card no other card could still need goes up by itself from under another card of its column or from a cell (never the last card of a column, whose space would fill, nor a card of the reserve, the stock or the waste, which the fills take from): that never loses a game that could be won.",
        ),
        Automatic::Safe if play.safe_proven => text.push_str(
            " A card no other card could still need goes up by itself: that never loses a game that could be won.",
        ),
        Automatic::Safe => text.push_str(
            " No card goes up by itself in this game: the safe rule is not proven for its settings.",
        ),
        Automatic::None => text.push_str(" No card goes up by itself."),
    }
    text
}

fn stock(play: &Play) -> Option<String> {
    let stock = play.game.stock?;
    let redeals = match stock.redeals {
        None => "as often as you like".to_string(),
        Some(0) => "never".to_string(),
        Some(1) => "once".to_string(),
        Some(n) => format!("{n} times"),
    };
    if stock.redeal == Redeal::Gather {
        return Some(format!(
            "There is no stock: the columns' cards may be gathered, shuffled and dealt again {redeals}, each column taking as many as it was first dealt, from the left."
        ));
    }
    Some(match stock.deal {
        StockDeal::Waste => format!(
            "The stock turns {} at a time to the waste; the waste is turned over to be the stock again {redeals}.",
            plural(usize::from(stock.cards), "card", "cards"),
        ),
        StockDeal::Columns => "The stock deals one card onto each column.".into(),
        StockDeal::Foundation => "The stock deals one card at a time to the foundation.".into(),
    })
}

fn end(play: &Play) -> String {
    let game = &play.game;
    let mut text = match game.win {
        Win::Foundations => "The game is won when every card is on the foundations.".to_string(),
        Win::Columns => "The game is won when every column is cleared: the cards left in the stock need not be played.".to_string(),
        Win::Sequences => {
            "The game is won when every column holds one suit from the King down to the Ace, or nothing.".to_string()
        }
    };
    if game.remove_suits {
        text.push_str(" A suit built from the King down to the Ace leaves the table at once.");
    }
    text.push_str(" When no move is left the game is over: undo, or deal again.");
    text
}
