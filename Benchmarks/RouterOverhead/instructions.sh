#!/usr/bin/env bash
# Counts the instructions per operation of the router and of the bare walk with valgrind's
# callgrind, which is deterministic (unlike timings on a shared machine). Each operation runs COUNT
# times on the largest tree of at most SCREENS screens; only the runs are counted: the program marks
# where they begin and end (`measuredPartBegins`, `measuredPartEnds` in main.swift), callgrind
# zeroes its counters at the first and writes them out at the second, so startup, making the trees
# and freeing them at exit are left out. What an operation frees while it runs (the screens a
# reveal pops) is counted, as it should be.
# Build first: swift build -c release
# Usage: bash instructions.sh [GROUP] [SCREENS] [COUNT]   (default: minimal 9983 20)
set -euo pipefail
cd "$(dirname "$0")"
binary=.build/release/RouterOverhead
group=${1:-minimal}
screens=${2:-9983}
count=${3:-20}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
per_operation() {  # operation [runs] -> instructions per run, between the two marks
    local runs=${2:-$count}
    valgrind --tool=callgrind --zero-before='*measuredPartBegins*' --dump-before='*measuredPartEnds*' \
        --callgrind-out-file="$out/$1.out" "$binary" --profile "$1" "$runs" "$screens" --group "$group" \
        >/dev/null 2>&1
    # Part 1 ends at the first mark, part 2 (the runs) at the second; the rest is the exit.
    echo $(($(grep '^totals:' "$out/$1.out.2" | grep -o '[0-9]*') / runs))
}
walk=$(per_operation walk)
printf '%s screens, group %s, instructions per operation (%s runs each)\n' "$screens" "$group" "$count"
printf '  %-15s %10d\n' "walk" "$walk"
for operation in fail reveal guarded-reveal build to-current; do
    # Navigating to the current screen reuses one tree and costs little: 200 runs at least, so that
    # what the first run pays once (the runtime's caches) is spread as it is at small sizes.
    runs=$count
    [ "$operation" = to-current ] && [ "$count" -lt 200 ] && runs=200
    per=$(per_operation "$operation" "$runs")
    printf '  %-15s %10d  %sx walk\n' "$operation" "$per" "$(awk "BEGIN{printf \"%.2f\", $per/$walk}")"
    [ "$operation" = reveal ] && reveal=$per
    [ "$operation" = guarded-reveal ] && printf '  %-15s %10d  %sx reveal\n' "guard round" "$((per - reveal))" \
        "$(awk "BEGIN{printf \"%.2f\", ($per-$reveal)/$reveal}")"
done
