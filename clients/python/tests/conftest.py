"""Makes ``slam`` importable without installing it and enables its pytest fixtures."""

import sys
from pathlib import Path

import pytest

CLIENT_DIRECTORY = Path(__file__).resolve().parent.parent
REPOSITORY_ROOT = CLIENT_DIRECTORY.parent.parent

if str(CLIENT_DIRECTORY) not in sys.path:
    sys.path.insert(0, str(CLIENT_DIRECTORY))

pytest_plugins = ["slam.pytest_plugin", "pytester"]


from web_support import make_driver, opened_page  # noqa: E402  (after the path is set)

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
