"""The JSONC edit behind `client-config --write`: one member set, every other byte kept.
Expected texts are written by hand."""

from __future__ import annotations

import json

import pytest

from workbench.clients.jsonc import JsoncError, has_comments, parse, set_member


def test_parse_reads_comments_trailing_commas_and_strings_that_look_like_comments():
    text = '{\n  // a\n  "url": "http://x//y", /* b */ "n": [1, 2,],\n}\n'
    assert parse(text) == {"url": "http://x//y", "n": [1, 2]}
    assert has_comments(text) and not has_comments('{"url": "http://x//y /* no */"}')


def test_a_comment_after_the_last_member_stays_on_its_line():
    text = '{\n  "servers": {\n    "a": 1 // first\n  }\n}\n'
    assert (
        set_member(text, "servers", "b", 2)
        == '{\n  "servers": {\n    "a": 1, // first\n    "b": 2\n  }\n}\n'
    )


def test_a_missing_section_is_added_at_the_end_of_the_root():
    text = '/* settings */\n{\n\t"theme": "dark"\n}\n'
    assert set_member(text, "context_servers", "x", {"command": "c"}) == (
        '/* settings */\n{\n\t"theme": "dark",\n\t"context_servers": {\n\t\t"x": {\n\t\t\t"command": "c"\n'
        "\t\t}\n\t}\n}\n"
    )


def test_one_line_objects_stay_on_one_line_and_empty_ones_open_up():
    assert (
        set_member('{"servers": {"a": 1}}', "servers", "b", {"k": [1]})
        == '{"servers": {"a": 1, "b": {"k": [1]}}}'
    )
    assert set_member('{"servers": {}}', "servers", "b", 2) == '{"servers": {\n  "b": 2\n}}'
    assert set_member("", "servers", "b", 2) == '{\n  "servers": {\n    "b": 2\n  }\n}\n'


def test_a_replaced_entry_keeps_its_neighbours_and_their_comments():
    text = '{\n  "servers": {\n    // x\n    "a": {"old": true},\n    "b": 2 /* keep */\n  }\n}\n'
    assert set_member(text, "servers", "a", {"new": 1}) == (
        '{\n  "servers": {\n    // x\n    "a": {\n      "new": 1\n    },\n    "b": 2 /* keep */\n  }\n}\n'
    )


@pytest.mark.parametrize(
    "text, line",
    [('{"a": 1,\n "b": }', 2), ('{"a": 1} x', 1), ('{"a": "x\n"}', 1), ('{"a": 1 /* open', 1)],
)
def test_malformed_text_names_the_line(text, line):
    with pytest.raises(JsoncError) as error:
        parse(text)
    assert error.value.line == line


def test_the_edit_is_always_valid_json_when_the_input_was():
    text = json.dumps({"mcpServers": {"z": {"command": "q"}}, "other": [1, {"x": None}]}, indent=4)
    edited = set_member(text, "mcpServers", "new", {"command": "c", "args": ["a b", '"q"']})
    assert json.loads(edited) == {
        "mcpServers": {"z": {"command": "q"}, "new": {"command": "c", "args": ["a b", '"q"']}},
        "other": [1, {"x": None}],
    }
