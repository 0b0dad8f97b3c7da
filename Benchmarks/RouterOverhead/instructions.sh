#!/usr/bin/env bash
# Counts the instructions per operation of the router and of the bare walk with valgrind's
# callgrind, which is deterministic (unlike timings on a shared machine). Each operation runs COUNT
# times on the largest tree of at most SCREENS screens; only the runs are counted: the program marks
# where they begin and end (`measuredPartBegins`, `measuredPartEnds` in main.swift), callgrind
# zeroes its counters at the first and writes them out at the second, so startup, making the trees
# and freeing them at exit are left out. What an operation frees while it runs (the screens a
# reveal pops) is counted, as it should be.
# Beside the instructions it prints the calls to the runtime's retains and releases per operation:
# each is an atomic operation (one on an immortal object, such as the empty array, is not), and
# time follows them more closely than it follows the instructions.
# With --misses (first argument), callgrind also simulates the caches and the branch predictor and
# each line ends with the operation's misses of the first-level instruction and data caches and
# its mispredicted branches (conditional + indirect): what time pays beyond the instructions (code
# run once, as a navigation's is, misses the instruction cache; a call through a protocol or a
# closure is an indirect branch). The simulation is valgrind's simple model, not the machine's,
# and about three times slower; compare its figures between groups and builds, not with time.
# With --calls, each line also ends with the operation's calls to the runtime's other costly entry
# points: heap allocations (malloc), thread-local look-ups (__tls_get_addr: the concurrency
# runtime's current task, Observation's tracking state, the exclusivity check's access set), lock
# pairs (pthread_mutex_lock: an observation registrar takes its lock twice per change it tells)
# and executor checks (swift_task_switch: each call of an actor-isolated async function).
# A call made while the same function runs further up the stack (a release inside the
# deinitializer of an object a release frees) is named by callgrind with a suffix ('2), and counted
# with the others.
# Build first: swift build -c release
# Usage: bash instructions.sh [--misses] [--calls] [GROUP] [SCREENS] [COUNT]   (default: minimal 9983 20)
set -euo pipefail
cd "$(dirname "$0")"
misses=false
calls=false
while [ "${1:-}" = --misses ] || [ "${1:-}" = --calls ]; do
    if [ "$1" = --misses ]; then misses=true; else calls=true; fi
    shift
done
binary=.build/release/RouterOverhead
group=${1:-minimal}
screens=${2:-9983}
count=${3:-20}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
per_operation() {  # operation [runs] -> instructions per run, between the two marks
    local runs=${2:-$count}
    local simulate=()
    if $misses; then simulate=(--cache-sim=yes --branch-sim=yes); fi
    valgrind --tool=callgrind "${simulate[@]}" --zero-before='*measuredPartBegins*' --dump-before='*measuredPartEnds*' \
        --callgrind-out-file="$out/$1.out" "$binary" --profile "$1" "$runs" "$screens" --group "$group" \
        >/dev/null 2>&1
    # Part 1 ends at the first mark, part 2 (the runs) at the second; the rest is the exit.
    # The first figure of the totals: the instructions (the simulation adds its own after it).
    local instructions=$(($(awk '/^totals:/ { print $2 }' "$out/$1.out.2") / runs))
    # Calls to the entry points, from any caller: callgrind names a function by number after its
    # first mention (`cfn=(12) swift_retain`, then `cfn=(12)`), and a `calls=N` line follows the
    # callee it counts. The recursion suffix (`swift_release'2`, \047 in the pattern) and a symbol
    # version (`pthread_mutex_lock@@GLIBC_2.2.5`) are dropped.
    local counts
    counts=$(awk -v runs="$runs" '
        match($0, /^c?fn=\([0-9]+\)/) {
            id = substr($0, 1, RLENGTH); sub(/^c?fn=/, "", id)
            name = substr($0, RLENGTH + 2)
            sub(/\047[0-9]+$/, "", name); sub(/@@.*$/, "", name)
            if (name != "") names[id] = name
            if ($0 ~ /^cfn=/) callee = names[id]
            next
        }
        /^calls=/ { split($0, f, /[= ]/); made[callee] += f[2] }
        END {
            printf "%d %d %d %d %d %d", (made["swift_retain"] + made["swift_retain_n"]) / runs,
                (made["swift_release"] + made["swift_release_n"]) / runs, made["malloc"] / runs,
                made["__tls_get_addr"] / runs, made["pthread_mutex_lock"] / runs,
                made["swift_task_switch"] / runs
        }' "$out/$1.out.2")
    # The simulation's totals, named by the `events:` line: I1mr, D1mr, Bcm and Bim per run.
    local simulated=""
    if $misses; then
        simulated=$(awk -v runs="$runs" '
            /^events:/ { for (i = 2; i <= NF; i++) column[$i] = i }
            /^totals:/ {
                printf "%d %d %d %d", ($(column["I1mr"])) / runs, ($(column["D1mr"])) / runs,
                    ($(column["Bcm"])) / runs, ($(column["Bim"])) / runs
            }' "$out/$1.out.2")
    fi
    echo "$instructions $counts $simulated"
}
# "  I1 misses 1082, D1 misses 47, mispredicted 426 + 283" from the four simulated figures.
misses_text() {
    if $misses; then printf '  I1 misses %s, D1 misses %s, mispredicted %s + %s' "$1" "$2" "$3" "$4"; fi
}
# "  allocations 31, TLS 101, locks 0, executor checks 40" from the four counted calls.
calls_text() {
    if $calls; then printf '  allocations %s, TLS %s, locks %s, executor checks %s' "$1" "$2" "$3" "$4"; fi
}
# What --calls and --misses add to the line of the operation last read.
extra_text() {
    calls_text "$allocations" "$tls" "$locks" "$switches"
    misses_text "${i1:-}" "${d1:-}" "${bc:-}" "${bi:-}"
}
read -r walk walk_retains walk_releases allocations tls locks switches i1 d1 bc bi <<<"$(per_operation walk)"
printf '%s screens, group %s, per operation (%s runs each): instructions, then retains + releases\n' \
    "$screens" "$group" "$count"
printf '  %-15s %10d  %12s  %6d + %d%s\n' "walk" "$walk" "" "$walk_retains" "$walk_releases" "$(extra_text)"
for operation in fail reveal guarded-reveal build to-current; do
    # Navigating to the current screen reuses one tree and costs little: 200 runs at least, so that
    # what the first run pays once (the runtime's caches) is spread as it is at small sizes.
    runs=$count
    [ "$operation" = to-current ] && [ "$count" -lt 200 ] && runs=200
    read -r per retains releases allocations tls locks switches i1 d1 bc bi <<<"$(per_operation "$operation" "$runs")"
    printf '  %-15s %10d  %sx walk  %6d + %d  %sx walk%s\n' "$operation" "$per" \
        "$(awk "BEGIN{printf \"%.2f\", $per/$walk}")" "$retains" "$releases" \
        "$(awk "BEGIN{printf \"%.2f\", ($retains+$releases)/($walk_retains+$walk_releases)}")" "$(extra_text)"
    # `if` rather than `&&`: a false test as the loop's last command would be the script's status.
    if [ "$operation" = reveal ]; then reveal=$per; fi
    if [ "$operation" = guarded-reveal ]; then
        printf '  %-15s %10d  %sx reveal\n' "guard round" "$((per - reveal))" \
            "$(awk "BEGIN{printf \"%.2f\", ($per-$reveal)/$reveal}")"
    fi
done
