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
    return CommandTree(
        root=Command(path=["tool"], runnable=False, subcommands=[Command(path=["tool", "run"])])
    )


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
        build_surface(
            small_tree(), Config(prompt=PromptConfig(tool_order=["nope", "<unlisted-tools>"]))
        )
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


@pytest.fixture
def big_config_text(tmp_path, monkeypatch) -> str:
    """A generated 1,000-command mcp.toml's text (large enough for the parse cache), with the
    cache in a fresh folder."""
    from bench.generate import generated_tree, write_config

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("MCP_WORKBENCH_TOML_CACHE", raising=False)
    monkeypatch.delenv("WORKBENCH_TOML_CACHE", raising=False)
    return write_config(generated_tree(1000), tmp_path / "big.toml").read_text(encoding="utf-8")


def test_a_big_config_is_parsed_once_then_read_from_the_cache(big_config_text, monkeypatch) -> None:
    import tomllib

    from workbench.model import toml_cache

    first = parse_config(big_config_text)
    assert len(list(toml_cache.cache_dir().glob("*.json"))) == 1

    def must_not_parse(text: str) -> dict:
        raise AssertionError("the big config was parsed again")

    monkeypatch.setattr(tomllib, "loads", must_not_parse)
    again = parse_config(big_config_text)
    assert again == first and len(again.snapshot.root.subcommands) == 20


def test_a_corrupt_cache_entry_is_a_miss(big_config_text) -> None:
    from workbench.model import toml_cache

    first = parse_config(big_config_text)
    (entry,) = toml_cache.cache_dir().glob("*.json")
    entry.write_text("{not json", encoding="utf-8")
    assert parse_config(big_config_text) == first


def test_a_big_invalid_config_gets_tomllibs_error_and_is_not_cached(big_config_text) -> None:
    from workbench.model import toml_cache

    broken = big_config_text + "\n[server\n"
    with pytest.raises(ConfigError, match="is not valid TOML"):
        parse_config(broken)
    assert not list(toml_cache.cache_dir().glob("*.json"))


def test_small_configs_do_not_touch_the_cache(tmp_path, monkeypatch) -> None:
    from workbench.model import toml_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    parse_config('version = 1\n[server]\nname = "x"\n')
    assert not toml_cache.cache_dir().exists()


def _one_dump(config: Config) -> str:
    """The whole config written by one tomli_w call, as dump_config did before it reused the
    snapshot's text."""
    import tomli_w

    from workbench.model.config_file import _without_null_keys, config_data

    data = config_data(Config.model_validate(config_data(config, snapshot=False)), snapshot=False)
    data["snapshot"] = _without_null_keys(config.snapshot.to_data())
    return tomli_w.dumps(data, multiline_strings=True)


@pytest.mark.parametrize("sample", ["deployctl", "notes", "pkgtool"])
def test_dumping_reuses_the_snapshot_text_and_writes_the_same_bytes(sample, sample_config) -> None:
    from workbench.model.config import CommandConfig, PromptSection, Selector
    from workbench.model.config_file import dump_config, load_config

    config = load_config(sample_config(sample))
    root = config.snapshot.root.name
    config.selectors = [Selector(commands=[f"{root} *"], exclude_flags=["verbose"])]
    config.commands[f"{root} x"] = CommandConfig(read_only=True, description="Reads x.")
    config.prompt.sections = [
        PromptSection(name="rules", order=150, text="Be careful.\nAsk first.")
    ]
    first = dump_config(config)
    assert first == _one_dump(config)
    config.commands[f"{root} x"].read_only = False  # an edit: the snapshot text is reused
    second = dump_config(config)
    assert second == _one_dump(config) and second != first
    assert parse_config(second) == config


def test_a_changed_tree_gets_its_own_snapshot_text(sample_config) -> None:
    from workbench.model.config_file import dump_config, load_config

    config = load_config(sample_config("deployctl"))
    before = dump_config(config)
    config.snapshot.root.subcommands[0].short_help = "Changed in place."
    after = dump_config(config)
    assert "Changed in place." in after and "Changed in place." not in before
    assert after == _one_dump(config)
