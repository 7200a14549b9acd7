"""The inspector's keys and messages in headless Chromium: a trace opened from its tab steps with
←/→ at once, closing the inspector brings the live screen back, the pick-mode hint goes with
the mode, and a task's error shows a person its message while its details go to the Events log.

Screenshots go to a temporary directory, and to ``docs/screenshots/`` with ``SLAM_SCREENSHOTS=1``.
"""

from __future__ import annotations

import threading

import pytest

import slam
from web_support import missing_browser, opened_page, screenshots, settle, wait_until

pytestmark = pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")

DESKTOP = (1280, 860)

CALCULATOR = {
    "initial": "Bill",
    "controllers": [{
        "id": "Bill",
        "title": "Bill",
        "view": {"type": "View", "ref": "root", "children": [
            {"type": "TextField", "ref": "bill", "text": "abc"},
            {"type": "Button", "ref": "calculate", "text": "Calculate", "task": "calculate"},
        ]},
    }],
}


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-inspector-screenshots-") as directory:
        yield directory


def keys(page, *sequence):
    """Keys pressed as a person would, into whatever has the focus."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(page.driver).send_keys(*sequence).perform()


def toasts(page):
    return page.script("return [...document.querySelectorAll('.toast')].map(t => t.textContent)")


def test_arrows_step_a_trace_just_opened_and_escape_comes_back_live(browser, slamd_factory, screenshot_directory):
    from selenium.webdriver.common.keys import Keys

    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        page.client.trace_start("steps.jsonl")
        page.client.press("increment")
        page.client.press("increment")
        path = page.client.trace_stop()["path"]
        settle(page.driver)

        page.css("#inspect-toggle").click()
        page.css("#tab-trace").click()
        page.css("#panel-trace input[type=file]").send_keys(str(path))
        wait_until(lambda: page.css(".trace-position").text == "Step 0 of 3", message="the trace at its start")
        # The focus left the Trace tab for the steps: the arrows move through the trace, not the tabs.
        keys(page, Keys.ARROW_RIGHT)
        wait_until(lambda: page.css(".trace-position").text == "Step 1 of 3", message="→ to step 1")
        keys(page, Keys.ARROW_RIGHT)
        wait_until(lambda: page.css(".trace-position").text == "Step 2 of 3", message="→ to step 2")
        keys(page, Keys.ARROW_LEFT)
        wait_until(lambda: page.css(".trace-position").text == "Step 1 of 3", message="← to step 1")
        assert page.css("#tab-trace").get_attribute("aria-selected") == "true", "still on the Trace tab"
        page.screenshot("inspector-trace-keys.png", screenshot_directory)

        # Esc from the tab row closes the inspector, and the page shows the live app, not step 1.
        page.client.press("increment")
        page.css("#tab-trace").click()
        keys(page, Keys.ESCAPE)
        wait_until(lambda: not page.css("#inspector").is_displayed(), message="the inspector to close")
        assert page.css("#screens").is_displayed() and not page.css(".trace-bar").is_displayed()
        page.wait_text("count", "Count: 3")
        assert page.title() == "Slam Demo"
        page.agrees_with_server()


def test_closing_the_inspector_with_its_button_or_i_also_comes_back_live(browser, slamd_factory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        page.client.trace_start("one.jsonl")
        page.client.press("increment")
        path = page.client.trace_stop()["path"]
        for close in ("button", "key"):
            page.css("#inspect-toggle").click()
            page.css("#tab-trace").click()
            page.css("#panel-trace input[type=file]").send_keys(str(path))
            wait_until(lambda: page.css(".trace-bar").is_displayed(), message="the past screen")
            if close == "button":
                page.css(".inspector-head [aria-label^='Close the inspector']").click()
            else:
                page.css("body").send_keys("i")
            wait_until(lambda: not page.css("#inspector").is_displayed(), message=f"the inspector to close ({close})")
            assert page.css("#screens").is_displayed() and not page.css(".trace-bar").is_displayed(), close


def test_the_pick_mode_hint_stays_while_picking_and_goes_with_the_pick(page):
    page.css("body").send_keys("p")
    wait_until(lambda: any("Pick mode" in text for text in toasts(page)), message="the pick-mode hint")
    page.top("count").click()
    wait_until(lambda: page.css(".details-ref").text == "count", message="count picked")
    assert not any("Pick mode" in text for text in toasts(page)), "the hint went with the mode"
    # And when the mode ends with Esc.
    page.css("body").send_keys("p")
    wait_until(lambda: any("Pick mode" in text for text in toasts(page)), message="the hint again")
    page.script("document.activeElement.blur()")
    page.css("body").send_keys("\ue00c")  # Escape
    assert not page.script("return window.slam.inspector.picking")
    assert not any("Pick mode" in text for text in toasts(page))


def test_a_tasks_error_shows_its_message_and_its_details_go_to_the_events_log(browser, slamd_factory, screenshot_directory):
    with opened_page(browser, slamd_factory, storyboard=CALCULATOR, viewport=DESKTOP) as page:
        runner = page.daemon.connect()

        @runner.task("calculate", timeout_ms=30_000)
        def calculate(call: slam.TaskCall) -> None:
            raise slam.TaskError("The bill must be a number", data={"field": "bill", "text": "abc"})

        thread = threading.Thread(target=runner.serve, daemon=True)
        thread.start()
        page.top("calculate").click()
        shown = wait_until(lambda: page.all(".toast-error"), message="the error toast")[0]
        text = shown.find_element(page.By.CSS_SELECTOR, ".toast-text").get_attribute("textContent")
        detail = shown.find_element(page.By.CSS_SELECTOR, ".toast-detail").get_attribute("textContent")
        assert text == "The bill must be a number", "the task's own words, not the protocol's wrapping"
        assert "{" not in text + detail and "clientError" not in text + detail, (text, detail)
        assert detail == "press calculate · error -32010 · details in the inspector (I)", detail
        wait_until(lambda: page.script("return getComputedStyle(arguments[0]).opacity", shown) == "1", message="the toast shown")
        page.screenshot("task-error-toast.png", screenshot_directory)

        page.css("#inspect-toggle").click()
        page.css("#tab-events").click()
        entry = wait_until(lambda: page.all(".log-item.log-error"), message="the error in the Events log")[0]
        assert "press calculate: " in entry.text and "The bill must be a number" in entry.text, entry.text
        entry.find_element(page.By.CSS_SELECTOR, "summary").click()
        details = entry.find_element(page.By.CSS_SELECTOR, ".code-block").text
        assert '"clientError"' in details and '"field": "bill"' in details, details
        page.screenshot("task-error-in-the-log.png", screenshot_directory)
        runner.close()
        thread.join(10)
