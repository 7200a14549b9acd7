"""The layering check (scripts/check-layers.py) on small made-up packages: each rule it enforces fails
with the file, the line and the rule, and what is not an import does not count.

Run: python3 Tests/layers/test_check_layers.py (make layers runs it after checking the real tree).
"""
import importlib.util
import json
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("check_layers", ROOT / "scripts" / "check-layers.py")
check_layers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_layers)


def package(targets, products=()):
    """A `swift package dump-package` shape: targets maps a name to (type, dependencies); a dependency is a
    target's name or (product, package)."""
    def dependency(value):
        if isinstance(value, tuple):
            return {"product": [value[0], value[1], None, None]}
        return {"byName": [value, None]}
    return {
        "targets": [{"name": name, "type": kind, "dependencies": [dependency(d) for d in dependencies]}
                    for name, (kind, dependencies) in targets.items()],
        "products": [{"name": name, "targets": targets_of} for name, targets_of in products],
    }


class LayeringCheckTests(unittest.TestCase):
    def setUp(self):
        self._directory = tempfile.TemporaryDirectory()
        self.root = Path(self._directory.name)

    def tearDown(self):
        self._directory.cleanup()

    def write(self, path, text):
        file = self.root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)

    def check(self, layers, described):
        layers = {"anywhere": ["Glibc"], "anywhereInTests": ["Testing"], **layers}
        return check_layers.check(self.root, layers, described)

    def test_a_kept_layering_passes(self):
        self.write("Sources/Low/Low.swift", "public enum Low {}\n")
        self.write("Sources/High/High.swift", "import Glibc\nimport Low\n")
        self.write("Tests/HighTests/HighTests.swift", "import Testing\n@testable import High\nimport Low\n")
        described = package({"Low": ("regular", []), "High": ("regular", ["Low"]),
                             "HighTests": ("test", ["High", "Low"])})
        errors = self.check({"targets": {"Low": [], "High": ["Low"], "HighTests": ["High", "Low"]}}, described)
        self.assertEqual(errors, [])

    def test_an_import_the_layers_do_not_allow_is_named_with_its_file_line_and_rule(self):
        self.write("Sources/Server/Handler.swift", "import Low\n\nimport Storyboard\n")
        described = package({"Low": ("regular", []), "Storyboard": ("regular", []), "Server": ("regular", ["Low"])})
        errors = self.check({"targets": {"Low": [], "Storyboard": [], "Server": ["Low"]}}, described)
        self.assertEqual(errors, ["Sources/Server/Handler.swift:3: error: Server may not import Storyboard "
                                  "(scripts/layers.json allows Server: Low)"])

    def test_attributed_and_scoped_imports_are_imports(self):
        self.write("Sources/A/A.swift", "@testable import B\n@_spi(Fuzzing) import C\nimport struct D.Thing\n"
                   "public import E\npackage import F\ninternal import G\n")
        names = ["B", "C", "D", "E", "F", "G"]
        described = package({"A": ("regular", []), **{name: ("regular", []) for name in names}})
        errors = self.check({"targets": {"A": [], **{name: [] for name in names}}}, described)
        self.assertEqual([error.split(": error: ")[1].split(" (")[0] for error in errors],
                         [f"A may not import {name}" for name in names])

    def test_words_in_comments_and_strings_are_not_imports(self):
        self.write("Sources/A/A.swift", '/// import Forbidden\n// import Forbidden\n/*\nimport Forbidden\n*/\n'
                                        'let script = """\n    import socket\n    """\n'
                                        'let line = "import Forbidden"\n')
        described = package({"A": ("regular", [])})
        self.assertEqual(self.check({"targets": {"A": []}}, described), [])

    def test_an_allowed_import_must_be_declared_not_borrowed_from_another_dependency(self):
        self.write("Sources/Client/Client.swift", "import Protocol\n")
        self.write("Tests/ClientTests/T.swift", "import Client\nimport Protocol\n")
        described = package({"Protocol": ("regular", []), "Client": ("regular", ["Protocol"]),
                             "ClientTests": ("test", ["Client"])})
        errors = self.check({"targets": {"Protocol": [], "Client": ["Protocol"], "ClientTests": ["Client", "Protocol"]}},
                            described)
        self.assertEqual(errors, ["Tests/ClientTests/T.swift:2: error: ClientTests imports Protocol without declaring it "
                                  "in Package.swift (add \"Protocol\" to ClientTests's dependencies)"])

    def test_package_swift_may_declare_only_what_the_layers_allow(self):
        self.write("Package.swift", 'let package = Package(\n    targets: [\n        .target(name: "Low"),\n'
                                    '        .target(name: "Server", dependencies: ["Low", "Storyboard"]),\n')
        self.write("Sources/Server/S.swift", "import Low\nimport Storyboard\n")
        described = package({"Low": ("regular", []), "Storyboard": ("regular", []),
                             "Server": ("regular", ["Low", "Storyboard"])})
        errors = self.check({"targets": {"Low": [], "Storyboard": [], "Server": ["Low"]}}, described)
        self.assertIn("Package.swift:4: error: Server depends on Storyboard, which scripts/layers.json does not allow "
                      "(Server may import Low)", errors)

    def test_a_declared_library_no_file_imports_is_refused_but_an_executable_to_run_is_not(self):
        self.write("Sources/tool/main.swift", "print(1)\n")
        self.write("Tests/ToolTests/T.swift", "import Testing\n")
        described = package({"Unused": ("regular", []), "tool": ("executable", []),
                             "ToolTests": ("test", ["tool", "Unused"])})
        errors = self.check({"targets": {"Unused": [], "tool": [], "ToolTests": ["tool", "Unused"]}}, described)
        self.assertEqual(errors, ["Package.swift:1: error: ToolTests depends on Unused, which none of its files imports"])

    def test_every_target_has_an_entry_and_every_entry_a_target(self):
        described = package({"New": ("regular", [])})
        errors = self.check({"targets": {"Gone": []}}, described)
        self.assertEqual(errors, [
            "Package.swift:1: error: target New has no entry in scripts/layers.json: add the modules it may import",
            "scripts/layers.json:1: error: Gone is not a target in Package.swift",
        ])

    def test_a_product_that_must_not_link_a_package_fails_through_any_chain_of_targets(self):
        for name in ["Daemon", "Harness", "InProcess"]:
            self.write(f"Sources/{name}/{name}.swift", "")
        self.write("Sources/Harness/H.swift", "import Daemon\n")
        self.write("Sources/Daemon/D.swift", "import NIOCore\n")
        targets = {"Daemon": ("regular", [("NIOCore", "swift-nio")]), "Harness": ("regular", ["Daemon"])}
        layers = {"targets": {"Daemon": ["NIOCore"], "Harness": ["Daemon"]}, "neverLinks": {"swift-nio": ["Harness"]}}
        errors = self.check(layers, package(targets, products=[("Harness", ["Harness"])]))
        self.assertEqual(errors, ["Package.swift:1: error: Harness links swift-nio, which scripts/layers.json says it "
                                  "never links: Harness → Daemon → NIOCore (swift-nio)"])

        # The harness split: the client-only product reaches no NIO; the in-process one may.
        self.write("Sources/Harness/H.swift", "")
        self.write("Sources/InProcess/I.swift", "import Harness\nimport Daemon\n")
        targets = {"Daemon": ("regular", [("NIOCore", "swift-nio")]), "Harness": ("regular", []),
                   "InProcess": ("regular", ["Harness", "Daemon"])}
        layers = {"targets": {"Daemon": ["NIOCore"], "Harness": [], "InProcess": ["Harness", "Daemon"]},
                  "neverLinks": {"swift-nio": ["Harness"]}}
        self.assertEqual(self.check(layers, package(targets, products=[("Harness", ["Harness"])])), [])

    def test_a_product_that_must_not_import_foundation_fails_through_any_chain_and_through_resources(self):
        self.write("Sources/Tool/main.swift", "import Host\n")
        self.write("Sources/Host/H.swift", "import Demo\nimport FoundationEssentials\n")
        self.write("Sources/Demo/D.swift", "import Glibc\n\nimport Foundation\n")
        targets = {"Tool": ("executable", ["Host"]), "Host": ("regular", ["Demo"]), "Demo": ("regular", [])}
        layers = {"targets": {"Tool": ["Host"], "Host": ["Demo", "FoundationEssentials"], "Demo": ["Foundation"]},
                  "toolchain": ["Foundation", "FoundationEssentials"], "neverImports": {"Foundation": ["Tool"]}}
        described = package(targets, products=[("Tool", ["Tool"])])
        self.assertEqual(self.check(layers, described),
                         ["Sources/Demo/D.swift:3: error: Tool links Foundation, which scripts/layers.json says it "
                          "never imports: Tool → Host → Demo"])

        # No import, but resources on a Swift target: SwiftPM's generated accessor imports Foundation.
        self.write("Sources/Demo/D.swift", "import Glibc\n")
        next(t for t in described["targets"] if t["name"] == "Demo")["resources"] = [{"path": "Files", "rule": {"copy": {}}}]
        errors = self.check(layers, described)
        self.assertEqual(len(errors), 1, errors)
        self.assertIn("SwiftPM's accessor for them imports Foundation", errors[0])
        self.assertIn("Tool → Host → Demo", errors[0])

        # Resources carried by a C target (no accessor, nothing to import) are fine, and need no import.
        self.write("Sources/Files/files.c", "")
        described = package({**targets, "Demo": ("regular", ["Files"]), "Files": ("regular", [])},
                            products=[("Tool", ["Tool"])])
        next(t for t in described["targets"] if t["name"] == "Files")["resources"] = [{"path": "web", "rule": {"copy": {}}}]
        layers["targets"] = {**layers["targets"], "Demo": ["Files"], "Files": []}
        self.assertEqual(self.check(layers, described), [])

    def test_the_committed_layers_keep_the_rules_the_map_promises(self):
        layers = json.loads((ROOT / "scripts" / "layers.json").read_text())
        allowed = layers["targets"]
        self.assertNotIn("SlamStoryboard", allowed["SlamServer"], "the server gets its app from the host, not storyboards")
        self.assertNotIn("SlamRPC", allowed["SlamStoryboard"], "storyboards know nothing of JSON-RPC")
        for below in ["SlamJSON", "SlamRPC", "SlamProtocol", "SlamClient", "SlamConsole"]:
            self.assertNotIn("SlamUI", allowed[below], f"{below} is the wire side: no UI")
        self.assertEqual(allowed["SlamUI"], ["SlamSuggestions"], "the UI imports no JSON, no RPC")
        self.assertIn("SlamHarness", layers["neverLinks"]["swift-nio"], "the client-only harness links no NIO")
        self.assertEqual(sorted(layers["neverImports"]["Foundation"]), ["slamctl", "slamd"],
                         "slamd and slamctl link no Foundation (FoundationEssentials at most)")


if __name__ == "__main__":
    unittest.main()
