"""The browser page against a real ``slamd --web``, in headless Chromium.

A person clicks, types, navigates and inspects in the page while another
process drives the same UI over the Unix socket; both see each other's
changes. Screenshots of the demo go to a temporary directory always, and to
``docs/screenshots/`` when ``SLAM_SCREENSHOTS=1``.

Skipped only when Chromium, chromedriver or selenium are missing (``make
python-deps`` installs them).
"""

from __future__ import annotations

import json
import os

import pytest

from web_support import (
    screenshots, launch_web_daemon, missing_browser, open_page, set_viewport, settle, wait_until,
)

pytestmark = pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")

DESKTOP = (1280, 860)
PHONE = (375, 780)


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-screenshots-") as directory:
        yield directory


# ------------------------------------------------------------------ the demo, as a person uses it


def test_the_page_shows_the_demo_home_screen(page):
    assert page.title() == "Slam Demo"
    assert page.text_of("heading") == "Counter"
    assert page.text_of("count") == "Count: 0"
    assert page.top("increment").tag_name == "button"
    assert page.top("decrement").get_attribute("disabled") is not None, "a disabled button is disabled"
    assert not page.top("goal").is_displayed(), "a hidden label is not shown"
    assert page.css("#back").is_displayed() is False, "no Back on the root screen"
    assert "axis-horizontal" in page.top("counterButtons").get_attribute("class")
    page.agrees_with_server()


def test_clicking_plus_one_changes_the_count_label(page):
    page.top("increment").click()
    page.wait_text("count", "Count: 1")
    assert page.client.find("count")["text"] == "Count: 1"
    assert page.top("decrement").get_attribute("disabled") is None, "-1 is enabled once the count is above 0"
    # A real <button>: the keyboard presses it too.
    from selenium.webdriver.common.keys import Keys
    page.top("increment").send_keys(Keys.SPACE)
    page.wait_text("count", "Count: 2")
    progress = page.top("progress")
    assert (progress.get_attribute("aria-valuenow"), progress.get_attribute("aria-valuetext")) == ("0.2", "20%")


def test_a_press_from_another_process_appears_in_the_page(page):
    seq = page.driver.execute_script("return window.slam.seq")
    page.client.press("increment")
    page.client.press("increment")
    page.client.press("increment")
    page.wait_text("count", "Count: 3")
    assert page.driver.execute_script("return window.slam.seq") > seq
    page.client.run_task("push", param="Settings")
    page.wait_title("Settings")
    page.client.press("wifi", value=False)
    wait_until(lambda: page.top("wifi").get_attribute("aria-checked") == "false", message="the switch to turn off")
    page.wait_text("wifiStatus", "Wi-Fi is off")
    page.agrees_with_server()


def test_two_pages_and_slamctl_use_one_app_at_once(page, slamd_path):
    """A second tab and the real slamctl, in another process, drive the app the first tab shows, and back."""
    import subprocess
    slamctl = os.path.join(os.path.dirname(slamd_path), "slamctl")
    assert os.access(slamctl, os.X_OK), f"slamctl is not built beside {slamd_path} (swift build --product slamctl)"
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    second = page.driver.current_window_handle
    try:
        page.driver.get(page.url)
        page.driver.execute_async_script("window.slam.ready.then(arguments[arguments.length - 1])")
        page.wait_text("count", "Count: 0")
        result = subprocess.run([slamctl, "--socket", page.daemon.socket_path, "press", "increment"],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, result.stderr
        page.wait_text("count", "Count: 1")  # the second tab
        page.top("increment").click()  # a person in the second tab
        page.wait_text("count", "Count: 2")
        page.driver.switch_to.window(first)
        page.wait_text("count", "Count: 2")  # the first tab saw both, without a reload
        page.top("increment").click()
        page.wait_text("count", "Count: 3")
        page.driver.switch_to.window(second)
        page.wait_text("count", "Count: 3")
        shown = subprocess.run([slamctl, "--socket", page.daemon.socket_path, "find", "count"],
                               capture_output=True, text=True, timeout=30)
        assert 'Count: 3' in shown.stdout
        page.agrees_with_server()
    finally:
        page.driver.switch_to.window(second)
        page.driver.close()
        page.driver.switch_to.window(first)


def test_typing_into_a_text_field_reaches_the_app(page):
    page.top("openSettings").click()
    page.wait_title("Settings")
    field = page.top("name")
    field.click()
    field.send_keys("Ada Lovelace")
    wait_until(lambda: page.client.find("name")["text"] == "Ada Lovelace", message="setText to reach the app")
    page.wait_text("greeting", "Hello, Ada Lovelace")
    settle(page.driver)
    assert page.top("name").get_attribute("value") == "Ada Lovelace", "the echo did not clobber what was typed"
    # Text the app sets itself (here another client) shows up in the field.
    page.top("volume").click()  # move focus away from the field
    page.client.set_text("name", "Grace")
    wait_until(lambda: page.top("name").get_attribute("value") == "Grace", message="the field to show Grace")
    page.wait_text("greeting", "Hello, Grace")


def test_the_website_button_shows_the_address_the_app_asked_to_open(page):
    page.top("website").click()
    toast = wait_until(lambda: page.all(".toast .toast-link"), message="a toast with a link")[0]
    assert toast.get_attribute("href") == "https://www.swift.org/"
    assert toast.get_attribute("rel") == "noopener noreferrer"
    assert "https://www.swift.org" in page.css(".toast").get_attribute("textContent")


def test_push_settings_and_go_back(page):
    page.top("openSettings").click()
    page.wait_title("Settings")
    back = page.css("#back")
    assert back.is_displayed()
    assert "Slam Demo" in back.text
    assert [c["id"] for c in page.client.controllers()] == ["Home", "Settings"]
    # Every Settings control is a real control.
    assert page.top("wifi").get_attribute("role") == "switch"
    assert page.top("wifi").get_attribute("aria-checked") == "true"
    # The stepper is a spinbutton; its − and + are for the mouse (the keyboard has the spinbutton's arrows).
    spinbutton = page.top("volume").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    assert [spinbutton.get_attribute(a) for a in ("aria-valuenow", "aria-valuemin", "aria-valuemax")] == ["5", "0", "10"]
    stepper_buttons = page.top("volume").find_elements(page.By.CSS_SELECTOR, "button")
    assert [b.text for b in stepper_buttons] == ["−", "+"]
    stepper_buttons[1].click()
    page.wait_text("volumeLabel", "Volume: 6")
    assert spinbutton.text == "6"
    assert spinbutton.get_attribute("aria-valuenow") == "6"
    assert page.top("theme").get_attribute("role") == "radiogroup"
    segments = page.top("theme").find_elements(page.By.CSS_SELECTOR, '[role="radio"]')
    assert [s.text for s in segments] == ["Light", "Dark", "Auto"]
    assert [s.get_attribute("aria-checked") for s in segments] == ["false", "false", "true"]
    segments[0].click()
    page.wait_text("themeLabel", "Theme: Light")
    assert page.top("pages").get_attribute("role") == "slider"
    dots = page.top("pages").find_elements(page.By.CSS_SELECTOR, ".slam-page-dot")
    assert len(dots) == 3
    dots[2].click()
    page.wait_text("pageLabel", "Page 3 of 3")
    page.top("wifi").click()
    page.wait_text("wifiStatus", "Wi-Fi is off")
    page.agrees_with_server()
    back.click()
    page.wait_title("Slam Demo")
    assert [c["id"] for c in page.client.controllers()] == ["Home"]
    assert not page.css("#back").is_displayed()


def test_selecting_a_table_row(page):
    page.top("openList").click()
    page.wait_title("Shopping list")
    rows = page.top("items").find_elements(page.By.CSS_SELECTOR, "button")
    assert [row.text for row in rows] == ["Milk", "Eggs", "Bread"]
    rows[1].click()
    page.wait_text("selection", "Selected: Eggs")
    assert page.client.find("items")["selectedRow"] == 1
    wait_until(lambda: page.top("items").find_elements(page.By.CSS_SELECTOR, "button")[1].get_attribute("aria-pressed") == "true",
               message="row 1 to be highlighted")
    assert page.top("remove").get_attribute("disabled") is None
    # Add an item through the text field and the Add button, as a person would.
    page.top("newItem").send_keys("Apples")
    wait_until(lambda: page.top("add").get_attribute("disabled") is None, message="Add to be enabled")
    page.top("add").click()
    wait_until(lambda: len(page.top("items").find_elements(page.By.CSS_SELECTOR, "button")) == 4, message="a fourth row")
    assert page.client.find("items")["items"][-1] == "Apples"
    assert "Buy what is on the list" in page.text_of("notes")
    assert page.top("waiting").get_attribute("class").count("is-animating") == 0
    page.agrees_with_server()


def test_the_about_screen_shows_its_web_view_in_a_sandboxed_frame(page):
    page.top("openAbout").click()
    page.wait_title("About")
    frame = page.top("page").find_element(page.By.CSS_SELECTOR, "iframe")
    assert frame.get_attribute("sandbox") == "", "scripts and same-origin access are off"
    assert "<h1>Slam</h1>" in frame.get_attribute("srcdoc")
    assert "About Slam" in page.top("page").text


def test_keyed_rerenders_keep_the_page_equal_to_the_server(page):
    page.client.run_task("push", param="Todos")
    page.wait_title("To-do")
    page.top("t1/note").send_keys("semi-skimmed")
    page.top("draft").send_keys("Call Ada")
    wait_until(lambda: page.top("add").get_attribute("disabled") is None, message="Add to be enabled")
    page.top("add").click()
    page.wait_text("summary", "2 of 3 to do")
    page.top("t2/done").click()
    page.wait_text("summary", "3 of 3 to do")
    page.agrees_with_server()
    page.client.state_set("todos", [
        {"id": "t3", "title": "Call Ada", "done": False},
        {"id": "t1", "title": "Buy milk", "done": True},
        {"id": "t9", "title": "Water the plants", "done": False},
    ])
    page.wait_text("t9/title", "Water the plants")
    refs = page.driver.execute_script(
        "return [...document.querySelectorAll('.slam-layer[data-top] [data-type=StateView][data-ref]:not([data-ref=\"\"])')]"
        ".map(e => e.dataset.ref)")
    assert refs == ["t3", "t1", "t9"]
    assert page.top("t1/note").get_attribute("value") == "semi-skimmed", "a kept row keeps what was typed into it"
    page.agrees_with_server()
    page.top("t9/remove").click()
    wait_until(lambda: not page.all('.slam-layer[data-top] [data-ref="t9"]'), message="row t9 to go")
    page.agrees_with_server()


def test_a_modal_screen_is_a_sheet_over_its_parent(page):
    # The demo presents nothing modally, so a batch that pushes a modal screen is fed to the page
    # as the server would send it (window.slam.redraw); the page's own Close then pops for real.
    page.top("openSettings").click()
    page.wait_title("Settings")
    settle(page.driver)
    page.driver.execute_script("""
        const m = window.slam.model;
        const stack = m.stack.map(({screen, id, title, modal}) => ({screen, id, title, modal}));
        stack.push({screen: 1000000, id: 'Share', title: 'Share', modal: true, tree:
          {type: 'View', ref: 'root', visible: true, axis: 'vertical', spacing: 8, node: 1000000, children: [
            {type: 'Label', ref: 'question', visible: true, text: 'Send this list?', node: 1000001, children: []}]}});
        window.slam.redraw({seq: m.seq + 1, ops: [{op: 'stack', stack}]});
    """)
    sheet = page.css('.slam-layer.is-sheet[data-top]')
    assert sheet.find_element(page.By.CSS_SELECTOR, ".slam-sheet-title").get_attribute("textContent") == "Share"
    page.wait_text("question", "Send this list?")  # once the sheet has faded in
    assert sheet.find_element(page.By.CSS_SELECTOR, '[role="dialog"]').get_attribute("aria-modal") == "true"
    below = page.css('.slam-layer.is-base')
    assert below.is_displayed() and below.get_attribute("inert") is not None, "the parent shows, dimmed and inert"
    assert page.title() == "Settings", "the title bar keeps the parent's title"
    assert not page.css("#back").is_displayed(), "the sheet's Close replaces Back"
    sheet.find_element(page.By.CSS_SELECTOR, ".slam-sheet-close").click()  # sends pop: the server pops Settings
    # The page resynchronises when the server's next batch does not follow the fed one.
    page.wait_title("Slam Demo")
    wait_until(lambda: not page.all(".slam-layer.is-sheet"), message="the sheet to go")
    page.agrees_with_server()


def test_a_server_error_shows_as_a_toast_not_an_alert(page):
    # What a click sends when the element went away between paint and click: press an unknown reference.
    page.driver.execute_script(
        "const node = window.slam.model.findByRef('increment')[0];"
        "window.slam.renderer.hooks.onPress({node: node.node, screen: node.screen, ref: 'missing', snapshot: node.snapshot}, undefined)")
    toast = wait_until(lambda: page.all(".toast-error"), message="an error toast")
    text = toast[0].get_attribute("textContent")
    assert "missing" in text and "-32001" in text, text
    from selenium.common.exceptions import NoAlertPresentException
    with pytest.raises(NoAlertPresentException):
        page.driver.switch_to.alert.text
    page.top("increment").click()
    page.wait_text("count", "Count: 1")


def test_reconnects_after_losing_the_websocket_and_attaches_again(page):
    page.driver.execute_script("window.slam.rpc.socket.close()")
    banner = wait_until(lambda: page.css("#banner").is_displayed() and page.css("#banner"), message="the banner")
    assert "reconnecting" in banner.text.lower()
    page.client.press("increment")  # a change the page misses while away
    wait_until(lambda: not page.css("#banner").is_displayed(), timeout=10, message="the banner to go")
    page.wait_text("count", "Count: 1")
    page.top("increment").click()
    page.wait_text("count", "Count: 2")
    page.agrees_with_server()


# ------------------------------------------------------------------ the inspector


def test_the_inspector_shows_a_picked_element(page):
    from selenium.webdriver.common.action_chains import ActionChains

    body = page.css("body")
    body.send_keys("i")
    wait_until(lambda: page.css("#inspector").is_displayed(), message="the inspector to open")
    assert page.css("#inspect-toggle").get_attribute("aria-pressed") == "true"
    tree_text = page.css(".tree").text
    assert "increment" in tree_text and "HIDDEN" in tree_text.upper() and "DISABLED" in tree_text.upper()
    body.send_keys("p")
    count = page.top("count")
    ActionChains(page.driver).move_to_element(count).perform()
    wait_until(lambda: page.css(".pick-outline.is-hover").is_displayed(), message="the hover outline")
    assert "count" in page.css(".pick-label").text
    count.click()
    details = wait_until(lambda: page.css(".details-ref").text == "count" and page.css(".details"), message="the details of count")
    assert "Count: 0" in page.css(".snapshot").text
    snapshot = json.loads(page.css(".snapshot").text)
    assert snapshot == page.client.find("count")
    assert page.css('[data-snippet="slamctl"] code').text == "slamctl find count"
    assert page.css('[data-snippet="python"] code').text == 'client.find("count")["text"]'
    assert json.loads(page.css('[data-snippet="flow"] code').text) == {"expect": "count", "property": "text", "equals": "Count: 0"}
    assert "root" in details.find_element(page.By.CSS_SELECTOR, ".crumbs").text
    assert page.client.find("count")["text"] == "Count: 0", "picking did not press anything"
    # The snapshot follows the app.
    page.client.press("increment")
    wait_until(lambda: "Count: 1" in page.css(".snapshot").text, message="the snapshot to follow")
    # Picking a button from the tree gives its press snippets.
    number = page.driver.execute_script("return window.slam.model.findByRef('increment')[0].node")
    page.css(f'.tree-row[data-tree-node="{number}"] .tree-label').click()
    wait_until(lambda: page.css(".details-ref").text == "increment", message="increment selected")
    assert page.css('[data-snippet="slamctl"] code').text == "slamctl press increment"
    assert json.loads(page.css('[data-snippet="flow"] code').text) == {"press": "increment"}
    assert page.css('[data-snippet="python"] code').text == 'client.press("increment")'


def test_the_inspector_logs_events_edits_state_and_shows_the_stack(page):
    page.css("#inspect-toggle").click()
    page.css("#tab-events").click()
    settle(page.driver)  # the subscription is in place
    page.client.press("increment")
    page.client.run_task("push", param="Settings")
    wait_until(lambda: "navigated" in page.css(".log").text and "changed" in page.css(".log").text, message="events in the log")
    assert "taskRan" in page.css(".log").text
    page.css("#tab-stack").click()
    items = page.all(".stack-item")
    assert [item.find_element(page.By.CSS_SELECTOR, ".stack-title").text for item in items] == ["Slam Demo", "Settings"]
    page.css("#tab-state").click()
    row = wait_until(lambda: page.all('.state-row[data-key="todos"]'), message="the todos row")[0]
    row.find_element(page.By.CSS_SELECTOR, ".small-button").click()
    area = page.css('.state-row[data-key="todos"] textarea')
    area.clear()
    area.send_keys("not json")
    page.css('.state-row[data-key="todos"] .primary').click()
    error = page.css('.state-row[data-key="todos"] .form-error')
    assert "Not valid JSON" in error.text
    area.clear()
    area.send_keys('[{"id": "t5", "title": "From the page", "done": false}]')
    page.css('.state-row[data-key="todos"] .primary').click()
    wait_until(lambda: page.client.state_get("todos") == [{"id": "t5", "title": "From the page", "done": False}],
               message="state.set to reach the daemon")
    wait_until(lambda: "From the page" in page.css('.state-row[data-key="todos"] .state-value').text, message="the new value")


# ------------------------------------------------------------------ screenshots and widths


def test_screenshots_of_the_demo_at_desktop_and_phone_widths(page, screenshot_directory):
    page.client.press("increment")
    page.client.press("increment")
    page.client.press("increment")
    page.wait_text("count", "Count: 3")
    page.screenshot("demo.png", screenshot_directory)

    page.top("openSettings").click()
    page.wait_title("Settings")
    page.top("name").send_keys("Ada")
    page.wait_text("greeting", "Hello, Ada")
    page.css("body").send_keys("i")
    page.driver.execute_script("window.slam.inspector.select(window.slam.model.findByRef('volume')[0].node)")
    wait_until(lambda: page.css(".details-ref").text == "volume", message="volume selected")
    page.screenshot("demo-inspector.png", screenshot_directory)
    inspector = page.css("#inspector").rect
    assert inspector["x"] > 600, "on a desktop the inspector is a side panel"

    page.css("#back").click()
    page.wait_title("Slam Demo")
    page.css("body").send_keys("i")
    set_viewport(page.driver, *PHONE, mobile=True)
    width = page.driver.execute_script("return document.documentElement.clientWidth")
    assert width == PHONE[0]
    overflow = page.driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, "nothing sticks out sideways at phone width"
    screen = page.css(".slam-layer[data-top] .slam-screen").rect
    assert screen["width"] <= PHONE[0]
    page.screenshot("demo-phone.png", screenshot_directory)

    page.css("body").send_keys("i")
    page.driver.execute_script("window.slam.inspector.select(window.slam.model.findByRef('count')[0].node)")
    wait_until(lambda: page.css("#inspector").is_displayed(), message="the inspector on a phone")
    sheet = page.css("#inspector").rect
    assert sheet["width"] == PHONE[0] and sheet["y"] > 100, "on a phone the inspector is a bottom sheet"
    page.screenshot("demo-phone-inspector.png", screenshot_directory)

    set_viewport(page.driver, *DESKTOP, dark=True)
    page.css("body").send_keys("i")
    page.screenshot("demo-dark.png", screenshot_directory)
    set_viewport(page.driver, *DESKTOP)
    for name in ("demo.png", "demo-inspector.png", "demo-phone.png", "demo-phone-inspector.png", "demo-dark.png"):
        assert (screenshot_directory / name).stat().st_size > 10_000


def test_screenshot_of_the_demo_order_screen_with_an_alert(page, screenshot_directory):
    """The demo's Order screen (the new elements) as a person sees it, then its alert over it."""
    tall = (DESKTOP[0], 1180)
    set_viewport(page.driver, *tall)
    page.top("openPickers").click()
    page.wait_title("Order")
    page.client.press("account", [0, 1])
    page.client.press("account", [1, 0])
    page.client.press("colours", [1, 1])
    page.client.press("colours", "Orange")
    page.client.type_text("pin", "12")
    page.wait_text("choice", "Password, Version; colours: Orange, Blue")
    page.screenshot("demo-order.png", screenshot_directory)
    page.client.key("Enter")
    wait_until(lambda: page.driver.execute_script(
        "return document.querySelector('.slam-layer[data-top] .slam-alert-title')?.textContent") == "Place the order?",
        message="the alert over the Order screen")
    page.driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 500)")  # its fade-in
    page.screenshot("demo-order-alert.png", screenshot_directory)
    page.client.key("Escape")
    page.wait_text("orderStatus", "Cancelled")
    set_viewport(page.driver, *DESKTOP)
    for name in ("demo-order.png", "demo-order-alert.png"):
        assert (screenshot_directory / name).stat().st_size > 10_000


def test_a_ten_thousand_element_screen_renders(browser, slamd_factory):
    storyboard = big_storyboard(10_000)
    daemon, url = launch_web_daemon(slamd_factory, storyboard)
    set_viewport(browser, *DESKTOP)
    open_page(browser, url)
    count = browser.execute_script("return document.querySelectorAll('.slam-layer[data-top] [data-node]').length")
    assert count >= 10_000
    client = daemon.connect()
    client.state_set("n", 7)
    wait_until(lambda: browser.execute_script(
        "return document.querySelector('.slam-layer[data-top] [data-ref=\"l99\"]').textContent") == "Item 99 of 7",
        message="a 100-label batch to be painted")
    problems = browser.execute_script("return window.slam.renderer.check()")
    assert problems == []


def big_storyboard(size):
    """A screen of about ``size`` elements: 100 rows of labels, buttons, switches, progress views and
    text fields, and 100 labels bound to the state key ``n`` (one state.set changes all of them)."""
    kinds = [
        lambda i: {"type": "Label", "ref": f"e{i}", "text": f"Label {i}"},
        lambda i: {"type": "Button", "ref": f"e{i}", "text": f"Button {i}", "task": "increment", "param": "n"},
        lambda i: {"type": "Switch", "ref": f"e{i}", "isOn": i % 2 == 0},
        lambda i: {"type": "ProgressView", "ref": f"e{i}", "progress": (i % 10) / 10},
        lambda i: {"type": "TextField", "ref": f"e{i}", "placeholder": f"Field {i}"},
    ]
    bound = [{"type": "Label", "ref": f"l{i}", "bind": {"text": f"Item {i} of {{n}}"}} for i in range(100)]
    rows = []
    made = 0
    per_row = max(1, (size - 100) // 100 - 1)
    for row in range(100):
        children = [kinds[(made + k) % len(kinds)](made + k) for k in range(per_row)]
        made += per_row
        rows.append({"type": "View", "ref": f"row{row}", "axis": "horizontal", "children": children})
    return {"initial": "Big", "state": {"n": 0}, "controllers": [{"id": "Big", "title": "10k elements", "view": {
        "type": "View", "ref": "root", "children": [{"type": "View", "ref": "bound", "children": bound}] + rows}}]}
