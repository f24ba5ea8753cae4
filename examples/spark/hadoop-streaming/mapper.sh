#!/bin/sh
# Hadoop streaming mapper: scans the lines of its split (standard input) with aasa-scan and
# writes the saved state as one line of base64, as streaming passes text lines on.
# Arguments are scan's: --aasa aasa.json, filters, --log-format, ... The binary is
# ./aasa-scan (shipped with -files), or $AASA_SCAN.
set -u
binary=${AASA_SCAN:-./aasa-scan}
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
if [ ! -x "$binary" ]; then
    # Files shipped with -files may lose their execute bit.
    cp "$binary" "$work/aasa-scan" && chmod +x "$work/aasa-scan" && binary="$work/aasa-scan"
fi
"$binary" scan "$@" --format none --quiet --save-state - - >"$work/state"
status=$?
# Status 2 with a state is an input error that the state records (the merged report says
# "complete": false); anything else without a state fails the task.
if [ -s "$work/state" ] && { [ "$status" -eq 0 ] || [ "$status" -eq 2 ]; }; then
    base64 -w 0 "$work/state" && echo
    exit
fi
[ "$status" -eq 0 ] && status=2
exit "$status"
