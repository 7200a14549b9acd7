"""Error responses become exceptions carrying the daemon's code, message and data."""

import re

import pytest

import slam
from support import PROTOCOL_DIRECTORY


def test_an_unknown_ref_raises_element_not_found_naming_it(slam_client):
    with pytest.raises(slam.ElementNotFound) as caught:
        slam_client.find("nope")
    error = caught.value
    assert isinstance(error, slam.SlamError)
    assert error.code == -32001
    assert error.data == {"ref": "nope", "controller": "Home"}
    assert error.message == "Element not found: no element with reference 'nope' in controller 'Home'"
    assert str(error) == "Element not found: no element with reference 'nope' in controller 'Home' (code -32001)"
    assert "ElementNotFound(code=-32001" in repr(error)


def test_an_unknown_method_raises_method_not_found(slam_client):
    with pytest.raises(slam.MethodNotFound) as caught:
        slam_client.call("fly")
    assert caught.value.code == -32601
    assert caught.value.data == {"method": "fly"}


def test_invalid_params_name_the_parameter(slam_client):
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.call("find", {"ref": 42})
    assert caught.value.code == -32602
    assert caught.value.data["parameter"] == "ref"
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.call("find", {})
    assert caught.value.data["parameter"] == "ref"


def test_params_by_position_are_sent_as_an_array(slam_client):
    assert slam_client.call("find", ["count", "Home"])["text"] == "Count: 0"
    with pytest.raises(TypeError):
        slam_client.call("find", "count")


def test_element_errors_have_their_classes(slam_client):
    with pytest.raises(slam.ElementDisabled):
        slam_client.press("decrement", timeout_ms=0)
    with pytest.raises(slam.ElementNotInteractive) as caught:
        slam_client.press("heading")
    assert caught.value.data == {"ref": "heading", "type": "Label"}
    with pytest.raises(slam.TaskNotFound):
        slam_client.run_task("fly")
    with pytest.raises(slam.ControllerNotFound):
        slam_client.find("count", controller="Nowhere")
    with pytest.raises(slam.TaskFailed):
        slam_client.run_task("push")


def test_every_documented_code_has_its_class():
    readme = (PROTOCOL_DIRECTORY / "README.md").read_text(encoding="utf-8")
    documented = {int(code): name for code, name in re.findall(r"^\| (-32\d\d\d) \| ([A-Za-z ]+?) \|", readme, re.MULTILINE)}
    assert len(documented) == 25
    assert set(slam.ERROR_CLASSES) == set(documented)
    for code, name in documented.items():
        error_class = slam.ERROR_CLASSES[code]
        assert error_class.code == code
        assert error_class.__name__.lower() == name.replace(" ", "").lower()
        assert getattr(slam, error_class.__name__) is error_class


def test_an_unknown_code_builds_the_base_class():
    error = slam.SlamError.from_error_object({"code": -31999, "message": "Something new", "data": [1]})
    assert type(error) is slam.SlamError
    assert (error.code, error.message, error.data) == (-31999, "Something new", [1])
    known = slam.SlamError.from_error_object({"code": -32005, "message": "Task not found"})
    assert type(known) is slam.TaskNotFound and known.data is None


def test_a_message_too_large_is_raised_for_the_call_and_the_connection_goes_on(slamd_factory):
    daemon = slamd_factory(args=["--max-message-bytes", "1024"])
    client = daemon.connect()
    with pytest.raises(slam.MessageTooLarge) as caught:
        client.find("x" * 2000)
    assert caught.value.code == -32000
    assert caught.value.data["limit"] == 1024
    assert client.ping() == "pong"


def test_a_limit_reached_is_raised_naming_the_limit_and_the_connection_goes_on(slamd_factory):
    daemon = slamd_factory(args=["--max-registered-tasks-per-connection", "2"])
    client = daemon.connect()
    with pytest.raises(slam.LimitReached) as caught:
        client.call("tasks.register", {"names": ["a", "b", "c"]})
    assert caught.value.code == -32017
    assert caught.value.data == {"limit": "registeredTasksPerConnection", "value": 2,
                                 "option": "--max-registered-tasks-per-connection", "scope": "connection"}
    assert "(--max-registered-tasks-per-connection 2)" in caught.value.message
    assert client.call("tasks.register", {"names": ["a", "b"]})["registered"] == ["a", "b"]
    assert client.ping() == "pong"
