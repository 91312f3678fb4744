"""The editing session without the UI: every change is undoable, toggling back restores the
exact file, and the quick (incremental) surface equals a full `build_surface` after each edit."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import sample_workspace

from workbench.model.config import Selector
from workbench.model.config_file import dump_config, load_config
from workbench.model.surface import build_surface
from workbench.tui.incremental import update_surface


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ws")
    return lambda sample="deployctl": sample_workspace(folder / "mcp.toml", sample)


def test_toggling_on_and_off_leaves_the_file_byte_identical(fresh):
    ws = fresh()
    before = ws.text()
    ws.set_included("deployctl deploy", False)
    ws.set_flag_type("deployctl deploy", "timeout", "integer")
    assert ws.text() != before and ws.is_dirty()
    ws.set_included("deployctl deploy", True)
    ws.set_flag_type("deployctl deploy", "timeout", None)
    assert ws.text() == before and not ws.is_dirty() and not ws.looks_dirty()


def test_every_change_is_undone_one_at_a_time(fresh):
    ws = fresh()
    texts = [ws.text()]
    ws.set_deprecated("deployctl status", True)
    texts.append(ws.text())
    ws.set_description("deployctl deploy", "Ship it.")
    texts.append(ws.text())
    ws.set_flag_schema("deployctl deploy", "replicas", {"type": "integer", "maximum": 9})
    assert ws.undo() == "schema of --replicas of deployctl deploy"
    assert ws.text() == texts.pop()
    assert ws.undo() == "description of deployctl deploy"
    assert ws.text() == texts.pop()
    ws.undo()
    assert ws.text() == texts.pop() and ws.undo() is None


def test_including_a_command_no_selector_claims_adds_a_selector_for_it(fresh):
    ws = fresh()
    ws.config.selectors = [Selector(commands=["deployctl deploy"])]
    ws.set_included("deployctl status", True, claimed_by_selector=False)
    assert [s.commands for s in ws.config.selectors] == [["deployctl deploy"], ["deployctl status"]]
    names = {t.name for t in build_surface(ws.tree, ws.config).tools}
    assert names == {"deployctl_deploy", "deployctl_status"}
    assert ws.last_scope is None  # a selector change is wider than one command


def test_save_writes_the_file_and_becomes_the_baseline(fresh, tmp_path: Path):
    ws = fresh()
    ws.path = tmp_path / "out.toml"
    ws.set_annotation("deployctl secrets delete", "destructive", True)
    assert ws.is_dirty()
    ws.save()
    assert not ws.is_dirty() and ws.path.read_text() == ws.text()
    assert load_config(ws.path).commands["deployctl secrets delete"].destructive is True


EDITS = [
    ("deployctl deploy", lambda ws, p: ws.set_included(p, False)),
    ("deployctl secrets", lambda ws, p: ws.set_deprecated(p, True)),
    ("deployctl status", lambda ws, p: ws.set_description_mode(p, "short")),
    ("deployctl undeploy", lambda ws, p: ws.set_annotation(p, "destructive", True)),
    (
        "deployctl deploy",
        lambda ws, p: ws.set_flag_schema(p, "replicas", {"type": "integer", "minimum": 1}),
    ),
    ("deployctl deploy", lambda ws, p: ws.set_flag_excluded(p, "dry-run", True)),
    ("deployctl secrets", lambda ws, p: ws.set_deprecated(p, False)),
    ("deployctl deploy", lambda ws, p: ws.set_included(p, True)),
]


@pytest.mark.parametrize("sample", ["deployctl", "notes", "pkgtool"])
def test_the_quick_surface_equals_a_full_build_after_each_edit(fresh, sample):
    ws = fresh(sample)
    surface = build_surface(ws.tree, ws.config)
    paths = [c.path_str for c in ws.tree.walk()]
    edits = (
        EDITS
        if sample == "deployctl"
        else [(paths[i % len(paths)], lambda ws, p: ws.set_included(p, False)) for i in range(1, 5)]
        + [(paths[2], lambda ws, p: ws.set_description(p, "Overridden."))]
    )
    for path, edit in edits:
        edit(ws, path)
        quick = update_surface(surface, ws.tree, ws.config, {ws.last_scope})
        full = build_surface(ws.tree, ws.config)
        assert quick.tools_list() == full.tools_list()
        assert (quick.prompt, quick.prompt_tokens) == (full.prompt, full.prompt_tokens)
        assert sorted(quick.exclusions, key=lambda e: e.path) == sorted(
            full.exclusions, key=lambda e: e.path
        )
        surface = quick
    assert dump_config(ws.config) == ws.text()


def test_a_rejected_value_changes_nothing_and_leaves_no_undo_entry(fresh):
    ws = fresh()
    before = ws.text()
    with pytest.raises(ValueError):
        ws.set_flag_type("deployctl deploy", "timeout", "decimal")
    with pytest.raises(ValueError):  # rejected by the config model while being applied
        ws.set_flag_schema("deployctl deploy", "replicas", "not a schema")  # type: ignore[arg-type]
    assert ws.text() == before and ws.undo() is None


def test_prompt_changes_are_one_undo_each_and_undoing_all_restores_the_file(fresh):
    from workbench.model.config import PromptSection

    ws = fresh()
    before = ws.text()
    ws.set_prompt_variables({"team": "release"})
    ws.set_prompt_sections([PromptSection(name="rules", order=50, text="Ask {{team}}.")])
    ws.set_tool_order(["deployctl_status", "<unlisted-tools>"])
    saved = load_config_text(ws.text())
    assert saved.prompt.tool_order == ["deployctl_status", "<unlisted-tools>"]
    assert [s.name for s in saved.prompt.sections] == ["rules"] and saved.prompt.variables == {
        "team": "release"
    }
    assert [ws.undo(), ws.undo(), ws.undo()] == [
        "tool order",
        "prompt sections",
        "prompt variables",
    ]
    assert ws.text() == before


def load_config_text(text: str):
    import tomllib

    from workbench.model.config import Config

    return Config.model_validate(tomllib.loads(text))


def test_env_and_runtime_changes_are_one_undo_each_and_bad_values_change_nothing(fresh):
    ws = fresh()
    before = ws.text()
    ws.set_env({"LOG_FORMAT": "json"}, label="env LOG_FORMAT")
    ws.set_runtime(label="runtime timeout_s, cwd", timeout_s=30, cwd="work")
    saved = load_config_text(ws.text())
    assert saved.env == {"LOG_FORMAT": "json"}
    assert (saved.runtime.timeout_s, saved.runtime.cwd, saved.runtime.max_concurrency) == (
        30.0,
        "work",
        4,
    )
    after = ws.text()
    for bad in (
        {"timeout_s": 0},
        {"max_concurrency": -1},
        {"max_output_bytes": 1.5},
        {"cwd": " "},
        {"max_concurrency": True},
        {"shell": "bash"},
    ):
        with pytest.raises(ValueError):
            ws.set_runtime(**bad)
    with pytest.raises(ValueError, match="not a valid variable name"):
        ws.set_env({"LOG_FORMAT": "json", "2FAST": "x"})
    with pytest.raises(ValueError, match="NUL"):
        ws.set_env({"LOG_FORMAT": "js\x00on"})
    assert ws.text() == after and len(ws.undo_stack) == 2
    assert [ws.undo(), ws.undo()] == ["runtime timeout_s, cwd", "env LOG_FORMAT"]
    assert ws.text() == before


# --- no reachable config fails to build ---------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from workbench.model.config import REST_ENTRY  # noqa: E402
from workbench.model.surface import surface_from_file  # noqa: E402

EDIT_KINDS = (
    "include",
    "exclude",
    "deprecate",
    "undeprecate",
    "group",
    "order",
    "prefix",
    "selectors",
    "undo",
)


def _apply_random_edit(ws, kind: str, pick: int) -> None:
    """One edit of `kind` as the TUI makes it, its target chosen by `pick` among what exists now."""
    commands = [c for c in ws.tree.walk() if len(c.path) > 1]
    command = commands[pick % len(commands)]
    tools = [t.name for t in build_surface(ws.tree, ws.config).tools]
    if kind in ("include", "exclude"):
        ws.set_included(command.path_str, kind == "include", claimed_by_selector=True)
    elif kind in ("deprecate", "undeprecate"):
        ws.set_deprecated(command.path_str, kind == "deprecate")
    elif kind == "group":
        group = command if command.subcommands else ws.tree.root
        ws.set_group_included(
            group.path_str, [c.path_str for c in group.walk() if c.runnable], pick % 2 == 0
        )
    elif kind == "order" and tools:
        order = (
            tools[pick % len(tools) :] + tools[: pick % len(tools)]
        )  # every tool listed, moved round
        order.insert(pick % (len(order) + 1), REST_ENTRY)
        ws.set_tool_order(order)
    elif kind == "prefix":
        ws.set_prefix(["", "x", None, "cli"][pick % 4])
    elif kind == "selectors":
        ws.set_selectors([] if pick % 3 == 0 else [Selector(commands=[command.path_str + "*"])])
    elif kind == "undo":
        ws.undo()


@pytest.mark.parametrize("sample", ["deployctl", "notes", "pkgtool"])
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    edits=st.lists(
        st.tuples(st.sampled_from(EDIT_KINDS), st.integers(0, 1000)), min_size=1, max_size=12
    )
)
def test_every_config_an_edit_sequence_reaches_builds_and_its_saved_file_serves(
    fresh, tmp_path, sample, edits
):
    """Reorder in the prompt editor, then exclude a listed tool (issue 13): the order is repaired
    at that edit, so the surface builds after every edit and `serve`'s loader accepts the file."""
    ws = fresh(sample)
    for kind, pick in edits:
        _apply_random_edit(ws, kind, pick)
        build_surface(ws.tree, ws.config)  # raises SurfaceError when the edit broke the config
    ws.path = tmp_path / f"{sample}.toml"
    ws.save()
    config, surface = surface_from_file(ws.path)
    assert [t.name for t in surface.tools] == [
        t.name for t in build_surface(ws.tree, ws.config).tools
    ]


def test_excluding_a_tool_the_order_lists_drops_it_from_the_order(fresh):
    ws = fresh()
    ws.set_tool_order(["deployctl_status", REST_ENTRY, "deployctl_deploy"])
    ws.set_included("deployctl deploy", False)
    assert ws.config.prompt.tool_order == ["deployctl_status", REST_ENTRY]
    ws.set_prefix("dc")
    assert ws.config.prompt.tool_order == ["dc_status", REST_ENTRY]  # a rename follows its command
    assert ws.undo() == "tool prefix" and ws.undo() == "exclude deployctl deploy"
    assert ws.config.prompt.tool_order == ["deployctl_status", REST_ENTRY, "deployctl_deploy"]
    with pytest.raises(ValueError, match="no tool"):
        ws.set_tool_order(["deployctl_nothing", REST_ENTRY])


def test_the_status_line_shows_the_two_witness_coverage_line(fresh):
    from workbench.model.tree import Coverage, WitnessCount
    from workbench.tui.widgets.status_line import StatusLine, coverage_text

    ws = fresh()
    status = StatusLine()
    status.coverage = coverage_text(ws.tree)
    assert "coverage" not in status.describe()  # a module:attr load with one witness says nothing
    short = ws.tree.model_copy(
        update={
            "coverage": Coverage(
                exact=WitnessCount(commands=3, flags=10),
                help=WitnessCount(commands=3, flags=12),
                taken_from_help=WitnessCount(commands=0, flags=2),
            )
        }
    )
    status.coverage = coverage_text(short)
    text = status.describe()
    assert "exact loader 3 commands, 10 flags" in text and "help 3 commands, 12 flags" in text
    assert text.count("warning") == 1 and "taken from help: 0 commands, 2 flags" in text
