"""ui.attach and ui.redraw against a real slamd: a renderer's model follows what other clients do.

The model (slam.RemoteUIModel) is built only from the attach result and the
batches; after every action of another client it must equal ``tree`` for every
screen on the stack, asked on the renderer's own connection (whose reply comes
after every batch that precedes it).
"""


import pytest

import slam
from support import same_json


def drain(renderer, model):
    """Applies every batch already received, in order."""
    for notification in renderer.notifications(timeout=0.05):
        assert notification.method == "ui.redraw"
        model.apply(notification.params)


def expect_model_matches(renderer, model, action):
    stack = renderer.controllers()
    drain(renderer, model)
    assert [screen["id"] for screen in model.screens] == [entry["id"] for entry in stack], action
    ids = [screen["id"] for screen in model.screens]
    for index, screen in enumerate(model.screens):
        if len(ids) - 1 - ids[::-1].index(screen["id"]) != index:
            continue  # tree names the topmost screen of an id
        live = renderer.tree(controller=screen["id"])
        drain(renderer, model)
        assert same_json(model.tree(index), live), f"screen {screen['id']} after {action}"
    assert same_json(model.state, renderer.state_list()), f"state after {action}"


def test_the_model_follows_presses_text_navigation_and_keyed_rerenders(slamd):
    renderer = slamd.connect()
    actor = slamd.connect()
    model = slam.RemoteUIModel()
    model.attach(renderer.ui_attach())
    assert [screen["id"] for screen in model.screens] == ["Home"]
    assert model.tree(0)["children"][1]["text"] == "Count: 0"

    actions = [
        ("press +1", lambda: actor.press("increment")),
        ("push Todos", lambda: actor.run_task("push", param="Todos")),
        ("todos", lambda: actor.state_set("todos", [{"id": f"t{n}", "title": f"Task {n}", "done": False} for n in (3, 1, 2)])),
        ("reorder", lambda: actor.state_set("todos", [{"id": f"t{n}", "title": f"Task {n}", "done": n == 2} for n in (2, 3)])),
        ("type a draft", lambda: actor.set_text("draft", "Water the plants")),
        ("add", lambda: actor.press("add")),
        ("pop", lambda: actor.run_task("pop")),
        ("push Settings", lambda: actor.run_task("push", param="Settings")),
        ("switch", lambda: actor.press("wifi")),
        ("name", lambda: actor.set_text("name", "Ada")),
        ("stepper", lambda: actor.press("volume", value="increment")),
        ("pop again", lambda: actor.run_task("pop")),
    ]
    for label, action in actions:
        action()
        expect_model_matches(renderer, model, label)
    assert model.seq >= len(actions) - 1


def test_batches_are_numbered_without_gaps_and_detach_stops_them(slamd):
    renderer = slamd.connect()
    actor = slamd.connect()
    start = renderer.ui_attach()["seq"]
    actor.press("increment")
    actor.press("increment")
    batches = [n.params for n in renderer.notifications(timeout=0.3) if n.method == "ui.redraw"]
    assert [batch["seq"] for batch in batches] == [start + 1, start + 2]
    assert renderer.ui_detach() is True
    actor.press("increment")
    assert list(renderer.notifications(timeout=0.3)) == []
    assert renderer.ui_detach() is False


def test_a_gap_or_an_unknown_node_is_refused_by_the_model(slamd):
    model = slam.RemoteUIModel()
    model.attach(slamd.connect().ui_attach())
    with pytest.raises(slam.RemoteUIError):
        model.apply({"seq": model.seq + 2, "ops": []})
    with pytest.raises(slam.RemoteUIError):
        model.apply({"seq": model.seq + 1, "ops": [{"op": "update", "node": 10**9, "snapshot": {}}]})
