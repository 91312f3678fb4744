"""The second witness (SPEC §4, issue 12): an exact tree checked against the CLI's help, what
only help shows taken and marked, nothing either saw dropped, coverage reported by `export`,
`check` and lint, and a short tree never a plain success."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.loaders.witness import compare, consult_help
from workbench.model.config import Config
from workbench.model.coverage import SHORT_THRESHOLD, count_witness, coverage_line, is_short
from workbench.model.errors import LoadError
from workbench.model.lint import lint
from workbench.model.surface import build_surface
from workbench.model.tree import CommandTree, Coverage, WitnessCount

TESTS = Path(__file__).parent
SCRIPT = str(Path(sys.executable).with_name("mcp-workbench"))


def tree(data: dict) -> CommandTree:
    return CommandTree.from_data({"root": data})


def flag(name: str, **more) -> dict:
    return {"name": name, **more}


EXACT = {
    "path": ["tool"],
    "flags": [flag("profile"), flag("debug", kind="boolean", hidden=True)],
    "subcommands": [
        {
            "path": ["tool", "run"],
            "flags": [
                flag("dry-run", kind="boolean"),
                flag("color", kind="boolean", negatable=True),
                flag("jobs", short="j", help="Parallel jobs."),
            ],
        },
        {"path": ["tool", "secret"], "hidden": True},
    ],
}
HELP = {
    "path": ["tool"],
    "flags": [
        flag("profile"),
        flag("help", short="h", kind="boolean"),
        flag("version", kind="boolean"),
    ],
    "subcommands": [
        {
            "path": ["tool", "run"],
            "flags": [
                flag("dry-run", kind="boolean"),
                flag("no-color", kind="boolean"),
                flag(
                    "parallel", help="Parallel jobs."
                ),  # a second spelling of --jobs the exact data does not keep
                flag("profile"),  # the group's option, which a subcommand's help may repeat
                flag("timeout", help="Seconds."),
            ],
        },
        {
            "path": ["tool", "plugin"],
            "short_help": "A plugin command.",
            "flags": [flag("force", kind="boolean")],
            "subcommands": [{"path": ["tool", "plugin", "add"]}],
        },
    ],
}


def test_what_only_help_shows_is_taken_and_marked_and_nothing_is_dropped() -> None:
    exact, helped = tree(EXACT), tree(HELP)
    found = compare(exact, helped)
    run = exact.find("tool run")
    assert [(f.key, f.from_help) for f in run.flags] == [
        ("dry-run", False),
        ("color", False),
        ("jobs", False),
        ("timeout", True),
    ]
    plugin = exact.find("tool plugin")
    assert (
        plugin.from_help and plugin.short_help == "A plugin command." and plugin.flags[0].from_help
    )
    assert exact.find("tool plugin add").from_help and exact.find("tool secret") is not None
    assert found.taken.model_dump() == {"commands": 2, "flags": 2}
    by_path = {d.path: d for d in found.disagreements}
    assert (
        by_path["tool"].missing_in_exact == ["plugin (command)"]
        and by_path["tool"].missing_in_help == []
    )
    assert (
        by_path["tool run"].missing_in_exact == ["--timeout"]
        and not by_path["tool run"].missing_in_help
    )
    assert "took 1 from help" in by_path["tool run"].resolution


def test_what_only_the_exact_loader_has_is_kept_and_listed() -> None:
    exact = tree(
        {
            "path": ["tool"],
            "flags": [flag("verbose"), flag("quiet")],
            "subcommands": [{"path": ["tool", "go"]}, {"path": ["tool", "stop"]}],
        }
    )
    helped = tree(
        {"path": ["tool"], "flags": [flag("verbose")], "subcommands": [{"path": ["tool", "go"]}]}
    )
    found = compare(exact, helped)
    assert [f.key for f in exact.root.flags] == ["verbose", "quiet"] and len(
        exact.root.subcommands
    ) == 2
    (disagreement,) = found.disagreements
    assert (
        disagreement.missing_in_help == ["--quiet", "stop (command)"]
        and not disagreement.missing_in_exact
    )
    assert disagreement.resolution == "kept 2 that help does not show"


def test_a_command_whose_help_was_not_read_is_not_a_disagreement_about_its_flags() -> None:
    exact = tree(
        {"path": ["tool"], "subcommands": [{"path": ["tool", "go"], "flags": [flag("fast")]}]}
    )
    helped = CommandTree.from_data(
        {
            "root": {"path": ["tool"], "subcommands": [{"path": ["tool", "go"]}]},
            "notes": ["tool go: help unavailable: `tool go --help` did not finish in time"],
        }
    )
    assert compare(exact, helped).disagreements == []


def fake_crawl(trees: dict[int | None, CommandTree], calls: list):
    def crawl(executable, *, name, max_depth=None, command=None):
        calls.append((executable, max_depth, command))
        return CommandTree.from_data(trees[max_depth].to_data())

    return crawl


def test_an_executable_whose_top_level_agrees_is_not_crawled_further() -> None:
    exact = tree(
        {"path": ["tool"], "flags": [flag("profile")], "subcommands": [{"path": ["tool", "run"]}]}
    )
    top = tree(
        {"path": ["tool"], "flags": [flag("profile")], "subcommands": [{"path": ["tool", "run"]}]}
    )
    calls: list = []
    result = consult_help(
        exact, run=["/bin/tool"], signs=[], top_level_first=True, crawl=fake_crawl({0: top}, calls)
    )
    assert calls == [("/bin/tool", 0, None)]
    assert result.coverage.help_scope == "top" and result.coverage.help.model_dump() == {
        "commands": 2,
        "flags": 1,
    }
    assert coverage_line(result) == (
        "coverage: exact loader 2 commands, 1 flag; help agrees at the top level "
        "(2 commands, 1 flag shown there)"
    )


def test_a_top_level_where_only_the_exact_tree_has_more_is_not_crawled_further() -> None:
    exact = tree({"path": ["tool"], "flags": [flag("profile"), flag("verbose")]})
    top = tree({"path": ["tool"], "flags": [flag("profile")]})
    calls: list = []
    result = consult_help(
        exact, run=["/bin/tool"], signs=[], top_level_first=True, crawl=fake_crawl({0: top}, calls)
    )
    assert [c[1] for c in calls] == [0] and result.coverage.disagreements[0].missing_in_help == [
        "--verbose"
    ]
    assert coverage_line(result) == (
        "coverage: exact loader 1 command, 2 flags; help shows nothing more at the top "
        "level (1 command, 1 flag shown there; 1 more only the exact loader has: --verbose)"
    )


def test_a_top_level_that_disagrees_or_a_sign_of_doubt_crawls_everything() -> None:
    calls: list = []
    crawl = fake_crawl({0: tree(HELP), None: tree(HELP)}, calls)
    result = consult_help(
        tree(EXACT), run=["/bin/tool"], signs=[], top_level_first=True, crawl=crawl
    )
    assert [c[1] for c in calls] == [0, None] and result.coverage.help_scope == "full"
    calls.clear()
    consult_help(
        tree(EXACT),
        run=["python", "-m", "tool"],
        signs=["tool: in doubt"],
        top_level_first=False,
        crawl=crawl,
    )
    assert calls == [("python", None, ["python", "-m", "tool"])]


def test_help_that_cannot_be_read_is_said_in_a_note_and_coverage() -> None:
    def crawl(*args, **kwargs):
        raise LoadError("`tool` gave no help text we could read (it printed nothing)")

    result = consult_help(
        tree(EXACT), run=["/bin/tool"], signs=["x"], top_level_first=False, crawl=crawl
    )
    assert result.coverage.help is None and result.coverage.exact.commands == 2
    assert result.notes == [
        "tool: its help could not be read as the second witness (`tool` gave no help text "
        "we could read (it printed nothing))"
    ]
    assert "help could not be read" in coverage_line(result)


def test_the_short_threshold() -> None:
    def covered(taken_flags: int) -> Coverage:
        return Coverage(
            exact=WitnessCount(commands=10, flags=100 - taken_flags),
            help=WitnessCount(commands=10, flags=100),
            taken_from_help=WitnessCount(flags=taken_flags),
        )

    assert SHORT_THRESHOLD == 0.03
    assert not is_short(covered(3)) and is_short(covered(4))
    short = CommandTree.from_data({"root": {"path": ["tool"]}})
    short.coverage = covered(10)
    assert coverage_line(short).startswith(
        "warning: the exact loader missed 10% of what help shows"
    )
    short.coverage = covered(0)
    assert coverage_line(short) == (
        "coverage: exact loader 10 commands, 100 flags; help 10 commands, 100 flags; they agree"
    )


def test_counts_leave_out_hidden_help_and_version() -> None:
    assert count_witness(tree(EXACT)).model_dump() == {"commands": 2, "flags": 4}
    assert count_witness(tree(HELP)).model_dump() == {"commands": 4, "flags": 7}


def test_lint_reports_each_disagreement_and_a_short_tree() -> None:
    exact, helped = tree(EXACT), tree(HELP)
    found = compare(exact, helped)
    exact.coverage = Coverage(
        exact=count_witness(tree(EXACT)),
        help=count_witness(helped),
        taken_from_help=found.taken,
        disagreements=found.disagreements,
    )
    findings = lint(build_surface(exact, Config()), exact, Config())
    codes = {
        (f.code, f.severity.value, f.subject) for f in findings if f.code in ("WB410", "WB411")
    }
    assert codes == {
        ("WB410", "info", "tool"),
        ("WB410", "info", "tool run"),
        ("WB411", "warning", "tool"),
    }
    run = next(f for f in findings if f.code == "WB410" and f.subject == "tool run")
    assert (
        "help shows `--timeout`, which the exact loader lacked" in run.message
        and run.command == "tool run"
    )


# --- end to end through the console script ---------------------------------------------------------


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(TESTS),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "FIXTURE_RAN_MARKER": str(tmp_path / "ran"),
    }


def test_export_and_check_say_how_complete_a_short_tree_is(
    tmp_path: Path, env: dict[str, str]
) -> None:
    path = tmp_path / "mcp.toml"
    exported = subprocess.run(
        [SCRIPT, "export", "fixtures.clis.dispatch_cli:main", "--name", "relay", "-o", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert exported.returncode == 0, exported.stderr
    lines = exported.stderr.splitlines()
    (coverage,) = [line for line in lines if "coverage:" in line]
    assert coverage.startswith(
        "mcp-workbench: warning: the exact loader missed 40% of what help shows"
    )
    assert (
        "exact loader 2 commands, 3 flags; help 3 commands, 5 flags; taken from help: 1 command, 2 flags"
        in coverage
    )
    checked = subprocess.run(
        [SCRIPT, "check", str(path), "--no-drift"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert coverage.removeprefix("mcp-workbench: ") in checked.stdout.splitlines()
    assert (
        "WB411 warning relay" in checked.stdout
        and "WB410 info    relay: The two witnesses disagree" in checked.stdout
    )
    assert not (tmp_path / "ran").exists()


def test_export_of_a_tree_with_nothing_in_doubt_prints_no_coverage_line(
    tmp_path: Path, env: dict[str, str]
) -> None:
    exported = subprocess.run(
        [SCRIPT, "export", "sample_clis.deployctl:cli", "-o", str(tmp_path / "mcp.toml")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert exported.returncode == 0 and "coverage" not in exported.stderr
