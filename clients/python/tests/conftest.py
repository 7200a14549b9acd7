"""The browser fixtures, and ``pytester`` for the plugin's own tests.

The suite runs against the installed package (``pip install ./clients/python``;
``make python-tests`` installs it into ``.build/python-venv``): ``slam`` is not
put on ``sys.path`` here, and its fixtures come from the ``pytest11`` entry
point, as in any project that installs it.
"""

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
