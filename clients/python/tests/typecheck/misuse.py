"""Mistakes the package's types catch: ``mypy --strict`` must report an error on exactly the lines
marked ``# error`` (test_packaging.py), so the Literal and TypedDict annotations do constrain."""

from __future__ import annotations

import slam


def mistakes(client: slam.Client) -> None:
    client.subscribe(["changd"])  # error: not an event
    slam.connect(framing="json")  # error: not a framing
    client.query(type="Buton")  # error: not an element type
    client.wait_for("count", state="shown")  # error: not a wait state
    client.find("count")["txt"]  # error: not a snapshot member
    client.find("count")["visible"].upper()  # error: visible is a bool
    client.key("Tab")["handled"] + "!"  # error: handled is a bool
    client.version()["serverVersion"] + 1  # error: a str
    slam.locate(text_match="x")  # error: no such parameter
    slam.by_role("button", label="Settings")  # error: the accessible name is name
    if client.next_notification().method == "chagned":  # error: no notification has that method
        pass
    client.register_task("greet", lambda: "hi")  # error: a handler takes the TaskCall
    raise slam.TaskError(404)  # error: the message is a str


async def async_mistakes(client: slam.AsyncClient) -> None:
    snapshot: slam.Snapshot = client.find("count")  # error: a coroutine, not awaited
    await client.subscribe(["changed", "navigate"])  # error: not an event
    print(snapshot)
