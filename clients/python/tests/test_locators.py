"""Locators, actionability and reset between tests, through the Python client against the real slamd."""

import threading
import time
from pathlib import Path

import pytest

import slam


def test_a_locator_names_an_element_by_what_a_person_sees(slam_client):
    assert slam_client.find(slam.locate(type="Button", text="Settings"))["ref"] == "openSettings"
    slam_client.press(slam.locate(text="+1"))
    assert slam_client.find(slam.locate(text_matches=r"^Count: \d+$"))["text"] == "Count: 1"
    assert slam_client.find(slam.locate(type="Button", within="counterButtons", nth=-1))["ref"] == "reset"


def test_a_role_locator_names_an_element_as_assistive_technology_does(slam_client):
    assert slam_client.find(slam.by_role("button", name="Settings"))["ref"] == "openSettings"
    assert slam.by_role("button", name="Settings") == {"role": "button", "name": "Settings"}
    assert slam_client.find({"role": "button", "name": "/^shop/i"})["ref"] == "openList"
    menu = slam.by_role("region", name="Menu")
    assert slam_client.find(slam.by_role("button", within=menu, nth=-1))["ref"] == "website"
    slam_client.press(slam.locate(role="button", name="+1"))
    assert slam_client.find("count")["text"] == "Count: 1"
    slam_client.press(slam.by_role("button", name="Settings"))
    assert slam_client.press(slam.by_role("switch", name="/^wi-?fi$/i"), False)["isOn"] is False


def test_a_role_locator_is_as_strict_as_any(slam_client):
    with pytest.raises(slam.AmbiguousLocator) as ambiguous:
        slam_client.find({"name": "Counter"})
    assert [(c["role"], c["name"]) for c in ambiguous.value.data["candidates"]] == [("heading", "Counter"), ("group", "Counter")]
    with pytest.raises(slam.ElementNotFound) as missing:
        slam_client.press(slam.by_role("button", name="Setings"))
    assert missing.value.message.endswith("did you mean button 'openSettings' \"Settings\"?")
    assert missing.value.data["suggestions"][0]["name"] == "Settings"
    with pytest.raises(slam.InvalidParams) as unknown:
        slam_client.find(slam.by_role("buton"))
    assert unknown.value.data["suggestions"] == ["button"] and "switch" in unknown.value.data["roles"]


def test_the_locator_shape_has_every_member_the_protocol_lists(slam_client):
    schema = slam_client.discover()["components"]["schemas"]["Locator"]
    assert set(slam.Locator.__optional_keys__) == set(schema["properties"])


def test_an_ambiguous_locator_lists_its_candidates(slam_client):
    with pytest.raises(slam.AmbiguousLocator) as caught:
        slam_client.press(slam.locate(type="Button", within="counterButtons"))
    assert caught.value.code == -32014
    assert [candidate["ref"] for candidate in caught.value.data["candidates"]] == ["increment", "decrement", "reset"]


def test_a_locator_that_matches_nothing_suggests_the_nearest(slam_client):
    with pytest.raises(slam.ElementNotFound) as caught:
        slam_client.find(slam.locate(type="Button", text="Setings"))
    assert "did you mean Button 'openSettings' \"Settings\"?" in caught.value.message
    assert caught.value.data["suggestions"][0]["ref"] == "openSettings"


def test_a_pattern_that_could_hold_the_daemon_is_refused_saying_why(slam_client):
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.find(slam.locate(text_matches="^(a+)+$"))
    assert caught.value.message.startswith("Invalid params: ref.textMatches: /^(a+)+$/ repeats a group that holds a quantifier")
    assert "nested quantifiers can take exponential time" in caught.value.message
    assert slam_client.ping() == "pong"


def test_a_locator_needs_something_to_match():
    with pytest.raises(ValueError):
        slam.locate(nth=2)
    assert slam.locate(name="Settings") == {"name": "Settings"}


def test_press_waits_until_the_button_is_enabled(slamd):
    tester = slamd.connect()
    person = slamd.connect()
    answers = []
    waiting = threading.Thread(target=lambda: answers.append(tester.press("decrement")))
    waiting.start()
    person.wait_for("count", property="text", equals="Count: 0")
    # The press is held by the daemon while -1 is disabled; +1 enables it.
    threading.Event().wait(0.3)
    person.press("increment")
    waiting.join(10)
    assert answers and answers[0]["ref"] == "decrement"
    assert person.find("count")["text"] == "Count: 0"


def test_a_reference_no_screen_has_fails_at_once_with_the_suggestion(slam_client):
    started = time.monotonic()
    with pytest.raises(slam.ElementNotFound) as caught:
        slam_client.press("incremnt", timeout_ms=30_000)
    took = time.monotonic() - started
    assert took < 5, f"answered at once, not after the 30 s it could wait: {took:.1f} s"
    assert caught.value.message.endswith("did you mean Button 'increment' \"+1\"?")
    assert "condition" not in caught.value.data


def test_a_reference_a_push_will_bring_is_waited_for(slamd):
    tester = slamd.connect()
    person = slamd.connect()
    answers = []
    waiting = threading.Thread(target=lambda: answers.append(tester.press("wifi", False, timeout_ms=30_000)))
    waiting.start()
    threading.Event().wait(0.3)  # not needed for the outcome: the press waits however late it arrives
    person.run_task("push", "Settings")
    waiting.join(30)
    assert answers and answers[0]["ref"] == "wifi" and answers[0]["isOn"] is False


@pytest.mark.parametrize("value, expected", [(None, 5000), ("", 5000), ("30", 30_000), ("1.5", 1500), ("500ms", 500),
                                             ("2s", 2000), ("0", 0)])
def test_slam_timeout_sets_the_clients_default(value, expected, slamd, monkeypatch):
    if value is None:
        monkeypatch.delenv("SLAM_TIMEOUT", raising=False)
    else:
        monkeypatch.setenv("SLAM_TIMEOUT", value)
    assert slam.default_action_timeout_ms() == expected
    assert slamd.connect().action_timeout_ms == expected
    assert slam.AsyncClient(slamd.socket_path).action_timeout_ms == expected  # not connected yet


@pytest.mark.parametrize("value", ["soon", "-1", "601", "nan", "5 s", "1_0", "inf"])
def test_an_unusable_slam_timeout_is_refused_naming_the_variable(value, monkeypatch):
    monkeypatch.setenv("SLAM_TIMEOUT", value)
    with pytest.raises(ValueError, match=f"SLAM_TIMEOUT must be seconds .* not '{value}'"):
        slam.Client("/nonexistent/slamd.sock")
    with pytest.raises(ValueError, match="SLAM_TIMEOUT"):
        slam.AsyncClient("/nonexistent/slamd.sock")


def test_slam_timeout_is_what_acting_calls_send(slamd, monkeypatch):
    monkeypatch.setenv("SLAM_TIMEOUT", "0.2")
    with pytest.raises(slam.ElementDisabled) as caught:
        slamd.connect().press("decrement")
    assert caught.value.message.endswith("(waited 200 ms for 'decrement' to be enabled)")


def test_a_timeout_says_which_condition_failed(slam_client):
    with pytest.raises(slam.ElementDisabled) as caught:
        slam_client.press("decrement", timeout_ms=200)
    assert caught.value.message.endswith("(waited 200 ms for 'decrement' to be enabled)")
    assert caught.value.data["condition"] == "be enabled"
    assert caught.value.data["snapshot"]["enabled"] is False


SHARED_DAEMON_TESTS = """
import os

def test_changes_the_app(slamd, slam_client):
    slam_client.press("increment")
    slam_client.run_task("push", "Settings")
    os.environ["FIRST_PID"] = str(slamd.pid)

def test_finds_it_at_its_launch_state(slamd, slam_client):
    assert str(slamd.pid) == os.environ["FIRST_PID"], "the same daemon"
    assert slam_client.controllers()[-1]["id"] == "Home"
    assert slam_client.find("count")["text"] == "Count: 0"
"""


def test_each_test_begins_at_the_launch_state_on_the_shared_daemon(pytester, monkeypatch):
    pytester.makepyfile(SHARED_DAEMON_TESTS)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.delenv("FIRST_PID", raising=False)
    pytester.runpytest_inprocess("-p", "slam.pytest_plugin").assert_outcomes(passed=2)
    # With a daemon per test, the second test sees another daemon, as asked.
    fresh = pytester.runpytest_inprocess("-p", "slam.pytest_plugin", "--slam-fresh-daemon")
    fresh.assert_outcomes(passed=1, failed=1)
    fresh.stdout.fnmatch_lines(["*the same daemon*"])


@pytest.mark.slam_fresh_daemon
def test_a_marked_test_gets_a_daemon_of_its_own(slamd, _slam_shared_daemon):
    assert _slam_shared_daemon.daemon is None or slamd.pid != _slam_shared_daemon.daemon.pid


def test_screens_lists_what_push_can_open_with_the_storyboards_titles(slamd_factory):
    daemon = slamd_factory(storyboard=str(Path(__file__).resolve().parents[3] / "Examples" / "counter-and-todos.storyboard.json"))
    client = daemon.connect()
    assert client.screens() == [
        {"id": "Home", "title": "Counter", "onStack": True},
        {"id": "Todos", "title": "To-do", "onStack": False},
    ]
    client.state_set("count", 2)  # bound elements still follow the state after titles were read
    assert client.find("count")["text"] == "Count: 2"
