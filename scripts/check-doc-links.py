#!/usr/bin/env python3
"""Checks the relative links of README.md and docs/*.md: each names a file of the repository and,
after a '#', a heading of that file (as GitHub turns a heading into an anchor). Links to other
sites are not followed. Prints every broken link and exits 1 when there is one.

Usage: scripts/check-doc-links.py [FILE.md ...]   (default: README.md and docs/*.md)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text):
    """The lines outside fenced code blocks, with inline code removed."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield number, re.sub(r"`[^`]*`", "", line)


def anchors(path):
    """The anchors GitHub gives the headings of a Markdown file."""
    seen, result = {}, set()
    fenced = False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if not match:
            continue
        text = match.group(2).lower()
        slug = "".join(c for c in text if c.isalnum() or c in " -_").replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def broken_links(path):
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...
                continue
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if not linked.exists():
                yield number, target, "no such file"
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                yield number, target, "no such heading"


def main(arguments):
    files = [pathlib.Path(a).resolve() for a in arguments] or [
        ROOT / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
    ]
    failures = 0
    for path in files:
        for number, target, reason in broken_links(path):
            print(f"{path.relative_to(ROOT)}:{number}: {target}: {reason}")
            failures += 1
    checked = ", ".join(str(p.relative_to(ROOT)) for p in files)
    print(f"{failures} broken links in {checked}" if failures else f"links resolve: {checked}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
