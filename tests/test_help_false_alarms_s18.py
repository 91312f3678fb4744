"""Complete loads that must raise no sign of shortness (docs/crawler.md, "A short load says
so"): an argparse group titled `Commands:` whose rows are options, and rows under a heading
that says they are retired. Each through a crawl of a fake CLI run as a real subprocess.
"""

from __future__ import annotations

from help_support import fake_cli

from workbench.loaders.help.crawl import crawl


def _signs(tree) -> list[str]:
    return tree.coverage.short_signs if tree.coverage else []


def test_a_commands_group_of_options_is_read_as_options_and_raises_no_sign(tmp_path):
    text = """\
        usage: lintish [options]

        options:
          -h, --help            show this help message and exit

        Commands:
          Options which act as commands. Options in this group are mutually exclusive.

          --rcfile RCFILE       Specify a configuration file to load.
          --output OUTPUT       Specify an output file.
          --list-rules          Display every rule.
          --list-rules-enabled  Display the rules enabled by the configuration.
          --list-groups         List the rule groups.
          --list-levels         List the confidence levels.
          --list-extensions     List the available extensions.
          --full-documentation  Print the full documentation.
          --generate-rcfile     Print a configuration file.
        """
    tree = crawl(str(fake_cli(tmp_path, "lintish", {"": text})), use_cache=False, timeout_s=5)
    names = {f.name for f in tree.root.flags}
    assert {"rcfile", "list-rules", "list-groups", "generate-rcfile"} <= names
    assert not [s for s in _signs(tree) if "no command was read" in s]


def test_a_commands_heading_over_command_rows_nobody_read_is_still_a_sign(tmp_path):
    text = """\
        frob 1.0

        Commands
        --------

        frob pack:
          Pack the files.
        frob unpack:
          Unpack the files.
        """
    tree = crawl(str(fake_cli(tmp_path, "frob", {"": text})), use_cache=False, timeout_s=5)
    if not tree.root.subcommands:  # the layout is one no rule reads: it must say so
        assert [s for s in _signs(tree) if "no command was read" in s]


def test_rows_left_out_as_retired_are_no_unread_option_names(tmp_path):
    text = """\
        Usage: docgen [options] [names...]

        Options:
          --output DIR       write into DIR
          --quiet            say less

          The following options are deprecated:

          --diagram          support discontinued
          --image-format     support discontinued
        """
    tree = crawl(str(fake_cli(tmp_path, "docgen", {"": text})), use_cache=False, timeout_s=5)
    assert {f.name for f in tree.root.flags} == {"output", "quiet"}
    assert not [s for s in _signs(tree) if "no flag holds" in s]
