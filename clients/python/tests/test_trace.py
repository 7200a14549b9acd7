"""Traces from Python: ``trace_start``/``trace_stop`` against the real slamd, files only in
its trace directory, a secure field's text masked, and a WebSocket client's messages
recorded beside the socket's."""

import json
import os
import stat
import uuid

import pytest

import slam
from test_web_transport import call, launch


def records(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def unique(name):
    """A name no other test of the shared daemon uses."""
    return f"{uuid.uuid4().hex[:8]}-{name}"


def test_trace_start_and_stop_write_the_session_in_the_trace_directory(slamd, slam_client):
    name = unique("session.jsonl")
    path = slam_client.trace_start(name)
    assert path == os.path.join(slamd.trace_directory, name)
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
    assert stat.S_IMODE(os.stat(slamd.trace_directory).st_mode) == 0o700

    default = slam_client.trace_start()
    # The daemon's main instance names its traces after the socket; any other adds its handle.
    prefix = "slamd-trace-" if slamd.instance == "main" else f"slamd-{slamd.instance}-trace-"
    assert os.path.dirname(default) == slamd.trace_directory and os.path.basename(default).startswith(prefix)
    slam_client.trace_stop()


def test_trace_errors_have_their_classes(slamd, slam_client, tmp_path):
    with pytest.raises(slam.TraceConflict) as caught:
        slam_client.trace_stop()
    assert caught.value.data == {"path": None, "tracing": False}
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.trace_start(str(tmp_path / "t.jsonl"))
    assert caught.value.data["parameter"] == "name"
    assert "it contains '/'" in caught.value.message
    assert not (tmp_path / "t.jsonl").exists()
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.call("trace.start", {"path": str(tmp_path / "t.jsonl")})
    assert caught.value.data == {"parameter": "path"}
    assert "parameter 'path' of 'trace.start' is gone" in caught.value.message and "'name'" in caught.value.message

    existing = os.path.join(slamd.trace_directory, unique("existing.jsonl"))
    with open(existing, "w", encoding="utf-8") as file:
        file.write("mine\n")
    with pytest.raises(slam.InvalidParams) as caught:
        slam_client.trace_start(os.path.basename(existing))
    assert caught.value.data["reason"] == "it exists (a regular file); trace.start only creates new files"
    with open(existing, encoding="utf-8") as file:
        assert file.read() == "mine\n", "not truncated"

    path = slam_client.trace_start(unique("t.jsonl"))
    with pytest.raises(slam.TraceConflict) as caught:
        slam_client.trace_start(unique("other.jsonl"))
    assert caught.value.data == {"path": path, "tracing": True}
    slam_client.trace_stop()


def test_a_symbolic_link_or_a_fifo_in_the_trace_directory_is_refused_and_the_daemon_goes_on(slamd, slam_client, tmp_path):
    target = tmp_path / "target"
    target.write_text("outside\n", encoding="utf-8")
    link = unique("link.jsonl")
    os.symlink(target, os.path.join(slamd.trace_directory, link))
    fifo = unique("fifo.jsonl")
    os.mkfifo(os.path.join(slamd.trace_directory, fifo))
    for name, kind in [(link, "a symbolic link"), (fifo, "a FIFO")]:
        with pytest.raises(slam.InvalidParams) as caught:
            slam_client.trace_start(name)
        assert caught.value.data["reason"] == f"it exists ({kind}); trace.start only creates new files"
        assert slam_client.ping() == "pong"
    assert target.read_text(encoding="utf-8") == "outside\n"


def test_a_secure_fields_text_is_masked_in_the_trace_and_in_action_events(slamd, slam_client):
    recorder = slamd.connect()
    recorder.subscribe(["action"])
    path = slam_client.trace_start(unique("secure.jsonl"))
    slam_client.run_task("push", param="Pickers")
    slam_client.set_text("pin", "qzxj")
    slam_client.run_task("pop")
    slam_client.run_task("push", param="Settings")
    slam_client.set_text("name", "Grace")
    slam_client.trace_stop()
    with open(path, encoding="utf-8") as file:
        text = file.read()
    assert "qzxj" not in text and "Grace" in text
    typed = [line["message"]["params"]["text"] for line in records(path)
             if line["type"] == "request" and line["message"].get("method") == "setText"]
    assert typed == ["\u2022\u2022\u2022", "Grace"]
    actions = [recorder.next_notification(timeout=10) for _ in range(5)]
    assert {event.method for event in actions} == {"action"}
    texts = [event.params["params"].get("text") for event in actions if event.params["method"] == "setText"]
    assert texts == ["\u2022\u2022\u2022", "Grace"]


def test_a_websocket_clients_messages_are_in_the_trace_beside_the_sockets(slamd_factory, tmp_path):
    daemon, web = launch(slamd_factory)
    client = daemon.connect()
    path = client.trace_start("web.jsonl")
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
    path = slam_client.trace_start(unique("replay.jsonl"))
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


@pytest.mark.slam_own_daemon  # its raw connection drives the daemon's main instance
def test_a_pretty_printed_message_is_recorded_on_one_line(slam_client, tmp_path):
    """Header framing allows line breaks between tokens; the trace keeps one record per line."""
    import socket

    path = slam_client.trace_start(unique("framed.jsonl"))
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
