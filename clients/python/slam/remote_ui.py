"""A renderer's model of a Slam UI, kept up to date from ``ui.attach`` and ``ui.redraw``.

Renderers in Python (a GUI, a terminal UI, a test) use it as the browser page
uses its own: attach, then apply every batch in order::

    model = RemoteUIModel()
    model.attach(client.ui_attach())
    for notification in client.notifications(timeout=1):
        if notification.method == "ui.redraw":
            model.apply(notification.params)
    print(model.tree(-1))  # the top screen, as ``tree`` returns it
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional


class RemoteUIError(Exception):
    """A batch that does not follow from the model (a gap in ``seq``, an unknown node)."""


class RemoteUIModel:
    """Nodes by number, each with its snapshot and children; the screens of the stack; the shared state."""

    def __init__(self) -> None:
        self.seq = 0
        self.screens: List[Dict[str, Any]] = []
        self.state: Dict[str, Any] = {}
        self.nodes: Dict[int, Dict[str, Any]] = {}

    def attach(self, result: Mapping[str, Any]) -> None:
        """Replaces the whole model with a ``ui.attach`` result."""
        self.nodes = {}
        self.seq = result["seq"]
        self.state = dict(result["state"])
        self.screens = [self._screen(entry) for entry in result["stack"]]

    def apply(self, params: Mapping[str, Any]) -> None:
        """Applies one ``ui.redraw`` batch; it must be the one after the last."""
        if params["seq"] != self.seq + 1:
            raise RemoteUIError(f"batch {params['seq']} does not follow {self.seq}")
        self.seq = params["seq"]
        for op in params["ops"]:
            kind = op["op"]
            if kind == "stack":
                known = {screen["screen"]: screen for screen in self.screens}
                screens = []
                for entry in op["stack"]:
                    if "tree" in entry:
                        screens.append(self._screen(entry))
                    else:
                        screen = known[entry["screen"]]
                        screen["title"] = entry["title"]
                        screens.append(screen)
                kept = {screen["screen"] for screen in screens}
                for screen in self.screens:
                    if screen["screen"] not in kept:
                        self._forget(screen["root"])
                self.screens = screens
            elif kind == "state":
                self.state.update(op["values"])
                for key in op.get("removed", []):  # keys the state no longer holds (after a reset)
                    self.state.pop(key, None)
            elif kind == "remove":
                node = self._node(op["node"])
                self.nodes[node["parent"]]["children"].remove(op["node"])
                self._forget(op["node"])
            elif kind == "insert":
                parent = self._node(op["parent"])
                parent["children"].insert(op["index"], self._add(op["tree"], op["parent"]))
            elif kind == "move":
                node = self._node(op["node"])
                siblings = self.nodes[node["parent"]]["children"]
                siblings.remove(op["node"])
                siblings.insert(op["index"], op["node"])
            elif kind == "update":
                self._node(op["node"])["snapshot"] = dict(op["snapshot"])
            else:
                raise RemoteUIError(f"unknown operation {op!r}")

    def tree(self, index: int) -> Dict[str, Any]:
        """The tree of the screen at ``index`` in the stack (``-1``: the top), as ``tree`` returns it."""
        return self._tree(self.screens[index]["root"])

    def _tree(self, number: int) -> Dict[str, Any]:
        node = self.nodes[number]
        tree = dict(node["snapshot"])
        tree["children"] = [self._tree(child) for child in node["children"]]
        return tree

    def _node(self, number: int) -> Dict[str, Any]:
        if number not in self.nodes:
            raise RemoteUIError(f"unknown node {number}")
        return self.nodes[number]

    def _screen(self, entry: Dict[str, Any]) -> Dict[str, Any]:
        return {"screen": entry["screen"], "id": entry["id"], "title": entry["title"], "modal": entry["modal"],
                "root": self._add(entry["tree"], None)}

    def _add(self, tree: Dict[str, Any], parent: Optional[int]) -> int:
        snapshot = {key: value for key, value in tree.items() if key not in ("node", "children")}
        number: int = tree["node"]
        self.nodes[number] = {"snapshot": snapshot, "children": [], "parent": parent}
        self.nodes[number]["children"] = [self._add(child, number) for child in tree["children"]]
        return number

    def _forget(self, number: int) -> None:
        node = self.nodes.pop(number, None)
        if node:
            for child in node["children"]:
                self._forget(child)
