#!/usr/bin/env python3
"""Fails when a public symbol of a DocC archive has no summary.

Reads the documentation-coverage.json that `generate-documentation
--experimental-documentation-coverage` writes into each archive given. Members the compiler
synthesises or inherits (`!=`, the other comparisons, `hashValue`, `hash(into:)`, `init(rawValue:)`,
`localizedDescription`) carry no source comment and are not counted.
"""
import json
import os
import sys

INHERITED = {
    "!=(_:_:)", "hashValue", "hash(into:)", "init(rawValue:)", "localizedDescription",
    ">(_:_:)", "<=(_:_:)", ">=(_:_:)", "...(_:)", "..<(_:)", "...(_:_:)", "..<(_:_:)",
}

missing = []
for archive in sys.argv[1:]:
    path = os.path.join(archive, "documentation-coverage.json")
    with open(path, encoding="utf-8") as handle:
        entries = json.load(handle)
    for entry in entries:
        if entry.get("hasAbstract") or not entry["kind"].get("isSymbol"):
            continue
        if entry["title"] in INHERITED:
            continue
        missing.append(entry.get("referencePath", entry.get("reference", entry["title"])))

for reference in sorted(missing):
    print("undocumented: " + reference.replace("doc://", ""))
if missing:
    print(f"{len(missing)} public symbols without a summary")
    sys.exit(1)
