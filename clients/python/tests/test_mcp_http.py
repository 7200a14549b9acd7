"""MCP over Streamable HTTP at ``/mcp`` of ``slamd --web``, with the official SDK (``mcp``) as the client.

Every test starts a real ``slamd --web 127.0.0.1:0``. The SDK's ``Client`` drives it in both
eras: ``mode="auto"`` (2026-07-28, stateless POSTs) and ``mode="legacy"`` (the ``initialize``
handshake, a session with ``Mcp-Session-Id`` and its GET event stream); raw ``http.client``
requests check what the transport refuses and why.
"""

import http.client
import json
import time
from typing import Any, Dict, List, Optional, Tuple

import pytest

anyio = pytest.importorskip("anyio")
httpx2 = pytest.importorskip("httpx2")
mcp = pytest.importorskip("mcp")
mcp_types = pytest.importorskip("mcp_types")
from mcp import Client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402

from test_web_transport import WEB_ARGS, Web  # noqa: E402

MODERN = "2026-07-28"
ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
}


@pytest.fixture
def web(slamd_factory: Any) -> Web:
    return Web(slamd_factory(args=WEB_ARGS))


def mcp_url(web: Web) -> str:
    return f"http://{web.host}/mcp"


def sdk_client(web: Web, mode: str, token: Optional[str] = "", headers: Optional[Dict[str, str]] = None,
               **options: Any) -> Any:
    """The SDK's client over Streamable HTTP, with the daemon's token (``token=None``: none)."""
    headers = dict(headers or {})
    if token is not None:
        headers["Authorization"] = f"Bearer {token or web.token}"
    transport = streamable_http_client(mcp_url(web), http_client=httpx2.AsyncClient(headers=headers, timeout=30))
    return Client(transport, mode=mode, **options)


def post(web: Web, message: Any, headers: Optional[Dict[str, str]] = None, token: bool = True,
         content_type: str = "application/json", body: Optional[bytes] = None) -> Tuple[int, Dict[str, str], bytes]:
    """One raw POST to /mcp; returns the status, the headers (lowercase names) and the body."""
    all_headers = {"Content-Type": content_type, "Accept": "application/json, text/event-stream"}
    if token:
        all_headers["Authorization"] = f"Bearer {web.token}"
    all_headers.update(headers or {})
    return raw(web, "POST", all_headers, json.dumps(message).encode() if body is None else body)


def raw(web: Web, method: str, headers: Dict[str, str], body: bytes = b"") -> Tuple[int, Dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", web.port, timeout=10)
    connection.request(method, "/mcp", body=body or None, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, {name.lower(): value for name, value in response.getheaders()}, payload


def modern_headers(method: str, name: Optional[str] = None) -> Dict[str, str]:
    headers = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    if name is not None:
        headers["Mcp-Name"] = name
    return headers


def modern_request(method: str, params: Optional[Dict[str, Any]] = None, request_id: Any = 1) -> Dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": method, "params": {"_meta": ENVELOPE, **(params or {})}}


def initialize_request(version: str) -> Dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def error_of(body: bytes) -> Dict[str, Any]:
    message = json.loads(body)
    assert message["jsonrpc"] == "2.0" and "error" in message, message
    return message["error"]


def logged(web: Web, text: str) -> bool:
    """Whether the daemon logged ``text``, waiting for it (standard error is written by a thread of its own)."""
    deadline = time.monotonic() + 10
    while text not in web.daemon.log():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def count_text(web: Web) -> str:
    return web.daemon.connect().call("find", {"ref": "count"})["text"]


# MARK: - The SDK's clients

def test_a_modern_client_with_the_token_lists_the_tools_calls_one_and_reads_the_screen(web: Web) -> None:
    """What each tool answers is tested over standard input and output; here, that tools answer over HTTP."""
    async def session() -> None:
        async with sdk_client(web, "auto") as client:
            assert client.protocol_version == MODERN
            names = [tool.name for tool in (await client.list_tools()).tools]
            assert names[0] == "slam_snapshot", names
            result = await client.call_tool("slam_snapshot", {})
            assert not result.is_error, result
            assert "Count: 0" in result.content[0].text, result.content[0].text
            pressed = await client.call_tool("slam_press", {"target": "increment"})
            assert not pressed.is_error and '"Count: 1" [ref=count]' in pressed.content[0].text, pressed
            screen = (await client.read_resource("slam://screen")).contents[0].text
            assert "Count: 1" in screen, screen
            with pytest.raises(MCPError) as missing:
                await client.read_resource("slam://nothing")
            assert missing.value.code == -32602

    anyio.run(session)
    assert count_text(web) == "Count: 1"


def test_a_legacy_client_gets_a_session_and_the_screens_updates_on_its_event_stream(web: Web) -> None:
    updates: List[str] = []

    async def on_message(message: Any) -> None:
        if isinstance(message, mcp_types.ResourceUpdatedNotification):
            updates.append(str(message.params.uri))

    async def session() -> None:
        async with sdk_client(web, "legacy", message_handler=on_message) as client:
            assert client.protocol_version == "2025-11-25"
            assert "slam_snapshot" in [tool.name for tool in (await client.list_tools()).tools]
            assert "Count: 0" in (await client.call_tool("slam_snapshot", {})).content[0].text
            with pytest.warns(Warning, match="resources/subscribe"):
                await client.subscribe_resource("slam://screen")
            # Another client presses: the update comes on the session's GET stream, not in an answer.
            web.daemon.connect().call("press", {"ref": "increment"})
            with anyio.fail_after(10):
                while not updates:
                    await anyio.sleep(0.02)
            assert updates[0] == "slam://screen"

    anyio.run(session)
    assert logged(web, "ended an MCP session at /mcp: the client ended it")


def test_a_modern_subscription_streams_the_screens_updates_until_the_client_closes_it(slamd_factory: Any) -> None:
    web = Web(slamd_factory(args=WEB_ARGS + ("--log-level", "debug")))

    async def session() -> None:
        async with sdk_client(web, "auto") as client:
            async with client.listen(resource_subscriptions=["slam://screen"]) as subscription:
                web.daemon.connect().call("press", {"ref": "increment"})
                with anyio.fail_after(10):
                    async for event in subscription:
                        assert event.uri == "slam://screen"
                        break
            # Closing the stream ends the request's task in the daemon while the client lives on.
            with anyio.fail_after(10):
                while "a request at /mcp ended: the client closed its stream" not in web.daemon.log():
                    await anyio.sleep(0.02)

    anyio.run(session)


def test_the_documented_client_outlasts_a_wait_longer_than_httpx2s_default_timeout(web: Web) -> None:
    """Protocol/README.md's example client: a tool call held past httpx2's default 5 s read timeout is answered."""
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {web.token}"}, timeout=httpx2.Timeout(30, read=None))

    async def session() -> None:
        async with Client(streamable_http_client(mcp_url(web), http_client=http)) as client:
            started = time.monotonic()
            result = await client.call_tool("slam_wait_for", {"text": "Never shown", "timeoutMs": 6000})
            assert time.monotonic() - started >= 5.5
            assert result.is_error, result
            assert "Never shown" in result.content[0].text, result.content[0].text

    anyio.run(session)


def test_without_the_token_or_from_another_origin_the_sdk_client_is_refused(web: Web) -> None:
    for options in ({"token": None}, {"token": "0" * 64}, {"headers": {"Origin": "http://evil.example"}}):
        async def session() -> None:
            async with sdk_client(web, "auto", **options) as client:
                await client.list_tools()

        with pytest.raises(BaseException):  # noqa: B017 - the SDK raises an ExceptionGroup around its MCPError
            anyio.run(session)
    assert logged(web, "refused a web request for /mcp: no token")
    assert logged(web, "refused a web request for /mcp: the token in the Authorization header is wrong")
    assert logged(web, "refused a web request for /mcp: Origin 'http://evil.example' is not this server's origin")
    assert count_text(web) == "Count: 0"


# MARK: - What the transport refuses

@pytest.mark.parametrize("headers, status, reason", [
    ({}, 401, "no token"),
    ({"Authorization": "Bearer " + "0" * 64}, 401, "the token in the Authorization header is wrong"),
    ({"Origin": "http://evil.example"}, 403, "is not this server's origin"),
    ({"Host": "evil.example"}, 403, "DNS rebinding is refused"),
])
def test_refusals_are_those_of_rpc(web: Web, headers: Dict[str, str], status: int, reason: str) -> None:
    if "Authorization" not in headers and status != 401:
        headers = {"Authorization": f"Bearer {web.token}", **headers}
    all_headers = {**modern_headers("tools/list"), **headers}
    code, response_headers, body = post(web, modern_request("tools/list"), headers=all_headers, token=False)
    assert code == status, body
    assert reason in body.decode(), body
    if status == 401:
        assert response_headers["www-authenticate"] == 'Bearer realm="slamd"'


@pytest.mark.parametrize("headers, message", [
    ({"MCP-Protocol-Version": MODERN}, "Mcp-Method header does not match"),
    (modern_headers("tools/call"), "Mcp-Method header does not match"),
    ({"Mcp-Method": "tools/list"}, "MCP-Protocol-Version header does not match"),
    ({**modern_headers("tools/list"), "MCP-Protocol-Version": "2025-11-25"},
     "MCP-Protocol-Version header does not match"),
])
def test_headers_that_do_not_match_the_body_are_400_and_header_mismatch(web: Web, headers: Dict[str, str],
                                                                        message: str) -> None:
    status, _, body = post(web, modern_request("tools/list", request_id=7), headers=headers)
    assert status == 400, body
    error = error_of(body)
    assert error["code"] == -32020 and message in error["message"], error
    assert json.loads(body)["id"] == 7
    assert logged(web, "refused a web request for /mcp: the M")


def test_mcp_name_must_name_the_tool_and_may_be_base64(web: Web) -> None:
    call = modern_request("tools/call", {"name": "slam_snapshot", "arguments": {}})
    status, _, body = post(web, call, headers=modern_headers("tools/call", "slam_press"))
    assert status == 400 and error_of(body)["code"] == -32020, body
    assert "Mcp-Name header does not match the request body's 'name' parameter" in error_of(body)["message"]
    status, _, body = post(web, call, headers=modern_headers("tools/call", "=?base64?c2xhbV9zbmFwc2hvdA==?="))
    assert status == 200, body
    assert "result" in json.loads(body)


def test_a_stateless_request_is_answered_as_json_and_a_notification_with_202(web: Web) -> None:
    status, headers, body = post(web, modern_request("server/discover"), headers=modern_headers("server/discover"))
    assert status == 200, body
    assert headers["content-type"] == "application/json"
    assert "mcp-session-id" not in headers
    assert MODERN in json.loads(body)["result"]["supportedVersions"]
    cancelled = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}}
    status, headers, body = post(web, cancelled, headers=modern_headers("notifications/cancelled"))
    assert (status, body) == (202, b"")
    status, _, body = post(web, modern_request("no/such/method"), headers=modern_headers("no/such/method"))
    assert status == 404 and error_of(body)["code"] == -32601, body


@pytest.mark.parametrize("params, version, code", [
    ({"notifications": {"resourceSubscriptions": ["slam://screen"]}}, None, -32602),
    ({"_meta": {**ENVELOPE, "io.modelcontextprotocol/protocolVersion": "1900-01-01"},
      "notifications": {"resourceSubscriptions": ["slam://screen"]}}, "1900-01-01", -32022),
])
def test_a_listen_with_a_bad_envelope_is_400_as_json_not_an_event_stream(web: Web, params: Dict[str, Any],
                                                                          version: Optional[str], code: int) -> None:
    listen = {"jsonrpc": "2.0", "id": 5, "method": "subscriptions/listen", "params": params}
    headers = {"Mcp-Method": "subscriptions/listen", **({"MCP-Protocol-Version": version} if version else {})}
    status, response_headers, body = post(web, listen, headers=headers)
    assert status == 400, body
    assert response_headers["content-type"] == "application/json", response_headers
    assert error_of(body)["code"] == code, body
    assert json.loads(body)["id"] == 5


@pytest.mark.parametrize("body, content_type, status, code", [
    (b"{not json", "application/json", 400, -32700),
    (b'[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]', "application/json", 400, -32600),
    (b'{"id":1,"method":"tools/list"}', "application/json", 400, -32600),
    (b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}', "text/plain", 415, -32600),
])
def test_bodies_that_are_not_one_message_are_refused(web: Web, body: bytes, content_type: str, status: int,
                                                      code: int) -> None:
    answer_status, _, answer = post(web, None, headers=modern_headers("tools/list"), content_type=content_type,
                                    body=body)
    assert answer_status == status, answer
    assert error_of(answer)["code"] == code


def test_a_body_over_a_mebibyte_is_refused_with_413(web: Web) -> None:
    status, _, body = post(web, None, headers=modern_headers("tools/list"), body=b" " * (1 << 20) + b"{}")
    assert status == 413, body
    assert logged(web, "refused a web request for /mcp: the body is longer than 1048576 bytes")


def test_a_handshake_session_is_named_by_its_id_until_deleted(web: Web) -> None:
    auth = {"Authorization": f"Bearer {web.token}"}
    status, headers, body = post(web, initialize_request("2025-11-25"))
    assert status == 200, body
    session = headers["mcp-session-id"]
    assert len(session) == 32 and all(c in "0123456789abcdef" for c in session), session
    assert json.loads(body)["result"]["protocolVersion"] == "2025-11-25"
    in_session = {"Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-11-25"}
    status, _, body = post(web, {"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=in_session)
    assert (status, body) == (202, b"")
    status, _, body = post(web, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers=in_session)
    assert status == 200 and "tools" in json.loads(body)["result"], body
    status, _, body = post(web, {"jsonrpc": "2.0", "id": 3, "method": "tools/list"},
                           headers={**in_session, "MCP-Protocol-Version": "1900-01-01"})
    assert status == 400, body
    status, _, body = raw(web, "DELETE", {**auth, "Mcp-Session-Id": session})
    assert status == 200, body
    tools_list = json.dumps({"jsonrpc": "2.0", "id": 4, "method": "tools/list"}).encode()
    for method, payload in (("POST", tools_list), ("GET", b""), ("DELETE", b"")):
        status, _, body = raw(web, method, {**auth, **in_session, "Content-Type": "application/json"}, payload)
        assert status == 404, (method, body)
        assert "Session not found" in error_of(body)["message"]


def test_a_2025_03_26_session_answers_a_batch_with_one_array_and_later_revisions_refuse_it(web: Web) -> None:
    batch = [{"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
             {"jsonrpc": "2.0", "method": "notifications/initialized"},
             {"jsonrpc": "2.0", "id": 3, "method": "ping"}]
    _, headers, _ = post(web, initialize_request("2025-03-26"))
    in_session = {"Mcp-Session-Id": headers["mcp-session-id"]}
    status, response_headers, body = post(web, batch, headers=in_session)
    assert status == 200, body
    assert response_headers["content-type"] == "application/json", response_headers
    answers = {answer["id"]: answer for answer in json.loads(body)}
    assert sorted(answers) == [2, 3], body
    assert "tools" in answers[2]["result"] and answers[3]["result"] == {}, body
    status, _, body = post(web, batch[1:2], headers=in_session)
    assert (status, body) == (202, b""), "a batch of notifications only is accepted, with no answer"
    for version in ("2025-11-25", "2025-06-18"):
        _, headers, _ = post(web, initialize_request(version))
        status, _, body = post(web, batch, headers={"Mcp-Session-Id": headers["mcp-session-id"],
                                                    "MCP-Protocol-Version": version})
        assert status == 400, body
        error = error_of(body)
        assert error["code"] == -32600 and "2025-03-26 only" in error["message"], error
    status, _, body = post(web, batch, headers=modern_headers("tools/list"))
    assert status == 400 and "2025-03-26 only" in error_of(body)["message"], body


def test_get_and_delete_without_a_session_are_405(web: Web) -> None:
    for method in ("GET", "DELETE"):
        status, headers, body = raw(web, method, {"Authorization": f"Bearer {web.token}",
                                                  **modern_headers("tools/list")})
        assert status == 405, body
        assert headers["allow"] == "POST"
    status, headers, _ = raw(web, "PUT", {"Authorization": f"Bearer {web.token}"})
    assert status == 405 and headers["allow"] == "POST, GET, DELETE"


def test_the_daemon_stops_cleanly_while_event_streams_are_open(web: Web) -> None:
    auth = {"Authorization": f"Bearer {web.token}", "Content-Type": "application/json"}
    listen = http.client.HTTPConnection("127.0.0.1", web.port, timeout=10)
    listen.request("POST", "/mcp", body=json.dumps(modern_request(
        "subscriptions/listen", {"notifications": {"resourceSubscriptions": ["slam://screen"]}})),
        headers={**auth, **modern_headers("subscriptions/listen")})
    response = listen.getresponse()
    assert response.status == 200 and response.getheader("Content-Type") == "text/event-stream"
    first = b""
    while b"\n\n" not in first:
        more = response.read1(4096)
        assert more, f"the stream ended: {first!r}"
        first += more
    assert b"notifications/subscriptions/acknowledged" in first, first
    _, headers, _ = post(web, initialize_request("2025-06-18"))
    stream = http.client.HTTPConnection("127.0.0.1", web.port, timeout=10)
    stream.request("GET", "/mcp", headers={**auth, "Mcp-Session-Id": headers["mcp-session-id"]})
    assert stream.getresponse().status == 200
    started = time.monotonic()
    assert web.daemon.stop(timeout=10) == 0
    assert time.monotonic() - started < 5
    listen.close()
    stream.close()


def test_past_32_sessions_a_new_one_ends_the_least_recently_used(web: Web) -> None:
    auth = {"Authorization": f"Bearer {web.token}", "Content-Type": "application/json"}
    ping = json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}).encode()
    sessions = [post(web, initialize_request("2025-11-25"))[1]["mcp-session-id"] for _ in range(32)]
    # The first is used again, so the second is now the least recently used.
    assert raw(web, "POST", {**auth, "Mcp-Session-Id": sessions[0]}, ping)[0] == 202
    newest = post(web, initialize_request("2025-11-25"))[1]["mcp-session-id"]
    assert logged(web, "ended an MCP session at /mcp: 32 sessions are open and it was the least recently used")
    assert raw(web, "POST", {**auth, "Mcp-Session-Id": sessions[1]}, ping)[0] == 404
    for session in (sessions[0], sessions[2], newest):
        assert raw(web, "POST", {**auth, "Mcp-Session-Id": session}, ping)[0] == 202
