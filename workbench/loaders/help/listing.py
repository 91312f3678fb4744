"""Subcommand listings: the rows of a commands section, and the aliases a help text names.

Reads `build, b`, `install (i)`, `order|o [options] <size>`, `serve.js serve [port]`,
`mycli hello NAME  # say hello`, `install - install packages`, bare comma-separated names,
bare names grouped under `[label]` lines, a `[aliases: x]` tail, an `Aliases:` section and a
trailing `aliases:` line.
"""

from __future__ import annotations

import re
from dataclasses import replace

from workbench.loaders.help.document import Entry, Section, item_entries
from workbench.loaders.help.parsed import CommandEntry

_COMMAND_NAME = re.compile(r"_?[A-Za-z0-9][\w.:+-]*")
_ALIASES_TAIL = re.compile(r"\s*\[(?:visible )?aliases?:\s*([^\]]*)\]\s*$", re.IGNORECASE)
DEPRECATED_TEXT = re.compile(
    r"^\s*[\[(]?deprecated\b|\((?:deprecated)\b[^)]*\)|\[deprecated\]", re.IGNORECASE
)
"""A deprecation marker at the start of a description or in parentheses/brackets."""


def command_entries(section: Section, path: list[str] | None = None) -> list[CommandEntry]:
    """The subcommands a commands section lists (`name, alias   summary`, or bare
    comma-separated names). A section that lists the program itself as one of its rows
    (trash-cli's `all trash-cli commands:` / `  trash-put   trash files …` / `  trash-empty …`)
    lists the package's programs, each run on its own: no subcommands."""
    words = _labelled_listing(section)
    if words is None:
        words = _comma_listed(section)
    if words is None:
        words = _grid_listed(section)
    if words is not None:
        return [CommandEntry(word) for word in words]
    result: list[CommandEntry] = []
    entries = item_entries(_names_filling_their_column(_names_within_the_indent(section), path))
    dashed = [e for e in entries if not e.text and _DASHED_ROW.fullmatch(e.term.strip())]
    if dashed and len(dashed) * 2 < len(entries):
        entries = [
            e for e in entries if e not in dashed
        ]  # `files - you can't …` among two-column rows: prose
    if path and any(e.text and e.term.strip() == path[0] for e in entries):
        return []  # the program itself a row among them: the package's programs, not commands
    for entry in entries:
        if _PROSE_HEADING.fullmatch(entry.term.strip()) and not entry.text:
            break  # `  Examples:` inside the section: what follows is prose and examples, no rows
        if entry.term.strip().endswith(":") and not entry.text:
            continue  # a sub-heading, not a command
        command = command_entry(entry, path)
        if command is None:
            command = _group_of_row(entry, path, result)
        if command is not None:
            result.append(command)
    return result


_GROUPED_NAME = re.compile(r"[a-z][a-z0-9-]*")


def _group_of_row(
    entry: Entry, path: list[str] | None, listed: list[CommandEntry]
) -> CommandEntry | None:
    """A row naming a command by two lowercase words and summing it up (cliff's `history
    list   List the run history`, `history show   Show …`): the first word is a command
    group the listing does not print on its own row, the second its subcommand (read from the
    group's own help). The group is listed once; a word the program or the command's own path
    spells is no group."""
    words = entry.term.strip().split()
    if (
        len(words) != 2
        or not entry.text
        or not all(_GROUPED_NAME.fullmatch(word) for word in words)
        or (path and words[0] in path)
        or any(command.name == words[0] for command in listed)
    ):
        return None
    return CommandEntry(words[0])


def _names_filling_their_column(section: Section, path: list[str] | None = None) -> Section:
    """A name as wide as the listing's name column leaves one space before its summary
    (`export-pkg Create a package …` among `export     Export a recipe …`): where the other rows
    put their summaries in one column and this row's summary starts there after one space, the
    row gets the two spaces that separate a name from its summary. A name may follow the
    program's own name (`tool install --help` among `tool repl    --help`)."""
    program = rf"(?:{re.escape(path[0])} )?" if path else ""
    row = re.compile(rf"(\s*)({program}[\w.:+-]+)( {{2,}})\S")
    columns = [match.end(3) for line in section.lines if (match := row.match(line)) is not None]
    if len(columns) < 2 or len(set(columns)) != 1:
        return section
    column = columns[0]
    lines = []
    for line in section.lines:
        name = line[: column - 1]
        if (
            row.match(line) is None
            and len(line) > column
            and line[column - 1] == " "
            and line[column] != " "
            and re.fullmatch(rf"\s*{program}[\w.:+-]+", name)
        ):
            line = f"{name}  {line[column:]}"
        lines.append(line)
    return replace(section, lines=lines)


_BARE_ROW_NAME = re.compile(r"( *)([\w.:+-]+)")


def _names_within_the_indent(section: Section) -> Section:
    """A manual's hanging rows put each name on a line of its own and its summary below,
    indented further; a name shorter than that indent shares its line with the summary, which
    starts at the summary column all the same (`       top Print a list of toplevel …` among
    `       build` / `           Build the given targets …`). Where at least two bare names
    at one indent are followed by summaries at one deeper column, a row at the name indent
    whose first word ends one space before that column is split there into name and summary."""
    lines = section.lines
    found: set[tuple[int, int]] = set()
    pairs = 0
    for line, below in zip(lines, lines[1:], strict=False):
        if (name := _BARE_ROW_NAME.fullmatch(line)) and below.strip():
            deeper = len(below) - len(below.lstrip(" "))
            if deeper > len(name.group(1)):
                found.add((len(name.group(1)), deeper))
                pairs += 1
    if pairs < 2 or len(found) != 1:
        return section
    ((indent, column),) = found
    result = []
    for line in lines:
        head = line[:column]
        if (
            len(line) > column
            and _indent(line) == indent
            and line[column] != " "
            and _BARE_ROW_NAME.fullmatch(head.rstrip())
            and len(head) - len(head.rstrip()) == 1
        ):
            line = f"{head.rstrip()}  {line[column:]}"
        result.append(line)
    return replace(section, lines=result)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


_DASHED_ROW = re.compile(r"([\w.:+-]+(?:, [\w.:+-]+)*) - (.+)")
"""`install - install packages`: a row whose name and summary a dash separates."""
_PROSE_HEADING = re.compile(
    r"(?:examples?|usage|notes?|see also|for example|learn more|more info(?:rmation)?)\s*:?",
    re.IGNORECASE,
)
"""A heading inside a commands section after which come examples or prose (`  Examples:`)."""


def _titled_usage_row(entry: Entry, path: list[str] | None) -> CommandEntry | None:
    """A title line over an indented usage line of the command (`  Make bucket` /
    `      s3cmd mb s3://BUCKET`): the name is the usage's word after the command's own path,
    the title its summary, the words after it its arguments."""
    title, usage = entry.term.strip(), entry.text.split()
    if not path or " " not in title or usage[: len(path)] != path or len(usage) <= len(path):
        return None
    name = usage[len(path)]
    if not _COMMAND_NAME.fullmatch(name) or _is_placeholder(name):
        return None
    return CommandEntry(name, summary=title, arguments=" ".join(usage[len(path) + 1 :]))


def command_entry(entry: Entry, path: list[str] | None = None) -> CommandEntry | None:
    """One listed subcommand, or None when the row is not a command (`...  See all commands`).

    Reads `build, b`, `install (i)`, `order|o [options] <size>` (arguments after the
    name), `serve.js serve [port]` and `mycli hello NAME  # say hello` (rows that repeat the
    program's path first), and a `[aliases: x]` tail.
    """
    if titled := _titled_usage_row(entry, path):
        return titled
    summary = entry.text
    if summary.startswith("# "):
        summary = summary[2:]
    aliases: list[str] = []
    if match := _ALIASES_TAIL.search(summary):
        aliases = [a.strip() for a in match.group(1).split(",") if a.strip()]
        summary = summary[: match.start()].rstrip()
    term = entry.term.strip().rstrip(":")
    if not summary and (dashed := _DASHED_ROW.fullmatch(term)):
        term, summary = dashed.groups()  # `install - install packages`
    if term.startswith(("|", "+")):
        return None  # a markdown or ASCII table row in prose
    words = term.split()
    if path and len(words) > 1 and words[: len(path)] == path:
        words = words[len(path) :]
    elif path and len(words) > 1 and words[0] == path[0]:
        words = words[1:]
    elif path and _spells_own_path(words, path):
        words = words[len(path) - 1 :]  # a topic's page: `db migrate  Run the migrations`
    arguments: list[str] = []
    while len(words) > 1 and _is_placeholder(words[-1]):
        arguments.insert(0, words.pop())
    if path and words and words[0] == path[0]:
        return None  # `tool app.ts  Compiles the files`: an example of the program itself
    term = " ".join(words)
    paren = re.fullmatch(r"(\S+)\s+\(([^)]*)\)", term)
    if paren:
        term = paren.group(1)
        aliases += [a.strip() for a in paren.group(2).split(",") if a.strip()]
    names = [n.strip() for n in re.split(r"\s*[,|]\s*", term) if n.strip()]
    if not names or not all(_COMMAND_NAME.fullmatch(n) for n in names):
        return None
    deprecated = bool(DEPRECATED_TEXT.search(summary))
    listed = " ".join(a for a in arguments if a.lower().strip("[]") not in ("options", "flags"))
    return CommandEntry(
        names[0], summary, aliases=names[1:] + aliases, deprecated=deprecated, arguments=listed
    )


def _spells_own_path(words: list[str], path: list[str] | None) -> bool:
    """A subcommand's row spelled with the command's own path after the program (`db migrate`
    on `tool db --help`: a topic's page), the word after that path a command name."""
    own = (path or [])[1:]
    return (
        bool(own)
        and len(words) > len(own)
        and words[: len(own)] == own
        and _COMMAND_NAME.fullmatch(words[len(own)]) is not None
        and not _is_placeholder(words[len(own)])
    )


def _is_placeholder(word: str) -> bool:
    """`[options]`, `<size>`, `NAME`, `[COMMAND]`, `ARGS...`: an argument, not part of a name."""
    return bool(re.fullmatch(r"[\[<{].*|[A-Z][A-Z0-9_-]*(\.\.\.)?", word))


def _comma_listed(section: Section) -> list[str] | None:
    """`access, adduser, audit, ...` wrapped over lines: the names, else None."""
    content = " ".join(line.strip() for line in section.lines if line.strip())
    if not content or not re.fullmatch(r"[a-z][\w-]*(,\s*[a-z][\w-]*)+,?", content):
        return None
    return [word.strip() for word in content.split(",") if word.strip()]


_GROUP_LABEL = re.compile(r"(\s*)\[([\w.-]+)\]\s*")
_BARE_NAME = re.compile(r"(\s*)([A-Za-z0-9][\w.:+-]*)\s*")


def _labelled_listing(section: Section) -> list[str] | None:
    """Bare names grouped under bracketed labels (Django's `[auth]` / `    changepassword` /
    `    createsuperuser` / `[django]` / `    check`: a management command per line, grouped
    by the app that provides it): a `[label]` line is a group label, not a command, and each
    line under it indented deeper holding one word is a command. A line back at the labels'
    indent that is no label ends the listing (a closing note). Else None: the section has no
    labels, or a label is over anything but bare names (a row with a summary is read as such
    elsewhere)."""
    names: list[str] = []
    label_indent: int | None = None
    for line in section.lines:
        if not line.strip():
            continue
        label = _GROUP_LABEL.fullmatch(line)
        if label is not None and (label_indent is None or len(label.group(1)) == label_indent):
            label_indent = len(label.group(1))
            continue
        if label_indent is None:
            return None  # a row before any label: not this layout
        name = _BARE_NAME.fullmatch(line)
        indent = len(line) - len(line.lstrip())
        if indent <= label_indent:
            break  # back at the labels' indent: a note after the listing
        if name is None:
            return None
        names.append(name.group(2))
    return names or None


_GRID_CELL = re.compile(r"\S+")


def _grid_listed(section: Section) -> list[str] | None:
    """Names laid out as a grid with no summaries (openssl's `Standard commands`: rows of four
    names at the same columns, `asn1parse         ca                ciphers           cmp`):
    every cell a name, every cell starting at one of the grid's columns, three columns at
    least, two spaces at least after every cell, and every row but the last full. Else None: a two-column listing's one-word
    summaries (`list   List`) make two columns, and prose is no such grid."""
    rows = [line for line in section.lines if line.strip()]
    if len(rows) < 2:
        return None
    cells = [[(m.start(), m.group()) for m in _GRID_CELL.finditer(row)] for row in rows]
    starts = [start for start, _ in cells[0]]
    if len(starts) < 3 or any(b - a < 3 for a, b in zip(starts, starts[1:], strict=False)):
        return None
    for i, row in enumerate(cells):
        positions = [start for start, _ in row]
        full = positions == starts
        if not full and (i < len(cells) - 1 or positions != starts[: len(positions)]):
            return None
        if not all(_COMMAND_NAME.fullmatch(name) for _, name in row):
            return None
        if any(len(name) + 2 > b - a for (a, name), b in zip(row, starts[1:], strict=False)):
            return None  # one space before the next cell: words of a sentence, no gutter
    return [name for row in cells for _, name in row]


_PROMPT = re.compile(r"^\$\s+")
"""`$ tool dyno:kill`: an invocation after a shell prompt, one a line under `ALIASES`."""


def aliases_named(body: str, path: list[str]) -> list[str]:
    """An `Aliases:` section (`get, g`; full paths: `tool container ls, tool container list`;
    one invocation a line after a prompt, `  $ tool dyno:kill`)."""
    aliases = []
    items = [
        item
        for line in body.splitlines()
        for item in re.split(r"\s*,\s*", _PROMPT.sub("", line.strip()))
    ]
    for item in items:
        words = item.split()
        if not words:
            continue
        if len(words) == 1 and words[0] != path[-1]:
            aliases.append(words[0])
        elif len(words) == len(path) and words[:-1] == path[:-1] and words[-1] != path[-1]:
            aliases.append(words[-1])
    return aliases
