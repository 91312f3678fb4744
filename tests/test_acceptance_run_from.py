"""A module target importable only from the folder it was exported in (not installed, not on
PYTHONPATH) still runs when the config is written elsewhere: `export` points `[runtime] cwd` at
that folder, and `check` re-imports it from there, whatever folder it is run in.

Uses the acceptance CLIs in tests/fixtures/acceptance/ (acc_argparse: parents, subparsers,
append, BooleanOptionalAction, choices and `type=int` on positionals).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import anyio
import pytest

from workbench.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "acceptance"


@pytest.fixture
def isolated_imports(monkeypatch: pytest.MonkeyPatch):
    """Loading imports the fixture modules; keep sys.path and sys.modules as they were."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith("acc_"):
            del sys.modules[name]


def run_main(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def call(config_path: Path, tool: str, arguments: dict):
    from workbench.model.surface import surface_from_file
    from workbench.runtime.calls import ToolRunner

    config, surface = surface_from_file(config_path)
    runner = ToolRunner(config, surface, config_path.parent)
    return anyio.run(runner.call, tool, arguments)


def test_config_written_elsewhere_runs_the_cli_where_it_imports(
    tmp_path, monkeypatch, isolated_imports
):
    monkeypatch.chdir(FIXTURES)
    config_path = tmp_path / "configs" / "mcp.toml"
    config_path.parent.mkdir()
    code, _, err = run_main("export", "acc_argparse:build", "-o", str(config_path))
    assert code == 0, err
    assert "calls run there" in err
    from workbench.model.config_file import load_config

    config = load_config(config_path)
    assert (config_path.parent / config.runtime.cwd).resolve() == FIXTURES.resolve()

    outcome = call(
        config_path, "accargs_run", {"kind": "test", "count": 2, "targets": ["-rf", "$(rm)"]}
    )
    assert not outcome.is_error, outcome.text
    assert json.loads(outcome.structured["stdout"])["targets"] == ["-rf", "$(rm)"]

    monkeypatch.chdir(tmp_path)  # check re-imports from [runtime] cwd, not from where it runs
    code, out, err = run_main("check", str(config_path))
    assert "drift against the live CLI: none" in out, out + err


def test_config_beside_the_module_keeps_cwd_dot(tmp_path, monkeypatch, isolated_imports):
    work = tmp_path / "project"
    work.mkdir()
    (work / "acc_click.py").write_text((FIXTURES / "acc_click.py").read_text())
    monkeypatch.chdir(work)
    code, _, err = run_main(
        "export",
        "acc_click:cli",
        "-o",
        "mcp.toml",
        "--exclude",
        "acc_click a-very-long-group-name-for-depth *",
    )
    assert code == 0, err
    assert 'cwd = "."' in (work / "mcp.toml").read_text()


def test_module_on_pythonpath_keeps_cwd_dot(tmp_path, monkeypatch, isolated_imports):
    monkeypatch.setenv("PYTHONPATH", str(FIXTURES))
    monkeypatch.chdir(FIXTURES)
    code, _, err = run_main("export", "acc_argparse:build", "-o", str(tmp_path / "mcp.toml"))
    assert code == 0, err
    assert 'cwd = "."' in (tmp_path / "mcp.toml").read_text()


def test_the_workbench_saving_elsewhere_also_runs_the_cli_where_it_imports(
    tmp_path, monkeypatch, isolated_imports
):
    """The TUI's open path builds its config like `export`: saved away from the module's folder,
    `[runtime] cwd` still points back there, so the saved file serves."""
    from workbench.tui.loading import OpenRequest, open_workspace

    monkeypatch.chdir(FIXTURES)
    config_path = tmp_path / "configs" / "mcp.toml"
    config_path.parent.mkdir()
    opened = open_workspace(OpenRequest(target="acc_argparse:build", output=str(config_path)))
    opened.workspace.save()

    from workbench.model.config_file import load_config

    config = load_config(config_path)
    assert (config_path.parent / config.runtime.cwd).resolve() == FIXTURES.resolve()
    monkeypatch.chdir(tmp_path)
    outcome = call(config_path, "accargs_run", {"kind": "test", "count": 1, "targets": ["-x"]})
    assert not outcome.is_error, outcome.text
