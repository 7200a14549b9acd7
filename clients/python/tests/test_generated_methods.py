"""The method table is generated from the OpenRPC document, is up to date, and is what both clients offer.

``slam/_generated_methods.py`` is written by ``make generate`` (scripts/generate_python_client.py);
every method of the protocol is written there once, for the blocking and the asyncio client alike.
"""

import ast
import inspect
import json
import subprocess
import sys

import slam
from slam._generated_methods import METHODS

from support import PROTOCOL_DIRECTORY, REPOSITORY_ROOT

GENERATOR = REPOSITORY_ROOT / "scripts" / "generate_python_client.py"
PACKAGE_SOURCE = REPOSITORY_ROOT / "clients" / "python" / "slam"


def generator(*arguments):
    return subprocess.run([sys.executable, str(GENERATOR), *map(str, arguments)], capture_output=True, text=True)


def test_the_committed_table_is_what_the_generator_writes():
    checked = generator("--check")
    assert checked.returncode == 0, checked.stderr


def test_the_check_fails_once_the_document_says_something_else(tmp_path):
    document = json.loads((PROTOCOL_DIRECTORY / "slam.openrpc.json").read_text(encoding="utf-8"))
    find = next(method for method in document["methods"] if method["name"] == "find")
    find["summary"] = "The snapshot of one element, found by its reference or a locator."
    changed = tmp_path / "slam.openrpc.json"
    changed.write_text(json.dumps(document), encoding="utf-8")
    checked = generator("--check", "--openrpc", changed)
    assert checked.returncode == 1
    assert "_generated_methods.py is stale" in checked.stderr and "make generate" in checked.stderr
    output = tmp_path / "methods.py"
    assert generator("--openrpc", changed, "--output", output).returncode == 0
    assert "found by its reference or a locator" in output.read_text(encoding="utf-8")
    assert generator("--check", "--openrpc", changed, "--output", output).returncode == 0


def test_every_method_of_the_document_is_in_the_table_and_on_both_clients():
    document = json.loads((PROTOCOL_DIRECTORY / "slam.openrpc.json").read_text(encoding="utf-8"))
    assert {method.wire for method in METHODS} == {method["name"] for method in document["methods"]}
    summaries = {method["name"]: method["summary"] for method in document["methods"]}
    for method in METHODS:
        assert method.doc, method.python
        if not method.on_clients:
            assert not hasattr(slam.Client, method.python) and not hasattr(slam.AsyncClient, method.python)
            continue
        blocking, awaited = getattr(slam.Client, method.python), getattr(slam.AsyncClient, method.python)
        assert inspect.signature(blocking) == inspect.signature(awaited), method.python
        assert not inspect.iscoroutinefunction(blocking) and inspect.iscoroutinefunction(awaited), method.python
        names = [name for name in inspect.signature(blocking).parameters if name != "self"]
        assert names == [parameter.python for parameter in method.parameters], method.python
        assert inspect.getdoc(blocking) == method.doc
        if method.python not in ("expect_tree", "expect_aria"):  # waits of their own kind, with summaries of their own
            summary = summaries[method.wire].replace("`", "")
            assert " ".join(method.doc.replace("`", "").split()).startswith(f"{method.wire}: {summary[0].lower()}{summary[1:]}")


def test_help_shows_the_document_summary_and_the_python_notes():
    assert slam.Client.find.__doc__.startswith("``find``: the snapshot of one element, found by reference.")
    assert ":func:`slam.locate`" in slam.Client.find.__doc__
    assert "a tuple works too" in slam.Client.press.__doc__
    assert slam.AsyncClient.press.__doc__.startswith("``press``: presses an element as a user would")


def private_imports(path):
    """Where a module of the package takes another module's private name: ``from .x import _y`` or ``x._y``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {module.stem for module in PACKAGE_SOURCE.glob("*.py")}
    aliases = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] == "slam"):
            for alias in node.names:
                if alias.name in modules:  # a module of the package, private or not: its names are checked below
                    aliases.add(alias.asname or alias.name)
                elif alias.name.startswith("_"):
                    yield f"{path.name}:{node.lineno}: from {'.' * node.level}{node.module or ''} import {alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("slam."):
                    aliases.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            yield f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}"


def test_no_module_of_the_package_takes_another_modules_private_names():
    found = [place for path in sorted(PACKAGE_SOURCE.glob("*.py")) for place in private_imports(path)]
    assert found == []


def test_the_private_import_scan_finds_both_forms(tmp_path):
    module = tmp_path / "sample.py"
    module.write_text("from .client import _ANSWERED, Client\nfrom . import _wire as wire\nwire._same(1)\n", encoding="utf-8")
    assert list(private_imports(module)) == ["sample.py:1: from .client import _ANSWERED", "sample.py:3: wire._same"]
