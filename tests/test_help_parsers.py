"""Each help style's parser on help texts written for these tests (tests/fixtures/help/).

Every expected value below was read off the fixture by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.loaders.help.detect import detect_style, parser_for
from workbench.model.tree import FlagKind, ValueType

FIXTURES = Path(__file__).parent / "fixtures" / "help"


def read(name: str, path: list[str]):
    text = (FIXTURES / name).read_text()
    return parser_for(detect_style(text))(text, path)


def flag(parsed, key: str):
    found = [f for f in parsed.flags + parsed.inherited if f.key == key]
    assert found, f"no flag {key!r} in {[f.key for f in parsed.flags]}"
    return found[0]


@pytest.mark.parametrize(
    ("fixture", "style"),
    [
        ("cobra_root.txt", "cobra"),
        ("cobra_deploy.txt", "cobra"),
        ("kubectl_scale.txt", "cobra"),
        ("docker_ls.txt", "cobra"),
        ("clap_root.txt", "clap"),
        ("clap_build.txt", "clap"),
        ("click_root.txt", "click"),
        ("click_hello.txt", "click"),
        ("argparse_root.txt", "argparse"),
        ("argparse_install.txt", "argparse"),
        ("git_root.txt", "gnu"),
        ("git_commit.txt", "gnu"),
        ("gnu_ls.txt", "gnu"),
        ("typer_rich.txt", "click"),
        ("garbage.txt", "generic"),
        ("commander.txt", "commander"),
        ("commander_nest_root.txt", "commander"),
        ("commander_pm2_banner.txt", "commander"),
        ("yargs.txt", "yargs"),
        ("yargs_localtunnel.txt", "yargs"),
    ],
)
def test_style_is_detected_from_the_text(fixture, style):
    assert detect_style((FIXTURES / fixture).read_text()) == style


# --- cobra ---------------------------------------------------------------------------------------


def test_cobra_root_lists_every_command_section_and_is_group_only():
    parsed = read("cobra_root.txt", ["shipctl"])
    assert [c.name for c in parsed.subcommands] == [
        "completion",
        "deploy",
        "help",
        "status",
        "config",
    ]
    assert parsed.subcommands[1].summary == "Deploy a service"
    assert parsed.runnable is False
    assert parsed.summary == "shipctl ships containers to your clusters."


def test_cobra_type_words_map_to_types_and_unknown_words_stay_unknown():
    parsed = read("cobra_root.txt", ["shipctl"])
    config = flag(parsed, "config")
    assert (config.short, config.kind, config.value_type, config.default) == (
        "c",
        FlagKind.VALUE,
        ValueType.STRING,
        "/etc/ship.yaml",
    )
    assert flag(parsed, "replicas").value_type is ValueType.INTEGER
    assert flag(parsed, "replicas").default == 3
    assert flag(parsed, "ratio").value_type is ValueType.NUMBER
    assert flag(parsed, "ratio").default == 0.5
    timeout = flag(parsed, "timeout")
    assert (timeout.value_type, timeout.type_name, timeout.default) == (
        ValueType.STRING,
        "duration",
        "5m0s",
    )
    labels = flag(parsed, "labels")
    assert (labels.repeatable, labels.type_name) == (True, "strings")
    assert flag(parsed, "tags").repeatable is True
    hosts = flag(parsed, "hosts")
    assert (hosts.repeatable, hosts.value_type, hosts.type_name) == (
        True,
        ValueType.STRING,
        "[]string",
    )
    quota = flag(parsed, "quota")
    assert (quota.value_type, quota.type_name) == (ValueType.UNKNOWN, "quantity")
    verbose = flag(parsed, "verbose")
    assert (verbose.kind, verbose.short) == (FlagKind.BOOLEAN, "v")


def test_cobra_leaf_reads_aliases_examples_positionals_deprecated_and_global_flags():
    parsed = read("cobra_deploy.txt", ["shipctl", "deploy"])
    assert parsed.aliases == ["d", "dep"]
    assert parsed.examples.startswith("# Deploy the api service")
    assert parsed.runnable is True
    assert [(p.name, p.required, p.variadic) for p in parsed.positionals] == [
        ("SERVICE", True, False)
    ]
    assert parsed.description.startswith("Deploy a service to every cluster")
    assert flag(parsed, "old-image").deprecated is True
    assert flag(parsed, "image").deprecated is False
    output = flag(parsed, "output")
    assert (output.short, output.default) == ("o", "yaml")
    env = flag(parsed, "env")
    assert (env.repeatable, env.default) == (True, None)
    assert [f.key for f in parsed.inherited] == ["config", "verbose"]
    assert "config" not in [f.key for f in parsed.flags]


def test_cobra_group_with_only_a_command_usage_line_is_not_runnable():
    parsed = read("cobra_config.txt", ["shipctl", "config"])
    assert [c.name for c in parsed.subcommands] == ["get", "set"]
    assert parsed.runnable is False
    assert [f.key for f in parsed.inherited] == ["config", "verbose"]


def test_kubectl_defaults_in_the_term_say_the_type():
    parsed = read("kubectl_scale.txt", ["kubectl", "scale"])
    assert [f.key for f in parsed.flags] == [
        "all",
        "current-replicas",
        "filename",
        "output",
        "timeout",
    ]
    assert (flag(parsed, "all").kind, flag(parsed, "all").default) == (FlagKind.BOOLEAN, False)
    current = flag(parsed, "current-replicas")
    assert (current.value_type, current.default) == (ValueType.INTEGER, -1)
    filename = flag(parsed, "filename")
    assert (filename.short, filename.repeatable, filename.default) == ("f", True, None)
    assert flag(parsed, "output").default is None
    assert flag(parsed, "timeout").default == "0s"
    assert flag(parsed, "filename").help.startswith("Filename, directory, or URL")
    assert parsed.examples.startswith("# Scale a replica set")
    assert any("usage" in note for note in parsed.notes)  # `(-f FILENAME | TYPE NAME)` kept as text
    assert parsed.positionals == []


def test_docker_aliases_and_wrapped_descriptions():
    parsed = read("docker_ls.txt", ["docker", "container", "ls"])
    assert parsed.aliases == ["list", "ps"]
    assert parsed.description == "List containers"
    last = flag(parsed, "last")
    assert (last.short, last.value_type, last.default) == ("n", ValueType.INTEGER, -1)
    assert last.help == "Show n last created containers (includes all states)"
    filter_ = flag(parsed, "filter")
    assert (filter_.value_type, filter_.type_name) == (ValueType.UNKNOWN, "filter")
    assert flag(parsed, "format").help.startswith("Format output using a custom template: 'table':")
    assert "'json': Print in JSON format" in " ".join(flag(parsed, "format").help.split())


# --- clap ----------------------------------------------------------------------------------------


def test_clap_commands_with_aliases_both_ways_and_wrapped_summaries():
    parsed = read("clap_root.txt", ["crab"])
    assert [(c.name, c.aliases) for c in parsed.subcommands] == [
        ("build", ["b"]),
        ("clean", ["rm", "purge"]),
        ("publish", []),
        ("help", []),
    ]
    assert parsed.subcommands[1].summary == "Remove build artifacts"
    assert parsed.subcommands[2].summary == (
        "Upload the project to the registry, after checking that the manifest is complete"
    )
    assert parsed.runnable is True  # `[COMMAND]` is optional


def test_clap_options_counts_choices_defaults_env_negatable_and_grouped_headings():
    parsed = read("clap_root.txt", ["crab"])
    verbose = flag(parsed, "verbose")
    assert (verbose.kind, verbose.short) == (FlagKind.COUNT, "v")
    color = flag(parsed, "color")
    assert (color.value_type, color.choices, color.default, color.metavar) == (
        ValueType.CHOICE,
        ["auto", "always", "never"],
        "auto",
        "WHEN",
    )
    assert color.help == "Coloring"
    cache = flag(parsed, "cache")
    assert (cache.kind, cache.negatable) == (FlagKind.BOOLEAN, True)
    assert flag(parsed, "token").env_var == "CRAB_TOKEN"
    assert flag(parsed, "jobs").value_type is ValueType.INTEGER
    directory = flag(parsed, "C")
    assert (directory.name, directory.value_type) == (None, ValueType.PATH)
    assert flag(parsed, "manifest-path").value_type is ValueType.PATH
    assert flag(parsed, "frozen").kind is FlagKind.BOOLEAN


def test_clap_arguments_section_gives_required_and_variadic_positionals():
    parsed = read("clap_build.txt", ["crab", "build"])
    assert [(p.name, p.required, p.variadic) for p in parsed.positionals] == [
        ("FILE", True, True),
        ("OUT", False, False),
    ]
    assert parsed.positionals[0].help == "Source files to compile"
    include = flag(parsed, "include")
    assert (include.repeatable, include.value_type) == (True, ValueType.PATH)
    level = flag(parsed, "opt-level")
    assert (level.choices, level.default) == (["0", "1", "2", "3"], "2")
    assert flag(parsed, "ratio").value_type is ValueType.STRING  # a name, not a type
    assert flag(parsed, "all").deprecated is True


# --- click / typer -------------------------------------------------------------------------------


def test_click_group_needs_a_command_and_lists_deprecated_ones():
    parsed = read("click_root.txt", ["greet"])
    assert [c.name for c in parsed.subcommands] == ["hello", "legacy", "shout"]
    assert [c.deprecated for c in parsed.subcommands] == [False, True, False]
    assert parsed.subcommands[2].summary.endswith("repeating it as often as asked.")
    assert parsed.runnable is False
    assert parsed.description.startswith("Greet people from the command line.")
    debug = flag(parsed, "debug")
    assert (debug.kind, debug.negatable, debug.default) == (FlagKind.BOOLEAN, True, False)


def test_click_options_types_choices_required_and_env():
    parsed = read("click_hello.txt", ["greet", "hello"])
    count = flag(parsed, "count")
    assert (count.short, count.value_type, count.type_name, count.default) == (
        "c",
        ValueType.INTEGER,
        "INTEGER RANGE",
        1,
    )
    fmt = flag(parsed, "format")
    assert (fmt.value_type, fmt.choices) == (ValueType.CHOICE, ["json", "yaml", "text"])
    assert flag(parsed, "name-file").value_type is ValueType.PATH
    assert flag(parsed, "ratio").value_type is ValueType.NUMBER
    greeting = flag(parsed, "greeting")
    assert (greeting.required, greeting.help) == (True, "The greeting to use.")
    assert flag(parsed, "token").env_var == "GREET_TOKEN"
    assert flag(parsed, "shout").negatable is True
    assert [(p.name, p.required, p.variadic) for p in parsed.positionals] == [
        ("NAME", True, False),
        ("TAGS", False, True),
    ]


def test_typer_rich_boxes_are_read_like_plain_click():
    parsed = read("typer_rich.txt", ["notes", "add"])
    tag = flag(parsed, "tag")
    assert (tag.short, tag.kind) == ("t", FlagKind.VALUE)
    assert flag(parsed, "pin").kind is FlagKind.BOOLEAN
    assert [(p.name, p.required) for p in parsed.positionals] == [("title", True)]


# --- argparse ------------------------------------------------------------------------------------


def test_argparse_subparsers_block_lists_commands_with_aliases():
    parsed = read("argparse_root.txt", ["pkgx"])
    assert [(c.name, c.aliases) for c in parsed.subcommands] == [
        ("install", ["i", "add"]),
        ("remove", []),
        ("list", []),
    ]
    assert (
        parsed.subcommands[1].summary
        == "Remove packages from the prefix, keeping their configuration files"
    )
    assert parsed.runnable is False
    assert parsed.positionals == []
    root = flag(parsed, "root")
    assert (root.metavar, root.default) == ("DIR", "/opt/pkgx")
    assert root.value_type is ValueType.PATH
    fmt = flag(parsed, "format")
    assert (fmt.value_type, fmt.choices) == (ValueType.CHOICE, ["json", "text"])


def test_argparse_leaf_positionals_nargs_and_long_terms():
    parsed = read("argparse_install.txt", ["pkgx", "install"])
    assert [(p.name, p.required, p.variadic, p.help) for p in parsed.positionals] == [
        ("name", True, True, "Package names to install"),
    ]
    jobs = flag(parsed, "jobs")
    assert (jobs.short, jobs.value_type, jobs.metavar) == ("n", ValueType.INTEGER, "N")
    assert flag(parsed, "force").kind is FlagKind.BOOLEAN
    output = flag(parsed, "output-file")
    assert (output.help, output.value_type) == ("Write a report to this file", ValueType.PATH)
    exclude = flag(parsed, "exclude")
    assert (exclude.nargs, exclude.repeatable, exclude.metavar) == (
        "+",
        False,
        "PATTERN",
    )  # words of one occurrence


# --- git / GNU -----------------------------------------------------------------------------------


def test_git_root_reads_commands_under_lowercase_headings():
    parsed = read("git_root.txt", ["git"])
    assert [c.name for c in parsed.subcommands] == ["clone", "init", "add", "rm"]
    assert parsed.subcommands[0].summary == "Clone a repository into a new directory"
    assert parsed.runnable is False


def test_git_options_untitled_and_under_headings_with_optional_values():
    parsed = read("git_commit.txt", ["git", "commit"])
    assert [f.key for f in parsed.flags] == [
        "quiet",
        "verbose",
        "file",
        "message",
        "cleanup",
        "gpg-sign",
        "all",
        "untracked-files",
    ]
    assert flag(parsed, "message").help == "commit message"
    gpg = flag(parsed, "gpg-sign")
    assert (gpg.short, gpg.kind, gpg.metavar) == ("S", FlagKind.VALUE, "key-id")
    untracked = flag(parsed, "untracked-files")
    assert untracked.default == "all"
    assert [(p.name, p.required, p.variadic) for p in parsed.positionals] == [
        ("pathspec", False, True)
    ]


def test_gnu_usage_and_equals_metavars():
    parsed = read("gnu_ls.txt", ["ls"])
    assert [f.key for f in parsed.flags] == [
        "all",
        "block-size",
        "color",
        "width",
    ]  # --help is left out
    assert flag(parsed, "block-size").metavar == "SIZE"
    assert flag(parsed, "block-size").help.startswith(
        "with -l, scale sizes by SIZE when printing them; e.g.,"
    )
    assert flag(parsed, "width").short == "w"
    assert [(p.name, p.required, p.variadic) for p in parsed.positionals] == [("FILE", False, True)]


def test_garbage_yields_nothing_invented():
    parsed = read("garbage.txt", ["junk"])
    assert parsed.flags == [] and parsed.subcommands == [] and parsed.positionals == []


# --- BSD usage synopses, curl and wget layouts ---------------------------------------------------


def test_flags_named_only_in_the_usage_synopsis():
    parsed = read("bsd_usage.txt", ["rcp"])
    assert [f.key for f in parsed.flags] == [
        "4",
        "6",
        "C",
        "q",
        "v",
        "B",
        "c",
        "J",
        "l",
        "o",
        "P",
        "color",
        "version",
    ]  # `[-h | --help]` is left out
    assert all(flag(parsed, k).kind is FlagKind.BOOLEAN for k in ("4", "6", "C", "q", "v"))
    assert (flag(parsed, "B").kind, flag(parsed, "B").metavar) == (FlagKind.VALUE, "bind_address")
    assert flag(parsed, "J").metavar == "[user@]host[:port]"
    assert (flag(parsed, "color").kind, flag(parsed, "color").metavar) == (FlagKind.VALUE, "when")
    assert (flag(parsed, "version").short, flag(parsed, "version").kind) == ("V", FlagKind.BOOLEAN)
    assert "flags read from the usage line (the help lists no options)" in parsed.notes


def test_options_right_under_the_usage_line():
    parsed = read("curl_like.txt", ["fetchit"])
    assert [f.key for f in parsed.flags] == ["data", "fail", "output", "max-time"]
    assert flag(parsed, "output").value_type is ValueType.PATH
    assert flag(parsed, "max-time").metavar == "seconds"
    assert [(p.name, p.required) for p in parsed.positionals] == [("url", True)]


def test_wget_short_and_long_separated_by_two_spaces():
    parsed = read("wget_like.txt", ["getit"])
    assert [(f.short, f.name) for f in parsed.flags] == [
        ("V", "version"),
        ("b", "background"),
        ("e", "execute"),
        ("t", "tries"),
        (None, "retry-connrefused"),
    ]
    assert (flag(parsed, "tries").metavar, flag(parsed, "tries").help) == (
        "NUMBER",
        "set number of retries to NUMBER (0 unlimits)",
    )
    assert [(p.name, p.required, p.variadic) for p in parsed.positionals] == [("URL", False, True)]


# --- other common layouts: commander, yargs, urfave/cli, oclif, docopt, Go's flag package --------


def test_commander_commands_with_arguments_and_aliases_in_the_term():
    parsed = read("commander.txt", ["pizza"])
    assert [(c.name, c.aliases) for c in parsed.subcommands] == [
        ("order", ["o"]),
        ("menu", []),
        ("help", []),
    ]
    assert parsed.subcommands[0].summary == "order a pizza of the given size"
    assert parsed.runnable is True
    cheese = flag(parsed, "cheese")
    assert (cheese.kind, cheese.default) == (FlagKind.VALUE, "mozzarella")
    assert flag(parsed, "pizza-type").metavar == "type"


def test_yargs_types_choices_and_program_prefixed_commands():
    parsed = read("yargs.txt", ["serve.js"])
    assert [(c.name, c.aliases) for c in parsed.subcommands] == [("serve", ["s"]), ("build", [])]
    assert flag(parsed, "verbose").kind is FlagKind.BOOLEAN
    port = flag(parsed, "port")
    assert (port.kind, port.value_type, port.default) == (FlagKind.VALUE, ValueType.NUMBER, 5000)
    name = flag(parsed, "name")
    assert (name.kind, name.required) == (FlagKind.VALUE, True)
    assert flag(parsed, "tag").repeatable is True
    fmt = flag(parsed, "format")
    assert (fmt.choices, fmt.default) == (["json", "yaml"], "json")


def test_urfave_cli_sections_values_defaults_and_env():
    parsed = read("urfave.txt", ["greet"])
    assert parsed.description == "fight the loneliness!"
    assert [(c.name, c.aliases) for c in parsed.subcommands] == [("add", ["a"]), ("help", ["h"])]
    assert parsed.runnable is False
    lang = flag(parsed, "lang")
    assert (lang.short, lang.kind, lang.default, lang.env_var) == (
        "l",
        FlagKind.VALUE,
        "english",
        "APP_LANG",
    )
    assert "help" not in [f.key for f in parsed.flags]


def test_oclif_uppercase_headings_topics_and_dollar_usage():
    parsed = read("oclif.txt", ["mycli"])
    assert [c.name for c in parsed.subcommands] == ["apps", "plugins", "help", "login"]
    assert parsed.usage == ["mycli [COMMAND]"]
    assert parsed.runnable is True


def test_docopt_space_separated_spellings_and_defaults_with_a_full_stop():
    parsed = read("docopt.txt", ["naval_fate"])
    assert [(f.short, f.name) for f in parsed.flags] == [(None, "speed"), (None, "moored")]
    speed = flag(parsed, "speed")
    assert (speed.kind, speed.metavar, speed.default) == (FlagKind.VALUE, "kn", 10)
    assert (
        speed.value_type is ValueType.INTEGER
    )  # a placeholder name, but the default is a whole number
    assert (flag(parsed, "moored").kind, flag(parsed, "moored").default) == (
        FlagKind.BOOLEAN,
        False,
    )


def test_go_flag_package_single_dash_names_with_type_words():
    parsed = read("goflag.txt", ["probe"])
    assert [f.key for f in parsed.flags] == ["config", "n", "timeout", "v"]
    assert (flag(parsed, "config").value_type, flag(parsed, "config").default) == (
        ValueType.STRING,
        "probe.yaml",
    )
    assert (flag(parsed, "n").value_type, flag(parsed, "n").default) == (ValueType.INTEGER, 3)
    assert flag(parsed, "timeout").default == "5s"
    assert flag(parsed, "v").kind is FlagKind.BOOLEAN


def test_apt_style_name_dash_summary_commands():
    parsed = read("apt_like.txt", ["pkgm"])
    assert [(c.name, c.summary) for c in parsed.subcommands] == [
        ("list", "list packages based on package names"),
        ("install", "install packages"),
        ("full-upgrade", "upgrade the system by removing/installing/upgrading packages"),
    ]
    assert parsed.runnable is False


def test_listed_arguments_are_kept_with_the_command_entry():
    parsed = read("commander.txt", ["pizza"])
    assert [c.arguments for c in parsed.subcommands] == ["<size>", "", "[command]"]


def test_indented_group_headings_inside_an_options_section():
    parsed = read("nested_headings.txt", ["grab"])
    assert [f.key for f in parsed.flags] == ["ignore-errors", "proxy", "socket-timeout"]
    assert flag(parsed, "ignore-errors").help.endswith("even if the postprocessing fails")
    assert flag(parsed, "socket-timeout").metavar == "SECONDS"


def test_long_first_spellings_under_a_heading_without_colon():
    parsed = read("rsync_like.txt", ["sync"])
    assert [(f.name, f.short) for f in parsed.flags] == [
        ("verbose", "v"),
        ("info", None),
        ("archive", "a"),
    ]
    assert flag(parsed, "info").metavar == "FLAGS"


# --- usage lines ---------------------------------------------------------------------------------


def test_usage_positionals_with_suffixes_alternatives_and_nesting():
    from workbench.loaders.help.usage import read_usage

    def positionals(form, path, **options):
        reading = read_usage(form, path, has_subcommands=False, **options)
        return reading.understood, [(p.name, p.required, p.variadic) for p in reading.positionals]

    assert positionals("docker pull [OPTIONS] NAME[:TAG|@DIGEST]", ["docker", "pull"]) == (
        True,
        [("NAME", True, False)],
    )
    assert positionals("docker images [OPTIONS] [REPOSITORY[:TAG]]", ["docker", "images"]) == (
        True,
        [("REPOSITORY", False, False)],
    )
    assert positionals("docker build [OPTIONS] PATH | URL | -", ["docker", "build"]) == (
        True,
        [("PATH", True, False)],
    )
    assert positionals("psql [OPTION]... [DBNAME [USERNAME]]", ["psql"]) == (
        True,
        [("DBNAME", False, False), ("USERNAME", False, False)],
    )
    assert positionals("make [options] [target] ...", ["make"]) == (True, [("target", False, True)])
    assert positionals(
        "prog [-h] [-o FILE] src [dst ...]", ["prog"], lowercase_positionals=True
    ) == (True, [("src", True, False), ("dst", False, True)])
    assert (
        positionals(
            "kubectl scale --replicas=COUNT (-f FILENAME | TYPE NAME)", ["kubectl", "scale"]
        )[0]
        is False
    )
    assert positionals("docker run [OPTIONS] IMAGE [COMMAND] [ARG...]", ["docker", "run"]) == (
        True,
        [("IMAGE", True, False), ("COMMAND", False, False), ("ARG", False, True)],
    )


def test_clap_long_help_with_paragraphs_and_a_possible_values_list():
    parsed = read("clap_long.txt", ["seek"])
    assert [f.key for f in parsed.flags] == ["color", "max-count", "type"]
    color = flag(parsed, "color")
    assert (color.value_type, color.choices, color.default) == (
        ValueType.CHOICE,
        ["auto", "always", "never"],
        "auto",
    )
    assert color.help.startswith("When to use colours")
    assert flag(parsed, "max-count").value_type is ValueType.INTEGER
    assert flag(parsed, "type").env_var == "SEEK_TYPE"
    assert [(p.name, p.required, p.variadic) for p in parsed.positionals] == [
        ("PATTERN", True, False),
        ("PATH", False, True),
    ]
    assert parsed.positionals[1].help.startswith("Files or directories to search")


def test_gh_uppercase_sections_skip_help_topics():
    parsed = read("gh_root.txt", ["gh"])
    assert [c.name for c in parsed.subcommands] == ["auth", "issue", "pr", "run"]
    assert parsed.subcommands[2].summary == "Manage pull requests"
    assert parsed.runnable is False
    assert parsed.examples.startswith("$ gh issue create")
    assert [f.key for f in parsed.flags] == ["version"]


def test_gh_leaf_aliases_inherited_flags_and_prose_arguments():
    parsed = read("gh_pr_create.txt", ["gh", "pr", "create"])
    assert parsed.aliases == ["new"]
    assert [f.key for f in parsed.flags] == ["assignee", "base", "draft", "limit", "title"]
    limit = flag(parsed, "limit")
    assert (limit.value_type, limit.default) == (ValueType.INTEGER, 30)
    assert [f.key for f in parsed.inherited] == ["repo"]
    assert parsed.positionals == []  # the ARGUMENTS section is prose, not a list of names


def test_manual_style_sections_synopsis_groups_and_prose_flag_lists():
    group = read("gcloud_like.txt", ["cloudctl", "config"])
    assert group.description == "view and edit properties"
    assert group.usage == ["cloudctl config GROUP | COMMAND [WIDE_FLAG ...]"]
    assert [(c.name, c.summary) for c in group.subcommands] == [
        ("configurations", "Manage the set of named configurations."),
        ("get", "Print the value of a property."),
        ("set", "Set a property."),
    ]
    assert group.runnable is False
    assert group.flags == []  # the WIDE FLAGS prose names flags but lists none
    leaf = read("gcloud_set.txt", ["cloudctl", "config", "set"])
    assert [(p.name, p.required) for p in leaf.positionals] == [
        ("SECTION/PROPERTY", True),
        ("VALUE", True),
    ]
    assert [(f.key, f.kind) for f in leaf.flags] == [("installation", FlagKind.BOOLEAN)]
