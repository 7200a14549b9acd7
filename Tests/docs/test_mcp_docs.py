"""docs/mcp.md shows the MCP server as it is: its tool table is `tools/list`'s and its sample session a real one.

Both are generated (``scripts/generate_mcp_docs.py``, run by ``make generate``) from ``slamctl mcp --launch``
(``$SLAMCTL``, else the debug build's); this test runs the generator again and fails, naming the command, when
the page differs: a tool added, renamed or redescribed, an argument changed, an answer worded otherwise, or a
GENERATED section gone.
"""

import os
import subprocess
import sys

from docblocks import ROOT, binary


def test_the_tool_table_and_the_sample_session_are_what_the_server_answers_now():
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "generate_mcp_docs.py"), "--check"],
                         capture_output=True, text=True, timeout=300, env={**os.environ, "SLAMCTL": binary("slamctl")})
    assert run.returncode == 0, run.stderr + run.stdout
