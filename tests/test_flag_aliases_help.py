"""The help crawler reads an option's several spellings as one flag (`Flag.aliases`): a row
naming several (`-q, --quiet, --silent`, `-h, -?`, `[aliases: --jobs]`), and a row of its own
whose description says it is another option's alias (`-n <value>  Alias for --bytes`). Nothing
is invented: a preset (`same as --format=posix`), several options, a difference (`same as
--exclude but …`) or a placeholder spelled like an option keep their rows as flags.

Fixtures are real help texts: GNU grep 3.8, make 4.3, tar 1.34, du and cp (coreutils 9.1),
llvm-strings 14, hexyl 0.8 (clap 2), fd 8.6 (`--help`), forge (clap 4), restic (cobra), mypy
(argparse), and argparse's own output for a parser built here.
"""

from __future__ import annotations

import argparse
import io

from help_support import flags_of, parsed

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind


def _aliased(result) -> dict[str, list[str]]:
    return {flag.key: list(flag.aliases) for flag in result.flags if flag.aliases}


def test_grep_quiet_and_color_each_know_their_second_long_name() -> None:
    flags = flags_of(parsed("alias_grep_3_8.txt", ["grep"]))
    assert (flags["quiet"].short, flags["quiet"].aliases) == ("q", ("--silent",))
    assert flags["color"].kind is FlagKind.VALUE and flags["color"].aliases == ("--colour",)
    assert "silent" not in flags and "colour" not in flags
    # `-a, --text  equivalent to --binary-files=text` presets a value: a flag of its own
    assert flags["text"].short == "a" and flags["text"].aliases == ()
    assert flags["I"].aliases == () and flags["binary-files"].aliases == ()
    assert flags["recursive"].aliases == ()  # `like --directories=recurse`
    assert _aliased(parsed("alias_grep_3_8.txt", ["grep"])) == {
        "quiet": ["--silent"],
        "color": ["--colour"],
    }


def test_make_rows_with_several_long_names_and_two_short_letters() -> None:
    result = parsed("alias_make.txt", ["make"])
    assert _aliased(result) == {
        "b": ["-m"],
        "file": ["--makefile"],
        "load-average": ["--max-load"],
        "just-print": ["--dry-run", "--recon"],
        "old-file": ["--assume-old"],
        "silent": ["--quiet"],
        "no-keep-going": ["--stop"],
        "what-if": ["--new-file", "--assume-new"],
    }
    flags = flags_of(result)
    assert flags["file"].short == "f" and flags["file"].kind is FlagKind.VALUE
    assert flags["no-silent"].aliases == ()  # its description names --silent in prose


def test_tar_rows_with_three_spellings() -> None:
    flags = flags_of(parsed("alias_tar.txt", ["tar"]))
    assert (flags["gzip"].short, flags["gzip"].aliases) == ("z", ("--gunzip", "--ungzip"))
    assert flags["interactive"].aliases == ("--confirmation",)
    assert flags["transform"].aliases == ("--xform",)
    assert flags["info-script"].aliases == ("--new-volume-script",)


def test_rows_that_say_they_are_another_options_alias_are_folded_into_it() -> None:
    strings = flags_of(parsed("alias_llvm_strings.txt", ["llvm-strings"]))
    assert strings["all"].aliases == ("-a",)  # `-a  Alias for --all`
    assert strings["bytes"].aliases == ("-n",)  # `-n <value>  Alias for --bytes`: both valued
    assert strings["radix"].aliases == ("-t",)
    assert not {"a", "n", "t", "h"} & set(strings)
    hexyl = flags_of(parsed("alias_hexyl.txt", ["hexyl"]))
    # `-c, --bytes <N>  An alias for -n/--length`
    assert hexyl["length"].aliases == ("--bytes", "-c")
    assert "bytes" not in hexyl
    du = flags_of(parsed("alias_du.txt", ["du"]))
    assert du["dereference-args"].aliases == ("-H",)  # `-H  equivalent to --dereference-args (-D)`
    assert du["bytes"].aliases == ()  # `equivalent to '--apparent-size --block-size=1'`


def test_a_deprecated_alias_row_with_an_aside_is_folded() -> None:
    flags = flags_of(parsed("alias_mypy_excerpt.txt", ["mypy"]))
    # `--allow-redefinition-new  Deprecated alias for --allow-redefinition (inverse: …)`
    assert flags["allow-redefinition"].aliases == ("--allow-redefinition-new",)
    assert "allow-redefinition-new" not in flags
    assert flags["allow-redefinition-old"].aliases == ()


def test_rows_that_only_resemble_an_alias_keep_their_own_flag() -> None:
    cp = flags_of(parsed("alias_cp.txt", ["cp"]))
    assert cp["archive"].aliases == () and cp["d"].aliases == ()  # same as -dR --preserve=all
    assert (cp["recursive"].short, cp["recursive"].aliases) == ("R", ("-r",))  # `-R, -r, …`
    fd = flags_of(parsed("alias_fd_long.txt", ["fd"]))
    assert fd["unrestricted"].aliases == ()  # `This is an alias for '--hidden --no-ignore'.`
    assert "1" in fd and fd["max-results"].aliases == ()  # `alias for '--max-results=1'`
    restic = flags_of(parsed("alias_restic_restore_excerpt.txt", ["restic", "restore"]))
    # `--iexclude --exclude   same as --exclude but …`: the second word is a placeholder
    assert restic["iexclude"].aliases == () and restic["exclude"].aliases == ()


def test_aliases_the_description_lists() -> None:
    forge = flags_of(parsed("alias_clap4_forge_install.txt", ["forge", "install"]))
    assert (forge["threads"].short, forge["threads"].aliases) == ("j", ("--jobs",))
    assert "[aliases" not in forge["threads"].help
    fd = flags_of(parsed("alias_fd_long.txt", ["fd"]))
    assert fd["changed-within"].aliases == ("--change-newer-than", "--newer", "--changed-after")
    assert fd["changed-before"].aliases == ("--change-older-than", "--older")
    assert fd["quiet"].aliases == ("--has-results",)  # `'--has-results' can be used as an alias.`


def test_argparse_help_output_of_a_real_parser() -> None:
    parser = argparse.ArgumentParser(prog="pack")
    parser.add_argument("-o", "--out", "--output", metavar="FILE", help="where to write")
    parser.add_argument("-q", "--quiet", "--silent", action="store_true", help="say nothing")
    buffer = io.StringIO()
    parser.print_help(buffer)
    text = buffer.getvalue()
    flags = flags_of(parser_for(detect_style(text))(text, ["pack"]))
    assert (flags["out"].short, flags["out"].aliases) == ("o", ("--output",))
    assert flags["out"].kind is FlagKind.VALUE and flags["quiet"].aliases == ("--silent",)
    for flag in flags.values():  # every alias read is one the parser accepts as that option
        value = ["x"] if flag.kind is FlagKind.VALUE else []
        for alias in flag.aliases:
            assert parser.parse_args([alias, *value]) == parser.parse_args([flag.spelling, *value])


def test_a_fuller_listing_adds_no_flag_for_a_spelling_the_help_holds_as_an_alias() -> None:
    from workbench.loaders.help.parsed import ParsedHelp
    from workbench.loaders.help.pointers import merge_listing
    from workbench.model.tree import Flag

    help_text = parsed("alias_grep_3_8.txt", ["grep"])
    listing = ParsedHelp(
        style="gnu",
        flags=[
            Flag(name="silent", kind=FlagKind.BOOLEAN, help="same thing, listed apart"),
            Flag(name="mmap", kind=FlagKind.BOOLEAN, help="new here"),
        ],
    )
    assert merge_listing(help_text, listing) == (0, 1)
    assert [f.key for f in help_text.flags].count("silent") == 0
    assert flags_of(help_text)["quiet"].aliases == ("--silent",)
    assert help_text.shown_flags()("colour", None)  # what the man page and cobra's engine ask
