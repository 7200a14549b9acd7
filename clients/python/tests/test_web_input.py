"""The page's input model against a real ``slamd --web``, in headless Chromium:
the server's focus shown and shared, Escape and Enter as keys, secure and
limited text fields, button styles, alerts over the page, and the new elements
(picker, date picker, sectioned table, collection view).

Skipped only when Chromium, chromedriver or selenium are missing (``make
python-deps`` installs them).
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from web_support import (
    opened_page, screenshots, missing_browser, set_viewport, settle, wait_until,
)

pytestmark = pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")

DESKTOP = (1280, 900)

STORYBOARD = {
    "initial": "Home",
    "state": {"count": 0},
    "alerts": [
        {"id": "confirmDelete", "title": "Delete this list?", "message": "Its 3 items go too. This cannot be undone.",
         "buttons": [{"title": "Cancel", "style": "cancel"},
                     {"title": "Delete", "style": "destructive", "task": "set", "param": "count=99"}]},
        {"id": "saved", "title": "Saved", "message": "Your changes are saved.", "buttons": [{"title": "OK"}]},
    ],
    "controllers": [
        {"id": "Home", "title": "Sign in", "view": {"type": "View", "ref": "root", "children": [
            {"type": "Label", "ref": "heading", "text": "Sign in"},
            {"type": "TextField", "ref": "user", "placeholder": "User name", "maxLength": 12,
             "task": "increment", "param": "count"},
            {"type": "TextField", "ref": "password", "placeholder": "Password", "secure": True,
             "task": "increment", "param": "count"},
            {"type": "Label", "ref": "count", "bind": {"text": "Returns: {count}"}},
            {"type": "View", "ref": "buttons", "axis": "horizontal", "children": [
                {"type": "Button", "ref": "save", "text": "Save", "task": "alert", "param": "saved"},
                {"type": "Button", "ref": "delete", "text": "Delete…", "style": "destructive",
                 "task": "alert", "param": "confirmDelete"},
                {"type": "Button", "ref": "reset", "text": "Reset", "style": "cancel", "task": "set", "param": "count=0"}]},
            {"type": "Switch", "ref": "wifi", "isOn": True},
            {"type": "Button", "ref": "next", "text": "Next screen", "task": "push", "param": "Second"}]}},
        {"id": "Second", "title": "Second", "view": {"type": "View", "ref": "root", "children": [
            {"type": "Label", "ref": "here", "text": "The second screen"}]}},
    ],
}


@pytest.fixture
def page(browser, slamd_factory):
    with opened_page(browser, slamd_factory, STORYBOARD, viewport=DESKTOP) as page:
        yield page


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-input-screenshots-") as directory:
        yield directory


def slamctl(page, slamd_path, *arguments):
    """Runs the real slamctl against the page's daemon; returns its standard output."""
    program = os.path.join(os.path.dirname(slamd_path), "slamctl")
    assert os.access(program, os.X_OK), f"slamctl is not built beside {slamd_path} (swift build --product slamctl)"
    done = subprocess.run([program, "--socket", page.daemon.socket_path, *arguments], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


# ------------------------------------------------------------------ focus


def test_focus_set_from_another_client_shows_in_the_page(page, slamd_path):
    slamctl(page, slamd_path, "call", "focus", '{"ref": "wifi"}')  # the real slamctl, in another process
    wait_until(lambda: "is-focused" in page.top("wifi").get_attribute("class"), message="the focus ring on wifi")
    wait_until(lambda: page.active_ref() == "wifi", message="the browser's focus to follow")
    ring = page.script("return getComputedStyle(arguments[0]).outlineStyle", page.top("wifi"))
    assert ring == "solid", "a visible focus ring"
    page.client.call("focus", {"ref": "save"})
    wait_until(lambda: page.active_ref() == "save", message="the browser's focus to follow again")
    assert "is-focused" not in page.top("wifi").get_attribute("class")
    page.agrees_with_server()


def test_focusing_in_the_page_reaches_the_server(page, slamd_path):
    page.top("user").click()
    wait_until(lambda: page.client.find("user")["focused"] is True, message="the server's focus on user")
    assert json.loads(slamctl(page, slamd_path, "--json", "find", "user"))["focused"] is True
    from selenium.webdriver.common.keys import Keys
    page.top("user").send_keys(Keys.TAB)  # the browser's Tab moves the server's focus too
    wait_until(lambda: page.client.find("password")["focused"] is True, message="Tab to reach the server")
    assert page.client.find("user")["focused"] is False
    page.agrees_with_server()


def test_focus_from_another_client_does_not_steal_a_field_being_typed_into(page):
    page.top("user").click()
    page.top("user").send_keys("ada")
    page.client.call("focus", {"ref": "wifi"})
    wait_until(lambda: "is-focused" in page.top("wifi").get_attribute("class"), message="the ring to move to wifi")
    assert page.active_ref() == "user", "the person typing keeps their field"
    page.top("user").send_keys("x")
    wait_until(lambda: page.client.find("user")["text"] == "adax", message="the typing to go on")


# ------------------------------------------------------------------ keys and text fields


def test_enter_in_a_text_field_runs_its_return_action(page):
    field = page.top("user")
    assert field.get_attribute("maxlength") == "12"
    assert field.get_attribute("placeholder") == "User name"
    field.click()
    from selenium.webdriver.common.keys import Keys
    field.send_keys("ada lovelace, countess" + Keys.ENTER)
    wait_until(lambda: page.client.find("count")["text"] == "Returns: 1", message="the return action")
    assert page.client.find("user")["text"] == "ada lovelace", "maxlength kept the text to 12 characters"
    wait_until(lambda: page.top("count").text == "Returns: 1", message="the page to show it")


def test_a_secure_field_is_a_password_input_typed_through_the_server(page):
    field = page.top("password")
    assert field.get_attribute("type") == "password"
    field.click()
    from selenium.webdriver.common.keys import Keys
    field.send_keys("hunter2")
    wait_until(lambda: page.client.find("password")["text"] == "•" * 7, message="seven characters on the server")
    field.send_keys(Keys.BACKSPACE)
    wait_until(lambda: page.client.find("password")["text"] == "•" * 6, message="Backspace to reach the server")
    settle(page.driver)
    assert field.get_attribute("value") == "•" * 6, "the page shows the server's mask, never the text"
    field.send_keys(Keys.ENTER)
    wait_until(lambda: page.client.find("count")["text"] == "Returns: 1", message="Enter in the secure field")
    page.agrees_with_server()


def test_escape_on_the_page_goes_back(page):
    page.top("next").click()
    wait_until(lambda: page.css("#title").text == "Second", message="the second screen")
    page.css("body").send_keys("\ue00c")  # Escape
    wait_until(lambda: page.css("#title").text == "Sign in", message="Escape to pop")
    assert [c["id"] for c in page.client.controllers()] == ["Home"]


def test_button_styles_are_shown(page):
    assert page.top("delete").get_attribute("data-style") == "destructive"
    assert page.top("reset").get_attribute("data-style") == "cancel"
    assert page.top("save").get_attribute("data-style") == "normal"
    red = page.script("return getComputedStyle(arguments[0]).color", page.top("delete"))
    accent = page.script("return getComputedStyle(arguments[0]).color", page.top("save"))
    assert red != accent


# ------------------------------------------------------------------ alerts


def test_an_alert_from_another_client_covers_the_page_and_its_button_dismisses_it(page):
    page.client.run_task("alert", param="confirmDelete")
    layer = wait_until(lambda: page.all(".slam-layer.is-alert[data-top]"), message="the alert")[0]
    dialog = layer.find_element(page.By.CSS_SELECTOR, '[role="alertdialog"]')
    assert dialog.get_attribute("aria-modal") == "true"
    wait_until(lambda: layer.find_element(page.By.CSS_SELECTOR, ".slam-alert-title").text == "Delete this list?", message="its title")
    assert layer.find_element(page.By.CSS_SELECTOR, ".slam-alert-message").text == "Its 3 items go too. This cannot be undone."
    buttons = layer.find_elements(page.By.CSS_SELECTOR, ".slam-alert-buttons > button")
    assert [(b.text, b.get_attribute("data-style")) for b in buttons] == [("Cancel", "cancel"), ("Delete", "destructive")]
    assert abs(buttons[0].rect["y"] - buttons[1].rect["y"]) < 1, "buttons in a row"
    below = page.css(".slam-layer.is-base")
    assert below.is_displayed() and below.get_attribute("inert") is not None, "the screen under it is covered"
    assert page.css(".slam-layer.is-alert .slam-sheet-header").is_displayed() is False
    page.agrees_with_server()
    buttons[1].click()
    wait_until(lambda: not page.all(".slam-layer.is-alert"), message="the alert to go")
    wait_until(lambda: page.top("count").text == "Returns: 99", message="the destructive button's task")
    assert [c["id"] for c in page.client.controllers()] == ["Home"]
    page.agrees_with_server()


def test_escape_cancels_an_alert_and_enter_answers_one(page):
    page.top("delete").click()
    wait_until(lambda: page.all(".slam-layer.is-alert[data-top]"), message="the alert")
    page.script("document.activeElement && document.activeElement.blur()")
    page.css("body").send_keys("\ue00c")  # Escape presses the cancel button
    wait_until(lambda: not page.all(".slam-layer.is-alert"), message="Escape to cancel the alert")
    assert page.client.find("count")["text"] == "Returns: 0"
    page.client.run_task("alert", param="saved")
    wait_until(lambda: page.all(".slam-layer.is-alert[data-top]"), message="the second alert")
    page.script("document.activeElement && document.activeElement.blur()")
    page.css("body").send_keys("\ue007")  # Enter with nothing focused: the first plain button
    wait_until(lambda: not page.all(".slam-layer.is-alert"), message="Enter to answer the alert")
    assert [c["id"] for c in page.client.controllers()] == ["Home"]


def test_screenshots_of_an_alert_light_and_dark(page, screenshot_directory):
    page.client.call("focus", {"ref": "user"})
    page.client.run_task("alert", param="confirmDelete")
    wait_until(lambda: page.all(".slam-layer.is-alert[data-top] .slam-alert-title"), message="the alert")
    page.script("document.activeElement && document.activeElement.blur()")
    page.driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 400)")  # the fade-in
    page.screenshot("alert.png", screenshot_directory)
    set_viewport(page.driver, *DESKTOP, dark=True)
    page.driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 400)")  # colour transitions
    page.screenshot("alert-dark.png", screenshot_directory)
    set_viewport(page.driver, *DESKTOP)
    for name in ("alert.png", "alert-dark.png"):
        assert (screenshot_directory / name).stat().st_size > 10_000


# ------------------------------------------------------------------ the new elements, from hand-written snapshots

# A screen of every new element, pushed as the server would write its snapshots (Protocol/README.md),
# painted with window.slam.redraw; returns renderer.check().
NEW_ELEMENTS_FIXTURE = """
// Pushes a fixture screen with every new element (as the server would write their snapshots).
const m = window.slam.model;
const stack = m.stack.map(({screen, id, title, modal}) => ({screen, id, title, modal}));
let n = 2000000;
const node = (o, children = []) => ({visible: true, ...o, node: n++, children});
stack.push({screen: 2000000, id: 'Elements', title: 'New elements', modal: false, tree:
  node({type: 'View', ref: 'root', axis: 'vertical', spacing: 12}, [
    node({type: 'Label', ref: 'pickerLabel', text: 'PickerView'}),
    node({type: 'PickerView', ref: 'coffee', enabled: true, focused: false, task: '', param: '', autoUI: false,
      components: [['Espresso', 'Latte', 'Flat white', 'Cappuccino'], ['Small', 'Medium', 'Large']], selectedRows: [2, 1], focusedComponent: 0}),
    node({type: 'Label', ref: 'dateLabel', text: 'DatePicker (date, time, date and time; UTC)'}),
    node({type: 'View', ref: 'dates', axis: 'horizontal', spacing: 8}, [
      node({type: 'DatePicker', ref: 'day', enabled: true, focused: false, task: '', param: '', autoUI: false, mode: 'date', value: '2026-11-23', minimumDate: '2026-01-01', maximumDate: '2027-12-31'}),
      node({type: 'DatePicker', ref: 'alarm', enabled: true, focused: false, task: '', param: '', autoUI: false, mode: 'time', value: '07:30:00', minimumDate: null, maximumDate: null}),
      node({type: 'DatePicker', ref: 'meeting', enabled: true, focused: true, task: '', param: '', autoUI: false, mode: 'dateAndTime', value: '2026-11-23T14:30:00Z', minimumDate: null, maximumDate: null}),
    ]),
    node({type: 'Label', ref: 'tableLabel', text: 'SectionedTableView (multiple selection)'}),
    node({type: 'SectionedTableView', ref: 'groceries', focused: false, multipleSelection: true, selectUI: false,
      sections: [{header: 'Fruit', rows: [{text: 'Apples', detail: '6'}, {text: 'Bananas', detail: '1 bunch'}, {text: 'Cherries', detail: null}]},
                 {header: 'Dairy', rows: [{text: 'Milk', detail: '2 l'}, {text: 'Yoghurt', detail: null}]}],
      selectedRows: [[0, 0], [1, 1]]}),
    node({type: 'SectionedTableView', ref: 'settingsTable', focused: false, multipleSelection: false, selectUI: false,
      sections: [{header: 'Sound', rows: [{text: 'Ringtone', detail: 'Marimba'}, {text: 'Alerts', detail: 'Chime'}]}, {header: null, rows: [{text: 'About', detail: null}]}],
      selectedRows: [[0, 1]]}),
    node({type: 'Label', ref: 'collectionLabel', text: 'CollectionView (3 columns)'}),
    node({type: 'CollectionView', ref: 'photos', focused: false, columns: 3, multipleSelection: false, selectUI: false,
      sections: [{header: 'Summer', items: [{key: 'beach', text: 'Beach'}, {key: 'hills', text: 'Hills'}, {key: 'lake', text: 'Lake'}, {key: 'city', text: 'City'}]},
                 {header: 'Winter', items: [{key: 'snow', text: 'Snow'}, {key: 'cabin', text: 'Cabin'}]}],
      selectedKeys: ['hills']}),
  ])});
window.slam.redraw({seq: m.seq + 1, ops: [{op: 'stack', stack}]});
return window.slam.renderer.check();
"""

# Records the calls the page makes instead of sending them (the fixture's elements are not on the server).
RECORD_CALLS = """
window.slamCalls = [];
window.slam.rpc.call = (method, params) => { window.slamCalls.push([method, params]); return new Promise(() => {}); };
"""


def test_the_new_elements_render_from_their_snapshots_and_press_with_positions(page):
    assert page.script(NEW_ELEMENTS_FIXTURE) == []
    page.script(RECORD_CALLS)
    from selenium.webdriver.support.ui import Select

    picker = page.top("coffee")
    selects = picker.find_elements(page.By.CSS_SELECTOR, "select")
    assert [Select(s).first_selected_option.text for s in selects] == ["Flat white", "Medium"]
    Select(selects[1]).select_by_visible_text("Large")

    # A date picker is a spinbutton: a field of the UTC value as it is typed, read as a person says it.
    day = page.top("day").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    assert (day.get_attribute("value"), day.get_attribute("aria-valuetext")) == ("2026-11-23", "Monday, November 23, 2026")
    meeting = page.top("meeting").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    assert meeting.get_attribute("value") == "2026-11-23 14:30"
    assert meeting.get_attribute("aria-valuetext") == "Monday, November 23, 2026, 14:30 UTC"
    page.script("const input = arguments[0]; input.value = '2026-12-24 09:15';"
                "input.dispatchEvent(new Event('change', {bubbles: true}))", meeting)
    alarm = page.top("alarm").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    assert (alarm.get_attribute("value"), alarm.get_attribute("aria-valuetext")) == ("07:30", "07:30 UTC")

    table = page.top("groceries")
    headers = [h.text for h in table.find_elements(page.By.CSS_SELECTOR, ".slam-table-header")]
    assert headers == ["FRUIT", "DAIRY"] or headers == ["Fruit", "Dairy"]
    rows = table.find_elements(page.By.CSS_SELECTOR, ".slam-row")
    assert [r.get_attribute("aria-pressed") for r in rows] == ["true", "false", "false", "false", "true"]
    assert rows[1].find_element(page.By.CSS_SELECTOR, ".slam-row-detail").text == "1 bunch"
    assert "is-multiple" in table.get_attribute("class")
    rows[3].click()

    photos = page.top("photos")
    grid = photos.find_element(page.By.CSS_SELECTOR, ".slam-collection-grid")
    columns = page.script("return getComputedStyle(arguments[0]).gridTemplateColumns.split(' ').length", grid)
    assert columns == 3
    cells = photos.find_elements(page.By.CSS_SELECTOR, ".slam-cell")
    assert [c.get_attribute("data-key") for c in cells if c.get_attribute("aria-pressed") == "true"] == ["hills"]
    cells[4].click()

    presses = [params for method, params in page.script("return window.slamCalls") if method == "press"]
    assert presses == [
        {"ref": "coffee", "controller": "Elements", "value": [1, 2]},
        {"ref": "meeting", "controller": "Elements", "value": "2026-12-24T09:15:00Z"},
        {"ref": "groceries", "controller": "Elements", "value": [1, 0]},
        {"ref": "photos", "controller": "Elements", "value": [1, 0]},
    ]
    # The server's focus was on the date-and-time picker: its ring, and the browser's focus went there first.
    assert "is-focused" in page.top("meeting").get_attribute("class")
    # Until the server answers, the picker and the date input show the person's choice, not the model's:
    # check() says so; a refused press puts back what the model has.
    problems = page.script("return window.slam.renderer.check()")
    assert len(problems) == 2 and "picker shows rows [2,2]" in problems[0] and "date input" in problems[1], problems
    page.script("for (const ref of ['coffee', 'meeting']) window.slam.renderer.restore(window.slam.model.findByRef(ref)[0].node)")
    assert page.script("return window.slam.renderer.check()") == []
    assert Select(selects[1]).first_selected_option.text == "Medium"

    # A disabled date picker says so, and neither its buttons nor its keys press.
    from selenium.webdriver.common.keys import Keys
    page.script("const m = window.slam.model; const day = m.findByRef('day')[0];"
                "window.slam.redraw({seq: m.seq + 1, ops: [{op: 'update', node: day.node, snapshot: {...day.snapshot, enabled: false}}]})")
    assert (day.get_attribute("aria-disabled"), day.get_attribute("readonly")) == ("true", "true")
    assert [b.is_enabled() for b in page.top("day").find_elements(page.By.CSS_SELECTOR, "button")] == [False, False]
    day.send_keys(Keys.ARROW_UP, "1", Keys.ENTER)
    assert day.get_attribute("value") == "2026-11-23"
    assert len([call for call in page.script("return window.slamCalls") if call[0] == "press"]) == 4


def test_screenshots_of_the_new_elements_light_dark_and_phone(page, screenshot_directory):
    tall = (DESKTOP[0], 1240)  # every element in one picture
    set_viewport(page.driver, *tall)
    assert page.script(NEW_ELEMENTS_FIXTURE) == []
    page.script("document.activeElement && document.activeElement.blur()")  # the server's focus ring alone
    page.screenshot("elements.png", screenshot_directory)
    set_viewport(page.driver, *tall, dark=True)
    page.driver.execute_async_script("setTimeout(arguments[arguments.length - 1], 400)")  # colour transitions
    page.screenshot("elements-dark.png", screenshot_directory)
    set_viewport(page.driver, 375, 780, mobile=True)
    overflow = page.script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, "nothing sticks out sideways at phone width"
    page.screenshot("elements-phone.png", screenshot_directory)
    set_viewport(page.driver, *DESKTOP)
    for name in ("elements.png", "elements-dark.png", "elements-phone.png"):
        assert (screenshot_directory / name).stat().st_size > 10_000


# ------------------------------------------------------------------ the new elements, on a real server

ELEMENTS_STORYBOARD = {
    "initial": "Elements",
    "controllers": [{"id": "Elements", "title": "New elements", "view": {"type": "View", "ref": "root", "children": [
        {"type": "PickerView", "ref": "coffee",
         "components": [["Espresso", "Latte", "Flat white"], ["Small", "Medium", "Large"]], "selectedRows": [2, 1]},
        {"type": "DatePicker", "ref": "meeting", "mode": "dateAndTime", "value": "2026-11-23T14:30:00Z",
         "minimumDate": "2026-01-01T00:00:00Z", "maximumDate": "2027-12-31T23:59:00Z"},
        {"type": "DatePicker", "ref": "day", "mode": "date", "value": "2026-11-23"},
        {"type": "DatePicker", "ref": "alarm", "mode": "time", "value": "07:30:00"},
        {"type": "SectionedTableView", "ref": "groceries", "multipleSelection": True, "sections": [
            {"header": "Fruit", "rows": [{"text": "Apples", "detail": "6"}, "Bananas"]},
            {"header": "Dairy", "rows": ["Milk", {"text": "Yoghurt", "detail": "2 pots"}]}]},
        {"type": "SectionedTableView", "ref": "sounds", "sections": [
            {"header": "Sound", "rows": ["Ringtone", "Alerts"]}, {"rows": ["About"]}]},
        {"type": "CollectionView", "ref": "photos", "columns": 3, "sections": [
            {"header": "Summer", "items": [{"key": "beach", "text": "Beach"}, "Hills", "Lake", "City"]},
            {"header": "Winter", "items": ["Snow"]}]}]}}],
}


@pytest.fixture
def elements_page(browser, slamd_factory):
    with opened_page(browser, slamd_factory, ELEMENTS_STORYBOARD, viewport=DESKTOP) as page:
        yield page


def test_each_new_element_operated_in_the_page_reaches_the_server(elements_page, slamd_path):
    page = elements_page
    from selenium.webdriver.support.ui import Select
    from selenium.webdriver.common.keys import Keys

    # A picker row: [component, row].
    selects = page.top("coffee").find_elements(page.By.CSS_SELECTOR, "select")
    assert [Select(s).first_selected_option.text for s in selects] == ["Flat white", "Medium"]
    Select(selects[1]).select_by_visible_text("Large")
    wait_until(lambda: page.client.find("coffee")["selectedRows"] == [2, 2], message="the picker row on the server")
    assert json.loads(slamctl(page, slamd_path, "--json", "find", "coffee"))["selectedRows"] == [2, 2]

    # A date-and-time spinbutton: what is typed goes as the UTC ISO value, whatever the browser's time zone.
    meeting = page.top("meeting").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    page.script("const input = arguments[0]; input.value = '2026-12-24 09:15';"
                "input.dispatchEvent(new Event('change', {bubbles: true}))", meeting)
    wait_until(lambda: page.client.find("meeting")["value"] == "2026-12-24T09:15:00Z", message="the date on the server")
    # At the daemon's maximum, + is off and − on (the mouse's steps stop at the bounds).
    plus, minus = (page.top("meeting").find_element(page.By.CSS_SELECTOR, f'[data-press="{p}"]') for p in ("increment", "decrement"))
    page.client.press("meeting", value="2027-12-31T23:59:00Z")
    wait_until(lambda: not plus.is_enabled() and minus.is_enabled(), message="+ off at the maximum")
    minus.click()
    wait_until(lambda: page.client.find("meeting")["value"] == "2027-12-30T23:59:00Z", message="− a day back")
    day = page.top("day").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    page.script("const input = arguments[0]; input.value = '2027-02-28';"
                "input.dispatchEvent(new Event('change', {bubbles: true}))", day)
    wait_until(lambda: page.client.find("day")["value"] == "2027-02-28", message="the day on the server")
    # Another client's change shows in the field.
    page.client.press("alarm", value="18:45:00")
    alarm = page.top("alarm").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    wait_until(lambda: alarm.get_attribute("value") == "18:45", message="the time field to follow")

    # Sectioned table rows, with multiple selection: each click toggles one [section, row].
    rows = page.top("groceries").find_elements(page.By.CSS_SELECTOR, ".slam-row")
    rows[0].click()
    rows[3].click()
    wait_until(lambda: sorted(page.client.find("groceries")["selectedRows"]) == [[0, 0], [1, 1]], message="two rows selected")
    wait_until(lambda: [r.get_attribute("aria-pressed") for r in rows] == ["true", "false", "false", "true"], message="two rows marked")
    rows[0].click()
    wait_until(lambda: page.client.find("groceries")["selectedRows"] == [[1, 1]], message="a row toggled off")
    tree = json.loads(slamctl(page, slamd_path, "--json", "tree"))
    assert "groceries" in json.dumps(tree)

    # Arrow keys in a single-selection table move its selection across sections, on the server.
    sounds = page.top("sounds").find_elements(page.By.CSS_SELECTOR, ".slam-row")
    sounds[1].click()
    wait_until(lambda: page.client.find("sounds")["selectedRows"] == [[0, 1]], message="a sound selected")
    sounds[1].send_keys(Keys.ARROW_DOWN)
    wait_until(lambda: page.client.find("sounds")["selectedRows"] == [[1, 0]], message="ArrowDown to the next section")
    wait_until(lambda: page.active_ref() == "sounds" and page.script(
        "return document.activeElement.dataset.position") == "1,0", message="the browser's focus to follow the selection")

    # A collection item: [section, item]; selection is by key.
    cells = page.top("photos").find_elements(page.By.CSS_SELECTOR, ".slam-cell")
    assert [c.get_attribute("data-key") for c in cells] == ["beach", "Hills", "Lake", "City", "Snow"]
    cells[4].click()
    wait_until(lambda: page.client.find("photos")["selectedKeys"] == ["Snow"], message="the item on the server")
    wait_until(lambda: cells[4].get_attribute("aria-pressed") == "true", message="the item marked")
    page.agrees_with_server()
