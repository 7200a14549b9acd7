#!/usr/bin/env python3
"""Writes FuzzWeb's seed corpus into the directory given: what a `slamd --web`
client sends, in FuzzWeb's input format (a first byte giving the read size, 0 for
one read, then the bytes from the client).

The token is the one FuzzWeb configures (its bytes are 100...131), so the seeds
include requests that pass the access check and a WebSocket session that speaks
JSON-RPC; the fuzzer mutates from there.
"""
import json
import os
import sys

TOKEN = bytes(range(100, 132)).hex()
HOST = "127.0.0.1:8080"
KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def request(target, method="GET", headers=None):
    lines = ["%s %s HTTP/1.1" % (method, target), "Host: " + HOST] + (headers or [])
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def upgrade(headers=None):
    return request("/rpc", headers=["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
                                    "Sec-WebSocket-Key: " + KEY] + (headers or ["Authorization: Bearer " + TOKEN]))


def frame(opcode, payload, fin=True, masked=True, mask=b"\x12\x34\x56\x78"):
    head = bytes([(0x80 if fin else 0) | opcode])
    bit = 0x80 if masked else 0
    if len(payload) < 126:
        head += bytes([bit | len(payload)])
    elif len(payload) < 65536:
        head += bytes([bit | 126]) + len(payload).to_bytes(2, "big")
    else:
        head += bytes([bit | 127]) + len(payload).to_bytes(8, "big")
    if not masked:
        return head + payload
    return head + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))


def rpc(method, params=None, id=1):
    message = {"jsonrpc": "2.0", "method": method, "id": id}
    if params is not None:
        message["params"] = params
    return frame(0x1, json.dumps(message, separators=(",", ":")).encode())


BEARER = ["Authorization: Bearer " + TOKEN]
SEEDS = {
    "get-root": (0, request("/")),
    "get-root-token-in-query": (0, request("/?token=" + TOKEN)),
    "get-app-js-bearer": (0, request("/app.js", headers=BEARER)),
    "get-app-js-cookie": (0, request("/app.js", headers=["Cookie: slam_token_8080=" + TOKEN])),
    "head-index": (0, request("/index.html", method="HEAD", headers=BEARER)),
    "pipelined": (0, request("/", headers=BEARER) + request("/missing.js", headers=BEARER) + request("/rpc", headers=BEARER)
                  + request("/favicon.svg", headers=BEARER + ["Connection: close"]) + request("/")),
    "pipelined-byte-at-a-time": (1, request("/style.css", headers=BEARER) + request("/dom.js", headers=BEARER)),
    "post-with-body": (0, b"POST / HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\nContent-Length: 5\r\n\r\nhello"),
    "chunked-body": (0, b"GET / HTTP/1.1\r\nHost: " + HOST.encode()
                     + b"\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
    "bad-host-and-origin": (0, request("/", headers=BEARER + ["Origin: http://evil.example"])
                            + request("/", headers=["Host: evil.example:8080"] + BEARER)),
    "traversal": (0, request("/../../etc/passwd", headers=BEARER) + request("//evil.example/?token=" + TOKEN)),
    "upgrade-without-token": (0, upgrade(headers=[])),
    "upgrade-ping": (0, upgrade() + rpc("ping") + frame(0x8, b"\x03\xe8")),
    "upgrade-session": (7, upgrade() + rpc("version") + rpc("subscribe", {"events": ["changed", "navigated"]}, 2)
                        + rpc("ui.attach", None, 3) + rpc("press", {"ref": "increment"}, 4)
                        + rpc("waitFor", {"ref": "count", "property": "text", "equals": "Count: 9", "timeoutMs": 5000}, 5)
                        + frame(0x9, b"are you there") + frame(0x8, b"")),
    "upgrade-fragmented": (0, upgrade() + frame(0x1, b'{"jsonrpc":"2.0",', fin=False)
                           + frame(0x9, b"ping between fragments")
                           + frame(0x0, b'"method":"ping","id":7}')),
    "upgrade-bad-frames": (0, upgrade() + frame(0x1, b'{"jsonrpc":"2.0","method":"ping","id":1}', masked=False)),
    "upgrade-binary": (0, upgrade() + frame(0x2, b"\x00\x01\x02")),
    "upgrade-not-utf8": (0, upgrade() + frame(0x1, b"\xff\xfe")),
    "upgrade-reserved-opcode": (0, upgrade() + bytes([0x83, 0x80]) + b"\x00\x00\x00\x00"),
    "upgrade-huge-length": (0, upgrade() + bytes([0x81, 0xFF]) + (1 << 40).to_bytes(8, "big") + b"\x01\x02\x03\x04"),
    "upgrade-batch-and-junk": (3, upgrade() + frame(0x1, b'[{"jsonrpc":"2.0","method":"ping","id":1},{"jsonrpc":"2.0","method":"nope"}]')
                               + frame(0x1, b"{not json") + frame(0x8, b"\x0f\xa0bye")),
}


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    for name, (read_size, data) in SEEDS.items():
        with open(os.path.join(directory, "seed-" + name), "wb") as seed:
            seed.write(bytes([read_size]) + data)


if __name__ == "__main__":
    main()
