"""The crawler against the bundled sample CLIs (click, typer, argparse) run as real programs,
compared with what the exact in-process loaders read from the same CLIs.

The exact trees are the ground truth: every command, every flag, and each flag's kind, short
name and choices must match. (Types and defaults the help text does not show are not compared.)
"""

from __future__ import annotations

import sys

import pytest

from workbench.loaders import load
from workbench.loaders.help import crawl

SAMPLES = [
    ("deployctl", "sample_clis.deployctl:cli"),
    ("notes", "sample_clis.notes:app"),
    ("pkgtool", "sample_clis.pkgtool:build_parser"),
]


@pytest.fixture(scope="module")
def programs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("samples")
    paths = {}
    for name, target in SAMPLES:
        module = target.split(":")[0]
        path = folder / name
        path.write_text(
            f"#!{sys.executable}\nimport runpy\nrunpy.run_module({module!r}, run_name='__main__')\n"
        )
        path.chmod(0o755)
        paths[name] = path
    return paths


@pytest.mark.parametrize(("name", "target"), SAMPLES)
def test_crawled_tree_matches_the_exact_loader(programs, name, target, tmp_path, monkeypatch):
    monkeypatch.setenv("WORKBENCH_SAMPLE_HOME", str(tmp_path / "state"))
    exact = load(target, name=name).tree
    crawled = crawl(str(programs[name]), name=name, use_cache=False, timeout_s=20)
    assert [c.path_str for c in crawled.walk()] == [
        c.path_str for c in exact.walk() if not c.hidden
    ]
    for command in exact.walk():
        if command.hidden:
            continue
        mine = crawled.find(command.path_str)
        assert mine.runnable == command.runnable, command.path_str
        assert sorted(mine.aliases) == sorted(command.aliases), command.path_str
        expected = {f.key: f for f in command.flags if not f.hidden}
        got = {f.key: f for f in mine.flags}
        assert got.keys() == expected.keys(), command.path_str
        for key, flag in expected.items():
            assert (got[key].kind, got[key].short, got[key].choices) == (
                flag.kind,
                flag.short,
                flag.choices,
            ), (command.path_str, key)
        assert [p.variadic for p in mine.positionals] == [
            p.variadic for p in command.positionals
        ], command.path_str
        assert [p.required for p in mine.positionals] == [
            p.required for p in command.positionals
        ], command.path_str
