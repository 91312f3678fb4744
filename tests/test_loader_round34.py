"""Round 34's exact-loader classes (docs/loaders.md, "Round 34"): a program whose start asks its
stdio for a descriptor and its bytes, whose main swallows every exception, and whose `--help`
hides options and drops groups the parser still takes, read exactly all the same.

The program is made up (`probe`, optparse); the expected names are read off its source by hand.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from workbench.loaders import load
from workbench.model.config import Loader
from workbench.model.tree import ValueType

PROBE = textwrap.dedent("""
    import optparse, os, sys

    IS_TTY = os.isatty(sys.stdout.fileno())  # asked as the module loads
    RAW = sys.stdout.buffer
    BASIC = {"url", "method", "verbose"}

    def build():
        parser = optparse.OptionParser(usage="%prog [options]")
        parser.add_option("-u", "--url", dest="url", help="Target URL")
        parser.add_option("-v", dest="verbose", type="int", help="Verbosity level")
        parser.add_option("--secret", dest="secret", help=optparse.SUPPRESS_HELP)
        request = optparse.OptionGroup(parser, "Request")
        request.add_option("--method", dest="method", help="HTTP method")
        request.add_option("--data", dest="data", help="Data string to POST")
        parser.add_option_group(request)
        tuning = optparse.OptionGroup(parser, "Tuning")
        tuning.add_option("--level", dest="level", type="int", help="Level of tests (default %default)")
        tuning.add_option("--risk", dest="risk", type="choice", choices=["1", "2", "3"])
        parser.add_option_group(tuning)
        return parser

    def main():
        try:
            parser = build()
            if "-h" in sys.argv[1:] or "--help" in sys.argv[1:]:
                # the short help: every option outside the basic list hidden, a group with
                # none of them dropped (the long help, `-hh`, shows them all)
                for group in parser.option_groups[:]:
                    kept = False
                    for option in group.option_list:
                        if option.dest in BASIC:
                            kept = True
                        else:
                            option.help = optparse.SUPPRESS_HELP
                    if not kept:
                        parser.option_groups.remove(group)
            options, _ = parser.parse_args()
        except:  # noqa: E722 (what the program does: every failure becomes its own message)
            print("[!] unhandled error")
""")


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "probe.py").write_text(PROBE)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "probe:main"


def test_a_program_that_asks_stdout_for_its_descriptor_and_swallows_the_stop_is_read(probe):
    loaded = load(probe, name="probe")
    assert loaded.source.loader is Loader.OPTPARSE
    visible = {f.key for f in loaded.tree.root.flags if not f.hidden}
    assert {"url", "v"} <= visible


def test_options_hidden_and_groups_dropped_for_the_short_help_only_are_still_options(probe):
    tree = load(probe, name="probe").tree
    flags = {f.key: f for f in tree.root.flags}
    visible = {key for key, flag in flags.items() if not flag.hidden}
    assert visible == {"url", "v", "method", "data", "level", "risk"}
    assert flags["secret"].hidden  # declared hidden: stays hidden
    assert flags["data"].help == "Data string to POST"
    assert flags["level"].help == "Level of tests (default none)"  # optparse's own NO_DEFAULT_VALUE
    assert flags["level"].value_type is ValueType.INTEGER
    assert flags["risk"].choices == ["1", "2", "3"]
