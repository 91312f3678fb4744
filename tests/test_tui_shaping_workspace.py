"""The shaping and exposure edits of the workspace (SPEC §5a, §5b) without the UI: each writes
its key, is one undo step, survives save → reopen, and a value the model's rules refuse (the
tool-name pattern, a name another tool has, a pin that does not fit the flag's schema, a limit
of 0) is refused with one sentence and leaves the choices as they were."""

from __future__ import annotations

import pytest
from tui_support import sample_workspace

from workbench.model.config_file import load_config

DEPLOY = "deployctl deploy"


@pytest.fixture
def ws(tmp_path):
    return sample_workspace(tmp_path / "mcp.toml")


def test_each_shaping_edit_is_saved_reopened_and_undone_one_step_at_a_time(ws):
    before = ws.text()
    ws.set_tool_name(DEPLOY, "ship_service")
    ws.set_command_args(DEPLOY, ["--color=never"])
    ws.set_command_limit(DEPLOY, "timeout_s", 7.5)
    ws.set_command_limit(DEPLOY, "max_output_bytes", 4096)
    ws.set_command_env(DEPLOY, {"NO_COLOR": "1"})
    ws.set_output(DEPLOY, "json", {"type": "object"})
    ws.set_load(DEPLOY, "always")
    ws.set_exposure("search")
    ws.set_flag_name(DEPLOY, "replicas", "count")
    ws.set_flag_value(DEPLOY, "strategy", "canary")
    ws.set_flag_default(DEPLOY, "timeout", 12.5)
    ws.set_flag_required(DEPLOY, "label", True)
    ws.save()

    saved = load_config(ws.path)
    command = saved.commands[DEPLOY]
    assert (command.name, command.args, command.timeout_s, command.max_output_bytes) == (
        "ship_service",
        ["--color=never"],
        7.5,
        4096,
    )
    assert (command.env, command.output, command.output_schema, command.load) == (
        {"NO_COLOR": "1"},
        "json",
        {"type": "object"},
        "always",
    )
    assert saved.tools.exposure == "search"
    flags = command.flags
    assert (
        flags["replicas"].name,
        flags["strategy"].value,
        flags["timeout"].default,
        flags["label"].required,
    ) == ("count", "canary", 12.5, True)

    labels = [ws.undo() for _ in range(12)]
    assert (
        labels[0] == "required of label of deployctl deploy"
        and labels[-1] == "tool name of deployctl deploy"
    )
    assert ws.text() == before


@pytest.mark.parametrize(
    ("edit", "sentence"),
    [
        (lambda ws: ws.set_tool_name(DEPLOY, "ship it"), "not a tool name MCP accepts"),
        (
            lambda ws: ws.set_tool_name(DEPLOY, "deployctl_status"),
            "already the tool name of `deployctl status`",
        ),
        (
            lambda ws: ws.set_flag_value(DEPLOY, "replicas", "three"),
            "does not fit `replicas`'s schema",
        ),
        (
            lambda ws: ws.set_flag_default(DEPLOY, "strategy", "sideways"),
            "does not fit `strategy`'s schema",
        ),
        (
            lambda ws: ws.set_flag_value(DEPLOY, "nosuch", 1),
            "no flag or positional of `deployctl deploy`",
        ),
        (
            lambda ws: ws.set_flag_name(DEPLOY, "replicas", "tag", {"tag": "tag"}),
            "already the property of `tag`",
        ),
        (lambda ws: ws.set_flag_name(DEPLOY, "replicas", "a b"), "not a property name"),
        (lambda ws: ws.set_command_limit(DEPLOY, "timeout_s", 0), "above 0"),
        (lambda ws: ws.set_command_limit(DEPLOY, "max_output_bytes", 1.5), "whole number"),
        (lambda ws: ws.set_command_env(DEPLOY, {"1BAD": "x"}), "not a valid variable name"),
        (lambda ws: ws.set_output(DEPLOY, "json", {"type": "integr"}), "not valid JSON Schema"),
        (lambda ws: ws.set_output(DEPLOY, "json", {"type": "array"}), '"type": "object"'),
    ],
)
def test_a_value_the_model_refuses_is_one_sentence_and_changes_nothing(ws, edit, sentence):
    before = ws.text()
    with pytest.raises(ValueError, match=None) as caught:
        edit(ws)
    assert sentence in str(caught.value) and "\n" not in str(caught.value)
    assert ws.text() == before and ws.undo() is None


@pytest.mark.parametrize(
    ("edit", "sentence"),
    [
        (
            lambda ws: ws.set_command_limit(DEPLOY, "timeout_s", 0),
            "`timeout_s` must be above 0, not 0; set a larger value, or clear it for the default",
        ),
        (
            lambda ws: ws.set_command_limit(DEPLOY, "timeout_s", True),
            "`timeout_s` is true or false, but must be a number above 0; fix the value",
        ),
        (
            lambda ws: ws.set_runtime(max_concurrency=0),
            "`max_concurrency` must be above 0, not 0; set a larger value, or clear it for the default",
        ),
        (
            lambda ws: ws.set_command_args(DEPLOY, ["--color=never", "a\x00b"]),
            "`args[2]` contains a NUL character, which no argument or environment variable can hold; fix the value",
        ),
        (
            lambda ws: ws.set_command_env(DEPLOY, {"NO_COLOR": "1\x00"}),
            "`env.NO_COLOR` contains a NUL character, which no argument or environment variable can hold; fix the value",
        ),
        (
            lambda ws: ws.set_env({"LOG": "x\x00"}),
            "`env.LOG` contains a NUL character, which no argument or environment variable can hold; fix the value",
        ),
    ],
)
def test_limits_and_nul_are_refused_with_the_models_own_sentence(ws, edit, sentence):
    """The rule lives in the model (`gt=0`, `EnvText`): the workspace says its sentence, whole."""
    before = ws.text()
    with pytest.raises(ValueError) as caught:
        edit(ws)
    assert str(caught.value) == sentence
    assert ws.text() == before and ws.undo() is None


def test_a_pin_is_read_as_its_schema_expects_and_a_renamed_tool_keeps_its_own_name(ws):
    from workbench.tui.shaping_input import flag_value_schema, parse_flag_value

    command = ws.tree.find(DEPLOY)
    assert (
        parse_flag_value(
            "3",
            flag_value_schema(ws.tree, command, "replicas", ws.flag_choices(DEPLOY, "replicas")),
            what="`replicas`",
        )
        == 3
    )
    assert (
        parse_flag_value(
            "true",
            flag_value_schema(ws.tree, command, "tag", ws.flag_choices(DEPLOY, "tag")),
            what="`tag`",
        )
        == "true"
    )  # a string flag keeps the word
    labels = flag_value_schema(ws.tree, command, "label", ws.flag_choices(DEPLOY, "label"))
    assert parse_flag_value("web", labels, what="`label`") == [
        "web"
    ]  # a repeatable flag: a list of one
    assert parse_flag_value('["a", "b"]', labels, what="`label`") == ["a", "b"]
    ws.set_tool_name(DEPLOY, "ship")
    ws.set_tool_name(DEPLOY, "ship")  # the same name again is no collision with itself
    assert ws.config.commands[DEPLOY].name == "ship"


def test_switching_output_back_to_text_drops_the_schema_and_prunes_the_entry(ws):
    before = ws.text()
    ws.set_output(DEPLOY, "json", {"type": "object"})
    ws.set_output(DEPLOY, "text")
    assert DEPLOY not in ws.config.commands and ws.text() == before
