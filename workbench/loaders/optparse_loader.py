"""Read an `optparse.OptionParser` into plain command-tree data, exactly as optparse sees it.

Standard library only, so it also runs inside another interpreter (workbench.loaders.foreign
ships it). Returns dicts shaped like `CommandTree.to_data()`, as the argparse loader does.

What it records (docs/loaders.md): each option by its action (`store_true`/`store_false`/
`store_const`/`version` → boolean, `count` → count, `append` → repeatable, `callback` without a
type → boolean, with a `type`/`nargs` → value), its type (`int`/`long` → integer, `float` →
number, `choice` → choice, `string`/`complex`/custom → string with the type's name), `nargs`
> 1 → `nargs`, defaults from the parser (`NO_DEFAULT` → none), metavar, help with `%default`
expanded as `--help` shows it, `SUPPRESS_HELP` → hidden. optparse declares no positional
arguments: the ones the usage line names after the options (`%prog [options] FILE...`) are
recorded by that name when they are placeholders (`<file>` or upper case; `[X]` optional,
`X...` variadic); literal words and a usage naming none give none.
"""

from __future__ import annotations

import optparse
import re
from typing import Any

if __package__:
    from .json_default import json_default
    from .option_names import drop_shared_aliases, other_spellings
else:  # run as a loose script by loaders/foreign.py, next to json_default.py
    from json_default import json_default  # type: ignore[no-redef,import-not-found]
    from option_names import (  # type: ignore[no-redef,import-not-found]
        drop_shared_aliases,
        other_spellings,
    )

_MAX_CHOICES = 200
DECLARED_HELP_ATTR = "_workbench_declared_help"
"""Where the introspection keeps the help an option was declared with (`Option.__init__`)."""
_USAGE_WORD = re.compile(r"\[[^\]]*\]|<[^>]*>|\S+")


def optparse_tree_data(
    parser: optparse.OptionParser, root_name: str, *, cli_version: str | None = None
) -> dict[str, Any]:
    """The tree of `parser` (one command: optparse has no subcommands), rooted at `root_name`."""
    notes: list[str] = []
    data: dict[str, Any] = {
        "root": optparse_command_data(parser, [root_name], notes),
        "notes": notes,
    }
    if cli_version:
        data["cli_version"] = cli_version
    return data


def optparse_command_data(
    parser: optparse.OptionParser, path: list[str], notes: list[str], *, short_help: str = ""
) -> dict[str, Any]:
    """One command's data from `parser` at `path` (also a per-command parser of a dispatching CLI)."""
    where = " ".join(path)
    flags = []
    for option in _all_options(parser):
        if option.action == "help":
            continue
        flag = _flag_data(parser, option, where, notes)
        if flag is not None:
            flags.append(flag)
    drop_shared_aliases(flags, where, notes)
    return {
        "path": list(path),
        "short_help": short_help,
        "help": (parser.description or "").strip() if isinstance(parser.description, str) else "",
        "examples": (parser.epilog or "").strip() if isinstance(parser.epilog, str) else "",
        "aliases": [],
        "hidden": False,
        "deprecated": False,
        "runnable": True,
        "flags": flags,
        "positionals": _usage_positionals(parser),
        "subcommands": [],
    }


def version_string(parser: optparse.OptionParser) -> str | None:
    """What `--version` prints, when the parser has one."""
    version = getattr(parser, "version", None)
    if not version:
        return None
    try:
        return parser.get_version()
    except Exception:
        return str(version)


def _all_options(parser: optparse.OptionParser) -> list[optparse.Option]:
    """The parser's options, listed ones first (its own, then each group's), then any option its
    parse still takes that no listed group holds: the option maps are what `parse_args` reads,
    and a program may drop a group from `option_groups` for a shorter help only (sqlmap's `-h`
    removes every group without a basic option; `-hh` shows them, and both parse them)."""
    options = list(parser.option_list)
    for group in parser.option_groups:
        options.extend(group.option_list)
    listed = {id(option) for option in options}
    for option in [*parser._short_opt.values(), *parser._long_opt.values()]:
        if id(option) not in listed:
            listed.add(id(option))
            options.append(option)
    return options


def _flag_data(
    parser: optparse.OptionParser, option: optparse.Option, where: str, notes: list[str]
) -> dict[str, Any] | None:
    long_names = [o[2:] for o in option._long_opts]
    short_names = [o[1:] for o in option._short_opts]
    if not long_names and not short_names:
        return None
    name = long_names[0] if long_names else None
    spelled = f"--{name}" if name else f"-{short_names[0]}"
    default = parser.defaults.get(option.dest) if option.dest else None
    primary = {spelled} | ({f"-{short_names[0]}"} if short_names else set())
    data: dict[str, Any] = {
        "name": name,
        "short": short_names[0] if short_names else None,
        # optparse keeps short and long strings apart; its help lists them in this order
        "aliases": other_spellings([*option._short_opts, *option._long_opts], primary),
        "help": _help(parser, option),
        "required": False,
        "repeatable": option.action == "append",
        "negatable": False,
        "hidden": _shown_help(option) == optparse.SUPPRESS_HELP,
        "deprecated": False,
        "env_var": None,
        "metavar": option.metavar if isinstance(option.metavar, str) else None,
        "value_type": "string",
        "type_name": None,
        "choices": None,
        "default": None,
    }
    action = option.action
    if action == "count":
        data.update(
            kind="count",
            value_type="integer",
            default=default if isinstance(default, int) and not isinstance(default, bool) else None,
        )
    elif action == "store_true":
        data.update(kind="boolean", default=default is True)
    elif action == "store_false":
        data.update(kind="boolean", default=default is False)
    elif action in ("store_const", "append_const", "version") or not option.takes_value():
        data.update(kind="boolean", default=False)
        if action == "append_const":
            notes.append(
                f"{where}: {spelled} adds a constant each time it is given; it is offered as a switch"
            )
    else:
        data["kind"] = "value"
        data.update(_type_info(option))
        data["default"] = _json_safe(default)
        if data["value_type"] == "choice" and data["default"] is not None:
            data["default"] = str(data["default"])
        if isinstance(option.nargs, int) and option.nargs > 1:
            data["nargs"] = option.nargs
    return data


def _type_info(option: optparse.Option) -> dict[str, Any]:
    kind = option.type or "string"
    if kind == "choice" and option.choices is not None and len(option.choices) <= _MAX_CHOICES:
        return {"value_type": "choice", "choices": [str(c) for c in option.choices]}
    if kind in ("int", "long"):
        return {"value_type": "integer"}
    if kind == "float":
        return {"value_type": "number"}
    if kind == "string":
        return {"value_type": "string"}
    return {"value_type": "string", "type_name": str(kind)}


def _shown_help(option: optparse.Option) -> Any:
    """The option's help as its fullest help shows it: the declared one when the program hid a
    declared option only afterwards, for a shorter help (sqlmap's `-h` sets `SUPPRESS_HELP` on
    every option outside a basic list before parsing, its `-hh` shows them all, and its parser
    takes them either way); an option declared hidden stays hidden."""
    declared = getattr(option, DECLARED_HELP_ATTR, option.help)
    if option.help == optparse.SUPPRESS_HELP and declared != optparse.SUPPRESS_HELP:
        return declared
    return option.help


def _help(parser: optparse.OptionParser, option: optparse.Option) -> str:
    shown = _shown_help(option)
    if not shown or shown == optparse.SUPPRESS_HELP:
        return ""
    try:
        formatter = parser.formatter
        formatter.parser = parser  # expand_default reads the parser's defaults
        hidden_by_the_program = option.help
        option.help = shown
        try:
            return formatter.expand_default(option).strip()
        finally:
            option.help = hidden_by_the_program
    except Exception:
        return str(shown).strip()


def _json_safe(value: Any) -> Any:
    return json_default(value, is_unset=lambda v: v == optparse.NO_DEFAULT)


def _usage_positionals(parser: optparse.OptionParser) -> list[dict[str, Any]]:
    """The arguments the usage line names after the program and its options (its first form)."""
    usage = parser.usage if isinstance(parser.usage, str) else ""
    usage = re.sub(r"^\s*usage:\s*", "", usage.strip(), flags=re.IGNORECASE)
    line = next((line.strip() for line in usage.splitlines() if line.strip()), "")
    if "%prog" in line:
        line = line.split("%prog", 1)[1]
    else:  # the program's name written out: skip it
        line = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
    positionals: list[dict[str, Any]] = []
    for word in _USAGE_WORD.findall(line):
        if word == "...":
            if positionals:
                positionals[-1]["variadic"] = True
            continue
        bare = word.strip("[]<>").strip()
        variadic = bare.endswith("...") or word.endswith("...")
        name = bare.rstrip(".").strip("[]<> ")
        if (
            not name
            or name.startswith("-")
            or "option" in name.lower()
            or not re.fullmatch(r"[A-Za-z][\w -]*", name)
        ):
            continue
        if (
            "<" not in word and name != name.upper()
        ):  # a literal word (`%prog [opts] list`), not a placeholder
            continue
        positionals.append(
            {
                "name": name,
                "help": "",
                "required": not word.startswith("["),
                "variadic": variadic,
                "value_type": "string",
                "default": None,
            }
        )
    return positionals
