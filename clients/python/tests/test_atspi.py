"""The AT-SPI bridge (slam-a11y) on a real accessibility bus: what Orca and pyatspi see of the demo, and what they do.

Each test runs a private session bus (``dbus-run-session``) with Debian's at-spi2-core; in it
``atspi_probe.py`` (Debian's python3, which has pyatspi) starts the bridge on the test's slamd
(``slam-a11y --enable``, which turns accessibility on), and reads and acts on the bus as
assistive technology would. Needs ``dbus-run-session``, at-spi2-core, python3-pyatspi and PyPI
``accesskit`` (``make python-deps`` installs them; ``.ci/run`` runs it through ``make test``).
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

PROBE = Path(__file__).with_name("atspi_probe.py")
SYSTEM_PYTHON = "/usr/bin/python3"


def _missing_accesskit() -> str:
    try:
        import accesskit  # noqa: F401
    except ImportError:
        return "PyPI accesskit in this environment (pip install 'slam-client[a11y]')"
    return ""


def _missing_bus() -> str:
    if shutil.which("dbus-run-session") is None:
        return "dbus-run-session (apt-get install dbus)"
    if not Path("/usr/libexec/at-spi-bus-launcher").exists():
        return "at-spi2-core (apt-get install at-spi2-core)"
    if subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode != 0:
        return "pyatspi for /usr/bin/python3 (apt-get install python3-pyatspi)"
    return _missing_accesskit()


needs_accesskit = pytest.mark.skipif(bool(_missing_accesskit()), reason=f"needs {_missing_accesskit()}")
needs_bus = pytest.mark.skipif(bool(_missing_bus()), reason=f"needs {_missing_bus()}")


class Probe:
    """The assistive technology side: one JSON request, one JSON answer."""

    def __init__(self, socket_path: str, home: Path, instance: str = "main") -> None:
        # The console script the package installs beside this Python; --enable, as the session is headless;
        # --instance, the test's own instance of the shared daemon.
        bridge = [str(Path(sys.executable).with_name("slam-a11y")), "--enable", "--socket", socket_path, "--instance", instance]
        # The AT-SPI bus launcher keeps IsEnabled in the user's settings (dconf): a home of the test's own
        # leaves the real one alone, and starts every test with accessibility off.
        environment = {**os.environ, "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache")}
        self.process = subprocess.Popen(
            ["dbus-run-session", "--", SYSTEM_PYTHON, str(PROBE), "Slam", *bridge],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment,
        )
        assert self._reply() == {"ready": True}

    def _reply(self) -> dict:
        # The session's daemons (the AT-SPI registry) write to the same output: the probe's lines are marked.
        for line in self.process.stdout:
            if line.startswith("probe: "):
                return json.loads(line[len("probe: "):])
        pytest.fail(f"the probe ended: {self.process.stderr.read()}")

    def ask(self, request: dict) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply = self._reply()
        assert "error" not in reply, reply["error"]
        return reply

    def nodes(self) -> list:
        return self.ask({"op": "dump"})["nodes"]

    def wait_for(self, condition, what: str, deadline: float = 30.0) -> dict:
        """The first node ``condition`` holds for, asking again until it shows (at most ``deadline`` seconds)."""
        give_up = time.monotonic() + deadline
        while True:
            nodes = self.nodes()
            for node in nodes:
                if condition(node):
                    return node
            if time.monotonic() > give_up:
                pytest.fail(f"no {what} on the bus; it shows {[(n['role'], n['name']) for n in nodes]}")
            time.sleep(0.1)

    def node(self, role: str, name: str) -> dict:
        return self.wait_for(lambda node: node["role"] == role and node["name"] == name, f"{role} {name!r}")

    def act(self, node: dict, action: str, value: float = 0) -> None:
        assert self.ask({"op": "act", "path": node["path"], "action": action, "value": value})["done"] is not False

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def probe(slamd, tmp_path):
    probe = Probe(slamd.socket_path, tmp_path, slamd.instance)
    yield probe
    probe.close()


@needs_bus
def test_the_demo_counter_is_seen_and_pressed_through_the_accessibility_bus(slamd, slamd_path, probe):
    probe.wait_for(lambda node: node["role"] == "frame" and node["name"] == "Slam Demo" and "active" in node["states"],
                   "the demo's window, active")
    probe.node("heading", "Counter")
    plus = probe.node("push button", "+1")
    assert "click" in plus["actions"]
    assert "focusable" in plus["states"]
    # AccessKit shows a disabled button as enabled; the bridge at least offers no click on it.
    assert probe.node("push button", "-1")["actions"] == []
    probe.node("paragraph", "Count: 0")

    probe.act(plus, "click")
    probe.node("paragraph", "Count: 1")
    assert slamd.connect().find("count")["text"] == "Count: 1"

    # A press from slamctl shows on the bus: the bridge follows every redraw.
    slamctl = os.path.join(os.path.dirname(slamd_path), "slamctl")
    subprocess.run([slamctl, "--socket", slamd.socket_path, "--instance", slamd.instance, "press", "--role", "button", "--name", "+1"],
                   check=True, capture_output=True, timeout=30)
    probe.node("paragraph", "Count: 2")


@needs_bus
def test_focus_switches_values_and_segments_go_both_ways(slamd, probe):
    client = slamd.connect()
    client.run_task("push", param="Settings")
    probe.node("frame", "Settings")

    wifi = probe.node("toggle button", "Wi-Fi")
    assert "pressed" in wifi["states"]
    probe.act(wifi, "click")
    probe.wait_for(lambda node: node["name"] == "Wi-Fi" and "pressed" not in node["states"], "Wi-Fi off")
    assert client.find("wifi")["isOn"] is False

    volume = probe.node("spin button", "Volume")
    assert volume["value"] == 5
    probe.act(volume, "value", 7)
    probe.wait_for(lambda node: node["name"] == "Volume" and node["value"] == 7, "the volume at 7")
    assert client.find("volume")["value"] == 7

    dark = probe.node("radio button", "Dark")
    assert "checked" not in dark["states"]
    probe.act(dark, "click")
    probe.wait_for(lambda node: node["name"] == "Dark" and "checked" in node["states"], "Dark checked")
    assert client.find("theme")["selectedSegment"] == 1

    field = probe.node("entry", "Name")
    probe.act(field, "focus")
    probe.wait_for(lambda node: node["name"] == "Name" and "focused" in node["states"], "the name field focused")
    assert client.find("name")["focused"] is True

    client.press("wifi")
    probe.wait_for(lambda node: node["name"] == "Wi-Fi" and "pressed" in node["states"], "Wi-Fi on again")
    client.set_text("name", "Ada")
    probe.wait_for(lambda node: node["name"] == "Name" and node["text"] == "Ada", "the name field's text")


@needs_bus
def test_rows_secure_text_and_an_alert_on_the_order_screen(slamd, probe):
    client = slamd.connect()
    client.run_task("push", param="Pickers")
    version = probe.node("table row", "Version")
    assert "selected" not in version["states"]
    probe.act(version, "click")
    probe.wait_for(lambda node: node["name"] == "Version" and "selected" in node["states"], "the Version row selected")
    assert client.find("account")["selectedRows"] == [[1, 0]]

    client.set_text("pin", "1234")
    pin = probe.wait_for(lambda node: node["role"] == "password text" and node["text"], "the PIN's text")
    assert (pin["name"], pin["text"]) == ("PIN", "\u2022" * 4)

    # An alert is the top screen while it shows: its message is the description, its buttons act.
    client.press("placeOrder")
    alert = probe.node("alert", "Place the order?")
    assert alert["description"] == client.tree(controller="confirmOrder")["message"] == "Your card will be charged."
    probe.act(probe.node("push button", "Cancel"), "click")
    probe.node("frame", "Order")
    assert [entry["id"] for entry in client.controllers()] == ["Home", "Pickers"]


def _attached(tree: dict, title: str = "Screen") -> "object":
    import slam
    model = slam.RemoteUIModel()
    model.attach({"seq": 0, "state": {}, "stack": [{"screen": 1, "id": "Screen", "title": title, "modal": False, "tree": tree}]})
    return model


def _element(node: int, type_: str, ref: str, children=(), role: str = "generic", name: str = "", **properties) -> dict:
    return {"type": type_, "ref": ref, "role": role, "name": name, "visible": True, **properties, "node": node,
            "children": list(children)}


@needs_accesskit
def test_the_published_tree_leaves_out_hidden_elements_and_unnamed_views_and_keeps_states():
    import accesskit
    from slam.atspi import WINDOW_ID, element_id, part_id, tree_update

    model = _attached(_element(1, "View", "root", [
        _element(2, "Label", "hidden", role="paragraph", name="Secret", text="Secret", visible=False),
        _element(3, "View", "row", [
            _element(4, "Button", "go", role="button", name="Go", enabled=False, focused=False, text="Go", disabled=True),
            _element(5, "Switch", "wifi", role="switch", name="Wi-Fi", enabled=True, focused=True, isOn=True, checked=True),
        ]),
        _element(6, "SegmentedControl", "theme", role="radiogroup", name="Theme", enabled=True, focused=False,
                 segments=["Light", "Dark"], selectedSegment=1),
        _element(7, "Stepper", "", role="spinbutton", name="Anonymous", enabled=True, focused=False,
                 valueNow=2, valueMin=0, valueMax=4),
    ]), title="Settings")
    update, targets = tree_update(model)
    nodes = dict(update.nodes)
    window = nodes[WINDOW_ID]
    assert window.label == "Settings"
    # The hidden label is gone, and the views without a name leave their children to the window.
    assert list(window.children) == [element_id(4), element_id(5), element_id(6), element_id(7)]
    assert element_id(2) not in nodes and element_id(1) not in nodes and element_id(3) not in nodes
    go = nodes[element_id(4)]
    assert (go.role, go.label, go.is_disabled) == (accesskit.Role.BUTTON, "Go", True)
    assert not go.supports_action(accesskit.Action.CLICK)
    wifi = nodes[element_id(5)]
    assert (wifi.role, wifi.label, wifi.toggled) == (accesskit.Role.SWITCH, "Wi-Fi", accesskit.Toggled.TRUE)
    assert update.focus == element_id(5)
    theme = nodes[element_id(6)]
    assert list(theme.children) == [part_id(6, 0), part_id(6, 1)]
    assert [nodes[part].toggled for part in theme.children] == [accesskit.Toggled.FALSE, accesskit.Toggled.TRUE]
    assert targets[part_id(6, 0)].part_value == 0
    # An element without a reference is shown, with its value, but cannot be acted on.
    anonymous = nodes[element_id(7)]
    assert (anonymous.role, anonymous.numeric_value, anonymous.max_numeric_value) == (accesskit.Role.SPIN_BUTTON, 2, 4)
    assert element_id(7) not in targets and not anonymous.supports_action(accesskit.Action.SET_VALUE)


@needs_accesskit
def test_actions_become_the_calls_a_person_would_make():
    import accesskit
    from slam.atspi import Target, action_calls

    stepper = Target("volume", "Settings", "Stepper", value=5.0, step=1.0)
    where = {"ref": "volume", "controller": "Settings"}
    # A stepper only steps: setting 7 from 5 is two increments, 3 two decrements.
    assert action_calls(stepper, accesskit.Action.SET_VALUE, (accesskit.ActionDataKind.NUMERIC_VALUE, 7.0)) == [
        ("press", {**where, "value": "increment"})] * 2
    assert action_calls(stepper, accesskit.Action.SET_VALUE, (accesskit.ActionDataKind.NUMERIC_VALUE, 3.0)) == [
        ("press", {**where, "value": "decrement"})] * 2
    slider = Target("level", "Settings", "Slider", value=0.5)
    assert action_calls(slider, accesskit.Action.SET_VALUE, (accesskit.ActionDataKind.NUMERIC_VALUE, 0.25)) == [
        ("press", {"ref": "level", "controller": "Settings", "value": 0.25})]
    pages = Target("pages", "Settings", "PageControl", value=1.0)
    assert action_calls(pages, accesskit.Action.SET_VALUE, (accesskit.ActionDataKind.NUMERIC_VALUE, 3.0)) == [
        ("press", {"ref": "pages", "controller": "Settings", "value": 2})]
    row = Target("account", "Pickers", "SectionedTableView", part_value=[1, 0])
    assert action_calls(row, accesskit.Action.CLICK, None) == [
        ("press", {"ref": "account", "controller": "Pickers", "value": [1, 0]})]
    assert action_calls(stepper, accesskit.Action.FOCUS, None) == [("focus", where)]
    assert action_calls(stepper, accesskit.Action.SCROLL_UP, None) == []


@needs_accesskit
def test_a_refused_or_slow_action_does_not_stop_the_ones_after_it():
    import io
    import queue

    from slam.atspi import AccessibilityBridge
    from slam.errors import SlamTimeout

    class Actor:
        def __init__(self):
            self.sent = []

        def call(self, method, params):
            self.sent.append((method, params["ref"]))
            if len(self.sent) == 1:
                raise SlamTimeout("the press is still running")

    bridge = AccessibilityBridge("/nonexistent.sock", log=io.StringIO())
    actor = Actor()
    bridge._actions = queue.Queue()
    for ref in ("slow", "next"):
        bridge._actions.put(("press", {"ref": ref}))
    bridge._actions.put(None)
    bridge._perform_actions(actor)
    assert actor.sent == [("press", "slow"), ("press", "next")]
    assert "the press is still running" in bridge.log.getvalue()


@needs_accesskit
def test_two_stepper_values_set_before_a_redraw_land_on_the_second():
    import io
    import accesskit

    from slam.atspi import AccessibilityBridge, Target

    class Request:
        def __init__(self, value):
            self.target, self.action = 7, accesskit.Action.SET_VALUE
            self.data = (accesskit.ActionDataKind.NUMERIC_VALUE, value)

    bridge = AccessibilityBridge("/nonexistent.sock", log=io.StringIO())
    bridge._targets = {7: Target("volume", "Settings", "Stepper", value=5.0, step=1.0)}
    bridge._requested(Request(7.0))
    bridge._requested(Request(8.0))
    sent = []
    while not bridge._actions.empty():
        sent.append(bridge._actions.get()[1]["value"])
    assert sent == ["increment"] * 3, "5 to 7, then 7 to 8: three steps, not five"
