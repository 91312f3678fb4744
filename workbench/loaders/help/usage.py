"""Usage lines (`tool run [OPTIONS] IMAGE [COMMAND] [ARG...]`) read for what they promise:
the positionals after the command's own path, and whether a subcommand must follow.

Conservative: a form with shapes we cannot read for sure (alternations, parentheses) yields
no positionals and says so, so the crawler keeps it as a note instead of guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from workbench.loaders.help.types import choice_list, placeholder
from workbench.model.tree import Positional, ValueType

_OPEN = {"[": "]", "<": ">", "(": ")", "{": "}"}
_OPTIONS_WORDS = {
    "options",
    "option",
    "flags",
    "flag",
    "global options",
    "global flags",
    "opts",
    "args-and-options",
}
_COMMAND_WORDS = {"command", "subcommand", "cmd", "commands", "group", "<command>", "<subcommand>"}
_NAME = re.compile(r"[A-Za-z_][\w.:/=-]*( [a-z][\w-]*)*")


@dataclass
class UsageReading:
    """What one usage form says about a command."""

    positionals: list[Positional] = field(default_factory=list)
    takes_command: bool = False
    """It has a subcommand placeholder (`COMMAND`, `<command>`, `[command]`, `{a,b}`)."""
    requires_command: bool = False
    """That placeholder is not optional: the command does nothing without a subcommand."""
    about_other_command: bool = False
    """The form continues with a literal word: it shows a subcommand, not this command."""
    understood: bool = True
    """False when some part of the form could not be read for sure."""


def tokens(form: str) -> list[str]:
    """Split a usage form on spaces outside brackets: `[-o FILE]` and `<a b>` stay whole."""
    result: list[str] = []
    current = ""
    stack: list[str] = []
    for char in form:
        if char in _OPEN:
            stack.append(_OPEN[char])
        elif stack and char == stack[-1]:
            stack.pop()
        if char.isspace() and not stack:
            if current:
                result.append(current)
            current = ""
        else:
            current += char
    if current:
        result.append(current)
    return result


def read_usage(
    form: str,
    path: list[str],
    *,
    has_subcommands: bool,
    bracketed_command_required: bool = False,
    lowercase_positionals: bool = False,
) -> UsageReading:
    """Read `form`, a usage line of the command at `path` (root first).

    `COMMAND`-like words (and `{a,b} ...`) are a subcommand placeholder only when the help
    lists subcommands (`tool run IMAGE [COMMAND]` takes a command line to run). A style may
    print `[command]` although one is required (`bracketed_command_required`), or name
    positionals in lowercase (`lowercase_positionals`); elsewhere a lowercase
    word is a literal subcommand name.
    """
    reading = UsageReading()
    words = tokens(form)
    start = _after_path(words, path)
    if start is None:
        reading.understood = False
        return reading
    rest = words[start:]
    index = 0
    skip_value = False
    while index < len(rest):
        token = rest[index]
        index += 1
        separated = re.fullmatch(r"\[\[--\]\s+([^\[\]\s]+)\]", token)
        if separated:  # `[[--] <path>...]`: an optional list after an optional `--`
            token = f"[{separated.group(1)}]"
        bare = token.strip("[]").rstrip(".").strip("[]")
        if skip_value and not token.startswith(("[", "-")):
            skip_value = False
            continue
        skip_value = False
        if (
            token in ("--", "[--]")
            or bare.lower() in _OPTIONS_WORDS
            or bare.lower().strip("<>") in _OPTIONS_WORDS
        ):
            continue
        if (
            token.startswith("[")
            and " " in bare
            and re.search(r"\b(?:options|flags)\b", bare.lower())
        ):
            continue  # mypy's `[more options; see below]`: a remark about options, not a positional
        if token.startswith("(") and "|" in token:
            reading.understood = False  # a required choice between forms: `(-f FILE | TYPE NAME)`
            reading.positionals = []
            return reading
        if token.startswith(("-", "+")) or re.match(r"^[\[(]+\s*[-+]", token):
            skip_value = token.startswith("-") and "=" not in token
            continue
        command_word = bare.lower().strip("<>").rstrip(".")
        subparsers = (
            index < len(rest) and rest[index] == "..."
        )  # `{a,b} ...`, `ACTION ...`: subparsers
        if has_subcommands and (command_word in _COMMAND_WORDS or subparsers):
            reading.takes_command = True
            optional = token.startswith("[") and not bracketed_command_required
            reading.requires_command = not optional
            return reading
        if re.fullmatch(r"[a-z][a-z0-9-]*", token) and not lowercase_positionals:
            reading.about_other_command = True
            return reading
        if token == "|" and reading.positionals:  # `PATH | URL | -`: one positional, several forms
            index += 1
            continue
        if token == "..." and reading.positionals:  # `[target] ...`
            reading.positionals[-1].variadic = True
            continue
        if (inner := _nested_optionals(token)) is not None:
            reading.positionals.extend(inner)  # `[DBNAME [USERNAME]]`: each is optional
            continue
        positional = _positional(token, rest[index] if index < len(rest) else None)
        if positional is None:
            reading.understood = False
            reading.positionals = []
            return reading
        if positional[1]:
            index += 1  # `NAME [NAME ...]`: the bracket repeats the name
        reading.positionals.append(positional[0])
    return reading


_NESTED = re.compile(r"\[([A-Za-z<][^\[\]\s]*) (\[.*\])\]")


def _nested_optionals(token: str) -> list[Positional] | None:
    """`[DBNAME [USERNAME]]`, `[<package> [<directory> [<version>]]]`: optional positionals,
    each one only after the one before it, at any depth; None for any other token."""
    nested = _NESTED.fullmatch(token)
    if nested is None:
        return None
    first = _positional(f"[{nested.group(1)}]", None)
    inner = _nested_optionals(nested.group(2))
    if inner is None:
        last = _positional(nested.group(2), None)
        inner = [last[0]] if last is not None else None
    if first is None or inner is None:
        return None
    return [first[0], *inner]


def _after_path(words: list[str], path: list[str]) -> int | None:
    """Index of the first word after the command's own path in `words`."""
    if not words:
        return None
    if len(path) == 1:
        return 1
    leaf = path[-1]
    for index in range(1, len(words)):
        if words[index] == leaf:
            return index + 1
    return None


def _positional(token: str, following: str | None) -> tuple[Positional, bool] | None:
    """A positional from one usage token, and whether `following` repeats it; None if unsure."""
    required = True
    variadic = False
    text = token
    if text.endswith("..."):
        variadic, text = True, text[:-3]
    if text.startswith("[") and text.endswith("]"):
        required, text = False, text[1:-1].strip()
        if text.endswith("..."):
            variadic, text = True, text[:-3].strip()
        if text.endswith("]...") or text.endswith(" ..."):
            text = text[: -4 if text.endswith(" ...") else -3]
    # dots before the name, a rest parameter's spelling: `[...files]` optional, `<...files>`
    # required, each any number of words
    if re.fullmatch(r"\.\.\.[A-Za-z][\w-]*", text):
        variadic, text = True, text[3:]
    elif re.fullmatch(r"<\.\.\.[A-Za-z][\w-]*>", text):
        variadic, text = True, "<" + text[4:]
    if suffixed := re.fullmatch(
        r"([A-Z][A-Z0-9_-]*)(\[[^\s\[\]]*(\[[^\s\[\]]*\])?[^\s\[\]]*\])+", text
    ):
        text = suffixed.group(1)  # `NAME[:TAG|@DIGEST]`, `REPOSITORY[:TAG]`
    if re.fullmatch(r"[a-z][\w-]*(\|[a-z][\w-]*)+", text):  # `[help|start|bad|…]`: literal words
        return Positional(
            name="choice",
            choices=text.split("|"),
            value_type=ValueType.CHOICE,
            required=required,
            variadic=variadic,
        ), False
    if "|" in text and not text.startswith(("{", "<", "(")):
        first = text.split("|")[0]
        if re.fullmatch(r"[A-Za-z][\w.:/-]*", first):
            text = first  # `DEST_PATH|-`, `file|URL|-`: named by the first form
    nested = re.fullmatch(r"(<[^<>]+>|[A-Za-z][\w-]*) \[\1\s*\.\.\.\]", text)
    if nested:  # `<pkg> [<pkg> ...]`
        text, variadic = nested.group(1), True
    repeated = False
    if following and re.fullmatch(rf"\[{re.escape(text)}\s*\.\.\.\]", following):
        variadic = repeated = True
    if choices := choice_list(text) if text.startswith("{") else None:
        return Positional(
            name="choice",
            choices=list(choices),
            value_type=ValueType.CHOICE,
            required=required,
            variadic=variadic,
        ), repeated
    if (text.startswith("<") and text.endswith(">")) or (
        text.startswith("{") and text.endswith("}")
    ):
        name = text[1:-1].strip()  # `<file>`, `{script-only-if-no-other-script}`
    elif re.fullmatch(r"[A-Za-z][A-Za-z0-9_.:/=-]*", text):
        name = text
    else:
        return None
    if not _NAME.fullmatch(name) or any(c in name for c in "|()[]<>"):
        return None
    typing = placeholder(name)
    return Positional(
        name=name, required=required, variadic=variadic, value_type=typing.value_type
    ), repeated
