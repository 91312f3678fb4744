"""Odd option names and typed choices from an outside argparse CLI (tests/fixtures/acceptance/
acc_odd.py): every input property name fits `^[A-Za-z0-9_.-]{1,64}$` (model APIs reject the
whole tool list otherwise), `type=int`/`float` choices are served as numeric enums, and values
given under the sanitized names reach the CLI's own parser exactly.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from workbench.loaders import load
from workbench.model.config import Config
from workbench.model.naming import property_name, sanitize, snake_case
from workbench.model.surface import build_surface
from workbench.model.tree import ValueType
from workbench.runtime.argv import build_argv

sys.path.insert(0, str(Path(__file__).parent / "fixtures" / "acceptance"))
import acc_odd  # noqa: E402

PROPERTY = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


@pytest.fixture(scope="module")
def tool():
    tree = load("acc_odd:build").tree
    (only,) = build_surface(tree, Config(snapshot=tree)).tools
    return only


def test_every_property_name_is_one_clients_accept(tool):
    properties = tool.input_schema["properties"]
    assert all(PROPERTY.match(name) for name in properties), list(properties)
    assert list(properties) == [
        "_ber",
        "a.b",
        "x_y",
        "Camel_Case",
        "_",
        "level",
        "ratio",
        "src_file",
        "dest_dir",
        "rest",
    ]
    spelled = {arg.property: arg.spelling for arg in tool.binding.args}
    assert spelled["_ber"] == "--über" and spelled["x_y"] == "--x:y" and spelled["_"] == "-Ü"


def test_numeric_choices_are_numeric_enums(tool):
    properties = tool.input_schema["properties"]
    assert properties["level"] == {"type": "integer", "enum": [1, 2, 3], "default": 2}
    assert properties["ratio"]["type"] == "number" and properties["ratio"]["enum"] == [0.5, 1]
    tree = load("acc_odd:build").tree
    assert {f.key: f.value_type for f in tree.root.flags}["level"] is ValueType.INTEGER


def test_values_reach_the_parser_exactly(tool):
    arguments = {
        "_ber": "-rf",
        "x_y": "-",
        "a.b": "$(rm -rf /)",
        "_": "ü\nx",
        "level": 3,
        "ratio": 1,
        "src_file": "--x=y",
        "dest_dir": "-",
        "rest": ["--uber", "a b"],
    }
    argv = build_argv(tool.binding, ["odd"], arguments)
    parsed = vars(acc_odd.build().parse_args(argv[1:]))
    assert parsed == {
        "über": "-rf",
        "xy": "-",
        "ab": "$(rm -rf /)",
        "uu": "ü\nx",
        "level": 3,
        "ratio": 1.0,
        "cc": None,
        "plus": None,
        "<src file>": "--x=y",
        "dest": "-",
        "rest": ["--uber", "a b"],
    }


def test_names_are_sanitized_like_tool_names_and_fit():
    assert property_name("dry-run") == "dry-run" and property_name("über") == "_ber"
    assert property_name("x:y") == "x_y" and property_name("日本") == "__"
    assert len(property_name("a" * 100)) == 64
    assert sanitize("über-status") == "_ber-status"
    assert len(snake_case("X" * 100)) <= 59
