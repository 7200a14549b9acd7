"""A blocking JSON-RPC 2.0 client for ``slamd`` over its Unix domain socket."""

from __future__ import annotations

import collections
import os
import socket
import time
from dataclasses import dataclass
from typing import (
    Any, Callable, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, Tuple, TypeVar, Union,
)

from . import _methods
from . import framing as framings
from . import state_handlers
from . import tasks as client_tasks
from ._methods import (DEFAULT_ACTION_TIMEOUT_MS, DEFAULT_WAIT_TIMEOUT_MS, UNSET, Params, PressValue, Request,
                       default_action_timeout_ms, locate)
from .errors import SlamConnectionError, SlamError, SlamProtocolError, SlamTimeout, WaitTimedOut
from .state_handlers import StateHandler, StateHandlers
from .tasks import TaskCall, TaskHandler
from .shapes import (
    ElementType,
    EventName,
    Framing,
    KeyName,
    KeyOutcome,
    NotificationMethod,
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

__all__ = [
    "Client",
    "Notification",
    "connect",
    "default_socket_path",
    "locate",
    "Params",
    "PressValue",
    "Ref",
    "DEFAULT_ACTION_TIMEOUT_MS",
    "DEFAULT_WAIT_TIMEOUT_MS",
]

T = TypeVar("T")
Handler = TypeVar("Handler", bound=TaskHandler)

_ANSWERED = object()
"""What :meth:`Client._receive` returns after answering a request from the daemon instead of returning a message."""


def default_socket_path() -> str:
    """Returns the socket ``slamd`` listens on by default.

    ``$SLAM_SOCKET`` when set and not empty (as ``slamctl`` reads it; ``slamctl
    serve-task`` sets it for its command); else ``$XDG_RUNTIME_DIR/slam/slamd.sock``
    when ``XDG_RUNTIME_DIR`` is set and not empty, else ``/tmp/slam-<uid>/slamd.sock``:
    the convention the daemon uses.
    """
    named = os.environ.get("SLAM_SOCKET", "")
    if named:
        return named
    runtime_directory = os.environ.get("XDG_RUNTIME_DIR", "")
    directory = os.path.join(runtime_directory, "slam") if runtime_directory else f"/tmp/slam-{os.getuid()}"
    return os.path.join(directory, "slamd.sock")


@dataclass(frozen=True)
class Notification:
    """A notification from the daemon: an event name and its params."""

    method: NotificationMethod
    params: Any = None
    """The event's params, shaped as its class says: :class:`slam.Changed` for ``changed``…"""


def connect(socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: Framing = "newline") -> "Client":
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

    The client may handle tasks (:meth:`task`, :meth:`register_task`): a ``task.run`` request
    from the daemon is answered whenever the client reads, while a call waits for its answer
    (a handler's own calls, and a press of a button whose task this client handles, included),
    while :meth:`next_notification` waits, and in :meth:`serve`.

    The client may react to shared state (:meth:`on_state`): its handlers run while
    :meth:`serve` or :meth:`next_notification` waits, never in the middle of another call.
    """

    def __init__(self, socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: Framing = "newline") -> None:
        self.socket_path = socket_path if socket_path is not None else default_socket_path()
        self.timeout = timeout
        self.action_timeout_ms: int = default_action_timeout_ms()
        """How long acting calls let the daemon wait for their element to be actionable (``timeoutMs``); 0 acts at once.
        Starts as ``SLAM_TIMEOUT`` (seconds) when it is set, else 5000."""
        self.framing = framings.check_framing(framing)
        self._decoder = framings.FrameDecoder(framing)
        self._inbox: Deque[Any] = collections.deque()
        self._queued_responses = 0
        """How many messages in the inbox are responses: a handler's calls may read the answer an outer call waits for."""
        self._abandoned_ids: Set[int] = set()
        self._task_handlers: Dict[str, TaskHandler] = {}
        self._state_handlers = StateHandlers()
        self._last_handler_seconds = 0.0
        """How long the last task handler run while reading took: a call's timeout does not count it."""
        self._last_id = 0
        self._socket: Optional[socket.socket] = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._socket.connect(self.socket_path)
        except OSError as error:
            self._socket.close()
            self._socket = None
            raise _cannot_connect(self.socket_path, error) from error

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
        return _batch_outcomes(response, request_ids)

    # Notifications

    def next_notification(self, timeout: Optional[float] = None) -> Notification:
        """Returns the next notification, queued or arriving within ``timeout`` seconds (default: the client's).

        Raises :class:`SlamTimeout` if none arrives in time. Responses read
        meanwhile stay queued for :meth:`next_message`.
        """
        deadline = self._deadline(timeout)
        while True:
            notification = self._next_notification(deadline)
            if not self._run_state_handlers(notification):
                return notification

    def _next_notification(self, deadline: float) -> Notification:
        """The next notification, queued or read before ``deadline``, state handlers or not."""
        for index, message in enumerate(self._inbox):
            if _is_notification(message):
                del self._inbox[index]
                return _notification(message)
        while True:
            message = self._receive(deadline, "a notification")
            if message is _ANSWERED:
                continue
            if _is_notification(message):
                return _notification(message)
            self._queue(message)

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
        A request from the daemon (``task.run``) read here is returned as it is, unanswered:
        answer it with :meth:`send_message`, or let :meth:`serve` and the calls answer it.
        """
        if self._inbox:
            message = self._inbox.popleft()
            if not _is_notification(message):
                self._queued_responses -= 1
            return message
        return self._receive(self._deadline(timeout), "a message", answer_requests=False)

    # Tasks this client handles

    def task(self, name: str, timeout_ms: Optional[int] = None) -> Callable[[Handler], Handler]:
        """A decorator registering the function as the handler of task ``name`` (see :meth:`register_task`)::

            @client.task("checkout")
            def checkout(call: slam.TaskCall) -> str:
                cart = call.client.state_get("cart")
                ...
                return "paid"

        The registration is sent at once; the function is returned unchanged.
        """

        def register(handler: Handler) -> Handler:
            self.register_task(name, handler, timeout_ms)
            return handler

        return register

    def register_task(self, name: str, handler: TaskHandler, timeout_ms: Optional[int] = None) -> TasksRegistered:
        """``tasks.register``: this client handles task ``name`` from now on; returns ``{registered, timeoutMs}``.

        Whenever the task runs (a press on an element whose ``task`` names it, ``run_task``, a key,
        a click in the browser page, from any client), ``handler`` is called with a
        :class:`slam.TaskCall`; what it returns (any JSON value) is the task's result. Raising
        :class:`slam.TaskError` (or anything else) fails the task: whoever ran it gets
        :class:`slam.TaskFailed` with the message. The daemon waits ``timeout_ms`` for the answer
        (default: its own, 5000 ms), then fails the task. Registering a name again replaces
        its handler and timeout. Raises :class:`slam.TaskNameTaken` when another client
        handles ``name`` or it is a task the daemon provides (``push``, storyboard tasks).
        """
        return self.register_tasks({name: handler}, timeout_ms)

    def register_tasks(self, handlers: Mapping[str, TaskHandler], timeout_ms: Optional[int] = None) -> TasksRegistered:
        """``tasks.register`` for several tasks at once (name to handler), as :meth:`register_task`."""
        names = _methods.task_names(list(handlers))
        for name, handler in handlers.items():
            if not callable(handler):
                raise TypeError(f"the handler of task {name!r} is not callable: {handler!r}")
        previous = dict(self._task_handlers)
        self._task_handlers.update(handlers)  # before the request: a task.run may follow its answer at once
        try:
            return self._run(_methods.tasks_register(names, timeout_ms))
        except BaseException:
            self._task_handlers = previous
            raise

    def unregister_task(self, name: str) -> bool:
        """``tasks.unregister`` for one task: this client no longer handles it; returns whether it did."""
        return name in self.unregister_tasks([name])

    def unregister_tasks(self, names: Optional[Sequence[str]] = None) -> List[str]:
        """``tasks.unregister``: this client no longer handles ``names`` (default: every task it registered);
        returns the names it handled. A name it did not handle is ignored."""
        unregistered = self._run(_methods.tasks_unregister(names))
        for name in list(self._task_handlers) if names is None else names:
            self._task_handlers.pop(name, None)
        return unregistered

    def serve(self, timeout: Optional[float] = None) -> None:
        """Answers the daemon's ``task.run`` requests with the handlers until the connection closes,
        ``timeout`` seconds pass (``None``: no limit), or Ctrl-C (``KeyboardInterrupt``); then returns.

        The :meth:`on_state` handlers run here too, for the changes queued before and those that
        come. Other notifications read meanwhile stay queued for :meth:`next_notification`. A program
        whose only job is its tasks registers them, then serves::

            client.register_task("checkout", checkout)
            client.serve()

        An exception a state handler raises ends ``serve`` (it is raised from it).
        """
        deadline = float("inf") if timeout is None else time.monotonic() + timeout
        try:
            while True:
                # A handler's own calls queue the changes that come meanwhile: those go first.
                queued = self._take_queued_state_change()
                if queued is not None:
                    self._run_state_handlers(queued)
                    continue
                message = self._receive(deadline, "a task to run")
                if message is _ANSWERED:
                    continue
                if _is_notification(message) and self._run_state_handlers(_notification(message)):
                    continue
                self._queue(message)
        except (SlamTimeout, SlamConnectionError, KeyboardInterrupt):
            return

    # Reacting to shared state

    def on_state(self, *keys: str) -> Callable[[StateHandler], StateHandler]:
        """A decorator subscribing the function to shared state keys (see :meth:`add_state_handler`)::

            @client.on_state("bill", "tip")
            def recalculate(changed: Dict[str, Any]) -> None:
                client.state_set("total", ...)

            client.serve()

        The function is returned unchanged.
        """

        def subscribe(handler: StateHandler) -> StateHandler:
            self.add_state_handler(keys, handler)
            return handler

        return subscribe

    def add_state_handler(self, keys: Sequence[str], handler: StateHandler) -> None:
        """Calls ``handler`` whenever one of ``keys`` of the shared state changes, whoever changed it (a person
        typing into a bound field, a client's ``state_set``, a task), with a dict of the keys it watches that
        changed and their new values (``None``: null, or the key was removed).

        The first handler subscribes the client to ``stateChanged`` (sent at once); from then on those
        notifications go to the handlers, not to :meth:`next_notification`'s callers. Handlers run in
        :meth:`serve` and :meth:`next_notification`, in the order the changes came (one notification:
        one call per handler, however many of its keys changed together). A handler may call the
        client (``state_set`` of other keys, ``find``...); setting a key it watches calls it again.
        """
        subscribing = not self._state_handlers
        self._state_handlers.add(keys, handler)
        if subscribing:
            try:
                self.subscribe([state_handlers.STATE_CHANGED])
            except BaseException:
                self._state_handlers.remove(handler)
                raise

    def remove_state_handler(self, handler: StateHandler) -> bool:
        """Stops calling ``handler`` (for every key it watched); returns whether it was subscribed."""
        return self._state_handlers.remove(handler)

    def _take_queued_state_change(self) -> Optional[Notification]:
        """Removes and returns the oldest queued notification the state handlers take, else ``None``."""
        if not self._state_handlers:
            return None
        for index, message in enumerate(self._inbox):
            if _is_notification(message) and state_handlers.concerns(message.get("method"), self._state_handlers):
                del self._inbox[index]
                return _notification(message)
        return None

    def _run_state_handlers(self, notification: Notification) -> bool:
        """Hands a ``stateChanged`` notification to the state handlers; returns whether it was theirs."""
        if not state_handlers.concerns(notification.method, self._state_handlers):
            return False
        for handler, changed in self._state_handlers.calls(notification.params):
            handler(changed)
        return True

    # Typed helpers, one per method of the protocol

    def ping(self) -> str:
        """``ping``: returns ``"pong"``."""
        return self._run(_methods.ping())

    def version(self) -> Version:
        """``version``: the protocol and server versions (``serverVersion`` is ``slam.__version__``), capabilities and limits."""
        return self._run(_methods.version())

    def find(self, ref: Ref, controller: Optional[str] = None) -> Snapshot:
        """``find``: the snapshot of the element ``ref``."""
        return self._run(_methods.find(ref, controller))

    def query(
        self,
        type: Optional[ElementType] = None,
        text: Optional[str] = None,
        visible: Optional[bool] = None,
        enabled: Optional[bool] = None,
        controller: Optional[str] = None,
    ) -> List[Snapshot]:
        """``query``: snapshots of the elements matching every filter given, in tree order."""
        return self._run(_methods.query(type, text, visible, enabled, controller))

    def tree(self, ref: Optional[Ref] = None, controller: Optional[str] = None, depth: Optional[int] = None) -> Snapshot:
        """``tree``: the snapshot of ``ref`` (default: the root) with nested ``children``, ``depth`` levels deep."""
        return self._run(_methods.tree(ref, controller, depth))

    def update_ui(self, ref: Optional[Ref] = None, controller: Optional[str] = None) -> UpdateResult:
        """``updateUI``: pulls the data sources; returns ``{controller, changed}``."""
        return self._run(_methods.update_ui(ref, controller))

    def reset_ui(self, ref: Optional[Ref] = None, controller: Optional[str] = None) -> UpdateResult:
        """``resetUI``: as :meth:`update_ui`, reloading tables and text views first."""
        return self._run(_methods.reset_ui(ref, controller))

    def press(
        self, ref: Ref, value: PressValue = None, controller: Optional[str] = None, timeout_ms: Optional[int] = None
    ) -> Snapshot:
        """``press``: presses ``ref`` as a user would; returns its snapshot afterwards.

        ``ref`` is a reference or a locator (:func:`locate`). Like every acting call it
        waits, in the daemon, until a person could act (the element exists, is visible,
        enabled and not covered), at most ``timeout_ms`` (default :attr:`action_timeout_ms`;
        0 acts at once); a timeout raises the error acting would, saying which condition failed.

        ``value``: a row, segment or page index; a number (a slider's value, ``0.25``, snapped to its
        step; one outside its range is refused); ``"increment"`` or ``"decrement"`` (stepper, slider, date
        picker); ``True`` or ``False`` (switch); a position ``[a, b]`` (a tuple works too), or
        ``{"section": a, "row": b}``: a picker's ``[component, row]``, a sectioned table's
        ``[section, row]``, a collection view's ``[section, item]``; any other string: a date
        picker's ISO 8601 value (``"2026-11-23"``) or a collection item's key.
        """
        return self._run(_methods.press(ref, value, controller, timeout_ms, self.action_timeout_ms))

    def set_text(self, ref: Ref, text: str, controller: Optional[str] = None, timeout_ms: Optional[int] = None) -> Snapshot:
        """``setText``: replaces a text field's text at once (editing changed, then editing ended); returns its snapshot."""
        return self._run(_methods.set_text(ref, text, controller, timeout_ms, self.action_timeout_ms))

    def type_text(self, ref: Ref, text: str, controller: Optional[str] = None, timeout_ms: Optional[int] = None) -> Snapshot:
        """``typeText``: focuses a text field and types ``text`` key by key where its text ends; returns its snapshot.

        Each character is a key (an editing-changed event each, ``maxLength``
        honoured); ``"\\n"`` is Enter, which runs the field's return action.
        Raises :class:`ElementCovered` when an alert or modal screen covers it.
        """
        return self._run(_methods.type_text(ref, text, controller, timeout_ms, self.action_timeout_ms))

    def focus(self, ref: Ref, controller: Optional[str] = None, timeout_ms: Optional[int] = None) -> Snapshot:
        """``focus``: gives ``ref`` its controller's keyboard focus, as a click would; returns its snapshot (``focused: True``).

        Raises :class:`ElementNotInteractive` for an element that cannot take the focus (a label).
        """
        return self._run(_methods.focus(ref, controller, timeout_ms, self.action_timeout_ms))

    def key(self, name: Union[KeyName, str], ref: Optional[Ref] = None, timeout_ms: Optional[int] = None) -> KeyOutcome:
        """``key``: presses one key on the top controller; returns ``{key, handled, controller, focused}``.

        ``name`` is one character (``"a"``, ``" "``) or ``"Tab"``, ``"Shift+Tab"``, ``"Enter"``,
        ``"Escape"``, ``"Backspace"``, ``"Space"``, ``"ArrowUp"``, ``"ArrowDown"``, ``"ArrowLeft"``,
        ``"ArrowRight"``; ``focused`` is the focused element's snapshot afterwards, or ``None``.
        An unknown name raises :class:`InvalidParams`. With ``ref``, that element takes the
        focus first (waiting for it as :meth:`press` does).
        """
        return self._run(_methods.key(name, ref, timeout_ms, self.action_timeout_ms))

    def keys(self, *names: Union[KeyName, str]) -> List[KeyOutcome]:
        """Presses keys one after another with :meth:`key` (``client.keys("Tab", "Tab", "Enter")``); returns each outcome.

        The first key the daemon refuses raises, and the keys after it are not pressed.
        """
        return [self.key(name) for name in names]

    def run_task(self, name: str, param: Optional[str] = None) -> TaskResult:
        """``runTask``: runs a registered task; returns ``{task, param, top}``."""
        return self._run(_methods.run_task(name, param))

    def tasks(self) -> List[str]:
        """``tasks``: the registered task names, sorted."""
        return self._run(_methods.tasks())

    def controllers(self) -> List[StackEntry]:
        """``controllers``: the navigation stack, root first, as ``{id, title, modal}``."""
        return self._run(_methods.controllers())

    def screens(self) -> List[ScreenEntry]:
        """``screens``: every screen ``push`` can open, in registration order, as ``{id, title, onStack}``."""
        return self._run(_methods.screens())

    def reset(self) -> ResetResult:
        """``reset``: the application back to its launch state (stack, shared state, elements),
        the daemon and its connections kept; returns ``{top, stateKeys}``."""
        return self._run(_methods.reset())

    def trace_start(self, name: Optional[str] = None) -> str:
        """``trace.start``: the daemon writes a trace (JSON Lines) of every client's requests,
        replies and notifications, with the screen after each change, until :meth:`trace_stop`;
        returns the trace file's absolute path.

        The file is a new one (mode 0600) in the daemon's trace directory (``slamd --trace-dir``;
        default ``~/.local/state/slam/traces``): ``name``, a plain file name there (no ``/``, not
        starting with ``.``, at most 200 bytes) that must not exist yet, or None for one the
        daemon makes. Raises :class:`slam.TraceConflict` while a trace is being written, and
        :class:`slam.InvalidParams` naming ``name`` when it is not a plain name or the file exists.
        """
        return self._run(_methods.trace_start(name))

    def trace_stop(self) -> TraceStopResult:
        """``trace.stop``: ends the trace, written whole; returns ``{path, records}``
        (``slamctl trace show PATH`` prints it as steps). Raises :class:`slam.TraceConflict` when none is written."""
        return self._run(_methods.trace_stop())

    def wait_for(
        self,
        ref: Optional[Ref] = None,
        state: Optional[WaitState] = None,
        property: Optional[str] = None,
        equals: Any = UNSET,
        timeout_ms: Optional[int] = None,
        controller: Optional[str] = None,
        template: Optional[Dict[str, Any]] = None,
        strict: Optional[bool] = None,
    ) -> Optional[Snapshot]:
        """``waitFor``: returns the snapshot of ``ref`` once ``state`` holds, or ``property`` ``equals`` a value;
        with ``template``, the tree of ``ref`` (default: the root view) once it matches (see :meth:`expect_tree`).

        ``state`` is ``"exists"``, ``"absent"`` (the answer is then ``None``), ``"visible"``,
        ``"hidden"`` or ``"enabled"``. ``timeout_ms`` is sent as ``timeoutMs``; the client waits
        that long (5000 ms when not given) plus its own timeout for the answer.
        ``equals=None`` compares with JSON null. Raises :class:`WaitTimedOut`
        when the condition does not hold in time.
        """
        return self._run(_methods.wait_for(ref, state, property, equals, timeout_ms, controller, template, strict))

    def expect_tree(
        self,
        template: Dict[str, Any],
        ref: Optional[Ref] = None,
        strict: bool = False,
        timeout_ms: Optional[int] = None,
        controller: Optional[str] = None,
    ) -> Snapshot:
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
            return self._run(_methods.expect_tree(template, ref, strict, timeout_ms, controller))
        except WaitTimedOut as error:
            mismatch = _methods.tree_mismatch(error, ref)
            if mismatch is None:
                raise
            # The daemon's error says the same diff: chained, a test's failure would print it twice (``mismatch.error`` keeps it).
            raise mismatch from None

    def subscribe(self, events: Sequence[EventName]) -> Subscriptions:
        """``subscribe``: adds events (``changed``, ``navigated``, ``taskRan``, ``openURL``, ``stateChanged``, ``log``, ``focusChanged``, ``action``); returns ``{subscribed}``.

        Each notification's params have the shape of the event's class (``slam.Changed``,
        ``slam.FocusChanged``…).
        """
        return self._run(_methods.subscribe(events))

    def unsubscribe(self, events: Optional[Sequence[EventName]] = None) -> Subscriptions:
        """``unsubscribe``: removes ``events`` (default: all); returns ``{subscribed}``."""
        return self._run(_methods.unsubscribe(events))

    def state_list(self) -> Dict[str, Any]:
        """``state.list``: every key of the application's shared state with its value, keys sorted."""
        return self._run(_methods.state_list())

    def state_get(self, key: str) -> Any:
        """``state.get``: the value of ``key`` (any JSON value; ``None`` for null).

        Raises :class:`StateKeyNotFound` (``data["key"]``) when the state has no such key.
        """
        return self._run(_methods.state_get(key))

    def state_set(self, key: str, value: Any) -> List[str]:
        """``state.set``: sets ``key`` to ``value`` (``None`` sets null); returns ``[key]`` if its value changed, else ``[]``.

        Elements bound to the key are updated before the reply; subscribers hear
        ``stateChanged``, then ``changed``.
        """
        return self._run(_methods.state_set(key, value))

    def state_set_many(self, values: Dict[str, Any]) -> List[str]:
        """``state.set``: sets several keys at once (bound elements update once); returns the keys that changed, sorted."""
        return self._run(_methods.state_set_many(values))

    def discover(self) -> Dict[str, Any]:
        """``rpc.discover``: the OpenRPC document describing the protocol."""
        return self._run(_methods.discover())

    def ui_attach(self, capabilities: Optional[Dict[str, Any]] = None) -> UIAttachResult:
        """``ui.attach``: attaches this connection as a renderer; returns ``{seq, stack, state, capabilities}``.

        From then on ``ui.redraw`` notifications arrive (see :meth:`notifications`);
        :class:`slam.RemoteUIModel` applies them.
        """
        return self._run(_methods.ui_attach(capabilities))

    def ui_detach(self) -> bool:
        """``ui.detach``: stops this connection's ``ui.redraw`` batches; returns whether it was attached."""
        return self._run(_methods.ui_detach())

    def _run(self, request: Request[T]) -> T:
        """Calls a typed helper's request, allowing for the daemon's wait in the client's own timeout."""
        timeout = None if not request.wait_ms or self.timeout is None else self.timeout + request.wait_ms / 1000
        return request.read(self.call(request.method, request.params, timeout=timeout))

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

        The answer may be queued already: a task handler run while this call waited read it with
        its own calls. On timeout the ids are marked abandoned, so their late responses are dropped.
        """
        queued = self._take_queued_answer(is_answer)
        if queued is not None:
            return queued
        deadline = self._deadline(timeout)
        while True:
            try:
                message = self._receive(deadline, description)
            except SlamTimeout:
                self._abandoned_ids |= request_ids
                raise
            if message is _ANSWERED:
                # The time a task's handler ran here is not this call's waiting: its timeout moves on by it.
                deadline += self._last_handler_seconds
                queued = self._take_queued_answer(is_answer)  # the handler's own calls may have read it
                if queued is not None:
                    return queued
            elif is_answer(message):
                return message
            else:
                self._queue(message)

    def _queue(self, message: Any) -> None:
        """Keeps a message nobody waits for now in the inbox, counting the responses."""
        if not _is_notification(message):
            self._queued_responses += 1
        self._inbox.append(message)

    def _take_queued_answer(self, is_answer: Callable[[Any], bool]) -> Any:
        """Removes and returns the queued response ``is_answer`` accepts, else ``None``."""
        if not self._queued_responses:
            return None
        for index, message in enumerate(self._inbox):
            if not _is_notification(message) and is_answer(message):
                del self._inbox[index]
                self._queued_responses -= 1
                return message
        return None

    def _receive(self, deadline: float, description: str, answer_requests: bool = True) -> Any:
        """Returns the next message read from the socket before ``deadline``, skipping abandoned responses.

        With ``answer_requests``, a request from the daemon (``task.run``) is answered here, its
        handler run then and there, and :data:`_ANSWERED` is returned instead of a message.
        """
        while True:
            message = self._read_message(deadline, description)
            if answer_requests and client_tasks.is_request(message):
                started = time.monotonic()
                self._answer_request(message)
                self._last_handler_seconds = time.monotonic() - started
                return _ANSWERED
            abandoned = _response_ids(message) & self._abandoned_ids
            if not abandoned:
                return message
            self._abandoned_ids -= abandoned

    def _answer_request(self, request: Dict[str, Any]) -> None:
        """Answers a request from the daemon: ``task.run`` with its handler's result or error; anything else with -32601."""
        request_id = request["id"]
        resolved = client_tasks.resolve(request, self._task_handlers)
        if isinstance(resolved, dict):
            self._send_answer(resolved)
            return
        handler, params = resolved
        call = TaskCall(params["name"], params["param"], params["ref"], params["controller"], client=self)
        try:
            result = handler(call)
        except Exception as error:
            self._send_answer(client_tasks.failure_response(request_id, error))
        except BaseException as error:
            # Ctrl-C or exit inside a handler: the daemon still hears that the task failed, then it goes on up.
            try:
                self._send_answer(client_tasks.failure_response(request_id, error))
            except SlamConnectionError:
                pass
            raise
        else:
            self._send_answer(client_tasks.result_response(request_id, result))

    def _send_answer(self, response: Dict[str, Any]) -> None:
        """Sends the answer to a daemon's request, unless a handler closed this client (nobody to answer then)."""
        if self._socket is not None:
            self.send_raw(client_tasks.encode_answer(response, self.framing))

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


def _cannot_connect(socket_path: str, error: OSError) -> SlamConnectionError:
    """The error for a socket nothing listens on, saying how to start a daemon there."""
    return SlamConnectionError(
        f"cannot connect to slamd at {socket_path}: {error.strerror or error}. "
        f"Start it with `slamd --socket {socket_path}` "
        "(in the Slam checkout: `swift run slamd --socket PATH`), or pass the socket it listens on."
    )


def _batch_outcomes(response: Any, request_ids: Sequence[int]) -> List[Any]:
    """Each result or :class:`SlamError` of a batch response, in request order; raises an error about the whole batch."""
    if isinstance(response, dict):
        raise SlamError.from_error_object(response["error"])
    by_id = {entry.get("id"): entry for entry in response if isinstance(entry, dict)}
    missing = [request_id for request_id in request_ids if request_id not in by_id]
    if missing:
        raise SlamProtocolError(f"the batch response has no entry for ids {missing}: {response!r}")
    return [_outcome(by_id[request_id]) for request_id in request_ids]


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
