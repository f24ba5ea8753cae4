#!/usr/bin/env bash
# Times aasa-scan beside the machine's floors on the standard workload, alternating the two
# commands of each pair for several rounds, and prints medians and ratios against the targets.
#
#   scripts/bench-compare.sh [ROUNDS]        (make bench-compare)
#
# Needs the workload in data/bench (make workload) and a release build (make build); writes
# data/bench/access.log.gz and .zst on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
bench=data/bench
bin=.build/release/aasa-scan
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 2; }
[ -f "$bench/access.log" ] || { echo "generate the workload first: make workload" >&2; exit 2; }
[ -f "$bench/access.log.zst" ] || zstd -q -T0 -3 "$bench/access.log" -o "$bench/access.log.zst"
[ -f "$bench/access.log.gz" ] || gzip -6 -c "$bench/access.log" > "$bench/access.log.gz"
log=$bench/access.log
cat "$log" "$log.zst" "$log.gz" > /dev/null   # warm the page cache

# Wall-clock seconds of one run of a shell command (output discarded).
seconds() {
    local start end
    start=$(date +%s%N)
    bash -c "$1" > /dev/null
    end=$(date +%s%N)
    echo "scale=4; ($end - $start) / 1000000000" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

scan() { echo "$bin scan --quiet --format json $*"; }

# pair NAME TARGET_RATIO COMMAND_A COMMAND_B: A is the product, B the floor it is held against.
results=()
pair() {
    local name=$1 target=$2 a=$3 b=$4 ta=() tb=() ratios=()
    for ((round = 0; round < rounds; round++)); do
        ta+=("$(seconds "$a")")
        tb+=("$(seconds "$b")")
        ratios+=("$(echo "scale=4; ${ta[-1]} / ${tb[-1]}" | bc)")
    done
    # The ratio is the median of the per-round ratios: each pair ran back to back, so a
    # machine that speeds up or slows down during the run moves both sides of a pair alike.
    local ma mb ratio verdict
    ma=$(printf '%s\n' "${ta[@]}" | median)
    mb=$(printf '%s\n' "${tb[@]}" | median)
    ratio=$(printf '%s\n' "${ratios[@]}" | median)
    verdict=$(echo "$ratio <= $target" | bc)
    [ "$verdict" = 1 ] && verdict=met || verdict=MISSED
    results+=("$(printf '%-44s %8.3f s %8.3f s %7.2f   <= %-5s %s' "$name" "$ma" "$mb" "$ratio" "$target" "$verdict")")
    echo "${results[-1]}" >&2
}

echo "rounds: $rounds, $(nproc) cores, $(wc -l < "$log") lines, $(du -h "$log" | cut -f1) plain" >&2
for rules in 20 300 5000; do
    pair "scan .zst ($rules rules) vs zstd -dc" 1.25 "$(scan --aasa $bench/rules-$rules.json $log.zst)" "zstd -dc $log.zst"
done
pair "scan plain (300 rules) vs wc -l" 6 "$(scan --aasa $bench/rules-300.json $log)" "wc -l $log"
pair "scan plain: 5000 rules vs 20 rules" 1.3 "$(scan --aasa $bench/rules-5000.json $log)" "$(scan --aasa $bench/rules-20.json $log)"
pair "scan .gz (300 rules) vs gzip -dc" 1.1 "$(scan --aasa $bench/rules-300.json $log.gz)" "gzip -dc $log.gz"
pair "scan plain: 2 workers vs 1 worker" 0.6 "$(scan --workers 2 --aasa $bench/rules-300.json $log)" "$(scan --workers 1 --aasa $bench/rules-300.json $log)"

peak=$(/usr/bin/time -f %M "$bin" scan --quiet --format json --aasa "$bench/rules-300.json" "$log.zst" 2>&1 > /dev/null | tail -1)
echo
printf '%-44s %10s %10s %7s   %s\n' "comparison (median of $rounds pairs)" "aasa-scan" "floor" "ratio" "target"
printf '%s\n' "${results[@]}"
printf '%-44s %8.1f MiB (target <= 64 MiB)\n' "peak memory, scan .zst (300 rules)" "$(echo "scale=1; $peak / 1024" | bc)"
