"""Round 20's late rules (docs/loaders.md, "Round 20"; docs/crawler.md, "Round 20: pointers
below the root, examples in prose, two-word command rows"): a listing option a command's own
help quotes (`To see all available configurables, use `--help-all`.`) is followed at every
level, as that command's option; an option spelled alone under a sentence that introduces it
(traitlets' `Class options` preamble) is an example, never a flag; and cliff's two-word rows
(`history list`) leave their first word as a command group.

Fixtures: the real `jupyter-kernelspec --help`, `jupyter-kernelspec list --help` and
`jupyter-kernelspec list --help-all` of jupyter-client 8.10.0 (traitlets 5.16), and
`stestr --help` and `stestr history --help` of stestr 4.2.1 (cliff 4.17), recorded for the
corpus (tests/corpus/recordings/jupyter-kernelspec.json, stestr.json). Expected values are
read off the texts by hand.
"""

from __future__ import annotations

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.document import read_document
from workbench.loaders.help.pointers import listing_pointers


def _pointers(name: str, path: list[str]) -> list[list[str]]:
    return listing_pointers((FIXTURES / name).read_text(), parsed(name, path), path)


def test_a_quoted_listing_option_at_the_root_is_followed_as_before():
    # `To see all available configurables, use `--help-all`.`
    assert ["--help-all"] in _pointers("traitlets_kernelspec_root.txt", ["jupyter-kernelspec"])


def test_a_quoted_listing_option_in_a_subcommand_s_help_is_that_subcommand_s():
    # `jupyter-kernelspec list --help` ends with the same sentence: `list --help-all` lists the
    # configurables of `list`, which its own help does not
    pointers = _pointers("traitlets_kernelspec_list.txt", ["jupyter-kernelspec", "list"])
    assert ["list", "--help-all"] in pointers
    assert ["--help-all"] not in pointers


def test_an_option_spelled_under_a_sentence_that_introduces_it_is_no_flag():
    # `The command-line option below sets the respective configurable class-parameter:` /
    # `    --Class.parameter=value` / `This line is evaluated in Python, …` /
    # `For instance, to set `C.a=[0,1,2]`, you may type this:` / `    --C.a='range(3)'`
    flags = flags_of(
        parsed("traitlets_kernelspec_list_help_all.txt", ["jupyter-kernelspec", "list"])
    )
    assert "Class.parameter" not in flags
    assert "C.a" not in flags
    # the configurables listed after the preamble are read as before
    assert "ListKernelSpecs.json_output" in flags
    assert "Application.log_level" in flags
    assert {"json", "missing", "debug", "log-level", "config"} <= set(flags)


def test_a_heading_over_a_lone_option_row_still_opens_options():
    # `Options:` is a heading, not a sentence: its one row is an option
    doc = read_document("Usage: tool [options]\n\nOptions:\n  --verbose\n")
    assert [s.title for s in doc.sections] == ["Options"]


# ------------------------------------------------- cliff's two-word command rows (stestr 4.2.1)


def test_two_word_rows_leave_their_group_as_a_command():
    # `  history list   List the the run history in a repository` /
    # `  history remove  Remove a run from the history` / `  history show   Show …`
    result = parsed("cliff_stestr.txt", ["stestr"])
    names = [entry.name for entry in result.subcommands]
    assert names.count("history") == 1
    assert {"complete", "failing", "help", "init", "last", "list", "load", "run", "slowest"} <= set(
        names
    )
    assert not any(" " in name for name in names)


def test_the_group_s_own_help_lists_its_subcommands():
    # `Command "history" matches:` / `  history list` / `  history remove` / `  history show`
    result = parsed("cliff_stestr_history.txt", ["stestr", "history"])
    assert [entry.name for entry in result.subcommands] == ["list", "remove", "show"]


def test_a_two_word_row_of_prose_words_with_capitals_is_no_group():
    from workbench.loaders.help.document import Section
    from workbench.loaders.help.listing import command_entries

    section = Section("Commands", lines=["  build      Build it", "  See also   the manual"])
    assert [entry.name for entry in command_entries(section, ["tool"])] == ["build"]
