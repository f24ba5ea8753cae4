#!/usr/bin/env python3
"""End-to-end tests of aasa_coverage.py: the job runs in Spark local mode with two executor
threads, and its report must count exactly what one `aasa-scan scan` of the same files
counts (totals, apps, rules), its top lists staying within their error bounds.

Run by `make test-spark` with the Python of the virtual environment that holds pyspark
(scripts/spark-env.sh). AASA_SCAN names the binary (default .build/release/aasa-scan).
The real logs come from ../shared/data beside the project; that test is skipped, and says
so, when the folder is absent.
"""

from __future__ import annotations

import contextlib
import csv
import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from collections.abc import Sequence
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
JOB = Path(__file__).resolve().with_name("aasa_coverage.py")
BINARY = Path(
    os.environ.get("AASA_SCAN", REPOSITORY / ".build" / "release" / "aasa-scan")
).resolve()
SHARED_DATA = REPOSITORY.parent / "shared" / "data"
MASTER = "local[2]"
GENERATED_LINES = 120_000

# Keys whose values are exact counts (or derived from them) and must be equal.
EXACT_KEYS = (
    "schema",
    "complete",
    "associations",
    "totals",
    "coverage",
    "apps",
    "rules",
    "dead_rules",
    "shadowed_rules",
    "distinct_paths_estimate",
)
TOP_LISTS = ("top_unmatched", "top_handled")
# The Wikipedia file pairs with the URL list's en.wikipedia.org links.
REAL_AASA = (
    "aasa-real/github-wikimedia-operations-mediawiki-config--docroot--wikipedia.org--aasa.json"
)
REAL_LOGS = (
    "elastic-examples--apache_logs--combined.log.zst",
    "lnav--logfile_shop_access_log--combined-plus-xff.log.zst",
    "nasa-ksc-http-aug1995--first5000--common.log.gz",
    "lnav--logfile_w3c_big--iis-w3c-extended.log",
    "lnav--logfile_bro_http--zeek-http.tsv",
    "lnav--logfile_haproxy--syslog-haproxy-httplog.log",
    "pypi-apachelogs--vhost_combined.log",
    "request-log-analyzer--s3_logs--2012-10-05-16-18-11-F9AAC5D1A55AEBAD.s3.log",
)


def run(command: Sequence[str], cwd: Path, **options) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, timeout=900, **options
    )


def run_job(arguments: Sequence[str], cwd: Path, launcher: str | None = None):
    """The job in a process of its own, as a user starts it: with Python, or through
    spark-submit."""
    environment = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    if launcher is None:
        command = [sys.executable, JOB, "--master", MASTER, "--binary", BINARY, *arguments]
    else:
        command = [launcher, "--master", MASTER, JOB, "--binary", BINARY, *arguments]
    return run(command, cwd, env=environment)


_SESSION = None


def shared_spark():
    """One local Spark session for the jobs run inside this process (a JVM start is most of
    a small job's time); its workers import the job from the file added here."""
    global _SESSION
    if _SESSION is None:
        from pyspark.sql import SparkSession

        os.environ["PYSPARK_PYTHON"] = sys.executable
        builder = SparkSession.builder.master(MASTER).appName("aasa-coverage-test")
        builder = builder.config("spark.ui.enabled", "false")
        _SESSION = builder.config("spark.ui.showConsoleProgress", "false").getOrCreate()
        _SESSION.sparkContext.addPyFile(str(JOB))
    return _SESSION


def tearDownModule() -> None:
    if _SESSION is not None:
        _SESSION.stop()


def run_job_here(arguments: Sequence[str], cwd: Path) -> tuple[int, str]:
    """The job's main() in the shared session, from `cwd`; its status and standard error.
    Inputs must be absolute: Hadoop resolves relative ones against the JVM's folder."""
    sys.path.insert(0, str(JOB.parent))
    import aasa_coverage

    previous, errors = os.getcwd(), io.StringIO()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stderr(errors):
            code = aasa_coverage.main(["--binary", str(BINARY), *arguments], spark=shared_spark())
    finally:
        os.chdir(previous)
    return code, errors.getvalue()


def scan(arguments: Sequence[str], cwd: Path) -> subprocess.CompletedProcess:
    return run([BINARY, "scan", *arguments], cwd)


def spark_submit() -> str:
    """spark-submit of the pyspark package in use."""
    import pyspark

    return str(Path(pyspark.__file__).parent / "bin" / "spark-submit")


class ReportAssertions(unittest.TestCase):
    """Comparisons of a job's report with a scan's."""

    def assert_same_counts(self, job: dict, single: dict) -> None:
        self.assertEqual(list(job), list(single), "the report keys differ from scan's")
        for key in EXACT_KEYS:
            self.assertEqual(job[key], single[key], f"{key} differs")
        self.assertGreater(job["totals"]["requests"], 0)
        for key in TOP_LISTS:
            self.assert_within_bounds(job[key], single[key], key)
        self.assert_within_bounds_hosts(job["hosts"], single["hosts"])

    def assert_within_bounds(self, job_rows: list, single_rows: list, name: str) -> None:
        """Space-Saving rows: the true count lies in [count - error_bound, count]. Where the
        scan's row is exact (bound 0) the job's interval holds it; elsewhere the two
        intervals meet."""
        single = {(row["host"], row["path"]): row for row in single_rows}
        shared = 0
        for row in job_rows:
            other = single.get((row["host"], row["path"]))
            if other is None:
                continue
            shared += 1
            low, high = row["count"] - row["error_bound"], row["count"]
            if other["error_bound"] == 0:
                self.assertTrue(low <= other["count"] <= high, f"{name}: {row} vs {other}")
            else:
                self.assertTrue(
                    low <= other["count"] and other["count"] - other["error_bound"] <= high,
                    f"{name}: {row} vs {other}",
                )
        if single_rows:
            self.assertGreater(shared, 0, f"{name}: no row in common")

    def assert_within_bounds_hosts(self, job_rows: list, single_rows: list) -> None:
        single = {row["host"]: row for row in single_rows}
        for row in job_rows:
            other = single.get(row["host"])
            if other is not None and other["error_bound"] == 0 and row["error_bound"] == 0:
                self.assertEqual(row, other)


class GeneratedWorkloadTest(ReportAssertions):
    """A generated log cut into plain, gzip and zstd files in a folder, a glob and a file."""

    folder: Path

    @classmethod
    def setUpClass(cls) -> None:
        if not BINARY.exists():
            raise unittest.SkipTest(f"no binary at {BINARY}: run `make build` first")
        cls.folder = Path(tempfile.mkdtemp(prefix="aasa-spark-test-"))
        # Removed even when the set-up fails half way.
        cls.addClassCleanup(shutil.rmtree, cls.folder, ignore_errors=True)
        make_workload(cls.folder)

    def test_report_counts_what_one_scan_counts(self) -> None:
        inputs = ["logs", "more/*.log", "single.log.zst"]
        common = ["--aasa", "aasa.json", "--format", "json"]
        single = scan([*common, "--output", "scan.json", *inputs], self.folder)
        self.assertEqual(single.returncode, 0, single.stderr)
        # The gate fails (the report is still written), plain files are cut in 1 MiB ranges,
        # and the states are merged by tasks four at a time, in two rounds, before the driver.
        options = ["--save-state", "job.state", "--split-mb", "1", "--merge-fan-in", "4"]
        code, errors = run_job_here(
            [*common, "--output", "job.json", *options, "--min-coverage", "99"]
            + [str(self.folder / name) for name in inputs],
            self.folder,
        )
        self.assertEqual(code, 1, errors[-3000:])
        self.assertIn("below --min-coverage 99", errors)
        report = json.loads((self.folder / "job.json").read_text())
        expected = json.loads((self.folder / "scan.json").read_text())
        self.assert_same_counts(report, expected)
        self.assert_inputs_cover_the_files(report, expected)
        self.assertGreater(len(report["inputs"]), 16, "enough states for two rounds of merges")
        self.assertIn("aasa-scan: warning: skipped", errors, "the skip is relayed")
        # The saved state merges into the same report.
        merged = run([BINARY, "merge", "--format", "json", "job.state"], self.folder)
        self.assertEqual(merged.returncode, 0, merged.stderr)
        self.assert_same_counts(json.loads(merged.stdout), expected)

    def assert_inputs_cover_the_files(self, report: dict, single: dict) -> None:
        """Each file is one input, or several line ranges whose lines add up to the file's."""
        lines: dict[str, int] = {}
        ranges: dict[str, int] = {}
        order: list[str] = []
        for entry in report["inputs"]:
            path = re.sub(r":[0-9]+\+[0-9]+$", "", entry["path"])
            local = path.removeprefix(f"file:{self.folder.resolve()}/")
            lines[local] = lines.get(local, 0) + entry["lines"]
            ranges[local] = ranges.get(local, 0) + 1
            if not order or order[-1] != local:
                order.append(local)
        self.assertEqual(order, [entry["path"] for entry in single["inputs"]], "input order")
        for entry in single["inputs"]:
            self.assertEqual(lines.get(entry["path"]), entry["lines"], entry["path"])
        self.assertGreater(ranges["logs/big.log"], 3, "the big plain file is cut into ranges")
        self.assertEqual(ranges["logs/part-b.log.gz"], 1, "a gzip file is read whole")
        skipped = [e["path"].rsplit("/", 1)[-1] for e in report["inputs"] if e["skipped"]]
        self.assertEqual({name.split(":")[0] for name in skipped}, {"notes.txt"})
        self.assertGreater(len(skipped), 2, "every range of the note is skipped")


class RealLogsTest(ReportAssertions):
    """Real access logs of several formats against the Wikipedia AASA file."""

    folder: Path

    @classmethod
    def setUpClass(cls) -> None:
        if not BINARY.exists():
            raise unittest.SkipTest(f"no binary at {BINARY}: run `make build` first")
        logs = SHARED_DATA / "logs-real"
        if not logs.is_dir() or not (SHARED_DATA / REAL_AASA).is_file():
            raise unittest.SkipTest(f"real logs not found in {SHARED_DATA}: skipped")
        cls.folder = Path(tempfile.mkdtemp(prefix="aasa-spark-real-"))
        # Removed even when the set-up fails half way.
        cls.addClassCleanup(shutil.rmtree, cls.folder, ignore_errors=True)
        real = cls.folder / "real"
        real.mkdir()
        for name in REAL_LOGS:
            shutil.copyfile(logs / name, real / name)
        # Decompressed copies are plain files, which Spark cuts into line ranges.
        for name in (
            "elastic-examples--apache_logs--combined.log.zst",
            "ada-url-various-datasets--kasztp--url-list.txt.zst",
        ):
            target = real / name.removesuffix(".zst").replace("--", "--plain--", 1)
            with open(target, "wb") as output:
                subprocess.run(["zstd", "-dcq", logs / name], stdout=output, check=True)
        shutil.copyfile(SHARED_DATA / REAL_AASA, cls.folder / "wikipedia.json")
        (cls.folder / "aasa").mkdir()
        shutil.copyfile(SHARED_DATA / REAL_AASA, cls.folder / "aasa" / "en.wikipedia.org.json")

    def test_real_logs_through_spark_read_whole_binary(self) -> None:
        # A folder of files by domain, and a file for the other hosts.
        common = ["--aasa-dir", "aasa", "--aasa", "wikipedia.json"]
        single = scan([*common, "--format", "json", "--output", "scan.json", "real"], self.folder)
        self.assertEqual(single.returncode, 0, single.stderr)
        single_csv = scan([*common, "--format", "csv", "--output", "scan.csv", "real"], self.folder)
        self.assertEqual(single_csv.returncode, 0, single_csv.stderr)
        # Files read whole come through Spark's binary reader; the CSV report is the job's.
        code, errors = run_job_here(
            [
                *common,
                "--format",
                "csv",
                "--output",
                "job.csv",
                "--save-state",
                "job.state",
                "--read-whole",
                "binary",
                "--split-mb",
                "1",
                str(self.folder / "real"),
            ],
            self.folder,
        )
        self.assertEqual(code, 0, errors[-3000:])
        merged = run([BINARY, "merge", "--format", "json", "job.state"], self.folder)
        self.assertEqual(merged.returncode, 0, merged.stderr)
        report = json.loads(merged.stdout)
        expected = json.loads((self.folder / "scan.json").read_text())
        self.assert_same_counts(report, expected)
        self.assertGreater(report["totals"]["handled"], 0, "the URL list opens the app")
        formats = {entry["format"] for entry in report["inputs"]}
        self.assertTrue({"combined", "common", "w3c", "zeek", "url"} <= formats, formats)
        self.assertGreater(len(report["inputs"]), len(expected["inputs"]), "plain files cut")
        self.assertEqual(
            csv_rows(self.folder / "job.csv", ("total", "app_handled", "app_excluded", "rule")),
            csv_rows(self.folder / "scan.csv", ("total", "app_handled", "app_excluded", "rule")),
        )


class FailureTest(ReportAssertions):
    """Inputs that cannot be read, and tasks that fail."""

    folder: Path

    @classmethod
    def setUpClass(cls) -> None:
        if not BINARY.exists():
            raise unittest.SkipTest(f"no binary at {BINARY}: run `make build` first")
        cls.folder = Path(tempfile.mkdtemp(prefix="aasa-spark-fail-"))
        # Removed even when the set-up fails half way.
        cls.addClassCleanup(shutil.rmtree, cls.folder, ignore_errors=True)
        generate(cls.folder, 20_000, seed=5)
        log = (cls.folder / "gen" / "access.log").read_bytes()
        (cls.folder / "good.log").write_bytes(log[: len(log) // 2])
        whole = gzip.compress(log[len(log) // 2 :])
        (cls.folder / "cut.log.gz").write_bytes(whole[: len(whole) // 2])
        shutil.copyfile(cls.folder / "gen" / "rules-300.json", cls.folder / "aasa.json")

    def test_unreadable_inputs_make_an_incomplete_report(self) -> None:
        # A file named twice is read twice, by scan as by the job.
        inputs = ["good.log", "cut.log.gz", "missing.log", "nothing-*.log", "good.log"]
        common = ["--aasa", "aasa.json", "--format", "json"]
        single = scan([*common, "--output", "scan.json", *inputs], self.folder)
        self.assertEqual(single.returncode, 2)
        # Files read whole stream through a cat command, as `hadoop fs -cat` would.
        cat = "sh -c 'exec cat \"${1#file:}\"' cat"
        code, errors = run_job_here(
            [
                *common,
                "--output",
                "job.json",
                "--read-whole",
                "command",
                "--cat-command",
                cat,
                *[str(self.folder / name) for name in inputs],
            ],
            self.folder,
        )
        self.assertEqual(code, 2, errors[-3000:])
        report = json.loads((self.folder / "job.json").read_text())
        expected = json.loads((self.folder / "scan.json").read_text())
        self.assertFalse(report["complete"])
        for key in ("totals", "apps", "rules"):
            self.assertEqual(report[key], expected[key], key)
        codes = [(entry["complete"], entry["error_code"]) for entry in report["inputs"]]
        self.assertEqual(codes, [(e["complete"], e["error_code"]) for e in expected["inputs"]])
        self.assertIn("cut.log.gz", errors, "the error is relayed, naming the input")

    def test_a_failing_task_fails_the_job_without_a_report(self) -> None:
        job = run_job(
            [
                "--aasa",
                "aasa.json",
                "--output",
                "none.json",
                "--read-whole",
                "command",
                "--cat-command",
                "false",
                "good.log",
                "cut.log.gz",
            ],
            self.folder,
            launcher=spark_submit(),
        )
        # spark-submit sends the Python driver's standard error to its standard output.
        messages = job.stdout + job.stderr
        self.assertEqual(job.returncode, 2, messages.decode(errors="replace")[-3000:])
        self.assertIn(b"cut.log.gz: --cat-command exited with status 1", messages)
        self.assertFalse((self.folder / "none.json").exists(), "no report")

    def test_usage_errors_exit_64(self) -> None:
        for arguments in (
            ["--output", "x.json", "good.log"],
            ["--aasa", "aasa.json", "--output", "x.json", "--format", "xml", "a"],
        ):
            job = run_job(arguments, self.folder)
            self.assertEqual(job.returncode, 64, job.stderr)


def generate(folder: Path, lines: int, seed: int) -> None:
    result = run([BINARY, "generate", "--lines", lines, "--seed", seed, "--output", "gen"], folder)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.decode(errors="replace"))


def make_workload(folder: Path) -> None:
    """The generated log cut into: a big plain file (with bytes that are not UTF-8), a
    CRLF file, gzip and zstd files of several members or frames, a file named like a glob,
    an empty file, a note that is not a log, and a last line without its `\\n`."""
    generate(folder, GENERATED_LINES, seed=11)
    lines = (folder / "gen" / "access.log").read_bytes().splitlines(keepends=True)
    size = len(lines) // 8
    parts = [b"".join(lines[i * size : (i + 1) * size]) for i in range(7)]
    parts.append(b"".join(lines[7 * size :]))
    logs, more = folder / "logs", folder / "more"
    logs.mkdir()
    more.mkdir()
    (logs / "big.log").write_bytes(not_utf8(parts[0] + parts[1]))
    (logs / "crlf.log").write_bytes(parts[2].replace(b"\n", b"\r\n"))
    (logs / "part-b.log.gz").write_bytes(
        gzip.compress(parts[3][:1000]) + gzip.compress(parts[3][1000:])
    )
    (logs / "part[c].log").write_bytes(parts[4])
    (logs / "empty.log").write_bytes(b"")
    # 3 MB that are not a log: each range's aasa-scan stops reading early and skips it.
    note = b"exporter note %d: the rows below were not exported, nothing to see here\n"
    (logs / "notes.txt").write_bytes(b"".join(note % number for number in range(40_000)))
    (more / "a.log").write_bytes(parts[5].rstrip(b"\n"))
    frames = [zstd(parts[6][: len(parts[6]) // 2]), zstd(parts[6][len(parts[6]) // 2 :])]
    (more / "b.log").write_bytes(b"".join(frames))
    (folder / "single.log.zst").write_bytes(zstd(parts[7]))
    shutil.copyfile(folder / "gen" / "rules-glob-300.json", folder / "aasa.json")


def not_utf8(data: bytes) -> bytes:
    """Every 50th request path gains a byte that is not UTF-8 (a Latin-1 é)."""
    lines = data.splitlines(keepends=True)
    for index in range(0, len(lines), 50):
        lines[index] = lines[index].replace(b'"GET /', b'"GET /caf\xe9/', 1)
    return b"".join(lines)


def zstd(data: bytes) -> bytes:
    return subprocess.run(["zstd", "-q", "-c"], input=data, capture_output=True, check=True).stdout


def csv_rows(path: Path, sections: Sequence[str]) -> list[list[str]]:
    with open(path, newline="") as handle:
        return [row for row in csv.reader(handle) if row and row[0] in sections]


if __name__ == "__main__":
    unittest.main(verbosity=2)
