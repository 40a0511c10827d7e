#!/usr/bin/env python3
"""Pairs per-deal lines of two solvers (felt's example with FREECELL_VERBOSE=1, and
fc_solve_deals.c) deal by deal: verdicts, median and 90th percentile of CPU time, states, and
the moves not to a foundation (median of each, and median of the per-deal ratio A/B).

    python3 bench/compare.py A.txt B.txt
"""
import sys


def read(path):
    out = {}
    for line in open(path):
        parts = line.split()
        if len(parts) < 3 or not parts[2].startswith("cpu_ns="):
            continue
        row = {"verdict": parts[1]}
        for p in parts[2:]:
            k, _, v = p.partition("=")
            # Figures only (an undecided line also says what stopped it).
            if v.isdigit():
                row[k] = int(v)
        out[int(parts[0])] = row
    return out


def pct(values, p):
    v = sorted(values)
    return v[(len(v) - 1) * p // 100] if v else float("nan")


def main():
    names = sys.argv[1:3]
    a, b = (read(n) for n in names)
    deals = sorted(set(a) & set(b))
    print(f"{len(deals)} deals in both")
    for name, d in zip(names, (a, b)):
        verdicts = {}
        for k in deals:
            verdicts[d[k]["verdict"]] = verdicts.get(d[k]["verdict"], 0) + 1
        cpu = [d[k]["cpu_ns"] / 1e6 for k in deals]
        won = [k for k in deals if d[k]["verdict"] == "won"]
        print(
            f"{name}: {verdicts}; cpu ms median {pct(cpu, 50):.3f} p90 {pct(cpu, 90):.3f} "
            f"max {max(cpu):.1f} mean {sum(cpu) / len(cpu):.3f}; states median "
            f"{pct([d[k]['states'] for k in deals], 50)}; not-up moves median "
            f"{pct([d[k]['not_up'] for k in won], 50)}"
        )
    both = [k for k in deals if a[k]["verdict"] == "won" and b[k]["verdict"] == "won"]
    ratios = [a[k]["not_up"] / b[k]["not_up"] for k in both if b[k]["not_up"]]
    faster = sum(1 for k in deals if a[k]["cpu_ns"] < b[k]["cpu_ns"])
    print(
        f"A/B not-up moves: median of ratios {pct(ratios, 50):.3f}, ratio of medians "
        f"{pct([a[k]['not_up'] for k in both], 50) / pct([b[k]['not_up'] for k in both], 50):.3f}; "
        f"A faster on {faster} of {len(deals)}"
    )


main()
