"""Both framings: the encoder and decoder alone, then Content-Length end to end."""

import pytest

import slam
from slam import framing


def test_encode_frames_compact_json():
    message = {"jsonrpc": "2.0", "method": "ping", "id": 1}
    assert framing.encode(message, "newline") == b'{"jsonrpc":"2.0","method":"ping","id":1}\n'
    assert framing.encode(message, "content-length") == b'Content-Length: 40\r\n\r\n{"jsonrpc":"2.0","method":"ping","id":1}'
    assert framing.encode({"text": "Grüße"}, "content-length").startswith(b"Content-Length: 18\r\n")
    with pytest.raises(ValueError):
        framing.encode({"value": float("nan")}, "newline")
    with pytest.raises(ValueError):
        framing.encode(message, "lsp")


def test_newline_decoder_splits_lines_and_skips_blank_ones():
    decoder = framing.FrameDecoder("newline")
    decoder.feed(b'\n{"a":1}\r\n\r\n{"b"')
    assert decoder.next_body() == b'{"a":1}'
    assert decoder.next_body() is None
    decoder.feed(b":2}\n")
    assert decoder.next_body() == b'{"b":2}'
    assert decoder.next_body() is None


def test_content_length_decoder_waits_for_the_whole_body():
    stream = b'Content-Length: 7\r\nContent-Type: application/json\r\n\r\n{"a":1}content-length: 7\n\n{"b":2}'
    decoder = framing.FrameDecoder("content-length")
    bodies = []
    for offset in range(len(stream)):
        decoder.feed(stream[offset : offset + 1])
        body = decoder.next_body()
        if body is not None:
            bodies.append(body)
    assert bodies == [b'{"a":1}', b'{"b":2}']


def test_content_length_decoder_refuses_a_header_block_without_length():
    decoder = framing.FrameDecoder("content-length")
    decoder.feed(b"Content-Type: json\r\n\r\n{}")
    with pytest.raises(slam.SlamProtocolError, match="without Content-Length"):
        decoder.next_body()


def test_content_length_framing_end_to_end(slamd):
    client = slamd.connect(framing="content-length")
    assert client.ping() == "pong"
    assert client.subscribe(["changed"])["subscribed"] == ["changed"]
    client.press("increment")
    assert client.find("count")["text"] == "Count: 1"
    assert client.next_notification(timeout=1).method == "changed"
    answers = client.batch([("find", {"ref": "count"}), ("find", {"ref": "nope"})])
    assert answers[0]["text"] == "Count: 1" and isinstance(answers[1], slam.ElementNotFound)
    client.send_raw(b'Content-Length: 41\r\n\r\n{"jsonrpc":"2.0","method":"ping","id":99}')
    assert client.next_message(timeout=1) == {"jsonrpc": "2.0", "result": "pong", "id": 99}


def test_the_daemon_answers_content_length_with_content_length(slamd):
    newline_reader = slam.Client(slamd.socket_path, timeout=1, framing="newline")
    newline_reader.send_raw(b'Content-Length: 40\r\n\r\n{"jsonrpc":"2.0","method":"ping","id":1}')
    with pytest.raises(slam.SlamProtocolError, match="not JSON"):
        newline_reader.next_message()
    newline_reader.close()
