"""Single-dash long options (`-name PATTERN`, `-maxdepth LEVELS`): read from help by evidence,
kept in the tree as spelled, and bound back exactly so by argv.

Fixtures: GNU find 4.9's `--help` (as recorded for the corpus, tests/corpus/recordings/find.json)
and OpenJDK 17's `java -help`, both real outputs; expected values read off the text by hand.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from help_support import flags_of, parsed

from workbench.loaders.help.detect import parser_for
from workbench.loaders.help.synopsis import synopsis_flags
from workbench.model.config import Config
from workbench.model.surface import build_surface
from workbench.model.tree import Command, CommandTree, FlagKind
from workbench.runtime.argv import build_argv


def test_find_rows_of_packed_predicates_are_single_dash_options():
    result = parsed("gnu_find_single_dash.txt", ["find"])
    flags = flags_of(result)
    name = flags["name"]
    assert (name.spelling, name.kind, name.metavar, name.single_dash) == (
        "-name",
        FlagKind.VALUE,
        "PATTERN",
        True,
    )
    assert flags["maxdepth"].spelling == "-maxdepth" and flags["maxdepth"].metavar == "LEVELS"
    assert flags["print"].kind is FlagKind.BOOLEAN and flags["daystart"].kind is FlagKind.BOOLEAN
    assert flags["fprintf"].nargs == 2  # `-fprintf FILE FORMAT`
    assert flags["files0-from"].single_dash and flags["ignore_readdir_race"].single_dash
    assert not flags["version"].single_dash  # `--version` is spelled with two
    assert not any(
        f.name and f.name.startswith(("not", "and", "or")) for f in result.flags
    )  # `( EXPR ) ! EXPR -not EXPR`
    assert (
        "exec" not in flags and "-exec" in result.unread
    )  # `-exec COMMAND ;`: no one spelling, a sign


def test_java_single_dash_names_beside_double_dash_ones():
    flags = flags_of(parsed("java_single_dash.txt", ["java"]))
    assert flags["classpath"].spelling == "-classpath" and flags["classpath"].kind is FlagKind.VALUE
    assert flags["showversion"].spelling == "-showversion"
    assert (
        flags["class-path"].spelling == "--class-path"
        and flags["show-version"].spelling == "--show-version"
    )
    assert flags["module-path"].spelling == "--module-path"
    # `-verbose:[class|module|gc|jni]`, `-D<name>=<value>`: values only attached, never `-verbose class`
    assert "verbose" not in flags and "D" not in flags


def test_clusters_of_short_flags_stay_short_flags():
    flags = {f.key: f for f in synopsis_flags(["ssh [-46AaC] [-B bind_interface] [-p port]"])}
    assert {"4", "6", "A", "a", "C", "B", "p"} == set(flags)
    assert not any(f.single_dash for f in flags.values())


def test_a_single_dash_name_also_spelled_with_two_is_a_double_dash_option():
    text = "Usage: tool [options]\n\nOptions:\n  -verbose       Talk more (also --verbose).\n  -quiet         Talk less.\n"
    flags = flags_of(parser_for("generic")(text, ["tool"]))
    assert flags["verbose"].spelling == "--verbose"
    assert flags["quiet"].spelling == "-quiet"


def _find_tool():
    result = parsed("gnu_find_single_dash.txt", ["find"])
    tree = CommandTree(
        root=Command(path=["find"], flags=result.flags, positionals=result.positionals)
    )
    assert CommandTree.from_data(tree.to_data()) == tree  # single_dash survives the snapshot
    return build_surface(tree, Config()).tools[0]


def test_argv_writes_a_single_dash_option_as_spelled_with_its_value_as_the_next_word():
    tool = _find_tool()
    argv = build_argv(tool.binding, ["find"], {"maxdepth": 1, "name": "*.txt", "print": True})
    assert argv == ["find", "-maxdepth", "1", "-name", "*.txt", "-print"]
    assert (
        "pattern" in tool.input_schema["properties"]["name"]
    )  # a value starting with `-` is refused


@pytest.mark.skipif(shutil.which("find") is None, reason="find is not installed")
def test_the_real_find_runs_the_bound_argv(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "b.log").write_text("x")
    (tmp_path / "deep").mkdir()
    (tmp_path / "deep" / "c.txt").write_text("x")
    tool = _find_tool()
    argv = build_argv(
        tool.binding, [shutil.which("find")], {"maxdepth": 1, "name": "*.txt", "type": "f"}
    )
    done = subprocess.run(
        argv, cwd=tmp_path, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["./a.txt"]
