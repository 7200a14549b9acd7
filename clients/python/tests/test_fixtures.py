"""The pytest plugin: storyboards, launching, and teardown that leaves nothing behind."""

import json
import os
import stat
import sys
import textwrap

import pytest

import slam
from slam.pytest_plugin import resolve_slamd_path
from support import TEST_STORYBOARD


def assert_process_is_gone(pid):
    """The process has exited and was reaped: no zombie is left."""
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


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
