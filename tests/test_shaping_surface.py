"""SPEC §5a in the surface, the lint and the runtime's per-command choices.

Bad values of each shaping key are one sentence naming the key path and the line; a selector pin
a command cannot take is a lint finding with did-you-mean; `rebuild_commands` (the TUI's edit
path) equals `build_surface` on shaped configs; per-command timeout, output cap and env reach a
real subprocess (tests/fixtures/runtime/faultcli.py) over `[runtime]`/`[env]`.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from workbench.loaders import load
from workbench.model.config import Config
from workbench.model.config_file import save_config
from workbench.model.lint import lint
from workbench.model.lint_tools import output_not_json_hint
from workbench.model.surface import build_surface, rebuild_commands, surface_from_file
from workbench.model.surface_types import SurfaceError
from workbench.runtime.argv import build_argv
from workbench.runtime.calls import ToolRunner

RUNTIME = Path(__file__).parent / "fixtures" / "runtime"
FAULTCLI = [sys.executable, str(RUNTIME / "faultcli.py")]


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
def deployctl():
    return load("sample_clis.deployctl:cli", name="deployctl").tree


@pytest.fixture(scope="module")
def faultcli():
    spec = importlib.util.spec_from_file_location("faultcli", RUNTIME / "faultcli.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["faultcli"] = module
    spec.loader.exec_module(module)
    return load("faultcli:build_parser", name="faultcli").tree


BAD = [
    (
        {"commands": {"deployctl deploy": {"name": "ship it"}}},
        'commands."deployctl deploy".name = "ship it" is not a valid tool name',
        '[commands."deployctl deploy"]',
    ),
    (
        {"commands": {"deployctl deploy": {"name": "deployctl_status"}}},
        "commands `deployctl deploy` and `deployctl status` both become tool `deployctl_status`",
        '[commands."deployctl deploy"]',
    ),
    (
        {"commands": {"deployctl deploy": {"flags": {"tag": {"name": "replicas"}}}}},
        "property `replicas` would name both `tag` and `replicas`",
        '[commands."deployctl deploy".flags.tag]',
    ),
    (
        {"commands": {"deployctl deploy": {"flags": {"tag": {"name": "a b"}}}}},
        'commands."deployctl deploy".flags.tag.name = "a b" is not a valid property name',
        "flags.tag]",
    ),
    (
        {"commands": {"deployctl deploy": {"flags": {"strategy": {"value": "yolo"}}}}},
        'commands."deployctl deploy".flags.strategy.value = "yolo" is not a valid pinned value',
        "flags.strategy]",
    ),
    (
        {"commands": {"deployctl deploy": {"flags": {"replicas": {"default": "many"}}}}},
        'commands."deployctl deploy".flags.replicas.default = "many" is not a valid default',
        "flags.replicas]",
    ),
    (
        {"commands": {"deployctl deploy": {"flags": {"tag": {"required": False}}}}},
        'commands."deployctl deploy".flags.tag.required = false, but the CLI needs `--tag`',
        "flags.tag]",
    ),
    (
        {"selectors": [{"commands": ["deployctl *"], "pin": {"env": "moon"}}]},
        'selectors[1].pin.env = "moon" is not a valid pinned value',
        "[[selectors]]",
    ),
    (
        {"commands": {"deployctl status": {"output": "json", "output_schema": {"type": "objekt"}}}},
        'commands."deployctl status".output_schema is not a usable JSON Schema',
        '[commands."deployctl status".output_schema]',
    ),
    (
        {
            "commands": {
                "deployctl status": {
                    "output": "json",
                    "output_schema": {"$ref": "https://example.com/s"},
                }
            }
        },
        "the workbench never fetches schemas",
        '[commands."deployctl status".output_schema]',
    ),
]


@pytest.mark.parametrize(("shaping", "sentence", "header"), BAD, ids=[s for _, s, _ in BAD])
def test_a_bad_shaping_value_is_one_sentence_with_key_path_and_line(
    deployctl, tmp_path, shaping, sentence, header
):
    config = Config.model_validate(shaping)
    config.snapshot = deployctl
    path = tmp_path / "mcp.toml"
    save_config(config, path)
    with pytest.raises(SurfaceError) as caught:
        surface_from_file(path)
    message = str(caught.value)
    assert sentence in message
    assert "\n" not in message
    lines = path.read_text().splitlines()
    line = int(message.split(" line ")[1].split(":")[0])
    assert (
        lines[line - 1].startswith(header)
        or header in lines[line - 1]
        or any(header in row for row in lines[max(0, line - 3) : line])
    ), (line, lines[line - 1])


def test_the_commands_own_value_wins_over_a_selector_pin(deployctl):
    config = Config.model_validate(
        {
            "selectors": [{"commands": ["deployctl *"], "pin": {"env": "staging"}}],
            "commands": {"deployctl status": {"flags": {"env": {"value": "prod"}}}},
        }
    )
    surface = build_surface(deployctl, config)
    status, deploy = surface.tool("deployctl_status"), surface.tool("deployctl_deploy")
    assert (
        "env" not in status.input_schema["properties"]
        and "env" not in deploy.input_schema["properties"]
    )
    command = ["deployctl"]
    assert build_argv(status.binding, command, {})[:2] == ["deployctl", "--env=prod"]
    assert build_argv(deploy.binding, command, {"tag": "v1", "services": ["api"]})[:2] == [
        "deployctl",
        "--env=staging",
    ]


def test_fixed_args_go_after_their_levels_flags_before_the_next_segment(deployctl):
    config = Config.model_validate(
        {
            "commands": {
                "deployctl": {"args": ["--json"]},
                "deployctl secrets": {"args": ["--vault=ops"]},
                "deployctl secrets get": {
                    "args": ["--reveal"],
                    "flags": {"reveal": {"exclude": True}},
                },
            }
        }
    )
    tool = build_surface(deployctl, config).tool("deployctl_secrets_get")
    argv = build_argv(tool.binding, ["deployctl"], {"name": "-db", "verbose": 1})
    assert argv == [
        "deployctl",
        "--verbose",
        "--json",
        "secrets",
        "--vault=ops",
        "get",
        "--reveal",
        "--",
        "-db",
    ]


def test_a_selector_pin_a_command_cannot_take_is_a_lint_finding_with_did_you_mean(deployctl):
    config = Config.model_validate(
        {"selectors": [{"commands": ["deployctl secrets *"], "pin": {"vaul": "ops"}}]}
    )
    surface = build_surface(deployctl, config)  # not an error: the pin does nothing there
    found = [f for f in lint(surface, deployctl, config) if f.code == "WB407"]
    assert len(found) == 1
    assert found[0].subject == "selectors[1].pin.vaul"
    assert "Did you mean `vault`?" in found[0].fix


def test_output_not_json_hint_for_try_it():
    hint = output_not_json_hint("kubectl_get", "NAME READY\napi 1/1\n", command="kubectl get")
    assert hint is not None and hint.code == "WB408" and hint.command == "kubectl get"
    assert "is not JSON (line 1, column 1" in hint.message
    assert output_not_json_hint("kubectl_get", '{"items": []}\n') is None
    assert output_not_json_hint("gh_pr_list", '[{"number": 1}]') is None


SHAPED = {
    "selectors": [{"commands": ["deployctl *"], "pin": {"env": "staging"}}],
    "commands": {
        "deployctl": {"args": ["-v"]},
        "deployctl deploy": {
            "name": "ship",
            "args": ["--dry-run"],
            "timeout_s": 9,
            "max_output_bytes": 100,
            "env": {"X": "1"},
            "flags": {
                "tag": {"name": "image"},
                "replicas": {"default": 2},
                "strategy": {"value": "canary"},
                "wait": {"required": True},
            },
        },
        "deployctl status": {"output": "json", "output_schema": {"type": "array"}},
        "deployctl secrets list": {"output": "json"},
    },
}


def test_rebuild_commands_equals_build_surface_on_shaped_configs(deployctl):
    shaped = Config.model_validate(SHAPED)
    # the selector is no `[commands]` edit: rebuild from the selector-shaped surface instead
    selector_only = Config.model_validate({"selectors": SHAPED["selectors"]})
    rebuilt = rebuild_commands(
        build_surface(deployctl, selector_only), deployctl, shaped, list(SHAPED["commands"])
    )
    full = build_surface(deployctl, shaped)
    assert rebuilt.tools_list() == full.tools_list()
    assert [t.binding for t in rebuilt.tools] == [t.binding for t in full.tools]
    ship = full.tool("ship")
    assert ship.input_schema["required"] == ["image", "wait", "services"]
    assert full.tool("deployctl_status").output_schema["properties"]["result"] == {"type": "array"}
    assert (ship.binding.timeout_s, ship.binding.max_output_bytes, ship.binding.env) == (
        9,
        100,
        (("X", "1"),),
    )


@pytest.mark.anyio
async def test_per_command_limits_and_env_win_over_runtime_and_env(faultcli, tmp_path):
    config = Config.model_validate(
        {
            "source": {"command": FAULTCLI, "loader": "argparse"},
            "runtime": {"timeout_s": 30, "max_output_bytes": 10_000_000},
            "env": {"FAULT_FROM_CONFIG": "config", "FAULT_BOTH": "config"},
            "commands": {
                "faultcli nap": {"timeout_s": 0.5},
                "faultcli flood": {"max_output_bytes": 1000},
                "faultcli echo": {
                    "env": {"FAULT_BOTH": "command", "FAULT_CMD": "command"},
                    "output": "json",
                },
            },
        }
    )
    runner = ToolRunner(config, build_surface(faultcli, config), tmp_path)
    nap = await runner.call("faultcli_nap", {"seconds": 20, "log": str(tmp_path / "log")})
    assert nap.is_error and "timed out after 0.5 s" in nap.text
    flood = await runner.call("faultcli_flood", {"mb": 1})
    assert flood.structured["truncated"] is True and len(flood.structured["stdout"]) == 1000
    echo = await runner.call("faultcli_echo", {"words": ["a"]})
    assert not echo.is_error, echo.text
    assert (
        echo.structured["env"]["FAULT_BOTH"] == "command"
        and echo.structured["env"]["FAULT_FROM_CONFIG"] == "config"
    )
    called = await runner.call("faultcli_echo", {}, env={"FAULT_BOTH": "call"})
    assert called.structured["env"]["FAULT_BOTH"] == "call"  # per-call env still wins


@pytest.mark.anyio
async def test_json_output_cut_at_the_cap_is_an_error_that_says_so(faultcli, tmp_path):
    config = Config.model_validate(
        {
            "source": {"command": FAULTCLI, "loader": "argparse"},
            "commands": {"faultcli echo": {"output": "json", "max_output_bytes": 10}},
        }
    )
    runner = ToolRunner(config, build_surface(faultcli, config), tmp_path)
    outcome = await runner.call("faultcli_echo", {"words": ["a" * 50]})
    assert outcome.is_error and outcome.structured is None
    assert "cut at the output cap, so it is not whole JSON" in outcome.text
