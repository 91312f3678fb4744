"""The sample CLIs do real work on their own state folder, as a user runs them (`python -m ...`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(
    cli: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", f"sample_clis.{cli}", *args],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        env=env,
    )


def test_deployctl_deploys_then_reports_status(sample_home: Path) -> None:
    done = run(
        "deployctl",
        "-e",
        "staging",
        "deploy",
        "api",
        "worker",
        "--tag",
        "v1.2.3",
        "--replicas",
        "3",
        "--label",
        "team=infra",
        "--label",
        "tier=web",
    )
    assert done.returncode == 0, done.stderr
    assert "deployed api@v1.2.3 to staging (revision 1, 3 replicas" in done.stdout
    status = run("deployctl", "--json", "-e", "staging", "status")
    assert status.returncode == 0, status.stderr
    services = json.loads(status.stdout)["services"]
    assert sorted(services) == ["api", "worker"]
    assert services["api"]["labels"] == {"team": "infra", "tier": "web"}
    again = run("deployctl", "-e", "staging", "deploy", "api", "--tag", "v2")
    assert "revision 2" in again.stdout
    state = json.loads((sample_home / "deployctl" / "deployments.json").read_text())
    assert state["staging"]["api"]["tag"] == "v2"
    assert run("deployctl", "status").stdout.strip() == "nothing deployed in dev"


def test_deployctl_dry_run_records_nothing_and_errors_go_to_stderr(sample_home: Path) -> None:
    dry = run("deployctl", "deploy", "api", "--tag", "v1", "--dry-run")
    assert dry.returncode == 0 and dry.stdout.startswith("would deploy api@v1")
    assert not (sample_home / "deployctl" / "deployments.json").exists()
    missing = run("deployctl", "deploy", "api")
    assert missing.returncode == 2 and "--tag" in missing.stderr and missing.stdout == ""
    prod = run("deployctl", "-e", "prod", "deploy", "api", "--tag", "v1")
    assert prod.returncode != 0 and "--token" in prod.stderr
    with_env_token = run(
        "deployctl",
        "-e",
        "prod",
        "deploy",
        "api",
        "--tag",
        "v1",
        env={**_environ(), "DEPLOYCTL_TOKEN": "secret"},
    )
    assert with_env_token.returncode == 0, with_env_token.stderr
    unknown = run("deployctl", "status", "nope")
    assert unknown.returncode == 1 and "nope is not deployed in dev" in unknown.stderr


def test_deployctl_secrets_group_option_selects_the_vault(sample_home: Path) -> None:
    assert run("deployctl", "secrets", "--vault", "ci", "set", "db", "hunter2").returncode == 0
    clash = run("deployctl", "secrets", "--vault", "ci", "set", "db", "x")
    assert clash.returncode == 1 and "--overwrite" in clash.stderr
    assert run("deployctl", "secrets", "--vault", "ci", "get", "db").stdout.strip() == "db=*******"
    assert (
        run("deployctl", "secrets", "--vault", "ci", "get", "db", "--reveal").stdout.strip()
        == "db=hunter2"
    )
    listed = run("deployctl", "--json", "secrets", "--vault", "ci", "list")
    assert json.loads(listed.stdout)["names"] == ["db"]
    assert run("deployctl", "secrets", "list").stdout.strip() == "vault default is empty"
    assert run("deployctl", "secrets", "--vault", "ci", "delete", "db").returncode == 0
    assert json.loads((sample_home / "deployctl" / "secrets.json").read_text()) == {"ci": {}}


def test_deployctl_version_and_helpers(sample_home: Path) -> None:
    assert "1.4.0" in run("deployctl", "--version").stdout
    rendered = run("deployctl", "-e", "prod", "-vv", "helpers", "render-config", "--format", "json")
    assert json.loads(rendered.stdout) == {"config": None, "env": "prod", "verbose": 2}


def test_notes_add_list_search_tag_delete(sample_home: Path) -> None:
    first = run(
        "notes",
        "add",
        "Buy milk",
        "two litres",
        "-t",
        "home",
        "--tag",
        "shop",
        "--kind",
        "todo",
        "--priority",
        "1",
        "--pinned",
    )
    assert first.returncode == 0 and first.stdout.strip() == "added note 1", first.stderr
    assert run("notes", "add", "Paint the shed", "--kind", "idea").stdout.strip() == "added note 2"
    listed = json.loads(run("notes", "list", "--json").stdout)
    assert [n["id"] for n in listed] == [1, 2]
    assert (
        listed[0]["tags"] == ["home", "shop"]
        and listed[0]["kind"] == "todo"
        and listed[0]["pinned"]
    )
    assert [
        n["id"] for n in json.loads(run("notes", "list", "--json", "--kind", "idea").stdout)
    ] == [2]
    assert "Paint the shed" in run("notes", "search", "paint", "SHED").stdout
    assert run("notes", "tag", "add", "2", "garden", "diy").returncode == 0
    assert "diy\t1" in run("notes", "tag", "list").stdout
    pinned = run("notes", "delete", "1")
    assert pinned.returncode == 1 and "--force" in pinned.stderr
    assert run("notes", "delete", "1", "--force").returncode == 0
    gone = run("notes", "show", "1")
    assert gone.returncode == 1 and "no note 1" in gone.stderr
    bad_kind = run("notes", "add", "x", "--kind", "poem")
    assert bad_kind.returncode == 2 and "poem" in bad_kind.stderr


def test_pkgtool_install_list_info_remove_cache(sample_home: Path) -> None:
    installed = run("pkgtool", "install", "requests", "--with", "socks", "--channel", "beta")
    assert installed.returncode == 0, installed.stderr
    assert (
        installed.stdout.strip()
        == "installed requests-2.33.0b1 urllib3-2.3.0b2 idna-3.11b1 (user, beta)"
    )
    names = [p["name"] for p in json.loads(run("pkgtool", "list", "--format", "json").stdout)]
    assert names == ["idna", "requests", "urllib3"]
    assert run("pkgtool", "list", "u*", "i*").stdout.split() == [
        "idna",
        "3.11b1",
        "beta",
        "urllib3",
        "2.3.0b2",
        "beta",
    ]
    info = run("pkgtool", "info", "requests", "--field", "version", "--field", "extras")
    assert info.stdout.splitlines() == ["version: 2.33.0b1", "extras: socks"]
    refused = run("pkgtool", "remove", "idna")
    assert refused.returncode == 1 and "--yes" in refused.stderr
    assert run("pkgtool", "rm", "idna", "urllib3", "-y").returncode == 0
    assert run("pkgtool", "cache", "clean").stdout.strip() == "removed 2 cached file(s)"
    assert run("pkgtool", "cache", "show").stdout.strip() == "requests-2.33.0b1.tar"
    assert run("pkgtool", "install", "numpy", "--no-deps", "-q").stdout == ""


def test_pkgtool_parser_rejects_what_its_definition_forbids(sample_home: Path) -> None:
    both = run("pkgtool", "install", "idna", "--user", "--system")
    assert both.returncode == 2 and "not allowed with argument" in both.stderr
    no_package = run("pkgtool", "install")
    assert no_package.returncode == 2 and "PACKAGE" in no_package.stderr
    unknown = run("pkgtool", "install", "leftpad")
    assert unknown.returncode == 1 and "no package leftpad in the catalog" in unknown.stderr
    root = sample_home / "elsewhere"
    assert run("pkgtool", "install", "idna", "--root", str(root)).returncode == 0
    assert "idna" in json.loads((root / "installed.json").read_text())


def test_state_defaults_to_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WORKBENCH_SAMPLE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert run("notes", "add", "hello").returncode == 0
    assert (tmp_path / "data" / "mcp-workbench-samples" / "notes" / "notes.json").is_file()


def _environ() -> dict[str, str]:
    import os

    return dict(os.environ)
