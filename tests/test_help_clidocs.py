"""The AWS CLI's help (docs/crawler.md, "Session 27"): `aws --help` is an argparse error that
says help is asked as `aws help`, `aws <command> help`, and each such page is a manual
`clidocs` writes (overstruck, its header naming no section), whose commands are bullets under
`AVAILABLE SERVICES` / `AVAILABLE COMMANDS` and whose options name their API shape.

The pages are awscli 1.46's own, trimmed (`aws help`, `aws sts help`, `aws sts assume-role
help`); the program around them is made up.
"""

from __future__ import annotations

import sys
from pathlib import Path

from workbench.loaders.help.clidocs import is_page, parse
from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.detect import detect_style
from workbench.loaders.help.document import normalize
from workbench.model.tree import FlagKind, ValueType

FIXTURES = Path(__file__).parent / "fixtures" / "help"
ROOT = (FIXTURES / "aws_1_46_root_help.txt").read_text()
STS = (FIXTURES / "aws_1_46_sts_help.txt").read_text()
ASSUME_ROLE = (FIXTURES / "aws_1_46_sts_assume_role_help.txt").read_text()
USAGE_ERROR = """usage: aws [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  aws help
  aws <command> help
  aws <command> <subcommand> help

aws: error: the following arguments are required: command
"""


def _program(tmp_path: Path) -> str:
    program = tmp_path / "aws"
    program.write_text(
        f"""#!{sys.executable}
import sys
args = sys.argv[1:]
pages = {{("help",): {ROOT!r}, ("sts", "help"): {STS!r},
          ("sts", "assume-role", "help"): {ASSUME_ROLE!r}}}
if tuple(args) in pages:
    sys.stdout.write(pages[tuple(args)]); sys.exit(0)
sys.stderr.write({USAGE_ERROR!r}); sys.exit(2)
"""
    )
    program.chmod(0o755)
    return str(program)


def test_a_help_asked_after_the_path_is_followed_from_the_root_down(tmp_path):
    tree = crawl(_program(tmp_path), name="aws", use_cache=False, timeout_s=60)
    services = [c.name for c in tree.root.subcommands]
    assert services[:3] == ["accessanalyzer", "account", "acm"] and "sts" in services
    sts = next(c for c in tree.root.subcommands if c.name == "sts")
    assert [c.name for c in sts.subcommands][:2] == ["assume-role", "assume-role-with-saml"]
    assert "help" not in [c.name for c in sts.subcommands]  # the page's own `help` bullet
    assume_role = sts.subcommands[0]
    flags = {f.name: f for f in assume_role.flags}
    assert flags["role-arn"].required and flags["role-arn"].kind is FlagKind.VALUE
    assert flags["duration-seconds"].value_type is ValueType.INTEGER
    assert "debug" in {f.name for f in tree.root.flags}


def test_a_root_that_says_nothing_of_a_help_command_is_not_asked_for_one(tmp_path):
    program = tmp_path / "tool"
    program.write_text(
        f"#!{sys.executable}\nimport sys\n"
        "sys.stderr.write('usage: tool [options] FILE\\ntool: error: FILE is required\\n')\n"
        "sys.exit(2)\n"
    )
    program.chmod(0o755)
    tree = crawl(str(program), name="tool", use_cache=False, timeout_s=60)
    assert tree.root.subcommands == []


def test_the_page_is_told_from_a_man_page_and_read_as_its_own_style():
    assert is_page(ROOT) and is_page(ASSUME_ROLE)
    assert not is_page("GIT-COMMIT(1)        Git Manual        GIT-COMMIT(1)\n\nNAME\n")
    # git's page rendered without its section number: no section of clidocs' own
    git_page = "GIT-UPDATE-SERVER()      GIT-UPDATE-SERVER()\n\nNAME\n  git-update-server-info\n"
    assert not is_page(git_page) and detect_style(git_page) != "clidocs"
    gh = "USAGE\n  gh alias <command> [flags]\n\nAVAILABLE COMMANDS\n  delete:  Delete an alias\n"
    assert detect_style(gh) != "clidocs"
    assert detect_style(ASSUME_ROLE) == "clidocs"  # its synopsis alone reads like clap's


def test_the_root_page_gives_the_global_options_their_kinds_and_choices():
    root = parse(ROOT, ["aws"])
    flags = {f.name: f for f in root.flags}
    assert flags["debug"].kind is FlagKind.BOOLEAN
    assert flags["output"].choices == ["json", "text", "table"]
    assert flags["cli-read-timeout"].value_type is ValueType.INTEGER  # `(int)`
    assert root.description.startswith("The AWS Command Line Interface is a unified tool")


def test_an_operation_page_holds_its_own_options_and_inherits_the_global_ones():
    page = parse(ASSUME_ROLE, ["aws", "sts", "assume-role"])
    own = {f.name: f for f in page.flags}
    assert set(own) == {
        "role-arn",
        "role-session-name",
        "duration-seconds",
        "generate-cli-skeleton",
    }
    assert own["role-session-name"].required and not own["duration-seconds"].required
    assert own["generate-cli-skeleton"].kind is FlagKind.VALUE  # `(string)` after two spaces
    assert {f.name for f in page.inherited} == {"debug", "endpoint-url"}
    assert page.subcommands == [] and page.runnable


TERMINATE = (FIXTURES / "aws_1_46_autoscaling_terminate_help.txt").read_text()
CHATBOT = (FIXTURES / "aws_1_46_chatbot_update_account_preferences_help.txt").read_text()


def test_a_name_or_shape_the_page_cut_at_its_margin_is_joined_again():
    terminate = parse(TERMINATE, ["aws", "autoscaling", "terminate-instance-in-auto-scaling-group"])
    flag = next(f for f in terminate.flags if f.name == "should-decrement-desired-capacity")
    assert flag.kind is FlagKind.BOOLEAN and flag.negatable  # `…-desired-ca-` / `pacity (boolean)`
    assert {f.name for f in terminate.flags} == {"instance-id", "should-decrement-desired-capacity"}
    chatbot = parse(CHATBOT, ["aws", "chatbot", "update-account-preferences"])
    assert {(f.name, f.kind) for f in chatbot.flags} == {
        ("user-authorization-required", FlagKind.BOOLEAN),  # `(bool-` / `ean)`
        ("training-data-collection-enabled", FlagKind.BOOLEAN),
    }


def test_a_header_too_long_for_its_line_still_tells_the_page():
    header = normalize(TERMINATE).splitlines()[0]  # the two names overprinted, then run together
    assert header.endswith("SCALING-GTERMINATE-INSTANCE-IN-AUTO-SCALING-GROUP()")
    assert is_page(TERMINATE) and detect_style(TERMINATE) == "clidocs"


def test_values_a_description_names_one_by_one_are_the_choices_and_the_value_may_be_left_out():
    page = parse(ASSUME_ROLE, ["aws", "sts", "assume-role"])
    skeleton = next(f for f in page.flags if f.name == "generate-cli-skeleton")
    assert skeleton.choices == ["input", "output"] and skeleton.optional_value
    role = next(f for f in page.flags if f.name == "role-arn")
    assert role.choices is None and not role.optional_value
