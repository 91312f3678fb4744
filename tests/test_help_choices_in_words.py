"""Value sets a description states in a pytest-like wording (issue 12, types by evidence).

`--capture=method  Per-test capturing method: one of fd|sys|no|tee-sys` lists its values
joined by bars; `--tb=style  Traceback print mode (auto/long/short/line/native/no)` closes on
them in a parenthesis. Both are the option's only values; a pair in slashes is prose's
either-or and stays open. The help below is made up in argparse's layout.
"""

from __future__ import annotations

from workbench.loaders.help.detect import parser_for
from workbench.model.tree import ValueType

HELP = """\
usage: tool [options] [file_or_dir ...]

options:
  --capture=method      Per-test capturing method: one of fd|sys|no|tee-sys
  --tb=style            Traceback print mode (auto/long/short/line/native/no)
  --color=color         Color terminal output (yes/no/auto)
  --paths=kind          How paths are shown (relative/absolute)
  --units=unit          Sizes in the given unit (KB/MB/GB)
  --mode=mode           Run mode (fast/slow/safe) for the first pass only
"""


def _flags():
    return {f.name: f for f in parser_for("generic")(HELP, ["tool"]).flags}


def test_values_joined_by_bars_after_one_of_are_the_value_set():
    capture = _flags()["capture"]
    assert capture.value_type is ValueType.CHOICE
    assert capture.choices == ["fd", "sys", "no", "tee-sys"]


def test_a_closing_parenthesis_of_three_or_more_slashed_words_is_the_value_set():
    flags = _flags()
    assert flags["tb"].choices == ["auto", "long", "short", "line", "native", "no"]
    assert flags["color"].value_type is ValueType.CHOICE
    assert flags["color"].choices == ["yes", "no", "auto"]


def test_two_slashed_words_units_in_capitals_or_a_parenthesis_mid_sentence_stay_open():
    flags = _flags()
    for name in ("paths", "units", "mode"):
        assert flags[name].choices is None and flags[name].value_type is not ValueType.CHOICE, name
