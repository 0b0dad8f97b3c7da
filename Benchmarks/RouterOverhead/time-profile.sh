#!/usr/bin/env bash
# Where an operation's time goes, as `perf record` samples it (the CPU clock, 25,000 times a
# second), counting only the measured runs: the benchmark turns sampling on just before them and
# off just after (PerfControl.swift), as instructions.sh counts instructions between the same marks.
# Instructions do not show what time pays beyond them (an atomic retain or release, a lock, a
# mispredicted call through a protocol); this does, on this machine, with its load. Prints the
# samples per run and the share of the functions that take the most, then the shares per library
# and the retains and releases together (a third to a half of a reveal at 993 screens).
# Build first: swift build -c release
# Usage: bash time-profile.sh [OPERATION] [GROUP] [SCREENS] [COUNT] [TOP]
#   (default: reveal-fresh minimal 993 3000 25; OPERATION as `--profile` takes it, see main.swift)
set -euo pipefail
cd "$(dirname "$0")"
operation=${1:-reveal-fresh}
group=${2:-minimal}
screens=${3:-993}
count=${4:-3000}
top=${5:-25}
command -v perf >/dev/null || { echo "error: perf is not installed" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkfifo "$out/control" "$out/ack"
# -D -1: sampling starts off; the benchmark's first `enable` turns it on.
PERF_CONTROL_FIFO="$out/control" PERF_ACK_FIFO="$out/ack" perf record -e cpu-clock -F 25000 -D -1 \
    --control "fifo:$out/control,$out/ack" -o "$out/perf.data" -- \
    .build/release/RouterOverhead --profile "$operation" "$count" "$screens" --group "$group" >"$out/run.txt" 2>"$out/perf.txt" \
    || { cat "$out/perf.txt" "$out/run.txt" >&2; exit 1; }
report() { perf report -i "$out/perf.data" --no-children -n "$@" 2>/dev/null | grep -v '^#' | grep -v '^$'; }
samples=$(report --sort dso | awk '{ total += $2 } END { print total }')
printf '%s, %s, %s screens: %d runs, %d samples of 40 µs (%.1f per run)\n' "$operation" "$group" "$screens" \
    "$count" "$samples" "$(awk "BEGIN{print $samples/$count}")"
echo "(the kernel's samples, [k], are mostly perf's own switching on and off around each measured part)"
echo "functions:"
report --sort sym | awk -v top="$top" 'NR <= top { $2 = ""; $3 = ""; print substr("  " $0, 1, 160) }'
echo "libraries:"
report --sort dso | awk '{ $2 = ""; print "  " $0 }'
report --sort sym | awk '/\] (swift_retain|swift_release|swift_retain_n|swift_release_n)(@plt)?$/ { n += $2 }
    END { printf "retains and releases: %.1f%% of the samples\n", 100 * n / '"$samples"' }'
