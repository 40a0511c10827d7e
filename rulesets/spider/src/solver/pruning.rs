//! Every rule by which the solver's exhaustive searches leave a position or a move out, each
//! with the reason it cannot lose a win (or a way out of a dead end). Code that applies a rule
//! names it here by its letter; a new shortcut is not sound until it has its entry.
//!
//! Two searches prove things: the full solver (`search::best_first` under `solve_tuned`), whose
//! "proven unwinnable" must mean no line wins, and the dead-end check (`deadend`,
//! SITE-DEADEND), whose "stuck" must mean no line of moves reaches progress. Both are
//! cross-checked on thousands of small random positions against plain searches that try every
//! legal move and remember full positions (`tests/reference.rs`, `tests/crosscheck.rs`).
//!
//! # The deal shapes a variant file allows
//!
//! A row of `k` cards goes onto the first `k` columns, `k` from 1 to the number of columns
//! (a short last row reaches only the first columns; rows need not all be the same width);
//! 1 to 20 columns (7 to 12 in the shipped files); one to four packs, so two cards can be the
//! same byte; `deal_rule = "filled"` (deal only while no column is empty), `"any"`, or
//! `"filled"` with `deal_with_empty_below = n` (also deal while fewer than `n` cards are on the
//! table). `runs_to_win` may be fewer than the deck's runs, so a game can be won with cards
//! left. Each rule below says why it holds under all of these.
//!
//! # Interchangeable columns
//!
//! A column is *shared* (`moves::shared_columns`) when no stock row still to deal reaches it:
//! its index is at least `reach`, the width of the **widest** row left (not only the next one:
//! a later, wider row reaches further). In honest searches and in the dead-end check every
//! column is shared (rules H and D1 say why that is enough there).
//!
//! Let σ swap shared columns. σ maps each position's legal moves to the legal moves of the
//! permuted position: a move's legality reads only its source and target columns. It keeps
//! every deal's legality: `deal_allowed` reads the number of empty columns and of cards on the
//! table, which σ does not change, under each deal rule. It commutes with a deal: a deal only
//! touches columns below `reach`, which σ fixes, and `reach` only shrinks as rows are dealt, so
//! a column once shared stays shared. Flips and removed runs are column-local. So σ carries
//! every line of play to a line of play with the same outcome: a position is won if and only
//! if its permutation is. The rules K, E and W rest on that.
//!
//! **K — the key merges permutations.** `Position::key(shared)` hashes shared columns as a
//! multiset (no column salt) and the rest by index, plus the runs removed and the rows left.
//! Within one search the stock's order is fixed, so the rows left say which cards remain to
//! deal; and two positions with as many rows left have the same `shared`, so their keys are
//! comparable (the search recomputes a column's share when `shared` changes after a deal:
//! `search::summary`). Merging a position with a permutation of one already seen loses
//! nothing. The key has 128 bits: two different positions share one with odds of about
//! `n² / 2¹²⁹` for `n` positions, the one risk these proofs take that is not a logical step.
//!
//! **E — one empty target among shared empty columns.** `moves::search_moves_grouped` offers
//! only the first empty shared column as a target; every empty column a row still reaches is
//! a target of its own. Moving a group into one empty shared column or another gives two
//! positions that differ by swapping those two empty columns, which K merges.
//!
//! **W — a whole column is not moved into an empty column, between shared columns only.**
//! Moving every card of a column with no face-down card into an empty column swaps the two
//! columns. When both are shared that is σ, so the child is a permutation of its parent and K
//! has already seen it. When a row still to deal reaches either column it is not: the deal
//! then puts different cards on the group (a Spiderette deal was once "proven unwinnable" in
//! 422 positions and is won in 76 moves, starting by moving the 2 and Ace of clubs from column
//! 3 into the empty column 1 and dealing), so the move is tried. A column with face-down cards
//! never moves whole: its group ends at the face-up part.
//!
//! # The full solver
//!
//! **P — the fast pruning never proves.** `moves::pruned` leaves out four kinds of move that
//! a winning line rarely needs (moving a whole column into an empty column where rule W
//! may not, breaking a one-suit link for nothing better, swapping one wrong-suit support for
//! another, building off suit while the own-suit card is free). They
//! are *not* dominated, so a search that used them proves nothing: `search::best_first`
//! returns "undecided" when it ran dry having left any move out, and `solve_tuned` then
//! reruns a complete search (without P) with the budget left. It does so in every stage
//! combination: a single search (one heuristic, or two taking turns), and each of the two
//! stages of a restart (`Tuning::restart_after`) or of a retry (`Tuning::retry`), the first
//! when it runs dry before its cap and the second when it runs dry. Only a complete search that runs dry returns "proven
//! unwinnable". (`solve_tuned` also reruns when the pruned search happened to leave nothing
//! out; that costs time only.)
//!
//! **H — honest searches prove only without hidden cards.** Honest mode masks every
//! face-down and stock card as `UNKNOWN`, which no move reads and nothing moves onto or off,
//! and treats every column as shared: the cards a row deals are unknown, so for a player who
//! cannot see them it does not matter where they land. That makes such a search's dry run no
//! proof: `search::best_first` returns "undecided" whenever the root holds an unknown card.
//! A root without one has no face-down card and no stock, so there `shared = all` is also
//! what full information gives, and K, E and W hold as above.
//!
//! **S — a starved stock is lost** (`moves::starved`, used by the honest planner to drop a
//! line, never by a proof). Cards are left in the stock, a deal needs every column filled,
//! fewer cards than columns lie on the table, and fewer than 13: without a deal the table
//! only loses cards (13 with each removed run), so it can never be filled again; and with
//! fewer than 13 cards no run can be removed, so none can win the game (when `runs_to_win`
//! is below the deck's runs) or bring the table below `deal_with_empty_below`. With that
//! threshold the position must also hold at least that many cards, else a deal is legal.
//!
//! # The dead-end check (SITE-DEADEND)
//!
//! **D1 — every column is shared.** The check asks whether moves alone reach a flip, a removed
//! run or a legal deal, and stops at the first: it never deals. Each of the three is the same
//! for a position and any permutation of its columns (a legal deal depends on counts only),
//! so σ may swap any columns, reached by a stock row or not; K, E and W hold with
//! `shared = all`. Under `deal_rule = "any"` with rows left a deal is always legal (not stuck
//! at once); under `deal_with_empty_below = n` the table's count changes only with a removed
//! run, which is progress, so the check behaves as under `"filled"` unless a deal is legal at
//! the start.
//!
//! **D2 — the relaxed game cuts** (`deadend::relaxed_progress`; its proof is at the function).
//! A position from which even a game whose targets never wear out reaches no progress is not
//! expanded. It gives up (claims progress) whenever stock rows are left, since filling the
//! columns for a deal is not modelled, and on columns too tall for its bit sets.
//!
//! **D3 — the game on bases cuts** (`deadend::bases`, argued in its module doc). It gives up
//! with stock rows left, with an empty column, or with a column without a face-up card. Its
//! answers are cached within one search by each column's base height and bottom card, which
//! fix every base's cards (heights alone did not once a column was emptied and filled again;
//! see `BasesCache`).
//!
//! **D4 — asking less often is safe.** `deadend::hopeless` asks the relaxed game only while
//! it pays; not asking only means a position is expanded that might have been cut.
//!
//! **D5 — order and probe.** Moves are sorted toward progress (`toward_progress`) and a
//! breadth-first `probe` runs before the depth-first search resumes; both apply the same
//! rules K, E, W (shared all), D2 and D3 and say "stuck" only once their whole closed set is
//! seen. A search that runs out of positions, memory or time says "undecided", which the
//! ruleset treats as "not stuck".
