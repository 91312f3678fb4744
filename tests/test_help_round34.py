"""Round 34's classes (docs/loaders.md, "Round 34"; docs/crawler.md): help texts of Python CLIs
from PyPI whose layouts the rules had not met.

The help texts are made up (CLIs named `docr` and `covr`); the expected names are read off each
text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import ValueType

GROUP_OF_ARGUMENTS = """usage: docr [-o DIR] [-t DIR] [--logo URL] [--help] [module ...]

Render documentation for Python modules.

Main Arguments:
  module                Python module names. These may be importable names or file paths.
                        Exclude submodules with a negative !regex pattern. (default: [])
  -o DIR, --output-directory DIR
                        Write the pages to the directory, don't start a server. (default: None)
  -t DIR, --template-directory DIR
                        A directory of templates. (default: None)

Customize Rendering:
  --logo URL            Add a project logo image. (default: None)
  --help                Show this help message and exit.
"""

SPELLED_IN_ARGUMENTS_PROSE = """usage: docr [--logo URL] [module ...]

Input arguments:
  module                Python module names; pass --logo first to brand them, or -
                        to read the names from stdin.

Options:
  --logo URL            Add a project logo image.
"""

UNION_OF_NUMBER_TYPES = """Usage: covr [OPTIONS] [PATHS]...

  Measure docstring coverage.

Options:
  -f, --fail-under INT | FLOAT    Fail when coverage % is less than a given
                                  amount.  [default: 80.0]
  -n, --depth INT|INTEGER         How deep to look.
  --format [json|yaml]            Output format.
  --level INT|auto                A level, or `auto`.
  --help                          Show this message and exit.
"""


def _parsed(text: str, name: str):
    return parser_for(detect_style(text))(text, [name])


def test_a_group_titled_for_arguments_holds_its_option_rows_too():
    expected = re.findall(r"(?m)^ +(?:-\w [A-Z]+, )?--([a-z-]+)", GROUP_OF_ARGUMENTS)
    assert expected == ["output-directory", "template-directory", "logo", "help"]
    parsed = _parsed(GROUP_OF_ARGUMENTS, "docr")
    assert [f.key for f in parsed.flags] == expected[:-1]  # `--help` is help machinery
    by_key = {f.key: f for f in parsed.flags}
    assert by_key["output-directory"].short == "o"
    assert by_key["output-directory"].help.startswith("Write the pages")
    assert "module" not in by_key  # the positional's row is no option
    assert [p.name for p in parsed.positionals] == ["module"]


def test_an_option_spelled_in_an_arguments_description_is_no_row():
    parsed = _parsed(SPELLED_IN_ARGUMENTS_PROSE, "docr")
    assert [f.key for f in parsed.flags] == ["logo"]


def test_a_union_of_number_type_words_is_a_number():
    parsed = _parsed(UNION_OF_NUMBER_TYPES, "covr")
    by_key = {f.key: f for f in parsed.flags}
    assert re.search(r"--fail-under INT \| FLOAT", UNION_OF_NUMBER_TYPES)
    assert by_key["fail-under"].value_type is ValueType.NUMBER
    assert not by_key["fail-under"].choices and not by_key["fail-under"].type_guessed
    assert by_key["depth"].value_type is ValueType.INTEGER  # two integer words
    # a union with any other word lists values, as before
    assert by_key["format"].value_type is ValueType.CHOICE
    assert by_key["format"].choices == ["json", "yaml"]
    assert by_key["level"].value_type is not ValueType.NUMBER
