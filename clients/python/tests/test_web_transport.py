"""``slamd --web``: the page behind its token, and JSON-RPC over WebSocket on the same UI as the socket.

Every test starts a real ``slamd`` with ``--web 127.0.0.1:0`` (a free port) and
talks to it over loopback only: with ``http.client``, with the ``websockets``
library as a browser would, or with raw sockets where a client must misbehave.
"""

import http.client
import json
import os
import shutil
import socket
import stat
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

WEB_ARGS = ("--web", "127.0.0.1:0")


class Web:
    """Where a daemon's web UI is, read from the ``SOCKET.web`` file it writes."""

    def __init__(self, daemon: Any) -> None:
        self.daemon = daemon
        self.url_file = Path(daemon.socket_path + ".web")
        self.url = self.url_file.read_text(encoding="utf-8").strip()
        base, self.token = self.url.split("/#token=")
        self.host = base[len("http://"):]
        self.port = int(self.host.rsplit(":", 1)[1])
        self.origin = base
        self.rpc_url = f"ws://{self.host}/rpc"

    def get(self, target: str, headers: Optional[Dict[str, str]] = None, method: str = "GET") -> http.client.HTTPResponse:
        """One request on a new connection (``Host`` set by http.client unless given)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = dict(headers or {})
        connection.putrequest(method, target, skip_host="Host" in headers, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        response.body = response.read()
        connection.close()
        return response

    def websocket(self, **options: Any) -> ClientConnection:
        """A WebSocket session authorised with the token as a Bearer header, as a program would."""
        headers = {"Authorization": f"Bearer {self.token}"}
        headers.update(options.pop("additional_headers", {}))
        return connect(self.rpc_url, additional_headers=headers, open_timeout=10, **options)


def launch(slamd_factory: Any, *args: str) -> Tuple[Any, Web]:
    daemon = slamd_factory(args=WEB_ARGS + args)
    return daemon, Web(daemon)


def call(websocket: ClientConnection, method: str, params: Any = None, request_id: int = 1) -> Any:
    """Sends a request and returns its result, skipping notifications that arrive first."""
    request: Dict[str, Any] = {"jsonrpc": "2.0", "method": method, "id": request_id}
    if params is not None:
        request["params"] = params
    websocket.send(json.dumps(request))
    while True:
        message = json.loads(websocket.recv(timeout=10))
        if isinstance(message, dict) and message.get("id") == request_id:
            assert "error" not in message, message
            return message["result"]


def raw_upgrade(port: int, headers: Dict[str, str], receive_buffer: Optional[int] = None) -> Tuple[socket.socket, bytes]:
    """A WebSocket handshake written by hand on a plain socket; returns it and the response head."""
    client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    client.settimeout(10)
    client.connect(("127.0.0.1", port))
    lines = ["GET /rpc HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="] + [f"{name}: {value}" for name, value in headers.items()]
    client.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = client.recv(4096)
        if not chunk:
            break
        response += chunk
    return client, response


def masked_text_frame(text: str) -> bytes:
    payload = text.encode()
    mask = b"\x01\x02\x03\x04"
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return header + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))


def descriptor_count(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


# The page and the token.


def test_the_url_is_printed_and_written_to_a_private_file_beside_the_socket(slamd_factory):
    daemon, web = launch(slamd_factory)
    assert web.url.startswith("http://127.0.0.1:")
    assert len(web.token) == 64 and all(digit in "0123456789abcdef" for digit in web.token)
    assert os.stat(web.url_file).st_mode & 0o777 == 0o600
    deadline = time.monotonic() + 5
    while f"slamd web UI at {web.url}\n" not in daemon.log() and time.monotonic() < deadline:
        time.sleep(0.01)
    lines = daemon.log().splitlines()
    assert lines.index(f"slamd web UI at {web.url}") == lines.index(f"slamd listening on {daemon.socket_path}") + 1
    assert web.token not in daemon.log().replace(f"slamd web UI at {web.url}", ""), "the token is in no log line"
    assert daemon.stop() == 0
    assert not web.url_file.exists(), "removed on exit"


def test_the_page_needs_no_token_and_no_answer_sets_a_cookie_or_redirects(slamd_factory):
    _, web = launch(slamd_factory)
    page = web.get("/")
    old_address = web.get(f"/?token={web.token}")
    for response in (page, old_address):
        assert response.status == 200
        assert response.getheader("Content-Type") == "text/html; charset=utf-8"
        assert response.body.lower().startswith(b"<!doctype html>")
        assert response.getheader("Set-Cookie") is None and response.getheader("Location") is None
        policy = response.getheader("Content-Security-Policy")
        assert "default-src 'none'" in policy and "script-src 'self'" in policy and "connect-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy and "frame-src 'self'" in policy
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        assert response.getheader("Referrer-Policy") == "no-referrer"
        assert response.getheader("Cache-Control") == "no-store"
    assert web.token.encode() not in old_address.body
    for target in ["//evil.example/", f"//evil.example/?token={web.token}"]:
        response = web.get(target)
        assert (response.status, response.getheader("Location")) == (404, None), target


def test_an_unreadable_request_is_answered_400_with_the_security_headers(slamd_factory):
    _, web = launch(slamd_factory)
    with socket.create_connection(("127.0.0.1", web.port), timeout=10) as connection:
        connection.sendall(f"GET / HTTP/1.1\r\nHost: {web.host}\r\nNot a header\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400 Bad Request\r\n"), answer
    assert b"Content-Security-Policy: default-src 'none'" in answer and b"X-Content-Type-Options: nosniff" in answer


def test_a_web_root_serves_its_files_with_their_types_and_nothing_outside(slamd_factory, tmp_path):
    root = tmp_path / "page"
    root.mkdir()
    (root / "index.html").write_text("<!DOCTYPE html><script type=module src=app.js></script>")
    (root / "app.js").write_text("export const answer = 42;\n")
    (root / "style.css").write_text("body { margin: 0 }\n")
    (tmp_path / "secret.txt").write_text("outside")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "other.js").write_text("outside")
    # Links out of the directory are not followed, neither as the file nor as a directory on the way.
    (root / "linked.js").symlink_to(tmp_path / "secret.txt")
    (root / "linked").symlink_to(tmp_path / "elsewhere")
    _, web = launch(slamd_factory, "--web-root", str(root))
    bearer = {"Authorization": f"Bearer {web.token}"}
    expected = {"/": "text/html; charset=utf-8", "/index.html": "text/html; charset=utf-8",
                "/app.js": "text/javascript; charset=utf-8", "/style.css": "text/css; charset=utf-8"}
    for path, content_type in expected.items():
        response = web.get(path, bearer)
        assert (response.status, response.getheader("Content-Type")) == (200, content_type), path
    assert web.get("/app.js", bearer).body == b"export const answer = 42;\n"
    (root / "app.js").write_text("export const answer = 43;\n")
    assert web.get("/app.js", bearer).body == b"export const answer = 43;\n", "read at each request"
    for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/missing.js", "/.", "//etc/passwd",
                 "/linked.js", "/linked/other.js"]:
        assert web.get(path, bearer).status == 404, path
    assert web.get("/", bearer, method="POST").status == 405


def test_a_missing_or_wrong_token_is_401_and_no_websocket(slamd_factory):
    _, web = launch(slamd_factory)
    wrong = "0" * 64
    for options in [{}, {"additional_headers": {"Authorization": f"Bearer {wrong}"}},
                    {"subprotocols": ["slam.jsonrpc", f"slam.token.{wrong}"]},
                    {"additional_headers": {"Cookie": f"slam_token_{web.port}={web.token}"}}]:
        with pytest.raises(InvalidStatus) as refused:
            connect(web.rpc_url, open_timeout=10, **options)
        assert refused.value.response.status_code == 401, options
        assert refused.value.response.headers.get("WWW-Authenticate") == 'Bearer realm="slamd"', options
        assert refused.value.response.headers.get("Content-Security-Policy") is not None
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{web.rpc_url}?token={web.token}", open_timeout=10)
    assert b"no token" in refused.value.response.body, "a token in the URL's query is not taken"


def test_the_token_comes_as_a_bearer_header_or_the_pages_websocket_subprotocol(slamd_factory):
    _, web = launch(slamd_factory)
    with connect(web.rpc_url, subprotocols=["slam.jsonrpc", f"slam.token.{web.token}"], origin=web.origin,
                 open_timeout=10) as websocket:
        assert websocket.subprotocol == "slam.jsonrpc", "the server selects the protocol, never the token"
        assert call(websocket, "ping") == "pong"
    with web.websocket(origin=web.origin) as websocket:
        assert call(websocket, "ping") == "pong"


def test_a_foreign_origin_or_a_wrong_host_is_refused(slamd_factory):
    _, web = launch(slamd_factory)
    for origin in ["http://evil.example", f"http://127.0.0.1:{web.port + 1}", "null", f"https://127.0.0.1:{web.port}"]:
        with pytest.raises(InvalidStatus) as refused:
            web.websocket(origin=origin)
        assert refused.value.response.status_code == 403, origin
    bearer = f"Bearer {web.token}"
    for host in [f"evil.example:{web.port}", "127.0.0.1", f"127.0.0.1:{web.port + 1}"]:
        assert web.get("/", {"Host": host, "Authorization": bearer}).status == 403, host
        connection, response = raw_upgrade(web.port, {"Host": host, "Authorization": bearer})
        connection.close()
        assert response.startswith(b"HTTP/1.1 403 Forbidden\r\n"), host
    assert web.get("/", {"Host": f"localhost:{web.port}", "Authorization": bearer}).status == 200
    with web.websocket(origin=web.origin) as websocket:
        assert call(websocket, "ping") == "pong"


# JSON-RPC over WebSocket.


def test_json_rpc_over_websocket_shares_the_ui_and_events_with_the_socket(slamd_factory):
    daemon, web = launch(slamd_factory)
    unix = daemon.connect()
    with web.websocket(origin=web.origin) as websocket:
        assert call(websocket, "ping") == "pong"
        assert call(websocket, "version")["capabilities"]["transports"] == ["unix", "websocket"]
        assert call(websocket, "find", {"ref": "count"})["text"] == "Count: 0"
        websocket.send(json.dumps([{"jsonrpc": "2.0", "method": "ping", "id": 7},
                                   {"jsonrpc": "2.0", "method": "find", "params": {"ref": "nope"}, "id": 8}]))
        replies = json.loads(websocket.recv(timeout=10))
        assert [reply["id"] for reply in replies] == [7, 8]
        assert replies[1]["error"]["code"] == -32001
        websocket.send("not json")
        assert json.loads(websocket.recv(timeout=10))["error"]["code"] == -32700

        assert call(websocket, "subscribe", {"events": ["changed"]}, request_id=2)["subscribed"] == ["changed"]
        unix.press("increment")
        notification = json.loads(websocket.recv(timeout=10))
        assert notification["method"] == "changed"
        assert "count" in [change["ref"] for change in notification["params"]["changes"]]

        call(websocket, "press", {"ref": "increment"}, request_id=3)
        assert unix.find("count")["text"] == "Count: 2", "a press over WebSocket acts on the same UI"
    assert unix.version()["capabilities"]["transports"] == ["unix", "websocket"]


def test_a_binary_frame_is_refused_with_a_close(slamd_factory):
    _, web = launch(slamd_factory)
    with web.websocket() as websocket:
        websocket.send(b'{"jsonrpc":"2.0","method":"ping","id":1}')
        with pytest.raises(ConnectionClosed) as closed:
            websocket.recv(timeout=10)
        assert closed.value.rcvd.code == 1003
        assert "text frame" in closed.value.rcvd.reason


def test_a_message_over_the_limit_closes_with_1009_and_the_daemon_goes_on(slamd_factory):
    daemon, web = launch(slamd_factory, "--max-message-bytes", "1024")
    with web.websocket() as websocket:
        assert call(websocket, "ping") == "pong"
        websocket.send(json.dumps({"jsonrpc": "2.0", "method": "ping", "id": 1, "params": {"pad": "x" * 2000}}))
        with pytest.raises(ConnectionClosed) as closed:
            websocket.recv(timeout=10)
        assert closed.value.rcvd.code == 1009
        assert "1024 bytes" in closed.value.rcvd.reason
    with web.websocket() as websocket:
        websocket.send(json.dumps({"jsonrpc": "2.0", "method": "ping", "id": 2, "params": {"pad": "x" * 900}}))
        assert json.loads(websocket.recv(timeout=10))["error"]["code"] == -32602, "under the limit: read, and answered"
    assert daemon.connect().ping() == "pong"


def test_a_thousand_connections_leave_no_descriptor_behind(slamd_factory):
    daemon, web = launch(slamd_factory)
    with web.websocket() as websocket:
        assert call(websocket, "ping") == "pong"
        # Counted while the connection is open (its one descriptor taken off): after its close the
        # daemon lets it go in its own time, and a count taken meanwhile would be one too many.
        before = descriptor_count(daemon.pid) - 1
    for cycle in range(1000):
        if cycle % 10 == 9:
            # A client that vanishes without a closing handshake.
            connection, response = raw_upgrade(web.port, {"Host": web.host, "Authorization": f"Bearer {web.token}"})
            assert response.startswith(b"HTTP/1.1 101 ")
            connection.close()
        elif cycle % 10 == 8:
            assert web.get("/", {"Authorization": f"Bearer {web.token}"}).status == 200
        else:
            with web.websocket() as websocket:
                if cycle % 100 == 0:
                    assert call(websocket, "ping") == "pong"
    deadline = time.monotonic() + 10
    while descriptor_count(daemon.pid) > before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert descriptor_count(daemon.pid) == before
    assert daemon.connect().ping() == "pong"


def test_a_websocket_client_that_stops_reading_is_cut_off_while_the_ui_goes_on(slamd_factory):
    daemon, web = launch(slamd_factory, "--max-unread-bytes", "65536")
    sleeper, response = raw_upgrade(web.port, {"Host": web.host, "Authorization": f"Bearer {web.token}"},
                                    receive_buffer=4096)
    assert response.startswith(b"HTTP/1.1 101 ")
    # It subscribes, then keeps asking for whole trees and never reads another byte:
    # the kernel's buffers fill (their size varies), then the daemon's, then it is cut off.
    sleeper.sendall(masked_text_frame('{"jsonrpc":"2.0","method":"subscribe","params":{"events":["changed"]},"id":1}'))
    request_id = 1
    unix = daemon.connect()
    presses = 0
    with web.websocket() as reader:
        assert call(reader, "subscribe", {"events": ["changed"]})["subscribed"] == ["changed"]
        while "cutting off a client" not in daemon.log() and presses < 5000:
            if presses % 10 == 0:
                try:
                    for _ in range(5):
                        request_id += 1
                        sleeper.sendall(masked_text_frame(f'{{"jsonrpc":"2.0","method":"tree","id":{request_id}}}'))
                except OSError:
                    pass  # cut off between two checks of the log
            unix.press("increment")
            presses += 1
            assert json.loads(reader.recv(timeout=10))["method"] == "changed", "a reading client keeps up"
        assert "cutting off a client that left" in daemon.log()
        assert unix.find("count")["text"] == f"Count: {presses}"
        assert call(reader, "ping", request_id=2) == "pong"
    sleeper.close()


# Starting.


def run_slamd(slamd_path: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([slamd_path, "--socket", str(tmp_path / "s.sock"), *args],
                          capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)


def test_a_remote_address_is_refused_without_the_flag(slamd_path, tmp_path):
    for address in ["0.0.0.0:0", "[::]:0"]:
        refused = run_slamd(slamd_path, tmp_path, "--web", address)
        assert refused.returncode == 1
        assert "is not a loopback address" in refused.stderr and "--web-allow-remote" in refused.stderr
        assert "slamd listening" not in refused.stdout
        assert not (tmp_path / "s.sock").exists() and not (tmp_path / "s.sock.web").exists()
    usage = run_slamd(slamd_path, tmp_path, "--web", "::1:80")
    assert usage.returncode != 0 and "write an IPv6 host in brackets" in usage.stderr
    alone = run_slamd(slamd_path, tmp_path, "--web-allow-remote")
    assert alone.returncode != 0 and "go with --web" in alone.stderr


def test_with_the_flag_a_wildcard_address_serves_and_checks_the_port(slamd_factory):
    daemon = slamd_factory(args=("--web", "0.0.0.0:0", "--web-allow-remote"))
    web = Web(daemon)
    assert web.url.startswith("http://127.0.0.1:")
    bearer = {"Authorization": f"Bearer {web.token}"}
    assert web.get("/", {"Host": f"some-name:{web.port}", **bearer}).status == 200
    assert web.get("/", {"Host": f"some-name:{web.port + 1}", **bearer}).status == 403
    connection, response = raw_upgrade(web.port, {"Host": f"some-name:{web.port}"})
    connection.close()
    assert response.startswith(b"HTTP/1.1 401 Unauthorized\r\n"), "the WebSocket still needs the token"


def test_a_second_daemon_on_a_taken_port_says_so(slamd_factory, slamd_path, tmp_path):
    _, web = launch(slamd_factory)
    taken = run_slamd(slamd_path, tmp_path, "--web", f"127.0.0.1:{web.port}")
    assert taken.returncode == 1
    assert f"cannot listen on --web 127.0.0.1:{web.port}: port {web.port} is in use (try --web 0 or another port)" in taken.stderr
    assert not (tmp_path / "s.sock").exists() and not (tmp_path / "s.sock.web").exists()
    assert not (tmp_path / "s.sock.lock").exists(), "a refused start removes the lock it took"


def test_a_port_another_program_holds_is_refused_in_one_clear_line(slamd_path, tmp_path):
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    traces = tempfile.mkdtemp(prefix="slam-traces-")  # named, so no notice about where traces go can add a line
    try:
        taken = run_slamd(slamd_path, tmp_path, "--web", str(port), "--trace-dir", traces)
    finally:
        holder.close()
        shutil.rmtree(traces, ignore_errors=True)
    assert taken.returncode == 1
    lines = taken.stderr.strip().splitlines()
    assert len(lines) == 1, taken.stderr
    assert lines[0].endswith(f"cannot listen on --web 127.0.0.1:{port}: port {port} is in use (try --web 0 or another port)"), lines
    assert "errno" not in taken.stderr and "EventLoop" not in taken.stderr
    assert "slamd listening" not in taken.stdout
    assert sorted(path.name for path in tmp_path.iterdir()) == [], "nothing left behind: socket, lock, URL file"


# Keeping the token across restarts (--web-token-file).


def test_a_token_file_is_made_private_with_a_new_token_then_kept(slamd_factory, tmp_path):
    path = tmp_path / "token"
    first, web = launch(slamd_factory, "--web-token-file", str(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text() == web.token + "\n"
    assert first.stop() == 0
    assert path.exists(), "the file outlives the daemon"
    _, again = launch(slamd_factory, "--web-token-file", str(path))
    assert again.token == web.token
    with again.websocket(origin=again.origin) as websocket:
        assert call(websocket, "ping") == "pong"
    # A token of the user's own, written by hand (either case, with or without a newline).
    own = "AB" * 32
    mine = tmp_path / "mine"
    mine.write_text(own)
    mine.chmod(0o600)
    _, chosen = launch(slamd_factory, "--web-token-file", str(mine))
    assert chosen.token == own.lower()


def test_a_token_file_others_could_read_or_a_symlink_is_refused(slamd_path, tmp_path):
    shared = tmp_path / "shared"
    shared.write_text("ab" * 32 + "\n")
    shared.chmod(0o644)
    refused = run_slamd(slamd_path, tmp_path, "--web", "0", "--web-token-file", str(shared))
    assert refused.returncode == 1
    assert f"cannot use the web token file {shared} (--web-token-file): other users may read or write it (mode 644)" in refused.stderr
    shared.chmod(0o600)
    link = tmp_path / "link"
    link.symlink_to(shared)
    refused = run_slamd(slamd_path, tmp_path, "--web", "0", "--web-token-file", str(link))
    assert refused.returncode == 1
    assert f"cannot use the web token file {link} (--web-token-file): it is a symbolic link" in refused.stderr
    garbage = tmp_path / "garbage"
    garbage.write_text("not a token\n")
    garbage.chmod(0o600)
    refused = run_slamd(slamd_path, tmp_path, "--web", "0", "--web-token-file", str(garbage))
    assert refused.returncode == 1 and "it does not hold a token (64 hexadecimal digits)" in refused.stderr
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    refused = run_slamd(slamd_path, tmp_path, "--web", "0", "--web-token-file", str(dangling))
    assert refused.returncode == 1 and "it is a symbolic link" in refused.stderr
    assert not (tmp_path / "nowhere").exists(), "a symlink never steers the new token into another file"
    alone = run_slamd(slamd_path, tmp_path, "--web-token-file", str(shared))
    assert alone.returncode == 2 and "go with --web" in alone.stderr
