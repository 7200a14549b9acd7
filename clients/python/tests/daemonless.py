"""A pytest plugin that keeps only the tests that need no slamd and no browser (``make check``).

Load it with ``-p daemonless`` (this directory on ``PYTHONPATH``): a test that
asks for a daemon, a client of one or a browser page, directly or through
another fixture, is deselected, so what remains runs in seconds with nothing
built but the package.
"""

from typing import List

import pytest

DAEMON_FIXTURES = frozenset({
    "slamd", "slam_client", "slamd_factory", "slamd_path", "_slam_shared_daemon", "browser", "page", "pytester",
})
"""Fixtures that start slamd or Chromium (``pytester`` runs the plugin's own tests, which start slamd)."""


def pytest_collection_modifyitems(config: pytest.Config, items: List[pytest.Item]) -> None:
    kept, deselected = [], []
    for item in items:
        needs = set(getattr(item, "fixturenames", ())) & DAEMON_FIXTURES
        (deselected if needs else kept).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept
