"""Command-listing rules the held-out corpus set of round 18 (node, Ruby, Perl CLIs) showed,
each on a fixture of the real CLI's help and, where the crawl matters, on its recorded help."""

from __future__ import annotations

from help_support import FIXTURES, flags_of, parsed


def crawled(cli: str, tmp_path):
    """The crawler on the real CLI's recorded help (tests/corpus replay: its exact outputs)."""
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    return crawl(str(install_replay(cli, tmp_path)), name=cli, use_cache=False, timeout_s=120)


def test_an_unquoted_help_topics_row_offering_all_commands_is_a_pointer():
    from workbench.loaders.help.pointers import listing_pointers

    # RubyGems 3.3: `gem help commands    list all 'gem' commands` under `Further help:`; the
    # rows beside it (`gem help examples`, `gem help <COMMAND>`) are guides, never followed
    name = "ruby_gem_further_help_pointer.txt"
    text = (FIXTURES / name).read_text()
    assert listing_pointers(text, parsed(name, ["gem"]), ["gem"]) == [["help", "commands"]]


def test_a_row_offering_all_commands_whose_invocation_is_no_pointer_is_not_followed():
    from workbench.loaders.help.pointers import listing_pointers

    text = (
        "Usage: tool COMMAND\n\nMore:\n  tool help <topic>    list all tool commands on a topic\n"
    )
    assert (
        listing_pointers(text, parsed("ruby_gem_further_help_pointer.txt", ["tool"]), ["tool"])
        == []
    )


def test_the_crawl_loads_every_command_the_pointed_listing_shows(tmp_path):
    root = crawled("gem", tmp_path).root  # `gem help commands`: `GEM commands are:` and 33 rows
    names = {c.name for c in root.subcommands}
    assert {"build", "install", "uninstall", "yank", "which", "generate_index"} <= names
    install = next(c for c in root.subcommands if c.name == "install")
    assert {"install-dir", "bindir", "document"} <= {f.name for f in install.flags}


def test_a_usage_line_short_slash_long_spells_one_option():
    # `gem -v/--version` among gem's usage lines: `--version`, with `-v` its short letter, not
    # two options
    flags = flags_of(parsed("ruby_gem_further_help_pointer.txt", ["gem"]))
    assert "v" not in flags
    assert flags["version"].short == "v"


def test_option_names_after_a_lone_double_dash_in_the_usage_are_no_sign_of_shortness():
    # `Usage: gem install [options] GEMNAME [GEMNAME ...] -- --build-flags [options]`: what
    # follows `--` goes to the gem's build, so no flag of `gem install` should hold it
    result = parsed("ruby_gem_install_passes_build_flags.txt", ["gem", "install"])
    assert "install-dir" in flags_of(result)
    assert "--build-flags" not in result.unread


def test_a_topic_pages_rows_spelled_with_the_topics_path_are_its_commands():
    # oclif 6: `oclif pack --help` lists `  pack deb       Pack CLI into debian package.`
    pack = parsed("oclif_topic_commands_full_path.txt", ["oclif", "pack"])
    assert [(c.name, c.summary) for c in pack.subcommands][:1] == [
        ("deb", "Pack CLI into debian package.")
    ]
    assert [c.name for c in pack.subcommands] == ["deb", "macos", "tarballs", "win"]
    generate = parsed("oclif_options_list_next_line.txt", ["oclif", "generate"])
    assert [c.name for c in generate.subcommands] == ["command", "hook"]


def test_the_crawl_loads_the_commands_under_every_topic(tmp_path):
    tree = crawled("oclif", tmp_path)  # `TOPICS` generate, pack, upload
    paths = {command.path_str for command in tree.walk()}
    assert {"oclif pack deb", "oclif pack win", "oclif upload tarballs", "oclif generate hook"} <= (
        paths
    )


def test_an_options_list_under_the_description_is_a_choice_and_required_opens_it():
    # `--module-type=<option>  Supply answer for prompt: Select a module type` with
    # `<options: CommonJS|ESM>` on the next line; `-r, --root=<value>  (required) [default: .]`
    generate = flags_of(parsed("oclif_options_list_next_line.txt", ["oclif", "generate"]))
    assert generate["module-type"].choices == ["CommonJS", "ESM"]
    assert generate["module-type"].help == "Supply answer for prompt: Select a module type"
    assert generate["package-manager"].choices == ["npm", "yarn", "pnpm"]
    assert not generate["author"].required
    root = flags_of(parsed("oclif_required_opening.txt", ["oclif", "pack", "deb"]))["root"]
    assert root.required and root.default == "."
    assert root.help == "Path to oclif CLI root."
