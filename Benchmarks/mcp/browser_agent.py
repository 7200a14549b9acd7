"""What an agent reads driving the demo through the browser page: Chromium's accessibility tree after each step.

The page (``slamd --web``) runs in a real headless Chromium driven by selenium. Each step finds its element as
a browser agent does, by role and accessible name in Chromium's accessibility tree (CDP
``Accessibility.queryAXTree``), acts on it with WebDriver's real input (click, keys, a select's option), waits
until the page has painted what the daemon sent, and reads the whole tree (CDP ``Accessibility.getFullAXTree``).

The tree is serialized as compactly as it can be while keeping what an agent needs: one line per node,
``- role "name" [state]…`` indented by depth, with ignored nodes, inline text boxes and unnamed generic boxes
left out (their children move up), a text node left out where its parent's name or value already says it, and a node
whose one child is its text (a paragraph) written as one line with that text as its name. No references are added (an agent driving a browser needs them too: this favours the browser).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "clients" / "python" / "tests"))

from web_support import settle, wait_until  # noqa: E402

SKIPPED_ROLES = {"InlineTextBox", "none", "presentation", "LineBreak"}
"""Roles whose nodes add nothing a reader sees: their children move up."""

HOISTED_ROLES = {"generic", "GenericContainer", "group", "Section", "div"}
"""Container roles left out when they have no name (their children move up)."""

BOOLEAN_STATES = ("disabled", "focused", "selected", "required", "readonly", "modal", "multiselectable")
TRISTATE_STATES = ("checked", "pressed")
VALUE_ROLES = {"textbox", "searchbox", "combobox", "slider", "spinbutton", "progressbar", "meter", "scrollbar"}

MARK = "data-bench-target"


def serialize(nodes: list, compact: bool = True) -> str:
    """The text of a full accessibility tree (CDP ``getFullAXTree``'s nodes): compact, or plain (every node
    that is not ignored, one line each, nothing folded), which is printed beside for scale."""
    by_id = {node["nodeId"]: node for node in nodes}
    children_of = {node["nodeId"]: node.get("childIds", []) for node in nodes}
    roots = [node for node in nodes if not node.get("parentId") or node["parentId"] not in by_id]

    def states(node: dict) -> str:
        found = []
        properties = {entry["name"]: entry.get("value", {}).get("value") for entry in node.get("properties", [])}
        for name in BOOLEAN_STATES:
            if properties.get(name) is True:
                found.append(name)
        for name in TRISTATE_STATES:
            value = properties.get(name)
            if value in ("true", True):
                found.append(name)
            elif value == "mixed":
                found.append(f"{name}=mixed")
        if "expanded" in properties:
            found.append("expanded" if properties["expanded"] else "collapsed")
        if properties.get("level") is not None:
            found.append(f"level={properties['level']}")
        return "".join(f" [{state}]" for state in found)

    def visit(node_id: str, depth: int, parent_name: str) -> list:
        """The lines of a node and its subtree, as (depth, text) pairs."""
        node = by_id.get(node_id)
        if node is None:
            return []
        role = node.get("role", {}).get("value", "")
        name = str(node.get("name", {}).get("value", "") or "")
        if not compact:
            if node.get("ignored"):
                return [line for child in children_of.get(node_id, []) for line in visit(child, depth, parent_name)]
            line = f"- {role}" + (f" {quoted(name)}" if name else "") + states(node)
            value = node.get("value", {}).get("value")
            if value not in (None, ""):
                line += f": {value}"
            return [(depth, line)] + [line for child in children_of.get(node_id, []) for line in visit(child, depth + 1, name)]
        if role == "StaticText":
            return [(depth, f"- text {quoted(name)}")] if name and name not in parent_name else []
        if node.get("ignored") or role in SKIPPED_ROLES or (role in HOISTED_ROLES and not name):
            return [line for child in children_of.get(node_id, []) for line in visit(child, depth, parent_name)]
        value = node.get("value", {}).get("value")
        said = f"{name} {value}" if role in VALUE_ROLES and value not in (None, "") else name
        below = [line for child in children_of.get(node_id, []) for line in visit(child, depth + 1, said or parent_name)]
        if not name and len(below) == 1 and below[0][1].startswith("- text "):
            # A node whose one text is its content (a paragraph) reads as that text's name.
            name, below = below[0][1][len("- text "):], []
        else:
            name = quoted(name) if name else ""
        line = f"- {role}" + (f" {name}" if name else "") + states(node)
        if role in VALUE_ROLES and value not in (None, ""):
            line += f": {value}"
        return [(depth, line)] + below

    return "\n".join("  " * depth + text for root in roots for depth, text in visit(root["nodeId"], 0, ""))


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class BrowserAgent:
    """Acts on the page by role and name and reads its accessibility tree, as a browser agent does."""

    def __init__(self, driver):
        from selenium.webdriver.common.by import By

        self.driver = driver
        self.By = By

    def read(self) -> tuple:
        """The page's whole accessibility tree, compact and plain, once what the daemon sent is painted and
        transitions ended."""
        settle(self.driver)
        wait_until(lambda: self.driver.execute_script(
            "return document.getAnimations().every((a) => a.playState !== 'running'"
            " || a.effect.getComputedTiming().iterations === Infinity)"), message="transitions to end")
        nodes = self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        return serialize(nodes), serialize(nodes, compact=False)

    def find(self, role: str, name: str):
        """The element of this role and name (on the screen on top when several have it)."""
        document = self.driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
        found = self.driver.execute_cdp_cmd("Accessibility.queryAXTree", {
            "nodeId": document["root"]["nodeId"], "accessibleName": name, "role": role})["nodes"]
        marked = 0
        for node in found:
            if node.get("ignored") or "backendDOMNodeId" not in node:
                continue
            remote = self.driver.execute_cdp_cmd("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})
            self.driver.execute_cdp_cmd("Runtime.callFunctionOn", {
                "objectId": remote["object"]["objectId"],
                "functionDeclaration": f"function() {{ this.setAttribute('{MARK}', ''); }}"})
            marked += 1
        if not marked:
            raise AssertionError(f"the page has no {role} {name!r}")
        candidates = (self.driver.find_elements(self.By.CSS_SELECTOR, f".slam-layer[data-top] [{MARK}]")
                      or self.driver.find_elements(self.By.CSS_SELECTOR, f"[{MARK}]"))
        self.driver.execute_script(f"document.querySelectorAll('[{MARK}]').forEach((e) => e.removeAttribute('{MARK}'))")
        return candidates[-1]

    def click(self, role: str, name: str) -> None:
        self.find(role, name).click()

    def type(self, role: str, name: str, text: str, submit: bool = False) -> None:
        from selenium.webdriver.common.keys import Keys

        # WebDriver focuses the field itself, as a browser agent's fill does (a click would press it, which runs
        # the task of a field that has one). One key at a time, each answered before the next: the page sends a
        # secure field's keys one by one, and an Enter typed at once would overtake the keys still queued.
        field = self.find(role, name)
        for key in text + (Keys.ENTER if submit else ""):
            field.send_keys(key)
            settle(self.driver)

    def choose(self, role: str, name: str, option: str) -> None:
        """Chooses an option of a select (a combobox) by its text."""
        from selenium.webdriver.support.select import Select

        Select(self.find(role, name)).select_by_visible_text(option)
