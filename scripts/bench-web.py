#!/usr/bin/env python3
"""Figures for the browser page in headless Chromium against a real ``slamd --web``:

- a 10k-element screen: page opened → first attach painted, and ui.attach sent →
  painted (target: within 1 s);
- a ui.redraw batch that changes 100 elements (one state.set read by 100 bound
  labels): model + DOM update, and until the next frame (target: 16 ms);
- click → repaint on the demo: a click on +1 until the batch it caused is painted
  and the next frame starts (target: p50 30 ms).

Prints a table and PASS/FAIL lines; exits non-zero only when something breaks.

Usage: scripts/bench-web.py [--quick] [--size N]
  SLAMD=path/to/slamd (default: `swift build --show-bin-path`/slamd)
Needs chromium, chromedriver and selenium (`make python-deps`).
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "clients" / "python"))
sys.path.insert(0, str(ROOT / "clients" / "python" / "tests"))

from slam.pytest_plugin import launch_slamd, resolve_slamd_path  # noqa: E402
from web_support import WEB_LINE, WEB_ROOT, make_driver, missing_browser, open_page  # noqa: E402
from test_web_page import big_storyboard  # noqa: E402

NEXT_FRAME = "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));"


def start(directory, storyboard=None):
    daemon = launch_slamd(resolve_slamd_path(), directory, storyboard,
                          args=["--web", "127.0.0.1:0", "--web-root", str(WEB_ROOT)],
                          socket_path=Path(tempfile.mkdtemp(prefix="slam-bench-", dir="/tmp")) / "slamd.sock")
    deadline = time.monotonic() + 10
    while not WEB_LINE.search(daemon.log()):
        if time.monotonic() > deadline:
            raise SystemExit(f"bench-web: slamd printed no web URL:\n{daemon.log()}")
        time.sleep(0.01)
    return daemon, WEB_LINE.search(daemon.log()).group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds: a smoke check, not figures")
    parser.add_argument("--size", type=int, default=10_000, help="elements on the big screen (default 10000)")
    options = parser.parse_args()
    reason = missing_browser()
    if reason:
        raise SystemExit(f"bench-web: {reason}")
    rounds = 5 if options.quick else 30
    driver = make_driver(1280, 860)
    results = []
    try:
        with tempfile.TemporaryDirectory() as directory:
            (Path(directory) / "big").mkdir()
            daemon, url = start(Path(directory) / "big", big_storyboard(options.size))
            try:
                opened = time.monotonic()
                open_page(driver, url)
                page_ms = (time.monotonic() - opened) * 1000
                stats = driver.execute_script("return window.slam.stats")
                nodes = driver.execute_script("return window.slam.model.nodes.size")
                results.append((f"{nodes} elements: page opened → attach painted", page_ms, 1000))
                results.append((f"{nodes} elements: ui.attach sent → painted", stats["attachMs"], 1000))
                results.append((f"{nodes} elements: model + DOM of the attach", stats["attachPaintMs"], None))
                client = daemon.connect()
                batch, frame = [], []
                for value in range(1, rounds + 1):
                    driver.execute_script(
                        "window.__bench = null;"
                        "window.addEventListener('slam:painted', async () => {"
                        "  const painted = performance.now();"
                        f"  {NEXT_FRAME}"
                        "  window.__bench = [window.slam.stats.lastPaintMs, performance.now() - painted];"
                        "}, {once: true});")
                    client.state_set("n", value)
                    deadline = time.monotonic() + 5
                    while not (measured := driver.execute_script("return window.__bench")):
                        if time.monotonic() > deadline:
                            raise SystemExit("bench-web: a batch was never painted")
                        time.sleep(0.005)
                    batch.append(measured[0])
                    frame.append(measured[0] + measured[1])
                text = driver.execute_script("return document.querySelector('[data-ref=\"l99\"]').textContent")
                assert text == f"Item 99 of {rounds}", text
                results.append(("100-element ui.redraw: model + DOM (p50)", statistics.median(batch), 16))
                results.append(("100-element ui.redraw: until the next frame (p50)", statistics.median(frame), None))
                results.append(("100-element ui.redraw: model + DOM (max)", max(batch), None))
            finally:
                daemon.stop()

            (Path(directory) / "demo").mkdir()
            daemon, url = start(Path(directory) / "demo")
            try:
                open_page(driver, url)
                clicks = driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "const rounds = arguments[0];"
                    "(async () => {"
                    "  const times = [];"
                    "  for (let index = 0; index < rounds; index += 1) {"
                    "    const button = document.querySelector('.slam-layer[data-top] [data-ref=\"increment\"]');"
                    "    const target = window.slam.seq + 1;"
                    "    const started = performance.now();"
                    "    button.click();"
                    "    await window.slam.whenSeq(target);"
                    f"   {NEXT_FRAME}"
                    "    times.push(performance.now() - started);"
                    "  }"
                    "  done(times);"
                    "})();", rounds * 2)
                results.append(("click +1 → repainted (p50)", statistics.median(clicks), 30))
                results.append(("click +1 → repainted (p90)", sorted(clicks)[int(len(clicks) * 0.9) - 1], None))
            finally:
                daemon.stop()
    finally:
        driver.quit()

    width = max(len(name) for name, _, _ in results)
    print(f"{'measure'.ljust(width)}  {'ms':>8}  target")
    for name, value, target in results:
        print(f"{name.ljust(width)}  {value:8.1f}  {'' if target is None else f'{target} ms'}")
    for name, value, target in results:
        if target is not None:
            print(f"{'PASS' if value <= target else 'FAIL'} {name}: {value:.1f} ms (target {target} ms)")


if __name__ == "__main__":
    main()
