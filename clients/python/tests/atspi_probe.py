"""Assistive technology for test_atspi.py: reads and acts on the accessibility bus with pyatspi.

Runs under Debian's python3 (pyatspi is a Debian package, python3-pyatspi) inside the
test's ``dbus-run-session``. It starts the bridge (the command in its arguments, which turns
accessibility on for the session) so that both share the bus, then answers one JSON request
per line on standard input with one line ``probe: JSON`` on standard output (the session's
daemons write there too):

- ``{"op": "dump"}``: every application whose toolkit is ``toolkit`` (the bridge's: "Slam"), each node as
  ``{"path", "role", "name", "description", "states", "value", "text", "actions"}`` in tree order.
- ``{"op": "act", "path": [...], "action": "click" | "focus" | "value", "value": n}``:
  Action.DoAction (by name), Component.GrabFocus, or Value.CurrentValue = n on the node at ``path``.
"""

import json
import subprocess
import sys

import pyatspi


def applications(toolkit):
    desktop = pyatspi.Registry.getDesktop(0)
    found = []
    for index in range(desktop.childCount):
        application = desktop.getChildAtIndex(index)
        if application is not None and application.get_toolkit_name() == toolkit:
            found.append(application)
    return found


def describe(node, path):
    states = node.getState()
    entry = {
        "path": path,
        "role": node.getRoleName(),
        "name": node.name,
        "description": node.description,
        "states": sorted(pyatspi.stateToString(state) for state in states.getStates()),
        "value": None,
        "text": None,
        "actions": [],
    }
    try:
        entry["value"] = node.queryValue().currentValue
    except NotImplementedError:
        pass
    try:
        entry["text"] = node.queryText().getText(0, -1)
    except NotImplementedError:
        pass
    try:
        action = node.queryAction()
        entry["actions"] = [action.getName(index) for index in range(action.nActions)]
    except NotImplementedError:
        pass
    return entry


def walk(node, path, into):
    into.append(describe(node, path))
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            walk(child, path + [index], into)


def node_at(application, path):
    node = application
    for index in path:
        node = node.getChildAtIndex(index)
    return node


def answer(request, toolkit):
    found = applications(toolkit)
    if request["op"] == "dump":
        nodes = []
        for application in found:
            walk(application, [], nodes)
        return {"applications": len(found), "nodes": nodes}
    if not found:
        return {"error": "no application"}
    node = node_at(found[0], request["path"])
    if request["action"] == "focus":
        return {"done": node.queryComponent().grabFocus()}
    if request["action"] == "value":
        node.queryValue().currentValue = float(request["value"])
        return {"done": True}
    action = node.queryAction()
    names = [action.getName(index) for index in range(action.nActions)]
    return {"done": action.doAction(names.index(request["action"]))}


def reply(message):
    print("probe: " + json.dumps(message), flush=True)


def main():
    toolkit = sys.argv[1]
    bridge = subprocess.Popen(sys.argv[2:])
    reply({"ready": True})
    try:
        for line in sys.stdin:
            try:
                reply(answer(json.loads(line), toolkit))
            except Exception as error:  # reported to the test, which says what went wrong
                reply({"error": f"{type(error).__name__}: {error}"})
    finally:
        bridge.terminate()
        bridge.wait(timeout=30)


if __name__ == "__main__":
    main()
