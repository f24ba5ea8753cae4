#!/bin/sh
# Hadoop streaming reducer (one reduce task): decodes the mappers' states (one base64 line
# each; streaming may add a tab after it) and merges them with `aasa-scan merge -` into one
# state, written as one base64 line. `aasa-scan merge` of that state anywhere gives the
# report in any format, the --min-coverage gate and the exit status.
set -u
binary=${AASA_SCAN:-./aasa-scan}
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
if [ ! -x "$binary" ]; then
    cp "$binary" "$work/aasa-scan" && chmod +x "$work/aasa-scan" && binary="$work/aasa-scan"
fi
cut -f 1 | while IFS= read -r line; do
    [ -n "$line" ] && printf '%s\n' "$line" | base64 -d
done | "$binary" merge --format none --quiet --save-state - - >"$work/state"
status=$?
if [ -s "$work/state" ] && { [ "$status" -eq 0 ] || [ "$status" -eq 2 ]; }; then
    base64 -w 0 "$work/state" && echo
    exit
fi
[ "$status" -eq 0 ] && status=2
exit "$status"
