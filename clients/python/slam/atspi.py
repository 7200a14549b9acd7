"""Publishes a running slamd's top screen on the Linux accessibility bus (AT-SPI), for Orca and AT-SPI tools.

The bridge is a renderer: it attaches (``ui.attach``), keeps a :class:`slam.RemoteUIModel`
up to date from ``ui.redraw``, and after every batch publishes the top screen through
AccessKit's Unix adapter (PyPI ``accesskit``, which speaks AT-SPI over D-Bus itself,
without ATK or a window). What assistive technology asks of an element comes back to the
daemon as a client's call on a second connection: a click is ``press`` (a button, a
switch, a segment, a row), setting a value is ``press`` with the number (a slider, a page
control) or with ``"increment"``/``"decrement"`` (a stepper), grabbing the focus is ``focus``.

Run it with ``slam-a11y`` (``pip install 'slam-client[a11y]'``); ``slam-a11y --help`` says how.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import queue
import subprocess
import sys
import threading
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

try:
    import accesskit  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as error:  # the optional extra is missing
    raise ImportError(
        "slam.atspi needs AccessKit's Python bindings: pip install 'slam-client[a11y]' (or pip install accesskit)"
    ) from error

import slam

from .client import Client
from .errors import SlamConnectionError, SlamError, SlamProtocolError, SlamTimeout
from .remote_ui import RemoteUIModel

# Each WAI-ARIA role the daemon reports, as AccessKit names it; AccessKit maps these onto
# AT-SPI roles as Core-AAM says (switch: a toggle button, grid: a table, region: a landmark…).
ACCESSKIT_ROLES: Dict[str, str] = {
    "alertdialog": "ALERT_DIALOG",
    "article": "ARTICLE",
    "button": "BUTTON",
    "document": "DOCUMENT",
    "generic": "GENERIC_CONTAINER",
    "grid": "GRID",
    "gridcell": "CELL",
    "group": "GROUP",
    "heading": "HEADING",
    "list": "LIST",
    "listbox": "LIST_BOX",
    "listitem": "LIST_ITEM",
    "option": "LIST_BOX_OPTION",
    "paragraph": "PARAGRAPH",
    "progressbar": "PROGRESS_INDICATOR",
    "radio": "RADIO_BUTTON",
    "radiogroup": "RADIO_GROUP",
    "region": "REGION",
    "row": "ROW",
    "rowgroup": "ROW_GROUP",
    "slider": "SLIDER",
    "spinbutton": "SPIN_BUTTON",
    "switch": "SWITCH",
    "tab": "TAB",
    "table": "TABLE",
    "tablist": "TAB_LIST",
    "textbox": "TEXT_INPUT",
}

TOOLKIT_NAME = "Slam"
"""The toolkit the published application reports (AT-SPI ``Application.ToolkitName``); its name is the interpreter's."""

WINDOW_ID = 0
"""The AccessKit node of the window that holds the top screen (its name: the screen's title)."""

_ROW_HEIGHT = 32.0
_WIDTH = 480.0


def element_id(node: int) -> int:
    """The AccessKit node id of the element the daemon numbers ``node``; its parts follow it (see :func:`part_id`)."""
    return (node + 1) << 32


def part_id(node: int, index: int) -> int:
    """The AccessKit node id of part ``index`` (a segment, a row, a section…) of element ``node``."""
    return element_id(node) | (index + 1)


def aria_role(snapshot: Mapping[str, Any]) -> str:
    """The element's WAI-ARIA role as its snapshot reports it; ``generic`` for one AT-SPI has no role for."""
    role = snapshot.get("role")
    return role if isinstance(role, str) and role in ACCESSKIT_ROLES else "generic"


@dataclass(frozen=True)
class Target:
    """What an action on one published node becomes: the element's reference, its screen, and the press value of a part."""

    ref: str
    controller: str
    type: str
    part_value: Any = None
    value: Optional[float] = None
    step: Optional[float] = None


class _Tree:
    """One TreeUpdate in the making: nodes in order, each with fake bounds one row below the last."""

    def __init__(self) -> None:
        self.nodes: List[Tuple[int, Any]] = []
        self.targets: Dict[int, Target] = {}
        self.focus = WINDOW_ID

    def add(self, number: int, node: Any) -> None:
        # Bounds give every node AT-SPI's Component interface, through which a tool grabs the focus.
        top = len(self.nodes) * _ROW_HEIGHT
        node.set_bounds(accesskit.Rect(0.0, top, _WIDTH, top + _ROW_HEIGHT))
        self.nodes.append((number, node))


def _new_node(accesskit_role: str, name: str) -> Any:
    node = accesskit.Node(getattr(accesskit.Role, accesskit_role))
    if name:
        node.set_label(name)
    return node


def _number(snapshot: Mapping[str, Any], key: str) -> Optional[float]:
    value = snapshot.get(key)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def tree_update(model: RemoteUIModel) -> Tuple[Any, Dict[int, Target]]:
    """The top screen of ``model`` as an AccessKit ``TreeUpdate`` (the whole tree), and the action target of each node."""
    tree = _Tree()
    window = accesskit.Node(accesskit.Role.WINDOW)
    if model.screens:
        screen = model.screens[-1]
        window.set_label(screen["title"] or screen["id"])
        tree.add(WINDOW_ID, window)
        window.set_children(_publish(model, screen["root"], screen["id"], tree))
    else:
        tree.add(WINDOW_ID, window)
    update = accesskit.TreeUpdate(tree.focus)
    published = accesskit.Tree(WINDOW_ID)
    published.toolkit_name = TOOLKIT_NAME
    published.toolkit_version = slam.__version__
    update.tree = published
    for number, node in tree.nodes:
        update.nodes.append((number, node))
    return update, tree.targets


def _publish(model: RemoteUIModel, number: int, controller: str, tree: _Tree) -> List[int]:
    """Adds element ``number`` (and what it holds) to ``tree``; the ids its parent lists as children.

    A hidden element is left out with its subtree; an unnamed generic view is left out and its
    children move up, as in the accessibility snapshot.
    """
    entry = model.nodes[number]
    snapshot = entry["snapshot"]
    if snapshot.get("visible") is False:
        return []
    role = aria_role(snapshot)
    name = str(snapshot.get("name", ""))
    children = [child for index in entry["children"] for child in _publish(model, index, controller, tree)]
    if role == "generic" and not name:
        return children
    identifier = element_id(number)
    secure = snapshot.get("type") == "TextField" and snapshot.get("secure")
    node = _new_node("PASSWORD_INPUT" if secure else ACCESSKIT_ROLES[role], name)
    tree.add(identifier, node)
    ref = snapshot.get("ref")
    value = _number(snapshot, "valueNow")
    # Only an element with a reference can be named in a call (as on the page); anonymous ones have "".
    target = (Target(ref, controller, snapshot.get("type", ""), value=value, step=_number(snapshot, "stepValue"))
              if isinstance(ref, str) and ref else None)
    _describe(node, snapshot)
    node.set_children(_parts(snapshot, number, tree, target) + children)
    if snapshot.get("focused") is True:
        tree.focus = identifier
    if target is not None:
        tree.targets[identifier] = target
        if "focused" in snapshot:
            node.add_action(accesskit.Action.FOCUS)
        # AccessKit's AT-SPI adapter shows a disabled button as enabled: at least it offers no click.
        if role in ("button", "switch") and not snapshot.get("disabled"):
            node.add_action(accesskit.Action.CLICK)
        if role in ("slider", "spinbutton") and value is not None:
            node.add_action(accesskit.Action.SET_VALUE)
    return [identifier]


def _describe(node: Any, snapshot: Mapping[str, Any]) -> None:
    """Sets the states and values the snapshot reports on ``node``."""
    description = snapshot.get("description")
    if isinstance(description, str) and description:
        node.set_description(description)
    if snapshot.get("disabled") is True:
        node.set_disabled()
    if "checked" in snapshot:
        node.set_toggled(accesskit.Toggled.TRUE if snapshot["checked"] else accesskit.Toggled.FALSE)
    level = snapshot.get("level")
    if isinstance(level, int) and not isinstance(level, bool):
        node.set_level(level)
    if snapshot.get("type") == "TextField" and snapshot.get("placeholder"):
        node.set_placeholder(snapshot["placeholder"])
    now = _number(snapshot, "valueNow")
    if now is not None:
        node.set_numeric_value(now)
        low, high, step = _number(snapshot, "valueMin"), _number(snapshot, "valueMax"), _number(snapshot, "stepValue")
        if low is not None:
            node.set_min_numeric_value(low)
        if high is not None:
            node.set_max_numeric_value(high)
        if step:
            node.set_numeric_value_step(step)


def _parts(snapshot: Mapping[str, Any], number: int, tree: _Tree, target: Optional[Target]) -> List[int]:
    """Adds the parts an element shows as nodes of their own (segments, rows, options, cells); their ids.

    A part that can be chosen carries the value a ``press`` on its element takes to choose it.
    """
    kind = snapshot.get("type")
    count = [0]

    def part(role: str, name: str, value: Any = None, selected: Optional[bool] = None,
             checked: Optional[bool] = None, children: Sequence[int] = ()) -> int:
        identifier = part_id(number, count[0])
        count[0] += 1
        node = _new_node(ACCESSKIT_ROLES[role], name)
        if selected is not None:
            node.set_selected(selected)
        if checked is not None:
            node.set_toggled(accesskit.Toggled.TRUE if checked else accesskit.Toggled.FALSE)
        if children:
            node.set_children(list(children))
        if target is not None and value is not None:
            node.add_action(accesskit.Action.CLICK)
            tree.targets[identifier] = Target(target.ref, target.controller, target.type, part_value=value)
        tree.add(identifier, node)
        return identifier

    shown = _shown_text(snapshot)
    if shown is not None:
        # AccessKit gives an element AT-SPI's Text interface from its text runs: one run, the whole text.
        identifier = part_id(number, 0)
        run = accesskit.Node(accesskit.Role.TEXT_RUN)
        run.set_value(shown)
        run.set_character_lengths([len(character.encode("utf-8")) for character in shown])
        run.set_word_lengths([len(word) for word in _words(shown)])
        tree.add(identifier, run)
        return [identifier]
    if kind == "SegmentedControl":
        chosen = snapshot.get("selectedSegment")
        return [part("radio", _text(title), index, checked=index == chosen)
                for index, title in enumerate(snapshot.get("segments") or [])]
    if kind == "SingleItemTableView":
        chosen = snapshot.get("selectedRow")
        return [part("listitem", _text(item), index, selected=index == chosen)
                for index, item in enumerate(snapshot.get("items") or [])]
    if kind == "SectionedTableView":
        chosen = {tuple(position) for position in snapshot.get("selectedRows") or [] if isinstance(position, list)}
        return [part("rowgroup", _text(section.get("header")), children=[
                    part("row", _text(row.get("text") if isinstance(row, dict) else row), [section_index, row_index],
                         selected=(section_index, row_index) in chosen)
                    for row_index, row in enumerate(section.get("rows") or [])])
                for section_index, section in enumerate(snapshot.get("sections") or [])]
    if kind == "PickerView":
        chosen = list(snapshot.get("selectedRows") or [])
        return [part("listbox", f"Component {component_index + 1}", children=[
                    part("option", _text(row), [component_index, row_index],
                         selected=component_index < len(chosen) and chosen[component_index] == row_index)
                    for row_index, row in enumerate(component or [])])
                for component_index, component in enumerate(snapshot.get("components") or [])]
    if kind == "CollectionView":
        chosen = set(snapshot.get("selectedKeys") or [])
        return [part("row", _text(section.get("header")), children=[
                    part("gridcell", _text(item.get("text")), item.get("key"), selected=item.get("key") in chosen)
                    for item in section.get("items") or [] if isinstance(item, dict)])
                for section in snapshot.get("sections") or []]
    return []


def _shown_text(snapshot: Mapping[str, Any]) -> Optional[str]:
    """The text a screen reader reads in the element: a text field's (bullets when secure), else a value that is text."""
    if snapshot.get("type") == "TextField":
        text = _text(snapshot.get("text"))
        return "\u2022" * len(text) if snapshot.get("secure") else text
    if "valueText" in snapshot and "valueNow" not in snapshot:
        return _text(snapshot["valueText"])
    return None


def _words(text: str) -> List[str]:
    """``text`` cut into words, each with the spaces after it (AccessKit's word lengths cover every character)."""
    words: List[str] = []
    for character in text:
        if words and (character.isspace() or not words[-1][-1].isspace()):
            words[-1] += character
        else:
            words.append(character)
    return words


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def action_calls(target: Target, action: Any, data: Any) -> List[Tuple[str, Dict[str, Any]]]:
    """The daemon calls (method and params) that an AccessKit action on ``target`` stands for; none for one it has not."""
    params: Dict[str, Any] = {"ref": target.ref, "controller": target.controller}
    if action == accesskit.Action.FOCUS:
        return [("focus", params)]
    if action == accesskit.Action.CLICK:
        if target.part_value is not None:
            params["value"] = target.part_value
        return [("press", params)]
    if action in (accesskit.Action.INCREMENT, accesskit.Action.DECREMENT):
        params["value"] = "increment" if action == accesskit.Action.INCREMENT else "decrement"
        return [("press", params)]
    if action != accesskit.Action.SET_VALUE:
        return []
    wanted = _action_number(data)
    if wanted is None:
        text = _action_text(data)
        if text is None or target.type != "TextField":
            return []
        return [("setText", {**params, "text": text})]
    if target.type == "Stepper":
        # A stepper only steps: as many steps toward the value asked for as it is away.
        if target.value is None:
            return []
        steps = int(round(abs(wanted - target.value) / (target.step or 1.0)))
        direction = "increment" if wanted > target.value else "decrement"
        return [("press", {**params, "value": direction})] * steps
    if target.type == "PageControl":
        return [("press", {**params, "value": int(round(wanted)) - 1})]
    return [("press", {**params, "value": wanted})]


def _action_number(data: Any) -> Optional[float]:
    # AccessKit hands action data over as a (kind, value) pair.
    if isinstance(data, tuple) and len(data) == 2 and data[0] == accesskit.ActionDataKind.NUMERIC_VALUE:
        return float(data[1])
    return None


def _action_text(data: Any) -> Optional[str]:
    if isinstance(data, tuple) and len(data) == 2 and data[0] == accesskit.ActionDataKind.VALUE:
        return str(data[1])
    return None


class AccessibilityBridge:
    """Mirrors a daemon's top screen on the accessibility bus until the daemon goes away or :meth:`stop` is called.

    ``socket_path`` is the daemon's socket (default: the clients' default). Actions from
    assistive technology run on a second connection, one at a time, in the order they came;
    an action the daemon refuses is reported on standard error and changes nothing.
    """

    def __init__(self, socket_path: Optional[str] = None, log: Any = None, instance: Optional[str] = None) -> None:
        self.socket_path = socket_path
        self.instance = instance
        self.log = log if log is not None else sys.stderr
        self.model = RemoteUIModel()
        self._targets: Dict[int, Target] = {}
        self._actions: "queue.Queue[Optional[Tuple[str, Dict[str, Any]]]]" = queue.Queue()
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._active = threading.Event()
        self._renderer: Optional[Client] = None
        self._adapter: Any = None

    def run(self) -> None:
        """Attaches, publishes, and follows every batch; returns when the daemon closes the connection or on :meth:`stop`."""
        self._renderer = Client(self.socket_path, timeout=None, instance=self.instance)
        # No client-side timeout for actions: a press whose task a slow client runs is answered when it ends.
        actor = Client(self.socket_path, timeout=None, instance=self.instance)
        worker = threading.Thread(target=self._perform_actions, args=(actor,), name="slam-a11y-actions", daemon=True)
        worker.start()
        try:
            with self._lock:
                self.model.attach(self._renderer.ui_attach())
            self._adapter = accesskit.unix.Adapter(self._activated, self._requested, self._deactivated)
            told_focus = False
            while not self._stopped.is_set():
                # The adapter calls _activated holding a lock of its own that every adapter method takes,
                # while this thread holds the interpreter's: the adapter is called only while active.
                active = self._active.is_set()
                if active and not told_focus:
                    # Headless there is no window manager: the window is the active one, so focus shows.
                    self._adapter.update_window_focus_state(True)
                    told_focus = True
                try:
                    notification = self._renderer.next_notification(timeout=0.2)
                except SlamTimeout:
                    continue
                except SlamConnectionError:
                    break
                if notification.method == "ui.redraw":
                    with self._lock:
                        self.model.apply(notification.params)
                        update = self._update() if self._active.is_set() else None
                    if update is not None:
                        # Outside the lock: the adapter's thread takes it in _activated.
                        self._adapter.update_if_active(lambda: update)
        finally:
            # Withdraw the screens from the bus: what stays published would offer actions nobody sends.
            self._stopped.set()
            with self._lock:
                self._adapter = None
                self._targets = {}
            self._actions.put(None)
            worker.join(timeout=5)
            actor.close()
            self._renderer.close()

    def stop(self) -> None:
        """Makes :meth:`run` return (within a fraction of a second)."""
        self._stopped.set()

    def _update(self) -> Any:
        update, targets = tree_update(self.model)
        self._targets = targets
        return update

    def _activated(self) -> Any:
        # Called on the adapter's thread when assistive technology turns up: the whole tree as it is now.
        with self._lock:
            update = self._update()
            self._active.set()
            return update

    def _deactivated(self) -> None:
        self._active.clear()

    def _requested(self, request: Any) -> None:
        if self._stopped.is_set():
            print(f"slam-a11y: stopped; {request.action} on node {request.target} is not sent", file=self.log, flush=True)
            return
        with self._lock:
            target = self._targets.get(request.target)
            calls = action_calls(target, request.action, request.data) if target is not None else []
            if target is not None and target.type == "Stepper" and calls and calls[0][1].get("value") in ("increment", "decrement"):
                # The steps are queued: a second set-value before the redraw counts from where these lead.
                wanted = _action_number(request.data)
                if wanted is not None:
                    self._targets[request.target] = dataclasses.replace(target, value=wanted)
        if not calls:
            print(f"slam-a11y: nothing to do for {request.action} on node {request.target}", file=self.log, flush=True)
        for call in calls:
            self._actions.put(call)

    def _perform_actions(self, actor: Client) -> None:
        while True:
            call = self._actions.get()
            if call is None:
                return
            method, params = call
            try:
                actor.call(method, params)
            except SlamConnectionError as error:
                # The daemon is gone: the bridge ends (run() sees the same on its own connection).
                print(f"slam-a11y: {method} {params['ref']}: {error}", file=self.log, flush=True)
                self.stop()
                return
            except (SlamError, SlamTimeout, SlamProtocolError) as error:
                # One refused or slow action must not stop the ones assistive technology sends next.
                print(f"slam-a11y: {method} {params['ref']}: {error}", file=self.log, flush=True)


def enable_accessibility_bus() -> bool:
    """Tells the session bus that assistive technology is on (``org.a11y.Status.IsEnabled``); whether it took.

    A desktop sets it when a screen reader starts; a headless session (``dbus-run-session``,
    a test, a container) must set it itself, or no toolkit publishes anything.
    """
    command = ["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
               "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
               "variant:boolean:true"]
    try:
        return subprocess.run(command, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``slam-a11y``: publishes a running slamd's screens on the accessibility bus until the daemon stops."""
    parser = argparse.ArgumentParser(
        prog="slam-a11y",
        description="Publish a running slamd's top screen on the Linux accessibility bus (AT-SPI), "
                    "so that Orca, Accerciser, dogtail and pyatspi see it and act on it.")
    parser.add_argument("--socket", help="the daemon's socket (default: $SLAM_SOCKET, else the default slamd's)")
    parser.add_argument("--instance", default=os.environ.get("SLAM_INSTANCE") or None,
                        help="the daemon's instance to publish (default: $SLAM_INSTANCE, else main; slamctl instances lists them)")
    parser.add_argument("--enable", action="store_true",
                        help="turn accessibility on for the session bus first (org.a11y.Status.IsEnabled), "
                             "as a headless session needs")
    arguments = parser.parse_args(argv)
    if arguments.enable and not enable_accessibility_bus():
        print("slam-a11y: could not set org.a11y.Status.IsEnabled (is at-spi2-core installed and a session bus running?)",
              file=sys.stderr)
        return 1
    bridge = AccessibilityBridge(arguments.socket, instance=arguments.instance)
    try:
        bridge.run()
    except SlamConnectionError as error:
        print(f"slam-a11y: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
