"""clipanion's help (round 18's yarn 4.18.1): a top help that is a listing of full usage rows,
commands at several levels, groups whose own `--help` is an error, and a chooser between two
commands of one path. Fixtures are the real program's outputs (tests/corpus/recordings/yarn.json)."""

from __future__ import annotations

from help_support import FIXTURES, flags_of, parsed

from workbench.loaders.help.detect import detect_style
from workbench.model.tree import FlagKind


def crawled(cli: str, tmp_path):
    """The crawler on the real CLI's recorded help (tests/corpus replay: its exact outputs)."""
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    return crawl(str(install_replay(cli, tmp_path)), name=cli, use_cache=False, timeout_s=120)


def test_a_listing_of_full_usage_rows_names_commands_at_every_level():
    # `  yarn npm tag list [--json] [package]` / `    list all dist-tags of a package`, under
    # `Npm-related commands`: `npm` is a group of `tag`, a group of `list`
    text = (FIXTURES / "clipanion_usage_listing.txt").read_text()
    assert detect_style(text) == "clipanion"
    root = parsed("clipanion_usage_listing.txt", ["yarn"])
    top = {entry.name: entry for entry in root.subcommands}
    assert {"add", "cache", "npm", "workspaces", "search", "init"} <= set(top)
    assert len(top) == 33  # `yarn init`, printed twice (two commands of one path), once
    assert top["add"].summary == "add dependencies to the project"
    assert top["cache"].summary == ""  # no row of its own: only the start of `cache clean`
    assert [e.name for e in top["cache"].below] == ["clean"]
    npm = {e.name: e for e in top["npm"].below}
    assert [e.name for e in npm["tag"].below] == ["add", "list", "remove"]
    assert npm["tag"].below[1].summary == "list all dist-tags of a package"
    assert npm["tag"].below[1].arguments == "[--json] [package]"
    assert root.description == "Yarn Package Manager - 4.18.1"  # the listing is no prose
    assert root.flags == []  # the rows' bracketed options are each command's, not the root's


def test_a_lone_usage_row_is_no_listing():
    from workbench.loaders.help.clipanion import read_usage_listing

    text = (FIXTURES / "clipanion_command_help.txt").read_text()  # `$ yarn workspaces foreach …`
    assert read_usage_listing(text, ["yarn", "workspaces", "foreach"]) == []


def test_a_group_whose_help_is_an_error_is_not_its_help():
    from workbench.loaders.help.fetch import _problem
    from workbench.loaders.help.run import HelpCall

    # `yarn npm tag --help`: `Unknown Syntax Error: Command not found; did you mean one of:`
    text = (FIXTURES / "clipanion_group_not_found.txt").read_text()
    call = HelpCall(argv=("yarn", "npm", "tag", "--help"), stdout=text, stderr="", exit_code=1)
    assert "printed an error" in (_problem(call, ["npm", "tag"], []) or "")


def test_a_chooser_between_two_commands_of_one_path_gives_both_their_options():
    # `yarn run --help`: `Multiple commands match your selection:` / `  0. yarn run [--json]` /
    # `  1. yarn run [--inspect] … [-T,--top-level] … [--require #0] <scriptName> ...`
    result = parsed("clipanion_several_commands.txt", ["yarn", "run"])
    flags = flags_of(result)
    assert set(flags) == {"json", "inspect", "inspect-brk", "top-level", "binaries-only", "require"}
    assert flags["top-level"].short == "T"
    assert flags["require"].kind is FlagKind.VALUE
    assert flags["json"].kind is FlagKind.BOOLEAN
    assert result.description == ""  # the chooser's words are no description of the command


def test_a_command_help_reads_comma_joined_spellings_and_hash_placeholders():
    flags = flags_of(parsed("clipanion_command_help.txt", ["yarn", "workspaces", "foreach"]))
    assert flags["all"].short == "A" and flags["all"].kind is FlagKind.BOOLEAN
    assert flags["jobs"].short == "j" and flags["jobs"].kind is FlagKind.VALUE


def test_the_crawl_loads_the_groups_the_listing_implies_and_their_commands(tmp_path):
    tree = crawled("yarn", tmp_path)
    paths = {command.path_str for command in tree.walk()}
    assert {
        "yarn cache clean",
        "yarn npm tag list",
        "yarn plugin import from sources",
        "yarn set version from sources",
        "yarn workspaces foreach",
    } <= paths
    by_path = {command.path_str: command for command in tree.walk()}
    assert not by_path["yarn npm tag"].runnable  # a group with no command of its own
    assert {"all", "mirror"} <= {f.name for f in by_path["yarn cache clean"].flags}
    assert "jobs" in {f.name for f in by_path["yarn workspaces foreach"].flags}
    node = by_path["yarn node"]  # `yarn node --help` runs node: `Usage Error: No project found`
    assert node.runnable and node.flags == []  # its row `yarn node ...` is its whole usage
    signs = tree.coverage.short_signs if tree.coverage else []
    assert not [s for s in signs if "could not be read" in s]  # the listing showed all they have


def test_a_third_party_completion_file_for_another_major_release_is_no_sign():
    import json

    from corpus.replay import recording_path

    from workbench.loaders.help.completions import CompletionFile, for_another_release

    # fish's yarn.fish opens `# Yarn 1.22.4`: yarn classic's commands, not yarn 4's
    [recorded] = json.loads(recording_path("yarn").read_text())["completions"]
    file = CompletionFile(**recorded)
    assert recorded["text"].startswith("# Yarn 1.22.4")
    assert for_another_release(file, {"yarn"}, "4.18.1")
    assert not for_another_release(file, {"yarn"}, "1.22.19")
    assert not for_another_release(file, {"yarn"}, None)
