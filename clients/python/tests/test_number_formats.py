"""Numbers in templates, against the real slamd.

``{key:format}`` placeholders show numbers as ``Protocol/number-formats.json``
says, which follows Python's ``format()``.
"""

import json

import pytest

from support import PROTOCOL_DIRECTORY

NUMBER_FORMAT_CASES = json.loads((PROTOCOL_DIRECTORY / "number-formats.json").read_text(encoding="utf-8"))["cases"]

BILL = {
    "initial": "Bill",
    "state": {"people": 1, "total": 1234.5, "share": 0.125},
    "controllers": [{"id": "Bill", "view": {"type": "View", "ref": "root", "children": [
        {"type": "Stepper", "ref": "people", "minimumValue": 1, "maximumValue": 20, "bind": {"value": "people"}},
        {"type": "Label", "ref": "total", "bind": {"text": "Total {total:,.2f} · each {share:.1%} · {people:03d} people"}},
    ]}}],
}


def test_placeholders_with_formats_show_numbers_as_python_formats_them(slamd_factory):
    client = slamd_factory(storyboard=BILL).connect()
    assert client.find("total")["text"] == "Total 1,234.50 · each 12.5% · 001 people"
    client.state_set_many({"total": 9876543.219, "share": 1 / 3})
    client.press("people", "increment")
    expected = f"Total {9876543.219:,.2f} · each {1 / 3:.1%} · {2:03d} people"
    assert client.find("total")["text"] == expected == "Total 9,876,543.22 · each 33.3% · 002 people"


@pytest.mark.parametrize("case", [case for case in NUMBER_FORMAT_CASES if "error" not in case and case.get("python", True)],
                         ids=lambda case: f"{case['value']!r}:{case['format']}")
def test_the_shared_cases_agree_with_python_format(case):
    """The daemon's formats are Python's: the cases not marked otherwise are what ``format()`` answers."""
    assert format(case["value"], case["format"]) == case["text"]


@pytest.mark.parametrize("case", [case for case in NUMBER_FORMAT_CASES if "error" not in case],
                         ids=lambda case: f"{case['value']!r}:{case['format']}")
def test_the_shared_cases_through_the_daemon(slam_client, case):
    """Every case, rendered by slamd: the built-in ``set`` task expands ``{key:format}`` in its param as bindings do."""
    slam_client.state_set_many({"formatCaseValue": case["value"], "formatCaseText": None})
    slam_client.run_task("set", "formatCaseText=\"{formatCaseValue:" + case["format"] + "}\"")
    assert slam_client.state_get("formatCaseText") == case["text"]
