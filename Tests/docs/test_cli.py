"""docs/cli.md names every slamd option and every slamctl verb the commands themselves list.

The commands' own ``--help`` is the source (it is written from their option and
verb tables); the page must mention each as code (`` `--web` ``, `` `press `` …),
so a new option or verb cannot go undocumented.
"""

import re
import subprocess

from docblocks import ROOT, binary

CLI_PAGE = ROOT / "docs/cli.md"


def help_text(name: str) -> str:
    return subprocess.run([binary(name), "--help"], capture_output=True, text=True, check=True).stdout


def slamd_options() -> list:
    return sorted(set(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z-]*)", help_text("slamd"), re.MULTILINE)))


def slamctl_verbs() -> list:
    section = help_text("slamctl").split("Commands:", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in section.strip().splitlines()]


def test_every_slamd_option_is_documented():
    page = CLI_PAGE.read_text(encoding="utf-8")
    options = slamd_options()
    assert "--web" in options and "--socket" in options, f"could not read slamd --help: {options}"
    missing = [option for option in options if f"`{option}" not in page]
    assert not missing, f"slamd options docs/cli.md does not mention: {missing}"


def test_every_slamctl_verb_is_documented():
    page = CLI_PAGE.read_text(encoding="utf-8")
    verbs = slamctl_verbs()
    assert "press" in verbs and "ui" in verbs, f"could not read slamctl --help: {verbs}"
    missing = [verb for verb in verbs if not re.search(rf"`{re.escape(verb)}[` ]", page)]
    assert not missing, f"slamctl verbs docs/cli.md does not mention: {missing}"

