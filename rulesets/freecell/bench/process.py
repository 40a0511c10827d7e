#!/usr/bin/env python3
"""Whole-process CPU (user + system, of the process and its helpers) to solve one deal,
felt against fc-solve, deal by deal, each process started afresh as a player's would be.

    python3 bench/process.py FIRST LAST FELT [felt options before 'solve' ...]

e.g. `python3 bench/process.py 600001 600100 /work/target-fc/release/felt` and again with
`--plugins-in-process`. fc-solve reads the board made by make-microsoft-freecell-board.
"""
import os
import resource
import subprocess
import sys


def cpu_of(cmd, stdin=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def pct(values, p):
    v = sorted(values)
    return v[(len(v) - 1) * p // 100]


def main():
    first, last, felt = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    before_solve = sys.argv[4:]
    felt_cpu, fcs_cpu = [], []
    for deal in range(first, last + 1):
        felt_cpu.append(cpu_of([felt, *before_solve, "solve", "--variant", "freecell",
                                "--deals", f"{deal}..{deal}", "--jobs", "1"]))
        board = subprocess.run(["make-microsoft-freecell-board", "-t", str(deal)],
                               capture_output=True, check=True).stdout
        r, w = os.pipe()
        os.write(w, board)
        os.close(w)
        fcs_cpu.append(cpu_of(["fc-solve", "-l", "lg", "-"], stdin=r))
        os.close(r)
    for name, v in (("felt " + " ".join(before_solve), felt_cpu), ("fc-solve -l lg", fcs_cpu)):
        print(f"{name}: whole process CPU ms median {1e3 * pct(v, 50):.2f} "
              f"p90 {1e3 * pct(v, 90):.2f} over {len(v)} deals")


main()
