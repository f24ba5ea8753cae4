#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (address sanitizer + coverage) and runs each one for
# FUZZ_SECONDS (default 60) on its corpus: the seeds assembled here from data/, the test
# fixtures and, when present, ../shared/data/, plus what earlier runs kept in .build/fuzz/.
#   scripts/fuzz.sh [TARGET ...]        all targets when none is named
# A crash, a sanitizer report, a leak or a timeout stops that target and leaves the input in
# .build/fuzz/findings/TARGET/; the script then exits 1. Each target prints one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${FUZZ_SECONDS:-60}
work=$root/.build/fuzz
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(
    fuzz-aasa fuzz-pkcs7 fuzz-log-lines fuzz-url fuzz-differential fuzz-state fuzz-chunks
    fuzz-writers fuzz-android)

libfuzzer=$(ls "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
echo "== building the fuzz targets"
# A failed build stops here: the binaries of an earlier build must not stand in for it.
(cd Fuzz && swift build -c release \
    -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xlinker "$libfuzzer" -Xlinker -lstdc++ 2>&1) | { grep -v "Cannot export local symbol" || true; }
bin=$root/Fuzz/.build/release
for target in "${targets[@]}"; do [ -x "$bin/$target" ] || { echo "no $target built" >&2; exit 2; }; done

shared=$root/../shared/data
seed() {  # seed TARGET NAME < bytes
    mkdir -p "$work/seeds/$1"
    cat > "$work/seeds/$1/$2"
}
head_lines() { case $1 in *.zst) zstd -dc "$1" ;; *.gz) gzip -dc "$1" ;; *) cat "$1" ;; esac | head -n 40; }
# Standard input in BGZF form: members of 200 input bytes, each with its BC subfield.
bgzf='import struct, sys, zlib
data = sys.stdin.buffer.read()
for start in range(0, len(data), 200):
    part = data[start:start + 200]
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    body = packer.compress(part) + packer.flush()
    header = b"\x1f\x8b\x08\x04\0\0\0\0\0\xff\x06\0BC\x02\0" + struct.pack("<H", len(body) + 25)
    sys.stdout.buffer.write(header + body + struct.pack("<II", zlib.crc32(part), len(part)))'
assemble_seeds() {
    # Cut-short pipes (head) are expected here.
    set +o pipefail
    rm -rf "$work/seeds"
    mkdir -p "$work/seeds"
    cp -r Fuzz/seeds/. "$work/seeds/"
    local i=0 file
    for file in data/*.json "$shared"/aasa-real/*.json "$shared"/aasa-real/*/*.json; do
        [ -f "$file" ] || continue
        i=$((i + 1))
        seed fuzz-aasa "aasa-$i" < "$file"
    done
    # Log lines: the first byte picks the format (LogFormat order), so every sample is
    # offered under every format.
    i=0
    for file in data/sample-access.log.zst data/sample-urls.txt "$shared"/logs-real/* "$shared"/logs-real/formats/*; do
        [ -f "$file" ] || continue
        case $file in *.md|*.bz2) continue ;; esac
        i=$((i + 1))
        for selector in $(seq 0 14); do
            { printf "\\x$(printf %02x "$selector")"; head_lines "$file"; } | seed fuzz-log-lines "log-$i-$selector"
        done
        head_lines "$file" | head -c 300 | seed fuzz-chunks "plain-$i" 
        # Two bytes of settings, then a whole compressed stream to damage.
        { printf '\x00\x45'; head_lines "$file" | zstd -q -c; } | seed fuzz-chunks "zstd-$i"
        { printf '\x00\x85'; head_lines "$file" | gzip -c; } | seed fuzz-chunks "gzip-$i"
        # Several frames, or BGZF members of 200 bytes each, to be cut into pieces.
        { printf '\x00\x45'; head_lines "$file" | head -n 20 | zstd -q -c
            head_lines "$file" | tail -n 20 | zstd -q -c; } | seed fuzz-chunks "frames-$i"
        if command -v python3 >/dev/null; then
            { printf '\x00\x85'; head_lines "$file" | python3 -c "$bgzf"; } | seed fuzz-chunks "bgzf-$i"
        fi
        head_lines "$file" | grep -o '"[A-Z]* [^ ]*' | cut -d' ' -f2 | head -n 5 \
            | while read -r url; do printf '%s' "$url" | seed fuzz-url "url-$i-$RANDOM"; done || true
        head_lines "$file" | grep -o '"[A-Z]* /[^ ]*' | cut -d' ' -f2 | head -n 5 \
            | while read -r target; do
                printf 'https://example.com%s' "$target" | seed fuzz-android "url-$i-$RANDOM"
            done || true
    done
    # Saved states from a scan of the sample log, whole (mode 0) and as bare summaries.
    local tool=.build/debug/aasa-scan
    [ -x "$tool" ] || tool=.build/release/aasa-scan
    if [ -x "$tool" ]; then
        "$tool" scan --quiet --format none --aasa data/sample.aasa.json \
            --save-state "$work/sample.state" data/sample-access.log.zst || true
        [ -f "$work/sample.state" ] && { printf '\x00'; cat "$work/sample.state"; } | seed fuzz-state state-0
    fi
    mkdir -p "$work/seeds/fuzz-differential" "$work/seeds/fuzz-state" "$work/seeds/fuzz-writers"
    set -o pipefail
}
assemble_seeds

# The targets run side by side, one a core (FUZZ_JOBS to choose); their rows are printed once
# all have run, in the order above.
run_target() {  # run_target TARGET: its row in $work/TARGET.row
    local target=$1 corpus=$work/corpus/$1 findings=$work/findings/$1 log=$work/$1.log
    local result=ok dictionary=() runs
    mkdir -p "$corpus" "$findings"
    case $target in
        fuzz-aasa|fuzz-pkcs7) dictionary=(-dict=Fuzz/dictionaries/json.dict) ;;
        fuzz-log-lines|fuzz-chunks) dictionary=(-dict=Fuzz/dictionaries/log.dict) ;;
    esac
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 "$bin/$target" \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3072 -max_len=65536 \
        -artifact_prefix="$findings/" -print_final_stats=1 "${dictionary[@]}" \
        "$corpus" "$work/seeds/$target" > "$log" 2>&1 || result="FINDING (see $log)"
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    printf '%-18s %8s %12s %8s %s\n' "$target" "$seconds" "${runs:-0}" "$(ls "$corpus" | wc -l)" \
        "$result" > "$work/$target.row"
}
side_by_side=${FUZZ_JOBS:-$(nproc)}
for target in "${targets[@]}"; do
    rm -f "$work/$target.row"
    while [ "$(jobs -rp | wc -l)" -ge "$side_by_side" ]; do wait -n || true; done
    run_target "$target" &
done
wait

status=0
printf '%-18s %8s %12s %8s %s\n' target seconds executions corpus result
for target in "${targets[@]}"; do
    if [ ! -s "$work/$target.row" ]; then
        echo "$target: no result" >&2
        status=1
        continue
    fi
    cat "$work/$target.row"
    grep -q ' ok$' "$work/$target.row" || { status=1; tail -n 30 "$work/$target.log"; }
done
exit $status
