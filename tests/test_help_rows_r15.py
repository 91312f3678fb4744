"""Help texts of round 15's held-out set that the crawler read wrong (docs/loaders.md, "Round
15"): argparse help whose sections are reStructuredText headings (`Usage` over `=====`), and
a rich panel row with a type and no help.

Fixtures are the real `--help` outputs recorded for the corpus: scrapy 2.19.0's `scrapy fetch
--help` (tests/corpus/recordings/scrapy.json), strawberry-graphql 0.341.2's `codegen` and
`schema-codegen` (strawberry.json). Expected values are read off the texts by hand
or by a regex over the fixture, never by the parser under test.
"""

from __future__ import annotations

import re
import sys

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.fetch import fetch_help
from workbench.model.tree import FlagKind


def _row_names(text: str) -> set[str]:
    return set(re.findall(r"(?m)^  (?:-\w [A-Z=]+, )?--([a-z][\w-]*)", text))


def _printing(folder, text: str):
    """A program that prints `text` for any arguments, as scrapy prints its command's help."""
    script = folder / "scrapy"
    script.write_text(f"#!{sys.executable}\nprint({text!r}, end='')\n")
    script.chmod(0o755)
    return str(script)


def test_argparse_help_under_underlined_headings_is_the_commands_own_help(tmp_path):
    # `Usage` / `=====` / `  scrapy fetch [options] <url>`: the usage sits under its heading,
    # so the reply names `fetch` and is its help (it was refused as another command's usage)
    text = (FIXTURES / "argparse_rst_headings_scrapy_fetch.txt").read_text()
    fetched = fetch_help(_printing(tmp_path, text), ["fetch"], [], 60)
    assert fetched.text == text, fetched.problem
    other = text.replace("scrapy fetch [options]", "scrapy view [options]")
    refused = fetch_help(_printing(tmp_path, other), ["fetch"], [], 60)
    assert refused.text is None and "another command" in (refused.problem or "")


def test_every_scrapy_command_under_underlined_headings_gets_its_flags(tmp_path):
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    no_man = tmp_path / "man"
    no_man.write_text(f"#!{sys.executable}\nimport sys\nsys.exit(16)\n")
    no_man.chmod(0o755)
    exe = install_replay("scrapy", tmp_path)
    tree = crawl(
        str(exe),
        name="scrapy",
        use_cache=False,
        timeout_s=120,
        man=str(no_man),
        completions=lambda *_: [],
    )
    commands = {c.name: c for c in tree.root.subcommands}
    text = (FIXTURES / "argparse_rst_headings_scrapy_fetch.txt").read_text()
    expected = _row_names(text) - {"help"}
    assert len(expected) == 10  # 3 of `Options`, 7 of `Global Options`
    assert {f.name for f in commands["fetch"].flags} == expected
    assert all(c.flags for c in commands.values()), [c.name for c in commands.values()]


def test_a_rich_panel_row_with_a_type_and_no_help_is_a_value_option():
    # strawberry-graphql 0.341.2 (typer): `│    --cli-plugin          TEXT          │` and
    # `│ --output  -o      FILE          │`: the type column filled, the help column empty
    flags = flags_of(
        parsed("typer_panel_metavar_no_help_strawberry_codegen.txt", ["strawberry", "codegen"])
    )
    assert (flags["cli-plugin"].kind, flags["cli-plugin"].metavar) == (FlagKind.VALUE, "TEXT")
    assert flags["cli-plugin"].help == ""
    assert flags["plugins"].metavar == "TEXT" and flags["plugins"].required  # `[required]` beside
    schema = flags_of(
        parsed(
            "typer_panel_metavar_no_help_strawberry_schema_codegen.txt",
            ["strawberry", "schema-codegen"],
        )
    )
    output = schema["output"]
    assert (output.kind, output.metavar, output.short, output.help) == (
        FlagKind.VALUE,
        "FILE",
        "o",
        "",
    )
