"""The template a Swift developer starts from (Examples/swift-app), as they would use it: a copy in a
temporary directory built against this checkout (SLAM_CHECKOUT), its own tests run, `counter-app` started
and driven by slamctl as `make install` installs it and by the Python client, and `--check` catching a task misspelt in it.

The build shares a scratch path across runs ($SLAM_TEMPLATE_SCRATCH, default .build/template) so that
Slam and its dependencies compile once; the copy itself is always fresh. Run with `make template-test`.
"""
import os
import shutil
import subprocess
import time

import pytest

import slam

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPLATE = os.path.join(ROOT, "Examples", "swift-app")
SCRATCH = os.environ.get("SLAM_TEMPLATE_SCRATCH") or os.path.join(ROOT, ".build", "template")
DEADLINE = 30.0


def binary(name):
    """This checkout's build of `name` (slamctl), or the path in $NAME."""
    override = os.environ.get(name.upper())
    if override:
        return override
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    return os.path.join(path, name)


def swift(copy, *arguments):
    """Runs `swift ARGUMENTS` in the copy against this checkout; fails the test with its output when it fails."""
    result = subprocess.run(["swift", *arguments, "--scratch-path", SCRATCH], cwd=copy, capture_output=True,
                            text=True, env=dict(os.environ, SLAM_CHECKOUT=ROOT))
    assert result.returncode == 0, f"swift {' '.join(arguments)}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def wait_until(what, condition):
    deadline = time.monotonic() + DEADLINE
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """A fresh copy of the template (no build products), built with its tests."""
    copy = str(tmp_path_factory.mktemp("template") / "swift-app")
    shutil.copytree(TEMPLATE, copy, ignore=shutil.ignore_patterns(".build*", ".swiftpm", "Package.resolved"))
    swift(copy, "build", "--build-tests")
    return copy


@pytest.fixture(scope="module")
def app_binary(copy):
    return os.path.join(swift(copy, "build", "--show-bin-path").strip(), "counter-app")


@pytest.fixture
def running(app_binary, tmp_path):
    """`counter-app` serving on a socket of its own until the test ends."""
    socket = str(tmp_path / "counter-app.sock")
    output = tmp_path / "out"
    with open(output, "w") as out, open(tmp_path / "err", "w") as err:
        process = subprocess.Popen([app_binary, "--socket", socket, "--trace-dir", str(tmp_path / "traces")],
                                   stdout=out, stderr=err)
    try:
        # It prints slamd's own ready line, as every app hosted with SlamHost.main does.
        wait_until("counter-app to listen", lambda: "slamd listening on" in output.read_text() or process.poll() is not None)
        assert process.poll() is None, (tmp_path / "err").read_text()
        yield socket
    finally:
        process.terminate()
        assert process.wait(timeout=DEADLINE) == 0


@pytest.fixture(scope="module")
def installed_slamctl(tmp_path_factory):
    """slamctl installed as `make install` installs it (scripts/install.sh, into a temporary prefix), from this
    checkout's build: what a developer of the app runs, not a binary inside the build directory."""
    prefix = tmp_path_factory.mktemp("prefix")
    built = os.path.dirname(binary("slamctl"))
    subprocess.run([os.path.join(ROOT, "scripts", "install.sh"), str(prefix), built], cwd=ROOT, check=True,
                   capture_output=True, timeout=120)
    return os.path.join(str(prefix), "bin", "slamctl")


def slamctl(command, socket, *arguments):
    result = subprocess.run([command, "--socket", socket, *arguments], capture_output=True, text=True,
                            timeout=DEADLINE)
    assert result.returncode == 0, f"slamctl {' '.join(arguments)}: {result.stdout}{result.stderr}"
    return result.stdout


def test_its_own_tests_pass_in_process_and_launched(copy):
    output = swift(copy, "test", "--skip-build")
    for test in ("inProcess()", "launched()", "checkFindsNoProblem()"):
        assert f'Test {test} passed' in output, output


def test_the_installed_slamctl_presses_and_pushes(running, installed_slamctl):
    assert "Count: 0" in slamctl(installed_slamctl, running, "tree")
    slamctl(installed_slamctl, running, "press", "plus")
    assert "Count: 1" in slamctl(installed_slamctl, running, "tree")
    slamctl(installed_slamctl, running, "task", "push", "About")
    assert [line.split()[1] for line in slamctl(installed_slamctl, running, "controllers").splitlines()] == ["Counter", "About"]
    assert "Counted to 1, cleared 0 times" in slamctl(installed_slamctl, running, "tree")


def test_the_python_client_sees_a_state_change_through_ui_attach(running):
    renderer = slam.connect(running)
    actor = slam.connect(running)
    model = slam.RemoteUIModel()
    model.attach(renderer.ui_attach())
    assert [screen["id"] for screen in model.screens] == ["Counter"]

    def shown():
        """The redraws so far applied: the stack's screens and the top screen's texts."""
        for notification in renderer.notifications(timeout=0.1):
            if notification.method == "ui.redraw":
                model.apply(notification.params)
        return [screen["id"] for screen in model.screens], [child.get("text") for child in model.tree(-1)["children"]]

    actor.press("plus")
    wait_until("the press in the model", lambda: "Count: 1" in shown()[1])
    actor.state_set("count", 41)
    wait_until("the state change in the model", lambda: "Count: 41" in shown()[1] and model.state.get("count") == 41)
    actor.run_task("push", param="About")
    wait_until("About in the model", lambda: shown() == (["Counter", "About"], ["Counted to 41, cleared 0 times", "Back"]))


def test_check_finds_a_misspelt_task_with_did_you_mean(copy):
    """Runs last: it misspells the copy's task and rebuilds it."""
    source = os.path.join(copy, "Sources", "CounterScreens", "CounterView.swift")
    with open(source) as file:
        text = file.read()
    assert '$0.task = "clear"' in text
    with open(source, "w") as file:
        file.write(text.replace('$0.task = "clear"', '$0.task = "claer"'))
    swift(copy, "build", "--product", "counter-app")
    app = os.path.join(swift(copy, "build", "--show-bin-path").strip(), "counter-app")
    check = subprocess.run([app, "--check"], capture_output=True, text=True, timeout=DEADLINE)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "counter-app:Counter/" in check.stdout and "clear.task: warning: unknown task 'claer'" in check.stdout, check.stdout
    assert "did you mean 'clear'?" in check.stdout, check.stdout
    strict = subprocess.run([app, "--check", "--strict"], capture_output=True, text=True, timeout=DEADLINE)
    assert strict.returncode == 1, strict.stdout + strict.stderr
