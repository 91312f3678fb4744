"""Thor's help (round 18's bundle, bundler 2.3.15 on Debian): its own `Usage:` / `Options:` pages
with bracketed options over a `#` column, its listing by full path, and a `--help` that opens
the program's manual page, read as a manual. Fixtures are the real program's outputs
(tests/corpus/recordings/bundle.json)."""

from __future__ import annotations

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.detect import detect_style
from workbench.loaders.help.fetch import fetch_help
from workbench.model.tree import FlagKind


def crawled(cli: str, tmp_path):
    """The crawler on the real CLI's recorded help (tests/corpus replay: its exact outputs)."""
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    return crawl(str(install_replay(cli, tmp_path)), name=cli, use_cache=False, timeout_s=120)


def test_bracketed_options_over_a_hash_column_are_options():
    # `  -r, [--retry=NUM]   # Specify the number …`, `-V, [--verbose], [--no-verbose]  # …`
    text = (FIXTURES / "thor_options_hash_column.txt").read_text()
    assert detect_style(text) == "thor"
    flags = flags_of(parsed("thor_options_hash_column.txt", ["bundle", "fund"]))
    assert set(flags) == {"group", "no-color", "retry", "verbose"}
    assert flags["retry"].short == "r" and flags["retry"].kind is FlagKind.VALUE
    assert flags["verbose"].negatable and flags["verbose"].kind is FlagKind.BOOLEAN
    assert flags["no-color"].help == "Disable colorization in output"  # no `#` left in it


def test_a_banner_sentence_where_the_placeholder_goes_is_the_description():
    # `-g, [--group=Fetch funding information for a specific group]`: Thor prints the banner
    group = flags_of(parsed("thor_options_hash_column.txt", ["bundle", "fund"]))["group"]
    assert group.kind is FlagKind.VALUE and group.short == "g"
    assert group.help == "Fetch funding information for a specific group"


def test_a_listing_by_full_path_over_a_hash_column_names_the_subcommands():
    result = parsed("thor_commands_full_path.txt", ["bundle", "plugin"])
    assert [(e.name, e.summary) for e in result.subcommands][1] == (
        "install",
        "Install the plugin from the source",
    )
    assert [e.name for e in result.subcommands] == ["help", "install", "list", "uninstall"]


def test_a_help_that_is_the_manual_page_is_read_as_a_manual():
    from workbench.loaders.help.manpage import help_from_page

    text = (FIXTURES / "thor_help_is_manual_page.txt").read_text()
    result = help_from_page(text, ["bundle"])
    assert result is not None
    flags = flags_of(result)
    assert {"no-color", "retry", "verbose"} <= set(flags)
    names = [e.name for e in result.subcommands]
    assert names[:3] == [
        "install",
        "update",
        "package",
    ]  # `bundle install(1) bundle-install.1.html`
    assert "cache" not in names  # `•   bundle cache(1)` under OBSOLETE is a bullet, no row
    assert result.description == "Ruby Dependency Management"


def test_a_page_of_a_sibling_names_the_command_it_is_an_alias_of():
    from workbench.loaders.help.manpage import help_from_page, page_sibling

    text = (FIXTURES / "thor_alias_opens_sibling_page.txt").read_text()  # `bundle package --help`
    assert help_from_page(text, ["bundle", "package"]) is None  # BUNDLE-CACHE(1) is not its own
    assert page_sibling(text, ["bundle", "package"]) == "cache"


def test_only_a_help_whose_every_form_fails_is_read_from_the_manual_page(tmp_path):
    from corpus.replay import install_replay

    exe = str(install_replay("bundle", tmp_path))
    fetched = fetch_help(exe, [], [], 120)
    assert fetched.manual and fetched.text and fetched.text.lstrip().startswith("BUNDLE(1)")
    console = fetch_help(exe, ["console"], [fetched.text], 120)  # Thor's own page answers
    assert not console.manual and console.text and console.text.startswith("Usage:")


def test_the_crawl_reads_the_manual_and_says_so(tmp_path):
    tree = crawled("bundle", tmp_path)
    by_path = {command.path_str: command for command in tree.walk()}
    assert {"bundle install", "bundle add", "bundle console", "bundle cache"} <= set(by_path)
    assert "bundle package" not in by_path and "package" in by_path["bundle cache"].aliases
    assert {"jobs", "gemfile", "path"} <= {f.name for f in by_path["bundle install"].flags}
    signs = tree.coverage.short_signs if tree.coverage else []
    assert any("its help is its manual page" in sign for sign in signs)


def test_a_root_listing_by_full_path_names_each_word_after_the_program():
    # a Thor CLI's README (`dice`): `  dice roll NdN        # Rolls N, N-sided dice …`; the word
    # after the program is the command whatever its arguments look like, and the options' rows
    # below are Thor's too
    text = (FIXTURES / "thor_root_listing_dice.txt").read_text()
    assert detect_style(text) == "thor"
    result = parsed("thor_root_listing_dice.txt", ["dice"])
    assert [e.name for e in result.subcommands] == [
        "ability_score",
        "ability_scores",
        "bonus",
        "help",
        "roll",
        "version",
    ]
    roll = result.subcommands[4]
    assert (roll.summary, roll.arguments) == (
        "Rolls N, N-sided dice and returns the total result",
        "NdN",
    )
    shown = flags_of(result)["show-results"]
    assert shown.short == "s" and shown.negatable
