"""`check` end to end on a real CLI: export a config against a copy of the deployctl sample, curate
it, then edit the copy and see `check` report each kind of drift (and pass when nothing changed).

Everything runs as the user would: `mcp-workbench export` and `mcp-workbench check` subprocesses
against the copied module, importable through PYTHONPATH.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sample_clis.deployctl
from workbench.model.config import CommandConfig, FlagConfig, Selector
from workbench.model.config_file import load_config, save_config

CURATED = {
    "deployctl secrets delete": CommandConfig(destructive=True),
    "deployctl undeploy": CommandConfig(
        destructive=True, flags={"yes": FlagConfig(description="Confirm.")}
    ),
    "deployctl secrets get": CommandConfig(read_only=True),
    "deployctl secrets list": CommandConfig(read_only=True),
    "deployctl status": CommandConfig(read_only=True),
}


def workbench(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run(
        [sys.executable, "-m", "workbench.cli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with `mydeploy.py` (a copy of the sample) and a curated `mcp.toml` for it."""
    folder = tmp_path_factory.mktemp("exported")
    shutil.copy(sample_clis.deployctl.__file__, folder / "mydeploy.py")
    result = workbench(
        "export", "mydeploy:cli", "--name", "deployctl", "-o", "mcp.toml", cwd=folder
    )
    assert result.returncode == 0, result.stderr
    config = load_config(folder / "mcp.toml")
    config.commands.update(CURATED)
    config.lint.disable = ["WB203"]
    config.prompt.tool_order = ["deployctl_secrets_list", "<unlisted-tools>"]
    config.selectors = [
        Selector(commands=["deployctl secrets list"]),
        Selector(commands=["deployctl *"]),
    ]
    save_config(config, folder / "mcp.toml")
    return folder


@pytest.fixture
def project(exported: Path, tmp_path: Path, sample_home: Path) -> Path:
    folder = tmp_path / "project"
    shutil.copytree(exported, folder)
    return folder


def edit(project: Path, old: str, new: str) -> None:
    module = project / "mydeploy.py"
    text = module.read_text()
    assert text.count(old) == 1, f"the sample no longer contains {old!r}"
    module.write_text(text.replace(old, new))


def check_json(project: Path, *extra: str) -> tuple[int, dict]:
    result = workbench("check", "mcp.toml", "--json", *extra, cwd=project)
    assert result.returncode in (0, 1), result.stderr
    return result.returncode, json.loads(result.stdout)


def drift_of(project: Path) -> set[tuple[str, str]]:
    code, report = check_json(project)
    assert code == 1 and report["ok"] is False
    return {(f["code"], f["subject"]) for f in report["drift"]}


def test_curated_sample_passes_with_no_findings(project):
    result = workbench("check", "mcp.toml", cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        "lint: none" in result.stdout
        and "drift against the live CLI (live CLI 1.4.0): none" in result.stdout
    )
    assert result.stdout.rstrip().endswith("OK: 0 errors, 0 warnings, 0 infos, 0 drift")


def test_cli_version_change(project):
    edit(project, '__version__ = "1.4.0"', '__version__ = "1.5.0"')
    assert drift_of(project) == {("WB931", "cli_version")}


def test_command_added(project):
    edit(
        project,
        '\nif __name__ == "__main__":',
        '\n@cli.command()\ndef rollback() -> None:\n    """Roll back."""\n\n\nif __name__ == "__main__":',
    )
    assert drift_of(project) == {("WB901", "deployctl rollback")}


def test_command_removed_and_the_keys_that_named_it(project):
    edit(project, '@secrets.command("list")\n', "")
    assert drift_of(project) == {
        ("WB902", "deployctl secrets list"),
        ("WB941", 'commands."deployctl secrets list"'),
        ("WB943", "prompt.tool_order.deployctl_secrets_list"),
        ("WB944", "selectors[0] deployctl secrets list"),
    }


def test_flag_added(project):
    edit(
        project,
        '@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")\n',
        '@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")\n'
        '@click.option("--force", is_flag=True, help="Skip checks.")\n',
    )
    assert drift_of(project) == {("WB911", "deployctl undeploy --force")}


def test_flag_removed_and_its_override(project):
    edit(
        project,
        '@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")\n',
        "",
    )
    assert drift_of(project) == {
        ("WB912", "deployctl undeploy --yes"),
        ("WB942", 'commands."deployctl undeploy".flags.yes'),
    }


def test_flag_type_default_choices_and_required_changes(project):
    edit(
        project,
        'type=int, default=1, show_default=True, help="Replicas per service."',
        'type=float, default=1.5, show_default=True, help="Replicas per service."',
    )
    edit(
        project,
        'STRATEGIES = ["rolling", "blue-green", "canary"]',
        'STRATEGIES = ["rolling", "blue-green", "canary", "recreate"]',
    )
    edit(project, '@click.option("--tag", required=True,', '@click.option("--tag", required=False,')
    code, report = check_json(project)
    assert code == 1
    changes = {f["subject"]: f["message"] for f in report["drift"] if f["code"] == "WB913"}
    assert changes == {
        "deployctl deploy --replicas": "The flag `--replicas` of `deployctl deploy` changed: "
        "value type integer → number; default 1 → 1.5.",
        "deployctl deploy --strategy": "The flag `--strategy` of `deployctl deploy` changed: "
        "choices [rolling, blue-green, canary] → [rolling, blue-green, canary, recreate].",
        "deployctl deploy --tag": "The flag `--tag` of `deployctl deploy` changed: required true → false.",
    }
    assert {f["code"] for f in report["drift"]} == {"WB913"}


def test_positional_changed(project):
    edit(
        project,
        '@click.argument("service", required=False)',
        '@click.argument("service", required=True)',
    )
    assert drift_of(project) == {("WB923", "deployctl status SERVICE")}


def test_no_drift_skips_the_live_cli(project):
    edit(project, '__version__ = "1.4.0"', '__version__ = "1.5.0"')
    code, report = check_json(project, "--no-drift")
    assert code == 0 and report["drift"] is None and report["cli_version"]["live"] is None


def test_refresh_after_review_clears_the_drift(project):
    edit(
        project,
        '@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")\n',
        '@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")\n'
        '@click.option("--force", is_flag=True, help="Skip checks.")\n',
    )
    refreshed = workbench("export", "mcp.toml", "--refresh", cwd=project)
    assert refreshed.returncode == 0, refreshed.stderr
    code, report = check_json(project)
    assert (code, report["drift"], report["lint"]) == (0, [], [])
    assert load_config(project / "mcp.toml").commands["deployctl undeploy"].destructive is True


def test_live_cli_that_cannot_be_loaded_is_bad_input(project):
    (project / "mydeploy.py").unlink()
    result = workbench("check", "mcp.toml", cwd=project)
    assert result.returncode == 2
    assert result.stderr.startswith("mcp-workbench: cannot re-load the live CLI to check drift:")
    assert "--no-drift" in result.stderr and "Traceback" not in result.stderr


HELP_CLI = f"""#!{sys.executable}
import argparse
parser = argparse.ArgumentParser(prog="widgets", description="Manage widgets.")
parser.add_argument("--version", action="version", version="widgets 2.1.0")
sub = parser.add_subparsers(dest="command")
listing = sub.add_parser("list", help="List widgets.")
listing.add_argument("--limit", type=int, default=10, help="How many to show.")
parser.parse_args()
"""


def test_drift_of_a_cli_read_from_its_help_text(tmp_path):
    """A non-Python CLI as far as the workbench knows: loaded by the help crawler, re-crawled by check."""
    executable = tmp_path / "widgets"
    executable.write_text(HELP_CLI)
    executable.chmod(0o755)
    exported = workbench("export", str(executable), "-o", "mcp.toml", cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    assert load_config(tmp_path / "mcp.toml").source.loader == "help"
    assert json.loads(workbench("check", "mcp.toml", "--json", cwd=tmp_path).stdout)["drift"] == []

    text = executable.read_text()
    text = text.replace('version="widgets 2.1.0"', 'version="widgets 2.2.0"')
    text = text.replace(
        'help="How many to show.")\n',
        'help="How many to show.")\nlisting.add_argument("--all", action="store_true", help="Include archived.")\n',
    )
    executable.write_text(text)
    code, report = check_json(tmp_path)
    assert code == 1
    assert {(f["code"], f["subject"]) for f in report["drift"]} == {
        ("WB911", "widgets list --all"),
        ("WB931", "cli_version"),
    }


def test_drift_codes_can_be_disabled_and_import_time_output_stays_off_stdout(project):
    edit(project, '__version__ = "1.4.0"', 'print("loading mydeploy")\n__version__ = "1.5.0"')
    config = load_config(project / "mcp.toml")
    config.lint.disable = ["WB203", "WB931"]
    save_config(config, project / "mcp.toml")
    code, report = check_json(project)  # stdout parses as JSON although the module prints
    assert (code, report["drift"], report["cli_version"]["live"]) == (0, [], "1.5.0")


def test_command_that_cannot_run_here_is_an_error(project):
    config = load_config(project / "mcp.toml")
    config.source.command = [str(project / "no-such-python"), "-m", "mydeploy"]
    save_config(config, project / "mcp.toml")
    code, report = check_json(project)
    assert code == 1 and report["drift"] == []
    assert [(f["code"], f["subject"]) for f in report["lint"]] == [("WB706", "source.command")]


def test_command_changed(project):
    edit(project, '@cli.command("debug-dump", hidden=True)', '@cli.command("debug-dump")')
    code, report = check_json(project)
    assert code == 1
    assert [(f["code"], f["subject"], f["message"]) for f in report["drift"]] == [
        ("WB903", "deployctl debug-dump", "`deployctl debug-dump` changed: hidden true → false.")
    ]
