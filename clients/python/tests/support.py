"""Shared by the tests: paths in the checkout, a small storyboard, strict JSON equality."""

from pathlib import Path
from typing import Any

REPOSITORY_ROOT = Path(__file__).resolve().parents[3]
PROTOCOL_DIRECTORY = REPOSITORY_ROOT / "Protocol"

TEST_STORYBOARD = {
    "initial": "Start",
    "controllers": [
        {
            "id": "Start",
            "title": "Start",
            "view": {
                "type": "View",
                "ref": "root",
                "children": [
                    {"type": "Label", "ref": "heading", "text": "Welcome"},
                    {"type": "Button", "ref": "next", "text": "Next", "task": "push", "param": "Second", "autoUI": True},
                    {"type": "Switch", "ref": "flag", "isOn": False},
                ],
            },
        },
        {
            "id": "Second",
            "title": "Second",
            "view": {
                "type": "View",
                "ref": "root",
                "children": [
                    {"type": "Label", "ref": "arrived", "text": "You made it"},
                    {"type": "Button", "ref": "back", "text": "Back", "task": "pop"},
                ],
            },
        },
    ],
}
"""A two-controller storyboard, after ``testStoryboard`` in the Swift daemon tests."""


def same_json(left: Any, right: Any) -> bool:
    """Equal JSON values, objects compared without regard to key order.

    Stricter than ``==``: ``1``, ``1.0`` and ``True`` differ, as they do on the wire.
    """
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(same_json(value, right[key]) for key, value in left.items())
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(same_json(a, b) for a, b in zip(left, right))
    return type(left) is type(right) and left == right
