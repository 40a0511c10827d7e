//! The solver: two quick searches that only look for a win, then a complete one that alone
//! may prove a game lost.
//!
//! **Quick searches** (`best_first`, then a depth-first walk over the same steps) try a
//! subset of the lines, [`Game::quick_moves`]: deals folded into the card they bring up, no
//! card back from the foundations, only column moves that turn a card, empty a column for a
//! waiting King or uncover a card ready to go up; and their keys merge waste lengths that
//! bring up the same cards. A win they find is real — every step is a legal action, and the
//! line is replayed through the ruleset before it is handed out — but a quick search that ends
//! without one proves nothing, so the answer is then the complete search's. The quick searches
//! remember a 64-bit fingerprint of each key ([`Game::quick_fingerprint`], made from the
//! position without building the key), not the key: a step costs about a third less than with
//! whole keys, and two positions sharing a fingerprint could only hide a line from them, never
//! make one up. Which walk keeps what is fixed by its type (`Seen::QUICK`), so the complete walk
//! cannot be run over fingerprints.
//!
//! **The complete search** is a depth-first walk over the game's own actions with a table of
//! every position seen. It tries each position's actions in [`Game::moves`]'s order, never
//! enters a position it has seen, and stops at the first won one. When the walk is over
//! without a win, every position reachable from the start was seen, so the game is lost. That
//! proof rests on these, each sound:
//!
//! 1. **The actions are the ruleset's.** [`Game::moves`] lists every legal action — each deal
//!    or turn of the waste, each card or group to each place it may go, each card back from a
//!    foundation — and [`Game::play`] carries it out with the ruleset's own follow-ups (KL-FLIP,
//!    and KL-AUTO when the variant has it), so the positions searched are exactly those the
//!    game can reach. Two kinds of action are left out: a whole column led by a King moved
//!    into an empty column, which gives the same key (rule 2), and a safe card taken back
//!    from a foundation (rule 4).
//! 2. **Keys forget which column is which.** All seven columns follow the same rules, and
//!    KL-AUTO sends up the same cards whichever column it looks at first (sending a card up
//!    only makes other cards ready or safe), so positions equal up to the order of their
//!    columns have the same futures. With unlimited passes the number of passes used changes
//!    nothing either and is left out of the key. Keys are the whole position, not a hash of
//!    it, so two positions never share one by accident. The walk keeps them in 32 bytes
//!    (`compact.rs`: each card's place told by what it lies on), which stand for exactly the
//!    same positions, wherever its start is one the moves could have made.
//! 3. **A closed round of the stock is one position** ([`Game::closed_round`]). With
//!    unlimited passes, dealing from a waste length the deals come back to (under draw three
//!    a multiple of three, or the whole talon) runs through the same lengths again and
//!    again. When no deal of that round sends a card up under KL-AUTO, dealing changes
//!    nothing but the waste's length, so every length of the round is reached from every
//!    other by deals alone: the positions of the round have one future, and share a key.
//!    In place of the deal, [`Game::moves`] then lists every move of every card the round
//!    turns up, after the deals that bring it up; and a move that does not touch the waste
//!    is listed from each length of the round when it leaves the round open (its positions
//!    are then apart), from the present one only when the round stays closed (its positions
//!    then share a key too). So every position a round reaches by a move is still entered.
//!    The tests check the answers against a plain search of the ruleset's actions.
//! 4. **A card KL-AUTO's test calls safe is not taken back from its foundation.** Say `P` is a
//!    position, `c` the top card of a foundation, safe by [`crate::rules::goes_up_unasked`]
//!    (its test reads only the other foundations, the same before and after `c` comes down),
//!    and `X` is `P` with `c` put back on a column's last card. In `X`, `c` is ready and safe
//!    at the end of a column, and `P` is `X` with `c` sent up, so by the argument of
//!    [`crate::rules::goes_up_unasked`] any winning line from `X` gives one from `P` that
//!    skips every action moving a low card: strictly shorter, since the line from `X` moves
//!    `c` (which is low) at least once. Measure a position by its shortest win in actions
//!    of the game without KL-AUTO: that shortest line never starts with such a return (`P`
//!    would have a shorter one), an automatic move never lengthens it (the same argument),
//!    so from any position with a win the first action of its shortest line, which the walk
//!    lists, leads with its follow-ups to a position measured less, whose key (rules 2 and
//!    3: one future) the walk enters. By induction the walk enters a won position whenever
//!    the start has a win.
//!    Over Thoughtful deals 3, 186 and 390 it cut the complete walk's positions by 2.5 to 3.5
//!    times (391,048 to 113,586 on deal 3).
//! 5. **The deals of an open round are folded** ([`Game::moves`]). With unlimited passes,
//!    no card sent up from the waste by itself (draw three, or no KL-AUTO) and none waiting
//!    in a column, a deal from a waste length the round does not come back to changes only
//!    the waste's length, up to the length where the round closes (the whole talon). Then
//!    the walk lists, in place of the deal, each waste card those deals bring up to each
//!    place it may go (after the deals), and one step of all the deals to where the round
//!    closes; the positions between are not entered. Nothing is lost: from a position between,
//!    a move that leaves the stock and waste alone gives the same position as that move
//!    made first and the same deals after it (neither changes what the other touches, and
//!    KL-AUTO then sends up the same cards), so a shortest win can be reordered to make such
//!    moves before the deals, and every other way on from there is a listed step. The
//!    induction of rule 4 goes through with these steps.
//! 6. **A split, a send-up or a return is played with its use** ([`Game::walk_moves`]). A
//!    *split* moves a group led by `x` off `y`, a turned-up card of the same column, onto `p`
//!    (the other card of `y`'s rank and colour); a *send-up* plays a column's last card `x`
//!    to its foundation (not by KL-AUTO) off `y`, a turned-up card; a *return* takes `c` back
//!    from its foundation onto `p`. Each is listed only as one step with a move right after
//!    it that uses what it made: after a split or a send-up, `y` to its foundation, or `x`'s
//!    twin (the other card of `x`'s rank and colour) with its group onto `y`, and after a
//!    send-up also `x`'s next card up; after a return, a card one lower of the other colour
//!    with its group onto `c`, or `c`'s next lower card taken back too. A use that lies in
//!    the stock and waste comes with the deals that bring it to the top, played first. The
//!    position between is not entered. Where a card goes up by itself after a split or a
//!    send-up, or the waste's top may go up by itself and a use lies in the stock and waste,
//!    the move is listed alone as before. Why no win is lost: take a shortest winning line (in actions of
//!    the game without KL-AUTO, as in rule 4) that starts with one of these moves `s`, and
//!    let `u` be the first later action that touches `y`'s (`c`'s) column or, for a send-up
//!    or a return, the card's foundation. The actions between touch neither, so they are
//!    legal, in the same order, from the position without `s` (there the group lies on `y`
//!    rather than on `p`, `x` on `y` rather than on its foundation, or `c` on its foundation
//!    rather than on `p`: nothing between puts a card on `p`, which is covered; a move of a group holding `p` works the same without what lies on
//!    `p`; a move off a card of the split group, or onto its last card, the same wherever the
//!    group lies), and after them the two positions still differ only so; if one of them
//!    moves the whole group on, the line without `s` is shorter. Then `u` is one of: `x`'s
//!    whole group back onto `y`, `x` taken back down, `c` going up again or moved on (the
//!    line without `s` and `u`, with `x` or `c` played straight to where `u` put it, wins
//!    and is shorter, which cannot be); or a use listed above: then `s` played just before
//!    `u` (before the deals that bring `u`'s card up, which touch nothing else) gives a line
//!    as short; or a move of a group holding `y` (`p` with `c` on it): then that move with
//!    the group or `x` on `y` (without `c`), and `s` after it, give a line as short whose
//!    `s` comes later. Each such exchange moves one of these moves later in a line of the
//!    same length, so they end, in a shortest line whose every such move is followed by its
//!    use, after deals at most; deals touch neither, so the line can start
//!    with the deals and the pair, which is a listed step. After a return KL-AUTO sends
//!    nothing up (the card is not safe, rule 4, and a lower foundation makes no other card
//!    safe); after a split or a send-up, when it sends anything up (beyond the card sent),
//!    the move is listed alone. So
//!    the induction of rule 4 goes through with these steps. The tests check the walk with
//!    this rule against a plain search and against the walk without it. Over Thoughtful deals
//!    3, 186, 298 and 347 the rule for splits and returns cut the complete walk's positions by
//!    1.7 to 2.2 times (deal 3: 74,675 to 35,614); send-ups took off 1 to 7 % more.
//!    An *emptying* is the same kind of move: a whole column's cards, led by `x` (not a
//!    King, nothing face down under it), moved onto `p` where no column is empty. It is
//!    listed only with a King (and the cards on it) moved into the emptied column right
//!    after: from a column where it lies on a face-down card (a King first in its column
//!    moving changes nothing), from the waste or brought up by deals (played first), or back
//!    from its foundation where rule 4 allows. The argument is the one above, with the empty
//!    column in `y`'s part: until `u`, the two positions differ only in that the group lies
//!    on `p` beside an empty column rather than filling its own (a King going into an empty
//!    column that both have leaves them so, the key forgetting which column it is); `u` is
//!    a move of `x`'s group (the line without `s` plays it straight from its column, shorter),
//!    of a group holding `p` (that move without the group, then `s`), or a King into an empty
//!    column where the line without `s` has none (then no column is empty there, `p` is still
//!    a last card and `x` still first in its column, so `s` just before `u` is a listed
//!    step). No card becomes a column's last, so KL-AUTO sends nothing up after it (were it
//!    ever to, the move is listed alone). Over Thoughtful deals 298, 370, 845, 864 and 352
//!    the walk entered 5 to 23 % fewer positions (864: 327,024 to 251,655).
//! 7. **Nothing else is pruned.** No move is skipped as useless and no card is sent up that
//!    the ruleset would not send up itself; a seen position is skipped because its whole
//!    future was, or is being, searched from where it was first seen.
//!
//! **Positions lost in a relaxed game.** A start the relaxed game proves lost
//! ([`Game::relaxed_lost`], argued in `relaxed.rs`) is answered lost before any search, and
//! the complete walk, at every other level, goes no further from a position it proves lost (stored
//! and counted like any other): the relaxed game allows every line the real one does and
//! more, so when some card cannot go up even there, no line of play from there wins. Alone
//! in the walk, Thoughtful deal 298 took 192,659 positions where it took 717,871, though deals
//! 3 and 186 took 1.4 times the CPU for a few per cent fewer; over the 85 deals of 1..1000
//! undecided at 1 s of CPU, two more were decided.
//!
//! Which of these searches run, in what order and with how many positions: `schedule.rs`.

use super::compact::WalkKey;
use super::complete::Lists;
use super::position::{Game, Key, Move, Pos, Step};
use felt_patience::search::{room_bytes, FingerprintSet, KeySet, Limits, Open};
use std::mem::size_of;

/// How a search ended.
pub type Outcome = felt_patience::search::Outcome<Move>;

/// A search's answer and its cost.
pub type Report = felt_patience::search::Report<Move>;

/// What a search remembers of the positions it saw.
trait Seen {
    /// Whether this memory serves the quick walk (its steps and keys) rather than the complete
    /// one: only whole keys may back a proof, so the memory decides which walk runs.
    const QUICK: bool;
    /// An empty memory with room for `n` positions, so that it is not rebuilt as it grows.
    fn with_room(n: usize) -> Self;
    /// Remembers `pos`; false when it was seen before.
    fn insert_pos(&mut self, game: &Game, pos: &Pos) -> bool;
    /// Positions remembered.
    fn count(&self) -> u64;
    /// Bytes the memory holds.
    fn bytes(&self) -> usize;
}

/// Whole keys: what the complete walk keeps, so two positions never share one.
type Keys = KeySet<Key>;

impl Seen for Keys {
    const QUICK: bool = false;
    fn with_room(n: usize) -> Self {
        Keys::with_capacity_and_hasher(n, Default::default())
    }
    fn insert_pos(&mut self, game: &Game, pos: &Pos) -> bool {
        self.insert(game.key(pos))
    }
    fn count(&self) -> u64 {
        self.len() as u64
    }
    fn bytes(&self) -> usize {
        room_bytes(self.len(), self.capacity(), (size_of::<Key>() + 1) * 8 / 7)
    }
}

/// Compact whole keys (`compact.rs`): what the complete walk keeps where its start allows
/// them, half the bytes of [`Keys`] and standing for the same positions.
type CompactKeys = KeySet<WalkKey>;

impl Seen for CompactKeys {
    const QUICK: bool = false;
    fn with_room(n: usize) -> Self {
        CompactKeys::with_capacity_and_hasher(n, Default::default())
    }
    fn insert_pos(&mut self, game: &Game, pos: &Pos) -> bool {
        self.insert(game.walk_key(pos))
    }
    fn count(&self) -> u64 {
        self.len() as u64
    }
    fn bytes(&self) -> usize {
        room_bytes(
            self.len(),
            self.capacity(),
            (size_of::<WalkKey>() + 1) * 8 / 7,
        )
    }
}

/// Fingerprints of quick keys: what the quick searches keep, which look only for wins (a
/// shared fingerprint may hide a line from them, never make one up).
impl Seen for FingerprintSet {
    const QUICK: bool = true;
    fn with_room(n: usize) -> Self {
        FingerprintSet::with_capacity_and_hasher(n, Default::default())
    }
    fn insert_pos(&mut self, game: &Game, pos: &Pos) -> bool {
        self.insert(game.quick_fingerprint(pos))
    }
    fn count(&self) -> u64 {
        self.len() as u64
    }
    fn bytes(&self) -> usize {
        room_bytes(self.len(), self.capacity(), (size_of::<u64>() + 1) * 8 / 7)
    }
}

/// Room to make at once for a search within `limits` whose entries take `entry` bytes: all of
/// its positions, up to a bound on what a search that ends early would waste, and never more
/// than a quarter of its memory.
fn room(limits: &Limits<'_>, entry: usize) -> usize {
    let by_memory = (limits.max_bytes() / 4 / entry.max(1)) as u64;
    limits.max_states().min(1 << 20).min(by_memory) as usize
}

/// One level of the walk: a position, its actions (a range of the shared list) and the next
/// one to try.
struct Frame {
    pos: Pos,
    start: usize,
    end: usize,
    next: usize,
}

/// The complete walk alone, within `limits`: the one search whose end without a win proves
/// the game lost. Public so that tests can check its answers against a plain search of the
/// ruleset's actions, wins included (the quick searches find most wins first).
pub fn complete_walk(game: &Game, start: &Pos, limits: &Limits<'_>) -> Report {
    walk(game, start, limits, false)
}

/// What one move more costs against [`Game::distance`] in the quick search. Over Thoughtful
/// deals 1..1000 at 1M positions (before the distance weighed blocking cards, and before the
/// probes) a charge of 2 won 795 (790 within 1 s), of 1 won 794 (783), with shorter lines.
const DEPTH_COST: i32 = 2;

/// A best-first search's link from a position: its parent's number, the step from there,
/// and its depth.
type Link = (u32, Step, u16);

/// The positions a best-first search can hold within the search's memory: each position's
/// copy, link, place in the queue and fingerprint, with room for their tables to double (a
/// quick stage stopped by the memory would stop the whole search).
pub(super) fn best_first_room(limits: &Limits<'_>) -> u64 {
    let position = 2 * (size_of::<Pos>() + size_of::<Link>() + size_of::<Open<()>>())
        + 2 * (size_of::<u64>() + 1);
    (limits.max_bytes() / position).max(1) as u64
}

/// The first quick search: best first over [`Game::quick_moves`], the open position nearest a win
/// ([`Game::distance`] plus [`DEPTH_COST`] a move) first.
pub(super) fn best_first(game: &Game, start: &Pos, limits: &Limits<'_>, blocking: bool) -> Report {
    if game.won(start) {
        return Report::new(Outcome::Won(Vec::new()), 1);
    }
    let mut seen = FingerprintSet::with_room(room(limits, size_of::<u64>() + 1));
    seen.insert_pos(game, start);
    // Node 0 is the start; each other node's parent and the step that led to it.
    let mut positions: Vec<Pos> = vec![*start];
    let mut links: Vec<Link> = vec![(0, Step::one(Move::Deal), 0)];
    let mut open = std::collections::BinaryHeap::new();
    open.push(Open {
        priority: game.distance(start, blocking),
        node: 0,
        item: (),
    });
    let mut steps = Vec::with_capacity(64);
    let mut dealt = Vec::with_capacity(32);
    let mut peak = 0usize;
    while let Some(Open { node, .. }) = open.pop() {
        let pos = positions[node as usize];
        let depth = links[node as usize].2;
        game.quick_moves_dealt(&pos, &mut steps, &mut dealt);
        for &s in &steps {
            // The same as `game.step(&mut next, s)` from `pos`: the deals were played once.
            let mut next = Game::dealt(&pos, dealt[s.deals as usize]);
            game.play(&mut next, s.then);
            if !seen.insert_pos(game, &next) {
                continue;
            }
            let id = positions.len() as u32;
            positions.push(next);
            links.push((node, s, depth.saturating_add(1)));
            if game.won(&next) {
                let mut line = Vec::new();
                let mut at = id;
                while at != 0 {
                    let (parent, s, _) = links[at as usize];
                    // Pushed last first: the line is reversed at the end.
                    let at_once: Vec<Move> = s.actions().collect();
                    line.extend(at_once.into_iter().rev());
                    at = parent;
                }
                line.reverse();
                return Report::new(Outcome::Won(line), seen.count()).holding(peak as u64);
            }
            let stop = limits.stop(seen.count(), &mut peak, || {
                seen.bytes()
                    + room_bytes(positions.len(), positions.capacity(), size_of::<Pos>())
                    + room_bytes(links.len(), links.capacity(), size_of::<Link>())
                    + room_bytes(open.len(), open.capacity(), size_of::<Open<()>>())
            });
            if let Some(stopped) = stop {
                return Report::undecided(seen.count(), stopped).holding(peak as u64);
            }
            open.push(Open {
                priority: game.distance(&next, blocking) + DEPTH_COST * i32::from(depth + 1),
                node: id,
                item: (),
            });
        }
    }
    Report::new(Outcome::Lost, seen.count()).holding(peak as u64)
}

/// One depth-first walk, over the quick steps (remembering fingerprints) or over every action
/// (remembering whole keys).
pub(super) fn walk(game: &Game, start: &Pos, limits: &Limits<'_>, quick: bool) -> Report {
    if quick {
        walk_with::<FingerprintSet>(game, start, limits, size_of::<u64>() + 1)
    } else if game.compact_keys_hold(start) {
        walk_with::<CompactKeys>(game, start, limits, size_of::<WalkKey>() + 1)
    } else {
        walk_with::<Keys>(game, start, limits, size_of::<Key>() + 1)
    }
}

/// The walk remembering positions in `S`, whose entries take `entry` bytes.
fn walk_with<S: Seen>(game: &Game, start: &Pos, limits: &Limits<'_>, entry: usize) -> Report {
    let quick = S::QUICK;
    let (mut lists, mut dealt) = (Lists::default(), Vec::new());
    let mut list = |pos: &Pos, out: &mut Vec<Step>| {
        if quick {
            game.quick_moves_dealt(pos, out, &mut dealt)
        } else {
            game.walk_moves(pos, out, &mut lists)
        }
    };
    if game.won(start) {
        return Report::new(Outcome::Won(Vec::new()), 1);
    }
    let mut seen = S::with_room(room(limits, entry));
    let mut peak = 0usize;
    seen.insert_pos(game, start);
    let mut all: Vec<Step> = Vec::new();
    let mut scratch = Vec::with_capacity(64);
    let mut stack: Vec<Frame> = Vec::new();
    list(start, &mut scratch);
    all.extend_from_slice(&scratch);
    stack.push(Frame {
        pos: *start,
        start: 0,
        end: all.len(),
        next: 0,
    });
    while let Some(top) = stack.last_mut() {
        if top.next == top.end {
            all.truncate(top.start);
            stack.pop();
            continue;
        }
        let m = all[top.next];
        top.next += 1;
        let mut next = top.pos;
        game.step(&mut next, m);
        if !seen.insert_pos(game, &next) {
            continue;
        }
        if game.won(&next) {
            // Each level's last action tried is the line's step from it.
            let line: Vec<Move> = stack
                .iter()
                .flat_map(|f| all[f.next - 1].actions())
                .collect();
            return Report::new(Outcome::Won(line), seen.count()).holding(peak as u64);
        }
        let stop = limits.stop(seen.count(), &mut peak, || {
            seen.bytes()
                + room_bytes(all.len(), all.capacity(), size_of::<Step>())
                + room_bytes(stack.len(), stack.capacity(), size_of::<Frame>())
        });
        if let Some(stopped) = stop {
            return Report::undecided(seen.count(), stopped).holding(peak as u64);
        }
        // The relaxed game at every other level of the walk: a lost position one level on
        // is cut there, and the check costs about a third of a step. Over Thoughtful deals 3,
        // 78, 97, 186, 298, 352 and 370 the complete walk alone took 7.5 % less CPU for 7 %
        // more positions (every third level: 1.5 % less CPU, 14 % more positions).
        let skip = stack.len() % 2 == 1;
        if !quick && !skip && game.cuts_relaxed_lost() && game.relaxed_lost(&next) {
            // Lost even in the relaxed game: stored, and counted, but not searched past.
            continue;
        }
        list(&next, &mut scratch);
        let start = all.len();
        all.extend_from_slice(&scratch);
        stack.push(Frame {
            pos: next,
            start,
            end: all.len(),
            next: start,
        });
    }
    Report::new(Outcome::Lost, seen.count()).holding(peak as u64)
}
