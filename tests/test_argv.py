"""The argv layout of SPEC §8, on hand-built bindings: level placement, spellings, `--` rule.

The property tests in test_argv_property.py check the same function against the sample CLIs'
own parsers; these pin the exact words for the cases a reader of the spec would check first.
"""

from __future__ import annotations

import pytest

from workbench.model.surface_types import ArgBinding, ToolBinding
from workbench.model.tree import FlagKind, ValueType
from workbench.runtime.argv import ArgvError, build_argv

COMMAND = ["deployctl"]


def flag(prop: str, level: int, spelling: str, **kw) -> ArgBinding:
    return ArgBinding(property=prop, source="flag", level=level, spelling=spelling, **kw)


def positional(prop: str, level: int = 3, **kw) -> ArgBinding:
    return ArgBinding(property=prop, source="positional", level=level, spelling=prop.upper(), **kw)


SECRETS_SET = ToolBinding(
    command_path=("deployctl", "secrets", "set"),
    args=(
        flag("env", 1, "--env"),
        flag("verbose", 1, "--verbose", kind=FlagKind.COUNT),
        flag("vault", 2, "--vault"),
        flag("overwrite", 3, "--overwrite", kind=FlagKind.BOOLEAN, negatable=True, default=False),
        positional("name"),
        positional("value"),
    ),
)


def test_flags_follow_the_segment_that_declares_them():
    argv = build_argv(
        SECRETS_SET,
        COMMAND,
        {
            "name": "db",
            "value": "s3cret",
            "vault": "ops",
            "env": "prod",
            "overwrite": True,
            "verbose": 2,
        },
    )
    assert argv == [
        "deployctl",
        "--env=prod",
        "--verbose",
        "--verbose",
        "secrets",
        "--vault=ops",
        "set",
        "--overwrite",
        "db",
        "s3cret",
    ]


def test_command_prefix_replaces_the_root_segment():
    argv = build_argv(
        SECRETS_SET, ["python", "-m", "sample_clis.deployctl"], {"name": "a", "value": "b"}
    )
    assert argv == ["python", "-m", "sample_clis.deployctl", "secrets", "set", "a", "b"]


def test_double_dash_only_when_a_positional_starts_with_a_dash():
    assert "--" not in build_argv(SECRETS_SET, COMMAND, {"name": "a", "value": "b"})
    argv = build_argv(SECRETS_SET, COMMAND, {"name": "a", "value": "-rf"})
    assert argv[-3:] == ["--", "a", "-rf"]


def test_long_values_are_glued_and_short_only_values_are_the_next_word():
    """SPEC §8 as corrected: `-nVALUE` breaks CLIs that parse options by hand (`git -Cdir`)."""
    binding = ToolBinding(("t", "run"), (flag("tag", 2, "--tag"), flag("n", 2, "-n")))
    assert build_argv(binding, ["t"], {"tag": "--rm -rf /", "n": "x y"}) == [
        "t",
        "run",
        "--tag=--rm -rf /",
        "-n",
        "x y",
    ]
    assert build_argv(binding, ["t"], {"n": -3}) == ["t", "run", "-n", "-3"]
    assert build_argv(binding, ["t"], {"n": -1e-05}) == ["t", "run", "-n", "-0.00001"]


@pytest.mark.parametrize("word", ["-x", "--help", "--", "-", "-1e5"])
def test_a_short_only_value_starting_with_a_dash_is_refused_in_one_sentence(word):
    binding = ToolBinding(("t",), (flag("n", 1, "-n"),))
    with pytest.raises(
        ArgvError,
        match=r"^`n` cannot take .*: its value is the word after `-n`, .* as an option\.$",
    ):
        build_argv(binding, ["t"], {"n": word})


def test_long_values_separate_writes_two_words_and_refuses_a_dash():
    binding = ToolBinding(
        ("t",),
        (
            flag("tag", 1, "--tag", separate_long_value=True),
            flag("label", 1, "--label", separate_long_value=True, repeatable=True),
            flag("yes", 1, "--yes", kind=FlagKind.BOOLEAN, separate_long_value=True),
        ),
    )
    assert build_argv(binding, ["t"], {"tag": "v1", "label": ["a", "b=c"], "yes": True}) == [
        "t",
        "--tag",
        "v1",
        "--label",
        "a",
        "--label",
        "b=c",
        "--yes",
    ]
    with pytest.raises(ArgvError, match='`tag` cannot take "--force"'):
        build_argv(binding, ["t"], {"tag": "--force"})


def test_a_word_starting_with_a_fromfile_prefix_char_is_refused_even_after_double_dash():
    """argparse `fromfile_prefix_chars="@"` replaces any word starting with `@` by the lines of
    that file (issue 14: `@args.txt` injected `--force`), even after `--`; glued `--name=@x` is safe."""
    binding = ToolBinding(
        ("t", "run"),
        (
            flag("msg", 1, "--msg", refused_prefixes="@"),
            flag("n", 2, "-n", refused_prefixes="@"),
            flag("pair", 2, "--pair", nargs=2, refused_prefixes="@"),
            positional("name", 2, refused_prefixes="@"),
            positional("rest", 2, variadic=True, refused_prefixes="@"),
        ),
    )
    assert build_argv(binding, ["t"], {"msg": "@x", "name": "-a", "rest": ["b@", "-@"]}) == [
        "t",
        "--msg=@x",
        "run",
        "--",
        "-a",
        "b@",
        "-@",
    ]
    for arguments in (
        {"n": "@secret.env"},
        {"pair": ["a", "@b"]},
        {"name": "@args.txt"},
        {"name": "a", "rest": ["b", "@c"]},
    ):
        with pytest.raises(
            ArgvError,
            match=r"cannot take \"@.*\": the CLI reads a word starting with `@` as a "
            r"file of more arguments; send a value that does not start with `@`\.$",
        ):
            build_argv(binding, ["t"], arguments)


def test_short_only_value_that_is_empty_or_starts_with_equals_is_its_own_element():
    binding = ToolBinding(("t",), (flag("n", 1, "-n"),))
    assert build_argv(binding, ["t"], {"n": ""}) == ["t", "-n", ""]
    assert build_argv(binding, ["t"], {"n": "=x"}) == ["t", "-n", "=x"]


@pytest.mark.parametrize(
    ("default", "value", "words"),
    [
        (True, False, ["--no-wait"]),
        (None, False, ["--no-wait"]),
        (False, False, []),
        (True, True, ["--wait"]),
    ],
)
def test_negatable_boolean(default, value, words):
    binding = ToolBinding(
        ("t",), (flag("wait", 1, "--wait", kind=FlagKind.BOOLEAN, negatable=True, default=default),)
    )
    assert build_argv(binding, ["t"], {"wait": value}) == ["t", *words]


def test_plain_boolean_set_false_adds_nothing():
    binding = ToolBinding(("t",), (flag("yes", 1, "--yes", kind=FlagKind.BOOLEAN),))
    assert build_argv(binding, ["t"], {"yes": False}) == ["t"]


def test_repeatables_repeat_and_json_values_are_serialized():
    binding = ToolBinding(
        ("t",),
        (
            flag("label", 1, "--label", repeatable=True),
            flag("spec", 1, "--spec", json_encoded=True),
        ),
    )
    argv = build_argv(binding, ["t"], {"label": ["a=1", "b=2"], "spec": {"k": [1, "é"]}})
    assert argv == ["t", "--label=a=1", "--label=b=2", '--spec={"k":[1,"é"]}']


def test_count_with_short_spelling_repeats_the_letter():
    binding = ToolBinding(("t",), (flag("v", 1, "-v", kind=FlagKind.COUNT),))
    assert build_argv(binding, ["t"], {"v": 3}) == ["t", "-v", "-v", "-v"]
    assert build_argv(binding, ["t"], {"v": 0}) == ["t"]


def test_variadic_positional_spreads_its_items():
    binding = ToolBinding(("t",), (positional("files", 1, variadic=True),))
    assert build_argv(binding, ["t"], {"files": ["a", "b"]}) == ["t", "a", "b"]


def test_a_later_positional_without_the_earlier_one_is_refused():
    binding = ToolBinding(("t",), (positional("a", 1), positional("b", 1)))
    with pytest.raises(ArgvError, match="`b` needs `a`"):
        build_argv(binding, ["t"], {"b": "x"})


def test_an_unknown_property_never_reaches_argv():
    with pytest.raises(ArgvError, match="`--rm` is not an argument"):
        build_argv(SECRETS_SET, COMMAND, {"name": "a", "value": "b", "--rm": True})


def test_numbers_render_as_the_cli_reads_them():
    binding = ToolBinding(("t",), (flag("n", 1, "--n"), flag("x", 1, "--x")))
    assert build_argv(binding, ["t"], {"n": 3, "x": 0.5}) == ["t", "--n=3", "--x=0.5"]


@pytest.mark.parametrize(("value", "reason"), [("a\x00b", "NUL"), ("\ud800", "unpaired surrogate")])
def test_text_no_command_line_can_carry_is_refused_with_a_reason(value, reason):
    binding = ToolBinding(("t",), (flag("tag", 1, "--tag"),))
    with pytest.raises(ArgvError, match=f"`tag` contains .*{reason}"):
        build_argv(binding, ["t"], {"tag": value})


# -- flags taking several words (nargs) ------------------------------------------------------------

SEVERAL = ToolBinding(
    command_path=("t", "run"),
    args=(
        flag("mode", 1, "--mode"),
        flag("point", 2, "--point", nargs=2, value_type=ValueType.NUMBER),
        flag("tags", 2, "--tags", nargs="+"),
        flag("corner", 2, "-c", nargs=2),
        flag("span", 2, "--span", nargs=2, repeatable=True),
        positional("files", level=2, variadic=True),
    ),
)


def test_several_words_follow_the_flag_each_as_its_own_word():
    argv = build_argv(
        SEVERAL,
        ["t"],
        {"point": [1.5, -2], "corner": ["a b", "x"], "span": [["p", "q"], ["r", "s"]]},
    )
    assert argv == [
        "t",
        "run",
        "--point",
        "1.5",
        "-2",
        "-c",
        "a b",
        "x",
        "--span",
        "p",
        "q",
        "--span",
        "r",
        "s",
    ]


def test_negative_numbers_are_words_without_an_exponent():
    argv = build_argv(SEVERAL, ["t"], {"point": [-1e-05, -2.0], "corner": ["a", 3.0]})
    assert argv == ["t", "run", "--point", "-0.00001", "-2", "-c", "a", "3"]


@pytest.mark.parametrize("word", ["-x", "--help", "--", "-", "-1e5"])
def test_a_word_starting_with_a_dash_is_refused_in_one_sentence(word):
    with pytest.raises(ArgvError, match=r"^`tags` cannot take .* as an option\.$"):
        build_argv(SEVERAL, ["t"], {"tags": ["ok", word]})


def test_an_open_ended_flag_goes_first_and_a_double_dash_ends_it_before_positionals():
    argv = build_argv(SEVERAL, ["t"], {"corner": ["a", "b"], "tags": ["x", "y"], "files": ["f"]})
    assert argv == ["t", "run", "--tags", "x", "y", "-c", "a", "b", "f"]  # `-c` ends `--tags`
    argv = build_argv(SEVERAL, ["t"], {"tags": ["x"], "files": ["f"]})
    assert argv == ["t", "run", "--tags", "x", "--", "f"]
    assert build_argv(SEVERAL, ["t"], {"tags": ["x"]}) == ["t", "run", "--tags", "x"]


def test_an_open_ended_flag_that_would_swallow_a_subcommand_is_refused():
    binding = ToolBinding(
        command_path=("t", "run"),
        args=(flag("tags", 1, "--tags", nargs="*"), flag("mode", 1, "--mode")),
    )
    with pytest.raises(ArgvError, match="would read `run` as one of them"):
        build_argv(binding, ["t"], {"tags": []})
    assert build_argv(binding, ["t"], {"tags": [], "mode": "m"}) == [
        "t",
        "--tags",
        "--mode=m",
        "run",
    ]


def test_a_wrong_count_of_words_is_refused():
    with pytest.raises(ArgvError, match="exactly 2 values"):
        build_argv(SEVERAL, ["t"], {"point": [1]})
