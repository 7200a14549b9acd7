"""Reading the docs' command blocks and running them against a live slamd.

A command block is a fenced block whose language is ``console``. In it, a line
beginning with ``$ `` is a command (what follows ``#`` is a comment, as in a
shell); the lines after it, up to the next command, are exactly what the
command prints, standard output and standard error together, in order.
Two placeholders stand for what differs from run to run:

- ``⟨name⟩`` inside a line matches one or more characters of that line
  (``⟨token⟩``, ``⟨port⟩``, ``⟨path⟩``, ``⟨ms⟩``: the name only tells the reader what varies);
- a line that is only ``...`` matches any number of lines, none included.

Blocks in other languages (``sh``, ``swift``, ``python``, plain ``````) are not
run: use them for commands that run until Ctrl-C or need a second terminal.

Run ``python3 Tests/docs/docblocks.py docs/tour.md`` to print what each command
of a page prints now (against the slamd and slamctl the tests would use), when
writing or updating a page.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, List, Optional, Sequence

ROOT = Path(__file__).resolve().parents[2]
PROMPT = "$ "
ELLIPSIS_LINE = "..."
PLACEHOLDER = re.compile(r"⟨[^⟩]*⟩")
MARKER = "@@slam-docs-command-done@@"
DEADLINE_SECONDS = 30.0


@dataclass
class Command:
    """One ``$ `` line of a block and the lines the docs say it prints."""

    line: int
    text: str
    expected: List[str] = field(default_factory=list)


@dataclass
class Block:
    """A ``console`` block: its file, the line of its opening fence, its commands in order."""

    path: Path
    line: int
    commands: List[Command]


def fenced_blocks(text: str) -> Iterator[tuple[int, str, List[str]]]:
    """Every fenced code block of a Markdown text: (line of the opening fence, language, body lines)."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        opening = re.match(r"^(\s*)(```+|~~~+)\s*([\w+-]*)", lines[index])
        if not opening:
            index += 1
            continue
        fence = opening.group(2)
        language = opening.group(3)
        start = index
        body: List[str] = []
        index += 1
        while index < len(lines) and not lines[index].strip().startswith(fence):
            body.append(lines[index])
            index += 1
        index += 1
        yield start + 1, language, body


def console_blocks(path: Path) -> List[Block]:
    """The ``console`` blocks of a Markdown file, each split into commands and their expected output."""
    blocks = []
    for line, language, body in fenced_blocks(path.read_text(encoding="utf-8")):
        if language != "console":
            continue
        commands: List[Command] = []
        for offset, text in enumerate(body, start=line + 1):
            if text.startswith(PROMPT):
                commands.append(Command(offset, text[len(PROMPT):]))
            elif commands:
                commands[-1].expected.append(text)
            else:
                raise ValueError(f"{path}:{offset}: a console block must begin with a '$ ' command line")
        blocks.append(Block(path, line, commands))
    return blocks


def line_pattern(expected: str) -> re.Pattern[str]:
    """An expected line as a pattern: literal text, each ``⟨…⟩`` one or more characters."""
    parts = PLACEHOLDER.split(expected)
    return re.compile(".+?".join(re.escape(part) for part in parts) + r"\Z")


def matches(expected: Sequence[str], actual: Sequence[str]) -> bool:
    """Whether the actual lines are what the expected lines describe (placeholders and ``...`` lines)."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == ELLIPSIS_LINE:
        return any(matches(rest, actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and bool(line_pattern(head).match(actual[0])) and matches(rest, actual[1:])


def binary(name: str) -> str:
    """slamd or slamctl: $SLAMD / $SLAMCTL, else the debug build of ``swift build``."""
    override = os.environ.get(name.upper())
    if override:
        return override
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    return os.path.join(bin_path, name)


class TourSession:
    """A demo slamd of its own, and a directory and environment in which the docs' commands run.

    The commands run as a reader runs them: ``slamd`` and ``slamctl`` on the
    ``PATH``, ``SLAM_SOCKET`` naming this daemon (so ``slamctl`` needs no
    ``--socket``), ``HOME`` a fresh directory (so traces land in
    ``~/.local/state/slam/traces``), and a working directory holding the
    checkout's ``clients`` and ``Examples`` (so ``clients/flows/…`` resolves as
    it does in a checkout, while files a command writes stay out of it).
    """

    def __init__(self, slamd: Optional[str] = None, slamctl: Optional[str] = None) -> None:
        self.slamd = slamd or binary("slamd")
        self.slamctl = slamctl or binary("slamctl")
        self.directory = Path(tempfile.mkdtemp(prefix="slam-docs-"))
        self.home = self.directory / "home"
        self.work = self.directory / "work"
        self.bin = self.directory / "bin"
        for directory in (self.home, self.work, self.bin):
            directory.mkdir()
        (self.bin / "slamd").symlink_to(self.slamd)
        (self.bin / "slamctl").symlink_to(self.slamctl)
        for name in ("clients", "Examples"):
            (self.work / name).symlink_to(ROOT / name)
        self.socket = str(self.directory / "slamd.sock")
        self.environment = {
            "PATH": f"{self.bin}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": str(self.home),
            "SLAM_SOCKET": self.socket,
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "TMPDIR": str(self.directory),
        }
        self.daemon = subprocess.Popen([self.slamd, "--socket", self.socket, "--web", "127.0.0.1:0"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       env=self.environment)
        deadline = time.monotonic() + DEADLINE_SECONDS
        while subprocess.run([self.slamctl, "--socket", self.socket, "ping"], capture_output=True).returncode != 0:
            if self.daemon.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError(f"{self.slamd} did not start on {self.socket}")
            time.sleep(0.05)

    def run(self, commands: Sequence[str], timeout: float = 120.0) -> List[List[str]]:
        """Runs the commands in order in one bash, as lines typed at its prompt; what each printed, as lines."""
        script = "exec 2>&1\n" + "".join(f"{command}\necho '{MARKER}'\n" for command in commands)
        script_path = self.directory / "commands.sh"
        script_path.write_text(script, encoding="utf-8")
        # A session of its own, so that a command left running (a background job the docs forgot
        # to end) is stopped with the whole group when the time is up.
        shell = subprocess.Popen(["bash", "--noprofile", "--norc", str(script_path)], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=self.work,
                                 env=self.environment, start_new_session=True)
        try:
            printed, _ = shell.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(shell.pid, signal.SIGKILL)
            printed, _ = shell.communicate()
        pieces = printed.split(MARKER + "\n")
        outputs = [piece.splitlines() for piece in pieces[:len(commands)]]
        while len(outputs) < len(commands):
            outputs.append([f"(still running after {timeout:.0f} s: the commands were stopped)"])
        return outputs

    def close(self) -> None:
        if self.daemon.poll() is None:
            self.daemon.send_signal(signal.SIGTERM)
            try:
                self.daemon.wait(10)
            except subprocess.TimeoutExpired:
                self.daemon.kill()
        shutil.rmtree(self.directory, ignore_errors=True)


def main(arguments: Sequence[str]) -> int:
    """Prints each command of the pages' console blocks with what it prints now."""
    for name in arguments or ["docs/tour.md"]:
        session = TourSession()
        try:
            for block in console_blocks(ROOT / name):
                outputs = session.run([command.text for command in block.commands])
                print(f"```console  ({name}:{block.line})")
                for command, output in zip(block.commands, outputs):
                    print(PROMPT + command.text)
                    for text in output:
                        print(text)
                print("```")
        finally:
            session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
