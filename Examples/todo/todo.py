#!/usr/bin/env python3
"""A to-do list for Slam: the screens are ``todo.storyboard.json``, the logic is this Python program.

Run it from the checkout (or anywhere, with ``slam`` installed)::

    python3 Examples/todo/todo.py [--web PORT] [--file PATH] [--socket PATH]

It starts a ``slamd`` hosting the storyboard with its browser page on 127.0.0.1:PORT (8080;
0 takes a free port), registers the tasks the storyboard's buttons name (``add``, ``toggleDone``,
``removeFinished``), prints the page's address, and serves until Ctrl-C, which stops that slamd
too. With ``--socket PATH`` it attaches to a slamd already hosting the storyboard instead
(``slamd --storyboard Examples/todo/todo.storyboard.json``). The list is kept in a JSON file
(``--file``; default ``$XDG_DATA_HOME/slam/todo.json``, else ``~/.local/share/slam/todo.json``),
so it survives a restart.

Tests import this file and attach a :class:`TodoApp` to a daemon of their own.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

HERE = Path(__file__).resolve().parent
STORYBOARD = HERE / "todo.storyboard.json"
CHECKOUT = HERE.parent.parent

try:
    import slam
except ImportError:  # a clean checkout: the client next to this example, not installed
    sys.path.insert(0, str(CHECKOUT / "clients" / "python"))
    try:
        import slam
    except ImportError:  # installed with make install: the Python client is a package of its own
        sys.exit("todo.py needs Slam's Python client: pip install ./clients/python from a Slam checkout")

TASKS = ("add", "toggleDone", "removeFinished")
"""The tasks the storyboard's elements name, which this program handles."""

DONE_MARK = "✓ "
"""What a finished item's row starts with."""

EMPTY_DRAFT_MESSAGE = "Write something to do first."
NO_SELECTION_MESSAGE = "Select an item first."

READY_TIMEOUT_SECONDS = 10.0
STOP_TIMEOUT_SECONDS = 5.0
WEB_LINE = re.compile(r"slamd web UI at (http://\S+)")


# The list and its file


@dataclass(frozen=True)
class Item:
    """One thing to do, and whether it is done."""

    text: str
    done: bool = False

    def row(self) -> str:
        """How the list shows it: finished items marked with a tick."""
        return DONE_MARK + self.text if self.done else self.text


class TodoFileError(Exception):
    """The list's file cannot be read or written; the message names it and says why."""


def default_store_path() -> Path:
    """``$XDG_DATA_HOME/slam/todo.json``, else ``~/.local/share/slam/todo.json``."""
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "slam" / "todo.json"


class TodoStore:
    """The list in a JSON file, ``{"items": [{"text": ..., "done": ...}]}``, written whole at each change."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def load(self) -> List[Item]:
        """The saved items; none when the file does not exist yet. Raises :class:`TodoFileError` for a file that is not a list."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except OSError as error:
            raise TodoFileError(f"cannot read the to-do list {self.path}: {error.strerror or error}") from error
        try:
            document = json.loads(text)
            return [_read_item(entry) for entry in document["items"]]
        except (ValueError, KeyError, TypeError) as error:
            raise TodoFileError(
                f"{self.path} is not a to-do list ({error}); move it away or pass another --file") from error

    def save(self, items: Sequence[Item]) -> None:
        """Writes the items, replacing the file at once (a crash leaves the old list or the new one, never half)."""
        document = {"items": [{"text": item.text, "done": item.done} for item in items]}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            descriptor, temporary = tempfile.mkstemp(prefix=".todo-", suffix=".json", dir=self.path.parent)
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                json.dump(document, file, ensure_ascii=False, indent=2)
                file.write("\n")
            os.replace(temporary, self.path)
        except OSError as error:
            raise TodoFileError(f"cannot save the to-do list to {self.path}: {error.strerror or error}") from error


def _read_item(entry: Any) -> Item:
    if not isinstance(entry, dict) or not isinstance(entry.get("text"), str) or not isinstance(entry.get("done"), bool):
        raise ValueError(f"an item is {{\"text\": string, \"done\": boolean}}, not {entry!r}")
    return Item(entry["text"], entry["done"])


def summary(items: Sequence[Item]) -> str:
    """The line under the list: how many of the items are left, or that there is nothing to do."""
    if not items:
        return "Nothing to do"
    left = sum(1 for item in items if not item.done)
    return f"{left} of {len(items)} left"


# The application


class TodoApp:
    """The to-do list's logic, attached to a ``slamd`` hosting ``todo.storyboard.json`` through ``client``.

    :meth:`attach` registers the tasks and shows the saved list; :meth:`serve` answers the tasks
    and follows the selection until the connection closes. What the screen shows is shared state
    the storyboard binds: ``rows``, ``summary``, ``message``, ``toggleText``, ``finished``; the
    storyboard writes ``draft`` (the text field) and ``selected`` (the table's row) back.
    """

    def __init__(self, client: slam.Client, store_path: Path) -> None:
        self.client = client
        self.store = TodoStore(store_path)
        self.items: List[Item] = self.store.load()

    def attach(self) -> None:
        """Registers the tasks and shows the list.

        Raises ``RuntimeError`` when the daemon does not show the storyboard, and
        :class:`slam.TaskNameTaken` when another client handles its tasks already.
        """
        try:
            self.client.find("list", controller="Todo")
        except (slam.ElementNotFound, slam.ControllerNotFound) as error:
            raise RuntimeError(
                f"the slamd at {self.client.socket_path} does not show the to-do list ({error.message}); "
                f"start it with `slamd --storyboard {STORYBOARD}`") from error
        self.client.register_tasks({"add": self.add, "toggleDone": self.toggle_done, "removeFinished": self.remove_finished})
        self.client.add_state_handler(["selected"], self.selection_changed)
        self._show(self.items, self.client.state_get("selected"))

    def serve(self, timeout: Optional[float] = None) -> None:
        """Answers the tasks, and names the selected item's button, until the connection closes,
        ``timeout`` seconds pass, or Ctrl-C."""
        self.client.serve(timeout)

    def selection_changed(self, changed: Dict[str, Any]) -> None:
        """A row was selected (or the selection went): the button says what pressing it does to that item.

        What is selected *now* counts: the notification may be older than a selection made since
        (this program's own clearing of it, heard after a person selected again)."""
        selected = self.client.state_get("selected")  # a task may run while this waits: read the items after
        self._show(self.items, selected, clears_selection=False)

    # The tasks: each gets the press that ran it and answers with what it did.

    def add(self, call: slam.TaskCall) -> Dict[str, Any]:
        """``add`` (the Add button, Enter in the field): appends the draft; an empty one is refused with a message."""
        text = str(call.client.state_get("draft") or "").strip()
        if not text:
            call.client.state_set("message", EMPTY_DRAFT_MESSAGE)
            return {"added": None, "reason": EMPTY_DRAFT_MESSAGE}
        items = [*self.items, Item(text)]
        self._save(items)
        self._show(items, call.client.state_get("selected"), draft="")
        return {"added": text, "left": sum(1 for item in items if not item.done)}

    def toggle_done(self, call: slam.TaskCall) -> Dict[str, Any]:
        """``toggleDone`` (the Done/Undo button): marks the selected item done, or not done again."""
        selected = call.client.state_get("selected")
        if not isinstance(selected, int) or not 0 <= selected < len(self.items):
            call.client.state_set("message", NO_SELECTION_MESSAGE)
            return {"item": None, "reason": NO_SELECTION_MESSAGE}
        item = self.items[selected]
        toggled = Item(item.text, not item.done)
        items = [*self.items[:selected], toggled, *self.items[selected + 1:]]
        self._save(items)
        self._show(items, selected)
        return {"item": toggled.text, "done": toggled.done}

    def remove_finished(self, call: slam.TaskCall) -> Dict[str, Any]:
        """``removeFinished``: drops every item that is done."""
        items = [item for item in self.items if not item.done]
        removed = len(self.items) - len(items)
        self._save(items)
        self._show(items, None)
        return {"removed": removed}

    def _save(self, items: List[Item]) -> None:
        """Writes the list, then keeps it; a list that cannot be saved fails the task and changes nothing."""
        try:
            self.store.save(items)
        except TodoFileError as error:
            raise slam.TaskError(str(error), {"file": str(self.store.path)}) from error
        self.items = items

    def _show(self, items: Sequence[Item], selected: Any, draft: Optional[str] = None, clears_selection: bool = True) -> None:
        """Sets every key the screen shows in one ``state.set``, so it is redrawn once.

        A task clears a selection of no row (or of one it removed); following a selection never
        writes it, since a person may have selected again meanwhile."""
        chosen = items[selected] if isinstance(selected, int) and 0 <= selected < len(items) else None
        values: Dict[str, Any] = {
            "rows": [item.row() for item in items],
            "summary": summary(items),
            "finished": sum(1 for item in items if item.done),
            "toggleText": "Undo" if chosen is not None and chosen.done else "Done",
        }
        if chosen is None and clears_selection:
            values["selected"] = None  # a selection of no row (or of one removed) goes; a valid one is the person's to change
        if draft is not None:
            values["draft"] = draft
            values["message"] = ""
        elif chosen is not None:
            values["message"] = ""  # a selection answers "Select an item first."
        self.client.state_set_many(values)


def serve_todo(client: slam.Client, store_path: Path, timeout: Optional[float] = None) -> TodoApp:
    """Attaches a :class:`TodoApp` keeping its list in ``store_path`` to ``client``'s daemon and serves it
    until the connection closes; returns the app."""
    app = TodoApp(client, store_path)
    app.attach()
    app.serve(timeout)
    return app


# Running it: one command


def resolve_slamd() -> str:
    """The ``slamd`` to start: ``$SLAMD``; else this checkout's ``.build/debug/slamd`` or release one; else ``slamd`` on PATH."""
    configured = os.environ.get("SLAMD", "")
    if configured:
        return configured
    for build in ("debug", "release"):
        built = CHECKOUT / ".build" / build / "slamd"
        if os.access(built, os.X_OK):
            return str(built)
    on_path = shutil.which("slamd")
    if on_path:
        return on_path
    raise RuntimeError("no slamd to start: set SLAMD to one, build this checkout (swift build --product slamd), "
                       "or put slamd on PATH")


class Daemon:
    """The ``slamd`` this program started: its process, socket, page address and log, in a directory of its own."""

    def __init__(self, slamd: str, web: str) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="slam-todo-"))
        self.socket_path = str(self.directory / "slamd.sock")
        self.log_path = self.directory / "slamd.log"
        address = web if ":" in web else f"127.0.0.1:{web}"
        command = [slamd, "--socket", self.socket_path, "--storyboard", str(STORYBOARD), "--web", address]
        with open(self.log_path, "wb") as log:
            # A session of its own: Ctrl-C reaches this program only, which then stops the daemon in order.
            self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        self.url = self._wait_for_url()

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def _wait_for_url(self) -> str:
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        while True:
            match = WEB_LINE.search(self.log())
            if match:
                return match.group(1)
            if self.process.poll() is not None:
                failure = f"slamd exited with status {self.process.returncode}:\n{self.log()}"
                self.stop()
                raise RuntimeError(failure)
            if time.monotonic() > deadline:
                failure = f"slamd did not serve its page within {READY_TIMEOUT_SECONDS} s:\n{self.log()}"
                self.stop()
                raise RuntimeError(failure)
            time.sleep(0.01)  # polling slamd's start-up output: it has no other way to say it is ready

    def stop(self) -> None:
        """Stops slamd (SIGTERM; SIGKILL when it lingers) and removes its directory."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


def parse_arguments(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="A to-do list: Slam's screens, Python's logic, a JSON file.")
    parser.add_argument("--web", default="8080", metavar="PORT",
                        help="serve the browser page on 127.0.0.1:PORT (default 8080; 0: any free port; HOST:PORT works too)")
    parser.add_argument("--file", type=Path, default=None, metavar="PATH",
                        help=f"the list's JSON file (default {default_store_path()})")
    parser.add_argument("--socket", default=None, metavar="PATH",
                        help="attach to the slamd listening there (hosting todo.storyboard.json) instead of starting one")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    arguments = parse_arguments(argv)
    store_path: Path = arguments.file or default_store_path()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill` stops it as Ctrl-C does: slamd too
    daemon: Optional[Daemon] = None
    client: Optional[slam.Client] = None
    try:
        TodoStore(store_path).load()  # a file that is not a list stops us before anything starts
        if arguments.socket is None:
            daemon = Daemon(resolve_slamd(), arguments.web)
        client = slam.connect(daemon.socket_path if daemon else arguments.socket)
        app = TodoApp(client, store_path)
        app.attach()
        lines: Tuple[str, ...] = (
            f"To-do list: open {daemon.url} in a browser" if daemon else f"To-do list attached to {arguments.socket}",
            f"slamd socket: {client.socket_path} (slamctl --socket {client.socket_path} tree)",
            f"Saved in {store_path}",
            "Ctrl-C stops it.",
        )
        print("\n".join(lines), flush=True)
        app.serve()  # returns on Ctrl-C too
        if daemon is not None and daemon.process.poll() is not None:
            print(f"slamd stopped (status {daemon.process.returncode}):\n{daemon.log()}", file=sys.stderr)
            return 1
        try:
            client.ping()
        except slam.SlamConnectionError:
            print("slamd closed the connection", file=sys.stderr)
            return 1
        return 0  # still connected: Ctrl-C (or `kill`) stopped serving
    except KeyboardInterrupt:
        return 0
    except (RuntimeError, TodoFileError, slam.SlamError, slam.SlamConnectionError) as error:
        print(f"todo: {error}", file=sys.stderr)
        return 1
    finally:
        if client is not None:
            client.close()
        if daemon is not None:
            daemon.stop()


if __name__ == "__main__":
    sys.exit(main())
