"""The completion kingpin and urfave/cli build into a Go program, as another listing of commands.

kingpin answers `CLI PATH… --completion-bash` and urfave/cli (when the program enabled it)
`CLI PATH… --generate-bash-completion` with the subcommands of PATH, one name a line (urfave's
aliases after their command's name). Both intercept the flag while parsing, before any command
runs; a urfave program that did not enable it rejects the flag as unknown, also before running
anything. Two limits, checked on promtool, amtool, ctr and runc: on a leaf the answer runs the
program's own completion hooks for its arguments (kingpin's `HintAction`, urfave's
`BashComplete`), and a `--` anywhere before the flag makes it a positional, so the command's
work runs. So the listing is asked only of a command whose help lists subcommands, only when
the help reads as that framework, and never with `--`. Its answer is taken only when it is
well-formed (exit 0, every line a command name); a name only it lists is crawled like any
other and kept only when its own help reads as that command's (an alias answers with its
command's help, so it is not taken).
"""

from __future__ import annotations

import re

from workbench.loaders.help.assemble import CrawledCommand
from workbench.loaders.help.parsed import CommandEntry
from workbench.loaders.help.run import run_help

_COMPLETION_FLAG = {"kingpin": "--completion-bash", "urfave": "--generate-bash-completion"}
_NAME = re.compile(r"^[A-Za-z0-9][\w.:-]*$")
_URFAVE = (
    re.compile(r"^NAME:\s*$", re.MULTILINE),
    re.compile(r"^USAGE:\s*$", re.MULTILINE),
    re.compile(r"^(?:COMMANDS|(?:GLOBAL )?OPTIONS):\s*$", re.MULTILINE),
)


def framework(node: CrawledCommand) -> str | None:
    """`kingpin` or `urfave` when the node's help reads as that framework's, else None."""
    if node.parsed is None:
        return None
    if node.parsed.style == "kingpin":
        return "kingpin"
    text = node.fetched.text if node.fetched and node.fetched.text else ""
    return "urfave" if all(sign.search(text) for sign in _URFAVE) else None


def witness(name: str) -> str:
    return f"{name} completion"


def listed_commands(
    executable: str, path: list[str], name: str, timeout_s: float, cwd: str | None
) -> list[str] | None:
    """The subcommands the framework's completion lists for `path`, or None when its answer
    is no well-formed listing (an error, a usage text, a timeout)."""
    call = run_help([executable, *path, _COMPLETION_FLAG[name]], timeout_s, cwd=cwd)
    if call.error or call.timed_out or call.exit_code != 0:
        return None
    lines = [line.strip() for line in call.stdout.splitlines() if line.strip()]
    if not lines or not all(_NAME.match(line) for line in lines):
        return None
    return list(dict.fromkeys(lines))


def consult_go_completion(
    executable: str, node: CrawledCommand, timeout_s: float, cwd: str | None
) -> None:
    """Ask a group's framework completion (rules above) and note the subcommands only it lists."""
    name = framework(node)
    parsed = node.parsed
    if name is None or parsed is None or not parsed.subcommands:
        return
    names = listed_commands(executable, node.path, name, timeout_s, cwd)
    if names is None:
        return
    known = {n for entry in parsed.subcommands for n in (entry.name, *entry.aliases)}
    for listed in names:
        if listed in known:
            continue
        known.add(listed)
        parsed.subcommands.append(CommandEntry(listed))
        node.listing_commands[listed] = witness(name)
    node.listing_seen[witness(name)] = (len(names), 0)
