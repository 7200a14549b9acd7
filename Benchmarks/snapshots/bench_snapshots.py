#!/usr/bin/env python3
"""Whole-screen reads over the socket against a release slamd: what a client waits for.

On generated screens of 10 000 and 100 000 elements (Benchmarks/web/large_storyboard.py):

1. `tree`: request sent to the last byte of the reply read, median of repeated calls
   (targets: 10k at most 5 ms, 100k at most 60 ms); the first call after start-up, when no
   element's snapshot is kept yet, is printed beside it.
2. `ui.attach` of 10k (then `ui.detach`, not timed; target: at most 10 ms).
3. `snapshot`, the accessibility snapshot of 10k (target: at most 5 ms).
4. A press that changes one label on the 10k screen while a renderer is attached: the
   press's round trip and the renderer's `ui.redraw` read (figures; the server-time target
   is `make bench-tree`'s "press + ui.redraw" row, measured in process).

The client reads raw bytes (newline framing) and does not parse the replies, so the figures
are the daemon's and the socket's, not Python's JSON. Prints a table and PASS/FAIL lines;
exits non-zero only when something breaks.

    python3 Benchmarks/snapshots/bench_snapshots.py SLAMD [--quick]
"""

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "web"))

from large_storyboard import storyboard  # noqa: E402


class RawClient:
    """One connection that writes request lines and reads reply lines as bytes.

    Replies are read into one buffer allocated (and touched) once, and handed out as views
    into it, so the client's own allocator costs nothing per reply: a 20 MB reply read into
    fresh memory each time cost the client more page faults than the daemon took to write it.
    """

    CAPACITY = 64 << 20

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buffer = bytearray(self.CAPACITY)
        self.view = memoryview(self.buffer)
        self.start = self.filled = 0
        self.next_id = 0

    def send(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "method": method, "id": self.next_id}
        if params is not None:
            message["params"] = params
        self.sock.sendall(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def line(self):
        """The next line, without its newline: a view valid until the next read."""
        searched = self.start
        while True:
            end = self.buffer.find(b"\n", searched, self.filled)
            if end >= 0:
                line = self.view[self.start:end]
                self.start = end + 1
                if self.start == self.filled:
                    self.start = self.filled = 0
                return line
            searched = self.filled
            if self.filled == self.CAPACITY:
                if self.start == 0:
                    raise SystemExit("bench-snapshots: a reply larger than the read buffer")
                pending = self.filled - self.start
                self.buffer[:pending] = self.buffer[self.start:self.filled]
                searched -= self.start
                self.start, self.filled = 0, pending
            count = self.sock.recv_into(self.view[self.filled:])
            if count == 0:
                raise SystemExit("bench-snapshots: slamd closed the connection")
            self.filled += count

    def reply(self):
        """The next reply line (notifications before it are skipped); an error reply stops the run."""
        while True:
            line = self.line()
            if line[:25] == b'{"jsonrpc":"2.0","method"':
                continue
            if line[:24] == b'{"jsonrpc":"2.0","error"':
                raise SystemExit(f"bench-snapshots: error reply {bytes(line[:300])!r}")
            return line

    def call(self, method, params=None):
        self.send(method, params)
        return self.reply()

    def close(self):
        self.sock.close()


def start(slamd, directory, elements):
    board = os.path.join(directory, f"large-{elements}.storyboard.json")
    with open(board, "w") as out:
        json.dump(storyboard(elements, bound=1), out)
    path = os.path.join(directory, f"slamd-{elements}.sock")
    process = subprocess.Popen([slamd, "--socket", path, "--storyboard", board],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    process.stdout.readline()
    deadline = time.monotonic() + 60
    while not os.path.exists(path):
        if time.monotonic() > deadline or process.poll() is not None:
            raise SystemExit(f"bench-snapshots: slamd did not start with {board}")
        time.sleep(0.01)
    return process, path


def timed(runs, body):
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        body()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("slamd")
    parser.add_argument("--quick", action="store_true", help="fewer runs: a smoke check")
    options = parser.parse_args()
    runs = 5 if options.quick else 30
    rows, verdicts = [], []

    def row(name, size, samples, target=None, unit="ms"):
        median = statistics.median(samples)
        rows.append(f"{name:<44} {size:>5} {median:>10.3f} {min(samples):>10.3f} {unit}")
        if target is not None:
            verdict = "PASS" if median <= target else "FAIL"
            verdicts.append(f"{verdict} {name} {size}: median {median:.3f} {unit} (target <= {target:g} {unit})")

    with tempfile.TemporaryDirectory() as directory:
        for elements, label in ((10_000, "10k"), (100_000, "100k")):
            process, path = start(options.slamd, directory, elements)
            try:
                client = RawClient(path)
                first = timed(1, lambda: client.call("tree"))
                size = len(client.call("tree"))
                tree = timed(runs if elements == 10_000 else max(5, runs // 3), lambda: client.call("tree"))
                row("tree, first call (nothing kept yet)", label, first)
                row("tree", label, tree, 5 if elements == 10_000 else 60)
                rows.append(f"{'  tree reply':<44} {label:>5} {size / 1e6:>10.2f} {'':>10} MB")
                if elements == 10_000:
                    renderer = RawClient(path)

                    def attach():
                        renderer.call("ui.attach")

                    attach_samples = []
                    for _ in range(runs):
                        attach_samples += timed(1, attach)
                        renderer.call("ui.detach")
                    row("ui.attach", label, attach_samples, 10)
                    row("snapshot (accessibility)", label, timed(runs, lambda: client.call("snapshot")), 5)

                    renderer.call("ui.attach")
                    presses, redraws = [], []
                    for _ in range(runs * 10):
                        started = time.perf_counter()
                        client.call("press", {"ref": "tick"})
                        presses.append((time.perf_counter() - started) * 1000)
                        line = renderer.line()
                        redraws.append((time.perf_counter() - started) * 1000)
                        text = bytes(line)
                        if not text.startswith(b'{"jsonrpc":"2.0","method":"ui.redraw"') or b'"op":"update"' not in text:
                            raise SystemExit(f"bench-snapshots: expected the press's ui.redraw, got {text[:200]!r}")
                    row("press (one label changes), round trip", label, presses)
                    row("  the renderer's ui.redraw read", label, redraws)
                    renderer.close()
                client.close()
            finally:
                process.terminate()
                process.wait()

    print("## Whole-screen reads over the socket (release slamd, raw bytes, medians)")
    print()
    print(f"{'what':<44} {'size':>5} {'median':>10} {'min':>10}")
    for line in rows:
        print(line)
    print()
    for line in verdicts:
        print(line)


if __name__ == "__main__":
    main()
