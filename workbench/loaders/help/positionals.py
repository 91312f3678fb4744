"""Positionals and runnability of one command, from its usage forms and `Arguments:` rows."""

from __future__ import annotations

import re

from workbench.loaders.help.document import Entry
from workbench.loaders.help.parsed import ParsedHelp
from workbench.loaders.help.types import placeholder
from workbench.loaders.help.usage import read_usage
from workbench.model.tree import Positional, ValueType

_NAME = re.compile(r"\{[^{}]+\}|[+A-Za-z_][\w.:/+-]*(?:\[[,:=@/.+-][\w.:/+-]*\])*")
"""An argument row's name: one word (`FILE`, `src`, `+toolchain`), maybe with optional parts
in brackets that open with a separator (`role_name[,version]`, `image[:tag]`: one argument
spelled with an optional suffix), or a choice list `{a,b}`."""
_SUFFIXED = re.compile(r"[+A-Za-z_][\w.:/+-]*(?:\[[,:=@/.+-][\w.:/+-]*\])+")


def read_positionals(
    parsed: ParsedHelp,
    path: list[str],
    arguments: list[Entry],
    *,
    bracketed_command_required: bool,
    lowercase_positionals: bool,
) -> None:
    """Positionals and runnability from the usage forms (and an arguments section)."""
    has_subcommands = bool(parsed.subcommands)
    readings = [
        read_usage(
            form,
            path,
            has_subcommands=has_subcommands,
            bracketed_command_required=bracketed_command_required,
            lowercase_positionals=lowercase_positionals,
        )
        for form in parsed.usage
    ]
    own = [r for r in readings if not r.about_other_command]
    if has_subcommands:
        parsed.runnable = any(not r.requires_command for r in own if r.understood) if own else False
    if arguments:
        forms = [f for f, r in zip(parsed.usage, readings) if not r.about_other_command]
        parsed.positionals = _positionals_from_section(arguments, own, forms)
        if any(
            _ends_in_remainder(form)
            for form, r in zip(parsed.usage, readings)
            if not r.about_other_command
        ):
            _mark_remainder(parsed.positionals, own)
        return
    understood = [r for r in own if r.understood]
    if understood:
        parsed.positionals = _required_in_every_form(understood)
    if (
        len(understood) < len(own)
        and not parsed.positionals
        and (parsed.runnable or not has_subcommands)
    ):
        form = next(
            f
            for f, r in zip(parsed.usage, readings)
            if not r.understood and not r.about_other_command
        )
        parsed.notes.append(f"usage `{form}` kept as text: its positionals could not be read")


def _required_in_every_form(readings) -> list[Positional]:
    """The first form's positionals, each optional when another form of the command shows it
    optional: `<branch>` next to `[<branch>] -- <file>...` (a form that leaves a
    name out says nothing: a flag's value may have hidden it)."""
    first = readings[0].positionals
    others = [r for r in readings[1:] if not r.takes_command]
    result = []
    for positional in first:
        if positional.required and any(
            p.name == positional.name and not p.required
            for other in others
            for p in other.positionals
        ):
            positional = positional.model_copy(update={"required": False})
        result.append(positional)
    return result


def _positionals_from_section(
    arguments: list[Entry], readings, forms: list[str]
) -> list[Positional]:
    """An `Arguments:` section's rows, with required/variadic from their term or the usage."""
    from_usage = {p.name.lower(): p for r in readings if r.understood for p in r.positionals}
    result = []
    for entry in arguments:
        term = entry.term.strip()
        required = not term.startswith("[")
        variadic = term.endswith("...")
        name = term if _SUFFIXED.fullmatch(term) else term.strip("[]").rstrip(".").strip("[]<>")
        if not name or name.startswith("-") or not _NAME.fullmatch(name):
            continue  # prose (`A pull request can be supplied as …`), or an option
        choices = None
        value_type = placeholder(name).value_type
        if name.startswith("{"):
            choices = [c.strip() for c in name.strip("{}").split(",")]
            value_type = ValueType.CHOICE
            name = "choice"
        known = from_usage.get(name.lower())
        if known is not None:
            required, variadic = known.required, known.variadic or variadic
        elif _SUFFIXED.fullmatch(name) and any(
            f"{name} [{name} ...]" in form for form in forms
        ):  # one or more: `name[,version] [name[,version] ...]`
            variadic = True
        result.append(
            Positional(
                name=name,
                help=entry.text,
                required=required,
                variadic=variadic,
                value_type=value_type,
                choices=choices,
            )
        )
    return result


def _ends_in_remainder(form: str) -> bool:
    """A bare `...` ending the usage (`tool exec ENVIRONMENT APP ...`, `tool run [-h] ...`) is the
    rest of the words, passed on; its name is only in the arguments section."""
    return bool(re.search(r"(?:^|\s)\.\.\.$", form.rstrip()))


def _mark_remainder(positionals: list[Positional], readings) -> None:
    """The section's rows after those the usage names are the remainder: optional, taking the
    rest of the words; the usage's last name before the `...` is then a single value."""
    named: list[Positional] = next((r.positionals for r in readings if r.understood), [])
    if len(positionals) <= len(named):
        return  # no row beyond the usage: `[target] ...` repeats the name it follows
    for index, positional in enumerate(positionals):
        if index < len(named):
            if (
                index == len(named) - 1
                and named[-1].variadic
                and named[-1].name.lower() == positional.name.lower()
            ):
                positional.variadic = False
        else:
            positional.required, positional.variadic = False, True
