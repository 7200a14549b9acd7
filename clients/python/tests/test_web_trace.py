"""The inspector's Trace tab in headless Chromium: a trace recorded from a real session
opened as a file, stepped through, each step showing the screen as it was then
(time travel), while the live page goes on underneath.

Screenshots go to a temporary directory, and to ``docs/screenshots/`` with
``SLAM_SCREENSHOTS=1``.
"""

from __future__ import annotations

import threading

import pytest

import slam
from web_support import missing_browser, opened_page, screenshots, settle, wait_until

pytestmark = pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")

DESKTOP = (1280, 860)


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-trace-screenshots-") as directory:
        yield directory


def record_session(client, name):
    """A short session from the socket: count to 2, go to Settings, type a name, come back, count once more."""
    client.trace_start(name)
    client.press("increment")
    client.press("increment")
    client.run_task("push", param="Settings")
    client.set_text("name", "Ada")
    try:
        client.press("nope", timeout_ms=0)
    except Exception:  # noqa: BLE001 - an error step, on purpose
        pass
    client.run_task("pop")
    client.press("increment")
    return client.trace_stop()


def shown_text(page, ref):
    """The text of `ref` on the past screen's top layer."""
    return page.script(
        "const e = document.querySelector(`.trace-screens .slam-layer[data-top] [data-ref=\"${arguments[0]}\"]`);"
        "return e ? e.textContent : null", ref)


def test_a_trace_opened_in_the_inspector_shows_the_screen_at_each_step(browser, slamd_factory, screenshot_directory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        path = record_session(page.client, "session.jsonl")["path"]
        settle(page.driver)

        page.css("#inspect-toggle").click()
        page.css("#tab-trace").click()
        assert "No trace open" in page.css("#panel-trace").text
        # The file input reads the file in the page: nothing is uploaded.
        page.css("#panel-trace input[type=file]").send_keys(str(path))
        wait_until(lambda: page.all(".trace-step"), message="the steps to be listed")

        steps = page.all(".trace-step")
        assert len(steps) == 9, [step.text for step in steps]  # the start and 8 calls (trace.stop included)
        calls = [step.find_element(page.By.CSS_SELECTOR, ".trace-step-call").text for step in steps]
        assert calls == ["start", "press increment", "press increment", "runTask push Settings", 'setText name "Ada"',
                         "press nope", "runTask pop", "press increment", "trace.stop"]
        assert "error -32001" in steps[5].text
        assert "tone-error" in steps[5].get_attribute("class")

        # Step 0 is the start: the count at 0, on a past screen, read-only, the live one hidden.
        assert page.css(".trace-bar").is_displayed()
        assert shown_text(page, "count") == "Count: 0"
        assert page.script("return document.querySelector('.trace-screens').inert") is True
        assert not page.css("#screens").is_displayed()

        # Next, next: the count as it was after each press.
        page.css(".trace-toolbar [aria-label^='Next step']").click()
        wait_until(lambda: shown_text(page, "count") == "Count: 1", message="step 1's count")
        assert page.css(".trace-position").text == "Step 1 of 8"
        assert page.all(".trace-screens .is-trace-changed"), "the elements the step changed are outlined"
        page.css(".trace-toolbar [aria-label^='Next step']").click()
        wait_until(lambda: shown_text(page, "count") == "Count: 2", message="step 2's count")

        # Step 4 by a click in the list: Settings, with the name typed (time travel forward).
        steps[4].click()
        wait_until(lambda: page.title() == "Settings", message="the title bar to name the past screen")
        assert page.script("return document.querySelector('.trace-screens .slam-layer[data-top] [data-ref=\"name\"]').value") == "Ada"
        details = page.css(".trace-details").text
        assert '"method": "setText"' in details and '"text": "Ada"' in details, details
        assert "reply" in details.lower()
        page.screenshot("trace-inspector.png", screenshot_directory)

        # The arrow keys step back: the name was still empty after step 3 (time travel backward).
        page.script("document.querySelector('.trace-steps').focus()")
        page.css(".trace-steps").send_keys("\ue012")  # ArrowLeft
        wait_until(lambda: page.css(".trace-position").text == "Step 3 of 8", message="step 3")
        assert page.script("return document.querySelector('.trace-screens .slam-layer[data-top] [data-ref=\"name\"]').value") == ""
        page.css(".trace-steps").send_keys("\ue014")  # ArrowRight
        wait_until(lambda: page.css(".trace-position").text == "Step 4 of 8", message="step 4 again")
        # End: after the last step, back on Home with the count at 3.
        page.css(".trace-steps").send_keys("\ue010")  # End
        wait_until(lambda: shown_text(page, "count") == "Count: 3", message="the last step")
        assert page.title() == "Slam Demo"

        # Meanwhile the live page went on; Back to live shows it as it is now.
        page.client.press("increment")
        page.css(".trace-bar-live").click()
        assert page.css("#screens").is_displayed()
        assert not page.css(".trace-bar").is_displayed()
        page.wait_text("count", "Count: 4")
        page.agrees_with_server()


def test_a_task_a_client_ran_shows_as_the_daemons_request_and_its_answer(browser, slamd_factory, screenshot_directory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        runner = page.daemon.connect()

        @runner.task("greet", timeout_ms=30_000)
        def greet(call: slam.TaskCall) -> str:
            call.client.state_set("greeting", f"Hello, {call.param}")
            return "greeted"

        thread = threading.Thread(target=runner.serve, daemon=True)
        thread.start()
        path = page.client.trace_start("tasks.jsonl")
        assert page.client.run_task("greet", param="Ada")["result"] == "greeted"
        page.client.trace_stop()
        runner.close()
        thread.join(10)

        page.css("#inspect-toggle").click()
        page.css("#tab-trace").click()
        page.css("#panel-trace input[type=file]").send_keys(str(path))
        wait_until(lambda: page.all(".trace-step"), message="the steps to be listed")
        steps = page.all(".trace-step")
        calls = [step.find_element(page.By.CSS_SELECTOR, ".trace-step-call").text for step in steps]
        assert calls == ["start", "runTask greet Ada", "task.run greet Ada (Home)", 'state.set greeting = "Hello, Ada"', "trace.stop"]
        who = steps[2].find_element(page.By.CSS_SELECTOR, ".trace-step-client").text
        assert who.startswith("slamd → client"), who
        steps[2].click()
        wait_until(lambda: '"greeted"' in page.css(".trace-details").text, message="the run's answer in the details")
        page.screenshot("trace-client-task.png", screenshot_directory)


def test_a_file_that_is_not_a_trace_says_so(browser, slamd_factory, tmp_path):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        path = tmp_path / "notes.jsonl"
        path.write_text('{"jsonrpc":"2.0","method":"ping","id":1}\n', encoding="utf-8")
        page.css("#inspect-toggle").click()
        page.css("#tab-trace").click()
        page.css("#panel-trace input[type=file]").send_keys(str(path))
        toast = wait_until(lambda: page.script("return [...document.querySelectorAll('.toast-error .toast-text')].map(e => e.textContent)"),
                           message="an error toast")
        assert "notes.jsonl: line 1 is not a trace header" in toast[0]
        assert "No trace open" in page.css("#panel-trace").text
        assert page.css("#screens").is_displayed(), "the live page stays"
