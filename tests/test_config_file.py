"""SPEC §7 / invariant 2: `mcp.toml` load → save is byte-stable, the SPEC's example config
produces exactly the tools and prompt it describes, and bad files get one clear sentence."""

from __future__ import annotations

import os
import stat
from types import SimpleNamespace

import pytest
import tomli_w

from workbench.model.config import Loader, SourceConfig
from workbench.model.config_file import (
    config_from_loaded,
    dump_config,
    load_config,
    parse_config,
    save_config,
)
from workbench.model.errors import ConfigError
from workbench.model.surface import build_surface

SPEC_EXAMPLE = """\
version = 1

[source]                       # how the tree was loaded and how to run the CLI
command = ["deployctl"]        # argv prefix used to execute tools
loader = "click"               # click | typer | argparse | help
target = "sample_clis.deployctl:cli"
cli_version = "1.4.0"          # when known; used by `check` for drift

[server]                       # MCP identity and defaults
name = "deployctl"
version = "1.4.0"
title = "Deployctl"
log_level = "info"
command_name = "mcp"           # segment filtered out of the tree

[tools]
prefix = "deployctl"
description_mode = "long"      # long | short

[runtime]
timeout_s = 60
max_output_bytes = 1_000_000
max_concurrency = 4
cwd = "."                      # relative to the config file

[env]                          # default env for every call; per-call env wins
LOG_FORMAT = "json"

[[selectors]]                  # first match wins; flag patterns are globs on long names
commands = ["deployctl deploy*", "deployctl status"]
exclude_flags = ["token"]      # also: include_flags, and include_/exclude_inherited_flags
                               # (inherited ones only); include first, then exclude

[commands."deployctl status"]
read_only = true
idempotent = true
description_mode = "short"

[commands."deployctl secrets delete"]
destructive = true
description = "Delete one secret. Ask the user before calling."

[commands."deployctl legacy-deploy"]
deprecated = true

[commands."deployctl deploy".flags.replicas]
schema = { type = "integer", minimum = 1, maximum = 50 }

[commands."deployctl deploy".flags.labels]
type = "array"

[prompt]
persona = "You are the release assistant for {{team}}."
tool_order = ["deployctl_status", "<unlisted-tools>"]

[prompt.variables]
team = "infra"

[[prompt.sections]]
name = "house-rules"
order = 150
text = "Never deploy to prod on Fridays."
"""


def spec_config_text(sample_tree) -> str:
    """The SPEC §7 example with the machine-written [snapshot] of the real deployctl."""
    return SPEC_EXAMPLE + "\n" + tomli_w.dumps({"snapshot": sample_tree("deployctl").to_data()})


def test_the_spec_example_produces_the_tools_and_prompt_it_describes(sample_tree):
    config = parse_config(spec_config_text(sample_tree))
    surface = build_surface(config.snapshot, config)

    assert [t.name for t in surface.tools] == ["deployctl_status", "deployctl_deploy"]
    deploy = surface.tool("deployctl_deploy")
    assert "token" not in deploy.input_schema["properties"]
    assert deploy.input_schema["properties"]["replicas"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 50,
    }
    status = surface.tool("deployctl_status")
    assert status.annotations == {"readOnlyHint": True, "idempotentHint": True}
    assert status.description == "Show what runs in the environment."
    assert surface.prompt.split("\n\n")[1:] == [
        "You are the release assistant for infra.",
        "These tools only read and are safe to call at any time: `deployctl_status`.",
        "Never deploy to prod on Fridays.",
    ]
    # the example's `labels` key names no flag (the option is --label): a warning, not an error
    assert surface.warnings == (
        '[commands."deployctl deploy".flags.labels] names no flag or positional of `deployctl deploy` '
        "(did you mean `label`?); it has no effect",
    )


def test_load_save_is_byte_stable(sample_tree, tmp_path):
    first = tmp_path / "first.toml"
    first.write_text(spec_config_text(sample_tree), encoding="utf-8")
    save_config(load_config(first), first)  # normalizes the hand-written file once
    written = first.read_bytes()
    save_config(load_config(first), first)
    assert first.read_bytes() == written
    assert dump_config(parse_config(written.decode())) == written.decode()


def test_sections_come_in_the_documented_order_with_commands_sorted(sample_tree):
    text = dump_config(parse_config(spec_config_text(sample_tree)))
    headers = [
        line for line in text.splitlines() if line.startswith("[") and "snapshot" not in line
    ]
    assert headers == [
        "[source]",
        "[server]",
        "[tools]",
        "[runtime]",
        "[env]",
        "[[selectors]]",
        '[commands."deployctl deploy".flags.replicas.schema]',
        '[commands."deployctl deploy".flags.labels]',
        '[commands."deployctl legacy-deploy"]',
        '[commands."deployctl secrets delete"]',
        '[commands."deployctl status"]',
        "[prompt]",
        "[prompt.variables]",
        "[lint]",
    ]
    assert text.index("[lint]") < text.index("[snapshot")  # the snapshot comes last
    assert text.startswith("version = 1\n")
    assert "null" not in text and "None" not in text


def test_the_exported_file_alone_lists_the_tools(sample_tree, tmp_path):
    loaded = SimpleNamespace(
        tree=sample_tree("notes"),
        source=SourceConfig(
            command=["python", "-m", "sample_clis.notes"],
            loader=Loader.TYPER,
            target="sample_clis.notes:app",
        ),
    )
    path = tmp_path / "mcp.toml"
    save_config(
        config_from_loaded(
            loaded, prefix="nb", select=["notes tag *"], exclude=["notes tag remove"]
        ),
        path,
    )
    config = load_config(path)
    assert config.server.name == "notes" and config.server.title == "Notes"
    surface = build_surface(config.snapshot, config)
    assert [t.name for t in surface.tools] == ["nb_tag_add", "nb_tag_list"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'version = 1\n[server]\nname = "x"\ntitel = "X"\n',
            "mcp.toml line 4: unknown key `titel` in server; did you mean `title`?",
        ),
        (
            '[commands."deployctl status"]\nread_onyl = true\n',
            'mcp.toml line 2: unknown key `read_onyl` in commands."deployctl status"; did you mean `read_only`?',
        ),
        (
            '[commands."d x".flags.replicas]\nschemma = {type = "integer"}\n',
            'mcp.toml line 2: unknown key `schemma` in commands."d x".flags.replicas; did you mean `schema`?',
        ),
        (
            '[[selectors]]\ncommands = ["a"]\n\n[[selectors]]\ncomands = ["b"]\n',
            "mcp.toml line 5: unknown key `comands` in selectors[2]; did you mean `commands`?",
        ),
        (
            "versoin = 1\n",
            "mcp.toml line 1: unknown key `versoin` in the top level; did you mean `version`?",
        ),
        (
            '[server]\nlog_level = "loud"\n',
            "mcp.toml line 2: `server.log_level` input should be 'debug', 'info', 'warning' or 'error'; fix the value",
        ),
        (
            '[runtime]\ntimeout_s = "soon"\n',
            "mcp.toml line 2: `runtime.timeout_s` should be a number; fix the value",
        ),
        ("server = 5\n", "mcp.toml line 1: `server` should be a table; fix the value"),
        ("[env]\nA = 1\n", "mcp.toml line 2: `env.A` should be a string; fix the value"),
        (
            "[[prompt.sections]]\norder = 1\n",
            "mcp.toml line 1: `prompt.sections[1].name` is required; add it",
        ),
        ("[runtime\n", "mcp.toml is not valid TOML: "),
        (
            '[snapshot.root]\npath = "x"\n',
            "mcp.toml line 2: the [snapshot] is damaged at `snapshot.root.path`",
        ),
    ],
)
def test_bad_config_files_get_one_sentence_with_key_path_and_line(text, message):
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_missing_file_and_missing_snapshot(tmp_path):
    with pytest.raises(
        ConfigError, match="does not exist; create one with `mcp-workbench export TARGET"
    ):
        load_config(tmp_path / "nope.toml")
    from workbench.model.config_file import require_snapshot

    with pytest.raises(ConfigError, match=r"has no \[snapshot\]"):
        require_snapshot(parse_config("version = 1\n"), "x.toml")


def test_null_values_cannot_be_written(sample_tree):
    config = parse_config(spec_config_text(sample_tree))
    config.commands["deployctl deploy"].flags["replicas"].schema_ = {
        "type": "integer",
        "default": None,
    }
    with pytest.raises(
        ConfigError,
        match=r"`commands.\"deployctl deploy\".flags.replicas.schema.default` holds a null",
    ):
        dump_config(config)


def test_save_is_atomic_and_keeps_permissions(sample_tree, tmp_path):
    path = tmp_path / "mcp.toml"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o600)
    save_config(parse_config(spec_config_text(sample_tree)), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mcp.toml"]  # no temp file left
    with pytest.raises(ConfigError, match="cannot write"):
        save_config(
            parse_config(spec_config_text(sample_tree)), tmp_path / "missing-dir" / "mcp.toml"
        )


def test_a_whole_number_of_seconds_is_saved_as_typed():
    """`timeout_s = 60` typed by a user (or the TUI's field reading 60) is saved as `60`, not the
    float `60.0`; a fractional value keeps its fraction."""
    from workbench.model.config import Config
    from workbench.model.config_file import dump_config

    config = Config.model_validate({"runtime": {"timeout_s": 60, "max_concurrency": 2}})
    assert "timeout_s = 60\n" in dump_config(config)
    config = Config.model_validate({"runtime": {"timeout_s": 7.5}})
    assert "timeout_s = 7.5\n" in dump_config(config)
