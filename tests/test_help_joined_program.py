"""A command that is a program of its own, whose usage names the parent and the path joined by
dashes (docs/crawler.md, "Session 26"): `ipython kernel install --help` prints `usage:
ipython-kernel-install [-h] [--user] …`, which is that command's own help.

The text is ipython 8's own (recorded in the corpus); the expected values are read off it by hand.
"""

from __future__ import annotations

import sys

from workbench.loaders.help.fetch import fetch_help

KERNEL_INSTALL = """usage: ipython-kernel-install [-h] [--user] [--name NAME] [--display-name DISPLAY_NAME] [--profile PROFILE] [--prefix PREFIX] [--sys-prefix] [--env ENV VALUE] [--frozen_modules]

Install the IPython kernel spec.

options:
  -h, --help            show this help message and exit
  --user                Install for the current user instead of system-wide
  --name NAME           Specify a name for the kernelspec. This is needed to have multiple IPython kernels at the same time.
  --sys-prefix          Install to Python's sys.prefix. Shorthand for --prefix='/usr/local/bin/python3.11'. For use in conda or virtual environments.
"""


def _printing(folder, name: str, text: str) -> str:
    """A program named `name` that prints `text` for any arguments."""
    script = folder / name
    script.write_text(f"#!{sys.executable}\nprint({text!r}, end='')\n")
    script.chmod(0o755)
    return str(script)


def test_a_usage_naming_the_joined_path_is_the_commands_own_help(tmp_path):
    program = _printing(tmp_path, "ipython", KERNEL_INSTALL)
    fetched = fetch_help(program, ["kernel", "install"], [], 60)
    assert fetched.text == KERNEL_INSTALL, fetched.problem


def test_a_joined_name_of_another_path_is_still_another_commands_usage(tmp_path):
    program = _printing(tmp_path, "ipython", KERNEL_INSTALL)
    refused = fetch_help(program, ["kernel", "remove"], [], 60)
    assert refused.text is None and "another command" in (refused.problem or "")
