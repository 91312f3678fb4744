"""Value types the crawler reads from help (issue 12, round 15's type pass): each class of miss
found on the 99 recorded CLIs, read as a general rule on a fixture of the real CLI's help
(`tests/corpus/recordings`), and the cases where the help gives no evidence left as strings."""

from __future__ import annotations

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.detect import detect_style
from workbench.loaders.help.evidence import listed_choices, prose_choices
from workbench.model.schema import flag_schema
from workbench.model.tree import FlagKind, ValueType

# ---------------------------------------------------------------- one reader of a listed value set


def test_one_reader_reads_every_wording_of_a_listed_value_set():
    # the plain English list and a style's own wording (git's `optional modes:`), as before
    assert listed_choices('Must be "none", "server", or "client".') == ["none", "server", "client"]
    modes = prose_choices(r"\boptional (?:modes|when): ")
    assert listed_choices("optional modes: all, normal, no.", openings=(modes,)) == [
        "all",
        "normal",
        "no",
    ]
    assert listed_choices("optional modes: all, normal, no.") is None  # not git's style: open
    assert listed_choices("One of never (do nothing), warn (say so), force.") == [
        "never",
        "warn",
        "force",
    ]
    # commander's `.choices()`
    assert listed_choices('Output type (choices: "json", "yaml", default: "json")') == [
        "json",
        "yaml",
    ]


def test_a_bracketed_list_is_the_value_set_only_when_it_holds_the_shown_default():
    said = "Specify whether the progress bar should be used [on, off]"
    assert listed_choices(said, default="on") == ["on", "off"]
    assert listed_choices(said, default="auto") is None  # the default is not there: not the set
    assert listed_choices(said) is None  # no default shown: an aside, not the values


def test_values_listed_after_among_are_the_choices():
    # pip 25: `--format <list_format>  Select the output format among: columns (default),
    # freeze, or json. The 'freeze' format cannot be used with the --outdated option.`
    listed = flags_of(parsed("types_pip_list.txt", ["pip", "list"]))["format"]
    assert (listed.value_type, listed.choices) == (ValueType.CHOICE, ["columns", "freeze", "json"])
    # `Select the output format among: human (default) or abspath` (no closing stop)
    cache = flags_of(parsed("types_pip_cache.txt", ["pip", "cache"]))["format"]
    assert (cache.value_type, cache.choices) == (ValueType.CHOICE, ["human", "abspath"])


def test_a_bracketed_list_holding_the_default_gives_the_choices():
    # pip 25: `--progress-bar <progress_bar>  Specify whether the progress bar should be used
    # [on, off] (default: on)`
    download = flags_of(parsed("types_pip_download.txt", ["pip", "download"]))
    bar = download["progress-bar"]
    assert (bar.value_type, bar.choices, bar.default) == (ValueType.CHOICE, ["on", "off"], "on")
    # `Specify which mechanism to use [disabled, import, subprocess]. (default: disabled)`
    keyring = download["keyring-provider"]
    assert keyring.choices == ["disabled", "import", "subprocess"]
    # `--root-user-action <root_user_action>  Action if pip is run as a root user.`: no list
    install = flags_of(parsed("optparse_pip_install.txt", ["pip", "install"]))
    assert install["root-user-action"].value_type is ValueType.STRING
    assert (
        install["use-feature"].value_type is ValueType.STRING and not install["use-feature"].choices
    )


def test_quoted_values_and_their_other_spellings_are_the_choices():
    rst2html = flags_of(parsed("docutils_rst2html.txt", ["rst2html"]))
    # `Format for block quote attributions: one of "dash" (em-dash prefix),
    # "parentheses"/"parens", or "none". (default: "dash")`
    attribution = rst2html["attribution"]
    assert attribution.value_type is ValueType.CHOICE
    assert attribution.choices == ["dash", "parentheses", "parens", "none"]
    # `Report system messages at or higher than <level>: "info" or "1", "warning"/"2"
    # (default), "error"/"3", "severe"/"4", "none"/"5"`
    report = rst2html["report"]
    assert report.value_type is ValueType.CHOICE
    assert report.choices == ["info", "1", "warning", "2", "error", "3", "severe", "4", "none", "5"]
    # `Halt execution at system messages at or above <level>. Levels as in --report.`: a
    # pointer to another option's list, which the text does not give here
    assert rst2html["halt"].value_type is ValueType.STRING and not rst2html["halt"].choices


def test_an_unquoted_list_after_a_colon_is_prose():
    assert listed_choices("Reads the files: one, two, three") is None
    assert listed_choices('Pick a level: "info", "warning", or "error".') == [
        "info",
        "warning",
        "error",
    ]
    assert listed_choices('Either: "a" or "b"') is None  # two quoted words: too little for a list


# ---------------------------------------------------------------- closed lists the CLI does not close


def test_a_commander_placeholder_spelled_as_alternatives_is_a_name():
    # clean-css-cli 5.6 (commander): `-c, --compatibility [ie7|ie8]  Force compatibility mode
    # (see Readme for advanced examples)`: commander checks no value, the CLI takes `*`, `ie9`, …
    text = (FIXTURES / "commander_cleancss.txt").read_text()
    assert detect_style(text) == "commander"  # `-v, --version  output the version number`
    compatibility = flags_of(parsed("commander_cleancss.txt", ["cleancss"]))["compatibility"]
    assert compatibility.kind is FlagKind.VALUE
    assert compatibility.value_type is ValueType.STRING and not compatibility.choices
    assert compatibility.metavar == "ie7|ie8"  # the known values stay in sight, as a hint
    schema = flag_schema(compatibility)
    assert "enum" not in schema
    assert schema["description"].endswith("(values such as: ie7, ie8)")
    # knex 3.3: `-x [js|mjs|coffee|ts|eg|ls]  Specify the knexfile extension (default js)`
    x = flags_of(parsed("commander_knex_init.txt", ["knex", "init"]))["x"]
    assert x.value_type is ValueType.STRING and not x.choices


def test_a_list_the_description_says_is_not_all_there_is_stays_open():
    # huggingface_hub 2.4 `hf jobs run`: `--flavor [cpu-basic|…]  Flavor for the hardware. Run
    # 'hf jobs hardware' to list available flavors.` (the CLI takes any string)
    run = flags_of(parsed("types_hf_jobs_run.txt", ["hf", "jobs", "run"]))
    flavor = run["flavor"]
    assert flavor.value_type is ValueType.STRING and not flavor.choices
    assert flavor.metavar and flavor.metavar.startswith("cpu-basic|cpu-upgrade|")
    assert "values such as: cpu-basic, cpu-upgrade, " in flag_schema(flavor)["description"]
    # `hf jobs list`: `--status [COMPLETED|…]  … Comma-separated or repeated, e.g. --status
    # running,scheduling`: one value holds several
    listed = flags_of(parsed("types_hf_jobs_list.txt", ["hf", "jobs", "list"]))
    assert listed["status"].value_type is ValueType.STRING and not listed["status"].choices
    # a list nothing opens stays closed: `--format [auto|human|agent|json|quiet]  Output format.`
    assert listed["format"].value_type is ValueType.CHOICE
    assert listed["format"].choices == ["auto", "human", "agent", "json", "quiet"]


def test_one_choice_in_braces_is_the_value_set_when_it_is_the_default():
    # virtualenv 20: `--discovery {builtin}  interpreter discovery method (default: builtin)`
    venv = flags_of(parsed("types_virtualenv.txt", ["virtualenv"]))
    discovery = venv["discovery"]
    assert (discovery.value_type, discovery.choices) == (ValueType.CHOICE, ["builtin"])
    assert venv["creator"].choices == ["builtin", "cpython3-posix", "venv"]  # as it was


# ---------------------------------------------------------------- integers the text names


def test_a_description_that_names_the_value_an_integer_makes_it_one():
    # commitizen 4: `--devrelease DEVRELEASE, -d DEVRELEASE  Specify non-negative integer for
    # dev release.`
    bump = flags_of(parsed("types_cz_bump.txt", ["cz", "bump"]))
    assert bump["devrelease"].value_type is ValueType.INTEGER
    # `--prerelease-offset PRERELEASE_OFFSET  Start pre-releases with this offset.`: nothing
    # in the text says a number, so the safe string stays
    assert bump["prerelease-offset"].value_type is ValueType.STRING


def test_an_example_of_whole_numbers_types_each_word_of_a_several_word_value():
    # autopep8 2: `--line-range line line, --range line line  only fix errors found within this
    # inclusive range of line numbers (e.g. 1 99)`
    line_range = flags_of(parsed("types_autopep8.txt", ["autopep8"]))["line-range"]
    assert line_range.nargs == 2
    assert line_range.value_type is ValueType.INTEGER and line_range.item_types is None


def test_a_single_switch_named_as_the_first_level_counts():
    # httpie 3: `--verbose, -v  Verbose output. For the level one (with single `-v`/`--verbose`),
    # print the whole request … For the second level and higher, …`
    verbose = flags_of(parsed("types_http.txt", ["http"]))["verbose"]
    assert verbose.kind is FlagKind.COUNT


def test_a_time_in_seconds_with_a_whole_default_stays_a_number():
    # yt-dlp 2025: `--progress-delta SECONDS  Time between progress output (default: 0)`: the
    # CLI takes `0.5`; a whole default does not say it refuses one
    verbosity = flags_of(parsed("types_ytdlp_verbosity.txt", ["yt-dlp"]))
    delta = verbosity["progress-delta"]
    assert (delta.value_type, delta.default) == (ValueType.NUMBER, 0.0)
    # tox 4: `--exit-and-dump-after seconds  dump tox threads after n seconds …`: `n` counts them
    tox = flags_of(parsed("types_tox_run.txt", ["tox", "run"]))
    assert tox["exit-and-dump-after"].value_type is ValueType.INTEGER


def test_values_defined_one_by_one_holding_the_default_are_the_choices():
    # pip 25: `--upgrade-strategy <upgrade_strategy>  Determines how dependency upgrading should
    # be handled [default: only-if-needed]. "eager" - dependencies are upgraded regardless …
    # "only-if-needed" -  are upgraded only when …`
    strategy = flags_of(parsed("optparse_pip_install.txt", ["pip", "install"]))["upgrade-strategy"]
    assert strategy.value_type is ValueType.CHOICE
    assert strategy.choices == ["eager", "only-if-needed"]
    assert listed_choices('"eager" - all. "lazy" - some.') is None  # no default among them


def test_a_description_that_opens_by_naming_a_path_makes_the_value_one():
    # virtualenv 20: `--extra-search-dir d [d ...]  a path containing wheels to extend the
    # internal wheel list (can be set 1+ times) (default: [])`
    venv = flags_of(parsed("types_virtualenv.txt", ["virtualenv"]))
    assert venv["extra-search-dir"].value_type is ValueType.PATH
    # `--pip version  version of pip to install as seed: embed, bundle, none or exact version`
    assert venv["pip"].value_type is ValueType.STRING


# ------------------------------------------------------------ round 16's type pass (134 CLIs)


def test_choices_spelled_out_as_available_are_the_value_set():
    # s3cmd 2.4 (optparse `choices=`, spelled out by hand): `--restore-priority=RESTORE_PRIORITY
    # Priority for restoring files from S3 Glacier (only for 'restore' command). Choices
    # available: bulk, standard, expedited` (no closing stop)
    priority = flags_of(parsed("types_s3cmd.txt", ["s3cmd"]))["restore-priority"]
    assert priority.value_type is ValueType.CHOICE
    assert priority.choices == ["bulk", "standard", "expedited"]
    # a pointer to choices elsewhere is no list (pdm's `See docs for available choices: http…`)
    assert listed_choices("See docs for available choices: http://pdm-project.org/x") is None


def test_unquoted_choices_in_their_own_parenthesis_are_the_value_set():
    # pip-audit 2.9: `-f FORMAT, --format FORMAT  the format to emit audit results in (choices:
    # columns, json, cyclonedx-json, cyclonedx-xml, markdown) (default: columns)`
    audit = flags_of(parsed("types_pip_audit.txt", ["pip-audit"]))
    assert audit["format"].value_type is ValueType.CHOICE
    assert audit["format"].choices == [
        "columns",
        "json",
        "cyclonedx-json",
        "cyclonedx-xml",
        "markdown",
    ]
    assert audit["vulnerability-service"].choices == ["osv", "pypi", "esms"]
    # words in a parenthesis that holds more than the list are prose, not a set
    assert listed_choices("the mode (choices: fast, slow and anything else)") is None


def test_a_range_type_with_its_bounds_shown_is_that_type():
    # litestar 2 (rich-click): `--wc,--web-concurrency  -W  INTEGER RANGE [1<=x<=3]  The number
    # of HTTP workers to launch [default: 1]`
    run = flags_of(parsed("types_litestar_run.txt", ["litestar", "run"]))
    assert (run["wc"].value_type, run["wc"].default) == (ValueType.INTEGER, 1)


def test_a_number_default_shown_in_quotes_keeps_the_value_a_string():
    # vsce 3 (commander, which quotes string defaults): `-p, --pagesize [value]  Number of
    # results to return (default: "100")`: the CLI keeps the value as text, so the wording's
    # count does not make a schema that refuses what the CLI takes
    pagesize = flags_of(parsed("types_vsce_search.txt", ["vsce", "search"]))["pagesize"]
    assert pagesize.value_type is ValueType.STRING


def test_a_value_read_as_an_integer_names_something_else():
    # scrapy 2: `--getint SETTING  print setting value, interpreted as an integer`: the value is a
    # setting's name; what is read *as* an integer is that setting's value
    settings = flags_of(parsed("types_scrapy_settings.txt", ["scrapy", "settings"]))
    assert settings["getint"].value_type is ValueType.STRING
    # the wording that does name the value an integer still types it (cz's `--devrelease`)
    bump = flags_of(parsed("types_cz_bump.txt", ["cz", "bump"]))
    assert bump["devrelease"].value_type is ValueType.INTEGER


def test_the_bounds_a_range_type_shows_bound_the_schema():
    # litestar 2: `INTEGER RANGE [1<=x<=3]`: the schema takes 1 to 3, as the CLI does
    wc = flags_of(parsed("types_litestar_run.txt", ["litestar", "run"]))["wc"]
    assert (wc.minimum, wc.maximum) == (1, 3)
    schema = flag_schema(wc)
    assert (schema["type"], schema["minimum"], schema["maximum"]) == ("integer", 1, 3)
