"""A CLI that prints help only when stdin is a terminal (clean-css-cli reads CSS from a pipe)
is asked again with a pseudo-terminal as stdin; stdout and stderr stay pipes, and one that then
waits for input ends at the timeout, leaving nothing running."""

from __future__ import annotations

import os
import shutil
import sys
import time

import pytest

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.run import run_help

_ONLY_FOR_A_TERMINAL = """\
import os, sys
if not os.isatty(0):
    sys.stdin.read()  # input from a pipe: nothing to print, exit 0 (clean-css-cli's way)
    sys.exit(0)
print("Usage: cli [options] <file>\\n\\nOptions:\\n  -o, --output <path>  where to write\\n"
      "  --stdout-is-a-pipe  " + str(not os.isatty(1)))
"""


def _script(tmp_path, body: str) -> str:
    path = tmp_path / "cli"
    path.write_text(f"#!{sys.executable}\n{body}")
    path.chmod(0o755)
    return str(path)


def test_help_printed_only_for_a_terminal_is_read(tmp_path):
    call = run_help([_script(tmp_path, _ONLY_FOR_A_TERMINAL), "--help"], 20.0)
    assert call.exit_code == 0 and "--output <path>" in call.stdout
    assert "--stdout-is-a-pipe  True" in call.stdout  # only stdin is the terminal


def test_a_crawl_of_such_a_cli_no_longer_fails(tmp_path):
    tree = crawl(_script(tmp_path, _ONLY_FOR_A_TERMINAL), use_cache=False, man="/bin/false")
    assert "output" in {flag.name for flag in tree.root.flags}


def test_a_cli_that_waits_for_input_on_the_terminal_ends_at_the_timeout(tmp_path):
    marker = tmp_path / "pid"
    waits = (
        f"import os, sys\nopen({str(marker)!r}, 'w').write(str(os.getpid()))\nsys.stdin.read()\n"
    )
    started = time.monotonic()
    call = run_help([_script(tmp_path, waits), "--help"], 2.0)
    assert time.monotonic() - started < 15.0
    assert call.timed_out and call.exit_code is None
    with pytest.raises(ProcessLookupError):
        os.kill(int(marker.read_text()), 0)  # the second run, under the terminal, is gone


def test_real_cleancss_help_is_read():
    program = shutil.which("cleancss") or os.environ.get("WORKBENCH_CLEANCSS")
    if not program:
        pytest.skip("clean-css-cli is not installed (set WORKBENCH_CLEANCSS to its cleancss)")
    tree = crawl(program, use_cache=False)
    assert {"output", "format", "source-map"} <= {flag.name for flag in tree.root.flags}
