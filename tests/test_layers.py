"""Layering, as a user's interpreter sees it: import every module of a layer in a fresh
interpreter and check what got imported. (`.importlinter` checks the same contracts statically;
this test also catches an import that happens only at run time, through a third-party package.)

  model                      pure Python + pydantic: nothing of ours above it, no textual, rich,
                             mcp, uvicorn or subprocess
  loaders, runtime, clients  never textual/rich, never the TUI or the commands
  commands, cli              thin: importing them loads no textual (the TUI is imported lazily)
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import importlib, json, pkgutil, sys
names = []
for package in {packages!r}:
    module = importlib.import_module(package)
    names.append(package)
    if hasattr(module, "__path__"):
        names += [m.name for m in pkgutil.walk_packages(module.__path__, package + ".")]
for name in names:
    importlib.import_module(name)
print(json.dumps({{"imported": names, "modules": sorted(sys.modules)}}))
"""

OURS_ABOVE_MODEL = [
    "workbench.loaders",
    "workbench.runtime",
    "workbench.clients",
    "workbench.tui",
    "workbench.commands",
    "workbench.cli",
    "workbench.children",
]

LAYERS = {
    "model": (
        ["workbench.model"],
        ["textual", "rich", "mcp", "uvicorn", "subprocess", *OURS_ABOVE_MODEL],
    ),
    "loaders": (["workbench.loaders"], ["textual", "rich", "workbench.tui", "workbench.commands"]),
    "runtime": (
        ["workbench.runtime", "workbench.children"],
        ["textual", "rich", "workbench.tui", "workbench.commands"],
    ),
    "clients": (["workbench.clients"], ["textual", "rich", "workbench.tui", "workbench.commands"]),
    "commands": (["workbench.commands", "workbench.cli"], ["textual"]),
}


def imported_by(packages: list[str]) -> tuple[list[str], set[str]]:
    """Every module of `packages` (walked, not named) and all that importing them loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(packages=packages)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.splitlines()[-1])
    return answer["imported"], set(answer["modules"])


def loaded(forbidden: str, modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m == forbidden or m.startswith(forbidden + "."))


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_every_module_of_a_layer_imports_only_what_is_below_it(layer):
    packages, forbidden = LAYERS[layer]
    names, modules = imported_by(packages)
    assert len(names) > len(packages), f"{layer}: no modules were walked"
    broken = {name: loaded(name, modules) for name in forbidden if loaded(name, modules)}
    assert not broken, f"importing the {layer} layer loaded {broken}"
