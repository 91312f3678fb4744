"""The memoised checks (`model/memo.py`) keep the invariant that makes a remembered answer the
answer: every argument is immutable text or a number, so no caller can change an input after
its answer was kept (a dict argument would not even hash, but a list in a tuple, or an object
with state, would slip through `lru_cache`)."""

from __future__ import annotations

import importlib
import inspect
import typing

import pytest

from workbench.model import memo

MODULES = [
    "workbench.model.schema",
    "workbench.model.selectors",
    "workbench.model.shaping",
    "workbench.model.surface",
    "workbench.runtime.validate",
]
"""Every module that memoises (a new one is listed here, and its functions checked)."""

IMMUTABLE = (str, int, float, bool)


def problems_of(function: typing.Any) -> list[str]:
    """Why `function`'s parameters break the invariant (empty: they keep it)."""
    hints = typing.get_type_hints(function, globalns=vars(inspect.getmodule(function)))
    problems = []
    for name in inspect.signature(function).parameters:
        hint = hints.get(name)
        if hint not in IMMUTABLE:
            problems.append(f"{function.__qualname__}({name}: {hint})")
    return problems


@pytest.fixture(scope="module")
def memoized_functions():
    for module in MODULES:
        importlib.import_module(module)
    return [cached.__wrapped__ for cached in memo.MEMOIZED]


def test_every_module_that_memoises_is_checked(memoized_functions):
    assert {f.__module__ for f in memoized_functions} == set(MODULES)


def test_every_memoised_function_takes_only_immutable_text_or_numbers(memoized_functions):
    assert [p for f in memoized_functions for p in problems_of(f)] == []


def test_the_check_catches_a_function_of_a_mutable_argument():
    def by_schema(schema: dict[str, typing.Any]) -> str | None:  # what the invariant forbids
        return None

    assert problems_of(by_schema) == [
        "test_the_check_catches_a_function_of_a_mutable_argument.<locals>.by_schema(schema: dict[str, typing.Any])"
    ]


def test_clear_all_makes_the_next_call_compute_again():
    from workbench.model.selectors import glob

    glob("a *")
    memo.clear_all()
    assert glob.cache_info().currsize == 0
    glob("a *")
    assert glob.cache_info().misses == 1
