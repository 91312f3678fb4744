"""The TUI's plain-Python parts (session, previews, incremental surface, loading, schema check,
settings) and the `open` command's argument parsing never import Textual."""

from __future__ import annotations

import subprocess
import sys

PURE = [
    "workbench.tui.workspace",
    "workbench.tui.previews",
    "workbench.tui.incremental",
    "workbench.tui.loading",
    "workbench.tui.schema_input",
    "workbench.tui.settings",
    "workbench.tui.prompt_edit",
    "workbench.tui.env_edit",
    "workbench.tui.selectors_text",
    "workbench.tui.try_form",
    "workbench.tui.try_args",
    "workbench.commands.open",
]


def test_the_plain_python_parts_of_the_tui_import_no_textual():
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in PURE)
        + "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'mcp')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "[]"
