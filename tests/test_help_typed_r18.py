"""Round 18's typed-lines help (the TypeScript compiler's own layout): the full listing its
help points to, its Markdown-marked groups, and the values its examples show."""

from __future__ import annotations

import sys

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help import crawl
from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.pointers import listing_pointers
from workbench.model.tree import FlagKind, ValueType


def test_an_example_line_invoking_the_full_listing_is_a_pointer():
    text = (FIXTURES / "tsc_common_help.txt").read_text()
    result = parser_for(detect_style(text))(text, ["tsc"])
    assert listing_pointers(text, result, ["tsc"]) == [["--help", "--all"]]


def test_example_lines_of_other_invocations_are_no_pointer():
    text = "Usage: tool [options]\n\nExamples:\n\n  tool --init\n  tool -p ./tsconfig.json\n  tool help --verbose\n"
    result = parser_for(detect_style(text))(text, ["tool"])
    assert listing_pointers(text, result, ["tool"]) == []


def test_an_untyped_entry_the_examples_show_with_a_value_takes_one():
    flags = flags_of(parsed("tsc_common_help.txt", ["tsc"]))
    assert flags["project"].kind is FlagKind.VALUE  # `tsc -p ./path/to/tsconfig.json`
    assert flags["project"].value_type is ValueType.STRING
    assert flags["build"].kind is FlagKind.BOOLEAN  # `tsc -b`, no word after it
    assert flags["init"].kind is FlagKind.BOOLEAN
    assert flags["noEmit"].kind is FlagKind.BOOLEAN  # typed `type: boolean`
    assert flags["target"].value_type is ValueType.CHOICE  # `tsc --target esnext`, typed


def test_a_slash_in_a_choice_list_joins_two_spellings_of_one_value():
    flags = flags_of(parsed("tsc_common_help.txt", ["tsc"]))
    assert {"es6", "es2015", "esnext"} <= set(flags["target"].choices)
    assert "es6/es2015" not in flags["target"].choices


def test_marked_groups_are_sections_and_an_empty_values_line_is_no_heading():
    flags = flags_of(parsed("tsc_help_all.txt", ["tsc"]))
    # the command-line group prints no type line: its switches stay switches
    assert flags["listFilesOnly"].kind is FlagKind.BOOLEAN
    assert flags["showConfig"].kind is FlagKind.BOOLEAN
    # a typed group's untyped entry takes a value
    assert flags["baseUrl"].kind is FlagKind.VALUE
    # `one or more: ` listing nothing under `--plugins` ends no section
    assert flags["plugins"].kind is FlagKind.VALUE
    assert flags["emitDecoratorMetadata"].kind is FlagKind.BOOLEAN
    assert flags["jsx"].choices == [
        "preserve",
        "react",
        "react-native",
        "react-jsx",
        "react-jsxdev",
    ]


def test_crawl_follows_the_example_pointer_to_every_option(tmp_path):
    """A real subprocess printing tsc's common help for `--help` and its full list for
    `--help --all`: the crawl loads the options only the full list shows."""
    fake = tmp_path / "tsc"
    texts = {
        ("--help",): str(FIXTURES / "tsc_common_help.txt"),
        ("--help", "--all"): str(FIXTURES / "tsc_help_all.txt"),
    }
    fake.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        f"texts = {texts!r}\n"
        "args = tuple(sys.argv[1:])\n"
        "if args in texts:\n"
        "    sys.stdout.write(open(texts[args]).read())\n"
        "else:\n"
        "    sys.exit(1)\n"
    )
    fake.chmod(0o755)
    tree = crawl(str(fake), max_depth=0, use_cache=False)
    names = {flag.name for flag in tree.root.flags}
    assert {"listFilesOnly", "locale", "baseUrl", "emitDecoratorMetadata", "jsx"} <= names
    assert {"allowJs", "pretty"} <= names  # the common help's own entries stand
