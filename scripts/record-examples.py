#!/usr/bin/env python3
"""Fill in the "expect" lines of Protocol/examples/*.jsonl from a live slamd.

Usage: scripts/record-examples.py SLAMD [FILE...]

Each example file is JSON Lines. A line is one of
  {"comment": "..."}      ignored
  {"send": <message>}      sent compact, newline-framed
  {"sendRaw": "<text>"}    sent as is (a newline is appended)
  {"expect": <message>}    the next message the daemon sends must equal this
This script keeps the comment and send lines, runs them against a fresh slamd
(the demo app) per file, and writes what the daemon answered as expect lines.
Review the diff before committing: the files are the protocol's contract.
"""
import glob, json, os, socket, subprocess, sys, tempfile, time

def record(slamd, path):
    lines = [json.loads(l) for l in open(path) if l.strip()]
    with tempfile.TemporaryDirectory() as directory:
        sock_path = os.path.join(directory, "slamd.sock")
        daemon = subprocess.Popen([slamd, "--socket", sock_path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        daemon.stdout.readline()
        client = socket.socket(socket.AF_UNIX)
        client.connect(sock_path)
        client.settimeout(0.3)
        buffer = b""
        output = []
        for line in lines:
            if "expect" in line:
                continue
            output.append(line)
            if "comment" in line:
                continue
            data = (line["sendRaw"] if "sendRaw" in line else json.dumps(line["send"], separators=(",", ":"))) + "\n"
            client.sendall(data.encode())
            while True:
                try:
                    chunk = client.recv(65536)
                except socket.timeout:
                    break
                if not chunk:
                    break
                buffer += chunk
            while b"\n" in buffer:
                message, buffer = buffer.split(b"\n", 1)
                output.append({"expect": json.loads(message)})
        client.close()
        daemon.terminate()
        daemon.wait()
    with open(path, "w") as out:
        for line in output:
            out.write(json.dumps(line, separators=(", ", ": "), ensure_ascii=False) + "\n")

if __name__ == "__main__":
    slamd = sys.argv[1]
    files = sys.argv[2:] or sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "Protocol", "examples", "*.jsonl")))
    for path in files:
        record(slamd, path)
        print("recorded", path)
