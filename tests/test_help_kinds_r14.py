"""Kinds and types the crawler got wrong on round 14's held-out set, and its false alarms
(docs/loaders.md, "Round 14"): each rule on a fixture of the real CLI's help."""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.model.tree import FlagKind


def test_a_rich_click_switch_with_its_off_form_after_a_bare_slash_is_a_negatable_switch():
    # bump-my-version 1.2 (rich-click): `│ --allow-dirty/--no-allow-dirty      Don't abort …`,
    # nothing in the metavar column; `--no-configured-files` is a row of its own
    flags = flags_of(parsed("rich_click_bump_my_version_bump.txt", ["bump-my-version", "bump"]))
    for name in ("allow-dirty", "regex", "ignore-missing-files", "commit", "tag", "sign-tags"):
        assert flags[name].kind is FlagKind.BOOLEAN, name
        assert flags[name].negatable, name
        assert flags[name].metavar is None, name
    assert flags["no-configured-files"].kind is FlagKind.BOOLEAN
    assert not flags["no-configured-files"].negatable
    assert flags["tag-name"].kind is FlagKind.VALUE  # a value option beside them stays one
    assert flags["dry-run"].kind is FlagKind.BOOLEAN and flags["dry-run"].short == "n"


# ---------------------------------------------------------------- false alarms (class 9)


def _crawled_help_only(cli: str, folder, recording=None):
    """The crawler on the CLI's recorded help with no manual page and no completion files:
    the help alone must say what it holds."""
    import sys

    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    folder.mkdir(parents=True, exist_ok=True)
    no_man = folder / "man"
    no_man.write_text(
        f"#!{sys.executable}\nimport sys\nprint('No manual entry', file=sys.stderr)\nsys.exit(16)\n"
    )
    no_man.chmod(0o755)
    exe = install_replay(cli, folder, recording=recording)
    return crawl(
        str(exe),
        name=cli,
        use_cache=False,
        timeout_s=120,
        man=str(no_man),
        completions=lambda *_: [],
    )


def test_a_row_whose_term_runs_up_to_the_description_column_is_read(tmp_path):
    # tree 2.1: `  --ignore-case Ignore case when pattern matching.`, `  --filelimit # Do not
    # descend …`, `  --timefmt <f> Print and format …` beside `  -a            All files …`
    flags = flags_of(parsed("c_tree_usage_spellings.txt", ["tree"]))
    assert flags["ignore-case"].kind is FlagKind.BOOLEAN
    assert flags["ignore-case"].help == "Ignore case when pattern matching."
    assert flags["filelimit"].kind is FlagKind.VALUE
    assert flags["filelimit"].help.startswith("Do not descend dirs")
    assert flags["timefmt"].kind is FlagKind.VALUE
    assert flags["timefmt"].help.startswith("Print and format time")
    assert flags["gitfile"].metavar == "X"  # a two-space row beside them is as it was
    tree = _crawled_help_only("tree", tmp_path)  # so the help-only load is whole and quiet
    assert tree.coverage is None or not tree.coverage.short_signs, tree.coverage


def test_a_command_that_runs_instead_of_showing_help_is_no_sign_of_shortness(tmp_path):
    # hatch 1.16: `hatch self restore --help` and `-h` print `Hatch is not installed as a binary`
    # (exit 1) while `hatch self report --help` answers: the command takes no options of its own
    tree = _crawled_help_only("hatch", tmp_path)
    assert tree.coverage is None or not tree.coverage.short_signs, tree.coverage
    assert any("hatch self restore" in note for note in tree.notes)  # still noted


def test_a_refusal_is_still_a_sign_when_no_sibling_answers(tmp_path):
    import json

    from corpus.replay import recording_path

    # the same hatch, with `self report`'s help failing the same way: then the group itself
    # refuses (its own code runs first), and its commands' flags may well be missing
    data = json.loads(recording_path("hatch").read_text())
    for call in data["calls"]:
        if call["args"][:2] == ["self", "report"]:
            call.update(stdout="", stderr="Hatch is not installed as a binary\n", exit_code=1)
    (tmp_path / "hatch.json").write_text(json.dumps(data))
    tree = _crawled_help_only("hatch", tmp_path / "crawl", recording=tmp_path / "hatch.json")
    [sign] = [s for s in tree.coverage.short_signs if "could not be read" in s]
    assert "hatch self report" in sign and "hatch self restore" in sign


def test_a_refusal_is_one_line_the_same_for_every_help_switch_and_names_no_option():
    from workbench.loaders.help.run import HelpCall
    from workbench.loaders.help.shortness import runs_instead_of_help

    def calls(*answers):
        return [
            HelpCall(("x", "sub", switch), stderr=text, exit_code=code)
            for switch, (text, code) in zip(("--help", "-h"), answers, strict=False)
        ]

    refusal = ("Hatch is not installed as a binary\n", 1)
    assert runs_instead_of_help(calls(refusal, refusal)) == "Hatch is not installed as a binary"
    assert runs_instead_of_help(calls(refusal, ("another message", 1))) is None
    unknown = ("Error: no such option: --help", 2)
    assert runs_instead_of_help(calls(unknown, unknown)) is None
    go = ("usage: go get [-t] [-u] [-v] [build flags] [packages]", 255)  # hugo's `mod get`
    assert runs_instead_of_help(calls(go, go)) is None
    assert runs_instead_of_help(calls(("two\nlines", 1), ("two\nlines", 1))) is None
    assert runs_instead_of_help(calls(refusal)) is None  # one switch asked proves nothing


# ---------------------------------------------------------------- types only the text tells (class 7)


def test_a_time_in_sec_is_a_number_and_values_listed_by_their_letter_are_choices():
    from workbench.model.tree import ValueType

    # pip 25: `--timeout <sec>  Set the socket timeout (default 180.0 seconds).`,
    # `--exists-action <action>  Default action when a path already exists: (s)witch, (i)gnore,
    # (w)ipe, (b)ackup, (a)bort.`
    flags = flags_of(parsed("optparse_pip_install.txt", ["pip", "install"]))
    assert flags["timeout"].value_type is ValueType.NUMBER
    assert flags["exists-action"].value_type is ValueType.CHOICE
    assert flags["exists-action"].choices == ["s", "i", "w", "b", "a"]
    assert flags["retries"].value_type is ValueType.INTEGER  # as it was
    assert flags["proxy"].value_type is ValueType.STRING and not flags["proxy"].choices


def test_a_lettered_list_needs_three_distinct_letters_in_one_list():
    from workbench.loaders.help.evidence import lettered_choices

    assert lettered_choices("Answer (y)es, (n)o or (q)uit.") == ["y", "n", "q"]
    assert lettered_choices("Answer (y)es, (n)o, or (q)uit.") == ["y", "n", "q"]
    assert lettered_choices("Pick (a)ll or (n)one") is None  # two: too little to be a list
    assert lettered_choices("the (s)witch, (s)kip, (a)bort") is None  # a letter twice: ambiguous
    assert lettered_choices("see f(x)oo, (b)ar, (c)ar") is None  # a call, not a list item


def test_one_of_after_a_colon_lists_the_choices_in_lower_case_too():
    from workbench.model.tree import ValueType

    # pip 25 `hash`: `-a, --algorithm <algorithm>  The hash algorithm to use: one of sha256, …`
    algorithm = flags_of(parsed("optparse_pip_hash.txt", ["pip", "hash"]))["algorithm"]
    assert algorithm.value_type is ValueType.CHOICE
    assert algorithm.choices == ["sha256", "sha384", "sha512"]


def test_a_dash_form_among_value_forms_is_no_unread_option_row():
    from help_support import FIXTURES

    from workbench.loaders.help.shortness import unread_rows

    # cut 9.1: `Each range is one of:` then `  N`, `  N-`, `  N-M`, `  -M    from first to M'th …`
    text = (FIXTURES / "gnu_cut_range_forms.txt").read_text()
    assert unread_rows(text, parsed("gnu_cut_range_forms.txt", ["cut"]).flags, set()) == []
    # a row no flag holds among option rows is still named
    named = unread_rows(text, [], set())
    assert "-b" in named and "--complement" in named and "-M" not in named


def test_a_rich_click_count_shown_as_an_integer_range_is_a_count():
    # bump-my-version 1.2: `│ --verbose  -v  INTEGER RANGE  Print verbose logging to stderr. Can
    # specify several times for more verbosity.` (click's count=True is an IntRange(min=0))
    flags = flags_of(parsed("rich_click_bump_my_version_bump.txt", ["bump-my-version", "bump"]))
    verbose = flags["verbose"]
    assert (verbose.kind, verbose.short, verbose.metavar) == (FlagKind.COUNT, "v", None)
    assert flags["config-file"].kind is FlagKind.VALUE  # a value beside it stays one


def test_a_switch_that_can_be_used_additively_counts():
    # hatch 1.16: `-v, --verbose  Increase verbosity (can be used additively) [env var: …]`
    flags = flags_of(parsed("click_hatch_root.txt", ["hatch"]))
    assert flags["verbose"].kind is FlagKind.COUNT and flags["quiet"].kind is FlagKind.COUNT
    assert flags["color"].kind is FlagKind.BOOLEAN  # a switch beside them stays one
