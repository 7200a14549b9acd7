"""What tracing costs: `press` throughput of a release slamd (the demo's +1, which
changes the screen every time, so every press is a request, a reply and a screen
record) with no trace and with a trace written to a file in its trace directory
(records built on the event loop, written by the trace's writer thread; on one
pinned core the writer's CPU is slamd's too, so it is counted).

bench/loadgen.c keeps D presses in flight on one connection; server and load
generator share one core (taskset -c 0) unless --no-pinned, which is the steadier
measure on a noisy VM. Rounds alternate the three variants so drift hits them
alike; each figure is the median of its rounds. Prints a table, the ratio and a
PASS/FAIL line against the target (tracing costs at most 20 % of press throughput).

The cost is judged by slamd's CPU time per press (user + system, from /proc), which
other work on a shared machine disturbs far less than requests per second: the
server is the bottleneck here, so its throughput is the inverse of that time
whenever it has the core to itself. Both figures are printed.

Usage: bench_trace.py --slamd PATH --loadgen PATH [--seconds S] [--rounds N] [--quick] [--no-pinned]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
import slam  # noqa: E402

PRESS = '{"jsonrpc":"2.0","method":"press","params":{"ref":"increment"},"id":1}'
TARGET_COST = 0.20


def say(text):
    print(f"bench-trace: {text}", file=sys.stderr, flush=True)


def field(line, key):
    for pair in line.split():
        name, _, value = pair.partition("=")
        if name == key:
            return value
    raise KeyError(f"{key} not in loadgen's line: {line}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slamd", required=True)
    parser.add_argument("--loadgen", required=True)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="0.5 s runs, 2 rounds: a smoke check, not figures")
    parser.add_argument("--no-pinned", action="store_true", help="let server and loadgen use any core")
    options = parser.parse_args()
    if options.quick:
        options.seconds, options.rounds = 0.5, 2
    warmup = 0.2 if options.quick else 0.5
    pin = [] if options.no_pinned or not shutil.which("taskset") else ["taskset", "-c", "0"]

    work = tempfile.mkdtemp(prefix="slam-bench-trace-")
    socket_path = os.path.join(work, "slamd.sock")
    trace_directory = os.path.join(work, "traces")
    server = subprocess.Popen(pin + [options.slamd, "--socket", socket_path, "--log-level", "error",
                                     "--trace-dir", trace_directory],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        server.stdout.readline()
        client = slam.Client(socket_path)
        scenarios = [(1, 32), (1, 1)]
        variants = ["off", "file"]
        rps = {(scenario, variant): [] for scenario in scenarios for variant in variants}
        cpu = {(scenario, variant): [] for scenario in scenarios for variant in variants}
        trace_bytes = []
        trace_records = []
        for connections, depth in scenarios:
            for round_number in range(options.rounds):
                # The order turns each round, so no variant always runs first or last.
                order = variants[round_number % 2:] + variants[:round_number % 2]
                for variant in order:
                    client.reset()
                    if variant != "off":
                        # trace.start only makes new files: each round its own.
                        trace_path = client.trace_start(f"trace-{connections}-{depth}-{round_number}.jsonl")
                    output = subprocess.run(
                        pin + [options.loadgen, "--socket", socket_path, "--protocol", "slam", "--request", PRESS,
                               "--connections", str(connections), "--depth", str(depth),
                               "--seconds", str(options.seconds), "--warmup", str(warmup), "--quiet",
                               "--server-pid", str(server.pid), "--label", f"press-{variant}"],
                        check=True, capture_output=True, text=True).stdout.strip()
                    if variant != "off":
                        stopped = client.trace_stop()
                    rate = float(field(output, "rps"))
                    rps[((connections, depth), variant)].append(rate)
                    # Microseconds of slamd's CPU per press.
                    cpu[((connections, depth), variant)].append(float(field(output, "server_cpu")) / rate * 1e6)
                    if variant == "file":
                        requests = int(field(output, "requests"))
                        size = os.path.getsize(trace_path)
                        # Warm-up presses are in the file too: bytes and records per press are over all of them.
                        presses = max(1, stopped["records"] // 3)
                        trace_bytes.append(size / presses)
                        trace_records.append((stopped["records"], requests))
                        os.unlink(trace_path)
                    say(f"C={connections} D={depth} round {round_number + 1}: {variant} {rate:.0f} req/s, "
                        f"{cpu[((connections, depth), variant)][-1]:.1f} µs of slamd CPU per press")
        client.close()
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)

    print("## Tracing's cost on press throughput (make bench-trace)")
    print()
    print(f"{time.strftime('%Y-%m-%d', time.gmtime())}, release slamd, the demo's press of +1 (a screen record each time);")
    print(f"{'server and loadgen on one core' if pin else 'unpinned'}, median of {options.rounds} rounds of {options.seconds} s.")
    print()
    print("| scenario | | trace off | trace to a file | file / off |")
    print("|---|---|---:|---:|---:|")
    verdicts = []
    for scenario in scenarios:
        label = f"C={scenario[0]} D={scenario[1]}"
        off, on = (statistics.median(rps[(scenario, variant)]) for variant in variants)
        print(f"| {label} | presses/s | {off:,.0f} | {on:,.0f} | {on / off:.2f}× |")
        cpu_off, cpu_on = (statistics.median(cpu[(scenario, variant)]) for variant in variants)
        print(f"| | slamd CPU µs per press | {cpu_off:.1f} | {cpu_on:.1f} | {cpu_on / cpu_off:.2f}× |")
        # Throughput lost when slamd's CPU (its loop and the trace's writer) is the limit.
        verdicts.append((label, 1 - cpu_off / cpu_on, 1 - on / off))
    print()
    if trace_bytes:
        print(f"trace: {statistics.median(trace_bytes):.0f} bytes per press (request, reply, screen record)")
    for label, cost, measured in verdicts:
        print(f"{'PASS' if cost <= TARGET_COST else 'FAIL'} tracing costs {cost:.0%} of press throughput at {label} "
              f"by slamd's CPU per press (target ≤ {TARGET_COST:.0%}; presses/s measured {measured:.0%} fewer)")


if __name__ == "__main__":
    main()
