"""The one call path: validate → argv → run → what a client gets (`CallOutcome`, re-exported).

`serve` and the TUI's try-it both go through `ToolRunner.call`, so what a user tries in the
workbench is exactly what a model gets. A tool's argument validator is built on its first call
(not for every tool at startup). At most `[runtime] max_concurrency` calls run at once; the rest
wait in arrival order.

Checking a call's arguments (size bounds, schema validation, `did you mean`, building argv) is
bounded CPU work, and it runs in a worker thread, one call at a time, never on the event loop:
other requests (a ping, tools/list) keep being answered while it runs (SPEC §11.7).
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread

from workbench.model.config import Config, Loader
from workbench.model.errors import WorkbenchError
from workbench.model.naming import CALL_ENV_NAME_PATTERN
from workbench.model.surface_types import Surface, Tool
from workbench.runtime.argv import ArgvError, build_argv
from workbench.runtime.execute import ProcessGroups, run_cli
from workbench.runtime.outcome import CallOutcome as CallOutcome  # re-exported for server
from workbench.runtime.outcome import json_outcome, outcome_of
from workbench.runtime.validate import ArgumentChecker, near_names


class UnknownToolError(WorkbenchError):
    """A call named a tool the surface does not have (served as JSON-RPC -32602)."""


class CallEnvError(WorkbenchError):
    """The per-call environment is not a map of NAME → string."""


class ToolRunner:
    """Runs the tools of one surface; one instance per server (or per TUI session)."""

    def __init__(self, config: Config, surface: Surface, config_dir: Path) -> None:
        self.config = config
        self.surface = surface
        self.cwd = (Path(config_dir) / config.runtime.cwd).resolve()
        self.groups = ProcessGroups()
        self._tools = {tool.name: tool for tool in surface.tools}
        self._checkers: dict[str, ArgumentChecker] = {}
        """Built on each tool's first call, so startup pays neither for them (~16 ms at 1,000 tools)
        nor for importing jsonschema (~30 ms)."""
        self._limiter: anyio.CapacityLimiter | None = None
        self._limiter_loop: object = None
        self._checking_limiter: anyio.CapacityLimiter | None = None
        self._checking_loop: object = None

    def tool(self, name: str) -> Tool:
        """The tool called `name`, or UnknownToolError naming the closest ones."""
        tool = self._tools.get(name)
        if tool is None:
            raise UnknownToolError(unknown_tool_message(name, list(self._tools)))
        return tool

    async def call(
        self, name: str, arguments: dict[str, Any] | None, *, env: dict[str, str] | None = None
    ) -> CallOutcome:
        """Validate, build argv, run the CLI (queued behind `max_concurrency`), report."""
        tool = self.tool(name)
        arguments = {} if arguments is None else arguments
        prepared = await anyio.to_thread.run_sync(
            self._prepare, tool, arguments, limiter=self._checking()
        )
        if isinstance(prepared, CallOutcome):
            return prepared
        argv = prepared
        binding = tool.binding
        timeout_s = (
            binding.timeout_s if binding.timeout_s is not None else self.config.runtime.timeout_s
        )
        cap = (
            binding.max_output_bytes
            if binding.max_output_bytes is not None
            else self.config.runtime.max_output_bytes
        )
        async with self._capacity():
            execution = await run_cli(
                argv,
                cwd=self.cwd,
                env=self._environment(env, binding.env),
                timeout_s=timeout_s,
                max_output_bytes=cap,
                groups=self.groups,
            )
        outcome = outcome_of(execution, argv, timeout_s, cap)
        if binding.output == "json":
            outcome = await anyio.to_thread.run_sync(
                json_outcome, outcome, tool, limiter=self._checking()
            )
        return outcome

    def _prepare(self, tool: Tool, arguments: Any) -> CallOutcome | list[str]:
        """The argv for a valid call, else the outcome saying what is wrong (in a worker thread)."""
        problems = self._checker(tool).problems(arguments)
        if problems is not None:
            return CallOutcome(text=problems, is_error=True)
        try:
            argv = build_argv(tool.binding, list(self.config.source.command), arguments)
            self._check_argparse_double_dash(tool, arguments)
        except ArgvError as error:
            return CallOutcome(text=f"Invalid arguments for `{tool.name}`: {error}", is_error=True)
        if not argv:
            return CallOutcome(text="The config has no [source] command to run.", is_error=True)
        return argv

    def _checker(self, tool: Tool) -> ArgumentChecker:
        checker = self._checkers.get(tool.name)
        if checker is None:
            checker = self._checkers[tool.name] = ArgumentChecker(tool.name, tool.input_schema)
        return checker

    def _check_argparse_double_dash(self, tool: Tool, arguments: dict[str, Any]) -> None:
        """argparse before Python 3.13 deletes a `--` from option values (`--opt=--`) and from the
        values of every positional but the first, so such a CLI would get an empty value instead:
        refuse those with the reason rather than pass wrong data."""
        if self.config.source.loader is not Loader.ARGPARSE or sys.version_info >= (3, 13):
            return
        positionals = [arg for arg in tool.binding.args if arg.source == "positional"]
        for arg in tool.binding.args:
            if arg.source == "positional" and arg is positionals[0]:
                continue
            value = arguments.get(arg.property)
            if value == "--" or isinstance(value, list) and "--" in value:
                raise ArgvError(
                    f"`{arg.property}` cannot be exactly `--`: argparse (Python < 3.13) drops that value."
                )

    def _environment(
        self, per_call: dict[str, str] | None, per_tool: tuple[tuple[str, str], ...] = ()
    ) -> dict[str, str]:
        """process env, then `[env]`, then the command's `env`, then the call's own."""
        env = dict(os.environ)
        env.update(self.config.env)
        env.update(per_tool)
        env.update(per_call or {})
        return env

    def _checking(self) -> anyio.CapacityLimiter:
        """One worker thread checks arguments at a time: a second CPU-bound thread would only
        make the event loop wait longer for the interpreter lock."""
        loop = _current_loop()
        if self._checking_limiter is None or self._checking_loop is not loop:
            self._checking_limiter = anyio.CapacityLimiter(1)
            self._checking_loop = loop
        return self._checking_limiter

    def _capacity(self) -> anyio.CapacityLimiter:
        """The limiter of the running event loop (a TUI may run calls on a fresh loop each time)."""
        loop = _current_loop()
        if self._limiter is None or self._limiter_loop is not loop:
            self._limiter = anyio.CapacityLimiter(max(1, self.config.runtime.max_concurrency))
            self._limiter_loop = loop
        return self._limiter


def check_call_env(value: Any) -> dict[str, str]:
    """A client-supplied per-call environment, checked: names `^[A-Z_][A-Z0-9_]*$`, string values."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise CallEnvError(
            'the per-call env (_meta "workbench/env") must be an object of NAME: "value".'
        )
    for name, text in value.items():
        if not isinstance(name, str) or not CALL_ENV_NAME_PATTERN.match(name):
            raise CallEnvError(
                f"per-call env name {name!r} is not allowed; use capitals, digits and _ (e.g. LOG_LEVEL)."
            )
        if not isinstance(text, str) or "\x00" in text or not _encodable(text):
            raise CallEnvError(
                f"per-call env `{name}` must be a string of valid Unicode without NUL characters."
            )
    return dict(value)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def unknown_tool_message(name: str, known: list[str]) -> str:
    """`Unknown tool `x`; did you mean `y`, `z`?` naming the closest tools."""
    shown = name if len(name) <= 80 else name[:77] + "..."
    nearest = closest_names(name, known)
    if nearest:
        return f"Unknown tool `{shown}`; did you mean " + ", ".join(f"`{n}`" for n in nearest) + "?"
    if known:
        return (
            f"Unknown tool `{shown}`; the tools are "
            + ", ".join(f"`{n}`" for n in known[:10])
            + "."
        )
    return f"Unknown tool `{shown}`; this server has no tools."


def closest_names(name: str, known: list[str], count: int = 3) -> list[str]:
    """Up to `count` known names nearest to `name`: within a few edits (a quarter of its length,
    at least 2), or containing it. Bounded work however long `name` is and however many tools
    there are (`near_names`; a name longer than any tool's contains none), so an unknown tool
    costs the event loop about a millisecond at 10,000 tools."""
    ranked = sorted(near_names(name, known, max(2, len(name) // 4)))
    near: list[str] = []
    if ranked:
        cutoff = ranked[0][0] + 1
        near = [other for distance, other in ranked if distance <= cutoff]
    longest = max(map(len, known), default=0)
    contains = [other for other in known if name in other] if 3 <= len(name) <= longest else []
    return list(dict.fromkeys(near + contains))[:count]


def _current_loop() -> object:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
