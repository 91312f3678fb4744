"""Hand-edited configs of SPEC §7 on outside CLIs (tests/fixtures/acceptance/): selectors with
flag patterns, schema and type overrides, description modes, annotations, prompt sections and
variables, tool_order give exactly the tools and prompt the spec describes; and the config-key
checks know a positional's real property name (`quiet_arg` when a `--quiet` flag takes `quiet`).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from workbench.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "acceptance"

EDITS = {
    "acc_click": """
[[selectors]]
commands = ["acc_click cloud-ops *"]
exclude_flags = ["dry-*"]
exclude_inherited_flags = ["verbose", "col*"]

[[selectors]]
commands = ["acc_click über-status"]
include_flags = ["n", "force"]

[commands."acc_click cloud-ops copy.files"]
description_mode = "short"
title = "Copy files"
idempotent = true

[commands."acc_click cloud-ops copy.files".flags.profile]
schema = { type = "integer", minimum = 1, maximum = 5, description = "Profile number" }

[commands."acc_click cloud-ops copy.files".flags.tag]
type = "string"

[commands."acc_click cloud-ops copy.files".flags.src]
description = "Source files."

[commands."acc_click cloud-ops delete"]
destructive = true
description = "Delete one thing. Ask first."

[commands."acc_click über-status"]
read_only = true

[prompt]
persona = "You help {{team}} with {{cli}} ({{tool_count}} tools)."
tool_order = ["acc_click_cloud-ops_delete", "<unlisted-tools>", "acc_click__ber-status"]

[prompt.variables]
team = "ops {{cli}}"

[[prompt.sections]]
name = "rules"
order = 150
text = "Rule one: {{ is prose here.\\nRule two."

[[prompt.sections]]
name = "early"
order = -200
text = "Early section."
""",
    "accargs": """
[commands."accargs admin purge-cache"]
destructive = true

[commands."accargs admin purge-cache".flags.quiet_arg]
description = "The quiet positional."

[commands."accargs admin purge-cache".flags.paths]
exclude = true
""",
}


def run_main(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def edited(tmp_path, monkeypatch):
    """`edited("acc_click:cli")` → an exported config with EDITS inserted before [lint]."""
    monkeypatch.chdir(FIXTURES)
    monkeypatch.setattr(sys, "path", list(sys.path))

    def make(target: str, *extra: str) -> Path:
        path = tmp_path / f"{target.split(':')[0]}.toml"
        code, _, err = run_main("export", target, "-o", str(path), *extra)
        assert code == 0, err
        text = path.read_text()
        root = "accargs" if target.startswith("acc_argparse") else target.split(":")[0]
        path.write_text(text.replace("\n[lint]\n", EDITS[root] + "\n[lint]\n", 1))
        return path

    return make


def test_click_config_gives_the_tools_and_prompt_the_spec_describes(edited):
    path = edited("acc_click:cli", "--exclude", "acc_click a-very-long-group-name-for-depth *")
    code, out, err = run_main("tools", str(path))
    assert code == 0 and err == "", err
    tools = {tool["name"]: tool for tool in json.loads(out)}
    assert list(tools) == [
        "acc_click_cloud-ops_delete",
        "acc_click_cloud-ops_copy_files",
        "acc_click__ber-status",
    ]

    copy = tools["acc_click_cloud-ops_copy_files"]
    assert copy["description"] == "Copy files somewhere."  # short mode
    assert copy["title"] == "Copy files"
    assert copy["annotations"] == {"title": "Copy files", "idempotentHint": True}
    properties = copy["inputSchema"]["properties"]
    assert list(properties) == [
        "region",
        "profile",
        "tag",
        "mode",
        "src",
        "dest",
    ]  # no dry-run, verbose, color
    assert properties["profile"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 5,
        "description": "Profile number",
    }
    assert properties["tag"] == {
        "type": "array",
        "items": {"type": "string"},
        "description": "Tags.",
    }
    assert properties["src"]["description"] == "Source files."

    delete = tools["acc_click_cloud-ops_delete"]
    assert delete["description"] == "Delete one thing. Ask first."
    assert delete["annotations"] == {"destructiveHint": True}
    assert list(delete["inputSchema"]["properties"]) == [
        "region",
        "profile",
        "name",
    ]  # group's --profile shadows root's

    status = tools["acc_click__ber-status"]
    assert list(status["inputSchema"]["properties"]) == [
        "profile",
        "verbose",
        "color",
        "n",
        "force",
        "force_arg",
    ]
    assert status["annotations"] == {"readOnlyHint": True}

    code, prompt, _ = run_main("prompt", str(path))
    sections = prompt.rstrip("\n").split("\n\n")
    assert sections[0] == "Early section."
    assert sections[1].startswith("The tools below operate `acc_click`")
    assert sections[2] == "You help ops {{cli}} with acc_click (3 tools)."
    assert "`acc_click_cloud-ops_delete`. Ask the user to confirm" in sections[3]
    assert sections[-1] == "Rule one: {{ is prose here.\nRule two."


def test_positional_keys_are_known_by_their_property_name(edited):
    path = edited("acc_argparse:build")
    code, out, err = run_main("tools", str(path))
    assert code == 0
    assert "quiet_arg] names no flag" not in err
    assert "flags.paths] excludes a positional argument" in err
    purge = {tool["name"]: tool for tool in json.loads(out)}["accargs_admin_purge-cache"]
    assert purge["inputSchema"]["properties"]["quiet_arg"]["description"] == "The quiet positional."
    assert "paths" in purge["inputSchema"]["required"]
