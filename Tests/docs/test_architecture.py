"""docs/architecture.md says which files a new method and a new element touch: these tests hold it true.

The lists follow markers such as ``<!-- element: by hand -->`` in the page; each
is a Markdown list whose backticked paths are files (``<Name>`` and ``<Group>``
stand for the method's or element's name; a bare file name is in the directory of
the path before it in the same item). The tests take methods and an element that
exist and check, both ways, that the lists and the tree agree: every file that
names them is in a list, and every file the page says is written by hand for them
names them.
"""

from __future__ import annotations

import fnmatch
import re
import subprocess
from pathlib import Path
from typing import Dict, List

import pytest

from docblocks import ROOT

PAGE = ROOT / "docs" / "architecture.md"
MARKER = re.compile(r"<!-- (method|element): ([a-z ]+) -->")
BACKTICKED = re.compile(r"`([^`\s]+)`")


def lists() -> Dict[str, List[str]]:
    """The file patterns of each marked list of the page, by marker (``"element: by hand"``)."""
    found: Dict[str, List[str]] = {}
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        marker = MARKER.search(line)
        if not marker:
            continue
        patterns: List[str] = []
        directory = ""
        for item in lines[index + 1:]:
            if not item.strip() or MARKER.search(item):
                if patterns:
                    break
                continue
            if item.startswith("- "):
                directory = ""
            for token in BACKTICKED.findall(item):
                if "/" in token and "." in token.rsplit("/", 1)[-1]:
                    patterns.append(token)
                    directory = token.rsplit("/", 1)[0]
                elif directory and re.fullmatch(r"[\w+.-]+\.(js|css|swift|py)", token):
                    patterns.append(f"{directory}/{token}")
        found[f"{marker.group(1)}: {marker.group(2)}"] = patterns
    return found


def tracked(*prefixes: str) -> List[str]:
    listed = subprocess.run(["git", "ls-files", "-z", "--", *prefixes], cwd=ROOT, capture_output=True, check=True)
    return [name for name in listed.stdout.decode().split("\0") if name and not name.startswith("Protocol/examples/")]


def naming(pattern: str, prefixes: List[str]) -> List[str]:
    """The tracked files below ``prefixes`` whose text matches ``pattern``."""
    expression = re.compile(pattern)
    return sorted(name for name in tracked(*prefixes) if expression.search((ROOT / name).read_text(encoding="utf-8", errors="replace")))


def listed(path: str, patterns: List[str], name: str) -> bool:
    return any(fnmatch.fnmatchcase(path, pattern.replace("<Name>", name).replace("<Group>", "*")) for pattern in patterns)


def test_the_page_has_every_list():
    assert set(lists()) >= {"method: by hand", "method: generated", "method: optional",
                            "element: by hand", "element: generated", "element: optional",
                            "element: new press value kind"}
    for name, patterns in lists().items():
        assert patterns, f"the list '{name}' names no file"


@pytest.mark.parametrize("method, request_type", [("screens", "Screens"), ("reset", "Reset")])
def test_every_file_that_names_a_method_is_in_the_pages_lists(method, request_type):
    pages = lists()
    allowed = pages["method: by hand"] + pages["method: generated"] + pages["method: optional"]
    # The Swift side names the request type; the generated Python and its generator name the wire method.
    swift = naming(rf"\b{request_type}Request\b", ["Sources"])
    python = naming(rf"[\"']{re.escape(method)}[\"']", ["clients/python/slam", "scripts"])
    strays = [path for path in swift + python if not listed(path, allowed, request_type)]
    assert not strays, f"files that name {method} but are in no list of docs/architecture.md: {strays}"
    for pattern in pages["method: by hand"] + pages["method: generated"]:
        matches = [path for path in swift + python + naming(rf"\b{method}\b", ["Protocol"]) if listed(path, [pattern], request_type)]
        assert matches, f"docs/architecture.md says a method touches {pattern}, but {method} is not in it"


def test_every_file_that_names_the_last_element_is_in_the_pages_lists():
    pages = lists()
    allowed = sum((pages[name] for name in pages if name.startswith("element: ")), [])
    files = naming(r"\bSlider\b", ["Sources", "Protocol", "clients/python/slam", "scripts"])
    strays = [path for path in files if not listed(path, allowed, "Slider")]
    assert not strays, f"files that name Slider but are in no list of docs/architecture.md: {strays}"
    for pattern in pages["element: by hand"]:
        assert any(listed(path, [pattern], "Slider") for path in files), \
            f"docs/architecture.md says a new element touches {pattern}, but Slider is not in it"


def test_a_file_outside_the_lists_is_found(tmp_path):
    # The check itself: a path no list names is a stray, a listed one is not.
    pages = lists()
    allowed = pages["element: by hand"]
    assert listed("Sources/SlamUI/Elements/Slider.swift", allowed, "Slider")
    assert not listed("Sources/SlamUI/Elements/Stepper.swift", allowed, "Slider")
    assert not listed("Sources/SlamServer/SlamService.swift", allowed, "Slider")
