"""Instances of the demo in one slamd, over its socket: how long `instance.create` takes (round
trip, the instance closed after each), the daemon's resident memory per instance with 1,000 open,
1,000 instances each answering an `instance.use` + `find`, against starting a daemon of its own;
PASS/FAIL lines against the targets (create ≤ 1 ms, ≤ 2 MB each).
Usage: bench_instances.py SLAMD (make bench-instances passes the static release slamd make install installs)"""
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
import slam  # noqa: E402

CREATE_TARGET_MS = 1.0
MEMORY_TARGET_MB = 2.0
COUNT = 1000


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def start(slamd: str, sock: str) -> subprocess.Popen:
    process = subprocess.Popen([slamd, "--socket", sock, "--max-instances", str(2 * COUNT)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    process.stdout.readline()
    return process


slamd = sys.argv[1]
directory = tempfile.mkdtemp()
sock = os.path.join(directory, "s.sock")

# A daemon of its own per test, for comparison: spawn to first ping.
restarts = []
for counted in [False] * 3 + [True] * 20:
    began = time.perf_counter()
    process = start(slamd, sock)
    client = slam.Client(sock); client.ping()
    if counted:
        restarts.append((time.perf_counter() - began) * 1000)
    client.close(); process.terminate(); process.wait()

process = start(slamd, sock)
client = slam.Client(sock)
creates = []
for counted in [False] * 50 + [True] * 500:
    began = time.perf_counter()
    handle = client.instance_create()["instance"]
    elapsed = (time.perf_counter() - began) * 1000
    client.instance_close(handle)
    if counted:
        creates.append(elapsed)

before = resident_kib(process.pid)
handles = [client.instance_create()["instance"] for _ in range(COUNT)]
after = resident_kib(process.pid)
per_instance_kib = (after - before) / COUNT

began = time.perf_counter()
for handle in handles:
    client.instance_use(handle)
    assert client.find("count")["text"] == "Count: 0", handle
answered_ms = (time.perf_counter() - began) * 1000
client.instance_use("main")
for handle in handles:
    client.instance_close(handle)
process.terminate(); process.wait()

create = statistics.median(creates)
print(f"daemon of its own (spawn {slamd} to first ping): median {statistics.median(restarts):.2f} ms over {len(restarts)}")
print(f"instance.create of the demo (round trip): median {create:.3f} ms, p95 {sorted(creates)[int(len(creates) * 0.95)]:.3f} ms over {len(creates)}")
print(f"resident memory: {before / 1024:.1f} MiB with main alone, {after / 1024:.1f} MiB with {COUNT} more: {per_instance_kib:.1f} KiB per instance")
print(f"{COUNT} instances each answering instance.use + find: {answered_ms:.1f} ms, {answered_ms / COUNT * 1000:.1f} µs each")
print(f"{'PASS' if create <= CREATE_TARGET_MS else 'FAIL'} instance.create of the demo {create:.3f} ms (target ≤ {CREATE_TARGET_MS:g} ms)")
print(f"{'PASS' if per_instance_kib / 1024 <= MEMORY_TARGET_MB else 'FAIL'} resident memory per instance {per_instance_kib / 1024:.3f} MiB (target ≤ {MEMORY_TARGET_MB:g} MiB)")
