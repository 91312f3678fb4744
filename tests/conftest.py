"""Shared pytest fixtures. Each owner appends small, documented fixtures; keep this file thin."""

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
