"""Tool arguments → the CLI's argv, exactly as the recorded `ToolBinding` says (SPEC §8).

A pure function: no subprocess, no shell. The layout is

    command  [level-1 flags]  segment 2  [level-2 flags]  …  leaf  [leaf flags]  [--]  positionals

where `command` replaces the root segment (`["python", "-m", "deployctl"]`). Flags keep the
order the binding declares. Shaping (SPEC §5a): pinned values are always written and config
defaults written when the model leaves a property out, each at its flag's level like any value;
a command's fixed `args` follow its level's flags, before the next segment (or the positionals). A value can never become a flag: a long flag's value is glued into
the flag's own element (`--name=value`), or, under `[source] long_values = "separate"`, is the
next word (`--name value`); a short-only flag's value is always the next word (`-n VALUE`: an
attached `-nVALUE` breaks CLIs that parse options by hand, such as `git -C`). A value standing
as its own word after a flag may not start with `-` (unless it is a negative number), so it can
never be read as an option. Positionals come last, and when any of them begins with `-` a `--`
goes before them (only then: `--` changes meaning for some CLIs). No value standing as its own
word, positionals included, may start with a character of the binding's `refused_prefixes`
(argparse `fromfile_prefix_chars`: argparse would replace the word by the lines of that file,
even after `--`). Each refusal is one sentence.

A flag taking several words (`nargs`: click `nargs=2` and tuples, argparse `nargs=N/+/*`) is
written `--name v1 v2` (`-n v1 v2`): each value its own word, so a value starting with `-` is
refused unless it is a negative number (argparse's pattern; negative floats are written without
an exponent). A `+`/`*` flag reads every word up to the next option, so such flags go first
among their level's flags; when one still ends the leaf's flags a `--` precedes the
positionals, and when one would swallow a subcommand name the call is refused.

A command line larger than the system accepts (`ARG_MAX`) is refused with a sentence before it
is built, so a hostile count (`{"verbose": 100000000}`) costs nothing instead of gigabytes.
"""

from __future__ import annotations

import json
import os
import re
import sys
from decimal import Decimal
from typing import Any

from workbench.model.errors import WorkbenchError
from workbench.model.surface_types import ArgBinding, ToolBinding
from workbench.model.tree import FlagKind


class ArgvError(WorkbenchError):
    """The arguments cannot be written as a command line (one sentence, names the property)."""


def _arg_max() -> int:
    try:
        limit = os.sysconf("SC_ARG_MAX")
    except (AttributeError, ValueError, OSError):
        limit = -1
    return limit if limit > 0 else 2 * 1024 * 1024


_NEGATIVE_NUMBER = re.compile(r"^-\d+$|^-\d*\.\d+$")
"""argparse's own test for a word that is a negative number, not an option."""

ARGV_LIMIT = _arg_max()
"""Bytes a command line may take (each word, its NUL and its pointer; the environment shares it)."""

WORD_LIMIT = 32 * 4096 if sys.platform.startswith("linux") else ARGV_LIMIT
"""Bytes one argv word may take (Linux's MAX_ARG_STRLEN, with its NUL)."""


def _cost(word: str) -> int:
    """What one argv word takes of ARGV_LIMIT."""
    return len(word.encode("utf-8", "surrogatepass")) + 1 + 8


def build_argv(binding: ToolBinding, command: list[str], arguments: dict[str, Any]) -> list[str]:
    """The argv that runs `binding` with `arguments` (already valid under the tool's schema)."""
    known = {arg.property for arg in binding.args if arg.pin is None}
    unknown = sorted(set(arguments) - known)
    if unknown:
        raise ArgvError(f"`{unknown[0]}` is not an argument of `{' '.join(binding.command_path)}`.")
    arguments = _shaped(binding, arguments)
    segments = list(binding.command_path) or [""]
    flags_at: dict[int, list[tuple[ArgBinding, list[str]]]] = {}
    for arg in binding.args:
        if arg.source == "flag" and arguments.get(arg.property) is not None:
            level = min(max(arg.level, 1), len(segments))
            flags_at.setdefault(level, []).append((arg, _flag_words(arg, arguments[arg.property])))
    positionals = _positional_words(binding, arguments)
    argv = list(command)
    open_ended: ArgBinding | None = None  # a `+`/`*` flag whose words end the level
    for depth, segment in enumerate(segments, start=1):
        if depth > 1:
            if open_ended is not None:
                raise ArgvError(
                    f"`{open_ended.property}` takes any number of values and no other option of its "
                    f"command follows it, so the CLI would read `{segment}` as one of them; "
                    f"give another option of that command too."
                )
            argv.append(segment)
        # open-ended flags first, so a later option ends their words; a flag that writes no
        # word (a switch set false) ends nothing, so it does not count as the last one
        spoken = [pair for pair in flags_at.get(depth, []) if pair[1]]
        ordered = sorted(spoken, key=lambda pair: not _open_ended(pair[0]))
        for _, words in ordered:
            argv.extend(words)
        open_ended = ordered[-1][0] if ordered and _open_ended(ordered[-1][0]) else None
        fixed = binding.fixed_words_at(depth)
        if fixed:
            argv.extend(fixed)
            if open_ended is not None and fixed[0].startswith("-"):
                open_ended = None  # the user's option word ends the open-ended flag's values
    if positionals and (
        open_ended is not None or any(word.startswith("-") for word in positionals)
    ):
        argv.append("--")
    argv.extend(positionals)
    longest = max(argv, key=len, default="")
    if len(longest.encode("utf-8", "surrogatepass")) >= WORD_LIMIT:
        raise ArgvError(
            f"one value makes a command-line word of {len(longest.encode('utf-8', 'surrogatepass')):,} "
            f"bytes, more than the system's limit of {WORD_LIMIT - 1:,} per word; send a shorter value."
        )
    size = sum(map(_cost, argv))
    if size > ARGV_LIMIT:
        raise ArgvError(
            f"the arguments make a command line of {size:,} bytes, more than the system's "
            f"limit of {ARGV_LIMIT:,}; send shorter values or fewer items."
        )
    return argv


def _shaped(binding: ToolBinding, arguments: dict[str, Any]) -> dict[str, Any]:
    """The arguments with every pinned value (always) and every config default (when the model
    left the property out) filled in, under the binding's property names (SPEC §5a)."""
    if not any(arg.pin is not None or arg.fill is not None for arg in binding.args):
        return arguments
    values = dict(arguments)
    for arg in binding.args:
        if arg.pin is not None:
            values[arg.property] = arg.pin
        elif arg.fill is not None and values.get(arg.property) is None:
            values[arg.property] = arg.fill
    return values


def _open_ended(arg: ArgBinding) -> bool:
    """A flag taking any number of words: argparse reads every following word up to the next
    option as one of them."""
    return arg.nargs in ("+", "*")


def _flag_words(arg: ArgBinding, value: Any) -> list[str]:
    if arg.kind is FlagKind.BOOLEAN:
        return _boolean_words(arg, value)
    if arg.kind is FlagKind.COUNT:
        return [arg.spelling] * _count(arg, value)
    if arg.nargs is not None:
        groups = value if arg.repeatable else [value]
        if not isinstance(groups, list):
            raise ArgvError(f"`{arg.property}` takes a list of values, not {_show(value)}.")
        return [word for group in groups for word in _words_after(arg, group)]
    if arg.repeatable and isinstance(value, list):
        return [word for item in value for word in _valued(arg, item)]
    return _valued(arg, value)


def _boolean_words(arg: ArgBinding, value: Any) -> list[str]:
    if not isinstance(value, bool):
        raise ArgvError(f"`{arg.property}` takes true or false, not {_show(value)}.")
    if value:
        return [arg.spelling]
    if arg.negatable and arg.default is not False and arg.spelling.startswith("--"):
        return [f"--no-{arg.spelling[2:]}"]
    return []


def _count(arg: ArgBinding, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ArgvError(
            f"`{arg.property}` counts repetitions: give a whole number ≥ 0, not {_show(value)}."
        )
    if value * _cost(arg.spelling) > ARGV_LIMIT:
        raise ArgvError(
            f"`{arg.property}` = {_show(value)} repeats `{arg.spelling}` more often than a command "
            f"line can carry; give a small number."
        )
    return value


def _valued(arg: ArgBinding, value: Any) -> list[str]:
    text = _text(arg, value)
    if arg.optional_value and text.startswith("-"):
        raise ArgvError(
            f"`{arg.property}` cannot start with `-`: its value is optional, so the CLI would "
            f"read {_show(text)} as an option instead."
        )
    if not arg.value_is_own_word:
        return [f"{arg.spelling}={text}"]
    return [
        arg.spelling,
        _own_word(arg, value, text, f"its value is the word after `{arg.spelling}`"),
    ]


def _own_word(arg: ArgBinding, value: Any, text: str, where: str) -> str:
    """`text` (of `value`) checked to stand as its own word after a flag: a negative float is
    written without an exponent (`-1e-05` is no number to argparse; `-0.00001` is); a word
    starting with `-` that is no negative number, or with a refused prefix, is refused."""
    if isinstance(value, float) and "e" in text and text.startswith("-"):
        text = format(Decimal(text), "f")
    if text.startswith("-") and not _NEGATIVE_NUMBER.match(text):
        raise ArgvError(
            f"`{arg.property}` cannot take {_show(text)}: {where}, and the CLI would read a word "
            f"starting with `-` (other than a negative number) as an option."
        )
    _check_prefix(arg, text)
    return text


def _check_prefix(arg: ArgBinding, text: str) -> None:
    if text[:1] and text[0] in arg.refused_prefixes:
        raise ArgvError(
            f"`{arg.property}` cannot take {_show(text)}: the CLI reads a word starting with "
            f"`{text[0]}` as a file of more arguments; send a value that does not start with "
            f"`{text[0]}`."
        )


def _words_after(arg: ArgBinding, values: Any) -> list[str]:
    """One occurrence of a flag with `nargs`: the flag, then each value as its own word."""
    if not isinstance(values, list):
        raise ArgvError(
            f"`{arg.property}` takes a list of values after `{arg.spelling}`, not {_show(values)}."
        )
    if isinstance(arg.nargs, int) and len(values) != arg.nargs:
        raise ArgvError(
            f"`{arg.property}` takes exactly {arg.nargs} values each time, not {len(values)}."
        )
    if arg.nargs == "+" and not values:
        raise ArgvError(f"`{arg.property}` takes at least one value.")
    words = [arg.spelling]
    for value in values:
        if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
            value = int(
                value
            )  # `3.0` is an integer to JSON Schema; a tuple's int position needs `3`
        words.append(
            _own_word(
                arg,
                value,
                _text(arg, value),
                f"its values follow `{arg.spelling}` as separate words",
            )
        )
    return words


def _positional_words(binding: ToolBinding, arguments: dict[str, Any]) -> list[str]:
    words: list[str] = []
    skipped: str | None = None
    skipped_variadic = False
    for arg in binding.args:
        if arg.source != "positional":
            continue
        value = arguments.get(arg.property)
        if value is None or (arg.variadic and value == []):
            skipped = skipped or arg.property
            skipped_variadic = arg.variadic and (skipped == arg.property or skipped_variadic)
            continue
        if skipped is not None and not (skipped_variadic and arg.required and not arg.variadic):
            # an empty variadic (`FILES...`) before a required one is fine: both parsers fill
            # the required one first; anything else would shift values to the wrong positional
            raise ArgvError(
                f"`{arg.property}` needs `{skipped}` as well: positional arguments are read in order."
            )
        items = value if arg.variadic and isinstance(value, list) else [value]
        for item in items:
            text = _text(arg, item)
            _check_prefix(arg, text)
            words.append(text)
    return words


def _text(arg: ArgBinding, value: Any) -> str:
    """One value as command-line text, checked that a command line can carry it."""
    text = _render(arg, value)
    if "\x00" in text:
        raise ArgvError(
            f"`{arg.property}` contains a NUL character, which no command line can carry."
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ArgvError(
            f"`{arg.property}` contains an unpaired surrogate; send valid Unicode text."
        ) from None
    return text


def _render(arg: ArgBinding, value: Any) -> str:
    """JSON for json-typed values and containers, `true`/`false` for booleans, else str()."""
    if arg.json_encoded or isinstance(value, (dict, list)):
        try:
            return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        except ValueError:  # an integer of more than 4300 digits
            raise ArgvError(
                f"`{arg.property}` has more digits than a command line can carry."
            ) from None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value)) if arg.value_type.value == "integer" else repr(value)
    if isinstance(value, (int, float, str)):
        try:
            return str(value)
        except ValueError:  # an integer of more than 4300 digits
            raise ArgvError(
                f"`{arg.property}` has more digits than a command line can carry."
            ) from None
    raise ArgvError(f"`{arg.property}` cannot take {_show(value)}.")


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except ValueError:  # an integer of more than 4300 digits
        return "a number that long"
    return text if len(text) <= 40 else text[:37] + "..."
