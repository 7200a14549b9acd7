"""Makes ``slam`` importable without installing it and enables its pytest fixtures."""

import sys
from pathlib import Path

CLIENT_DIRECTORY = Path(__file__).resolve().parent.parent
REPOSITORY_ROOT = CLIENT_DIRECTORY.parent.parent

if str(CLIENT_DIRECTORY) not in sys.path:
    sys.path.insert(0, str(CLIENT_DIRECTORY))

pytest_plugins = ["slam.pytest_plugin", "pytester"]
