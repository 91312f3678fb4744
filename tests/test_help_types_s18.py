"""Value types and kinds, fourth pass (docs/crawler.md, "Value types, fourth pass: rounds 20 to
22"): traitlets' `Choices: any of [...]`, C integer and in/out file placeholders, a long
description's later sentences, `or a range`, and bare rows in a section that prints no
placeholders. Each on a made-up help text."""

from __future__ import annotations

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.evidence import listed_choices, opening_sentence
from workbench.loaders.help.flags import FlagStyle, parse_flag
from workbench.loaders.help.stated_values import described_kind
from workbench.model.tree import FlagKind, ValueType


def _flags(text: str, path: list[str]) -> dict:
    return {flag.key: flag for flag in parser_for(detect_style(text))(text, path).flags}


# ---------------------------------------------------------------- traitlets' literal lists


def test_a_literal_list_after_choices_gives_the_values():
    flag = parse_flag(
        "--log-level=<Enum>",
        "Set the log level by value or name. Choices: any of [0, 10, 'DEBUG', 'INFO'] Default: 10",
        FlagStyle(),
    )
    assert (flag.value_type, flag.choices) == (ValueType.CHOICE, ["0", "10", "DEBUG", "INFO"])


def test_a_literal_list_marked_caseless_or_none_still_lists_the_values():
    text = "Pick a loop. Choices: any of ['spin', 'wait', 'spin'] (case-insensitive) or None"
    assert listed_choices(text) == ["spin", "wait"]  # a value named twice is one value
    assert listed_choices("Set it [0, 1] as you like") is None  # no `Choices:`, no list


# ---------------------------------------------------------------- placeholders


def test_c_integer_type_words_are_integers_the_cli_printed():
    for term in ("-rounds +int", "-days intmax", "-serial nonneg", "-limit ulong"):
        flag = parse_flag(term, "Count of things, or 'all'", FlagStyle())
        assert flag.value_type is ValueType.INTEGER, term  # a printed type: final
        assert not flag.type_guessed, term


def test_infile_and_outfile_placeholders_are_paths():
    assert parse_flag("-in infile", "Input", FlagStyle()).value_type is ValueType.PATH
    assert parse_flag("-out outfile", "Output", FlagStyle()).value_type is ValueType.PATH
    assert parse_flag("-p profile", "Use it", FlagStyle()).value_type is ValueType.STRING


def test_or_a_range_makes_a_numeric_name_a_string():
    text = "Seconds to wait. This can be a constant value or a range (e.g. 1.5 or 1.0-2.0)"
    assert parse_flag("--pause SECONDS", text, FlagStyle()).value_type is ValueType.STRING
    assert parse_flag("--pause SECONDS", "Seconds to wait", FlagStyle()).value_type is (
        ValueType.NUMBER
    )


# ---------------------------------------------------------------- the opening sentence


def test_only_the_opening_sentence_counts_a_value():
    long = (
        "Use pattern as the heading. The heading is matched first. If pattern is a number, "
        "it is the number of lines."
    )
    assert opening_sentence(long) == "Use pattern as the heading"
    assert parse_flag("--heading pattern", long, FlagStyle()).value_type is ValueType.STRING
    counted = parse_flag("--tries tries", "Number of tries. Zero means none.", FlagStyle())
    assert counted.value_type is ValueType.INTEGER


def test_a_stated_unit_anywhere_still_types_the_value():
    text = "Size of each part. Bigger files are split. SIZE is in Mega-Bytes, default 15MB."
    assert parse_flag("--part-size=SIZE", text, FlagStyle()).value_type is ValueType.INTEGER


# ---------------------------------------------------------------- bare rows that name a value

_NO_PLACEHOLDERS = """\
tool path/to/input

Options:
 --basePath          Specifies the path which links may be resolved relative to.
 --cleanOutput       If set, the output directory is removed before writing
 --favicon           Path to a favicon to include as the site icon
 --hideFooter        Do not print the footer
 --tagNames          Block tags which the tool should recognise
 --lang              Sets the language to be used in output
 --strict            Specify whether warnings are errors
 --verbose           Print what is done
"""


def test_a_section_printing_no_placeholders_reads_what_its_rows_name():
    flags = _flags(_NO_PLACEHOLDERS, ["tool"])
    for key in ("basePath", "favicon", "tagNames", "lang"):
        assert flags[key].kind is FlagKind.VALUE, key
        assert flags[key].kind_guessed, key  # a guess, reported by lint with its fix
    for key in ("cleanOutput", "hideFooter", "strict", "verbose"):
        assert flags[key].kind is FlagKind.BOOLEAN, key


def test_a_section_with_placeholders_keeps_bare_rows_as_switches():
    text = _NO_PLACEHOLDERS.replace(" --hideFooter        ", " --footer TEXT       ").replace(
        " --verbose           ", " --depth N           "
    )
    flags = _flags(text, ["tool"])
    assert flags["favicon"].kind is FlagKind.BOOLEAN  # the section shows its values
    assert flags["depth"].kind is FlagKind.VALUE


def test_described_kind_hears_the_opening_words_only():
    assert described_kind("EXPERIMENTAL: Specifies the URI for lookups.") == "value"
    assert described_kind("Specify a prerelease pattern to use") == "boolean"
    assert described_kind("Set the verbose level of output") == "boolean"
    assert described_kind("Use only this mirror base URL") == "value"
    assert described_kind("Print names of files that are part of it") == "boolean"
    assert described_kind('Sets the "x" filters in the local config') == "boolean"
    assert described_kind("Specifies that links are external") == "boolean"
