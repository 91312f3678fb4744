"""A flag with several spellings is one flag that knows them all (`Flag.aliases`): the model keeps
and checks them, the exact loaders read every spelling a framework declares, and a tool always
writes the primary one.

Each exact-loader test builds a real framework object and checks every recorded alias against
that same object's own parser: the alias must be accepted and read as the primary spelling is.
"""

from __future__ import annotations

import argparse
import json
import optparse
import shutil
import subprocess
import tomllib

import click
import pytest
import tomli_w
from pydantic import ValidationError

from workbench.loaders.argparse_loader import argparse_tree_data
from workbench.loaders.click_loader import click_tree_data
from workbench.loaders.optparse_loader import optparse_tree_data
from workbench.model.config import Config
from workbench.model.surface import build_surface
from workbench.model.tree import Command, CommandTree, Flag, FlagKind
from workbench.runtime.argv import build_argv


def _flags(tree: CommandTree, path: str | None = None) -> dict[str, Flag]:
    command = tree.find(path) if path else tree.root
    assert command is not None
    return {f.key: f for f in command.flags}


# --- the model ----------------------------------------------------------------------------------


def test_aliases_round_trip_through_json_and_toml() -> None:
    tree = CommandTree(
        root=Command(
            path=["grep"],
            flags=[
                Flag(name="quiet", short="q", kind=FlagKind.BOOLEAN, aliases=["--silent"]),
                Flag(short="h", kind=FlagKind.BOOLEAN, aliases=["-?"]),
                Flag(name="dry-run", short="n", kind=FlagKind.BOOLEAN, aliases=["--no-act", "-N"]),
                Flag(name="color"),
            ],
        )
    )
    data = tree.to_data()
    assert data["root"]["flags"][0]["aliases"] == ["--silent"]
    assert "aliases" not in data["root"]["flags"][3]  # absent when none: older snapshots unchanged
    assert CommandTree.from_data(json.loads(json.dumps(data))) == tree
    assert CommandTree.from_data(tomllib.loads(tomli_w.dumps(data))) == tree
    assert tree.root.flags[2].spellings == ["--dry-run", "-n", "--no-act", "-N"]


@pytest.mark.parametrize(
    ("aliases", "says"),
    [
        (["--quiet"], "own spelling"),
        (["-q"], "own spelling"),
        (["silent"], "not an option spelling"),
        (["--si lent"], "not an option spelling"),
        (["--silent=1"], "not an option spelling"),
        (["--silent", "--silent"], "listed twice"),
    ],
)
def test_an_alias_that_is_no_other_spelling_is_refused(aliases: list[str], says: str) -> None:
    with pytest.raises(ValidationError, match=says):
        Flag(name="quiet", short="q", aliases=aliases)


def test_an_alias_equal_to_the_off_form_of_a_negatable_flag_is_refused() -> None:
    with pytest.raises(ValidationError, match="own spelling"):
        Flag(name="color", negatable=True, aliases=["--no-color"])


def test_an_alias_another_flag_of_the_command_spells_is_refused() -> None:
    quiet = Flag(name="quiet", short="q", kind=FlagKind.BOOLEAN, aliases=["--silent"])
    for other in (
        Flag(name="silent"),
        Flag(name="mute", aliases=["--silent"]),
        Flag(name="silent", negatable=True),
    ):
        with pytest.raises(ValidationError, match=r"alias --silent of flag --.* is also flag"):
            Command(path=["grep"], flags=[quiet, other])
    with pytest.raises(ValidationError, match="alias --no-color of flag --x"):
        Command(
            path=["x"],
            flags=[Flag(name="color", negatable=True), Flag(name="x", aliases=["--no-color"])],
        )
    # the same spelling on two different commands is fine
    Command(path=["a"], flags=[quiet], subcommands=[Command(path=["a", "b"], flags=[quiet])])


def test_a_snapshot_with_a_shared_alias_is_a_config_error_naming_it(tmp_path) -> None:
    from workbench.model.config_file import load_config
    from workbench.model.errors import WorkbenchError

    tree = CommandTree(root=Command(path=["grep"], flags=[Flag(name="silent")]))
    data = tree.to_data()
    data["root"]["flags"].append({"name": "quiet", "aliases": ["--silent"]})
    path = tmp_path / "mcp.toml"
    path.write_text(
        tomli_w.dumps({"version": 1, "source": {"command": ["grep"]}, "snapshot": data})
    )
    with pytest.raises(WorkbenchError) as error:
        load_config(path)
    assert "--silent" in str(error.value) and "snapshot" in str(error.value)
    assert "Traceback" not in str(error.value)


def test_the_tool_binds_the_primary_spelling_and_names_the_property_by_it() -> None:
    tree = CommandTree(
        root=Command(
            path=["grep"],
            flags=[
                Flag(name="quiet", short="q", kind=FlagKind.BOOLEAN, aliases=["--silent"]),
                Flag(short="I", kind=FlagKind.BOOLEAN, aliases=["-J"]),
                Flag(name="output", short="o", aliases=["--out", "-O"]),
            ],
        )
    )
    tool = build_surface(tree, Config()).tools[0]
    assert set(tool.input_schema["properties"]) == {"quiet", "I", "output"}
    argv = build_argv(tool.binding, ["grep"], {"quiet": True, "I": True, "output": "x"})
    assert argv == ["grep", "--quiet", "-I", "--output=x"]


# --- the exact loaders, against the frameworks' own objects ---------------------------------------


def _argparse_reads_alike(parser: argparse.ArgumentParser, flag: Flag) -> None:
    """Each alias of `flag` sets what its primary spelling sets, in the parser itself."""
    value = [] if flag.kind is not FlagKind.VALUE else ["v"]
    primary = vars(parser.parse_args([flag.spelling, *value]))
    for alias in flag.aliases:
        assert vars(parser.parse_args([alias, *value])) == primary, alias


def test_argparse_reads_every_spelling_of_an_option_in_declared_order() -> None:
    parser = argparse.ArgumentParser(prog="tool")
    parser.add_argument("-o", "--out", "--output", "-O", help="where to write")
    parser.add_argument("-q", "--quiet", "--silent", action="store_true")
    parser.add_argument("-h2", "-hh", action="store_true", help="single-dash long options")
    parser.add_argument("--color", "--colour", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("-v", action="count", default=0)
    tree = CommandTree.from_data({"root": argparse_tree_data(parser, "tool")["root"]})
    flags = _flags(tree)
    assert (flags["out"].short, flags["out"].aliases) == ("o", ("--output", "-O"))
    assert flags["quiet"].aliases == ("--silent",)
    assert (flags["h2"].single_dash, flags["h2"].aliases) == (True, ("-hh",))
    assert (flags["color"].negatable, flags["color"].aliases) == (True, ("--colour",))
    assert flags["v"].aliases == ()
    for flag in flags.values():
        _argparse_reads_alike(parser, flag)


def test_argparse_subcommand_options_keep_their_aliases() -> None:
    parser = argparse.ArgumentParser(prog="tool")
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run")
    run.add_argument("-n", "--dry-run", "--no-act", action="store_true")
    tree = CommandTree.from_data({"root": argparse_tree_data(parser, "tool")["root"]})
    assert _flags(tree, "tool run")["dry-run"].aliases == ("--no-act",)


def test_click_reads_every_spelling_of_an_option_in_declared_order() -> None:
    @click.command()
    @click.option("--dry-run", "-n", "--no-act", is_flag=True)
    @click.option("-o", "--out", "--output", "-O", default="-")
    @click.option("--color/--no-color", "--colour", default=True)
    @click.option("--shout/--whisper", default=False)
    def tool(dry_run, out, color, shout):
        click.echo(json.dumps([dry_run, out, color, shout]))

    tree = CommandTree.from_data({"root": click_tree_data(tool, "tool")["root"]})
    flags = _flags(tree)
    assert (flags["dry-run"].short, flags["dry-run"].aliases) == ("n", ("--no-act",))
    assert (flags["out"].short, flags["out"].aliases) == ("o", ("--output", "-O"))
    assert (flags["color"].negatable, flags["color"].aliases) == (True, ("--colour",))
    assert flags["shout"].aliases == ()  # `--whisper` switches it off: not a second spelling
    for flag in flags.values():
        value = [] if flag.kind is not FlagKind.VALUE else ["v"]
        primary = tool.make_context("tool", [flag.spelling, *value]).params
        for alias in flag.aliases:
            assert tool.make_context("tool", [alias, *value]).params == primary, alias


def test_click_options_sharing_a_string_keep_it_on_one_flag_with_a_note() -> None:
    @click.command()
    @click.option("--verbose", "--loud", is_flag=True)
    @click.option("--loud", "--noisy", "nosy", is_flag=True)
    def tool(verbose, nosy):
        pass

    data = click_tree_data(tool, "tool")
    tree = CommandTree.from_data({"root": data["root"]})  # a valid tree: no spelling twice
    flags = _flags(tree)
    assert flags["verbose"].aliases == () and flags["loud"].aliases == ("--noisy",)
    assert any("--loud is declared by two options" in note for note in data["notes"])


def test_optparse_reads_every_spelling_of_an_option() -> None:
    parser = optparse.OptionParser(prog="tool")
    parser.add_option("-q", "--quiet", "--silent", "-s", action="store_true", dest="quiet")
    parser.add_option("-o", "--output", dest="output")
    data = optparse_tree_data(parser, "tool")
    tree = CommandTree.from_data({"root": data["root"]})
    flags = _flags(tree)
    assert (flags["quiet"].short, flags["quiet"].aliases) == ("q", ("-s", "--silent"))
    assert flags["output"].aliases == ()
    primary, _ = parser.parse_args(["--quiet"])
    for alias in flags["quiet"].aliases:
        assert parser.parse_args([alias])[0] == primary


# --- the two witnesses ------------------------------------------------------------------------------


def test_a_spelling_help_shows_as_its_own_row_is_matched_by_the_exact_flags_alias() -> None:
    from workbench.loaders.witness import compare

    @click.command()
    @click.option("-q", "--quiet", "--silent", is_flag=True, help="Say nothing.")
    def tool(quiet):
        pass

    exact = CommandTree.from_data({"root": click_tree_data(tool, "tool")["root"]})
    # a hand-written help listing the old spelling on a row of its own, with other words
    helped = CommandTree(
        root=Command(
            path=["tool"],
            flags=[
                Flag(name="quiet", short="q", kind=FlagKind.BOOLEAN, help="Say nothing."),
                Flag(name="silent", kind=FlagKind.BOOLEAN, help="Kept for old scripts."),
            ],
        )
    )
    found = compare(exact, helped)
    assert found.disagreements == [] and found.taken.flags == 0
    assert [f.key for f in exact.root.flags] == ["quiet"]
    # and the other way round: help's flag knows the alias the exact tree lacks as a flag
    exact_two = CommandTree(
        root=Command(
            path=["tool"],
            flags=[Flag(name="quiet", kind=FlagKind.BOOLEAN), Flag(name="silent", help="x")],
        )
    )
    helped_one = CommandTree(
        root=Command(
            path=["tool"],
            flags=[Flag(name="quiet", kind=FlagKind.BOOLEAN, aliases=["--silent"], help="y")],
        )
    )
    assert compare(exact_two, helped_one).disagreements == []


def test_a_flag_taken_from_help_never_shares_a_spelling_with_an_exact_flag() -> None:
    from workbench.loaders.witness import compare

    exact = CommandTree(
        root=Command(path=["tool"], flags=[Flag(name="color", negatable=True, help="a")])
    )
    helped = CommandTree(
        root=Command(
            path=["tool"],
            flags=[Flag(name="mono", kind=FlagKind.BOOLEAN, aliases=["--no-color"], help="b")],
        )
    )
    compare(exact, helped)
    assert [(f.key, f.aliases) for f in exact.root.flags] == [("color", ()), ("mono", ())]
    CommandTree.from_data(exact.to_data())  # still a valid tree


# --- live: a real CLI -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def grep_tree(tmp_path_factory) -> CommandTree:
    if (
        shutil.which("grep") is None
        or "GNU" not in subprocess.run(["grep", "--version"], capture_output=True, text=True).stdout
    ):
        pytest.skip("GNU grep is not installed")
    from workbench.loaders.help import crawl

    return crawl("grep", use_cache=False, cache_dir=tmp_path_factory.mktemp("cache"))


def test_grep_loads_quiet_as_one_flag_that_knows_silent(grep_tree: CommandTree) -> None:
    flags = _flags(grep_tree)
    assert (flags["quiet"].short, flags["quiet"].aliases) == ("q", ("--silent",))
    assert flags["color"].aliases == ("--colour",)
    assert "silent" not in flags and "colour" not in flags


def test_every_alias_read_from_grep_is_a_spelling_grep_accepts(grep_tree: CommandTree) -> None:
    aliased = [f for f in grep_tree.root.flags if f.aliases]
    assert aliased
    for flag in aliased:
        for alias in flag.aliases:
            words = [alias] if flag.kind is not FlagKind.VALUE else [f"{alias}=auto"]
            done = subprocess.run(
                ["grep", *words, "x", "/dev/null"], capture_output=True, text=True, timeout=10
            )
            assert done.returncode == 1 and not done.stderr, (alias, done.stderr)  # 2: bad option


def test_a_grep_tool_call_writes_the_primary_spelling_and_grep_runs_it(
    grep_tree: CommandTree, tmp_path
) -> None:
    tool = build_surface(grep_tree, Config()).tools[0]
    assert "silent" not in tool.input_schema["properties"]
    (tmp_path / "notes.txt").write_text("alpha\nbeta\n")
    argv = build_argv(
        tool.binding, ["grep"], {"quiet": True, "patterns": "beta", "file_arg": ["notes.txt"]}
    )
    assert "--quiet" in argv and "--silent" not in argv
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=10)
    assert (done.returncode, done.stdout) == (0, "")
