"""The shared state: state_list, state_get, state_set, state_set_many and the stateChanged event.

Against the storyboard-only example app, whose elements are bound to the keys
count, wifi, todos, draft and selected.
"""

import pytest

import slam
from support import REPOSITORY_ROOT, same_json

COUNTER_AND_TODOS = REPOSITORY_ROOT / "Examples" / "counter-and-todos.storyboard.json"


@pytest.fixture
def state_app(slamd_factory):
    """A daemon hosting the counter-and-todos storyboard."""
    return slamd_factory(storyboard=COUNTER_AND_TODOS)


def test_list_returns_every_key_with_its_initial_value_keys_sorted(state_app):
    values = state_app.connect().state_list()
    assert same_json(values, {"count": 0, "draft": "", "selected": None, "todos": ["Buy milk"], "wifi": True})
    assert list(values) == sorted(values)


def test_set_then_get_and_bound_elements_are_updated_before_the_reply(state_app):
    client = state_app.connect()
    assert client.state_set("count", 3) == ["count"]
    assert same_json(client.state_get("count"), 3)
    assert client.find("count")["text"] == "Count: 3"
    assert client.state_set("count", 3) == [], "an equal value changes nothing"
    client.press("increment")
    assert same_json(client.state_get("count"), 4), "the increment task wrote the state"
    assert client.state_set("todos", [{"id": 1, "title": "Call Ada", "done": False}]) == ["todos"]
    assert same_json(client.state_get("todos"), [{"id": 1, "title": "Call Ada", "done": False}])
    assert client.state_set("selected", None) == []
    assert client.state_get("selected") is None


def test_set_many_writes_every_key_and_returns_those_that_changed_sorted(state_app):
    client = state_app.connect()
    assert client.state_set_many({"wifi": False, "draft": "Call Ada", "count": 0}) == ["draft", "wifi"]
    assert same_json(client.state_list(), {
        "count": 0, "draft": "Call Ada", "selected": None, "todos": ["Buy milk"], "wifi": False,
    })
    assert client.find("wifiStatus")["visible"] is True, "bound to !wifi"
    assert client.state_set_many({"brandNew": {"nested": [1, 2]}}) == ["brandNew"], "a new key is created"
    assert same_json(client.state_get("brandNew"), {"nested": [1, 2]})


def test_an_unknown_key_raises_state_key_not_found_with_the_key(state_app):
    client = state_app.connect()
    with pytest.raises(slam.StateKeyNotFound) as caught:
        client.state_get("nope")
    assert caught.value.code == -32011
    assert caught.value.data == {"key": "nope"}
    assert caught.value.message == "State key not found: no key 'nope' in the shared state"
    assert client.ping() == "pong", "the connection goes on"


def test_giving_both_forms_is_invalid_params_naming_the_parameter(state_app):
    client = state_app.connect()
    with pytest.raises(slam.InvalidParams) as caught:
        client.call("state.set", {"key": "count", "value": 1, "values": {"count": 2}})
    assert caught.value.data["parameter"] == "values"
    with pytest.raises(slam.InvalidParams) as caught:
        client.call("state.set", {"key": "count"})
    assert caught.value.data["parameter"] == "value"


def test_another_client_hears_state_changed_before_the_changed_it_causes(state_app):
    watcher = state_app.connect()
    assert sorted(watcher.subscribe(["stateChanged", "changed"])["subscribed"]) == ["changed", "stateChanged"]
    actor = state_app.connect()
    assert actor.state_set("count", 5) == ["count"]

    state_changed = watcher.next_notification()
    assert state_changed.method == "stateChanged"
    assert same_json(state_changed.params, {"values": {"count": 5}})
    changed = watcher.next_notification()
    assert changed.method == "changed"
    assert {"ref": "count", "text": "Count: 5"}.items() <= next(
        change for change in changed.params["changes"] if change["ref"] == "count"
    ).items()

    actor.state_set("count", 5)
    actor.press("increment")
    following = watcher.next_notification()
    assert following.method == "stateChanged", "setting an equal value sent nothing"
    assert same_json(following.params, {"values": {"count": 6}})
