"""`slamctl ui` in a real terminal: tmux runs it against a real slamd (the debug
builds of `swift build`, or $SLAMD/$SLAMCTL), keys go in with `send-keys`, the
screen comes out with `capture-pane -p`. No timing assertions: every check
polls the pane (or the daemon) until it holds, within a generous deadline.

Run with `make terminal-test`.
"""
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEADLINE = 20.0


def binary(name):
    override = os.environ.get(name.upper())
    if override:
        return override
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    return os.path.join(path, name)


def wait_until(what, condition):
    deadline = time.monotonic() + DEADLINE
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


class Terminal:
    """A private tmux server with one window running a shell."""

    def __init__(self, directory):
        self.socket = os.path.join(directory, "tmux")
        self.tmux = ["tmux", "-S", self.socket]
        env = dict(os.environ, PS1="$ ", TERM="xterm-256color")
        env.pop("NO_COLOR", None)
        subprocess.run([*self.tmux, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "40",
                        "sh", "-i"], check=True, env=env)

    def keys(self, *keys, literal=False):
        subprocess.run([*self.tmux, "send-keys", *(["-l"] if literal else []), *keys], check=True)

    def screen(self, colours=False):
        return subprocess.run([*self.tmux, "capture-pane", "-p", *(["-e"] if colours else [])],
                              capture_output=True, text=True, check=True).stdout

    def wait_for(self, text):
        return wait_until(f"{text!r} on the screen:\n{self.screen()}", lambda: text in self.screen() and self.screen())

    def resize(self, columns, rows):
        subprocess.run([*self.tmux, "resize-window", "-x", str(columns), "-y", str(rows)], check=True)

    def close(self):
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)


@pytest.fixture
def session():
    if shutil.which("tmux") is None:
        pytest.fail("tmux is needed (make terminal-test installs it)")
    directory = tempfile.mkdtemp(prefix="slam-tui-")
    socket = os.path.join(directory, "slamd.sock")
    daemon = subprocess.Popen([binary("slamd"), "--socket", socket], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    slamctl = binary("slamctl")
    wait_until("slamd", lambda: subprocess.run([slamctl, "--socket", socket, "ping"],
                                               capture_output=True).returncode == 0)
    terminal = Terminal(directory)
    terminal.keys(f"{slamctl} --socket {socket} ui; echo exit=$?", "Enter")
    terminal.wait_for("Count: 0")

    def ctl(*words):
        return subprocess.run([slamctl, "--socket", socket, *words], capture_output=True, text=True)

    yield terminal, ctl, daemon
    terminal.close()
    if daemon.poll() is None:
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(10)
    shutil.rmtree(directory, ignore_errors=True)


def test_draws_the_demo_home_screen(session):
    terminal, _, _ = session
    screen = terminal.screen()
    lines = screen.splitlines()
    assert lines[0].startswith(" Slam Demo  Home")
    assert "[ +1 ]  [ -1 ]  [ Reset ]" in screen
    assert "[ Settings ]  [ Shopping list ]  [ To-do ]  [ Order ]  [ About ]  [ Website ]" in screen
    assert "Goal reached!" not in screen, "hidden elements are not drawn"
    assert "Ready" in lines[-1] and "Esc back" in lines[-1], "the status line: last event and key help"
    assert "\x1b[" in terminal.screen(colours=True), "colours on a terminal that has them"


def test_tab_to_plus_one_and_enter_changes_the_count(session):
    terminal, ctl, _ = session
    terminal.keys("Tab")
    terminal.wait_for('Tab → button "+1"')
    terminal.keys("Enter")
    terminal.wait_for("Count: 1")
    assert '"Count: 1"' in ctl("find", "count").stdout


def test_a_press_from_another_shell_shows_up(session):
    terminal, ctl, _ = session
    assert ctl("press", "increment").returncode == 0
    assert ctl("press", "increment").returncode == 0
    terminal.wait_for("Count: 2")
    terminal.wait_for('press button "+1"')  # as a person names it: its role and name


def test_typing_into_a_text_field_reaches_the_daemon(session):
    terminal, ctl, _ = session
    assert ctl("task", "push", "Settings").returncode == 0
    terminal.wait_for("Home › Settings")
    for _ in range(4):  # wifi, volume, theme, name
        terminal.keys("Tab")
    terminal.wait_for('Tab → textbox "Name"')
    terminal.keys("Ada", literal=True)
    terminal.wait_for("Hello, Ada")
    wait_until("name = Ada", lambda: 'text: "Ada"' in ctl("find", "name").stdout)
    terminal.keys("Escape")  # back to Home
    terminal.wait_for("Count: 0")


def status_line(terminal):
    return terminal.screen().splitlines()[-1].strip()


def test_the_status_line_announces_the_focused_elements_role_name_and_state(session):
    terminal, ctl, _ = session
    assert ctl("task", "push", "Settings").returncode == 0
    terminal.wait_for("Home › Settings")
    terminal.keys("Tab")
    terminal.wait_for('Tab → switch "Wi-Fi", on')
    terminal.keys("Tab")
    terminal.wait_for('Tab → spinbutton "Volume" 5 (0–10)')
    terminal.keys("Up")
    terminal.wait_for('ArrowUp → spinbutton "Volume" 6 (0–10)')
    terminal.keys("Tab")
    terminal.wait_for('Tab → radiogroup "Theme" Auto')
    # Focus moved by another client is announced too, as soon as the screen shows it.
    assert ctl("focus", "pages").returncode == 0
    wait_until("the announcement of the page control",
               lambda: status_line(terminal).startswith('slider "Page" Page 1 of 3'))
    terminal.resize(80, 24)
    terminal.keys("BTab")  # Shift+Tab
    wait_until("the announcement whole on 80 columns",
               lambda: status_line(terminal) == 'Shift+Tab → textbox "Name"')


def test_a_click_presses_the_element_under_the_pointer(session):
    terminal, ctl, _ = session
    screen = terminal.screen().splitlines()
    row = next(index for index, line in enumerate(screen) if "[ +1 ]" in line)
    column = screen[row].index("[ +1 ]") + 2
    # An SGR mouse report, as xterm sends it for a left click (1-based cells).
    terminal.keys(f"\x1b[<0;{column + 1};{row + 1}M\x1b[<0;{column + 1};{row + 1}m", literal=True)
    terminal.wait_for("Count: 1")


def test_resizing_reflows(session):
    terminal, _, _ = session
    terminal.resize(40, 20)
    screen = terminal.wait_for("[ Settings ]  [ Shopping list ]\n")
    assert "[ To-do ]  [ Order ]  [ About ]" in screen
    assert len(screen.splitlines()) <= 20
    terminal.resize(100, 40)
    terminal.wait_for("[ Settings ]  [ Shopping list ]  [ To-do ]  [ Order ]  [ About ]  [ Website ]")


def test_the_daemon_stopping_leaves_a_clean_terminal_and_exit_status_3(session):
    terminal, _, daemon = session
    daemon.send_signal(signal.SIGTERM)
    daemon.wait(10)
    screen = terminal.wait_for("exit=3")
    assert "lost slamd" in screen
    assert "Count: 0" not in screen, "the normal screen is back"
    terminal.keys("stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo|isig)' | tr '\\n' ,; echo", "Enter")
    screen = terminal.wait_for("isig,")
    flags = screen.split("isig,")[0].split("\n")[-1] + "isig,"
    assert "-" not in flags, f"cooked mode again (icanon, isig, echo on): {flags}"


def test_ctrl_c_restores_the_terminal_and_exits_as_interrupted(session):
    terminal, _, _ = session
    terminal.keys("C-c")
    screen = terminal.wait_for("exit=130")  # as every long-running command after Ctrl-C
    assert "Count: 0" not in screen


def test_ctrl_q_quits_with_status_0(session):
    terminal, _, _ = session
    terminal.keys("C-q")
    screen = terminal.wait_for("exit=0")
    assert "Count: 0" not in screen


def test_an_instance_of_its_own_shows_its_presses_only_and_stops_when_closed(session):
    terminal, ctl, daemon = session
    terminal.keys("C-q")
    terminal.wait_for("exit=0")
    handle = ctl("instances", "create").stdout.strip()
    socket = daemon.args[daemon.args.index("--socket") + 1]
    terminal.keys(f"clear; {binary('slamctl')} --socket {socket} --instance {handle} ui; echo exit=$?", "Enter")
    terminal.wait_for("Count: 0")
    assert ctl("--instance", handle, "press", "increment").returncode == 0
    terminal.wait_for("Count: 1")
    assert ctl("press", "increment").returncode == 0 and ctl("press", "increment").returncode == 0
    assert '"Count: 2"' in ctl("find", "count").stdout, "main counts on its own"
    assert "Count: 1" in terminal.screen()
    assert ctl("instances", "close", handle).returncode == 0
    screen = terminal.wait_for("exit=1")
    assert f"the instance {handle} this terminal showed was closed" in screen
    assert "Count: 1" not in screen, "the normal screen is back"


def test_a_new_instance_is_closed_when_ctrl_c_ends_the_ui(session):
    terminal, ctl, daemon = session
    terminal.keys("C-q")
    terminal.wait_for("exit=0")
    socket = daemon.args[daemon.args.index("--socket") + 1]
    terminal.keys(f"clear; {binary('slamctl')} --socket {socket} --instance new ui; echo exit=$?", "Enter")
    terminal.wait_for("Count: 0")
    def handles():
        return [entry["instance"] for entry in json.loads(ctl("instances", "--json").stdout)]

    assert handles() == ["main", "i1"], "the ui's own instance"
    terminal.keys("C-c")
    terminal.wait_for("exit=130")
    assert handles() == ["main"], "closed before slamctl exited"
