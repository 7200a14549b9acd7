"""A scripted agent uses the demo through ``slamctl mcp --launch`` with the official MCP SDK, tools only.

It completes three tasks (place an order on the Order screen, answering its alert; add a to-do and mark
it done; change two settings and go back), checking each with ``slam_verify``; then ``slam_flow``
writes what it did as a flow, and ``slamctl run`` replays that flow green on a fresh demo after a reset.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

anyio = pytest.importorskip("anyio")
mcp = pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters  # noqa: E402


def slamctl_path(slamd_path: str) -> str:
    """``$SLAMCTL``, else the ``slamctl`` built beside ``slamd``."""
    return os.environ.get("SLAMCTL") or str(Path(slamd_path).with_name("slamctl"))


class Agent:
    """Calls tools the way an agent does and keeps every answer's text (what it read)."""

    def __init__(self, client):
        self.client = client
        self.answers = []

    async def __call__(self, tool, **arguments):
        result = await self.client.call_tool(tool, arguments)
        text = "".join(block.text for block in result.content if block.type == "text")
        self.answers.append((tool, arguments, text))
        assert not result.is_error, f"{tool} {arguments} failed:\n{text}"
        return text


async def place_an_order(agent):
    await agent("slam_reset")
    home = await agent("slam_snapshot")
    assert 'button "Order"' in home
    await agent("slam_press", target={"role": "button", "name": "Order"})
    await agent("slam_select", target="size", value=[0, 2])
    await agent("slam_select", target="size", value=[1, 1])
    await agent("slam_select", target="delivery", value="2026-12-24")
    await agent("slam_verify", target="size", aria='- listbox "Component 1":\n  - option "Large" [selected]')
    await agent("slam_verify", target="order", text="Large, Green, delivered on 2026-12-24")
    alert = await agent("slam_press", target={"role": "button", "name": "Place order"})
    assert "Place the order?" in alert, alert
    await agent("slam_press", target={"role": "button", "name": "Order"})
    await agent("slam_verify", target="orderStatus", text="Ordered")
    await agent("slam_press", target={"role": "button", "name": "Back"})
    await agent("slam_verify", target={"role": "heading", "name": "Counter"}, state="visible")


async def add_a_todo_and_mark_it_done(agent):
    await agent("slam_press", target={"role": "button", "name": "To-do"})
    await agent("slam_type", target={"role": "textbox", "name": "New to-do"}, text="Water the plants")
    await agent("slam_press", target={"role": "button", "name": "Add"})
    await agent("slam_verify", target="summary", text="2 of 3 to do")
    locator = await agent("slam_generate_locator", target={"role": "switch", "name": "Done: Water the plants"})
    done = json.loads(locator.split("\n")[0])
    await agent("slam_press", target=done)
    await agent("slam_verify", target=done, aria="- switch [checked]")
    await agent("slam_verify", target="summary", text="1 of 3 to do")
    await agent("slam_navigate", back=True)


async def change_two_settings_and_go_back(agent):
    await agent("slam_press", target={"role": "button", "name": "Settings"})
    await agent("slam_press", target={"role": "switch", "name": "Wi-Fi"})
    await agent("slam_verify", target="wifiStatus", text="Wi-Fi is off")
    await agent("slam_select", target={"role": "radiogroup", "name": "Theme"}, value=1)
    await agent("slam_verify", target="themeLabel", text="Theme: Dark")
    await agent("slam_press", target={"role": "button", "name": "Back"})
    await agent("slam_verify", target="count", state="visible")


def test_an_agent_completes_three_tasks_and_its_flow_replays_green(slamd_path, slamd_factory, tmp_path):
    slamctl = slamctl_path(slamd_path)
    flow_file = tmp_path / "agent.json"
    server = StdioServerParameters(command=slamctl, args=["mcp", "--launch"])

    async def session():
        async with Client(server) as client:
            agent = Agent(client)
            await place_an_order(agent)
            await add_a_todo_and_mark_it_done(agent)
            await change_two_settings_and_go_back(agent)
            written = await agent("slam_flow", name="agent", filename=str(flow_file))
            return agent, written

    agent, written = anyio.run(session)
    steps = json.loads(flow_file.read_text())["steps"]
    assert written.startswith(f'Wrote flow "agent" ({len(steps)} steps) to {flow_file}'), written
    assert steps[0] == {"reset": True}
    verified = [step for step in steps if any(key.startswith("expect") or key == "wait" for key in step)]
    assert len(verified) == sum(tool == "slam_verify" for tool, _, _ in agent.answers)

    # The flow is a regression test: on a fresh demo, after a reset, it replays green.
    daemon = slamd_factory()
    socket = ["--socket", str(daemon.socket_path)]
    subprocess.run([slamctl, *socket, "reset-app"], check=True, capture_output=True, timeout=30)
    replay = subprocess.run([slamctl, *socket, "run", str(flow_file)], capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "flow agent passed" in replay.stdout
