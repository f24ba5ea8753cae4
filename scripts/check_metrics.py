"""The metrics formats of aasa-scan read by real parsers, with every value held against the
JSON report of the same command.

Usage: check_metrics.py AASA_SCAN [PROMTOOL]

For each case (scan, scan --per-app, scan --bucket --since, merge, merge of a state with
times, traffic diff, rule-by-rule diff; the bundled sample and hostile input: quotes,
backslashes, line feeds, control and non-ASCII characters in app IDs, hosts and input names),
the command is run three times, with --format openmetrics,
prometheus and json. The OpenMetrics text must be accepted by prometheus-client's OpenMetrics
parser and the Prometheus text by its text-format parser (and by `promtool check metrics` when
PROMTOOL is given); both must hold exactly the series the JSON report implies, with its values,
family types and units. Prints one line per case and ends with 'N passed, N failed'.
"""

import datetime
import json
import math
import os
import subprocess
import sys
import tempfile

from prometheus_client.openmetrics.parser import text_string_to_metric_families as parse_om
from prometheus_client.parser import text_string_to_metric_families as parse_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLASSES = ["handled", "excluded", "unmatched"]


def label(text):
    """A report string as a label value holds it: control characters but the line feed as
    %XX of their UTF-8 bytes (docs/reports.md, Metrics)."""
    out = []
    for char in text:
        code = ord(char)
        if (code < 0x20 and char != "\n") or 0x7F <= code <= 0x9F:
            out.append("".join("%%%02X" % byte for byte in char.encode()))
        else:
            out.append(char)
    return "".join(out)


class Expected:
    """Series the JSON report implies: family -> (type, unit), series -> value."""

    def __init__(self):
        self.families = {}
        self.series = {}

    def add(self, family, kind, labels, value, unit=None, combine=None):
        self.families[family] = (kind, unit)
        name = family + "_total" if kind == "counter" else family
        labels = {key: label(value) for key, value in labels.items() if value is not None}
        key = (name, frozenset(labels.items()))
        if key in self.series and combine:
            self.series[key] = combine(self.series[key], value)
        else:
            assert key not in self.series, f"series implied twice: {key}"
            self.series[key] = value

    def family(self, family, kind, unit=None):
        """A family that may have no sample."""
        self.families[family] = (kind, unit)


def add_run_totals(e, j):
    t = j["totals"]
    e.add("aasa_scan_complete", "gauge", {}, int(j["complete"]))
    e.add("aasa_scan_lines", "counter", {}, t["lines"])
    e.add("aasa_scan_requests", "counter", {}, t["requests"])
    e.add("aasa_scan_malformed_lines", "counter", {}, t["malformed"])
    e.add("aasa_scan_skipped_lines", "counter", {}, t["skipped"])
    reasons = ["method", "status", "asset", "bot"]
    # The time filter is a reason once times were read (docs/reports.md).
    if j.get("time_range") is not None or "series" in j or t["filtered"]["time"] > 0:
        reasons.append("time")
    for reason in reasons:
        e.add("aasa_scan_filtered_requests", "counter", {"reason": reason}, t["filtered"][reason])


def add_run_inputs(e, j, duration=True):
    add = lambda a, b: a + b
    for row in j["inputs"]:
        labels = {"input": row["path"]}
        e.add("aasa_scan_input_read_bytes", "counter", labels, row["bytes"], "bytes", add)
        e.add("aasa_scan_input_lines", "counter", labels, row["lines"], combine=add)
        e.add("aasa_scan_input_requests", "counter", labels, row["requests"], combine=add)
        e.add("aasa_scan_input_malformed_lines", "counter", labels, row["malformed"], combine=add)
        e.add("aasa_scan_input_errors", "counter", labels, int(row["error"] is not None),
              combine=add)
        e.add("aasa_scan_input_complete", "gauge", labels, int(row["complete"]), combine=min)
        e.add("aasa_scan_input_skipped", "gauge", labels, int(row["skipped"]), combine=max)
    e.add("aasa_scan_workers", "gauge", {}, j["workers"])
    if duration:
        e.add("aasa_scan_duration_seconds", "gauge", {}, j["elapsed_seconds"], "seconds")
    else:
        e.family("aasa_scan_duration_seconds", "gauge", "seconds")


def expect_scan(j, duration):
    e = Expected()
    add = lambda a, b: a + b
    add_run_totals(e, j)
    t = j["totals"]
    for c in CLASSES:
        e.add("aasa_scan_classified_requests", "counter", {"class": c}, t[c])
    e.add("aasa_scan_no_association_requests", "counter", {}, t["no_association"])
    for c in CLASSES:
        e.add("aasa_scan_coverage_ratio", "gauge", {"class": c},
              j["coverage"][c + "_percent"] / 100, "ratio")
    if j["time_range"] is not None:
        for end in ["first", "last"]:
            seconds = datetime.datetime.strptime(j["time_range"][end], "%Y-%m-%dT%H:%M:%S%z")
            e.add(f"aasa_scan_{end}_request_timestamp_seconds", "gauge", {},
                  int(seconds.timestamp()), "seconds")
    e.family("aasa_scan_app_requests", "counter")
    for app in j["apps"]:
        labels = {"app": app["app"], "source": app["source"]}
        for c, key in [("handled", "handled"), ("excluded", "excluded")]:
            e.add("aasa_scan_app_requests", "counter", {**labels, "class": c}, app[key],
                  combine=add)
        if app["eligible"] is not None:
            for c, key in [("handled", "eligible"), ("excluded", "eligible_excluded")]:
                e.add("aasa_scan_app_eligible_requests", "counter", {**labels, "class": c},
                      app[key], combine=add)
    e.family("aasa_scan_rule_hits", "counter")
    for rule in j["rules"]:
        e.add("aasa_scan_rule_hits", "counter", {"source": rule["source"], "rule": rule["ref"]},
              rule["hits"], combine=add)
    for file in j["associations"]:
        source = file["domain"] if file["domain"] is not None else file["file"]
        e.add("aasa_scan_association_rules", "gauge", {"source": source}, file["rules"],
              combine=add)
    e.add("aasa_scan_dead_rules", "gauge", {}, j["dead_rules"])
    e.add("aasa_scan_shadowed_rules", "gauge", {}, j["shadowed_rules"])
    e.add("aasa_scan_unmeasurable_rules", "gauge", {},
          sum(1 for rule in j["rules"] if not rule["measurable"]))
    e.family("aasa_scan_rule_unmeasurable", "gauge")
    for rule in j["rules"]:
        if not rule["measurable"]:
            e.add("aasa_scan_rule_unmeasurable", "gauge",
                  {"source": rule["source"], "rule": rule["ref"]}, 1, combine=max)
    e.family("aasa_scan_warnings", "gauge")
    for warning in j["warnings"]:
        e.add("aasa_scan_warnings", "gauge", {"code": warning["code"]}, 1, combine=add)
    e.family("aasa_scan_host_requests", "counter")
    for host in j["hosts"]:
        for c in CLASSES:
            e.add("aasa_scan_host_requests", "counter", {"host": host["host"], "class": c},
                  host[c], combine=add)
    e.add("aasa_scan_hosts_approximate", "gauge", {}, int(j["hosts_approximate"]))
    e.add("aasa_scan_distinct_paths", "gauge", {}, j["distinct_paths_estimate"])
    add_run_inputs(e, j, duration)
    return e


def expect_diff(j, duration):
    e = Expected()
    add = lambda a, b: a + b
    add_run_totals(e, j)
    t = j["totals"]
    for side in ["old", "new"]:
        for c in CLASSES:
            e.add("aasa_scan_diff_classified_requests", "counter", {"side": side, "class": c},
                  t[side][c])
    for side in ["old", "new"]:
        e.add("aasa_scan_diff_no_association_requests", "counter", {"side": side},
              t[side]["no_association"])
    for side in ["old", "new"]:
        e.add("aasa_scan_diff_handled_ratio", "gauge", {"side": side},
              t[side]["handled_percent"] / 100, "ratio")
    for row in j["transitions"]:
        e.add("aasa_scan_diff_transition_requests", "counter",
              {"from": row["from"], "to": row["to"]}, row["requests"])
    e.add("aasa_scan_diff_changed_requests", "counter", {}, j["changed_requests"])
    e.add("aasa_scan_diff_lost_requests", "counter", {}, j["lost"]["requests"])
    e.add("aasa_scan_diff_lost_ratio", "gauge", {}, j["lost"]["percent"] / 100, "ratio")
    e.add("aasa_scan_diff_gained_requests", "counter", {}, j["gained"])
    e.add("aasa_scan_diff_gate_failed", "gauge", {}, int(j["gate"]["failed"]))
    if j["gate"]["max_lost_percent"] is not None:
        e.add("aasa_scan_diff_max_lost_ratio", "gauge", {}, j["gate"]["max_lost_percent"] / 100,
              "ratio")
    e.add("aasa_scan_diff_app_changed_requests", "counter", {}, j["app_changed_requests"])
    e.family("aasa_scan_diff_app_change_requests", "counter")
    for row in j["app_changes"]:
        e.add("aasa_scan_diff_app_change_requests", "counter",
              {"from_app": row["from_app"], "to_app": row["to_app"]}, row["requests"], combine=add)
    e.family("aasa_scan_diff_app_requests", "counter")
    for app in j["apps"]:
        for side in ["old", "new"]:
            for c in ["handled", "excluded"]:
                e.add("aasa_scan_diff_app_requests", "counter",
                      {"app": app["app"], "domain": app["domain"], "side": side, "class": c},
                      app[f"{side}_{c}"], combine=add)
    e.family("aasa_scan_diff_rule_hits", "counter")
    for side in ["old", "new"]:
        for rule in j[side + "_rules"]:
            e.add("aasa_scan_diff_rule_hits", "counter",
                  {"side": side, "source": rule["source"], "rule": rule["ref"]}, rule["hits"],
                  combine=add)
    e.add("aasa_scan_diff_rule_changes", "gauge", {}, j["rule_changes_total"])
    e.add("aasa_scan_diff_dead_new_rules", "gauge", {}, len(j["dead_new_rules"]))
    add_run_inputs(e, j, duration)
    return e


def expect_static(j, duration):
    e = Expected()
    e.add("aasa_scan_complete", "gauge", {}, int(j["complete"]))
    for kind, count in j["summary"].items():
        e.add("aasa_scan_diff_rules", "gauge", {"change": kind}, count)
    return e


def read_families(families):
    """family -> (type, unit) and series -> value, refusing a series given twice."""
    kinds, series = {}, {}
    for family in families:
        kinds[family.name] = (family.type, family.unit or None)
        for sample in family.samples:
            key = (sample.name, frozenset(sample.labels.items()))
            assert key not in series, f"series given twice: {key}"
            series[key] = sample.value
    return kinds, series


def compare(what, expected, kinds, series, units):
    problems = []
    for family, (kind, unit) in expected.families.items():
        got = kinds.get(family)
        want = (kind, unit if units else None)
        if got != want:
            problems.append(f"{what}: family {family}: {got} instead of {want}")
    for family in kinds:
        if family not in expected.families:
            problems.append(f"{what}: family {family} is not in the JSON report")
    for key, value in expected.series.items():
        if key not in series:
            problems.append(f"{what}: missing {key}")
        elif not math.isclose(float(series[key]), float(value), rel_tol=0, abs_tol=1e-9):
            problems.append(f"{what}: {key} is {series[key]}, the JSON says {value}")
    for key in series:
        if key not in expected.series and key[0] != "aasa_scan_duration_seconds":
            problems.append(f"{what}: {key} is not in the JSON report")
    return problems


def run(binary, arguments, statuses, stdin=None):
    result = subprocess.run([binary] + arguments, input=stdin, capture_output=True, cwd=ROOT)
    if result.returncode not in statuses:
        raise AssertionError(
            f"{' '.join(arguments)}: status {result.returncode}: {result.stderr.decode()}")
    return result.stdout


def check_case(binary, promtool, name, arguments, expect, statuses=(0,), stdin=None,
               duration=False):
    """Problems of one case; `duration`: the command's duration is the same in every run
    (a merge of saved states), so it is compared too."""
    problems = []
    report = json.loads(run(binary, arguments + ["--format", "json"], statuses, stdin))
    expected = expect(report, duration)
    om = run(binary, arguments + ["--format", "openmetrics"], statuses, stdin).decode()
    prom = run(binary, arguments + ["--format", "prometheus"], statuses, stdin).decode()
    if not om.endswith("# EOF\n"):
        problems.append("openmetrics: does not end with # EOF")
    for what, text, parse, units in [
        ("openmetrics", om, parse_om, True), ("prometheus", prom, parse_text, False)]:
        try:
            kinds, series = read_families(parse(text))
        except Exception as error:  # a parser's refusal is the finding
            problems.append(f"{what}: refused: {error}")
            continue
        problems += compare(what, expected, kinds, series, units)
        duration_key = ("aasa_scan_duration_seconds", frozenset())
        timed = "aasa_scan_duration_seconds" in expected.families
        if timed and not duration and not float(series.get(duration_key, -1)) >= 0:
            problems.append(f"{what}: no duration")
    if promtool:
        lint = subprocess.run([promtool, "check", "metrics"], input=prom.encode(),
                              capture_output=True)
        if lint.returncode != 0:
            problems.append("promtool: " + (lint.stdout + lint.stderr).decode().strip())
    series = len(expected.series)
    print(("ok    " if not problems else "FAIL  ") + f"{name} ({series} series)")
    for problem in problems[:20]:
        print("      " + problem)
    return not problems


def write_hostile(folder):
    """An AASA file and logs whose names and contents need every escape."""
    document = {"applinks": {"details": [
        {"appIDs": ["AB\"C\\D\nE.com.quote", "\u00c4BC12.com.\u00fcn\u00ef\r\t\u2028x\u001b[31m"],
         "components": [{"/": "/p/*"}, {"/": "/a\"b\\c/*", "exclude": True}]},
        {"appID": "ZZZ.com.plain", "paths": ["/help/*", "NOT /help/private/*"]}]}}
    aasa = os.path.join(folder, "hostile \"aasa\".json")
    with open(aasa, "w") as file:
        json.dump(document, file)
    newer = os.path.join(folder, "hostile-next.json")
    document["applinks"]["details"][0]["components"].insert(0, {"/": "/p/1", "exclude": True})
    with open(newer, "w") as file:
        json.dump(document, file)
    # The quoted host is no host name: its lines are malformed, as a quoted path's are.
    hosts = ["b\u00fccher.example:443", "ex\"am\\ple.com:443", "Plain.COM:8443"]
    paths = ["/p/1", "/a\"b\\c/x", "/help/x", "/nope", "/help/private/x", "/p/2"]
    lines = []
    for index in range(90):
        lines.append(
            f'{hosts[index % 3]} 203.0.113.{index % 7} - - [01/May/2024:00:00:00 +0000] '
            f'"GET {paths[index % 6]} HTTP/1.1" 200 1 "-" "ua"')
    body = ("\n".join(lines) + "\n").encode() + (
        b'\xff\xfehost:80 1.2.3.4 - - [01/May/2024:00:00:00 +0000] '
        b'"GET /p/2 HTTP/1.1" 200 1 "-" "ua"\n')
    log = os.path.join(folder, "we\"ird\\na\nme \u00e9\u001b.log")
    with open(log, "wb") as file:
        file.write(body)
    cut = os.path.join(folder, "cut.log.zst")
    packed = subprocess.run(["zstd", "-q", "-c"], input=body * 50, capture_output=True,
                            check=True).stdout
    with open(cut, "wb") as file:
        file.write(packed[: len(packed) // 2])
    return aasa, newer, log, cut, body


def main():
    binary = sys.argv[1]
    promtool = sys.argv[2] if len(sys.argv) > 2 else None
    sample = ["--aasa", "data/sample.aasa.json"]
    sample_log = "data/sample-access.log.zst"
    passed = failed = 0
    with tempfile.TemporaryDirectory() as folder:
        aasa, newer, log, cut, body = write_hostile(folder)
        states = []
        for index, arguments in enumerate([[log, log], ["-"], ["-"]]):
            state = os.path.join(folder, f"part{index}.state")
            run(binary, ["scan", "--aasa", aasa, "--format", "none", "--save-state", state]
                + arguments, (0,), stdin=body)
            states.append(state)
        sample_state = os.path.join(folder, "sample.state")
        run(binary, ["scan"] + sample + ["--format", "none", "--save-state", sample_state,
                                         sample_log], (0,))
        timed_state = os.path.join(folder, "timed.state")
        run(binary, ["scan"] + sample + ["--format", "none", "--bucket", "day", "--save-state",
                                         timed_state, sample_log], (0,))
        cases = [
            ("scan: the bundled sample", ["scan"] + sample + ["--top", "5", sample_log],
             expect_scan, (0,), None, False),
            ("scan --per-app: the bundled sample",
             ["scan"] + sample + ["--per-app", "--workers", "1", sample_log],
             expect_scan, (0,), None, False),
            ("scan: hostile names, hosts and app IDs; an input twice; a cut input",
             ["scan", "--aasa", aasa, "--per-app", log, log, cut], expect_scan, (2,), None, False),
            ("scan: hostile, from standard input", ["scan", "--aasa", aasa, "-"],
             expect_scan, (0,), body, False),
            ("scan --bucket hour --since: the bundled sample's times",
             ["scan"] + sample + ["--bucket", "hour", "--since", "2024-05-01T00:01:00Z",
                                  sample_log], expect_scan, (0,), None, False),
            ("merge: the bundled sample's state", ["merge", sample_state], expect_scan, (0,),
             None, True),
            ("merge: a state with times", ["merge", timed_state], expect_scan, (0,), None, True),
            # Two scans of the same standard input counted the same bytes: merged on purpose.
            ("merge: hostile states, two of standard input",
             ["merge", "--allow-overlap"] + states, expect_scan, (0,), None, True),
            ("diff: the bundled sample and its next version, --max-lost gate failed",
             ["diff", "--old", "data/sample.aasa.json", "--new", "data/sample-next.aasa.json",
              "--max-lost", "2", "--top", "3", sample_log], expect_diff, (1,), None, False),
            ("diff: hostile files and names",
             ["diff", "--old", aasa, "--new", newer, log, log], expect_diff, (0,), None, False),
            ("diff without logs: the bundled sample",
             ["diff", "--old", "data/sample.aasa.json", "--new", "data/sample-next.aasa.json"],
             expect_static, (0,), None, False),
        ]
        for name, arguments, expect, statuses, stdin, duration in cases:
            ok = check_case(binary, promtool, name, arguments + ["--quiet"], expect, statuses,
                            stdin, duration)
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
