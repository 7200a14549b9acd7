#!/usr/bin/env python3
"""Rewrites the `expect` lines of Protocol/examples/*.jsonl with what a fresh demo slamd answers now.

Run by `make generate` after a deliberate change to what replies carry; review the diff before
committing it. Every `send`/`sendRaw` line is replayed in order against a new daemon per file, and
each `expect` line is replaced by the next message, keeping the daemon's member order.

Usage: SLAMD=path/to/slamd scripts/update_transcripts.py [FILE...]
"""

import json
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "clients" / "python"))

import slam  # noqa: E402
import tempfile  # noqa: E402

from slam.pytest_plugin import launch_slamd  # noqa: E402


def update(path: pathlib.Path, slamd: str) -> bool:
    with tempfile.TemporaryDirectory(prefix="slam-transcripts-") as directory:
        return replay(path, launch_slamd(slamd, directory))


def replay(path: pathlib.Path, daemon) -> bool:
    try:
        client = daemon.connect(timeout=10)
        lines = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                lines.append(line)
                continue
            entry = json.loads(line)
            if "send" in entry:
                client.send_message(entry["send"])
            elif "sendRaw" in entry:
                client.send_raw((entry["sendRaw"] + "\n").encode("utf-8"))
            elif "expect" in entry:
                entry["expect"] = client.next_message()
                line = json.dumps(entry, ensure_ascii=False)
            lines.append(line)
        client.close()
    finally:
        daemon.stop()
    text = "\n".join(lines) + "\n"
    changed = text != path.read_text(encoding="utf-8")
    if changed:
        path.write_text(text, encoding="utf-8")
    return changed


def main(argv: list) -> int:
    slamd = os.environ.get("SLAMD")
    if not slamd:
        print("update_transcripts.py: set SLAMD to a built slamd", file=sys.stderr)
        return 2
    files = [pathlib.Path(name).resolve() for name in argv] or sorted((ROOT / "Protocol" / "examples").glob("*.jsonl"))
    for path in files:
        if update(path, slamd):
            print(f"updated {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
