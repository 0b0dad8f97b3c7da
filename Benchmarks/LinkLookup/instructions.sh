#!/usr/bin/env bash
# Counts the instructions per lookup of each contender with valgrind's callgrind, which is
# deterministic (unlike timings on a shared machine). Only the lookups are counted: callgrind
# collects inside `runProbe` alone. Build first: swift build -c release
# With --misses (first argument), callgrind also simulates the first-level caches and each row is
# followed by the misses of the instruction cache per lookup: what time pays beyond the
# instructions when a lookup's code falls unevenly on the cache's sets. The simulation is
# valgrind's simple model (this machine's sizes, no prefetching); compare its figures between
# contenders and builds, not with time.
# Usage: bash instructions.sh [--misses] [COUNTS...]   (default: 10 10000)
set -euo pipefail
cd "$(dirname "$0")"
binary=.build/release/LinkLookup
misses=false
if [ "${1:-}" = --misses ]; then
    misses=true
    shift
fi
counts=("$@")
[ $# -eq 0 ] && counts=(10 10000)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
per_lookup() {  # probe count -> instructions per lookup, then (with --misses) I1 misses per lookup
    local log="$out/$1-$2.log"
    local simulate=()
    if $misses; then simulate=(--cache-sim=yes); fi
    valgrind --tool=callgrind "${simulate[@]}" --toggle-collect='*runProbe*' \
        --callgrind-out-file="$out/$1-$2.out" "$binary" --probe "$1" "$2" 5 >"$log" 2>&1
    local collected lookups
    collected=$(grep -o 'Collected : [0-9]*' "$log" | grep -o '[0-9]*$')
    lookups=$(grep -o ': [0-9]* lookups' "$log" | grep -o '[0-9]*')
    local simulated=""
    if $misses; then
        # The simulation's totals, named by the `events:` line.
        simulated=$(awk -v lookups="$lookups" '
            /^events:/ { for (i = 2; i <= NF; i++) column[$i] = i }
            /^totals:/ { printf "%.1f", $(column["I1mr"]) / lookups }' "$out/$1-$2.out")
    fi
    echo "$((collected / lookups)) $simulated"
}
printf '%8s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n' patterns "tbl hit" "tbl miss" "map hit" "lean hit" \
    "lean miss" hit/lean miss/lean map/tbl "(instructions per lookup)"
for count in "${counts[@]}"; do
    read -r th th_i1 <<<"$(per_lookup table-hit "$count")"
    read -r tm tm_i1 <<<"$(per_lookup table-miss "$count")"
    read -r mh mh_i1 <<<"$(per_lookup map-hit "$count")"
    read -r lh lh_i1 <<<"$(per_lookup lean-hit "$count")"
    read -r lm lm_i1 <<<"$(per_lookup lean-miss "$count")"
    printf '%8s %9s %9s %9s %9s %9s %9s %9s %9s\n' "$count" "$th" "$tm" "$mh" "$lh" "$lm" \
        "$(awk "BEGIN{printf \"%.2fx\", $th/$lh}")" "$(awk "BEGIN{printf \"%.2fx\", $tm/$lm}")" \
        "$(awk "BEGIN{printf \"%.2fx\", $mh/$th}")"
    if $misses; then
        printf '%8s %9s %9s %9s %9s %9s %29s\n' "" "$th_i1" "$tm_i1" "$mh_i1" "$lh_i1" "$lm_i1" \
            "(instruction-cache misses)"
    fi
done
