#!/usr/bin/env python3
"""slamctl ui: the first frame on the demo, and a press's redraw.

Each run starts `slamctl ui` in a pseudo-terminal (100 x 40) against a running
slamd and times, from just before the fork, until the demo's home screen
("Count:") has been written; then Tab, and Enter on `+1`, timed until the new
count is written (one `key` round trip and its `ui.redraw`). Prints the median
and the worst of each, and a PASS/FAIL line against the 50 ms target.

    bench_tui.py --slamd PATH --slamctl PATH [--quick]
"""
import argparse
import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import subprocess
import tempfile
import termios
import time


def read_until(fd, text, buffer, deadline=10.0):
    end = time.monotonic() + deadline
    while text not in buffer:
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"no {text!r} in {buffer[-400:]!r}")
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            buffer += os.read(fd, 65536)
    return buffer


def one_run(slamctl, socket):
    # The app as at launch (count 0, no focus), untimed.
    subprocess.run([slamctl, "--socket", socket, "reset-app"], capture_output=True, check=True)
    count = 0
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(slamctl, [slamctl, "--socket", socket, "ui"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    buffer = read_until(fd, b"Count: %d" % count, b"")
    first = time.perf_counter() - start
    os.write(fd, b"\t")
    buffer = read_until(fd, b"increment", buffer)
    pressed = time.perf_counter()
    os.write(fd, b"\r")
    read_until(fd, b"Count: %d" % (count + 1), buffer)
    press = time.perf_counter() - pressed
    os.write(fd, b"\x03")
    os.waitpid(pid, 0)
    os.close(fd)
    return first, press


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--slamd", required=True)
    parser.add_argument("--slamctl", required=True)
    parser.add_argument("--quick", action="store_true")
    arguments = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="slam-bench-tui-")
    socket = os.path.join(directory, "slamd.sock")
    daemon = subprocess.Popen([arguments.slamd, "--socket", socket], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            if subprocess.run([arguments.slamctl, "--socket", socket, "ping"], capture_output=True).returncode == 0:
                break
            time.sleep(0.05)
        runs = 5 if arguments.quick else 30
        firsts, presses = [], []
        for index in range(runs):
            first, press = one_run(arguments.slamctl, socket)
            firsts.append(first * 1000)
            presses.append(press * 1000)
        print(f"slamctl ui, demo home, {runs} runs (100 x 40 pseudo-terminal)")
        print(f"  first frame (process start to screen written): median {statistics.median(firsts):.1f} ms, worst {max(firsts):.1f} ms")
        print(f"  press to redraw (Enter on +1 to the new count): median {statistics.median(presses):.2f} ms, worst {max(presses):.2f} ms")
        verdict = "PASS" if statistics.median(firsts) <= 50 else "FAIL"
        print(f"  {verdict}: first frame ≤ 50 ms (median)")
    finally:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(10)
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
