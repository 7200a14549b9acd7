"""The public API of both clients, pinned: a signature that changes must change here too, on purpose.

Most methods are generated from the OpenRPC document (``make generate``), so a
renamed wire parameter or a reordered declaration in Swift would otherwise
rename or reorder a Python argument without any test noticing. The file
``public_api.txt`` beside this test lists ``slam.connect``, ``slam.connect_async``,
the constructors and every public method of ``slam.Client`` and ``slam.AsyncClient``
with its signature; after a deliberate
change, rewrite it with ``SLAM_UPDATE_API=1`` and review the diff.
"""

import inspect
import os
from pathlib import Path

import slam

PINNED = Path(__file__).with_name("public_api.txt")


def public_api() -> str:
    lines = [f"slam.{function.__name__}{inspect.signature(function)}" for function in (slam.connect, slam.connect_async)]
    for client in (slam.Client, slam.AsyncClient):
        lines.append(f"{client.__name__}{inspect.signature(client)}")
        for name, member in sorted(inspect.getmembers(client)):
            if name.startswith("_") or not callable(member):
                continue
            kind = "async " if inspect.iscoroutinefunction(member) else ""
            try:
                signature = str(inspect.signature(member))
            except (TypeError, ValueError):
                signature = "(...)"
            lines.append(f"{client.__name__}.{kind}{name}{signature}")
    return "\n".join(lines) + "\n"


def test_the_clients_public_api_is_the_pinned_one():
    current = public_api()
    if os.environ.get("SLAM_UPDATE_API"):
        PINNED.write_text(current, encoding="utf-8")
    assert PINNED.read_text(encoding="utf-8") == current, (
        "the public API of slam.Client or slam.AsyncClient changed; if that is meant, "
        "rewrite clients/python/tests/public_api.txt with SLAM_UPDATE_API=1 and review the diff")
