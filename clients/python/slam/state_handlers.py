"""Handlers subscribed to shared state keys: ``@client.on_state("bill")``.

Both clients keep their handlers in a :class:`StateHandlers`: it says which handlers a
``stateChanged`` notification concerns, and what each one gets (the keys it watches that changed,
with their new values), so the blocking and the asyncio client call them alike.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .shapes import EventName

__all__ = ["StateHandler", "AsyncStateHandler"]

STATE_CHANGED: EventName = "stateChanged"
"""The event whose notifications state handlers get."""

StateHandler = Callable[[Dict[str, Any]], Any]
"""A handler: called with the keys it watches that changed, each with its new value (``None`` for null or removed)."""

AsyncStateHandler = Callable[[Dict[str, Any]], Union[Awaitable[Any], Any]]
"""An asyncio client's handler: ``async def`` (awaited) or a plain function."""


def check_keys(keys: Sequence[str]) -> Tuple[str, ...]:
    """The keys a handler watches: at least one, each a non-empty string (``TypeError``/``ValueError`` otherwise)."""
    if not keys:
        raise ValueError("on_state needs at least one state key to watch")
    for key in keys:
        if not isinstance(key, str):
            raise TypeError(f"a state key is a string, not {key!r}")
        if not key:
            raise ValueError("a state key is not empty")
    return tuple(keys)


class StateHandlers:
    """The handlers of one client, in the order they were added."""

    def __init__(self) -> None:
        self._entries: List[Tuple[Tuple[str, ...], Callable[..., Any]]] = []

    def __bool__(self) -> bool:
        return bool(self._entries)

    def add(self, keys: Sequence[str], handler: Callable[..., Any]) -> None:
        if not callable(handler):
            raise TypeError(f"a state handler is callable, not {handler!r}")
        self._entries.append((check_keys(keys), handler))

    def remove(self, handler: Callable[..., Any]) -> bool:
        """Forgets every subscription of ``handler``; returns whether it had one."""
        before = len(self._entries)
        self._entries = [entry for entry in self._entries if entry[1] is not handler]
        return len(self._entries) != before

    def calls(self, params: Any) -> List[Tuple[Callable[..., Any], Dict[str, Any]]]:
        """The handlers a ``stateChanged`` notification's params concern, each with what it gets, in the order they were added."""
        values = params.get("values") if isinstance(params, dict) else None
        if not isinstance(values, dict):
            return []
        found: List[Tuple[Callable[..., Any], Dict[str, Any]]] = []
        for keys, handler in self._entries:
            changed = {key: values[key] for key in keys if key in values}
            if changed:
                found.append((handler, changed))
        return found


def concerns(notification_method: Optional[str], handlers: StateHandlers) -> bool:
    """Whether a notification goes to state handlers rather than the client's queue."""
    return bool(handlers) and notification_method == STATE_CHANGED
