"""Hostile local clients against a real ``slamd``: each test is one way an attacker on this machine tried to
hurt the daemon (Protocol/README.md, "Transport" and "WebSocket"), and what must hold instead.

Every test talks to its own daemon over loopback or its Unix socket only. Memory is read from
``/proc/PID/status`` (VmRSS); the figures a test measured are in its assertion messages.
"""

import http.server
import os
import re
import resource
import select
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, List, Optional, Tuple

import pytest

import slam
from web_support import launch_web_daemon, make_driver, missing_browser, open_page

WEB_LINE = re.compile(r"slamd web UI at http://127\.0\.0\.1:(\d+)/#token=([0-9a-f]{64})")


def resident_mebibytes(pid: int) -> float:
    """The process's resident memory now, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def ping_seconds(socket_path: str) -> float:
    """One ping on a new socket connection: its round trip, connection included."""
    started = time.monotonic()
    with slam.Client(socket_path, timeout=10) as client:
        assert client.ping() == "pong"
    return time.monotonic() - started


def web_address(daemon: Any, timeout: float = 10.0) -> Tuple[int, str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match = WEB_LINE.search(daemon.log())
        if match:
            return int(match.group(1)), match.group(2)
        time.sleep(0.01)
    raise AssertionError(f"no web UI line:\n{daemon.log()}")


def send_for(connection: socket.socket, payload: bytes, seconds: float) -> int:
    """Sends `payload` over and over, without ever reading, for `seconds` or until the server stops taking it."""
    connection.setblocking(False)
    sent = 0
    deadline = time.monotonic() + seconds
    view = memoryview(payload)
    offset = 0
    while time.monotonic() < deadline:
        _, writable, _ = select.select([], [connection], [], 0.2)
        if not writable:
            continue
        try:
            count = connection.send(view[offset:])
        except (BlockingIOError, InterruptedError):
            continue
        except OSError:
            break
        sent += count
        offset = (offset + count) % len(payload)
    return sent


# 1. The token is bound to the page's own origin.


class RecordingHandler(http.server.BaseHTTPRequestHandler):
    """Another server on 127.0.0.1 (another port): it records every request head it receives."""

    heads: List[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        RecordingHandler.heads.append(f"{self.requestline}\n{self.headers}")
        body = b"<!DOCTYPE html><title>another site</title><p>another site"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.mark.skipif(missing_browser() is not None, reason=str(missing_browser()))
def test_a_server_on_another_port_of_the_same_host_receives_no_secret_from_a_page_visit(slamd_factory):
    daemon, url = launch_web_daemon(slamd_factory)
    token = url.split("#token=")[1]
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RecordingHandler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    other_origin = f"http://127.0.0.1:{other.server_address[1]}"
    driver = make_driver()
    try:
        open_page(driver, url)
        assert token not in driver.current_url, "the token left the address bar"
        assert driver.execute_script("return document.cookie") == ""
        assert driver.execute_script("return sessionStorage.getItem('slam.token')") == token
        assert driver.get_cookies() == [], "no cookie at all"
        # The user visits another site on the same host; it looks for the token any way it can.
        driver.get(f"{other_origin}/page")
        driver.execute_script(f"return fetch('{other_origin}/fetched', {{credentials: 'include'}}).then(r => r.text())")
        assert driver.execute_script("return sessionStorage.getItem('slam.token')") is None, "another origin cannot read it"
        driver.get(url.split("#")[0])   # back to slamd's page without the token: a new tab would be the same
        assert RecordingHandler.heads, "the other server was visited"
        for head in RecordingHandler.heads:
            assert token not in head, head
    finally:
        driver.quit()
        other.shutdown()
    assert daemon.running


# 2. Bounded HTTP output and logging.


def test_pipelined_requests_that_are_never_read_keep_memory_flat_and_the_daemon_answering(slamd_factory):
    daemon = slamd_factory(args=("--web", "127.0.0.1:0"))
    port, _ = web_address(daemon)
    before = resident_mebibytes(daemon.pid)
    host_flood = socket.create_connection(("127.0.0.1", port))
    files_flood = socket.create_connection(("127.0.0.1", port))
    huge_host = b"GET / HTTP/1.1\r\nHost: " + b"h" * 60_000 + b"\r\n\r\n"
    app_js = f"GET /app.js HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode() * 1000
    for connection in (host_flood, files_flood):
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    results = {}
    threads = [threading.Thread(target=lambda: results.update(host=send_for(host_flood, huge_host, 6))),
               threading.Thread(target=lambda: results.update(files=send_for(files_flood, app_js, 6)))]
    for thread in threads:
        thread.start()
    slowest = max(ping_seconds(daemon.socket_path) for _ in range(20))
    for thread in threads:
        thread.join()
    after = resident_mebibytes(daemon.pid)
    log_bytes = len(daemon.log())
    host_flood.close()
    files_flood.close()
    figures = (f"sent {results['host'] / 1e6:.1f} MB of 60 KB-Host requests and {results['files'] / 1e6:.1f} MB of "
               f"GET /app.js; RSS {before:.0f} → {after:.0f} MiB; slowest ping {slowest * 1000:.0f} ms; log {log_bytes} bytes")
    assert after - before < 48, figures
    assert slowest < 2.0, figures
    assert log_bytes < 20_000, figures
    assert ping_seconds(daemon.socket_path) < 2.0


def test_refusals_are_summarised_and_subscribers_are_not_flooded(slamd_factory):
    daemon = slamd_factory(args=("--web", "127.0.0.1:0"))
    port, _ = web_address(daemon)
    listener = daemon.connect()
    listener.subscribe(["log"])
    bad = b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n"
    for _ in range(10):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(bad * 100)
            connection.shutdown(socket.SHUT_WR)
            while connection.recv(65536):
                pass
    assert listener.ping() == "pong"
    deadline = time.monotonic() + 15
    while "more refused web requests in the last 10 s" not in daemon.log() and time.monotonic() < deadline:
        time.sleep(0.1)
    log = daemon.log()
    assert log.count("refused a web request") <= 6, log
    assert re.search(r"995 more refused web requests in the last 10 s, not logged one by one; the last: refused a web "
                     r"request for /: Host 'evil.example' is not this server", log), log
    records = []
    while True:
        try:
            records.append(listener.next_notification(timeout=0.5))
        except slam.SlamTimeout:
            break
    assert 2 <= len(records) <= 8, f"{len(records)} log events for 1,000 refusals"


def test_a_standard_error_nobody_reads_never_freezes_the_daemon(slamd_path, tmp_path):
    socket_path = str(tmp_path / "slamd.sock")
    # Standard error is a pipe this test never reads: once its 64 KiB are full, every write to it would block.
    process = subprocess.Popen([slamd_path, "--socket", socket_path, "--log-level", "debug"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert process.stdout.readline().decode().startswith("slamd listening on")
        started = time.monotonic()
        for _ in range(3000):
            # Each connection logs two debug records (connected, disconnected): about 300 KB in all.
            with socket.socket(socket.AF_UNIX) as connection:
                connection.connect(socket_path)
        elapsed = time.monotonic() - started
        assert ping_seconds(socket_path) < 2.0, "the daemon answers while its standard error is full"
        assert elapsed < 30, f"3,000 connections took {elapsed:.1f} s"
        process.terminate()
        assert process.wait(timeout=10) == 0, "and stops cleanly"
    finally:
        process.kill()
        process.wait()


def test_clients_that_never_read_are_cut_off_largest_first_past_the_daemon_wide_budget(slamd_factory):
    daemon = slamd_factory(args=("--max-unread-bytes", "8388608", "--max-total-unread-bytes", "12582912"))
    before = resident_mebibytes(daemon.pid)
    tree = b'{"jsonrpc":"2.0","method":"tree","id":1}\n'
    greedy = []
    for _ in range(3):
        connection = socket.socket(socket.AF_UNIX)
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.connect(daemon.socket_path)
        greedy.append(connection)
    threads = [threading.Thread(target=send_for, args=(connection, tree * 200, 5)) for connection in greedy]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    after = resident_mebibytes(daemon.pid)
    for connection in greedy:
        connection.close()
    log = daemon.log()
    figures = f"RSS {before:.0f} → {after:.0f} MiB"
    assert "the most of all clients, which together left more than 12582912 (--max-total-unread-bytes)" in log, log
    assert after - before < 64, figures
    assert ping_seconds(daemon.socket_path) < 2.0


# 3. WebSocket pongs count against --max-unread-bytes.


def masked_frame(opcode: int, payload: bytes) -> bytes:
    mask = b"\x01\x02\x03\x04"
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_websocket_client_that_pings_and_never_reads_is_cut_off(slamd_factory):
    daemon = slamd_factory(args=("--web", "127.0.0.1:0", "--max-unread-bytes", "1048576"))
    port, token = web_address(daemon)
    client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.connect(("127.0.0.1", port))
    client.sendall((f"GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    f"Authorization: Bearer {token}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += client.recv(1)
    assert head.startswith(b"HTTP/1.1 101")
    before = resident_mebibytes(daemon.pid)
    sent = send_for(client, masked_frame(0x9, b"p" * 125) * 100, 8)
    after = resident_mebibytes(daemon.pid)
    client.close()
    figures = f"sent {sent / 1e6:.1f} MB of pings; RSS {before:.0f} → {after:.0f} MiB"
    assert "cutting off a client that left" in daemon.log(), figures
    assert after - before < 48, figures
    assert ping_seconds(daemon.socket_path) < 2.0


# 4. File descriptors.


def launch_with_descriptor_limit(slamd_path: str, directory: Path, soft: int, hard: int,
                                 args: Tuple[str, ...] = ()) -> Tuple[subprocess.Popen, str, Optional[int], Path]:
    socket_path = str(directory / "slamd.sock")
    log_path = directory / "slamd.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen([slamd_path, "--socket", socket_path, *args], stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT,
                                   preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard)))
    deadline = time.monotonic() + 10
    port = None
    while time.monotonic() < deadline:
        text = log_path.read_text()
        if "slamd listening on" in text and ("--web" not in args or WEB_LINE.search(text)):
            match = WEB_LINE.search(text)
            port = int(match.group(1)) if match else None
            break
        time.sleep(0.01)
    return process, socket_path, port, log_path


def open_files_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no limit line")


def test_half_sent_web_requests_cannot_use_up_the_descriptors(slamd_path, tmp_path):
    process, socket_path, port, log_path = launch_with_descriptor_limit(slamd_path, tmp_path, 64, 128,
                                                                        ("--web", "127.0.0.1:0"))
    held: List[socket.socket] = []
    try:
        assert open_files_limit(process.pid) == 128, "slamd raised its soft limit to the hard one"
        for _ in range(300):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall(b"GET / HTTP/1.1\r\nHo")
            held.append(connection)
        assert ping_seconds(socket_path) < 2.0, "a socket client still gets in"
        with socket.create_connection(("127.0.0.1", port), timeout=10) as browser:
            browser.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            assert browser.recv(64).startswith(b"HTTP/1.1 200 OK"), "and so does the next browser"
        assert len(os.listdir(f"/proc/{process.pid}/fd")) < 128
    finally:
        for connection in held:
            connection.close()
        process.terminate()
        assert process.wait(timeout=10) == 0, log_path.read_text()


def test_with_no_descriptor_left_new_clients_are_refused_at_once_and_the_daemon_goes_on(slamd_path, tmp_path):
    process, socket_path, _, log_path = launch_with_descriptor_limit(slamd_path, tmp_path, 64, 64)
    first = slam.Client(socket_path, timeout=10)
    held: List[socket.socket] = []
    try:
        for _ in range(80):
            connection = socket.socket(socket.AF_UNIX)
            connection.connect(socket_path)
            held.append(connection)
        # The ones past the limit were accepted and closed at once: reading them ends, it does not hang.
        refused = 0
        for connection in held:
            connection.settimeout(0.05)
            try:
                if connection.recv(1) == b"":
                    refused += 1
            except socket.timeout:
                pass
        assert refused > 0, "some connections were refused"
        assert first.ping() == "pong", "a client already connected goes on"
        assert "no file descriptor is free" in log_path.read_text()
        for connection in held:
            connection.close()
        held.clear()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                assert ping_seconds(socket_path) < 2.0
                break
            except (slam.SlamConnectionError, AssertionError):
                time.sleep(0.1)
        else:
            raise AssertionError("no new client got in once descriptors were free again")
    finally:
        first.close()
        for connection in held:
            connection.close()
        process.terminate()
        assert process.wait(timeout=10) == 0, log_path.read_text()


# 5. --allow-uid makes the socket reachable for the users it names, and only them.


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to connect as other users")
def test_allow_uid_lets_the_named_user_in_and_no_one_else(slamd_path):
    # pytest's own temporary directories are private (0700): a shared one, as --allow-uid needs, is made in /tmp.
    directory = Path(tempfile.mkdtemp(prefix="slam-shared-", dir="/tmp"))
    os.chmod(directory, 0o711)
    socket_path = str(directory / "slamd.sock")
    process = subprocess.Popen([slamd_path, "--socket", socket_path, "--allow-uid", "65534"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert process.stdout.readline().decode().startswith("slamd listening on")
        assert os.stat(socket_path).st_mode & 0o777 == 0o666

        def ping_as(uid: int) -> bytes:
            script = ("import os, socket; os.setgid({0}); os.setuid({0}); s = socket.socket(socket.AF_UNIX); "
                      "s.connect({1!r}); s.sendall(b'{{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}}\\n'); "
                      "s.settimeout(5); print(s.recv(100))").format(uid, socket_path)
            return subprocess.run(["python3", "-c", script], capture_output=True, timeout=20).stdout

        assert b'"result":"pong"' in ping_as(65534), "the named user gets in"
        assert b'"result"' not in ping_as(65533), "another user is refused by its uid"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


def test_allow_uid_without_a_reachable_socket_is_refused_with_the_reason(slamd_path, tmp_path):
    alone = subprocess.run([slamd_path, "--allow-uid", "65534"], capture_output=True, text=True, timeout=20)
    assert alone.returncode == 2 and "need --socket PATH" in alone.stderr
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    os.chmod(private, 0o700)
    refused = subprocess.run([slamd_path, "--socket", str(private / "slamd.sock"), "--allow-any-user"],
                             capture_output=True, text=True, timeout=20)
    assert refused.returncode == 1
    assert f"{private} lets only its owner in (mode 700)" in refused.stdout + refused.stderr
