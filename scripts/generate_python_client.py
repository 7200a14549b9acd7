#!/usr/bin/env python3
"""Writes the Python client's method table, clients/python/slam/_generated_methods.py, from Protocol/slam.openrpc.json.

Each method of the protocol becomes, once: a request builder (``find_request``), a blocking method
(``BlockingMethods.find``, mixed into ``slam.Client``), an asyncio method (``AsyncMethods.find``, mixed
into ``slam.AsyncClient``) and a row of ``METHODS``. The OpenRPC document gives the wire name, the
params (names, order, which are required, their JSON types), the result and the first line of the
docstring; ``PYTHON`` below says only what the document cannot: a Python name or type that differs,
a param's converter, how the result is read, acting and waiting calls, and the notes a Python caller
needs. A method it does not mention is generated from the document alone.

    python3 scripts/generate_python_client.py            # rewrite the module (make generate)
    python3 scripts/generate_python_client.py --check    # exit 1 when the committed module is stale

Standard library only.
"""

import argparse
import json
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENRPC = ROOT / "Protocol" / "slam.openrpc.json"
OUTPUT = ROOT / "clients" / "python" / "slam" / "_generated_methods.py"

SCHEMA_SHAPES = {
    "ElementSnapshot": "Snapshot",
    "TreeNode": "Snapshot",
    "Changes": "UpdateResult",
    "StackEntry": "StackEntry",
    "Subscriptions": "Subscriptions",
    "UIState": "UIAttachResult",
    "Version": "Version",
    "Locator": "Locator",
}
"""The Python shape (slam.shapes) of each component schema a result or param refers to."""

# What the OpenRPC document does not say about the Python side, by wire method. A method's value is one
# variant or a list of them (``state.set``: ``state_set`` and ``state_set_many``). Keys of a variant:
#   name          the Python name (default: the wire name in snake_case, dots as underscores)
#   params        the wire params it takes, in Python's order (default: all, in the document's order)
#   param         per wire param: name (Python), type (annotation), default ("None", "UNSET";
#                 "required" for none), convert (a function of _methods applied to the value), always
#                 (sent even when None: a JSON null)
#   result        the annotation of what it returns (default: from the result schema)
#   read          the member of the result it returns
#   acts          an acting call: timeoutMs is the action timeout (the client's action_timeout_ms unless given);
#                 a param name: only when that param is given
#   waits         a waitFor: the client allows for timeoutMs (5000 when not given)
#   bare          sends no params at all when none is given (rather than {})
#   explain       a _methods function of the params making Request.explain
#   on_clients    False: only the request builder, for hand-written methods
#   notes         what a Python caller needs beyond the document's summary
PYTHON = {
    "version": {"notes": "``serverVersion`` is ``slam.__version__``."},
    "find": {"notes": "``ref`` is a reference or a locator (:func:`slam.locate`)."},
    "query": {"param": {"type": {"type": "ElementType"}}},
    "locator": {
        "read": "locator",
        "result": "Ref",
        "notes": """
            Returns it as ``ref`` takes it, as ``slamctl record`` writes it: ``{"role", "name"}`` when
            they find the element alone and the name cannot change, else its reference, else
            ``{"type", "text"}``, else its type ``within`` an ancestor with a reference.""",
    },
    "tree": {"notes": "From ``ref`` (default: the root view), ``depth`` levels deep (default: every level)."},
    "snapshot": {
        "read": "snapshot",
        "result": "str",
        "notes": """
            Returns the text: a line per element, ``- role "name" [states] [ref=…]``, children indented two
            spaces (hidden elements and unnamed layout views left out); ``call("snapshot")`` also gives the
            ``controller`` and ``title``. ``ref`` (a reference or a locator) snapshots that subtree; ``depth``
            keeps that many levels below the first.""",
    },
    "updateUI": {"notes": "Returns ``{controller, changed}``."},
    "resetUI": {"notes": "As :meth:`update_ui`, reloading tables and text views first; returns ``{controller, changed}``."},
    "press": {
        "param": {"value": {"type": "PressValue", "convert": "press_value"}},
        "acts": True,
        "notes": """
            ``ref`` is a reference or a locator (:func:`slam.locate`). Like every acting call it
            waits, in the daemon, until a person could act (the element exists, is visible,
            enabled and not covered), at most ``timeout_ms`` (default :attr:`action_timeout_ms`;
            0 acts at once); a timeout raises the error acting would, saying which condition failed.

            ``value``: a row, segment or page index; a number (a slider's value, ``0.25``, snapped to its
            step; one outside its range is refused); ``"increment"`` or ``"decrement"`` (stepper, slider, date
            picker); ``True`` or ``False`` (switch); a position ``[a, b]`` (a tuple works too), or
            ``{"section": a, "row": b}``: a picker's ``[component, row]``, a sectioned table's
            ``[section, row]``, a collection view's ``[section, item]``; any other string: a date
            picker's ISO 8601 value (``"2026-11-23"``) or a collection item's key.""",
    },
    "setText": {
        "acts": True,
        "notes": "Replaces the field's text at once; waits for the field as :meth:`press` does.",
    },
    "typeText": {
        "acts": True,
        "notes": """
            Each character is a key (an editing-changed event each, ``maxLength``
            honoured); ``"\\n"`` is Enter, which runs the field's return action.
            Raises :class:`ElementCovered` when an alert or modal screen covers it.""",
    },
    "focus": {
        "acts": True,
        "notes": """
            Returns its snapshot (``focused: True``). Raises :class:`ElementNotInteractive` for an
            element that cannot take the focus (a label).""",
    },
    "key": {
        "param": {"key": {"name": "name", "type": "Union[KeyName, str]"}},
        "acts": "ref",
        "result": "KeyOutcome",
        "notes": """
            Returns ``{key, handled, controller, focused}``. ``name`` is one character (``"a"``, ``" "``)
            or ``"Tab"``, ``"Shift+Tab"``, ``"Enter"``, ``"Escape"``, ``"Backspace"``, ``"Space"``,
            ``"ArrowUp"``, ``"ArrowDown"``, ``"ArrowLeft"``, ``"ArrowRight"``; ``focused`` is the focused
            element's snapshot afterwards, or ``None``. An unknown name raises :class:`InvalidParams`.
            With ``ref``, that element takes the focus first (waiting for it as :meth:`press` does).""",
    },
    "runTask": {"result": "TaskResult", "notes": "Returns ``{task, param, top}`` (and ``result`` for a client's task)."},
    "tasks.register": {
        "param": {"names": {"convert": "task_names"}},
        "result": "TasksRegistered",
        "on_clients": False,
    },
    "tasks.unregister": {
        "param": {"names": {"convert": "task_names"}},
        "read": "unregistered",
        "result": "List[str]",
        "bare": True,
        "on_clients": False,
    },
    "screens": {"result": "List[ScreenEntry]"},
    "waitFor": [
        {
            "param": {
                "state": {"type": "WaitState"},
                "equals": {"default": "UNSET"},
            },
            "waits": True,
            "notes": """
                With ``template``, the tree of ``ref`` (default: the root view) once it matches (see
                :meth:`expect_tree`). ``state`` is ``"exists"``, ``"absent"`` (the answer is then ``None``),
                ``"visible"``, ``"hidden"`` or ``"enabled"``. ``timeout_ms`` is sent as ``timeoutMs``; the
                client waits that long (5000 ms when not given) plus its own timeout for the answer.
                ``equals=None`` compares with JSON null. Raises :class:`WaitTimedOut` when the condition
                does not hold in time.""",
        },
        {
            "name": "expect_tree",
            "params": ["template", "ref", "strict", "timeoutMs", "controller"],
            "param": {
                "template": {"default": "required"},
                "strict": {"type": "bool", "default": "False", "convert": "strict_flag"},
            },
            "result": "Snapshot",
            "waits": True,
            "explain": "tree_mismatch_of(ref)",
            "summary": "Waits in the daemon until the tree of ``ref`` (default: the root view) matches ``template``; returns the tree.",
            "notes": """
                A template is a partial tree in the shape :meth:`tree` answers: only the members written are
                compared; a string ``"/pattern/"`` (``"/pattern/i"``: ignoring case) is a regular expression
                searched in the text; ``children`` match the element's children in order, as a subsequence,
                or one to one with ``strict=True``. Raises :class:`slam.TreeMismatch` (an ``AssertionError``)
                with the readable diff when it does not match within ``timeout_ms`` (5000 when not given):
                ``diff`` holds the mismatches, ``tree`` the last tree. :class:`WaitTimedOut` when ``ref`` is
                not on screen; :class:`InvalidParams` naming the JSON path of a malformed template.""",
        },
        {
            "name": "expect_aria",
            "params": ["aria", "ref", "timeoutMs", "controller"],
            "param": {"aria": {"name": "template", "default": "required"}},
            "result": "Snapshot",
            "waits": True,
            "explain": "aria_mismatch_of(ref)",
            "summary": "Waits in the daemon until the accessibility snapshot of ``ref`` (default: the screen) contains ``template``.",
            "notes": """
                ``template`` is a partial snapshot in the text :meth:`snapshot` answers: ``- role "name"
                [state]`` lines, children indented below a line ending in ``:``; a name ``/pattern/`` (or
                ``/pattern/i``) is a regular expression; states and names not written are not compared;
                children match in order, as a subsequence; it may match anywhere. Returns the element
                snapshot of ``ref`` (the root view without one). Raises :class:`slam.AriaMismatch` (an
                ``AssertionError``) with the unified diff when it does not match within ``timeout_ms``
                (5000 when not given); :class:`InvalidParams` naming the line of a template that cannot be read.""",
        },
    ],
    "subscribe": {
        "param": {"events": {"type": "Sequence[EventName]", "convert": "listed"}},
        "notes": """
            ``events``: ``changed``, ``navigated``, ``taskRan``, ``openURL``, ``stateChanged``, ``log``,
            ``focusChanged``, ``action``; returns ``{subscribed, client}`` (``client``: this connection's
            number, the ``client`` of the ``action`` events it causes). Each notification's params have the
            shape of the event's class (``slam.Changed``, ``slam.FocusChanged``…).""",
    },
    "unsubscribe": {
        "param": {"events": {"type": "Sequence[EventName]", "convert": "listed"}},
        "bare": True,
        "notes": "Removes ``events`` (default: all); returns ``{subscribed, client}``.",
    },
    "state.get": {
        "read": "value",
        "result": "Any",
        "notes": """
            Returns the value of ``key`` (any JSON value; ``None`` for null). Raises
            :class:`StateKeyNotFound` (``data["key"]``) when the state has no such key.""",
    },
    "state.set": [
        {
            "params": ["key", "value"],
            "param": {"key": {"default": "required"}, "value": {"default": "required", "always": True}},
            "read": "changed",
            "result": "List[str]",
            "notes": """
                Sets ``key`` to ``value`` (``None`` sets null); returns ``[key]`` if its value changed, else
                ``[]``. Elements bound to the key are updated before the reply; subscribers hear
                ``stateChanged``, then ``changed``.""",
        },
        {
            "name": "state_set_many",
            "params": ["values"],
            "param": {"values": {"default": "required", "convert": "copied"}},
            "read": "changed",
            "result": "List[str]",
            "notes": "Sets several keys at once (bound elements update once); returns the keys that changed, sorted.",
        },
    ],
    "state.list": {"read": "values", "result": "Dict[str, Any]"},
    "ui.attach": {
        "param": {"capabilities": {"convert": "copied"}},
        "bare": True,
        "notes": """
            Returns ``{seq, stack, state, capabilities}``. From then on ``ui.redraw`` notifications arrive
            (see :meth:`notifications`); :class:`slam.RemoteUIModel` applies them.""",
    },
    "ui.detach": {"read": "detached", "result": "bool"},
    "reset": {
        "result": "ResetResult",
        "notes": "The daemon and its connections are kept; returns ``{top, stateKeys}``.",
    },
    "trace.start": {
        "read": "path",
        "result": "str",
        "notes": """
            Returns the trace file's absolute path; :meth:`trace_stop` ends it. The file is a new one
            (mode 0600) in the daemon's trace directory (``slamd --trace-dir``; default
            ``~/.local/state/slam/traces``): ``name``, a plain file name there (no ``/``, not starting
            with ``.``, at most 200 bytes) that must not exist yet, or None for one the daemon makes.
            Raises :class:`slam.TraceConflict` while a trace is being written, and
            :class:`slam.InvalidParams` naming ``name`` when it is not a plain name or the file exists.""",
    },
    "trace.stop": {
        "result": "TraceStopResult",
        "notes": """
            Returns ``{path, records}`` (``slamctl trace show PATH`` prints it as steps). Raises
            :class:`slam.TraceConflict` when none is written.""",
    },
    "rpc.discover": {"name": "discover", "result": "Dict[str, Any]"},
}

NULLABLE = {"Any", "PressValue"}
"""Annotations that take ``None`` already: a param defaulting to ``None`` is not wrapped in ``Optional``."""

HEADER = '''\
# Generated by make generate (scripts/generate_python_client.py) from Protocol/slam.openrpc.json; do not edit.
"""The protocol's methods, each written once: its request builder, its blocking and its asyncio method, its row.

``BlockingMethods`` is mixed into :class:`slam.Client` and ``AsyncMethods`` into :class:`slam.AsyncClient`;
each calls the client's ``_run`` with the request its builder makes. ``METHODS`` lists them as data.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, TypeVar, Union

from ._methods import (
    UNSET, Method, PressValue, act, aria_mismatch_of, copied, given, listed, member, named, press_value,
    strict_flag, task_names, tree_mismatch_of, wait_ms,
)
from ._wire import Request
from .shapes import (
    ElementType, EventName, KeyName, KeyOutcome, Ref, ResetResult, ScreenEntry, Snapshot, StackEntry, Subscriptions,
    TaskResult, TasksRegistered, TraceStopResult, UIAttachResult, UpdateResult, Version, WaitState,
)

__all__ = ["METHODS", "AsyncMethods", "BlockingMethods"]

T = TypeVar("T")
'''


def snake_case(name):
    """``typeText`` → ``type_text``, ``updateUI`` → ``update_ui``, ``tasks.register`` → ``tasks_register``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).replace(".", "_").lower()


def reference_name(schema):
    reference = schema.get("$ref", "")
    return reference.rsplit("/", 1)[-1] if reference.startswith("#/components/schemas/") else None


def annotation_of(schema):
    """The Python annotation for a JSON schema, as far as the schema says; ``Any`` past that."""
    if reference_name(schema):
        return SCHEMA_SHAPES.get(reference_name(schema), "Dict[str, Any]")
    options = schema.get("oneOf", [])
    if any(reference_name(option) == "Locator" for option in options):
        return "Ref"
    if len(options) == 2 and {"type": "null"} in options:
        return f"Optional[{annotation_of(next(option for option in options if option != {'type': 'null'}))}]"
    if "const" in schema:
        return type(schema["const"]).__name__ if isinstance(schema["const"], (str, int, bool)) else "Any"
    kinds = schema.get("type")
    if isinstance(kinds, list):
        kinds = [kind for kind in kinds if kind != "null"]
        kinds = kinds[0] if len(kinds) == 1 else None
    if kinds == "array":
        return f"List[{annotation_of(schema.get('items', {}))}]"
    return {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "object": "Dict[str, Any]"}.get(kinds, "Any")


def wrapped(text, indent, width=108):
    """Rewraps each paragraph of ``text`` to ``width`` columns after ``indent`` (a paragraph already laid out keeps its lines)."""
    paragraphs = textwrap.dedent(text).strip().split("\n\n")
    lines = []
    for paragraph in paragraphs:
        if lines:
            lines.append("")
        if "\n" in paragraph:
            lines.extend(indent + line.strip() for line in paragraph.splitlines())
        else:
            lines.extend(textwrap.wrap(paragraph, width + len(indent), initial_indent=indent, subsequent_indent=indent,
                                       break_on_hyphens=False, break_long_words=False))
    return lines


def unquoted(line, start, end):
    """Each position and character of ``line[start:end]`` outside a string literal (the quotes themselves left out)."""
    quoted = False
    for position in range(start, end):
        character = line[position]
        if character == '"':
            quoted = not quoted
        elif not quoted:
            yield position, character


def folded(line, width=120):
    """``line`` of code broken as Black would: its outermost bracket's items on lines of their own, four deeper."""
    if len(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip())]
    opening, closing, depth = None, None, 0
    for position, character in unquoted(line, 0, len(line)):
        if character in "([{":
            depth += 1
            if depth == 1 and opening is None:
                opening = position
        elif character in ")]}":
            depth -= 1
            if depth == 0 and opening is not None and closing is None:
                closing = position
    if opening is None or closing is None:
        return [line]
    items, depth, start = [], 0, opening + 1
    for position, character in unquoted(line, opening + 1, closing):
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        elif character == "," and depth == 0:
            items.append(line[start:position].strip())
            start = position + 1
    items.append(line[start:closing].strip())
    inner = indent + "    "
    lines, current = [line[:opening + 1]], ""
    for item in items:
        if current and len(current) + len(item) + 2 > width:
            lines.append(current)
            current = ""
        if not current and len(inner + item) + 1 > width:
            lines.extend(folded(inner + item + ",", width))
            continue
        current = (current + " " if current else inner) + item + ","
    if current:
        lines.append(current)
    return lines + [indent + line[closing:]]


def docstring(text, indent):
    """A docstring literal for ``text`` at ``indent``."""
    body = text.replace("\\", "\\\\")
    assert '"""' not in body
    lines = wrapped(body, indent)
    if len(lines) == 1 and len(lines[0]) + 6 <= 120:
        return [f'{indent}"""{lines[0].strip()}"""']
    lines[0] = indent + '"""' + lines[0].strip()
    return lines + [indent + '"""']


def literal_code(summary):
    """The document's Markdown code spans as reStructuredText literals (`x` → ``x``)."""
    return re.sub(r"(?<!`)`([^`]+)`(?!`)", r"``\1``", summary)


class Variant:
    """One Python method of a wire method: everything the builder, the two client methods and the row need."""

    KEYS = {"name", "params", "param", "acts", "waits", "bare", "read", "explain", "on_clients", "result", "summary",
            "notes"}
    PARAM_KEYS = {"name", "type", "default", "convert", "always"}

    def __init__(self, method, python):
        self.wire = method["name"]
        self.name = python.get("name", snake_case(self.wire))
        schemas = {param["name"]: param for param in method["params"]}
        wire_order = python.get("params", list(schemas))
        overrides = python.get("param", {})
        # A typo in the table (a key, a parameter the document no longer has) would change the Python API silently.
        unknown = set(python) - self.KEYS
        if unknown:
            raise SystemExit(f"PYTHON[{self.wire!r}] has unknown keys {sorted(unknown)} (known: {sorted(self.KEYS)})")
        stray = (set(overrides) | set(wire_order)) - set(schemas)
        if stray:
            raise SystemExit(f"PYTHON[{self.wire!r}] names parameters {sorted(stray)} that the OpenRPC document's "
                             f"{self.wire} does not have ({sorted(schemas)})")
        for wire, override in overrides.items():
            if set(override) - self.PARAM_KEYS:
                raise SystemExit(f"PYTHON[{self.wire!r}]['param'][{wire!r}] has unknown keys "
                                 f"{sorted(set(override) - self.PARAM_KEYS)} (known: {sorted(self.PARAM_KEYS)})")
        self.acts = python.get("acts", False)
        self.waits = python.get("waits", False)
        self.bare = python.get("bare", False)
        self.read = python.get("read")
        self.explain = python.get("explain")
        self.on_clients = python.get("on_clients", True)
        self.result = python.get("result") or annotation_of(method["result"]["schema"])
        self.params = []
        for wire in wire_order:
            declared, override = schemas[wire], overrides.get(wire, {})
            default = override.get("default", "required" if declared.get("required") else "None")
            annotation = override.get("type") or annotation_of(declared["schema"])
            if annotation.startswith("List[") and "convert" in override:
                annotation = "Sequence[" + annotation[5:]  # a converter takes any sequence (a tuple too)
            if default == "None" and annotation not in NULLABLE:
                annotation = f"Optional[{annotation}]"
            self.params.append({
                "wire": wire,
                "python": override.get("name", snake_case(wire)),
                "annotation": annotation,
                "default": None if default == "required" else default,
                "convert": override.get("convert"),
                "always": override.get("always", False),
            })
        self.params.sort(key=lambda param: param["default"] is not None)  # required first, as Python wants
        self.wire_params = list(schemas)
        summary = python.get("summary") or "``{}``: {}".format(self.wire, lower_first(literal_code(method["summary"])))
        notes = textwrap.dedent(python.get("notes", "")).strip()
        self.doc = summary + ("\n\n" + notes if notes else "")

    # The signature and the call

    def signature_params(self):
        return ", ".join(
            f"{param['python']}: {param['annotation']}" + ("" if param["default"] is None else f" = {param['default']}")
            for param in self.params)

    def arguments(self):
        names = [param["python"] for param in self.params]
        if self.acts:
            names.append("action_timeout_ms=self.action_timeout_ms")
        return ", ".join(names)

    # The builder's body

    def value(self, param):
        name, convert = param["python"], param["convert"]
        if not convert:
            return name
        return f"None if {name} is None else {convert}({name})" if param["default"] == "None" else f"{convert}({name})"

    def params_expression(self):
        """The params object: in the document's order those left out when ``None``, then those sent even when
        ``None`` (a JSON null), then those left out when not given (``UNSET``); acting calls add ``timeoutMs`` last."""
        sent = [param for param in self.params if not (self.acts and param["wire"] == "timeoutMs")]
        if not sent:
            return None
        sent.sort(key=lambda param: self.wire_params.index(param["wire"]))
        omitted_when_none = [param for param in sent if param["default"] != "UNSET" and not param["always"]]
        parts = []
        if omitted_when_none:
            parts.append("named(" + ", ".join(f"{param['wire']}={self.value(param)}" for param in omitted_when_none) + ")")
        parts += [f'"{param["wire"]}": {self.value(param)}' for param in sent if param["always"]]
        parts += [f"given({param['wire']}={self.value(param)})" for param in sent if param["default"] == "UNSET"]
        if len(parts) == 1 and parts[0].startswith("named("):
            expression = parts[0]
        else:
            expression = "{" + ", ".join(part if part.startswith('"') else "**" + part for part in parts) + "}"
        return expression + (" or None" if self.bare else "")

    def builder(self):
        after = ", *, action_timeout_ms: int" if self.acts else ""
        lines = folded(f"def {self.name}_request({self.signature_params()}{after}) -> Request[{self.result}]:")
        lines += docstring(self.doc if not self.on_clients else f"The request of :meth:`slam.Client.{self.name}`.", "    ")
        params = self.params_expression()
        options = []
        if self.read:
            options.append(f'read=member("{self.read}")')
        if self.waits:
            options.append("wait_ms=wait_ms(timeout_ms)")
        if self.explain:
            options.append(f"explain={self.explain}")
        plain = ", ".join([f'"{self.wire}"'] + ([params] if params else []) + options)
        if self.acts is True:
            lines += folded(f'    return act("{self.wire}", {params}, timeout_ms, action_timeout_ms)')
        elif self.acts:
            lines += folded(f"    params = {params}")
            lines.append(f'    if {self.acts} is None:')
            lines.append(f'        return Request("{self.wire}", params)')
            lines.append(f'    return act("{self.wire}", params, timeout_ms, action_timeout_ms)')
        else:
            lines += folded(f"    return Request({plain})")
        return lines

    def method(self, asynchronous):
        first = f"self, {self.signature_params()}" if self.params else "self"
        prefix = "async def" if asynchronous else "def"
        lines = folded(f"    {prefix} {self.name}({first}) -> {self.result}:")
        if asynchronous:
            paragraphs = self.doc.split("\n\n")
            short = paragraphs[0] + (f"\n\nAs :meth:`slam.Client.{self.name}`, awaited." if len(paragraphs) > 1 else "")
            lines += docstring(short, "        ")
            lines += folded(f"        return await self._run({self.name}_request({self.arguments()}))")
        else:
            lines += docstring(self.doc, "        ")
            lines += folded(f"        return self._run({self.name}_request({self.arguments()}))")
        return lines

    def row(self):
        wire_names = "".join(f'"{param["wire"]}", ' for param in self.params).rstrip(" ")
        if len(self.params) > 1:
            wire_names = wire_names.rstrip(",")
        helper = f"BlockingMethods.{self.name}" if self.on_clients else "None"
        return f'    Method("{self.wire}", "{self.name}", "{self.result}", {helper}, {self.name}_request, ({wire_names})),'


def lower_first(text):
    return text[:1].lower() + text[1:] if text[1:2].islower() or text[1:2] == " " else text


def variants(document):
    found = []
    for method in document["methods"]:
        python = PYTHON.get(method["name"], {})
        for entry in python if isinstance(python, list) else [python]:
            found.append(Variant(method, entry))
    unknown = set(PYTHON) - {method["name"] for method in document["methods"]}
    if unknown:
        raise SystemExit(f"PYTHON names methods the OpenRPC document does not have: {sorted(unknown)}")
    return found


def methods_class(methods, name, docstring, awaited):
    """The lines of a client's base class: a method per variant, blocking or awaited, over an abstract ``_run``."""
    lines = ["", "", f"class {name}:", f'    """{docstring}"""', "",
             "    action_timeout_ms: int", "",
             f"    {'async ' if awaited else ''}def _run(self, request: Request[T]) -> T:",
             "        raise NotImplementedError"]
    for variant in methods:
        if variant.on_clients:
            lines += [""] + variant.method(awaited)
    return lines


def generate(document):
    methods = variants(document)
    lines = HEADER.rstrip("\n").split("\n")
    lines += ["", "", "# Request builders: what goes on the wire and how the result is read."]
    for variant in methods:
        lines += ["", ""] + variant.builder()
    lines += methods_class(methods, "BlockingMethods", "The typed helpers of :class:`slam.Client`, one per method of the protocol.",
                           awaited=False)
    lines += methods_class(methods, "AsyncMethods",
                           "The typed helpers of :class:`slam.AsyncClient`, one per method of the protocol, awaited.",
                           awaited=True)
    lines += ["", "", "METHODS: Tuple[Method, ...] = ("]
    lines += [line for variant in methods for line in folded(variant.row())]
    lines += [")", '"""Every typed helper: wire name, Python name, result type, the blocking helper, its builder, its params."""']
    return "\n".join(lines) + "\n"


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the output is not what would be generated")
    parser.add_argument("--openrpc", type=Path, default=OPENRPC)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    options = parser.parse_args(arguments)
    text = generate(json.loads(options.openrpc.read_text(encoding="utf-8")))
    if options.check:
        current = options.output.read_text(encoding="utf-8") if options.output.exists() else ""
        if current != text:
            print(f"{options.output} is stale: run `make generate` (python3 scripts/generate_python_client.py)",
                  file=sys.stderr)
            return 1
        return 0
    if not options.output.exists() or options.output.read_text(encoding="utf-8") != text:
        options.output.write_text(text, encoding="utf-8")
        print(f"wrote {options.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
