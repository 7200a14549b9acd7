"""`make install` into a temporary prefix, then the installed commands used from another directory.

What a user keeps after installing: the static release `slamd` and `slamctl` on their own (run from a
directory that is not the checkout, with the prefix's run-time files), the exit statuses, the manual
pages as `man` shows them, the completions as bash, zsh and fish complete with them (zsh in a real
terminal, tmux), the systemd user unit, and `make uninstall`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def prefix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A prefix `make install PREFIX=…` filled, as a user would run it."""
    prefix = tmp_path_factory.mktemp("prefix")
    result = subprocess.run(["make", "--no-print-directory", "install", f"PREFIX={prefix}"], cwd=REPOSITORY,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"installed slamd and slamctl in {prefix}/bin" in result.stdout
    return prefix


@pytest.fixture(scope="session")
def elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A working directory that is not the checkout."""
    return tmp_path_factory.mktemp("elsewhere")


@pytest.fixture(scope="session")
def environment(prefix: Path) -> dict:
    """PATH with the prefix's bin first and no build directory on it."""
    path = [str(prefix / "bin")] + [entry for entry in os.environ.get("PATH", "").split(":")
                                     if entry and str(REPOSITORY) not in entry]
    return {**os.environ, "PATH": ":".join(path), "NO_COLOR": "1"}


def run(arguments: list, environment: dict, cwd: Path, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run(arguments, env=environment, cwd=cwd, capture_output=True, text=True, timeout=timeout)


class Daemon:
    """The installed slamd, started from another directory on a socket of its own, with its web UI."""

    def __init__(self, environment: dict, cwd: Path, socket: Path) -> None:
        self.socket = socket
        self.process = subprocess.Popen(["slamd", "--socket", str(socket), "--web", "127.0.0.1:0"], env=environment,
                                        cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = [self.process.stdout.readline(), self.process.stdout.readline()]
        assert lines[0].startswith("slamd listening on"), lines + [self.process.stderr.read()]
        self.url = lines[1].split(" at ", 1)[1].strip()

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=10)


@pytest.fixture
def daemon(environment: dict, elsewhere: Path, tmp_path: Path):
    daemon = Daemon(environment, elsewhere, tmp_path / "slamd.sock")
    yield daemon
    if daemon.process.poll() is None:
        daemon.stop()


def test_the_install_holds_every_part(prefix: Path) -> None:
    expected = [
        "bin/slamd", "bin/slamctl",
        "share/slam/web/index.html", "share/slam/demo/demo.storyboard.json",
        "share/slam/examples/counter-and-todos.storyboard.json", "share/slam/examples/demo-counter.json",
        "share/slam/examples/todo/todo.py", "share/slam/examples/todo/todo.storyboard.json",
        "share/slam/examples/shop/checkout.sh", "share/slam/examples/shop/shop.storyboard.json",
        "share/slam/examples/tip/tip.py", "share/slam/examples/tip/tip.storyboard.json",
        "share/slam/protocol/slam.openrpc.json", "share/slam/protocol/storyboard.schema.json",
        "share/slam/protocol/elements.json", "share/slam/web/elements.js",
        "share/man/man1/slamd.1", "share/man/man1/slamctl.1",
        "share/bash-completion/completions/slamd", "share/bash-completion/completions/slamctl",
        "share/zsh/site-functions/_slamd", "share/zsh/site-functions/_slamctl",
        "share/fish/vendor_completions.d/slamd.fish", "share/fish/vendor_completions.d/slamctl.fish",
        "lib/systemd/user/slamd.service",
    ]
    missing = [path for path in expected if not (prefix / path).is_file()]
    assert not missing
    manifest = (prefix / "share/slam/install-manifest").read_text().split()
    installed = sorted(str(path.relative_to(prefix)) for path in prefix.rglob("*") if path.is_file())
    assert sorted(manifest) == installed, "the manifest make uninstall reads lists exactly what was installed"
    for tool in ("slamd", "slamctl"):
        assert os.access(prefix / "bin" / tool, os.X_OK)
        described = subprocess.run(["file", "-b", str(prefix / "bin" / tool)], capture_output=True, text=True).stdout
        if described:
            assert "statically linked" in described, f"{tool} must not need the Swift toolchain at run time: {described}"


def test_the_installed_programs_link_no_foundation(prefix: Path) -> None:
    """slamd and slamctl link no Foundation and no ICU data (FoundationEssentials, which a dependency may use,
    is allowed): they were two thirds of the static slamd. Read from the symbols of what was installed, before
    install.sh stripped it; `make layers` checks the imports, this what a dependency brings along too."""
    foundation = re.compile(r"(?<![0-9])10Foundation|icudt[0-9]+_dat")
    for tool in ("slamd", "slamctl"):
        built = REPOSITORY / ".build-static" / "release" / tool
        symbols = subprocess.run(["nm", "--defined-only", str(built)], capture_output=True, text=True, check=True)
        linked = [line.split()[-1] for line in symbols.stdout.splitlines() if foundation.search(line)]
        assert not linked, f"{tool} links Foundation: {len(linked)} symbols, e.g. {linked[:3]}"


def test_installed_commands_report_one_version(environment: dict, elsewhere: Path) -> None:
    daemon_version = run(["slamd", "--version"], environment, elsewhere)
    client_version = run(["slamctl", "--version"], environment, elsewhere)
    assert daemon_version.returncode == client_version.returncode == 0
    assert re.fullmatch(r"slamd (\d+\.\d+\.\d+) \(protocol \d+\.\d+\)\n", daemon_version.stdout)
    assert daemon_version.stdout.split()[1:] == client_version.stdout.split()[1:]


def test_installed_daemon_serves_the_demo_and_page_from_the_prefix(prefix: Path, environment: dict, elsewhere: Path,
                                                                    tmp_path: Path) -> None:
    # Mark the prefix's copies: what the daemon shows must come from them, not from the checkout it was built in.
    page = prefix / "share/slam/web/index.html"
    notes = prefix / "share/slam/demo/notes.txt"
    original_page, original_notes = page.read_text(), notes.read_text()
    page.write_text(original_page + "<!-- served from the install prefix -->\n")
    notes.write_text("Installed notes.\n")
    try:
        daemon = Daemon(environment, elsewhere, tmp_path / "slamd.sock")
        socket = ["--socket", str(daemon.socket)]
        try:
            assert run(["slamctl", *socket, "ping"], environment, elsewhere).stdout == "pong\n"
            pressed = run(["slamctl", *socket, "press", "increment"], environment, elsewhere)
            assert pressed.returncode == 0, pressed.stderr
            count = run(["slamctl", *socket, "--json", "find", "count"], environment, elsewhere)
            assert json.loads(count.stdout)["text"] == "Count: 1"
            run(["slamctl", *socket, "press", "openList"], environment, elsewhere)
            shown = run(["slamctl", *socket, "--json", "find", "notes"], environment, elsewhere)
            assert json.loads(shown.stdout)["text"] == "Installed notes.\n"

            origin = daemon.url.split("/#token=", 1)[0]
            request = urllib.request.Request(origin + "/")
            with urllib.request.urlopen(request, timeout=10) as response:
                assert "<!-- served from the install prefix -->" in response.read().decode()
        finally:
            assert daemon.stop() == 0
    finally:
        page.write_text(original_page)
        notes.write_text(original_notes)


def test_one_exit_status_convention(environment: dict, elsewhere: Path, daemon: Daemon, tmp_path: Path) -> None:
    socket = ["--socket", str(daemon.socket)]
    assert run(["slamctl", *socket, "ping"], environment, elsewhere).returncode == 0
    refused = run(["slamctl", *socket, "press", "nope"], environment, elsewhere)
    assert refused.returncode == 1 and "-32001" in refused.stderr
    assert run(["slamctl", *socket, "presss", "increment"], environment, elsewhere).returncode == 2
    assert run(["slamctl", "--socket", str(tmp_path / "none.sock"), "ping"], environment, elsewhere).returncode == 3
    assert run(["slamd", "--no-such-option"], environment, elsewhere).returncode == 2
    taken = run(["slamd", "--socket", str(daemon.socket)], environment, elsewhere)
    assert taken.returncode == 1 and "another slamd" in taken.stderr


@pytest.mark.parametrize("tool, phrases", [
    ("slamd", ["slamd \u2014 Host a headless Slam UI", "--storyboard FILE", "EXIT STATUS", "slamctl(1)"]),
    ("slamctl", ["slamctl \u2014 drive a headless Slam UI", "press [REF] [VALUE]", "--timeout TIME", "EXIT STATUS",
                 "slamd(1)"]),
])
def test_manual_pages_read_cleanly_with_man(prefix: Path, environment: dict, elsewhere: Path, tool: str,
                                            phrases: list) -> None:
    if shutil.which("man") is None:
        pytest.fail("man is not installed (make install-test's dependencies install man-db)")
    shown = run(["man", "--warnings", "-l", str(prefix / f"share/man/man1/{tool}.1")],
                {**environment, "MANWIDTH": "100", "MAN_KEEP_FORMATTING": ""}, elsewhere)
    assert shown.returncode == 0
    assert shown.stderr == "", shown.stderr
    text = re.sub(".\b", "", shown.stdout)
    for phrase in phrases:
        assert phrase in text
    # Every verb of the tables has its entry.
    if tool == "slamctl":
        verbs = [line.split()[0] for line in run(["slamctl", "--help"], environment, elsewhere).stdout
                 .split("Commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()]
        for verb in verbs:
            assert re.search(rf"^     {re.escape(verb)}\b", text, re.MULTILINE), verb


def bash_completions(prefix: Path, environment: dict, cwd: Path, words: list) -> list:
    script = (f"source {prefix}/share/bash-completion/completions/slamctl\n"
              "COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _slamctl; printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    result = run(["bash", "-c", script, "bash", *words], environment, cwd)
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.split("\n") if line]


def listed_verbs(environment: dict, cwd: Path) -> list:
    """The verbs `slamctl --help` lists, in its order."""
    overview = run(["slamctl", "--help"], environment, cwd).stdout
    return [line.split()[0] for line in overview.split("Commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()]


def test_bash_completes_verbs_options_and_references(prefix: Path, environment: dict, elsewhere: Path,
                                                     daemon: Daemon) -> None:
    socket = ["--socket", str(daemon.socket)]
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", ""]) == listed_verbs(environment, elsewhere) + ["help"]
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", "pre"]) == ["press"]
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", "--socket", "=", str(daemon.socket), "press", "incr"]) \
        == ["increment"], "--socket=PATH reaches bash as three words"
    (elsewhere / "my flow.json").write_text("{}\n")
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", "run", "my"]) == ["my flow.json"]
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", "press", "--tim"]) == ["--timeout"]
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", *socket, "press", "incr"]) == ["increment"]
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", "press", *socket, "--within", "counterB"]) \
        == ["counterButtons"]
    assert bash_completions(prefix, environment, elsewhere, ["slamctl", "trace", "s"]) == ["start", "stop", "show"]
    # slamd's come from swift-argument-parser; they must at least load and offer its options.
    loaded = run(["bash", "-c", f"source {prefix}/share/bash-completion/completions/slamd && complete -p slamd"],
                 environment, elsewhere)
    assert loaded.returncode == 0 and "slamd" in loaded.stdout


def test_fish_completes_verbs_options_and_references(prefix: Path, environment: dict, elsewhere: Path,
                                                     daemon: Daemon) -> None:
    if shutil.which("fish") is None:
        pytest.fail("fish is not installed (make install-test's dependencies install it)")

    def complete(line: str) -> list:
        script = (f"source {prefix}/share/fish/vendor_completions.d/slamctl.fish; "
                  f"source {prefix}/share/fish/vendor_completions.d/slamd.fish; complete -C {json.dumps(line)}")
        result = run(["fish", "--no-config", "-c", script], environment, elsewhere)
        assert result.returncode == 0, result.stderr
        return [line.split("\t")[0] for line in result.stdout.splitlines()]

    assert sorted(complete("slamctl ")) == sorted(listed_verbs(environment, elsewhere) + ["help"]), "fish sorts them"
    assert complete("slamctl pre") == ["press"]
    assert complete(f"slamctl --socket={daemon.socket} press incr") == ["increment"]
    assert complete(f"slamctl --socket {daemon.socket} press incr") == ["increment"]
    assert complete(f"slamctl --socket {daemon.socket} wait goal --state hi") == ["hidden"]
    assert "--storyboard" in complete("slamd --story")


def test_zsh_completes_in_a_real_terminal(prefix: Path, environment: dict, elsewhere: Path, daemon: Daemon,
                                          tmp_path: Path) -> None:
    if shutil.which("zsh") is None or shutil.which("tmux") is None:
        pytest.fail("zsh and tmux are needed (make install-test's dependencies install them)")
    home = tmp_path / "zsh"
    home.mkdir()
    (home / ".zshrc").write_text(f"fpath=({prefix}/share/zsh/site-functions $fpath)\n"
                                 "autoload -U compinit && compinit -u\nPS1='%% '\n")
    session = f"slam-install-{os.getpid()}"
    tmux = ["tmux", "-L", session]
    zsh_environment = {**environment, "ZDOTDIR": str(home)}
    subprocess.run([*tmux, "new-session", "-d", "-s", session, "-x", "160", "-y", "30", "zsh", "-i"],
                   env=zsh_environment, cwd=elsewhere, check=True)
    try:
        def typed(keys: str, expected: str) -> str:
            subprocess.run([*tmux, "send-keys", "-t", session, "C-u", keys, "Tab"], check=True)
            deadline = time.monotonic() + 10
            while True:
                screen = subprocess.run([*tmux, "capture-pane", "-p", "-t", session], capture_output=True,
                                        text=True).stdout
                if expected in screen or time.monotonic() > deadline:
                    return screen
                time.sleep(0.1)

        assert "% slamctl press" in typed("slamctl pre", "% slamctl press")
        assert f"press --socket {daemon.socket} increment" in typed(
            f"slamctl press --socket {daemon.socket} incr", "increment")
        assert f"--socket={daemon.socket} press increment" in typed(
            f"slamctl --socket={daemon.socket} press incr", "increment")
        assert "slamd --storyboard" in typed("slamd --story", "slamd --storyboard")
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


def test_systemd_user_unit_starts_the_installed_daemon(prefix: Path, environment: dict, tmp_path: Path) -> None:
    """What systemd would run: the unit's ExecStart, with a user session's XDG_RUNTIME_DIR, stopped by its KillSignal."""
    unit = (prefix / "lib/systemd/user/slamd.service").read_text()
    exec_start = re.search(r"^ExecStart=(.+)$", unit, re.MULTILINE)
    kill_signal = re.search(r"^KillSignal=(\S+)$", unit, re.MULTILINE)
    assert exec_start and kill_signal and "WantedBy=default.target" in unit
    command = exec_start.group(1).split()
    assert command == [f"{prefix}/bin/slamd"]
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    service = subprocess.Popen(command, env={**environment, "XDG_RUNTIME_DIR": str(runtime)}, cwd="/",
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert service.stdout.readline() == f"slamd listening on {runtime}/slam/slamd.sock\n"
        pinged = run(["slamctl", "ping"], {**environment, "XDG_RUNTIME_DIR": str(runtime)}, tmp_path)
        assert pinged.stdout == "pong\n", "slamctl finds the service's socket by itself"
    finally:
        service.send_signal(getattr(signal, kill_signal.group(1)))
        assert service.wait(timeout=10) == 0
    assert not (runtime / "slam/slamd.sock").exists()


def test_a_prefix_that_is_not_an_absolute_path_is_refused_before_anything_is_built(tmp_path: Path) -> None:
    refused = subprocess.run(["make", "--no-print-directory", "install", "PREFIX=~/.local"], cwd=REPOSITORY,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert "PREFIX must be an absolute path, got '~/.local' (for your home: PREFIX=$HOME/.local)" in refused.stderr
    assert not (REPOSITORY / "~").exists()


def test_uninstall_removes_exactly_what_install_put_in_a_staging_root(tmp_path: Path, environment: dict) -> None:
    staging = tmp_path / "staging"
    keep = staging / "usr/local/share/man/man1/other.1"
    keep.parent.mkdir(parents=True)
    keep.write_text("another package's page\n")
    installed = subprocess.run(["make", "--no-print-directory", "install", "PREFIX=/usr/local", f"DESTDIR={staging}"],
                               cwd=REPOSITORY, capture_output=True, text=True, timeout=1800)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    unit = (staging / "usr/local/lib/systemd/user/slamd.service").read_text()
    assert "ExecStart=/usr/local/bin/slamd" in unit, "DESTDIR stages files; the unit names where they will live"
    # Installing again replaces the last install: a file only the last one had goes.
    manifest = staging / "usr/local/share/slam/install-manifest"
    (staging / "usr/local/share/slam/examples/retired.json").write_text("{}\n")
    manifest.write_text(manifest.read_text() + "share/slam/examples/retired.json\n")
    again = subprocess.run(["make", "--no-print-directory", "install", "PREFIX=/usr/local", f"DESTDIR={staging}"],
                           cwd=REPOSITORY, capture_output=True, text=True, timeout=1800)
    assert again.returncode == 0, again.stdout + again.stderr
    assert not (staging / "usr/local/share/slam/examples/retired.json").exists()
    assert "share/slam/examples/retired.json" not in manifest.read_text()
    removed = subprocess.run(["make", "--no-print-directory", "uninstall", "PREFIX=/usr/local", f"DESTDIR={staging}"],
                             cwd=REPOSITORY, capture_output=True, text=True, timeout=60)
    assert removed.returncode == 0, removed.stderr
    left = sorted(str(path.relative_to(staging)) for path in staging.rglob("*") if path.is_file())
    assert left == ["usr/local/share/man/man1/other.1"]
    assert not (staging / "usr/local/share/slam").exists()
    assert not (staging / "usr/local/share/doc/slam").exists()
    assert (staging / "usr/local/share/man/man1").is_dir(), "directories Slam shares with other packages stay"
