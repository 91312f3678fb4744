"""The crawler's rules for the help-text classes issue 12 lists, each pinned on a real capture.

Every fixture here is a CLI's own output, captured on a Debian 12 machine (rclone 1.60, restic
0.14, git 2.39, jq 1.6, curl 7.88, …) with the crawler's environment (`NO_COLOR=1 TERM=dumb
COLUMNS=200`); the expected values were read off the text by hand.
"""

from __future__ import annotations

from pathlib import Path

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind, ValueType

FIXTURES = Path(__file__).parent / "fixtures" / "help"


def parsed(name: str, path: list[str]):
    text = (FIXTURES / name).read_text()
    return parser_for(detect_style(text))(text, path)


def flags_of(result) -> dict:
    return {flag.key: flag for flag in result.flags}


def commands_of(result) -> dict:
    return {command.name: command for command in result.subcommands}


# cobra pads names to the longest and then prints one space


def test_cobra_longest_command_name_followed_by_one_space_is_listed():
    commands = commands_of(parsed("cobra_rclone_root.txt", ["rclone"]))
    assert "genautocomplete" in commands
    assert commands["genautocomplete"].summary == "Output completion script for a given shell."
    assert len(commands) == 52  # every row of `Available Commands:`, none invented
    assert "gendocs" in commands and "version" in commands


def test_cobra_one_space_rows_in_a_second_cli():
    commands = commands_of(parsed("cobra_restic_root.txt", ["restic"]))
    assert commands["rebuild-index"].summary == "Build a new index"
    assert commands["self-update"].summary == "Update the restic binary"


# optional positionals


def test_a_positional_is_required_only_when_every_usage_form_requires_it():
    result = parsed("git_diff_forms.txt", ["git", "diff"])
    assert [(p.name, p.required, p.variadic) for p in result.positionals] == [
        ("commit", False, False),
        ("path", False, True),
    ]
    checkout = parsed("git_checkout.txt", ["git", "checkout"])
    assert [(p.name, p.required) for p in checkout.positionals] == [("branch", False)]


def test_an_optional_path_list_after_an_optional_separator():
    result = parsed("git_log.txt", ["git", "log"])
    assert [(p.name, p.required, p.variadic) for p in result.positionals] == [
        ("revision-range", False, False),
        ("path", False, True),
    ]


# several placeholder words: the option takes that many words


def test_a_placeholder_of_several_words_takes_exactly_that_many():
    flags = flags_of(parsed("jq_options.txt", ["jq"]))
    assert (flags["arg"].kind, flags["arg"].nargs, flags["arg"].metavar) == (FlagKind.VALUE, 2, "a v")
    assert flags["rawfile"].nargs == 2 and flags["slurpfile"].nargs == 2
    assert flags["tab"].kind is FlagKind.BOOLEAN and flags["tab"].nargs is None
    assert flags["args"].kind is FlagKind.BOOLEAN  # `--args  remaining arguments are …`


def test_click_two_word_type_is_one_value():
    flags = flags_of(parsed("click_hello.txt", ["hello"]))
    assert flags["count"].nargs is None and flags["count"].value_type is ValueType.INTEGER


def test_several_words_end_to_end_through_the_surface_and_argv():
    """What the model is offered for `--arg a v` and the words the CLI then receives."""
    from workbench.model.config import Config
    from workbench.model.surface import build_surface
    from workbench.model.tree import Command, CommandTree
    from workbench.runtime.argv import build_argv

    result = parsed("jq_options.txt", ["jq"])
    tree = CommandTree(root=Command(path=["jq"], flags=result.flags, positionals=result.positionals))
    tool = build_surface(tree, Config()).tools[0]
    schema = tool.input_schema["properties"]["arg"]
    assert (schema["type"], schema["minItems"], schema["maxItems"]) == ("array", 2, 2)
    argv = build_argv(tool.binding, ["jq"], {"jq_filter": ".", "arg": ["name", "va lue"]})
    assert argv == ["jq", "--arg", "name", "va lue", "."]
