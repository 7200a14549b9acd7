"""Batches, notifications, response matching and low-level messages."""

import pytest

import slam


def test_a_batch_answers_each_call_in_order_with_results_and_errors(slam_client):
    answers = slam_client.batch(
        [
            ("press", {"ref": "increment"}),
            ("find", {"ref": "count"}),
            ("fly", None),
            ("find", ["nope"]),
            ("ping", None),
        ]
    )
    assert len(answers) == 5
    assert answers[0]["ref"] == "increment"
    assert answers[1]["text"] == "Count: 1"
    assert isinstance(answers[2], slam.MethodNotFound) and answers[2].data == {"method": "fly"}
    assert isinstance(answers[3], slam.ElementNotFound) and answers[3].data["ref"] == "nope"
    assert answers[4] == "pong"


def test_an_empty_batch_is_refused_before_sending(slam_client):
    with pytest.raises(ValueError):
        slam_client.batch([])
    assert slam_client.ping() == "pong"


def test_a_notification_runs_and_gets_no_reply(slam_client):
    slam_client.notify("press", {"ref": "increment"})
    with pytest.raises(slam.SlamTimeout):
        slam_client.next_message(timeout=0.2)
    assert slam_client.find("count")["text"] == "Count: 1"


def test_a_failing_notification_gets_no_reply_either(slam_client):
    slam_client.notify("fly")
    with pytest.raises(slam.SlamTimeout):
        slam_client.next_message(timeout=0.2)


def test_raw_bytes_and_next_message(slam_client):
    slam_client.send_raw(b'{"jsonrpc":"2.0","method":"ping","id":"raw"}\n{"jsonrpc":"2.0","method":"ping","id":7.5}\n')
    assert slam_client.next_message() == {"jsonrpc": "2.0", "result": "pong", "id": "raw"}
    echoed = slam_client.next_message()
    assert echoed["id"] == 7.5 and type(echoed["id"]) is float


def test_responses_are_matched_by_id_and_others_are_queued(slam_client):
    slam_client.send_message({"jsonrpc": "2.0", "method": "find", "params": {"ref": "count"}, "id": "mine"})
    assert slam_client.ping() == "pong"
    assert slam_client.next_message(timeout=1)["id"] == "mine"


def test_a_late_response_to_a_timed_out_call_is_dropped(slamd):
    client = slamd.connect()
    with pytest.raises(slam.SlamTimeout):
        client.call("waitFor", {"ref": "count", "property": "text", "equals": "Count: 1"}, timeout=0.2)
    slamd.connect().press("increment")
    assert client.ping() == "pong"
    with pytest.raises(slam.SlamTimeout):
        client.next_message(timeout=0.2)


def test_a_closed_client_refuses_calls(slamd):
    client = slamd.connect()
    client.close()
    client.close()
    with pytest.raises(slam.SlamConnectionError, match="closed"):
        client.ping()


def test_a_client_is_a_context_manager(slamd):
    with slam.connect(slamd.socket_path, instance=slamd.instance) as client:
        assert client.ping() == "pong"
    with pytest.raises(slam.SlamConnectionError):
        client.ping()
