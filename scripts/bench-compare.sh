#!/usr/bin/env bash
# Times aasa-scan beside the machine's floors on the standard workload, alternating the two
# commands of each pair for several rounds, and prints medians and ratios against the targets.
# Every rule profile gets the same rows (its 20-, 300- and 5,000-rule files against the same
# log), so a figure holds for glob-heavy files too, not only for literal ones.
#
#   scripts/bench-compare.sh [ROUNDS] [PROFILE]       (make bench-compare [ROUNDS=9] [PROFILE=...])
#
# PROFILE (also read from the environment) is `standard`, `glob-heavy`, `real` or `all` (the
# default). `real` is made of the entries of the real AASA files in ../shared/data/aasa-real
# (scripts/real-rule-mix.py writes its rules-real-*.json): `all` takes it only when that folder
# is there.
# AASA_SCAN names another binary than .build/release/aasa-scan. Needs the workload in
# data/bench (make workload) and a release build (make build); writes data/bench/access.log.gz
# and .zst on first use and again whenever access.log is newer.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
only=${2:-${PROFILE:-all}}
bench=data/bench
bin=${AASA_SCAN:-.build/release/aasa-scan}

# Rule file of a profile: rules-300.json, rules-glob-300.json.
rules_file() {
    case $1 in
        standard) echo "$bench/rules-$2.json" ;;
        glob-heavy) echo "$bench/rules-glob-$2.json" ;;
        real) echo "$bench/rules-real-$2.json" ;;
    esac
}

real_files=../shared/data/aasa-real
case $only in
    all) profiles=(standard glob-heavy); [ -d "$real_files" ] && profiles+=(real) ;;
    standard | glob-heavy | real) profiles=("$only") ;;
    *) echo "unknown profile '$only': standard, glob-heavy, real or all" >&2; exit 64 ;;
esac
if [[ " ${profiles[*]} " == *" real "* ]] && [ ! -f "$bench/rules-real-5000.json" ]; then
    [ -d "$real_files" ] || { echo "no $real_files: the real profile needs it" >&2; exit 2; }
    python3 scripts/real-rule-mix.py "$real_files" "$bench" >&2
fi
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 2; }
[ -f "$bench/access.log" ] || { echo "generate the workload first: make workload" >&2; exit 2; }
for profile in "${profiles[@]}"; do
    for rules in 20 300 5000; do
        [ -f "$(rules_file "$profile" "$rules")" ] || {
            echo "no $(rules_file "$profile" "$rules"): generate the workload again (make workload)" >&2
            exit 2
        }
    done
done
log=$bench/access.log
[ "$log.zst" -nt "$log" ] || zstd -q -f -T0 -3 "$log" -o "$log.zst"
[ "$log.gz" -nt "$log" ] || gzip -6 -c "$log" > "$log.gz"
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
    results+=("$(printf '%-60s %8.3f s %8.3f s %7.2f   <= %-5s %s' "$name" "$ma" "$mb" "$ratio" "$target" "$verdict")")
    echo "${results[-1]}" >&2
}

# peak PROFILE RULES: peak resident memory of a 2-worker scan of the .zst log, against 64 MiB.
peaks=()
peak() {
    local kib mib verdict
    kib=$(/usr/bin/time -f %M "$bin" scan --quiet --format json --workers 2 \
        --aasa "$(rules_file "$1" "$2")" "$log.zst" 2>&1 > /dev/null | tail -1)
    mib=$(echo "scale=1; $kib / 1024" | bc)
    verdict=$(echo "$mib <= 64" | bc)
    [ "$verdict" = 1 ] && verdict=met || verdict=MISSED
    peaks+=("$(printf '%-60s %8.1f MiB (target <= 64 MiB) %s' "[$1] peak memory, scan .zst ($2 rules, 2 workers)" "$mib" "$verdict")")
    echo "${peaks[-1]}" >&2
}

echo "rounds: $rounds, $(nproc) cores, $(wc -l < "$log") lines, $(du -h "$log" | cut -f1) plain, profiles: ${profiles[*]}" >&2
for profile in "${profiles[@]}"; do
    tag="[$profile]"
    for rules in 20 300 5000; do
        pair "$tag scan .zst ($rules rules) vs zstd -dc" 1.10 \
            "$(scan --aasa "$(rules_file "$profile" $rules)" $log.zst)" "zstd -dc $log.zst"
    done
    pair "$tag scan plain (300 rules) vs wc -l" 4.0 \
        "$(scan --aasa "$(rules_file "$profile" 300)" $log)" "wc -l $log"
    pair "$tag scan plain: 5000 rules vs 20 rules" 1.15 \
        "$(scan --aasa "$(rules_file "$profile" 5000)" $log)" \
        "$(scan --aasa "$(rules_file "$profile" 20)" $log)"
    # Counting per hour reads every request's time: held against the same scan without it.
    pair "$tag scan plain (300 rules): --bucket hour vs without" 1.05 \
        "$(scan --bucket hour --aasa "$(rules_file "$profile" 300)" $log)" \
        "$(scan --aasa "$(rules_file "$profile" 300)" $log)"
done
# Decompression and threading do not depend on the rules: one profile is enough for these.
base=${profiles[0]}
pair "[$base] scan .gz (300 rules) vs gzip -dc" 1.1 \
    "$(scan --aasa "$(rules_file "$base" 300)" $log.gz)" "gzip -dc $log.gz"
pair "[$base] scan plain: 2 workers vs 1 worker" 0.6 \
    "$(scan --workers 2 --aasa "$(rules_file "$base" 300)" $log)" \
    "$(scan --workers 1 --aasa "$(rules_file "$base" 300)" $log)"
# diff decides every line under two rule files in one pass: held against one scan of the old.
pair "[diff] diff plain: standard 300 -> glob-heavy 300 vs scan 300" 1.5 \
    "$bin diff --quiet --format json --old $(rules_file standard 300) --new $(rules_file glob-heavy 300) $log" \
    "$(scan --aasa "$(rules_file standard 300)" $log)"
for profile in "${profiles[@]}"; do peak "$profile" 5000; done

echo
printf '%-60s %10s %10s %7s   %s\n' "comparison (median of $rounds pairs)" "aasa-scan" "floor" "ratio" "target"
printf '%s\n' "${results[@]}" "${peaks[@]}"
