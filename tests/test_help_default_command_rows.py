"""A program that lists its default command by its arguments (docs/crawler.md, "Round 39"):
cac's `Commands:` section over `[mode]` or `[...files]` rows, met on taze and vite-node, is no
sign of missed commands, and `[...files]`, a rest parameter spelled with its dots first, is an
optional positional of any number of words. Each through a crawl of a fake CLI run as a real
subprocess; the texts are the programs' own (taze 21.3.0, vite-node 6.0.0), cut short, their
rows' trailing spaces trimmed.
"""

from __future__ import annotations

from help_support import fake_cli

from workbench.loaders.help.crawl import crawl

TAZE = """\
    taze/21.3.0

    Usage:
      $ taze [mode]

    Commands:
      [mode]  Update mode (version range to check). Available: default | major | minor | patch | latest | newest | stable | next

    For more info, run any command with the `--help` flag:
      $ taze --help

    Options:
      --cwd, -C <cwd>                     specify the current working directory
      --loglevel <level>                  log level (debug|info|warn|error|silent)
      --fail-on-outdated                  exit with code 1 if outdated dependencies are found
      --write, -w                         write to package.json
      -h, --help                          Display this message
      -v, --version                       Display version number
    """

VITE_NODE = """\
    vite-node/6.0.0

    Usage:
      $ vite-node [...files]

    Commands:
      [...files]

    For more info, run any command with the `--help` flag:
      $ vite-node --help

    Options:
      -r, --root <path>           Use specified root directory
      -c, --config <path>         Use specified config file
      -w, --watch                 Restart on file changes, similar to "nodemon"
      --inspect-addr [host:port]  Enable Node.js inspector with specified address
      -h, --help                  Display help for command
      -v, --version               Display version number
    """

FROB = """\
    frob/1.0.0

    Usage:
      $ frob <command> [options]

    Commands:
      build [root]  build for production
      serve <dir>   serve a folder

    Options:
      -h, --help  Display this message
    """


def _signs(tree) -> list[str]:
    return tree.coverage.short_signs if tree.coverage else []


def test_a_commands_section_of_only_the_default_commands_arguments_is_no_sign(tmp_path):
    for name, text, some in (
        ("taze", TAZE, {"cwd", "write"}),
        ("vite-node", VITE_NODE, {"root", "watch"}),
    ):
        tree = crawl(str(fake_cli(tmp_path, name, {"": text})), use_cache=False, timeout_s=5)
        assert not tree.root.subcommands
        assert some <= {f.name for f in tree.root.flags}
        assert not [s for s in _signs(tree) if "no command was read" in s], name


def test_a_rest_parameter_with_its_dots_first_is_a_variadic_positional(tmp_path):
    tree = crawl(
        str(fake_cli(tmp_path, "vite-node", {"": VITE_NODE})), use_cache=False, timeout_s=5
    )
    assert [(p.name, p.required, p.variadic) for p in tree.root.positionals] == [
        ("files", False, True)
    ]


def test_named_command_rows_under_the_heading_are_still_commands(tmp_path):
    tree = crawl(str(fake_cli(tmp_path, "frob", {"": FROB})), use_cache=False, timeout_s=5)
    if not tree.root.subcommands:  # a layout no rule reads must still say so
        assert [s for s in _signs(tree) if "no command was read" in s]
