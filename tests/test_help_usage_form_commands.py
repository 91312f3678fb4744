"""Usage forms that each name a command by its words (docs/crawler.md, "Round 37"): docopt's
layout, met on mackup (docopt-ng), whose help lists its commands nowhere but in its usage forms
and whose every command prints the same text.

The help texts are made up (a CLI named `sync`) in the shape docopt reads; the expected names
are read off each text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for

COMMAND_FORMS = """Sync.

Keep your settings in sync.

Usage:
  sync [options] list
  sync [options] show <application>
  sync [options] backup [<application>]
  sync [options] link install [<application>]
  sync [options] link uninstall [<application>]
  sync [options] link [<application>]
  sync (-h | --help)

Options:
  -h --help                 Show this screen.
  -f --force                Force every question asked to be answered with "Yes".
  -n --dry-run              Show steps without executing.
  -c --config-file=<path>   Specify custom config file path.
  --version                 Show version.
"""

ARGUMENT_FORMS = """Usage:
  grep [options] PATTERN [<file>...]
  grep [options] -e <pattern> [<file>...]

Options:
  -i --ignore-case   Ignore case.
"""


def _parsed(text: str, name: str):
    return parser_for(detect_style(text))(text, [name])


def test_each_usage_form_names_a_command_and_its_options():
    forms = re.findall(r"(?m)^  sync \[options\] ([a-z ]+?)(?: \[?<|$)", COMMAND_FORMS)
    assert forms == ["list", "show", "backup", "link install", "link uninstall", "link"]
    options = re.findall(r"(?m)^  (?:-\w )?--([a-z-]+)", COMMAND_FORMS)
    parsed = _parsed(COMMAND_FORMS, "sync")
    top = {entry.name: entry for entry in parsed.subcommands}
    assert list(top) == ["list", "show", "backup", "link"]
    assert [entry.name for entry in top["link"].below] == ["install", "uninstall"]
    expected = [o for o in options if o not in ("help", "version")]
    for entry in [*top.values(), *top["link"].below]:
        assert [f.key for f in entry.usage_flags or []] == expected
    # every form that names the options names a command: they are the commands', not its own
    assert [f.key for f in parsed.flags if f.key != "version"] == []


def test_forms_without_command_words_name_no_command():
    parsed = _parsed(ARGUMENT_FORMS, "grep")
    assert parsed.subcommands == []
    assert [f.key for f in parsed.flags] == ["ignore-case"]
