"""Every public declaration of the products for apps says what it is for.

The products an app depends on (docs/swift-api.md, the first group of
Package.swift's products) are Slam's promise to Swift developers: each
``public`` or ``open`` declaration in them carries a doc comment (``///``), which
Xcode, SourceKit-LSP and DocC show. An ``override`` inherits the comment of what
it overrides. Slam's own layers are not checked.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import List

from docblocks import ROOT

APP_PRODUCTS = ["SlamUI", "SlamHost", "SlamHarness", "SlamHarnessInProcess", "SlamClient"]
"""The targets of the products for apps (docs/swift-api.md)."""

ATTRIBUTES = r"(?:@[\w.]+(?:\([^)]*\))?\s+)*"
DECLARATION = re.compile(ATTRIBUTES + r"(?:public|open)\s")
EXEMPT = re.compile(ATTRIBUTES + r"(?:public|open)\s+(?:extension|import)\b|.*\boverride\b")


def undocumented(text: str, name: str = "") -> List[str]:
    """The public declarations of one Swift file without a doc comment above them (and their attributes)."""
    lines = text.split("\n")
    found = []
    for index, line in enumerate(lines):
        code = line.strip()
        if not DECLARATION.match(code) or EXEMPT.match(code):
            continue
        above = index - 1
        while above >= 0 and lines[above].strip().startswith("@"):
            above -= 1
        comment = lines[above].strip() if above >= 0 else ""
        if not (comment.startswith("///") or comment.endswith("*/")):
            found.append(f"{name}:{index + 1}: {code[:100]}")
    return found


def test_every_public_declaration_of_the_products_for_apps_has_a_doc_comment():
    found = []
    for target in APP_PRODUCTS:
        directory = ROOT / "Sources" / target
        assert directory.is_dir(), f"no Sources/{target}: is the list of products for apps current?"
        for path in sorted(directory.rglob("*.swift")):
            found += undocumented(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "public declarations without a doc comment (/// what it is for):\n" + "\n".join(found)


def test_the_check_finds_a_bare_declaration_and_passes_documented_and_overriding_ones():
    source = "\n".join([
        "/// Documented.",
        "@discardableResult",
        "public func documented() -> Int { 1 }",
        "public var bare = 0",
        "public override class var typeName: String { \"X\" }",
        "public extension View {}",
        "internal func hidden() {}",
    ])
    assert undocumented(source, "X.swift") == ["X.swift:4: public var bare = 0"]
