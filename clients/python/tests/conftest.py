"""The browser fixtures, and ``pytester`` for the plugin's own tests.

The suite runs against the installed package (``pip install ./clients/python``;
``make python-tests`` installs it into ``.build/python-venv``): ``slam`` is not
put on ``sys.path`` here, and its fixtures come from the ``pytest11`` entry
point, as in any project that installs it.
"""

import os

import pytest

from web_support import make_driver, opened_page

pytest_plugins = ["pytester"]

WEB_DESKTOP = (1280, 860)
"""The browser tests' desktop viewport."""


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, one per test module (the browser tests skip when none is installed)."""
    driver = make_driver(*WEB_DESKTOP)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, slamd_factory):
    """The demo on a fresh ``slamd --web``, open in the browser at desktop size; a module may define its own."""
    with opened_page(browser, slamd_factory, viewport=WEB_DESKTOP) as page:
        yield page


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """With ``SLAM_NO_SKIPS=1`` (``make test`` sets it) a skipped test fails: there, every tool the
    browser, accessibility-bus and packaging tests need has been installed, so a skip means a
    broken install that would otherwise pass unseen."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("SLAM_NO_SKIPS") == "1" and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.longrepr = f"skipped where nothing may be: {reason}"
