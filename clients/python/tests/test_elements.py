"""The new elements from Python, on the storyboard clients/flows/order.storyboard.json: a picker, a date picker, a sectioned
table with multiple selection, a collection view, and an alert, by presses and by keys."""

import pytest

import slam
from support import REPOSITORY_ROOT

ORDER_STORYBOARD = REPOSITORY_ROOT / "clients" / "flows" / "order.storyboard.json"
"""A storyboard with one of each: PickerView, DatePicker, SectionedTableView (multiple selection), CollectionView, an alert."""


@pytest.fixture
def order(slamd_factory):
    """A client on a daemon hosting the order storyboard; skipped only by a slamd that predates the new elements."""
    try:
        daemon = slamd_factory(storyboard=ORDER_STORYBOARD)
    except pytest.fail.Exception as failure:
        if "unknown element type 'PickerView'" in str(failure):
            pytest.skip("this slamd predates PickerView, DatePicker, SectionedTableView and CollectionView")
        raise
    return daemon.connect()


def test_a_picker_takes_positions_and_arrow_keys(order):
    assert order.press("size", [0, 2])["selectedRows"] == [2, 0]
    assert order.press("size", (1, 1))["selectedRows"] == [2, 1]
    assert order.focus("size")["focusedComponent"] == 1, "the last press focused component 1"
    order.keys("ArrowLeft", "ArrowUp")
    assert order.find("size")["selectedRows"] == [1, 1]
    assert order.key("ArrowUp")["focused"]["selectedRows"] == [0, 1]
    assert order.key("ArrowUp")["focused"]["selectedRows"] == [0, 1], "it stops at the first row"
    with pytest.raises(slam.InvalidParams):
        order.press("size", [0, 9])


def test_a_date_picker_takes_iso_dates_steps_and_keys(order):
    assert order.press("delivery", "2026-12-24")["value"] == "2026-12-24"
    assert order.press("delivery", "2026-12-24T23:30:00-02:00")["value"] == "2026-12-25", "converted to UTC, then the day"
    assert order.press("delivery", "increment")["value"] == "2026-12-26"
    assert order.press("delivery", "2027-06-01")["value"] == "2026-12-31", "clamped into the range"
    order.focus("delivery")
    assert [outcome["focused"]["value"] for outcome in order.keys("ArrowDown", "ArrowDown", "ArrowUp")] == [
        "2026-12-30", "2026-12-29", "2026-12-30"]
    with pytest.raises(slam.InvalidParams):
        order.press("delivery", "next tuesday")


def test_a_sectioned_table_with_multiple_selection_toggles_rows(order):
    snapshot = order.press("extras", [0, 1])
    assert snapshot["multipleSelection"] is True
    assert snapshot["sections"][1]["rows"][0] == {"text": "Sugar", "detail": "one spoon"}
    assert order.press("extras", {"section": 1, "row": 1})["selectedRows"] == [[0, 1], [1, 1]]
    assert order.press("extras", [0, 1])["selectedRows"] == [[1, 1]], "a second press deselects"
    order.focus("extras")
    assert order.key("ArrowUp")["focused"]["selectedRows"] == [[1, 0]], "a key selects only the previous row"
    assert order.key("ArrowUp")["focused"]["selectedRows"] == [[0, 1]], "across sections"


def test_a_collection_view_selects_by_position_and_by_key(order):
    assert order.press("cups", "blue")["selectedKeys"] == ["blue"]
    assert order.press("cups", [1, 0])["selectedKeys"] == ["glass"]
    order.focus("cups")
    assert order.key("ArrowUp")["focused"]["selectedKeys"] == ["green"], "one row up from glass is the last mug"
    assert order.key("ArrowLeft")["focused"]["selectedKeys"] == ["blue"]
    with pytest.raises(slam.InvalidParams):
        order.press("cups", "saucer")


def test_an_alert_is_answered_by_a_press_after_covering_the_order(order):
    order.press("cancel")
    assert order.controllers()[-1]["modal"] is True
    assert order.tree()["type"] == "Alert"
    with pytest.raises(slam.ElementCovered) as caught:
        order.press("size", [0, 0], controller="Order", timeout_ms=0)
    assert caught.value.data["coveredBy"] == "confirmCancel"
    assert order.key("Escape")["controller"] == "Order"
    order.press("cancel")
    order.press("confirm")
    assert order.find("bye")["text"] == "Order cancelled"
