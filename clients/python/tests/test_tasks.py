"""Tasks a client handles: the daemon calls the client that registered a name whenever that task runs.

Against a real slamd hosting a small shop storyboard whose buttons name client tasks; then the
client's own side of the exchange (requests it cannot handle, answers read out of turn) against
a scripted daemon, for what a real one does not send.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import tempfile
import threading
import time
from typing import Any, Callable, Dict, Iterator, List

import pytest

import slam

SHOP = {
    "initial": "Shop",
    "state": {"status": "Cart: 2 items", "buyLabel": "Buy", "paid": False},
    "controllers": [
        {"id": "Shop", "title": "Shop", "view": {"type": "View", "ref": "root", "children": [
            {"type": "Label", "ref": "status", "bind": {"text": "status"}},
            {"type": "Button", "ref": "buy", "text": "Buy", "task": "checkout", "param": "cart-1",
             "bind": {"text": "buyLabel"}},
            {"type": "Button", "ref": "next", "text": "Next", "task": "goNext"},
        ]}},
        {"id": "Receipt", "title": "Receipt", "view": {"type": "View", "ref": "root", "children": [
            {"type": "Label", "ref": "thanks", "text": "Thank you"},
        ]}},
    ],
}
"""A storyboard whose buttons name tasks no built-in provides: ``checkout`` and ``goNext`` are the clients'."""


@pytest.fixture
def shop(slamd_factory):
    """A slamd of its own hosting ``SHOP``."""
    return slamd_factory(storyboard=SHOP)


@contextlib.contextmanager
def serving(daemon, client: slam.Client) -> Iterator[None]:
    """Runs ``client.serve()`` in a thread while the block runs; stopping the daemon afterwards must end it."""
    thread = threading.Thread(target=client.serve, name="serve", daemon=True)
    thread.start()
    try:
        yield
    finally:
        daemon.stop()
        thread.join(10)
    assert not thread.is_alive(), "serve() did not return when the daemon closed the connection"


def run(coroutine: Any, seconds: float = 30) -> Any:
    """Runs a test's coroutine in a new event loop, failing it if it takes longer than ``seconds``."""
    return asyncio.run(asyncio.wait_for(coroutine, seconds))


# ---------------------------------------------------------------- the blocking client


def test_a_press_from_another_client_runs_the_handler_and_is_answered_after_it(shop):
    app, user = shop.connect(), shop.connect()
    calls: List[slam.TaskCall] = []

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> Dict[str, Any]:
        calls.append(call)
        was = call.client.state_get("status")
        call.client.state_set_many({"status": "Paid", "buyLabel": "Bought", "paid": True})
        return {"was": was}

    assert checkout.__name__ == "checkout", "the decorator returns the function"
    assert "checkout" in user.tasks()
    with serving(shop, app):
        snapshot = user.press("buy")
        assert snapshot["text"] == "Bought", "the press answers with the button as the handler left it"
        assert user.find("status")["text"] == "Paid"
        assert [(call.name, call.param, call.ref, call.controller) for call in calls] == [("checkout", "cart-1", "buy", "Shop")]
        assert calls[0].client is app


def test_run_task_answers_with_the_handlers_result(shop):
    app, user = shop.connect(), shop.connect()
    seen: List[slam.TaskCall] = []

    def checkout(call: slam.TaskCall) -> Dict[str, Any]:
        seen.append(call)
        return {"order": 17, "param": call.param, "items": ["tea", None]}

    assert app.register_task("checkout", checkout) == {"registered": ["checkout"], "timeoutMs": 5000}
    app.register_task("goNext", lambda call: None)
    with serving(shop, app):
        assert user.run_task("checkout", "express") == {
            "task": "checkout", "param": "express", "top": "Shop",
            "result": {"order": 17, "param": "express", "items": ["tea", None]},
        }
        assert (seen[0].ref, seen[0].controller) == (None, "Shop"), "no element ran it; the controller on top"
        assert user.run_task("goNext") == {"task": "goNext", "param": None, "top": "Shop", "result": None}


def test_a_task_error_reaches_the_presser_as_task_failed_with_its_message_and_data(shop):
    app, user = shop.connect(), shop.connect()

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> None:
        call.client.state_set("status", "Declined")
        raise slam.TaskError("card declined", {"card": "visa", "retry": False})

    with serving(shop, app):
        with pytest.raises(slam.TaskFailed) as caught:
            user.press("buy")
        error = caught.value
        assert error.code == -32010
        assert error.message.endswith("task 'checkout' failed: card declined")
        assert error.data["task"] == "checkout"
        assert error.data["clientError"] == {"code": -32010, "message": "card declined", "data": {"card": "visa", "retry": False}}
        assert user.find("status")["text"] == "Declined", "what the handler changed before failing stays"


def test_any_other_exception_fails_the_task_naming_its_type(shop):
    app, user = shop.connect(), shop.connect()

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> float:
        return 1 / 0

    @app.task("goNext")
    def go_next(call: slam.TaskCall) -> Any:
        return call.client.state_get("noSuchKey")  # the daemon's error inside the handler fails the task

    with serving(shop, app):
        with pytest.raises(slam.TaskFailed) as caught:
            user.run_task("checkout")
        assert caught.value.message.endswith("task 'checkout' failed: ZeroDivisionError: division by zero")
        assert caught.value.data["clientError"]["code"] == -32010
        with pytest.raises(slam.TaskFailed, match=r"task 'goNext' failed: StateKeyNotFound: .*noSuchKey"):
            user.press("next")


def test_a_handler_slower_than_its_timeout_fails_the_task_and_its_late_answer_is_ignored(shop):
    app, user = shop.connect(), shop.connect()
    release = threading.Event()
    slow = [True]

    def checkout(call: slam.TaskCall) -> str:
        if slow[0]:
            release.wait(10)
        return "done"

    assert app.register_task("checkout", checkout, timeout_ms=300)["timeoutMs"] == 300
    with serving(shop, app):
        started = time.monotonic()
        with pytest.raises(slam.TaskFailed) as caught:
            user.press("buy")
        assert time.monotonic() - started >= 0.3
        assert "did not answer within 300 ms" in caught.value.message
        assert "did not answer within 300 ms" in caught.value.data["reason"]
        slow[0] = False
        release.set()  # the handler answers now, too late
        assert user.run_task("checkout")["result"] == "done", "the connection and the task go on working"
        assert user.ping() == "pong"


def test_a_client_pressing_a_button_whose_task_it_handles_runs_the_handler_meanwhile(shop):
    app = shop.connect()
    order: List[str] = []

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> str:
        order.append("handler")
        call.client.state_set("buyLabel", "Bought")
        order.append(call.client.find("buy")["text"])  # its own calls are answered while its press waits
        return "ok"

    @app.task("goNext")
    def go_next(call: slam.TaskCall) -> str:
        return call.client.run_task("push", "Receipt")["top"]

    assert app.press("buy")["text"] == "Bought"
    assert order == ["handler", "Bought"]
    assert app.run_task("checkout")["result"] == "ok"
    assert app.press("next")["ref"] == "next"
    assert [entry["id"] for entry in app.controllers()] == ["Shop", "Receipt"]


def test_a_handler_pressing_a_button_whose_task_it_also_handles_nests(shop):
    app = shop.connect()

    @app.task("goNext")
    def go_next(call: slam.TaskCall) -> Any:
        return call.client.press("buy")["text"]

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> None:
        call.client.state_set("buyLabel", "Bought inside")

    assert app.run_task("goNext")["result"] == "Bought inside"


def test_subscribers_hear_a_handlers_changes_once_after_the_press_is_answered(shop):
    app, user, watcher = shop.connect(), shop.connect(), shop.connect()
    watcher.subscribe(["stateChanged"])

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> None:
        call.client.state_set("status", "Paying")
        call.client.state_set("status", "Paid")
        call.client.state_set("paid", True)

    with serving(shop, app):
        user.press("buy")
        note = watcher.next_notification(timeout=5)
        assert note.method == "stateChanged"
        assert note.params["values"] == {"status": "Paid", "paid": True}
        with pytest.raises(slam.SlamTimeout):
            watcher.next_notification(timeout=0.3)


def test_enter_on_a_focused_button_runs_the_clients_task(shop):
    app, user = shop.connect(), shop.connect()
    pressed: List[str] = []
    app.register_task("checkout", lambda call: pressed.append(call.ref or "?"))
    with serving(shop, app):
        outcome = user.key("Enter", ref="buy")
        assert outcome["handled"] is True
        assert pressed == ["buy"]


def test_unregistering_makes_the_task_unknown(shop):
    app, user = shop.connect(), shop.connect()
    app.register_task("checkout", lambda call: "paid")
    app.register_task("goNext", lambda call: "next")
    assert {"checkout", "goNext"} <= set(user.tasks())
    assert app.unregister_task("checkout") is True
    assert app.unregister_task("checkout") is False
    assert "checkout" not in user.tasks()
    with pytest.raises(slam.TaskNotFound):
        user.press("buy")
    assert app.unregister_tasks() == ["goNext"]
    assert app.unregister_tasks() == []
    assert not {"checkout", "goNext"} & set(user.tasks())


def test_a_name_another_client_handles_is_taken(shop):
    first, second = shop.connect(), shop.connect()
    first.register_task("checkout", lambda call: "first")
    assert first.register_task("checkout", lambda call: "again", timeout_ms=1000) == {
        "registered": ["checkout"], "timeoutMs": 1000}, "registering again on the same connection is fine"
    with pytest.raises(slam.TaskNameTaken) as caught:
        second.register_task("checkout", lambda call: "second")
    assert caught.value.code == -32016
    assert caught.value.data["task"] == "checkout"
    assert isinstance(caught.value.data["client"], int)
    assert first.run_task("checkout")["result"] == "again", "the first client's (newest) handler still answers"


def test_a_built_in_task_cannot_be_taken(shop, slamd):
    client = shop.connect()
    for name in ("push", "set", "pop"):
        with pytest.raises(slam.TaskNameTaken) as caught:
            client.register_task(name, lambda call: None)
        assert caught.value.data["task"] == name
        assert "client" not in caught.value.data and caught.value.data["owner"], "the daemon owns it, not a client"
    assert client.run_task("push", "Receipt")["top"] == "Receipt", "the built-in still runs"
    with pytest.raises(slam.TaskNameTaken) as caught:
        slamd.connect().register_task("resetCounter", lambda call: None)  # the demo's Swift task
    assert caught.value.data["task"] == "resetCounter"


def test_bad_registrations_are_refused_before_anything_is_sent(shop):
    client = shop.connect()
    with pytest.raises(ValueError):
        client.register_task("", lambda call: None)
    with pytest.raises(ValueError):
        client.register_tasks({})
    with pytest.raises(TypeError):
        client.register_task("checkout", "not a function")  # type: ignore[arg-type]
    with pytest.raises(slam.InvalidParams):
        client.call("tasks.register", {"names": []})
    assert "checkout" not in client.tasks()


def test_closing_the_handling_client_makes_the_task_unknown_again(shop):
    app, user = shop.connect(), shop.connect()
    app.register_task("checkout", lambda call: "paid")
    app.close()
    # The daemon learns of the close when it reads the connection's end; each tasks() is a round trip to it.
    deadline = time.monotonic() + 5
    while "checkout" in user.tasks():
        assert time.monotonic() < deadline, "the closed client's task is still registered"
    with pytest.raises(slam.TaskNotFound):
        user.press("buy")
    other = shop.connect()
    assert other.register_task("checkout", lambda call: "other")["registered"] == ["checkout"]
    assert other.run_task("checkout")["result"] == "other"


def test_a_press_pending_when_the_handling_client_goes_away_fails(shop):
    app, user = shop.connect(), shop.connect()

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> None:
        call.client.close()  # gone before answering

    with serving(shop, app):
        with pytest.raises(slam.TaskFailed) as caught:
            user.press("buy")
        assert caught.value.data["task"] == "checkout"
        assert "went away" in caught.value.data["reason"], "failed for its client leaving, not at its timeout"
        with pytest.raises(slam.TaskNotFound):
            user.press("buy")


def test_a_call_whose_own_handler_outlasts_the_client_timeout_still_gets_its_reply(shop):
    client = shop.connect(timeout=0.5)

    @client.task("checkout", timeout_ms=10_000)
    def checkout(call: slam.TaskCall) -> str:
        time.sleep(0.8)  # longer than the client's timeout, within the task's
        return "paid"

    assert client.run_task("checkout")["result"] == "paid"


def test_serve_returns_after_its_timeout_keeping_notifications(shop):
    app, user = shop.connect(), shop.connect()
    app.subscribe(["stateChanged"])
    user.state_set("status", "Open")
    started = time.monotonic()
    assert app.serve(timeout=0.2) is None
    assert time.monotonic() - started >= 0.2
    assert app.next_notification(timeout=1).params == {"values": {"status": "Open"}}


def test_requests_pipelined_after_a_press_see_what_its_task_did(shop):
    app, user = shop.connect(), shop.connect()

    @app.task("checkout")
    def checkout(call: slam.TaskCall) -> None:
        call.client.state_set("status", f"Paid ({call.client.state_get('status')})")

    with serving(shop, app):
        requests = [
            {"jsonrpc": "2.0", "method": "state.set", "params": {"key": "status", "value": "Ordered"}, "id": 1},
            {"jsonrpc": "2.0", "method": "press", "params": {"ref": "buy"}, "id": 2},
            {"jsonrpc": "2.0", "method": "state.get", "params": {"key": "status"}, "id": 3},
            {"jsonrpc": "2.0", "method": "find", "params": {"ref": "status"}, "id": 4},
        ]
        user.send_raw(b"".join(json.dumps(request).encode() + b"\n" for request in requests))  # one write
        replies = [user.next_message(timeout=30) for _ in requests]
        assert [reply["id"] for reply in replies] == [1, 2, 3, 4]
        assert replies[2]["result"]["value"] == "Paid (Ordered)", "the read runs after the press its task answered"
        assert replies[3]["result"]["text"] == "Paid (Ordered)"


# ---------------------------------------------------------------- the asyncio client


def test_an_async_handler_awaits_the_clients_calls_while_the_press_waits(shop):
    async def main() -> None:
        app = await slam.connect_async(shop.socket_path)
        user = await slam.connect_async(shop.socket_path)
        seen: List[slam.AsyncTaskCall] = []

        @app.task("checkout")
        async def checkout(call: slam.AsyncTaskCall) -> Dict[str, Any]:
            seen.append(call)
            was = await call.client.state_get("status")
            await call.client.state_set_many({"status": "Paid", "buyLabel": "Bought"})
            return {"was": was}

        @app.task("goNext", timeout_ms=2000)
        def go_next(call: slam.AsyncTaskCall) -> str:  # a plain function works too
            return f"next from {call.ref}"

        assert {"checkout", "goNext"} <= set(await app.tasks()), "the next call sends what the decorators declared"
        serving = asyncio.create_task(app.serve())
        assert (await user.press("buy"))["text"] == "Bought"
        assert (await user.find("status"))["text"] == "Paid"
        assert [(call.name, call.param, call.ref, call.controller) for call in seen] == [("checkout", "cart-1", "buy", "Shop")]
        assert seen[0].client is app
        assert (await user.run_task("checkout"))["result"] == {"was": "Paid"}
        assert (await user.run_task("goNext"))["result"] == "next from None"  # run_task: no element
        await app.close()
        await asyncio.wait_for(serving, 5)  # serve() returns once the client is closed
        await user.close()

    run(main())


def test_the_async_client_pressing_its_own_task_and_failing_tasks(shop):
    async def main() -> None:
        async with slam.AsyncClient(shop.socket_path) as app:
            async def checkout(call: slam.AsyncTaskCall) -> None:
                await call.client.state_set("buyLabel", "Bought")

            async def fail(call: slam.AsyncTaskCall) -> None:
                raise slam.TaskError("out of stock", ["tea"])

            await app.register_task("checkout", checkout)
            assert (await app.press("buy"))["text"] == "Bought", "the reader answers task.run while the press waits"
            await app.register_task("goNext", fail)
            with pytest.raises(slam.TaskFailed) as caught:
                await app.press("next")
            assert caught.value.data["clientError"] == {"code": -32010, "message": "out of stock", "data": ["tea"]}
            assert await app.unregister_task("goNext") is True
            with pytest.raises(slam.TaskNotFound):
                await app.press("next")
            assert await app.unregister_tasks() == ["checkout"]

    run(main())


def test_async_calls_gathered_with_a_press_see_what_its_task_did(shop):
    async def main() -> None:
        async with slam.AsyncClient(shop.socket_path) as app, slam.AsyncClient(shop.socket_path) as user:
            async def checkout(call: slam.AsyncTaskCall) -> None:
                was = await call.client.state_get("status")
                await call.client.state_set_many({"status": f"Paid ({was})", "buyLabel": "Bought"})

            await app.register_task("checkout", checkout)
            await user.state_set("status", "Ordered")
            pressed, status, label = await asyncio.gather(user.press("buy"), user.state_get("status"), user.find("status"))
            assert pressed["text"] == "Bought"
            assert status == "Paid (Ordered)", "calls sent after the press run after its task answered"
            assert label["text"] == "Paid (Ordered)"

    run(main())


def test_an_async_registration_refused_is_raised_by_the_call_that_sent_it(shop):
    async def main() -> None:
        async with slam.AsyncClient(shop.socket_path) as first, slam.AsyncClient(shop.socket_path) as second:
            await first.register_task("checkout", lambda call: "first")

            @second.task("checkout")
            def checkout(call: slam.AsyncTaskCall) -> str:
                return "second"

            with pytest.raises(slam.TaskNameTaken):
                await second.ping()
            assert await second.ping() == "pong", "the refused declaration is dropped"
            assert (await second.run_task("checkout"))["result"] == "first"
            with pytest.raises(slam.TaskNameTaken):
                await second.register_task("push", lambda call: None)

    run(main())


# ---------------------------------------------------------------- the client's side, against a scripted daemon


class ScriptedDaemon:
    """A Unix socket a test's script answers in place of slamd: one connection, newline-delimited JSON."""

    def __init__(self, script: Callable[["ScriptedDaemon"], None]) -> None:
        self.directory = tempfile.mkdtemp(prefix="slam-scripted-", dir="/tmp")
        self.socket_path = os.path.join(self.directory, "scripted.sock")
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(self.socket_path)
        self._listener.listen(1)
        self._buffer = b""
        self._connection: Any = None
        self.failure: Any = None
        self._thread = threading.Thread(target=self._run, args=(script,), daemon=True)
        self._thread.start()

    def _run(self, script: Callable[["ScriptedDaemon"], None]) -> None:
        try:
            self._connection, _ = self._listener.accept()
            self._connection.settimeout(10)
            script(self)
        except BaseException as error:  # reported by finish()
            self.failure = error

    def receive(self) -> Any:
        while b"\n" not in self._buffer:
            data = self._connection.recv(65536)
            assert data, "the client closed the connection"
            self._buffer += data
        line, self._buffer = self._buffer.split(b"\n", 1)
        return json.loads(line)

    def send(self, message: Any) -> None:
        self._connection.sendall(json.dumps(message).encode() + b"\n")

    def accept_registration(self) -> None:
        """Answers the client's ``tasks.register`` as slamd would."""
        request = self.receive()
        assert request["method"] == "tasks.register", request
        self.send({"jsonrpc": "2.0", "id": request["id"],
                   "result": {"registered": request["params"]["names"], "timeoutMs": 5000}})

    def hang_up(self) -> None:
        self._connection.shutdown(socket.SHUT_RDWR)

    def finish(self) -> None:
        self._thread.join(10)
        if self._connection is not None:
            self._connection.close()
        self._listener.close()
        shutil.rmtree(self.directory, ignore_errors=True)
        assert not self._thread.is_alive(), "the script did not end"
        if self.failure is not None:
            raise self.failure


@pytest.fixture
def scripted() -> Iterator[Callable[[Callable[[ScriptedDaemon], None]], ScriptedDaemon]]:
    daemons: List[ScriptedDaemon] = []

    def start(script: Callable[[ScriptedDaemon], None]) -> ScriptedDaemon:
        daemons.append(ScriptedDaemon(script))
        return daemons[-1]

    yield start
    for daemon in daemons:
        daemon.finish()


def task_run(request_id: str, name: str, **params: Any) -> Dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "task.run",
            "params": {"name": name, "param": None, "ref": None, "controller": None, **params}}


def test_requests_the_client_cannot_handle_are_answered_with_errors(scripted):
    answers: List[Any] = []

    def script(daemon: ScriptedDaemon) -> None:
        daemon.accept_registration()
        ping = daemon.receive()
        daemon.send({"jsonrpc": "2.0", "id": "x-1", "method": "ui.fly", "params": {}})
        answers.append(daemon.receive())
        daemon.send(task_run("task-1", "unknownTask"))
        answers.append(daemon.receive())
        daemon.send({"jsonrpc": "2.0", "id": "task-2", "method": "task.run", "params": {"name": 5}})
        answers.append(daemon.receive())
        daemon.send(task_run("task-3", "strange"))
        answers.append(daemon.receive())
        daemon.send({"jsonrpc": "2.0", "id": ping["id"], "result": "pong"})

    daemon = scripted(script)
    with slam.Client(daemon.socket_path, timeout=10) as client:
        client.register_task("strange", lambda call: {1, 2})  # a set is not JSON
        assert client.ping() == "pong"
    daemon.finish()
    assert answers[0]["id"] == "x-1" and answers[0]["error"]["code"] == -32601
    assert answers[1]["id"] == "task-1" and answers[1]["error"]["code"] == -32005
    assert "unknownTask" in answers[1]["error"]["message"]
    assert answers[2]["id"] == "task-2" and answers[2]["error"]["code"] == -32602
    assert answers[3]["id"] == "task-3" and answers[3]["error"]["code"] == -32010
    assert "not JSON" in answers[3]["error"]["message"]


def test_an_answer_a_handlers_own_call_reads_still_reaches_the_call_waiting_for_it(scripted):
    answers: List[Any] = []

    def script(daemon: ScriptedDaemon) -> None:
        daemon.accept_registration()
        waited = daemon.receive()  # a long waitFor, say
        daemon.send(task_run("task-1", "checkout", param="p"))
        inner = daemon.receive()
        assert inner["method"] == "state.get"
        daemon.send({"jsonrpc": "2.0", "id": waited["id"], "result": "outer"})  # the outer answer first
        daemon.send({"jsonrpc": "2.0", "id": inner["id"], "result": {"key": "k", "value": 41}})
        answers.append(daemon.receive())

    daemon = scripted(script)
    with slam.Client(daemon.socket_path, timeout=10) as client:
        client.register_task("checkout", lambda call: call.client.state_get("k") + 1)
        assert client.call("waitFor", {"ref": "x"}) == "outer"
    daemon.finish()
    assert answers == [{"jsonrpc": "2.0", "id": "task-1", "result": 42}]


def test_next_message_returns_a_request_as_it_came(scripted):
    def script(daemon: ScriptedDaemon) -> None:
        daemon.send(task_run("task-9", "checkout"))
        assert daemon.receive() == {"jsonrpc": "2.0", "id": "task-9", "result": "by hand"}

    daemon = scripted(script)
    with slam.Client(daemon.socket_path, timeout=10) as client:
        request = client.next_message()
        assert request["method"] == "task.run" and request["id"] == "task-9"
        client.send_message({"jsonrpc": "2.0", "id": request["id"], "result": "by hand"})
    daemon.finish()


def test_the_async_client_answers_requests_it_cannot_handle(scripted):
    answers: List[Any] = []

    def script(daemon: ScriptedDaemon) -> None:
        daemon.send({"jsonrpc": "2.0", "id": "x-1", "method": "ui.fly"})
        answers.append(daemon.receive())
        daemon.send(task_run("task-1", "nobody"))
        answers.append(daemon.receive())
        daemon.hang_up()

    daemon = scripted(script)

    async def main() -> None:
        async with slam.AsyncClient(daemon.socket_path, timeout=10) as client:
            await client.serve(timeout=10)  # returns when the daemon hangs up

    run(main())
    daemon.finish()
    assert [(answer["id"], answer["error"]["code"]) for answer in answers] == [("x-1", -32601), ("task-1", -32005)]


def test_only_a_handlers_own_time_moves_a_calls_timeout_on(scripted):
    answered: List[Any] = []

    def script(daemon: ScriptedDaemon) -> None:
        daemon.accept_registration()
        ping = daemon.receive()
        assert ping["method"] == "ping"
        time.sleep(0.6)  # most of the call's second goes by before the run comes
        daemon.send(task_run("task-1", "quick"))
        answered.append(daemon.receive())
        time.sleep(1.5)  # and ping is never answered

    daemon = scripted(script)
    with slam.Client(daemon.socket_path, timeout=1.0) as client:
        client.register_task("quick", lambda call: "done")
        started = time.monotonic()
        with pytest.raises(slam.SlamTimeout):
            client.ping()
        waited = time.monotonic() - started
    assert answered[0]["result"] == "done"
    assert waited < 1.4, f"the call waited {waited:.2f} s: the wait before the run counted twice"
