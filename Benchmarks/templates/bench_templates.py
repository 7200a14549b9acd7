"""What a pending tree-template wait costs the UI: press round trips on screens of
the demo's size, 1k and 10k elements, with no wait pending, then with one
template wait pending on another connection (one that never matches, so it is
evaluated after every press), shallow (the root's children) and deep (down to the
leaves); and a template wait that holds at once, as a round trip.

Usage: bench_templates.py SLAMD [--quick]"""
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
import slam  # noqa: E402
import large_storyboard  # noqa: E402

slamd = sys.argv[1]
quick = "--quick" in sys.argv
presses = 50 if quick else 300
SHALLOW = {"children": [{"ref": "tick", "text": "never"}]}
DEEP = {"children": [{"children": [{"children": [{"text": "never"}]}]}]}
HOLDS = {"children": [{"ref": "tick"}, {"ref": "tickLabel", "text": "/^Ticks: \\d+$/"}]}


def median_press(client, count):
    times = []
    for _ in range(count):
        start = time.perf_counter()
        client.press("tick")
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(size):
    directory = tempfile.mkdtemp()
    socket_path = os.path.join(directory, "s.sock")
    storyboard_path = os.path.join(directory, "large.storyboard.json")
    with open(storyboard_path, "w") as file:
        import json
        json.dump(large_storyboard.storyboard(size, bound=10), file)
    daemon = subprocess.Popen([slamd, "--socket", socket_path, "--storyboard", storyboard_path],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    daemon.stdout.readline()
    try:
        client = slam.Client(socket_path, timeout=120)
        median_press(client, 10)  # warm-up
        row = {"none": median_press(client, presses)}
        for name, template in (("shallow", SHALLOW), ("deep", DEEP)):
            waiter = slam.Client(socket_path, timeout=600)
            thread = threading.Thread(target=lambda: _wait_quietly(waiter, template), daemon=True)
            thread.start()
            time.sleep(0.3)
            row[name] = median_press(client, presses)
            waiter.close()
            thread.join(5)
            client.ping()  # the closed waiter's wait is gone before the next run
        times = []
        for _ in range(max(10, presses // 10)):
            start = time.perf_counter()
            client.wait_for(template=HOLDS, timeout_ms=0)
            times.append((time.perf_counter() - start) * 1000)
        row["holds"] = statistics.median(times)
        client.close()
        return row
    finally:
        daemon.terminate()
        daemon.wait()


def _wait_quietly(client, template):
    try:
        client.wait_for(template=template, timeout_ms=590_000)
    except Exception:
        pass


print(f"press round trip, median over {presses} (ms); a template wait answered at once (ms)")
print(f"{'elements':>9} {'no wait':>9} {'shallow':>9} {'deep':>9} {'holds':>9}")
for size in (100, 1000, 10000):
    row = measure(size)
    print(f"{size:>9} {row['none']:>9.3f} {row['shallow']:>9.3f} {row['deep']:>9.3f} {row['holds']:>9.3f}")
