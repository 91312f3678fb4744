"""Argument validation messages a model can act on (SPEC §8, the seed's Lenient semantics)."""

from __future__ import annotations

from workbench.runtime.validate import ArgumentChecker, closest, edit_distance

SCHEMA = {
    "type": "object",
    "properties": {
        "services": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "tag": {"type": "string"},
        "replicas": {"type": "integer", "minimum": 1},
        "strategy": {"enum": ["rolling", "blue-green", "canary"]},
        "dry-run": {"type": "boolean"},
    },
    "required": ["services", "tag"],
    "additionalProperties": False,
}

checker = ArgumentChecker("deployctl_deploy", SCHEMA)


def test_valid_arguments_have_no_problems():
    assert checker.problems({"services": ["api"], "tag": "v1", "strategy": "canary"}) is None


def test_near_miss_key_gets_did_you_mean_and_the_field_list_marks_required():
    message = checker.problems({"services": ["api"], "tga": "v1"})
    assert message.splitlines() == [
        "Invalid arguments for `deployctl_deploy`:",
        "- unknown field `tga`; did you mean `tag`?",
        "- missing required field `tag`",
        "Expected fields: `services` (required), `tag` (required), `replicas`, `strategy`, `dry-run`.",
    ]


def test_unrelated_key_gets_no_suggestion():
    message = checker.problems({"services": ["api"], "tag": "v1", "colour": "red"})
    assert "- unknown field `colour`\n" in message
    assert "did you mean" not in message


def test_enum_problem_lists_the_allowed_values():
    message = checker.problems({"services": ["api"], "tag": "v1", "strategy": "yolo"})
    assert '- `strategy`: "yolo" is not allowed; allowed values: "rolling", "blue-green", "canary"' in message


def test_each_problem_is_listed_with_where_it_is():
    message = checker.problems({"services": [], "tag": 5, "replicas": 0})
    lines = message.splitlines()
    assert "- `replicas`: 0 is less than the minimum of 1" in lines
    assert "- `services`: [] should be non-empty" in lines
    assert "- `tag`: 5 is not of type 'string'" in lines


def test_non_object_arguments_are_named_as_such():
    assert "- arguments must be a JSON object" in checker.problems(["api"])


def test_a_huge_value_is_shortened_in_the_message():
    message = checker.problems({"services": ["api"], "tag": "v1", "replicas": "9" * 100_000})
    assert len(message) < 1000


def test_edit_distance_and_closest():
    assert edit_distance("patern", "pattern") == 1
    assert edit_distance("", "abc") == 3
    assert closest("dryrun", ["dry-run", "tag"], 2) == "dry-run"
    assert closest("xyz", ["dry-run", "tag"], 2) is None
