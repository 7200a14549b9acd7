"""slam.aio, the asyncio client, against a real slamd: calls, pipelining, notifications, errors, closing."""

import asyncio

import pytest

import slam


def run(coroutine, seconds=30):
    """Runs a test's coroutine in a new event loop, failing it if it takes longer than ``seconds``."""
    return asyncio.run(asyncio.wait_for(coroutine, seconds))


def test_the_typed_helpers_drive_the_demo(slamd):
    async def main():
        async with slam.AsyncClient(slamd.socket_path, instance=slamd.instance) as client:
            assert await client.ping() == "pong"
            assert (await client.version())["serverVersion"] == slam.__version__
            assert (await client.press("increment"))["ref"] == "increment"
            assert (await client.find("count"))["text"] == "Count: 1"
            assert [snapshot["ref"] for snapshot in await client.query(type="Button", enabled=False)] == []
            assert [child["ref"] for child in (await client.tree("counterButtons", depth=1))["children"]] == [
                "increment", "decrement", "reset"]
            assert await client.run_task("push", "Settings") == {"task": "push", "param": "Settings", "top": "Settings"}
            assert (await client.set_text("name", "Ada"))["text"] == "Ada"
            assert (await client.find("greeting"))["text"] == "Hello, Ada"
            assert (await client.type_text("name", "!"))["text"] == "Ada!"
            assert (await client.press("wifi", False))["isOn"] is False
            outcomes = await client.keys("Shift+Tab", "Escape")
            assert [outcome["key"] for outcome in outcomes] == ["Shift+Tab", "Escape"]
            assert [entry["id"] for entry in await client.controllers()] == ["Home"]
            assert await client.state_set("orderStatus", "Shipped") == ["orderStatus"]
            assert await client.state_get("orderStatus") == "Shipped"
            assert (await client.state_list())["orderStatus"] == "Shipped"
            waited = await client.wait_for("count", property="text", equals="Count: 1", timeout_ms=1000)
            assert waited is not None and waited["text"] == "Count: 1"
            tree = await client.expect_tree({"children": [{"ref": "count", "text": "/^Count: 1$/"}]})
            assert tree["type"] == "View"
            assert await client.reset() == {"top": "Home", "stateKeys": 2}
            assert "pop" in await client.tasks()
            assert (await client.discover())["openrpc"]

    run(main())


def test_concurrent_calls_are_pipelined_and_each_gets_its_own_answer(slamd):
    refs = ["count", "increment", "decrement", "reset", "progress"] * 40

    async def main():
        client = await slam.connect_async(slamd.socket_path, instance=slamd.instance)
        try:
            results = await asyncio.gather(
                *(client.find(ref) for ref in refs),
                client.find("nope"),
                client.batch([("ping", None), ("find", {"ref": "nope"})]),
                *(client.ping() for _ in range(20)),
                return_exceptions=True,
            )
            assert [snapshot["ref"] for snapshot in results[: len(refs)]] == refs
            missing, batch, pongs = results[len(refs)], results[len(refs) + 1], results[len(refs) + 2:]
            assert isinstance(missing, slam.ElementNotFound) and missing.data["ref"] == "nope"
            assert batch[0] == "pong" and isinstance(batch[1], slam.ElementNotFound)
            assert pongs == ["pong"] * 20
        finally:
            await client.close()

    run(main())


def test_a_call_sent_behind_a_pending_wait_is_answered_after_it(slamd, slam_client):
    """Both requests are on the wire at once; the daemon answers in request order."""

    async def main():
        async with await slam.connect_async(slamd.socket_path, instance=slamd.instance) as client:
            wait = asyncio.ensure_future(client.wait_for("count", property="text", equals="Count: 1", timeout_ms=5000))
            ping = asyncio.ensure_future(client.ping())
            await asyncio.sleep(0.2)
            assert not wait.done() and not ping.done()
            slam_client.press("increment")  # from another connection (a blocking client)
            assert (await wait)["text"] == "Count: 1"
            assert await ping == "pong"

    run(main())


def test_notifications_are_an_async_iterator_of_what_another_client_caused(slamd, slam_client):
    async def main():
        async with await slam.connect_async(slamd.socket_path, instance=slamd.instance) as client:
            assert (await client.subscribe(["changed", "stateChanged"]))["subscribed"] == ["changed", "stateChanged"]
            slam_client.press("increment")
            slam_client.state_set("orderStatus", "Packed")
            received = []
            async for note in client.notifications(timeout=5):
                received.append(note)
                if note.method == "stateChanged":
                    break
            assert [note.method for note in received] == ["changed", "stateChanged"]
            changes = {snapshot["ref"]: snapshot for snapshot in received[0].params["changes"]}
            assert changes["count"]["text"] == "Count: 1"
            assert received[1].params == {"values": {"orderStatus": "Packed"}}
            # Nothing more: the iteration ends after its timeout; next_notification raises SlamTimeout.
            assert [note async for note in client.notifications(timeout=0.2)] == []
            with pytest.raises(slam.SlamTimeout):
                await client.next_notification(timeout=0.1)

    run(main())


def test_errors_are_the_blocking_clients_classes(slamd, tmp_path):
    async def main():
        with pytest.raises(slam.SlamConnectionError, match="cannot connect to slamd at .*nowhere.sock"):
            await slam.connect_async(str(tmp_path / "nowhere.sock"))
        async with slam.AsyncClient(slamd.socket_path, instance=slamd.instance, timeout=5) as client:
            with pytest.raises(slam.ElementNotFound) as caught:
                await client.find("nope")
            assert caught.value.code == -32001 and caught.value.data["ref"] == "nope"
            with pytest.raises(slam.InvalidParams):
                await client.key("NoSuchKey")
            with pytest.raises(slam.MethodNotFound):
                await client.call("noSuchMethod")
            with pytest.raises(slam.StateKeyNotFound):
                await client.state_get("noSuchKey")
            with pytest.raises(slam.TreeMismatch, match="does not match the template"):
                await client.expect_tree({"children": [{"ref": "count", "text": "Count: 9"}]}, timeout_ms=50)
            with pytest.raises(slam.WaitTimedOut):
                await client.wait_for("count", property="text", equals="Count: 9", timeout_ms=50)
            # A call that times out client-side raises SlamTimeout; its late answer is dropped.
            with pytest.raises(slam.SlamTimeout):
                await client.call("waitFor", {"ref": "count", "property": "text", "equals": "x", "timeoutMs": 300},
                                  timeout=0.05)
            assert await client.ping() == "pong"
            await client.notify("press", {"ref": "increment"})
            assert (await client.find("count"))["text"] == "Count: 1"

    run(main())


def test_closing_ends_calls_and_notifications(slamd_factory):
    daemon = slamd_factory()

    async def main():
        client = slam.AsyncClient(daemon.socket_path)
        assert client.closed
        with pytest.raises(slam.SlamConnectionError, match="not open"):
            await client.ping()
        await client.open()
        assert not client.closed and "open" in repr(client)
        await client.subscribe(["changed"])
        pending = asyncio.ensure_future(client.wait_for("count", property="text", equals="never", timeout_ms=5000))
        await asyncio.sleep(0.1)
        await client.close()
        with pytest.raises(slam.SlamConnectionError):
            await pending
        assert client.closed
        await client.close()  # twice is harmless
        with pytest.raises(slam.SlamConnectionError, match="closed"):
            await client.ping()
        assert [note async for note in client.notifications()] == []

        # The daemon going away ends the iteration and fails the calls after it.
        other = await slam.connect_async(daemon.socket_path)
        await other.subscribe(["changed"])
        assert daemon.stop() == 0
        assert [note async for note in other.notifications()] == []
        with pytest.raises(slam.SlamConnectionError):
            await other.ping()
        await other.close()

    run(main())


def test_both_framings(slamd):
    async def main():
        for framing in ("newline", "content-length"):
            async with slam.AsyncClient(slamd.socket_path, instance=slamd.instance, framing=framing) as client:
                assert client.framing == framing
                assert await asyncio.gather(client.ping(), client.ping()) == ["pong", "pong"]
        with pytest.raises(ValueError, match="unknown framing"):
            slam.AsyncClient(slamd.socket_path, framing="json")

    run(main())
