"""The keyboard against the demo app: focus, keys, typing key by key, and press values that are positions."""

import pytest

import slam


def test_tab_focuses_and_enter_presses_the_focused_button(slam_client):
    slam_client.subscribe(["focusChanged"])
    outcome = slam_client.key("Tab")
    assert outcome["key"] == "Tab" and outcome["handled"] is True and outcome["controller"] == "Home"
    assert outcome["focused"]["ref"] == "increment" and outcome["focused"]["focused"] is True
    assert [outcome["handled"] for outcome in slam_client.keys("Enter", "Space")] == [True, True]
    assert slam_client.find("count")["text"] == "Count: 2"
    notification = slam_client.next_notification(timeout=2)
    assert notification.method == "focusChanged"
    changed: slam.FocusChanged = notification.params
    assert changed == {"controller": "Home", "ref": "increment", "previous": None}


def test_focus_moves_the_focus_and_reports_it(slam_client):
    slam_client.subscribe(["focusChanged"])
    snapshot = slam_client.focus("openAbout")
    assert snapshot["ref"] == "openAbout" and snapshot["focused"] is True
    assert slam_client.key("Shift+Tab")["focused"]["ref"] == "openPickers"
    assert [notification.params for notification in slam_client.notifications(timeout=0.3)] == [
        {"controller": "Home", "ref": "openAbout", "previous": None},
        {"controller": "Home", "ref": "openPickers", "previous": "openAbout"},
    ]
    assert slam_client.key("ArrowUp")["handled"] is False


def test_type_text_types_where_the_text_ends_and_tab_moves_on(slam_client):
    slam_client.run_task("push", param="Settings")
    assert slam_client.type_text("name", "Adx")["text"] == "Adx"
    assert slam_client.key("Backspace")["focused"]["text"] == "Ad"
    snapshot = slam_client.type_text("name", "a")
    assert snapshot["text"] == "Ada" and snapshot["focused"] is True
    assert slam_client.find("greeting")["text"] == "Hello, Ada", "the demo's greeting follows each key"
    assert slam_client.key("Tab")["focused"]["ref"] == "pages"
    assert slam_client.find("name")["focused"] is False
    slam_client.keys("ArrowRight", "ArrowRight")
    assert slam_client.find("pageLabel")["text"] == "Page 3 of 3"
    assert slam_client.key("Escape")["controller"] == "Home"


def test_keyboard_errors_have_their_classes(slam_client):
    with pytest.raises(slam.ElementNotInteractive):
        slam_client.focus("count")
    with pytest.raises(slam.ElementDisabled):
        slam_client.focus("decrement", timeout_ms=0)
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.key("Hyper")
    assert caught.value.data["parameter"] == "key"
    with pytest.raises(slam.ElementNotInteractive):
        slam_client.type_text("increment", "x")


def test_press_sends_positions_as_arrays_and_texts_as_strings(slam_client, monkeypatch):
    sent = []
    slam_client.action_timeout_ms = 0  # acting at once sends no timeoutMs
    monkeypatch.setattr(slam_client, "call", lambda method, params=None, **options: sent.append((method, params)) or {})
    slam_client.press("fruit", [0, 2])
    slam_client.press("rows", (1, 0))
    slam_client.press("rows", {"section": 1, "row": 0})
    slam_client.press("due", "2026-11-23")
    slam_client.press("photos", "beach", controller="Gallery")
    assert sent == [
        ("press", {"ref": "fruit", "value": [0, 2]}),
        ("press", {"ref": "rows", "value": [1, 0]}),
        ("press", {"ref": "rows", "value": {"section": 1, "row": 0}}),
        ("press", {"ref": "due", "value": "2026-11-23"}),
        ("press", {"ref": "photos", "value": "beach", "controller": "Gallery"}),
    ]


def test_the_daemon_judges_a_position_for_an_element_that_takes_none(slam_client):
    with pytest.raises(slam.InvalidParams):
        slam_client.press("increment", [0, 1])
    with pytest.raises(slam.InvalidParams):
        slam_client.press("increment", "beach")
    assert slam_client.find("count")["text"] == "Count: 0"


ALERT_STORYBOARD = {
    "initial": "Start",
    "controllers": [
        {"id": "Start", "view": {"type": "View", "ref": "root", "children": [
            {"type": "TextField", "ref": "title", "placeholder": "Title"},
            {"type": "Button", "ref": "discard", "text": "Discard", "style": "destructive", "task": "alert", "param": "confirmDiscard"},
        ]}},
        {"id": "Discarded", "view": {"type": "View", "ref": "root", "children": [
            {"type": "Label", "ref": "done", "text": "Discarded"},
        ]}},
    ],
    "alerts": [
        {"id": "confirmDiscard", "title": "Discard the draft?", "message": "It cannot be undone.", "buttons": [
            {"title": "Discard", "task": "push", "param": "Discarded"},
            {"title": "Keep editing", "style": "cancel"},
        ]},
    ],
}


def test_an_alert_covers_its_screen_until_a_key_or_a_press_answers_it(slamd_factory):
    client = slamd_factory(storyboard=ALERT_STORYBOARD).connect()
    client.type_text("title", "Draft")
    client.press("discard")
    assert client.controllers()[-1] == {"id": "confirmDiscard", "title": "Discard the draft?", "modal": True}
    alert = client.tree()
    assert (alert["type"], alert["title"], alert["message"]) == ("Alert", "Discard the draft?", "It cannot be undone.")
    assert [(button["ref"], button["style"]) for button in alert["children"]] == [("discard", "normal"), ("keepediting", "cancel")]
    with pytest.raises(slam.ElementCovered) as caught:
        client.type_text("title", "!", controller="Start", timeout_ms=0)
    assert caught.value.code == -32012
    assert caught.value.data == {"ref": "title", "controller": "Start", "coveredBy": "confirmDiscard"}
    with pytest.raises(slam.ElementCovered):
        client.focus("discard", controller="Start", timeout_ms=0)
    assert client.key("Escape")["controller"] == "Start", "Escape presses the cancel button"
    assert client.find("title")["text"] == "Draft"

    client.press("discard")
    assert client.key("Enter")["controller"] == "Discarded", "Enter presses the first plain button, whose task pushes"
    assert [controller["id"] for controller in client.controllers()] == ["Start", "Discarded"]
