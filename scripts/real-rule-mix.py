#!/usr/bin/env python3
"""Rule files of shapes no generator of ours wrote: the entries of real AASA files.

    scripts/real-rule-mix.py [AASA_FOLDER] [OUTPUT_FOLDER]

Reads every AASA file of AASA_FOLDER (default ../shared/data/aasa-real) and writes to
OUTPUT_FOLDER (default data/bench):

- rules-real-20.json: the first entries, in file-name order, that bring it to about 20 rules;
- rules-real-300.json and rules-real-5000.json: the entries of every file in that order, then
  copies of them, until there are 300 (5,000) rules or more. Each copy's paths go under a
  folder of their own (`/r1/...`, `NOT /r1/...`, `*` becoming `/r1/*`), so a copy adds rules
  instead of repeating them; the first round is the files as they are, catch-alls included.

Files that do not parse, or have no `applinks.details`, are passed over.
"""
import copy
import glob
import json
import os
import sys


def rule_count(entry):
    return len(entry.get("components") or []) + len(entry.get("paths") or [])


def under(pattern, folder):
    """A path pattern moved under `/folder`; anything else as it is."""
    if not isinstance(pattern, str):
        return pattern
    negated = pattern.startswith("NOT ")
    body = pattern[4:] if negated else pattern
    body = "/" + folder + (body if body.startswith("/") else "/" + body)
    return ("NOT " if negated else "") + body


def copied(entry, folder):
    entry = copy.deepcopy(entry)
    if "paths" in entry:
        entry["paths"] = [under(path, folder) for path in entry["paths"]]
    for component in entry.get("components") or []:
        if isinstance(component, dict) and "/" in component:
            component["/"] = under(component["/"], folder)
    return entry


def at_least(entries, target):
    """The entries, then copies of them under `/r1/`, `/r2/`, ..., up to `target` rules."""
    chosen, total, round_ = [], 0, 0
    while True:
        for entry in entries:
            chosen.append(entry if round_ == 0 else copied(entry, f"r{round_}"))
            total += rule_count(entry)
            if total >= target:
                return chosen, total
        round_ += 1


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/aasa-real"
    output = sys.argv[2] if len(sys.argv) > 2 else "data/bench"
    entries = []
    for path in sorted(glob.glob(os.path.join(source, "*.json"))):
        try:
            with open(path, encoding="utf-8") as file:
                document = json.load(file)
        except (OSError, ValueError):
            continue
        applinks = document.get("applinks") if isinstance(document, dict) else None
        details = applinks.get("details") if isinstance(applinks, dict) else None
        for entry in details if isinstance(details, list) else []:
            if isinstance(entry, dict) and rule_count(entry) > 0:
                entries.append(entry)
    if not entries:
        sys.exit(f"no AASA entries in {source}")

    small, count = [], 0
    for entry in entries:
        if count + rule_count(entry) <= 40:
            small.append(entry)
            count += rule_count(entry)
        if count >= 20:
            break
    os.makedirs(output, exist_ok=True)
    files = [("rules-real-20.json", small, count)]
    for target in (300, 5000):
        chosen, total = at_least(entries, target)
        files.append((f"rules-real-{target}.json", chosen, total))
    for name, chosen, rules in files:
        with open(os.path.join(output, name), "w", encoding="utf-8") as file:
            json.dump({"applinks": {"details": chosen}}, file)
        print(f"{os.path.join(output, name)}: {rules} rules in {len(chosen)} entries")


if __name__ == "__main__":
    main()
