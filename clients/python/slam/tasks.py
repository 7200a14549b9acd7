"""Tasks a client handles: what a handler gets, and the answers to the daemon's ``task.run`` requests.

A client registers task names (``tasks.register``); when one of them runs (a press on an element
whose ``task`` names it, ``runTask``, a key, a click in the browser page), the daemon sends that
client a JSON-RPC *request*, ``task.run``, and waits for its answer. Both clients answer with what
this module builds, so the blocking and the asyncio client answer alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Dict, List, Mapping, Optional, Tuple, TypeVar, Union

from . import framing as framings
from ._methods import task_names
from .errors import TaskError
from .shapes import TaskRunParams

if TYPE_CHECKING:
    from .aio import AsyncClient
    from .client import Client

__all__ = ["TaskCall", "AsyncTaskCall", "TaskHandler", "AsyncTaskHandler", "HANDLER_ERROR_CODE"]

TASK_RUN = "task.run"
"""The method of the requests the daemon sends to run a client's task."""

HANDLER_ERROR_CODE = -32010
"""The code of the error a client answers when its handler raised: -32010, task failed (Protocol/README.md)."""

TASK_NOT_FOUND = -32005
"""The code a client answers a ``task.run`` for a task it has no handler for: -32005, task not found."""

METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602


@dataclass(frozen=True)
class _TaskCallBase:
    name: str
    """The task's name, as registered."""
    param: Optional[str]
    """The element's ``param`` (its storyboard ``param``), or ``run_task``'s; ``None`` when there is none."""
    ref: Optional[str]
    """The reference of the element whose press (key, click), or change of value (its ``changeTask``), ran the task;
    ``None`` for ``run_task``."""
    controller: Optional[str]
    """The id of that element's controller; for ``run_task``, of the controller on top."""


@dataclass(frozen=True)
class TaskCall(_TaskCallBase):
    """One run of a task a :class:`slam.Client` handles: what ran it, and the client to call back with.

    Inside the handler, ``call.client`` makes ordinary calls (``state_get``, ``state_set``, ``find``,
    ``run_task("push", ...)``); the daemon answers them at once, while whoever ran the task waits.
    """

    client: "Client" = field(repr=False, compare=False)
    """The client that registered the task."""


@dataclass(frozen=True)
class AsyncTaskCall(_TaskCallBase):
    """One run of a task a :class:`slam.AsyncClient` handles (as :class:`TaskCall`; ``await call.client.state_set(...)``)."""

    client: "AsyncClient" = field(repr=False, compare=False)
    """The client that registered the task."""


TaskHandler = Callable[[TaskCall], Any]
"""A blocking client's handler: takes the :class:`TaskCall`, returns the result (any JSON value; ``None`` is null)."""

AsyncTaskHandler = Callable[[AsyncTaskCall], Union[Awaitable[Any], Any]]
"""An asyncio client's handler: an ``async def`` or a plain function taking the :class:`AsyncTaskCall`."""


H = TypeVar("H")


def handled_names(handlers: Mapping[str, Any]) -> List[str]:
    """The task names of a ``tasks.register`` for ``handlers`` (name to handler); raises for a bad name or a handler that cannot be called."""
    names = task_names(list(handlers))
    for name, handler in handlers.items():
        if not callable(handler):
            raise TypeError(f"the handler of task {name!r} is not callable: {handler!r}")
    return names


def is_request(message: Any) -> bool:
    """Whether ``message`` is a request from the daemon (a ``method`` and an ``id``), which must be answered."""
    return isinstance(message, dict) and isinstance(message.get("method"), str) and message.get("id") is not None


def read_task_run(params: Any) -> TaskRunParams:
    """The params of a ``task.run`` request; ``ValueError`` saying what is wrong when they are malformed."""
    if not isinstance(params, dict):
        raise ValueError(f"task.run params must be an object, not {params!r}")
    name = params.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"task.run needs a task name, got {name!r}")
    optional: Dict[str, Optional[str]] = {}
    for member in ("param", "ref", "controller"):
        value = params.get(member)
        if value is not None and not isinstance(value, str):
            raise ValueError(f"task.run's {member} must be a string or null, not {value!r}")
        optional[member] = value
    return {"name": name, "param": optional["param"], "ref": optional["ref"], "controller": optional["controller"]}


def resolve(request: Dict[str, Any], handlers: Mapping[str, H]) -> Union[Dict[str, Any], Tuple[H, TaskRunParams]]:
    """The handler a daemon's request asks for, with the ``task.run`` params; or, when there is none to run,
    the error to answer at once: -32601 for another method, -32005 for a task without a handler, -32602 for bad params."""
    request_id, method = request["id"], request["method"]
    if method != TASK_RUN:
        message = f"Method not found: the client handles no method '{method}'"
        return error_response(request_id, METHOD_NOT_FOUND, message, {"method": method})
    try:
        params = read_task_run(request.get("params"))
    except ValueError as error:
        return error_response(request_id, INVALID_PARAMS, f"Invalid params: {error}")
    handler = handlers.get(params["name"])
    if handler is None:
        message = f"Task not found: the client has no handler for task '{params['name']}'"
        return error_response(request_id, TASK_NOT_FOUND, message, {"task": params["name"]})
    return handler, params


def result_response(request_id: Any, result: Any) -> Dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "result": result}


def error_response(request_id: Any, code: int, message: str, data: Any = None) -> Dict[str, Any]:
    error: Dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return {"jsonrpc": "2.0", "id": request_id, "error": error}


def failure_response(request_id: Any, exception: BaseException) -> Dict[str, Any]:
    """The answer for a handler that raised: a :class:`TaskError`'s message and data, else ``"TypeName: text"``."""
    if isinstance(exception, TaskError):
        return error_response(request_id, HANDLER_ERROR_CODE, exception.message, exception.data)
    text = str(exception)
    message = f"{type(exception).__name__}: {text}" if text else type(exception).__name__
    return error_response(request_id, HANDLER_ERROR_CODE, message)


def encode_answer(response: Dict[str, Any], framing: str) -> bytes:
    """Frames an answer; a result that is not JSON (an object, NaN) becomes an error saying so, so the daemon still hears back."""
    try:
        return framings.encode(response, framing)
    except (TypeError, ValueError) as error:
        failure = failure_response(response.get("id"), error)
        failure["error"]["message"] = f"the handler's result is not JSON: {failure['error']['message']}"
        return framings.encode(failure, framing)
