"""A placeholder that is an ellipsis alone (`--env-file=...`, docs/crawler.md "Session 25"):
the option takes one value of no named kind. It is no repeat (`FILE...` is), and the value's
type is heard from the description and the shown default as for `VALUE`.

The help text is made up (a runtime named `vmrun`, in the layout a C++ option table prints);
the expected values are read off it by hand.
"""

from __future__ import annotations

from help_support import flags_of

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind, ValueType

BARE_ELLIPSES = """Usage: vmrun [options] [ script.js ] [arguments]

Options:
  --check                     syntax check script without executing
  --env-file=...              set environment variables from supplied
                              file
  --sample-interval=...       sampling interval in microseconds for
                              the profiler. (default: 1000)
  --worker-count=...          number of worker threads to start
  --include=FILE...           load each FILE before the script
  --title=...                 the process title to use on startup
"""


def _flags() -> dict:
    return flags_of(parser_for(detect_style(BARE_ELLIPSES))(BARE_ELLIPSES, ["vmrun"]))


def test_a_bare_ellipsis_is_one_value_not_a_repeat():
    flags = _flags()
    for name in ("env-file", "title", "sample-interval", "worker-count"):
        assert flags[name].kind is FlagKind.VALUE, name
        assert flags[name].repeatable is False, name
    assert flags["check"].kind is FlagKind.BOOLEAN


def test_a_named_placeholder_with_an_ellipsis_still_repeats():
    include = _flags()["include"]
    assert include.kind is FlagKind.VALUE and include.repeatable is True
    assert include.metavar == "FILE"


def test_the_description_and_default_type_a_bare_ellipsis():
    flags = _flags()
    assert flags["sample-interval"].value_type is ValueType.INTEGER  # `(default: 1000)`
    assert flags["worker-count"].value_type is ValueType.INTEGER  # `number of …`
    assert flags["env-file"].value_type is ValueType.STRING
    assert flags["title"].value_type is ValueType.STRING
