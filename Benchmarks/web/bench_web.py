#!/usr/bin/env python3
"""The browser renderer's figures, in a real headless Chromium, against a release slamd.

1. A 10 000-element screen: from the page's `ui.attach` to its first frame
   painted (target: at most 1 s).
2. A `ui.redraw` batch of 100 changed elements (one press of a button whose
   state key 100 labels show): the batch applied and rendered, and to the
   next frame (target: at most 16 ms, one frame).
3. Click to repaint on the demo: a click on `+1` in the page until the frame
   that shows the new count (target: p50 at most 30 ms).

Prints a table and PASS/FAIL lines; exits non-zero only when something breaks.

    python3 Benchmarks/web/bench_web.py [--slamd PATH] [--quick]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "clients" / "python"))
sys.path.insert(0, str(ROOT / "clients" / "python" / "tests"))
sys.path.insert(0, str(HERE))

import slam  # noqa: E402
from large_storyboard import storyboard  # noqa: E402
from web_support import WEB_LINE, make_driver, missing_browser  # noqa: E402


def start_slamd(slamd, directory, *extra):
    """Starts slamd with the web UI on a free port; returns (process, socket path, page URL)."""
    socket_path = os.path.join(directory, "slamd.sock")
    process = subprocess.Popen([slamd, "--socket", socket_path, "--web", "127.0.0.1:0", *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 30
    url = None
    while time.monotonic() < deadline and url is None:
        line = process.stdout.readline()
        if not line:
            break
        match = WEB_LINE.search(line)
        if match:
            url = match.group(1)
    if url is None:
        process.kill()
        sys.exit("bench-web: slamd printed no web UI address")
    return process, socket_path, url


FIRST_FRAME = """
const done = arguments[arguments.length - 1];
window.slam.ready.then(() => requestAnimationFrame(() => setTimeout(() =>
    done({attachMs: window.slam.stats.attachMs, frameMs: window.slam.stats.attachFrameMs,
          nodes: document.querySelectorAll('[data-node]').length}))));
"""

NEXT_BATCH = """
const [seq, done] = [arguments[0], arguments[arguments.length - 1]];
window.slam.whenSeq(seq).then(() => {
    const painted = performance.now();
    requestAnimationFrame(() => setTimeout(() =>
        done({applyMs: window.slam.stats.lastPaintMs, frameMs: window.slam.stats.lastPaintMs + performance.now() - painted})));
});
"""

CLICK_TO_REPAINT = """
const done = arguments[arguments.length - 1];
const button = document.querySelector('[data-ref="increment"] button, button[data-ref="increment"]');
const target = window.slam.seq + 1;
const started = performance.now();
button.click();
window.slam.whenSeq(target).then(() => requestAnimationFrame(() => setTimeout(() => done(performance.now() - started))));
"""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--slamd", default=str(ROOT / ".build-bench" / "release" / "slamd"))
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: a smoke run, not figures")
    options = parser.parse_args()
    if missing_browser():
        sys.exit(f"bench-web: {missing_browser()}")
    repetitions = 5 if options.quick else 30
    results = []

    with tempfile.TemporaryDirectory() as directory:
        # 1 and 2: the large screen.
        path = os.path.join(directory, "large.storyboard.json")
        with open(path, "w") as file:
            json.dump(storyboard(10000, 100), file)
        process, socket_path, url = start_slamd(options.slamd, directory, "--storyboard", path)
        driver = make_driver()
        try:
            driver.set_script_timeout(60)
            driver.get(url)
            first = driver.execute_async_script(FIRST_FRAME)
            if first["nodes"] < 10000:
                sys.exit(f"bench-web: the page shows {first['nodes']} elements, not 10000")
            results.append(("10k-element screen, attach to first frame", first["frameMs"], 1000.0, "ms"))
            results.append(("  of which attach to DOM built", first["attachMs"], None, "ms"))
            client = slam.connect(socket_path)
            applies, frames = [], []
            for _ in range(repetitions):
                seq = driver.execute_script("return window.slam.seq") + 1
                client.press("tick")
                figures = driver.execute_async_script(NEXT_BATCH, seq)
                applies.append(figures["applyMs"])
                frames.append(figures["frameMs"])
            client.close()
            results.append(("ui.redraw of 100 elements, applied (p50)", statistics.median(applies), 16.0, "ms"))
            results.append(("  to the next frame (p50)", statistics.median(frames), None, "ms"))
        finally:
            driver.quit()
            process.terminate()
            process.wait(10)

        # 3: click to repaint on the demo.
        process, socket_path, url = start_slamd(options.slamd, os.path.join(directory))
        driver = make_driver()
        try:
            driver.set_script_timeout(30)
            driver.get(url)
            driver.execute_async_script("window.slam.ready.then(arguments[arguments.length - 1])")
            clicks = [driver.execute_async_script(CLICK_TO_REPAINT) for _ in range(repetitions)]
            results.append(("click +1 to repaint (p50)", statistics.median(clicks), 30.0, "ms"))
            results.append(("click +1 to repaint (p90)", percentile(clicks, 0.9), None, "ms"))
        finally:
            driver.quit()
            process.terminate()
            process.wait(10)

    print(f"{'web renderer (headless Chromium)':48} {'figure':>10} {'target':>10}")
    for name, value, target, unit in results:
        print(f"{name:48} {value:8.1f} {unit} {('≤ %g %s' % (target, unit)) if target else '':>10}")
    for name, value, target, _ in results:
        if target is not None:
            print(f"{'PASS' if value <= target else 'FAIL'} {name.strip()}: {value:.1f} (target {target:g})")


if __name__ == "__main__":
    main()
