"""An asyncio client for ``slamd``: the blocking :class:`slam.Client`'s methods, awaited.

One connection carries any number of calls at once: each is sent as soon as it
is made and answered by its id, so ``asyncio.gather`` pipelines them. A task
reads the socket for the client's lifetime; notifications go to a queue that
:meth:`AsyncClient.notifications` iterates over::

    import asyncio
    import slam

    async def main():
        async with await slam.connect_async() as client:
            await client.subscribe(["changed"])
            await client.press("increment")
            async for note in client.notifications(timeout=1):
                print(note.method, note.params["changes"])

    asyncio.run(main())

Errors are the blocking client's: :class:`slam.SlamError` and its subclass
for each code, :class:`slam.SlamConnectionError`, :class:`slam.SlamTimeout`.

Tasks the client handles (``@client.task(name)``, :meth:`AsyncClient.register_task`) run each
as an asyncio task of its own, so a handler awaits the client's calls while the client reads on.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import inspect
from dataclasses import dataclass
from typing import (
    Any, AsyncIterator, Callable, Deque, Dict, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, TypeVar, Union,
)

from . import _wire as wire
from . import framing as framings
from . import state_handlers
from . import tasks as client_tasks
from ._generated_methods import AsyncMethods, instance_use_request, subscribe_request, tasks_register_request, tasks_unregister_request
from ._methods import ClientSettings, task_names
from ._wire import Notification, Params, Request
from .errors import SlamConnectionError, SlamProtocolError, SlamTimeout
from .state_handlers import AsyncStateHandler, StateHandlers
from .tasks import AsyncTaskCall, AsyncTaskHandler
from .shapes import Framing, KeyName, KeyOutcome, TasksRegistered

__all__ = ["AsyncClient", "connect_async"]

T = TypeVar("T")
Handler = TypeVar("Handler", bound=AsyncTaskHandler)
StateHandlerT = TypeVar("StateHandlerT", bound=AsyncStateHandler)

_END = object()
"""Put in the notification queue once the connection is closed or lost."""


async def connect_async(
    socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: Framing = "newline",
    instance: Optional[str] = None,
) -> AsyncClient:
    """Connects to ``slamd`` and returns an :class:`AsyncClient` (arguments as :func:`slam.connect`)."""
    return await AsyncClient(socket_path, timeout=timeout, framing=framing, instance=instance).open()


@dataclass(eq=False)
class _Pending:
    """A request (or batch) sent and not answered yet: its ids and the future its response settles."""

    future: "asyncio.Future[Any]"
    ids: Tuple[int, ...]
    batch: bool


class AsyncClient(AsyncMethods, ClientSettings):
    """A connection to ``slamd`` for asyncio: calls, batches, notifications and typed helpers for every method.

    ``await slam.connect_async(...)``, or ``async with slam.AsyncClient(...) as client``.
    Calls may run concurrently on one client (they are pipelined and matched by id); the daemon
    still runs and answers them in request order, each after the ones before it were answered, so
    a call gathered after a ``press`` sees what the press's task did, and a pending ``wait_for``
    holds back the calls sent after it: wait on a client of its own when something else must go on meanwhile.
    Notifications are read as they arrive and queued until :meth:`next_notification` or
    :meth:`notifications` takes them. The daemon's ``task.run`` requests are answered as they
    arrive, each handler running as an asyncio task of its own (:meth:`task`, :meth:`register_task`).
    Handlers of shared state keys (:meth:`on_state`) run in one asyncio task, one change after the other.

    With ``instance`` (a handle ``instance.create`` answered) :meth:`open` sends ``instance.use`` first,
    before any task declared with :meth:`task` is registered, so that everything the client does
    belongs to that instance (as :class:`slam.Client`); without it the client drives ``main``.
    """

    def __init__(self, socket_path: Optional[str] = None, timeout: Optional[float] = 30.0, framing: Framing = "newline",
                 instance: Optional[str] = None) -> None:
        super().__init__(socket_path, timeout, framing)
        self._instance = instance
        """The instance :meth:`open` makes the connection use (``None``: the daemon's first, ``main``)."""
        self._pending: Dict[int, _Pending] = {}
        self._writer: Optional[asyncio.StreamWriter] = None
        self._reading: Optional["asyncio.Task[None]"] = None
        self._notifications: Optional["asyncio.Queue[Any]"] = None
        self._write_lock: Optional[asyncio.Lock] = None
        self._ended: Optional[SlamConnectionError] = None
        """Why the connection is over (closed, lost, or a message that was not JSON); ``None`` while it is open."""
        self._ended_event: Optional[asyncio.Event] = None
        self._task_handlers: Dict[str, AsyncTaskHandler] = {}
        self._declared_tasks: List[Tuple[str, AsyncTaskHandler, Optional[int]]] = []
        """Tasks declared with :meth:`task` and not registered yet: sent before the client's next request."""
        self._running_handlers: Set["asyncio.Task[None]"] = set()
        self._state_handlers = StateHandlers()
        self._state_subscription_due = False
        """A handler was added with :meth:`on_state`: ``subscribe`` is sent before the client's next request."""
        self._state_calls: Deque[List[Tuple[Callable[..., Any], Dict[str, Any]]]] = collections.deque()
        self._state_worker: Optional["asyncio.Task[None]"] = None

    async def open(self) -> AsyncClient:
        """Connects (once; it must run in the event loop that uses the client) and returns the client."""
        if self._writer is not None:
            return self
        if self._ended is not None:
            raise self._ended
        try:
            reader, writer = await asyncio.open_unix_connection(self.socket_path)
        except OSError as error:
            raise wire.cannot_connect(self.socket_path, error) from error
        self._writer = writer
        self._notifications = asyncio.Queue()
        self._write_lock = asyncio.Lock()
        self._ended_event = asyncio.Event()
        self._reading = asyncio.get_running_loop().create_task(self._read(reader))
        if self._instance is not None:
            request = instance_use_request(self._instance)
            try:
                with request.explaining():
                    await self._call(request.method, request.params, None)
            except BaseException:
                await self.close()
                raise
        return self

    async def __aenter__(self) -> AsyncClient:
        return await self.open()

    async def __aexit__(self, *exception_info: Any) -> None:
        await self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<slam.AsyncClient {self.socket_path} {self.framing} {state}>"

    @property
    def closed(self) -> bool:
        """Whether the connection is over: closed, or lost (or never opened)."""
        return self._writer is None or self._ended is not None

    async def close(self) -> None:
        """Closes the connection; calls still waiting raise :class:`SlamConnectionError`. Closing twice does nothing."""
        self._end(SlamConnectionError(f"the connection to slamd at {self.socket_path} is closed"))
        current = asyncio.current_task()
        for handler_task in list(self._running_handlers):
            if handler_task is not current:
                handler_task.cancel()
        writer, reading = self._writer, self._reading
        self._writer = self._reading = None
        if reading is not None and reading is not asyncio.current_task():
            reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reading
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    # Calls

    async def call(self, method: str, params: Params = None, timeout: Optional[float] = None) -> Any:
        """Calls ``method`` and returns its result (as :meth:`slam.Client.call`).

        Raises :class:`SlamError` (or its subclass for the code) for an error response,
        :class:`SlamTimeout` when no response arrives within ``timeout`` seconds (default: the client's).
        """
        await self._send_declared_tasks()
        return await self._call(method, params, timeout)

    async def notify(self, method: str, params: Params = None) -> None:
        """Sends ``method`` as a notification: it runs, and nothing is answered."""
        await self._send_declared_tasks()
        await self._send(framings.encode(wire.request_message(method, params), self.framing), None)

    async def batch(self, calls: Iterable[Tuple[str, Params]], timeout: Optional[float] = None) -> List[Any]:
        """Sends ``(method, params)`` pairs as one batch; returns each result or :class:`SlamError`, in order."""
        requests = [wire.request_message(method, params, self._new_id()) for method, params in calls]
        if not requests:
            raise ValueError("a batch needs at least one call")
        await self._send_declared_tasks()
        request_ids = tuple(request["id"] for request in requests)
        response = await self._exchange(requests, request_ids, True, timeout, f"a response to a batch of {len(requests)}")
        return wire.batch_outcomes(response, request_ids)

    # Notifications

    async def next_notification(self, timeout: Optional[float] = None) -> Notification:
        """Returns the next notification, queued or arriving within ``timeout`` seconds (default: the client's).

        Raises :class:`SlamTimeout` if none arrives in time, :class:`SlamConnectionError` once the
        connection is over and every notification that came before has been taken.
        """
        queue = self._queue()
        seconds = self.timeout if timeout is None else timeout
        try:
            item = await asyncio.wait_for(queue.get(), None if seconds == float("inf") else seconds)
        except asyncio.TimeoutError:
            raise SlamTimeout(f"timed out waiting for a notification from slamd at {self.socket_path}") from None
        if item is _END:
            queue.put_nowait(_END)  # for the next reader too
            raise self._ended or SlamConnectionError(f"the connection to slamd at {self.socket_path} is closed")
        assert isinstance(item, Notification)
        return item

    async def notifications(self, timeout: Optional[float] = None) -> AsyncIterator[Notification]:
        """Yields notifications in arrival order: ``async for note in client.notifications(): ...``.

        The iteration ends when none arrives within ``timeout`` seconds of the previous one, or
        when the connection is over. With ``timeout`` ``None`` it waits as long as the connection stays open.
        """
        while True:
            try:
                notification = await self.next_notification(timeout=float("inf") if timeout is None else timeout)
            except (SlamTimeout, SlamConnectionError):
                return
            yield notification

    # Tasks this client handles

    def task(self, name: str, timeout_ms: Optional[int] = None) -> Callable[[Handler], Handler]:
        """A decorator declaring the function (``async def`` or plain) as the handler of task ``name``::

            @client.task("checkout")
            async def checkout(call: slam.AsyncTaskCall) -> str:
                cart = await call.client.state_get("cart")
                ...
                return "paid"

            await client.serve()

        A decorator cannot wait for the daemon, so the registration (``tasks.register``) is sent
        before the client's next request: :meth:`serve`, or any call (``await client.tasks()``
        lists it). A refusal (:class:`slam.TaskNameTaken`) is raised by that call. Use
        :meth:`register_task` to register at once. The function is returned unchanged.
        """

        def declare(handler: Handler) -> Handler:
            task_names([name])
            self._declared_tasks.append((name, handler, timeout_ms))
            return handler

        return declare

    async def register_task(self, name: str, handler: AsyncTaskHandler, timeout_ms: Optional[int] = None) -> TasksRegistered:
        """``tasks.register``: this client handles task ``name`` from now on; returns ``{registered, timeoutMs}``.

        As :meth:`slam.Client.register_task`; the handler gets a :class:`slam.AsyncTaskCall` and may be
        ``async def`` (awaited in a task of its own, so it can await the client's calls) or a plain
        function (run in the event loop: keep it quick).
        """
        return await self.register_tasks({name: handler}, timeout_ms)

    async def register_tasks(
        self, handlers: Mapping[str, AsyncTaskHandler], timeout_ms: Optional[int] = None
    ) -> TasksRegistered:
        """``tasks.register`` for several tasks at once (name to handler), as :meth:`register_task`."""
        await self._send_declared_tasks()
        return await self._register(handlers, timeout_ms)

    async def unregister_task(self, name: str) -> bool:
        """``tasks.unregister`` for one task: this client no longer handles it; returns whether it did."""
        return name in await self.unregister_tasks([name])

    async def unregister_tasks(self, names: Optional[Sequence[str]] = None) -> List[str]:
        """``tasks.unregister``: this client no longer handles ``names`` (default: every task it registered);
        returns the names it handled."""
        unregistered = await self._run(tasks_unregister_request(names))
        for name in list(self._task_handlers) if names is None else names:
            self._task_handlers.pop(name, None)
        return unregistered

    # Reacting to shared state

    def on_state(self, *keys: str) -> Callable[[StateHandlerT], StateHandlerT]:
        """A decorator subscribing the function (``async def`` or plain) to shared state keys::

            @client.on_state("bill", "tip")
            async def recalculate(changed: Dict[str, Any]) -> None:
                await client.state_set("total", ...)

            await client.serve()

        As :meth:`slam.Client.add_state_handler`, except that the subscription (``subscribe``) is sent
        before the client's next request (:meth:`serve`, or any call), as :meth:`task` registers.
        The function is returned unchanged.
        """

        def declare(handler: StateHandlerT) -> StateHandlerT:
            if not self._state_handlers:
                self._state_subscription_due = True
            self._state_handlers.add(keys, handler)
            return handler

        return declare

    async def add_state_handler(self, keys: Sequence[str], handler: AsyncStateHandler) -> None:
        """Calls ``handler`` whenever one of ``keys`` of the shared state changes (as :meth:`slam.Client.add_state_handler`).

        The handler runs as the changes arrive, serving or not, in an asyncio task that runs the handlers
        one change after the other (an ``async def`` handler is awaited before the next change's). An
        exception it raises goes to the event loop's exception handler; the next changes still run.
        """
        subscribing = not self._state_handlers
        self._state_handlers.add(keys, handler)
        if subscribing:
            try:
                await self.subscribe([state_handlers.STATE_CHANGED])
            except BaseException:
                self._state_handlers.remove(handler)
                raise

    def remove_state_handler(self, handler: AsyncStateHandler) -> bool:
        """Stops calling ``handler`` (for every key it watched); returns whether it was subscribed."""
        return self._state_handlers.remove(handler)

    def _hand_to_state_handlers(self, notification: Notification) -> None:
        """Queues the calls a ``stateChanged`` notification makes, for the task that runs them in order."""
        calls = self._state_handlers.calls(notification.params)
        if not calls:
            return
        self._state_calls.append(calls)
        if self._state_worker is None or self._state_worker.done():
            self._state_worker = asyncio.get_running_loop().create_task(self._run_state_handlers())
            self._running_handlers.add(self._state_worker)
            self._state_worker.add_done_callback(self._running_handlers.discard)

    async def _run_state_handlers(self) -> None:
        while self._state_calls:
            for handler, changed in self._state_calls.popleft():
                try:
                    result = handler(changed)
                    if inspect.isawaitable(result):
                        await result
                except Exception as error:
                    asyncio.get_running_loop().call_exception_handler(
                        {"message": f"a state handler of {self!r} raised", "exception": error})

    async def serve(self, timeout: Optional[float] = None) -> None:
        """Sends the tasks declared with :meth:`task`, then answers the daemon's ``task.run`` requests until
        the connection closes (or ``timeout`` seconds pass; ``None``: no limit).

        Handlers run whenever the client is open, serving or not: ``serve`` is the way to wait while
        they do. Cancel it (Ctrl-C under ``asyncio.run``) to stop.
        """
        await self._send_declared_tasks()
        if self._ended_event is None:
            raise self._not_open()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._ended_event.wait(), timeout)

    # The typed helpers, one per method of the protocol, are AsyncMethods' (generated); these are built on them.

    async def keys(self, *names: Union[KeyName, str]) -> List[KeyOutcome]:
        """Presses keys one after another (each once the one before was answered); returns each outcome."""
        return [await self.key(name) for name in names]

    # Internals

    async def _run(self, request: Request[T]) -> T:
        """Calls a typed helper's request, allowing for the daemon's wait in the client's own timeout."""
        with request.explaining():
            answer = await self.call(request.method, request.params, timeout=request.timeout(self.timeout))
        return request.read(answer)

    async def _call(self, method: str, params: Params, timeout: Optional[float]) -> Any:
        """:meth:`call` without sending the declared tasks first (what sends them calls this)."""
        request_id = self._new_id()
        response = await self._exchange(wire.request_message(method, params, request_id), (request_id,), False, timeout,
                                        f"a response to {method!r}")
        return wire.result(response)

    async def _register(self, handlers: Mapping[str, AsyncTaskHandler], timeout_ms: Optional[int]) -> TasksRegistered:
        """Sends one ``tasks.register``; the handlers are in place before its answer, and taken back if it fails."""
        names = client_tasks.handled_names(handlers)
        previous = dict(self._task_handlers)
        self._task_handlers.update(handlers)
        request = tasks_register_request(names, timeout_ms)
        try:
            return request.read(await self._call(request.method, request.params, None))
        except BaseException:
            self._task_handlers = previous
            raise

    async def _send_declared_tasks(self) -> None:
        """Registers the tasks :meth:`task` declared, in order; the first refusal is raised and the rest kept declared.

        Not before the client is open: the call that comes first then raises its own error, and they stay declared.
        """
        while self._declared_tasks and not self.closed:
            name, handler, timeout_ms = self._declared_tasks.pop(0)
            await self._register({name: handler}, timeout_ms)
        if self._state_subscription_due and not self.closed:
            self._state_subscription_due = False
            request = subscribe_request([state_handlers.STATE_CHANGED])
            try:
                await self._call(request.method, request.params, None)
            except BaseException:
                self._state_subscription_due = True
                raise

    def _answer_request(self, request: Dict[str, Any]) -> None:
        """Starts answering a request from the daemon in a task of its own, so the reader reads on meanwhile."""
        handler_task = asyncio.get_running_loop().create_task(self._answer(request))
        self._running_handlers.add(handler_task)
        handler_task.add_done_callback(self._running_handlers.discard)

    async def _answer(self, request: Dict[str, Any]) -> None:
        """Answers ``task.run`` with its handler's result or error, any other method with -32601."""
        request_id = request["id"]
        resolved = client_tasks.resolve(request, self._task_handlers)
        if isinstance(resolved, dict):
            response = resolved
        else:
            handler, params = resolved
            call = AsyncTaskCall(params["name"], params["param"], params["ref"], params["controller"], client=self)
            try:
                result = handler(call)
                if inspect.isawaitable(result):
                    result = await result
            except Exception as error:
                response = client_tasks.failure_response(request_id, error)
            else:
                response = client_tasks.result_response(request_id, result)
        with contextlib.suppress(SlamConnectionError):  # the connection is over: nobody is left to answer
            await self._send(client_tasks.encode_answer(response, self.framing), None)

    def _not_open(self) -> SlamConnectionError:
        return self._ended or SlamConnectionError(f"the client for slamd at {self.socket_path} is not open: await its open()")

    def _queue(self) -> "asyncio.Queue[Any]":
        """The notification queue, or :class:`SlamConnectionError` before :meth:`open`."""
        if self._notifications is None:
            raise self._not_open()
        return self._notifications

    async def _send(self, data: bytes, pending: Optional[_Pending]) -> None:
        """Writes one framed message; ``pending`` is registered first, under the same lock, so ids stay in send order."""
        if self._write_lock is None:
            raise self._not_open()
        async with self._write_lock:
            if self._ended is not None:
                raise self._ended
            if self._writer is None:
                raise self._not_open()
            if pending is not None:
                for request_id in pending.ids:
                    self._pending[request_id] = pending
            try:
                self._writer.write(data)
                await self._writer.drain()
            except (OSError, RuntimeError) as error:
                lost = SlamConnectionError(f"cannot send to slamd at {self.socket_path}: {error}")
                self._end(lost)
                raise lost from error

    async def _exchange(
        self, message: Any, request_ids: Tuple[int, ...], batch: bool, timeout: Optional[float], description: str
    ) -> Any:
        """Sends a request or batch and returns its response; a response that comes after the timeout is dropped."""
        pending = _Pending(asyncio.get_running_loop().create_future(), request_ids, batch)
        try:
            await self._send(framings.encode(message, self.framing), pending)
            seconds = self.timeout if timeout is None else timeout
            try:
                return await asyncio.wait_for(pending.future, None if seconds == float("inf") else seconds)
            except asyncio.TimeoutError:
                raise SlamTimeout(f"timed out waiting for {description} from slamd at {self.socket_path}") from None
        finally:
            self._forget(pending)

    def _forget(self, pending: _Pending) -> None:
        """No response is awaited for ``pending`` any more: one that comes is dropped."""
        for request_id in pending.ids:
            if self._pending.get(request_id) is pending:
                del self._pending[request_id]

    async def _read(self, reader: asyncio.StreamReader) -> None:
        """Reads messages for the client's lifetime: responses settle their calls, notifications are queued."""
        try:
            while True:
                body = self._decoder.next_body()
                if body is None:
                    data = await reader.read(65536)
                    if not data:
                        raise SlamConnectionError(f"slamd at {self.socket_path} closed the connection")
                    self._decoder.feed(data)
                    continue
                self._dispatch(framings.decode_json(body))
        except SlamConnectionError as error:
            self._end(error)
        except SlamProtocolError as error:
            self._end(SlamConnectionError(f"the connection to slamd at {self.socket_path} is unusable: {error}"))
        except OSError as error:
            self._end(SlamConnectionError(f"lost the connection to slamd at {self.socket_path}: {error}"))
        if self._writer is not None:
            self._writer.close()  # the daemon is gone or unusable; close() still waits for it

    def _dispatch(self, message: Any) -> None:
        """Hands one message to whoever waits for it; a response nobody waits for (any more) is dropped."""
        if wire.is_notification(message):
            notification = wire.notification(message)
            if state_handlers.concerns(notification.method, self._state_handlers):
                self._hand_to_state_handlers(notification)
            else:
                self._queue().put_nowait(notification)
            return
        if client_tasks.is_request(message):
            self._answer_request(message)
            return
        pending: Optional[_Pending] = None
        if isinstance(message, list):
            for entry in message:
                request_id = entry.get("id") if isinstance(entry, dict) else None
                if type(request_id) is int and request_id in self._pending:
                    pending = self._pending[request_id]
                    break
        elif isinstance(message, dict):
            request_id = message.get("id")
            if type(request_id) is int and request_id in self._pending:
                pending = self._pending[request_id]
            elif wire.is_null_id_error(message) and self._pending:
                # Replies come in request order: an error the daemon could not give an id answers the oldest request.
                pending = next(iter(self._pending.values()))
        if pending is None or (isinstance(message, list) != pending.batch and not wire.is_null_id_error(message)):
            return
        self._forget(pending)
        if not pending.future.done():
            pending.future.set_result(message)

    def _end(self, reason: SlamConnectionError) -> None:
        """Marks the connection over: calls still waiting raise ``reason``, the notification iteration ends."""
        if self._ended is not None:
            return
        self._ended = reason
        for pending in list(self._pending.values()):
            self._forget(pending)
            if not pending.future.done():
                pending.future.set_exception(reason)
        if self._notifications is not None:
            self._notifications.put_nowait(_END)
        if self._ended_event is not None:
            self._ended_event.set()
