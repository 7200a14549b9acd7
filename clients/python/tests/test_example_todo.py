"""The to-do example (``Examples/todo``): its storyboard on a real slamd, its logic in Python, used as a person would.

The app (``todo.py``, imported by path) serves in a thread while a second client (the "user")
types and presses; then the one command, ``python3 Examples/todo/todo.py``, as a separate
process; then the real page in headless Chromium.
"""

from __future__ import annotations

import importlib.util
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List

import pytest

import slam
from support import REPOSITORY_ROOT
from web_support import missing_browser, opened_page, screenshots, wait_until

TODO_DIRECTORY = REPOSITORY_ROOT / "Examples" / "todo"
STORYBOARD = TODO_DIRECTORY / "todo.storyboard.json"
PROGRAM = TODO_DIRECTORY / "todo.py"


def load_example() -> ModuleType:
    """``Examples/todo/todo.py`` as a module (registered first: its dataclasses look their module up)."""
    spec = importlib.util.spec_from_file_location("slam_example_todo", PROGRAM)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


todo = load_example()


class RunningTodo:
    """A slamd hosting the example's storyboard, the example's app serving it in a thread, and a user's client."""

    def __init__(self, daemon: Any, store_path: Path) -> None:
        self.daemon = daemon
        self.app = todo.TodoApp(daemon.connect(), store_path)
        self.app.attach()
        self.thread = threading.Thread(target=self.app.serve, name="todo app", daemon=True)
        self.thread.start()
        self.user: slam.Client = daemon.connect()

    def stop(self) -> None:
        """Stops the daemon; the app's serve() must then return."""
        self.daemon.stop()
        self.thread.join(10)
        assert not self.thread.is_alive(), "the app did not stop serving when slamd went away"

    def add(self, text: str) -> slam.Snapshot:
        self.user.set_text("draft", text)
        return self.user.press("add")

    def select(self, row: int, button_text: str) -> None:
        """Selects a row; the app names the toggle button for it (Done or Undo) once it hears of the selection."""
        self.user.press("list", row)
        self.user.wait_for("toggle", property="text", equals=button_text, timeout_ms=5000)

    def rows(self) -> List[str]:
        return list(self.user.find("list")["items"])

    def text(self, ref: str) -> str:
        return self.user.find(ref)["text"]


@pytest.fixture
def start_todo(slamd_factory):
    """A function ``(store_path)`` starting the example on a new slamd; each one is stopped at the end of the test."""
    running: List[RunningTodo] = []

    def start(store_path: Path) -> RunningTodo:
        running.append(RunningTodo(slamd_factory(storyboard=STORYBOARD), store_path))
        return running[-1]

    yield start
    for instance in running:
        instance.stop()


def saved(store_path: Path) -> List[Dict[str, Any]]:
    return json.loads(store_path.read_text(encoding="utf-8"))["items"]


# ---------------------------------------------------------------- the app, driven by a user's client


def test_the_storyboard_declares_the_tasks_python_supplies_and_checks_clean_even_strictly(slamd_path):
    with open(STORYBOARD) as source:
        assert sorted(json.load(source)["clientTasks"]) == sorted(todo.TASKS)
    checked = subprocess.run([slamd_path, "--check", str(STORYBOARD), "--strict"], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip().endswith("no problems"), checked.stdout


def test_adding_items_shows_them_and_what_is_left(start_todo, tmp_path):
    running = start_todo(tmp_path / "todo.json")
    assert running.text("summary") == "Nothing to do"
    assert running.rows() == []
    assert running.add("  Buy milk ")["ref"] == "add"
    assert running.rows() == ["Buy milk"], "the press is answered after the Python code ran"
    assert running.text("summary") == "1 of 1 left"
    assert running.text("draft") == "", "the field is emptied for the next item"
    running.user.type_text("draft", "Call Ada\n")  # Enter in the field adds too
    assert running.rows() == ["Buy milk", "Call Ada"]
    assert running.text("summary") == "2 of 2 left"
    assert saved(tmp_path / "todo.json") == [{"text": "Buy milk", "done": False}, {"text": "Call Ada", "done": False}]


def test_an_empty_item_is_refused_with_a_message(start_todo, tmp_path):
    running = start_todo(tmp_path / "todo.json")
    assert running.user.find("message")["visible"] is False
    running.add("   ")
    assert running.user.find("message") == {"type": "Label", "ref": "message", "role": "paragraph",
                                           "name": "Write something to do first.", "visible": True,
                                           "text": "Write something to do first."}
    assert running.rows() == []
    assert not (tmp_path / "todo.json").exists(), "nothing to save"
    assert running.user.run_task("add")["result"] == {"added": None, "reason": "Write something to do first."}
    running.add("Buy milk")
    assert running.user.find("message")["visible"] is False, "the message goes once an item is added"
    assert running.user.run_task("add")["result"]["added"] is None, "the draft was emptied"


def test_marking_items_done_and_undone(start_todo, tmp_path):
    running = start_todo(tmp_path / "todo.json")
    running.add("Buy milk")
    running.add("Call Ada")
    assert running.user.find("toggle")["enabled"] is False, "nothing selected yet"
    running.select(0, "Done")
    assert running.user.press("toggle")["text"] == "Undo", "the press answers with the button the Python code renamed"
    assert running.rows() == ["✓ Buy milk", "Call Ada"]
    assert running.text("summary") == "1 of 2 left"
    running.select(1, "Done")
    running.select(0, "Undo")
    running.user.press("toggle")
    assert running.rows() == ["Buy milk", "Call Ada"]
    assert running.text("summary") == "2 of 2 left"
    assert saved(tmp_path / "todo.json")[0] == {"text": "Buy milk", "done": False}


def test_removing_the_finished_items(start_todo, tmp_path):
    running = start_todo(tmp_path / "todo.json")
    for text in ("Buy milk", "Call Ada", "Water plants"):
        running.add(text)
    assert running.user.find("removeFinished")["enabled"] is False, "nothing is finished"
    for row in (0, 2):
        running.select(row, "Done")
        running.user.press("toggle")
    assert running.rows() == ["✓ Buy milk", "Call Ada", "✓ Water plants"]
    assert running.text("summary") == "1 of 3 left"
    assert running.user.press("removeFinished")["enabled"] is False
    assert running.rows() == ["Call Ada"]
    assert running.text("summary") == "1 of 1 left"
    assert running.user.find("toggle")["enabled"] is False, "the selection went with the rows"
    assert saved(tmp_path / "todo.json") == [{"text": "Call Ada", "done": False}]
    running.select(0, "Done")
    running.user.press("toggle")
    running.user.press("removeFinished")
    assert running.text("summary") == "Nothing to do"


def test_the_list_survives_a_restart_of_the_app_and_the_daemon(start_todo, tmp_path):
    store = tmp_path / "lists" / "todo.json"  # a directory that does not exist yet
    first = start_todo(store)
    first.add("Buy milk")
    first.add("Call Ada")
    first.select(1, "Done")
    first.user.press("toggle")
    first.stop()
    assert saved(store) == [{"text": "Buy milk", "done": False}, {"text": "Call Ada", "done": True}]

    second = start_todo(store)
    assert second.daemon.pid != first.daemon.pid
    assert second.rows() == ["Buy milk", "✓ Call Ada"]
    assert second.text("summary") == "1 of 2 left"
    assert second.user.find("removeFinished")["enabled"] is True


def test_a_file_that_is_not_a_list_is_refused_naming_it(tmp_path, slamd_factory):
    store = tmp_path / "todo.json"
    store.write_text('{"items": [{"text": 3}]}', encoding="utf-8")
    client = slamd_factory(storyboard=STORYBOARD).connect()
    with pytest.raises(todo.TodoFileError, match=re.escape(str(store))):
        todo.TodoApp(client, store)
    assert store.read_text(encoding="utf-8") == '{"items": [{"text": 3}]}', "left as it was"


def test_attaching_to_a_daemon_without_the_storyboard_says_so(slamd, tmp_path):
    with pytest.raises(RuntimeError, match="does not show the to-do list"):
        todo.TodoApp(slamd.connect(), tmp_path / "todo.json").attach()


def test_a_second_app_on_the_same_daemon_is_refused(start_todo, tmp_path):
    running = start_todo(tmp_path / "todo.json")
    with pytest.raises(slam.TaskNameTaken):
        todo.TodoApp(running.daemon.connect(), tmp_path / "other.json").attach()
    assert running.add("Still mine")["ref"] == "add"
    assert running.rows() == ["Still mine"]


# ---------------------------------------------------------------- the one command


class Program:
    """``todo.py`` run as a person runs it, its standard output read line by line as it comes."""

    def __init__(self, arguments: List[str], environment: Any = None, cwd: Any = None) -> None:
        self.process = subprocess.Popen([*arguments], env=environment, cwd=cwd, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.printed: List[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put("")  # the end of the output

    def expect(self, pattern: str, timeout: float = 20) -> "re.Match[str]":
        """The first line from now on that matches ``pattern``; fails with what it printed when none comes in time."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                pytest.fail(f"todo.py printed no line matching {pattern!r} within {timeout} s: {self.printed}")
            if not line:
                self.process.wait()
                pytest.fail(f"todo.py exited ({self.process.returncode}) before printing {pattern!r}: "
                            f"{self.printed}\n{self.stderr()}")
            self.printed.append(line)
            match = re.search(pattern, line)
            if match:
                return match

    def interrupt(self, signal_number: int = signal.SIGINT) -> int:
        """Ctrl-C (or another signal); returns the exit status."""
        self.process.send_signal(signal_number)
        status = self.process.wait(15)
        self._reader.join(5)
        return status

    def stderr(self) -> str:
        return self.process.stderr.read() if self.process.stderr and self.process.poll() is not None else ""

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


@pytest.mark.parametrize("slam_from", ["installed", "checkout"])
def test_the_one_command_serves_the_page_and_stops_with_ctrl_c(slam_from, slamd_path, tmp_path):
    # -S leaves site-packages out: `import slam` then finds only the checkout's clients/python, as in a clean checkout.
    python = [sys.executable] if slam_from == "installed" else [sys.executable, "-S"]
    store = tmp_path / "todo.json"
    program = Program([*python, str(PROGRAM), "--web", "0", "--file", str(store)],
                      environment={**os.environ, "SLAMD": slamd_path}, cwd=tmp_path)
    try:
        url = program.expect(r"open (http://127\.0\.0\.1:\d+/#token=[0-9a-f]{64}) in a browser").group(1)
        socket_path = program.expect(r"slamd socket: (\S+)").group(1)
        program.expect(re.escape(f"Saved in {store}"))

        page_address, token = url.split("#token=")
        assert len(token) == 64
        request = urllib.request.Request(page_address)
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
            assert "<html" in response.read().decode("utf-8").lower()

        with slam.Client(socket_path, timeout=10) as user:
            assert user.find("summary")["text"] == "Nothing to do", "the app showed its (empty) list"
            user.set_text("draft", "Buy milk")
            user.press("add")
            assert user.find("summary")["text"] == "1 of 1 left", "the Python process answered the press"
        assert saved(store) == [{"text": "Buy milk", "done": False}]

        assert program.interrupt() == 0, program.stderr()
        assert not os.path.exists(socket_path), "the daemon it started stopped and removed its socket"
        assert not os.path.exists(os.path.dirname(socket_path)), "and its directory is gone"
    finally:
        program.close()


def test_the_one_command_attaches_to_a_running_daemon_with_socket(slamd_factory, tmp_path):
    daemon = slamd_factory(storyboard=STORYBOARD)
    program = Program([sys.executable, str(PROGRAM), "--socket", daemon.socket_path, "--file", str(tmp_path / "todo.json")])
    try:
        program.expect(re.escape(f"attached to {daemon.socket_path}"))
        program.expect("Ctrl-C stops it")
        user = daemon.connect()
        user.set_text("draft", "Call Ada")
        user.press("add")
        assert user.find("list")["items"] == ["Call Ada"]
        assert program.interrupt(signal.SIGTERM) == 0, program.stderr()  # `kill` stops it as Ctrl-C does
        assert daemon.running, "a daemon it did not start is left running"
    finally:
        program.close()


def test_the_one_command_refuses_a_file_that_is_not_a_list(tmp_path, slamd_path):
    store = tmp_path / "todo.json"
    store.write_text("not json", encoding="utf-8")
    done = subprocess.run([sys.executable, str(PROGRAM), "--web", "0", "--file", str(store)],
                          env={**os.environ, "SLAMD": slamd_path}, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert f"{store} is not a to-do list" in done.stderr
    assert done.stdout == "", "nothing started"


def test_the_one_command_says_why_slamd_could_not_start(tmp_path, slamd_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, str(PROGRAM), "--web", str(port), "--file", str(tmp_path / "todo.json")],
                              env={**os.environ, "SLAMD": slamd_path}, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert "todo: slamd exited with status 1" in done.stderr
    assert f"cannot listen on --web 127.0.0.1:{port}" in done.stderr, "slamd's own reason is shown"
    assert done.stdout == ""


# ---------------------------------------------------------------- the real page


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-todo-screenshots-") as directory:
        yield directory


@pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")
def test_a_person_adds_and_finishes_items_in_the_browser(browser, slamd_factory, tmp_path, screenshot_directory):
    with opened_page(browser, slamd_factory, STORYBOARD) as page:
        app = todo.TodoApp(page.daemon.connect(), tmp_path / "todo.json")
        app.attach()
        serving = threading.Thread(target=app.serve, name="todo app", daemon=True)
        serving.start()

        from selenium.common.exceptions import StaleElementReferenceException

        def rows() -> List[str]:
            # The page may replace a row between finding it and reading it: read again then.
            while True:
                try:
                    return [row.text for row in page.top("list").find_elements(page.By.CSS_SELECTOR, "button")]
                except StaleElementReferenceException:
                    continue

        page.wait_text("summary", "Nothing to do")
        for text in ("Buy milk", "Call Ada"):
            page.top("draft").click()
            page.top("draft").send_keys(text)
            wait_until(lambda: page.client.find("draft")["text"] == text, message="the typing to reach slamd")
            page.top("add").click()
            wait_until(lambda: rows()[-1:] == [text], message=f"the row {text!r} (rows: {rows()})")
        page.wait_text("summary", "2 of 2 left")
        assert page.top("draft").get_attribute("value") == "", "the Python code emptied the field"

        page.top("list").find_elements(page.By.CSS_SELECTOR, "button")[0].click()
        wait_until(lambda: page.top("toggle").get_attribute("disabled") is None, message="Done to be enabled")
        page.wait_text("toggle", "Done")
        page.top("toggle").click()
        wait_until(lambda: rows() == ["✓ Buy milk", "Call Ada"], message=f"the row marked done (rows: {rows()})")
        page.wait_text("summary", "1 of 2 left")
        page.wait_text("toggle", "Undo")
        page.agrees_with_server()
        page.screenshot("todo-example.png", screenshot_directory)

        page.top("removeFinished").click()
        wait_until(lambda: rows() == ["Call Ada"], message=f"the finished row removed (rows: {rows()})")
        page.wait_text("summary", "1 of 1 left")
    page.daemon.stop()
    serving.join(10)
    assert not serving.is_alive()
    assert saved(tmp_path / "todo.json") == [{"text": "Call Ada", "done": False}]
