"""Precision rules of the help crawler (round 13): each class of line that made the crawler
invent a flag (or miss its real name), pinned on the real CLI's help text.

Fixtures are the CLIs' own `--help` output as recorded for the corpus (`tests/corpus/recordings`,
the versions named there); the expected values were read off the text by hand.
"""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.model.tree import FlagKind


def test_a_dot_leader_between_short_and_long_spellings_makes_one_flag():
    # less 590: `-D xcolor  .  --color=xcolor` over `Set screen colors.`
    flags = flags_of(parsed("less_dot_leaders.txt", ["less"]))
    color = flags["color"]
    assert (color.short, color.kind, color.help) == ("D", FlagKind.VALUE, "Set screen colors.")
    assert (
        flags["search-skip-screen"].short == "a"
        and flags["search-skip-screen"].kind is FlagKind.BOOLEAN
    )
    assert flags["buffers"].short == "b" and flags["buffers"].kind is FlagKind.VALUE
    assert (
        flags["pattern"].short == "p"
    )  # `-p [pattern]  --pattern=[pattern]`: no leader, still one term
    assert "D" not in flags and "a" not in flags  # no short-only twin left behind


def test_a_row_of_two_shorts_and_two_longs_is_two_flags_with_one_description():
    # less: `-e  -E  ....  --quit-at-eof  --QUIT-AT-EOF` over `Quit at end of file.`
    flags = flags_of(parsed("less_dot_leaders.txt", ["less"]))
    assert (flags["quit-at-eof"].short, flags["QUIT-AT-EOF"].short) == ("e", "E")
    assert flags["quit-at-eof"].help == flags["QUIT-AT-EOF"].help == "Quit at end of file."
    assert (
        flags["quiet"].short == "q" and flags["QUIET"].short == "Q"
    )  # four longs dealt to two shorts


def test_a_number_placeholder_names_no_flag():
    # zstd 1.5.4: `-#  Desired compression level, where `#` is a number`; `-T#  Spawn # threads`
    result = parsed("zstd_number_placeholders.txt", ["zstd"])
    flags = flags_of(result)
    assert "#" not in flags  # `-1` … `-19`, a family
    assert not {"T", "B", "M", "b", "T#"} & set(
        flags
    )  # only attached (`-T4`), which argv never writes
    assert {"-T", "-B", "-M"} <= set(result.unread)  # so the load says it is short
    assert flags["fast"].kind is FlagKind.VALUE and flags["rm"].kind is FlagKind.BOOLEAN


def test_typer_shell_setup_options_are_left_out_as_the_exact_loader_does():
    # hf 2.4 (typer): `--install-completion  Install completion for the current shell.`
    flags = flags_of(parsed("typer_hf_completion_options.txt", ["hf"]))
    assert "install-completion" not in flags and "show-completion" not in flags
    assert "skills" in flags  # the CLI's own options stay
