#!/bin/sh
# Instructions per node-step of quick runs on the ≈100-node benchmark diagram, counted by callgrind:
# unlike timings, the figure does not depend on what else the machine runs. Two processes do the same
# warm-up and then 2 and 6 runs of 1,000 steps (bench/engine/steady-runs.mjs); the difference of their
# counts over the difference of their node-steps leaves start-up, compilation and warm-up out.
#   bench/engine/instructions.sh [ROOT]   ROOT: a checkout with a built engine (default: this one)
# Build first (npx tsc -b packages/engine). Needs valgrind (apt-get install -y valgrind); takes minutes.
set -eu
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
node=$(command -v node)
out=$(mktemp -d)
count() {
  WARM=15 valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" "$node" --single-threaded \
    "$root/bench/engine/steady-runs.mjs" "$1" 2>/dev/null | sed -n 's/^node_steps=//p' >"$out/steps.$1"
  sed -n 's/^totals: //p' "$out/cg.$1" | cut -d' ' -f1
}
i2=$(count 2)
i6=$(count 6)
s2=$(cat "$out/steps.2")
s6=$(cat "$out/steps.6")
echo "instructions_per_node_step=$(( (i6 - i2) / (s6 - s2) ))"
rm -r "$out"
