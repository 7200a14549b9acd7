"""Typed use of the installed ``slam`` package: ``mypy --strict`` accepts every line (test_packaging.py),
and test_shapes.py runs it against the demo, so what the types say is also what comes back."""

from __future__ import annotations

import asyncio
from typing import Dict, List, Optional, cast

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


async def concurrent(socket_path: str, framing: slam.Framing = "newline") -> List[str]:
    async with await slam.connect_async(socket_path, framing=framing) as client:
        first, second = await asyncio.gather(client.find("count"), client.find("increment"))
        await client.subscribe(["changed"])
        await client.press("increment")
        texts = [first.get("text", ""), second.get("text", "")]
        async for note in client.notifications(timeout=1):
            if note.method == "changed":
                texts += [snapshot.get("text", "") for snapshot in cast(slam.Changed, note.params)["changes"]]
                break
        return texts
