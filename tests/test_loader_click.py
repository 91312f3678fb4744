"""The click and typer loaders read every command, flag and positional exactly as click defines it."""

from __future__ import annotations

import enum
import sys
import textwrap
from pathlib import Path

import click
import pytest
import typer
import typer.main
from loader_expectations import check_click_tree, find

from workbench.loaders import load
from workbench.model.config import Loader
from workbench.model.tree import FlagKind, ValueType


def test_deployctl_matches_its_click_definition() -> None:
    from sample_clis.deployctl import cli

    loaded = load("sample_clis.deployctl:cli")
    assert loaded.source.loader is Loader.CLICK
    assert check_click_tree(loaded.tree, cli) == sum(1 for _ in loaded.tree.walk()) == 15


def test_deployctl_details_users_rely_on() -> None:
    from sample_clis import deployctl

    tree = load("sample_clis.deployctl:cli").tree
    assert tree.root.name == "deployctl" and tree.cli_version == deployctl.__version__
    root = tree.root
    assert not root.runnable
    env = next(f for f in root.flags if f.name == "env")
    assert (env.short, env.kind, env.value_type, env.choices, env.default) == (
        "e",
        FlagKind.VALUE,
        ValueType.CHOICE,
        deployctl.ENVIRONMENTS,
        "dev",
    )
    assert next(f for f in root.flags if f.name == "verbose").kind is FlagKind.COUNT
    assert next(f for f in root.flags if f.name == "config").env_var == "DEPLOYCTL_CONFIG"
    deploy = find(tree, "deployctl deploy")
    assert deploy.short_help == "Deploy services to the selected environment."
    assert deploy.help.startswith("Deploy one or more services at a given image tag.")
    assert "deployctl deploy api --tag v1.2.3" in deploy.examples and "\b" not in deploy.examples
    by_name = {f.name: f for f in deploy.flags}
    assert (
        by_name["tag"].required and by_name["labels" if "labels" in by_name else "label"].repeatable
    )
    assert by_name["dry-run"].negatable and by_name["dry-run"].default is False
    assert by_name["wait"].negatable and by_name["wait"].default is True
    assert by_name["token"].env_var == "DEPLOYCTL_TOKEN"
    assert by_name["timeout"].value_type is ValueType.NUMBER and by_name["timeout"].default == 30.0
    services = deploy.positionals[0]
    assert (services.name, services.required, services.variadic) == ("SERVICES", True, True)
    legacy = find(tree, "deployctl legacy-deploy")
    assert legacy.deprecated and legacy.short_help == "Deploy SERVICE the old way (use `deploy`)."
    assert find(tree, "deployctl debug-dump").hidden
    secrets = find(tree, "deployctl secrets")
    assert not secrets.runnable and [f.name for f in secrets.flags] == ["vault"]
    assert [c.name for c in secrets.subcommands] == ["delete", "get", "list", "set"]
    assert {c.name for c in root.subcommands} >= {"completion", "mcp", "helpers"}


def test_notes_matches_its_typer_definition() -> None:
    from sample_clis.notes import app

    loaded = load("sample_clis.notes:app")
    assert loaded.source.loader is Loader.TYPER
    assert loaded.tree.root.name == "notes"
    assert check_click_tree(loaded.tree, typer.main.get_command(app)) == 10
    add = find(loaded.tree, "notes add")
    kind = next(f for f in add.flags if f.name == "kind")
    assert kind.choices == ["note", "todo", "idea"] and kind.default == "note"
    assert next(f for f in add.flags if f.name == "tag").repeatable
    assert next(f for f in add.flags if f.name == "pinned").negatable
    assert next(f for f in add.flags if f.name == "priority").value_type is ValueType.INTEGER
    assert find(loaded.tree, "notes search").positionals[0].variadic
    assert [c.name for c in find(loaded.tree, "notes tag").subcommands] == ["add", "remove", "list"]


class Colour(enum.Enum):
    RED = "r"
    GREEN = "g"


def _rich_click_cli() -> click.Group:
    """A click CLI using what the samples do not: ranges, dates, files, tuples, enums, aliases…"""

    @click.group(invoke_without_command=True, context_settings={"auto_envvar_prefix": "TOOL"})
    @click.option("--level", type=click.IntRange(1, 5), default=3)
    @click.option("--ratio", type=click.FloatRange(0, 1))
    @click.option("--since", type=click.DateTime(["%Y-%m-%d"]))
    @click.option("--secret", hidden=True)
    @click.option("--old", deprecated=True, is_flag=True)
    @click.option("--colour", type=click.Choice(Colour), default=Colour.GREEN)
    @click.option("--shout/--whisper", default=False)
    @click.option("-n", type=int, help="Short only.")
    @click.option("--when", default=lambda: "now", show_default="now")
    def tool(**_: object) -> None:
        """Tool.\f

        Hidden from help."""

    @tool.command()
    @click.option("--point", nargs=2, type=int)
    @click.option("--infile", type=click.File("r"))
    @click.argument("pair", nargs=2)
    @click.argument("rest", nargs=-1)
    def draw(**_: object) -> None:
        """Draw.

        \b
        keep   this
        layout
        """

    tool.add_command(draw, "paint")
    return tool


def test_a_click_cli_with_every_parameter_shape() -> None:
    tool = _rich_click_cli()
    module = type(sys)("rich_click_cli")
    module.tool = tool
    sys.modules["rich_click_cli"] = module
    try:
        tree = load("rich_click_cli:tool", name="tool").tree
    finally:
        del sys.modules["rich_click_cli"]
    assert check_click_tree(tree, tool) == 2
    root = tree.root
    assert root.runnable and root.help == "Tool."
    flags = {f.key: f for f in root.flags}
    assert flags["level"].value_type is ValueType.INTEGER and "1<=x<=5" in flags["level"].type_name
    assert flags["ratio"].value_type is ValueType.NUMBER
    assert flags["since"].value_type is ValueType.STRING and "%Y-%m-%d" in flags["since"].type_name
    assert flags["secret"].hidden and flags["old"].deprecated
    assert flags["colour"].choices == ["RED", "GREEN"] and flags["colour"].default == "GREEN"
    assert not flags["shout"].negatable and any("--whisper" in n for n in tree.notes)
    assert flags["n"].name is None and flags["n"].short == "n"
    assert flags["when"].default is None
    assert flags["level"].env_var == "TOOL_LEVEL"
    draw = find(tree, "tool draw")
    assert draw.aliases == ["paint"]
    assert "keep   this\nlayout" in draw.help
    assert {f.key: f for f in draw.flags}["infile"].value_type is ValueType.PATH
    assert [p.variadic for p in draw.positionals] == [True, True]
    point = {f.key: f for f in draw.flags}["point"]
    assert point.nargs == 2 and point.value_type is ValueType.INTEGER and point.item_types is None
    assert not any("--point" in n for n in tree.notes)
    assert (flags["level"].minimum, flags["level"].maximum) == (1, 5)
    assert {f.key: f for f in draw.flags}["point"].env_var == "TOOL_DRAW_POINT"


def test_group_options_stay_on_the_group_that_declares_them() -> None:
    tree = load("sample_clis.deployctl:cli").tree
    deploy = find(tree, "deployctl deploy")
    assert all(f.inherited_from is None for f in deploy.flags)
    assert "env" not in {f.name for f in deploy.flags}
    assert "env" in {f.name for f in tree.root.flags}


def test_typer_function_target_and_single_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "greeter.py").write_text(
        textwrap.dedent('''
        import typer

        def main(name: str, times: int = typer.Option(1, "--times", "-t", count=False),
                 loud: bool = False) -> None:
            """Greet NAME."""
            print("hello " * times + name)

        def run() -> None:
            typer.run(main)
    ''')
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "greeter", None)  # teardown removes the imported module again,
    del sys.modules[
        "greeter"
    ]  # so test_crawl_foreign's "nothing imported here" check holds after it
    loaded = load("greeter:run")
    assert loaded.tree.root.name == "greeter"
    root = loaded.tree.root
    assert [p.name for p in root.positionals] == ["NAME"]
    flags = {f.key: f for f in root.flags}
    assert flags["times"].default == 1 and flags["times"].short == "t"
    assert flags["loud"].kind is FlagKind.BOOLEAN and flags["loud"].negatable


def test_typer_callback_options_are_root_flags_and_completion_is_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "acme_admin.py").write_text(
        textwrap.dedent('''
        from typing import Annotated, Literal, Optional
        import typer

        app = typer.Typer()

        @app.callback()
        def main(verbose: Annotated[int, typer.Option("--verbose", "-v", count=True)] = 0,
                 color: bool = True) -> None:
            """Acme admin."""

        @app.command()
        def sync(mode: Annotated[Literal["fast", "safe"], typer.Option()] = "safe",
                 name: Annotated[Optional[str], typer.Option(prompt=True)] = None) -> None:
            """Sync."""
    ''')
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    loaded = load("acme_admin:app")
    import acme_admin

    assert check_click_tree(loaded.tree, typer.main.get_command(acme_admin.app)) == 2
    root = loaded.tree.root
    assert not root.runnable
    flags = {f.key: f for f in root.flags}
    assert (
        flags["verbose"].kind is FlagKind.COUNT
        and flags["color"].negatable
        and flags["color"].default is True
    )
    assert flags["install-completion"].hidden and flags["show-completion"].hidden
    sync = find(loaded.tree, "acme_admin sync")
    assert {f.key: f for f in sync.flags}["mode"].choices == ["fast", "safe"]
    assert any("--name is asked for interactively" in note for note in loaded.tree.notes)


def test_a_group_whose_commands_cannot_be_listed_keeps_the_rest() -> None:
    class PluginGroup(click.Group):
        def list_commands(self, ctx: click.Context) -> list[str]:
            raise RuntimeError("needs a config file")

    @click.group(cls=PluginGroup)
    @click.option("--profile")
    def plugged(profile: str) -> None:
        """Plugins."""

    from workbench.loaders.click_loader import click_tree_data
    from workbench.model.tree import CommandTree

    tree = CommandTree.from_data(click_tree_data(plugged, "plugged"))
    assert [f.name for f in tree.root.flags] == ["profile"] and tree.root.subcommands == []
    assert tree.notes == ["plugged: its subcommands could not be listed (RuntimeError)"]
