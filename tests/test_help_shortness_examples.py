"""Signs that a help text did not list every option (docs/crawler.md, "A short load says so"):
options the help's own examples give the program that no row lists, and a usage line that takes
options when the help lists none. Each on a made-up help text, then through a crawl of a fake CLI
run as a real subprocess (the sentence the coverage line shows).
"""

from __future__ import annotations

import textwrap

from help_support import fake_cli

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.shortness import example_options, promised_options, says_partial

FROBNICATE_HELP = textwrap.dedent(
    """\
    Usage: frob [options] FILE

    Options:
      -q, --quiet        say less
      -o, --output FILE  write to FILE

    Examples:
      $ frob --quiet --colour=always notes.txt
      frob sync --dry-run notes.txt --late
      Run `frob --deep` to look inside archives.
      frob exec node --inspect app.js
      frob notes.txt | grep --count x
      frob --output out.txt > $(other --prefix)/log
    """
)


def test_an_example_giving_the_program_an_option_no_row_lists_names_it():
    held = {"--quiet", "-q", "--output", "-o"}
    found = example_options(FROBNICATE_HELP, "frob", held, {"sync", "exec"})
    # `--colour` and `--dry-run` (after the command `sync`) and the quoted `--deep` are the
    # program's; `--late` comes after a positional, `--inspect` after the program `exec` runs,
    # `--count` is grep's and `--prefix` another program's in a redirection: none is a sign
    assert found == ["--colour", "--dry-run", "--deep"]


def test_examples_of_other_programs_and_held_options_are_no_sign():
    text = textwrap.dedent(
        """\
        Examples:
          frob --quiet --help-all
          other --frobnicate
          $ frobnicator --zap
        """
    )
    assert example_options(text, "frob", {"--quiet"}, set()) == []


def test_a_usage_taking_options_with_no_option_row_is_a_sign():
    text = "Usage: tidyup [options] DIR\n\nTidy a directory up.\n"
    assert promised_options(text) == "[options]"
    assert promised_options("usage: tidyup [OPTION]... DIR\n") == "[OPTION]..."
    assert promised_options("Usage: tidyup <flags> DIR\n") == "<flags>"


def test_any_option_row_or_a_usage_promising_none_is_no_sign():
    listed = "Usage: tidyup [options] DIR\n\n  -n   dry run\n"
    boxed = "Usage: tidyup [OPTIONS] DIR\n\n│ --help   Show this message and exit. │\n"
    bare = "Usage: tidyup DIR\n\nTidy a directory up.\n"
    assert promised_options(listed) is None
    assert promised_options(boxed) is None
    assert promised_options(bare) is None


def test_a_crawl_says_its_examples_name_options_it_did_not_read(tmp_path):
    helps = {
        "": """\
            Usage: frob [options] FILE

            Options:
              -q, --quiet   say less

            Examples:
              frob --quiet --colour=always notes.txt
            """
    }
    tree = crawl(str(fake_cli(tmp_path, "frob", helps)), use_cache=False, timeout_s=5)
    assert [f.name for f in tree.root.flags] == ["quiet"]
    (sign,) = [s for s in tree.coverage.short_signs if "examples" in s]
    assert "1 option the help's own examples give the program that no row lists (--colour)" in sign
    assert "from the CLI's manual by hand" in sign


def test_a_crawl_says_a_command_promising_options_lists_none(tmp_path):
    helps = {
        "": """\
            Usage: tidyup COMMAND

            Commands:
              sweep    sweep a directory
              polish   polish a directory

            Options:
              -h, --help   show this help
            """,
        "sweep": """\
            Usage: tidyup sweep [options] DIR

            Sweep DIR clean.
            """,
        "polish": """\
            Usage: tidyup polish DIR

            Polish DIR.
            """,
    }
    tree = crawl(str(fake_cli(tmp_path, "tidyup", helps)), use_cache=False, timeout_s=5)
    (sign,) = [s for s in tree.coverage.short_signs if "usage takes options" in s]
    assert "1 command whose usage takes options that the help lists none of" in sign
    assert "tidyup sweep (“[options]”)" in sign and "polish" not in sign


def test_a_click_command_whose_usage_always_says_options_is_no_sign(tmp_path):
    # click prints `[OPTIONS]` in every usage line, even a pass-through's that hides `--help`
    helps = {
        "": """\
            Usage: runner [OPTIONS] COMMAND [ARGS]...

            Options:
              --help  Show this message and exit.

            Commands:
              exec  Run a command in the environment.
            """,
        "exec": """\
            Usage: runner exec [OPTIONS] [ARGS]...

              Run a command in the environment.
            """,
    }
    tree = crawl(str(fake_cli(tmp_path, "runner", helps)), use_cache=False, timeout_s=5)
    assert tree.coverage is None or not any(
        "usage takes options" in s for s in tree.coverage.short_signs
    )


def test_more_phrasings_of_a_help_that_lists_part_of_its_options_are_signs():
    for sentence in (
        "For a full list of options, see the manual.",
        "See 'man frob' for all options.",
        "More options are described in frob(1).",
        "See the documentation for the full list of options.",
        "Some options are hidden; use --help-hidden to show them.",
        "Advanced options are not shown.",
        "Run `frob --help-all` to see all options",
    ):
        assert says_partial(f"Usage: frob [options]\n\n{sentence}\n") == sentence, sentence


def test_pointers_to_more_about_something_or_to_rows_below_stay_no_sign():
    for sentence in (
        "See the man page for details.",
        "Other options are documented below.",
        "More options are listed under Advanced.",
        "Use 'frob help' to list all commands.",
        "For more information about a command, see frob help COMMAND.",
        "  --all   list all options of the build, including defaults",
    ):
        assert says_partial(f"Usage: frob [options]\n\n{sentence}\n") is None, sentence
