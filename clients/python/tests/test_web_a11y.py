"""The browser page is accessible: an axe-core audit, Chromium's accessibility tree, the keyboard.

- axe-core (the ``axe.min.js`` that PyPI's ``axe-playwright-python`` ships; ``make python-deps``
  installs the package without its Playwright dependency) finds no violation on any demo screen,
  with an alert presented, or with the inspector open, in light and in dark.
- For every element of every demo screen the daemon reports (``tree``), Chromium's own
  accessibility tree (CDP ``Accessibility.getFullAXTree``) has a node of the same role and name.
- The keyboard works as the ARIA Authoring Practices say: a spinbutton's arrows, Home and End
  change the value the daemon reports (a date picker's arrows step its day); a radio group's arrows move its selection; everything
  Tab reaches shows a focus ring.

Skipped only when Chromium, chromedriver, selenium or axe-core are missing.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest

from web_support import missing_browser, opened_page, set_viewport, settle, wait_until

DESKTOP = (1280, 860)

DEMO_SCREENS = ("Home", "Settings", "List", "Todos", "Pickers", "About", "Display")
"""Every screen of the demo app."""


def axe_script() -> Optional[Path]:
    """The axe-core build that ``axe-playwright-python`` ships, or None when the package is missing."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "axe.min.js"
    return path if path.is_file() else None


def missing() -> Optional[str]:
    if missing_browser() is not None:
        return missing_browser()
    if axe_script() is None:
        return "axe-core is not installed (make python-deps installs axe-playwright-python)"
    return None


pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")


# ------------------------------------------------------------------ driving the demo


def show(page, screen: str) -> None:
    """Puts `screen` on top of the demo (pushed over Home; Home is the root)."""
    if screen != "Home":
        page.client.run_task("push", param=screen)
    wait_until(lambda: page.script("const t = window.slam.model.top; return t && t.id") == screen,
               message=f"{screen} on top")
    settle(page.driver)


def leave(page, screen: str) -> None:
    if screen != "Home":
        page.client.run_task("pop")
        wait_until(lambda: page.script("return window.slam.model.top.id") == "Home", message="Home on top again")
        settle(page.driver)


def color_scheme(page, scheme: str) -> None:
    set_viewport(page.driver, *DESKTOP, dark=scheme == "dark")
    wait_until(lambda: page.script(f"return matchMedia('(prefers-color-scheme: {scheme})').matches"),
               message=f"the {scheme} colour scheme")
    settled(page)


def settled(page) -> None:
    """Waits until no transition runs (colours fading to the new scheme would be measured half-way)."""
    wait_until(lambda: page.script(
        "return document.getAnimations().every((a) => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)"), message="transitions to end")


# ------------------------------------------------------------------ axe-core


def audit(page) -> List[Dict[str, Any]]:
    """Runs axe-core over the page (all rules its defaults run, best practices included); returns its violations.

    The web view's sandboxed frame is the app's content, not the page's, and runs no script: it is not audited.
    """
    settled(page)
    if not page.script("return !!window.axe"):
        page.script(axe_script().read_text(encoding="utf-8") + "\n;return true;")
    return page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {iframes: false, resultTypes: ['violations']}).then("
        "  (r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        "    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary}))}))),"
        "  (e) => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"
    )


def readable(violations: Dict[str, List[Dict[str, Any]]]) -> str:
    lines = []
    for where, found in violations.items():
        for violation in found:
            lines.append(f"{where}: {violation['id']} ({violation['impact']}): {violation['help']}")
            for node in violation["nodes"][:6]:
                lines.append(f"    {node['target']}: {(node['summary'] or '').splitlines()[-1:]}")
    return "\n".join(lines)


def audit_everything(page, scheme: str) -> Dict[str, List[Dict[str, Any]]]:
    """Violations per place: every demo screen, an alert, the inspector open (keys `scheme/place`)."""
    color_scheme(page, scheme)
    found: Dict[str, List[Dict[str, Any]]] = {}
    for screen in DEMO_SCREENS:
        show(page, screen)
        found[f"{scheme}/{screen}"] = audit(page)
        if screen == "Pickers":
            page.client.run_task("alert", param="confirmOrder")
            wait_until(lambda: page.all(".slam-layer.is-alert[data-top]"), message="the alert")
            settle(page.driver)
            found[f"{scheme}/Pickers+alert"] = audit(page)
            page.client.key("Escape")
            wait_until(lambda: not page.all(".slam-layer.is-alert"), message="the alert to go")
        leave(page, screen)
    # The inspector, with an element selected (its tree, its details).
    show(page, "Settings")
    page.css("#inspect-toggle").click()
    wait_until(lambda: page.css("#inspector").is_displayed(), message="the inspector")
    page.script("window.slam.inspector.select(window.slam.model.top.root)")
    settle(page.driver)
    found[f"{scheme}/inspector"] = audit(page)
    page.css("#inspect-toggle").click()
    leave(page, "Settings")
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_any_screen_alert_or_inspector(page, scheme):
    found = audit_everything(page, scheme)
    nodes = sum(len(v["nodes"]) for violations in found.values() for v in violations)
    rules = sum(len(violations) for violations in found.values())
    print(f"\naxe-core {scheme}: {rules} violations ({nodes} elements) over {len(found)} places")
    assert {where: v for where, v in found.items() if v} == {}, readable(found)


# ------------------------------------------------------------------ Chromium's accessibility tree

def role_and_name(snapshot: Dict[str, Any]) -> Tuple[str, str]:
    """What the daemon says an element is: its snapshot's `role` and `name`."""
    return snapshot.get("role") or "generic", snapshot.get("name") or ""


def shown_elements(snapshot: Dict[str, Any]) -> Iterator[Dict[str, Any]]:
    """An element tree's elements a person sees (hidden ones and their subtrees left out)."""
    if snapshot.get("visible") is False:
        return
    yield snapshot
    for child in snapshot.get("children") or []:
        yield from shown_elements(child)


def chromium_tree(page) -> List[Dict[str, Any]]:
    """Chromium's accessibility tree of the page: its nodes that are not ignored, as {role, name, text}, where
    `text` is what the node's StaticText descendants read (Chromium names no paragraph: its text is the name)."""
    nodes = page.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    by_id = {node["nodeId"]: node for node in nodes}

    def text_of(node: Dict[str, Any]) -> str:
        if node.get("role", {}).get("value") == "StaticText":
            return node.get("name", {}).get("value", "")
        return "".join(text_of(by_id[child]) for child in node.get("childIds", []) if child in by_id)

    return [{"role": node["role"]["value"], "name": node.get("name", {}).get("value", ""), "text": text_of(node)}
            for node in nodes if not node.get("ignored") and "role" in node]


# Where Chromium's tree says it differently (the only exceptions):
# - an unnamed `generic` view has no node: Chromium leaves plain boxes out (their children move up);
# - a `paragraph` has no name in Chromium's tree: its text is its StaticText children's;
#   an empty one (a label with no text) is left out.
# Every other element must have a node of exactly its role and name.


def found_in(tree: List[Dict[str, Any]], snapshot: Dict[str, Any]) -> Optional[str]:
    """None when Chromium's tree has the element's role and name; else what is missing."""
    role, name = role_and_name(snapshot)
    if role == "generic" and not name:
        return None
    if role == "paragraph":
        if not name or any(node["role"] == "paragraph" and node["text"] == name for node in tree):
            return None
    elif any(node["role"] == role and node["name"] == name for node in tree):
        return None
    return f"{snapshot['type']} {snapshot.get('ref')!r}: no {role} {name!r}"


def test_chromium_has_the_role_and_name_of_every_element_the_daemon_reports(page):
    missing: List[str] = []
    checked = 0
    for screen in DEMO_SCREENS:
        show(page, screen)
        tree = chromium_tree(page)
        for snapshot in shown_elements(page.client.tree(controller=screen)):
            checked += 1
            problem = found_in(tree, snapshot)
            if problem:
                missing.append(f"{screen}: {problem}")
        leave(page, screen)
    show(page, "Pickers")
    page.client.run_task("alert", param="confirmOrder")
    wait_until(lambda: page.all(".slam-layer.is-alert[data-top]"), message="the alert")
    settle(page.driver)
    alert = page.client.controllers()[-1]["id"]
    tree = chromium_tree(page)
    for snapshot in shown_elements(page.client.tree(controller=alert)):
        checked += 1
        problem = found_in(tree, snapshot)
        if problem:
            missing.append(f"alert: {problem}")
    assert checked > 60
    assert missing == [], "\n".join(missing)


# ------------------------------------------------------------------ the keyboard


def test_the_steppers_spinbutton_keys_change_the_value_the_daemon_reports(page):
    from selenium.webdriver.common.keys import Keys

    show(page, "Settings")
    spinbutton = page.top("volume").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    spinbutton.send_keys(Keys.ARROW_UP)
    wait_until(lambda: page.client.find("volume")["value"] == 6, message="ArrowUp to raise the volume to 6")
    wait_until(lambda: spinbutton.get_attribute("aria-valuenow") == "6", message="the spinbutton to say 6")
    spinbutton.send_keys(Keys.ARROW_DOWN)
    wait_until(lambda: page.client.find("volume")["value"] == 5, message="ArrowDown to lower it to 5")
    spinbutton.send_keys(Keys.END)
    wait_until(lambda: page.client.find("volume")["value"] == 10, message="End to take it to its maximum")
    spinbutton.send_keys(Keys.HOME)
    wait_until(lambda: page.client.find("volume")["value"] == 0, message="Home to take it to its minimum")
    spinbutton.send_keys(Keys.PAGE_UP)
    wait_until(lambda: page.client.find("volume")["value"] == 10, message="PageUp to go ten steps up (to the maximum)")
    page.wait_text("volumeLabel", "Volume: 10")
    assert page.active_ref() == "volume", "the spinbutton keeps the focus"


def test_the_date_pickers_spinbutton_keys_step_the_day_the_daemon_reports(page):
    from selenium.webdriver.common.keys import Keys

    show(page, "Pickers")
    spinbutton = page.top("delivery").find_element(page.By.CSS_SELECTOR, '[role="spinbutton"]')
    assert spinbutton.get_attribute("aria-label") == page.client.find("delivery")["name"] == "Delivery date"
    assert page.client.find("delivery")["value"] == "2026-11-23"
    spinbutton.send_keys(Keys.ARROW_UP)
    wait_until(lambda: page.client.find("delivery")["value"] == "2026-11-24", message="ArrowUp to move the delivery a day on")
    wait_until(lambda: spinbutton.get_attribute("aria-valuetext") == "Tuesday, November 24, 2026",
               message="the spinbutton to read the new day")
    spinbutton.send_keys(Keys.ARROW_DOWN)
    wait_until(lambda: page.client.find("delivery")["value"] == "2026-11-23", message="ArrowDown a day back")
    spinbutton.send_keys(Keys.PAGE_UP)
    wait_until(lambda: page.client.find("delivery")["value"] == "2026-11-30", message="PageUp a week on")
    wait_until(lambda: spinbutton.get_attribute("value") == "2026-11-30", message="the field to show it")
    # A typed day, pressed with Enter.
    spinbutton.send_keys(Keys.CONTROL, "a")
    spinbutton.send_keys("2026-12-24", Keys.ENTER)
    wait_until(lambda: page.client.find("delivery")["value"] == "2026-12-24", message="the typed day on the daemon")
    # A day the daemon refuses: its reason shows, and the field goes back to the daemon's day.
    spinbutton.send_keys(Keys.CONTROL, "a")
    spinbutton.send_keys("next tuesday", Keys.ENTER)
    wait_until(lambda: "ISO 8601" in " ".join(t.text for t in page.all(".toast")), message="the daemon's reason")
    wait_until(lambda: spinbutton.get_attribute("value") == "2026-12-24", message="the field to show the daemon's day")
    assert page.client.find("delivery")["value"] == "2026-12-24"
    # Escape puts back the day typed over (and leaves the screen where it is).
    spinbutton.send_keys(Keys.CONTROL, "a")
    spinbutton.send_keys("2027-01-01", Keys.ESCAPE)
    assert spinbutton.get_attribute("value") == "2026-12-24"
    settle(page.driver)
    assert page.script("return window.slam.model.top.id") == "Pickers"
    assert page.client.find("delivery")["value"] == "2026-12-24"
    assert page.active_ref() == "delivery", "the spinbutton keeps the focus"


def test_the_segmented_controls_arrows_move_its_selection_round(page):
    from selenium.webdriver.common.keys import Keys

    show(page, "Settings")
    radios = page.top("theme").find_elements(page.By.CSS_SELECTOR, '[role="radio"]')
    assert [radio.get_attribute("tabindex") for radio in radios] == ["-1", "-1", "0"], "the checked radio is the tab stop"
    radios[2].send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: page.client.find("theme")["selectedSegment"] == 0, message="ArrowRight past the last to the first")
    page.wait_text("themeLabel", "Theme: Light")
    wait_until(lambda: page.script("return document.activeElement.textContent") == "Light", message="the focus to follow")
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait_until(lambda: page.client.find("theme")["selectedSegment"] == 1, message="ArrowRight to Dark")
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait_until(lambda: page.client.find("theme")["selectedSegment"] == 0, message="ArrowLeft back to Light")
    wait_until(lambda: [r.get_attribute("aria-checked") for r in radios] == ["true", "false", "false"],
               message="the radios to show it")
    assert [radio.get_attribute("tabindex") for radio in radios] == ["0", "-1", "-1"]


def test_the_page_controls_slider_keys_change_the_page(page):
    from selenium.webdriver.common.keys import Keys

    show(page, "Settings")
    slider = page.top("pages")
    assert slider.get_attribute("aria-valuetext") == "Page 1 of 3"
    slider.send_keys(Keys.END)
    wait_until(lambda: page.client.find("pages")["currentPage"] == 2, message="End to the last page")
    wait_until(lambda: slider.get_attribute("aria-valuenow") == "3", message="the slider to say 3")
    slider.send_keys(Keys.ARROW_LEFT)
    wait_until(lambda: page.client.find("pages")["currentPage"] == 1, message="ArrowLeft one page back")
    page.wait_text("pageLabel", "Page 2 of 3")


FOCUS_RING = """
const active = document.activeElement;
if (!active || active === document.body) return null;
const drawn = (el) => {
  const style = getComputedStyle(el);
  return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
};
// The browser's ring on the element, or the server's focus ring on the element it belongs to.
const node = active.closest('.slam-node.is-focused');
return {ring: drawn(active) || (!!node && drawn(node)), what: active.outerHTML.slice(0, 120)};
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_everything_focusable_shows_a_focus_ring(page, scheme):
    """Tab reaches every control of a screen in turn, and each shows a ring when it has the focus."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    color_scheme(page, scheme)
    without: List[str] = []
    for screen in ("Home", "Settings", "List", "Pickers", "Display"):
        show(page, screen)
        page.script("document.activeElement && document.activeElement.blur()")
        seen = set()
        for _ in range(40):
            ActionChains(page.driver).send_keys(Keys.TAB).perform()
            settle(page.driver)
            settled(page)
            found = page.script(FOCUS_RING)
            if found is None or found["what"] in seen:
                break
            seen.add(found["what"])
            if not found["ring"]:
                without.append(f"{screen}: {found['what']}")
        assert len(seen) >= 3, f"{screen}: Tab reached {len(seen)} elements"
        leave(page, screen)
    assert without == [], "\n".join(without)
