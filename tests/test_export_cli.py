"""SPEC §2 `export`, `tools`, `prompt` end to end: the real console script on the sample CLIs,
a config TARGET rewritten byte-identically, `--refresh` keeping choices, every option, and bad
input as exit 2 with one sentence and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.model.config_file import load_config, save_config
from workbench.model.surface import build_surface

SCRIPT = str(Path(sys.executable).with_name("mcp-workbench"))


def run_script(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=60, cwd=cwd)


@pytest.mark.parametrize(
    "target",
    [
        "sample_clis.deployctl:cli",
        "sample_clis.notes:app",
        "sample_clis.pkgtool:build_parser",
    ],
)
def test_export_then_tools_then_prompt_through_the_console_script(tmp_path, target):
    path = tmp_path / "mcp.toml"
    exported = run_script("export", target, "-o", str(path))
    assert exported.returncode == 0, exported.stderr
    assert exported.stderr.splitlines()[-1].startswith(f"mcp-workbench: wrote {path}: ")

    listed = run_script("tools", str(path))
    assert listed.returncode == 0, listed.stderr
    config = load_config(path)
    surface = build_surface(config.snapshot, config)
    assert json.loads(listed.stdout) == surface.tools_list()
    assert listed.stdout.startswith('[\n  {\n    "name": ')  # indent 2, camelCase keys below
    assert '"inputSchema"' in listed.stdout and '"outputSchema"' in listed.stdout

    prompted = run_script("prompt", str(path))
    assert prompted.returncode == 0, prompted.stderr
    assert prompted.stdout == surface.prompt + "\n"
    root = config.snapshot.root.name
    assert f"The tools below operate `{root}`" in prompted.stdout


def test_the_exported_file_alone_is_enough_to_list_tools(tmp_path):
    path = tmp_path / "mcp.toml"
    assert main(["export", "sample_clis.deployctl:cli", "-o", str(path)]) == 0
    probe = (
        "import sys, io, contextlib\n"
        "from workbench.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    code = main(['tools', {str(path)!r}])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('sample_clis', 'click', 'textual', 'mcp')"
        " or m.startswith('workbench.loaders'))\n"
        "print(code, len(out.getvalue()) > 100, loaded)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert result.stdout.strip() == "0 True []", result.stderr


def test_a_config_target_is_rewritten_byte_identically(tmp_path, capsys):
    path = tmp_path / "mcp.toml"
    assert (
        main(
            [
                "export",
                "sample_clis.deployctl:cli",
                "-o",
                str(path),
                "--select",
                "deployctl secrets *",
                "--select",
                "deployctl status",
            ]
        )
        == 0
    )
    before = path.read_bytes()
    assert main(["export", str(path)]) == 0
    assert path.read_bytes() == before
    assert (
        capsys.readouterr().err.splitlines()[-1].startswith(f"mcp-workbench: kept {path}: 5 tools")
    )


def test_refresh_replaces_the_snapshot_and_keeps_every_choice(tmp_path):
    path = tmp_path / "mcp.toml"
    assert main(["export", "sample_clis.deployctl:cli", "-o", str(path)]) == 0
    config = load_config(path)
    config.commands["deployctl status"] = config.command("deployctl status").model_copy(
        update={"read_only": True}
    )
    config.prompt.persona = "You run releases."
    config.snapshot.root.subcommands = [
        c for c in config.snapshot.root.subcommands if c.name != "undeploy"
    ]
    save_config(config, path)
    assert "deployctl_undeploy" not in main_tools(path)

    assert main(["export", str(path), "--refresh"]) == 0
    refreshed = load_config(path)
    assert "deployctl_undeploy" in main_tools(path)
    assert refreshed.commands["deployctl status"].read_only is True
    assert refreshed.prompt.persona == "You run releases."
    assert refreshed.source == config.source


def main_tools(path: Path) -> list[str]:
    config = load_config(path)
    return [t.name for t in build_surface(config.snapshot, config).tools]


def test_every_export_option_shapes_the_config(tmp_path, capsys):
    path = tmp_path / "out.toml"
    code = main(
        [
            "export",
            "sample_clis.deployctl:cli",
            "-o",
            str(path),
            "--name",
            "dc",
            "--select",
            "dc secrets *",
            "--select",
            "dc status",
            "--exclude",
            "dc secrets delete",
            "--exclude",
            "dc nothing*",
            "--prefix",
            "ops",
            "--description-mode",
            "short",
            "--command",
            "python -m sample_clis.deployctl",
        ]
    )
    assert code == 0
    assert 'warning: --exclude "dc nothing*" matches no command' in capsys.readouterr().err
    config = load_config(path)
    assert config.source.command == ["python", "-m", "sample_clis.deployctl"]
    assert config.tools.prefix == "ops" and config.tools.description_mode == "short"
    assert main_tools(path) == [
        "ops_secrets_get",
        "ops_secrets_list",
        "ops_secrets_set",
        "ops_status",
    ]
    status = build_surface(config.snapshot, config).tool("ops_status")
    assert status.description == "Show what runs in the environment."


def test_output_dash_writes_the_config_to_stdout(tmp_path, capsys):
    assert main(["export", "sample_clis.notes:app", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("version = 1\n\n[source]\n")
    assert not list(tmp_path.iterdir())


def test_bad_config_is_exit_2_with_one_sentence(tmp_path):
    path = tmp_path / "mcp.toml"
    assert main(["export", "sample_clis.deployctl:cli", "-o", str(path)]) == 0
    text = path.read_text()
    path.write_text(text.replace("[tools]\n", '[tools]\nprefx = "x"\n', 1))
    result = run_script("tools", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    line = text[: text.index("[tools]\n")].count("\n") + 2
    assert result.stderr == (
        f"mcp-workbench: {path} line {line}: unknown key `prefx` in tools; did you mean `prefix`? "
        "(allowed there: prefix, description_mode, exposure)\n"
    )


def test_bad_schema_override_is_exit_2_naming_tool_and_flag(tmp_path):
    path = tmp_path / "mcp.toml"
    assert main(["export", "sample_clis.deployctl:cli", "-o", str(path)]) == 0
    config = load_config(path)
    config.commands["deployctl deploy"] = config.command("deployctl deploy")
    from workbench.model.config import FlagConfig

    config.commands["deployctl deploy"].flags["replicas"] = FlagConfig(schema={"type": "integr"})
    save_config(config, path)
    result = run_script("prompt", str(path))
    assert result.returncode == 2
    lines = path.read_text().splitlines()
    line = lines.index('[commands."deployctl deploy".flags.replicas.schema]') + 1
    assert result.stderr.startswith(
        f"mcp-workbench: {path} line {line}: tool `deployctl_deploy`, flag `replicas`: "
        "the schema override is not valid JSON Schema"
    )
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_refresh_needs_a_config_target(capsys):
    assert main(["export", "sample_clis.notes:app", "--refresh", "-o", "-"]) == 2
    assert "--refresh reloads an existing config" in capsys.readouterr().err


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.mark.anyio
async def test_export_then_serve_then_call_with_no_other_file(tmp_path, sample_home):
    """Invariant 2: the exported file alone is served; tools/list equals `tools`; a call runs."""
    from mcp import Client, StdioServerParameters

    path = tmp_path / "mcp.toml"
    assert main(["export", "sample_clis.deployctl:cli", "-o", str(path)]) == 0
    listed = run_script("tools", str(path))
    params = StdioServerParameters(
        command=SCRIPT,
        args=["serve", str(path)],
        cwd=str(tmp_path),
        env={"WORKBENCH_SAMPLE_HOME": str(sample_home)},
    )
    async with Client(params, mode="legacy", read_timeout_seconds=60) as client:
        tools = await client.list_tools()
        served = [t.model_dump(by_alias=True, exclude_none=True) for t in tools.tools]
        assert served == json.loads(listed.stdout)
        result = await client.call_tool("deployctl_status", {"env": "staging"})
    assert result.is_error is False
    assert result.structured_content["exit_code"] == 0


def test_a_select_pattern_matching_nothing_is_a_warning_not_an_error(tmp_path, capsys):
    path = tmp_path / "mcp.toml"
    assert (
        main(
            [
                "export",
                "sample_clis.deployctl:cli",
                "-o",
                str(path),
                "--select",
                "deployctl status",
                "--select",
                "deployctl nope*",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert (
        'mcp-workbench: warning: selector 1: command pattern "deployctl nope*" matches no command'
        in err
    )
    assert main(["tools", str(path)]) == 0
    captured = capsys.readouterr()
    assert [t["name"] for t in json.loads(captured.out)] == ["deployctl_status"]
    assert "matches no command" in captured.err


# -- `-o` never destroys work silently (issue 14 item 4) -----------------------------------------


def exported(tmp_path: Path) -> Path:
    """A curated config at tmp_path/mcp.toml: a persona the user wrote by hand."""
    path = tmp_path / "mcp.toml"
    assert run_script("export", "sample_clis.deployctl:cli", "-o", str(path)).returncode == 0
    config = load_config(path)
    config.prompt.persona = "You run releases."
    save_config(config, path)
    return path


def test_an_existing_config_is_refused_without_force(tmp_path):
    path = exported(tmp_path)
    before = path.read_bytes()
    result = run_script("export", "sample_clis.notes:app", "-o", str(path))
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"mcp-workbench: -o {path} already holds an mcp.toml; to keep its choices, reopen it with "
        f"`mcp-workbench export {path}` (add --refresh to reload the CLI), or add --force to replace it "
        f"(the old file is kept as {path}.bak)"
    )
    assert path.read_bytes() == before
    assert not path.with_name("mcp.toml.bak").exists()


def test_force_replaces_a_config_and_keeps_a_backup(tmp_path):
    path = exported(tmp_path)
    before = path.read_bytes()
    result = run_script("export", "sample_clis.notes:app", "-o", str(path), "--force")
    assert result.returncode == 0, result.stderr
    assert f"kept the previous {path} as {path}.bak" in result.stderr
    assert path.with_name("mcp.toml.bak").read_bytes() == before
    assert load_config(path).source.target == "sample_clis.notes:app"


def test_reopening_the_config_itself_needs_no_force(tmp_path):
    path = exported(tmp_path)
    result = run_script("export", str(path), "--prefix", "dc")
    assert result.returncode == 0, result.stderr
    config = load_config(path)
    assert config.tools.prefix == "dc" and config.prompt.persona == "You run releases."
    assert not path.with_name("mcp.toml.bak").exists()


@pytest.mark.parametrize("force", [False, True])
def test_a_file_that_is_no_config_is_never_replaced(tmp_path, force):
    notes = tmp_path / "notes.toml"
    notes.write_text("title = 'my notes'\n[todo]\nitems = ['ship it']\n", encoding="utf-8")
    readme = tmp_path / "README.md"
    readme.write_text("# my project\n", encoding="utf-8")
    for path in (notes, readme):
        before = path.read_bytes()
        result = run_script(
            "export", "sample_clis.notes:app", "-o", str(path), *(["--force"] if force else [])
        )
        assert result.returncode == 2
        assert (
            f"-o {path} already exists and is not an mcp.toml, so export will not overwrite it"
            in result.stderr
        )
        assert "Traceback" not in result.stderr
        assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["README.md", "notes.toml"]


def test_output_naming_a_folder_is_one_sentence(tmp_path):
    result = run_script("export", "sample_clis.notes:app", "-o", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"mcp-workbench: -o {tmp_path} is a folder; name the file to write, "
        f"e.g. -o {tmp_path / 'mcp.toml'}"
    )
    missing = tmp_path / "nowhere" / "mcp.toml"
    result = run_script("export", "sample_clis.notes:app", "-o", str(missing))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"the folder {missing.parent} does not exist" in result.stderr


# -- an import that never returns (issue 14 item 10, last point) ---------------------------------


def test_an_import_that_never_returns_is_abandoned_after_the_load_timeout(tmp_path):
    (tmp_path / "hangs_on_import.py").write_text(
        "import threading\nthreading.Event().wait()\nimport click\n@click.command()\ndef cli():\n    pass\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [SCRIPT, "export", "hangs_on_import:cli", "--load-timeout", "1", "-o", "-"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "mcp-workbench: importing hangs_on_import:cli did not finish within 1 s (its import or the code "
        "building its parser never returned); if it is only slow, raise --load-timeout"
    )
    assert result.stdout == ""


def test_load_timeout_must_be_seconds_above_zero():
    result = run_script("export", "sample_clis.notes:app", "--load-timeout", "0", "-o", "-")
    assert result.returncode == 2
    assert "'0' is not a number of seconds above 0" in result.stderr
