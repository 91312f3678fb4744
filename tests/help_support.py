"""What the help-parser tests share: the recorded help fixtures and reading one the way the
crawler does (detect its style, parse it with that style's parser), and a fake CLI that prints
given help texts, for crawls of a real subprocess."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from workbench.loaders.help.crawl import crawl
from workbench.loaders.help.detect import detect_style, parser_for

FIXTURES = Path(__file__).parent / "fixtures" / "help"


def parsed(name: str, path: list[str]):
    """The fixture `name` parsed as the help of the command at `path`."""
    text = (FIXTURES / name).read_text()
    return parser_for(detect_style(text))(text, path)


def flags_of(result) -> dict:
    """A parsed help's flags by key."""
    return {flag.key: flag for flag in result.flags}


_FAKE_CLI = """\
import json, sys
HELP = json.loads({help!r})
args = sys.argv[1:]
if args and args[-1] in ("--help", "-h"):
    key = " ".join(args[:-1])
    if key in HELP:
        print(HELP[key]); sys.exit(0)
print("unknown command", file=sys.stderr); sys.exit(2)
"""


def fake_cli(folder: Path, name: str, helps: dict[str, str]) -> Path:
    """An executable `folder/name` that prints `helps[PATH]` (dedented) for `PATH… --help` or
    `-h` (`""` the root) and refuses every other argv with exit 2, as an unknown command."""
    path = folder / name
    source = _FAKE_CLI.format(help=json.dumps({k: textwrap.dedent(v) for k, v in helps.items()}))
    path.write_text(f"#!{sys.executable}\n{source}")
    path.chmod(0o755)
    return path


def crawl_printing(tmp_path: Path, name: str, help_text: str, files=()):
    """The crawler on a program that prints `help_text` for any arguments, with `files` as its
    completion files and no man page."""
    program = tmp_path / name
    program.write_text(f"#!{sys.executable}\nprint({help_text!r}, end='')\n")
    program.chmod(0o755)
    no_man = tmp_path / "man"
    no_man.write_text(f"#!{sys.executable}\nimport sys\nsys.exit(16)\n")
    no_man.chmod(0o755)
    return crawl(
        str(program),
        name=name,
        use_cache=False,
        timeout_s=60,
        man=str(no_man),
        completions=lambda *_: list(files),
    )
