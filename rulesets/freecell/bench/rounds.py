#!/usr/bin/env python3
"""Solve CPU a deal, felt's example against fc-solve's library, in rounds: each solver runs
the whole range in turn, three rounds (`ROUNDS=N` for more), and each deal keeps its least CPU time over the rounds,
so that a spell of load on a shared machine does not decide the comparison.

    python3 bench/rounds.py FIRST LAST FELT_EXAMPLE [FELT_EXAMPLE ...] [--fcs FC_SOLVE_DEALS]

FELT_EXAMPLE is a built `freecell_deals` example (several: builds to compare, each named by
its path); FC_SOLVE_DEALS is `bench/fc_solve_deals.c` built (`cc -O2 bench/fc_solve_deals.c
-lfreecell-solver -o fc_solve_deals`), run with `-l lg` on the boards `bench/boards.sh`
writes. Prints, for each solver, the median CPU over deals in each round and the median of
each deal's least; with two felt builds, the median over deals of the second's time over the
first's.
"""
import os
import statistics
import subprocess
import sys

# ROUNDS=15 in the environment for more: a round of 1000 deals takes a fraction of a second,
# and on a machine whose speed wanders the least of more rounds repeats better.
ROUNDS = int(os.environ.get("ROUNDS", "3"))
HERE = os.path.dirname(os.path.abspath(__file__))


# FIELD=solve_ns in the environment compares the search alone, without taking the line (felt's
# replay through the ruleset, fc-solve's moves handed out and played); `cpu_ns`, the default,
# is the solve with its line in hand.
FIELD = os.environ.get("FIELD", "cpu_ns")


def cpu_by_deal(text):
    """Each deal's CPU in nanoseconds, from lines `DEAL VERDICT cpu_ns=N ... solve_ns=M`."""
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) > 2 and parts[2].startswith("cpu_ns="):
            for p in parts[2:]:
                if p.startswith(FIELD + "="):
                    out[int(parts[0])] = int(p[len(FIELD) + 1:])
    return out


def main():
    args = sys.argv[1:]
    fcs = None
    if "--fcs" in args:
        at = args.index("--fcs")
        fcs = args[at + 1]
        del args[at:at + 2]
    first, last, felts = args[0], args[1], args[2:]
    if not felts:
        sys.exit(__doc__)
    boards = subprocess.run(["bash", os.path.join(HERE, "boards.sh"), first, last],
                            capture_output=True, check=True).stdout
    env = dict(os.environ, FREECELL_VERBOSE="1")
    runs = {name: [] for name in felts + ([fcs] if fcs else [])}
    for _ in range(ROUNDS):
        for felt in felts:
            out = subprocess.run([felt, first, last], capture_output=True, check=True,
                                 env=env, text=True).stdout
            runs[felt].append(cpu_by_deal(out))
        if fcs:
            out = subprocess.run([fcs, "-l", "lg"], input=boards, capture_output=True,
                                 check=True).stdout.decode()
            runs[fcs].append(cpu_by_deal(out))
    least = {}
    for name, rounds in runs.items():
        deals = set.intersection(*(set(r) for r in rounds))
        least[name] = {d: min(r[d] for r in rounds) for d in deals}
        medians = " ".join(f"{statistics.median(r.values()) / 1e3:.1f}" for r in rounds)
        print(f"{name}: median µs by round {medians}; median of each deal's least "
              f"{statistics.median(least[name].values()) / 1e3:.1f} over {len(deals)} deals")
    if len(felts) >= 2:
        a, b = least[felts[0]], least[felts[1]]
        ratios = [b[d] / a[d] for d in a if d in b and a[d] > 0]
        print(f"{felts[1]} / {felts[0]}, median over deals: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
