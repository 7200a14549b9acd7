"""The pytest plugin: storyboards, launching, and teardown that leaves nothing behind."""

import json
import os
import stat
import subprocess
import sys
import textwrap

import pytest

import slam
from slam.pytest_plugin import instance_label, resolve_slamd_path
from support import TEST_STORYBOARD


def assert_process_is_gone(pid):
    """The process has exited and was reaped: no zombie is left."""
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def assert_process_has_exited(pid):
    """The process has exited: gone, or a zombie its new parent has not reaped yet (a daemon an xdist
    worker launched outlives the worker; where the container's init reaps no orphan, it stays a zombie)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat_file:
            state = stat_file.read().rsplit(b")", 1)[1].split()[0]
    except FileNotFoundError:
        return
    assert state == b"Z", f"process {pid} is still running (state {state.decode()})"


def test_a_storyboard_given_as_a_dict_is_launched_and_driven(slamd_factory):
    daemon = slamd_factory(storyboard=TEST_STORYBOARD)
    client = daemon.connect()
    assert client.find("heading")["text"] == "Welcome"
    assert client.tasks() == ["alert", "append", "increment", "pop", "push", "remove", "set", "toggle", "url"], "the built-ins"
    client.press("next")
    assert [controller["id"] for controller in client.controllers()] == ["Start", "Second"]
    assert client.find("arrived")["text"] == "You made it"
    client.press("back")
    assert client.press("flag")["isOn"] is True


def test_a_storyboard_given_as_a_path_is_launched(slamd_factory, tmp_path):
    storyboard = dict(TEST_STORYBOARD, initial="Second")
    path = tmp_path / "board.json"
    path.write_text(json.dumps(storyboard), encoding="utf-8")
    client = slamd_factory(storyboard=path).connect()
    assert client.controllers() == [{"id": "Second", "title": "Second", "modal": False}]


def run_inner_session(pytester, monkeypatch):
    """Runs the test files ``pytester`` holds with only the slam plugin loaded."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    return pytester.runpytest_inprocess("-p", "slam.pytest_plugin")


def test_a_bad_storyboard_fails_with_the_daemon_output(pytester, monkeypatch):
    pytester.makepyfile(
        """
        def test_launch(slamd_factory):
            slamd_factory(storyboard={"initial": "Nowhere", "controllers": []})
        """
    )
    result = run_inner_session(pytester, monkeypatch)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*slamd exited with status *before listening*"])


USES_THE_CONFIGURED_APP = """
import os
import pytest

def test_shared(slam_client):
    assert slam_client.find("heading")["text"] == os.environ["EXPECTED_HEADING"]
    slam_client.press("next")

def test_reset_between_tests(slam_client):
    assert [c["id"] for c in slam_client.controllers()] == ["Start"]

@pytest.mark.slam_fresh_daemon
def test_fresh(slam_client):
    assert slam_client.find("heading")["text"] == os.environ["EXPECTED_HEADING"]
"""


def write_storyboard(path, heading):
    board = json.loads(json.dumps(TEST_STORYBOARD))
    board["controllers"][0]["view"]["children"][0]["text"] = heading
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(board), encoding="utf-8")


def test_the_slamd_fixture_hosts_the_storyboard_an_ini_file_names(pytester, monkeypatch):
    write_storyboard(pytester.path / "app" / "board.json", "From the ini file")
    pytester.makefile(".ini", pytest="[pytest]\nslam_storyboard = app/board.json\n")
    pytester.makepyfile(USES_THE_CONFIGURED_APP)
    monkeypatch.setenv("EXPECTED_HEADING", "From the ini file")
    run_inner_session(pytester, monkeypatch).assert_outcomes(passed=3)
    # Run from elsewhere: the path stays relative to the ini file.
    monkeypatch.chdir(pytester.path / "app")
    result = pytester.runpytest_inprocess("-p", "slam.pytest_plugin", "--slam-fresh-daemon", str(pytester.path))
    result.assert_outcomes(passed=3)


def test_the_command_line_option_wins_over_pyproject(pytester, monkeypatch):
    write_storyboard(pytester.path / "board.json", "From pyproject")
    write_storyboard(pytester.path / "other.json", "From the command line")
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\nslam_storyboard = "board.json"\n')
    pytester.makepyfile(USES_THE_CONFIGURED_APP)
    monkeypatch.setenv("EXPECTED_HEADING", "From the command line")
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.runpytest_inprocess("-p", "slam.pytest_plugin", "--slam-storyboard", "other.json").assert_outcomes(passed=3)
    monkeypatch.setenv("EXPECTED_HEADING", "From pyproject")
    pytester.runpytest_inprocess("-p", "slam.pytest_plugin").assert_outcomes(passed=3)


def test_a_missing_storyboard_or_app_fails_saying_which_setting(pytester, monkeypatch):
    pytester.makefile(".ini", pytest="[pytest]\nslam_storyboard = nowhere.json\n")
    pytester.makepyfile("def test_it(slamd):\n    pass\n")
    result = run_inner_session(pytester, monkeypatch)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*slam_storyboard in {pytester.path / 'pytest.ini'}: no storyboard file at {pytester.path / 'nowhere.json'}*"])
    result = pytester.runpytest_inprocess("-p", "slam.pytest_plugin", "--slam-app", "no-such-app")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*--slam-app: no executable program at {pytester.path / 'no-such-app'}*"])


def test_the_app_option_runs_that_program_with_slamds_command_line(pytester, monkeypatch, slamd_path):
    record = pytester.path / "arguments.json"
    app = pytester.path / "my-app"
    app.write_text(f"#!{sys.executable}\nimport json, os, sys\n"
                   f"json.dump(sys.argv[1:], open({str(record)!r}, 'w'))\n"
                   f"os.execv({slamd_path!r}, [{slamd_path!r}] + sys.argv[1:])\n")
    app.chmod(0o755)
    write_storyboard(pytester.path / "board.json", "Hosted by my app")
    pytester.makefile(".ini", pytest="[pytest]\nslam_app = my-app\nslam_storyboard = board.json\n")
    pytester.makepyfile(USES_THE_CONFIGURED_APP)
    monkeypatch.setenv("EXPECTED_HEADING", "Hosted by my app")
    run_inner_session(pytester, monkeypatch).assert_outcomes(passed=3)
    arguments = json.loads(record.read_text())
    assert arguments[0] == "--socket" and arguments[2:4] == ["--storyboard", str(pytester.path / "board.json")], arguments


@pytest.mark.slam_own_daemon  # it stops the daemon
def test_stop_sigterms_reaps_and_removes_the_socket(slamd):
    pid = slamd.pid
    assert os.path.exists(slamd.socket_path)
    assert stat.S_ISSOCK(os.stat(slamd.socket_path).st_mode)
    assert slamd.stop() == 0
    assert not slamd.running
    assert_process_is_gone(pid)
    assert not os.path.exists(slamd.socket_path)
    assert slamd.stop() == 0
    assert "stopped" in slamd.log()


def test_teardown_stops_every_daemon_a_test_left_running(pytester, monkeypatch):
    record = pytester.path / "daemons.json"
    pytester.makepyfile(
        textwrap.dedent(
            f"""
            import json

            def test_leaves_daemons_running(slamd_factory, slam_client, slamd):
                extra = slamd_factory()
                client = extra.connect()
                assert slam_client.ping() == client.ping() == "pong"
                with open({str(record)!r}, "w") as record:
                    json.dump([[daemon.pid, daemon.socket_path] for daemon in (slamd, extra)], record)
            """
        )
    )
    result = run_inner_session(pytester, monkeypatch)
    result.assert_outcomes(passed=1)
    daemons = json.loads(record.read_text())
    assert len(daemons) == 2
    for pid, socket_path in daemons:
        assert_process_is_gone(pid)
        assert not os.path.exists(socket_path)


def test_slamd_path_prefers_the_slamd_variable(tmp_path, monkeypatch):
    fake_swift = tmp_path / "swift"
    fake_swift.write_text(f"#!{sys.executable}\nopen({str(tmp_path / 'ran')!r}, 'w').write('yes')\nprint('/nowhere')\n")
    fake_swift.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path), prepend=os.pathsep)
    assert resolve_slamd_path({"SLAMD": "/opt/slamd"}) == "/opt/slamd"
    assert not (tmp_path / "ran").exists()


def _fake_swift(tmp_path, bin_path):
    fake_swift = tmp_path / "swift"
    fake_swift.write_text(
        f"#!{sys.executable}\nimport os, sys\n"
        f"open({str(tmp_path / 'ran')!r}, 'w').write(os.getcwd() + ' ' + ' '.join(sys.argv[1:]))\n"
        f"print({str(bin_path)!r})\n"
    )
    fake_swift.chmod(0o755)


def test_slamd_path_asks_swift_build_in_the_checkout(tmp_path, monkeypatch):
    built = tmp_path / "build" / "debug"
    built.mkdir(parents=True)
    (built / "slamd").write_text("#!/bin/sh\n")
    (built / "slamd").chmod(0o755)
    _fake_swift(tmp_path, built)
    monkeypatch.setenv("PATH", str(tmp_path), prepend=os.pathsep)
    assert resolve_slamd_path({"SLAMD": ""}) == str(built / "slamd")
    directory, arguments = (tmp_path / "ran").read_text().split(" ", 1)
    assert arguments == "build --show-bin-path"
    assert os.path.isfile(os.path.join(directory, "Package.swift"))
    assert os.path.isdir(os.path.join(directory, "clients", "python", "slam"))


def test_a_checkout_without_a_built_slamd_uses_the_one_on_path(tmp_path, monkeypatch):
    """After `make install` in a checkout never built for debugging, the installed slamd is the one."""
    _fake_swift(tmp_path, tmp_path / "never-built")
    installed = tmp_path / "prefix" / "bin"
    installed.mkdir(parents=True)
    (installed / "slamd").write_text("#!/bin/sh\n")
    (installed / "slamd").chmod(0o755)
    path = os.pathsep.join([str(tmp_path), str(installed)])
    monkeypatch.setenv("PATH", path)
    assert resolve_slamd_path({"SLAMD": "", "PATH": path}) == str(installed / "slamd")
    with pytest.raises(RuntimeError, match="no slamd built at"):
        resolve_slamd_path({"SLAMD": "", "PATH": str(tmp_path)})


def test_a_client_made_by_the_fixture_talks_to_its_daemon(slamd, slam_client):
    assert slam_client.socket_path == slamd.socket_path
    assert isinstance(slam_client, slam.Client)
    assert slam_client.ping() == "pong"


INSTANCE_TESTS = """
import json
import os

import pytest
import slam

def record(slamd, name, **more):
    with open(os.path.join(os.environ["RECORD_DIRECTORY"], name + ".json"), "w") as file:
        json.dump(dict(instance=slamd.instance, pid=slamd.pid, socket=slamd.socket_path, **more), file)

def test_first(slamd, slam_client):
    slam_client.press("increment")
    slam_client.state_set("orderStatus", "Shipped")
    slam_client.run_task("push", "Settings")
    with slam.Client(slamd.socket_path, instance=slamd.instance) as other:
        assert other.find("count", controller="Home")["text"] == "Count: 1", "a client of its own sees the test's instance"
    record(slamd, "first")

def test_second(slamd, slam_client):
    assert [entry["id"] for entry in slam_client.controllers()] == ["Home"]
    assert slam_client.find("count")["text"] == "Count: 0"
    assert slam_client.state_get("orderStatus") != "Shipped"
    with slam.Client(slamd.socket_path) as lister:
        instances = lister.instance_list()
    record(slamd, "second", open=[entry["instance"] for entry in instances],
           labels={entry["instance"]: entry["label"] for entry in instances})

@pytest.mark.slam_own_daemon
def test_own(slamd, slam_client):
    slam_client.press("increment")
    record(slamd, "own")

@pytest.mark.slam_fresh_daemon
def test_fresh(slamd):
    record(slamd, "fresh")
"""


def read_records(directory):
    return {path.stem: json.loads(path.read_text()) for path in directory.glob("*.json")}


def test_each_test_gets_a_fresh_instance_of_one_shared_daemon_closed_after_it(pytester, monkeypatch, tmp_path):
    pytester.makepyfile(test_instances=INSTANCE_TESTS)
    monkeypatch.setenv("RECORD_DIRECTORY", str(tmp_path))
    run_inner_session(pytester, monkeypatch).assert_outcomes(passed=4)
    runs = read_records(tmp_path)
    first, second, own, fresh = (runs[name] for name in ("first", "second", "own", "fresh"))
    assert first["pid"] == second["pid"] and first["socket"] == second["socket"], "one daemon for both"
    assert "main" != first["instance"] != second["instance"] != "main", "an instance of its own each"
    assert first["instance"] not in second["open"], "the first test's instance was closed after it"
    assert second["open"] == ["main", second["instance"]]
    assert second["labels"][second["instance"]] == "test_instances.py::test_second", "labelled with the test's node id"
    # A marked test has a daemon of its own, under either name, driven on its main instance.
    assert len({first["pid"], own["pid"], fresh["pid"]}) == 3
    assert own["instance"] == fresh["instance"] == "main"
    for run in runs.values():
        assert_process_is_gone(run["pid"])


def test_the_own_daemon_option_gives_every_test_a_daemon_of_its_own(pytester, monkeypatch, tmp_path):
    pytester.makepyfile(test_instances=INSTANCE_TESTS)
    monkeypatch.setenv("RECORD_DIRECTORY", str(tmp_path))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    for option in ("--slam-own-daemon", "--slam-fresh-daemon"):
        pytester.runpytest_inprocess("-p", "slam.pytest_plugin", option).assert_outcomes(passed=4)
        runs = read_records(tmp_path)
        assert len({run["pid"] for run in runs.values()}) == 4, option
        assert {run["instance"] for run in runs.values()} == {"main"}, option


def test_a_long_node_id_is_cut_to_the_labels_200_bytes_keeping_the_tests_name():
    assert instance_label("test_a.py::test_b[1]") == "test_a.py::test_b[1]"
    label = instance_label("tests/" + "é" * 150 + ".py::test_the_end[x]")
    assert len(label.encode("utf-8")) <= 200 and label.startswith("…") and label.endswith(".py::test_the_end[x]")


PARALLEL_TESTS = """
import json
import os

import pytest

@pytest.mark.parametrize("number", range(12))
def test_counts_on_its_own_instance(slamd, slam_client, number):
    for _ in range(number % 4 + 1):
        slam_client.press("increment")
    assert slam_client.find("count")["text"] == f"Count: {number % 4 + 1}"
    slam_client.state_set("orderStatus", f"order {number}")
    assert slam_client.wait_for("count", property="text", equals=f"Count: {number % 4 + 1}", timeout_ms=5000)
    with open(os.path.join(os.environ["RECORD_DIRECTORY"], f"{number}.json"), "w") as file:
        json.dump({"pid": slamd.pid, "socket": slamd.socket_path, "instance": slamd.instance,
                   "worker": os.environ.get("PYTEST_XDIST_WORKER")}, file)
"""


def slamd_processes_on(socket_path):
    """The pids of the slamd processes listening on ``socket_path`` (``pgrep -f``)."""
    found = subprocess.run(["pgrep", "-f", f"slamd --socket {socket_path}"], capture_output=True, text=True)
    return found.stdout.split()


def test_xdist_workers_share_one_daemon_and_the_controller_stops_it(pytester, monkeypatch, tmp_path):
    pytest.importorskip("xdist", reason="pytest-xdist (make python-venv installs it)")
    pytester.makepyfile(test_parallel=PARALLEL_TESTS)
    monkeypatch.setenv("RECORD_DIRECTORY", str(tmp_path))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = pytester.runpytest_subprocess("-p", "xdist.plugin", "-p", "slam.pytest_plugin", "-n", "2", timeout=300)
    result.assert_outcomes(passed=12)
    runs = list(read_records(tmp_path).values())
    assert len(runs) == 12
    assert {run["worker"] for run in runs} == {"gw0", "gw1"}, "both workers ran tests"
    assert len({(run["pid"], run["socket"]) for run in runs}) == 1, f"one daemon for every worker: {runs}"
    assert len({run["instance"] for run in runs}) == 12 and "main" not in {run["instance"] for run in runs}
    pid, socket_path = runs[0]["pid"], runs[0]["socket"]
    assert_process_has_exited(pid)
    assert slamd_processes_on(socket_path) == [], "no slamd is left behind"


def test_pytest_split_shards_run_every_test_once_each_on_one_daemon(pytester, monkeypatch, tmp_path):
    """As a CI matrix runs a suite, one shard per machine: here both shards, one after the other."""
    pytest.importorskip("pytest_split", reason="pytest-split (make python-venv installs it)")
    pytester.makepyfile(test_parallel=PARALLEL_TESTS)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    shards = []
    for group in (1, 2):
        directory = tmp_path / f"shard-{group}"
        directory.mkdir()
        monkeypatch.setenv("RECORD_DIRECTORY", str(directory))
        result = pytester.runpytest_inprocess("-p", "pytest_split.plugin", "-p", "slam.pytest_plugin",
                                              "--splits", "2", "--group", str(group))
        result.assert_outcomes(passed=6)
        runs = read_records(directory)
        assert len({run["pid"] for run in runs.values()}) == 1, f"shard {group}: one daemon"
        shards.append(set(runs))
    assert shards[0].isdisjoint(shards[1]) and shards[0] | shards[1] == {str(number) for number in range(12)}
