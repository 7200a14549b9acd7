"""What the generated method table (``_generated_methods``) builds its requests with, its row types, and the
settings both clients share.

``scripts/generate_python_client.py`` writes one request builder and one blocking and one
asyncio method per protocol method from ``Protocol/slam.openrpc.json``; the pieces they share
(leaving out params not given, acting calls' ``timeoutMs``, reading one member of a result,
the locator and task-name checks) are written here, by hand, once.
"""

from __future__ import annotations

import inspect
import math
import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, TypeVar, Union, cast

from . import framing as framings
from ._wire import Request, default_socket_path
from .errors import SlamError, WaitTimedOut
from .shapes import Framing, Locator, Ref
from .templates import AriaMismatch, TreeMismatch, diff_lines

T = TypeVar("T")

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


class ClientSettings:
    """What the blocking and the asyncio client are set up with alike: the socket, the timeouts, the framing, the ids."""

    def __init__(self, socket_path: Optional[str], timeout: Optional[float], framing: Framing) -> None:
        self.socket_path = socket_path if socket_path is not None else default_socket_path()
        self.timeout = timeout
        self.action_timeout_ms: int = default_action_timeout_ms()
        """How long acting calls let the daemon wait for their element to be actionable (``timeoutMs``); 0 acts at once.
        Starts as ``SLAM_TIMEOUT`` (seconds) when it is set, else 5000."""
        self.framing = framings.check_framing(framing)
        self._decoder = framings.FrameDecoder(framing)
        self._last_id = 0

    def _new_id(self) -> int:
        """Returns a request id not used before on this connection."""
        self._last_id += 1
        return self._last_id


class _Unset:
    """The type of :data:`UNSET`."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""Marks ``wait_for``'s ``equals`` as not given, since ``None`` (JSON null) is a value it may compare to."""


def named(**params: Any) -> Dict[str, Any]:
    """Params by name, leaving out those that are ``None`` (not given)."""
    return {name: value for name, value in params.items() if value is not None}


def given(**params: Any) -> Dict[str, Any]:
    """Params by name, leaving out those that are :data:`UNSET` (for params that may be ``None``, JSON null)."""
    return {name: value for name, value in params.items() if value is not UNSET}


def locate(
    type: Optional[str] = None,
    text: Optional[str] = None,
    text_matches: Optional[str] = None,
    within: Optional[Ref] = None,
    nth: Optional[int] = None,
    ref: Optional[str] = None,
    role: Optional[str] = None,
    name: Optional[str] = None,
) -> Locator:
    """A locator: the element described by what a person sees, for any ``ref`` parameter.

    ``locate(type="Button", text="Settings")``; ``text_matches`` is a regular expression the
    text contains a match of; ``role`` and ``name`` are the element's WAI-ARIA role and
    accessible name (``locate(role="button", name="Settings")``; a name written ``"/pattern/"``
    or ``"/pattern/i"`` is a regular expression); ``within`` narrows to the descendants of
    another element; ``nth`` picks one of several matches (from 0; negative counts from the
    end). Several matches without ``nth`` raise :class:`AmbiguousLocator` listing them; none
    raises :class:`ElementNotFound` naming the nearest references, texts and names.
    """
    locator = named(ref=ref, type=type, text=text, textMatches=text_matches, role=role, name=name, within=within, nth=nth)
    if not any(key in locator for key in ("ref", "type", "text", "textMatches", "role", "name")):
        raise ValueError("a locator names at least one of ref, type, text, text_matches, role or name")
    return cast(Locator, locator)


def by_role(role: str, name: Optional[str] = None, *, within: Optional[Ref] = None, nth: Optional[int] = None) -> Locator:
    """The element of WAI-ARIA ``role`` (as snapshots' ``role`` says: ``"button"``, ``"switch"`` …)
    whose accessible name is ``name``: exactly, or a regular expression written ``"/pattern/"``
    (``"/pattern/i"`` ignores case). ``client.press(slam.by_role("button", name="Settings"))``.

    The same as ``locate(role=role, name=name, within=within, nth=nth)``; as strict.
    """
    return locate(role=role, name=name, within=within, nth=nth)




def act(method: str, params: Dict[str, Any], timeout_ms: Optional[int], action_timeout_ms: int) -> Request[Any]:
    """An acting request: the daemon waits up to ``timeoutMs`` for its element to be actionable."""
    wait_ms = action_timeout_ms if timeout_ms is None else timeout_ms
    if wait_ms:
        params["timeoutMs"] = wait_ms
    return Request(method, params, wait_ms=wait_ms)


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


def wait_ms(timeout_ms: Optional[int]) -> int:
    """How long a ``waitFor`` may keep the daemon waiting: ``timeoutMs``, 5000 when not given."""
    return DEFAULT_WAIT_TIMEOUT_MS if timeout_ms is None else timeout_ms


def member(name: str) -> Callable[[Any], Any]:
    """Reads one member of a result: the helper returns ``result[name]``."""
    return lambda result: result[name]


def press_value(value: PressValue) -> PressValue:
    """``press``'s value as JSON has it: a position given as a tuple is sent as a list."""
    return list(value) if isinstance(value, tuple) else value


def listed(values: Sequence[T]) -> List[T]:
    """A sequence param (``subscribe``'s events) as the list JSON sends."""
    return list(values)


def copied(values: Mapping[str, Any]) -> Dict[str, Any]:
    """A mapping param (``state.set``'s values, ``ui.attach``'s capabilities) as the object JSON sends."""
    return dict(values)


def strict_flag(strict: bool) -> Optional[bool]:
    """``expect_tree``'s ``strict``: sent only when it is ``True`` (the daemon's default is a subsequence)."""
    return True if strict else None


def tree_mismatch(error: WaitTimedOut, ref: Optional[Ref]) -> Optional[TreeMismatch]:
    """The :class:`TreeMismatch` for an ``expect_tree`` wait that timed out with a diff, else ``None``."""
    diff = (error.data or {}).get("diff") or []
    if not diff:
        return None
    subject = "the tree" if ref is None else f"the tree of {ref!r}"
    message = f"{subject} does not match the template:\n" + "\n".join(diff_lines(diff))
    return TreeMismatch(message, diff, error.data.get("snapshot"), error)


def tree_mismatch_of(ref: Optional[Ref]) -> Callable[[SlamError], Optional[Exception]]:
    """``expect_tree``'s :attr:`Request.explain`: a timed-out wait with a diff becomes a :class:`TreeMismatch`."""
    return lambda error: tree_mismatch(error, ref) if isinstance(error, WaitTimedOut) else None


def aria_mismatch(error: WaitTimedOut, ref: Optional[Ref]) -> Optional[AriaMismatch]:
    """The :class:`AriaMismatch` for an ``expect_aria`` wait that timed out with a diff, else ``None``."""
    diff = (error.data or {}).get("diff")
    if not isinstance(diff, str) or not diff:
        return None
    subject = "the accessibility snapshot" if ref is None else f"the accessibility snapshot of {ref!r}"
    return AriaMismatch(f"{subject} does not contain the template:\n{diff}", diff, error.data.get("snapshot"), error)


def aria_mismatch_of(ref: Optional[Ref]) -> Callable[[SlamError], Optional[Exception]]:
    """``expect_aria``'s :attr:`Request.explain`: a timed-out wait with a diff becomes an :class:`AriaMismatch`."""
    return lambda error: aria_mismatch(error, ref) if isinstance(error, WaitTimedOut) else None


@dataclass(frozen=True)
class Parameter:
    """One parameter of a typed helper in the generated method table."""

    wire: str
    """Its name in the protocol (``timeoutMs``)."""
    python: str
    """Its name in Python (``timeout_ms``)."""
    annotation: str
    """Its Python type, as written in the helper's signature."""
    default: Optional[str]
    """Its default as written in the signature (``"None"``, ``"UNSET"``), or ``None`` when it must be given."""

    @property
    def required(self) -> bool:
        """Whether a caller must give it."""
        return self.default is None


@dataclass(frozen=True)
class Method:
    """One typed helper in the generated method table: a protocol method as both clients call it."""

    wire: str
    """The protocol's method name (``typeText``)."""
    python: str
    """The clients' method name (``type_text``); ``state.set`` has two (``state_set``, ``state_set_many``)."""
    result: str
    """The Python type the helper returns, as written in its signature."""
    helper: Optional[Callable[..., Any]]
    """The blocking client's method (:class:`slam.AsyncClient` has the same, awaited); ``None`` when only its request
    builder is generated, for the hand-written methods that call it (``register_tasks``)."""
    request: Callable[..., Request[Any]]
    """Its request builder (``find_request``): the arguments as in the helper, acting calls' ``action_timeout_ms`` by keyword."""
    wire_parameters: Tuple[str, ...]
    """The protocol's names of its parameters, in the order of the helper's."""

    @property
    def parameters(self) -> Tuple[Parameter, ...]:
        """Its parameters: wire and Python names, types and defaults (read from the builder's signature)."""
        signature = inspect.signature(self.request).parameters.values()
        positional = [parameter for parameter in signature if parameter.kind is not inspect.Parameter.KEYWORD_ONLY]
        return tuple(
            Parameter(wire, parameter.name, str(parameter.annotation),
                      None if parameter.default is inspect.Parameter.empty else repr(parameter.default))
            for wire, parameter in zip(self.wire_parameters, positional)
        )

    @property
    def on_clients(self) -> bool:
        """Whether :class:`slam.Client` and :class:`slam.AsyncClient` have it as a method."""
        return self.helper is not None

    @property
    def doc(self) -> str:
        """Its docstring: the OpenRPC document's summary, then what a Python caller needs."""
        return inspect.getdoc(self.helper or self.request) or ""
