"""`model.atomic.write_text_atomic`, the one writer behind mcp.toml, client configs, settings and
the caches: whole or nothing, no temp file left when a write fails, the file's mode kept."""

from __future__ import annotations

import os
import stat

import pytest

from workbench.model.atomic import write_text_atomic


def test_it_replaces_the_content_and_keeps_the_files_mode(tmp_path):
    target = tmp_path / "mcp.toml"
    target.write_text("old\n")
    target.chmod(0o640)
    write_text_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["mcp.toml"]


def test_a_new_file_gets_the_umask_mode_or_the_one_asked_for(tmp_path):
    umask = os.umask(0o022)
    try:
        write_text_atomic(tmp_path / "plain.toml", "x")
        write_text_atomic(tmp_path / "secret.json", "x", new_file_mode=0o600)
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "plain.toml").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "secret.json").stat().st_mode) == 0o600


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path):
    target = tmp_path / "mcp.toml"
    target.write_text("old\n")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(target, "half \ud800 written")  # a lone surrogate cannot be UTF-8
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["mcp.toml"]


def test_a_failed_rename_leaves_no_temp_file(tmp_path):
    target = tmp_path / "folder-in-the-way"
    (target / "child").mkdir(parents=True)  # os.replace cannot put a file over a non-empty folder
    with pytest.raises(OSError):
        write_text_atomic(target, "x")
    assert sorted(os.listdir(tmp_path)) == ["folder-in-the-way"]


def test_the_help_cache_leaves_no_temp_file_when_an_entry_cannot_be_written(tmp_path):
    from workbench.loaders.help.cache import store_cached

    with pytest.raises(TypeError):
        store_cached("key", {"flags": {"a set is not JSON"}}, tmp_path)
    assert os.listdir(tmp_path) == []
