"""make soak: a release slamd (`--web 127.0.0.1:0`) under a long mixed load, on
loopback and its Unix socket only, checking that nothing is lost and nothing grows.

Running at once until the time is up (SOAK_SECONDS, default 300), each part
bounded in count as well as in time:

- load: several socket clients pipelining mixed requests (ping, version, find,
  query, tree, press, waitFor, state, batches, an unknown method, bad params),
  each reply checked for its id and its content: every request must get exactly
  one reply;
- renderers attaching and detaching: `ui.attach`/`ui.detach` over the socket, and
  WebSocket clients over the web port (the token from SOCKET.web as
  `Authorization: Bearer`), some leaving without `ui.detach`;
- slow clients (subscribed to every change, a small receive buffer, reading a
  little at a time) and vanishing ones (socket or WebSocket: send a burst, a
  pending `waitFor` among it, and close without reading);
- floods: bursts of bad HTTP requests (no token, a foreign Host, pipelined,
  garbage) and of socket connections opened and closed;
- traces: `trace.start`, a moment of load, `trace.stop`, again and again (each
  file removed once stopped).

Every few seconds and at the end it prints requests sent, replies checked, lost
replies, slamd's resident memory (now and its peak, VmRSS/VmHWM) and open
descriptors; at the end whether slamd still answers a ping, on the socket and on
the WebSocket, and whether its descriptors came back to where they started. Exits
1 on a lost or wrong reply, a daemon that stopped answering, or descriptors kept.

Usage: soak.py --slamd PATH [--seconds S] (SOAK_SECONDS in the environment sets the default)
"""
import argparse
import base64
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from websockets.sync.client import connect as websocket_connect

REPORT_EVERY = 5.0
# How long a reply may take before the request counts as lost: a stalled daemon, not a slow one.
REPLY_TIMEOUT = 30.0


def say(text):
    print(f"soak: {text}", flush=True)


class Counters:
    """Shared tallies; `lost` is derived: requests that expected a reply and got none."""

    def __init__(self):
        self.lock = threading.Lock()
        self.values = {}
        self.mismatches = []

    def add(self, name, amount=1):
        with self.lock:
            self.values[name] = self.values.get(name, 0) + amount

    def get(self, name):
        with self.lock:
            return self.values.get(name, 0)

    def mismatch(self, request, reply):
        with self.lock:
            self.values["mismatched"] = self.values.get("mismatched", 0) + 1
            if len(self.mismatches) < 5:
                self.mismatches.append((request, reply))


counters = Counters()
stop = threading.Event()


def encode(message):
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def is_result(check=None):
    return lambda reply: "result" in reply and (check is None or check(reply["result"]))


def is_error(code):
    return lambda reply: reply.get("error", {}).get("code") == code


# The load's mix on the demo's Home screen (nothing here navigates away from it).
MIX = [
    ({"method": "ping"}, is_result(lambda result: result == "pong")),
    ({"method": "version"}, is_result(lambda result: "protocolVersion" in result)),
    ({"method": "find", "params": {"ref": "count"}}, is_result(lambda result: result["ref"] == "count")),
    ({"method": "query", "params": {"type": "Button"}}, is_result(lambda result: isinstance(result, list) and len(result) > 3)),
    ({"method": "tree", "params": {"ref": "counterButtons", "depth": 1}}, is_result(lambda result: len(result["children"]) == 3)),
    ({"method": "press", "params": {"ref": "increment"}}, is_result(lambda result: result["ref"] == "increment")),
    ({"method": "waitFor", "params": {"ref": "count", "state": "visible", "timeoutMs": 1000}}, is_result()),
    ({"method": "state.list"}, is_result()),
    ({"method": "noSuchMethod"}, is_error(-32601)),
    ({"method": "find", "params": {"ref": 42}}, is_error(-32602)),
    ({"method": "find", "params": {"ref": "nope"}}, is_error(-32001)),
]


# A renderer's first answer: the whole UI, numbered from the current redraw sequence.
ATTACHED = is_result(lambda result: isinstance(result["seq"], int) and result["stack"][0]["id"] == "Home")


class Conversation:
    """One socket connection with requests answered one at a time (notifications skipped)."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX)
        self.socket.connect(path)
        self.buffer = bytearray()
        self.next_id = 0

    def read_line(self, timeout):
        """The next line, or None when `timeout` passes first; EOFError when the daemon closed."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self.socket.settimeout(remaining)
            try:
                data = self.socket.recv(65536)
            except socket.timeout:
                return None
            if not data:
                raise EOFError
            self.buffer += data
        end = self.buffer.index(b"\n")
        line = bytes(self.buffer[:end])
        del self.buffer[:end + 1]
        return line

    def call(self, method, params=None, check=None):
        """Sends one request and waits for its reply; counts it sent, checked or lost. Returns the reply or None."""
        self.next_id += 1
        request = {"jsonrpc": "2.0", "method": method, "id": self.next_id}
        if params is not None:
            request["params"] = params
        self.socket.sendall(encode(request))
        counters.add("sent")
        deadline = time.monotonic() + REPLY_TIMEOUT
        try:
            while True:
                line = self.read_line(deadline - time.monotonic())
                if line is None:
                    break
                message = json.loads(line)
                if isinstance(message, dict) and message.get("id") == self.next_id and "method" not in message:
                    counters.add("answered")
                    if check is not None and not check(message):
                        counters.mismatch(request, message)
                    return message
        except (OSError, EOFError, ValueError) as error:
            say(f"{method}: {error!r}")
        counters.add("lost")
        return None

    def close(self):
        self.socket.close()


def load_client(path, number, window, limit):
    """Pipelines the mix with up to `window` requests in flight; a reader thread checks each reply."""
    connection = socket.socket(socket.AF_UNIX)
    connection.connect(path)
    pending = {}
    pending_lock = threading.Lock()
    slots = threading.Semaphore(window)
    drained = threading.Event()
    finished_sending = threading.Event()
    if number % 2 == 0:
        # Half the clients also take every change the others' presses make.
        connection.sendall(encode({"jsonrpc": "2.0", "method": "subscribe", "params": {"events": ["changed"]}, "id": "s"}))

    def read():
        reader = connection.makefile("rb")
        while True:
            try:
                line = reader.readline()
            except OSError:
                break
            if not line:
                break
            message = json.loads(line)
            for reply in message if isinstance(message, list) else [message]:
                if "method" in reply:
                    counters.add("notifications")
                    continue
                if reply.get("id") == "s":
                    continue
                with pending_lock:
                    entry = pending.pop(reply.get("id"), None)
                if entry is None:
                    counters.add("unexpected replies")
                    continue
                request, check = entry
                counters.add("answered")
                if not check(reply):
                    counters.mismatch(request, reply)
                slots.release()
            with pending_lock:
                if finished_sending.is_set() and not pending:
                    drained.set()
                    break
        drained.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    sent = 0
    while not stop.is_set() and sent < limit:
        burst = []
        for _ in range(8):
            if not slots.acquire(timeout=1):
                break
            sent += 1
            body, check = random.choice(MIX)
            request = dict(body, jsonrpc="2.0", id=f"{number}-{sent}")
            with pending_lock:
                pending[request["id"]] = (request, check)
            burst.append(request)
        if not burst:
            continue
        if len(burst) > 1 and random.random() < 0.1:
            data = (json.dumps(burst, separators=(",", ":")) + "\n").encode()
        else:
            data = b"".join(encode(request) for request in burst)
        counters.add("sent", len(burst))
        try:
            connection.sendall(data)
        except OSError:
            break
    with pending_lock:
        finished_sending.set()
        if not pending:
            drained.set()
    drained.wait(REPLY_TIMEOUT)
    with pending_lock:
        counters.add("lost", len(pending))
    connection.close()
    reader.join(5)


def socket_renderers(path):
    """Attaches over the socket, takes redraws a while, detaches (or just leaves), again."""
    while not stop.is_set() and counters.get("socket renderer cycles") < 100_000:
        conversation = Conversation(path)
        conversation.call("ui.attach", check=ATTACHED)
        until = time.monotonic() + random.uniform(0.2, 2.0)
        try:
            while time.monotonic() < until:
                if conversation.read_line(until - time.monotonic()) is not None:
                    counters.add("notifications")
            if random.random() < 0.7:
                conversation.call("ui.detach", check=is_result())
        except EOFError:
            counters.add("renderers cut off")
        conversation.close()
        counters.add("socket renderer cycles")


def web_renderers(web):
    """A WebSocket renderer with the Bearer token: attach, redraws a while, detach or leave."""
    def call(websocket, request):
        websocket.send(json.dumps(request))
        counters.add("sent")
        deadline = time.monotonic() + REPLY_TIMEOUT
        while True:
            message = json.loads(websocket.recv(timeout=max(0.01, deadline - time.monotonic())))
            if isinstance(message, dict) and message.get("id") == request["id"] and "method" not in message:
                counters.add("answered")
                return message

    while not stop.is_set() and counters.get("web renderer cycles") < 100_000:
        try:
            websocket = websocket_connect(web["rpc"], additional_headers={"Authorization": f"Bearer {web['token']}"},
                                          open_timeout=REPLY_TIMEOUT, max_size=None)
        except Exception as error:  # noqa: BLE001 — any failure to connect is the figure
            counters.add("web connect failures")
            say(f"web renderer could not connect: {error!r}")
            stop.wait(1)
            continue
        with websocket:
            request = None
            try:
                for request, check in [({"jsonrpc": "2.0", "method": "ui.attach", "id": 1}, ATTACHED),
                                       ({"jsonrpc": "2.0", "method": "ping", "id": 2}, MIX[0][1])]:
                    reply = call(websocket, request)
                    if not check(reply):
                        counters.mismatch(request, reply)
                request = None
                until = time.monotonic() + random.uniform(0.2, 2.0)
                while time.monotonic() < until:
                    try:
                        websocket.recv(timeout=0.2)
                        counters.add("notifications")
                    except TimeoutError:
                        pass
                if random.random() < 0.7:
                    request = {"jsonrpc": "2.0", "method": "ui.detach", "id": 3}
                    reply = call(websocket, request)
                    if "result" not in reply:
                        counters.mismatch(request, reply)
                    request = None
            except Exception as error:  # noqa: BLE001 — a timeout or a closed connection
                if request is not None:
                    counters.add("lost")
                say(f"web renderer: {error!r}")
        counters.add("web renderer cycles")


def slow_clients(path):
    """Subscribes to every change with a small buffer and reads a little at a time, then leaves."""
    while not stop.is_set() and counters.get("slow clients") < 10_000:
        connection = socket.socket(socket.AF_UNIX)
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.connect(path)
        connection.sendall(encode({"jsonrpc": "2.0", "method": "subscribe", "params": {"events": ["changed", "stateChanged", "log"]}, "id": 0})
                           + b"".join(encode({"jsonrpc": "2.0", "method": "tree", "id": index}) for index in range(1, 50)))
        connection.settimeout(1)
        until = time.monotonic() + random.uniform(2, 6)
        while time.monotonic() < until and not stop.is_set():
            try:
                if not connection.recv(256):
                    counters.add("slow clients cut off")
                    break
            except socket.timeout:
                pass
            except OSError:
                counters.add("slow clients cut off")
                break
            time.sleep(0.05)
        connection.close()
        counters.add("slow clients")


WAIT_FOREVER = {"jsonrpc": "2.0", "method": "waitFor", "params": {"ref": "count", "property": "text", "equals": "never", "timeoutMs": 5000}, "id": 0}


def websocket_frame(payload, opcode=0x1):
    mask = os.urandom(4)
    head = bytes([0x80 | opcode])
    head += bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
    return head + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))


def vanishing_clients(path, web):
    """Send a burst (a wait that will not end soon among it) and close without reading: socket and WebSocket."""
    while not stop.is_set() and counters.get("vanishing clients") < 100_000:
        burst = [WAIT_FOREVER] + [dict(random.choice(MIX)[0], jsonrpc="2.0", id=index) for index in range(1, 40)]
        if random.random() < 0.5:
            connection = socket.socket(socket.AF_UNIX)
            connection.connect(path)
            connection.sendall(b"".join(encode(request) for request in burst))
        else:
            connection = socket.create_connection(("127.0.0.1", web["port"]))
            key = base64.b64encode(os.urandom(16)).decode()
            connection.sendall((f"GET /rpc HTTP/1.1\r\nHost: {web['host']}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n"
                                f"Authorization: Bearer {web['token']}\r\n\r\n").encode()
                               + b"".join(websocket_frame(json.dumps(request).encode()) for request in burst))
        if random.random() < 0.5:
            # A reset rather than an orderly close: unread input makes close() send RST.
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        connection.close()
        counters.add("vanishing clients")
        time.sleep(0.05)


BAD_HTTP = [
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: evil.example:PORT\r\n\r\n",
    b"GET /app.js?token=0000 HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
    b"GET /../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n\r\n",
    b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nContent-Length: 100000\r\n\r\nxxxx",
    b"GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage that is not HTTP\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nX-Long: " + b"a" * 8000 + b"\r\n\r\n",
]


def floods(path, web):
    """Every second or so: a burst of bad HTTP requests, and one of socket connections opened and closed."""
    while not stop.is_set() and counters.get("flood rounds") < 10_000:
        port = str(web["port"]).encode()
        for _ in range(40):
            try:
                connection = socket.create_connection(("127.0.0.1", web["port"]), timeout=REPLY_TIMEOUT)
                request = random.choice(BAD_HTTP).replace(b"PORT", port)
                connection.sendall(request * random.choice([1, 1, 5]))
                if random.random() < 0.5:
                    connection.settimeout(2)
                    try:
                        connection.recv(65536)
                    except socket.timeout:
                        counters.add("bad HTTP unanswered in 2 s")
                connection.close()
                counters.add("bad HTTP requests")
            except OSError as error:
                counters.add("bad HTTP failures")
                say(f"bad HTTP request: {error!r}")
        connections = []
        for _ in range(100):
            connection = socket.socket(socket.AF_UNIX)
            try:
                connection.connect(path)
                connections.append(connection)
            except OSError:
                counters.add("socket connect failures")
                connection.close()
        for connection in connections:
            connection.close()
        counters.add("socket connections churned", len(connections))
        counters.add("flood rounds")
        stop.wait(1)


def traces(path, directory):
    """trace.start (no parameters), a moment of load, trace.stop; the file removed after each."""
    conversation = Conversation(path)
    while not stop.is_set() and counters.get("traces") < 10_000:
        started = conversation.call("trace.start", check=is_result(lambda result: bool(result.get("path"))))
        stop.wait(random.uniform(0.2, 1.0))
        stopped = conversation.call("trace.stop", check=is_result(lambda result: result.get("records", 0) >= 1))
        for reply in (started, stopped):
            trace = (reply or {}).get("result", {}).get("path")
            if trace and os.path.isfile(trace):
                counters.add("trace bytes", os.path.getsize(trace))
                os.unlink(trace)
        counters.add("traces")
        stop.wait(1)
    conversation.close()


def daemon_figures(pid):
    status = {}
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            name, _, value = line.partition(":")
            status[name] = value.strip()
    kib = lambda name: int(status.get(name, "0 kB").split()[0])  # noqa: E731
    return {"rss": kib("VmRSS"), "hwm": kib("VmHWM"), "fds": len(os.listdir(f"/proc/{pid}/fd"))}


def report(started, pid, label="at"):
    figures = daemon_figures(pid)
    sent, answered, lost = counters.get("sent"), counters.get("answered"), counters.get("lost")
    say(f"{label} {time.monotonic() - started:5.0f} s: {sent} requests sent, {answered} replies checked, "
        f"{counters.get('mismatched')} wrong, {lost} lost, {sent - answered - lost} in flight; "
        f"slamd RSS {figures['rss'] / 1024:.1f} MiB (peak {figures['hwm'] / 1024:.1f}), {figures['fds']} fds; "
        f"renderers {counters.get('socket renderer cycles')} socket + {counters.get('web renderer cycles')} web, "
        f"{counters.get('slow clients')} slow, {counters.get('vanishing clients')} vanished, "
        f"{counters.get('bad HTTP requests')} bad HTTP, {counters.get('socket connections churned')} churned, "
        f"{counters.get('traces')} traces")
    return figures


def read_web_file(socket_path, deadline):
    while time.monotonic() < deadline:
        try:
            text = open(socket_path + ".web").read().strip()
        except FileNotFoundError:
            text = ""
        found = re.match(r"http://([^/]+)/.*token=([0-9a-f]+)", text)
        if found:
            host, token = found.group(1), found.group(2)
            return {"host": host, "port": int(host.rsplit(":", 1)[1]), "token": token, "rpc": f"ws://{host}/rpc"}
        time.sleep(0.05)
    raise SystemExit(f"soak: slamd wrote no web URL to {socket_path}.web")


def final_pings(path, web):
    """Whether slamd still answers a ping on the socket and on the WebSocket."""
    answers = {}
    try:
        conversation = Conversation(path)
        answers["socket"] = (conversation.call("ping", check=is_result(lambda result: result == "pong")) or {}).get("result") == "pong"
        conversation.close()
    except OSError as error:
        say(f"final socket ping: {error!r}")
        answers["socket"] = False
    try:
        with websocket_connect(web["rpc"], additional_headers={"Authorization": f"Bearer {web['token']}"},
                               open_timeout=REPLY_TIMEOUT) as websocket:
            websocket.send(json.dumps({"jsonrpc": "2.0", "method": "ping", "id": 1}))
            counters.add("sent")
            reply = json.loads(websocket.recv(timeout=REPLY_TIMEOUT))
            counters.add("answered")
            answers["WebSocket"] = reply.get("result") == "pong"
    except Exception as error:  # noqa: BLE001
        say(f"final WebSocket ping: {error!r}")
        answers["WebSocket"] = False
    return answers


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slamd", required=True)
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("SOAK_SECONDS", "300")))
    parser.add_argument("--load-clients", type=int, default=6)
    parser.add_argument("--window", type=int, default=32, help="requests in flight per load client")
    options = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="slam-soak-")
    socket_path = os.path.join(directory, "s.sock")
    log_path = os.path.join(directory, "slamd.log")
    log = open(log_path, "wb")
    daemon = subprocess.Popen([options.slamd, "--socket", socket_path, "--web", "127.0.0.1:0"],
                              stdout=subprocess.PIPE, stderr=log)
    daemon.stdout.readline()
    web = read_web_file(socket_path, time.monotonic() + 30)
    say(f"slamd {daemon.pid} on {socket_path} and http://{web['host']}/ for {options.seconds:.0f} s "
        f"({options.load_clients} load clients x {options.window} in flight)")
    started = time.monotonic()
    baseline = report(started, daemon.pid, "start")

    # Each load client sends at most this many requests: bounded in count as well as in time.
    limit = 5_000_000
    workers = [threading.Thread(target=load_client, args=(socket_path, number, options.window, limit), name=f"load-{number}")
               for number in range(options.load_clients)]
    workers += [threading.Thread(target=socket_renderers, args=(socket_path,), name="socket-renderers"),
                threading.Thread(target=socket_renderers, args=(socket_path,), name="socket-renderers-2"),
                threading.Thread(target=web_renderers, args=(web,), name="web-renderers"),
                threading.Thread(target=web_renderers, args=(web,), name="web-renderers-2"),
                threading.Thread(target=slow_clients, args=(socket_path,), name="slow-clients"),
                threading.Thread(target=vanishing_clients, args=(socket_path, web), name="vanishing-clients"),
                threading.Thread(target=floods, args=(socket_path, web), name="floods"),
                threading.Thread(target=traces, args=(socket_path, directory), name="traces")]
    for worker in workers:
        worker.daemon = True
        worker.start()

    peak = baseline["hwm"]
    peak_fds = baseline["fds"]
    while time.monotonic() - started < options.seconds and daemon.poll() is None:
        time.sleep(min(REPORT_EVERY, max(0.1, options.seconds - (time.monotonic() - started))))
        if daemon.poll() is None:
            figures = report(started, daemon.pid)
            peak, peak_fds = max(peak, figures["hwm"]), max(peak_fds, figures["fds"])
    stop.set()
    for worker in workers:
        worker.join(REPLY_TIMEOUT + 10)
    stuck = [worker.name for worker in workers if worker.is_alive()]

    failures = []
    if daemon.poll() is not None:
        failures.append(f"slamd exited with {daemon.returncode}")
        answers = {}
    else:
        time.sleep(2)  # the last clients' connections close
        answers = final_pings(socket_path, web)
        # A connection the daemon has not noticed closing yet is no leak: give them past the web idle timeout (30 s).
        settled = time.monotonic()
        while daemon_figures(daemon.pid)["fds"] > baseline["fds"] and time.monotonic() - settled < 40:
            time.sleep(0.5)
        settled = time.monotonic() - settled
        final = report(started, daemon.pid, "end")
        peak, peak_fds = max(peak, final["hwm"]), max(peak_fds, final["fds"])
        say(f"slamd resident memory: {baseline['rss'] / 1024:.1f} MiB at start, peak {peak / 1024:.1f} MiB, "
            f"final {final['rss'] / 1024:.1f} MiB; descriptors: {baseline['fds']} at start, peak seen {peak_fds}, "
            f"final {final['fds']} (waited {settled:.1f} s for the last closes)")
        if final["fds"] > baseline["fds"]:
            failures.append(f"slamd holds {final['fds'] - baseline['fds']} more descriptors than at start, 40 s after the clients left")
        say("still answers a ping: " + ", ".join(f"{name} {'yes' if answered else 'NO'}" for name, answered in answers.items()))
        failures += [f"no ping answer on the {name}" for name, answered in answers.items() if not answered]
        daemon.send_signal(signal.SIGTERM)
        try:
            daemon.wait(30)
        except subprocess.TimeoutExpired:
            failures.append("slamd did not stop within 30 s of SIGTERM")
            daemon.kill()
            daemon.wait()
    log.close()
    sent, answered, lost = counters.get("sent"), counters.get("answered"), counters.get("lost")
    say(f"totals: {sent} requests sent, {answered} replies checked, {lost} lost, {counters.get('mismatched')} wrong, "
        f"{counters.get('unexpected replies')} unexpected, {counters.get('notifications')} notifications read; "
        f"{counters.get('traces')} traces ({counters.get('trace bytes') / 1e6:.1f} MB), "
        f"{counters.get('slow clients cut off')} of {counters.get('slow clients')} slow clients cut off; "
        f"slamd's log {os.path.getsize(log_path) / 1e6:.1f} MB")
    if lost or counters.get("mismatched") or counters.get("unexpected replies") or sent != answered + lost:
        failures.append(f"{lost} lost, {counters.get('mismatched')} wrong, {counters.get('unexpected replies')} unexpected replies, "
                        f"{sent - answered - lost} unaccounted")
    for request, reply in counters.mismatches:
        say(f"wrong reply to {json.dumps(request)[:200]}: {json.dumps(reply)[:300]}")
    if stuck:
        failures.append("workers still running at the end: " + ", ".join(stuck))
    if failures:
        say("FAIL: " + "; ".join(failures) + f" (slamd's log: {log_path})")
        return 1
    shutil.rmtree(directory, ignore_errors=True)
    say("PASS: every request answered once, slamd still answers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
