"""`check` as CI runs it (lint side, `--no-drift`): exit codes, `--strict`, a stable `--json`
document, human output with fixes, and bad input as one sentence with exit 2."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.model.config import CommandConfig
from workbench.model.config_file import load_config, save_config
from workbench.model.tokens import tokenizer_label

ANNOTATED = {
    "deployctl secrets delete": CommandConfig(destructive=True),
    "deployctl undeploy": CommandConfig(destructive=True),
}
READ_ONLY = ["deployctl secrets get", "deployctl secrets list", "deployctl status"]


def workbench(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args],
        cwd=cwd,
        env={**os.environ},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("exported")
    result = workbench("export", "sample_clis.deployctl:cli", "-o", "mcp.toml", cwd=folder)
    assert result.returncode == 0, result.stderr
    return folder / "mcp.toml"


@pytest.fixture
def config_path(exported: Path, tmp_path: Path) -> Path:
    path = tmp_path / "mcp.toml"
    path.write_bytes(exported.read_bytes())
    return path


def change(path: Path, edit) -> None:
    config = load_config(path)
    edit(config)
    save_config(config, path)


def check(path: Path, *args: str) -> subprocess.CompletedProcess:
    """`mcp-workbench check PATH --no-drift ARGS` through the real entry point, in this process
    (fast: no interpreter start); the export above and the bad-input test use real subprocesses."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(path), "--no-drift", *args])
    return subprocess.CompletedProcess(["check"], code, out.getvalue(), err.getvalue())


def test_defects_fail_with_their_fix(config_path):
    result = check(config_path)
    assert result.returncode == 1
    out = result.stdout
    assert "  WB301 error   deployctl secrets delete\n" in out
    assert '      fix: Set `destructive = true` under [commands."deployctl secrets delete"]' in out
    assert "  WB302 warning deployctl status\n" in out
    assert out.rstrip().endswith("FAIL: 2 errors, 3 warnings, 8 infos, drift not checked")
    assert f"tokenizer: {tokenizer_label()}" in out.splitlines()[0]
    assert out.splitlines()[1].startswith(
        "largest tools: deployctl_deploy "
    )  # most flags, most tokens


def test_warnings_fail_only_under_strict(config_path):
    change(config_path, lambda c: c.commands.update(ANNOTATED))
    assert check(config_path).returncode == 0
    strict = check(config_path, "--strict")
    assert strict.returncode == 1
    assert strict.stdout.rstrip().endswith(
        "FAIL: 0 errors, 3 warnings, 8 infos, drift not checked, strict"
    )


def test_disabled_codes_and_annotations_make_it_pass_strict(config_path):
    def edit(config):
        config.commands.update(ANNOTATED)
        config.commands.update({path: CommandConfig(read_only=True) for path in READ_ONLY})
        config.lint.disable = ["WB203"]

    change(config_path, edit)
    result = check(config_path, "--strict")
    assert result.returncode == 0, result.stdout
    assert "lint: none" in result.stdout


def test_json_is_stable_and_complete(config_path):
    first = check(config_path, "--json")
    second = check(config_path, "--json")
    assert first.returncode == second.returncode == 1
    assert first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert list(report) == sorted(report)
    assert set(report) == {
        "format",
        "config",
        "ok",
        "strict",
        "tools",
        "tokenizer",
        "tokens",
        "cli_version",
        "coverage",
        "summary",
        "lint",
        "drift",
    }
    assert report["format"] == 1 and report["ok"] is False and report["drift"] is None
    assert report["config"] == str(config_path.resolve())
    assert report["summary"] == {"errors": 2, "warnings": 3, "infos": 8, "drift": None}
    order = [(f["code"], f["subject"]) for f in report["lint"]]
    assert order == sorted(order)
    assert all(
        set(f) == {"code", "severity", "subject", "message", "fix", "command"}
        for f in report["lint"]
    )
    about = {(f["code"], f["subject"]): f["command"] for f in report["lint"]}
    assert about[("WB203", "deployctl_deploy.services")] == "deployctl deploy"
    assert about[("WB301", "deployctl undeploy")] == "deployctl undeploy"
    tokens = report["tokens"]
    tools = json.loads(workbench("tools", str(config_path), cwd=config_path.parent).stdout)
    assert sorted(tokens["per_tool"]) == sorted(t["name"] for t in tools) and report[
        "tools"
    ] == len(tools)
    assert tokens["tools"] == sum(tokens["per_tool"].values())
    assert tokens["total"] == tokens["tools"] + tokens["prompt"] and tokens["prompt"] > 0
    assert tokens["tokenizer"] == report["tokenizer"] == tokenizer_label()
    assert tokens["budget"] == 20000


def test_token_budget_is_enforced(config_path):
    change(config_path, lambda c: setattr(c.lint, "token_budget", 500))
    report = json.loads(check(config_path, "--json").stdout)
    budget = [f for f in report["lint"] if f["code"] == "WB601"]
    assert len(budget) == 1 and "over the budget of 500" in budget[0]["message"]


def test_typo_in_a_command_key_is_an_error_with_did_you_mean(config_path):
    change(
        config_path,
        lambda c: c.commands.update({"deployctl secret delete": CommandConfig(destructive=True)}),
    )
    report = json.loads(check(config_path, "--json").stdout)
    typo = [f for f in report["lint"] if f["code"] == "WB801"]
    assert [f["subject"] for f in typo] == ['commands."deployctl secret delete"']
    assert "did you mean `deployctl secrets delete`?" in typo[0]["message"]


def test_config_that_cannot_build_a_surface_is_a_lint_error(config_path):
    change(
        config_path,
        lambda c: c.commands.update({"deployctl status": CommandConfig(description="  ")}),
    )
    result = check(config_path, "--json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert [(f["code"], f["subject"]) for f in report["lint"]] == [
        ("WB001", 'commands."deployctl status".description')
    ]
    assert "deployctl status" in report["lint"][0]["message"]
    assert report["tokens"] is None and report["tools"] is None


def test_missing_config_is_bad_input(tmp_path):
    result = check(tmp_path / "absent.toml")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"mcp-workbench: {tmp_path / 'absent.toml'} does not exist or is "
        "not a file; pass the mcp.toml to check."
    )


def test_malformed_config_is_bad_input(tmp_path):
    path = tmp_path / "mcp.toml"
    path.write_text("version = 1\n[server\nname = 'x'\n")
    result = workbench("check", str(path), cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("mcp-workbench: ") and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_config_without_snapshot_is_bad_input(tmp_path):
    path = tmp_path / "mcp.toml"
    path.write_text('version = 1\n\n[server]\nname = "x"\n')
    result = check(path)
    assert result.returncode == 2
    assert "has no [snapshot]" in result.stderr and "mcp-workbench export" in result.stderr


def test_estimated_counts_are_labelled_as_estimates(config_path):
    env = {**os.environ, "MCP_WORKBENCH_TOKENIZER": "estimate"}
    result = subprocess.run(
        [sys.executable, "-m", "workbench.cli", "check", str(config_path), "--no-drift"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "tokenizer: estimate (cl100k-calibrated heuristic))" in result.stdout.splitlines()[0]
    as_json = subprocess.run(
        [sys.executable, "-m", "workbench.cli", "check", str(config_path), "--no-drift", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    tokens = json.loads(as_json.stdout)["tokens"]
    assert tokens["estimate"] is True and tokens["tokenizer"].startswith("estimate")


def test_missing_working_folder_is_an_error(config_path):
    change(config_path, lambda c: setattr(c.runtime, "cwd", "no-such-folder"))
    report = json.loads(check(config_path, "--json").stdout)
    missing = [f for f in report["lint"] if f["code"] == "WB705"]
    assert len(missing) == 1 and str(config_path.parent / "no-such-folder") in missing[0]["message"]
