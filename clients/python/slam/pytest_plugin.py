"""pytest fixtures that launch ``slamd`` for a test and tear it down afterwards.

Installing the package (``pip install ./clients/python``) registers this module
with pytest through the ``pytest11`` entry point ``slam.pytest_plugin``: the
fixtures are there in any test with no configuration. (Without the package
installed, ``pytest -p slam.pytest_plugin`` with ``slam`` importable; ``-p
no:slam.pytest_plugin`` turns it off.) Fixtures:

- ``slamd_path``: the ``slamd`` executable: ``$SLAMD``; else, in the Slam
  checkout, ``$(swift build --show-bin-path)/slamd``; else ``slamd`` on ``PATH``.
- ``slamd_factory``: a function ``slamd_factory(storyboard=None, args=())``
  that launches a daemon on a socket in a fresh temporary directory (one
  under ``/tmp`` when pytest's is too deep for a socket path) and returns a
  :class:`SlamDaemon`; every daemon it launched is stopped at the end of the
  test, and every client made by ``SlamDaemon.connect`` closed.
- ``slamd``: the app under test, fresh for the test: an instance of its own
  (``instance.create``) on one daemon the whole session shares, closed
  (``instance.close``) after the test. The app is the demo, or the storyboard
  that ``--slam-storyboard PATH`` or the ini option ``slam_storyboard`` names.
  What it gives is a :class:`SlamDaemon` whose ``instance`` is the test's
  handle: ``connect()`` makes clients bound to it; a client made otherwise
  passes ``instance=slamd.instance``. Making an instance costs well under a
  millisecond, a daemon several, and instances are isolated, so tests run in
  parallel on one daemon: under pytest-xdist (``pytest -n auto``) every
  worker uses the same daemon with no configuration (the first to need it
  launches it; the controller stops it at the end).
- ``slam_client``: a :class:`slam.Client` connected to the test's instance.

What addresses the daemon itself (``stop()``, ``pid``, ``log()``,
``trace_directory``) still works, but the daemon is shared: a test that stops
or kills it, reads its log for its own doings, or drives it with a tool that
does not know the instance (``slamctl --socket``, a browser page) is marked
``@pytest.mark.slam_own_daemon`` and gets a daemon of its own, driven on its
``main`` instance; ``pytest --slam-own-daemon`` does so for every test.
(``slam_fresh_daemon`` and ``--slam-fresh-daemon`` are older names of both.)

``--slam-app PATH`` (ini ``slam_app``) runs that program instead of ``slamd``
(a build of your own that takes slamd's command line). A path given on the
command line is relative to the working directory; in an ini file (pytest.ini,
pyproject.toml, tox.ini, setup.cfg), to the file's directory.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Union

import pytest

from .client import Client
from .errors import SlamError
from .shapes import Framing

READY_LINE = "slamd listening on"
"""What ``slamd`` prints on standard output once clients can connect."""

READY_TIMEOUT_SECONDS = 10.0
STOP_TIMEOUT_SECONDS = 5.0

MAXIMUM_SOCKET_PATH_BYTES = 100
"""Longer socket paths do not fit ``sockaddr_un`` everywhere (108 bytes on Linux, 104 on macOS, with the NUL)."""

MAIN_INSTANCE = "main"
"""The instance a daemon starts with, which every connection uses until it sends ``instance.use``."""

MAXIMUM_LABEL_BYTES = 200
"""The longest label ``instance.create`` takes, in UTF-8 bytes."""


def resolve_slamd_path(environment: Mapping[str, str] = os.environ) -> str:
    """Returns the ``slamd`` to run: ``$SLAMD`` if set and not empty; else, in the Slam checkout,
    the one ``swift build`` put in its bin directory, when it is built; else ``slamd`` on ``PATH``.

    The checkout is the one holding this file (a checkout's own venv) or the working directory;
    ``swift build --show-bin-path`` runs only there, and only when ``SLAMD`` is not set.
    Raises ``RuntimeError`` naming ``SLAMD`` and ``PATH`` when no ``slamd`` is found.
    """
    configured = environment.get("SLAMD", "")
    if configured:
        return configured
    root = _package_root()
    swift_failure = ""
    if root is not None:
        try:
            completed = subprocess.run(
                ["swift", "build", "--show-bin-path"], cwd=root, capture_output=True, text=True, check=True
            )
        except (OSError, subprocess.CalledProcessError) as error:
            swift_failure = f"; in the Slam checkout {root}, `swift build --show-bin-path` failed: {error}"
        else:
            built = os.path.join(completed.stdout.strip(), "slamd")
            if os.access(built, os.X_OK):
                return built
            swift_failure = f"; the Slam checkout {root} has no slamd built at {built} (swift build --product slamd)"
    search_path = environment.get("PATH", os.defpath)
    on_path = shutil.which("slamd", path=search_path)
    if on_path:
        return on_path
    raise RuntimeError(
        f"no slamd to launch: SLAMD is not set and no slamd is on PATH ({search_path}){swift_failure}. "
        "Set SLAMD to a slamd executable (SLAMD=/path/to/slamd pytest) or put slamd on PATH."
    )


def _package_root() -> Optional[Path]:
    """The nearest Slam checkout (``Package.swift`` and ``Sources/slamd``) above this file, else above the working
    directory; ``None`` outside one."""
    for start in (Path(__file__).resolve(), Path.cwd()):
        for directory in start.parents if start.is_file() else (start, *start.parents):
            if (directory / "Package.swift").is_file() and (directory / "Sources" / "slamd").is_dir():
                return directory
    return None


class RecordedProcess:
    """A ``slamd`` another pytest process launched (an xdist worker), known by its pid: what
    :class:`SlamDaemon` needs of a ``subprocess.Popen``.

    Its exit status is its parent's to read: ``returncode`` is 0 once it has gone.
    """

    def __init__(self, pid: int, socket_path: str) -> None:
        self.pid = pid
        self.socket_path = socket_path
        self.returncode: Optional[int] = None

    def poll(self) -> Optional[int]:
        if self.returncode is None and not _is_running(self.pid, self.socket_path):
            self.returncode = 0
        return self.returncode

    def send_signal(self, signal_number: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal_number)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def wait(self, timeout: Optional[float] = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"slamd (pid {self.pid})", timeout or 0.0)
            time.sleep(0.01)
        return 0


def _is_running(pid: int, socket_path: str) -> bool:
    """Whether process ``pid`` is the ``slamd`` on ``socket_path`` and has not exited (a zombie has)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            arguments = cmdline.read().split(b"\0")
        with open(f"/proc/{pid}/stat", "rb") as stat:
            state = stat.read().rsplit(b")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel whether the pid is there at all
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return state not in (b"Z", b"X") and os.fsencode(socket_path) in arguments


class SlamDaemon:
    """A ``slamd`` process launched for a test, listening on ``socket_path``, and the instance its clients use.

    Its standard output and error are in ``log_path``; ``trace_start`` writes in
    ``trace_directory`` (None when ``--trace-dir`` was among the arguments given).
    ``instance`` is the handle of the daemon's instance that :meth:`connect`'s
    clients drive: ``"main"`` for a daemon of the test's own, the test's own
    instance on the shared daemon (the ``slamd`` fixture).
    """

    def __init__(self, process: "Union[subprocess.Popen[bytes], RecordedProcess]", socket_path: str, log_path: str,
                 trace_directory: Optional[str] = None, instance: str = MAIN_INSTANCE) -> None:
        self.process = process
        self.socket_path = socket_path
        self.log_path = log_path
        self.trace_directory = trace_directory
        self.instance = instance
        self._clients: List[Client] = []

    def __repr__(self) -> str:
        return f"<SlamDaemon pid {self.pid} on {self.socket_path}, instance {self.instance}>"

    def with_instance(self, instance: str) -> "SlamDaemon":
        """The same daemon, with clients :meth:`connect` makes bound to ``instance`` (closed apart from this one's)."""
        return SlamDaemon(self.process, self.socket_path, self.log_path, self.trace_directory, instance)

    @property
    def pid(self) -> int:
        """The daemon's process id."""
        return self.process.pid

    @property
    def running(self) -> bool:
        """Whether the process has not exited yet."""
        return self.process.poll() is None

    def log(self) -> str:
        """Everything the daemon wrote to standard output and error so far."""
        with open(self.log_path, encoding="utf-8", errors="replace") as log_file:
            return log_file.read()

    def connect(self, timeout: Optional[float] = 10.0, framing: Framing = "newline") -> Client:
        """Returns a new client connected to this daemon, using :attr:`instance`; the fixture closes it at teardown."""
        instance = None if self.instance == MAIN_INSTANCE else self.instance
        client = Client(self.socket_path, timeout=timeout, framing=framing, instance=instance)
        self._clients.append(client)
        return client

    def stop(self, timeout: float = STOP_TIMEOUT_SECONDS) -> int:
        """Stops the daemon with SIGTERM (SIGKILL if it lingers past ``timeout``) and returns its exit status.

        The status is ``Popen.returncode``: 0 for a clean stop, minus the
        signal number if a signal ended it. Stopping twice returns the same status.
        It stops the whole daemon, every instance on it: a test that does so has a
        daemon of its own (``@pytest.mark.slam_own_daemon``).
        """
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.wait()  # the status, at once: the process has ended

    def close_clients(self) -> None:
        """Closes every client :meth:`connect` made."""
        for client in self._clients:
            client.close()
        self._clients.clear()


def launch_slamd(
    slamd_path: str,
    directory: Union[str, Path],
    storyboard: Union[str, Path, Dict[str, Any], None] = None,
    args: Sequence[str] = (),
    socket_path: Union[str, Path, None] = None,
) -> SlamDaemon:
    """Launches ``slamd`` on ``socket_path`` (default ``directory/slamd.sock``) and returns once it listens.

    ``storyboard`` is a path, or a dict written to ``directory/storyboard.json``;
    ``None`` hosts the demo app. ``args`` are passed on to ``slamd``. Its
    output goes to ``directory/slamd.log``, its traces to ``directory/traces``
    (unless ``args`` name a ``--trace-dir``): a test's traces stay with the test.
    """
    directory = Path(directory)
    socket_path = str(socket_path if socket_path is not None else directory / "slamd.sock")
    log_path = str(directory / "slamd.log")
    command = [slamd_path, "--socket", socket_path]
    if isinstance(storyboard, dict):
        storyboard_path = directory / "storyboard.json"
        storyboard_path.write_text(json.dumps(storyboard), encoding="utf-8")
        command += ["--storyboard", str(storyboard_path)]
    elif storyboard is not None:
        command += ["--storyboard", str(storyboard)]
    command += list(args)
    trace_directory: Optional[str] = None
    if not any(arg == "--trace-dir" or arg.startswith("--trace-dir=") for arg in args):
        trace_directory = str(directory / "traces")
        command += ["--trace-dir", trace_directory]
    with open(log_path, "wb") as log_file:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log_file, stderr=subprocess.STDOUT)
    daemon = SlamDaemon(process, socket_path, log_path, trace_directory)
    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while READY_LINE not in daemon.log():
        if not daemon.running:
            raise RuntimeError(f"slamd exited with status {process.returncode} before listening: {command}\n{daemon.log()}")
        if time.monotonic() > deadline:
            daemon.stop()
            raise RuntimeError(f"slamd did not listen within {READY_TIMEOUT_SECONDS} s: {command}\n{daemon.log()}")
        time.sleep(0.005)
    return daemon


@pytest.fixture(scope="session")
def slamd_path(pytestconfig: pytest.Config) -> str:
    """The ``slamd`` executable the fixtures launch: the ``--slam-app`` or ``slam_app`` program, else
    ``$SLAMD``, else the checkout's ``swift build`` product, else ``slamd`` on ``PATH``."""
    app = _configured_path(pytestconfig, APP_OPTION, APP_INI)
    if app is not None:
        if os.path.isfile(app) and os.access(app, os.X_OK):
            return str(app)
        pytest.fail(f"{_setting_name(pytestconfig, APP_OPTION, APP_INI)}: no executable program at {app}", pytrace=False)
    try:
        path = resolve_slamd_path()
    except RuntimeError as error:
        failure = str(error)
    else:
        if os.access(path, os.X_OK):
            return path
        failure = f"no executable slamd at {path}: build it (`swift build`), or set SLAMD to a slamd executable"
    pytest.fail(failure, pytrace=False)


@pytest.fixture(scope="session")
def slam_storyboard(pytestconfig: pytest.Config) -> Optional[Path]:
    """The storyboard the ``slamd`` fixture hosts (``--slam-storyboard``, else the ini option
    ``slam_storyboard``), or ``None`` for the demo app (or the ``--slam-app`` program's own)."""
    storyboard = _configured_path(pytestconfig, STORYBOARD_OPTION, STORYBOARD_INI)
    if storyboard is not None and not storyboard.is_file():
        pytest.fail(f"{_setting_name(pytestconfig, STORYBOARD_OPTION, STORYBOARD_INI)}: no storyboard file at {storyboard}",
                    pytrace=False)
    return storyboard


def _configured_path(config: pytest.Config, option: str, ini: str) -> Optional[Path]:
    """The path the command-line option gives (relative to the working directory), else the ini option
    (relative to the ini file's directory), else ``None``."""
    given = config.getoption(_option_destination(option))
    if given:
        return Path(config.invocation_params.dir, os.path.expanduser(given))
    value = str(config.getini(ini) or "").strip()
    if value:
        base = config.inipath.parent if config.inipath is not None else config.rootpath
        return Path(base, os.path.expanduser(value))
    return None


def _setting_name(config: pytest.Config, option: str, ini: str) -> str:
    """Where the path came from, for a message: the option, or the ini option and its file."""
    if config.getoption(_option_destination(option)):
        return option
    return f"{ini} in {config.inipath}" if config.inipath is not None else ini


def _option_destination(option: str) -> str:
    return option.lstrip("-").replace("-", "_")


@pytest.fixture
def slamd_factory(slamd_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A function ``(storyboard=None, args=())`` launching a ``slamd`` that is stopped at teardown."""
    daemons: List[SlamDaemon] = []
    short_directories: List[str] = []

    def launch(storyboard: Union[str, Path, Dict[str, Any], None] = None, args: Sequence[str] = ()) -> SlamDaemon:
        """Launches a daemon in a new temporary directory; see :func:`launch_slamd`."""
        directory = tmp_path_factory.mktemp("slamd")
        socket_path = directory / "slamd.sock"
        if len(os.fsencode(socket_path)) > MAXIMUM_SOCKET_PATH_BYTES:
            short_directories.append(tempfile.mkdtemp(prefix="slamd-", dir="/tmp"))
            socket_path = Path(short_directories[-1]) / "slamd.sock"
        try:
            daemon = launch_slamd(slamd_path, directory, storyboard, args, socket_path=socket_path)
        except RuntimeError as error:
            failure = str(error)
        else:
            daemons.append(daemon)
            return daemon
        pytest.fail(failure, pytrace=False)

    yield launch
    for daemon in daemons:
        daemon.close_clients()
        daemon.stop()
    for directory in short_directories:
        shutil.rmtree(directory, ignore_errors=True)


OWN_DAEMON_MARKER = "slam_own_daemon"
FRESH_DAEMON_MARKER = "slam_fresh_daemon"
"""The older name of :data:`OWN_DAEMON_MARKER`."""
OWN_DAEMON_OPTION = "--slam-own-daemon"
FRESH_DAEMON_OPTION = "--slam-fresh-daemon"
"""The older name of :data:`OWN_DAEMON_OPTION`."""
STORYBOARD_OPTION = "--slam-storyboard"
STORYBOARD_INI = "slam_storyboard"
APP_OPTION = "--slam-app"
APP_INI = "slam_app"

SHARED_DIRECTORY_KEY = "slam_shared_daemon_directory"
"""The key of xdist's ``workerinput`` naming the directory where the workers find the session's one daemon."""
SHARED_RECORD = "slamd.json"
"""In that directory: the shared daemon's pid, socket, log and trace directory, written by the worker that launched it."""
SHARED_LOCK = "slamd.lock"
"""In that directory: held (``flock``) while a worker reads the record and launches the daemon when there is none."""

_shared_directory_key = pytest.StashKey[Path]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        OWN_DAEMON_OPTION,
        FRESH_DAEMON_OPTION,
        action="store_true",
        dest=_option_destination(OWN_DAEMON_OPTION),
        help="give every test using the slamd fixture a daemon of its own instead of an instance on the shared one",
    )
    parser.addoption(
        STORYBOARD_OPTION,
        metavar="PATH",
        help=f"the storyboard the slamd fixture hosts instead of the demo app (overrides the ini option {STORYBOARD_INI})",
    )
    parser.addini(
        STORYBOARD_INI,
        "the storyboard the slamd fixture hosts instead of the demo app, relative to this file's directory",
        default="",  # a string, the default type: written out, type="string" reads to mypy --strict as a type form
    )
    parser.addoption(
        APP_OPTION,
        metavar="PATH",
        help=f"the program the fixtures run instead of slamd, given slamd's command line (overrides the ini option {APP_INI})",
    )
    parser.addini(
        APP_INI,
        "the program the fixtures run instead of slamd, given slamd's command line, relative to this file's directory",
        default="",  # a string, the default type: written out, type="string" reads to mypy --strict as a type form
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{OWN_DAEMON_MARKER}: the slamd fixture launches a daemon for this test instead of making an instance on the shared one "
        "(for a test that stops the daemon, reads its log, or drives it with a tool that does not know instances)",
    )
    config.addinivalue_line("markers", f"{FRESH_DAEMON_MARKER}: the older name of {OWN_DAEMON_MARKER}")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist's controller, before starting a worker: tells it where the session's one daemon is recorded."""
    node.workerinput[SHARED_DIRECTORY_KEY] = str(_controller_shared_directory(node.config))


def _controller_shared_directory(config: pytest.Config) -> Path:
    """The directory, made once under the controller's temporary directory, that every worker shares."""
    directory = config.stash.get(_shared_directory_key, None)
    if directory is None:
        # The controller's pytest temporary directory, as xdist reads it to put its workers' inside.
        factory = getattr(config, "_tmp_path_factory", None)
        base = factory.getbasetemp() if factory is not None else Path(tempfile.mkdtemp(prefix="slam-pytest-"))
        directory = Path(tempfile.mkdtemp(prefix="slamd-shared-", dir=base))
        config.stash[_shared_directory_key] = directory
    return directory


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """The xdist controller stops the daemon its workers shared, once they have all finished."""
    directory = session.config.stash.get(_shared_directory_key, None)
    if directory is not None:
        with _locked(directory):
            daemon = _recorded_daemon(directory)
            if daemon is not None:
                daemon.stop()


class _SharedDaemon:
    """The session's daemon, launched on first use (and again if a test stopped it).

    Under xdist every worker has one of these on the same ``directory``: the first
    that needs a daemon launches it and records it there, under a file lock; the
    others find it recorded. The controller stops it (``owner`` False); without
    xdist the session stops it (``owner`` True).
    """

    def __init__(self, slamd_path: str, directory: Path, storyboard: Optional[Path] = None, owner: bool = True) -> None:
        self.slamd_path = slamd_path
        self.directory = directory
        self.storyboard = storyboard
        self.owner = owner
        self.daemon: Optional[SlamDaemon] = None

    def get(self) -> SlamDaemon:
        if self.daemon is None or not self.daemon.running:
            with _locked(self.directory):
                self.daemon = _recorded_daemon(self.directory) or self._launch()
        return self.daemon

    def _launch(self) -> SlamDaemon:
        directory = Path(tempfile.mkdtemp(prefix="shared-", dir=self.directory))
        socket_path = directory / "slamd.sock"
        if len(os.fsencode(socket_path)) > MAXIMUM_SOCKET_PATH_BYTES:
            socket_path = Path(tempfile.mkdtemp(prefix="slamd-", dir="/tmp")) / "slamd.sock"
        daemon = launch_slamd(self.slamd_path, directory, self.storyboard, socket_path=socket_path)
        record = {"pid": daemon.pid, "socket": daemon.socket_path, "log": daemon.log_path, "traces": daemon.trace_directory}
        (self.directory / SHARED_RECORD).write_text(json.dumps(record), encoding="utf-8")
        return daemon

    def stop(self) -> None:
        if self.owner and self.daemon is not None:
            self.daemon.stop()


@contextlib.contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """Holds the shared directory's lock: one pytest process at a time reads and launches the shared daemon."""
    with open(directory / SHARED_LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _recorded_daemon(directory: Path) -> Optional[SlamDaemon]:
    """The daemon recorded in ``directory``, while it runs; ``None`` when none was, or it has gone."""
    try:
        record = json.loads((directory / SHARED_RECORD).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    process = RecordedProcess(record["pid"], record["socket"])
    if process.poll() is not None:
        return None
    return SlamDaemon(process, record["socket"], record["log"], record["traces"])


@pytest.fixture(scope="session")
def _slam_shared_daemon(slamd_path: str, slam_storyboard: Optional[Path], pytestconfig: pytest.Config,
                        tmp_path_factory: pytest.TempPathFactory) -> Iterator[_SharedDaemon]:
    worker_input = getattr(pytestconfig, "workerinput", {})
    if SHARED_DIRECTORY_KEY in worker_input:
        shared = _SharedDaemon(slamd_path, Path(worker_input[SHARED_DIRECTORY_KEY]), slam_storyboard, owner=False)
    else:
        shared = _SharedDaemon(slamd_path, tmp_path_factory.mktemp("slamd-shared"), slam_storyboard)
    yield shared
    shared.stop()


def instance_label(node_id: str) -> str:
    """A test's node id as an instance's label: cut to the 200 UTF-8 bytes ``instance.create`` takes, keeping its end,
    which names the test."""
    encoded = node_id.encode("utf-8")
    if len(encoded) <= MAXIMUM_LABEL_BYTES:
        return node_id
    return "…" + encoded[-(MAXIMUM_LABEL_BYTES - len("…".encode("utf-8"))):].decode("utf-8", errors="ignore")


@pytest.fixture
def slamd(request: pytest.FixtureRequest, slamd_factory: Any, _slam_shared_daemon: _SharedDaemon) -> Iterator[SlamDaemon]:
    """The app under test (the demo, or ``slam_storyboard``) at its launch state: an instance of the shared daemon
    made for this test and closed after it, or a daemon of its own (``slam_own_daemon``)."""
    if request.config.getoption(_option_destination(OWN_DAEMON_OPTION)) or any(
        request.node.get_closest_marker(marker) for marker in (OWN_DAEMON_MARKER, FRESH_DAEMON_MARKER)
    ):
        yield slamd_factory(_slam_shared_daemon.storyboard)
        return
    try:
        daemon = _slam_shared_daemon.get()
        # The instance lasts while the connection that made it is open: this one, until the test is over.
        creator = Client(daemon.socket_path, timeout=10.0)
    except (RuntimeError, OSError) as error:
        pytest.fail(f"the shared slamd could not be reached: {error}", pytrace=False)
    try:
        handle = creator.instance_create(label=instance_label(request.node.nodeid))["instance"]
    except (SlamError, OSError) as error:
        creator.close()
        pytest.fail(f"the shared slamd {daemon.socket_path} made no instance for the test: {error}", pytrace=False)
    instance = daemon.with_instance(handle)
    try:
        yield instance
    finally:
        instance.close_clients()
        with contextlib.suppress(SlamError, OSError):  # the test closed it, or stopped the daemon
            creator.instance_close(handle)
        creator.close()


@pytest.fixture
def slam_client(slamd: SlamDaemon) -> Client:
    """A client connected to ``slamd`` (the test's instance of the app under test)."""
    return slamd.connect()
