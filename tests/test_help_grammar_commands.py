"""Commands named only in a grammar (docs/crawler.md, "Session 27"): iproute2's `ip help`
(also `tc`, `bridge`) lists its objects as `where  OBJECT := { address | addrlabel | … }`
under `Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }`. The crawler reads no command from
that grammar, so the load must say its commands are missing instead of passing as complete.

The help is iproute2 6.1's own `ip help`; the program around it is made up.
"""

from __future__ import annotations

import sys
from pathlib import Path

from workbench.loaders.help.crawl import crawl

HELP = (Path(__file__).parent / "fixtures" / "help" / "iproute2_6_1_ip_help.txt").read_text()


def _program(tmp_path: Path, text: str) -> str:
    program = tmp_path / "ip"
    program.write_text(
        f"#!{sys.executable}\nimport sys\nsys.stderr.write({text!r})\nsys.exit(255)\n"
    )
    program.chmod(0o755)
    return str(program)


def test_a_load_whose_commands_are_only_in_a_grammar_says_they_are_missing(tmp_path):
    tree = crawl(_program(tmp_path, HELP), name="ip", use_cache=False, timeout_s=60)
    assert tree.root.subcommands == []
    assert tree.coverage is not None
    (sign,) = [s for s in tree.coverage.short_signs if "grammar" in s]
    assert "OBJECT := { address | addrlabel | amt | … }" in sign


def test_a_grammar_for_a_placeholder_the_usage_does_not_hold_is_no_sign(tmp_path):
    text = HELP.replace("OBJECT { COMMAND | help }", "FILE")
    tree = crawl(_program(tmp_path, text), name="ip", use_cache=False, timeout_s=60)
    signs = tree.coverage.short_signs if tree.coverage else []
    assert not any("grammar" in s for s in signs)
