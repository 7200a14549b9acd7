"""Accessibility snapshots against the real slamd: ``snapshot()``, ``expect_aria`` and its diff, on both clients."""

import asyncio

import pytest

import slam

HOME_START = (
    '- heading "Counter" [level=2] [ref=heading]\n'
    '- paragraph "Count: 0" [ref=count]\n'
)


def test_snapshot_is_the_screen_as_text(slam_client):
    text = slam_client.snapshot()
    assert text.startswith(HOME_START)
    assert '  - button "-1" [disabled] [ref=decrement]\n' in text
    assert "Goal reached" not in text, "a hidden label is left out"
    assert slam_client.snapshot(ref="counterButtons", depth=0) == '- group "Counter" [ref=counterButtons]\n'
    whole = slam_client.call("snapshot", {})
    assert (whole["controller"], whole["title"], whole["snapshot"]) == ("Home", "Slam Demo", text)


def test_expect_aria_matches_at_once_with_regex_names_and_states(slam_client):
    root = slam_client.expect_aria('- group "Counter":\n  - button /^\\+1$/\n  - button "-1" [disabled]\n', timeout_ms=0)
    assert root["ref"] == "root"
    assert slam_client.expect_aria('- button "+1"', ref="counterButtons", timeout_ms=0)["ref"] == "counterButtons"


def test_an_aria_wait_is_answered_by_a_press_from_a_second_client(slamd):
    waiter = slamd.connect()
    presser = slamd.connect()
    template = '- paragraph "Count: 1"\n- group "Counter":\n  - button "-1" [disabled=false]\n'
    with pytest.raises(slam.AriaMismatch):
        waiter.expect_aria(template, timeout_ms=0)
    waiter.send_message({"jsonrpc": "2.0", "method": "waitFor", "params": {"aria": template, "timeoutMs": 30_000}, "id": 1})
    # Sent before the press, and not answered before it: the wait is pending when the press lands (a
    # wait that missed the change would time out, failing the test, rather than answer).
    with pytest.raises(slam.SlamTimeout):
        waiter.next_message(timeout=0.2)
    presser.press("increment")
    reply = waiter.next_message(timeout=30)
    assert reply["id"] == 1 and reply["result"]["ref"] == "root", reply


def test_expect_aria_raises_aria_mismatch_with_the_diff(slam_client):
    with pytest.raises(slam.AriaMismatch) as raised:
        slam_client.expect_aria('- paragraph "Count: 3"\n- group "Counter":\n  - button "+1"\n', timeout_ms=50)
    mismatch = raised.value
    assert isinstance(mismatch, AssertionError)
    assert str(mismatch).startswith("the accessibility snapshot does not contain the template:\n--- expected (template)\n")
    assert '\n- - paragraph "Count: 3"\n' in mismatch.diff and '\n+ - paragraph "Count: 0" [ref=count]\n' in mismatch.diff
    assert '  - group "Counter":\n    - button "+1"\n' in mismatch.diff
    assert mismatch.snapshot.startswith(HOME_START)
    assert isinstance(mismatch.error, slam.WaitTimedOut)


def test_a_template_that_cannot_be_read_names_its_line(slam_client):
    with pytest.raises(slam.InvalidParams) as raised:
        slam_client.expect_aria('- heading "Counter"\n  - button [chekced]\n')
    assert "aria: line 2: unknown attribute 'chekced'" in str(raised.value)
    assert raised.value.data["line"] == 2


def test_the_async_client_has_snapshot_and_expect_aria(slamd):
    async def main():
        async with slam.AsyncClient(slamd.socket_path, instance=slamd.instance) as client:
            text = await client.snapshot()
            await client.press("increment")
            root = await client.expect_aria('- paragraph /^Count: 1$/', timeout_ms=5000)
            with pytest.raises(slam.AriaMismatch) as raised:
                await client.expect_aria('- paragraph "Count: 9"', timeout_ms=0)
            return text, root, raised.value

    text, root, mismatch = asyncio.run(asyncio.wait_for(main(), 30))
    assert text.startswith(HOME_START) and root["ref"] == "root"
    assert '+ - paragraph "Count: 1" [ref=count]' in mismatch.diff
