"""A program that dies with a Python traceback before printing any help is refused with the
traceback's last line, never loaded as an empty tool (SPEC §4: silence is a defect).

Found on the corpus venv, where two packages install one module (`bumpversion`): bump2version's
console script fails its import, printed `Traceback …ImportError…`, and loaded as a tool with
no flags and no warning.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from workbench.loaders import load
from workbench.model.errors import LoadError


def test_a_program_whose_help_is_a_python_traceback_is_refused_with_its_last_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = tmp_path / "brokentool"
    program.write_text(
        f"#!{sys.executable}\nfrom json import no_such_main as main\nmain()\n", encoding="utf-8"
    )
    program.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(LoadError) as refused:
        load(str(program), name="brokentool")
    message = str(refused.value)
    assert "Python traceback" in message
    assert "ImportError: cannot import name 'no_such_main'" in message
    assert "\n" not in message  # one sentence, not the traceback itself
