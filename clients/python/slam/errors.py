"""Exceptions raised by the Slam client.

A JSON-RPC error response from ``slamd`` becomes a :class:`SlamError`, or the
subclass registered for its code (every code listed in
``Protocol/README.md`` has one). Problems of the transport itself are
:class:`SlamConnectionError`, :class:`SlamTimeout` and
:class:`SlamProtocolError`, which carry no code.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Type


class SlamError(Exception):
    """An error response from ``slamd``: ``code``, ``message`` and ``data``.

    Subclasses fix ``code`` for one error; an error whose code the client does
    not know is raised as ``SlamError`` itself.
    """

    code: Optional[int] = None

    def __init__(self, code: Optional[int], message: str, data: Any = None) -> None:
        super().__init__(code, message, data)
        self.code = code
        self.message = message
        self.data = data

    def __str__(self) -> str:
        return f"{self.message} (code {self.code})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, data={self.data!r})"

    @staticmethod
    def from_error_object(error: Dict[str, Any]) -> "SlamError":
        """Builds the exception for a response's ``error`` member, of the class registered for its code."""
        code = error.get("code")
        if not isinstance(code, int):
            return SlamError(None, error.get("message", ""), error.get("data"))  # not a JSON-RPC error: no code
        return ERROR_CLASSES.get(code, SlamError)(code, error.get("message", ""), error.get("data"))


class ParseError(SlamError):
    """-32700: the bytes sent were not valid JSON."""

    code = -32700


class InvalidRequest(SlamError):
    """-32600: valid JSON that is not a request, an empty batch, or a malformed header block."""

    code = -32600


class MethodNotFound(SlamError):
    """-32601: no method of that name."""

    code = -32601


class InvalidParams(SlamError):
    """-32602: an unknown, missing, surplus, mistyped or out-of-range parameter."""

    code = -32602


class InternalError(SlamError):
    """-32603: the daemon failed on a valid request."""

    code = -32603


class MessageTooLarge(SlamError):
    """-32000: a message exceeded the daemon's size limit and was skipped."""

    code = -32000


class ElementNotFound(SlamError):
    """-32001: no element with that reference in the controller."""

    code = -32001


class ElementNotInteractive(SlamError):
    """-32002: the element takes no press, or no text."""

    code = -32002


class ElementDisabled(SlamError):
    """-32003: the control is disabled."""

    code = -32003


class ElementHidden(SlamError):
    """-32004: the element or one of its ancestors is hidden."""

    code = -32004


class TaskNotFound(SlamError):
    """-32005: no task of that name."""

    code = -32005


class ControllerNotFound(SlamError):
    """-32006: the controller is not on the navigation stack, or not in the storyboard."""

    code = -32006


class NavigationRefused(SlamError):
    """-32007: the navigation cannot happen, such as popping the root."""

    code = -32007


class WaitTimedOut(SlamError):
    """-32008: a ``waitFor`` condition did not hold within its ``timeoutMs``."""

    code = -32008


class ShuttingDown(SlamError):
    """-32009: the daemon stopped while a ``waitFor`` was pending."""

    code = -32009


class TaskFailed(SlamError):
    """-32010: a task ran and failed."""

    code = -32010


class StateKeyNotFound(SlamError):
    """-32011: ``state.get`` names a key the application's shared state does not hold (``data["key"]``)."""

    code = -32011


class ElementCovered(SlamError):
    """-32012: an alert or modal screen covers the element's screen (``data``: ``ref``, ``controller``, ``coveredBy``)."""

    code = -32012


class ApplicationReset(SlamError):
    """-32013: ``reset`` made the application again while this wait was pending, or the server cannot reset
    (``data``: ``ref``, ``reason``)."""

    code = -32013


class AmbiguousLocator(SlamError):
    """-32014: a locator matches several elements and names no ``nth`` (``data``: ``ref``, ``controller``,
    ``count``, ``candidates``: each ``ref``, ``path``, ``type``, ``text``)."""

    code = -32014


class TraceConflict(SlamError):
    """-32015: ``trace.start`` while a trace is being written, or ``trace.stop`` when none is
    (``data``: ``path`` of the trace being written or None, ``tracing``)."""

    code = -32015


class TaskNameTaken(SlamError):
    """-32016: ``tasks.register`` names a task another connection registered (``data``: ``task``, ``client``)
    or one the daemon itself provides, built in or from the storyboard (``data``: ``task``, ``owner``)."""

    code = -32016


class LimitReached(SlamError):
    """-32017: a bound the daemon keeps was reached: pending waits or actions, the patterns they hold, or
    registered task names, on this connection or in the whole daemon (``data``: ``limit``, ``value``, ``option``
    (the ``slamd`` option that sets it), ``scope``: ``connection`` or ``daemon``)."""

    code = -32017


class InstanceNotFound(SlamError):
    """-32018: ``instance.use`` or ``instance.close`` (or a client made with ``instance=``) names no open
    instance of the daemon (``data``: ``instance``, ``open``: the handles of the open instances)."""

    code = -32018


class InstanceClosed(SlamError):
    """-32019: the instance the connection uses was closed; every request but ``instance.*``, ``ping``,
    ``version``, ``rpc.discover``, ``subscribe`` and ``unsubscribe`` gets it until the connection uses
    another, and so does what was pending there when it closed (``data``: ``instance``; ``ref`` or ``task``)."""

    code = -32019


ERROR_CLASSES: Dict[int, Type[SlamError]] = {
    error_class.code: error_class
    for error_class in (
        ParseError,
        InvalidRequest,
        MethodNotFound,
        InvalidParams,
        InternalError,
        MessageTooLarge,
        ElementNotFound,
        ElementNotInteractive,
        ElementDisabled,
        ElementHidden,
        TaskNotFound,
        ControllerNotFound,
        NavigationRefused,
        WaitTimedOut,
        ShuttingDown,
        TaskFailed,
        StateKeyNotFound,
        ElementCovered,
        ApplicationReset,
        AmbiguousLocator,
        TraceConflict,
        TaskNameTaken,
        LimitReached,
        InstanceNotFound,
        InstanceClosed,
    )
}
"""The exception class for each error code the protocol documents."""


class TaskError(Exception):
    """Raised by a task handler to fail the task with ``message`` (and ``data``, any JSON value).

    The client answers the daemon's ``task.run`` with an error carrying both; whoever ran the
    task (a press, ``run_task``, a click in the browser) gets :class:`TaskFailed`, whose message
    ends with ``message`` and whose ``data["clientError"]`` holds ``message`` and ``data``.
    Any other exception a handler raises fails the task too, with ``"TypeName: text"`` as message.
    """

    def __init__(self, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.data = data

    def __repr__(self) -> str:
        return f"TaskError(message={self.message!r}, data={self.data!r})"


class SlamConnectionError(ConnectionError):
    """The client could not connect to ``slamd``, or the connection was lost."""


class SlamTimeout(TimeoutError):
    """No message arrived within the client-side timeout."""


class SlamProtocolError(Exception):
    """``slamd`` sent bytes that are not a valid framed JSON-RPC message."""
