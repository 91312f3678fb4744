"""`mcp-workbench check CONFIG [--strict] [--json] [--no-drift]`: the CI gate (SPEC §9).

Lints the surface the config serves and compares its `[snapshot]` with the live CLI, re-loaded
the way `[source]` records. Exit codes: 0 clean, 1 on any lint error (with `--strict`: any
warning) or any drift, 2 on bad input (unreadable config, no snapshot, a CLI that cannot be
loaded). Human-readable report by default; `--json` prints one stable JSON document (sorted
keys, findings sorted by code then subject) for CI tools.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from workbench.model.config import Loader
from workbench.model.config_errors import find_line
from workbench.model.config_file import load_config
from workbench.model.coverage import coverage_line
from workbench.model.drift import drift
from workbench.model.errors import ConfigError, WorkbenchError
from workbench.model.exposure import connect_view
from workbench.model.findings import Finding, finalize, finding, finding_lines, toml_key
from workbench.model.lint import lint, measure_tokens
from workbench.model.surface import build_surface
from workbench.model.surface_types import SurfaceError
from workbench.model.tokens import is_estimate, tokenizer_label
from workbench.runtime.machine_checks import machine_findings

JSON_FORMAT = 1
"""Bumped only when the `--json` document changes incompatibly."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the mcp.toml to check")
    parser.add_argument(
        "--strict", action="store_true", help="fail on warnings too, not only on errors"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON document (for CI tools)"
    )
    parser.add_argument(
        "--no-drift",
        action="store_true",
        help="skip re-loading the live CLI; lint the snapshot only",
    )


def run(args: argparse.Namespace) -> int:
    path = Path(args.config)
    if not path.is_file():
        raise ConfigError(f"{path} does not exist or is not a file; pass the mcp.toml to check.")
    config = load_config(path)
    if config.snapshot is None:
        raise ConfigError(
            f"{path} has no [snapshot] to check; re-export it with `mcp-workbench export`."
        )
    report = build_report(config, path, drift_check=not args.no_drift, strict=args.strict)
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        print(render_text(report))
    return 0 if report["ok"] else 1


def build_report(config, path: Path, *, drift_check: bool, strict: bool) -> dict[str, Any]:
    """Everything `check` found, as the `--json` document."""
    snapshot = config.snapshot
    surface = None
    tokens: dict[str, Any] | None = None
    local = machine_findings(config, path.parent, executable=drift_check)
    try:
        surface = build_surface(snapshot, config)
    except SurfaceError as error:
        subject = ".".join(toml_key(str(part)) for part in error.key_path) or "config"
        line = (
            find_line(path.read_text(encoding="utf-8"), error.key_path) if error.key_path else None
        )
        message = f"line {line}: {error}" if line else str(error)
        findings = finalize(
            [finding("WB001", subject, message, "Change the config as the message says."), *local],
            config,
        )
    else:
        findings = finalize([*lint(surface, snapshot, config), *local], config)
        measured = measure_tokens(surface)
        view = connect_view(surface)
        tokens = {
            **measured.to_data(),
            "budget": config.lint.token_budget,
            "estimate": is_estimate(),
            "exposure": surface.exposure,
            "at_connect": {
                "tools": view.listed,
                "tool_list": view.tokens,
                "total": view.tokens + measured.prompt,
            },
        }
    live_version = None
    drift_findings = None

    if config.source.loader is Loader.HELP and any(f.code == "WB706" for f in local):
        drift_check = False  # the crawled program itself is gone: WB706 says so and where it went
    if drift_check:
        with contextlib.redirect_stdout(
            sys.stderr
        ):  # a CLI that prints on import must not corrupt --json
            live = load_live(config, snapshot.root.name, path.parent / config.runtime.cwd)
        live_version = live.cli_version
        drift_findings = finalize(drift(snapshot, live, config, surface), config)
    counts = {s: sum(f.severity == s for f in findings) for s in ("error", "warning", "info")}
    failing = counts["error"] + (counts["warning"] if strict else 0) + len(drift_findings or [])
    return {
        "format": JSON_FORMAT,
        "config": str(path.resolve()),
        "ok": failing == 0,
        "strict": strict,
        "tools": len(surface.tools) if surface else None,
        "tokenizer": tokenizer_label(),
        "tokens": tokens,
        "cli_version": {
            "snapshot": config.source.cli_version or snapshot.cli_version,
            "live": live_version,
        },
        "coverage": coverage_line(snapshot),
        "summary": {
            "errors": counts["error"],
            "warnings": counts["warning"],
            "infos": counts["info"],
            "drift": None if drift_findings is None else len(drift_findings),
        },
        "lint": [f.to_data() for f in findings],
        "drift": None if drift_findings is None else [f.to_data() for f in drift_findings],
    }


def load_live(config, root_name: str, run_dir: Path | None = None):
    """The live CLI's command tree, loaded the way `[source]` records (exit 2 when it cannot be);
    a module target is imported from `run_dir` (`[runtime] cwd`) too, where its calls run."""
    source = config.source
    try:
        if source.loader is Loader.HELP:
            # lazy: the crawler only for a help-loaded config's drift check
            from workbench.loaders.help import crawl

            executable = source.command[0] if len(source.command) == 1 else source.target
            if not executable:
                raise ConfigError(
                    "[source] names no command or target, so the live CLI cannot be "
                    "re-loaded; set [source] target or pass --no-drift."
                )
            return crawl(
                executable, name=root_name, use_cache=False
            )  # the gate must see the CLI as it is now
        # lazy: the loaders only when drift is checked (--no-drift never loads them)
        from workbench.loaders import load

        if not source.target:
            raise ConfigError(
                "[source] target is empty, so the live CLI cannot be re-loaded; set it "
                "or pass --no-drift."
            )
        command = shlex.join(source.command) if source.command else None
        return load(source.target, name=root_name, command=command, import_from=run_dir).tree
    except WorkbenchError as error:
        raise WorkbenchError(
            f"cannot re-load the live CLI to check drift: {error} "
            "(pass --no-drift to lint the snapshot only)"
        ) from None


def render_text(report: dict[str, Any]) -> str:
    """The human report: a summary, then each finding with its fix, then the verdict."""
    lines = [f"{report['config']}: {_surface_line(report)}"]
    if report.get("coverage"):
        lines.append(report["coverage"])
    if report["tokens"] and report["tokens"]["per_tool"]:
        heaviest = sorted(
            report["tokens"]["per_tool"].items(), key=lambda item: (-item[1], item[0])
        )[:5]
        lines.append("largest tools: " + ", ".join(f"{name} {count}" for name, count in heaviest))
    if report["tokens"]:
        lines.append(_connect_line(report))
    lines += _section("lint", report["lint"])
    if report["drift"] is None:
        lines.append("drift: skipped (--no-drift)")
    else:
        versions = report["cli_version"]
        live = f" (live CLI {versions['live']})" if versions["live"] else ""
        lines += _section(f"drift against the live CLI{live}", report["drift"])
    summary = report["summary"]
    verdict = "OK" if report["ok"] else "FAIL"
    drift_count = "drift not checked" if summary["drift"] is None else f"{summary['drift']} drift"
    strict = ", strict" if report["strict"] else ""
    counts = ", ".join(
        _plural(summary[key], word)
        for key, word in (("errors", "error"), ("warnings", "warning"), ("infos", "info"))
    )
    lines.append(f"{verdict}: {counts}, {drift_count}{strict}")
    return "\n".join(lines)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _surface_line(report: dict[str, Any]) -> str:
    tokens = report["tokens"]
    if tokens is None:
        return "the surface cannot be built"
    return (
        f"{report['tools']} tools, {tokens['total']} tokens (tool list {tokens['tools']} + "
        f"prompt {tokens['prompt']}; budget {tokens['budget']}; tokenizer: {tokens['tokenizer']})"
    )


def _connect_line(report: dict[str, Any]) -> str:
    """The cost a client pays at connect beside the full cost (SPEC §5b)."""
    tokens = report["tokens"]
    connect = tokens["at_connect"]
    return (
        f"cost at connect ({tokens['exposure']} exposure): {connect['tools']} tools listed, "
        f"{connect['total']} tokens (tool list {connect['tool_list']} + prompt {tokens['prompt']}); "
        f"full list: {report['tools']} tools, {tokens['total']} tokens"
    )


def _section(title: str, findings: list[dict[str, str]]) -> list[str]:
    if not findings:
        return [f"{title}: none"]
    lines = [f"{title}:"]
    for row in findings:
        lines += finding_lines(Finding.from_data(row))
    return lines
