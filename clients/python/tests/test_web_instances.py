"""The page and the daemon's instances, in headless Chromium: ``?instance=HANDLE`` shows and drives
that instance (not main), the inspector's Instances tab lists them and switches the page in place
(the address follows, a reload stays), makes and closes one, a closed instance's banner offers
main, and an address naming no open instance says which are open. The new parts pass axe-core.

Screenshots go to a temporary directory, and to ``docs/screenshots/`` with ``SLAM_SCREENSHOTS=1``.
"""

from __future__ import annotations

import pytest

from test_web_a11y import audit, color_scheme, missing, readable
from web_support import open_page, opened_page, screenshots, settle, wait_until

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

DESKTOP = (1280, 860)


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-instances-screenshots-") as directory:
        yield directory


def address(page, handle):
    """The page's address (with its token) showing `handle`."""
    base, _, fragment = page.url.partition("#")
    return f"{base}?instance={handle}#{fragment}"


def count_on(client):
    return client.find("count")["text"]


def wait_count(client, text):
    wait_until(lambda: count_on(client) == text, message=f"the daemon's count to read {text!r} (it reads {count_on(client)!r})")


def shown_instance(page):
    return page.script("return window.slam.instance")


def query(page):
    return page.script("return location.search")


def title_bar_name(page):
    """The instance the title bar names, as it reads (handle and label)."""
    return " ".join(page.css("#instance-name").get_attribute("textContent").split())


def open_instances_tab(page):
    if not page.css("#inspector").is_displayed():
        page.css("#inspect-toggle").click()
    page.css("#tab-instances").click()
    wait_until(lambda: page.all("#panel-instances [data-instance]"), message="the list of instances")


def rows(page):
    return page.script("return [...document.querySelectorAll('#panel-instances [data-instance]')].map(r => r.dataset.instance)")


def row_button(page, handle, action):
    return page.css(f'#panel-instances [data-instance="{handle}"] [data-action="{action}"]')


def test_a_page_opened_with_an_instance_shows_and_drives_that_instance_not_main(browser, slamd_factory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        # The page's own client made it, and keeps it open while connected.
        page.client.instance_create(label="checkout")
        other = page.daemon.connect()
        other.instance_use("i1")
        other.press("increment")
        other.press("increment")

        open_page(page.driver, address(page, "i1"))
        page.wait_text("count", "Count: 2")
        assert shown_instance(page) == "i1" and query(page) == "?instance=i1", "the token left the address, the instance stays"
        assert page.css("#instance-name").is_displayed() and title_bar_name(page) == "i1 · checkout"
        assert "i1" in page.driver.title

        # What another client does on i1 shows; the page's presses go to i1; main stays as it was.
        other.press("increment")
        page.wait_text("count", "Count: 3")
        page.top("increment").click()
        wait_count(other, "Count: 4")
        page.wait_text("count", "Count: 4")
        assert count_on(page.client) == "Count: 0", "main was not touched"
        page.client.press("increment")
        settle(page.driver)
        assert page.text_of("count") == "Count: 4", "a press on main does not show on a page showing i1"

        # The page's copy agrees with i1's tree, screen by screen.
        settle(page.driver)
        assert page.script("return window.slam.renderer.check()") == []
        number = page.script("return window.slam.model.top.screen")
        assert page.script(f"return window.slam.model.tree({number})") == other.tree()
        assert page.script("return window.slam.model.state") == other.state_list()

        # A reload stays on i1.
        page.driver.refresh()
        page.driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                         "const give = () => window.slam ? window.slam.ready.then(done) : setTimeout(give, 10); give();")
        page.wait_text("count", "Count: 4")
        assert shown_instance(page) == "i1"

        # A dropped connection reconnects to i1 too: a new connection starts on main until instance.use.
        page.script("window.slam.rpc.socket.close()")
        wait_until(lambda: page.script("return window.slam.rpc.status") != "open", message="the connection to drop")
        wait_until(lambda: page.script("return window.slam.rpc.status") == "open", timeout=10, message="the page to reconnect")
        other.press("increment")
        page.wait_text("count", "Count: 5")
        assert count_on(page.client) == "Count: 1"


def test_the_inspector_lists_the_instances_and_switches_the_page_in_place(browser, slamd_factory, screenshot_directory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        assert not page.css("#instance-name").is_displayed(), "main needs no name in the title bar"
        page.client.instance_create(label="checkout")
        other = page.daemon.connect()
        other.instance_use("i1")
        other.press("increment")
        other.press("increment")

        open_instances_tab(page)
        assert rows(page) == ["main", "i1"]
        assert "shown here" in page.css('#panel-instances [data-instance="main"]').text.lower()
        assert "checkout" in page.css('#panel-instances [data-instance="i1"]').text
        assert "launched app · 1 connection" in page.css('#panel-instances [data-instance="i1"]').text
        assert "launched app · 2 connections" in page.css('#panel-instances [data-instance="main"]').text, "the page and its client"

        # Another client makes one while the tab is open: the list picks it up by itself.
        page.client.instance_create(app="demo", label="agent run 7")
        wait_until(lambda: rows(page) == ["main", "i1", "i2"], timeout=10, message="i2 listed without a click")

        row_button(page, "i1", "show").click()
        page.wait_text("count", "Count: 2")
        assert shown_instance(page) == "i1" and query(page) == "?instance=i1"
        wait_until(lambda: "shown here" in page.css('#panel-instances [data-instance="i1"]').text.lower(),
                   message="i1 marked as shown")
        assert title_bar_name(page) == "i1 · checkout"
        page.screenshot("inspector-instances.png", screenshot_directory)
        page.top("increment").click()
        wait_count(other, "Count: 3")
        assert count_on(page.client) == "Count: 0"

        # Back to main, in place: the address loses ?instance=.
        row_button(page, "main", "show").click()
        page.wait_text("count", "Count: 0")
        assert shown_instance(page) == "main" and query(page) == ""
        assert not page.css("#instance-name").is_displayed()

        # Closed, the inspector asks for the list no more.
        page.css("#inspect-toggle").click()
        assert page.script("return window.slam.inspector.instances.timer") is None


def test_the_inspector_makes_an_instance_shows_it_and_closes_another(browser, slamd_factory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        page.client.instance_create(label="spare")
        page.client.press("increment")
        open_instances_tab(page)
        page.css("#panel-instances input.field").send_keys("made in the page")
        page.css('#panel-instances button[type="submit"]').click()
        wait_until(lambda: shown_instance(page) == "i2", message="the page to show the instance it made")
        page.wait_text("count", "Count: 0")
        assert query(page) == "?instance=i2"
        entry = next(e for e in page.client.instance_list() if e["instance"] == "i2")
        assert entry["label"] == "made in the page" and entry["connections"] == 1

        # Close… asks first; Keep keeps it; Close closes it.
        wait_until(lambda: rows(page) == ["main", "i1", "i2"], message="i2 listed")
        row_button(page, "i1", "close").click()
        row_button(page, "i1", "keep").click()
        assert [e["instance"] for e in page.client.instance_list()] == ["main", "i1", "i2"]
        row_button(page, "i1", "close").click()
        row_button(page, "i1", "confirm-close").click()
        wait_until(lambda: rows(page) == ["main", "i2"], message="i1 gone from the list")
        assert [e["instance"] for e in page.client.instance_list()] == ["main", "i2"]
        assert not page.all('#panel-instances [data-instance="main"] [data-action="close"]'), "main cannot be closed"


def test_a_closed_instance_shows_a_banner_and_offers_main(browser, slamd_factory, screenshot_directory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        page.client.instance_create(label="checkout")
        page.client.press("increment")
        open_page(page.driver, address(page, "i1"))
        page.wait_text("count", "Count: 0")

        page.client.instance_close("i1")
        banner = page.css("#instance-banner")
        wait_until(banner.is_displayed, message="the closed instance's banner")
        wait_until(lambda: page.css("#instance-banner-text").text == "Instance i1 was closed. Open: main.",
                   message=f"the banner to name what is open (it reads {page.css('#instance-banner-text').text!r})")
        assert page.script("return document.getElementById('screens').inert"), "the closed app's last screen takes no input"
        assert shown_instance(page) == "i1", "nothing switched the page by itself"
        page.screenshot("instance-closed.png", screenshot_directory)

        page.css("#instance-main").click()
        page.wait_text("count", "Count: 1")
        assert not banner.is_displayed() and shown_instance(page) == "main" and query(page) == ""
        assert not page.script("return document.getElementById('screens').inert")
        page.top("increment").click()
        wait_count(page.client, "Count: 2")


def test_an_address_naming_no_open_instance_says_which_are_open(browser, slamd_factory, screenshot_directory):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        page.client.instance_create()
        page.driver.get(address(page, "i9"))
        wait_until(lambda: page.css("#instance-banner").is_displayed(), message="the missing instance's banner")
        assert page.css("#instance-banner-text").text == "No instance i9 is open in this daemon. Open: main and i1."
        assert page.css("#loading").is_displayed() and page.css("#loading").text == "Choose an instance to show."
        page.screenshot("instance-missing.png", screenshot_directory)

        page.css("#instance-choose").click()
        wait_until(lambda: rows(page) == ["main", "i1"], message="the instances listed in the inspector")
        row_button(page, "i1", "show").click()
        wait_until(lambda: shown_instance(page) == "i1" and page.all('.slam-layer[data-top] [data-ref="count"]'),
                   message="i1 shown")
        assert not page.css("#instance-banner").is_displayed() and not page.css("#loading").is_displayed()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_instances_tab_the_title_bar_name_and_the_banner_pass_the_audit(browser, slamd_factory, scheme):
    with opened_page(browser, slamd_factory, viewport=DESKTOP) as page:
        page.client.instance_create(label="checkout")
        page.client.instance_create(app="demo")
        open_page(page.driver, address(page, "i1"))
        color_scheme(page, scheme)
        found = {}
        open_instances_tab(page)
        wait_until(lambda: rows(page) == ["main", "i1", "i2"], message="three instances")
        settle(page.driver)
        found["instances tab"] = audit(page)
        row_button(page, "i2", "close").click()
        found["closing asks"] = audit(page)
        row_button(page, "i2", "keep").click()
        page.css("#inspect-toggle").click()
        page.client.instance_close("i1")
        wait_until(lambda: page.css("#instance-banner").is_displayed(), message="the closed instance's banner")
        found["closed banner"] = audit(page)
        assert {where: v for where, v in found.items() if v} == {}, readable(found)
