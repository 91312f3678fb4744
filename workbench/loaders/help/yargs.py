"""yargs (Node.js: mocha, jest, localtunnel, webpack-dev-server 3) help texts.

`Commands:` rows that repeat the program (`serve.js serve [port]  start the server
[aliases: s]`), `Options:` rows whose right edge carries yargs's labels: a type (`[boolean]`,
`[string]`, `[number]`, `[array]`, `[count]`), `[choices: "a", "b"]`, `[default: x]`,
`[required]`.

yargs prints a type only when the program declared one, and an option declared without one
takes a value when given one and is `true` when given none. So for an unlabelled option the
kind is decided by evidence, strongest first, and marked as a guess (`Flag.kind_guessed`, which
lint reports with the fix) unless the evidence settles it:

1. a default (`[default: 5000]` is a number, `[default: "https://…"]` a string, `true` a switch)
   settles it;
2. the usage naming a value after the option (`Usage: lt --port [num]`) settles it;
3. `[required]`: an option that must be given is a value (a required switch says nothing);
4. the description: one that opens with a switch's verb (`Opens the tunnel URL`, `Enable …`,
   `Disable …`, `Print …`) is a switch; one that names a thing to give (`Path to …`, `… port`,
   `this subdomain`, `… host …`) a value; anything else a switch.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.flags import FlagStyle
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp
from workbench.loaders.help.types import placeholder
from workbench.model.tree import FlagKind, ValueType

_SWITCH_VERB = re.compile(
    r"^(?:enables?|disables?|opens?|prints?|shows?|displays?|forces?|skips?|allows?|don'?t|do not|turns? (?:on|off)"
    r"|toggles?|suppress(?:es)?|hides?|ignores?|watch(?:es)?|always|never|prevents?|avoids?|only|exits?|stops?"
    r"|runs? in|be |is |are |whether)\b",
    re.IGNORECASE,
)
_VALUE_NOUN = re.compile(
    r"\b(?:path|paths|file|files|filename|directory|dir|folder|port|url|uri|host|hostname|address|name|number|count"
    r"|size|timeout|delay|interval|id|key|token|secret|password|user(?:name)?|level|format|mode|pattern|regexp?|glob"
    r"|encoding|locale|language|value|amount|limit|seconds|ms|milliseconds|suffix|prefix|extension|command|script"
    r"|config(?:uration)? file|list of|comma[- ]separated)\b|\bthis \w+|\bto use\b",
    re.IGNORECASE,
)


def unlabelled_kind(description: str, default: str | None, required: bool) -> tuple[str, bool]:
    """The kind word of an option yargs printed without a type, and whether it is a guess."""
    if default is not None:
        literal = default.strip()
        if literal in ("true", "false"):
            return "boolean", False
        if re.fullmatch(r"-?\d+(\.\d+)?", literal):
            return "number", False
        return "string", False
    if required:
        return "string", True
    first_clause = re.split(r"[.;(]", description, maxsplit=1)[0]
    if _SWITCH_VERB.match(description.strip()):
        return "boolean", True
    if _VALUE_NOUN.search(first_clause):
        return "string", True
    return "boolean", True


def values_named_in_usage(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """`Usage: lt --port [num] <options>`: the usage shows the guessed option's value."""
    for flag in parsed.flags:
        if not flag.kind_guessed or not flag.name:
            continue
        pattern = rf"(?<![\w-])--{re.escape(flag.name)}[ =](\[[\w-]+\]|<[\w-]+>)"
        match = next((m for form in parsed.usage if (m := re.search(pattern, form))), None)
        if match is None:
            continue
        metavar = match.group(1).strip("[]<>")
        flag.kind, flag.kind_guessed, flag.metavar, flag.default = (
            FlagKind.VALUE,
            False,
            metavar,
            None,
        )
        parsed.positionals = [
            p for p in parsed.positionals if p.name != metavar
        ]  # the value, not a positional
        flag.value_type = placeholder(metavar).value_type
        if (
            flag.value_type is ValueType.PATH
            and "file" not in metavar.lower()
            and "path" not in metavar.lower()
        ):
            flag.value_type = ValueType.STRING
        # `[num]` names the value; no type was printed, so a number read from it is a guess
        flag.type_guessed = flag.value_type in (ValueType.INTEGER, ValueType.NUMBER)


SIGNS = (
    (r"\s{2,}Show version number\s+\[boolean\]\s*$", 4),
    (r"\s{2,}Show help\s+\[boolean\]\s*$", 4),
    (r"\s\[boolean\]\s*$", 2),
    (r"\s\[(string|number|array|count)\]", 1),
    (r"\[choices: \"", 2),
)
"""The marks yargs leaves (pattern, weight), for `detect.py`."""

RULES = Rules(
    name="yargs",
    flag_style=FlagStyle(unlabelled=unlabelled_kind, kind_labels=True),
    finish=[values_named_in_usage],
)
