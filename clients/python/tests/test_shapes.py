"""The typed shapes (slam.shapes) agree with what a live daemon says it takes and sends."""

import asyncio
import re

import pytest

import slam
from typecheck import usage


def schema_enum(discover, method, parameter):
    """The ``enum`` of one method parameter (or of its items) in the live OpenRPC document."""
    for entry in discover["methods"]:
        if entry["name"] == method:
            for param in entry["params"]:
                if param["name"] == parameter:
                    schema = param["schema"]
                    return schema.get("enum") or schema["items"]["enum"]
    raise AssertionError(f"{method} has no parameter {parameter}")


def test_the_literals_are_the_daemons_sets(slam_client):
    discover = slam_client.discover()
    assert list(slam.EVENT_NAMES) == slam_client.version()["capabilities"]["events"]
    assert list(slam.EVENT_NAMES) == schema_enum(discover, "subscribe", "events")
    assert list(slam.WAIT_STATES) == schema_enum(discover, "waitFor", "state")
    with pytest.raises(slam.InvalidParams) as refused:
        slam_client.query(type="NoSuchType")
    known = re.search(r"known types: (.*)$", refused.value.message).group(1).split(", ")
    assert sorted(slam.ELEMENT_TYPES) == sorted(known)


def test_every_named_key_is_one_the_daemon_takes(slam_client):
    for name in slam.KEY_NAMES:
        assert slam_client.key(name)["key"] == (" " if name == "Space" else name)


def test_the_snapshot_shape_has_every_property_the_protocol_lists(slam_client):
    snapshot_schema = slam_client.discover()["components"]["schemas"]["ElementSnapshot"]
    members = slam.Snapshot.__required_keys__ | slam.Snapshot.__optional_keys__
    # Trees nest children.
    assert members == set(snapshot_schema["properties"]) | {"children"}
    assert slam.Snapshot.__required_keys__ == set(snapshot_schema["required"])
    assert set(slam.Version.__required_keys__) == set(slam_client.version())


def test_the_typed_usage_example_runs_against_the_demo(slamd, slam_client):
    seen = usage.blocking(slam_client)
    assert seen["pressed"] == "increment" and seen["count"] == "Count: 1"
    assert seen["children"] == ["increment", "decrement", "reset"]
    assert seen["focused"] == "increment"
    assert seen["server"] == slam.__version__
    assert seen["subscribed"] == ["changed", "focusChanged"]
    assert "count" in seen["changes"] and seen["waited"] is True
    assert seen["stack"] == ["Home"] and seen["top"] == "View"
    texts = asyncio.run(usage.concurrent(slamd.socket_path, instance=slamd.instance))
    assert texts[:2] == ["Count: 2", "+1"] and "Count: 3" in texts


def test_the_task_shapes_are_the_daemons(slam_client):
    discover = slam_client.discover()
    methods = {entry["name"]: entry for entry in discover["methods"]}
    registered_schema = methods["tasks.register"]["result"]["schema"]
    assert slam.TasksRegistered.__required_keys__ == set(registered_schema["properties"]) == set(registered_schema["required"])
    unregistered_schema = methods["tasks.unregister"]["result"]["schema"]
    assert slam.TasksUnregistered.__required_keys__ == set(unregistered_schema["properties"])
    task_result_schema = methods["runTask"]["result"]["schema"]
    assert slam.TaskResult.__required_keys__ == set(task_result_schema["required"])
    assert slam.TaskResult.__optional_keys__ == set(task_result_schema["properties"]) - set(task_result_schema["required"])
    task_run = next(entry for entry in discover["x-server-requests"] if entry["name"] == "task.run")
    assert slam.TaskRunParams.__required_keys__ == set(task_run["params"]["required"]) == set(task_run["params"]["properties"])


def test_the_typed_task_example_runs_against_the_demo(slamd, slam_client):
    seen = usage.tasks(slam_client)
    assert seen["registered"] == ["greet", "wave"], "tasks.register answers every task the connection handles"
    assert seen["result"] == {"greeted": "Ada"}
    assert seen["greeting"] == "Hello, Ada"
    assert seen["failure"] == "whom should I greet?"
    assert sorted(seen["unregistered"]) == ["greet", "wave"]
    assert seen["handler"] == "greet"
    assert asyncio.run(usage.async_tasks(slamd.socket_path, instance=slamd.instance)) == ["greeted", "Home", "Hi, Grace", "greet"]
