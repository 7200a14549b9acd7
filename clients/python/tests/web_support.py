"""Driving the browser page in headless Chromium: find the browser, start a
``slamd --web``, open its page, wait for what a person would see.

Used by ``test_web_page.py``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import tempfile
import re
import shutil
import time
from pathlib import Path
from typing import Any, Callable, Optional

REPOSITORY_ROOT = Path(__file__).resolve().parents[3]
WEB_ROOT = REPOSITORY_ROOT / "Sources" / "SlamDaemon" / "Resources" / "web"
SCREENSHOT_DIRECTORY = REPOSITORY_ROOT / "docs" / "screenshots"

WEB_LINE = re.compile(r"slamd web UI at (http://\S+)")
"""What ``slamd --web`` prints on standard output once the page can be opened."""

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROMEDRIVER_NAMES = ("chromedriver",)
CHROMEDRIVER_PATHS = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver", "/usr/lib/chromium-browser/chromedriver")


def _find(variable: str, names: tuple, paths: tuple = ()) -> Optional[str]:
    """The program the environment variable names, else the first of `names` on the PATH, else of `paths`."""
    configured = os.environ.get(variable)
    if configured:
        return configured
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    for path in paths:
        if os.access(path, os.X_OK):
            return path
    return None


def find_chromium() -> Optional[str]:
    return _find("SLAM_CHROMIUM", CHROMIUM_NAMES)


def find_chromedriver() -> Optional[str]:
    return _find("SLAM_CHROMEDRIVER", CHROMEDRIVER_NAMES, CHROMEDRIVER_PATHS)


def missing_browser() -> Optional[str]:
    """Why the browser tests cannot run here, or None when they can."""
    if importlib.util.find_spec("selenium") is None:
        return "the selenium package is not installed (make python-deps installs it)"
    if find_chromium() is None:
        return "chromium is not installed (make python-deps installs chromium and chromium-driver)"
    if find_chromedriver() is None:
        return "chromedriver is not installed (make python-deps installs chromium-driver)"
    return None


def make_driver(width: int = 1280, height: int = 860, dark: bool = False) -> Any:
    """A headless Chromium (as root it needs --no-sandbox) logging the console."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = find_chromium()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--disable-extensions", "--no-first-run", f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(find_chromedriver()), options=options)
    driver.set_script_timeout(20)
    set_viewport(driver, width, height, dark=dark)
    return driver


def set_viewport(driver: Any, width: int, height: int, mobile: bool = False, dark: bool = False) -> None:
    """Emulates a viewport (Chromium's window cannot be narrower than 500 px) and a colour scheme."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile,
    })
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}],
    })


def launch_web_daemon(slamd_factory: Callable[..., Any], storyboard: Any = None, timeout: float = 10.0) -> tuple:
    """Starts ``slamd --web 127.0.0.1:0`` serving the page from the checkout; returns ``(daemon, url)``.

    ``--web-root`` points at the source directory so the tests check the page as
    it is in the tree, not as it was when slamd was last built.
    """
    daemon = slamd_factory(storyboard, args=["--web", "127.0.0.1:0", "--web-root", str(WEB_ROOT)])
    deadline = time.monotonic() + timeout
    while True:
        match = WEB_LINE.search(daemon.log())
        if match:
            return daemon, match.group(1)
        if not daemon.running or time.monotonic() > deadline:
            raise RuntimeError(f"slamd printed no 'slamd web UI at' line:\n{daemon.log()}")
        time.sleep(0.01)


def open_page(driver: Any, url: str) -> int:
    """Opens the page and waits until its first attach is painted; returns the painted seq."""
    driver.get(url)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const give = () => window.slam ? window.slam.ready.then(done) : setTimeout(give, 10);"
        "give();"
    )


def settle(driver: Any) -> None:
    """Waits until the page has painted every batch the server sent before now.

    The page sends ``ping`` on its own connection; the server answers after every
    ``ui.redraw`` batch it queued earlier, and the page paints each batch as it arrives.
    """
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.slam.rpc.call('ping').then(() => done(true), (error) => done(String(error)));"
    )


def wait_until(condition: Callable[[], Any], timeout: float = 5.0, message: str = "condition") -> Any:
    """Polls ``condition`` until it returns something truthy; fails with ``message`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    last_error: Optional[BaseException] = None
    while time.monotonic() < deadline:
        try:
            value = condition()
        except Exception as error:  # the element may be replaced between two polls
            last_error = error
            value = None
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout} s waiting for {message}" + (f" (last error: {last_error})" if last_error else ""))


def console_errors(driver: Any) -> list:
    """Console messages of level SEVERE (errors, CSP violations), ignoring the favicon and refused reconnects."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon" not in entry["message"] and "ERR_CONNECTION_REFUSED" not in entry["message"]]


class BrowserPage:
    """The page open on a fresh daemon in a real browser, with a client of the same daemon."""

    def __init__(self, driver, daemon, url):
        from selenium.webdriver.common.by import By

        self.driver = driver
        self.daemon = daemon
        self.url = url
        self.client = daemon.connect()
        self.By = By

    def top(self, ref):
        """The element with this reference on the screen on top."""
        return self.driver.find_element(self.By.CSS_SELECTOR, f'.slam-layer[data-top] [data-ref="{ref}"]')

    def css(self, selector):
        return self.driver.find_element(self.By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(self.By.CSS_SELECTOR, selector)

    def script(self, code, *args):
        return self.driver.execute_script(code, *args)

    def active_ref(self):
        """The reference of the element holding the browser's focus (the node it belongs to)."""
        return self.script("const e = document.activeElement && document.activeElement.closest('[data-node]');"
                           "return e ? e.dataset.ref : null")

    def text_of(self, ref):
        return self.top(ref).text

    def wait_text(self, ref, text, timeout=5.0):
        wait_until(lambda: self.text_of(ref) == text, timeout, f"{ref} to read {text!r} (it reads {self._safe_text(ref)!r})")

    def _safe_text(self, ref):
        try:
            return self.text_of(ref)
        except Exception as error:  # noqa: BLE001
            return f"<{error.__class__.__name__}>"

    def title(self):
        return self.css("#title").text

    def wait_title(self, title):
        wait_until(lambda: self.title() == title, 5.0, f"the title to be {title!r} (it is {self.title()!r})")

    def agrees_with_server(self):
        """The page's model equals ``tree`` for every screen, and its DOM the model."""
        settle(self.driver)
        problems = self.driver.execute_script("return window.slam.renderer.check()")
        screens = self.driver.execute_script("return window.slam.model.stack.map(s => [s.screen, s.id])")
        assert [identifier for _, identifier in screens] == [c["id"] for c in self.client.controllers()]
        topmost = {identifier: number for number, identifier in screens}  # `tree` names the topmost screen of an id
        for identifier, number in topmost.items():
            model_tree = self.driver.execute_script(f"return window.slam.model.tree({number})")
            assert model_tree == self.client.tree(controller=identifier), f"screen {identifier}"
        assert self.driver.execute_script("return window.slam.model.state") == self.client.state_list()
        assert problems == []

    def screenshot(self, name, directory):
        """Saves a screenshot without the browser's focus ring or a hover outline left over from the test's clicks
        (the server's focus ring, drawn by the page, stays)."""
        self.driver.execute_script("document.activeElement && document.activeElement.blur()")
        path = Path(directory) / name
        self.driver.save_screenshot(str(path))
        return path


@contextlib.contextmanager
def opened_page(browser: Any, slamd_factory: Callable[..., Any], storyboard: Any = None,
                viewport: tuple = (1280, 860)):
    """A fresh ``slamd --web`` (the demo, or ``storyboard``) open in ``browser``; afterwards the console
    must hold no error."""
    daemon, url = launch_web_daemon(slamd_factory, storyboard)
    set_viewport(browser, *viewport)
    open_page(browser, url)
    browser.get_log("browser")  # start each test with an empty console
    yield BrowserPage(browser, daemon, url)
    errors = console_errors(browser)
    assert errors == [], f"console errors: {errors}"


@contextlib.contextmanager
def screenshots(prefix: str):
    """A temporary directory for a module's screenshots, copied to ``docs/screenshots/`` when ``SLAM_SCREENSHOTS=1``."""
    directory = Path(tempfile.mkdtemp(prefix=prefix))
    yield directory
    if os.environ.get("SLAM_SCREENSHOTS") == "1":
        SCREENSHOT_DIRECTORY.mkdir(parents=True, exist_ok=True)
        for shot in directory.glob("*.png"):
            shutil.copy(shot, SCREENSHOT_DIRECTORY / shot.name)
    print(f"\nscreenshots in {directory}")
