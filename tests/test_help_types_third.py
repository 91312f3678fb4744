"""Value types, third pass (docs/crawler.md, "Value types, third pass"): the classes of value-type
miss left on the 191 recorded corpus CLIs, each read as a general rule of the style that owns
it on a fixture of the real CLI's help, and a number read without a type word marked as a guess
(`Flag.type_guessed`, lint WB415)."""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.loaders.help.evidence import stated_unit_type
from workbench.loaders.help.flags import FlagStyle, parse_flag
from workbench.model.config import CommandConfig, Config, FlagConfig
from workbench.model.lint import lint
from workbench.model.surface import build_surface
from workbench.model.tree import Command, CommandTree, ValueType
from workbench.runtime.argv import build_argv

# ---------------------------------------------------------------- a placeholder's stated unit


def test_a_placeholder_the_description_counts_in_bytes_is_an_integer():
    # s3cmd 2.4 (optparse `type="int"`): `--multipart-chunk-size-mb=SIZE  Size of each chunk …
    # SIZE is in Mega-Bytes, default chunk size is 15MB, minimum allowed chunk size is 5MB`
    chunk = flags_of(parsed("types_s3cmd.txt", ["s3cmd"]))["multipart-chunk-size-mb"]
    assert chunk.value_type is ValueType.INTEGER
    assert chunk.type_guessed  # no type word printed: read from the description


def test_a_unit_the_text_does_not_give_the_placeholder_states_nothing():
    # yt-dlp's `--limit-rate RATE  Maximum download rate in bytes per second, e.g. 50K or 4.2M`
    # takes `50K`: the text measures the rate, it does not say RATE is a count of bytes
    rate = "Maximum download rate in bytes per second, e.g. 50K or 4.2M"
    assert stated_unit_type("RATE", rate) is None
    assert parse_flag("-r, --limit-rate RATE", rate, FlagStyle()).value_type is ValueType.STRING
    assert stated_unit_type("SIZE", "The chunk SIZE is in kilobytes.") is ValueType.INTEGER
    assert stated_unit_type("SIZE", "SIZE is in MiB") is ValueType.INTEGER
    assert stated_unit_type("MIN[-MAX]", "MIN[-MAX] is in bytes") is None  # a format


# ---------------------------------------------------------------- argparse's one choice in braces


def test_argparse_prints_one_choice_in_braces_as_the_value_set():
    # conan 2.34 `remote add`: `-t {local-recipes-index}, --type {local-recipes-index}`
    # (argparse `choices=["local-recipes-index"]`; a metavar is printed without braces)
    flags = flags_of(parsed("types_conan_remote_add.txt", ["conan", "remote", "add"]))
    remote_type = flags["type"]
    assert (remote_type.value_type, remote_type.choices) == (
        ValueType.CHOICE,
        ["local-recipes-index"],
    )
    assert flags["index"].value_type is ValueType.STRING  # `--index INDEX`: no evidence


def test_one_name_in_braces_elsewhere_stays_a_placeholder():
    # GNU sed's `{script-only-if-no-other-script}` names the operand; only argparse spells
    # nothing but choices in braces
    flag = parse_flag("--type {local-recipes-index}", "Define the remote type", FlagStyle())
    assert flag.value_type is ValueType.STRING and not flag.choices
    braced = parse_flag(
        "--type {local-recipes-index}", "Define the remote type", FlagStyle(braces_list=True)
    )
    assert braced.choices == ["local-recipes-index"]


# ---------------------------------------------------------------- click's TEXT checks nothing


def test_values_a_click_text_option_lists_stay_a_string():
    # modal 1.6 (typer `str`): `-s, --source TEXT  Filter by source: 'stdout', 'stderr', or
    # 'system'`: the program documents the values, click checks none (a Choice prints `[a|b]`)
    flags = flags_of(parsed("types_modal_app_logs.txt", ["modal", "app", "logs"]))
    source = flags["source"]
    assert (source.value_type, source.choices) == (ValueType.STRING, None)
    assert "'stdout', 'stderr', or 'system'" in source.help  # the model still reads them
    assert flags["tail"].value_type is ValueType.INTEGER and not flags["tail"].type_guessed


def test_other_styles_still_read_a_listed_value_set_after_a_string_type():
    # optionator's `String` with `- either: metadata or content` is an enum it checks (eslint)
    flag = parse_flag(
        "--cache-strategy String",
        "Strategy to use for detecting changed files in the cache - either: metadata or content"
        " - default: metadata",
        FlagStyle(),
    )
    assert flag.choices == ["metadata", "content"]


# ---------------------------------------------------------------- a guessed number is marked


def test_a_number_read_without_a_type_word_is_marked_a_guess():
    flags = flags_of(parsed("types_s3cmd.txt", ["s3cmd"]))
    limit = flags["limit"]  # `--limit=NUM  Limit number of objects returned …`
    assert (limit.value_type, limit.type_guessed) == (ValueType.INTEGER, True)
    assert not flags["restore-priority"].type_guessed  # a choice, read from its list
    declared = parse_flag("-n, --tail INTEGER", "Show only the last N log entries", FlagStyle())
    assert (declared.value_type, declared.type_guessed) == (ValueType.INTEGER, False)
    listed = parse_flag("--quoting {0,1,2,3}", "Quoting style", FlagStyle())
    assert (listed.value_type, listed.type_guessed) == (ValueType.INTEGER, False)
    plain = parse_flag("--name NAME", "The name", FlagStyle())
    assert not plain.type_guessed  # a string refuses nothing: no guess to confirm


def test_a_guessed_number_is_a_lint_finding_and_a_type_override_settles_it():
    result = parsed("types_s3cmd.txt", ["s3cmd"])
    tree = CommandTree(root=Command(path=["s3cmd"], flags=result.flags))
    findings = [f for f in lint(build_surface(tree, Config()), tree, Config()) if f.code == "WB415"]
    subjects = {f.subject for f in findings}
    assert {"s3cmd.limit", "s3cmd.max-retries", "s3cmd.multipart-chunk-size-mb"} <= subjects
    limit = next(f for f in findings if f.subject == "s3cmd.limit")
    assert "integer" in limit.message and "`NUM`" in limit.message
    assert 'type = "string"' in limit.fix and '[commands."s3cmd".flags.limit]' in limit.fix
    assert limit.severity.value == "info"

    config = Config(commands={"s3cmd": CommandConfig(flags={"limit": FlagConfig(type="string")})})
    surface = build_surface(tree, config)
    assert "s3cmd.limit" not in {
        f.subject for f in lint(surface, tree, config) if f.code == "WB415"
    }
    tool = surface.tools[0]
    assert tool.input_schema["properties"]["limit"]["type"] == "string"
    assert build_argv(tool.binding, ["s3cmd"], {"limit": "10k"}) == ["s3cmd", "--limit=10k"]
