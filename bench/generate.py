"""Generated CLIs of any size: command trees built in code, their mcp.toml, and a click module.

`generated_tree(n)` is a CLI named `gen` with `n` runnable commands `gen areaNNN actionNNN`
(groups of 50), each with a count/value/choice/boolean flag mix and a positional, so schemas,
names and descriptions have realistic work to do. `write_config` turns a tree into a
self-contained mcp.toml (what `serve` reads). `write_click_module` writes the same shape as a
real click program into a folder, for the rows where a real loader or process must import it.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from workbench.model.config import Config, Loader, ServerConfig, SourceConfig
from workbench.model.config_file import save_config
from workbench.model.tree import Command, CommandTree, Flag, FlagKind, Positional, ValueType

PER_GROUP = 50


def generated_tree(commands: int, *, root: str = "gen") -> CommandTree:
    """A tree with exactly `commands` runnable leaves, 50 to a group."""
    groups = []
    for g in range((commands + PER_GROUP - 1) // PER_GROUP):
        count = min(PER_GROUP, commands - g * PER_GROUP)
        leaves = [_leaf(root, g, c) for c in range(count)]
        groups.append(
            Command(
                path=[root, f"area{g:03d}"],
                short_help=f"Commands of area {g}.",
                runnable=False,
                subcommands=leaves,
            )
        )
    return CommandTree(
        root=Command(
            path=[root],
            short_help="A generated CLI.",
            runnable=False,
            subcommands=groups,
            flags=[Flag(name="verbose", short="v", kind=FlagKind.COUNT, help="More output.")],
        ),
        cli_version="1.0.0",
    )


def _leaf(root: str, g: int, c: int) -> Command:
    return Command(
        path=[root, f"area{g:03d}", f"action{c:03d}"],
        short_help=f"Run action {c} of area {g}.",
        help=f"Run action {c} of area {g} on TARGET. It reads the target, changes it and reports.",
        flags=[
            Flag(name="name", help="The name to act on."),
            Flag(name="count", help="How many.", value_type=ValueType.INTEGER, default=1),
            Flag(name="mode", help="How.", value_type=ValueType.CHOICE, choices=["fast", "safe"]),
            Flag(name="force", help="Do it anyway.", kind=FlagKind.BOOLEAN),
        ],
        positionals=[Positional(name="TARGET", help="What to act on.")],
    )


def config_for(tree: CommandTree, command: list[str]) -> Config:
    """A fresh config exposing every command of `tree`, run as `command`."""
    name = tree.root.name
    return Config(
        source=SourceConfig(
            command=command, loader=Loader.CLICK, target=f"{name}:cli", cli_version=tree.cli_version
        ),
        server=ServerConfig(name=name, version=tree.cli_version or "1.0.0"),
        snapshot=tree,
    )


def write_config(tree: CommandTree, path: Path, command: list[str] | None = None) -> Path:
    """Save `tree` as a self-contained mcp.toml at `path` (its tools run `command`)."""
    save_config(config_for(tree, command or [sys.executable, "-c", "pass"]), path)
    return path


def write_click_module(folder: Path, module: str, commands: int) -> str:
    """Write `folder/<module>.py`, a click CLI shaped like `generated_tree(commands)`;
    returns its import target (`module:cli`). Put `folder` on sys.path to load it."""
    source = textwrap.dedent(f'''\
        """A generated click CLI with {commands} commands (written by the bench)."""
        import click

        @click.group(name="gen")
        @click.option("--verbose", "-v", count=True, help="More output.")
        def cli(verbose):
            """A generated CLI."""

        def _make(g, count):
            group = click.Group(name=f"area{{g:03d}}", help=f"Commands of area {{g}}.")
            for c in range(count):
                params = [
                    click.Option(["--name"], help="The name to act on."),
                    click.Option(["--count"], type=int, default=1, help="How many."),
                    click.Option(["--mode"], type=click.Choice(["fast", "safe"]), help="How."),
                    click.Option(["--force"], is_flag=True, help="Do it anyway."),
                    click.Argument(["target"]),
                ]
                group.add_command(click.Command(
                    name=f"action{{c:03d}}", params=params, callback=lambda **_: None,
                    help=f"Run action {{c}} of area {{g}} on TARGET. It reads the target, changes it and reports."))
            return group

        for _g in range({(commands + PER_GROUP - 1) // PER_GROUP}):
            cli.add_command(_make(_g, min({PER_GROUP}, {commands} - _g * {PER_GROUP})))
        ''')
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    return f"{module}:cli"
