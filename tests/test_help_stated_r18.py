"""Round 18's value kinds and types the help states in words: a group heading over rows that
take arguments, a description listing the values, two options joined by a bar, optionator's
`either:` clause, and commander's placeholders (names, never types)."""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.model.tree import FlagKind, ValueType


def test_rows_under_a_heading_saying_they_take_arguments_take_a_value():
    flags = flags_of(parsed("getopt_long_prove.txt", ["prove"]))
    for key in ("I", "P", "M", "exec", "ext", "harness", "formatter", "source", "rules"):
        assert flags[key].kind is FlagKind.VALUE, key  # `Options that take arguments:`
    for key in ("verbose", "lib", "shuffle", "norc", "T"):
        assert flags[key].kind is FlagKind.BOOLEAN, key  # `Boolean options:`
    assert flags["jobs"].value_type is ValueType.INTEGER  # `-j,  --jobs N` keeps its type


def test_a_placeholder_one_space_from_its_sentence_after_a_spaced_comma():
    archive = flags_of(parsed("getopt_long_prove.txt", ["prove"]))["archive"]
    # `-a,  --archive out.tgz Store the resulting TAP in an archive file.`
    assert (archive.short, archive.kind) == ("a", FlagKind.VALUE)
    assert archive.help == "Store the resulting TAP in an archive file."


def test_a_heading_saying_no_arguments_states_nothing():
    text = (
        "Usage: tool [options]\n\nOptions:\n    Options that take no arguments:\n\n"
        "     -q,  --quiet     Say less.\n     -v,  --verbose   Say more.\n"
    )
    from workbench.loaders.help.detect import detect_style, parser_for

    flags = flags_of(parser_for(detect_style(text))(text, ["tool"]))
    assert flags["quiet"].kind is FlagKind.BOOLEAN and flags["verbose"].kind is FlagKind.BOOLEAN


def test_a_description_listing_values_is_a_value_option_with_those_choices():
    flags = flags_of(parsed("getopt_long_shasum.txt", ["shasum"]))
    algorithm = flags["algorithm"]  # `-a, --algorithm   1 (default), 224, 256, 384, 512, …`
    assert (algorithm.kind, algorithm.value_type) == (FlagKind.VALUE, ValueType.INTEGER)
    assert algorithm.choices == ["1", "224", "256", "384", "512", "512224", "512256"]
    assert algorithm.default == 1
    assert flags["binary"].kind is FlagKind.BOOLEAN  # `read in binary mode`: a sentence


def test_two_options_joined_by_a_bar_are_read_apart():
    flags = flags_of(parsed("getopt_long_piconv.txt", ["piconv"]))
    # `-C N | -c           check the validity of the input`
    assert flags["C"].kind is FlagKind.VALUE
    assert flags["c"].kind is FlagKind.BOOLEAN
    assert flags["c"].help == flags["C"].help == "check the validity of the input"


def test_a_bar_between_a_letter_and_a_long_name_joins_one_option():
    text = "Usage: tool [options]\n\nOptions:\n  -v | --verbose   Say more.\n  -q | --quiet     Say less.\n"
    from workbench.loaders.help.detect import detect_style, parser_for

    flags = flags_of(parser_for(detect_style(text))(text, ["tool"]))
    assert flags["verbose"].short == "v" and flags["quiet"].short == "q"


def test_an_either_clause_lists_the_values():
    flags = flags_of(parsed("optionator_eslint.txt", ["eslint"]))
    strategy = flags["cache-strategy"]  # `- either: metadata or content - default: metadata`
    assert (strategy.value_type, strategy.choices) == (ValueType.CHOICE, ["metadata", "content"])
    severity = flags["report-unused-disable-directives-severity"]
    assert severity.choices == ["off", "warn", "error", "0", "1", "2"]
    # `Int|String … auto to choose automatically, off for no multithreading`: words as well
    # as numbers, so a string (an integer schema would refuse `auto`)
    assert flags["concurrency"].value_type is ValueType.STRING


def test_commander_placeholders_name_values_but_do_not_type_them():
    flags = flags_of(parsed("commander_pm2_banner.txt", ["pm2"]))
    assert flags["instances"].kind is FlagKind.VALUE  # `-i --instances <number>` (`-i max`)
    assert flags["instances"].value_type is ValueType.STRING
    assert flags["max-restarts"].value_type is ValueType.STRING  # `[count]`
