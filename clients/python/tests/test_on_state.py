"""Handlers subscribed to shared state keys: ``@client.on_state(...)`` on the blocking and the asyncio client."""

import asyncio
import pytest

import slam
from support import REPOSITORY_ROOT

COUNTER_AND_TODOS = REPOSITORY_ROOT / "Examples" / "counter-and-todos.storyboard.json"


@pytest.fixture
def state_app(slamd_factory):
    """A daemon hosting the counter-and-todos storyboard (keys count, wifi, todos, draft, selected)."""
    return slamd_factory(storyboard=COUNTER_AND_TODOS)


class Done(Exception):
    """Raised by a handler once it saw what the test waits for: it ends serve() (the event, not a clock)."""


def test_a_handler_gets_the_keys_it_watches_as_a_person_changes_them(state_app):
    app = state_app.connect()
    seen = []

    @app.on_state("draft", "wifi")
    def follow(changed):
        seen.append(changed)
        if "draft" in changed:
            app.state_set("count", len(changed["draft"]))  # a calculator answers through its own client
        if changed.get("wifi") is True:
            raise Done

    person = state_app.connect()
    person.press("wifi")
    person.press("increment")  # count alone: not watched
    person.press("todos")
    person.type_text("draft", "H")
    person.type_text("draft", "i")
    person.state_set_many({"draft": "Hello", "wifi": True})
    with pytest.raises(Done):
        app.serve(timeout=30)  # the changes came before serve: it runs them first, in order
    assert seen == [{"wifi": False}, {"draft": "H"}, {"draft": "Hi"}, {"draft": "Hello", "wifi": True}]
    assert person.find("count", controller="Home")["text"] == "Count: 5", "the handler's own call"


def test_next_notification_runs_the_handlers_and_returns_the_other_notifications(state_app):
    app = state_app.connect()
    seen = []

    def follow(changed):
        seen.append(changed)

    app.add_state_handler(["count"], follow)
    app.subscribe(["navigated"])
    person = state_app.connect()
    person.press("increment")
    person.press("todos")
    assert app.next_notification(timeout=10).method == "navigated"
    assert seen == [{"count": 1}], "the stateChanged before it went to the handler"

    assert app.remove_state_handler(follow) is True
    assert app.remove_state_handler(follow) is False
    person.press("back")
    person.press("increment")
    assert app.next_notification(timeout=10).method == "navigated"
    after = app.next_notification(timeout=10)
    assert (after.method, after.params) == ("stateChanged", {"values": {"count": 2}}), "without handlers, queued as before"
    assert seen == [{"count": 1}]


def test_a_handler_that_raises_ends_serve_and_next_notification_with_its_exception(state_app):
    app = state_app.connect()

    @app.on_state("count")
    def broken(changed):
        raise ValueError("not a number")

    person = state_app.connect()
    person.press("increment")
    with pytest.raises(ValueError, match="not a number"):
        app.serve(timeout=30)
    person.press("increment")
    with pytest.raises(ValueError, match="not a number"):
        app.next_notification(timeout=30)
    assert app.ping() == "pong", "the client goes on"


def test_bad_keys_are_refused_before_anything_is_sent(state_app):
    app = state_app.connect()
    with pytest.raises(ValueError, match="at least one"):
        app.on_state()(print)
    with pytest.raises(TypeError, match="string"):
        app.add_state_handler([3], print)
    with pytest.raises(TypeError, match="callable"):
        app.add_state_handler(["count"], "not a function")
    assert app.call("unsubscribe", {})["subscribed"] == [], "no subscription was made"


def run(coroutine, seconds=30):
    return asyncio.run(asyncio.wait_for(coroutine, seconds))


def test_the_asyncio_client_runs_async_handlers_in_order_as_changes_arrive(state_app):
    async def main():
        async with slam.AsyncClient(state_app.socket_path) as app:
            seen = []
            done = asyncio.Event()

            @app.on_state("draft")
            async def follow(changed):
                await asyncio.sleep(0)  # an awaiting handler still sees the changes in order
                seen.append(changed["draft"])
                await app.state_set("count", len(changed["draft"]))
                if changed["draft"] == "abc":
                    done.set()

            subscribed = await app.subscribe(["navigated"])
            assert sorted(subscribed["subscribed"]) == ["navigated", "stateChanged"], \
                "the declared handler subscribed before the next call"
            async with slam.AsyncClient(state_app.socket_path) as person:
                await person.press("todos")
                for letter in "abc":
                    await person.type_text("draft", letter)
                await asyncio.wait_for(done.wait(), 20)
                assert seen == ["a", "ab", "abc"]
                assert (await person.find("count", controller="Home"))["text"] == "Count: 3"
                assert (await app.next_notification(timeout=10)).method == "navigated", \
                    "stateChanged went to the handler, navigated to the queue"

    run(main())


def test_an_asyncio_handler_that_raises_goes_to_the_loops_exception_handler_and_the_next_changes_still_run(state_app):
    async def main():
        errors = []
        asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context["exception"]))
        async with slam.AsyncClient(state_app.socket_path) as app:
            seen = []

            def follow(changed):
                seen.append(changed["count"])
                if changed["count"] == 1:
                    raise ValueError("one is not enough")

            await app.add_state_handler(["count"], follow)
            person = state_app.connect()
            person.press("increment")
            person.press("increment")
            for _ in range(400):
                if len(seen) == 2:
                    break
                await asyncio.sleep(0.05)
            assert seen == [1, 2]
            assert [str(error) for error in errors] == ["one is not enough"]

    run(main())
