#!/usr/bin/env python3
"""The HTML reports in a real browser (headless Chromium), with nothing but the standard library.

Renders the scan report of the bundled sample, its report over time (--bucket hour, an
inline SVG chart of the shares per hour), the diff report of the sample against its next
version, and the scan report of a hostile log and AASA file; from the DOM the browser built it
checks that every marked figure, and the app, rule, path, transition and input rows, equal the
JSON report of the same command; that hostile strings are text (no element came from them);
that the browser logged no console message (a script error or a blocked action); and that at
375 px the page does not overflow sideways. It first shows that each of those checks fails on a
page made to fail it.

usage: html-report-check.py AASA_SCAN_BINARY
"""

import html
import html.parser
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "data")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
# Elements the reports write; anything else in a DOM came from somewhere else.
OWN = {"html", "head", "meta", "title", "style", "body", "main", "header", "h1", "h2", "h3", "p",
       "section", "div", "span", "strong", "small", "code", "ul", "li", "dl", "dt", "dd", "table",
       "thead", "tbody", "tr", "th", "td", "br", "svg", "rect", "footer"}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


class Element:
    def __init__(self, tag, attrs, table):
        self.tag = tag
        self.attrs = attrs
        self.table = table  # id of the table it is in, if any
        self.text = ""
        self.children = []


class DOM(html.parser.HTMLParser):
    """Every element of a dumped DOM, with its attributes and its whole text content."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.stack = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        table = next((e.attrs.get("id") for e in reversed(self.stack) if e.tag == "table"), None)
        element = Element(tag, dict(attrs), table)
        if self.stack:
            self.stack[-1].children.append(element)
        self.elements.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].tag == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        for element in self.stack:
            element.text += data

    def find(self, **attrs):
        return [e for e in self.elements if all(e.attrs.get(k) == v for k, v in attrs.items())]

    def rows(self, table):
        return [e for e in self.elements
                if e.tag == "tr" and e.table == table and any(k.startswith("data-") for k in e.attrs)]

    @property
    def body_text(self):
        body = next((e for e in self.elements if e.tag == "body"), None)
        return body.text if body else ""


def field(row, name):
    """The data-value of the cell of `row` whose data-field is `name`."""
    for cell in row.children:
        if cell.attrs.get("data-field") == name:
            return cell.attrs.get("data-value")
    return None


def grouped(value):
    return ("−" if value < 0 else "") + f"{abs(value):,}"


def same(value, expected):
    if value in ("true", "false"):
        return isinstance(expected, bool) and expected == (value == "true")
    try:
        return not isinstance(expected, bool) and float(value) == float(expected)
    except (TypeError, ValueError):
        return False


def resolve(path, report):
    current = report
    for key in path.split("."):
        current = current.get(key) if isinstance(current, dict) else None
    return current


def browser(*arguments, timeout=90):
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            ["chromium", "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
             "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
             f"--user-data-dir={profile}", *arguments],
            capture_output=True, text=True, timeout=timeout)
    return result


def render(path):
    """The DOM Chromium built for the page, and the console messages it logged."""
    result = browser("--dump-dom", "file://" + path)
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    return DOM(result.stdout), console


def overflow(path, folder, width=375):
    """How far the page at `path`, shown `width` px wide, is wider than its viewport. The page
    goes into an iframe of that width (its own Content-Security-Policy kept); the frame's owner
    measures it, as the page itself may run no script."""
    with open(path, encoding="utf-8") as file:
        page = file.read()
    probe = os.path.join(folder, "probe-" + os.path.basename(path))
    with open(probe, "w", encoding="utf-8") as file:
        file.write(
            '<!DOCTYPE html><html><body style="margin:0"><iframe id="frame" style="border:0" '
            f'width="{width}" height="900" srcdoc="{html.escape(page, quote=True)}"></iframe>'
            "<script>const f = document.getElementById('frame');"
            "f.addEventListener('load', () => { const d = f.contentDocument.documentElement;"
            "document.body.dataset.scrollWidth = d.scrollWidth;"
            "document.body.dataset.clientWidth = d.clientWidth; });</script></body></html>")
    dom, _ = render(probe)
    body = next(e for e in dom.elements if e.tag == "body")
    scroll, client = body.attrs.get("data-scroll-width"), body.attrs.get("data-client-width")
    if scroll is None or client is None:
        return None
    return int(scroll) - int(client)


def foreign_elements(dom):
    return sorted({e.tag for e in dom.elements} - OWN)


def run(binary, *arguments, expect_status=(0,)):
    result = subprocess.run([binary, *arguments, "--quiet"], capture_output=True, cwd=ROOT)
    check(result.returncode in expect_status,
          f"{' '.join(arguments)}: exit {result.returncode}: {result.stderr.decode()[:300]}")
    return result.stdout


def reports(binary, folder, name, arguments, expect_status=(0,)):
    """The command's JSON report and the path of its HTML report (one worker: the
    approximate top lists come out the same in both runs)."""
    report = json.loads(run(binary, *arguments, "--workers", "1", "--format", "json",
                            expect_status=expect_status))
    path = os.path.join(folder, name + ".html")
    with open(path, "wb") as file:
        file.write(run(binary, *arguments, "--workers", "1", "--format", "html",
                       expect_status=expect_status))
    return report, path


def expect_metrics(dom, report, required, name):
    marked = [e for e in dom.elements if "data-metric" in e.attrs]
    for element in marked:
        path, value = element.attrs["data-metric"], element.attrs.get("data-value")
        check(same(value, resolve(path, report)),
              f"{name}: {path} is {value} on the page, {resolve(path, report)} in the JSON")
        shown = element.text.split("±")[0].strip()
        if value and value.lstrip("-").isdigit():
            check(shown == grouped(int(value)), f"{name}: {path} shows {shown!r}, not {value}")
        elif value and "." in value:
            # One decimal, rounded so that the three shares add up to 100.0%: within 0.1.
            check(shown.endswith("%") and abs(float(shown[:-1]) - float(value)) < 0.1 + 1e-9,
                  f"{name}: {path} shows {shown!r} for {value}")
    shares = [e.text for e in marked if e.attrs["data-metric"].startswith("coverage.")]
    if shares:
        total = sum(float(share.strip().rstrip("%")) for share in shares)
        check(abs(total - 100 * len(shares) / 3) < 1e-6, f"{name}: shares add up to {total}")
    for path in required:
        check(any(e.attrs["data-metric"] == path for e in marked), f"{name}: {path} not shown")


def expect_scan_rows(dom, report, name, top=20):
    apps = dom.rows("apps-table")
    check(len(apps) == min(top, len(report["apps"])), f"{name}: {len(apps)} app rows")
    for row, app in zip(apps, report["apps"]):
        check(row.attrs.get("data-app") == app["app"], f"{name}: app {row.attrs}")
        for key in ("handled", "excluded"):
            check(same(field(row, key), app[key]), f"{name}: {app['app']} {key}")
        check(app["app"] in row.text, f"{name}: {app['app']} not shown as text")
    rules = {(r["source"], r["ref"]): r for r in report["rules"]}
    ranked = dom.rows("rules-table")
    hits = [int(field(row, "hits") or -1) for row in ranked]
    check(hits == sorted(hits, reverse=True), f"{name}: rules not by hits")
    check(len(ranked) == min(top, sum(1 for r in report["rules"] if r["hits"] > 0)),
          f"{name}: {len(ranked)} rule rows")
    for row, count in zip(ranked, hits):
        rule = rules.get((row.attrs.get("data-source"), row.attrs.get("data-ref")))
        check(rule is not None and rule["hits"] == count, f"{name}: rule {row.attrs}")
    warned = [e for e in dom.elements if e.tag == "li" and "data-code" in e.attrs]
    check([e.attrs["data-code"] for e in warned] == [w["code"] for w in report["warnings"]],
          f"{name}: warnings differ")
    for element, warning in zip(warned, report["warnings"]):
        check(element.text == warning["message"], f"{name}: warning {warning['code']} text")
    unmeasurable = [r for r in report["rules"] if not r["measurable"]][:top]
    check([r.attrs.get("data-ref") for r in dom.rows("unmeasurable-rules-table")]
          == [r["ref"] for r in unmeasurable], f"{name}: unmeasurable rules differ")
    dead = [r for r in report["rules"] if r["hits"] == 0 and r["measurable"]][:top]
    rows = dom.rows("dead-rules-table")
    check([r.attrs.get("data-ref") for r in rows] == [r["ref"] for r in dead],
          f"{name}: dead rules differ")
    for row, rule in zip(rows, dead):
        check(row.attrs.get("data-shadowed-by") == rule["shadowed_by"], f"{name}: {rule['ref']}")
        check(("dead" in row.text) and ((rule["shadowed_by"] is None)
                                        or ("shadowed by " + rule["shadowed_by"]) in row.text),
              f"{name}: {rule['ref']} badges")
    for key, table in (("top_unmatched", "top-unmatched-table"), ("top_handled", "top-handled-table")):
        rows = dom.rows(table)
        check(len(rows) == len(report[key]), f"{name}: {key} rows")
        for row, path in zip(rows, report[key]):
            check(same(field(row, "count"), path["count"]), f"{name}: {key} count")
            # What the attribute says is what a person reads.
            check(row.attrs.get("data-path", "\0") in row.text, f"{name}: {key} path text")
    inputs = [e for e in dom.elements if e.tag == "tr" and "data-input" in e.attrs]
    for row, entry in zip(inputs, report["inputs"]):
        for key in ("lines", "requests", "malformed", "bytes"):
            check(same(field(row, key), entry[key]), f"{name}: input {key}")
        state = "complete" if entry["complete"] else "incomplete"
        check(row.attrs.get("data-state") == state, f"{name}: input state")


def series_problems(dom, report, top=20):
    """What the "Over time" chart and rows of a report with --bucket get wrong against its
    JSON: one rectangle per bucket and non-empty outcome, placed by time, as tall as the
    outcome's share of the bucket's classified requests; the rows of the latest buckets with
    their counts; the time range as text."""
    problems = []
    charts = [e for e in dom.elements if e.tag == "svg" and e.attrs.get("class") == "series"]
    if len(charts) != 1:
        return [f"{len(charts)} series charts"]
    chart, series = charts[0], report["series"]
    if chart.attrs.get("data-buckets") != str(len(series)):
        problems.append(f"chart says {chart.attrs.get('data-buckets')} buckets, JSON {len(series)}")
    height = float(chart.attrs.get("viewbox", "0 0 0 0").split()[3])
    rects = [e for e in chart.children if e.tag == "rect"]
    drawn = {(r.attrs.get("data-start"), r.attrs.get("data-lane")): r for r in rects}
    if len(drawn) != len(rects):
        problems.append("two rectangles for one bucket and outcome")
    expected = 0
    last_x = -1.0
    for bucket in series:
        classified = bucket["requests"] - bucket["filtered"]
        column = 0.0
        for lane in ["handled", "excluded", "unmatched"]:
            rect = drawn.get((bucket["start"], lane))
            if bucket[lane] == 0:
                if rect is not None:
                    problems.append(f"{bucket['start']} {lane}: drawn for 0 requests")
                continue
            expected += 1
            if rect is None:
                problems.append(f"{bucket['start']} {lane}: not drawn")
                continue
            share = bucket[lane] * 100 / classified
            if abs(float(rect.attrs.get("data-share", "nan")) - share) > 0.0005:
                problems.append(f"{bucket['start']} {lane}: share {rect.attrs.get('data-share')}"
                                f" on the page, {share:.3f} in the JSON")
            drawn_height = float(rect.attrs.get("height", "nan"))
            if abs(drawn_height - share * height / 100) > 0.01:
                problems.append(f"{bucket['start']} {lane}: {drawn_height} high for {share:.3f}%")
            column += drawn_height
            x = float(rect.attrs.get("x", "nan"))
            if lane == "handled" or column == drawn_height:
                if not x > last_x:
                    problems.append(f"{bucket['start']}: not after the bucket before it")
                last_x = x
            if bucket["start"] not in rect.text:
                problems.append(f"{bucket['start']} {lane}: tooltip {rect.text!r}")
        if classified and abs(column - height) > 0.05:
            problems.append(f"{bucket['start']}: the column is {column} of {height} high")
    if len(rects) != expected:
        problems.append(f"{len(rects)} rectangles, {expected} implied by the JSON")
    rows = dom.rows("series-table")
    shown = series[-top:] if top else []
    if [r.attrs.get("data-start") for r in rows] != [b["start"] for b in shown]:
        problems.append("the rows are not the latest buckets in time order")
    for row, bucket in zip(rows, shown):
        for key in ("requests", "handled", "excluded", "unmatched"):
            if not same(field(row, key), bucket[key]):
                problems.append(f"row {bucket['start']}: {key} {field(row, key)}")
    for end in ("first", "last"):
        marked = dom.find(**{"data-time": "time_range." + end})
        if len(marked) != 1 or marked[0].text != report["time_range"][end]:
            problems.append(f"time_range.{end} not shown as {report['time_range'][end]}")
    return problems


def hourly_log(folder):
    """The sample log with its lines spread over six hours (2,500 a hour), the fourth hour
    left out: a series with a gap."""
    lines = subprocess.run(["zstd", "-dc", os.path.join(DATA, "sample-access.log.zst")],
                           capture_output=True, check=True).stdout.splitlines()
    out = []
    for index, line in enumerate(lines):
        hour = index // 2500
        if hour != 3:
            out.append(line.replace(b"01/May/2024:00:", b"01/May/2024:%02d:" % hour, 1))
    path = os.path.join(folder, "hourly.log")
    with open(path, "wb") as file:
        file.write(b"\n".join(out) + b"\n")
    return path


def expect_clean(dom, console, name):
    check(not console, f"{name}: console messages: {console}")
    check(not foreign_elements(dom), f"{name}: foreign elements {foreign_elements(dom)}")


def self_test(folder):
    """Each check fails on a page made to fail it, or it proves nothing."""
    pages = {
        "script-error": "<!DOCTYPE html><html><body><p>x</p>"
                        "<script>undefinedFunction()</script></body></html>",
        "blocked-by-policy": '<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"'
                             " content=\"default-src 'none'; style-src 'unsafe-inline'\"></head>"
                             "<body><script>document.title = 'ran'</script></body></html>",
        "injected-element": '<!DOCTYPE html><html><body><p>/"><img src=x></p></body></html>',
        "too-wide": '<!DOCTYPE html><html><body><div style="width:900px">x</div></body></html>',
    }
    paths = {}
    for name, text in pages.items():
        paths[name] = os.path.join(folder, name + ".html")
        with open(paths[name], "w", encoding="utf-8") as file:
            file.write(text)
    _, console = render(paths["script-error"])
    check(any("Uncaught" in line for line in console), "self-test: a script error went unseen")
    _, console = render(paths["blocked-by-policy"])
    check(any("Content Security Policy" in line for line in console),
          "self-test: a blocked script went unseen")
    dom, _ = render(paths["injected-element"])
    check(foreign_elements(dom) == ["img"], "self-test: an injected element went unseen")
    width = overflow(paths["too-wide"], folder)
    check(width is not None and width > 0, f"self-test: an overflow went unseen ({width})")
    report = {"series": [{"start": "2024-05-01T00:00:00Z", "requests": 4, "filtered": 0,
                          "handled": 1, "excluded": 0, "unmatched": 3}],
              "time_range": {"first": "2024-05-01T00:00:00Z", "last": "2024-05-01T00:10:00Z"}}
    chart = ('<svg class="series" viewBox="0 0 1000 160" data-buckets="1">'
             '<rect x="0" y="{y}" width="1000" height="{h}" data-start="2024-05-01T00:00:00Z" '
             'data-lane="handled" data-share="25.000"><title>2024-05-01T00:00:00Z</title></rect>'
             '<rect x="0" y="0" width="1000" height="120" data-start="2024-05-01T00:00:00Z" '
             'data-lane="unmatched" data-share="75.000"><title>2024-05-01T00:00:00Z</title>'
             '</rect></svg><strong data-time="time_range.first">2024-05-01T00:00:00Z</strong>'
             '<strong data-time="time_range.last">2024-05-01T00:10:00Z</strong>')
    right = series_problems(DOM(chart.format(y=120, h=40)), report, top=0)
    check(right == [], f"self-test: a right chart is wrong: {right}")
    check(series_problems(DOM(chart.format(y=100, h=60)), report, top=0) != [],
          "self-test: a bar of the wrong height went unseen")


def hostile_inputs(folder):
    """A JSON-lines log and an AASA file whose strings try to become markup."""
    aasa = os.path.join(folder, "hostile.aasa.json")
    with open(aasa, "w", encoding="utf-8") as file:
        json.dump({"applinks": {"details": [{
            "appIDs": ["ABCDE12345.com.x.<img src=x onerror=alert(3)>"],
            "components": [{"/": "/<script>alert(4)</script>*"}, {"/": "/rtl/*"}]}]}}, file)
    lines = [json.dumps({"host": host, "request": f"GET {target} HTTP/1.1", "status": 200}).encode()
             for host, target in [
                 ("example.com", "/<script>alert(1)</script>"),
                 ("example.com", '/"><img src=x onerror=alert(1)>'),
                 ("example.com", "/rtl/\u202egnp.exe"),
                 ("example.com", "/nul/a\u0000b"),
                 ("<b>bold.example", "/x"),
             ]]
    lines.append(b'{"host":"example.com","request":"GET /bad/\xff\xfe HTTP/1.1","status":200}')
    lines.append(b"not a log line <script>alert(2)</script> \xff")
    log = os.path.join(folder, "hostile.jsonl")
    with open(log, "wb") as file:
        file.write(b"\n".join(lines) + b"\n")
    return aasa, log


SCAN_METRICS = ["totals.lines", "totals.requests", "totals.classified", "totals.handled",
                "totals.excluded", "totals.unmatched", "coverage.handled_percent",
                "coverage.excluded_percent", "coverage.unmatched_percent", "dead_rules"]


def main():
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as folder:
        self_test(folder)
        sample = os.path.join(DATA, "sample.aasa.json")
        log = os.path.join(DATA, "sample-access.log.zst")

        report, path = reports(binary, folder, "scan", ["scan", "--aasa", sample, log])
        dom, console = render(path)
        expect_clean(dom, console, "scan")
        expect_metrics(dom, report, SCAN_METRICS, "scan")
        expect_scan_rows(dom, report, "scan")
        width = overflow(path, folder)
        check(width == 0, f"scan: {width} px wider than a 375 px screen")

        report, path = reports(
            binary, folder, "diff",
            ["diff", "--old", sample, "--new", os.path.join(DATA, "sample-next.aasa.json"),
             "--max-lost", "2", log], expect_status=(1,))
        dom, console = render(path)
        expect_clean(dom, console, "diff")
        expect_metrics(dom, report, ["lost.requests", "lost.percent", "gained", "gate.failed",
                                     "totals.old.handled", "totals.new.handled"], "diff")
        cells = [e for e in dom.elements if e.tag == "td" and "data-to" in e.attrs]
        check(len(cells) == 9, "diff: the matrix has 9 cells")
        for transition in report["transitions"]:
            cell = next((c for c in cells if c.attrs["data-from"] == transition["from"]
                         and c.attrs["data-to"] == transition["to"]), None)
            check(cell is not None and same(cell.attrs["data-value"], transition["requests"])
                  and cell.text.strip() == grouped(transition["requests"]),
                  f"diff: {transition['from']} → {transition['to']}")
        for row, app in zip(dom.rows("apps-table"), report["apps"]):
            for key in ("old_handled", "new_handled", "old_excluded", "new_excluded"):
                check(same(field(row, key), app[key]), f"diff: {app['app']} {key}")
        changes = dom.rows("rule-changes-table")
        check(len(changes) == len(report["rule_changes"]), "diff: rule change rows")
        for row, change in zip(changes, report["rule_changes"]):
            check(row.attrs.get("data-change") == change["change"]
                  and same(field(row, "delta"), change["delta"]), f"diff: rule change {change}")
        width = overflow(path, folder)
        check(width == 0, f"diff: {width} px wider than a 375 px screen")

        report, path = reports(
            binary, folder, "series",
            ["scan", "--aasa", sample, "--bucket", "hour", "--since", "2024-05-01T00:00:20Z",
             hourly_log(folder)])
        dom, console = render(path)
        expect_clean(dom, console, "series")
        expect_metrics(dom, report, SCAN_METRICS + ["totals.filtered.time"], "series")
        check(len(report["series"]) == 5 and report["totals"]["filtered"]["time"] > 0,
              f"series: {len(report['series'])} buckets, {report['totals']['filtered']['time']}"
              " filtered by time")
        for problem in series_problems(dom, report):
            check(False, "series: " + problem)
        width = overflow(path, folder)
        check(width == 0, f"series: {width} px wider than a 375 px screen")

        aasa, hostile = hostile_inputs(folder)
        report, path = reports(binary, folder, "hostile", ["scan", "--aasa", aasa, hostile])
        dom, console = render(path)
        expect_clean(dom, console, "hostile")
        expect_metrics(dom, report, SCAN_METRICS, "hostile")
        expect_scan_rows(dom, report, "hostile")
        text = dom.body_text
        for shown in ["/<script>alert(1)</script>", '/"><img src=x onerror=alert(1)>',
                      "/rtl/\\u{202e}gnp.exe", "/nul/a\\x00b", "/bad/\\xff\\xfe",
                      "<b>bold.example", "ABCDE12345.com.x.<img src=x onerror=alert(3)>",
                      "/<script>alert(4)</script>*", "<script>alert(2)</script> \\xff"]:
            check(shown in text, f"hostile: {shown!r} is not shown as text")
        check("\u202e" not in text and "\u0000" not in text, "hostile: a raw control is shown")
        check(dom.find(**{"class": "ctl"}) != [], "hostile: escapes are not marked")
        width = overflow(path, folder)
        check(width == 0, f"hostile: {width} px wider than a 375 px screen")

    checks = "self-test, scan, series, diff and hostile pages"
    if failures:
        for failure in failures:
            print("FAIL:", failure)
        print(f"0 passed, {len(failures)} failed")
        return 1
    print(f"html reports in a browser: {checks} as their JSON says, inert, fit 375 px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
