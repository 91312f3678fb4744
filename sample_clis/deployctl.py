"""deployctl: a click sample CLI that "deploys" services into a local JSON state (the bundled default).

It mirrors the SPEC §7 example and exercises what the click loader must read exactly: group
options on the root and on a nested group, choices, count, multiple, negatable flags (default
false and default true), env-var and required options, a variadic argument, an examples epilog,
`short_help` distinct from a long docstring, a deprecated and a hidden command, and commands named
`completion`, `mcp` and `helpers` for the surface's segment-match safety filter.

State: `deployments.json` ({env: {service: record}}) and `secrets.json` ({vault: {name: value}})
in `$WORKBENCH_SAMPLE_HOME/deployctl`. Run it as `python -m sample_clis.deployctl`.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

import click

from sample_clis._state import read_json, state_dir, write_json

__version__ = "1.4.0"

ENVIRONMENTS = ["dev", "staging", "prod"]
STRATEGIES = ["rolling", "blue-green", "canary"]


def _deployments() -> dict:
    return read_json(state_dir("deployctl") / "deployments.json", {})


def _save_deployments(data: dict) -> None:
    write_json(state_dir("deployctl") / "deployments.json", data)


def _secrets() -> dict:
    return read_json(state_dir("deployctl") / "secrets.json", {})


def _save_secrets(data: dict) -> None:
    write_json(state_dir("deployctl") / "secrets.json", data)


def _emit(ctx: click.Context, data: object, text: str) -> None:
    """Print `data` as JSON under `--json`, else the human `text`."""
    if ctx.find_root().params.get("json_output"):
        click.echo(json.dumps(data, sort_keys=True))
    else:
        click.echo(text)


@click.group()
@click.option(
    "--env",
    "-e",
    type=click.Choice(ENVIRONMENTS),
    default="dev",
    show_default=True,
    help="Target environment.",
)
@click.option("-v", "--verbose", count=True, help="More output; repeat for more (-vv).")
@click.option(
    "--config",
    type=click.Path(dir_okay=False),
    envvar="DEPLOYCTL_CONFIG",
    help="Settings file to read (unused by the sample, echoed under -v).",
)
@click.option("--json", "json_output", is_flag=True, help="Print machine-readable JSON.")
@click.version_option(__version__, prog_name="deployctl")
@click.pass_context
def cli(ctx: click.Context, env: str, verbose: int, config: str | None, json_output: bool) -> None:
    """Deploy services and manage their secrets in dev, staging and prod.

    deployctl keeps a small record of what runs where, so you can roll out new versions,
    check status and keep secrets per vault.
    """
    ctx.ensure_object(dict)
    ctx.obj.update(env=env, verbose=verbose, config=config)
    if verbose >= 2 and config:
        click.echo(f"using config {config}", err=True)


@cli.command(
    short_help="Deploy services to the selected environment.",
    epilog="""Examples:

\b
  deployctl deploy api --tag v1.2.3
  deployctl -e prod deploy api worker --tag v2.0.0 --replicas 3 --label team=infra
""",
)
@click.argument("services", nargs=-1, required=True, metavar="SERVICES...")
@click.option("--tag", required=True, help="Image tag to roll out (e.g. v1.2.3).")
@click.option(
    "--replicas", "-r", type=int, default=1, show_default=True, help="Replicas per service."
)
@click.option(
    "--label", "labels", multiple=True, metavar="KEY=VALUE", help="Label to attach; repeatable."
)
@click.option(
    "--strategy",
    type=click.Choice(STRATEGIES),
    default="rolling",
    show_default=True,
    help="How instances are replaced.",
)
@click.option(
    "--timeout",
    type=float,
    default=30.0,
    show_default=True,
    help="Seconds to wait for the rollout.",
)
@click.option("--dry-run/--no-dry-run", default=False, help="Show the plan without recording it.")
@click.option("--wait/--no-wait", default=True, help="Wait until the rollout is healthy.")
@click.option("--token", envvar="DEPLOYCTL_TOKEN", help="API token for the deploy service.")
@click.pass_context
def deploy(
    ctx: click.Context,
    services: tuple[str, ...],
    tag: str,
    replicas: int,
    labels: tuple[str, ...],
    strategy: str,
    timeout: float,
    dry_run: bool,
    wait: bool,
    token: str | None,
) -> None:
    """Deploy one or more services at a given image tag.

    Records each service with its tag, replica count, labels and strategy in the selected
    environment. Deploying a service again replaces its record and bumps its revision.
    Production deploys need --token (or DEPLOYCTL_TOKEN).
    """
    env = ctx.obj["env"]
    if replicas < 0:
        raise click.BadParameter("must be 0 or more", param_hint="--replicas")
    parsed_labels: dict[str, str] = {}
    for label in labels:
        key, sep, value = label.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{label!r} is not KEY=VALUE", param_hint="--label")
        parsed_labels[key] = value
    if env == "prod" and not token and not dry_run:
        raise click.UsageError("deploying to prod needs --token or DEPLOYCTL_TOKEN")
    state = _deployments()
    records = []
    for service in services:
        previous = state.get(env, {}).get(service, {})
        record = {
            "service": service,
            "env": env,
            "tag": tag,
            "replicas": replicas,
            "labels": parsed_labels,
            "strategy": strategy,
            "revision": previous.get("revision", 0) + 1,
            "deployed_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        records.append(record)
        if not dry_run:
            state.setdefault(env, {})[service] = record
    if not dry_run:
        _save_deployments(state)
    verb = "would deploy" if dry_run else "deployed"
    lines = [
        f"{verb} {r['service']}@{r['tag']} to {env} (revision {r['revision']}, "
        f"{r['replicas']} replicas, {strategy})"
        for r in records
    ]
    if wait and not dry_run:
        lines.append(f"rollout healthy within {timeout:g}s")
    _emit(ctx, {"dry_run": dry_run, "deployments": records}, "\n".join(lines))


@cli.command(short_help="Show what runs in the environment.")
@click.argument("service", required=False)
@click.pass_context
def status(ctx: click.Context, service: str | None) -> None:
    """Show the deployed services of the selected environment, or one SERVICE."""
    env = ctx.obj["env"]
    deployed = _deployments().get(env, {})
    if service is not None:
        if service not in deployed:
            raise click.ClickException(f"{service} is not deployed in {env}")
        deployed = {service: deployed[service]}
    text = (
        "\n".join(
            f"{name}\t{r['tag']}\trev {r['revision']}\t{r['replicas']} replicas"
            for name, r in sorted(deployed.items())
        )
        or f"nothing deployed in {env}"
    )
    _emit(ctx, {"env": env, "services": deployed}, text)


@cli.command()
@click.argument("service")
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@click.pass_context
def undeploy(ctx: click.Context, service: str, yes: bool) -> None:
    """Remove SERVICE from the selected environment."""
    env = ctx.obj["env"]
    state = _deployments()
    if service not in state.get(env, {}):
        raise click.ClickException(f"{service} is not deployed in {env}")
    if not yes:
        raise click.UsageError("undeploy needs --yes (it cannot ask: stdin is not used)")
    del state[env][service]
    _save_deployments(state)
    _emit(ctx, {"env": env, "removed": service}, f"removed {service} from {env}")


@cli.command("legacy-deploy", deprecated=True)
@click.argument("service")
@click.pass_context
def legacy_deploy(ctx: click.Context, service: str) -> None:
    """Deploy SERVICE the old way (use `deploy`)."""
    click.echo(f"legacy deploy of {service} to {ctx.obj['env']} is a no-op; use deploy")


@cli.command("debug-dump", hidden=True)
def debug_dump() -> None:
    """Print the raw state files (for maintainers)."""
    click.echo(json.dumps({"deployments": _deployments(), "secrets": _secrets()}, sort_keys=True))


@cli.group()
@click.option(
    "--vault", default="default", show_default=True, help="Which vault holds the secrets."
)
@click.pass_context
def secrets(ctx: click.Context, vault: str) -> None:
    """Manage secrets, grouped in vaults."""
    ctx.obj["vault"] = vault


@secrets.command("set")
@click.argument("name")
@click.argument("value")
@click.option("--overwrite/--no-overwrite", default=False, help="Replace an existing secret.")
@click.pass_context
def secrets_set(ctx: click.Context, name: str, value: str, overwrite: bool) -> None:
    """Store secret NAME with VALUE."""
    vault = ctx.obj["vault"]
    data = _secrets()
    if name in data.get(vault, {}) and not overwrite:
        raise click.ClickException(f"{name} already exists in vault {vault}; pass --overwrite")
    data.setdefault(vault, {})[name] = value
    _save_secrets(data)
    _emit(ctx, {"vault": vault, "set": name}, f"stored {name} in vault {vault}")


@secrets.command("get")
@click.argument("name")
@click.option("--reveal", is_flag=True, help="Print the value instead of a masked form.")
@click.pass_context
def secrets_get(ctx: click.Context, name: str, reveal: bool) -> None:
    """Print secret NAME (masked unless --reveal)."""
    vault = ctx.obj["vault"]
    value = _secrets().get(vault, {}).get(name)
    if value is None:
        raise click.ClickException(f"no secret {name} in vault {vault}")
    shown = value if reveal else "*" * len(value)
    _emit(ctx, {"vault": vault, "name": name, "value": shown}, f"{name}={shown}")


@secrets.command("list")
@click.option("--prefix", default="", help="Only names starting with this.")
@click.pass_context
def secrets_list(ctx: click.Context, prefix: str) -> None:
    """List the secret names of the vault."""
    vault = ctx.obj["vault"]
    names = sorted(n for n in _secrets().get(vault, {}) if n.startswith(prefix))
    _emit(ctx, {"vault": vault, "names": names}, "\n".join(names) or f"vault {vault} is empty")


@secrets.command("delete")
@click.argument("names", nargs=-1, required=True)
@click.pass_context
def secrets_delete(ctx: click.Context, names: tuple[str, ...]) -> None:
    """Delete one or more secrets from the vault."""
    vault = ctx.obj["vault"]
    data = _secrets()
    missing = [n for n in names if n not in data.get(vault, {})]
    if missing:
        raise click.ClickException(f"no secret {', '.join(missing)} in vault {vault}")
    for name in names:
        del data[vault][name]
    _save_secrets(data)
    _emit(
        ctx,
        {"vault": vault, "deleted": list(names)},
        f"deleted {', '.join(names)} from vault {vault}",
    )


@cli.group()
def helpers() -> None:
    """Small utilities (kept by the safety filter: `helpers` is not `help`)."""


@helpers.command("render-config")
@click.option(
    "--format", "fmt", type=click.Choice(["json", "env"]), default="env", show_default=True
)
@click.pass_context
def render_config(ctx: click.Context, fmt: str) -> None:
    """Print the effective settings."""
    settings = {"env": ctx.obj["env"], "verbose": ctx.obj["verbose"], "config": ctx.obj["config"]}
    if fmt == "json":
        click.echo(json.dumps(settings, sort_keys=True))
    else:
        click.echo(
            "\n".join(
                f"DEPLOYCTL_{k.upper()}={'' if v is None else v}" for k, v in settings.items()
            )
        )


@cli.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print a shell completion script (filtered out of the MCP surface)."""
    click.echo(f"# deployctl completion for {shell}")


@cli.command()
def mcp() -> None:
    """Serve deployctl over MCP (a stand-in; filtered out of the surface)."""
    click.echo("deployctl has no MCP server of its own; use mcp-workbench", err=True)
    raise SystemExit(1)


if __name__ == "__main__":
    cli()
