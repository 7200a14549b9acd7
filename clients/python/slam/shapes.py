"""Typed shapes of the JSON ``slamd`` answers and sends, for type checkers.

Every shape is a ``TypedDict``: at run time the values are the plain ``dict``
and ``list`` values the JSON decoded to (``client.find("count")["text"]``);
a type checker (mypy, pyright) knows their members. ``Literal`` types name the
values that are one of a few: element types, events, framings, wait states.
The tuples beside them (``ELEMENT_TYPES``, ``EVENT_NAMES``…; ``slam.framing.FRAMINGS``) hold the same
values at run time; the tests compare them with what a live daemon reports.

Python 3.9 has no ``NotRequired``: a shape whose members are not always there
is a ``total=False`` class (its required members in a base class).
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union, get_args

# The element types and the snapshot shape are generated from the element declarations (make generate);
# re-exported here under the names they always had ("as": an explicit re-export for type checkers).
from ._elements import ELEMENT_TYPES as ELEMENT_TYPES
from ._elements import Axis as Axis
from ._elements import ButtonStyle as ButtonStyle
from ._elements import DatePickerMode as DatePickerMode
from ._elements import ElementType as ElementType
from ._elements import Snapshot as Snapshot

Framing = Literal["newline", "content-length"]
"""How messages are delimited on the socket: newline-delimited JSON, or ``Content-Length`` headers as in LSP."""

EventName = Literal["changed", "navigated", "taskRan", "openURL", "stateChanged", "log", "focusChanged", "action"]
"""The events ``subscribe`` takes; each arrives as a notification of that method."""

NotificationMethod = Union[EventName, Literal["ui.redraw"]]
"""A notification's method: an event, or ``ui.redraw`` on a connection attached with ``ui.attach``."""

WaitState = Literal["exists", "absent", "visible", "hidden", "enabled"]
"""The conditions ``waitFor`` takes as ``state``."""

KeyName = Literal[
    "Tab", "Shift+Tab", "Enter", "Escape", "Backspace", "Space", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"
]
"""The named keys ``key`` takes; one character (``"a"``, ``" "``) is a key too."""

EVENT_NAMES: Tuple[EventName, ...] = get_args(EventName)
WAIT_STATES: Tuple[WaitState, ...] = get_args(WaitState)
KEY_NAMES: Tuple[KeyName, ...] = get_args(KeyName)


class Locator(TypedDict, total=False):
    """An element described by what a person sees (``slam.locate``); every member given must hold."""

    ref: str
    type: str
    text: str
    textMatches: str
    role: str
    name: str
    within: Union[str, Locator]
    nth: int


Ref = Union[str, Locator]
"""An element: its reference, or a :class:`Locator`."""


# Results


class Capabilities(TypedDict):
    """``version``'s ``capabilities``: the socket's framings (``newline``, ``contentLength``), transports, events and methods."""

    framings: List[str]
    transports: List[str]
    batches: bool
    events: List[EventName]
    methods: List[str]


class Limits(TypedDict):
    maxMessageBytes: int
    maxWaitTimeoutMs: int


class Version(TypedDict):
    """What ``version`` answers."""

    protocolVersion: str
    serverVersion: str
    capabilities: Capabilities
    limits: Limits


class UpdateResult(TypedDict):
    """What ``updateUI`` and ``resetUI`` answer: the controller and the references whose snapshot changed."""

    controller: str
    changed: List[str]


class KeyOutcome(TypedDict):
    """What ``key`` answers: the key's name, whether anything used it, the top controller, its focused element."""

    key: str
    handled: bool
    controller: Optional[str]
    focused: Optional[Snapshot]


class _TaskResultBase(TypedDict):
    task: str
    param: Optional[str]
    top: str


class TaskResult(_TaskResultBase, total=False):
    """What ``runTask`` answers: the task that ran, its param, and the top controller after it;
    for a task a client handles, ``result``: what its handler returned (any JSON value)."""

    result: Any


class TasksRegistered(TypedDict):
    """What ``tasks.register`` answers: the names now handled by this connection and their timeout."""

    registered: List[str]
    timeoutMs: int


class TasksUnregistered(TypedDict):
    """What ``tasks.unregister`` answers: the names this connection held and no longer does."""

    unregistered: List[str]


class TaskRunParams(TypedDict):
    """The params of a ``task.run`` request the daemon sends the connection that registered the task.

    ``param`` is the element's or ``runTask``'s param; ``ref`` the element pressed (``None`` for
    ``runTask``) and ``controller`` its controller, else the controller on top.
    """

    name: str
    param: Optional[str]
    ref: Optional[str]
    controller: Optional[str]


class StackEntry(TypedDict):
    """One controller on the navigation stack (``controllers``, the ``navigated`` event)."""

    id: str
    title: str
    modal: bool


class ScreenEntry(TypedDict):
    """One screen ``push`` can open (``screens``)."""

    id: str
    title: str
    onStack: bool


class ResetResult(TypedDict):
    """What ``reset`` answers: the top controller and how many shared state keys the application holds."""

    top: str
    stateKeys: int


class TraceStopResult(TypedDict):
    """What ``trace.stop`` answers: the trace file and how many records (lines) it holds."""

    path: str
    records: int


class Subscriptions(TypedDict):
    """What ``subscribe`` and ``unsubscribe`` answer: this connection's events, and its number (the
    ``client`` of the ``action`` events it causes)."""

    subscribed: List[EventName]
    client: int


class UIAttachResult(TypedDict):
    """What ``ui.attach`` answers (``slam.RemoteUIModel.attach`` takes it)."""

    seq: int
    stack: List[Dict[str, Any]]
    state: Dict[str, Any]
    capabilities: Dict[str, Any]


# Events: the params of each notification


class Changed(TypedDict):
    """``changed``: the snapshots of a controller's elements that changed, each once."""

    controller: str
    changes: List[Snapshot]


class Navigated(TypedDict):
    """``navigated``: the stack after a push, pop or modal presentation, and its top."""

    stack: List[StackEntry]
    top: Optional[str]


class TaskRan(TypedDict):
    """``taskRan``: a task ran successfully."""

    name: str
    param: Optional[str]


class OpenURL(TypedDict):
    """``openURL``: the ``url`` task asked to open an address."""

    address: str


class StateChanged(TypedDict):
    """``stateChanged``: each shared state key that changed, with its new value."""

    values: Dict[str, Any]


class Log(TypedDict):
    """``log``: a daemon log record at or above its level, or a framework warning."""

    level: str
    message: str


class FocusChanged(TypedDict):
    """The params of a ``focusChanged`` notification: a controller's focus moved from ``previous`` to ``ref``.

    Both are references (or paths, for elements without one); ``None`` for no element.
    """

    controller: str
    ref: Optional[str]
    previous: Optional[str]


class Action(TypedDict):
    """``action``: a client acted (``press``, ``setText``, ``typeText``, ``focus``, ``key``, ``runTask``, ``reset``)."""

    method: str
    ref: Union[str, Locator, None]
    controller: Optional[str]
    params: Dict[str, Any]
    client: int


class UIRedraw(TypedDict):
    """``ui.redraw``: one atomic batch of operations for an attached renderer (``slam.RemoteUIModel.apply``)."""

    seq: int
    ops: List[Dict[str, Any]]
