"""The AWS CLI's help: a manual page its `clidocs` writes for every command, asked as
`aws PATH… help` (the program's `--help` is an error that says so).

Each page is a rendered man page whose header has no section number (`ASSUME-ROLE()`), with the
sections `NAME`, `DESCRIPTION`, `SYNOPSIS`, `OPTIONS`, `GLOBAL OPTIONS` and, on a group,
`AVAILABLE SERVICES` (the root) or `AVAILABLE COMMANDS`, whose bullets are the commands:

    AVAILABLE COMMANDS
           o assume-role

           o get-caller-identity

An option is a line of its own naming it and its type in parentheses, its description under it
or after the type; a switch of the API's booleans shows both spellings, a value its choices as
bullets after `Possible values:`:

           --role-arn (string)
              The Amazon Resource Name (ARN) of the role to assume.

           --dry-run | --no-dry-run (boolean)
           --recursive  (boolean) Command is performed on all files or objects …

The type is the API's shape: `boolean` is a switch, `integer`, `int` and `long` whole numbers, `double`
and `float` numbers; every other shape (`string`, `list`, `structure`, `map`, `blob`,
`timestamp`) is a value the program reads from one word (a list takes several, or JSON in
one). The synopsis tells which options are required (written without brackets). An entry of
`OPTIONS` without dashes (`paths (string)`) is the command's positional, which the synopsis
shows as `<S3Uri>` (optional with `or NONE`). `GLOBAL OPTIONS` are the root's, repeated on every
page: the root's own flags, every other page's inherited ones.
"""

from __future__ import annotations

import re

from workbench.loaders.help.document import normalize
from workbench.loaders.help.generic import GENERIC, Rules
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.model.tree import Flag, FlagKind, Positional, ValueType

_SHAPES = (
    "boolean|string|integer|int|long|double|float|list|structure|map|blob|timestamp|document"
    "|tagged union structure"
)
_SECTION = re.compile(r"^([A-Z][A-Z ]+)$")
_OPTION = re.compile(
    rf"^(?P<indent> +)(?P<names>--[\w-]+(?: \| --[\w-]+)?|[a-z][\w-]*) +\((?P<shape>{_SHAPES})\)"
    r"(?: +(?P<rest>\S.*))?$"
)
_BULLET = re.compile(r"^ +o ([\w.-]+)$")
_POSSIBLE_VALUES = re.compile(r"^\s*Possible values:\s*$")
_NUMBER_SHAPES = {"integer": ValueType.INTEGER, "int": ValueType.INTEGER, "long": ValueType.INTEGER}
_FRACTION_SHAPES = {"double": ValueType.NUMBER, "float": ValueType.NUMBER}
_COMMAND_SECTIONS = {"AVAILABLE SERVICES", "AVAILABLE COMMANDS"}
_MACHINERY = {"help"}

_PAGE = (
    r"\A\s*[A-Z0-9][A-Z0-9._ ()-]*\(\)$"
    r"(?=[\s\S]*^(?:AVAILABLE (?:SERVICES|COMMANDS)|GLOBAL OPTIONS)$)"
)
"""The header with no section (a name too long for the line runs both into one, the first cut:
`TERMINATE-…-SCALING-GTERMINATE-…-SCALING-GROUP()`), and a section of the page's own: git's pages
rendered without a section number (`GIT-UPDATE-SERVER()`) have the one but not the other."""
SIGNS: tuple[tuple[str, int], ...] = (
    (_PAGE, 6),
    (rf"^ +--[\w-]+(?: \| --[\w-]+)? +\((?:{_SHAPES})\)", 1),
)
"""The page decides: gh prints `AVAILABLE COMMANDS` too, and the synopsis reads like clap's."""
RULES: Rules = GENERIC


def is_page(text: str) -> bool:
    """Whether `text` is a page clidocs wrote (its header names no manual section, and it has
    a section only such a page has)."""
    return re.search(_PAGE, normalize(text), re.MULTILINE) is not None


def parse(text: str, path: list[str]) -> ParsedHelp:
    """Read one clidocs page of the command at `path` (root first)."""
    sections = _sections(normalize(text).splitlines())
    name = " ".join(" ".join(sections.get("NAME", [])).split())
    description = _first_paragraph(sections.get("DESCRIPTION", []))
    synopsis = " ".join(" ".join(sections.get("SYNOPSIS", [])).split())
    own = _options(sections.get("OPTIONS", []), synopsis)
    shared = _options(sections.get("GLOBAL OPTIONS", []), synopsis)
    commands = [
        CommandEntry(word)
        for title in _COMMAND_SECTIONS
        for word in _bullet_words(sections.get(title, []))
        if word not in _MACHINERY
    ]
    flags = [flag for flag in own if isinstance(flag, Flag)]
    globals_ = [flag for flag in shared if isinstance(flag, Flag)]
    return ParsedHelp(
        style="clidocs",
        description=description or re.sub(r"^\S+\s+-\s*", "", name),
        usage=[synopsis] if synopsis else [],
        flags=flags if path[1:] else [*flags, *globals_],
        inherited=globals_ if path[1:] else [],
        positionals=[p for p in own if isinstance(p, Positional)],
        subcommands=commands,
        runnable=not commands,
    )


def _sections(lines: list[str]) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        match = _SECTION.match(line)
        if match:
            current = sections.setdefault(match.group(1).strip(), [])
        elif current is not None:
            current.append(line)
    return sections


def _first_paragraph(lines: list[str]) -> str:
    """The first paragraph, on one line (the page justifies its text with doubled spaces)."""
    paragraph: list[str] = []
    for line in lines:
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    return " ".join(" ".join(paragraph).split())


def _unwrapped(lines: list[str], synopsis: str) -> list[str]:
    """`lines` with each option name the page wrapped onto the next line joined again: a line
    opening with `--` and naming no shape, whose next line ends the name and gives the shape
    (`--new-instances-protected-from-scale-in | --no-new-instances-pro-` over `tected-from-
    scale-in (boolean)`). The page hyphenates words at its margin, so a name cut after a hyphen
    is joined as the synopsis, which never wraps a name, spells it (else without the hyphen)."""
    joined: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        following = lines[index + 1] if index + 1 < len(lines) else ""
        glued = (
            _glued(line, following, synopsis)
            if line.lstrip().startswith("--") and not _OPTION.match(line) and following.strip()
            else None
        )
        if glued is not None:
            joined.append(glued)
            index += 2
            continue
        joined.append(line)
        index += 1
    return joined


def _glued(line: str, following: str, synopsis: str) -> str | None:
    """`line` and the next joined into one entry line, or None when no way of joining them
    makes one. The synopsis's spelling of the name wins where a cut fell after a hyphen."""
    indent = line[: len(line) - len(line.lstrip())]
    head, tail = " ".join(line.split()), following.strip()
    candidates = [f"{head} {tail}"]
    if head.endswith("-"):
        candidates = [head[:-1] + tail, head + tail]  # `…-pro-` + `tected-…`, `(bool-` + `ean)`
        spelled = [c for c in candidates if c.split(" (")[0].split(" | ")[-1] in synopsis]
        candidates = spelled + candidates
    return next((indent + c for c in candidates if _OPTION.match(indent + c)), None)


def _bullet_words(lines: list[str]) -> list[str]:
    """The one-word bullets of a section (`o assume-role`), a word the page cut at its margin
    after a hyphen (`o describe-…-associa-` over `tions`) joined without the hyphen."""
    words: list[str] = []
    for index, line in enumerate(lines):
        match = _BULLET.match(line)
        if match is None:
            continue
        word = match.group(1)
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if word.endswith("-") and re.fullmatch(r"[\w.-]+", following):
            word = word[:-1] + following
        elif word.endswith("-"):
            continue
        words.append(word)
    return words


def _options(lines: list[str], synopsis: str) -> list[Flag | Positional]:
    """The entries of an options section, in order: each with the description under it (up to
    the next entry at the same indent) and the choices its `Possible values:` bullets list."""
    lines = _unwrapped(lines, synopsis)
    entries: list[Flag | Positional] = []
    index = 0
    while index < len(lines):
        match = _OPTION.match(lines[index])
        if match is None:
            index += 1
            continue
        indent = len(match.group("indent"))
        body: list[str] = [match.group("rest") or ""]
        index += 1
        while index < len(lines):
            line = lines[index]
            below = _OPTION.match(line)
            if below and len(below.group("indent")) == indent:
                break
            body.append(line)
            index += 1
        entries.append(_entry(match, body, synopsis))
    return entries


def _entry(match: re.Match[str], body: list[str], synopsis: str) -> Flag | Positional:
    names = match.group("names").split(" | ")
    shape = match.group("shape")
    help_text = _first_paragraph(body)
    choices = _possible_values(body) or _values_named(help_text)
    if not names[0].startswith("--"):
        return Positional(
            name=names[0],
            help=help_text,
            required=not re.search(r"\bor NONE\b", synopsis),
            variadic=shape == "list",
        )
    name = names[0][2:]
    value_type = _NUMBER_SHAPES.get(shape) or _FRACTION_SHAPES.get(shape) or ValueType.STRING
    if choices:
        value_type = ValueType.CHOICE
    required = bool(synopsis) and re.search(rf"(?:^|\s)--{re.escape(name)}\b", synopsis) is not None
    required = required and re.search(rf"\[--{re.escape(name)}\b", synopsis) is None
    return Flag(
        name=name,
        help=help_text,
        kind=FlagKind.BOOLEAN if shape == "boolean" else FlagKind.VALUE,
        value_type=ValueType.STRING if shape == "boolean" else value_type,
        type_name=shape,
        choices=choices or None,
        default=False if shape == "boolean" else None,
        required=required and shape != "boolean",
        negatable=len(names) == 2 and names[1] == f"--no-{name}",
        optional_value=shape != "boolean" and _NO_VALUE.search(help_text) is not None,
    )


_NAMED_VALUE = re.compile(r"\bthe value (\w+)")
_NO_VALUE = re.compile(r"\b(?:if )?(?:provided|given|used) with no value\b", re.IGNORECASE)
"""`If provided with no value or the value input, prints …`: the value may be left out."""


def _values_named(description: str) -> list[str]:
    """The values a description names one by one, two at least (`--generate-cli-skeleton`: `If
    provided with no value or the value input, … If provided with the value output, …`)."""
    values = list(dict.fromkeys(_NAMED_VALUE.findall(description)))
    return values if len(values) >= 2 else []


def _possible_values(body: list[str]) -> list[str]:
    """The bullets after `Possible values:` (`o json`), or the bullets of one word each that
    are all a description holds after its first paragraph (the root's `--output (string)`:
    `The formatting style for command output.` over `o json`, `o text`, `o table`)."""
    for at, line in enumerate(body):
        if _POSSIBLE_VALUES.match(line):
            return _bullets(body[at + 1 :])
    rest = [line for line in body[_paragraph_end(body) :] if line.strip()]
    if rest and all(_BULLET.match(line) for line in rest):
        return _bullets(rest)
    return []


def _paragraph_end(lines: list[str]) -> int:
    """The index just past the first paragraph of `lines`."""
    started = False
    for at, line in enumerate(lines):
        if line.strip():
            started = True
        elif started:
            return at
    return len(lines)


def _bullets(lines: list[str]) -> list[str]:
    values: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        match = _BULLET.match(line)
        if match is None:
            break
        values.append(match.group(1))
    return values
