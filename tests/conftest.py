"""Shared pytest fixtures: small, documented, used by more than one test file; keep this file thin."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def sample_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty state folder for the sample CLIs (sets WORKBENCH_SAMPLE_HOME).

    Subprocesses started by the test inherit it through the environment.
    """
    home = tmp_path / "sample-home"
    home.mkdir()
    monkeypatch.setenv("WORKBENCH_SAMPLE_HOME", str(home))
    return home


SAMPLE_TARGETS = {
    "deployctl": "sample_clis.deployctl:cli",
    "notes": "sample_clis.notes:app",
    "pkgtool": "sample_clis.pkgtool:build_parser",
}


@pytest.fixture(scope="session")
def sample_tree():
    """Load a bundled sample CLI's command tree in-process: `sample_tree("deployctl")` (also
    "notes", "pkgtool"). Loaded once per session; each call returns a fresh, mutable copy."""
    from workbench.model.tree import CommandTree

    loaded: dict[str, dict] = {}

    def get(name: str) -> CommandTree:
        if name not in loaded:
            loaded[name] = _load_sample(name).to_data()
        return CommandTree.from_data(loaded[name])

    return get


def _load_sample(name: str):
    from workbench.loaders import load

    return load(SAMPLE_TARGETS[name], name=name).tree


@pytest.fixture(scope="session")
def sample_config(tmp_path_factory: pytest.TempPathFactory):
    """`sample_config("deployctl")` → the path of an mcp.toml written by the real
    `mcp-workbench export` for that sample (also "notes", "pkgtool"); exported once per session.
    Treat the file as read-only (copy it to change it)."""
    from workbench.cli import main

    folder = tmp_path_factory.mktemp("sample-configs")
    written: dict[str, Path] = {}

    def get(name: str) -> Path:
        if name not in written:
            path = folder / f"{name}.toml"
            assert main(["export", SAMPLE_TARGETS[name], "--name", name, "-o", str(path)]) == 0
            written[name] = path
        return written[name]

    return get
