"""Tree templates: partial trees a real one must match, and the diff of where it does not.

The daemon matches templates itself (``Client.expect_tree``, ``waitFor`` with
``template``); :func:`match_tree` is the same matcher here, for trees already
in hand (a ``tree()`` result, a renderer's model). It follows the rules and
writes the diff as ``Protocol/README.md`` ("Tree templates") and the daemon do,
except that regular expressions are Python's ``re`` (the daemon's are Swift's;
the common syntax is the same)::

    diff = slam.match_tree({"children": [{"ref": "count", "text": "/^Count: 1$/"}]}, client.tree())
    assert not diff, "\\n".join(slam.diff_lines(diff))
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

Mismatch = Dict[str, Any]
"""One mismatch as ``data.diff`` carries it: ``kind``, ``path``, ``pointer``, ``message``, ``expected``?, ``actual``?,
``closestIndex``?, ``closest``?."""

_CHILDREN = "children"
_ABSENT: Any = object()


class TemplateError(ValueError):
    """A malformed template: ``path`` is the JSON path from the template's root (``$.children[0].text``)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class TreeMismatch(AssertionError):
    """A tree did not match a template.

    ``diff`` is the list of mismatches (the JSON form, as ``data.diff``), ``tree`` the tree
    compared (the last one the daemon saw, for :meth:`slam.Client.expect_tree`), ``error`` the
    daemon's :class:`slam.WaitTimedOut` when it came from one. ``str()`` is the readable diff.
    """

    def __init__(self, message: str, diff: List[Mismatch], tree: Any, error: Optional[Exception] = None) -> None:
        super().__init__(message)
        self.diff = diff
        self.tree = tree
        self.error = error


class AriaMismatch(AssertionError):
    """An accessibility snapshot did not contain an aria template in time (:meth:`slam.Client.expect_aria`).

    ``diff`` is the daemon's unified diff from the template (``-``) to the snapshot (``+``),
    ``snapshot`` the last snapshot's text, ``error`` the daemon's :class:`slam.WaitTimedOut`.
    ``str()`` says what did not match, then the diff.
    """

    def __init__(self, message: str, diff: str, snapshot: Optional[str], error: Optional[Exception] = None) -> None:
        super().__init__(message)
        self.diff = diff
        self.snapshot = snapshot
        self.error = error


def match_tree(template: Any, tree: Any, strict: bool = False) -> List[Mismatch]:
    """Compares ``tree`` (a snapshot with ``children``, as ``tree`` answers) with ``template``.

    Returns the mismatches, in the JSON form of ``data.diff`` (empty when the tree matches).
    ``strict``: children match one to one wherever the template writes them. Raises
    :class:`TemplateError` naming the JSON path of a malformed template.
    """
    element = _Element(template, "$")
    return element.mismatches(tree, _Location(), strict)


def diff_lines(diff: Sequence[Mismatch]) -> List[str]:
    """The readable diff: a line per mismatch, the closest child's differences indented beneath, prefixed ``closest:``."""
    lines: List[str] = []
    for mismatch in diff:
        lines.append(f"{mismatch['path']}: {mismatch['message']}")
        for closest in mismatch.get("closest", []):
            nested = diff_lines([closest])
            lines.append("  closest: " + nested[0])
            lines.extend("  " + line for line in nested[1:])
    return lines


def assert_tree(template: Any, tree: Any, strict: bool = False) -> None:
    """Raises :class:`TreeMismatch` with the readable diff unless ``tree`` matches ``template``."""
    diff = match_tree(template, tree, strict)
    if diff:
        raise TreeMismatch("the tree does not match the template:\n" + "\n".join(diff_lines(diff)), diff, tree)


def render(value: Any) -> str:
    """A template value as a person reads it: ``/regex/`` bare, plain member names unquoted, other values as JSON."""
    return _render(value, as_template=True)


# Internals


def _is_regex(text: Any) -> bool:
    if not isinstance(text, str) or len(text) < 2 or not text.startswith("/"):
        return False
    return text.endswith("/") or (len(text) >= 3 and text.endswith("/i"))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _scalar_json(value: Any) -> str:
    if isinstance(value, float) and value == int(value) and abs(value) < 1e16:
        return repr(value)  # 8.0, as the daemon writes a double
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _plain_key(key: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key))


def _render(value: Any, as_template: bool) -> str:
    if as_template and _is_regex(value):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_render(item, as_template) for item in value) + "]"
    if isinstance(value, dict):
        parts = [f"{key if _plain_key(key) else _scalar_json(key)}: {_render(item, as_template)}" for key, item in value.items()]
        return "{" + ", ".join(parts) + "}"
    return _scalar_json(value)


def _render_actual(value: Any) -> str:
    return _render(value, as_template=False)


def _summary(element: Any) -> str:
    if not isinstance(element, dict):
        return render(element)
    parts = []
    for key, value in element.items():
        if key == _CHILDREN and isinstance(value, list):
            parts.append(f"{key}: [{len(value)} element{'' if len(value) == 1 else 's'}]")
        else:
            parts.append(f"{key if _plain_key(key) else _scalar_json(key)}: {render(value)}")
    return "{" + ", ".join(parts) + "}"


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _child_path(path: str, key: str) -> str:
    return f"{path}.{key}" if _plain_key(key) else f"{path}[{_scalar_json(key)}]"


class _Location:
    """A place in the actual tree: readable (``root > children[2] (ref "save", Button) > text``) and as a JSON path."""

    def __init__(self, readable: str = "root", pointer: str = "$") -> None:
        self.readable = readable
        self.pointer = pointer

    def child(self, index: int, element: Any) -> "_Location":
        element = element if isinstance(element, dict) else {}
        kind = element.get("type") if isinstance(element.get("type"), str) else "?"
        reference = element.get("ref") if isinstance(element.get("ref"), str) else ""
        name = f"({kind})" if not reference else f"(ref {_scalar_json(reference)}, {kind})"
        return _Location(f"{self.readable} > children[{index}] {name}", f"{self.pointer}.children[{index}]")

    def property(self, name: str) -> "_Location":
        return _Location(f"{self.readable} > {name}", _child_path(self.pointer, name))

    def index(self, index: int) -> "_Location":
        return _Location(f"{self.readable}[{index}]", f"{self.pointer}[{index}]")

    def member(self, name: str) -> "_Location":
        return _Location(f"{self.readable}.{name}", _child_path(self.pointer, name))

    def mismatch(self, kind: str, message: str, expected: Any = _ABSENT, actual: Any = _ABSENT,
                 closest_index: Optional[int] = None, closest: Optional[List[Mismatch]] = None) -> Mismatch:
        mismatch: Mismatch = {"kind": kind, "path": self.readable, "pointer": self.pointer, "message": message}
        if expected is not _ABSENT:
            mismatch["expected"] = expected
        if actual is not _ABSENT:
            mismatch["actual"] = actual
        if closest_index is not None:
            mismatch["closestIndex"] = closest_index
        if closest:
            mismatch["closest"] = closest
        return mismatch


class _Pattern:
    """A property value written in a template, regular expressions compiled."""

    def __init__(self, value: Any, path: str) -> None:
        self.source = value
        self.regex: Optional[re.Pattern[str]] = None
        self.items: Optional[List[_Pattern]] = None
        self.members: Optional[List[Tuple[str, _Pattern]]] = None
        if _is_regex(value):
            ignores_case = value.endswith("/i")
            pattern = value[1:-2] if ignores_case else value[1:-1]
            try:
                self.regex = re.compile(pattern, re.IGNORECASE if ignores_case else 0)
            except re.error as error:
                raise TemplateError(path, f"{value} is not a valid regular expression ({error})") from None
        elif isinstance(value, list):
            self.items = [_Pattern(item, f"{path}[{index}]") for index, item in enumerate(value)]
        elif isinstance(value, dict):
            self.members = [(key, _Pattern(item, _child_path(path, key))) for key, item in value.items()]

    def collect(self, actual: Any, location: _Location, found: List[Mismatch]) -> None:
        if self.regex is not None:
            if not isinstance(actual, str) or self.regex.search(actual) is None:
                found.append(self._differs(actual, location))
        elif self.items is not None:
            if not isinstance(actual, list) or len(actual) != len(self.items):
                found.append(self._differs(actual, location))
                return
            for index, (pattern, item) in enumerate(zip(self.items, actual)):
                pattern.collect(item, location.index(index), found)
        elif self.members is not None:
            if not isinstance(actual, dict):
                found.append(self._differs(actual, location))
                return
            for name, pattern in self.members:
                if name in actual:
                    pattern.collect(actual[name], location.member(name), found)
                else:
                    found.append(location.member(name).mismatch(
                        "missing", f"expected {render(pattern.source)}, but there is no '{name}'", expected=pattern.source))
        elif not _equal(self.source, actual):
            found.append(self._differs(actual, location))

    def _differs(self, actual: Any, location: _Location) -> Mismatch:
        return location.mismatch("value", f"expected {render(self.source)}, got {_render_actual(actual)}",
                                 expected=self.source, actual=actual)


def _equal(expected: Any, actual: Any) -> bool:
    if _is_number(expected) and _is_number(actual):
        return float(expected) == float(actual)
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if _is_number(expected) or _is_number(actual):
        return False
    return bool(expected == actual)


class _Element:
    """An element written in a template: its properties, and its children when written."""

    def __init__(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise TemplateError(path, f"an element template must be an object (as `tree` answers), got {_type_name(value)}")
        self.source = value
        self.properties: List[Tuple[str, _Pattern]] = []
        self.children: Optional[List[_Element]] = None
        for key, item in value.items():
            member_path = _child_path(path, key)
            if key == _CHILDREN:
                if not isinstance(item, list):
                    raise TemplateError(member_path, f"children must be an array of element templates, got {_type_name(item)}")
                self.children = [_Element(child, f"{member_path}[{index}]") for index, child in enumerate(item)]
            else:
                self.properties.append((key, _Pattern(item, member_path)))

    def mismatches(self, actual: Any, location: _Location, strict: bool) -> List[Mismatch]:
        if not isinstance(actual, dict):
            return [location.mismatch("value", f"expected an element {_summary(self.source)}, got {_render_actual(actual)}",
                                      expected=self.source, actual=actual)]
        found: List[Mismatch] = []
        for name, pattern in self.properties:
            if name in actual:
                pattern.collect(actual[name], location.property(name), found)
            else:
                found.append(location.property(name).mismatch(
                    "missing", f"expected {render(pattern.source)}, but the element has no '{name}'", expected=pattern.source))
        if self.children is not None:
            children = actual.get(_CHILDREN)
            children = children if isinstance(children, list) else []
            if strict:
                found += self._strict_children(children, location)
            else:
                found += self._ordered_children(children, location)
        return found

    def _ordered_children(self, actual: List[Any], location: _Location) -> List[Mismatch]:
        # Taking the first child that matches is never worse than a later one: it leaves the most for the rest.
        found: List[Mismatch] = []
        last_matched: Optional[int] = None
        for template in self.children or []:
            start = 0 if last_matched is None else last_matched + 1
            tried = []
            matched = None
            for index in range(start, len(actual)):
                mismatches = template.mismatches(actual[index], location.child(index, actual[index]), False)
                if not mismatches:
                    matched = index
                    break
                tried.append((index, actual[index], mismatches))
            if matched is not None:
                last_matched = matched
                continue
            found.append(template._no_match(tried, last_matched, location))
        return found

    def _strict_children(self, actual: List[Any], location: _Location) -> List[Mismatch]:
        templates = self.children or []
        found: List[Mismatch] = []
        if len(templates) != len(actual):
            written = "1 child" if len(templates) == 1 else f"{len(templates)} children"
            found.append(location.property(_CHILDREN).mismatch(
                "childCount", f"expected {written} (strict), got {len(actual)}", expected=len(templates), actual=len(actual)))
        for index, (template, child) in enumerate(zip(templates, actual)):
            found += template.mismatches(child, location.child(index, child), True)
        return found

    def _no_match(self, tried: List[Tuple[int, Any, List[Mismatch]]], last_matched: Optional[int], location: _Location) -> Mismatch:
        message = ("no child matches " if last_matched is None else f"no child after [{last_matched}] matches ") + _summary(self.source)
        if not tried:
            message += ": the element has no children" if last_matched is None else f": [{last_matched}] is the last child"
        # Templates name direct children; an element written one level too high is a likely slip.
        for index, value, _ in tried:
            deeper = self._first_descendant_match(value, location.child(index, value))
            if deeper is not None:
                message += f"; one matches deeper: {deeper.readable}"
                break
        closest = self._closest(tried)
        return location.property(_CHILDREN).mismatch(
            "noMatchingChild", message, expected=self.source,
            closest_index=None if closest is None else closest[0], closest=None if closest is None else closest[1])

    def _first_descendant_match(self, element: Any, location: _Location) -> Optional[_Location]:
        children = element.get(_CHILDREN) if isinstance(element, dict) else None
        for index, child in enumerate(children if isinstance(children, list) else []):
            child_location = location.child(index, child)
            if not self.mismatches(child, child_location, False):
                return child_location
            found = self._first_descendant_match(child, child_location)
            if found is not None:
                return found
        return None

    def _agrees(self, candidate: Any, name: str) -> bool:
        pattern = next((pattern for key, pattern in self.properties if key == name), None)
        if pattern is None:
            return True
        if not isinstance(candidate, dict) or name not in candidate:
            return False
        differences: List[Mismatch] = []
        pattern.collect(candidate[name], _Location(), differences)
        return not differences

    def _closest(self, tried: List[Tuple[int, Any, List[Mismatch]]]) -> Optional[Tuple[int, List[Mismatch]]]:
        # The child a person most likely meant: the template's ref, then its type, then the fewest differences, then the first.
        agreeing = [candidate for candidate in tried
                    if not self.properties or any(self._agrees(candidate[1], name) for name, _ in self.properties)]
        if not agreeing:
            return None
        best = min(agreeing, key=lambda candidate: (0 if self._agrees(candidate[1], "ref") else 1,
                                                    0 if self._agrees(candidate[1], "type") else 1,
                                                    len(candidate[2]), candidate[0]))
        return best[0], best[2]
