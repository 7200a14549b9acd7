"""The slider on the browser page, against a real ``slamd --web`` in headless Chromium:
a real ``<input type="range">`` from its snapshot, dragged, clicked, stepped with the
keyboard and set by another client, with the bound state and label following.

Skipped only when Chromium, chromedriver or selenium are missing (``make
python-deps`` installs them). ``SLAM_SCREENSHOTS=1`` copies ``slider.png`` to
``docs/screenshots/``.
"""

from __future__ import annotations

import pytest

from web_support import opened_page, screenshots, missing_browser, settle, wait_until

pytestmark = pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")

STORYBOARD = {
    "initial": "Display",
    "state": {"volume": 40, "brightness": 0.5},
    "controllers": [{"id": "Display", "title": "Display", "view": {"type": "View", "ref": "root", "children": [
        {"type": "Slider", "ref": "volume", "maximumValue": 100, "stepValue": 5, "bind": {"value": "volume"}},
        {"type": "Label", "ref": "volumeLabel", "bind": {"text": "Volume {volume}"}},
        {"type": "Slider", "ref": "brightness", "bind": {"value": "brightness"}},
        {"type": "Label", "ref": "brightnessLabel", "bind": {"text": "Brightness {brightness:.0%}"}},
        {"type": "Slider", "ref": "locked", "minimumValue": 1, "maximumValue": 3, "value": 2, "enabled": False},
    ]}}],
}


@pytest.fixture
def page(browser, slamd_factory):
    with opened_page(browser, slamd_factory, STORYBOARD, viewport=(1000, 620)) as page:
        yield page


def range_input(page, ref):
    return page.top(ref).find_element(page.By.CSS_SELECTOR, "input[type=range]")


def test_a_slider_is_a_range_input_with_its_bounds_step_and_value(page):
    volume = range_input(page, "volume")
    assert [volume.get_attribute(name) for name in ("min", "max", "step", "value")] == ["0", "100", "5", "40"]
    brightness = range_input(page, "brightness")
    assert [brightness.get_attribute(name) for name in ("min", "max", "step")] == ["0", "1", "any"]
    assert brightness.get_property("value") == "0.5"
    assert range_input(page, "locked").get_property("disabled") is True
    assert page.top("volume").find_element(page.By.CSS_SELECTOR, "output").text == "40"
    assert volume.get_attribute("aria-label") == "volume"
    page.agrees_with_server()


def test_dragging_the_thumb_sets_the_bound_state_on_a_step(page):
    from selenium.webdriver.common.action_chains import ActionChains

    volume = range_input(page, "volume")
    width = volume.size["width"]
    # From the middle of the input to 90 % of its width: the value lands on a step near 90.
    ActionChains(page.driver).click_and_hold(volume).move_by_offset(int(width * 0.4), 0).release().perform()
    value = wait_until(lambda: page.client.state_get("volume") if page.client.state_get("volume") >= 80 else None,
                       message="the dragged value in the state")
    assert isinstance(value, int) and value % 5 == 0, "whole steps between whole bounds: an integer on a step"
    page.wait_text("volumeLabel", f"Volume {value}")
    wait_until(lambda: range_input(page, "volume").get_property("value") == str(value), message="the thumb where the server settled")
    page.agrees_with_server()


def test_clicking_the_track_and_the_arrow_keys_move_a_continuous_slider(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    brightness = range_input(page, "brightness")
    width = brightness.size["width"]
    ActionChains(page.driver).move_to_element_with_offset(brightness, -int(width * 0.4), 0).click().perform()
    low = wait_until(lambda: page.client.state_get("brightness") if page.client.state_get("brightness") < 0.25 else None,
                     message="a click near the start to lower the brightness")
    assert isinstance(low, float)
    wait_until(lambda: page.client.find("brightness")["focused"] is True, message="the click to give the slider the server's focus")
    brightness.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: page.client.state_get("brightness") > low, message="ArrowRight to raise it")
    settle(page.driver)
    page.wait_text("brightnessLabel", f"Brightness {round(page.client.state_get('brightness') * 100):.0f}%")
    page.agrees_with_server()


def test_another_clients_press_moves_the_thumb(page):
    page.client.press("volume", value=72.4)
    assert page.client.state_get("volume") == 70, "snapped to the step"
    wait_until(lambda: range_input(page, "volume").get_property("value") == "70", message="the thumb to follow")
    page.wait_text("volumeLabel", "Volume 70")
    page.client.press("brightness", value="increment")
    wait_until(lambda: range_input(page, "brightness").get_property("value") == "0.6", message="a tenth of the range up")
    page.agrees_with_server()


def test_a_quick_drag_ends_where_the_person_let_go(page):
    # Many input events in one go: the page sends one press at a time and the last value always.
    page.script("""
        const input = arguments[0];
        for (let value = 0; value <= 100; value += 5) {
          input.value = String(value);
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }
        input.value = '35';
        input.dispatchEvent(new Event('input', {bubbles: true}));
    """, range_input(page, "volume"))
    wait_until(lambda: page.client.state_get("volume") == 35, message="the last value on the server")
    page.wait_text("volumeLabel", "Volume 35")
    wait_until(lambda: range_input(page, "volume").get_property("value") == "35", message="the thumb to stay at 35")
    page.agrees_with_server()


def test_screenshot_of_the_sliders(page):
    page.client.press("volume", value=65)
    page.client.press("brightness", value=0.8)
    page.client.focus("volume")
    page.wait_text("volumeLabel", "Volume 65")
    settle(page.driver)
    with screenshots("slam-slider-screenshots-") as directory:
        path = page.screenshot("slider.png", directory)
        assert path.stat().st_size > 5_000
