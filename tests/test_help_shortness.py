"""A help-only load that is short says so from the help's own words (issue 12).

Fixtures are real help texts: the corpus recordings (`tests/corpus/recordings/<cli>.json`, jq
1.6, fd 8.7, mypy, curl, xz, pgbench-like `Common options:` headings from tar and find) and
texts printed on this machine (gpg's, quoted below as it prints it). Expected values are read
off the texts by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import install_man_replay, install_replay, recording_path  # noqa: E402

from workbench.loaders.help.assemble import CrawledCommand  # noqa: E402
from workbench.loaders.help.crawl import crawl, short_signs  # noqa: E402
from workbench.loaders.help.detect import parser_for  # noqa: E402
from workbench.loaders.help.fetch import Fetched  # noqa: E402
from workbench.loaders.help.parsed import ParsedHelp  # noqa: E402
from workbench.loaders.help.shortness import (  # noqa: E402
    says_partial,
    unlisted_overrides,
    unread_rows,
)
from workbench.model.coverage import coverage_line  # noqa: E402
from workbench.model.lint_coverage import coverage_findings  # noqa: E402
from workbench.model.tree import Flag  # noqa: E402


def _help(cli: str, args: tuple[str, ...] = ("--help",)) -> str:
    calls = json.loads(recording_path(cli).read_text(encoding="utf-8"))["calls"]
    call = next(c for c in calls if c["args"] == list(args))
    return call["stdout"] or call["stderr"]


def _crawl(cli: str, tmp_path: Path):
    return crawl(
        str(install_replay(cli, tmp_path)),
        name=cli,
        use_cache=False,
        timeout_s=120,
        man=str(install_man_replay(cli, tmp_path)),
    )


def test_help_that_says_it_is_partial_is_recognised_in_its_own_words():
    assert says_partial(_help("jq")) == "Some of the options include:"
    assert says_partial(_help("curl")) == (
        "This is not the full help, this menu is stripped into categories."
    )
    gpg = "(See the man page for a complete listing of all commands and options)\n"
    assert says_partial(gpg) == gpg.strip()


def test_pointers_to_more_about_something_are_no_sign_of_a_partial_listing():
    for text in (
        "See the busctl(1) man page for details.",
        "Please see the rsync(1) and rsyncd.conf(5) manpages for full documentation.",
        'Use "hugo [command] --help" for more information about a command.',
        "Common options:\n  -d, --debug   print debugging output\n",  # options common to modes
        _help("tar"),
        _help("find"),  # `Other common options:`
        _help("gzip"),
    ):
        assert says_partial(text) is None, text


def test_an_override_the_help_names_but_does_not_list_is_a_sign():
    hidden = Flag(
        name="hidden",
        short="H",
        kind="boolean",
        help="Include hidden files. The flag can be overridden with --no-hidden.",
    )
    ignore = Flag(
        name="no-ignore", kind="boolean", help="The flag can be overridden with --ignore."
    )
    assert unlisted_overrides([hidden, ignore], set()) == ["--no-hidden", "--ignore"]
    hidden.negatable = True
    assert unlisted_overrides([hidden], set()) == []  # `--no-hidden` is held
    prose = Flag(
        name="pip-args", help="Arbitrary pip arguments, e.g. --no-binary or --extra-index-url"
    )
    assert unlisted_overrides([prose], set()) == []  # another program's options: no sign


def test_option_rows_no_rule_read_are_a_sign_but_placeholders_and_machinery_are_not():
    text = _help("mypy")  # argparse groups whose description paragraph hid them from the parser
    assert "--config-file" in unread_rows(text, [], set())
    read = Flag(name="config-file", kind="value")
    assert "--config-file" not in unread_rows(text, [read], set())
    # `--GTYPE-group-format=GFMT`: a family named by a placeholder, no flag of its own
    assert not any("TYPE" in name for name in unread_rows(_help("diff"), [], set()))
    typer = "  --install-completion          Install completion for the current shell.\n"
    assert unread_rows(typer, [], set()) == []


def test_a_list_of_values_whose_last_item_starts_with_a_dash_is_no_unread_option_row():
    # cut(1) 9.1: "Each range is one of:" lists N, N-, N-M and -M, values of LIST, not options
    ranges = (
        "Each range is one of:\n\n"
        "  N     N'th byte, character or field, counted from 1\n"
        "  N-    from N'th byte, character or field, to end of line\n"
        "  N-M   from N'th to M'th (included) byte, character or field\n"
        "  -M    from first to M'th (included) byte, character or field\n"
    )
    assert unread_rows(ranges, [], set()) == []
    # the same row among option rows is one
    options = "  -b, --bytes=LIST        select only these bytes\n  -M    the M option\n"
    assert unread_rows(options, [Flag(name="bytes", short="b", kind="value")], set()) == ["-M"]


def test_a_crawl_whose_help_says_it_is_partial_and_no_page_fills_it_says_so(tmp_path):
    no_pages = tmp_path / "no-pages.json"
    no_pages.write_text(json.dumps({"calls": [], "man": []}), encoding="utf-8")
    tree = crawl(
        str(install_replay("jq", tmp_path)),
        name="jq",
        use_cache=False,
        timeout_s=120,
        man=str(install_man_replay("jq", tmp_path, no_pages)),  # a machine without jq(1)
    )
    line = coverage_line(tree)
    assert line.startswith("warning: the help-only load looks short")
    assert "saying it shows only part of the options" in line and "Some of the options" in line
    assert any(
        f.code == "WB412" and "only part of the options" in f.message
        for f in coverage_findings(tree)
    )


def test_a_help_pointing_to_its_page_takes_the_pages_bulleted_rows_outside_an_options_section(
    tmp_path,
):
    # jq 1.6: `See the manpage for more options.`; its page lists them as `○   --seq:` bullets
    # under FILTERS (a broken `## INVOKING JQ` heading), with no options section
    tree = _crawl("jq", tmp_path)
    flags = {f.name: f for f in tree.root.flags if f.name}
    assert {"seq", "stream", "indent", "join-output", "from-file"} <= set(flags)
    assert flags["seq"].listed_by == "man page" and flags["seq"].kind == "boolean"
    assert flags["indent"].kind == "value"  # `--indent n:`
    assert not any(
        f.name in ("color-output", "monochrome-output") for f in tree.root.flags if f.listed_by
    )
    assert any(f.code == "WB413" and "jq --seq" in f.message for f in coverage_findings(tree))
    assert "only part of the options" not in coverage_line(tree)  # the page filled it


def test_a_followed_pointer_fills_what_the_help_says_it_leaves_out(tmp_path):
    tree = _crawl("curl", tmp_path)  # `This is not the full help` … `--help all` is followed
    assert "only part of the options" not in (coverage_line(tree) or "")


def test_a_crawl_whose_help_names_overrides_it_does_not_list_says_so(tmp_path):
    tree = _crawl("fd", tmp_path)  # clap hides `--no-hidden`, `--ignore` from help and page
    line = coverage_line(tree)
    assert line.startswith("warning: the help-only load looks short")
    assert "override but does not list" in line and "fd --no-hidden" in line


def test_option_rows_no_rule_read_become_a_sign_of_the_load():
    # mypy's help as a crawl would hold it had no section rule read its argparse groups (the
    # rows-after-a-paragraph rule reads them now; the sign is the net for the next layout)
    root = CrawledCommand(
        [],
        None,
        [],
        fetched=Fetched(_help("mypy"), ("mypy", "--help")),
        parsed=ParsedHelp(style="argparse", flags=[Flag(name="verbose", kind="boolean")]),
    )
    (sign,) = short_signs(root, "mypy")
    assert "option names in the help that no flag holds" in sign and "--config-file" in sign


def test_complete_crawls_stay_quiet(tmp_path):
    for cli in ("gzip", "tldr", "hf", "diff"):
        (tmp_path / cli).mkdir()
        tree = _crawl(cli, tmp_path / cli)
        assert tree.coverage is None or not tree.coverage.short_signs, (cli, tree.coverage)


def test_an_options_group_with_a_description_paragraph_is_read(tmp_path):
    # argparse prints `verbosity:` / `  every -v increases …` / blank / `  -v, --verbose …`
    tree = _crawl("tox", tmp_path)
    assert {"verbose", "quiet"} <= {f.name for f in tree.root.flags}
    (tmp_path / "mypy").mkdir()
    mypy = _crawl("mypy", tmp_path / "mypy")  # `Config file:` / `  Use a config file …`
    assert {"config-file", "warn-unused-configs"} <= {f.name for f in mypy.root.flags}
    assert mypy.coverage is None or not mypy.coverage.short_signs


def test_rows_below_a_list_of_operators_are_not_read_as_options():
    # test(1)'s help (coreutils 9.1): operators, then `-n STRING`-style primaries, not options
    text = (
        "Usage: test EXPRESSION\n  or:  test\n\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n\n"
        "An omitted EXPRESSION defaults to false.  Otherwise,\n"
        "EXPRESSION is true or false and sets exit status.  It is one of:\n\n"
        "  ( EXPRESSION )               EXPRESSION is true\n"
        "  ! EXPRESSION                 EXPRESSION is false\n\n"
        "  -n STRING            the length of STRING is nonzero\n"
        "  -z STRING            the length of STRING is zero\n"
    )
    assert [f.name or f.short for f in parser_for("generic")(text, ["test"]).flags] == ["version"]
