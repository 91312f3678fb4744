"""Configs that would fail every call are refused when read (issue 14 item 5): runtime limits at
0 or below and a NUL in an `[env]` name or value. One rule in the model, so `check`, `tools`,
`serve` and the TUI's reopen all give the same sentence, with the key path and the line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from workbench.model.errors import WorkbenchError

SCRIPT = str(Path(sys.executable).with_name("mcp-workbench"))


@pytest.fixture(scope="module")
def good_config(tmp_path_factory) -> str:
    """The text of a valid exported config for the deployctl sample."""
    folder = tmp_path_factory.mktemp("good")
    out = folder / "mcp.toml"
    result = subprocess.run(
        [SCRIPT, "export", "sample_clis.deployctl:cli", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return out.read_text(encoding="utf-8")


def with_setting(text: str, section: str, line: str) -> str:
    """`text` with `line` added at the top of `[section]` (the section must exist)."""
    header = f"[{section}]\n"
    assert header in text
    return text.replace(header, header + line + "\n", 1)


def line_of(text: str, needle: str) -> int:
    return next(
        number for number, line in enumerate(text.splitlines(), 1) if line.startswith(needle)
    )


def runtime_text(good: str, key: str, value: str) -> str:
    # drop the exported value of `key` so the bad one is the only one
    kept = "\n".join(line for line in good.splitlines() if not line.startswith(f"{key} ="))
    return with_setting(kept + "\n", "runtime", f"{key} = {value}")


BAD_LIMITS = [
    ("timeout_s", "0", "`runtime.timeout_s` is 0, but must be above 0"),
    ("timeout_s", "-5", "`runtime.timeout_s` is -5, but must be above 0"),
    ("timeout_s", "nan", "`runtime.timeout_s` is nan, but must be above 0"),
    ("max_output_bytes", "-1", "`runtime.max_output_bytes` is -1, but must be above 0"),
    ("max_concurrency", "0", "`runtime.max_concurrency` is 0, but must be above 0"),
    # pydantic would read `true` as 1: a limit is a number, wherever it is set
    ("timeout_s", "true", "`runtime.timeout_s` is true or false, but must be a number above 0"),
]


@pytest.mark.parametrize("key,value,expected", BAD_LIMITS)
@pytest.mark.parametrize("verb", ["check", "tools", "serve"])
def test_a_limit_that_stops_every_call_is_refused_by_every_reader(
    tmp_path, good_config, verb, key, value, expected
):
    text = runtime_text(good_config, key, value)
    path = tmp_path / "mcp.toml"
    path.write_text(text, encoding="utf-8")
    args = [SCRIPT, verb, str(path)] + (["--no-drift"] if verb == "check" else [])
    result = subprocess.run(
        args, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 2, result.stderr
    line = line_of(text, f"{key} = {value}")
    assert f"{path} line {line}: {expected}" in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "entry,expected",
    [
        ('LOG_FORMAT = "json\\u0000--evil"', "`env.LOG_FORMAT` contains a NUL character"),
        ('"BAD\\u0000NAME" = "x"', 'the name `env."BAD\\u0000NAME"` contains a NUL character'),
    ],
)
@pytest.mark.parametrize("verb", ["check", "tools", "serve"])
def test_a_nul_in_env_is_refused_by_every_reader(tmp_path, good_config, verb, entry, expected):
    text = good_config.replace("\n[runtime]\n", f"\n[env]\n{entry}\n\n[runtime]\n", 1)
    assert "[env]" in text
    # [env] goes after [runtime] in our files; the position does not matter to TOML
    path = tmp_path / "mcp.toml"
    path.write_text(text, encoding="utf-8")
    args = [SCRIPT, verb, str(path)] + (["--no-drift"] if verb == "check" else [])
    result = subprocess.run(
        args, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 2, result.stderr
    assert f"{path} line {line_of(text, entry)}: {expected}" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_tui_reopen_gives_the_same_sentence(tmp_path, good_config):
    from workbench.tui.loading import OpenRequest, open_workspace

    text = runtime_text(good_config, "timeout_s", "0")
    path = tmp_path / "mcp.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(WorkbenchError) as caught:
        open_workspace(OpenRequest(target=str(path)))
    line = line_of(text, "timeout_s = 0")
    assert str(caught.value).startswith(
        f"{path} line {line}: `runtime.timeout_s` is 0, but must be above 0"
    )


def test_the_model_refuses_the_values_whoever_builds_it():
    from pydantic import ValidationError

    from workbench.model.config import Config, RuntimeConfig

    with pytest.raises(ValidationError):
        RuntimeConfig(timeout_s=0)
    runtime = RuntimeConfig()
    with pytest.raises(ValidationError):
        runtime.max_concurrency = 0  # assignment is validated too (the TUI edits the model)
    with pytest.raises(ValidationError):
        Config(env={"A": "x\x00y"})
    assert RuntimeConfig(timeout_s=0.5, max_output_bytes=1, max_concurrency=1).timeout_s == 0.5
