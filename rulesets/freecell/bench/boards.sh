#!/bin/sh
# Microsoft deals FIRST..LAST as fc-solve's boards, each followed by "=DEAL N" for
# fc_solve_deals.c. Needs make-microsoft-freecell-board (Debian's freecell-solver-bin).
set -e
i=$1
while [ "$i" -le "$2" ]; do
  make-microsoft-freecell-board -t "$i"
  echo "=DEAL $i"
  i=$((i + 1))
done
