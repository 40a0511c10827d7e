//! The engine's analysis (PA-DEADEND): a solver that sees every card, an honest hint that
//! reads nothing the player has not seen, and the dead-end check, all from one search
//! ([`search`](mod@search)) over the engine's own tables and legal actions, held to the
//! request's budget by `felt_patience::search::Limits` as FreeCell's and Klondike's are.
//!
//! **What the player has not seen** ([`hidden`]): the face-down cards of the columns, the
//! cards under the top of each stacked reserve pile (an open pile's lie in view), and the stock, until its cards have all been
//! turned once; and, where the columns are gathered and dealt again (`redeal = "gather"`),
//! each gather still to come, counted one: where its shuffle lays the cards is the game's
//! own secret until it is dealt, so an honest search stops at a gather as at a turned card; nothing at all in a game dealt with `hidden = false` (Thoughtful), which lays
//! every card in view. A stock is seen once the waste has been turned over to be the stock
//! again (`State::turned`; a loaded position with a counted redeal spent says so too): a
//! redeal only comes when every stock card has been turned to the waste. A table with none of
//! these is *open*: the player knows every card, and the full-information solver reads
//! nothing hidden.
//!
//! **Soundness of "unwinnable".** Each search ([`runs`]: depth first and best first, run in
//! turns) is a plain graph search of the tables reachable from the start: every action
//! [`crate::play::Play::legal`] lists (the ruleset's own legal actions, which are every action
//! its check accepts) is tried from every table reached, each carried out by the ruleset's
//! own [`crate::play::Play::perform_into`], and the only things skipped are a table whose key
//! was stored already, under rule 2 below a move to a second empty pile of a kind (see
//! there), under rule 8 a move no shortest winning line makes, under rules 9 and 10 the
//! moves from a table no line wins from, under rule 11 a move to a table one move from
//! the table before, and under rules 12 and 13 every move but one from a table where a card
//! goes up first, or is laid first on a card that never moves, and under rule 15 a run's
//! last card into a cell alone. So a search that ends within its budget has seen every table
//! reachable up to the keys along the lines that could be shortest wins (under rule 13, lines
//! as short), and claims a loss only if none is won. The keys leave out seven things (rules 1
//! to 7), each sound for the settings it is used under, rules 8, 11, 12, 13 and 15 leave out
//! moves, rules 9 and 10 two kinds of table, and rules 14 and 15 add steps made of legal
//! moves:
//!
//! 1. **The score and the move count.** No rule reads either: what can be played and whether
//!    the game is won are the same at any score.
//! 2. **The order of the columns, of the free cells and of the foundations**, used unless the
//!    stock deals onto the columns (its i-th card goes to the i-th column), or onto the first
//!    of several foundations, or `automatic = "all"` sends cards up (it sends the first
//!    source it finds, so the order picks which card goes), or the columns are laid in
//!    overlapping rows (`tableau.rows`: a column's place says which columns cover it,
//!    PA-COVER). A stock dealt onto the columns
//!    reads their order only when it deals: in a table whose stock and waste are empty and
//!    no redeal is left ([`search::Searcher::symmetric_at`]), and in every table it leads to,
//!    which are such tables too (nothing puts a card back on a stock with no redeal left),
//!    no rule reads it any more, and the order is left out there (Wasp deal 18 proven lost
//!    at 357,142 tables in 0.99 s of CPU, against 2,085,022 in 6.4 s). Such a table's key
//!    and one whose stock still holds cards never meet: the stock's size is in both. Let R relate two tables equal up
//!    to reordering their columns, cells and foundations. Every other rule treats all
//!    columns alike, all cells alike and all foundations alike: a move's check reads the
//!    piles it names and the *number* of free cells and empty columns (the supermove), a
//!    face-down card left last turns up in whichever column, a full suit leaves for whichever
//!    foundation is empty (another foundation would be a reordering), empty columns filled by
//!    themselves are filled in column order but are alike before they are filled (another
//!    order is a reordering), and the safe rule, where it is proven, sends cards up to a
//!    fixed point that does not depend on the order: a card safe to send stays safe and its
//!    foundation keeps taking it (foundations only grow, by suit, one way), until it or its
//!    twin from another pack goes, which is the same card (where spaces fill by themselves,
//!    a card is sent only from under another of its column, which no order changes: sending
//!    one empties no column). So from tables related by R the
//!    same actions (their piles renamed) are legal, lead to tables related by R, and one is
//!    won exactly when the other is: they win alike. Under this rule the search also tries a
//!    group on only the first empty column, the first empty cell and the first empty
//!    foundation that its turn reaches ([`crate::play::Play::legal_distinct`]): two empty piles
//!    of one kind are alike to every check (a check reads a pile's cards and the counts of
//!    free cells and empty columns, the same with either empty), and the tables the group
//!    leads to on each differ only by which of the two holds it, so they are related by R:
//!    the second is the first's key, which the search would skip. For the same reason it
//!    leaves out ([`crate::play::Play::legal_distinct_settled`]) a cell's card moved into an
//!    empty cell, and a whole column of face-up cards moved into an empty column where empty
//!    columns do not fill by themselves: from a settled table (nothing turns, leaves, fills
//!    or goes up by itself: every table an action leads to, and the start where the search
//!    checks it is, `search::Searcher::settled_at`) such a move leads to the table itself
//!    up to R, for nothing it sets off could have been set off before (the checks read the
//!    piles' cards and the counts of free cells and empty columns, unchanged); that key is
//!    the table's own, stored before its moves are listed. (Seahaven Towers deals 1..100 at
//!    1 s: see docs/engine-figures.md.)
//! 3. **A foundation's cards under its top**, when cards never come back down
//!    (`foundations.back = false`): then the rules read a foundation's size (full at 13, the
//!    win) and its top card (what it takes next), and the safe rule, the one reader of the
//!    rest, is used only by suit one way with four foundations a pack, each complete at
//!    thirteen (round the corner under `wrap`, never twice), where each card on a foundation
//!    is the one before the card above it, so the size and the top say them all. Golf's hole
//!    is one pile in many orders: keyed by its top it is one table.
//!
//! 4. **The cards of a stock never turned over again, and of each reserve pile whose top card
//!    alone plays** (`shape = "stack"` or `"open"`): keyed by their number alone, each reserve
//!    pile's in its own place. Within one search every table comes from its start by actions,
//!    and where `stock.redeals` is 0 nothing ever puts a card on the stock (a deal, to the
//!    waste, the columns or the hole, and a column filled from it, take its top cards; only a
//!    redeal gives it cards), and nothing but the top card of such a reserve pile ever leaves
//!    it while nothing goes onto it (PA-MOVE refuses a move there; a space filled from the
//!    reserve takes a pile's top card too). So each is the start's pile with its top cards
//!    gone, and two tables of one search with as many cards in the same pile hold the same
//!    cards there. That holds pile by pile, not across piles: the reserve piles are keyed in
//!    their fixed order, never sorted as rule 2 sorts the columns, since two piles' sizes
//!    swapped say other cards. (A fanned reserve, every card of which plays, is keyed card by
//!    card, its piles in the same fixed order.)
//!
//! 5. **The suit of a foundation's top card**, where foundations build regardless of suit
//!    (`foundations.by = "any"`: Golf's and Black Hole's hole) and no card comes back down,
//!    no full suit is removed to them and no card goes up as dealt. Then every rule reads a
//!    foundation by its size, whether it is empty, and whether a card follows its top, which
//!    regardless of suit reads the ranks alone; the safe rule, proven only for foundations by
//!    suit, sends nothing up; and the top card itself never moves again. So two tables that
//!    differ only in the suits of their foundations' tops have the same moves, to tables that
//!    differ in the same way, and win alike. (Deals 101..140 at 1 s: Golf 15 → 11 undecided,
//!    Black Hole 21 → 19.)
//!
//! 6. **Where a closed round of the stock stands**, in a full-information search
//!    ([`search::Searcher::key_for`]). Take a stock dealt to a waste `d` cards at a time and
//!    turned over as it was without end, where nothing goes up by itself or only the safe
//!    rule's cards of a single pack do. Read the stock and the waste as one run of `n` cards
//!    in the order they are dealt (the waste's from its first card, then the stock's from its
//!    top): deals never change that run, only how much of it is in the waste, `p`. From a
//!    waste of 0, `d`, `2d`, … or `n` cards (the round's sizes), deals go through all of
//!    these sizes and back. A table is *closed* when its waste has one of these sizes, no
//!    card the round shows on top of the waste would go up by itself (the same check the
//!    automatic move makes), and no empty column would fill by itself: then every deal of
//!    the round changes the waste's size and nothing else (the table was settled, and the
//!    one new card that could go up does not), so the round's tables reach each other by
//!    deals alone and win alike, and they share a key: the run, not `p`, and not whether the
//!    stock was turned, which no rule reads. The search expands such a table with the round:
//!    its own moves (the deal leads back to its key), and, after the deals to each other size
//!    of the round, the moves of the card on the waste, and each move `A` of the table
//!    expanded that does not take the waste's card and either leaves a table not closed or
//!    sends a waste card up. Every other `A` from another size of the round leads to a table
//!    of the same key as from this one: `A` is legal from either (it reads no waste), and the
//!    cards that go up after it are the same, for were the other size's top card to go up
//!    at some point, its foundation would still wait for it once the rest had gone up (a
//!    single pack holds one such card, and it lies in the run), where the check of the table
//!    `A` led to saw no such card. So every table the round's tables reach in one action is
//!    stored or keyed as one stored.
//!
//! 7. **The key itself, for its fingerprint.** A search stores each key as a 128-bit
//!    fingerprint ([`search::Searcher::fingerprint`]), not the bytes: a table whose key has
//!    the fingerprint of one stored is skipped as if its key were. Each column's bytes are
//!    hashed alone by XXH3-128; where rule 2 leaves the columns' order out of the key the
//!    hashes are added up mod 2^128 (a sum that is the same in any order, so no sorting),
//!    else each is hashed with its place as the seed; the sum and the rest of the key are
//!    hashed again. XXH3 was built and tested (SMHasher) to give distinct inputs outputs that
//!    collide no more often than random ones. Read as random, two keys with the same rest
//!    and different multisets of columns have sums that differ by a combination of column
//!    hashes with whole coefficients of at most 64 (the columns), not all zero, which is 0
//!    mod 2^128 with odds at most 2^-122 (at most six factors of two in a coefficient); and
//!    the last hash, of distinct inputs, collides with odds 2^-128. So among `n` tables any
//!    two share a fingerprint with odds below `n² / 2^117` with the five bits the searches'
//!    flags take (below): for the 10^8 tables a search holds at most, below 10^-19, far below
//!    the odds of the machine erring. Only a shared fingerprint could make a search skip a
//!    table it never saw, and with it a win; a win is never made up by it, since lines come
//!    from the search's own steps and are replayed. Spider's solver keeps its 128-bit
//!    Zobrist keys on the same argument. Storing 16 bytes a table in one flat array
//!    (`runs/fingerprints.rs`) where a key held about 100 in a map and on the heap, and
//!    comparing none byte by byte, a search stores the same tables about a third faster
//!    (King Albert deal 39: the same 346,312 tables in 1.33 s of CPU against 1.62 s with the
//!    fingerprints in a general-purpose map; Storehouse deal 15: 647,375 tables in 1.37 s
//!    against 1.77 s, the flat array against that map). Summing the columns' hashes where
//!    the columns were sorted, and hashing again only the columns a child changed, cut
//!    another tenth (Yukon deal 6, proven lost at the same 180,694 tables: 1.14 s of CPU
//!    against 1.32 s).
//!
//! 8. **A home run's top card into a free cell** is a move the search does not make
//!    ([`crate::play::Play::legal_distinct`]), in games where [`crate::play::Play::home_runs_hold`]
//!    (one pack built down by suit, foundations up by suit from the Aces, spaces for a King
//!    or nothing, free cells: Seahaven Towers, Eight Off), which gives the argument whole: a
//!    *home run* is a column of face-up cards from a King down by suit, two cards or more;
//!    its top card has nowhere to go but up, a cell and back, and a shortest winning line
//!    that parked it would win without that move, shorter. (Seahaven Towers deal 73, proven
//!    lost at 310,692 tables in 1.64 s of CPU against 336,246 in 2.61 s. Tests: a plain
//!    search on tables with home runs, the rule off, the FreeCell crate's Seahaven.)
//!
//! 9. **A table where some card can never reach the hole** is stored but not expanded, by a
//!    full-information search ([`search::Searcher::hopeless`]), in games of one foundation
//!    built regardless of suit that takes every card (Golf, Black Hole, Tri Peaks). The rank
//!    of the hole's top changes only by a card in play stepped onto it (one rank on, as the
//!    hole builds) or a stock card dealt there; cards only leave play; so every rank the top
//!    will show is reached from its rank now or a stock card's by steps through the ranks of
//!    the cards in play, and a card in play of any other rank never goes; once the stock is
//!    out, the top's walk must land on each rank as often as it has cards in play, which a
//!    count of the walk's steps between neighbouring ranks rules out on some tables
//!    (Euler's argument on trails): [`reach`] gives both arguments whole. The verdict reads
//!    only ranks and the cards in play and in the stock, the same for every table of one
//!    key. Where nothing is built on the columns, it also looks card by card: a set of the
//!    columns' cards each of which lies under another of them, or may go only on cards that
//!    lie under it, in the set, or higher up its column with a card between, never goes
//!    ([`reach`] gives the argument). (Deals 1..100 at 1 s: Golf 30 → 5 undecided, Black
//!    Hole 14 → 3; Tri Peaks deal 87 proven lost at 355,163 tables against 448,517; card by
//!    card, deals 1..200: Golf 6 → 1. Tests: hand-laid tables; every
//!    table the rule calls lost, on small tables of the three games and random moves from
//!    them, against a plain search; tables won by construction, from random walks, never
//!    called lost and won by the solver.)
//!
//! 10. **A table where some card lies for good above every card it could go up on** is
//!     stored but not expanded by a full-information search ([`search::Searcher::hopeless`]),
//!     in one-pack games without free cells whose spaces take nothing or only a King (Fan,
//!     Klondike, Yukon, Baker's Dozen, …): a card `X` whose every way up (the cards a
//!     foundation takes it on) lies under it in its column, where no card from just above the
//!     lowest of them up to `X` can ever start a moving group (each card it builds on lies
//!     among those cards under it, or is up for good, and no space takes it), never goes up.
//!     [`locked`] gives the argument whole, with what face-down cards, runs and one-card moves
//!     add to it, the sets of cards that hold each other across columns, and Kings held
//!     where the set pins every column (measures there). (Fan deals 1..200 at 1 s: 21 → 17
//!     undecided, median 83 → 40 ms. Tests: hand-laid tables, among them one a wrong reading
//!     calls lost, one only the sets across columns see and one only the pins see, and every
//!     table the rule calls lost on small tables of six games, and of three-column games,
//!     and random moves from them, against a plain search.)
//!
//! 11. **The group a plain move just laid is not moved again at once**, by a full-information
//!     search ([`runs`]'s `landing`). A move is *plain* when it takes a group from a column,
//!     a cell, the waste or the reserve to a column or a cell and nothing goes up or leaves
//!     by itself after it (a card under it may turn), in a game whose spaces do not fill by
//!     themselves, and, where a supermove's room counts, of one card. Say the move `m1` took
//!     group `G` from pile `A` of table `P` to pile `B`, making `T`, and from `T` a move `m2`
//!     takes `G` (the cards from where `G` landed) on to `C`. If `C` is `A`, `m2` leads back
//!     to `P`; if `A` and `C` are both cells, to `P` with `G` in another cell, which a move
//!     from cell to cell makes from `P` (or `P` itself up to rule 2); else the same group
//!     taken from `A` to `C` is legal in `P`: it is lifted as `m1` lifted it, `C`'s last card, the
//!     empty piles that could take it and the room are as in `T` (`m1` changed only `A` and
//!     `B`, and a supermove of one card needs none), and it leads to the very table `m2`
//!     does (`A` as `m1` left it, `B` as in `P`, `G` on `C`, the same cards going up after
//!     it by the safe rule's fixed point). So every table a left-out `m2` makes is one move
//!     from `P`, the table the search expanded to make `T`; where that move is left out in
//!     turn, `P` was made by a plain move of `G` too, and the same holds one table further
//!     back, down to a table where it is made: every table reachable is still stored, and a
//!     search that stores them all stores the same. (Streets and Alleys deal 59 proven lost
//!     at the same 404,735 tables in 1.64 s of CPU against 1.91 s; Seahaven Towers deal 73
//!     at 310,692 in 1.49 s against 1.61 s. The tests compare the tables stored with and
//!     without the rule on small tables of twelve games and on whole lost deals of five.)
//!
//! 12. **A card nothing needed can be laid on goes up first**, the one move a
//!     full-information search makes from such a table ([`search::Searcher::force`]): a card
//!     a foundation takes now, every card that may be built on it (its followers) either up
//!     or the card its foundation takes next with every follower of its own up, in one-pack
//!     games of the safe rule's settings whose stock, if any, deals alike whether the card
//!     went up or not (to a waste turned over as it was, or onto the columns; a gather only
//!     once it is out for good), whose spaces never fill by themselves and whose groups are
//!     runs or single cards (Beleaguered Castle, King Albert, Fore Cell, East Haven, …):
//!     whatever a winning line lays on that card it can send up instead, so a line that
//!     sends the card up first wins too and is no longer ([`forced`] gives the argument
//!     whole). Building regardless of suit, a card at most two ranks above every
//!     foundation; in alternate colours, one whose two followers are up, or next with their
//!     own followers up. (Deals 1..200 at 1 s: see docs/engine-figures.md; East Haven deals
//!     1..300 16 -> 13 undecided once its stock was out, 14 -> 1 with it dealing. Tests:
//!     hand-laid tables, among them one a reading that asks nothing of the followers'
//!     followers calls lost and one where the rule waits for Trefoil's gather, and small
//!     tables of nine games, East Haven and Klondike by Threes with their stocks among them,
//!     and random moves from them against a plain search.)
//!
//! 13. **A card laid on a card that never moves but up is laid there first**, the one move a
//!     full-information search makes from such a table ([`onto`] gives the argument whole),
//!     in one-pack games without free cells where single cards move, each card may lie on
//!     one card only (building by suit) and spaces take a King or nothing, at tables whose
//!     stock is out for good (Fan, and Trefoil once its last gather is dealt): a
//!     column's last card `c` goes onto the last card `p` of another column that it may lie
//!     on, where `p` lies right on the one card it may lie on itself and the foundation takes
//!     `p` only on `c`; in rule 8's games (cells, runs: Seahaven Towers, Eight Off) where `p`
//!     is a home run's top, `c` also a cell's card or a run's first card ([`onto`]). Until a winning line moves `c`, `p` cannot move and nothing else can
//!     be laid on it, so the line played with `c` on `p` from the start wins too, in as many
//!     moves or fewer; each such move lays one more card on the card it may lie on, so the
//!     search is not led round. (Fan deals 1..200 at 1 s, paired: 7 → 0 undecided, median
//!     CPU 0.22 of before, tables 0.25. Tests: hand-laid tables, one where the card laid on
//!     lies on another card, and small tables of Fan and of Fan in deep columns with and
//!     without spaces and automatic moves against a plain search; they fail where the rule
//!     forgets that `p` must lie on its own card.)
//!
//! 14. **A run is carried through the cells and spaces in one step**, where one card moves
//!     at a time ([`carry`] gives the settings and the argument): a step made of the single
//!     moves that carry it, each checked by the ruleset, so it leads only to a table they
//!     reach anyway and leaves nothing out. (King Albert deals 1..1000 at 1 s: 30 -> 24
//!     undecided; tests against the single moves, a plain search and the solver without it.)
//!
//! 15. **A run goes into the cells whole, in one step**, in rule 8's games whose runs move
//!     whole ([`park`] gives the argument): a column's last card lying on the next higher card
//!     of its suit is not moved into a cell alone; where the free cells hold its whole run,
//!     one step parks the run there. A shortest line that parks such a card can be reordered,
//!     as short, to park its run in a row or move it whole first. (Seahaven Towers deal 73,
//!     proven lost at 129,125 tables against 216,870. Tests: hand-laid tables, and small
//!     tables of Seahaven and Eight Off against a plain search.)
//!
//! Nothing else is pruned or added: a won line found is made of the ruleset's own legal
//! actions (rules 14 and 15's steps spelled out as theirs), and each is replayed through
//! [`felt_core::Ruleset::apply`] before it is given.
//!
//! **A loss proven by the searches together.** Where the depth-first searches search every
//! legal action (they fold no deals), each leaves alone every table the best-first search
//! has already expanded, and after their first turns every table the other depth-first
//! search has (every child of it stored for that search: the best-first one marks such a
//! table, and a depth-first one, from then on, marks each table once it has stored its
//! children); from the same turn the best-first search leaves alone every table a
//! depth-first one has so marked; and once both depth-first searches have expanded every
//! table they stored but those ([`runs::Step::Covered`]) the best-first search leaves alone,
//! from then on, every table either stored. A loss is then proven when none of the three has
//! anything left to expand (the best-first search alone, once it leaves alone no table a
//! depth-first one expanded but the two have covered theirs): every table any of the three
//! expanded has each child stored by the search that expanded it, so expanded in the end by
//! that search, or left alone by it as expanded by another before (whose children that one
//! stored in turn, and, having nothing left, expanded or left alone in the same way), or,
//! for the best-first one, left alone as stored by the two covering depth-first ones. The
//! tables they expanded are thus closed under the ruleset's actions, hold the start, and
//! none is won. (Under rule 9 a table any search calls hopeless counts as expanded, with no
//! children: the verdict is the key's, so every search gives it alike, and no line from it
//! wins; so under rule 10. Under rules 12 and 13 such a table's one child is all it has: the
//! tables are closed under the moves the searches make, and a table with a win has a child
//! nearer one (a shorter line, or under rule 13 one as short with one more card laid on the
//! card it may lie on: [`onto`]), so from a start that could be won they would have reached
//! a won table.)
//! All use the same full-information keys, so each table is one key
//! to all. (Losses are proven at the same count of tables, about a quarter sooner: Storehouse
//! deal 20 in 1.20 s of CPU against 1.58 s, Wasp deal 62 in 1.11 s against 1.63 s. The two
//! depth-first searches leaving each other's expanded tables alone from their first turns on
//! proved Streets and Alleys deal 59 at the same 404,735 tables in 1.30 s against 1.68 s,
//! Black Hole deal 180 in 1.79 s against 2.57 s; from the turn of 16,384 tables on, which
//! keeps the quick wins each order finds alone, deal 59 in 1.46 s: `SHARE_AFTER` in
//! runs.rs. The best-first search leaving the depth-first searches' expanded tables alone
//! from that turn too, rather than only once both have covered, proved Seahaven Towers deal
//! 73 at the same 310,692 tables in 0.97 s against 1.81 s: the one that had done most of
//! the proof no longer went again through the tables the other two had expanded.)
//!
//! **A quick search proves nothing.** Where a stock is dealt to a waste without end, the
//! depth-first search folds deals into the move of the card they bring up ([`fold`]): its
//! steps are the ruleset's actions in a row, so a win it finds is real, but it leaves lines
//! out, and when it runs out of steps it has shown nothing and gives its turns to the
//! best-first search, which tries every legal action as above and alone may prove the loss.
//! The tests compare every answer with a plain search of the ruleset's actions on many small
//! positions of several games.
//!
//! **Hints never loop.** An honest search ([`search::Mode::Honest`]) stops each line at
//! the first action that shows a card not seen, without looking at it, and answers the best
//! such line (or a win among the tables the player can reach without seeing anything new),
//! its steps as the hint's plan, which the host follows whole ([`felt_core::Advisor`]). Where
//! its budget stops it before any such line, it answers the line to the table it stored
//! that is nearest a win by [`search::Searcher::distance`], strictly nearer than the start
//! ([`search::Found::Nearer`]); if none is, it searches once more with
//! [`hint::HONEST_WIDER`] times the budget, and where that finds nothing either there is no
//! hint (the game is stuck, as far as the player can see). Where the player sees every card
//! the hint is the first step of a solver win; where the solver finds none within the budget,
//! the legal move nearest a win, if it comes strictly nearer than the table it leaves, else
//! the shortest line the solver's best-first search stored to a table strictly nearer (from
//! a search of [`hint::HONEST_WIDER`] times the budget where the first stored none), else no
//! hint; a table proven lost gets none. The next ranks, which the host asks where a hint
//! goes back to a table the game stood on, are then only moves that come nearer (none after
//! such a line). So a followed plan wins, or ends with a card fewer
//! hidden, or with as many hidden at a table strictly nearer a win; the number of hidden
//! cards never grows (a redeal turns the stock seen, and the turn is kept in the table, so a
//! stock redealt without end stops counting as new once it has come round), and the
//! distance is a whole number bounded below, so the plans are finitely many and the game
//! ends. (The hint used to fall back on the legal move nearest a win whether or not it came
//! nearer: moves that looked as near as each other then went round, every table new, the
//! host's check for a table come back never firing: with cards hidden, the stock turned
//! between them, Klondike deal 11 took 261 actions to end, deal 13 1,368 and 136 s of CPU;
//! with every card seen, single cards went from column to column, Lucas deal 3 on past 300
//! actions at half a second a hint.)

pub mod carry;
pub mod fold;
pub mod forced;
pub mod hint;
pub mod locked;
pub mod onto;
pub mod packed;
pub mod park;
pub mod reach;
pub mod runs;
pub mod search;

use crate::engine::Engine;
use crate::play::{Play, State};
use crate::vocabulary::{Redeal, ReserveShape, StockDeal};
use felt_core::analysis::{KeepGoing, Report as Figures, Stopped};
use felt_core::{Action, Analysis, AnalyzeRequest};
use felt_patience::search::{Limits, Outcome, Report};
pub use hint::{hint, HINT_LOOK_BUDGET, HINT_LOOK_STATES};
use search::{Found, Mode, Searcher};

/// Tables a dead-end question may store: enough to prove most lost tables, few enough to
/// answer while the player waits. A table not proven stuck within it is not called stuck.
pub const DEAD_END_STATES: u64 = 100_000;

/// Tables the check that ends a lost game (PA-DEADEND) may store after each move, where the
/// player sees every card: a lost table this small is proven lost, a larger one plays on.
pub const STATUS_STATES: u64 = 500;

/// The most legal actions a table may have for the status to search it (PA-DEADEND): the
/// status is asked after every move, and the engine's search is not one a game can afford
/// at every table; a lost game comes down to a few actions before it is over, and is called
/// over there (the dead-end question, [`stuck`], searches any table).
pub const STATUS_MOVES: usize = 3;

/// The cards the player has not seen in `s` (module docs).
pub fn hidden(play: &Play, s: &State) -> usize {
    if !play.game.hidden {
        // `hidden = false` (Thoughtful): every card is in view, the stock's order and a
        // stacked reserve's cards too, and no card is dealt face down.
        return 0;
    }
    let down: usize = s.columns.iter().map(|c| c.down).sum();
    let reserve: usize = if play.game.reserve_shape == ReserveShape::Stack {
        s.reserve.iter().map(|p| p.len().saturating_sub(1)).sum()
    } else {
        // A fan and an open pile lie in view.
        0
    };
    let stock_seen = play.game.stock.is_some_and(|st| {
        st.deal == StockDeal::Waste
            && (s.turned || matches!((st.redeals, s.redeals), (Some(n), Some(left)) if left < n))
    });
    // Each gather to come deals the cards where the player has not seen them (module docs).
    // A gather's redeals are counted (refused without end), so each one lowers the count.
    let gathers = match (play.game.stock, s.redeals) {
        (Some(st), Some(left)) if st.redeal == Redeal::Gather => usize::from(left),
        _ => 0,
    };
    down + reserve + gathers + if stock_seen { 0 } else { s.stock.len() }
}

/// Whether `state` has the piles of `engine`'s game (a loaded position may not).
fn whole(engine: &Engine, state: &State) -> bool {
    let ids = engine.play().ids;
    state.columns.len() == ids.columns
        && state.foundations.len() == ids.foundations
        && state.cells.len() == ids.cells
}

/// Answers an analysis request.
pub fn analyze(
    engine: &Engine,
    state: &State,
    request: &AnalyzeRequest,
    keep_going: KeepGoing<'_>,
) -> Analysis {
    if !whole(engine, state) {
        // Not a table of this game (a damaged save): no claim either way.
        return request.no_claim();
    }
    let open = hidden(engine.play(), state) == 0;
    match request {
        AnalyzeRequest::Solve {
            full_information,
            budget,
        } => {
            if *full_information || open {
                solve(engine, state, &Limits::new(budget, keep_going))
            } else {
                // Without the hidden cards there is nothing to search exactly.
                Analysis::Undecided {
                    report: Figures::stopped(0, Stopped::Hidden),
                }
            }
        }
        AnalyzeRequest::Hint { rank, budget } => {
            let (action, then) = hint(
                engine,
                state,
                *rank as usize,
                &Limits::new(budget, keep_going),
            );
            Analysis::Hint { action, then }
        }
        AnalyzeRequest::DeadEnd => Analysis::DeadEnd {
            stuck: stuck(engine, state),
        },
    }
}

/// Searches for a win from `state` with every card read, within `limits`; a won line is
/// given only once the ruleset has replayed it to a win.
pub fn solve(engine: &Engine, state: &State, limits: &Limits<'_>) -> Analysis {
    let searcher = Searcher::new(engine);
    let searched = searcher.solve(state, limits);
    let (outcome, stopped) = match searched.found {
        Found::Won(line) => (Outcome::Won(line), Stopped::Decided),
        Found::Exhausted => (Outcome::Lost, Stopped::Decided),
        Found::Stopped(why) | Found::Nearer(_, why) => (Outcome::Undecided, why),
        // A full-information search shows nothing new: no way on is ever its answer.
        Found::WayOn(_) => (Outcome::Undecided, Stopped::Decided),
    };
    let report = Report {
        outcome,
        states: searched.states,
        peak_bytes: searched.peak_bytes,
        stopped,
    };
    report.into_analysis(|line| {
        let end = searcher.replay(state, line)?;
        engine.play().won(&end).then(|| line.to_vec())
    })
}

/// Whether the game deals every card face up with no stock and no stacked reserve: a game of
/// full information from its first table (FreeCell, Baker's Dozen).
pub fn full_information(play: &Play) -> bool {
    let g = &play.game;
    g.stock.is_none()
        && g.tableau.down.iter().all(|&d| d == 0)
        && (g.reserve_shape != ReserveShape::Stack || g.reserve <= 1)
}

/// PA-DEADEND: whether, in a game of full information ([`full_information`]), at a table of
/// `legal` actions no more than [`STATUS_MOVES`], the solver proves within [`STATUS_STATES`]
/// that no line wins from `state`. A game with cards the
/// player has not seen is never called lost here: that would read them, and where they have
/// all been seen the dead-end question ([`stuck`]) still answers.
pub fn proven_lost(engine: &Engine, state: &State, legal: &[Action]) -> bool {
    legal.len() <= STATUS_MOVES
        && whole(engine, state)
        && full_information(engine.play())
        && hidden(engine.play(), state) == 0
        && !engine.play().won(state)
        && matches!(
            solve(engine, state, &Limits::states(STATUS_STATES)),
            Analysis::Unwinnable { .. }
        )
}

/// Whether no sequence of actions from `state` wins or, where cards are hidden, shows one:
/// proven within [`DEAD_END_STATES`], never guessed.
pub fn stuck(engine: &Engine, state: &State) -> bool {
    let play = engine.play();
    if play.won(state) {
        return false;
    }
    let mode = if hidden(play, state) == 0 {
        Mode::Solve
    } else {
        Mode::Honest
    };
    let searched = Searcher::new(engine).search(state, mode, &Limits::states(DEAD_END_STATES));
    searched.found == Found::Exhausted
}
