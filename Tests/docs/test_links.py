"""Every relative link in the docs resolves, anchors included, and the README stays a front page.

A link is ``[text](target)``, ``![alt](target)`` or a reference definition
``[name]: target`` outside code; ``http:``, ``https:`` and ``mailto:`` targets
are not followed. A target names a file or directory relative to the page; a
``#fragment`` must be a heading of the page it points to, as GitHub makes
anchors of headings (lower case, punctuation dropped, spaces to hyphens, ``-1``
for a repeated heading), or an explicit ``<a id="…">``/``<a name="…">``.
"""

import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator, List, Set, Tuple

import pytest

from docblocks import ROOT, fenced_blocks

README_MAX_LINES = 200
"""The README is the front page: what Slam is, install, the two commands, a taste, links into docs/."""


def pages() -> List[Path]:
    """The Markdown pages whose links are checked."""
    found = [ROOT / "README.md", ROOT / "clients/README.md", ROOT / "clients/python/README.md"]
    found += sorted((ROOT / "docs").rglob("*.md"))
    found += sorted((ROOT / "Protocol").glob("*.md"))
    found += sorted((ROOT / "Examples").rglob("README.md"))
    return [page for page in found if page.is_file()]


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code, where brackets are not links."""
    lines = text.splitlines()
    for line, _, body in fenced_blocks(text):
        for index in range(line - 1, line + len(body) + 1):
            if index < len(lines):
                lines[index] = ""
    return re.sub(r"(`+)(?:(?!\1).)+\1", "", "\n".join(lines))


INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)


def links(page: Path) -> Iterator[Tuple[int, str]]:
    """(line, target) of every link on the page."""
    text = prose(page.read_text(encoding="utf-8"))
    for pattern in (INLINE_LINK, REFERENCE_DEFINITION):
        for match in pattern.finditer(text):
            yield text.count("\n", 0, match.start()) + 1, match.group(1)


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@lru_cache(maxsize=None)
def anchors(page: Path) -> Set[str]:
    """Every anchor a link may name on the page."""
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    for line, _, body in fenced_blocks(text):
        for index in range(line - 1, line + len(body) + 1):
            if index < len(lines):
                lines[index] = ""
    found: Set[str] = set()
    seen: dict = {}
    for line in lines:
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = github_slug(heading.group(1))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            found.add(slug if count == 0 else f"{slug}-{count}")
    found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", text))
    return found


def broken_links(page: Path, root: Path = ROOT) -> List[str]:
    problems = []
    for line, target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # http:, https:, mailto: and the like
        path_part, _, fragment = target.partition("#")
        destination = (page.parent / path_part).resolve() if path_part else page
        where = f"{page.relative_to(root)}:{line}: {target}"
        if not destination.exists():
            problems.append(f"{where}: no such file")
        elif fragment and destination.suffix == ".md" and fragment not in anchors(destination):
            problems.append(f"{where}: no heading with anchor #{fragment} in {destination.relative_to(root)}")
    return problems


@pytest.mark.parametrize("page", pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    problems = broken_links(page)
    assert not problems, "broken links:\n" + "\n".join(problems)


def test_the_readme_is_a_front_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, (
        f"README.md has {len(lines)} lines; keep it at most {README_MAX_LINES} and move the rest into docs/")


def test_every_docs_page_is_linked_from_the_readme_or_the_docs_index():
    linked = set()
    for index in (ROOT / "README.md", ROOT / "docs/README.md"):
        for _, target in links(index):
            linked.add((index.parent / target.partition("#")[0]).resolve())
    orphans = [str(page.relative_to(ROOT)) for page in sorted((ROOT / "docs").glob("*.md"))
               if page.resolve() not in linked and page.name != "README.md"]
    assert not orphans, f"pages no index links to: {orphans}"


def test_the_link_check_finds_a_broken_link_and_a_missing_anchor(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other page\n\n## A `code` heading: here\n", encoding="utf-8")
    page.write_text("[fine](other.md#a-code-heading-here) [gone](missing.md) [bad](other.md#nowhere)\n"
                    "`[not a link](missing.md)`\n\n```\n[nor this](missing.md)\n```\n", encoding="utf-8")
    problems = [problem.split(": ", 1)[1] for problem in broken_links(page, root=tmp_path)]
    assert problems == ["missing.md: no such file", "other.md#nowhere: no heading with anchor #nowhere in other.md"]
