"""A Python client for Slam: talk JSON-RPC 2.0 to ``slamd`` over its Unix domain socket.

Standard library only. ``slam.connect()`` returns a :class:`Client`; the
pytest fixtures that launch ``slamd`` are in ``slam.pytest_plugin``::

    import slam

    with slam.connect() as client:
        client.press("increment")
        print(client.find("count")["text"])
"""

from .client import DEFAULT_ACTION_TIMEOUT_MS, Client, Notification, Ref, connect, default_socket_path, locate
from .remote_ui import RemoteUIError, RemoteUIModel
from .shapes import FocusChanged, KeyOutcome, Snapshot
from .templates import TemplateError, TreeMismatch, assert_tree, diff_lines, match_tree
from .errors import (
    ERROR_CLASSES,
    ControllerNotFound,
    ElementCovered,
    AmbiguousLocator,
    ApplicationReset,
    ElementDisabled,
    ElementHidden,
    ElementNotFound,
    ElementNotInteractive,
    InternalError,
    InvalidParams,
    InvalidRequest,
    MessageTooLarge,
    MethodNotFound,
    NavigationRefused,
    ParseError,
    ShuttingDown,
    SlamConnectionError,
    SlamError,
    SlamProtocolError,
    SlamTimeout,
    StateKeyNotFound,
    TaskFailed,
    TaskNotFound,
    TraceConflict,
    WaitTimedOut,
)

__all__ = [
    "Client",
    "Notification",
    "Ref",
    "DEFAULT_ACTION_TIMEOUT_MS",
    "locate",
    "connect",
    "default_socket_path",
    "RemoteUIModel",
    "RemoteUIError",
    "KeyOutcome",
    "FocusChanged",
    "Snapshot",
    "match_tree",
    "assert_tree",
    "diff_lines",
    "TreeMismatch",
    "TemplateError",
    "ERROR_CLASSES",
    "SlamError",
    "ParseError",
    "InvalidRequest",
    "MethodNotFound",
    "InvalidParams",
    "InternalError",
    "MessageTooLarge",
    "ElementNotFound",
    "ElementNotInteractive",
    "ElementDisabled",
    "ElementHidden",
    "TaskNotFound",
    "ControllerNotFound",
    "NavigationRefused",
    "WaitTimedOut",
    "ShuttingDown",
    "TaskFailed",
    "StateKeyNotFound",
    "ElementCovered",
    "ApplicationReset",
    "AmbiguousLocator",
    "TraceConflict",
    "SlamConnectionError",
    "SlamTimeout",
    "SlamProtocolError",
]
