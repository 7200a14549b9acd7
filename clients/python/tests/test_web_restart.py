"""A page whose ``slamd`` restarted, in headless Chromium: a new daemon on the same port has a
new token, which the page learns (the daemon answers 401 to the old one) and says so instead
of reconnecting forever; with ``--web-token-file`` the token survives and the page reconnects.

Screenshots go to a temporary directory, and to ``docs/screenshots/`` with ``SLAM_SCREENSHOTS=1``.
"""

from __future__ import annotations

import time

import pytest

from web_support import WEB_LINE, WEB_ROOT, missing_browser, open_page, screenshots, set_viewport, wait_until

pytestmark = pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-restart-screenshots-") as directory:
        yield directory


def start_web(slamd_factory, port=0, *args):
    """A ``slamd --web 127.0.0.1:PORT`` serving the page from the checkout; returns it and its URL."""
    daemon = slamd_factory(args=["--web", f"127.0.0.1:{port}", "--web-root", str(WEB_ROOT), *args])
    deadline = time.monotonic() + 10
    while not WEB_LINE.search(daemon.log()):
        assert daemon.running and time.monotonic() < deadline, daemon.log()
        time.sleep(0.01)
    return daemon, WEB_LINE.search(daemon.log()).group(1)


def port_of(url):
    return int(url.split("/#")[0].rsplit(":", 1)[1])


def status(browser):
    return browser.execute_script("return window.slam.rpc.status")


def count_text(browser):
    return browser.execute_script(
        "const e = document.querySelector('.slam-layer[data-top] [data-ref=\"count\"]'); return e ? e.textContent : null")


def test_a_restarted_slamd_has_a_new_token_and_the_page_says_to_open_the_new_address(browser, slamd_factory, screenshot_directory):
    set_viewport(browser, 1280, 860)
    first, url = start_web(slamd_factory)
    open_page(browser, url)
    assert first.stop() == 0
    second, new_url = start_web(slamd_factory, port_of(url))
    assert new_url != url, "a new start makes a new token"

    wait_until(lambda: status(browser) == "refused", timeout=30, message="the page to learn its token is refused")
    banner = browser.find_element("css selector", "#banner")
    assert banner.is_displayed()
    assert banner.text.startswith("slamd restarted: open the new address; slamctl open prints it"), banner.text
    assert not browser.find_element("css selector", "#retry").is_displayed(), "retrying cannot help"
    # It stopped retrying: no socket, no timer armed, and the connection is marked stopped.
    assert browser.execute_script("const r = window.slam.rpc; return [r.stopped, r.socket === null]") == [True, True]
    browser.execute_script("document.activeElement && document.activeElement.blur()")
    browser.save_screenshot(str(screenshot_directory / "web-restarted.png"))

    # The new address pasted into the same tab (only the fragment changes): it connects and attaches again.
    second.connect().press("increment")
    browser.execute_script("location.hash = arguments[0]", "#" + new_url.split("/#", 1)[1])
    wait_until(lambda: status(browser) == "open" and count_text(browser) == "Count: 1", timeout=20,
               message="the page to attach to the new daemon")
    assert not browser.find_element("css selector", "#banner").is_displayed()
    browser.get_log("browser")  # the refused attempts' console errors are expected


def test_a_page_opened_with_an_old_address_says_so_at_once(browser, slamd_factory, screenshot_directory):
    first, url = start_web(slamd_factory)
    assert first.stop() == 0
    start_web(slamd_factory, port_of(url))
    browser.get(url)
    wait_until(lambda: browser.execute_script("return window.slam && window.slam.rpc.status") == "refused", timeout=20,
               message="the old token to be refused")
    text = browser.find_element("css selector", "#loading-text").text
    assert text == "slamd restarted: open the new address; slamctl open prints it.", text
    browser.save_screenshot(str(screenshot_directory / "web-restarted-before-attaching.png"))
    browser.get_log("browser")


def test_with_a_token_file_the_page_reconnects_by_itself_after_a_restart(browser, slamd_factory, tmp_path):
    token_file = tmp_path / "web-token"
    first, url = start_web(slamd_factory, 0, "--web-token-file", str(token_file))
    open_page(browser, url)
    assert first.stop() == 0
    second, new_url = start_web(slamd_factory, port_of(url), "--web-token-file", str(token_file))
    assert new_url == url, "the same token"
    second.connect().press("increment")
    wait_until(lambda: status(browser) == "open" and count_text(browser) == "Count: 1", timeout=30,
               message="the page to reconnect and attach by itself")
    assert not browser.find_element("css selector", "#banner").is_displayed()
    browser.find_element("css selector", '.slam-layer[data-top] [data-ref="increment"]').click()
    wait_until(lambda: count_text(browser) == "Count: 2", message="a press from the page")
    browser.get_log("browser")
