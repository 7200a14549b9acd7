"""A pytest suite in parallel on one slamd: a generated suite of 200 tests, each doing a test's
usual work on the demo through the plugin's ``slam_client`` (presses, a setText, a waitFor, a find
and a tree, on an instance of its own), run serially and with ``pytest -n 2`` (pytest-xdist), twice:
with the daemon's work only, and with each test also waiting ``--backend-ms`` for a task its client
runs, as a UI test waits for its app's backend;
prints both wall times, the speed-up and how many daemons each run used, and, from the same
command on a suite of one test per worker, what each costs before its tests (xdist starts its
workers) and the speed-up on the tests beyond it.

Usage: bench_parallel.py --slamd SLAMD [--tests 200] [--workers 2] [--runs 3] [--quick]

Run it with a Python that has the ``slam`` package and pytest-xdist installed (``make bench-parallel``
uses the checkout's venv, ``make python-venv``). A wall time is the best of ``--runs`` runs of
the whole ``pytest`` command, start-up included, as a developer waits for it.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

SUITE = textwrap.dedent(
    """
    import json
    import os
    import time

    import pytest

    @pytest.mark.parametrize("number", range({tests}))
    def test_a_user_journey(slamd, slam_client, number):
        presses = number % 3 + 2
        for _ in range(presses):
            slam_client.press("increment")
        assert slam_client.find("count")["text"] == f"Count: {{presses}}"
        slam_client.press("openSettings")
        slam_client.set_text("name", f"User {{number}}")
        waited = slam_client.wait_for("greeting", property="text", equals=f"Hello, User {{number}}", timeout_ms=5000)
        assert waited is not None
        slam_client.run_task("pop")
        if {backend_seconds}:
            # The app waits for its backend, as most UI tests do: a task this test's client runs, taking its time.
            @slam_client.task("checkout")
            def checkout(call):
                time.sleep({backend_seconds})
                return "paid"
            assert slam_client.run_task("checkout")["result"] == "paid"
        tree = slam_client.tree(ref="counterButtons", depth=1)
        assert [child["ref"] for child in tree["children"]] == ["increment", "decrement", "reset"]
        with open(f"/proc/{{slamd.pid}}/stat") as stat:
            daemon_ticks = sum(int(field) for field in stat.read().rsplit(")", 1)[1].split()[11:13])
        with open(os.path.join(os.environ["BENCH_RECORDS"], f"{{number}}.json"), "w") as record:
            json.dump({{"pid": slamd.pid, "socket": slamd.socket_path, "daemonTicks": daemon_ticks}}, record)
    """
)


def run_suite(directory: Path, slamd: str, workers: int) -> "tuple[float, set, float]":
    """Runs the suite once (serially when ``workers`` is 0); returns its wall time, the daemons its tests used
    and the CPU seconds the daemon had used by the last test's end (user and system)."""
    records = Path(tempfile.mkdtemp(prefix="records-", dir=directory))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "slam.pytest_plugin",
               "-p", "xdist.plugin", "--basetemp", str(directory / f"tmp-{records.name}")]
    if workers:
        command += ["-n", str(workers)]
    environment = dict(os.environ, SLAMD=str(Path(slamd).resolve()), BENCH_RECORDS=str(records), PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    began = time.perf_counter()
    completed = subprocess.run(command + [str(directory / "test_journeys.py")], cwd=directory, env=environment,
                               capture_output=True, text=True)
    elapsed = time.perf_counter() - began
    if completed.returncode != 0:
        sys.exit(f"the suite failed ({' '.join(command)}):\n{completed.stdout[-3000:]}{completed.stderr[-2000:]}")
    recorded = [json.loads(path.read_text()) for path in records.glob("*.json")]
    daemons = {(record["pid"], record["socket"]) for record in recorded}
    return elapsed, daemons, max(record["daemonTicks"] for record in recorded) / os.sysconf("SC_CLK_TCK")


def left_running(daemons: set) -> list:
    """The daemons of a run that still run once it is over (pgrep -f on their sockets): none, or it leaked."""
    leaked = []
    for _, socket_path in daemons:
        found = subprocess.run(["pgrep", "-f", f"slamd --socket {socket_path}"], capture_output=True, text=True)
        leaked += found.stdout.split()
    return leaked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slamd", required=True)
    parser.add_argument("--tests", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 40 tests, one run each")
    parser.add_argument("--backend-ms", type=int, default=20,
                        help="the second scenario: each test also waits this long for a task its client runs (a backend call)")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.tests, arguments.runs = 40, 1
    try:
        import xdist  # noqa: F401
    except ImportError:
        sys.exit("pytest-xdist is not installed in this Python (make python-venv installs it)")

    directory = Path(tempfile.mkdtemp(prefix="bench-parallel-"))
    print(f"{arguments.tests} tests on the demo, each on an instance of its own; "
          f"best of {arguments.runs} runs; {os.cpu_count()} CPUs; slamd {arguments.slamd}")
    for backend_ms in (0, arguments.backend_ms):
        print("the daemon's work only:" if backend_ms == 0 else f"each test also waits {backend_ms} ms for a backend (a task its client runs):")
        results = {}
        for label, workers in (("serial", 0), (f"-n {arguments.workers}", arguments.workers)):
            suite = lambda tests: SUITE.format(tests=tests, backend_seconds=backend_ms / 1000)  # noqa: E731
            # The same command on a suite of as many tests as workers: what the run costs before its tests.
            (directory / "test_journeys.py").write_text(suite(max(workers, 1)), encoding="utf-8")
            start_up = min(run_suite(directory, arguments.slamd, workers)[0] for _ in range(arguments.runs))
            (directory / "test_journeys.py").write_text(suite(arguments.tests), encoding="utf-8")
            times, daemon_counts, daemon_seconds = [], set(), []
            for _ in range(arguments.runs):
                elapsed, used, cpu = run_suite(directory, arguments.slamd, workers)
                times.append(elapsed)
                daemon_seconds.append(cpu)
                daemon_counts.add(len(used))
                leaked = left_running(used)
                if leaked:
                    sys.exit(f"{label}: slamd processes left running after the run: {leaked}")
            best = min(times)
            results[label] = (best, start_up)
            print(f"{label:>8}: {best:6.2f} s wall (runs: {', '.join(f'{elapsed:.2f}' for elapsed in times)} s), "
                  f"of which {start_up:.2f} s start-up; {(best - start_up) / arguments.tests * 1000:5.2f} ms a test beyond it; "
                  f"daemons used: {' or '.join(map(str, sorted(daemon_counts)))}; "
                  f"the daemon's CPU {min(daemon_seconds) / arguments.tests * 1000:.2f} ms a test")
        (serial, serial_start), (parallel, parallel_start) = results["serial"], results[f"-n {arguments.workers}"]
        print(f"speed-up with -n {arguments.workers}: {serial / parallel:.2f}x wall; "
              f"{(serial - serial_start) / (parallel - parallel_start):.2f}x on the tests beyond start-up")


if __name__ == "__main__":
    main()
