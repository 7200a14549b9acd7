"""What both clients put on the wire and read from it: request messages, responses, notifications.

The blocking :class:`slam.Client` and the asyncio :class:`slam.AsyncClient` differ in how they wait
(a socket read against a deadline; a reader task settling futures), not in what a message is:
that is written here once. A :class:`Request` is one typed helper's call, as the generated
method table (``_generated_methods``) builds it.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from typing import Any, Callable, Dict, Generic, Iterator, List, Optional, Sequence, Set, TypeVar, Union

from .errors import SlamConnectionError, SlamError, SlamProtocolError
from .shapes import NotificationMethod

T = TypeVar("T")

Params = Union[Dict[str, Any], Sequence[Any], None]
"""A request's params: by name (a dict), by position (a list), or none."""


def _same(result: Any) -> Any:
    return result


def _no_explanation(error: SlamError) -> Optional[Exception]:
    return None


@dataclass(frozen=True)
class Request(Generic[T]):
    """One call of a typed helper: ``method`` with ``params``; ``read`` turns the result into what the helper returns.

    ``wait_ms`` is how long the daemon may wait before answering (``timeoutMs``):
    the client waits that much longer than its own timeout. ``explain`` may turn an
    error response into a more telling exception (``expect_tree``'s :class:`slam.TreeMismatch`),
    raised instead of it; ``None`` keeps the error.
    """

    method: str
    params: Params = None
    read: Callable[[Any], T] = _same
    wait_ms: int = 0
    explain: Callable[[SlamError], Optional[Exception]] = _no_explanation

    def timeout(self, client_timeout: Optional[float]) -> Optional[float]:
        """The timeout of this call for a client whose own is ``client_timeout``: the daemon's wait allowed for."""
        return None if not self.wait_ms or client_timeout is None else client_timeout + self.wait_ms / 1000

    @contextlib.contextmanager
    def explaining(self) -> Iterator[None]:
        """Around the call: an error response :attr:`explain` explains is raised as its explanation instead."""
        try:
            yield
        except SlamError as error:
            explained = self.explain(error)
            if explained is None:
                raise
            # The daemon's error says the same: chained, a test's failure would print it twice (the explanation keeps it).
            raise explained from None


@dataclass(frozen=True)
class Notification:
    """A notification from the daemon: an event name and its params."""

    method: NotificationMethod
    params: Any = None
    """The event's params, shaped as its class says: :class:`slam.Changed` for ``changed``…"""


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


def cannot_connect(socket_path: str, error: OSError) -> SlamConnectionError:
    """The error for a socket nothing listens on, saying how to start a daemon there."""
    return SlamConnectionError(
        f"cannot connect to slamd at {socket_path}: {error.strerror or error}. "
        f"Start it with `slamd --socket {socket_path}` "
        "(in the Slam checkout: `swift run slamd --socket PATH`), or pass the socket it listens on."
    )


def request_message(method: str, params: Params, request_id: Optional[int] = None) -> Dict[str, Any]:
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


def outcome(response: Dict[str, Any]) -> Any:
    """A response's result, or its error as a :class:`SlamError`."""
    if "error" in response:
        return SlamError.from_error_object(response["error"])
    return response.get("result")


def result(response: Dict[str, Any]) -> Any:
    """A response's result; its error raised as a :class:`SlamError`."""
    answer = outcome(response)
    if isinstance(answer, SlamError):
        raise answer
    return answer


def batch_outcomes(response: Any, request_ids: Sequence[int]) -> List[Any]:
    """Each result or :class:`SlamError` of a batch response, in request order; raises an error about the whole batch."""
    if isinstance(response, dict):
        raise SlamError.from_error_object(response["error"])
    by_id = {entry.get("id"): entry for entry in response if isinstance(entry, dict)}
    missing = [request_id for request_id in request_ids if request_id not in by_id]
    if missing:
        raise SlamProtocolError(f"the batch response has no entry for ids {missing}: {response!r}")
    return [outcome(by_id[request_id]) for request_id in request_ids]


def is_notification(message: Any) -> bool:
    """Whether ``message`` is a notification: an object with a ``method`` and no ``id``."""
    return isinstance(message, dict) and "method" in message and "id" not in message


def notification(message: Dict[str, Any]) -> Notification:
    """Wraps a notification message."""
    return Notification(message["method"], message.get("params"))


def is_own_id(value: Any, request_ids: Set[int]) -> bool:
    """Whether ``value`` is one of the client's integer ids (``True`` and ``1.0`` are not ``1``)."""
    return type(value) is int and value in request_ids


def is_null_id_error(message: Any) -> bool:
    """Whether ``message`` is an error response whose ``id`` is null (the daemon could not read the request's id)."""
    return isinstance(message, dict) and "error" in message and "id" in message and message["id"] is None


def answers(message: Any, request_ids: Set[int]) -> bool:
    """Whether ``message`` is a single response to one of ``request_ids``, or an error with a null id."""
    if not isinstance(message, dict) or "method" in message:
        return False
    return is_own_id(message.get("id"), request_ids) or is_null_id_error(message)


def answers_batch(message: Any, request_ids: Set[int]) -> bool:
    """Whether ``message`` is the response to the batch of ``request_ids``, or an error with a null id."""
    if isinstance(message, list):
        return any(isinstance(entry, dict) and is_own_id(entry.get("id"), request_ids) for entry in message)
    return is_null_id_error(message)


def response_ids(message: Any) -> Set[int]:
    """The client ids a response or batch response answers."""
    entries = message if isinstance(message, list) else [message]
    return {
        entry["id"]
        for entry in entries
        if isinstance(entry, dict) and "method" not in entry and type(entry.get("id")) is int
    }
