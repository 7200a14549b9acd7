"""Typed use of the installed ``slam`` package: ``mypy --strict`` accepts every line (test_packaging.py),
and test_shapes.py runs it against the demo, so what the types say is also what comes back."""

from __future__ import annotations

import asyncio
from typing import Any, Dict, List, Optional, cast

import slam


def blocking(client: slam.Client) -> Dict[str, object]:
    pressed: slam.Snapshot = client.press("increment")
    count: str = client.find("count").get("text", "")
    buttons: List[slam.Snapshot] = client.query(type="Button", enabled=True)
    children = client.tree("counterButtons", depth=1).get("children", [])
    outcome: slam.KeyOutcome = client.key("Tab")
    focused: Optional[slam.Snapshot] = outcome["focused"]
    version: slam.Version = client.version()
    events: List[slam.EventName] = version["capabilities"]["events"]
    subscribed = client.subscribe(["changed", "focusChanged"])["subscribed"]
    client.press(slam.locate(type="Button", text="+1"))
    waited = client.wait_for("count", state="visible", timeout_ms=1000)
    changes: List[str] = []
    for note in client.notifications(timeout=0.2):
        if note.method == "changed":
            changed = cast(slam.Changed, note.params)
            changes += [snapshot["ref"] for snapshot in changed["changes"]]
        elif note.method == "focusChanged":
            moved = cast(slam.FocusChanged, note.params)
            changes.append(f"focus {moved['ref']}")
    stack: List[slam.StackEntry] = client.controllers()
    model = slam.RemoteUIModel()
    model.attach(client.ui_attach())
    client.ui_detach()
    return {
        "pressed": pressed["ref"],
        "count": count,
        "buttons": [snapshot["ref"] for snapshot in buttons],
        "children": [child["ref"] for child in children],
        "focused": None if focused is None else focused["ref"],
        "server": version["serverVersion"],
        "events": events,
        "subscribed": subscribed,
        "waited": None if waited is None else waited["visible"],
        "changes": changes,
        "stack": [entry["id"] for entry in stack],
        "top": model.tree(-1)["type"],
    }


async def concurrent(socket_path: str, framing: slam.Framing = "newline", instance: Optional[str] = None) -> List[str]:
    async with await slam.connect_async(socket_path, framing=framing, instance=instance) as client:
        first, second = await asyncio.gather(client.find("count"), client.find("increment"))
        await client.subscribe(["changed"])
        await client.press("increment")
        texts = [first.get("text", ""), second.get("text", "")]
        async for note in client.notifications(timeout=1):
            if note.method == "changed":
                texts += [snapshot.get("text", "") for snapshot in cast(slam.Changed, note.params)["changes"]]
                break
        return texts


def tasks(client: slam.Client) -> Dict[str, object]:
    """A task this client handles, run by the client itself (its own calls nest inside the run)."""

    @client.task("greet")
    def greet(call: slam.TaskCall) -> Dict[str, str]:
        if call.param is None:
            raise slam.TaskError("whom should I greet?", {"param": None})
        call.client.state_set("greeting", f"Hello, {call.param}")
        return {"greeted": call.param}

    registered: slam.TasksRegistered = client.register_tasks({"wave": lambda call: call.name}, timeout_ms=1000)
    outcome: slam.TaskResult = client.run_task("greet", "Ada")
    result: Any = outcome.get("result")
    try:
        client.run_task("greet")
        failure = ""
    except slam.TaskFailed as error:
        failure = error.data["clientError"]["message"]
    unregistered: List[str] = client.unregister_tasks()
    return {
        "registered": registered["registered"],
        "result": result,
        "greeting": client.state_get("greeting"),
        "failure": failure,
        "unregistered": unregistered,
        "handler": greet.__name__,
    }


async def async_tasks(socket_path: str, instance: Optional[str] = None) -> List[Any]:
    """The same with the asyncio client: a declared ``async def`` handler, and one registered at once."""
    async with slam.AsyncClient(socket_path, instance=instance) as client:

        @client.task("greet")
        async def greet(call: slam.AsyncTaskCall) -> str:
            await call.client.state_set("greeting", f"Hi, {call.param}")
            return "greeted"

        def wave(call: slam.AsyncTaskCall) -> Optional[str]:
            return call.controller

        await client.register_task("wave", wave)
        first = await client.run_task("greet", "Grace")
        second = await client.run_task("wave")
        return [first.get("result"), second.get("result"), await client.state_get("greeting"), greet.__name__]


def state_handlers(client: slam.Client) -> List[Any]:
    """Handlers of shared state keys: a decorated function, and one added by a call."""
    seen: List[Any] = []

    @client.on_state("bill", "tip")
    def recalculate(changed: Dict[str, Any]) -> None:
        seen.append(changed.get("bill"))

    client.add_state_handler(["people"], seen.append)
    client.serve(timeout=0.1)
    return [seen, client.remove_state_handler(recalculate)]


async def async_state_handlers(socket_path: str) -> bool:
    """The same with the asyncio client: an ``async def`` handler declared, a plain one added at once."""
    async with slam.AsyncClient(socket_path) as client:

        @client.on_state("bill")
        async def recalculate(changed: Dict[str, Any]) -> None:
            await client.state_set("total", changed["bill"])

        def note(changed: Dict[str, Any]) -> None:
            print(changed)

        await client.add_state_handler(["people"], note)
        await client.serve(timeout=0.1)
        return client.remove_state_handler(recalculate)
