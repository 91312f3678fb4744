"""The try-it form without the UI: each property of the real samples' input schemas gets the
typed field its JSON type calls for, and what a user types becomes the argument value the schema
expects — or one sentence naming the field."""

from __future__ import annotations

from functools import cache

import pytest
from tui_support import _loaded

from workbench.model.config_file import config_from_loaded
from workbench.model.surface import build_surface
from workbench.tui.prompt_edit import moved, order_entries
from workbench.tui.try_args import ArgumentsInputError
from workbench.tui.try_form import form_arguments, form_fields


@cache
def schema(sample: str, tool: str) -> dict:
    loaded = _loaded(sample)
    return build_surface(loaded.tree, config_from_loaded(loaded)).tool(tool).input_schema


def test_each_property_gets_the_field_its_type_calls_for():
    fields = {f.name: f for f in form_fields(schema("deployctl", "deployctl_deploy"))}
    kinds = {name: f.kind for name, f in fields.items()}
    assert kinds["env"] == "enum" and fields["env"].choices == ("dev", "staging", "prod")
    assert (kinds["dry-run"], kinds["replicas"], kinds["timeout"], kinds["tag"]) == (
        "boolean",
        "integer",
        "number",
        "string",
    )
    assert kinds["services"] == "array" and fields["services"].item_kind == "string"
    ordered = [f.name for f in form_fields(schema("deployctl", "deployctl_deploy"))]
    assert set(ordered[:2]) == {"tag", "services"}  # required first
    info = {f.name: f for f in form_fields(schema("pkgtool", "pkgtool_info"))}
    assert info["field"].item_kind == "enum" and "version" in info["field"].item_choices


def test_typed_text_becomes_the_values_the_schema_expects():
    fields = form_fields(schema("deployctl", "deployctl_deploy"))
    raws = {
        "tag": "v2",
        "services": "web\n\n api \n",
        "replicas": "3",
        "timeout": "2.5",
        "dry-run": True,
        "wait": True,
        "env": "dev",
        "strategy": "canary",
        "label": "",
    }
    assert form_arguments(fields, raws) == {
        "tag": "v2",
        "services": ["web", "api"],
        "replicas": 3,
        "timeout": 2.5,
        "dry-run": True,
        "strategy": "canary",
    }  # wait and env are at their defaults, label is empty: not sent


@pytest.mark.parametrize(
    ("raws", "sentence"),
    [
        ({"replicas": "3.5"}, "`replicas`: `3.5` is not a whole number."),
        ({"timeout": "soon"}, "`timeout`: `soon` is not a number."),
    ],
)
def test_a_wrong_value_is_one_sentence_naming_the_field(raws, sentence):
    with pytest.raises(ArgumentsInputError) as caught:
        form_arguments(form_fields(schema("deployctl", "deployctl_deploy")), raws)
    assert str(caught.value) == sentence


def test_an_array_item_outside_its_enum_names_the_item():
    with pytest.raises(
        ArgumentsInputError, match=r"`field`, item 2: `colour` is not one of name, version"
    ):
        form_arguments(form_fields(schema("pkgtool", "pkgtool_info")), {"field": "name\ncolour"})


def test_the_tool_order_lists_every_tool_then_the_unlisted_entry_and_moves_clamp():
    loaded = _loaded("deployctl")
    config = config_from_loaded(loaded)
    entries = order_entries(config, ["b", "a"])
    assert entries == ["a", "b", "<unlisted-tools>"]
    assert moved(entries, 2, -1) == ["a", "<unlisted-tools>", "b"]
    assert moved(entries, 0, -1) == entries


def test_options_taking_several_words_get_a_list_or_json_field(monkeypatch):
    """`--point X Y` (two numbers) is a line-per-item list; a mixed tuple (`--pair NAME N`) and a
    repeatable pair (`--span A B`, an array of arrays) fall back to JSON rather than a wrong form."""
    import sys
    from pathlib import Path

    from workbench.loaders import load

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "fixtures" / "runtime"))
    monkeypatch.setitem(sys.modules, "multiword", sys.modules.get("multiword"))  # restored after
    monkeypatch.delitem(sys.modules, "multiword")
    loaded = load("multiword:click_cli")
    tool = build_surface(loaded.tree, config_from_loaded(loaded)).tool("multiword_draw")
    fields = {f.name: f for f in form_fields(tool.input_schema)}
    assert (fields["point"].kind, fields["point"].item_kind) == ("array", "number")
    assert fields["pair"].kind == "json" and fields["span"].kind == "json"
    arguments = form_arguments(
        list(fields.values()), {"count": "3", "point": "1.5\n-2", "pair": '["a", 2]'}
    )
    assert (
        arguments["point"] == [1.5, -2]
        and arguments["pair"] == ["a", 2]
        and arguments["count"] == 3
    )
