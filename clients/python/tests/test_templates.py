"""Tree templates: ``expect_tree`` against the real slamd, and the local matcher ``slam.match_tree``."""

import threading
import time

import pytest

import slam

COUNTED_ONCE = {"children": [
    {"ref": "count", "text": "/^Count: 1$/"},
    {"ref": "counterButtons", "children": [{"text": "+1"}, {"text": "-1", "enabled": True}]},
]}

# A screen as `tree` answers it (the Swift matcher's unit tests use the same one).
SCREEN = {"type": "View", "ref": "root", "visible": True, "axis": "vertical", "spacing": 8.0, "children": [
    {"type": "Label", "ref": "title", "visible": True, "text": "Edit note", "children": []},
    {"type": "View", "ref": "form", "visible": True, "axis": "vertical", "spacing": 8.0, "children": [
        {"type": "TextField", "ref": "name", "visible": True, "enabled": True, "text": "Groceries", "children": []},
        {"type": "Stepper", "ref": "count", "visible": True, "enabled": True, "value": 5.0, "children": []},
    ]},
    {"type": "Button", "ref": "cancel", "visible": True, "enabled": True, "text": "Cancel", "children": []},
    {"type": "Button", "ref": "save", "visible": True, "enabled": False, "text": "Save", "children": []},
    {"type": "SingleItemTableView", "ref": "list", "visible": True, "items": ["Milk", "Eggs"],
     "selection": {"section": 0, "row": 1}, "children": []},
    {"type": "Label", "ref": "", "visible": True, "text": "footer", "children": []},
]}


def test_expect_tree_answers_the_tree_at_once_when_it_matches(slam_client):
    tree = slam_client.expect_tree({"type": "View", "children": [{"ref": "heading"}, {"ref": "menu"}]}, timeout_ms=0)
    assert tree["ref"] == "root" and len(tree["children"]) == 6
    buttons = slam_client.expect_tree({"children": [{"text": "+1"}, {"text": "-1"}, {"text": "Reset"}]},
                                      ref="counterButtons", strict=True, timeout_ms=0)
    assert [child["ref"] for child in buttons["children"]] == ["increment", "decrement", "reset"]
    assert slam_client.wait_for(template={"children": []}, controller="Home", timeout_ms=0)["ref"] == "root"


def test_expect_tree_waits_for_a_press_from_a_second_client(slamd):
    waiter = slamd.connect()
    presser = slamd.connect()
    outcome = {}

    def wait():
        outcome["tree"] = waiter.expect_tree(COUNTED_ONCE, timeout_ms=5000)
        outcome["resolved_at"] = time.monotonic()

    thread = threading.Thread(target=wait)
    thread.start()
    time.sleep(0.2)
    assert thread.is_alive(), f"the wait returned before the press: {outcome}"
    pressed_at = time.monotonic()
    presser.press("increment")
    thread.join(5)
    assert not thread.is_alive()
    assert outcome["tree"]["children"][1]["text"] == "Count: 1"
    assert outcome["resolved_at"] >= pressed_at


def test_expect_tree_raises_tree_mismatch_with_the_readable_diff(slam_client):
    with pytest.raises(slam.TreeMismatch) as caught:
        slam_client.expect_tree(COUNTED_ONCE, timeout_ms=100)
    error = caught.value
    assert isinstance(error, AssertionError)
    assert str(error) == "\n".join([
        "the tree does not match the template:",
        'root > children: no child matches {ref: "count", text: /^Count: 1$/}',
        '  closest: root > children[1] (ref "count", Label) > text: expected /^Count: 1$/, got "Count: 0"',
        'root > children: no child matches {ref: "counterButtons", children: [2 elements]}',
        '  closest: root > children[4] (ref "counterButtons", View) > children: no child after [0] matches {text: "-1", enabled: true}',
        '    closest: root > children[4] (ref "counterButtons", View) > children[1] (ref "decrement", Button) > enabled: expected true, got false',
    ])
    assert [mismatch["kind"] for mismatch in error.diff] == ["noMatchingChild", "noMatchingChild"]
    assert error.tree["children"][1]["text"] == "Count: 0"
    assert isinstance(error.error, slam.WaitTimedOut) and error.error.data["condition"] == {"template": COUNTED_ONCE, "strict": False}


def test_a_failing_test_prints_the_diff_once(pytester, monkeypatch):
    """The daemon's timeout carries the same diff: a test's failure report shows only the mismatch's."""
    pytester.makepyfile(
        f"""
        import asyncio
        import slam

        def test_blocking(slam_client):
            slam_client.expect_tree({COUNTED_ONCE!r}, timeout_ms=0)

        def test_asyncio(slamd):
            async def main():
                async with slam.AsyncClient(slamd.socket_path, instance=slamd.instance) as client:
                    await client.expect_tree({COUNTED_ONCE!r}, timeout_ms=0)
            asyncio.run(main())
        """
    )
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    # -rN: no short summary, which repeats each failure's message in full where $CI is set.
    result = pytester.runpytest_inprocess("-p", "slam.pytest_plugin", "-rN")
    result.assert_outcomes(failed=2)
    output = result.stdout.str()
    closest = 'closest: root > children[1] (ref "count", Label) > text: expected /^Count: 1$/, got "Count: 0"'
    assert output.count(closest) == 2, output
    assert "direct cause" not in output


def test_the_local_matcher_agrees_with_the_daemon(slam_client):
    tree = slam_client.tree()
    templates = [
        COUNTED_ONCE,
        {"children": [{"type": "Button", "text": "+1"}, {"ref": "menu", "children": [{"text": "/about/i"}, {"text": "Settings"}]}]},
        {"type": "Label", "spacing": 8, "axis": ["vertical"], "children": [{"ref": "count", "visible": 1}]},
        {"children": [{"ref": "heading"}, {"ref": "goal", "visible": True}]},
    ]
    for template in templates:
        for strict in (False, True):
            with pytest.raises(slam.WaitTimedOut) as caught:
                slam_client.wait_for(template=template, strict=strict or None, timeout_ms=0)
            assert slam.match_tree(template, tree, strict=strict) == caught.value.data["diff"], (template, strict)
    assert slam.match_tree({"children": [{"ref": "count", "text": "Count: 0"}]}, tree) == []


def test_a_malformed_template_is_invalid_params_naming_its_path(slam_client):
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.expect_tree({"children": [{"text": "/(/"}]})
    assert caught.value.data == {"parameter": "template", "path": "$.children[0].text"}
    assert caught.value.message.startswith("Invalid params: template.children[0].text: /(/ is not a valid regular expression")
    with pytest.raises(slam.WaitTimedOut) as caught:
        slam_client.expect_tree({}, ref="nowhere", timeout_ms=0)
    assert "'nowhere' was not on screen" in caught.value.message


# The local matcher on its own


def test_match_tree_compares_only_what_is_written():
    assert slam.match_tree({}, SCREEN) == []
    assert slam.match_tree({"ref": "root", "spacing": 8, "children": [{"ref": "title"}, {"ref": "save"}]}, SCREEN) == []
    assert slam.diff_lines(slam.match_tree({"type": "Label", "text": "Edit"}, SCREEN)) == [
        'root > type: expected "Label", got "View"',
        "root > text: expected \"Edit\", but the element has no 'text'",
    ]
    assert slam.diff_lines(slam.match_tree({"visible": 1}, SCREEN)) == ["root > visible: expected 1, got true"]


def test_match_tree_regular_expressions_search_and_ignore_case():
    assert slam.match_tree({"children": [{"text": "/note/"}, {"text": "/^SAVE$/i"}]}, SCREEN) == []
    assert slam.diff_lines(slam.match_tree({"value": "/5/"}, {"type": "Stepper", "ref": "s", "value": 5.0})) == [
        "root > value: expected /5/, got 5.0"]
    assert slam.match_tree({"text": "/a/b"}, {"type": "Label", "ref": "", "text": "/a/b"}) == []


def test_match_tree_children_closest_and_deeper():
    assert slam.diff_lines(slam.match_tree({"children": [{"ref": "title"}, {"type": "Button", "text": "Done"}]}, SCREEN)) == [
        'root > children: no child after [0] matches {type: "Button", text: "Done"}',
        '  closest: root > children[2] (ref "cancel", Button) > text: expected "Done", got "Cancel"',
    ]
    assert slam.diff_lines(slam.match_tree({"children": [{"ref": "count"}]}, SCREEN)) == [
        'root > children: no child matches {ref: "count"}; one matches deeper: '
        'root > children[1] (ref "form", View) > children[1] (ref "count", Stepper)']
    assert slam.diff_lines(slam.match_tree({"children": [{"ref": "list", "items": ["Milk", "Bread"], "selection": {"row": 0}}]}, SCREEN)) == [
        'root > children: no child matches {ref: "list", items: ["Milk", "Bread"], selection: {row: 0}}',
        '  closest: root > children[4] (ref "list", SingleItemTableView) > items[1]: expected "Bread", got "Eggs"',
        '  closest: root > children[4] (ref "list", SingleItemTableView) > selection.row: expected 0, got 1',
    ]


def test_match_tree_strict_and_assert_tree():
    assert slam.diff_lines(slam.match_tree({"children": [{"ref": "title"}, {"ref": "save"}]}, SCREEN, strict=True)) == [
        "root > children: expected 2 children (strict), got 6",
        'root > children[1] (ref "form", View) > ref: expected "save", got "form"',
    ]
    with pytest.raises(slam.TreeMismatch) as caught:
        slam.assert_tree({"children": []}, SCREEN, strict=True)
    assert str(caught.value) == "the tree does not match the template:\nroot > children: expected 0 children (strict), got 6"
    assert caught.value.diff[0] == {"kind": "childCount", "path": "root > children", "pointer": "$.children",
                                    "message": "expected 0 children (strict), got 6", "expected": 0, "actual": 6}


def test_a_malformed_template_raises_template_error_naming_its_path():
    with pytest.raises(slam.TemplateError) as caught:
        slam.match_tree({"children": [{"children": [{"text": "/(/"}]}]}, SCREEN)
    assert caught.value.path == "$.children[0].children[0].text"
    with pytest.raises(slam.TemplateError, match=r"^\$\.children: children must be an array of element templates, got string$"):
        slam.match_tree({"children": "Save"}, SCREEN)
    with pytest.raises(slam.TemplateError, match=r"^\$: an element template must be an object"):
        slam.match_tree(["Save"], SCREEN)
