#!/usr/bin/env python3
"""Whole-process CPU (user + system, of the process and its helpers) to solve one deal,
felt against fc-solve, deal by deal, each process started afresh as a player's would be.

    python3 bench/process.py FIRST LAST FELT [felt options before 'solve' ...] [-- FELT [options ...]] ...

e.g. `python3 bench/process.py 600001 600100 /work/target-fc/release/felt` and again with
`--plugins-in-process`. fc-solve reads the board made by make-microsoft-freecell-board.
Several felt commands, separated by `--`, are run in turn on each deal, with fc-solve, so
that figures to compare (two builds, or the two modes) see the same load on a shared
machine: `... 600001 600200 old/felt -- new/felt -- new/felt --plugins-in-process`.
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


def groups(args):
    """The felt commands: each a program and its options, separated by `--`."""
    out = [[]]
    for arg in args:
        if arg == "--":
            out.append([])
        else:
            out[-1].append(arg)
    return [g for g in out if g]


def main():
    first, last = int(sys.argv[1]), int(sys.argv[2])
    felts = groups(sys.argv[3:])
    felt_cpu, fcs_cpu = [[] for _ in felts], []
    for deal in range(first, last + 1):
        for (felt, *before_solve), cpu in zip(felts, felt_cpu):
            # The command as a player types it: no --jobs (a one-deal batch runs on felt's
            # own thread, as --jobs 1 does, since stop 63).
            cpu.append(cpu_of([felt, *before_solve, "solve", "--variant", "freecell",
                               "--deals", f"{deal}..{deal}"]))
        board = subprocess.run(["make-microsoft-freecell-board", "-t", str(deal)],
                               capture_output=True, check=True).stdout
        r, w = os.pipe()
        os.write(w, board)
        os.close(w)
        fcs_cpu.append(cpu_of(["fc-solve", "-l", "lg", "-"], stdin=r))
        os.close(r)
    names = [" ".join(g) if len(felts) > 1 else "felt " + " ".join(g[1:]) for g in felts]
    for name, v in (*zip(names, felt_cpu), ("fc-solve -l lg", fcs_cpu)):
        print(f"{name}: whole process CPU ms median {1e3 * pct(v, 50):.2f} "
              f"p90 {1e3 * pct(v, 90):.2f} over {len(v)} deals")


main()
