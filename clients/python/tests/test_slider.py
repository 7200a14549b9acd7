"""The slider from Python: pressed with numbers (snapped to its step, refused outside its range),
with "increment"/"decrement" and arrow keys, bound to the shared state (an integer when it moves by
whole steps, a float when continuous), from the blocking and the asyncio client, and on the demo."""

import asyncio

import pytest

import slam

STORYBOARD = {
    "initial": "Display",
    "state": {"volume": 40, "brightness": 0.5},
    "controllers": [{"id": "Display", "title": "Display", "view": {"type": "View", "ref": "root", "children": [
        {"type": "Slider", "ref": "volume", "maximumValue": 100, "stepValue": 5, "bind": {"value": "volume"}},
        {"type": "Label", "ref": "volumeLabel", "bind": {"text": "Volume {volume}"}},
        {"type": "Slider", "ref": "brightness", "bind": {"value": "brightness"}},
        {"type": "SegmentedControl", "ref": "theme", "segments": ["Light", "Dark"]},
    ]}}],
}


@pytest.fixture
def daemon(slamd_factory):
    return slamd_factory(storyboard=STORYBOARD)


@pytest.fixture
def client(daemon):
    return daemon.connect()


def test_a_number_sets_the_value_on_its_step_and_the_bound_state(client):
    snapshot = client.press("volume", 62.4)
    assert snapshot["value"] == 60 and isinstance(snapshot["value"], int)
    assert client.state_get("volume") == 60 and isinstance(client.state_get("volume"), int)
    assert client.find("volumeLabel")["text"] == "Volume 60"
    assert client.press("volume", 85)["value"] == 85, "a whole number is taken too"
    assert client.press("brightness", 0.25)["value"] == 0.25
    assert client.state_get("brightness") == 0.25
    assert isinstance(client.press("brightness", 1)["value"], float), "a continuous slider's value is a number, even a whole one"


def test_a_number_outside_the_range_is_refused_and_changes_nothing(client):
    with pytest.raises(slam.InvalidParams) as refused:
        client.press("volume", 150)
    assert refused.value.message == "Invalid params: value: 150 is outside the slider's range 0…100"
    with pytest.raises(slam.InvalidParams):
        client.press("brightness", -0.5)
    assert client.state_get("volume") == 40 and client.state_get("brightness") == 0.5


def test_increment_decrement_and_arrow_keys_move_one_step_or_a_tenth(client):
    assert client.press("volume", "increment")["value"] == 45
    assert client.press("brightness", "decrement")["value"] == 0.4, "a tenth of the range, without binary noise"
    client.focus("volume")
    assert [outcome["focused"]["value"] for outcome in client.keys("ArrowRight", "ArrowUp", "ArrowLeft")] == [50, 55, 50]
    client.press("volume", 100)
    assert client.press("volume", "increment")["value"] == 100, "it stops at the maximum"


def test_another_element_refuses_a_fraction_saying_what_it_takes(client):
    with pytest.raises(slam.InvalidParams) as refused:
        client.press("theme", 1.5)
    assert refused.value.message == "Invalid params: value: a SegmentedControl takes a segment index"
    assert client.press("theme", 1.0)["selectedSegment"] == 1, "a whole number written with a fraction is an index"


def test_the_asyncio_client_presses_a_slider_too(daemon):
    async def run():
        async with slam.AsyncClient(daemon.socket_path) as client:
            return (await client.press("brightness", 0.75))["value"]

    assert asyncio.run(asyncio.wait_for(run(), 30)) == 0.75


def test_the_demo_display_screen_shows_its_sliders_values(slam_client):
    slam_client.press("openAbout")
    slam_client.press("openDisplay")
    assert slam_client.find("brightnessLabel")["text"] == "Brightness: 80%"
    slam_client.press("brightness", 0.35)
    assert slam_client.find("brightnessLabel")["text"] == "Brightness: 35%"
    assert slam_client.press("textSize", 23)["value"] == 24, "12…32 by 2: 23 rounds up to 24"
    assert slam_client.find("textSizeLabel")["text"] == "Text size: 24 pt"
