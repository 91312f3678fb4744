"""Each naming rule is written once (`model/naming.py`) and every place that judges a name agrees
with it: lint, serve's start-up check, the TUI's env editor, the client env file and the config
lint of `[env]`. A place that grew its own copy of a rule would drift from these answers."""

from __future__ import annotations

import pytest

from workbench.clients.envfile import parse_assignment
from workbench.model.naming import CALL_ENV_NAME_PATTERN, ENV_NAME_PATTERN, TOOL_NAME_PATTERN
from workbench.runtime.calls import CallEnvError, check_call_env
from workbench.tui.env_edit import name_problem

ENV_NAMES = {
    "PATH": True,
    "log_level": True,
    "_X1": True,
    "1ABC": False,
    "A-B": False,
    "A B": False,
    "": False,
}
CALL_NAMES = {"LOG_LEVEL": True, "_X1": True, "log_level": False, "Path": False, "A-B": False}
TOOL_NAMES = {
    "deploy": True,
    "a-b_c9": True,
    "a.b": False,
    "x" * 64: True,
    "x" * 65: False,
    "": False,
}


@pytest.mark.parametrize("name", sorted(ENV_NAMES))
def test_the_env_editor_and_the_env_file_accept_exactly_the_portable_names(name):
    assert bool(ENV_NAME_PATTERN.match(name)) is ENV_NAMES[name]
    assert (name_problem(name) is None) is ENV_NAMES[name]
    try:
        parse_assignment(f"{name}=1", "--env")
        accepted = True
    except Exception:
        accepted = False
    assert accepted is ENV_NAMES[name]


@pytest.mark.parametrize("name", sorted(CALL_NAMES))
def test_a_per_call_env_takes_capitals_only(name):
    assert bool(CALL_ENV_NAME_PATTERN.match(name)) is CALL_NAMES[name]
    try:
        check_call_env({name: "1"})
        accepted = True
    except CallEnvError:
        accepted = False
    assert accepted is CALL_NAMES[name]


@pytest.mark.parametrize("name", sorted(TOOL_NAMES))
def test_the_tool_name_rule(name):
    assert bool(TOOL_NAME_PATTERN.match(name)) is TOOL_NAMES[name]
