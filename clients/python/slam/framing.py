"""Framing of JSON-RPC messages on a byte stream, as ``Protocol/README.md`` describes.

Two framings exist: newline-delimited JSON (``"newline"``, the default) and
``Content-Length`` headers as in the Language Server Protocol
(``"content-length"``). The daemon answers in the framing the client chose.
"""

from __future__ import annotations

import json
from typing import Any, Optional, Tuple

from .errors import SlamProtocolError
from .shapes import Framing

NEWLINE: Framing = "newline"
CONTENT_LENGTH: Framing = "content-length"
FRAMINGS: Tuple[Framing, ...] = (NEWLINE, CONTENT_LENGTH)

MAXIMUM_HEADER_BYTES = 8192
"""How far a header block may extend before the stream is considered broken."""


def check_framing(framing: str) -> Framing:
    """Returns ``framing`` if it is one of :data:`FRAMINGS`, else raises ``ValueError``."""
    if framing not in FRAMINGS:
        raise ValueError(f"unknown framing {framing!r}: expected one of {', '.join(map(repr, FRAMINGS))}")
    return framing


def encode_json(message: Any) -> bytes:
    """Serializes ``message`` as compact UTF-8 JSON, refusing NaN and infinities as the protocol does."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def frame(body: bytes, framing: str) -> bytes:
    """Wraps one message body in ``framing``."""
    if check_framing(framing) == NEWLINE:
        return body + b"\n"
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encode(message: Any, framing: str) -> bytes:
    """Serializes and frames one message."""
    return frame(encode_json(message), framing)


def decode_json(body: bytes) -> Any:
    """Parses one message body, raising :class:`SlamProtocolError` if it is not UTF-8 JSON."""
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise SlamProtocolError(f"slamd sent a message that is not JSON ({error}): {body[:200]!r}") from error


class FrameDecoder:
    """Splits the bytes received so far into message bodies.

    Feed it whatever ``recv`` returned with :meth:`feed`; :meth:`next_body`
    returns each complete body once, or ``None`` while the next one is still
    incomplete.
    """

    def __init__(self, framing: str) -> None:
        self.framing = check_framing(framing)
        self._buffer = bytearray()

    def feed(self, data: bytes) -> None:
        """Appends received bytes."""
        self._buffer += data

    def next_body(self) -> Optional[bytes]:
        """Removes and returns the next complete message body, or ``None`` if there is none yet."""
        if self.framing == NEWLINE:
            return self._next_line()
        return self._next_content_length_body()

    def _next_line(self) -> Optional[bytes]:
        """Returns the next non-blank line, without its ``\\n`` or a ``\\r`` before it."""
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                return None
            line = bytes(self._buffer[:end]).rstrip(b"\r")
            del self._buffer[: end + 1]
            if line.strip():
                return line

    def _next_content_length_body(self) -> Optional[bytes]:
        """Returns the body after the next header block once all ``Content-Length`` bytes are here."""
        while self._buffer[:1] in (bytearray(b"\r"), bytearray(b"\n")):
            del self._buffer[:1]
        line_start = 0
        while True:
            line_end = self._buffer.find(b"\n", line_start)
            if line_end < 0:
                if len(self._buffer) > MAXIMUM_HEADER_BYTES:
                    raise SlamProtocolError("slamd sent a header block with no blank line within 8 KiB")
                return None
            if not self._buffer[line_start:line_end].rstrip(b"\r"):
                break
            line_start = line_end + 1
        length = self._content_length(bytes(self._buffer[:line_start]))
        body_start = line_end + 1
        if len(self._buffer) < body_start + length:
            return None
        body = bytes(self._buffer[body_start : body_start + length])
        del self._buffer[: body_start + length]
        return body

    @staticmethod
    def _content_length(header_block: bytes) -> int:
        """Reads ``Content-Length`` from a header block; other ``Content-*`` headers are ignored."""
        length = None
        for line in header_block.splitlines():
            name, colon, value = line.partition(b":")
            if not colon:
                raise SlamProtocolError(f"slamd sent a malformed header line: {line!r}")
            if name.strip().lower() == b"content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    raise SlamProtocolError(f"slamd sent a non-numeric Content-Length: {value!r}") from None
        if length is None:
            raise SlamProtocolError(f"slamd sent a header block without Content-Length: {header_block!r}")
        return length
