#!/usr/bin/env python3
"""The MCP server's figures: what an agent reads, in tokens, and how fast the tools answer.

An agent connects with the official MCP Python SDK (``mcp``) to ``slamctl mcp --launch`` over stdio, as an
MCP client's one configuration line does, and:

1. takes the demo's home snapshot (``slam_snapshot``; target: at most 400 tokens);
2. does three tasks with the tools alone: fill in and place an order on the Order screen, answering its
   alert; add a to-do and mark it done; change two settings and go back, each from the home screen back to
   it. Each acting tool's answer is counted (target: the median at most 120 tokens), and what the agent
   read (the home snapshot once, then the answers) is set beside what an agent reads doing the same steps
   through the browser page in a real headless Chromium: the page's accessibility tree once it opened,
   then after each step
   (``browser_agent.py``; target: Slam at least 5x fewer tokens);
3. on a 1,000-element screen (``Benchmarks/web/large_storyboard.py``: one press of its ``tick`` button
   changes one label), times ``slam_snapshot`` end to end (target: median at most 20 ms) and a press's
   answer (target: median at most 5 ms): from the request line written on slamctl's standard input to the
   answer line read (the server's whole cost, the daemon's included); the same through the SDK's
   ``Client.call_tool`` (the Python client's own cost added) is printed beside.

Tokens are counted with tiktoken's ``o200k_base`` (the targets' measure) and, beside it, the Claude
tokenizer Anthropic published (``token_counters.py``). Only the text an agent reads is counted: the
tools' text content (what MCP clients give the model) and the serialized tree; not the calls.

Prints tables and PASS/FAIL lines; exits non-zero only when something breaks. ``make bench-mcp`` runs it
in its own virtual environment with the SDK and the tokenizers installed.

    python3 Benchmarks/mcp/bench_mcp.py --slamd PATH --slamctl PATH [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "Benchmarks" / "web"))
sys.path.insert(0, str(ROOT / "clients" / "python" / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

import generate_mcp_docs  # noqa: E402
from browser_agent import BrowserAgent  # noqa: E402
from large_storyboard import storyboard  # noqa: E402
from token_counters import counters  # noqa: E402
from web_support import WEB_LINE, make_driver, missing_browser  # noqa: E402

HOME_TARGET = 400
MEDIAN_ANSWER_TARGET = 120
RATIO_TARGET = 5.0
SNAPSHOT_MS_TARGET = 20.0
PRESS_MS_TARGET = 5.0
LARGE_ELEMENTS = 1000


@dataclass
class Step:
    """One thing the agent does: the MCP tool call, and the same through the page."""

    says: str
    tool: str
    arguments: dict
    browser: tuple
    """("click", role, name) | ("type", role, name, text, submit) | ("choose", role, name, option)."""


@dataclass
class Task:
    name: str
    steps: list


def button(name):
    return {"role": "button", "name": name}


# The three tasks on the demo, each from the home screen and back to it.
TASKS = [
    Task("Place an order", [
        Step("open the Order screen", "slam_press", {"target": button("Order")}, ("click", "button", "Order")),
        Step("choose the size Large", "slam_select", {"target": {"role": "group", "name": "Size and colour"}, "value": "Large"},
             ("choose", "combobox", "Size and colour, component 1", "Large")),
        Step("type the PIN and submit it", "slam_type",
             {"target": {"role": "textbox", "name": "PIN"}, "text": "1234", "submit": True},
             ("type", "textbox", "PIN", "1234", True)),
        Step("answer the alert: Order", "slam_press", {"target": button("Order")}, ("click", "button", "Order")),
        Step("go back", "slam_press", {"target": button("Back")}, ("click", "button", "Back")),
    ]),
    Task("Add a to-do, mark it done", [
        Step("open the to-do screen", "slam_press", {"target": button("To-do")}, ("click", "button", "To-do")),
        Step("type the to-do", "slam_type", {"target": {"role": "textbox", "name": "New to-do"}, "text": "Water the plants"},
             ("type", "textbox", "New to-do", "Water the plants", False)),
        Step("add it", "slam_press", {"target": button("Add")}, ("click", "button", "Add")),
        Step("mark it done", "slam_press", {"target": {"role": "switch", "name": "Done: Water the plants"}},
             ("click", "switch", "Done: Water the plants")),
        Step("go back", "slam_navigate", {"back": True}, ("click", "button", "Back to Slam Demo")),
    ]),
    Task("Change two settings, go back", [
        Step("open Settings", "slam_press", {"target": button("Settings")}, ("click", "button", "Settings")),
        Step("turn Wi-Fi off", "slam_press", {"target": {"role": "switch", "name": "Wi-Fi"}}, ("click", "switch", "Wi-Fi")),
        Step("choose the dark theme", "slam_select", {"target": {"role": "radiogroup", "name": "Theme"}, "value": "Dark"},
             ("click", "radio", "Dark")),
        Step("go back", "slam_press", {"target": button("Back")}, ("click", "button", "Back")),
    ]),
]


@dataclass
class Reads:
    """What an agent read during one task: a list of (what, text); for the browser, the plain trees too."""

    texts: list = field(default_factory=list)
    plain: list = field(default_factory=list)


def answer_text(result) -> str:
    """The text an MCP client hands the model: the result's text blocks."""
    return "\n".join(block.text for block in result.content if getattr(block, "type", "") == "text")


# ---------------------------------------------------------------------------------------------------- the MCP side


def mcp_session(slamctl, storyboard_path=None):
    """The SDK's Client for `slamctl mcp --launch` over stdio, as an MCP client configured with its one line starts it."""
    from mcp import Client, StdioServerParameters

    # slamd logs errors only: its warnings about the large storyboard's unnamed switches are not the figures.
    arguments = ["mcp", "--launch"] + (["--storyboard", storyboard_path] if storyboard_path else []) + ["--", "--log-level", "error"]
    return Client(StdioServerParameters(command=slamctl, args=arguments), mode="auto")


async def slam_side(slamctl, log):
    """The home snapshot, and per task the reads: each step's answer (the first task's start with the snapshot)."""
    async with mcp_session(slamctl) as client:
        home = answer_text(await client.call_tool("slam_snapshot", {}))
        tasks = []
        answers = []
        for task in TASKS:
            reads = Reads()
            if not tasks:
                reads.texts.append(("slam_snapshot", home))
            for step in task.steps:
                result = await client.call_tool(step.tool, step.arguments)
                text = answer_text(result)
                if result.is_error:
                    raise RuntimeError(f"{task.name}: {step.says}: {step.tool} {json.dumps(step.arguments)} failed:\n{text}")
                reads.texts.append((f"{step.tool} ({step.says})", text))
                answers.append((f"{step.tool} ({step.says})", text))
                log(f"$ {step.tool} {json.dumps(step.arguments)}\n{text}\n")
            tasks.append(reads)
        return home, tasks, answers


def timed(call, repetitions):
    """The median in milliseconds of `repetitions` calls of `call`, after three to warm up, and the last answer."""
    for _ in range(3):  # the first calls load code and fill caches
        call()
    times = []
    answer = None
    for _ in range(repetitions):
        started = time.perf_counter()
        answer = call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), answer


def large_screen_raw(slamctl, path, repetitions):
    """On the 1,000-element screen, over the bare pipe: (snapshot ms, press ms, snapshot text, press text)."""
    server = generate_mcp_docs.start(slamctl, "--storyboard", path)
    try:
        def tool(name, arguments):
            return lambda: answer_of(server.call("tools/call", {"name": name, "arguments": arguments}))
        snapshot_ms, snapshot = timed(tool("slam_snapshot", {}), repetitions)
        press_ms, press = timed(tool("slam_press", {"target": "tick"}), repetitions)
    finally:
        server.close()
    if snapshot.count("\n") + 1 < LARGE_ELEMENTS // 2:
        raise RuntimeError(f"the large screen's snapshot has {snapshot.count(chr(10)) + 1} lines")
    return snapshot_ms, press_ms, snapshot, press


def answer_of(result: dict) -> str:
    return "\n".join(block["text"] for block in result.get("content", []) if block.get("type") == "text")


async def large_screen_sdk(slamctl, path, repetitions):
    """The same through the SDK's Client: (snapshot ms, press ms)."""
    async with mcp_session(slamctl, path) as client:
        medians = []
        for name, arguments in (("slam_snapshot", {}), ("slam_press", {"target": "tick"})):
            for _ in range(3):
                await client.call_tool(name, arguments)
            times = []
            for _ in range(repetitions):
                started = time.perf_counter()
                await client.call_tool(name, arguments)
                times.append((time.perf_counter() - started) * 1000)
            medians.append(statistics.median(times))
        return medians


# ---------------------------------------------------------------------------------------------------- the browser side


def start_web_slamd(slamd, directory):
    socket_path = os.path.join(directory, "slamd-web.sock")
    process = subprocess.Popen([slamd, "--socket", socket_path, "--web", "127.0.0.1:0",
                                "--web-root", str(ROOT / "Sources" / "SlamDaemon" / "Resources" / "web")],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        match = WEB_LINE.search(line)
        if match:
            return process, match.group(1)
    process.kill()
    raise RuntimeError("slamd printed no web UI address")


def browser_side(slamd, directory, log):
    """Per task the reads: the page's tree after each step (the first task's start with the tree of the page opened)."""
    process, url = start_web_slamd(slamd, directory)
    driver = make_driver()
    try:
        driver.set_script_timeout(30)
        driver.get(url)
        driver.execute_async_script("window.slam.ready.then(arguments[arguments.length - 1])")
        agent = BrowserAgent(driver)
        tasks = []
        for task in TASKS:
            reads = Reads()
            if not tasks:
                text, plain = agent.read()
                reads.texts.append(("page", text))
                reads.plain.append(plain)
                log(f"$ open the page\n{text}\n")
            for step in task.steps:
                action, *rest = step.browser
                getattr(agent, action)(*rest)
                text, plain = agent.read()
                reads.texts.append((f"{action} ({step.says})", text))
                reads.plain.append(plain)
                log(f"$ {action} {rest}\n{text}\n")
            tasks.append(reads)
        return tasks
    finally:
        driver.quit()
        process.terminate()
        process.wait(10)


# ---------------------------------------------------------------------------------------------------- the report


def verdict(passed):
    return "PASS" if passed else "FAIL"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slamd", default=str(ROOT / ".build-bench" / "release" / "slamd"))
    parser.add_argument("--slamctl", default=str(ROOT / ".build-bench" / "release" / "slamctl"))
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: a smoke run, not figures")
    parser.add_argument("--log", help="write every call's answer and every tree read to this file")
    options = parser.parse_args()
    if missing_browser():
        sys.exit(f"bench-mcp: {missing_browser()}")
    import anyio

    repetitions = 10 if options.quick else 100
    logged = []
    log = logged.append
    names_and_counts = counters()
    (name, count) = names_and_counts[0]

    with tempfile.TemporaryDirectory(prefix="slam-bench-mcp-") as directory:
        home, slam_tasks, answers = anyio.run(slam_side, options.slamctl, log)
        browser_tasks = browser_side(options.slamd, directory, log)
        path = os.path.join(directory, "large.storyboard.json")
        with open(path, "w") as file:
            json.dump(storyboard(LARGE_ELEMENTS, 1), file)
        snapshot_ms, press_ms, large_text, press_text = large_screen_raw(options.slamctl, path, repetitions)
        sdk_snapshot_ms, sdk_press_ms = anyio.run(large_screen_sdk, options.slamctl, path, repetitions)
    if options.log:
        Path(options.log).write_text("\n".join(logged), encoding="utf-8")

    def tokens(text):
        return " / ".join(str(counter(text)) for _, counter in names_and_counts)

    tokenizer_names = " / ".join(name for name, _ in names_and_counts)
    print(f"Tokens counted as {tokenizer_names} (the targets are judged by {name}).\n")
    print(f"{'home snapshot (slam_snapshot)':<52} {tokens(home):>12} tokens "
          f"(the browser page's tree: {tokens(browser_tasks[0].texts[0][1])})")
    print(f"{verdict(count(home) <= HOME_TARGET)} the demo's home snapshot: {count(home)} tokens (target: at most {HOME_TARGET})\n")

    print("Acting tools' answers:")
    for what, text in answers:
        print(f"  {what:<50} {tokens(text):>12}")
    medians = [statistics.median(counter(text) for _, text in answers) for _, counter in names_and_counts]
    median_answer = medians[0]
    print(f"{verdict(median_answer <= MEDIAN_ANSWER_TARGET)} the median acting tool's answer: {median_answer:g} tokens "
          f"({' / '.join(f'{median:g}' for median in medians)}; target: at most {MEDIAN_ANSWER_TARGET})\n")

    print(f"{'task':<32} {'steps':>5} {'Slam MCP':>10} {'browser tree':>13} {'ratio':>6} {'plain tree':>11} {'ratio':>6}")
    slam_total = browser_total = plain_total = 0
    for task, slam_reads, browser_reads in zip(TASKS, slam_tasks, browser_tasks):
        slam_tokens = sum(count(text) for _, text in slam_reads.texts)
        browser_tokens = sum(count(text) for _, text in browser_reads.texts)
        plain_tokens = sum(count(text) for text in browser_reads.plain)
        slam_total += slam_tokens
        browser_total += browser_tokens
        plain_total += plain_tokens
        print(f"{task.name:<32} {len(task.steps):>5} {slam_tokens:>10} {browser_tokens:>13} {browser_tokens / slam_tokens:>5.1f}x"
              f" {plain_tokens:>11} {plain_tokens / slam_tokens:>5.1f}x")
    ratio = browser_total / slam_total
    print(f"{'the three tasks':<32} {sum(len(t.steps) for t in TASKS):>5} {slam_total:>10} {browser_total:>13} {ratio:>5.1f}x"
          f" {plain_total:>11} {plain_total / slam_total:>5.1f}x")
    others = [(other, sum(counter(text) for reads in slam_tasks for _, text in reads.texts),
               sum(counter(text) for reads in browser_tasks for _, text in reads.texts))
              for other, counter in names_and_counts[1:]]
    for other, slam_other, browser_other in others:
        print(f"{'  (' + other + ')':<32} {'':>5} {slam_other:>10} {browser_other:>13} {browser_other / slam_other:>5.1f}x")
    print(f"{verdict(ratio >= RATIO_TARGET)} the three tasks: Slam {ratio:.1f}x fewer tokens than the browser's compact "
          f"accessibility tree (target: at least {RATIO_TARGET:g}x; the plain tree, every node that is not ignored, "
          f"is beside for scale)\n")

    print(f"A {LARGE_ELEMENTS}-element screen (snapshot: {tokens(large_text)} tokens; press answer: {tokens(press_text)} "
          f"tokens), median of {repetitions} tools/call over stdio, from the request line written to the answer line "
          f"read (through the SDK's Client.call_tool: snapshot {sdk_snapshot_ms:.2f} ms, press {sdk_press_ms:.2f} ms):")
    print(f"{verdict(snapshot_ms <= SNAPSHOT_MS_TARGET)} slam_snapshot end to end: {snapshot_ms:.2f} ms "
          f"(target: at most {SNAPSHOT_MS_TARGET:g} ms)")
    print(f"{verdict(press_ms <= PRESS_MS_TARGET)} slam_press answer: {press_ms:.2f} ms (target: at most {PRESS_MS_TARGET:g} ms)")


if __name__ == "__main__":
    main()
