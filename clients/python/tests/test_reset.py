"""``reset`` against the real slamd: the launch state again, the same daemon and connections."""

import threading

import slam


def test_reset_puts_the_demo_back_as_it_was_at_launch(slam_client):
    launch_state = slam_client.call("state.list")
    for _ in range(3):
        slam_client.press("increment")
    slam_client.call("state.set", {"key": "draft", "value": "left over"})
    slam_client.run_task("push", param="Settings")
    assert slam_client.reset() == {"top": "Home", "stateKeys": 2}
    assert [entry["id"] for entry in slam_client.controllers()] == ["Home"]
    assert slam_client.find("count")["text"] == "Count: 0"
    assert slam_client.call("state.list") == launch_state
    assert slam_client.ping() == "pong", "the same connection goes on"


def test_a_wait_pending_during_a_reset_gets_a_clear_error(slamd):
    waiter = slamd.connect()
    actor = slamd.connect()
    outcome = {}

    def wait():
        try:
            outcome["result"] = waiter.call("waitFor", {"ref": "goal", "state": "visible", "timeoutMs": 30000})
        except slam.SlamError as error:
            outcome["error"] = error

    thread = threading.Thread(target=wait)
    thread.start()
    # Whenever the daemon has read the wait, the next reset answers it (no guessing how long reading takes).
    for _ in range(50):
        actor.reset()
        thread.join(timeout=0.2)
        if not thread.is_alive():
            break
    assert not thread.is_alive()
    error = outcome.get("error")
    assert error is not None and error.code == -32013, outcome
    assert error.data == {"ref": "goal", "reason": "reset"}
    assert actor.ping() == "pong"
