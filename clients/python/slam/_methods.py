"""The protocol's methods as request descriptions, shared by the blocking and the asyncio client.

Each function here builds a :class:`Request`: the method, its params, how long
the daemon may wait before it answers, and how to read the result. Both
clients' typed helpers are one line, ``self._run(_methods.press(...))``, so what
goes on the wire and what comes back is written once.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, Generic, List, Mapping, Optional, Sequence, TypeVar, Union, cast

from .errors import WaitTimedOut
from .shapes import (
    EventName,
    KeyOutcome,
    Locator,
    Ref,
    ResetResult,
    ScreenEntry,
    Snapshot,
    StackEntry,
    Subscriptions,
    TaskResult,
    TasksRegistered,
    TraceStopResult,
    UIAttachResult,
    UpdateResult,
    Version,
    WaitState,
)
from .templates import TreeMismatch, diff_lines

T = TypeVar("T")

Params = Union[Dict[str, Any], Sequence[Any], None]
"""A request's params: by name (a dict), by position (a list), or none."""

PressValue = Union[None, int, float, bool, str, Sequence[int], Dict[str, int]]
"""What ``press`` sends as ``value``: an index, a number (a slider's value), a flag, a word or text, or a position."""

DEFAULT_WAIT_TIMEOUT_MS = 5000
"""The ``timeoutMs`` the daemon applies to ``waitFor`` when none is given."""

DEFAULT_ACTION_TIMEOUT_MS = 5000
"""How long the client's acting calls let the daemon wait for their element (``timeoutMs``) unless told otherwise
(and ``SLAM_TIMEOUT`` is not set: :func:`default_action_timeout_ms`)."""

MAXIMUM_WAIT_TIMEOUT_MS = 600_000
"""The daemon's limit on one wait (``limits.maxWaitTimeoutMs`` in ``version``)."""


def default_action_timeout_ms(environment: Optional[Mapping[str, str]] = None) -> int:
    """The ``action_timeout_ms`` a new client starts with: ``SLAM_TIMEOUT`` (seconds, ``1.5``, or with a unit,
    ``500ms``, ``2s``; at most 600 s), else :data:`DEFAULT_ACTION_TIMEOUT_MS`.

    Raises ``ValueError`` naming the variable for any other value.
    """
    text = (os.environ if environment is None else environment).get("SLAM_TIMEOUT", "")
    if not text:
        return DEFAULT_ACTION_TIMEOUT_MS
    number, scale = (text[:-2], 1) if text.endswith("ms") else (text[:-1], 1000) if text.endswith("s") else (text, 1000)
    # Digits and a point only: float() would also take " 5", "1_0", "inf" and "1e3".
    plain = number.replace(".", "", 1)
    milliseconds = float(number) * scale if plain.isascii() and plain.isdigit() else math.nan
    if not (0 <= milliseconds <= MAXIMUM_WAIT_TIMEOUT_MS):  # NaN and infinities fail too
        raise ValueError(f"SLAM_TIMEOUT must be seconds (1.5) or look like 500ms or 2s, and be at most 600s, not {text!r}")
    return round(milliseconds)


class _Unset:
    """The type of :data:`UNSET`."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""Marks ``wait_for``'s ``equals`` as not given, since ``None`` (JSON null) is a value it may compare to."""


def _same(result: Any) -> Any:
    return result


@dataclass(frozen=True)
class Request(Generic[T]):
    """One call of a typed helper: ``method`` with ``params``; ``read`` turns the result into what the helper returns.

    ``wait_ms`` is how long the daemon may wait before answering (``timeoutMs``):
    the client waits that much longer than its own timeout.
    """

    method: str
    params: Params = None
    read: Callable[[Any], T] = _same
    wait_ms: int = 0


def named(**params: Any) -> Dict[str, Any]:
    """Params by name, leaving out those that are ``None`` (not given)."""
    return {name: value for name, value in params.items() if value is not None}


def locate(
    type: Optional[str] = None,
    text: Optional[str] = None,
    text_matches: Optional[str] = None,
    within: Optional[Ref] = None,
    nth: Optional[int] = None,
    ref: Optional[str] = None,
) -> Locator:
    """A locator: the element described by what a person sees, for any ``ref`` parameter.

    ``locate(type="Button", text="Settings")``; ``text_matches`` is a regular expression the
    text contains a match of; ``within`` narrows to the descendants of another element;
    ``nth`` picks one of several matches (from 0; negative counts from the end). Several
    matches without ``nth`` raise :class:`AmbiguousLocator` listing them; none raises
    :class:`ElementNotFound` naming the nearest references and texts.
    """
    locator = named(ref=ref, type=type, text=text, textMatches=text_matches, within=within, nth=nth)
    if not any(key in locator for key in ("ref", "type", "text", "textMatches")):
        raise ValueError("a locator names at least one of ref, type, text or text_matches")
    return cast(Locator, locator)


def _act(method: str, params: Dict[str, Any], timeout_ms: Optional[int], action_timeout_ms: int) -> Request[Any]:
    """An acting request: the daemon waits up to ``timeoutMs`` for its element to be actionable."""
    wait_ms = action_timeout_ms if timeout_ms is None else timeout_ms
    if wait_ms:
        params["timeoutMs"] = wait_ms
    return Request(method, params, wait_ms=wait_ms)


def ping() -> Request[str]:
    return Request("ping")


def version() -> Request[Version]:
    return Request("version")


def find(ref: Ref, controller: Optional[str]) -> Request[Snapshot]:
    return Request("find", named(ref=ref, controller=controller))


def query(
    type: Optional[str], text: Optional[str], visible: Optional[bool], enabled: Optional[bool], controller: Optional[str]
) -> Request[List[Snapshot]]:
    return Request("query", named(type=type, text=text, visible=visible, enabled=enabled, controller=controller))


def tree(ref: Optional[Ref], controller: Optional[str], depth: Optional[int]) -> Request[Snapshot]:
    return Request("tree", named(ref=ref, controller=controller, depth=depth))


def update_ui(ref: Optional[Ref], controller: Optional[str]) -> Request[UpdateResult]:
    return Request("updateUI", named(ref=ref, controller=controller))


def reset_ui(ref: Optional[Ref], controller: Optional[str]) -> Request[UpdateResult]:
    return Request("resetUI", named(ref=ref, controller=controller))


def press(
    ref: Ref, value: PressValue, controller: Optional[str], timeout_ms: Optional[int], action_timeout_ms: int
) -> Request[Snapshot]:
    if isinstance(value, tuple):
        value = list(value)
    return _act("press", named(ref=ref, value=value, controller=controller), timeout_ms, action_timeout_ms)


def set_text(
    ref: Ref, text: str, controller: Optional[str], timeout_ms: Optional[int], action_timeout_ms: int
) -> Request[Snapshot]:
    return _act("setText", named(ref=ref, text=text, controller=controller), timeout_ms, action_timeout_ms)


def type_text(
    ref: Ref, text: str, controller: Optional[str], timeout_ms: Optional[int], action_timeout_ms: int
) -> Request[Snapshot]:
    return _act("typeText", named(ref=ref, text=text, controller=controller), timeout_ms, action_timeout_ms)


def focus(ref: Ref, controller: Optional[str], timeout_ms: Optional[int], action_timeout_ms: int) -> Request[Snapshot]:
    return _act("focus", named(ref=ref, controller=controller), timeout_ms, action_timeout_ms)


def key(name: str, ref: Optional[Ref], timeout_ms: Optional[int], action_timeout_ms: int) -> Request[KeyOutcome]:
    if ref is None:
        return Request("key", {"key": name})
    return _act("key", {"key": name, "ref": ref}, timeout_ms, action_timeout_ms)


def run_task(name: str, param: Optional[str]) -> Request[TaskResult]:
    return Request("runTask", named(name=name, param=param))


def tasks() -> Request[List[str]]:
    return Request("tasks")


def task_names(names: Sequence[str]) -> List[str]:
    """``names`` as a list, refusing here what the daemon would refuse: a lone string, no name, an empty name, a repeated one."""
    if isinstance(names, str):
        raise TypeError(f"task names are a list of names, not the string {names!r}")
    listed = list(names)
    if not listed:
        raise ValueError("name at least one task")
    for name in listed:
        if not isinstance(name, str) or not name:
            raise ValueError(f"a task name is a non-empty string, not {name!r}")
    if len(set(listed)) != len(listed):
        raise ValueError(f"a task is named twice in {listed!r}")
    return listed


def tasks_register(names: Sequence[str], timeout_ms: Optional[int]) -> Request[TasksRegistered]:
    return Request("tasks.register", named(names=task_names(names), timeoutMs=timeout_ms))


def tasks_unregister(names: Optional[Sequence[str]]) -> Request[List[str]]:
    return Request("tasks.unregister", None if names is None else {"names": task_names(names)}, _member("unregistered"))


def controllers() -> Request[List[StackEntry]]:
    return Request("controllers")


def screens() -> Request[List[ScreenEntry]]:
    return Request("screens")


def reset() -> Request[ResetResult]:
    return Request("reset")


def _path(result: Any) -> str:
    return cast(str, result["path"])


def trace_start(name: Optional[str]) -> Request[str]:
    return Request("trace.start", named(name=name), _path)


def trace_stop() -> Request[TraceStopResult]:
    return Request("trace.stop")


def _wait(
    ref: Optional[Ref],
    state: Optional[WaitState],
    property: Optional[str],
    equals: Any,
    timeout_ms: Optional[int],
    controller: Optional[str],
    template: Optional[Dict[str, Any]],
    strict: Optional[bool],
) -> Request[Any]:
    """A ``waitFor``: the daemon answers once the condition holds, or after ``timeoutMs`` (5000 when not given)."""
    params = named(ref=ref, state=state, property=property, timeoutMs=timeout_ms, controller=controller,
                   template=template, strict=strict)
    if equals is not UNSET:
        params["equals"] = equals
    return Request("waitFor", params, wait_ms=DEFAULT_WAIT_TIMEOUT_MS if timeout_ms is None else timeout_ms)


def wait_for(
    ref: Optional[Ref],
    state: Optional[WaitState],
    property: Optional[str],
    equals: Any,
    timeout_ms: Optional[int],
    controller: Optional[str],
    template: Optional[Dict[str, Any]],
    strict: Optional[bool],
) -> Request[Optional[Snapshot]]:
    return _wait(ref, state, property, equals, timeout_ms, controller, template, strict)


def expect_tree(
    template: Dict[str, Any], ref: Optional[Ref], strict: bool, timeout_ms: Optional[int], controller: Optional[str]
) -> Request[Snapshot]:
    return _wait(ref, None, None, UNSET, timeout_ms, controller, template, True if strict else None)


def tree_mismatch(error: WaitTimedOut, ref: Optional[Ref]) -> Optional[TreeMismatch]:
    """The :class:`TreeMismatch` for an ``expect_tree`` wait that timed out with a diff, else ``None``."""
    diff = (error.data or {}).get("diff") or []
    if not diff:
        return None
    subject = "the tree" if ref is None else f"the tree of {ref!r}"
    message = f"{subject} does not match the template:\n" + "\n".join(diff_lines(diff))
    return TreeMismatch(message, diff, error.data.get("snapshot"), error)


def subscribe(events: Sequence[EventName]) -> Request[Subscriptions]:
    return Request("subscribe", {"events": list(events)})


def unsubscribe(events: Optional[Sequence[EventName]]) -> Request[Subscriptions]:
    return Request("unsubscribe", None if events is None else {"events": list(events)})


def _member(name: str) -> Callable[[Any], Any]:
    return lambda result: result[name]


def state_list() -> Request[Dict[str, Any]]:
    return Request("state.list", read=_member("values"))


def state_get(key: str) -> Request[Any]:
    return Request("state.get", {"key": key}, _member("value"))


def state_set(key: str, value: Any) -> Request[List[str]]:
    return Request("state.set", {"key": key, "value": value}, _member("changed"))


def state_set_many(values: Dict[str, Any]) -> Request[List[str]]:
    return Request("state.set", {"values": dict(values)}, _member("changed"))


def discover() -> Request[Dict[str, Any]]:
    return Request("rpc.discover")


def ui_attach(capabilities: Optional[Dict[str, Any]]) -> Request[UIAttachResult]:
    return Request("ui.attach", None if capabilities is None else {"capabilities": dict(capabilities)})


def _detached(result: Any) -> bool:
    return bool(result["detached"])


def ui_detach() -> Request[bool]:
    return Request("ui.detach", read=_detached)
