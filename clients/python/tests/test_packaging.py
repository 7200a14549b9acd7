"""The client as a package: its version, where the suite imports it from, and a fresh install.

The fresh install is what a user does: a new virtual environment, ``pip install``
of ``clients/python`` and pytest, then a test file in an empty directory (no
conftest, no ini file) that uses the ``slam_client`` fixture, found through the
package's ``pytest11`` entry point. In the same environment mypy (``--strict``)
checks the installed package, which it reads only because ``py.typed`` is there,
a typed usage example, and the mistakes its types must catch.

It needs PyPI for pytest and mypy. Offline, the environment is made with
``--system-site-packages`` (pytest from this interpreter) and the package built
with ``--no-build-isolation``, with a warning saying so; the mypy checks then
skip, naming why.
"""

import ast
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import warnings
from pathlib import Path

import pytest

import slam
import slam.pytest_plugin
from support import REPOSITORY_ROOT

CLIENT_DIRECTORY = REPOSITORY_ROOT / "clients" / "python"
TYPECHECK_DIRECTORY = Path(__file__).resolve().parent / "typecheck"
DISTRIBUTION = "slam-client"

MYPY = "mypy<2"
"""mypy 2 checks no Python older than 3.10; the package supports 3.9."""

PIP_TIMEOUT_SECONDS = 300


def test_the_package_version_is_the_daemons_release(slam_client):
    assert slam.__version__ == slam_client.version()["serverVersion"]
    assert importlib.metadata.version(DISTRIBUTION) == slam.__version__


def test_the_suite_imports_the_installed_package_not_the_checkout(pytestconfig):
    location = Path(slam.__file__).resolve()
    assert CLIENT_DIRECTORY not in location.parents, f"slam was imported from the checkout: {location}"
    installed = Path(importlib.metadata.distribution(DISTRIBUTION).locate_file("slam/__init__.py")).resolve()
    assert installed == location, "the slam imported is the one the slam-client distribution installed (not editable)"
    venv = os.environ.get("SLAM_PYTHON_VENV")  # set by make python-tests
    if venv:
        assert Path(sys.prefix).resolve() == Path(venv).resolve(), "make python-tests runs the suite with its venv"
        assert location.parent.parent == Path(sysconfig.get_paths()["purelib"]).resolve()
    # The fixtures come from the entry point, not from a pytest_plugins line.
    assert pytestconfig.pluginmanager.get_plugin("slam.pytest_plugin") is slam.pytest_plugin
    entry_points = importlib.metadata.distribution(DISTRIBUTION).entry_points
    assert sorted((entry.group, entry.name, entry.value) for entry in entry_points) == [
        ("console_scripts", "slam-a11y", "slam.atspi:main"), ("pytest11", "slam.pytest_plugin", "slam.pytest_plugin")]
    conftest = (Path(__file__).resolve().parent / "conftest.py").read_text(encoding="utf-8")
    assert "sys.path.insert" not in conftest
    assert re.findall(r"^pytest_plugins = .*$", conftest, re.MULTILINE) == ['pytest_plugins = ["pytester"]']


def test_every_module_is_python_3_9():
    """requires-python is >=3.9: no syntax of later versions, and no ``X | Y`` where annotations are evaluated."""
    modules = sorted(Path(slam.__file__).parent.glob("*.py"))
    assert {module.name for module in modules} >= {"__init__.py", "aio.py", "client.py", "pytest_plugin.py", "shapes.py"}
    for module in modules:
        source = module.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(module), feature_version=(3, 9))
        futures = [node for node in tree.body if isinstance(node, ast.ImportFrom) and node.module == "__future__"]
        assert module.name == "__init__.py" or any(alias.name == "annotations" for node in futures for alias in node.names), (
            f"{module.name}: from __future__ import annotations (its annotations are not evaluated on 3.9)")
    assert importlib.metadata.metadata(DISTRIBUTION)["Requires-Python"] == ">=3.9"


class FreshVenv:
    """A virtual environment made for this module, with pytest and the package installed, mypy when it could be."""

    def __init__(self, directory):
        self.path = directory / "venv"
        self.python = self.path / "bin" / "python"
        self.notes = []
        self.mypy_missing = None

    def run(self, *arguments, cwd=None, env=None, timeout=PIP_TIMEOUT_SECONDS):
        return subprocess.run([str(self.python), *arguments], cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout)

    def pip_install(self, *arguments):
        return self.run("-m", "pip", "install", "-q", "--disable-pip-version-check", "--retries", "2", "--timeout", "30",
                        *arguments)


def _checked(completed):
    assert completed.returncode == 0, f"{completed.args} failed ({completed.returncode}):\n{completed.stdout}\n{completed.stderr}"
    return completed


def _clean_environment(**extra):
    """This process's environment without what would point another Python at this suite's packages."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("PYTHONPATH", "PYTHONHOME", "PYTEST_ADDOPTS", "PYTEST_PLUGINS",
                                  "PYTEST_DISABLE_PLUGIN_AUTOLOAD", "VIRTUAL_ENV", "SLAM_PYTHON_VENV")}
    environment.update(extra)
    return environment


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory):
    venv = FreshVenv(tmp_path_factory.mktemp("fresh-venv"))
    _checked(subprocess.run([sys.executable, "-m", "venv", str(venv.path)], capture_output=True, text=True, timeout=120))
    tools = venv.pip_install("pytest", MYPY)
    if tools.returncode != 0:
        venv.notes.append(f"pip could not install pytest and mypy from PyPI:\n{tools.stderr.strip()[-600:]}\n"
                          "so the fresh environment sees this interpreter's packages (--system-site-packages)")
        venv.mypy_missing = "mypy could not be installed from PyPI (offline?)"
        shutil.rmtree(venv.path)
        _checked(subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv.path)], capture_output=True,
                                text=True, timeout=120))
    installed = venv.pip_install(str(CLIENT_DIRECTORY))
    if installed.returncode != 0:
        venv.notes.append(f"pip install {CLIENT_DIRECTORY} could not fetch its build backend:\n"
                          f"{installed.stderr.strip()[-600:]}\nso it was built with the environment's setuptools "
                          "(--no-build-isolation)")
        _checked(venv.pip_install("--no-build-isolation", str(CLIENT_DIRECTORY)))
    for note in venv.notes:
        warnings.warn(note)
    return venv


def test_a_fresh_install_gives_its_fixtures_to_a_project_with_no_configuration(fresh_venv, slamd_path, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "test_counter.py").write_text(textwrap.dedent(
        """
        import sys
        from pathlib import Path

        import slam


        def test_the_counter(slam_client):
            slam_client.press("increment")
            assert slam_client.find("count")["text"] == "Count: 1"


        def test_the_package_is_the_environments(slamd):
            assert Path(slam.__file__).resolve().is_relative_to(Path(sys.prefix).resolve())
            assert (Path(slam.__file__).parent / "py.typed").is_file()
            assert slam.__version__ == slamd.connect().version()["serverVersion"]
        """))
    assert sorted(path.name for path in project.iterdir()) == ["test_counter.py"]
    result = fresh_venv.run("-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=project,
                            env=_clean_environment(SLAMD=slamd_path), timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"\b2 passed\b", result.stdout), result.stdout


def _mypy(fresh_venv, cwd, *arguments):
    """Runs mypy --strict in the fresh environment; returns its error lines by (file name, line)."""
    if fresh_venv.mypy_missing:
        pytest.skip(fresh_venv.mypy_missing)
    result = fresh_venv.run("-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(cwd / ".mypy_cache"),
                            *arguments, cwd=cwd, env=_clean_environment(), timeout=300)
    errors = {}
    for line in result.stdout.splitlines():
        match = re.match(r"(.+?):(\d+): error: (.*)", line)
        if match:
            errors.setdefault((Path(match.group(1)).name, int(match.group(2))), []).append(match.group(3))
    assert result.returncode in (0, 1) and (result.returncode == 0) == (not errors), result.stdout + result.stderr
    return errors, result.stdout


def test_the_installed_package_type_checks(fresh_venv, tmp_path):
    errors, output = _mypy(fresh_venv, tmp_path, "-p", "slam")
    assert errors == {}, output


def test_its_types_accept_the_usage_example_and_catch_mistakes(fresh_venv, tmp_path):
    """mypy reads the installed package (only because of its py.typed) for two files that import it."""
    for name in ("usage.py", "misuse.py"):
        shutil.copy(TYPECHECK_DIRECTORY / name, tmp_path / name)
    errors, output = _mypy(fresh_venv, tmp_path, "usage.py", "misuse.py")
    marked = {("misuse.py", number) for number, line in enumerate((tmp_path / "misuse.py").read_text().splitlines(), 1)
              if "  # error:" in line}
    assert len(marked) == 15
    assert set(errors) == marked, f"mypy's errors are not exactly on the marked lines:\n{output}"


def test_the_runtime_modules_type_check_for_python_3_9(fresh_venv, tmp_path):
    """Stdlib calls and annotations as Python 3.9 has them (the plugin is left out: pytest 9 itself needs 3.10)."""
    modules = [f"slam.{path.stem}" for path in Path(slam.__file__).parent.glob("*.py")
               if path.stem not in ("__init__", "pytest_plugin")]
    arguments = ["--python-version", "3.9", "-m", "slam"]
    for module in sorted(modules):
        arguments += ["-m", module]
    errors, output = _mypy(fresh_venv, tmp_path, *arguments)
    assert errors == {}, output
