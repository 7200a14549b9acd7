"""Connecting: the default socket path, and what a missing daemon looks like."""

import asyncio
import os
import time

import pytest

import slam


@pytest.fixture(autouse=True)
def no_socket_named(monkeypatch):
    """These tests are about the default: a ``SLAM_SOCKET`` in the environment would name another."""
    monkeypatch.delenv("SLAM_SOCKET", raising=False)


def test_slam_socket_names_the_socket_as_for_slamctl(monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/4242")
    monkeypatch.setenv("SLAM_SOCKET", "/srv/app/slamd.sock")
    assert slam.default_socket_path() == "/srv/app/slamd.sock"
    monkeypatch.setenv("SLAM_SOCKET", "")
    assert slam.default_socket_path() == "/run/user/4242/slam/slamd.sock"


def test_the_default_socket_path_follows_xdg_runtime_dir(monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/run/user/4242")
    assert slam.default_socket_path() == "/run/user/4242/slam/slamd.sock"


@pytest.mark.parametrize("runtime_directory", [None, ""])
def test_the_default_socket_path_falls_back_to_tmp(monkeypatch, runtime_directory):
    if runtime_directory is None:
        monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    else:
        monkeypatch.setenv("XDG_RUNTIME_DIR", runtime_directory)
    assert slam.default_socket_path() == f"/tmp/slam-{os.getuid()}/slamd.sock"


def test_connect_without_a_path_uses_the_default_socket(slamd, tmp_path, monkeypatch):
    (tmp_path / "slam").mkdir()
    os.symlink(slamd.socket_path, tmp_path / "slam" / "slamd.sock")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    with slam.connect() as client:
        assert client.socket_path == str(tmp_path / "slam" / "slamd.sock")
        assert client.ping() == "pong"


def test_a_missing_socket_raises_slam_connection_error_naming_the_path(tmp_path):
    missing = str(tmp_path / "missing.sock")
    with pytest.raises(slam.SlamConnectionError) as caught:
        slam.connect(missing)
    message = str(caught.value)
    assert missing in message
    assert f"slamd --socket {missing}" in message
    assert isinstance(caught.value, ConnectionError)


def test_a_missing_default_socket_names_the_default_path(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    with pytest.raises(slam.SlamConnectionError, match=str(tmp_path / "slam" / "slamd.sock")):
        slam.connect()


def test_an_unknown_framing_is_refused(slamd):
    with pytest.raises(ValueError, match="unknown framing"):
        slam.connect(slamd.socket_path, framing="lsp")


@pytest.mark.slam_own_daemon  # it stops the daemon
def test_calling_a_stopped_daemon_raises_slam_connection_error(slamd):
    client = slamd.connect()
    assert client.ping() == "pong"
    assert slamd.stop() == 0
    with pytest.raises(slam.SlamConnectionError):
        client.ping()


def test_a_client_given_an_instance_drives_that_instance_alone(slamd_factory):
    daemon = slamd_factory()
    creator = daemon.connect()
    handle = creator.instance_create(label="bound")["instance"]
    with slam.connect(daemon.socket_path, instance=handle) as bound:
        assert bound.press("increment")["ref"] == "increment"
        assert bound.find("count")["text"] == "Count: 1"
        assert [entry["instance"] for entry in bound.instance_list() if entry["current"]] == [handle]

    async def drive_asynchronously():
        async with slam.AsyncClient(daemon.socket_path, instance=handle) as client:
            assert (await client.press("increment"))["ref"] == "increment"
        client = await slam.connect_async(daemon.socket_path, instance=handle)
        try:
            return (await client.find("count"))["text"]
        finally:
            await client.close()

    assert asyncio.run(drive_asynchronously()) == "Count: 2"
    assert creator.find("count")["text"] == "Count: 0", "main, the creator's instance, is untouched"


def test_a_client_given_an_unknown_or_closed_instance_raises_and_leaves_nothing_open(slamd_factory):
    daemon = slamd_factory()
    creator = daemon.connect()
    with pytest.raises(slam.InstanceNotFound) as caught:
        slam.Client(daemon.socket_path, instance="i99")
    assert caught.value.data["instance"] == "i99"
    handle = creator.instance_create()["instance"]
    creator.instance_close(handle)
    with pytest.raises(slam.InstanceNotFound):
        asyncio.run(slam.connect_async(daemon.socket_path, instance=handle))
    deadline = time.monotonic() + 30
    while [entry["connections"] for entry in creator.instance_list()] != [1]:
        assert time.monotonic() < deadline, f"the refused clients stay connected: {creator.instance_list()}"
        time.sleep(0.01)
