"""``slamctl mcp`` over standard input and output, driven by the official MCP SDK as an agent's client.

Both kinds of client: ``mode="legacy"`` (the 2025-11-25 handshake) and ``mode="auto"`` (``server/discover``,
then the stateless 2026-07-28 revision), against a slamd of its own (``--launch``) and against a running
slamd (``--socket``). Standard output is read raw too: nothing but MCP messages may appear there.
"""

import json
import os
import select
import signal
import subprocess
import warnings

import pytest

mcp = pytest.importorskip("mcp", reason="the MCP SDK is installed by make python-venv")

import anyio  # noqa: E402  (comes with mcp)
import mcp_types as types  # noqa: E402
from jsonschema import Draft202012Validator  # noqa: E402
from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402

MODES = {"legacy": "2025-11-25", "auto": "2026-07-28"}
"""Each kind of SDK client, and the revision it ends up speaking."""

DEADLINE_SECONDS = 20
"""How long a test waits for an update before it fails (they come within milliseconds)."""


@pytest.fixture(scope="module")
def slamctl(slamd_path):
    """``$SLAMCTL``, else the ``slamctl`` built beside the ``slamd`` under test."""
    program = os.environ.get("SLAMCTL") or os.path.join(os.path.dirname(slamd_path), "slamctl")
    assert os.access(program, os.X_OK), f"no slamctl at {program}: build it or set SLAMCTL"
    return program


def stdio(slamctl, *arguments):
    return StdioServerParameters(command=slamctl, args=list(arguments), env=dict(os.environ))


async def exercise(server, mode):
    """What every client does: the revision, the tools, a call, the screen resource, and the errors."""
    async with Client(server, mode=mode) as client:
        assert client.protocol_version == MODES[mode]
        assert client.server_info.name == "slam"
        tools = (await client.list_tools()).tools
        names = [tool.name for tool in tools]
        assert names[0] == "slam_snapshot" and all(name.startswith("slam_") for name in names)
        for tool in tools:
            Draft202012Validator.check_schema(tool.input_schema)
        snapshot = await client.call_tool("slam_snapshot", {})
        assert not snapshot.is_error
        assert '- paragraph "Count: 0" [ref=count]' in snapshot.content[0].text
        resources = (await client.list_resources()).resources
        assert [str(resource.uri) for resource in resources] == ["slam://screen"]
        screen = await client.read_resource("slam://screen")
        assert screen.contents[0].mime_type == "text/plain"
        assert '- paragraph "Count: 0" [ref=count]' in screen.contents[0].text
        with pytest.raises(MCPError) as not_found:
            await client.read_resource("slam://nothing")
        assert not_found.value.code == -32602
        with pytest.raises(MCPError) as unknown:
            await client.call_tool("slam_snapshop", {})
        assert unknown.value.code == -32602
        assert "did you mean 'slam_snapshot'" in str(unknown.value.error.message)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_launched_slamd_serves_either_kind_of_client(slamctl, mode):
    anyio.run(exercise, stdio(slamctl, "mcp", "--launch"), mode)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_running_slamd_serves_either_kind_of_client(slamctl, slamd_factory, mode):
    daemon = slamd_factory()
    anyio.run(exercise, stdio(slamctl, "--socket", daemon.socket_path, "mcp"), mode)


def test_a_listen_is_told_when_a_press_changes_the_screen(slamctl, slamd_factory):
    daemon = slamd_factory()
    person = daemon.connect()

    async def listen():
        async with Client(stdio(slamctl, "--socket", daemon.socket_path, "mcp"), mode="auto") as client:
            async with client.listen(resource_subscriptions=["slam://screen"]) as subscription:
                assert list(subscription.honored.resource_subscriptions) == ["slam://screen"]
                person.press("increment")
                with anyio.fail_after(DEADLINE_SECONDS):
                    async for event in subscription:
                        assert event.uri == "slam://screen"
                        break
            screen = await client.read_resource("slam://screen")
            assert "Count: 1" in screen.contents[0].text

    anyio.run(listen)


def test_a_handshake_subscription_is_told_when_a_press_changes_the_screen(slamctl, slamd_factory):
    daemon = slamd_factory()
    person = daemon.connect()

    async def subscribe():
        updated = anyio.Event()
        uris = []

        async def on_message(message):
            if isinstance(message, types.ResourceUpdatedNotification):
                uris.append(str(message.params.uri))
                updated.set()

        async with Client(stdio(slamctl, "--socket", daemon.socket_path, "mcp"), mode="legacy",
                          message_handler=on_message) as client:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the SDK deprecates it for 2026-07-28's listen
                await client.subscribe_resource("slam://screen")
            person.press("increment")
            with anyio.fail_after(DEADLINE_SECONDS):
                await updated.wait()
            assert uris[0] == "slam://screen"

    anyio.run(subscribe)


def test_standard_output_holds_only_mcp_messages_while_slamd_logs_at_debug(slamctl):
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": meta}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": meta}},
        {"jsonrpc": "2.0", "id": 3, "method": "subscriptions/listen",
         "params": {"_meta": meta, "notifications": {"resourceSubscriptions": ["slam://screen"]}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"_meta": meta, "name": "slam_snapshot", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 5, "method": "resources/read", "params": {"_meta": meta, "uri": "slam://screen"}},
        {"jsonrpc": "2.0", "id": 6, "method": "tools/list", "params": {}},
    ]
    lines = "".join(json.dumps(request) + "\n" for request in requests) + "{not json\n"
    # Standard input closes after the last line: every request read is still answered, the listen gracefully.
    finished = subprocess.run([slamctl, "mcp", "--launch", "--", "--log-level", "debug"], input=lines.encode(),
                              capture_output=True, timeout=60)
    assert finished.returncode == 0, finished.stderr.decode()
    assert not os.path.exists(os.path.dirname(served_socket(finished.stderr))), "the launched slamd's directory is removed"
    assert b" debug slamd:" in finished.stderr, "slamd logged at debug, to standard error"
    messages = [json.loads(line) for line in finished.stdout.decode().splitlines()]
    assert finished.stdout.endswith(b"\n") and all(message.get("jsonrpc") == "2.0" for message in messages)
    answers = {message["id"]: message for message in messages if "id" in message}
    assert sorted(answers, key=lambda id: (id is None, id or 0)) == [1, 2, 3, 4, 5, 6, None]
    assert answers[3]["result"]["_meta"]["io.modelcontextprotocol/subscriptionId"] == 3
    assert answers[4]["result"]["isError"] is False
    assert answers[6]["error"]["code"] == -32602
    assert answers[None]["error"]["code"] == -32700
    notifications = [message["method"] for message in messages if "id" not in message]
    assert notifications == ["notifications/subscriptions/acknowledged"]


def read_until_serving(process):
    """What ``slamctl mcp`` logged on standard error until it serves."""
    logged = b""
    while b"slamctl mcp: serving MCP" not in logged:
        line = process.stderr.readline()
        assert line, f"slamctl mcp ended before serving: {logged.decode()}"
        logged += line
    return logged


def served_socket(standard_error):
    """The socket of the slamd ``slamctl mcp`` serves, from the line it logs once it serves."""
    for line in standard_error.decode().splitlines():
        if line.startswith("slamctl mcp: serving MCP"):
            return line.rsplit(" at ", 1)[1]
    raise AssertionError(f"slamctl mcp never served: {standard_error.decode()}")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_launched_slamd_and_removes_its_socket(slamctl, number):
    process = subprocess.Popen([slamctl, "mcp", "--launch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    try:
        socket_path = served_socket(read_until_serving(process))
        assert os.path.exists(socket_path)
        process.send_signal(number)
        assert process.wait(timeout=30) == -number, "it ends as the signal would have ended it"
        assert not os.path.exists(os.path.dirname(socket_path))
        assert process.stdout.read() == b""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_server_stops_when_its_slamd_goes_away(slamctl, slamd_factory):
    """An MCP server whose app is gone says so and exits, so the agent's client shows it stopped."""
    daemon = slamd_factory()
    process = subprocess.Popen([slamctl, "mcp", "--socket", daemon.socket_path], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        read_until_serving(process)
        daemon.stop()
        assert process.wait(timeout=30) == 1
        assert b"closed the connection" in process.stderr.read()
        assert process.stdout.read() == b""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_tool_calls_written_together_run_in_the_order_they_were_written(slamctl):
    """An agent's pipelined calls act in turn: the state ends as the last call set it, and a call
    cancelled while it waits for its turn neither runs nor is answered."""
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}

    def set_state(id, value):
        return {"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"_meta": meta, "name": "slam_state", "arguments": {"key": "orderStatus", "value": value}}}

    # A long first call (its value near 200 KB) gave later ones time to overtake it when each ran in a task of its own.
    requests = [set_state(1, "x" * 200_000)] + [set_state(id, f"value {id}") for id in range(2, 21)]
    requests.append({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 20}})
    requests.append({"jsonrpc": "2.0", "id": 21, "method": "tools/call",
                     "params": {"_meta": meta, "name": "slam_state", "arguments": {"key": "orderStatus"}}})
    lines = "".join(json.dumps(request) + "\n" for request in requests)
    finished = subprocess.run([slamctl, "mcp", "--launch"], input=lines.encode(), capture_output=True, timeout=60)
    assert finished.returncode == 0, finished.stderr.decode()
    answers = [json.loads(line) for line in finished.stdout.decode().splitlines()]
    ids = [answer["id"] for answer in answers]
    if 20 in ids:
        # The cancellation came after the call had started: it ran and was answered in its turn.
        assert ids == list(range(1, 22))
        assert "value 20" in answers[-1]["result"]["content"][0]["text"]
    else:
        assert ids == list(range(1, 20)) + [21]
        assert "value 19" in answers[-1]["result"]["content"][0]["text"]


def test_a_cancellation_after_the_answer_holds_nothing_back(slamctl):
    """Cancelling a request already answered (as MCP allows, the answer having crossed it) changes
    nothing for a later request that happens to carry the same id (agents sharing a server may)."""
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    process = subprocess.Popen([slamctl, "mcp", "--launch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    try:
        def send(message):
            process.stdin.write((json.dumps(message) + "\n").encode())
            process.stdin.flush()

        def answer():
            ready, _, _ = select.select([process.stdout], [], [], DEADLINE_SECONDS)
            assert ready, "no answer"
            return json.loads(process.stdout.readline())

        send({"jsonrpc": "2.0", "id": 7, "method": "ping"})
        assert answer()["id"] == 7
        send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7}})
        send({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
              "params": {"_meta": meta, "name": "slam_state", "arguments": {"key": "orderStatus"}}})
        answer = answer()
        assert answer["id"] == 7 and answer["result"]["isError"] is False
    finally:
        process.stdin.close()
        if process.wait(timeout=30) != 0:
            process.kill()
