"""The introspection's fast paths give exactly what the slow ones they replace give (issue 13:
opening a 2,000-command CLI)."""

from __future__ import annotations

import importlib.metadata

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
