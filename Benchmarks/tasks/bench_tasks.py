"""What a task a client runs costs, over the socket: `runTask` round trips for a
built-in state task (`set`, the baseline) and for a task another connection runs
(the daemon sends it `task.run`, it answers, the daemon answers the caller),
and a press whose task a client runs. The clients are bare sockets with a
blocking read, so the figures are the daemon's and the kernel's, not a client
library's. Usage: bench_tasks.py SLAMD [--quick]"""
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

slamd = sys.argv[1]
rounds = 500 if "--quick" in sys.argv else 5000
directory = tempfile.mkdtemp()
sock_path = os.path.join(directory, "s.sock")
storyboard = os.path.join(directory, "shop.json")
with open(storyboard, "w") as out:
    json.dump({"initial": "Shop", "state": {"status": "Idle"},
               "controllers": [{"id": "Shop", "title": "Shop", "view": {"type": "View", "ref": "root", "children": [
                   {"type": "Label", "ref": "status", "bind": {"text": "{status}"}},
                   {"type": "Button", "ref": "pay", "text": "Pay", "task": "checkout", "param": "cart"}]}}]}, out)
daemon = subprocess.Popen([slamd, "--socket", sock_path, "--storyboard", storyboard], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
daemon.stdout.readline()


class Connection:
    def __init__(self):
        self.socket = socket.socket(socket.AF_UNIX)
        self.socket.connect(sock_path)
        self.reader = self.socket.makefile("rb")

    def send(self, message):
        self.socket.sendall((json.dumps(message, separators=(",", ":")) + "\n").encode())

    def receive(self):
        return json.loads(self.reader.readline())


runner = Connection()
runner.send({"jsonrpc": "2.0", "id": 1, "method": "tasks.register", "params": {"names": ["checkout"]}})
assert "result" in runner.receive()


def run_tasks():
    while True:
        try:
            request = runner.receive()
        except (ValueError, OSError):
            return
        runner.send({"jsonrpc": "2.0", "id": request["id"], "result": "ok"})


threading.Thread(target=run_tasks, daemon=True).start()
caller = Connection()


def measure(method, params):
    times = []
    for index in range(rounds):
        start = time.perf_counter()
        caller.send({"jsonrpc": "2.0", "id": index, "method": method, "params": params})
        reply = caller.receive()
        times.append((time.perf_counter() - start) * 1e6)
        assert "result" in reply, reply
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99)]


figures = [("runTask set (built-in)", measure("runTask", {"name": "set", "param": "status=x"})),
           ("runTask checkout (a client runs it)", measure("runTask", {"name": "checkout", "param": "cart"})),
           ("press pay (its task a client runs)", measure("press", {"ref": "pay"}))]
daemon.terminate()
daemon.wait()
for name, (median, p99) in figures:
    print(f"{name:40s} median {median:7.1f} µs   p99 {p99:7.1f} µs   ({rounds} round trips)")
