"""Lint and `check` in search exposure (SPEC §5b, §9): costs at connect beside the full cost,
WB501 counted on the connect list, WB502 suggesting search exposure, WB601 on what a client
loads at connect."""

from __future__ import annotations

import contextlib
import io
import sys

import pytest

from workbench.cli import main
from workbench.model.config import Config, LintConfig, ToolsConfig
from workbench.model.config_file import save_config
from workbench.model.lint import lint
from workbench.model.lint_tools import SEARCH_SUGGESTED_TOOLS
from workbench.model.surface import build_surface


def generated(count: int):
    from bench.generate import generated_tree

    return generated_tree(count)


def codes(tree, **tools) -> set[str]:
    lint_config = tools.pop("lint", LintConfig())
    config = Config(tools=ToolsConfig(**tools), lint=lint_config)
    return {f.code for f in lint(build_surface(tree, config), tree, config)}


def test_wb501_counts_what_is_listed_at_connect():
    tree = generated(129)
    assert "WB501" in codes(tree, exposure="all")
    assert "WB501" not in codes(tree, exposure="search")


def test_wb502_suggests_search_above_the_tool_count_in_all_exposure_only():
    budget = LintConfig(token_budget=10_000_000)
    assert "WB502" not in codes(generated(SEARCH_SUGGESTED_TOOLS), exposure="all", lint=budget)
    assert "WB502" in codes(generated(SEARCH_SUGGESTED_TOOLS + 1), exposure="all", lint=budget)
    assert "WB502" not in codes(
        generated(SEARCH_SUGGESTED_TOOLS + 1), exposure="search", lint=budget
    )


def test_wb502_suggests_search_above_half_the_token_budget():
    tree = generated(10)
    config = Config(lint=LintConfig(token_budget=10_000_000))
    tool_tokens = sum(t.tokens for t in build_surface(tree, config).tools)
    assert "WB502" not in codes(
        tree, exposure="all", lint=LintConfig(token_budget=tool_tokens * 2 + 100)
    )
    assert "WB502" in codes(
        tree, exposure="all", lint=LintConfig(token_budget=int(tool_tokens * 1.9) + 100)
    )


def test_wb601_weighs_the_connect_list_in_search_exposure():
    tree = generated(300)
    assert "WB601" in codes(tree, exposure="all")
    assert "WB601" not in codes(tree, exposure="search")


@pytest.mark.parametrize("exposure", ["all", "search"])
def test_check_prints_the_cost_at_connect_beside_the_full_cost(tmp_path, exposure):
    tree = generated(200)
    config = Config(tools=ToolsConfig(exposure=exposure), snapshot=tree)
    config.source.command = [sys.executable, "-c", "pass"]
    path = tmp_path / "mcp.toml"
    save_config(config, path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["check", str(path), "--no-drift"])
    line = next(line for line in out.getvalue().splitlines() if line.startswith("cost at connect"))
    full = sum(t.tokens for t in build_surface(tree, config).tools)
    listed = 200 if exposure == "all" else 2
    assert f"({exposure} exposure): {listed} tools listed" in line
    assert "full list: 200 tools" in line
    connect_tokens = int(line.split("tool list ")[1].split(" ")[0])
    assert (connect_tokens == full) if exposure == "all" else (connect_tokens < 0.05 * full)
