"""A blocking JSON-RPC 2.0 client for ``slamd`` over its Unix domain socket."""

from __future__ import annotations

import collections
import os
import socket
import time
from dataclasses import dataclass
from typing import Any, Callable, Deque, Dict, Iterable, Iterator, List, Optional, Sequence, Set, Tuple, Union

from . import framing as framings
from .errors import SlamConnectionError, SlamError, SlamProtocolError, SlamTimeout, WaitTimedOut
from .shapes import KeyOutcome
from .templates import TreeMismatch, diff_lines

Params = Union[Dict[str, Any], Sequence[Any], None]

PressValue = Union[None, int, bool, str, Sequence[int], Dict[str, int]]
"""What :meth:`Client.press` sends as ``value``: an index, a flag, a word or text, or a position."""

DEFAULT_WAIT_TIMEOUT_MS = 5000
"""The ``timeoutMs`` the daemon applies to ``waitFor`` when none is given."""

_UNSET: Any = object()
"""Marks ``wait_for``'s ``equals`` as not given, since ``None`` (JSON null) is a value it may compare to."""


DEFAULT_ACTION_TIMEOUT_MS = 5000
"""How long the client's acting calls let the daemon wait for their element (``timeoutMs``) unless told otherwise."""

Ref = Union[str, Dict[str, Any]]
"""An element: its reference, or a locator object (see :func:`locate`)."""


def locate(
    type: Optional[str] = None,
    text: Optional[str] = None,
    text_matches: Optional[str] = None,
    within: Optional[Ref] = None,
    nth: Optional[int] = None,
    ref: Optional[str] = None,
) -> Dict[str, Any]:
    """A locator: the element described by what a person sees, for any ``ref`` parameter.

    ``locate(type="Button", text="Settings")``; ``text_matches`` is a regular expression the
    text contains a match of; ``within`` narrows to the descendants of another element;
    ``nth`` picks one of several matches (from 0; negative counts from the end). Several
    matches without ``nth`` raise :class:`AmbiguousLocator` listing them; none raises
    :class:`ElementNotFound` naming the nearest references and texts.
    """
    locator = _named(ref=ref, type=type, text=text, textMatches=text_matches, within=within, nth=nth)
    if not any(key in locator for key in ("ref", "type", "text", "textMatches")):
        raise ValueError("a locator names at least one of ref, type, text or text_matches")
    return locator


def default_socket_path() -> str:
    """Returns the socket ``slamd`` listens on by default.

    ``$XDG_RUNTIME_DIR/slam/slamd.sock`` when ``XDG_RUNTIME_DIR`` is set and
    not empty, else ``/tmp/slam-<uid>/slamd.sock``: the convention the daemon uses.
    """
    runtime_directory = os.environ.get("XDG_RUNTIME_DIR", "")
    directory = os.path.join(runtime_directory, "slam") if runtime_directory else f"/tmp/slam-{os.getuid()}"
    return os.path.join(directory, "slamd.sock")


@dataclass(frozen=True)
class Notification:
    """A notification from the daemon: an event name and its params."""

    method: str
    params: Any = None


def connect(socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: str = "newline") -> "Client":
    """Connects to ``slamd`` and returns a :class:`Client`.

    ``socket_path`` defaults to :func:`default_socket_path`. ``timeout`` is how
    many seconds a call waits for its response (``None``: forever). ``framing``
    is ``"newline"`` or ``"content-length"``.
    """
    return Client(socket_path, timeout=timeout, framing=framing)


class Client:
    """A connection to ``slamd``: calls, batches, notifications and typed helpers for every method.

    Calls block until their response arrives. Notifications that arrive
    meanwhile are kept, in order, for :meth:`next_notification` and
    :meth:`notifications`. A client is meant for one thread; use one client
    per thread (a pending ``wait_for`` also holds back the replies to later
    requests on its connection, so wait on a connection of its own).
    """

    def __init__(self, socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: str = "newline") -> None:
        self.socket_path = socket_path if socket_path is not None else default_socket_path()
        self.timeout = timeout
        self.action_timeout_ms: int = DEFAULT_ACTION_TIMEOUT_MS
        """How long acting calls let the daemon wait for their element to be actionable (``timeoutMs``); 0 acts at once."""
        self.framing = framings.check_framing(framing)
        self._decoder = framings.FrameDecoder(framing)
        self._inbox: Deque[Any] = collections.deque()
        self._abandoned_ids: Set[int] = set()
        self._last_id = 0
        self._socket: Optional[socket.socket] = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._socket.connect(self.socket_path)
        except OSError as error:
            self._socket.close()
            self._socket = None
            raise SlamConnectionError(
                f"cannot connect to slamd at {self.socket_path}: {error.strerror or error}. "
                f"Start it with `slamd --socket {self.socket_path}` "
                "(in the Slam checkout: `swift run slamd --socket PATH`), or pass the socket it listens on."
            ) from error

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exception_info: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "open" if self._socket is not None else "closed"
        return f"<slam.Client {self.socket_path} {self.framing} {state}>"

    def close(self) -> None:
        """Closes the connection; closing twice does nothing."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    # Calls

    def call(self, method: str, params: Params = None, timeout: Optional[float] = None) -> Any:
        """Calls ``method`` and returns its result.

        ``params`` is a dict (by name), a list (by position) or ``None``.
        ``timeout`` overrides the client's timeout for this call. Raises
        :class:`SlamError` (or its subclass for the code) for an error
        response, :class:`SlamTimeout` if no response arrives in time.

        An error response with a null ``id`` arriving while the call waits is
        taken as its answer: replies come in request order, so it can only be
        about this request (a message too large, for instance).
        """
        request_id = self._new_id()
        self.send_message(_request(method, params, request_id))
        response = self._await_response(
            lambda message: _answers(message, {request_id}),
            {request_id},
            timeout,
            f"a response to {method!r}",
        )
        outcome = _outcome(response)
        if isinstance(outcome, SlamError):
            raise outcome
        return outcome

    def notify(self, method: str, params: Params = None) -> None:
        """Sends ``method`` as a notification: it runs, and nothing is answered."""
        self.send_message(_request(method, params))

    def batch(self, calls: Iterable[Tuple[str, Params]], timeout: Optional[float] = None) -> List[Any]:
        """Sends ``(method, params)`` pairs as one batch; returns each result or :class:`SlamError`, in order.

        Errors of single requests are returned, not raised; an error about the
        whole batch (such as a message too large) is raised.
        """
        requests = [_request(method, params, self._new_id()) for method, params in calls]
        if not requests:
            raise ValueError("a batch needs at least one call")
        request_ids = [request["id"] for request in requests]
        self.send_message(requests)
        wanted = set(request_ids)
        response = self._await_response(
            lambda message: _answers_batch(message, wanted),
            wanted,
            timeout,
            f"a response to a batch of {len(requests)}",
        )
        if isinstance(response, dict):
            raise SlamError.from_error_object(response["error"])
        by_id = {entry.get("id"): entry for entry in response if isinstance(entry, dict)}
        missing = [request_id for request_id in request_ids if request_id not in by_id]
        if missing:
            raise SlamProtocolError(f"the batch response has no entry for ids {missing}: {response!r}")
        return [_outcome(by_id[request_id]) for request_id in request_ids]

    # Notifications

    def next_notification(self, timeout: Optional[float] = None) -> Notification:
        """Returns the next notification, queued or arriving within ``timeout`` seconds (default: the client's).

        Raises :class:`SlamTimeout` if none arrives in time. Responses read
        meanwhile stay queued for :meth:`next_message`.
        """
        deadline = self._deadline(timeout)
        for index, message in enumerate(self._inbox):
            if _is_notification(message):
                del self._inbox[index]
                return _notification(message)
        while True:
            message = self._receive(deadline, "a notification")
            if _is_notification(message):
                return _notification(message)
            self._inbox.append(message)

    def notifications(self, timeout: Optional[float] = None) -> Iterator[Notification]:
        """Yields notifications in arrival order, queued ones first.

        The iteration ends when none arrives within ``timeout`` seconds of the
        previous one, or when the daemon closes the connection. With ``timeout``
        ``None`` it waits as long as the connection stays open.
        """
        while True:
            try:
                notification = self.next_notification(timeout=float("inf") if timeout is None else timeout)
            except (SlamTimeout, SlamConnectionError):
                return
            yield notification

    # Low level

    def send_message(self, message: Any) -> None:
        """Sends any JSON value as one message, framed as this connection frames."""
        self.send_raw(framings.encode(message, self.framing))

    def send_raw(self, data: bytes) -> None:
        """Sends bytes exactly as given, with no framing added."""
        try:
            self._open_socket().sendall(data)
        except OSError as error:
            raise SlamConnectionError(f"cannot send to slamd at {self.socket_path}: {error}") from error

    def next_message(self, timeout: Optional[float] = None) -> Any:
        """Returns the next message the daemon sent (response, batch or notification), queued ones first.

        Waits ``timeout`` seconds (default: the client's), then raises :class:`SlamTimeout`.
        """
        if self._inbox:
            return self._inbox.popleft()
        return self._receive(self._deadline(timeout), "a message")

    # Typed helpers, one per method of the protocol

    def ping(self) -> str:
        """``ping``: returns ``"pong"``."""
        return self.call("ping")

    def version(self) -> Dict[str, Any]:
        """``version``: the protocol and server versions, capabilities and limits."""
        return self.call("version")

    def find(self, ref: Ref, controller: Optional[str] = None) -> Dict[str, Any]:
        """``find``: the snapshot of the element ``ref``."""
        return self.call("find", _named(ref=ref, controller=controller))

    def query(
        self,
        type: Optional[str] = None,
        text: Optional[str] = None,
        visible: Optional[bool] = None,
        enabled: Optional[bool] = None,
        controller: Optional[str] = None,
    ) -> List[Dict[str, Any]]:
        """``query``: snapshots of the elements matching every filter given, in tree order."""
        return self.call("query", _named(type=type, text=text, visible=visible, enabled=enabled, controller=controller))

    def tree(self, ref: Optional[Ref] = None, controller: Optional[str] = None, depth: Optional[int] = None) -> Dict[str, Any]:
        """``tree``: the snapshot of ``ref`` (default: the root) with nested ``children``, ``depth`` levels deep."""
        return self.call("tree", _named(ref=ref, controller=controller, depth=depth))

    def update_ui(self, ref: Optional[Ref] = None, controller: Optional[str] = None) -> Dict[str, Any]:
        """``updateUI``: pulls the data sources; returns ``{controller, changed}``."""
        return self.call("updateUI", _named(ref=ref, controller=controller))

    def reset_ui(self, ref: Optional[Ref] = None, controller: Optional[str] = None) -> Dict[str, Any]:
        """``resetUI``: as :meth:`update_ui`, reloading tables and text views first."""
        return self.call("resetUI", _named(ref=ref, controller=controller))

    def press(
        self, ref: Ref, value: PressValue = None, controller: Optional[str] = None, timeout_ms: Optional[int] = None
    ) -> Dict[str, Any]:
        """``press``: presses ``ref`` as a user would; returns its snapshot afterwards.

        ``ref`` is a reference or a locator (:func:`locate`). Like every acting call it
        waits, in the daemon, until a person could act (the element exists, is visible,
        enabled and not covered), at most ``timeout_ms`` (default :attr:`action_timeout_ms`;
        0 acts at once); a timeout raises the error acting would, saying which condition failed.

        ``value``: a row, segment or page index; ``"increment"`` or ``"decrement"`` (stepper, date
        picker); ``True`` or ``False`` (switch); a position ``[a, b]`` (a tuple works too), or
        ``{"section": a, "row": b}``: a picker's ``[component, row]``, a sectioned table's
        ``[section, row]``, a collection view's ``[section, item]``; any other string: a date
        picker's ISO 8601 value (``"2026-11-23"``) or a collection item's key.
        """
        if isinstance(value, tuple):
            value = list(value)
        return self._act("press", _named(ref=ref, value=value, controller=controller), timeout_ms)

    def set_text(self, ref: Ref, text: str, controller: Optional[str] = None, timeout_ms: Optional[int] = None) -> Dict[str, Any]:
        """``setText``: replaces a text field's text at once (editing changed, then editing ended); returns its snapshot."""
        return self._act("setText", _named(ref=ref, text=text, controller=controller), timeout_ms)

    def type_text(self, ref: Ref, text: str, controller: Optional[str] = None, timeout_ms: Optional[int] = None) -> Dict[str, Any]:
        """``typeText``: focuses a text field and types ``text`` key by key where its text ends; returns its snapshot.

        Each character is a key (an editing-changed event each, ``maxLength``
        honoured); ``"\\n"`` is Enter, which runs the field's return action.
        Raises :class:`ElementCovered` when an alert or modal screen covers it.
        """
        return self._act("typeText", _named(ref=ref, text=text, controller=controller), timeout_ms)

    def focus(self, ref: Ref, controller: Optional[str] = None, timeout_ms: Optional[int] = None) -> Dict[str, Any]:
        """``focus``: gives ``ref`` its controller's keyboard focus, as a click would; returns its snapshot (``focused: True``).

        Raises :class:`ElementNotInteractive` for an element that cannot take the focus (a label).
        """
        return self._act("focus", _named(ref=ref, controller=controller), timeout_ms)

    def key(self, name: str, ref: Optional[Ref] = None, timeout_ms: Optional[int] = None) -> KeyOutcome:
        """``key``: presses one key on the top controller; returns ``{key, handled, controller, focused}``.

        ``name`` is one character (``"a"``, ``" "``) or ``"Tab"``, ``"Shift+Tab"``, ``"Enter"``,
        ``"Escape"``, ``"Backspace"``, ``"Space"``, ``"ArrowUp"``, ``"ArrowDown"``, ``"ArrowLeft"``,
        ``"ArrowRight"``; ``focused`` is the focused element's snapshot afterwards, or ``None``.
        An unknown name raises :class:`InvalidParams`. With ``ref``, that element takes the
        focus first (waiting for it as :meth:`press` does).
        """
        if ref is None:
            return self.call("key", {"key": name})
        return self._act("key", {"key": name, "ref": ref}, timeout_ms)

    def _act(self, method: str, params: Dict[str, Any], timeout_ms: Optional[int]) -> Any:
        """Sends an acting request with ``timeoutMs`` and allows for the daemon's wait in the client's own timeout."""
        wait_ms = self.action_timeout_ms if timeout_ms is None else timeout_ms
        if wait_ms:
            params["timeoutMs"] = wait_ms
        return self.call(method, params, timeout=None if self.timeout is None else self.timeout + wait_ms / 1000)

    def keys(self, *names: str) -> List[KeyOutcome]:
        """Presses keys one after another with :meth:`key` (``client.keys("Tab", "Tab", "Enter")``); returns each outcome.

        The first key the daemon refuses raises, and the keys after it are not pressed.
        """
        return [self.key(name) for name in names]

    def run_task(self, name: str, param: Optional[str] = None) -> Dict[str, Any]:
        """``runTask``: runs a registered task; returns ``{task, param, top}``."""
        return self.call("runTask", _named(name=name, param=param))

    def tasks(self) -> List[str]:
        """``tasks``: the registered task names, sorted."""
        return self.call("tasks")

    def controllers(self) -> List[Dict[str, Any]]:
        """``controllers``: the navigation stack, root first, as ``{id, title, modal}``."""
        return self.call("controllers")

    def screens(self) -> List[Dict[str, Any]]:
        """``screens``: every screen ``push`` can open, in registration order, as ``{id, title, onStack}``."""
        return self.call("screens")

    def reset(self) -> Dict[str, Any]:
        """``reset``: the application back to its launch state (stack, shared state, elements),
        the daemon and its connections kept; returns ``{top, stateKeys}``."""
        return self.call("reset")

    def trace_start(self, path: Union[str, "os.PathLike[str]", None] = None) -> str:
        """``trace.start``: the daemon writes a trace (JSON Lines) of every client's requests,
        replies and notifications, with the screen after each change, until :meth:`trace_stop`;
        returns the trace file's absolute path.

        ``path`` is made absolute here (the daemon does not share this process's working
        directory); the file is created 0600, or replaced. None: a new file beside the socket.
        Raises :class:`slam.TraceConflict` while a trace is being written, and
        :class:`slam.InvalidParams` naming the path when it cannot be written.
        """
        absolute = None if path is None else os.path.abspath(os.fspath(path))
        return self.call("trace.start", _named(path=absolute))["path"]

    def trace_stop(self) -> Dict[str, Any]:
        """``trace.stop``: ends the trace, written whole; returns ``{path, records}``
        (``slamctl trace show PATH`` prints it as steps). Raises :class:`slam.TraceConflict` when none is written."""
        return self.call("trace.stop")

    def wait_for(
        self,
        ref: Optional[Ref] = None,
        state: Optional[str] = None,
        property: Optional[str] = None,
        equals: Any = _UNSET,
        timeout_ms: Optional[int] = None,
        controller: Optional[str] = None,
        template: Optional[Dict[str, Any]] = None,
        strict: Optional[bool] = None,
    ) -> Optional[Dict[str, Any]]:
        """``waitFor``: returns the snapshot of ``ref`` once ``state`` holds, or ``property`` ``equals`` a value;
        with ``template``, the tree of ``ref`` (default: the root view) once it matches (see :meth:`expect_tree`).

        ``timeout_ms`` is sent as ``timeoutMs``; the client waits that long
        (5000 ms when not given) plus its own timeout for the answer.
        ``equals=None`` compares with JSON null. Raises :class:`WaitTimedOut`
        when the condition does not hold in time.
        """
        params = _named(ref=ref, state=state, property=property, timeoutMs=timeout_ms, controller=controller,
                        template=template, strict=strict)
        if equals is not _UNSET:
            params["equals"] = equals
        wait_seconds = (DEFAULT_WAIT_TIMEOUT_MS if timeout_ms is None else timeout_ms) / 1000
        return self.call("waitFor", params, timeout=None if self.timeout is None else self.timeout + wait_seconds)

    def expect_tree(
        self,
        template: Dict[str, Any],
        ref: Optional[Ref] = None,
        strict: bool = False,
        timeout_ms: Optional[int] = None,
        controller: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Waits in the daemon until the tree of ``ref`` (default: the root view) matches ``template``; returns the tree.

        A template is a partial tree in the shape :meth:`tree` answers: only the members written are
        compared; a string ``"/pattern/"`` (``"/pattern/i"``: ignoring case) is a regular expression
        searched in the text; ``children`` match the element's children in order, as a subsequence,
        or one to one with ``strict=True``. Raises :class:`slam.TreeMismatch` (an ``AssertionError``)
        with the readable diff when it does not match within ``timeout_ms`` (5000 when not given):
        ``diff`` holds the mismatches, ``tree`` the last tree. :class:`WaitTimedOut` when ``ref`` is
        not on screen; :class:`InvalidParams` naming the JSON path of a malformed template.
        """
        try:
            return self.wait_for(ref, template=template, strict=True if strict else None, timeout_ms=timeout_ms,
                                 controller=controller)
        except WaitTimedOut as error:
            diff = (error.data or {}).get("diff") or []
            if not diff:
                raise
            subject = "the tree" if ref is None else f"the tree of {ref!r}"
            message = f"{subject} does not match the template:\n" + "\n".join(diff_lines(diff))
            raise TreeMismatch(message, diff, error.data.get("snapshot"), error) from error

    def subscribe(self, events: Sequence[str]) -> Dict[str, Any]:
        """``subscribe``: adds events (``changed``, ``navigated``, ``taskRan``, ``openURL``, ``stateChanged``, ``log``, ``focusChanged``, ``action``); returns ``{subscribed}``.

        A ``focusChanged`` notification's params are a :class:`slam.FocusChanged`.
        """
        return self.call("subscribe", {"events": list(events)})

    def unsubscribe(self, events: Optional[Sequence[str]] = None) -> Dict[str, Any]:
        """``unsubscribe``: removes ``events`` (default: all); returns ``{subscribed}``."""
        return self.call("unsubscribe", None if events is None else {"events": list(events)})

    def state_list(self) -> Dict[str, Any]:
        """``state.list``: every key of the application's shared state with its value, keys sorted."""
        return self.call("state.list")["values"]

    def state_get(self, key: str) -> Any:
        """``state.get``: the value of ``key`` (any JSON value; ``None`` for null).

        Raises :class:`StateKeyNotFound` (``data["key"]``) when the state has no such key.
        """
        return self.call("state.get", {"key": key})["value"]

    def state_set(self, key: str, value: Any) -> List[str]:
        """``state.set``: sets ``key`` to ``value`` (``None`` sets null); returns ``[key]`` if its value changed, else ``[]``.

        Elements bound to the key are updated before the reply; subscribers hear
        ``stateChanged``, then ``changed``.
        """
        return self.call("state.set", {"key": key, "value": value})["changed"]

    def state_set_many(self, values: Dict[str, Any]) -> List[str]:
        """``state.set``: sets several keys at once (bound elements update once); returns the keys that changed, sorted."""
        return self.call("state.set", {"values": dict(values)})["changed"]

    def discover(self) -> Dict[str, Any]:
        """``rpc.discover``: the OpenRPC document describing the protocol."""
        return self.call("rpc.discover")

    def ui_attach(self, capabilities: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """``ui.attach``: attaches this connection as a renderer; returns ``{seq, stack, state, capabilities}``.

        From then on ``ui.redraw`` notifications arrive (see :meth:`notifications`);
        :class:`slam.RemoteUIModel` applies them.
        """
        return self.call("ui.attach", None if capabilities is None else {"capabilities": dict(capabilities)})

    def ui_detach(self) -> bool:
        """``ui.detach``: stops this connection's ``ui.redraw`` batches; returns whether it was attached."""
        return self.call("ui.detach")["detached"]

    # Internals

    def _new_id(self) -> int:
        """Returns a request id not used before on this connection."""
        self._last_id += 1
        return self._last_id

    def _open_socket(self) -> socket.socket:
        """Returns the socket, or raises :class:`SlamConnectionError` once the client is closed."""
        if self._socket is None:
            raise SlamConnectionError(f"the connection to slamd at {self.socket_path} is closed")
        return self._socket

    def _deadline(self, timeout: Optional[float]) -> float:
        """Turns a timeout in seconds (``None``: the client's) into a ``time.monotonic`` deadline."""
        seconds = self.timeout if timeout is None else timeout
        return float("inf") if seconds is None else time.monotonic() + seconds

    def _await_response(
        self, is_answer: Callable[[Any], bool], request_ids: Set[int], timeout: Optional[float], description: str
    ) -> Any:
        """Reads until ``is_answer`` accepts a message and returns it; queues every other message.

        On timeout the ids are marked abandoned, so their late responses are dropped.
        """
        deadline = self._deadline(timeout)
        while True:
            try:
                message = self._receive(deadline, description)
            except SlamTimeout:
                self._abandoned_ids |= request_ids
                raise
            if is_answer(message):
                return message
            self._inbox.append(message)

    def _receive(self, deadline: float, description: str) -> Any:
        """Returns the next message read from the socket before ``deadline``, skipping abandoned responses."""
        while True:
            message = self._read_message(deadline, description)
            abandoned = _response_ids(message) & self._abandoned_ids
            if not abandoned:
                return message
            self._abandoned_ids -= abandoned

    def _read_message(self, deadline: float, description: str) -> Any:
        """Reads from the socket until one whole message is decoded."""
        connection = self._open_socket()
        while True:
            body = self._decoder.next_body()
            if body is not None:
                return framings.decode_json(body)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise SlamTimeout(f"timed out waiting for {description} from slamd at {self.socket_path}")
            connection.settimeout(None if remaining == float("inf") else remaining)
            try:
                data = connection.recv(65536)
            except socket.timeout:
                continue
            except OSError as error:
                raise SlamConnectionError(f"lost the connection to slamd at {self.socket_path}: {error}") from error
            if not data:
                raise SlamConnectionError(f"slamd at {self.socket_path} closed the connection while the client waited for {description}")
            self._decoder.feed(data)


def _request(method: str, params: Params, request_id: Optional[int] = None) -> Dict[str, Any]:
    """Builds a request (or, without ``request_id``, a notification) message."""
    message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        if isinstance(params, dict):
            message["params"] = params
        elif isinstance(params, (list, tuple)):
            message["params"] = list(params)
        else:
            raise TypeError(f"params must be a dict, a list or None, not {type(params).__name__}")
    if request_id is not None:
        message["id"] = request_id
    return message


def _outcome(response: Dict[str, Any]) -> Any:
    """A response's result, or its error as a :class:`SlamError`."""
    if "error" in response:
        return SlamError.from_error_object(response["error"])
    return response.get("result")


def _named(**params: Any) -> Dict[str, Any]:
    """Params by name, leaving out those that are ``None`` (not given)."""
    return {name: value for name, value in params.items() if value is not None}


def _is_notification(message: Any) -> bool:
    """Whether ``message`` is a notification: an object with a ``method`` and no ``id``."""
    return isinstance(message, dict) and "method" in message and "id" not in message


def _notification(message: Dict[str, Any]) -> Notification:
    """Wraps a notification message."""
    return Notification(message["method"], message.get("params"))


def _is_own_id(value: Any, request_ids: Set[int]) -> bool:
    """Whether ``value`` is one of the client's integer ids (``True`` and ``1.0`` are not ``1``)."""
    return type(value) is int and value in request_ids


def _is_null_id_error(message: Any) -> bool:
    """Whether ``message`` is an error response whose ``id`` is null (the daemon could not read the request's id)."""
    return isinstance(message, dict) and "error" in message and "id" in message and message["id"] is None


def _answers(message: Any, request_ids: Set[int]) -> bool:
    """Whether ``message`` is a single response to one of ``request_ids``, or an error with a null id."""
    if not isinstance(message, dict) or "method" in message:
        return False
    return _is_own_id(message.get("id"), request_ids) or _is_null_id_error(message)


def _answers_batch(message: Any, request_ids: Set[int]) -> bool:
    """Whether ``message`` is the response to the batch of ``request_ids``, or an error with a null id."""
    if isinstance(message, list):
        return any(isinstance(entry, dict) and _is_own_id(entry.get("id"), request_ids) for entry in message)
    return _is_null_id_error(message)


def _response_ids(message: Any) -> Set[int]:
    """The client ids a response or batch response answers."""
    entries = message if isinstance(message, list) else [message]
    return {
        entry["id"]
        for entry in entries
        if isinstance(entry, dict) and "method" not in entry and type(entry.get("id")) is int
    }
