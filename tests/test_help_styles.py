"""Each help style owns its rules (issue 18): its module holds its signs and its rules, the
registry in `detect.py` lists it once, and the shared grammar names no CLI."""

from __future__ import annotations

import re
from pathlib import Path

from workbench.loaders.help import detect
from workbench.loaders.help.detect import REGISTRY, STYLES, detect_style, parser_for
from workbench.model.tree import FlagKind

FIXTURES = Path(__file__).parent / "fixtures" / "help"
HELP = Path(detect.__file__).parent
SHARED = (
    "flags.py",
    "usage.py",
    "synopsis.py",
    "positionals.py",
    "document.py",
    "listing.py",
    "generic.py",
    "parsed.py",
    "alias_rows.py",
)
"""The shared grammar every style reads with (the style modules may cite their CLIs)."""
NAMED = [
    "kubectl",
    "kpt",
    "grep",
    "yargs",
    "tsc",
    "prettier",
    "httpie",
    "npm",
    "rsync",
    "zip",
    "git",
    "wget",
    "curl",
    "cargo",
    "docker",
    "apt",
    "sqlfluff",
    "rclone",
    "argp",
    "click",
    "cobra",
    "clap",
    "urfave",
    "oclif",
    "docopt",
    "gcloud",
    "jq",
    "sed",
    "tar",
    "ssh",
    "BSD",
    "typer",
    "argparse",
    "optparse",
    "commander",
    "cleo",
    "pip",
    "less",
    "find",
    "java",
    "zstd",
    "Thor",
    "hugo",
    "restic",
    "poetry",
    "mocha",
    "pflag",
    "lsof",
    "xz",
    "diff",
    "sort",
    "nl",
    "clipanion",
    "yarn",
    "bundle",
    "plumbum",
    "copier",
    "popt",
    "cmdliner",
]


def test_the_shared_grammar_names_no_cli_or_framework():
    pattern = re.compile(rf"(?<![\w-])({'|'.join(NAMED)})(?!\w|\()")
    found = [
        (name, n, line.strip())
        for name in SHARED
        for n, line in enumerate((HELP / name).read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, found[:5]


def test_every_style_is_registered_once_with_its_own_signs():
    names = [style.name for style in REGISTRY]
    assert len(names) == len(set(names)) and tuple(names) == STYLES
    assert all(style.signs for style in REGISTRY if style.name != "generic")
    assert {"typed-lines", "npm"} <= set(names)


def test_a_layout_is_read_by_the_style_its_signs_name():
    assert detect_style((FIXTURES / "tsc_flushleft.txt").read_text()) == "typed-lines"
    assert detect_style((FIXTURES / "npm_synopsis_values.txt").read_text()) == "npm"
    assert detect_style((FIXTURES / "yargs.txt").read_text()) == "yargs"


def test_a_style_rule_stays_in_its_style():
    text = "Usage: tool [options]\n\nOptions:\n  --port  The port to use  [number]\n  --open  Open it  [boolean]\n"
    labelled = {f.key: f for f in parser_for("yargs")(text, ["tool"]).flags}
    assert labelled["port"].kind is FlagKind.VALUE and labelled["open"].kind is FlagKind.BOOLEAN
    plain = {f.key: f for f in parser_for("generic")(text, ["tool"]).flags}
    assert (
        plain["port"].kind is FlagKind.BOOLEAN and "[number]" in plain["port"].help
    )  # no kind labels there
    typed = "Usage: tool [options]\n\nOptions:\n\n--pretty\nColour the output.\ntype: boolean\n\n--project, -p\nThe project.\n"
    typed_flags = {f.key: f for f in parser_for("typed-lines")(typed, ["tool"]).flags}
    assert (
        typed_flags["pretty"].kind is FlagKind.BOOLEAN
        and typed_flags["project"].kind is FlagKind.VALUE
    )
    assert {f.key: f for f in parser_for("generic")(typed, ["tool"]).flags}[
        "project"
    ].kind is FlagKind.BOOLEAN
