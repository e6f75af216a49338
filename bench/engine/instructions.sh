#!/bin/sh
# Instructions per node-step of quick runs on the ≈100-node benchmark diagram, counted by callgrind:
# unlike timings, the figure does not depend on what else the machine runs. Two processes do the same
# warm-up and then 2 and 8 runs of 1,000 steps (bench/engine/steady-runs.mjs); the difference of their
# counts over the difference of their node-steps leaves start-up, compilation and warm-up out.
# Prints two figures: all instructions, and those in JavaScript and V8's builtins only (the engine's
# own work: the steadier figure, as compiling and collecting garbage come at different times in the two).
#   bench/engine/instructions.sh [ROOT]   ROOT: a checkout with a built engine (default: this one)
# Build first (npx tsc -b packages/engine). Needs valgrind (apt-get install -y valgrind); takes minutes.
set -eu
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
node=$(command -v node)
out=$(mktemp -d)
count() {
  WARM=40 valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" "$node" --single-threaded \
    "$root/bench/engine/steady-runs.mjs" "$1" 2>/dev/null | sed -n 's/^node_steps=//p' >"$out/steps.$1"
  # Functions without a symbol are V8's generated code; builtins are named Builtins_*.
  callgrind_annotate --threshold=100 "$out/cg.$1" |
    awk '/PROGRAM TOTALS/ { gsub(",", "", $1); all = $1 }
      /\?\?\?:0x[0-9a-f]+ \[\?\?\?\]|Builtins_/ { gsub(",", "", $1); js += $1 }
      END { printf "%.0f %.0f\n", all, js }'
}
set -- $(count 2) $(count 8)
s2=$(cat "$out/steps.2")
s8=$(cat "$out/steps.8")
echo "instructions_per_node_step=$(( ($3 - $1) / (s8 - s2) ))"
echo "js_instructions_per_node_step=$(( ($4 - $2) / (s8 - s2) ))"
rm -r "$out"
