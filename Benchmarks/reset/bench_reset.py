"""reset against a restart: how long `reset` takes over the socket (the demo pushed
to Settings with a press behind it each time) and how long starting a fresh slamd
takes until it answers a ping, with a PASS/FAIL line against the start-up target.
Usage: bench_reset.py SLAMD (make bench-reset passes the static release slamd make install installs)"""
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
import slam  # noqa: E402

START_TARGET_MS = 5.0
RESTARTS = 30

slamd = sys.argv[1]
d = tempfile.mkdtemp(); sock = os.path.join(d, "s.sock")
restarts = []
# The first starts after a build read the executable from disk: three uncounted ones put it in the page cache.
for counted in [False] * 3 + [True] * RESTARTS:
    start = time.perf_counter()
    p = subprocess.Popen([slamd, "--socket", sock], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdout.readline()
    c = slam.Client(sock); c.ping()
    if counted:
        restarts.append((time.perf_counter() - start) * 1000)
    c.close(); p.terminate(); p.wait()
p = subprocess.Popen([slamd, "--socket", sock], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
p.stdout.readline()
c = slam.Client(sock)
resets = []
for _ in range(200):
    c.press("increment"); c.call("runTask", {"name": "push", "param": "Settings"})
    start = time.perf_counter(); c.reset(); resets.append((time.perf_counter() - start) * 1000)
p.terminate(); p.wait()
first_ping = statistics.median(restarts)
print(f"restart (spawn {slamd} to first ping): median {first_ping:.1f} ms over {len(restarts)}, best {min(restarts):.1f} ms")
print(f"reset (round trip): median {statistics.median(resets):.2f} ms, p95 {sorted(resets)[int(len(resets)*0.95)]:.2f} ms over {len(resets)}")
print(f"{'PASS' if first_ping <= START_TARGET_MS else 'FAIL'} fresh slamd to its first ping {first_ping:.2f} ms (target ≤ {START_TARGET_MS:g} ms)")
