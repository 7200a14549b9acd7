"""Numbers in the shared state and in templates, against the real slamd.

A stepper that counts whole numbers writes integers (``2``, not ``2.0``) to the
state it is bound to, and ``{key:format}`` placeholders show numbers as
``Protocol/number-formats.json`` says, which follows Python's ``format()``.
"""

import json

import pytest

from support import PROTOCOL_DIRECTORY, same_json

NUMBER_FORMAT_CASES = json.loads((PROTOCOL_DIRECTORY / "number-formats.json").read_text(encoding="utf-8"))["cases"]

SPLIT = {
    "initial": "Split",
    "state": {"people": 1, "portions": 1},
    "controllers": [{"id": "Split", "view": {"type": "View", "ref": "root", "children": [
        {"type": "Stepper", "ref": "people", "minimumValue": 1, "maximumValue": 20, "stepValue": 1, "bind": {"value": "people"}},
        {"type": "Label", "ref": "ways", "bind": {"text": "Split {people} ways"}},
        {"type": "Stepper", "ref": "portions", "minimumValue": 0, "maximumValue": 5, "stepValue": 0.5, "bind": {"value": "portions"}},
    ]}}],
}

BILL = {
    "initial": "Bill",
    "state": {"people": 1, "total": 1234.5, "share": 0.125},
    "controllers": [{"id": "Bill", "view": {"type": "View", "ref": "root", "children": [
        {"type": "Stepper", "ref": "people", "minimumValue": 1, "maximumValue": 20, "bind": {"value": "people"}},
        {"type": "Label", "ref": "total", "bind": {"text": "Total {total:,.2f} · each {share:.1%} · {people:03d} people"}},
    ]}}],
}


@pytest.fixture
def split_app(slamd_factory):
    return slamd_factory(storyboard=SPLIT)


def test_a_stepper_counting_whole_numbers_writes_integers_to_the_state(split_app):
    client = split_app.connect()
    client.subscribe(["stateChanged"])
    client.press("people", "increment")
    assert same_json(client.state_get("people"), 2), "an integer, not 2.0"
    assert client.find("ways")["text"] == "Split 2 ways"
    changed = client.next_notification()
    assert changed.method == "stateChanged"
    assert same_json(changed.params, {"values": {"people": 2}})
    client.press("people", "decrement")
    assert same_json(client.state_list()["people"], 1)
    assert client.find("ways")["text"] == "Split 1 ways"


def test_a_stepper_with_a_fractional_step_writes_numbers_with_fractions(split_app):
    client = split_app.connect()
    client.press("portions", "increment")
    assert same_json(client.state_get("portions"), 1.5)
    client.press("portions", "decrement")
    assert same_json(client.state_get("portions"), 1.0), "a stepper with a fractional step keeps writing numbers"


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
