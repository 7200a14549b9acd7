"""Typed shapes of the JSON that the keyboard methods and events carry, for type checkers.

They are plain ``dict`` values at run time (``TypedDict`` only describes them):
``client.key("Tab")["focused"]["ref"]``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, TypedDict

Snapshot = Dict[str, Any]
"""An element's snapshot: ``type``, ``ref``, ``visible`` and its type's properties (``children`` in trees)."""


class KeyOutcome(TypedDict):
    """What ``key`` answers: the key's name, whether anything used it, the top controller, its focused element."""

    key: str
    handled: bool
    controller: Optional[str]
    focused: Optional[Snapshot]


class FocusChanged(TypedDict):
    """The params of a ``focusChanged`` notification: a controller's focus moved from ``previous`` to ``ref``.

    Both are references (or paths, for elements without one); ``None`` for no element.
    """

    controller: str
    ref: Optional[str]
    previous: Optional[str]
