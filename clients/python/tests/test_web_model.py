"""Runs the browser page's unit tests (``web/*.test.mjs``) under node.

The page's remote-UI model (``Sources/SlamDaemon/Resources/web/model.js``) is
plain JavaScript without a DOM, so node's built-in test runner checks it:
attach, every ``ui.redraw`` op, stack changes, errors, random batches against a
reference; the inspector's snippets; the renderer's date and section helpers; and the page's instance helpers. ``make python-deps`` installs ``nodejs``
when ``node`` is missing.
"""

import shutil
import subprocess

import pytest

from support import REPOSITORY_ROOT

WEB_TESTS = REPOSITORY_ROOT / "clients" / "python" / "tests" / "web"
TESTS = [WEB_TESTS / "model.test.mjs", WEB_TESTS / "inspector.test.mjs", WEB_TESTS / "controls.test.mjs", WEB_TESTS / "recorder.test.mjs", WEB_TESTS / "trace.test.mjs",
         WEB_TESTS / "token.test.mjs", WEB_TESTS / "instances.test.mjs"]


def node_path():
    return shutil.which("node") or shutil.which("nodejs")


@pytest.mark.skipif(node_path() is None, reason="node is not installed (make python-deps installs nodejs)")
def test_the_page_model_and_inspector_helpers():
    completed = subprocess.run(
        [node_path(), "--test", "--test-reporter=tap", *map(str, TESTS)],
        cwd=REPOSITORY_ROOT, capture_output=True, text=True, timeout=120,
    )
    report = completed.stdout + completed.stderr
    assert completed.returncode == 0, f"node --test failed:\n{report}"
    assert "# fail 0" in report, report
    passed = [line for line in report.splitlines() if line.startswith("# pass ")]
    assert passed and int(passed[0].split()[-1]) >= 20, report
