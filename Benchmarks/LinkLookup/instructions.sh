#!/usr/bin/env bash
# Counts the instructions per lookup of each contender with valgrind's callgrind, which is
# deterministic (unlike timings on a shared machine). Only the lookups are counted: callgrind
# collects inside `runProbe` alone. Build first: swift build -c release
# Usage: bash instructions.sh [COUNTS...]   (default: 10 10000)
set -euo pipefail
cd "$(dirname "$0")"
binary=.build/release/LinkLookup
counts=("${@:-10 10000}")
[ $# -eq 0 ] && counts=(10 10000)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
per_lookup() {  # probe count -> instructions per lookup
    local log="$out/$1-$2.log"
    valgrind --tool=callgrind --toggle-collect='*runProbe*' --callgrind-out-file="$out/$1-$2.out" \
        "$binary" --probe "$1" "$2" 5 >"$log" 2>&1
    local collected lookups
    collected=$(grep -o 'Collected : [0-9]*' "$log" | grep -o '[0-9]*$')
    lookups=$(grep -o ': [0-9]* lookups' "$log" | grep -o '[0-9]*')
    echo $((collected / lookups))
}
printf '%8s %9s %9s %9s %9s %9s %9s %9s %9s %9s\n' patterns "tbl hit" "tbl miss" "map hit" "lean hit" \
    "lean miss" hit/lean miss/lean map/tbl "(instructions per lookup)"
for count in "${counts[@]}"; do
    th=$(per_lookup table-hit "$count"); tm=$(per_lookup table-miss "$count")
    mh=$(per_lookup map-hit "$count"); lh=$(per_lookup lean-hit "$count"); lm=$(per_lookup lean-miss "$count")
    printf '%8s %9s %9s %9s %9s %9s %9s %9s %9s\n' "$count" "$th" "$tm" "$mh" "$lh" "$lm" \
        "$(awk "BEGIN{printf \"%.2fx\", $th/$lh}")" "$(awk "BEGIN{printf \"%.2fx\", $tm/$lm}")" \
        "$(awk "BEGIN{printf \"%.2fx\", $mh/$th}")"
done
