"""The files `make generate` writes from the element manifest are the ones committed.

Protocol/elements.json itself is checked by a Swift test (ElementManifestTests); this checks
what scripts/generate_elements.py writes from it: the tables in Protocol/elements.md, the
client's slam/_elements.py and the page's elements.js.
"""

from __future__ import annotations

import subprocess
import sys

from support import REPOSITORY_ROOT


def test_files_generated_from_the_element_manifest_are_current():
    script = REPOSITORY_ROOT / "scripts" / "generate_elements.py"
    run = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


def test_the_check_names_a_stale_file_and_the_command(tmp_path):
    # A copy of the generator beside a copy of the manifest with one type renamed: every output is stale.
    import shutil

    for part in ("scripts", "Protocol", "clients/python/slam", "Sources/SlamDaemon/Resources/web"):
        (tmp_path / part).mkdir(parents=True)
    shutil.copy(REPOSITORY_ROOT / "scripts" / "generate_elements.py", tmp_path / "scripts")
    for name in ("elements.md", "elements.json"):
        shutil.copy(REPOSITORY_ROOT / "Protocol" / name, tmp_path / "Protocol")
    shutil.copy(REPOSITORY_ROOT / "clients/python/slam/_elements.py", tmp_path / "clients/python/slam")
    shutil.copy(REPOSITORY_ROOT / "Sources/SlamDaemon/Resources/web/elements.js", tmp_path / "Sources/SlamDaemon/Resources/web")
    manifest = tmp_path / "Protocol" / "elements.json"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"Stepper"', '"Counter"'), encoding="utf-8")
    run = subprocess.run([sys.executable, str(tmp_path / "scripts" / "generate_elements.py"), "--check"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    for stale in ("Protocol/elements.md", "clients/python/slam/_elements.py", "Sources/SlamDaemon/Resources/web/elements.js"):
        assert f"{stale} is stale: run make generate" in run.stderr
