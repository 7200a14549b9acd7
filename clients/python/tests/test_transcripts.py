"""Replays ``Protocol/examples/*.jsonl`` against a fresh demo daemon, as the Swift tests do."""

import json

import pytest

import slam
from support import PROTOCOL_DIRECTORY, same_json

TRANSCRIPTS = sorted((PROTOCOL_DIRECTORY / "examples").glob("*.jsonl"))

QUIET_SECONDS = 0.15
"""How long nothing else may arrive once a transcript's last line was replayed."""


def test_there_are_transcripts():
    assert len(TRANSCRIPTS) >= 6


@pytest.mark.slam_fresh_daemon  # the transcripts number batches and nodes from a daemon's start
@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda path: path.name)
def test_transcript_replays(transcript, slamd):
    client = slamd.connect(timeout=5)
    for number, line in enumerate(transcript.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        entry = json.loads(line)
        if "send" in entry:
            client.send_message(entry["send"])
        elif "sendRaw" in entry:
            client.send_raw((entry["sendRaw"] + "\n").encode("utf-8"))
        elif "expect" in entry:
            actual = client.next_message()
            assert same_json(actual, entry["expect"]), f"{transcript.name}:{number}: got {json.dumps(actual)}"
    with pytest.raises(slam.SlamTimeout):
        unexpected = client.next_message(timeout=QUIET_SECONDS)
        pytest.fail(f"{transcript.name}: a message nobody expected: {json.dumps(unexpected)}")


@pytest.mark.parametrize(
    ("left", "right", "expected"),
    [
        ({"a": 1, "b": [1.5, None]}, {"b": [1.5, None], "a": 1}, True),
        ({"value": 6.0}, {"value": 6}, False),
        ([True], [1], False),
        ({"a": 1}, {"a": 1, "b": 2}, False),
        ([1, 2], [2, 1], False),
    ],
)
def test_same_json_ignores_key_order_only(left, right, expected):
    assert same_json(left, right) is expected
