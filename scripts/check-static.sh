#!/usr/bin/env bash
# The binary of `make static` needs no Swift on the machine that runs it: none of its NEEDED
# libraries is a Swift runtime library (the standard library, Foundation and its ICU data,
# Dispatch, the blocks runtime), every one it needs resolves outside the Swift toolchain, and
# it runs with an empty environment, scanning the bundled sample to the same report as the
# normal build. The system libraries stay shared. libcurl (`fetch`'s HTTP client, with its TLS
# library and the system's certificates) is not linked at all: `fetch` opens it when it runs, so
# only a machine that fetches needs libcurl4.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/static/release/aasa-scan}

fail() {
    echo "check-static: $*" >&2
    exit 1
}

[ -x "$binary" ] || fail "$binary is missing: run make static"
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || fail "readelf lists no NEEDED library for $binary"
echo "NEEDED by $binary ($(du -h "$binary" | cut -f1)):"
echo "$needed" | sed 's/^/  /'

swift_runtime='^lib(swift|Foundation|_Foundation|dispatch|BlocksRuntime|icu|XCTest|Testing)'
runtime=$(echo "$needed" | grep -E "$swift_runtime" || true)
[ -z "$runtime" ] || fail "it links Swift runtime libraries:"$'\n'"$runtime"

# fetch's HTTP client is the system's libcurl, opened by fetch alone.
if echo "$needed" | grep -qE '^libcurl\.so'; then
    fail "libcurl is among its NEEDED libraries: every command would load it"
fi

# Where the loader finds each one, with no library path set: never in the Swift toolchain.
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
resolved=$(env -i LD_LIBRARY_PATH= ldd "$binary")
if echo "$resolved" | grep -q "not found"; then
    fail "a library is not found:"$'\n'"$resolved"
fi
if echo "$resolved" | grep -qF "$toolchain/"; then
    fail "a library resolves inside the Swift toolchain ($toolchain):"$'\n'"$resolved"
fi

version=$(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" --version)
echo "runs with an empty environment: aasa-scan $version"
env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" fetch --help | grep -q -- "--ca-file" \
    || fail "its fetch --help shows no --ca-file option"
# A name that cannot resolve: the answer comes from libcurl, opened as fetch runs.
fetched=$(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" fetch --timeout 1 example.invalid \
    2>&1 || true)
echo "$fetched" | grep -q "AASA707" || fail "its fetch did not reach libcurl:"$'\n'"$fetched"
if echo "$fetched" | grep -q "needs the system's libcurl"; then
    fail "its fetch found no libcurl:"$'\n'"$fetched"
fi
echo "its fetch opens the system's libcurl"

# The same report as the normal build, but for the time it took (one worker: the approximate
# top-K tables of several workers depend on how their work was shared).
report() {
    env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$1" scan --aasa data/sample.aasa.json \
        --format json --quiet --workers 1 data/sample-access.log.zst \
        | sed 's/"elapsed_seconds":[0-9.]*//'
}
static_report=$(report "$binary") || fail "it cannot scan the bundled sample"
[ -n "$static_report" ] || fail "it printed no report of the bundled sample"
if [ -x .build/release/aasa-scan ]; then
    [ "$static_report" = "$(report .build/release/aasa-scan)" ] \
        || fail "its report of the bundled sample differs from the normal build's"
    echo "its report of the bundled sample is the normal build's"
else
    echo "it scans the bundled sample (no normal build to compare the report with)"
fi
