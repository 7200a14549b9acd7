"""reset against a restart: how long `reset` takes over the socket (the demo pushed
to Settings with a press behind it each time) and how long starting a fresh slamd
takes until it answers a ping. Usage: bench_reset.py SLAMD"""
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
import slam  # noqa: E402

slamd = sys.argv[1]
d = tempfile.mkdtemp(); sock = os.path.join(d, "s.sock")
restarts = []
for _ in range(10):
    start = time.perf_counter()
    p = subprocess.Popen([slamd, "--socket", sock], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdout.readline()
    c = slam.Client(sock); c.ping()
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
print(f"restart (spawn slamd to first ping): median {statistics.median(restarts):.1f} ms over {len(restarts)}")
print(f"reset (round trip): median {statistics.median(resets):.2f} ms, p95 {sorted(resets)[int(len(resets)*0.95)]:.2f} ms over {len(resets)}")
