//! The vocabulary a patience game's `[game]` table is written in (docs/patience-engine.md):
//! the settings as types, read with a default for every key but the number of columns, and
//! checked together (the deal must fit the cards) so that a game that parses can be dealt.

mod checks;
mod rows;

use crate::reader::{Reader, Words};
use felt_core::ParamError;
use toml::{Table, Value};

/// Which way cards go on a pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Each card one rank lower.
    Down,
    /// Each card one rank higher.
    Up,
    /// One rank either way (a hole, Alaska's columns).
    Either,
    /// Nothing is built (Golf's and Black Hole's columns).
    None,
}

/// What a card must share with the card it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    /// The same suit.
    Suit,
    /// The other colour.
    Alternate,
    /// Anything.
    Any,
    /// The same rank (building by rank is a direction of its own: the rank repeats).
    Rank,
    /// Any suit but its own.
    NotSuit,
}

/// Which cards move together from a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// One card at a time.
    Single,
    /// A run built by the game's building rule.
    Sequence,
    /// Any face-up card with everything on it (Yukon).
    AnyFaceUp,
    /// A built run as long as free cells and empty columns allow (FreeCell).
    Supermove,
    /// The whole column, or its top card alone (Canfield).
    Pile,
}

/// What may go into an empty column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empty {
    /// Any card or group.
    Any,
    /// A King, or a group from a King.
    King,
    /// Nothing: an empty column stays empty.
    None,
    /// Filled at once from the reserve, then from the waste when the reserve is out (Canfield).
    AutoReserve,
    /// Filled at once from the stock.
    AutoStock,
    /// Filled at once from the waste's top card, or from the stock while the waste is empty;
    /// once both are out, any card (Fortune's Favor).
    AutoWaste,
    /// Only a card one rank below the foundations' base, or a group from one: the rank a
    /// column's build starts from (Penguin; with an Ace base it is `king`).
    BelowBase,
    /// Only a card from the reserve, or from the waste once the reserve is out: the player's
    /// move, where [`Empty::AutoReserve`] makes it by itself (Duchess).
    Reserve,
}

/// The card a foundation starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// A fixed rank, 1 (Ace) to 13 (King).
    Rank(u8),
    /// The rank of the first card dealt: to the foundations under `start = "one-card"`
    /// (Canfield), to the columns under `start = "bases"` (Penguin's beak, whose fellows go up
    /// as they are dealt).
    FirstDealt,
    /// The rank of the first card the player sends up, the game's first action: from the
    /// reserve where the game has one (Duchess), else from any pile a card plays from.
    Chosen,
}

/// How a reserve pile lies, and which of its cards play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReserveShape {
    /// Squared up: only the top card is in view and plays (Canfield).
    Stack,
    /// Spread out: every card is in view and plays.
    Fan,
    /// Spread out: every card is in view, and only the top card plays (Duchess's fans).
    Open,
}

impl ReserveShape {
    /// Whether only a pile's top card plays (every card of a [`ReserveShape::Fan`] does).
    pub fn top_only(self) -> bool {
        self != ReserveShape::Fan
    }
}

/// Cards dealt to the foundations before play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// None.
    Nothing,
    /// Every base card, taken out of the pack first (Lucas, Beleaguered Castle); with a
    /// first-dealt base, every card of the first card's rank but that card (Penguin).
    Bases,
    /// One card from the top of the pack (Canfield, Golf, Black Hole's Ace of Spades when
    /// the base is fixed).
    OneCard,
}

/// Where the stock deals to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StockDeal {
    /// To a waste pile, `cards` at a time.
    Waste,
    /// One card on every column (Spider, Scorpion).
    Columns,
    /// One card to the foundation itself (Golf).
    Foundation,
}

/// What a redeal does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Redeal {
    /// The waste is turned over to be the stock again.
    Waste,
    /// The columns are gathered, shuffled and dealt again (La Belle Lucie, Trefoil): the
    /// shuffle is the game's own, from the seed of its deal, so a game replays the same.
    Gather,
}

/// Which cards go up to the foundations by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Automatic {
    /// None: the player moves every card.
    None,
    /// Only a card no card left in play could need: never loses a won game.
    Safe,
    /// Every card that can go up.
    All,
}

/// When the game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Win {
    /// Every card is on the foundations (or in the hole).
    Foundations,
    /// Every column is one suit built King to Ace, or empty (Scorpion).
    Sequences,
    /// Every card has left the columns, the cells and the reserve: what the stock and the
    /// waste still hold need not be played (Golf and Tri Peaks, cleared onto their pile).
    Columns,
}

/// The columns and how they are dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tableau {
    /// How many columns.
    pub columns: u8,
    /// Face-down cards dealt to each column.
    pub down: Vec<u8>,
    /// Face-up cards dealt on them.
    pub up: Vec<u8>,
    /// Kings dealt face up go under their column's other cards (Baker's Dozen).
    pub kings_to_bottom: bool,
    /// Where each column lies when the columns overlap in rows, as the courses of Tri Peaks'
    /// peaks do (`rows`): its row from the top, and its place across in half columns. Empty
    /// where the columns stand side by side, as in most games.
    pub places: Vec<(u8, u8)>,
}

/// The foundations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Foundations {
    /// How many piles: four a pack, or one hole.
    pub count: u8,
    /// The card each starts from.
    pub base: Base,
    /// Which way they are built.
    pub build: Direction,
    /// What each card shares with the one below it.
    pub by: Match,
    /// Whether King and Ace follow each other.
    pub wrap: bool,
    /// What is dealt to them before play.
    pub start: Start,
    /// Whether a card may come back down from them.
    pub back: bool,
    /// Whether a card dealt face up to a column goes up instead when a foundation takes it
    /// (Citadel): its place in the column stays empty.
    pub as_dealt: bool,
}

/// The stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stock {
    /// Where it deals.
    pub deal: StockDeal,
    /// Cards a deal turns to the waste.
    pub cards: u8,
    /// How many times it may be dealt again once out; `None` is without end.
    pub redeals: Option<u8>,
    /// What dealing again does.
    pub redeal: Redeal,
}

/// How the pack is shuffled for a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shuffle {
    /// felt's own shuffle of the game code's seed.
    Felt,
    /// Microsoft's numbered deals (FreeCell's), the seed being the deal number.
    Microsoft,
}

/// One patience game, as its `[game]` table describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Packs shuffled together.
    pub decks: u8,
    /// How they are shuffled.
    pub shuffle: Shuffle,
    /// Suits in each pack (Spider's one- and two-suit packs).
    pub suits: u8,
    /// The columns.
    pub tableau: Tableau,
    /// Cards in each reserve pile.
    pub reserve: u8,
    /// Reserve piles (1 unless the reserve is several fans, Duchess's four).
    pub reserve_piles: u8,
    /// How each reserve pile lies: which of its cards are seen and which play.
    pub reserve_shape: ReserveShape,
    /// Free cells.
    pub cells: u8,
    /// Free cells dealt a card at the start.
    pub cells_filled: u8,
    /// The foundations.
    pub foundations: Foundations,
    /// How cards build on the columns.
    pub build: Direction,
    /// What a card shares with the one it is built on.
    pub build_by: Match,
    /// Whether King and Ace follow each other on the columns.
    pub build_wrap: bool,
    /// Which cards move together.
    pub group: Group,
    /// The rule a moving group's cards follow among themselves.
    pub group_by: Match,
    /// What an empty column takes.
    pub empty: Empty,
    /// The stock, when the deal leaves cards over.
    pub stock: Option<Stock>,
    /// Which cards go up by themselves.
    pub automatic: Automatic,
    /// When the game is won.
    pub win: Win,
    /// Whether a full suit built King to Ace leaves the table (the Spider family).
    pub remove_suits: bool,
    /// Whether some cards are out of the player's sight: the face-down cards, the stock's
    /// order and a stacked reserve's lower cards. `false` is Thoughtful's whole game in view:
    /// a face-down card is shown, and still does not move until it is turned.
    pub hidden: bool,
}

const DIRECTIONS: Words<Direction> = &[
    ("down", Direction::Down),
    ("up", Direction::Up),
    ("either", Direction::Either),
    ("none", Direction::None),
];
const FOUNDATION_DIRECTIONS: Words<Direction> = &[
    ("up", Direction::Up),
    ("down", Direction::Down),
    ("either", Direction::Either),
];
const MATCHES: Words<Match> = &[
    ("suit", Match::Suit),
    ("alternate", Match::Alternate),
    ("any", Match::Any),
    ("rank", Match::Rank),
    ("not-suit", Match::NotSuit),
];
const GROUPS: Words<Group> = &[
    ("single", Group::Single),
    ("sequence", Group::Sequence),
    ("any-face-up", Group::AnyFaceUp),
    ("supermove", Group::Supermove),
    ("pile", Group::Pile),
];
const EMPTIES: Words<Empty> = &[
    ("any", Empty::Any),
    ("king", Empty::King),
    ("none", Empty::None),
    ("auto-reserve", Empty::AutoReserve),
    ("auto-stock", Empty::AutoStock),
    ("auto-waste", Empty::AutoWaste),
    ("below-base", Empty::BelowBase),
    ("reserve", Empty::Reserve),
];
const BASES: Words<Base> = &[
    ("ace", Base::Rank(1)),
    ("king", Base::Rank(13)),
    ("first-dealt", Base::FirstDealt),
    ("chosen", Base::Chosen),
];
const STARTS: Words<Start> = &[
    ("nothing", Start::Nothing),
    ("bases", Start::Bases),
    ("one-card", Start::OneCard),
];
const STOCK_DEALS: Words<StockDeal> = &[
    ("waste", StockDeal::Waste),
    ("columns", StockDeal::Columns),
    ("foundation", StockDeal::Foundation),
];
const REDEALS: Words<Redeal> = &[("waste", Redeal::Waste), ("gather", Redeal::Gather)];
const AUTOMATICS: Words<Automatic> = &[
    ("none", Automatic::None),
    ("safe", Automatic::Safe),
    ("all", Automatic::All),
];
const WINS: Words<Win> = &[
    ("foundations", Win::Foundations),
    ("sequences", Win::Sequences),
    ("columns", Win::Columns),
];
const RESERVE_SHAPES: Words<ReserveShape> = &[
    ("stack", ReserveShape::Stack),
    ("fan", ReserveShape::Fan),
    ("open", ReserveShape::Open),
];
const REMOVES: Words<bool> = &[("none", false), ("suit", true)];

const SHUFFLES: Words<Shuffle> = &[("felt", Shuffle::Felt), ("microsoft", Shuffle::Microsoft)];

impl Game {
    /// Reads a variant's `[game]` table: every mistake names its key and the values allowed.
    pub fn read(table: &Table) -> Result<Game, ParamError> {
        let mut game = Reader::new(table, "game");
        let decks = game.number("decks", 1..=4, 1)? as u8;
        let suits = game.number("suits", 1..=4, 4)? as u8;
        if suits == 3 {
            return Err(game.error(
                "suits",
                "3 is not allowed: expected 1, 2 or 4 suits a pack".into(),
            ));
        }
        let shuffle = game.word("shuffle", SHUFFLES, Shuffle::Felt)?;
        if shuffle == Shuffle::Microsoft && (decks, suits) != (1, 4) {
            return Err(game.error(
                "shuffle",
                "\"microsoft\" deals one whole pack: it needs decks = 1 and suits = 4".into(),
            ));
        }

        let mut tableau = game.table("tableau")?;
        if !tableau.has("columns") {
            return Err(game.error(
                "tableau",
                "gives no `columns`: say how many columns the game has".into(),
            ));
        }
        let columns = tableau.number("columns", 1..=52, 7)? as u8;
        let down = small(tableau.numbers("down", columns.into(), 0..=52, 0)?);
        let up = small(tableau.numbers("up", columns.into(), 0..=52, 1)?);
        let kings_to_bottom = tableau.flag("kings_to_bottom", false)?;
        let places = rows::read(&mut tableau, columns)?;
        tableau.finish()?;

        let mut reserve = game.table("reserve")?;
        let reserve_cards = reserve.number("cards", 0..=104, 0)? as u8;
        let reserve_piles = reserve.number("piles", 1..=8, 1)? as u8;
        let reserve_shape = reserve.word("shape", RESERVE_SHAPES, ReserveShape::Stack)?;
        if reserve_piles > 1 && reserve_cards == 0 {
            return Err(reserve.error(
                "piles",
                format!(
                    "{reserve_piles} piles of no cards: give `cards`, the cards dealt to each pile"
                ),
            ));
        }
        reserve.finish()?;

        let mut cells = game.table("cells")?;
        let cell_count = cells.number("count", 0..=8, 0)? as u8;
        let cells_filled = cells.number("filled", 0..=8, 0)? as u8;
        if cells_filled > cell_count {
            return Err(cells.error(
                "filled",
                format!("fills {cells_filled} cells of {cell_count}: at most `count` are filled"),
            ));
        }
        cells.finish()?;

        let mut f = game.table("foundations")?;
        let count = f.number("count", 1..=16, 4 * u32::from(decks))? as u8;
        let base = match f.value("base") {
            Some(Value::Integer(_)) => Base::Rank(f.number("base", 1..=13, 1)? as u8),
            Some(value) => f.word_value("base", value, BASES)?,
            None => Base::Rank(1),
        };
        let foundations = Foundations {
            count,
            base,
            build: f.word("build", FOUNDATION_DIRECTIONS, Direction::Up)?,
            by: f.word("by", MATCHES, Match::Suit)?,
            wrap: f.flag("wrap", false)?,
            start: f.word("start", STARTS, Start::Nothing)?,
            back: f.flag("back", false)?,
            as_dealt: f.flag("as_dealt", false)?,
        };
        f.finish()?;

        let mut build = game.table("build")?;
        let build_dir = build.word("direction", DIRECTIONS, Direction::Down)?;
        let build_by = build.word("by", MATCHES, Match::Alternate)?;
        let build_wrap = build.flag("wrap", false)?;
        build.finish()?;

        // `move` is a word, or a table when its group follows a rule of its own.
        let (group, group_by) = match game.value("move") {
            None => (Group::Single, build_by),
            Some(Value::Table(table)) => {
                let mut m = Reader::new(table, "game.move");
                let group = m.word("group", GROUPS, Group::Single)?;
                let by = m.word("by", MATCHES, build_by)?;
                m.finish()?;
                (group, by)
            }
            Some(value) => (game.word_value("move", value, GROUPS)?, build_by),
        };

        let empty = game.word("empty", EMPTIES, Empty::Any)?;
        let stock = if game.has("stock") {
            let mut s = game.table("stock")?;
            let deal = s.word("deal", STOCK_DEALS, StockDeal::Waste)?;
            let cards = s.number("cards", 1..=8, 1)? as u8;
            let redeals = match s.value("redeals") {
                Some(Value::String(w)) if w == "unlimited" => None,
                Some(Value::Integer(_)) => Some(s.number("redeals", 0..=8, 0)? as u8),
                Some(other) => {
                    return Err(s.error(
                        "redeals",
                        format!(
                        "{other} is not allowed: expected a number from 0 to 8, or \"unlimited\""
                    ),
                    ))
                }
                None => Some(0),
            };
            let redeal = s.word("redeal", REDEALS, Redeal::Waste)?;
            s.finish()?;
            Some(Stock {
                deal,
                cards,
                redeals,
                redeal,
            })
        } else {
            None
        };
        let automatic = game.word("automatic", AUTOMATICS, Automatic::Safe)?;
        let win = game.word("win", WINS, Win::Foundations)?;
        let remove_suits = game.word("remove", REMOVES, false)?;
        let hidden = game.flag("hidden", true)?;

        let parsed = Game {
            decks,
            shuffle,
            suits,
            tableau: Tableau {
                columns,
                down,
                up,
                kings_to_bottom,
                places,
            },
            reserve: reserve_cards,
            reserve_piles,
            reserve_shape,
            cells: cell_count,
            cells_filled,
            foundations,
            build: build_dir,
            build_by,
            build_wrap,
            group,
            group_by,
            empty,
            stock,
            automatic,
            win,
            remove_suits,
            hidden,
        };
        parsed.check_deal(&game)?;
        game.finish()?;
        Ok(parsed)
    }

    /// Cards in the shuffled packs.
    pub fn cards(&self) -> u32 {
        52 * u32::from(self.decks)
    }

    /// Cards dealt out before play, the foundations' start included.
    pub fn dealt(&self) -> u32 {
        let columns: u32 = self
            .tableau
            .down
            .iter()
            .zip(&self.tableau.up)
            .map(|(d, u)| u32::from(*d) + u32::from(*u))
            .sum();
        let start = match self.foundations.start {
            Start::Nothing => 0,
            // The first card dealt sets the base and stays in its column.
            Start::Bases if self.foundations.base == Base::FirstDealt => {
                u32::from(self.foundations.count).saturating_sub(1)
            }
            Start::Bases => u32::from(self.foundations.count),
            Start::OneCard => 1,
        };
        columns
            + u32::from(self.reserve) * u32::from(self.reserve_piles)
            + u32::from(self.cells_filled)
            + start
    }
}

fn small(numbers: Vec<u32>) -> Vec<u8> {
    // The reader held each to 0..=52.
    numbers.into_iter().map(|n| n as u8).collect()
}
