#!/usr/bin/env bash
# The Hadoop streaming recipe of docs/spark.md without Hadoop: a log cut into line-aligned
# splits (one of them gzip, which Hadoop decompresses before the mapper), each split through
# hadoop-streaming/mapper.sh, the shuffle (sort, and the tab streaming puts after a key),
# hadoop-streaming/reducer.sh, then `aasa-scan merge`. Totals, apps and rules must equal one
# `aasa-scan scan` of the same lines. AASA_SCAN names the binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=$(realpath "${AASA_SCAN:-$here/../../.build/release/aasa-scan}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

"$binary" generate --lines 40000 --seed 3 --output gen >/dev/null
cp gen/rules-glob-300.json aasa.json
split -n l/4 -d gen/access.log split-
gzip split-03

export AASA_SCAN=$binary
for split in split-00 split-01 split-02 split-03.gz; do
    if [[ $split == *.gz ]]; then zcat "$split"; else cat "$split"; fi |
        "$here/hadoop-streaming/mapper.sh" --aasa aasa.json
done | sort | sed 's/$/\t/' | "$here/hadoop-streaming/reducer.sh" >part-00000

cut -f 1 part-00000 | base64 -d | "$binary" merge --format json - >streaming.json
"$binary" scan --aasa aasa.json --format json gen/access.log >scan.json

python3 - <<'CHECK'
import json
streaming = json.load(open("streaming.json"))
single = json.load(open("scan.json"))
assert list(streaming) == list(single), "report keys differ"
for key in ("complete", "totals", "coverage", "apps", "rules", "distinct_paths_estimate"):
    assert streaming[key] == single[key], f"{key} differs"
assert single["totals"]["handled"] > 0
assert [entry["path"] for entry in streaming["inputs"]] == ["-"] * 4
print(f"hadoop streaming pattern: {single['totals']['requests']} requests, same counts as scan")
CHECK
