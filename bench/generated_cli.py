"""A generated click CLI of any size, for the TUI benchmarks (not a test, not shipped).

`build_cli(groups, commands_per_group)` makes `gen <group-i> <cmd-j>` commands, each with a few
options of different kinds, so the surface, schemas and previews have realistic work to do.
"""

from __future__ import annotations

import click


def build_cli(groups: int = 40, per_group: int = 50) -> click.Group:
    @click.group(name="gen")
    @click.option("--verbose", "-v", count=True, help="More output.")
    def cli(verbose: int) -> None:
        """A generated CLI."""

    for g in range(groups):
        group = click.Group(name=f"area{g:03d}", help=f"Commands of area {g}.")
        for c in range(per_group):
            params = [
                click.Option(["--name"], help="The name to act on."),
                click.Option(["--count"], type=int, default=1, help="How many."),
                click.Option(["--mode"], type=click.Choice(["fast", "safe"]), help="How."),
                click.Option(["--force"], is_flag=True, help="Do it anyway."),
                click.Argument(["target"]),
            ]
            group.add_command(click.Command(name=f"action{c:03d}", params=params,
                                            help=f"Run action {c} of area {g} on TARGET.",
                                            callback=lambda **_: None))
        cli.add_command(group)
    return cli


SIZES = {"cli_2000": (40, 50), "cli_1000": (20, 50)}


def __getattr__(name: str) -> click.Group:
    """`cli_2000` / `cli_1000`, built on first access (only the one a benchmark loads)."""
    if name not in SIZES:
        raise AttributeError(name)
    cli = build_cli(*SIZES[name])
    globals()[name] = cli
    return cli
