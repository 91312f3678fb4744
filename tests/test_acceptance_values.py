"""Hostile values a client may send, checked without a server: validation messages show values
as the client sent them (JSON), and values no command line can carry are refused with a
sentence before any argv is built (a huge count, a huge integer, an oversized word or line).
"""

from __future__ import annotations

import time

import pytest

from workbench.model.surface_types import ArgBinding, ToolBinding
from workbench.model.tree import FlagKind, ValueType
from workbench.runtime.argv import ARGV_LIMIT, ArgvError, build_argv
from workbench.runtime.validate import ArgumentChecker

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "n": {"type": "integer"},
        "s": {"type": "string"},
        "c": {"type": "integer", "maximum": 5},
    },
}
BINDING = ToolBinding(
    command_path=("cli",),
    args=(
        ArgBinding(
            property="v",
            source="flag",
            level=1,
            spelling="-v",
            kind=FlagKind.COUNT,
            value_type=ValueType.INTEGER,
        ),
        ArgBinding(
            property="n",
            source="flag",
            level=1,
            spelling="--n",
            kind=FlagKind.VALUE,
            value_type=ValueType.INTEGER,
        ),
        ArgBinding(
            property="items",
            source="positional",
            level=1,
            spelling="ITEMS",
            kind=FlagKind.VALUE,
            value_type=ValueType.STRING,
            variadic=True,
        ),
    ),
)


def test_messages_show_json_values():
    message = ArgumentChecker("t", SCHEMA).problems({"n": True, "s": None, "c": "3"})
    assert "- `n`: true is not of type 'integer'" in message
    assert "- `s`: null is not of type 'string'" in message
    assert "- `c`: \"3\" is not of type 'integer'" in message


def test_an_integer_too_long_to_print_gets_a_sentence():
    message = ArgumentChecker("t", SCHEMA).problems({"c": 10**5000})
    assert message.startswith("Invalid arguments for `t`: a number has too many digits")
    with pytest.raises(ArgvError, match="more digits than a command line"):
        build_argv(BINDING, ["cli"], {"n": 10**5000})
    with pytest.raises(ArgvError, match="more often than a command line"):
        build_argv(BINDING, ["cli"], {"v": 10**5000})


def test_a_huge_count_is_refused_before_it_is_built():
    started = time.monotonic()
    with pytest.raises(ArgvError, match="`v` = 100000000 repeats `-v`"):
        build_argv(BINDING, ["cli"], {"v": 100_000_000})
    assert time.monotonic() - started < 0.1
    assert build_argv(BINDING, ["cli"], {"v": 3}) == ["cli", "-v", "-v", "-v"]


def test_oversized_words_and_lines_are_refused():
    with pytest.raises(ArgvError, match="per word"):
        build_argv(BINDING, ["cli"], {"items": ["x" * 200_000]})
    many = ["x" * 100_000] * (ARGV_LIMIT // 100_000 + 1)
    with pytest.raises(ArgvError, match="more than the system's limit"):
        build_argv(BINDING, ["cli"], {"items": many})
    assert build_argv(BINDING, ["cli"], {"items": ["-rf", "x" * 100_000]})[:3] == [
        "cli",
        "--",
        "-rf",
    ]
