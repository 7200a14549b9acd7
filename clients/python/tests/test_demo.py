"""Drives the demo app through the typed helpers, as a user of the client would."""

import json
import threading
import time

import pytest

import slam
from support import PROTOCOL_DIRECTORY


def wait_until_the_daemon_has_received(trace_path, method, timeout=30.0):
    """Waits until the daemon's trace records a request for ``method`` (from any client): the
    request has then reached the daemon, however loaded the machine."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(trace_path, encoding="utf-8") as trace:
            for line in trace:
                if json.loads(line).get("message", {}).get("method") == method:
                    return
        time.sleep(0.01)
    raise AssertionError(f"no {method} request reached the daemon within {timeout} s")


def test_press_increment_updates_the_count_label(slam_client):
    assert slam_client.find("count")["text"] == "Count: 0"
    snapshot = slam_client.press("increment")
    assert snapshot["ref"] == "increment"
    assert slam_client.find("count") == {"type": "Label", "ref": "count", "role": "paragraph", "name": "Count: 1",
                                        "visible": True, "text": "Count: 1"}


def test_navigation_pushes_with_a_press_and_pops_with_run_task(slam_client):
    slam_client.press("openSettings")
    assert [controller["id"] for controller in slam_client.controllers()] == ["Home", "Settings"]
    assert slam_client.find("wifiStatus")["text"] == "Wi-Fi is on"
    assert slam_client.run_task("pop") == {"task": "pop", "param": None, "top": "Home"}
    assert slam_client.controllers() == [{"id": "Home", "title": "Slam Demo", "modal": False}]
    with pytest.raises(slam.NavigationRefused):
        slam_client.run_task("pop")


def test_controls_take_values(slam_client):
    slam_client.run_task("push", param="Settings")
    assert slam_client.press("wifi", value=False)["isOn"] is False
    assert slam_client.find("wifiStatus")["text"] == "Wi-Fi is off"
    assert slam_client.press("volume", value="decrement")["value"] == 4.0
    assert slam_client.find("volumeLabel")["text"] == "Volume: 4"
    assert slam_client.press("theme", value=1)["selectedSegment"] == 1
    assert slam_client.find("themeLabel", controller="Settings")["text"] == "Theme: Dark"


def test_set_text_types_into_a_text_field(slam_client):
    slam_client.press("openSettings")
    snapshot = slam_client.set_text("name", "Ada")
    assert snapshot["type"] == "TextField"
    assert snapshot["text"] == "Ada"
    assert slam_client.find("greeting")["text"] == "Hello, Ada"


def test_query_tree_and_updates(slam_client):
    disabled = slam_client.query(type="Button", enabled=False)
    assert [snapshot["ref"] for snapshot in disabled] == ["decrement", "reset"]
    assert [snapshot["ref"] for snapshot in slam_client.query(visible=False)] == ["goal"]
    assert slam_client.query(text="Count: 0", controller="Home")[0]["ref"] == "count"
    tree = slam_client.tree(ref="counterButtons", depth=1)
    assert [child["ref"] for child in tree["children"]] == ["increment", "decrement", "reset"]
    assert "children" not in slam_client.tree(depth=0)
    assert slam_client.update_ui() == {"controller": "Home", "changed": []}
    assert slam_client.reset_ui(ref="counterButtons", controller="Home") == {"controller": "Home", "changed": []}


def test_ping_version_tasks_and_discover(slam_client):
    assert slam_client.ping() == "pong"
    version = slam_client.version()
    assert version["protocolVersion"] == "1.0"
    assert version["capabilities"]["framings"] == ["newline", "contentLength"]
    assert slam_client.tasks() == ["alert", "append", "increment", "pop", "push", "remove", "resetCounter", "set", "toggle", "url"]
    document = json.loads((PROTOCOL_DIRECTORY / "slam.openrpc.json").read_text(encoding="utf-8"))
    assert slam_client.discover() == document


def test_every_protocol_method_has_a_typed_helper_sending_its_params(slam_client, monkeypatch):
    created = {}
    helper_calls = [
        ("ping", lambda client: client.ping()),
        ("version", lambda client: client.version()),
        ("find", lambda client: client.find("count", controller="Home")),
        ("query", lambda client: client.query(type="Label", text="Count: 0", visible=True, enabled=True, controller="Home")),
        ("tree", lambda client: client.tree(ref="root", controller="Home", depth=1)),
        ("updateUI", lambda client: client.update_ui(ref="root", controller="Home")),
        ("resetUI", lambda client: client.reset_ui(ref="root", controller="Home")),
        ("runTask", lambda client: client.run_task("push", param="Settings")),
        ("press", lambda client: client.press("wifi", value=False, controller="Settings")),
        ("setText", lambda client: client.set_text("name", "Ada", controller="Settings")),
        ("typeText", lambda client: client.type_text("name", "!", controller="Settings")),
        ("focus", lambda client: client.focus("wifi", controller="Settings")),
        ("key", lambda client: client.key("Tab")),
        ("waitFor", lambda client: client.wait_for(
            "greeting", property="text", equals="Hello, Ada!", timeout_ms=0, controller="Settings")),
        ("tasks", lambda client: client.tasks()),
        ("tasks.register", lambda client: client.register_task("greet", lambda call: None, timeout_ms=1000)),
        ("tasks.register", lambda client: client.register_tasks({"wave": lambda call: None})),
        ("tasks.unregister", lambda client: client.unregister_task("greet")),
        ("tasks.unregister", lambda client: client.unregister_tasks()),
        ("controllers", lambda client: client.controllers()),
        ("screens", lambda client: client.screens()),
        ("subscribe", lambda client: client.subscribe(["log"])),
        ("unsubscribe", lambda client: client.unsubscribe(["log"])),
        ("rpc.discover", lambda client: client.discover()),
        ("ui.attach", lambda client: client.ui_attach({})),
        ("ui.detach", lambda client: client.ui_detach()),
        ("state.list", lambda client: client.state_list()),
        ("state.get", lambda client: client.state_get("todos")),
        ("state.set", lambda client: client.state_set("todos", [])),
        ("state.set", lambda client: client.state_set_many({"todos": []})),
        ("reset", lambda client: client.reset()),
        ("trace.start", lambda client: client.trace_start()),
        ("trace.stop", lambda client: client.trace_stop()),
        ("snapshot", lambda client: client.snapshot(ref="root", controller="Home", depth=1)),
        ("locator", lambda client: client.locator("count", controller="Home")),
        # Last: the connection ends on an instance it closed.
        ("instance.create", lambda client: created.update(client.instance_create(label="typed helpers"))),
        ("instance.list", lambda client: client.instance_list()),
        ("instance.use", lambda client: client.instance_use(created["instance"])),
        ("instance.close", lambda client: client.instance_close(created["instance"])),
    ]
    assert sorted({method for method, _ in helper_calls}) == sorted(slam_client.version()["capabilities"]["methods"])
    sent_methods = []
    call = slam_client.call
    monkeypatch.setattr(slam_client, "call", lambda method, *rest, **options: sent_methods.append(method) or call(method, *rest, **options))
    for method, helper in helper_calls:
        helper(slam_client)
    assert sent_methods == [method for method, _ in helper_calls]


def test_wait_for_resolves_after_a_press_from_a_second_client(slamd):
    waiter = slamd.connect()
    presser = slamd.connect()
    outcome = {}

    def wait():
        outcome["snapshot"] = waiter.wait_for("count", property="text", equals="Count: 1", timeout_ms=5000)
        outcome["resolved_at"] = time.monotonic()

    trace = presser.trace_start()
    thread = threading.Thread(target=wait)
    thread.start()
    wait_until_the_daemon_has_received(trace, "waitFor")
    assert thread.is_alive(), f"the wait returned before the press: {outcome}"
    pressed_at = time.monotonic()
    presser.press("increment")
    thread.join(5)
    assert not thread.is_alive()
    assert outcome["snapshot"] == {"type": "Label", "ref": "count", "role": "paragraph", "name": "Count: 1",
                                   "visible": True, "text": "Count: 1"}
    assert outcome["resolved_at"] >= pressed_at


def test_wait_for_a_state_that_already_holds_answers_at_once(slam_client):
    assert slam_client.wait_for("increment", state="enabled", timeout_ms=0)["ref"] == "increment"
    assert slam_client.wait_for("nowhere", state="absent", timeout_ms=0) is None
    assert slam_client.wait_for("increment", property="task", equals=None, timeout_ms=0)["task"] is None


def test_wait_for_timing_out_raises_wait_timed_out(slam_client):
    started = time.monotonic()
    with pytest.raises(slam.WaitTimedOut) as caught:
        slam_client.wait_for("goal", state="visible", timeout_ms=100)
    assert time.monotonic() - started >= 0.1
    error = caught.value
    assert error.code == -32008
    assert error.data["ref"] == "goal"
    assert error.data["condition"] == {"state": "visible"}
    assert error.data["timeoutMs"] == 100
    assert error.data["snapshot"]["visible"] is False


def test_wait_for_lasts_longer_than_the_client_timeout(slamd):
    client = slamd.connect(timeout=0.2)
    with pytest.raises(slam.WaitTimedOut):
        client.wait_for("goal", state="visible", timeout_ms=500)


def test_subscribe_then_a_press_yields_changed(slam_client):
    subscribed = slam_client.subscribe(["changed"])
    assert subscribed == {"subscribed": ["changed"], "client": subscribed["client"]}
    slam_client.press("increment")
    notification = next(slam_client.notifications(timeout=2))
    assert notification.method == "changed"
    assert notification.params["controller"] == "Home"
    changes = {snapshot["ref"]: snapshot for snapshot in notification.params["changes"]}
    assert changes["count"]["text"] == "Count: 1"
    assert changes["decrement"]["enabled"] is True


def test_notifications_arriving_during_a_call_are_queued_in_order(slam_client):
    slam_client.subscribe(["changed", "navigated", "taskRan"])
    slam_client.press("increment")
    slam_client.press("openAbout")
    assert slam_client.find("pageTitle")["text"] == "About Slam"
    methods = [notification.method for notification in slam_client.notifications(timeout=0.3)]
    assert methods == ["changed", "navigated", "taskRan"]


def test_subscribe_answers_the_number_this_connections_actions_carry(slamd, slam_client):
    recorder = slamd.connect()
    number = recorder.subscribe(["action"])["client"]
    other = slam_client.subscribe([])["client"]
    assert other != number, "each connection has its own number"
    slam_client.press("increment")
    recorder.press("increment")
    actions = [recorder.next_notification(timeout=5) for _ in range(2)]
    assert [(action.method, action.params["client"]) for action in actions] == [("action", other), ("action", number)]


def test_unsubscribe_stops_notifications(slam_client):
    number = slam_client.subscribe(["changed", "taskRan"])["client"]
    assert slam_client.unsubscribe(["taskRan"]) == {"subscribed": ["changed"], "client": number}
    assert slam_client.unsubscribe() == {"subscribed": [], "client": number}
    slam_client.press("increment")
    with pytest.raises(slam.SlamTimeout):
        slam_client.next_notification(timeout=0.2)


@pytest.mark.slam_own_daemon  # it stops the daemon
def test_a_pending_wait_is_answered_shutting_down_when_the_daemon_stops(slamd):
    waiter = slamd.connect()
    outcome = {}

    def wait():
        try:
            waiter.wait_for("count", property="text", equals="Count: 99", timeout_ms=10000)
        except slam.SlamError as error:
            outcome["error"] = error

    trace = slamd.connect().trace_start()
    thread = threading.Thread(target=wait)
    thread.start()
    wait_until_the_daemon_has_received(trace, "waitFor")
    assert slamd.stop() == 0
    thread.join(5)
    assert isinstance(outcome.get("error"), slam.ShuttingDown), outcome
    assert outcome["error"].code == -32009
    assert outcome["error"].data["ref"] == "count"
