"""The introspection's fast paths give exactly what the slow ones they replace give (issue 13:
opening a 2,000-command CLI)."""

from __future__ import annotations

import importlib.metadata
import inspect

from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.loaders import click_loader
from workbench.loaders.introspect import distributions_providing, module_version


def test_distributions_providing_agrees_with_packages_distributions() -> None:
    every = importlib.metadata.packages_distributions()  # the standard library's own answer
    names = [*every, "workbench", "sample_clis", "click", "no_such_package_here", "_"]
    assert {name: distributions_providing(name) for name in names} == {
        name: every.get(name) or [] for name in names
    }


def test_a_module_without_a_version_gets_its_distribution_s() -> None:
    import typing_extensions  # pydantic's dependency: installed, and no __version__ of its own

    assert not hasattr(typing_extensions, "__version__")
    assert module_version("typing_extensions") == importlib.metadata.version("typing_extensions")


def _clean_by_cleandoc(text: str | None) -> str:
    """The help cleaning as the click loader did it before its one-line fast path."""
    if not text:
        return ""
    text = text.split("\f", 1)[0]
    lines = [line for line in inspect.cleandoc(text).splitlines() if line.strip() != "\b"]
    return "\n".join(lines).strip()


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("ab \t\n\r\f\b\x0b\x1c\x85\u2028-:.")) | st.characters(),
        max_size=40,
    )
)
def test_cleaning_one_line_help_is_what_cleandoc_gives(text: str) -> None:
    assert click_loader._clean(text) == _clean_by_cleandoc(text)
