"""Writes a storyboard of a given number of elements for the web renderer's benchmark.

Shaped like a real screen, as the Swift benchmarks' StoryboardGenerator: a root
View, sections, groups (every other one horizontal) and leaves cycling through
Label, Button, Switch and TextField. Besides, a `tick` button and `bound`
labels bound to the shared state key `tick`: one press changes exactly
`bound` elements in one batch.

    python3 Benchmarks/web/large_storyboard.py 10000 100 > large.storyboard.json
"""

import json
import sys


def storyboard(element_count: int, bound: int = 100, groups_per_section: int = 10, leaves_per_group: int = 8) -> dict:
    remaining = element_count - 1 - 2  # the root, the tick button, the tick label
    header = [
        {"type": "Button", "ref": "tick", "text": "Tick", "task": "increment", "param": "tick"},
        {"type": "Label", "ref": "tickLabel", "bind": {"text": "Ticks: {tick}"}},
    ]
    bound_left = bound - 1
    sections = []
    section = 0
    while remaining > 0:
        groups = []
        remaining -= 1
        group = 0
        while remaining > 0 and group < groups_per_section:
            reference = f"s{section}g{group}"
            leaves = []
            remaining -= 1
            for leaf in range(leaves_per_group):
                if remaining <= 0:
                    break
                leaf_reference = f"{reference}e{leaf}"
                kind = leaf % 4
                if kind == 0:
                    element = {"type": "Label", "ref": leaf_reference, "text": f"Label {leaf_reference}"}
                    if bound_left > 0:
                        element = {"type": "Label", "ref": leaf_reference, "bind": {"text": f"{leaf_reference}: {{tick}}"}}
                        bound_left -= 1
                elif kind == 1:
                    element = {"type": "Button", "ref": leaf_reference, "text": f"Open {leaf_reference}"}
                elif kind == 2:
                    element = {"type": "Switch", "ref": leaf_reference, "isOn": True}
                else:
                    element = {"type": "TextField", "ref": leaf_reference, "placeholder": f"Enter {leaf_reference}"}
                leaves.append(element)
                remaining -= 1
            groups.append({"type": "View", "ref": reference, "axis": "horizontal" if group % 2 else "vertical",
                           "children": leaves})
            group += 1
        sections.append({"type": "View", "ref": f"s{section}", "children": groups})
        section += 1
    return {
        "initial": "Large",
        "state": {"tick": 0},
        "controllers": [{"id": "Large", "title": f"{element_count} elements",
                         "view": {"type": "View", "ref": "root", "children": header + sections}}],
    }


def count(tree: dict) -> int:
    return 1 + sum(count(child) for child in tree.get("children", []))


if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    bound = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    document = storyboard(size, bound)
    assert count(document["controllers"][0]["view"]) == size, count(document["controllers"][0]["view"])
    json.dump(document, sys.stdout)
