"""A blocking JSON-RPC 2.0 client for ``slamd`` over its Unix domain socket."""

from __future__ import annotations

import collections
import socket
import time
from typing import (
    Any, Callable, Deque, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, Tuple, TypeVar, Union,
)

from . import _wire as wire
from . import framing as framings
from . import state_handlers
from . import tasks as client_tasks
from ._generated_methods import BlockingMethods, tasks_register_request, tasks_unregister_request
from ._methods import DEFAULT_ACTION_TIMEOUT_MS, DEFAULT_WAIT_TIMEOUT_MS, ClientSettings, PressValue, locate
from ._wire import Notification, Params, Request, default_socket_path
from .errors import SlamConnectionError, SlamTimeout
from .state_handlers import StateHandler, StateHandlers
from .tasks import TaskCall, TaskHandler
from .shapes import Framing, KeyName, KeyOutcome, Ref, TasksRegistered

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


def connect(socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: Framing = "newline",
            instance: Optional[str] = None) -> "Client":
    """Connects to ``slamd`` and returns a :class:`Client`.

    ``socket_path`` defaults to :func:`default_socket_path`. ``timeout`` is how
    many seconds a call waits for its response (``None``: forever). ``framing``
    is ``"newline"`` or ``"content-length"``. ``instance`` is the handle of the
    daemon's instance the client drives (``None``: the one it starts on, ``main``).
    """
    return Client(socket_path, timeout=timeout, framing=framing, instance=instance)


class Client(BlockingMethods, ClientSettings):
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

    With ``instance`` (a handle ``instance.create`` answered, such as ``"i3"``) the client
    sends ``instance.use`` as soon as it is connected, so that everything it does belongs
    to that instance of the app; an unknown or closed one raises
    :class:`slam.InstanceNotFound` or :class:`slam.InstanceClosed` and leaves nothing open.
    Without it, the client drives ``main``, the instance the daemon started with.
    """

    def __init__(self, socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: Framing = "newline",
                 instance: Optional[str] = None) -> None:
        super().__init__(socket_path, timeout, framing)
        self._inbox: Deque[Any] = collections.deque()
        self._queued_responses = 0
        """How many messages in the inbox are responses: a handler's calls may read the answer an outer call waits for."""
        self._abandoned_ids: Set[int] = set()
        self._task_handlers: Dict[str, TaskHandler] = {}
        self._state_handlers = StateHandlers()
        self._last_handler_seconds = 0.0
        """How long the last task handler run while reading took: a call's timeout does not count it."""
        self._socket: Optional[socket.socket] = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._socket.connect(self.socket_path)
        except OSError as error:
            self._socket.close()
            self._socket = None
            raise wire.cannot_connect(self.socket_path, error) from error
        if instance is not None:
            try:
                self.instance_use(instance)
            except BaseException:
                self.close()
                raise

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
        self.send_message(wire.request_message(method, params, request_id))
        response = self._await_response(
            lambda message: wire.answers(message, {request_id}),
            {request_id},
            timeout,
            f"a response to {method!r}",
        )
        return wire.result(response)

    def notify(self, method: str, params: Params = None) -> None:
        """Sends ``method`` as a notification: it runs, and nothing is answered."""
        self.send_message(wire.request_message(method, params))

    def batch(self, calls: Iterable[Tuple[str, Params]], timeout: Optional[float] = None) -> List[Any]:
        """Sends ``(method, params)`` pairs as one batch; returns each result or :class:`SlamError`, in order.

        Errors of single requests are returned, not raised; an error about the
        whole batch (such as a message too large) is raised.
        """
        requests = [wire.request_message(method, params, self._new_id()) for method, params in calls]
        if not requests:
            raise ValueError("a batch needs at least one call")
        request_ids = [request["id"] for request in requests]
        self.send_message(requests)
        wanted = set(request_ids)
        response = self._await_response(
            lambda message: wire.answers_batch(message, wanted),
            wanted,
            timeout,
            f"a response to a batch of {len(requests)}",
        )
        return wire.batch_outcomes(response, request_ids)

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
            if wire.is_notification(message):
                del self._inbox[index]
                return wire.notification(message)
        while True:
            message = self._receive(deadline, "a notification")
            if message is _ANSWERED:
                continue
            if wire.is_notification(message):
                return wire.notification(message)
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
            if not wire.is_notification(message):
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
        names = client_tasks.handled_names(handlers)
        previous = dict(self._task_handlers)
        self._task_handlers.update(handlers)  # before the request: a task.run may follow its answer at once
        try:
            return self._run(tasks_register_request(names, timeout_ms))
        except BaseException:
            self._task_handlers = previous
            raise

    def unregister_task(self, name: str) -> bool:
        """``tasks.unregister`` for one task: this client no longer handles it; returns whether it did."""
        return name in self.unregister_tasks([name])

    def unregister_tasks(self, names: Optional[Sequence[str]] = None) -> List[str]:
        """``tasks.unregister``: this client no longer handles ``names`` (default: every task it registered);
        returns the names it handled. A name it did not handle is ignored."""
        unregistered = self._run(tasks_unregister_request(names))
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
                if wire.is_notification(message) and self._run_state_handlers(wire.notification(message)):
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
            if wire.is_notification(message) and state_handlers.concerns(message.get("method"), self._state_handlers):
                del self._inbox[index]
                return wire.notification(message)
        return None

    def _run_state_handlers(self, notification: Notification) -> bool:
        """Hands a ``stateChanged`` notification to the state handlers; returns whether it was theirs."""
        if not state_handlers.concerns(notification.method, self._state_handlers):
            return False
        for handler, changed in self._state_handlers.calls(notification.params):
            handler(changed)
        return True

    # The typed helpers, one per method of the protocol, are BlockingMethods' (generated); these are built on them.

    def keys(self, *names: Union[KeyName, str]) -> List[KeyOutcome]:
        """Presses keys one after another with :meth:`key` (``client.keys("Tab", "Tab", "Enter")``); returns each outcome.

        The first key the daemon refuses raises, and the keys after it are not pressed.
        """
        return [self.key(name) for name in names]

    def _run(self, request: Request[T]) -> T:
        """Calls a typed helper's request, allowing for the daemon's wait in the client's own timeout."""
        with request.explaining():
            answer = self.call(request.method, request.params, timeout=request.timeout(self.timeout))
        return request.read(answer)

    # Internals

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
        if not wire.is_notification(message):
            self._queued_responses += 1
        self._inbox.append(message)

    def _take_queued_answer(self, is_answer: Callable[[Any], bool]) -> Any:
        """Removes and returns the queued response ``is_answer`` accepts, else ``None``."""
        if not self._queued_responses:
            return None
        for index, message in enumerate(self._inbox):
            if not wire.is_notification(message) and is_answer(message):
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
            abandoned = wire.response_ids(message) & self._abandoned_ids
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
