#!/bin/sh
# Sets the engine's verdicts beside the Solvitaire solver's (Blake and Gent), deal by deal:
#
#   rulesets/engine/bench/solvitaire.sh FELT_GAME SOLVITAIRE_TYPE FIRST LAST TIMEOUT_MS
#
# with SOLVITAIRE naming Solvitaire's binary (built from github.com/thecharlesblake/Solvitaire
# with g++ and libboost-program-options-dev) and, from the workspace, release builds of the
# examples `solve_games` and `solvitaire_deals` (cargo build --release -p felt-engine
# --examples). Prints a line a deal: the deal, felt's verdict and CPU ms at 1 s, then
# Solvitaire's verdict (`--classify`, `--timeout TIMEOUT_MS` of wall time) and its user and
# system CPU seconds; a summary of the pairs on standard error. Only one-pack games whose
# rules the two describe alike are compared (docs/figures.md lists them).
set -e
game=$1; type=$2; first=$3; last=$4; timeout=$5
bin=${CARGO_TARGET_DIR:-target}/release/examples
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin/solvitaire_deals" "$game" "$first..$((last + 1))" "$work/deals"
"$bin/solve_games" "$game" "$first..$((last + 1))" 1000 --verbose 2>/dev/null |
  sed -n 's/^deal \([0-9]*\): \([a-z]*\), \([0-9.]*\) ms.*/\1 \2 \3/p' > "$work/felt"
i=$first
while [ "$i" -le "$last" ]; do
  /usr/bin/time -o "$work/time" -f "%U %S" "$SOLVITAIRE" --type "$type" --classify \
    --timeout "$timeout" "$work/deals/$i.json" > "$work/out" 2> /dev/null || true
  verdict=$(tail -n 1 "$work/out" | awk -F', ' '{print $NF}')
  echo "$i $verdict $(tail -n 1 "$work/time")"
  i=$((i + 1))
done > "$work/solvitaire"
sort -k1,1 "$work/felt" > "$work/felt.sorted"
sort -k1,1 "$work/solvitaire" > "$work/solvitaire.sorted"
join "$work/felt.sorted" "$work/solvitaire.sorted" | sort -n | tee "$work/both"
awk '{print $2 "/" $4}' "$work/both" | sort | uniq -c >&2
