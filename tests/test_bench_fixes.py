"""The performance fixes the bench led to keep the product's behaviour: pausing the garbage
collector around big model passes leaves the collector as it found it, even when the pass fails."""

from __future__ import annotations

import gc

import pytest

from workbench.model.config import Config, PromptConfig
from workbench.model.config_file import ConfigError, parse_config
from workbench.model.surface import build_surface
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import Command, CommandTree


def small_tree() -> CommandTree:
    return CommandTree(root=Command(path=["tool"], runnable=False, subcommands=[Command(path=["tool", "run"])]))


@pytest.fixture
def collector_state():
    was = gc.isenabled()
    yield
    gc.enable() if was else gc.disable()


def test_building_a_surface_leaves_the_collector_on(collector_state) -> None:
    gc.enable()
    assert [t.name for t in build_surface(small_tree(), Config()).tools] == ["tool_run"]
    assert gc.isenabled()


def test_a_failing_build_still_resumes_the_collector(collector_state) -> None:
    gc.enable()
    with pytest.raises(SurfaceError):
        build_surface(small_tree(), Config(prompt=PromptConfig(tool_order=["nope", "<unlisted-tools>"])))
    assert gc.isenabled()


def test_a_collector_the_application_turned_off_stays_off(collector_state) -> None:
    gc.disable()
    build_surface(small_tree(), Config())
    parse_config("version = 1\n")
    assert not gc.isenabled()


def test_a_config_that_fails_to_read_still_resumes_the_collector(collector_state) -> None:
    gc.enable()
    with pytest.raises(ConfigError):
        parse_config("version = [\n")
    with pytest.raises(ConfigError):
        parse_config("version = 2\n")
    assert gc.isenabled()


def test_skipping_token_counts_serves_exactly_the_same_tools_and_prompt(sample_tree) -> None:
    tree = sample_tree("deployctl")
    counted = build_surface(tree, Config())
    uncounted = build_surface(tree, Config(), token_counts=False)
    assert uncounted.tools_list() == counted.tools_list()
    assert uncounted.prompt == counted.prompt
    assert all(t.tokens > 0 for t in counted.tools) and counted.prompt_tokens > 0
    assert all(t.tokens == 0 for t in uncounted.tools) and uncounted.prompt_tokens == 0


def test_a_config_file_can_be_read_without_token_counts(sample_config) -> None:
    from workbench.model.surface import surface_from_file

    _, counted = surface_from_file(sample_config("deployctl"))
    _, uncounted = surface_from_file(sample_config("deployctl"), token_counts=False)
    assert uncounted.tools_list() == counted.tools_list() and uncounted.prompt == counted.prompt
    assert sum(t.tokens for t in uncounted.tools) == 0 < sum(t.tokens for t in counted.tools)
