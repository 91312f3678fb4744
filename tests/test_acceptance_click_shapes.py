"""Odd click option shapes from an outside CLI (tests/fixtures/acceptance/acc_click_shapes.py),
exported and called the way `serve` builds argv, read back by click itself:

- an option whose value is optional (`is_flag=False, flag_value=…`): click reads a following
  `-…` word as the next option even after `--opt=`, so `{"opt-val": "--shout"}` switched
  `--shout` on (SPEC §11.4); such values are now refused and others arrive exactly;
- an empty variadic argument before a required one (`tail [FILES]... LAST`) is allowed
  (argparse reads `files*` then `last` the same way).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from workbench.loaders import load
from workbench.model.config import Config
from workbench.model.surface import build_surface
from workbench.runtime.argv import ArgvError, build_argv

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "acceptance"))
import acc_click_shapes  # noqa: E402


@pytest.fixture(scope="module")
def tools():
    tree = load("acc_click_shapes:cli").tree
    assert any("--opt-val may be given without a value" in note for note in tree.notes)
    return {tool.name: tool for tool in build_surface(tree, Config(snapshot=tree)).tools}


def read_back(tool, arguments):
    argv = build_argv(tool.binding, ["cli"], arguments)
    result = CliRunner().invoke(acc_click_shapes.cli, argv[1:], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("hostile", ["--shout", "--size=9", "-q", "-"])
def test_an_optional_value_starting_with_dash_is_refused(tools, hostile):
    with pytest.raises(ArgvError, match="cannot start with `-`"):
        build_argv(tools["acc_click_shapes"].binding, ["cli"], {"opt-val": hostile})


@pytest.mark.parametrize("value", ["x-y", "", "a b", "$(rm)", "ü\n"])
def test_other_optional_values_arrive_exactly(tools, value):
    read = read_back(tools["acc_click_shapes"], {"opt-val": value, "size": 3})
    assert read["opt_val"] == value and read["shout"] is False and read["size"] == 3


def test_an_empty_variadic_before_a_required_argument(tools):
    tail = tools["acc_click_shapes_tail"]
    assert read_back(tail, {"last": "-z"})[1] == {"files": [], "last": "-z"}
    assert read_back(tail, {"files": [], "last": "z"})[1] == {"files": [], "last": "z"}
    assert read_back(tail, {"files": ["-a", "b"], "last": "c"})[1] == {
        "files": ["-a", "b"],
        "last": "c",
    }
