"""Getting one command's help text: `CLI path… --help`, then `-h`, then `CLI help path…`.

A reply counts as this command's help only when it reads as help (a usage line, options or
commands), is not a man page (git's `--help`), not an error message, not the same text as an
ancestor's (docker prints its root help for an unknown plugin), and, when it has a usage
line, names the command (or its urfave `NAME:` line does: `USAGE:` may be a sentence). The reason the last attempt failed is kept for the report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.loaders.help.clipanion import read_usage_listing
from workbench.loaders.help.document import HelpDocument, read_document
from workbench.loaders.help.generic import underlined_headings
from workbench.loaders.help.run import HelpCall, run_help
from workbench.loaders.help.shortness import PRINTED_PARENTS_HELP

_MAN_PAGE = re.compile(r"\A\s*\S+\(\d\w*\)\s.*?\S+\(\d\w*\)\s*$", re.MULTILINE)
"""The `GIT-COMMIT(1)   Git Manual   GIT-COMMIT(1)` header of a page `man` rendered."""
_ERROR_START = re.compile(
    r"\A\s*(?:(?:[a-z]+ ){1,2}error:|(?:error|fatal|unknown (?:command|flag|option)|unrecognized|invalid)\b)",
    re.IGNORECASE,
)
"""A reply that opens with an error (`error:`, `Unknown Syntax Error: Command not found`)."""


RETRY_FACTOR = 3.0
"""A help call that times out is asked once more with this many times the limit: a machine
busy with other work can take several times the usual time to start an interpreter."""


def timed_out_twice(calls: tuple[HelpCall, ...] | list[HelpCall]) -> bool:
    """Whether a command's help went unread because its call timed out, retried too."""
    return sum(1 for call in calls if call.timed_out) >= 2


@dataclass(frozen=True)
class Fetched:
    """The help text of one command, or why there is none."""

    text: str | None
    argv: tuple[str, ...]
    problem: str | None = None
    calls: tuple[HelpCall, ...] = ()
    manual: bool = False
    """The text is the command's rendered manual page: every help form printed it."""


_SAYS_HELP_LAST = re.compile(
    r"^[ \t]+(?P<program>[\w.-]+)(?P<placeholders>(?:[ \t]+<[\w-]+>)*)[ \t]+help[ \t]*$",
    re.MULTILINE,
)
"""`To see help text, you can run:` over `  aws help` / `  aws <command> help`: an invocation
alone on its line, the program, placeholders for the path and `help` last."""


def says_help_comes_last(call: HelpCall, program: str) -> bool:
    """Whether the root's `--help` failed and said its help is asked with `help` after the
    path (the AWS CLI: `aws: error: the following arguments are required: command` after
    `aws <command> <subcommand> help`): then every command's help is asked that way."""
    if call.exit_code in (0, None) or call.timed_out or call.error:
        return False
    said = [m for m in _SAYS_HELP_LAST.finditer(call.text) if m.group("program") == program]
    return any(not m.group("placeholders") for m in said) and any(
        m.group("placeholders") for m in said
    )


def help_argvs(executable: str, path: list[str]) -> list[list[str]]:
    """The invocations to try, in order, for the command at `path` (without the root)."""
    forms = [[executable, *path, "--help"], [executable, *path, "-h"]]
    if path:
        forms.append([executable, "help", *path])
    return forms


def fetch_help(
    executable: str,
    path: list[str],
    ancestor_texts: list[str],
    timeout_s: float,
    *,
    cwd: str | None = None,
    engine_listed: bool = False,
    help_last: bool = False,
) -> Fetched:
    """The first help text of the command at `path` that reads as its own help.

    `help_last`: the root said its help is asked as `CLI path… help` (`says_help_comes_last`),
    so that form is asked first.

    After a call that cannot start or does not finish in time, no other form is tried.
    `engine_listed`: the program's own completion engine named this command (cobra's
    `__complete`), so a reply that names the command is its help though it shows no usage line
    (git-lfs's `git lfs env` then a sentence; `Sorry, no usage text found for "version"`).
    """
    problems: list[str] = []
    calls: list[HelpCall] = []
    argv: tuple[str, ...] = ()
    forms = help_argvs(executable, path)
    if path and any(_SAYS_HELP_AFTER_SEPARATOR.search(text) for text in ancestor_texts):
        # the program said how its help is asked: after `--`, where a command's own arguments
        # cannot take `--help` for one of theirs (a command taking any keyword runs with it)
        forms.insert(0, [executable, *path, "--", "--help"])
    if help_last:
        forms.insert(0, [executable, *path, "help"])
    for form in forms:
        call = run_help(form, timeout_s, cwd=cwd)
        if call.timed_out:  # a loaded machine: once more, with a longer limit, before giving up
            calls.append(call)
            call = run_help(form, timeout_s * RETRY_FACTOR, cwd=cwd)
        calls.append(call)
        argv = call.argv
        problem = _problem(call, path, ancestor_texts, engine_listed=engine_listed)
        if problem is None:
            return Fetched(call.text, call.argv, calls=tuple(calls))
        problems.append(problem)
        if call.error or call.timed_out:  # other forms would not start, or would hang as well
            break
    if problems[0].endswith("opened a manual page") and not any(
        c.error or c.timed_out for c in calls
    ):  # `--help` opens the manual page and no form answers with help (git's `--help` opens
        # its page too, and its `-h` answers)
        return Fetched(calls[0].text, calls[0].argv, calls=tuple(calls), manual=True)
    summary = problems[0] + (
        f" (and {len(problems) - 1} other forms failed)" if len(problems) > 1 else ""
    )
    return Fetched(None, argv, summary, tuple(calls))


def fetch_listing(
    executable: str, path: list[str], timeout_s: float, *, cwd: str | None = None
) -> Fetched | None:
    """cleo's `CLI list [namespace…]`: the command listing `--help` does not show, or None."""
    from workbench.loaders.help.cleo import LISTING

    call = run_help([executable, "list", *path], timeout_s, cwd=cwd)
    if call.error or call.timed_out or not LISTING.search(call.text):
        return None
    return Fetched(call.text, call.argv, calls=(call,))


def fetch_pointed_listing(
    executable: str,
    arguments: list[str],
    own_text: str,
    timeout_s: float,
    *,
    cwd: str | None = None,
) -> Fetched | None:
    """What `CLI arguments…` prints when a help text points at it for the full listing, or
    None when that is no help text (an error, a manual page, the same text again); a
    `Fetched` without text when the call timed out or could not run."""
    call = run_help([executable, *arguments], timeout_s, cwd=cwd)
    if (
        call.timed_out or call.error
    ):  # the listing exists but could not be read: a sign the load is short
        return Fetched(
            None,
            call.argv,
            problem=f"`{' '.join(call.argv)}` did not finish in time"
            if call.timed_out
            else str(call.error),
            calls=(call,),
        )
    if call.exit_code not in (0, None) and not call.stdout.strip():
        return None
    if _problem(call, [], [own_text]) is not None:
        return None
    return Fetched(call.text, call.argv, calls=(call,))


def _problem(
    call: HelpCall, path: list[str], ancestor_texts: list[str], *, engine_listed: bool = False
) -> str | None:
    """Why `call`'s output is not this command's help, or None when it is."""
    if call.error:
        return f"`{' '.join(call.argv)}` failed: {call.error}"
    if call.timed_out:
        return f"`{' '.join(call.argv)}` did not finish in time, asked twice"
    text = call.text
    if not text.strip():
        return f"`{' '.join(call.argv)}` printed nothing (exit code {call.exit_code})"
    if "\x00" in text or _unprintable_share(text) > 0.05:
        return f"`{' '.join(call.argv)}` printed binary data, not help"
    if _MAN_PAGE.search(text[:2000]):
        return f"`{' '.join(call.argv)}` opened a manual page"
    if text.lstrip().startswith(_PYTHON_TRACEBACK):  # the program broke before any help
        last = [line.strip() for line in text.strip().splitlines() if line.strip()][-1]
        return f"`{' '.join(call.argv)}` failed with a Python traceback ({last[:160]})"
    doc = read_document(underlined_headings(text))  # `Usage` over `=====`: the usage is below
    program = call.argv[0].rsplit("/", 1)[-1]
    last = [line.strip() for line in text.strip().splitlines() if line.strip()][-1]
    if (
        re.search(rf"^{re.escape(_PYTHON_TRACEBACK)}$", text, re.MULTILINE)
        and _EXCEPTION_LINE.match(last)
        and not doc.usage
    ):  # the program broke before any help, after warnings it printed first (a deprecation)
        return f"`{' '.join(call.argv)}` failed with a Python traceback ({last[:160]})"
    if (
        _ERROR_START.match(text)
        and not (doc.usage and not path)
        and not _refuses_only_help(call, doc, path)
    ):
        return f"`{' '.join(call.argv)}` printed an error: {text.strip().splitlines()[0][:120]}"
    if (
        call.exit_code not in (0, None)
        and re.search(r"^(?:Error|error|fatal):", text, re.MULTILINE)
        and doc.usage
        and not any(
            form.split()[0].rsplit("/", 1)[-1] == program for form in doc.usage if form.split()
        )
    ):  # `hugo mod get --help` runs `go get` and prints go's usage, then its own error
        return f"`{' '.join(call.argv)}` printed an error and another program's usage"
    if any(text.strip() == previous.strip() for previous in ancestor_texts):
        return f"`{' '.join(call.argv)}` {PRINTED_PARENTS_HELP}, not its own"
    if (
        not (doc.usage or doc.sections)
        and not (engine_listed and path and call.exit_code == 0 and _mentions(text, path[-1]))
        and not read_usage_listing(text, [program, *path])
        and not _opens_with_its_own_name(text, [program, *path])
    ):  # clipanion's listing of full usage rows has neither, and is the help
        return f"`{' '.join(call.argv)}` printed text with no usage line, options or commands"
    if (
        path
        and doc.usage
        and not any(_mentions(form, path[-1]) for form in doc.usage)
        and not any(_names_joined_path(form, [program, *path]) for form in doc.usage)
        and not _named_by_name_section(doc, path)
    ):
        return f"`{' '.join(call.argv)}` printed a usage line for another command"
    return None


def _opens_with_its_own_name(text: str, words: list[str]) -> bool:
    """The help opens with the command's full name on a line of its own, its usage with
    nothing to take (App::Cmd's `dzil nop ` over the command's description: the usage
    `%c %o` of a command with no options): the command's own help, only prose below."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return len(words) > 1 and first == " ".join(words)


def _refuses_only_help(call: HelpCall, doc: HelpDocument, path: list[str]) -> bool:
    """`Invalid option `--help'` over `Usage: tool ls deps text [--sep SEP] …`: a command
    that has no help option of its own refuses the one asked for and prints its usage, which
    names its whole path. That usage is all the help it has, and the command is real."""
    first = call.text.strip().splitlines()[0]
    asked = [word for word in call.argv[1:] if word.startswith("-")]
    return (
        bool(asked)
        and any(word in first for word in asked)
        and any(form.split()[1 : 1 + len(path)] == path for form in doc.usage)
    )


def _named_by_name_section(doc: HelpDocument, path: list[str]) -> bool:
    """Whether the page's `NAME:` section opens with this command's whole path (urfave/cli's
    `PROGRAM PATH… - summary`): urfave prints a command's `UsageText` under `USAGE:` as given,
    so a sentence there (`Writes a generic Mender artifact …`) is no usage line of another
    command, and the `NAME:` line still says whose page it is."""
    section = next((s for s in doc.sections if s.title.strip().upper() == "NAME"), None)
    first = next((line.strip() for line in section.lines if line.strip()), "") if section else ""
    words = re.escape(" ".join(path))
    return re.match(rf"(?:\S+ )?{words}(?: - |$)", first) is not None


_SAYS_HELP_AFTER_SEPARATOR = re.compile(
    r"^(?:INFO: )?Showing help with the command '[^'\n]* -- --help'\.?$", re.MULTILINE
)
"""A program's own word on how its help is asked (`INFO: Showing help with the command 'tool --
--help'.`, printed over the help it shows for `--help`): its commands' help is asked that way
first, since a command that takes any keyword would run with `--help` as one."""


_PYTHON_TRACEBACK = "Traceback (most recent call last):"
"""How a Python program that dies before printing anything starts its output (an import that
fails in the console script: two packages installing one module)."""


_EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Failure)\b(?::|$)")
"""The last line of a Python traceback: the exception's (dotted) class name, then its message
(`httpx.ConnectError: [Errno -2] Name or service not known`)."""


def _names_joined_path(form: str, path: list[str]) -> bool:
    """The usage form opens with the program and the command's path joined by dashes
    (`usage: ipython-kernel-install [-h] [--user] …` for `ipython kernel install`): the
    command is a program of its own that the parent runs, and this is its help."""
    words = form.split()
    return bool(words) and words[0].rsplit("/", 1)[-1] == "-".join(path)


def _mentions(form: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", form) is not None


def _unprintable_share(text: str) -> float:
    sample = text[:4000]
    bad = sum(1 for c in sample if (ord(c) < 32 and c not in "\n\t\r\x1b\x08") or c == "\ufffd")
    return bad / max(len(sample), 1)
