#!/usr/bin/env bash
# Counts the instructions per operation of the router and of the bare walk with valgrind's
# callgrind, which is deterministic (unlike timings on a shared machine). Each operation runs COUNT
# times on the largest tree of at most SCREENS screens; what the program does besides (startup, the
# trees it makes) is counted alone and subtracted: `walk 0` for the walk and the failing navigation,
# which reuse one tree, and `trees COUNT` for the reveals and builds, which get a fresh tree each.
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
collected() {  # operation runs -> instructions of the whole program
    valgrind --tool=callgrind --callgrind-out-file="$out/$1-$2.out" \
        "$binary" --profile "$1" "$2" "$screens" --group "$group" 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$'
}
one_tree=$(collected walk 0)
trees=$(collected trees "$count")
walk=$(( ($(collected walk "$count") - one_tree) / count ))
printf '%s screens, group %s, instructions per operation (%s runs each)\n' "$screens" "$group" "$count"
printf '  %-15s %10d\n' "walk" "$walk"
for operation in fail reveal guarded-reveal build; do
    base=$trees
    [ "$operation" = fail ] && base=$one_tree
    per=$(( ($(collected "$operation" "$count") - base) / count ))
    printf '  %-15s %10d  %sx walk\n' "$operation" "$per" "$(awk "BEGIN{printf \"%.2f\", $per/$walk}")"
done
