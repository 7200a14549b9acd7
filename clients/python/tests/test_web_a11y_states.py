"""The page's accessibility beyond the demo's screens: the colours an audit of the demo never meets
(a destructive alert button, the inspector's event log, the reconnect banner) and ARIA states that
follow a change another client makes.

Skipped only when Chromium, chromedriver, selenium or axe-core are missing.
"""

from __future__ import annotations

import pytest

from test_web_a11y import audit, color_scheme, missing, readable
from web_support import opened_page, settle, wait_until

DESKTOP = (1280, 860)

STORYBOARD = {
    "initial": "Home",
    "state": {"done": False},
    "alerts": [{"id": "clear", "title": "Clear the list?", "message": "This cannot be undone.", "buttons": [
        {"title": "Clear", "style": "destructive", "task": "set", "param": "done=true"},
        {"title": "Keep", "style": "cancel"}]}],
    "controllers": [{"id": "Home", "title": "Home", "view": {"type": "View", "ref": "root", "children": [
        {"type": "Label", "ref": "title", "text": "Lists", "heading": 1},
        {"type": "Switch", "ref": "wifi", "label": "Wi-Fi", "isOn": True},
        {"type": "Stepper", "ref": "volume", "label": "Volume", "minimumValue": 0, "maximumValue": 10, "value": 5},
        {"type": "Button", "ref": "remove", "text": "Clear…", "style": "destructive", "task": "alert", "param": "clear"},
        {"type": "Button", "ref": "more", "text": "More", "task": "push", "param": "More"}]}},
        {"id": "More", "title": "More", "view": {"type": "View", "ref": "root", "children": [
            {"type": "Button", "ref": "back", "text": "Back", "task": "pop"}]}}],
}

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


@pytest.fixture
def page(browser, slamd_factory):
    with opened_page(browser, slamd_factory, STORYBOARD, viewport=DESKTOP) as page:
        yield page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_destructive_alert_the_event_log_and_the_banner_pass_the_audit(page, scheme):
    color_scheme(page, scheme)
    found = {}
    page.client.run_task("alert", param="clear")
    wait_until(lambda: page.all(".slam-layer.is-alert[data-top]"), message="the alert")
    settle(page.driver)
    found["destructive alert"] = audit(page)
    page.client.key("Escape")
    wait_until(lambda: not page.all(".slam-layer.is-alert"), message="the alert to go")

    # The event log with a navigation and a state change in it.
    page.css("#inspect-toggle").click()
    wait_until(lambda: page.css("#inspector").is_displayed(), message="the inspector")
    page.script("window.slam.inspector.showTab('events')")
    page.client.run_task("push", param="More")
    page.client.run_task("pop")
    page.client.state_set("done", True)
    wait_until(lambda: page.all("#inspector .log-navigated") and page.all("#inspector .log-stateChanged"),
               message="a navigation and a state change in the log")
    settle(page.driver)
    found["event log"] = audit(page)
    page.css("#inspect-toggle").click()

    # The reconnect banner, shown as when the connection drops.
    page.script("document.getElementById('banner').hidden = false")
    settle(page.driver)
    found["banner"] = audit(page)
    assert {where: v for where, v in found.items() if v} == {}, readable(found)


def test_states_follow_a_change_another_client_makes(page):
    switch = page.top("wifi").find_element("css selector", "[role=switch]") \
        if page.top("wifi").get_attribute("role") != "switch" else page.top("wifi")
    assert switch.get_attribute("aria-checked") == "true"
    page.client.press("wifi")
    wait_until(lambda: switch.get_attribute("aria-checked") == "false", message="aria-checked to follow the press")

    stepper = page.top("volume")
    spin = stepper if stepper.get_attribute("role") == "spinbutton" else stepper.find_element("css selector", "[role=spinbutton]")
    assert spin.get_attribute("aria-valuenow") == "5"
    page.client.press("volume", value="increment")
    wait_until(lambda: spin.get_attribute("aria-valuenow") == "6", message="aria-valuenow to follow the press")
