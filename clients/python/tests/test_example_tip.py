"""The tip calculator (``Examples/tip``): its storyboard on a real slamd, its arithmetic in Python, no button.

The program's ``attach`` (``tip.py``, imported by path) serves in a thread while a second client (the
"person") types a bill, picks a tip and steps the number of people: the results follow each change
through the storyboard's ``changeTask``. Then the program as a process, the wireframe (``slamctl
screen``), ``slamctl ui`` in a terminal, and the real page in headless Chromium.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator, List

import pytest

import slam
from support import REPOSITORY_ROOT
from web_support import missing_browser, opened_page, screenshots, wait_until

TIP_DIRECTORY = REPOSITORY_ROOT / "Examples" / "tip"
STORYBOARD = TIP_DIRECTORY / "tip.storyboard.json"
PROGRAM = TIP_DIRECTORY / "tip.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("slam_example_tip", PROGRAM)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tip = load_example()


def results(client: slam.Client) -> List[str]:
    return [client.find(ref)["text"] for ref in ("tip", "total", "perPerson")]


def wait_results(client: slam.Client, expected: List[str]) -> None:
    """The results once the typing's pause is over and the app answered (the daemon waits for the total's text)."""
    client.wait_for("perPerson", property="text", equals=expected[2], timeout_ms=10_000)
    client.wait_for("total", property="text", equals=expected[1], timeout_ms=10_000)
    assert results(client) == expected


def element_types(node: Any) -> Iterator[str]:
    yield node["type"]
    for child in node.get("children", []):
        yield from element_types(child)


@pytest.fixture
def running(slamd_factory) -> Iterator[Any]:
    """A slamd hosting the storyboard, the example attached and serving in a thread; yields (daemon, person)."""
    daemon = slamd_factory(storyboard=STORYBOARD)
    app = daemon.connect()
    tip.attach(app)
    serving = threading.Thread(target=app.serve, name="tip app", daemon=True)
    serving.start()
    yield daemon, daemon.connect()
    daemon.stop()
    serving.join(10)
    assert not serving.is_alive()


def test_the_arithmetic():
    assert tip.results("84", 1, 1) == {"message": "", "tip": 12.6, "total": 96.6, "perPerson": 96.6}
    assert tip.results("1,234.50", 2, 3) == {"message": "", "tip": 246.9, "total": 1481.4, "perPerson": 493.8}
    assert tip.results("", 0, 2.0)["total"] == 0.0, "nothing typed is a bill of 0; a stepper's 2.0 is 2 people"
    assert tip.results("12x", 0, 1) == {"message": "'12x' is not an amount", "tip": None, "total": None, "perPerson": None}
    assert tip.results("-3", 0, 1)["message"] == "A bill is not negative"
    assert tip.results("nan", 0, 1)["message"] == "'nan' is not an amount"
    assert tip.results("84.50", 1, 1)["tip"] == 12.68, "money rounds halves up (12.675), binary floats would not"


def test_results_follow_the_bill_the_tip_and_the_people_with_no_button(running):
    daemon, person = running
    assert "Button" not in set(element_types(person.tree())), "nothing to press to recalculate"
    assert results(person) == ["Tip: 0.00", "Total: 0.00", "Per person: 0.00"], "attach showed the results at once"
    assert person.find("tipRate")["selectedSegment"] == 1, "15 % to start with"

    person.type_text("bill", "84")  # as a person types: key by key
    wait_results(person, ["Tip: 12.60", "Total: 96.60", "Per person: 96.60"])

    # A control's change runs the task within its press: the results are there when the press is answered.
    person.press("tipRate", 2)
    assert results(person) == ["Tip: 16.80", "Total: 100.80", "Per person: 100.80"]
    person.press("people", "increment")
    person.press("people", "increment")
    assert results(person) == ["Tip: 16.80", "Total: 100.80", "Per person: 33.60"]
    person.press("people", "decrement")
    assert results(person)[2] == "Per person: 50.40"

    person.set_text("bill", "1234.5")
    wait_results(person, ["Tip: 246.90", "Total: 1,481.40", "Per person: 740.70"])


def test_a_bill_that_is_not_an_amount_says_so_and_hides_the_results(running):
    daemon, person = running
    person.set_text("bill", "12x")
    person.wait_for("message", property="text", equals="'12x' is not an amount", timeout_ms=10_000)
    assert person.find("message")["visible"] is True
    assert person.find("results")["visible"] is False, "no results for no amount"
    person.key("Backspace", "bill")
    person.wait_for("results", state="visible", timeout_ms=10_000)
    assert person.find("message")["visible"] is False
    assert results(person) == ["Tip: 1.80", "Total: 13.80", "Per person: 13.80"]


def test_typing_runs_the_calculation_once_per_pause(running):
    daemon, person = running
    watcher = daemon.connect()
    watcher.subscribe(["taskRan"])
    person.type_text("bill", "120")  # three keys, each a change, well within the pause
    wait_results(person, ["Tip: 18.00", "Total: 138.00", "Per person: 138.00"])
    person.press("people", "increment")  # a run of its own, after any the typing made
    ran = []
    for note in watcher.notifications(timeout=20):
        ran.append(note.params)
        if len(ran) == 2:
            break
    assert ran == [{"name": "calculate", "param": None}] * 2
    assert person.find("perPerson")["text"] == "Per person: 69.00", "the second run was the press's: the typing ran it once"


def test_the_wireframe_shows_the_results(running, slamd_path):
    daemon, person = running
    person.press("tipRate", 0)
    person.set_text("bill", "50")
    wait_results(person, ["Tip: 5.00", "Total: 55.00", "Per person: 55.00"])
    slamctl = str(Path(slamd_path).with_name("slamctl"))
    screen = subprocess.run([slamctl, "--socket", daemon.socket_path, "screen"], capture_output=True, text=True, timeout=30)
    assert screen.returncode == 0, screen.stderr
    for text in ("Tip calculator", "50", "Tip: 5.00", "Total: 55.00", "Per person: 55.00", "People"):
        assert text in screen.stdout, screen.stdout


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux runs slamctl ui in a terminal")
def test_the_terminal_ui_recalculates_as_a_person_types(running, slamd_path):
    daemon, person = running
    slamctl = str(Path(slamd_path).with_name("slamctl"))
    directory = tempfile.mkdtemp(prefix="slam-tip-tui-")
    tmux = ["tmux", "-S", os.path.join(directory, "tmux")]

    def screen() -> str:
        return subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True, text=True, check=True).stdout

    try:
        subprocess.run([*tmux, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "40", "sh", "-i"], check=True,
                       env={**os.environ, "PS1": "$ ", "TERM": "xterm-256color"})
        subprocess.run([*tmux, "send-keys", f"{slamctl} --socket {daemon.socket_path} ui", "Enter"], check=True)
        wait_until(lambda: "Per person: 0.00" in screen(), 20, f"the calculator in the terminal:\n{screen()}")
        person.focus("bill")  # the terminal follows the daemon's focus
        wait_until(lambda: "bill: [▏" in screen(), 20, f"the bill focused (its cursor shown):\n{screen()}")
        subprocess.run([*tmux, "send-keys", "-l", "40"], check=True)
        wait_until(lambda: "Total: 46.00" in screen(), 20, f"the results in the terminal:\n{screen()}")
        assert person.find("bill")["text"] == "40"
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
        shutil.rmtree(directory, ignore_errors=True)


def test_the_program_attaches_serves_and_stops_with_ctrl_c(slamd_factory):
    daemon = slamd_factory(storyboard=STORYBOARD)
    program = subprocess.Popen([sys.executable, str(PROGRAM), "--socket", daemon.socket_path],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert program.stdout is not None
        line = program.stdout.readline()
        assert line == f"Tip calculator attached to {daemon.socket_path}; Ctrl-C stops it\n", program.stderr
        person = daemon.connect()
        person.press("people", "increment")
        person.set_text("bill", "10")
        wait_results(person, ["Tip: 1.50", "Total: 11.50", "Per person: 5.75"])
        program.send_signal(signal.SIGINT)
        assert program.wait(15) == 0
        wait_until(lambda: "calculate" not in person.tasks(), 10, "its task to go with it")
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
        for stream in (program.stdout, program.stderr):
            if stream is not None:
                stream.close()


def test_the_program_says_when_no_slamd_listens(tmp_path):
    done = subprocess.run([sys.executable, str(PROGRAM), "--socket", str(tmp_path / "nothing.sock")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert done.stderr.startswith("tip: "), done.stderr
    assert str(tmp_path / "nothing.sock") in done.stderr


# ---------------------------------------------------------------- the real page


@pytest.fixture(scope="module")
def screenshot_directory():
    with screenshots("slam-tip-screenshots-") as directory:
        yield directory


@pytest.mark.skipif(missing_browser() is not None, reason=missing_browser() or "")
def test_a_person_types_a_bill_in_the_browser_and_the_results_follow(browser, slamd_factory, screenshot_directory):
    with opened_page(browser, slamd_factory, STORYBOARD) as page:
        app = page.daemon.connect()
        tip.attach(app)
        serving = threading.Thread(target=app.serve, name="tip app", daemon=True)
        serving.start()
        page.wait_text("perPerson", "Per person: 0.00")

        page.top("bill").click()
        page.top("bill").send_keys("84.50")
        page.wait_text("total", "Total: 97.18", timeout=10)  # 84.50 + 12.68 (15 %), with no button pressed
        page.wait_text("tip", "Tip: 12.68")

        segments = page.top("tipRate").find_elements(page.By.CSS_SELECTOR, "button")
        assert [segment.text for segment in segments] == ["10 %", "15 %", "20 %"]
        segments[2].click()
        page.wait_text("total", "Total: 101.40")
        plus = page.top("people").find_element(page.By.CSS_SELECTOR, '[data-press="increment"]')
        plus.click()
        page.wait_text("perPerson", "Per person: 50.70")
        plus.click()
        page.wait_text("perPerson", "Per person: 33.80")
        page.agrees_with_server()
        page.screenshot("tip-example.png", screenshot_directory)

        page.top("bill").send_keys("x")
        page.wait_text("message", "'84.50x' is not an amount", timeout=10)
        wait_until(lambda: not page.top("results").is_displayed(), 5, "the results hidden")
    page.daemon.stop()
    serving.join(10)
    assert not serving.is_alive()
