"""Lint on the real sample CLIs (loaded by the real loaders, surfaces by build_surface): the
annotation rules fire on exactly the commands a maintainer would expect, and a curated config is
silent."""

from __future__ import annotations

import pytest

from workbench.loaders import load
from workbench.model.config import CommandConfig
from workbench.model.config_file import config_from_loaded
from workbench.model.lint import lint
from workbench.model.surface import build_surface

SAMPLES = {
    "sample_clis.deployctl:cli": (
        {"deployctl secrets delete", "deployctl undeploy"},
        {"deployctl secrets get", "deployctl secrets list", "deployctl status"},
    ),
    "sample_clis.notes:app": (
        {"notes delete", "notes tag remove"},
        {"notes list", "notes search", "notes show", "notes tag list"},
    ),
    "sample_clis.pkgtool:build_parser": (
        {"pkgtool cache clean", "pkgtool remove"},
        {"pkgtool cache show", "pkgtool info", "pkgtool list", "pkgtool search"},
    ),
}


@pytest.fixture(scope="module", params=sorted(SAMPLES))
def sample(request):
    loaded = load(request.param)
    return request.param, loaded.tree, config_from_loaded(loaded)


def findings_by_code(tree, config) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for finding in lint(build_surface(tree, config), tree, config):
        found.setdefault(finding.code, set()).add(finding.subject)
    return found


def test_uncurated_sample_needs_its_annotations(sample):
    target, tree, config = sample
    destructive, read_only = SAMPLES[target]
    found = findings_by_code(tree, config)
    found.pop("WB203", None)  # positionals without help text: informational
    assert found == {"WB301": destructive, "WB302": read_only}


def test_curated_sample_is_clean(sample):
    target, tree, config = sample
    destructive, read_only = SAMPLES[target]
    curated = config.model_copy(deep=True)
    curated.commands.update({path: CommandConfig(destructive=True) for path in destructive})
    curated.commands.update({path: CommandConfig(read_only=True) for path in read_only})
    found = findings_by_code(tree, curated)
    assert set(found) <= {"WB203"}
