"""Help texts of round 20's held-out set that the crawler read wrong (docs/loaders.md,
"Round 20", classes 1 and 2): traitlets' rows, each option's term flush left and alone on
its line with the description indented under it, after a paragraph of prose and a colon line
that reads as a heading (`To see all configurable class-options for some <cmd>, use:`); and a
listing of the package's programs, the program itself among them, read as commands.

Fixtures: the real `jupyter-kernelspec list --help` of jupyter-client 8.10.0 (traitlets 5.16)
and `trash-put --help` of trash-cli 0.26.9.29, recorded for the corpus
(tests/corpus/recordings/jupyter-kernelspec.json, trash-put.json). Expected values are read
off the texts by hand.
"""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.loaders.help.document import read_document
from workbench.model.tree import FlagKind


def test_flush_left_terms_with_their_descriptions_under_them_are_option_rows():
    # `--json` / `    output spec name and location as machine-readable json.` /
    # `    Equivalent to: [--ListKernelSpecs.json_output=True]` … `--log-level=<Enum>` /
    # `    Set the log level by value or name.` … `--config=<Unicode>`
    flags = flags_of(parsed("traitlets_kernelspec_list.txt", ["jupyter-kernelspec", "list"]))
    assert set(flags) == {"json", "missing", "debug", "log-level", "config"}
    assert flags["json"].kind is FlagKind.BOOLEAN
    assert flags["json"].help.startswith("output spec name and location as machine-readable")
    assert flags["log-level"].kind is FlagKind.VALUE
    assert flags["config"].kind is FlagKind.VALUE
    assert flags["config"].help.startswith("Full path of a config file.")


def test_the_equivalent_configurables_in_the_descriptions_are_no_options():
    # the `Equivalent to: [--ListKernelSpecs.json_output=True]` lines stay descriptions
    flags = flags_of(parsed("traitlets_kernelspec_list.txt", ["jupyter-kernelspec", "list"]))
    assert not any("." in key for key in flags)


def test_one_stacked_term_alone_is_no_options_block():
    # a single flush-left `--x` over an indented line (an example after prose) opens nothing
    doc = read_document("Usage: tool [options]\n\nSome prose.\n\n--example\n    shows a thing\n")
    assert not any(s.untitled for s in doc.sections)


# ---------------------------------------------------------------- class 2: sibling programs


def test_a_listing_that_names_the_program_itself_lists_programs_not_commands():
    # trash-cli 0.26.9.29's `trash-put --help` ends with `all trash-cli commands:` /
    # `  trash-put             trash files and directories.` / `  trash-empty  …` /
    # `  trash-list …`: the package's other executables, the program among them
    result = parsed("argparse_trash_put.txt", ["trash-put"])
    assert result.subcommands == []
    assert "trash-dir" in flags_of(result)  # its options are read as before


def test_a_listing_without_the_program_s_own_name_still_lists_commands():
    from workbench.loaders.help.document import Section
    from workbench.loaders.help.listing import command_entries

    section = Section("Commands", lines=["  empty   empty the trashcan", "  list    list files"])
    assert [c.name for c in command_entries(section, ["trash"])] == ["empty", "list"]
