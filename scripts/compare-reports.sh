#!/usr/bin/env bash
# Writes what one build of aasa-scan prints for every real log × four real AASA files × every
# report format (scan, merge, diff, suggest, lint, match, explain), one file per run with its
# exit code, so that two builds can be compared byte for byte:
#
#   scripts/compare-reports.sh OLD_BINARY old-out
#   scripts/compare-reports.sh NEW_BINARY new-out
#   diff -r old-out new-out
#
# Needs the shared real data beside the package (../shared/data). One worker: approximate top
# lists (more distinct paths than they keep) depend on how lines were shared among workers.
set -euo pipefail
binary=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
data=../shared/data
[ -d "$data/logs-real" ] || { echo "compare-reports: $data/logs-real is absent" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
out=$(realpath "$out")

aasa_files=(
    "$data/aasa-real/github-wikimedia-operations-mediawiki-config--docroot--wikipedia.org--aasa.json"
    "$data/aasa-real/github-Adophlidu-firefly.social--apps--web--public--well-known--aasa.json"
    "$data/aasa-real/github-artsy-artsy-eigen-web-association--aasa--deleted-4b937b17.json"
    "$data/aasa-real/github-Freegle-iznik-nuxt--static--well-known--aasa.json"
)
mapfile -t logs < <(find "$data/logs-real" -type f ! -name SOURCES.md | sort)
formats=(table json csv html openmetrics prometheus)
state_dir=$(mktemp -d)
trap 'rm -rf "$state_dir"' EXIT

# One run: its standard output, then its standard error and exit status, in one file. The
# table is laid out for 100 columns, and paths are written relative to the package. Elapsed
# times are the only figures that differ from run to run: they read as T.
run() {
    local name=$1
    shift
    {
        COLUMNS=100 NO_COLOR=1 "$binary" "$@" 2>"$out/.stderr" || echo "exit status $?"
        echo "--- standard error"
        cat "$out/.stderr"
    } | sed -E -e 's/("elapsed_seconds":)[0-9.]+/\1T/g' -e 's/ in [0-9.]+ s/ in T s/g' \
        -e 's/(_duration_seconds) [0-9.]+/\1 T/' -e 's/ workers?, [0-9.]+ s/ workers, T s/' \
        >"$out/$name"
}

runs=0
for aasa_index in "${!aasa_files[@]}"; do
    aasa=${aasa_files[$aasa_index]}
    for log in "${logs[@]}"; do
        log_name=$(basename "$log")
        for format in "${formats[@]}"; do
            run "scan-$aasa_index-$log_name.$format" scan --aasa "$aasa" --quiet --workers 1 \
                --format "$format" --color never "$log"
            runs=$((runs + 1))
        done
        run "scan-per-app-$aasa_index-$log_name.json" scan --aasa "$aasa" --quiet --per-app --workers 1 \
            --top 5 --format json "$log"
        run "suggest-$aasa_index-$log_name.json" suggest --aasa "$aasa" --workers 1 --format json "$log"
        runs=$((runs + 2))
    done
    for format in table json csv; do
        run "suggest-$aasa_index-all.$format" suggest --aasa "$aasa" --workers 1 --format "$format" \
            "${logs[@]}"
        runs=$((runs + 1))
    done
    # States of every log, then merged, in every format.
    states=()
    for log in "${logs[@]}"; do
        state="$state_dir/$aasa_index-$(basename "$log").state"
        "$binary" scan --aasa "$aasa" --quiet --workers 1 --format none --save-state "$state" "$log" \
            2>/dev/null || true
        [ -f "$state" ] && states+=("$state")
    done
    for format in "${formats[@]}"; do
        run "merge-$aasa_index.$format" merge --quiet --format "$format" --color never \
            "${states[@]}"
        runs=$((runs + 1))
    done
    run "lint-$aasa_index.text" lint "$aasa"
    run "lint-$aasa_index.json" lint --json "$aasa"
    run "match-$aasa_index.json" match --aasa "$aasa" --per-app --json \
        /wiki/Main_Page /fortune/aaaa /a/b?c=d /help/x /
    run "explain-$aasa_index.text" explain --aasa "$aasa" "https://example.com/wiki/A?x=1#f"
    runs=$((runs + 4))
done

# Every ordered pair of the four files, without logs and with every log, in every format.
for old in "${!aasa_files[@]}"; do
    for new in "${!aasa_files[@]}"; do
        [ "$old" = "$new" ] && continue
        for format in "${formats[@]}"; do
            run "diff-$old-$new.$format" diff --old "${aasa_files[$old]}" \
                --new "${aasa_files[$new]}" --format "$format" --color never
            run "diff-$old-$new-logs.$format" diff --old "${aasa_files[$old]}" \
                --new "${aasa_files[$new]}" --format "$format" --color never --quiet --workers 1 "${logs[@]}"
            runs=$((runs + 2))
        done
    done
done

# The bundled sample, as the README runs it.
for format in "${formats[@]}"; do
    run "sample.$format" scan --aasa data/sample.aasa.json --quiet --format "$format" \
        --color never data/sample-access.log.zst
    runs=$((runs + 1))
done
rm -f "$out/.stderr"
echo "compare-reports: $runs runs written to $out"
