#!/usr/bin/env python3
"""Checks the module layering: every import and every declared dependency against scripts/layers.json.

    scripts/check-layers.py [--package-json FILE]

Reads the targets and their dependencies from `swift package dump-package` (or FILE, its saved output),
scans every Swift file of every target (Sources/, Tests/, Benchmarks/) for its imports, and fails, naming
the file, the line and the rule, when:

- a file imports a module its target's entry in layers.json does not allow;
- a file imports an allowed module its target does not declare in Package.swift (it compiles only because
  another dependency brings the module along: declare what you import);
- Package.swift declares a dependency layers.json does not allow, or a library dependency no file of the
  target imports (executables are declared to be built and run, not imported);
- a target is missing from layers.json, or layers.json names a target Package.swift does not have;
- a product listed under "neverLinks" reaches a package it must not link (the chain of targets is shown);
- a product listed under "neverImports" links a target of this package that imports a module it must not
  (the chain is shown); a Swift target that declares resources counts as importing Foundation, since the
  accessor SwiftPM generates for them does.

docs/architecture.md ("Modules and layers") explains the map and why each arrow exists.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = "scripts/layers.json"

# `import X`, `@testable import X`, `@_spi(Name) import X`, `import struct X.Y`, `import X.Submodule`.
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)
TARGET_OPENER = re.compile(r"\.(?:target|testTarget|executableTarget|systemLibrary|plugin|macro)\(")
PRODUCT_OPENER = re.compile(r"\.(?:library|executable|plugin)\(")


def swift_imports(path):
    """The modules a Swift file imports, with their line numbers; text in comments and string literals is skipped."""
    found = []
    in_multiline_string = False
    in_block_comment = False
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if in_block_comment:
                if "*/" in line:
                    in_block_comment = False
                continue
            if line.count('"""') % 2 == 1:
                in_multiline_string = not in_multiline_string
                continue
            if in_multiline_string:
                continue
            if line.lstrip().startswith("/*") and "*/" not in line:
                in_block_comment = True
                continue
            match = IMPORT.match(line)
            if match:
                found.append((match.group(1), number))
    return found


def dump_package(root):
    """Package.swift as `swift package dump-package` describes it (a scratch path of its own: no wait on a build)."""
    with tempfile.TemporaryDirectory(prefix="slam-layers-") as scratch:
        output = subprocess.run(
            [os.environ.get("SWIFT", "swift"), "package", "--package-path", str(root), "--scratch-path", scratch,
             "dump-package"],
            check=True, capture_output=True, text=True,
        ).stdout
    return json.loads(output)


def declared_dependencies(target):
    """(name, package) for each dependency a target declares; package is None for this package's targets."""
    dependencies = []
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        dependencies.append((value[0], value[1] if kind == "product" else None))
    return dependencies


def target_directory(root, target):
    if target.get("path"):
        return root / target["path"]
    return root / ("Tests" if target["type"] == "test" else "Sources") / target["name"]


def manifest_lines(root):
    """The line of Package.swift where each target is declared (for messages an editor can jump to)."""
    lines = {}
    path = root / "Package.swift"
    if not path.exists():
        return lines
    in_target = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if TARGET_OPENER.search(line):
            in_target = True
        elif PRODUCT_OPENER.search(line):
            in_target = False
        match = re.search(r'name:\s*"([^"]+)"', line)
        if match and in_target:
            lines.setdefault(match.group(1), number)
    return lines


def check(root, layers, package):
    """Every way the tree breaks the layering, as `file:line: error: …` messages (empty when it keeps it)."""
    root = Path(root)
    errors = []
    allowed_for = {name: set(modules) for name, modules in layers["targets"].items()}
    anywhere = set(layers.get("anywhere", []))
    anywhere_in_tests = set(layers.get("anywhereInTests", []))
    toolchain = set(layers.get("toolchain", [])) | anywhere | anywhere_in_tests
    targets = {target["name"]: target for target in package["targets"]}
    lines = manifest_lines(root)

    def manifest(name):
        return f"Package.swift:{lines.get(name, 1)}"

    for name in targets:
        if name not in allowed_for:
            errors.append(f"{manifest(name)}: error: target {name} has no entry in {LAYERS}: "
                          "add the modules it may import")
    for name in allowed_for:
        if name not in targets:
            errors.append(f"{LAYERS}:1: error: {name} is not a target in Package.swift")

    for name, target in targets.items():
        if name not in allowed_for:
            continue
        allowed = allowed_for[name]
        declared = {dependency for dependency, _ in declared_dependencies(target)}
        for dependency in sorted(declared - allowed):
            errors.append(f"{manifest(name)}: error: {name} depends on {dependency}, which {LAYERS} does not allow "
                          f"({name} may import {', '.join(sorted(allowed)) or 'nothing of this package'})")
        if target["type"] == "system":
            continue
        free = anywhere | (anywhere_in_tests if target["type"] == "test" else set())
        imported = set()
        directory = target_directory(root, target)
        for path in sorted(directory.rglob("*.swift")):
            relative = path.relative_to(root)
            for module, number in swift_imports(path):
                imported.add(module)
                if module == name or module in free:
                    continue
                if module not in allowed:
                    errors.append(f"{relative}:{number}: error: {name} may not import {module} "
                                  f"({LAYERS} allows {name}: {', '.join(sorted(allowed)) or 'nothing of this package'})")
                elif module not in declared and module not in toolchain:
                    errors.append(f"{relative}:{number}: error: {name} imports {module} without declaring it "
                                  f"in Package.swift (add \"{module}\" to {name}'s dependencies)")
        for dependency in sorted(declared - imported):
            if targets.get(dependency, {}).get("type") == "executable" or carries_files_only(root, targets.get(dependency)):
                continue
            errors.append(f"{manifest(name)}: error: {name} depends on {dependency}, which none of its files imports")

    for forbidden, products in layers.get("neverLinks", {}).items():
        for product_name in products:
            product = next((p for p in package["products"] if p["name"] == product_name), None)
            roots = product["targets"] if product else ([product_name] if product_name in targets else [])
            if not roots:
                errors.append(f"{LAYERS}:1: error: neverLinks names {product_name}, which is neither a product "
                              "nor a target")
                continue
            chain = linked_package(roots, targets, forbidden)
            if chain:
                errors.append(f"{manifest(chain[0])}: error: {product_name} links {forbidden}, which {LAYERS} "
                              f"says it never links: {' → '.join(chain)}")
    for module, products in layers.get("neverImports", {}).items():
        for product_name in products:
            roots = product_targets(package, targets, product_name)
            if not roots:
                errors.append(f"{LAYERS}:1: error: neverImports names {product_name}, which is neither a product "
                              "nor a target")
                continue
            for chain in linked_targets(roots, targets):
                name = chain[-1]
                where = importer(root, targets[name], module)
                if where:
                    errors.append(f"{where}: error: {product_name} links {module}, which {LAYERS} says it never "
                                  f"imports: {' → '.join(chain)}")
    return errors


def product_targets(package, targets, name):
    """The targets a product (or, for a name that is only a target, that target) is built from."""
    product = next((p for p in package["products"] if p["name"] == name), None)
    return product["targets"] if product else ([name] if name in targets else [])


def linked_targets(roots, targets):
    """Every target of this package that `roots` link, each as the chain of dependencies that reaches it."""
    seen = set()
    stack = [[root] for root in reversed(roots)]
    while stack:
        chain = stack.pop()
        name = chain[-1]
        if name in seen or name not in targets:
            continue
        seen.add(name)
        yield chain
        for dependency, package in reversed(declared_dependencies(targets[name])):
            if package is None:
                stack.append(chain + [dependency])


def swift_files(root, target):
    return sorted(target_directory(root, target).rglob("*.swift"))


def carries_files_only(root, target):
    """Whether a target exists only to have the build copy its resources (no Swift: nothing to import)."""
    return bool(target and target.get("resources")) and not swift_files(root, target)


def importer(root, target, module):
    """Where a target imports `module` (`file:line`), or None; SwiftPM's resource accessor imports Foundation."""
    if target["type"] == "system":
        return None
    files = swift_files(root, target)
    for path in files:
        for imported, number in swift_imports(path):
            if imported == module:
                return f"{path.relative_to(root)}:{number}"
    if module == "Foundation" and target.get("resources") and files:
        return f"Package.swift:{manifest_lines(root).get(target['name'], 1)} (its resources: SwiftPM's accessor for them imports Foundation)"
    return None


def linked_package(roots, targets, forbidden):
    """The first chain of dependencies from `roots` to a product of the package `forbidden`, or None."""
    seen = set()
    stack = [[root] for root in reversed(roots)]
    while stack:
        chain = stack.pop()
        name = chain[-1]
        if name in seen:
            continue
        seen.add(name)
        dependencies = declared_dependencies(targets[name])
        for dependency, package in dependencies:
            if package == forbidden:
                return chain + [f"{dependency} ({package})"]
        for dependency, package in reversed(dependencies):
            if package is None and dependency in targets:
                stack.append(chain + [dependency])
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-json", help="saved output of `swift package dump-package` (default: run it)")
    arguments = parser.parse_args(argv)
    layers = json.loads((ROOT / LAYERS).read_text(encoding="utf-8"))
    if arguments.package_json:
        package = json.loads(Path(arguments.package_json).read_text(encoding="utf-8"))
    else:
        package = dump_package(ROOT)
    errors = check(ROOT, layers, package)
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"layers: {len(errors)} broken rule(s); the allowed imports are in {LAYERS}, "
              "docs/architecture.md ('Modules and layers') says why", file=sys.stderr)
        return 1
    never = "; ".join([f"{', '.join(products)} never link {name}" for name, products in layers.get("neverLinks", {}).items()]
                      + [f"{', '.join(products)} never import {name}" for name, products in layers.get("neverImports", {}).items()])
    print(f"layers: {len(package['targets'])} targets keep {LAYERS}; {never}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
