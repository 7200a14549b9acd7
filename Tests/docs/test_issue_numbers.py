"""No issue numbers in docs, code or comments: they say what a thing is for, not where the idea came from.

A reader of the docs or the code has no tracker at hand, so a reference such
as "issue" followed by a number (with or without ``#``) tells them nothing;
write what the thing is for or what it guards against instead. The pattern
is deliberately narrow: a bare ``#2`` is left alone (it is an ``nth`` in a
locator's description, a colour, a heading), and ``Protocol/examples`` (data)
is not read.

The docs and the source files (Swift, Python, JavaScript, shell, C, the
Makefile) are checked; ``python3 Tests/docs/test_issue_numbers.py`` lists
what it finds in both.
"""

import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

from docblocks import ROOT

ISSUE_REFERENCE = re.compile(r"\bissues?[ \t]*#?[ \t]*\d+\b", re.IGNORECASE)
"""An issue reference: the word, an optional ``#``, a number ("issues" too, as in a list of them)."""

DOC_SUFFIXES = {".md"}
SOURCE_SUFFIXES = {".swift", ".py", ".js", ".mjs", ".sh", ".c", ".h", ".html", ".css", ".in", ".toml", ".ini",
                   ".txt", ".json"}
SOURCE_NAMES = {"Makefile", "Package.swift", "run"}
EXCLUDED = ("Protocol/examples/", "docs/screenshots/")


def checkout_files() -> List[Path]:
    """Tracked and new (not ignored) files of the checkout."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    return [ROOT / name for name in listed if name and not name.startswith(EXCLUDED) and (ROOT / name).is_file()]


def findings(kind: str) -> List[str]:
    """Each issue reference in the docs ("docs") or in source files ("sources"), as path:line: text."""
    found = []
    for path in checkout_files():
        is_doc = path.suffix in DOC_SUFFIXES
        is_source = path.suffix in SOURCE_SUFFIXES or path.name in SOURCE_NAMES
        if (kind == "docs" and not is_doc) or (kind == "sources" and (is_doc or not is_source)):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if ISSUE_REFERENCE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_docs_cite_no_issue_numbers():
    found = findings("docs")
    assert not found, "issue numbers in the docs (say what the thing is for instead):\n" + "\n".join(found)


def test_the_sources_cite_no_issue_numbers():
    found = findings("sources")
    assert not found, "issue numbers in code or comments (say what the code is for instead):\n" + "\n".join(found)


@pytest.mark.parametrize("text", ["see issue {n}", "Issue #{n}'s pattern", "(issues {n} and 15)", "issue#{n}"])
def test_the_pattern_finds_an_issue_reference(text):
    # Written with {n}, so that this file does not hold what it looks for.
    assert ISSUE_REFERENCE.search(text.format(n=28))


@pytest.mark.parametrize("text", ["Button \"Settings\" #2", "color: #333", "no issue here", "tissue 3",
                                  "an issue: 3 clients"])
def test_the_pattern_leaves_other_numbers_alone(text):
    assert not ISSUE_REFERENCE.search(text)


if __name__ == "__main__":
    for kind in ("docs", "sources"):
        print(f"{kind}:")
        for line in findings(kind):
            print(f"  {line}")
    sys.exit(0)
