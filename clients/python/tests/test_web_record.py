"""Recording a session driven through the browser page, and replaying it with slamctl run (headless Chromium)."""

from __future__ import annotations

import json
import os
import signal
import subprocess

import pytest

from web_support import missing_browser, screenshots, settle, wait_until

pytestmark = pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")


PLUS_ONE = {"role": "button", "name": "+1"}
WIFI = {"role": "switch", "name": "Wi-Fi"}


def slamctl_program(slamd_path):
    program = os.path.join(os.path.dirname(slamd_path), "slamctl")
    assert os.access(program, os.X_OK), f"slamctl is not built beside {slamd_path}"
    return program


def run_flow(slamd_path, socket_path, flow_path):
    return subprocess.run([slamctl_program(slamd_path), "--socket", socket_path, "run", flow_path],
                          capture_output=True, text=True, timeout=60)


def test_a_session_in_the_page_recorded_by_slamctl_replays_green(page, slamd_path, tmp_path):
    flow_path = tmp_path / "session.json"
    recorder = subprocess.Popen([slamctl_program(slamd_path), "--socket", page.daemon.socket_path, "record", str(flow_path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(flow_path.exists, message="the recorder's reset step")
        # A person uses the page: two presses, Settings, a name typed, Wi-Fi off, back.
        page.top("increment").click()
        page.top("increment").click()
        page.wait_text("count", "Count: 2")
        page.top("openSettings").click()
        page.wait_title("Settings")
        name = page.top("name")
        name.click()
        name.send_keys("Ada")
        wait_until(lambda: page.client.find("name")["text"] == "Ada", message="the name to reach the server")
        page.top("wifi").click()
        wait_until(lambda: page.client.find("wifi")["isOn"] is False, message="Wi-Fi to go off")
        # The last action, not a count of steps: focus steps reach any count before the Wi-Fi press is written.
        wait_until(lambda: any(step.get("press") == WIFI for step in json.loads(flow_path.read_text())["steps"]),
                   message=f"every action recorded: {flow_path.read_text()}")
    finally:
        recorder.send_signal(signal.SIGINT)
        recorder.wait(10)
    recorded = json.loads(flow_path.read_text())["steps"]
    # A click focuses, then presses: the focus steps stay (keys after them go to the focus).
    steps = [step for step in recorded if "focus" not in step]
    # Each element is named by its role and name, unique on its screen.
    assert {"focus": PLUS_ONE} in recorded
    assert steps[0] == {"reset": True}
    assert steps[1:3] == [{"press": PLUS_ONE}, {"press": PLUS_ONE}]
    assert steps[3] == {"press": {"role": "button", "name": "Settings"}}
    texts = [step for step in steps if "text" in step or "typeText" in step or "key" in step]
    assert texts, steps
    assert steps[-1] == {"press": WIFI, "value": False} or steps[-1] == {"press": WIFI}, steps

    # Replayed on the same daemon, whatever state the person left it in: green, and the same end.
    page.client.press("back")
    done = run_flow(slamd_path, page.daemon.socket_path, str(flow_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert page.client.find("count", controller="Home")["text"] == "Count: 2"
    assert page.client.find("name")["text"] == "Ada"
    assert page.client.find("wifi")["isOn"] is False


def test_the_inspector_records_and_asserts_this(page, slamd_path, tmp_path):
    page.css("#inspect-toggle").click()
    page.css("#tab-record").click()
    page.css(".record-button").click()
    wait_until(lambda: page.all(".record-step"), message="the reset step")
    page.top("increment").click()
    page.wait_text("count", "Count: 1")
    page.top("openList").click()
    page.wait_title("Shopping list")
    page.client.press("back")          # another client's action is recorded too
    page.wait_title("Slam Demo")
    # Assert this: select the count label and add an expect step.
    page.css("#tab-elements").click()
    page.script("window.slam.inspector.select(window.slam.model.findByRef('count')[0].node, {reveal: true})")
    page.css(".assert-button").click()
    page.css("#tab-record").click()
    wait_until(lambda: any("expect" in json.loads(item.get_attribute("data-step")) for item in page.all(".record-step")),
               message="the expect step")
    steps = [json.loads(item.get_attribute("data-step")) for item in page.all(".record-step")]
    steps = [step for step in steps if "focus" not in step]
    assert steps == [
        {"reset": True},
        {"press": PLUS_ONE},
        {"press": {"role": "button", "name": "Shopping list"}},
        {"press": {"role": "button", "name": "Back"}},
        # Its name is the text the step checks: found by its reference.
        {"expect": "count", "property": "text", "equals": "Count: 1"},
    ]
    with screenshots("slam-record-") as directory:
        settle(page.driver)
        path = page.screenshot("inspector-record.png", directory)
        if os.environ.get("SLAM_SCREENSHOTS"):
            target = os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs", "screenshots", "inspector-record.png")
            os.replace(path, os.path.abspath(target))
    page.css(".record-button").click()
    flow_path = tmp_path / "inspector.json"
    flow_path.write_text(page.script("return window.slam.inspector.recorder.flow.fileText('inspector')"))
    page.client.press("increment")
    done = run_flow(slamd_path, page.daemon.socket_path, str(flow_path))
    assert done.returncode == 0, done.stdout + done.stderr
