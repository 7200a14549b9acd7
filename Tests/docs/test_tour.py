"""The README's taste and the tour print what their commands print.

Every ``console`` block of the pages in ``RUN_PAGES`` runs, in order, against
one demo slamd of its own (``$SLAMD``/``$SLAMCTL``, else the debug build of
``swift build``), and each command's output must match the lines under it
(``docblocks.py`` describes the placeholders). When a command's output changes
on purpose, update the page: ``python3 Tests/docs/docblocks.py docs/tour.md``
prints what every command prints now.
"""

import pytest

from docblocks import ROOT, TourSession, console_blocks, matches

RUN_PAGES = ["README.md", "docs/tour.md"]
"""Pages whose console blocks are run, each against a fresh demo."""


@pytest.mark.parametrize("page", RUN_PAGES)
def test_every_console_block_prints_what_the_page_shows(page):
    blocks = console_blocks(ROOT / page)
    assert blocks, f"{page} should show commands as console blocks"
    session = TourSession()
    try:
        failures = []
        for block in blocks:
            outputs = session.run([command.text for command in block.commands])
            for command, output in zip(block.commands, outputs):
                if not matches(command.expected, output):
                    failures.append(f"{page}:{command.line}: $ {command.text}\n"
                                    + "  the page shows:\n" + "".join(f"    {line}\n" for line in command.expected)
                                    + "  it printed:\n" + "".join(f"    {line}\n" for line in output))
        assert not failures, "commands printed something else than the page shows:\n\n" + "\n".join(failures)
    finally:
        session.close()
