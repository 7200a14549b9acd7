"""Traces from Python: ``trace_start``/``trace_stop`` against the real slamd, and a
WebSocket client's messages recorded beside the socket's."""

import json
import os
import stat

import pytest

import slam
from test_web_transport import call, launch


def records(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def test_trace_start_and_stop_write_the_session(slam_client, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = slam_client.trace_start("session.jsonl")
    assert path == str(tmp_path / "session.jsonl"), "a relative path is made absolute by the client"
    slam_client.press("increment")
    stopped = slam_client.trace_stop()
    assert stopped["path"] == path
    lines = records(path)
    assert stopped["records"] == len(lines)
    assert [line["type"] for line in lines] == ["trace", "screen", "request", "reply", "screen", "request", "end"]
    assert lines[2]["message"]["method"] == "press" and lines[2]["message"]["params"] == {"ref": "increment", "timeoutMs": 5000}
    assert lines[3]["message"]["result"]["ref"] == "increment"
    count = [op for op in lines[4]["redraw"]["ops"] if op.get("snapshot", {}).get("ref") == "count"]
    assert count[0]["snapshot"]["text"] == "Count: 1"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_trace_errors_have_their_classes(slam_client, tmp_path):
    with pytest.raises(slam.TraceConflict) as caught:
        slam_client.trace_stop()
    assert caught.value.data == {"path": None, "tracing": False}
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.trace_start(tmp_path / "missing" / "t.jsonl")
    assert caught.value.data["path"] == str(tmp_path / "missing" / "t.jsonl")
    assert "No such file or directory" in caught.value.message
    path = slam_client.trace_start(tmp_path / "t.jsonl")
    with pytest.raises(slam.TraceConflict) as caught:
        slam_client.trace_start(tmp_path / "other.jsonl")
    assert caught.value.data == {"path": path, "tracing": True}
    slam_client.trace_stop()


def test_a_websocket_clients_messages_are_in_the_trace_beside_the_sockets(slamd_factory, tmp_path):
    daemon, web = launch(slamd_factory)
    client = daemon.connect()
    path = client.trace_start(tmp_path / "web.jsonl")
    with web.websocket() as websocket:
        call(websocket, "press", {"ref": "increment"}, request_id=7)
    client.press("increment")
    client.trace_stop()
    lines = records(path)
    presses = [line for line in lines if line["type"] == "request" and line["message"].get("method") == "press"]
    assert len(presses) == 2
    web_client, socket_client = presses[0]["client"], presses[1]["client"]
    assert web_client != socket_client
    assert socket_client == lines[0]["startedBy"]
    assert {"type": "connect", "client": web_client} in [{k: v for k, v in line.items() if k != "t"} for line in lines]
    replies = [line for line in lines if line["type"] == "reply" and line["client"] == web_client]
    assert [reply["message"]["id"] for reply in replies] == [7]
    screens = [line for line in lines if line["type"] == "screen" and "redraw" in line]
    texts = [op["snapshot"]["text"] for screen in screens for op in screen["redraw"]["ops"]
             if op.get("snapshot", {}).get("ref") == "count"]
    assert texts == ["Count: 1", "Count: 2"]


def test_the_screens_of_a_trace_replay_to_what_tree_shows(slam_client, tmp_path):
    """The attach record with every redraw applied is the UI as it was: checked after each step."""
    path = slam_client.trace_start(tmp_path / "replay.jsonl")
    expected = []
    steps = [
        lambda: slam_client.press("increment"),
        lambda: slam_client.run_task("push", param="Settings"),
        lambda: slam_client.press("volume", value="increment"),
        lambda: slam_client.set_text("name", "Ada \"Lovelace\"\n"),
        lambda: slam_client.press("wifi", value=False),
        lambda: slam_client.run_task("pop"),
        lambda: slam_client.run_task("push", param="Todos"),
        lambda: slam_client.state_set("todos", [{"id": "t9", "title": "Call mum", "done": False}]),
        lambda: slam_client.reset(),
        lambda: slam_client.press("increment"),
    ]
    for step in steps:
        step()
        expected.append((slam_client.controllers()[-1]["id"], slam_client.tree()))
    slam_client.trace_stop()

    lines = records(path)
    model = slam.RemoteUIModel()
    model.attach(lines[1]["attach"])
    replayed = []
    for line in lines[2:]:
        if line["type"] == "screen":
            model.apply(line["redraw"])
        if line["type"] == "request" and line["message"].get("method") == "controllers":
            # The screen just before the test read the stack is the screen after its step.
            replayed.append((model.screens[-1]["id"], model.tree(-1)))
    assert replayed == expected


def test_a_pretty_printed_message_is_recorded_on_one_line(slam_client, tmp_path):
    """Header framing allows line breaks between tokens; the trace keeps one record per line."""
    import socket

    path = slam_client.trace_start(tmp_path / "framed.jsonl")
    body = b'{\n  "jsonrpc": "2.0",\r\n  "method": "find",\n  "params": {"ref": "count"},\n  "id": 1\n}'
    with socket.socket(socket.AF_UNIX) as raw:
        raw.connect(slam_client.socket_path)
        raw.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        reply = b""
        while b"Count: 0" not in reply:
            reply += raw.recv(4096)
    slam_client.trace_stop()
    lines = records(path)
    finds = [line for line in lines if line["type"] == "request" and line["message"].get("method") == "find"]
    assert finds[0]["message"] == {"jsonrpc": "2.0", "method": "find", "params": {"ref": "count"}, "id": 1}
