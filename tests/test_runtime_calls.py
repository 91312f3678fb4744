"""The one call path (`ToolRunner.call`): what a client gets for good calls, bad arguments,
failures, missing CLIs, per-call env, and `max_concurrency` queueing. Real subprocesses.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest

from workbench.model.config import Config, RuntimeConfig, SourceConfig
from workbench.model.surface_types import ArgBinding, Surface, Tool, ToolBinding
from workbench.runtime.calls import CallEnvError, ToolRunner, UnknownToolError, check_call_env

FAULTCLI = [sys.executable, str(Path(__file__).parent / "fixtures" / "runtime" / "faultcli.py")]


@pytest.fixture
def anyio_backend():
    return "asyncio"


def tool(name: str, properties: dict, args: tuple[ArgBinding, ...], required=()) -> Tool:
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return Tool(
        name=f"faultcli_{name}",
        description=name,
        input_schema=schema,
        binding=ToolBinding(("faultcli", name), args),
    )


TOOLS = (
    tool(
        "echo",
        {"words": {"type": "array", "items": {"type": "string"}}},
        (ArgBinding("words", "positional", 2, "WORDS", variadic=True),),
    ),
    tool("fail", {}, ()),
    tool(
        "nap",
        {"seconds": {"type": "number"}, "log": {"type": "string"}},
        (ArgBinding("seconds", "flag", 2, "--seconds"), ArgBinding("log", "flag", 2, "--log")),
        required=("log",),
    ),
)


def runner_for(tmp_path: Path, command=FAULTCLI, **runtime) -> ToolRunner:
    config = Config(
        source=SourceConfig(command=command),
        runtime=RuntimeConfig(**{"timeout_s": 20, "cwd": "work", **runtime}),
        env={"FAULT_FROM_CONFIG": "config", "FAULT_BOTH": "config"},
    )
    (tmp_path / "work").mkdir(exist_ok=True)
    surface = Surface(tools=TOOLS, prompt="", server_name="faultcli", server_version="1")
    return ToolRunner(config, surface, tmp_path)


@pytest.mark.anyio
async def test_a_call_returns_stdout_and_the_structured_result(tmp_path):
    runner = runner_for(tmp_path)
    outcome = await runner.call(
        "faultcli_echo", {"words": ["-rf", "$(reboot)"]}, env={"FAULT_BOTH": "call"}
    )
    assert not outcome.is_error
    printed = json.loads(outcome.structured["stdout"])
    assert printed["argv"] == ["-rf", "$(reboot)"]
    assert printed["env"] == {"FAULT_FROM_CONFIG": "config", "FAULT_BOTH": "call"}
    assert printed["cwd"] == str(tmp_path / "work")
    assert outcome.text == outcome.structured["stdout"].rstrip("\n")
    assert outcome.structured["exit_code"] == 0 and outcome.structured["truncated"] is False
    assert outcome.argv[-3:] == ["--", "-rf", "$(reboot)"]


@pytest.mark.anyio
async def test_a_failing_cli_is_an_error_with_its_stderr(tmp_path):
    outcome = await runner_for(tmp_path).call("faultcli_fail", {})
    assert outcome.is_error
    assert outcome.structured["exit_code"] == 3
    assert outcome.text == "stderr:\nboom: the widget is broken\n\n[exit code 3]"


@pytest.mark.anyio
async def test_invalid_arguments_do_not_run_anything(tmp_path):
    outcome = await runner_for(tmp_path).call("faultcli_nap", {"second": 1})
    assert outcome.is_error and outcome.structured is None and outcome.argv == []
    assert "did you mean `seconds`?" in outcome.text
    assert "`log` (required)" in outcome.text


@pytest.mark.anyio
async def test_a_tool_gets_its_validator_on_its_first_call_and_keeps_it(tmp_path):
    runner = runner_for(tmp_path)
    assert runner._checkers == {}  # startup builds none (a big CLI has thousands of tools)
    first = await runner.call("faultcli_nap", {"second": 1})
    checker = runner._checkers["faultcli_nap"]
    again = await runner.call("faultcli_nap", {"second": 1})
    assert again.text == first.text and runner._checkers == {"faultcli_nap": checker}


@pytest.mark.anyio
async def test_a_cli_that_cannot_start_is_an_error_with_the_reason(tmp_path):
    outcome = await runner_for(tmp_path, command=["/nonexistent/faultcli"]).call(
        "faultcli_fail", {}
    )
    assert outcome.is_error
    assert (
        outcome.text
        == "cannot start `/nonexistent/faultcli`: no such program; is it installed and on PATH?"
    )


def test_unknown_tool_names_the_closest_ones(tmp_path):
    with pytest.raises(
        UnknownToolError, match=r"Unknown tool `faultcli_ehco`; did you mean `faultcli_echo`\?"
    ):
        runner_for(tmp_path).tool("faultcli_ehco")


def test_per_call_env_must_be_upper_case_names_to_strings():
    assert check_call_env({"LOG_LEVEL": "debug"}) == {"LOG_LEVEL": "debug"}
    with pytest.raises(CallEnvError, match="'path' is not allowed"):
        check_call_env({"path": "/tmp"})
    with pytest.raises(CallEnvError, match="must be a string"):
        check_call_env({"N": 3})
    with pytest.raises(CallEnvError, match="must be an object"):
        check_call_env(["A=b"])


@pytest.mark.anyio
async def test_eight_calls_with_max_concurrency_four_run_in_two_waves(tmp_path):
    runner = runner_for(tmp_path, max_concurrency=4)
    log = tmp_path / "naps.log"
    outcomes = []

    async def one() -> None:
        outcomes.append(await runner.call("faultcli_nap", {"seconds": 1.2, "log": str(log)}))

    async with anyio.create_task_group() as group:
        for _ in range(8):
            group.start_soon(one)
    assert [o.is_error for o in outcomes] == [False] * 8
    events = sorted(
        (float(t), kind) for kind, t in (line.split() for line in log.read_text().splitlines())
    )
    running = peak = 0
    for _, kind in events:
        running += 1 if kind == "start" else -1
        peak = max(peak, running)
    assert peak == 4
    starts = sorted(t for t, kind in events if kind == "start")
    ends = sorted(t for t, kind in events if kind == "end")
    assert max(starts[:4]) < min(ends)  # wave one starts together
    assert min(starts[4:]) >= min(ends)  # wave two waits for a free slot


@pytest.mark.anyio
@pytest.mark.skipif(
    sys.version_info >= (3, 13), reason="argparse keeps `--opt=--` from Python 3.13 on"
)
async def test_an_argparse_cli_is_not_handed_a_flag_value_it_would_drop(tmp_path):
    runner = runner_for(tmp_path)
    runner.config.source.loader = "argparse"
    outcome = await runner.call("faultcli_nap", {"log": "--"})
    assert outcome.is_error and outcome.argv == []
    assert outcome.text == (
        "Invalid arguments for `faultcli_nap`: `log` cannot be exactly `--`: argparse (Python < 3.13) drops that value."
    )
