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
    assert (
        '- `strategy`: "yolo" is not allowed; allowed values: "rolling", "blue-green", "canary"'
        in message
    )


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


# -- bounded work per request (SPEC §11.7, issue 14 item 2) -------------------------------------
# CPU time of this thread (`time.thread_time`), so a busy machine cannot fail them; before the
# bounds, each of these took seconds (pure-Python distances against every name and key).

import time  # noqa: E402

from workbench.runtime.calls import closest_names, unknown_tool_message  # noqa: E402
from workbench.runtime.validate import MAX_ARGUMENT_VALUES, size_problem  # noqa: E402

TOOLS = [f"big_g{g:03d}_command-{c:02d}" for g in range(200) for c in range(50)]


def cpu_ms(work) -> tuple[float, object]:
    started = time.thread_time()
    result = work()
    return (time.thread_time() - started) * 1000, result


def test_an_unknown_tool_costs_milliseconds_at_10000_tools_however_long_its_name():
    for name in ("x" * 2000, "big_g123_comand-34", "big_g123_command-3", "nothing-like-it"):
        spent, message = cpu_ms(lambda name=name: unknown_tool_message(name, TOOLS))
        assert spent < 40, (name[:20], spent)
    assert closest_names("big_g123_comand-34", TOOLS)[0] == "big_g123_command-34"
    assert unknown_tool_message("x" * 2000, TOOLS).startswith(
        "Unknown tool `" + "x" * 77 + "...`; the tools are"
    )


def test_two_thousand_unknown_keys_of_500_characters_cost_little_and_say_how_many():
    flood = {f"{'k' * 496}{i:04d}": 1 for i in range(2000)}
    spent, message = cpu_ms(lambda: checker.problems({"services": ["a"], "tag": "v", **flood}))
    assert spent < 200, spent
    lines = message.splitlines()
    assert len(lines) == 1 + 9 + 1 + 1  # header, nine keys, how many more, expected fields
    assert lines[-2] == "- 1991 more unknown fields"
    assert max(map(len, lines[:-1])) < 200, "a 500-character key is shown shortened"


def test_arguments_too_large_to_check_are_refused_early_with_a_sentence():
    assert size_problem({"a": ["x"] * (MAX_ARGUMENT_VALUES + 1)}).startswith(
        "the arguments hold more than 10,000 values"
    )
    deep: object = "x"
    for _ in range(100):
        deep = [deep]
    assert (
        size_problem({"a": deep})
        == "the arguments nest more than 64 levels deep; send flatter values."
    )
    assert "characters of text" in size_problem({"a": "x" * (5 * 1024 * 1024)})
    assert size_problem({"a": ["x"] * 1000, "b": {"c": [1, 2, {"d": None}]}}) is None
    spent, message = cpu_ms(lambda: checker.problems({"services": ["a"] * 1_000_000, "tag": "v"}))
    assert spent < 100, spent
    assert message.startswith(
        "Invalid arguments for `deployctl_deploy`: the arguments hold more than"
    )
