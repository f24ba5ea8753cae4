#!/usr/bin/env python3
"""Universal-link coverage of access logs on Apache Spark, with aasa-scan doing the work.

The driver lists the inputs (local files, HDFS, S3: whatever the cluster's Hadoop
configuration reads) and ships the aasa-scan binary and the AASA files to the executors.
Plain logs are cut by Spark into line ranges (splits) and each split is streamed, line by
line, into its own `aasa-scan scan --save-state -`. Compressed logs, and logs that must be
read from their first line (W3C and Zeek headers, lone-CR line ends), are scanned whole,
one task each. Every scan returns its saved state; the states are merged with
`aasa-scan merge` (in a tree on the executors when there are many) and the driver writes
the standard report (json, csv or table) and, when asked, the merged state.

Totals, apps and rules equal those of one `aasa-scan scan` of the same files (docs/spark.md).

Exit status: 0 success; 1 --min-coverage failed; 2 an input could not be read to its end
(the report says "complete": false), or a task failed (then no report is written);
64 usage error.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import errno
import itertools
import os
import posixpath
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO, Callable, Optional, Union

EXIT_OK, EXIT_GATE, EXIT_INPUT, EXIT_USAGE = 0, 1, 2, 64
PROGRAM = "aasa_coverage"
# Bytes read from the start of each plain-named file, on the driver, to see how to read it.
SNIFF_BYTES = 64 * 1024
# States merged by one `aasa-scan merge` task; the driver receives at most this many.
DEFAULT_MERGE_FAN_IN = 32
LINES_PER_WRITE = 4096
MAX_RELAYED_NOTES = 40
# Hadoop's text reader decodes files by these names, and Spark hides names starting with
# `_` or `.`: such files never go through it.
COMPRESSED_SUFFIXES = (".gz", ".zst", ".zstd", ".bz2", ".deflate", ".lz4", ".snappy", ".xz")
HIDDEN_PREFIXES = ("_", ".")
HADOOP_GLOB_CHARACTERS = "*?[{"
STATE_MAGIC = b"AASASTATE"
READ_WHOLE_CHOICES = ("auto", "path", "binary", "command")
# The report formats of `aasa-scan merge`.
REPORT_FORMATS = ("json", "csv", "table", "html", "openmetrics", "prometheus")


class UsageError(Exception):
    """Options that cannot work together: exit 64."""


class InputError(Exception):
    """An input, the binary or an AASA file cannot be used: exit 2."""


# --- Options ------------------------------------------------------------------------------


class Parser(argparse.ArgumentParser):
    """argparse, ending usage errors with 64 as aasa-scan does (argparse's own is 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = Parser(
        prog="aasa_coverage.py",
        description="Universal-link coverage of access logs, computed on Spark by aasa-scan.",
    )
    parser.add_argument("--binary", required=True, help="aasa-scan built for the executors")
    parser.add_argument(
        "--aasa",
        action="append",
        default=[],
        metavar="[DOMAIN=]FILE",
        help="AASA file, as scan --aasa (repeatable)",
    )
    parser.add_argument("--aasa-dir", metavar="DIR", help="folder of AASA files named by domain")
    parser.add_argument("--master", help="Spark master URL (default: spark-submit's, else local)")
    parser.add_argument("--format", choices=REPORT_FORMATS, default="json")
    parser.add_argument(
        "--output", required=True, metavar="FILE", help="report file (- for stdout)"
    )
    parser.add_argument("--save-state", metavar="FILE", help="also write the merged state")
    parser.add_argument("--top", type=int, default=20, metavar="N", help="rows of the top lists")
    parser.add_argument("--min-coverage", metavar="PERCENT", help="exit 1 below this coverage")
    parser.add_argument("--per-app", action="store_true", help="as scan --per-app")
    for option in ("--log-format", "--json-fields", "--methods", "--status", "--asset-extensions"):
        parser.add_argument(option, help=f"as scan {option}")
    for flag in ("--skip-assets", "--skip-bots"):
        parser.add_argument(flag, action="store_true", help=f"as scan {flag}")
    parser.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="aasa-scan threads per task (default: spark.task.cpus)",
    )
    parser.add_argument(
        "--split-mb",
        type=int,
        default=128,
        metavar="MB",
        help="size of the line ranges plain files are cut into (default 128)",
    )
    parser.add_argument(
        "--read-whole",
        choices=READ_WHOLE_CHOICES,
        default="auto",
        help="how files scanned whole reach aasa-scan: path (the executor opens the file), "
        "binary (Spark reads it into the task's memory), command (--cat-command streams it); "
        "auto: path on the local file system, else binary",
    )
    parser.add_argument(
        "--cat-command",
        default="hadoop fs -cat",
        metavar="CMD",
        help="prints a file to stdout, given its URI ({} stands for it, else it comes last)",
    )
    parser.add_argument(
        "--merge-fan-in",
        type=int,
        default=DEFAULT_MERGE_FAN_IN,
        metavar="N",
        help="states merged by one task, and the most the driver receives (default 32)",
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="files, folders, globs, URIs")
    arguments = parser.parse_args(argv)
    if not arguments.aasa and not arguments.aasa_dir:
        parser.error("give an AASA file with --aasa [DOMAIN=]FILE or --aasa-dir DIR")
    if arguments.split_mb < 1:
        parser.error("--split-mb is at least 1")
    if arguments.merge_fan_in < 2:
        parser.error("--merge-fan-in is at least 2")
    if arguments.workers is not None and arguments.workers < 1:
        parser.error("--workers is at least 1")
    return arguments


def scan_options(arguments: argparse.Namespace, workers: int) -> list[str]:
    """The scan options every task passes on, besides the AASA files."""
    options = ["--workers", str(workers)]
    for name in ("log_format", "json_fields", "methods", "status", "asset_extensions"):
        value = getattr(arguments, name)
        if value is not None:
            options += ["--" + name.replace("_", "-"), value]
    for name in ("skip_assets", "skip_bots", "per_app"):
        if getattr(arguments, name):
            options.append("--" + name.replace("_", "-"))
    return options


# --- What the tasks are given ---------------------------------------------------------------


@dataclass(frozen=True)
class ShippedFile:
    """A file sent with the job: its name among SparkFiles, and its path in a task's folder."""

    shipped: str
    relative: str


@dataclass(frozen=True)
class Kit:
    """Everything a task needs besides its input."""

    binary: str
    aasa_files: tuple[ShippedFile, ...]
    scan_arguments: tuple[str, ...]
    cat_command: str


@dataclass(frozen=True)
class Work:
    """One input of the report: a split of a plain file, a whole file, or a missing input.

    `route` says how its bytes reach aasa-scan: `split` (lines of a Spark partition), `path`
    (aasa-scan opens the local file), `binary` (bytes Spark read), `command` (the cat
    command's output) or `missing` (nothing: aasa-scan reports it as not found).
    """

    index: int
    name: str
    route: str
    expanded: bool = False
    uri: str = ""
    local_path: str = ""


# A task's answer: (order, state bytes, failures, notes). Failures stop the job; notes are
# aasa-scan's warnings and errors, relayed by the driver.
Record = tuple[int, bytes, tuple[str, ...], tuple[str, ...]]


def task_relative_path(path: str, taken: dict[str, str]) -> str:
    """The path a file goes by in every task's folder: as given when it is relative and stays
    inside the folder, so that the report names it as a scan on one machine does; else its
    file name (made unique). `taken` maps the names given so far to their files."""
    parts = path.split("/")
    name = path if not posixpath.isabs(path) and ".." not in parts else posixpath.basename(path)
    candidate, number = name, 1
    while taken.get(candidate, path) != path:
        number += 1
        candidate = f"aasa-{number}/{posixpath.basename(name)}"
    taken[candidate] = path
    return candidate


def split_association(value: str) -> tuple[str | None, str]:
    """`FILE` or `DOMAIN=FILE` (the domain may hold `=`, as `example.com?mode=developer`)."""
    if os.path.isfile(value):
        return None, value
    for position, character in enumerate(value):
        if character == "=" and os.path.isfile(value[position + 1 :]):
            return value[:position], value[position + 1 :]
    raise InputError(f"cannot read the AASA file {value!r}")


def association_plan(
    arguments: argparse.Namespace,
) -> tuple[list[tuple[str, str]], list[str]]:
    """The AASA files as (local path, path in a task's folder) and the scan options naming
    them by the latter."""
    taken: dict[str, str] = {}
    files: list[tuple[str, str]] = []
    options: list[str] = []
    for value in arguments.aasa:
        domain, path = split_association(value)
        relative = task_relative_path(path, taken)
        files.append((path, relative))
        options += ["--aasa", relative if domain is None else f"{domain}={relative}"]
    if arguments.aasa_dir:
        folder = arguments.aasa_dir.rstrip("/") or "/"
        if not os.path.isdir(folder):
            raise InputError(f"--aasa-dir {folder!r} is not a folder")
        relative_folder = task_relative_path(folder, taken)
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if not name.startswith(".") and os.path.isfile(path):
                files.append((path, f"{relative_folder}/{name}"))
        options += ["--aasa-dir", relative_folder]
    return files, options


def place_aasa_files(folder: str, files: Iterable[tuple[str, str]]) -> None:
    """Copies each AASA file to its path inside `folder`."""
    for source, relative in files:
        target = os.path.join(folder, relative)
        os.makedirs(os.path.dirname(target) or folder, exist_ok=True)
        shutil.copyfile(source, target)


def preflight(binary: str, files: list[tuple[str, str]], options: Sequence[str]) -> None:
    """Runs the tasks' scan command on empty input on the driver, so that a binary that does
    not run here, a bad AASA file or a bad option stops the job before any task starts."""
    with tempfile.TemporaryDirectory(prefix="aasa-coverage-") as folder:
        place_aasa_files(folder, files)
        command = [binary, "scan", *options, "--format", "none", "--quiet", "-"]
        try:
            result = subprocess.run(
                command,
                cwd=folder,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
        except OSError as error:
            raise InputError(f"cannot run {binary} on the driver: {error}") from error
    if result.returncode == EXIT_OK:
        return
    sys.stderr.write(result.stderr.decode("utf-8", "replace"))
    refused = f"aasa-scan refused the scan options or AASA files (status {result.returncode})"
    raise (UsageError if result.returncode == EXIT_USAGE else InputError)(refused)


def executable_binary(path: str) -> str:
    """`path`, made executable; a copy when it cannot be changed (a file of another user)."""
    if os.access(path, os.X_OK):
        return path
    try:
        os.chmod(path, os.stat(path).st_mode | 0o111)
        return path
    except OSError:
        copy = os.path.join(tempfile.mkdtemp(prefix="aasa-coverage-bin-"), "aasa-scan")
        shutil.copyfile(path, copy)
        os.chmod(copy, 0o755)
        return copy


def ship(sc, arguments: argparse.Namespace, staging: str) -> tuple[Kit, str, list[tuple[str, str]]]:
    """Adds the binary and the AASA files to the job's files (SparkContext.addFile, as
    spark-submit --files does), under names that cannot collide. Returns the kit, the
    driver's copy of the binary, and the AASA files (local path, path in a task's folder)."""
    if not os.path.isfile(arguments.binary):
        raise InputError(f"--binary {arguments.binary!r} is not a file on the driver")
    files, options = association_plan(arguments)
    # Names unique to this run: SparkFiles keeps the first file added under a name.
    run_name = os.path.basename(staging)
    shipped: list[ShippedFile] = []
    for number, (source, relative) in enumerate(files):
        staged = os.path.join(staging, f"{run_name}-aasa-{number}-{os.path.basename(source)}")
        shutil.copyfile(source, staged)
        sc.addFile(staged)
        shipped.append(ShippedFile(os.path.basename(staged), relative))
    binary = os.path.join(staging, f"{run_name}-aasa-scan")
    shutil.copyfile(arguments.binary, binary)
    os.chmod(binary, 0o755)
    sc.addFile(binary)
    workers = arguments.workers or int(sc.getConf().get("spark.task.cpus", "1"))
    options += scan_options(arguments, workers)
    kit = Kit(
        binary=os.path.basename(binary),
        aasa_files=tuple(shipped),
        scan_arguments=tuple(options),
        cat_command=arguments.cat_command,
    )
    return kit, binary, files


# --- Listing the inputs (driver) ----------------------------------------------------------


@dataclass(frozen=True)
class InputFile:
    """A file to scan, in report order: by argument, then by name within a folder or glob."""

    order: tuple[int, int]
    uri: str
    size: int
    expanded: bool
    local_path: str | None

    @property
    def name(self) -> str:
        return posixpath.basename(self.uri)


@dataclass(frozen=True)
class MissingInput:
    """An argument that names nothing: its place in the report holds the error."""

    order: tuple[int, int]
    name: str


Listed = Union[InputFile, MissingInput]


def list_inputs(spark, arguments: Sequence[str]) -> list[Listed]:
    """Files, folders (their files, sorted, not recursive, without hidden `_`/`.` names) and
    globs, as Hadoop's file systems see them; a name that exists is never read as a glob."""
    jvm = spark.sparkContext._jvm
    configuration = spark.sparkContext._jsc.hadoopConfiguration()
    listed: list[Listed] = []
    for position, argument in enumerate(arguments):
        path = jvm.org.apache.hadoop.fs.Path(argument)
        filesystem = path.getFileSystem(configuration)
        qualified = filesystem.makeQualified(path)
        if filesystem.exists(qualified):
            statuses, from_glob = [filesystem.getFileStatus(qualified)], False
        else:
            globbed = filesystem.globStatus(qualified) if is_hadoop_glob(argument) else None
            statuses, from_glob = sorted(globbed or [], key=lambda s: s.getPath().toString()), True
        if not statuses:
            listed.append(MissingInput((position, 0), qualified.toString()))
            continue
        files: list[tuple[object, bool]] = []
        for status in statuses:
            if status.isDirectory():
                children = [
                    child
                    for child in filesystem.listStatus(status.getPath())
                    if child.isFile() and not child.getPath().getName().startswith(HIDDEN_PREFIXES)
                ]
                files += [(c, True) for c in sorted(children, key=lambda c: c.getPath().getName())]
            else:
                files.append((status, from_glob))
        for number, (status, expanded) in enumerate(files):
            uri = status.getPath().toUri()
            local = uri.getPath() if uri.getScheme() == "file" else None
            listed.append(
                InputFile(
                    (position, number),
                    status.getPath().toString(),
                    status.getLen(),
                    expanded,
                    local,
                )
            )
    return listed


def is_hadoop_glob(text: str) -> bool:
    return any(character in text for character in HADOOP_GLOB_CHARACTERS)


def sniff_heads(spark, files: Sequence[InputFile]) -> dict[str, bytes]:
    """The first bytes of each file, read on the driver a few at a time."""
    jvm = spark.sparkContext._jvm
    configuration = spark.sparkContext._jsc.hadoopConfiguration()

    def head(file: InputFile) -> tuple[str, bytes]:
        path = jvm.org.apache.hadoop.fs.Path(file.uri)
        stream = path.getFileSystem(configuration).open(path)
        try:
            return file.uri, bytes(stream.readNBytes(min(file.size, SNIFF_BYTES)))
        finally:
            stream.close()

    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        return dict(pool.map(head, files))


def name_reason(file: InputFile) -> str | None:
    """Why a file is scanned whole, from its name and size alone (nothing read yet)."""
    if file.name.startswith(HIDDEN_PREFIXES):
        return "hidden name"
    if file.name.lower().endswith(COMPRESSED_SUFFIXES):
        return "compressed"
    if file.size == 0:
        return "empty"
    return None


def content_reason(head: bytes) -> str | None:
    """Why a file is scanned whole, from its first bytes; None to cut it into line ranges."""
    if head.startswith((b"\x1f\x8b", b"\x28\xb5\x2f\xfd", b"BZh")):
        return "compressed"
    # W3C and Zeek logs name their columns in `#` lines at the top: every part needs them.
    if head.removeprefix(b"\xef\xbb\xbf").startswith(b"#"):
        return "header lines"
    # Lines ended by a lone `\r`: Spark's reader, cutting at `\n`, would make one record.
    if b"\n" not in head and b"\r" in head:
        return "lone-CR line ends"
    return None


def whole_file_route(file: InputFile, read_whole: str) -> str:
    """How a file scanned whole reaches aasa-scan (see --read-whole)."""
    route = read_whole
    if route == "auto":
        route = "path" if file.local_path is not None else "binary"
    if route == "path" and file.local_path is None:
        raise UsageError(f"--read-whole path needs files on the local file system: {file.uri}")
    if route == "binary" and (file.name.startswith(HIDDEN_PREFIXES) or "," in file.uri):
        raise InputError(
            f"{file.uri}: Spark's whole-file reader cannot read a name starting with _ or . "
            "or holding a comma; rename it, or use --read-whole command (or path, for local "
            "files)"
        )
    return route


# --- Splits of plain files (driver) -------------------------------------------------------


def hadoop_escaped(uri: str) -> str:
    """A path Spark's readers take literally, though they read their arguments as globs."""
    return "".join("\\" + c if c in "\\*?[]{}" else c for c in uri)


def plan_splits(spark, files: Sequence[InputFile], split_bytes: int):
    """Spark's split of the plain files into line ranges, one range per partition: the RDD
    of their lines (raw bytes, line ends cut off) and each partition's (uri, start, length).

    Lines are read as binary values (lineSep `\\n`: a `\\r` before it stays, as aasa-scan
    expects), so no byte is decoded on the way; ranges follow Hadoop's rule (a line belongs
    to the range where it starts)."""
    from pyspark.rdd import RDD
    from pyspark.serializers import NoOpSerializer
    from pyspark.sql.functions import col

    sc = spark.sparkContext
    # An open cost of a whole split keeps Spark from packing two ranges into one task, and
    # no cap on the partition count may pack them either.
    spark.conf.set("spark.sql.files.maxPartitionBytes", str(split_bytes))
    spark.conf.set("spark.sql.files.openCostInBytes", str(split_bytes))
    spark.conf.unset("spark.sql.files.maxPartitionNum")
    # A file that cannot be read must fail the job, never drop out of the counts unseen.
    spark.conf.set("spark.sql.files.ignoreCorruptFiles", "false")
    spark.conf.set("spark.sql.files.ignoreMissingFiles", "false")
    frame = (
        spark.read.option("lineSep", "\n")
        .text([hadoop_escaped(f.uri) for f in files])
        .select(col("value").cast("binary"))
    )
    binary = sc._jvm.org.apache.spark.sql.Encoders.BINARY()
    java_rdd = getattr(frame._jdf, "as")(binary).javaRDD()
    ranges = file_scan_ranges(java_rdd.rdd())
    return RDD(java_rdd, sc, NoOpSerializer()), ranges


def file_scan_ranges(rdd) -> list[tuple[str, int, int]]:
    """(uri, start, length) of each partition, from the file scan under `rdd`; every step
    between them maps partition i to partition i."""
    partitions = rdd.getNumPartitions()
    while rdd.getClass().getSimpleName() != "FileScanRDD":
        dependencies = rdd.dependencies()
        if dependencies.size() != 1 or "OneToOne" not in dependencies.head().getClass().getName():
            raise InputError("unexpected Spark plan for the text files (no one-to-one file scan)")
        rdd = dependencies.head().rdd()
    ranges = []
    for partition in rdd.partitions():
        files = list(partition.files())
        if len(files) != 1:
            raise InputError("unexpected Spark plan for the text files (several ranges per task)")
        ranges.append(
            (files[0].filePath().toPath().toString(), files[0].start(), files[0].length())
        )
    if len(ranges) != partitions:
        raise InputError("unexpected Spark plan for the text files (partition counts differ)")
    return ranges


# --- Tasks (executors) --------------------------------------------------------------------

Feed = Callable[[subprocess.Popen, str], Optional[str]]


def task_folder(kit: Kit) -> tuple[str, str]:
    """A fresh folder holding the AASA files at their paths, and the binary to run."""
    from pyspark import SparkFiles

    folder = tempfile.mkdtemp(prefix="aasa-scan-task-")
    place_aasa_files(folder, ((SparkFiles.get(f.shipped), f.relative) for f in kit.aasa_files))
    return folder, executable_binary(SparkFiles.get(kit.binary))


def input_path(work: Work) -> str:
    """The input's path in the task's folder: its name, so that the report names it. A name
    that is not a safe relative path (it should not happen with URIs) gets a plain one."""
    parts = work.name.split("/")
    safe = (
        not work.name.startswith("/")
        and all(part not in (".", "..") and len(part.encode()) <= 255 for part in parts)
        and "\0" not in work.name
        and parts[-1] != ""
    )
    return work.name if safe else f"input-{work.index}"


def scan_input(kit: Kit, work: Work, feed: Feed | None) -> Record:
    """Runs `aasa-scan scan --save-state -` on one input in a fresh folder and returns its
    state. `feed` writes the input into a named pipe (so the report names the input, not
    `-`); without it aasa-scan opens the input's path itself."""
    folder, binary = task_folder(kit)
    try:
        relative = input_path(work)
        target = os.path.join(folder, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if feed is not None:
            os.mkfifo(target)
        elif work.route == "path":
            os.symlink(work.local_path, target)
        # An input found in a folder or by a glob is skipped with a warning when it is not a
        # log, as a scan on one machine skips it.
        skip = ["--skip-non-logs"] if work.expanded else []
        command = [
            binary,
            "scan",
            *kit.scan_arguments,
            *skip,
            "--format",
            "none",
            "--quiet",
            "--save-state",
            "-",
            relative,
        ]
        state_path, errors_path = os.path.join(folder, "state"), os.path.join(folder, "stderr")
        # Files, not pipes, take the state and messages: nothing can block while we feed.
        with open(state_path, "wb") as state, open(errors_path, "wb") as errors:
            process = subprocess.Popen(
                command, cwd=folder, stdin=subprocess.DEVNULL, stdout=state, stderr=errors
            )
            problem = feed(process, target) if feed is not None else None
            code = process.wait()
        return scan_record(work, code, read_file(state_path), read_file(errors_path), problem)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def scan_record(work: Work, code: int, state: bytes, errors: bytes, problem: str | None) -> Record:
    """The task's answer. Exit 2 with a state is an input error the state records (its
    input is marked incomplete); anything else without a state fails the job."""
    notes = tuple(line for line in errors.decode("utf-8", "replace").splitlines() if line.strip())
    if problem is None and code in (EXIT_OK, EXIT_INPUT) and state.startswith(STATE_MAGIC):
        return (work.index, state, (), notes)
    reason = problem or f"aasa-scan exited with {describe_status(code)}"
    detail = "; ".join(notes[-3:])
    return (work.index, b"", (f"{work.name}: {reason}" + (f": {detail}" if detail else ""),), ())


def describe_status(code: int) -> str:
    if code < 0:
        hint = " (killed: out of memory?)" if code == -9 else ""
        return f"signal {-code}{hint}"
    return f"status {code}"


def read_file(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()


def open_writer(fifo: str, process: subprocess.Popen) -> BinaryIO | None:
    """The named pipe's write end, once aasa-scan opened it for reading; None when aasa-scan
    ended before (its status and messages say why)."""
    while True:
        try:
            descriptor = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno != errno.ENXIO:
                raise
            if process.poll() is not None:
                return None
            time.sleep(0.002)
            continue
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "wb", buffering=1 << 20)


def lines_feed(lines: Iterator[bytes]) -> Feed:
    """Writes a split's lines, each followed by `\\n`, a batch at a time (streaming: the split
    is never held whole)."""

    def feed(process: subprocess.Popen, fifo: str) -> str | None:
        pipe = open_writer(fifo, process)
        if pipe is not None:
            with reader_may_stop():
                with pipe:
                    while batch := list(itertools.islice(lines, LINES_PER_WRITE)):
                        batch.append(b"")
                        pipe.write(b"\n".join(batch))
        drain(lines)
        return None

    return feed


@contextlib.contextmanager
def reader_may_stop() -> Iterator[None]:
    """aasa-scan stops reading an input it skips or gives up on (not a log, a corrupt
    stream); its state says so, so a closed pipe is no error of ours."""
    try:
        yield
    except BrokenPipeError:
        pass


def drain(lines: Iterator[bytes]) -> None:
    """Reads what is left of a partition, so that the Python worker stays usable."""
    for _ in lines:
        pass


def bytes_feed(data: bytes) -> Feed:
    def feed(process: subprocess.Popen, fifo: str) -> str | None:
        pipe = open_writer(fifo, process)
        if pipe is not None:
            with reader_may_stop():
                with pipe:
                    pipe.write(data)
        return None

    return feed


def command_feed(command: str, uri: str) -> Feed:
    """Streams the file through the cat command. A command that fails while aasa-scan still
    reads fails the job: a cut plain stream would look complete to aasa-scan."""
    words = shlex.split(command)
    words = [uri if word == "{}" else word for word in words] if "{}" in words else words + [uri]

    def feed(process: subprocess.Popen, fifo: str) -> str | None:
        pipe = open_writer(fifo, process)
        if pipe is None:
            return None
        with tempfile.TemporaryFile() as errors:
            try:
                cat = subprocess.Popen(
                    words, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors
                )
            except OSError as error:
                pipe.close()
                return f"cannot run --cat-command {command!r}: {error}"
            stopped = True
            with reader_may_stop():
                with pipe:
                    while chunk := cat.stdout.read(1 << 16):
                        pipe.write(chunk)
                stopped = False
            if stopped:
                cat.kill()
            cat.stdout.close()
            code = cat.wait()
            errors.seek(0)
            message = errors.read().decode("utf-8", "replace").strip().splitlines()[-1:]
        if code != 0 and not stopped:
            return f"--cat-command exited with {describe_status(code)}: {''.join(message)}"
        return None

    return feed


def scan_split_partition(
    kit: Kit, works: Sequence[Work], index: int, lines: Iterator[bytes]
) -> Iterator[Record]:
    yield scan_input(kit, works[index], lines_feed(lines))


def scan_whole(kit: Kit, work: Work) -> Record:
    feed = command_feed(kit.cat_command, work.uri) if work.route == "command" else None
    return scan_input(kit, work, feed)


def scan_binary(kit: Kit, works: dict[str, Work], uri: str, data: bytes) -> Record:
    """A file Spark read whole (a file listed twice is read twice, as scan reads it)."""
    work = works.get(uri)
    if work is None:
        return (-1, b"", (f"{uri}: Spark read a file that was not listed",), ())
    return scan_input(kit, work, bytes_feed(data))


def merge_group(kit: Kit, group: int, records: Iterable[tuple[int, Record]]) -> Iterator[Record]:
    """Merges the states of consecutive inputs with `aasa-scan merge --save-state -`."""
    from pyspark import SparkFiles

    ordered = sorted(record for _, record in records)
    failures = tuple(itertools.chain.from_iterable(r[2] for r in ordered))
    notes = tuple(itertools.chain.from_iterable(r[3] for r in ordered))
    states = [r[1] for r in ordered if r[1]]
    if not states:
        yield (group, b"", failures, notes)
        return
    binary = executable_binary(SparkFiles.get(kit.binary))
    with tempfile.TemporaryFile() as stream, tempfile.TemporaryFile() as merged:
        stream.write(b"".join(states))
        stream.seek(0)
        result = subprocess.run(
            # One job is one scan: like scan, it counts a file named twice twice, so its
            # tasks' states merge even when they read the same bytes.
            [binary, "merge", "--allow-overlap", "--format", "none", "--quiet"]
            + ["--save-state", "-", "-"],
            stdin=stream,
            stdout=merged,
            stderr=subprocess.PIPE,
        )
        merged.seek(0)
        state = merged.read()
    if result.returncode in (EXIT_OK, EXIT_INPUT) and state.startswith(STATE_MAGIC):
        yield (group, state, failures, notes)
        return
    message = result.stderr.decode("utf-8", "replace").strip()
    failure = f"merging states {ordered[0][0]} to {ordered[-1][0]}: {message}"
    yield (group, b"", failures + (failure,), notes)


# --- The job (driver) ---------------------------------------------------------------------


def plan_work(
    spark, listed: Sequence[Listed], arguments: argparse.Namespace
) -> tuple[list[Work], object | None, list[Work]]:
    """Every input of the report, numbered in report order; the RDD of the plain files' lines
    and the work of each of its partitions."""
    unnamed = [f for f in listed if isinstance(f, InputFile) and name_reason(f) is None]
    heads = sniff_heads(spark, unnamed)
    entries: list[tuple[tuple[int, int, int], Work]] = []
    splittable: list[InputFile] = []
    for item in listed:
        if isinstance(item, MissingInput):
            entries.append(((*item.order, 0), Work(0, item.name, "missing")))
        elif name_reason(item) or content_reason(heads[item.uri]):
            route = whole_file_route(item, arguments.read_whole)
            work = Work(0, item.uri, route, item.expanded, item.uri, item.local_path or "")
            entries.append(((*item.order, 0), work))
        else:
            splittable.append(item)
    lines, ranges = (None, [])
    if splittable:
        lines, ranges = plan_splits(spark, splittable, arguments.split_mb << 20)
    # A file listed twice is read twice, as scan reads it: its k-th ranges go to its k-th listing.
    by_uri: dict[str, list[InputFile]] = {}
    for file in splittable:
        by_uri.setdefault(file.uri, []).append(file)
    seen: dict[tuple[str, int], int] = {}
    split_keys = []
    for uri, start, length in ranges:
        listings = by_uri.get(uri)
        if not listings:
            raise InputError(f"Spark split a file that was not listed: {uri}")
        occurrence = seen.get((uri, start), 0)
        seen[(uri, start)] = occurrence + 1
        file = listings[min(occurrence, len(listings) - 1)]
        whole = start == 0 and length == file.size
        name = uri if whole else f"{uri}:{start}+{length}"
        key = (*file.order, start)
        split_keys.append(key)
        entries.append((key, Work(0, name, "split", file.expanded, uri)))
    entries.sort(key=lambda entry: entry[0])
    numbered = {key: replace_index(work, n) for n, (key, work) in enumerate(entries)}
    works = [numbered[key] for key, _ in entries]
    return works, lines, [numbered[key] for key in split_keys]


def replace_index(work: Work, index: int) -> Work:
    return Work(index, work.name, work.route, work.expanded, work.uri, work.local_path)


def scan_records(sc, kit: Kit, works: Sequence[Work], lines, split_works: Sequence[Work]):
    """One RDD of records: the splits, the files read whole, the missing inputs."""
    parts = []
    if lines is not None:
        parts.append(
            lines.mapPartitionsWithIndex(
                lambda index, rows: scan_split_partition(kit, split_works, index, rows)
            )
        )
    direct = [w for w in works if w.route in ("path", "command", "missing")]
    if direct:
        parts.append(sc.parallelize(direct, len(direct)).map(lambda work: scan_whole(kit, work)))
    whole = [w.uri for w in works if w.route == "binary"]
    binary = {w.uri: w for w in reversed(works) if w.route == "binary"}
    for setting in ("spark.files.ignoreCorruptFiles", "spark.files.ignoreMissingFiles"):
        if binary and sc.getConf().get(setting, "false").lower() == "true":
            raise UsageError(f"{setting} would let files drop out of the counts unseen; unset it")
    if binary:
        parts.append(
            binary_files(sc, whole).map(lambda pair: scan_binary(kit, binary, pair[0], pair[1]))
        )
    return sc.union(parts) if len(parts) > 1 else parts[0]


def binary_files(sc, uris: Sequence[str]):
    """Spark's whole-file reader over the URIs (none holds a comma: the reader takes a list
    of paths joined by commas), one task per file where sizes allow."""
    escaped = ",".join(hadoop_escaped(uri) for uri in uris)
    return sc.binaryFiles(escaped, minPartitions=len(uris))


def merge_tree(kit: Kit, records, count: int, fan_in: int) -> list[Record]:
    """Merges groups of `fan_in` consecutive states on the executors until at most `fan_in`
    are left, so that the driver never holds thousands of states."""
    while count > fan_in:
        groups = -(-count // fan_in)
        records = (
            records.map(lambda record, fan_in=fan_in: (record[0] // fan_in, record))
            .partitionBy(groups, lambda group: group)
            .mapPartitionsWithIndex(lambda group, items: merge_group(kit, group, items))
        )
        count = groups
    return sorted(records.collect())


def relay_notes(records: Sequence[Record]) -> None:
    """aasa-scan's messages from the tasks, once each, at most MAX_RELAYED_NOTES."""
    seen: dict[str, None] = {}
    for record in records:
        for note in record[3]:
            seen.setdefault(note)
    notes = list(seen)
    for note in notes[:MAX_RELAYED_NOTES]:
        print(note, file=sys.stderr)
    if len(notes) > MAX_RELAYED_NOTES:
        print(
            f"{PROGRAM}: {len(notes) - MAX_RELAYED_NOTES} more messages from the tasks; the "
            "report's inputs say which inputs had errors",
            file=sys.stderr,
        )


def write_report(binary: str, states: Sequence[bytes], arguments: argparse.Namespace) -> int:
    """`aasa-scan merge` of every state, on the driver: the report, the merged state, the
    gate and the exit status are merge's."""
    command = [binary, "merge", "--allow-overlap", "--format", arguments.format]
    command += ["--top", str(arguments.top)]
    if arguments.output != "-":
        command += ["--output", arguments.output]
    if arguments.save_state:
        command += ["--save-state", arguments.save_state]
    if arguments.min_coverage is not None:
        command += ["--min-coverage", arguments.min_coverage]
    with tempfile.TemporaryFile() as stream:
        for state in states:
            stream.write(state)
        stream.seek(0)
        result = subprocess.run(command + ["-"], stdin=stream, stderr=subprocess.PIPE)
    sys.stderr.write(result.stderr.decode("utf-8", "replace"))
    code = result.returncode
    return code if code in (EXIT_OK, EXIT_GATE, EXIT_INPUT) else EXIT_INPUT


def run(spark, arguments: argparse.Namespace) -> int:
    sc = spark.sparkContext
    with tempfile.TemporaryDirectory(prefix="aasa-coverage-") as staging:
        kit, binary, aasa_files = ship(sc, arguments, staging)
        preflight(binary, aasa_files, kit.scan_arguments)
        listed = list_inputs(spark, arguments.inputs)
        works, lines, split_works = plan_work(spark, listed, arguments)
        if not works:
            raise InputError("the inputs name no file")
        scanned = scan_records(sc, kit, works, lines, split_works)
        records = merge_tree(kit, scanned, len(works), arguments.merge_fan_in)
        relay_notes(records)
        failures = [failure for record in records for failure in record[2]]
        for failure in failures:
            print(f"{PROGRAM}: error: {failure}", file=sys.stderr)
        if failures:
            print(
                f"{PROGRAM}: error: {len(failures)} task(s) failed; no report written",
                file=sys.stderr,
            )
            return EXIT_INPUT
        return write_report(binary, [record[1] for record in records], arguments)


def main(argv: Sequence[str], spark=None) -> int:
    """Runs the job; with `spark`, in that session (left running), else in its own."""
    arguments = parse_arguments(argv)
    from py4j.protocol import Py4JJavaError
    from pyspark.errors import PySparkException

    own_session = spark is None
    if own_session:
        spark = start_spark(arguments.master)
    try:
        return run(spark, arguments)
    except UsageError as error:
        print(f"{PROGRAM}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except InputError as error:
        print(f"{PROGRAM}: error: {error}", file=sys.stderr)
        return EXIT_INPUT
    except (Py4JJavaError, PySparkException) as error:
        print(f"{PROGRAM}: error: the Spark job failed: {spark_failure(error)}", file=sys.stderr)
        return EXIT_INPUT
    except Exception:
        # A failure of the job itself must not pass for a failed gate (Python's status 1).
        traceback.print_exc()
        return EXIT_INPUT
    finally:
        if own_session:
            spark.stop()


def spark_failure(error: Exception) -> str:
    """The first line of Spark's message, and its last (a task's own exception)."""
    lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
    if not lines:
        return type(error).__name__
    return lines[0] if len(lines) == 1 else f"{lines[0]} ... {lines[-1]}"


def start_spark(master: str | None):
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("aasa-coverage")
    if master:
        builder = builder.master(master)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    return spark


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
