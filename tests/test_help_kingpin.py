"""kingpin (Go) help texts: both command-listing templates, and defaults printed in the term.

Fixtures are the real help of promtool 2.42.0 and amtool 0.25.0 (Debian bookworm packages
prometheus, prometheus-alertmanager), captured with the crawler's environment. What each test
expects is read off the text by eye and agrees with `CLI PATH --completion-bash` (kingpin's own
completion: `promtool --completion-bash` lists help, check, query, debug, test, tsdb).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.detect import detect_style, parser_for

FIXTURES = Path(__file__).parent / "fixtures" / "help"


def _read(name: str, path: list[str]):
    text = (FIXTURES / name).read_text(encoding="utf-8")
    assert detect_style(text) == "kingpin"
    return parser_for("kingpin")(text, path)


def test_the_default_template_lists_commands_by_full_path():
    root = _read("kingpin_promtool_root.txt", ["promtool"])
    # `check config [<flags>] <config-files>...` flush left: the root's commands are first words
    assert [e.name for e in root.subcommands] == ["help", "check", "query", "debug", "test", "tsdb"]
    check = _read("kingpin_promtool_check.txt", ["promtool", "check"])
    names = {e.name: e.summary for e in check.subcommands}
    assert list(names) == ["service-discovery", "config", "web-config", "rules", "metrics"]
    assert names["config"] == "Check if the config files are valid or not."
    assert not any(f.name == "config" for f in check.flags)


def test_the_compact_template_lists_the_tree_by_indentation():
    root = _read("kingpin_amtool_root.txt", ["amtool"])
    assert [e.name for e in root.subcommands] == [
        "help",
        "alert",
        "silence",
        "check-config",
        "cluster",
        "config",
        "template",
    ]
    alert = _read("kingpin_amtool_alert.txt", ["amtool", "alert"])
    assert [e.name for e in alert.subcommands] == ["query", "add"]  # `query*`: the default
    # `config routes` / `      show*` / `      test [<flags>] …`: from the command's full path
    routes = _read("kingpin_amtool_config_routes.txt", ["amtool", "config", "routes"])
    assert [e.name for e in routes.subcommands] == ["show", "test"]


def test_a_default_printed_where_the_placeholder_goes_is_the_default():
    alert = _read("kingpin_amtool_alert.txt", ["amtool", "alert"])
    flags = {f.name: f for f in alert.flags}
    assert "timeout" in flags  # `--timeout=30s    Timeout …` was dropped as an example
    assert (flags["timeout"].kind, flags["timeout"].default) == ("value", "30s")
    assert flags["output"].default == "simple" and flags["output"].short == "o"
    assert flags["date.format"].default == "2006-01-02 15:04:05 MST"  # quoted, on its own line
    assert flags["http.config.file"].metavar == "filename"  # a placeholder stays one
    assert not alert.unread


def test_repeatable_flags_keep_their_ellipsis():
    root = _read("kingpin_promtool_root.txt", ["promtool"])
    feature = next(f for f in root.flags if f.name == "enable-feature")
    assert feature.kind == "value" and feature.repeatable  # `--enable-feature= ...`


@pytest.mark.parametrize(
    ("program", "expected"),
    [
        (
            "promtool",
            {"check config", "query range", "tsdb bench write", "tsdb create-blocks-from rules"},
        ),
        ("amtool", {"alert query", "silence expire", "config routes test", "template render"}),
    ],
)
def test_a_live_crawl_reads_every_command(program, expected):
    if shutil.which(program) is None:
        pytest.skip(f"{program} is not installed")
    tree = crawl(program, use_cache=False)
    paths = {" ".join(c.path[1:]) for c in tree.walk()}
    assert expected <= paths
    assert not any(c.path[-1] == c.path[-2] for c in tree.walk() if len(c.path) > 2)


def test_a_generated_man_pages_command_synopses_are_not_options_sections():
    # promtool's page (kingpin's `--help-man`, packaged): `COMMANDS` / `   check config [<flags>]
    # <config-files>...` / `       --syntax-only`: the subsection title says `flags` only in a
    # placeholder, so its options are `check config`'s, never the root's
    import json
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from corpus.replay import recording_path

    from workbench.loaders.help.manpage import read_page

    calls = json.loads(recording_path("promtool").read_text(encoding="utf-8"))["man"]
    page = read_page(calls[0]["stdout"], "promtool")
    assert page is not None
    assert {f.name for f in page.flags} == {"help", "version", "enable-feature"}
