#!/usr/bin/env bash
# `make install` into a temporary DESTDIR, then checks what it put there: every file in its
# conventional folder, a man page groff renders without a warning, completion scripts the
# shells accept (bash loads its own and registers it), and an installed binary that runs the
# bundled sample. `make uninstall` must then leave no file behind.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

destdir=$(mktemp -d)
trap 'rm -rf "$destdir"' EXIT
prefix=/opt/aasa-scan
root=$destdir$prefix

fail() {
    echo "test-install: $*" >&2
    exit 1
}

start=$(date +%s)
make --no-print-directory install DESTDIR="$destdir" PREFIX="$prefix" SWIFT="$SWIFT"
echo "make install: $(($(date +%s) - start)) s"

expected=(
    bin/aasa-scan
    share/man/man1/aasa-scan.1
    share/bash-completion/completions/aasa-scan
    share/zsh/site-functions/_aasa-scan
    share/fish/vendor_completions.d/aasa-scan.fish
)
for file in "${expected[@]}"; do
    [ -s "$root/$file" ] || fail "missing: $prefix/$file"
done
[ -x "$root/bin/aasa-scan" ] || fail "bin/aasa-scan is not executable"
installed=$(cd "$root" && find . -type f | sed 's|^\./||' | sort)
if [ "$installed" != "$(printf '%s\n' "${expected[@]}" | sort)" ]; then
    fail "installed files differ from the expected list:"$'\n'"$installed"
fi
echo "installed under $prefix:"
(cd "$root" && find . -type f -printf '  %P (%s bytes)\n' | sort)

# The man page (mdoc): a section-1 header naming the tool, every subcommand documented, and
# groff renders it with no warning at all.
manual=$root/share/man/man1/aasa-scan.1
grep -q '^\.Dt AASA-SCAN 1$' "$manual" || fail "no '.Dt AASA-SCAN 1' header in the man page"
for command in scan merge diff match explain lint fetch suggest generate bench; do
    grep -q "^\.It Em $command\$" "$manual" || fail "the man page does not document '$command'"
done
if command -v groff >/dev/null; then
    rendered=$(groff -mandoc -Tutf8 -ww "$manual" 2>"$destdir/groff.log" | wc -l)
    [ ! -s "$destdir/groff.log" ] || fail "groff warns about the man page:"$'\n'"$(cat "$destdir/groff.log")"
    [ "$rendered" -gt 300 ] || fail "the man page renders to $rendered lines only"
    echo "man page: groff renders $rendered lines, no warning"
else
    echo "man page: header and subcommands checked (groff is not installed)"
fi

# Completions: bash parses and registers the script; zsh and fish check theirs when present.
bash_completion=$root/share/bash-completion/completions/aasa-scan
bash -n "$bash_completion" || fail "bash cannot parse the bash completion"
registered=$(bash -c 'source "$1" && complete -p aasa-scan' _ "$bash_completion") \
    || fail "sourcing the bash completion does not register a completion for aasa-scan"
echo "bash completion: $registered"
zsh_completion=$root/share/zsh/site-functions/_aasa-scan
head -n 1 "$zsh_completion" | grep -q '^#compdef aasa-scan' || fail "no #compdef line in _aasa-scan"
if command -v zsh >/dev/null; then zsh -n "$zsh_completion" || fail "zsh cannot parse _aasa-scan"; fi
fish_completion=$root/share/fish/vendor_completions.d/aasa-scan.fish
grep -qE "^complete -c '?aasa-scan'? " "$fish_completion" || fail "no 'complete -c aasa-scan' in the fish completion"
if command -v fish >/dev/null; then fish -n "$fish_completion" || fail "fish cannot parse aasa-scan.fish"; fi

# The installed binary runs from its new place and scans the bundled sample.
version=$("$root/bin/aasa-scan" --version)
[ "$version" = "$(.build/release/aasa-scan --version)" ] || fail "--version says '$version'"
"$root/bin/aasa-scan" --help | grep -q "USAGE: aasa-scan" || fail "--help prints no usage"
# fetch is part of the one binary: its options, not a pointer to another build.
"$root/bin/aasa-scan" fetch --help | grep -q -- "--user-agent" \
    || fail "the installed binary's fetch --help shows no --user-agent option"
# The same report as the build's own binary, but for the time it took (one worker: the
# approximate top-K tables of several workers depend on how their work was shared).
report() {
    "$1" scan --aasa data/sample.aasa.json --format json --quiet --workers 1 \
        data/sample-access.log.zst \
        | sed 's/"elapsed_seconds":[0-9.]*//'
}
installed_report=$(report "$root/bin/aasa-scan") || fail "the installed binary cannot scan the sample"
built_report=$(report .build/release/aasa-scan)
[ -n "$installed_report" ] && [ "$installed_report" = "$built_report" ] \
    || fail "the installed binary's report of the sample differs from the build's"
echo "installed binary: aasa-scan $version runs and scans the sample"

make --no-print-directory uninstall DESTDIR="$destdir" PREFIX="$prefix"
left=$(find "$root" -type f)
[ -z "$left" ] || fail "make uninstall left files behind:"$'\n'"$left"
echo "make uninstall: no file left"
