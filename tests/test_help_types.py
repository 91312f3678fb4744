"""Value types and kinds of help-parsed options, decided by evidence (issue 12): the placeholder's
name, then what the description and the shown default say (`loaders/help/evidence.py`). Each
rule on a fixture of a real CLI's help (the corpus recordings, tests/corpus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.schema import value_schema, words_schema
from workbench.model.tree import FlagKind, ValueType

FIXTURES = Path(__file__).parent / "fixtures" / "help"


def flags(name: str, path: list[str]) -> dict:
    text = (FIXTURES / name).read_text()
    parsed = parser_for(detect_style(text))(text, path)
    return {flag.name or flag.short: flag for flag in parsed.flags}


def test_a_placeholder_spelled_as_words_whose_head_counts_is_an_integer():
    csvsql = flags("types_csvsql.txt", ["csvsql"])  # csvkit 2.x: argparse metavars from the names
    for name in (
        "skip-lines",
        "maxfieldsize",
        "min-col-len",
        "snifflimit",
    ):  # SKIP_LINES, FIELD_SIZE_LIMIT, …
        assert csvsql[name].value_type is ValueType.INTEGER, name
    assert (
        csvsql["chunk-size"].value_type is ValueType.STRING
    )  # a SIZE may take units: the safe type
    assert csvsql["delimiter"].value_type is ValueType.STRING
    isort = flags("types_isort.txt", ["isort"])
    assert isort["lai"].value_type is ValueType.INTEGER  # LINES_AFTER_IMPORTS: the head is LINES
    assert isort["line-length"].value_type is ValueType.INTEGER
    assert isort["nlb"].value_type is ValueType.STRING  # NO_LINES_BEFORE: sections, not lines
    codespell = flags("types_codespell.txt", ["codespell"])
    assert codespell["after-context"].value_type is ValueType.INTEGER  # `-A LINES`


def test_a_description_that_shows_more_than_a_number_keeps_the_value_a_string():
    ytdlp = flags("types_ytdlp_excerpt.txt", ["yt-dlp"])
    assert ytdlp["retries"].value_type is ValueType.STRING  # `Number of retries ..., or "infinite"`
    assert (
        ytdlp["buffer-size"].value_type is ValueType.STRING
    )  # `e.g. 1024 or 16K (default is 1024)`
    assert ytdlp["audio-quality"].value_type is ValueType.STRING  # `like 128K (default 5)`
    assert ytdlp["wait-for-video"].value_type is ValueType.STRING  # `MIN[-MAX]` is a format
    assert ytdlp["source-address"].value_type is ValueType.STRING  # `IP address` counts nothing
    tox = flags("types_tox_run.txt", ["tox", "run"])
    assert tox["hashseed"].value_type is ValueType.STRING  # `Passing 'notset' ...` (default: 28…)


def test_counting_words_in_the_description_make_an_integer():
    ytdlp = flags("types_ytdlp_excerpt.txt", ["yt-dlp"])
    assert ytdlp["trim-filenames"].value_type is ValueType.INTEGER  # LENGTH: `number of characters`
    assert ytdlp["age-limit"].value_type is ValueType.INTEGER  # YEARS
    assert ytdlp["max-downloads"].value_type is ValueType.INTEGER  # `downloading NUMBER files`
    isort = flags("types_isort.txt", ["isort"])
    assert isort["fgw"].value_type is ValueType.INTEGER  # `Force number of from imports`
    bandit = flags("types_bandit.txt", ["bandit"])
    assert bandit["number"].value_type is ValueType.INTEGER  # CONTEXT_LINES


def test_a_time_in_seconds_is_a_number_unless_the_text_counts_them():
    ytdlp = flags("types_ytdlp_excerpt.txt", ["yt-dlp"])
    assert ytdlp["sleep-interval"].value_type is ValueType.NUMBER
    assert ytdlp["socket-timeout"].value_type is ValueType.NUMBER
    tox = flags("types_tox_run.txt", ["tox", "run"])
    dump = tox["exit-and-dump-after"]  # `after n seconds ... (default: 0)`
    assert (dump.value_type, dump.default) == (ValueType.INTEGER, 0)


def test_values_listed_as_numbers_are_integer_choices_unless_they_combine():
    codespell = flags("types_codespell.txt", ["codespell"])
    interactive = codespell["interactive"]  # `-i MODE` over `- 0: no interactivity. - 1: ...`
    assert (interactive.value_type, interactive.choices) == (
        ValueType.INTEGER,
        ["0", "1", "2", "3"],
    )
    quiet = codespell["quiet-level"]  # `bitmask ... these levels can be combined`
    assert (quiet.value_type, quiet.choices) == (ValueType.INTEGER, None)


def test_argparse_numeric_brace_choices_are_integers_the_schema_offers_as_numbers():
    quoting = flags("types_csvsql.txt", ["csvsql"])["quoting"]  # `-u {0,1,2,3}`
    assert (quoting.value_type, quoting.choices) == (ValueType.INTEGER, ["0", "1", "2", "3"])
    assert value_schema(quoting.value_type, quoting.choices) == {
        "type": "integer",
        "enum": [0, 1, 2, 3],
    }
    engine = flags("types_csvsql.txt", ["csvsql"])["dialect"]  # `{mssql,mysql,...}` stays a choice
    assert engine.value_type is ValueType.CHOICE


@pytest.mark.parametrize(
    ("fixture", "path", "name"),
    [
        ("types_tox_run.txt", ["tox", "run"], "verbose"),  # `increase verbosity (default: 2)`
        ("types_tox_run.txt", ["tox", "run"], "quiet"),  # `decrease verbosity (default: 0)`
        ("types_bandit.txt", ["bandit"], "level"),  # `(-l for LOW, -ll for MEDIUM, -lll for HIGH)`
        (
            "types_bandit.txt",
            ["bandit"],
            "confidence",
        ),  # `(-i for LOW, -ii for MEDIUM, -iii for HIGH)`
    ],
)
def test_a_switch_with_a_numeric_default_or_shown_doubled_counts(fixture, path, name):
    flag = flags(fixture, path)[name]
    assert (flag.kind, flag.value_type) == (FlagKind.COUNT, ValueType.INTEGER)


@pytest.mark.parametrize(
    ("fixture", "path", "name"),
    [
        (
            "types_mkdocs_serve.txt",
            ["mkdocs", "serve"],
            "watch",
        ),  # `Can be supplied multiple times.`
        (
            "types_hf_buckets_remove.txt",
            ["hf", "buckets", "remove"],
            "include",
        ),  # `(can specify multiple)`
        (
            "types_hf_jobs_run.txt",
            ["hf", "jobs", "run"],
            "expose",
        ),  # `Repeat the flag for multiple ports`
        (
            "types_hf_jobs_run.txt",
            ["hf", "jobs", "run"],
            "network-alias",
        ),  # `Repeat the flag for several aliases`
    ],
)
def test_a_value_option_whose_description_says_it_repeats_is_repeatable(fixture, path, name):
    flag = flags(fixture, path)[name]
    assert (flag.kind, flag.repeatable) == (FlagKind.VALUE, True)


def test_several_values_in_one_occurrence_do_not_make_an_option_repeatable():
    audio = flags("types_ytdlp_excerpt.txt", ["yt-dlp"])[
        "audio-format"
    ]  # `You can specify multiple rules ...`
    assert audio.repeatable is False


@pytest.mark.parametrize(
    ("fixture", "path", "name"),
    [
        (
            "types_flake8.txt",
            ["flake8"],
            "verbose",
        ),  # `This option is repeatable and will increase verbosity ...`
        (
            "types_autopep8.txt",
            ["autopep8"],
            "verbose",
        ),  # `multiple -v result in more verbose messages`
        (
            "types_autopep8.txt",
            ["autopep8"],
            "aggressive",
        ),  # `multiple -a result in more aggressive changes`
        (
            "types_sphinx_build.txt",
            ["sphinx-build"],
            "verbose",
        ),  # `increase verbosity (can be repeated)`
        (
            "types_http.txt",
            ["http"],
            "compress",
        ),  # `Compression can be forced by repeating the argument.`
        ("types_http.txt", ["http"], "quiet"),  # `Provide twice to suppress warnings as well.`
    ],
)
def test_a_switch_whose_description_says_it_repeats_counts(fixture, path, name):
    flag = flags(fixture, path)[name]
    assert (flag.kind, flag.value_type) == (FlagKind.COUNT, ValueType.INTEGER)


def test_a_placeholder_of_n_names_takes_exactly_n_words_even_when_a_name_ends_in_file():
    shadow = flags("types_mypy.txt", ["mypy"])[
        "shadow-file"
    ]  # `--shadow-file SOURCE_FILE SHADOW_FILE`
    assert (shadow.nargs, shadow.value_type, shadow.metavar) == (
        2,
        ValueType.PATH,
        "SOURCE_FILE SHADOW_FILE",
    )
    schema = words_schema(shadow)
    assert (schema["type"], schema["minItems"], schema["maxItems"]) == ("array", 2, 2)
    ytdlp = flags("types_ytdlp_excerpt.txt", ["yt-dlp"])
    to_file = ytdlp[
        "print-to-file"
    ]  # `[WHEN:]TEMPLATE FILE`: an optional prefix is part of the first word
    assert (to_file.nargs, to_file.item_types) == (2, [ValueType.STRING, ValueType.PATH])
    assert ytdlp["replace-in-metadata"].nargs == 3  # `[WHEN:]FIELDS REGEX REPLACE`
    assert (
        flags("types_csvsql.txt", ["csvsql"])["engine-option"].nargs == 2
    )  # `ENGINE_OPTION ENGINE_OPTION`


def test_argparse_open_ended_values_are_words_of_one_occurrence_not_a_repeat():
    tox = flags("types_tox_run.txt", ["tox", "run"])
    labels = tox["m"]  # `-m label [label ...]`
    assert (labels.nargs, labels.repeatable) == ("+", False)
    assert words_schema(labels)["minItems"] == 1
    assert (tox["discover"].nargs, tox["discover"].repeatable) == (
        "+",
        False,
    )  # `--discover path [path ...]`
    nulls = flags("types_csvsql.txt", ["csvsql"])[
        "null-value"
    ]  # `NULL_VALUES [NULL_VALUES ...]`, "specified multiple times"
    assert (nulls.nargs, nulls.repeatable) == ("+", False)


def test_a_sentence_listing_every_value_gives_choices_and_an_open_list_gives_none():
    ytdlp = flags("types_ytdlp_excerpt.txt", ["yt-dlp"])
    concat = ytdlp[
        "concat-playlist"
    ]  # `One of "never", "always", or "multi_video" (default; ...).`
    assert (concat.value_type, concat.choices) == (
        ValueType.CHOICE,
        ["never", "always", "multi_video"],
    )
    assert ytdlp["fixup"].choices == [
        "never",
        "warn",
        "detect_or_warn",
        "force",
    ]  # `One of never (do nothing), ...`
    xff = ytdlp[
        "xff"
    ]  # `One of "default" (...), "never", an IP block in CIDR notation, or ...`: open
    assert (xff.value_type, xff.choices) == (ValueType.STRING, None)
    signal = flags("types_coverage_run.txt", ["coverage", "run"])[
        "save-signal"
    ]  # `Supported values are: USR1, USR2.`
    assert (signal.value_type, signal.choices) == (ValueType.CHOICE, ["USR1", "USR2"])
    concurrency = flags("types_coverage_run.txt", ["coverage", "run"])[
        "concurrency"
    ]  # `..., or a comma-list of them.`
    assert concurrency.choices is None


def positionals(name: str, path: list[str]):
    text = (FIXTURES / name).read_text()
    return [
        (p.name, p.required, p.variadic)
        for p in parser_for(detect_style(text))(text, path).positionals
    ]


def test_argparse_remainder_printed_as_a_bare_ellipsis_is_an_optional_rest_of_the_words():
    # argparse prints nargs=REMAINDER as `...`; its name is only in `positional arguments:`
    assert positionals("types_pipx_exec.txt", ["pipx", "exec"]) == [  # `ENVIRONMENT APP ...`
        ("ENVIRONMENT", True, False),
        ("APP", True, False),
        ("app_args", False, True),
    ]
    assert positionals(
        "types_precommit_hazmat_cd.txt", ["pre-commit", "hazmat", "cd"]
    ) == [  # `subdir ...`
        ("subdir", True, False),
        ("cmd", False, True),
    ]
    assert positionals("types_precommit_hazmat_n1.txt", ["pre-commit", "hazmat", "n1"]) == [
        ("cmd", False, True)
    ]


def test_a_bracketed_remark_about_options_in_the_usage_does_not_hide_the_positionals():
    # mypy: `usage: mypy [-h] [-v] [-V] [more options; see below] ... [files ...]`
    assert positionals("types_mypy.txt", ["mypy"]) == [("files", False, True)]
