"""A help text read as a document: usage forms, description, titled sections and their entries.

Style-neutral. Every help style is some arrangement of the same parts: a `usage:` line (or
several), prose, and sections (`Options:`, `Available Commands:`, `positional arguments:`,
lowercase headings without a colon) holding two-column entries whose descriptions wrap
onto deeper-indented lines. The style parsers decide what each section means.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
_OVERSTRIKE = re.compile(r".\x08")
_USAGE = re.compile(r"^\s{0,2}(?:usage\s*:|USAGE$|SYNOPSIS$)\s*(.*)$", re.IGNORECASE)
_TRAILING_USAGE = re.compile(r"^\S.*[.)]\s+Usage:\s*$")
"""`Tool 3.0 (July 5th 2008). Usage:`: a banner sentence ending in `Usage:`, the form below."""
_PROSE_START = re.compile(r"^[A-Z][a-z]+,? [a-z]+ ")
"""A sentence (`The default action is …`), which no usage form continues with."""
TITLE_WIDTH = 70
"""How long a heading's title may be (`Title:` past its first letter, or a bare title): a
longer line is prose."""
_COLON_HEADING = re.compile(rf"^ ?([^\s\-\[<(#][^:]{{0,{TITLE_WIDTH}}}):\s*$")
_BOX_TOP = re.compile(r"^[╭┌+]─+ ?(.*?) ?─*[╮┐+]\s*$")
_BOX_ROW = re.compile(r"^[│|] ?(.*?)\s*[│|]\s*$")
_BOX_BOTTOM = re.compile(r"^[╰└+]─+[╯┘+]\s*$")
_TWO_COLUMNS = re.compile(r"^(\S.*?\S|\S)( {2,}|\t+)(\S.*)$")
_RULE = re.compile(r"^[─━═]{3,}$")
"""A line drawn across the text with box-drawing strokes (`────────`): an underline or a divider."""
_UNDERLINED_TITLE = re.compile(r"^[A-Za-z][\w &/-]{0,60}$")
"""A title a rule may underline (`Commands`, `Global options`): words, no sentence, no colon."""


@dataclass
class Entry:
    """One row of a section: the term (`-f, --file string`, `build, b`) and its description."""

    term: str
    text: str = ""
    group: str = ""
    """The group heading inside the section the row sits under (`  Options that take
    arguments:`), if any."""


@dataclass
class Section:
    """A titled part of a help text, with its lines as printed (tabs expanded)."""

    title: str
    lines: list[str] = field(default_factory=list)
    untitled: bool = False
    """The text gave no heading (options right under the usage): named `Options`."""
    before_usage: bool = False
    """It starts above the first usage line (where some styles print the long description)."""

    @property
    def key(self) -> str:
        """The title lowercased, for matching (`available commands`, `global flags`)."""
        return self.title.strip().lower()

    def body(self) -> str:
        """The section's lines dedented and joined (for examples and prose sections)."""
        return _dedent(self.lines)


@dataclass
class HelpDocument:
    """The parts of one help text."""

    usage: list[str] = field(default_factory=list)
    """Each usage form joined onto one line (`tool run [OPTIONS] IMAGE [COMMAND] [ARG...]`)."""
    description: str = ""
    sections: list[Section] = field(default_factory=list)
    epilog: str = ""


def normalize(text: str) -> str:
    """Plain text: no colour codes, no overstrike, no tabs, no boxes drawn around sections, `\\n` line ends."""
    text = _ANSI.sub("", text).replace("\r\n", "\n").replace("\r", "\n")
    text = _OVERSTRIKE.sub("", text)
    lines: list[str] = []
    box: str | None = None
    table = False
    boxed: list[list] | None = None  # the last boxed row's columns, as [offset, text]
    for line in text.split("\n"):
        line = line.expandtabs(8).rstrip()
        if _TABLE_TOP.match(line.strip()):
            # rich's table of heavy head (`┏━━┳━━┓`), its title centred on the line above: that
            # title is a section's heading, each body row its cells in their columns
            table = True
            if lines and _UNDERLINED_TITLE.match(lines[-1].strip()) and _indent(lines[-1]) > 0:
                lines[-1] = lines[-1].strip() + ":"
            line = ""
        elif table and _TABLE_BORDER.match(line.strip()):
            table = not line.strip().startswith("└")
            line = ""
        elif table and line.strip().startswith("┃"):
            line = ""  # the header row
        elif table and (cells := _TABLE_ROW.match(line.strip())):
            line = ("  " + cells.group(1).replace("│", " ")).rstrip()
        elif table:
            table, lines = False, [*lines, ""]
        if table:
            pass
        elif (match := _BOX_TOP.match(line.strip())) and not re.search(r"[─┬┼]", match.group(1)):
            # a titled box around a section, not a table's top border (`┌────┬────┐`), which stays text
            box, boxed = match.group(1).strip(), None
            line = f"{box}:" if box else ""
        elif _BOX_BOTTOM.match(line.strip()):
            box, line, boxed = None, "", None
        elif (match := _BOX_ROW.match(line.strip())) and box is not None:
            if boxed is not None and _continue_cut_value(boxed, match.group(1)):
                # the row only carries on the row above, whose list of values was cut to fit
                lines[-1] = "  " + _unbox_row(_joined_cells(boxed), box)
                continue
            boxed = [[m.start(), m.group()] for m in _CELL.finditer(match.group(1))]
            line = "  " + _unbox_row(match.group(1), box)
        elif _RULE.match(line.strip()):
            # a title underlined by a rule (`Commands` over `────`) is that section's heading,
            # as `Commands:` would be; a rule under anything else divides and says nothing
            if lines and _UNDERLINED_TITLE.match(lines[-1]) and (len(lines) < 2 or not lines[-2]):
                lines[-1] += ":"
            line = ""
        lines.append(line)
    return "\n".join(lines).strip("\n")


_TABLE_TOP = re.compile(r"^┏━+(?:┳━+)*┓$")
_TABLE_BORDER = re.compile(r"^[┡├└][━─]+(?:[╇┼┴][━─]+)*[┩┤┘]$")
_TABLE_ROW = re.compile(r"^│(.*)│$")


_PANEL_METAVAR = re.compile(r"[A-Z][A-Z0-9_]*(?: RANGE)?")
"""A type column in a boxed option table (`TEXT`, `FILE`, `INTEGER RANGE`)."""


_ONE_COLUMN_NAMES = re.compile(
    r"(?:(?P<positional>[A-Z][A-Z0-9_-]*) )?"
    r"(?P<names>--?[A-Za-z0-9][\w.-]*(?: \(?--?[A-Za-z0-9][\w.-]*\)?)+|--?[A-Za-z0-9][\w.-]*)"
    r"(?: (?P<metavar>[A-Z][A-Z0-9_]*(?:\.\.\.)?))?"
)
"""The names column of a boxed parameter row that holds them all: a positional's name (when the
parameter is taken by position too), its dashed names one space apart (a short in parentheses
for the help flag), then its value's metavar (`STR`, `PATH...`). A panel whose names and metavar
are columns of their own (`--tag  -t  TEXT`) meets only the lone-name case, which changes
nothing."""


_CELL = re.compile(r"\S+(?: \S+)*")
"""One column's text in a boxed row: words one space apart (columns are two or more apart)."""
_CUT_VALUES = re.compile(r"\[[^\]\s]*\|[^\]\s]*")
"""A list of values opened and not closed (`[auto|esp8266|esp32|es`): cut at the column's edge."""
_VALUES_CARRIED_ON = re.compile(r"[^\[\]\s]+\]?")
"""The rest of a cut list on the next row (`p32h2|esp32h21]`): no space, at most its closing bracket."""


def _continue_cut_value(cells: list[list], row: str) -> bool:
    """Join a row that carries on a cut list of values into the row above's `cells`.

    A boxed table wraps each column in its own width: a value column of choices with no space
    to break at (`[auto|esp8266|…|esp32s31]`) is cut to fit and carried on, at the column's
    own offset, on rows whose names column is empty; the description column carries on beside
    it. Read alone, the list stayed open and named no choice. A row joins only when its first
    text starts exactly where the open list does and each of its columns starts where one of
    the row above does; anything else is a row of its own.
    """
    open_cell = next(
        (c for c in cells if c[0] > 0 and _CUT_VALUES.fullmatch(c[1]) and "]" not in c[1]), None
    )
    if open_cell is None:
        return False
    parts = [(m.start(), m.group()) for m in _CELL.finditer(row)]
    if not parts or parts[0][0] != open_cell[0] or not _VALUES_CARRIED_ON.fullmatch(parts[0][1]):
        return False
    by_offset = {c[0]: c for c in cells}
    if any(offset not in by_offset for offset, _ in parts[1:]):
        return False
    open_cell[1] += parts[0][1]  # cut inside a word or after a `|`: no space between
    for offset, text in parts[1:]:
        by_offset[offset][1] += " " + text
    return True


def _joined_cells(cells: list[list]) -> str:
    """A boxed row rebuilt from its columns: its first column's indent, columns two spaces apart."""
    return " " * cells[0][0] + "  ".join(text for _, text in cells)


def _unbox_row(row: str, box: str) -> str:
    """A row of a boxed option table as a plain two-column entry.

    `--tag  -t  <list[str]>  Tag` becomes `-t, --tag <list[str]>  Tag`; `--pin  --no-pin  <bool>`
    and rich-click's `--pin/--no-pin` become `--pin / --no-pin`; `*  title  <str>  Title` (required) becomes `title  Title`.
    """
    columns = re.split(r"\s{2,}", row.strip())
    if not row.strip() or (row.startswith("   ") and len(columns) == 1):
        return row  # blank, or wrapped description text
    required = columns[0] == "*"
    if required:
        columns = columns[1:]
    if columns and (spelled := _ONE_COLUMN_NAMES.fullmatch(columns[0])):
        # a panel whose names share one column: `--port -p INT`, `--help (-h)`, and a parameter
        # taken by position or by name, `SERVER-SPEC --server-spec` (the name its value goes by)
        names = spelled.group("names").replace("(", "").replace(")", "").split()
        metavar = spelled.group("metavar") or spelled.group("positional")
        columns = [", ".join(names), *([metavar] if metavar else []), *columns[1:]]
        if metavar and len(columns) == 2:
            columns.append("")  # a value and no help: the value column stays the value
    on: list[str] = []
    off: list[str] = []
    while columns and columns[0].startswith("-"):
        for name in columns.pop(0).split(","):
            # rich-click joins a switch and its off form with a bare slash (`--tag/--no-tag`)
            primary, *secondaries = re.split(r"/(?=-)", name.strip())
            (off if primary.startswith("--no-") else on).append(primary)
            off.extend(secondaries)
    if not on and off:
        on = [off.pop(0)]  # `--no-configured-files` alone: a switch of its own, not an off form
    suffix = "  [required]" if required and "[required]" not in row else ""
    if on:
        shorts = [n for n in on if not n.startswith("--")]
        longs = [n for n in on if n.startswith("--")]
        # a value column and no help (`--cli-plugin  TEXT`): a lone upper-case word is a metavar
        lone_metavar = len(columns) == 1 and _PANEL_METAVAR.fullmatch(columns[0])
        value = columns.pop(0) if len(columns) >= 2 or lone_metavar else ""
        if value.lower() in ("<bool>", "<boolean>"):
            value = ""
        term = (
            ", ".join(shorts + longs)
            + (f" {value}" if value else "")
            + (f" / {off[0]}" if off else "")
        )
        return f"{term}  {' '.join(columns)}{suffix}".rstrip()
    if box.lower() == "arguments" and columns:
        name = columns.pop(0)
        if len(columns) >= 2:
            columns.pop(0)  # the type column
        term = name if required else f"[{name}]"
        return f"{term}  {' '.join(columns)}{suffix}".rstrip()
    return row


def read_document(text: str) -> HelpDocument:
    """Split a help text into usage forms, description, sections and epilog."""
    lines = normalize(text).split("\n")
    doc = HelpDocument()
    prose: list[str] = []
    epilog: list[str] = []
    current: Section | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        usage = _USAGE.match(line)
        if usage is None and current is None and not doc.usage and _TRAILING_USAGE.match(line):
            prose.append(line.rsplit("Usage:", 1)[0].strip())
            index = _read_usage(lines, index, "", doc.usage)
            continue
        if usage and (current is None or not current.lines or _indent(line) == 0):
            index = _read_usage(lines, index, usage.group(1), doc.usage)
            current = None
            continue
        if _example_in_prose(lines, index + 1):  # a sentence and the invocation it shows
            if current is None or _is_heading(lines, index):
                current = None
            (epilog if doc.sections else prose).extend(lines[index : index + 2])  # never rows
            index += 2
            continue
        if _is_heading(lines, index):
            current = Section(_heading_title(line), before_usage=not doc.usage)
            doc.sections.append(current)
        elif (current is None or _ends_section(current, lines, index)) and _stacked_option_rows(
            lines, index
        ):
            current = Section("Options", untitled=True, before_usage=not doc.usage)
            doc.sections.append(current)
            current.lines.append(line)
        elif current is None and (
            (_indent(line) > 0 and line.strip().startswith("-") and _looks_like_entry(line))
            or _untitled_flush_left_rows(lines, index, prose)
        ):
            current = Section(
                "Options", untitled=True, before_usage=not doc.usage
            )  # options right after the usage
            doc.sections.append(current)
            current.lines.extend([*_retired_heading_above(prose), line])
        elif current is None:
            (epilog if doc.sections else prose).append(line)
        elif _ends_section(current, lines, index):
            current = None
            epilog.append(line)
        else:
            current.lines.append(line)
        index += 1
    for section in doc.sections:
        while section.lines and not section.lines[-1].strip():
            section.lines.pop()
    doc.description = _dedent(prose)
    doc.epilog = _dedent(epilog)
    return doc


def _retired_heading_above(prose: list[str]) -> list[str]:
    """The description's last paragraph when it is one colon line naming retired options
    (`  The following options are deprecated:`) right above untitled rows: taken out of the
    description, as the rows' group heading (`RETIRED_HEADING`)."""
    while prose and not prose[-1].strip():
        prose.pop()
    last = prose[-1].strip() if prose else ""
    if not (last.endswith(":") and RETIRED_HEADING.search(last)):
        return []
    if len(prose) > 1 and prose[-2].strip():
        return []  # the colon line ends a paragraph of prose
    return [prose.pop(), ""]


def _read_usage(lines: list[str], index: int, rest: str, forms: list[str]) -> int:
    """Collect the usage forms starting at `lines[index]`; return the index after them."""
    index += 1
    rest = re.sub(r"^\$\s+", "", rest.strip())
    first_word = rest.split()[0] if rest.strip() else None
    if rest.strip():
        forms.append(rest.strip())
    else:
        while index < len(lines) and not lines[index].strip():
            index += 1
    while index < len(lines):
        line = lines[index]
        stripped = re.sub(r"^\$\s+", "", line.strip())  # `$ mycli [COMMAND]`
        if (
            not stripped
            or _is_heading(lines, index)
            or (forms and _indent(line) == 0 and rest.strip())
        ):
            break
        if stripped.startswith("-") and (
            _TWO_COLUMNS.match(stripped) or _OVERFLOWING_TERM.match(stripped)
        ):
            break  # options start right under the usage line (the first may be a long one)
        if stripped.startswith("-") and _option_rows_follow(lines, index):
            break  # perl's `-0[octal/hexadecimal] specify …`, one space short of the column
        if forms and _PROSE_START.match(stripped):
            break  # prose right under the form
        if stripped.lower().startswith("or:") or (
            first_word and re.match(rf"or\s+{re.escape(first_word)}(\s|$)", stripped)
        ):  # `or: tool remote add …`; `or   tool [OPTION]... SRC`
            stripped = stripped[3:].strip() if stripped[2] == ":" else stripped[2:].strip()
            forms.append(stripped)
        elif not forms or (first_word and stripped.split()[0] == first_word):
            forms.append(stripped)
            first_word = first_word or stripped.split()[0]
        else:
            forms[-1] = f"{forms[-1]} {stripped}"
        index += 1
    return index


def _option_rows_follow(lines: list[str], index: int) -> bool:
    """The lines after `lines[index]` are option rows at its indent, two of them at least: it
    is the first of those rows whatever its own layout, not a usage form going on."""
    after = lines[index + 1 : index + 3]
    return len(after) == 2 and all(
        _indent(line) == _indent(lines[index])
        and line.strip().startswith("-")
        and _TWO_COLUMNS.match(line.strip())
        for line in after
    )


def _is_heading(lines: list[str], index: int) -> bool:
    """A section title: `Title:` flush left, an all-caps `OPTIONS`, or a short flush-left
    line after a blank line with an indented entry right under it."""
    line = lines[index]
    if not line.strip() or _indent(line) > 1:
        return False
    if _COLON_HEADING.match(line):
        return not _USAGE.match(line)
    stripped = line.strip()
    if _indent(line) != 0 or len(stripped) > TITLE_WIDTH or stripped.endswith((".", ",", ";")):
        return False
    if stripped.isupper() and re.fullmatch(r"[A-Z][A-Z &/-]*", stripped):
        return True
    previous_blank = index == 0 or not lines[index - 1].strip()
    following = next((l for l in lines[index + 1 :] if l.strip()), "")
    next_line = lines[index + 1] if index + 1 < len(lines) else ""
    if previous_blank and _flush_left_options(lines, index + 1) and not stripped.startswith("-"):
        return True  # `Options` over flush-left `--verbose, -v   increase verbosity` rows
    if previous_blank and _COMMANDS_TITLE.search(stripped) and _flush_left_rows(lines, index + 1):
        return True  # `Consumer commands` over flush-left `cache      Perform file …` rows
    return (
        previous_blank
        and next_line.strip() != ""
        and next_line == following
        and _indent(next_line) >= 2
        and _looks_like_entry(next_line)
        and not _USAGE.match(line)
    )


def _flush_left_options(lines: list[str], start: int) -> bool:
    """`lines[start:]` opens with at least two flush-left option rows (`--name …  description`),
    their descriptions in one column."""
    rows = []
    for line in lines[start : start + 3]:
        match = _TWO_COLUMNS.match(line) if _indent(line) == 0 and line.startswith("-") else None
        if match is None:
            break
        rows.append(match.start(3))
    return len(rows) >= 2 and len(set(rows)) == 1


_COMMANDS_TITLE = re.compile(r"^[A-Z][\w -]*\bcommands\b", re.IGNORECASE)
"""A title naming a group of commands (`Consumer commands`, `Creator commands`)."""


def _flush_left_rows(lines: list[str], start: int) -> bool:
    """`lines[start:]` opens with at least two flush-left `name  summary` rows, their summaries
    in one column (a commands group under a colon-less title)."""
    rows = []
    for line in lines[start : start + 3]:
        match = _TWO_COLUMNS.match(line) if _indent(line) == 0 else None
        if match is None or " " in match.group(1):
            break
        rows.append(match.start(3))
    return len(rows) >= 2 and len(set(rows)) == 1


def _untitled_flush_left_rows(lines: list[str], start: int, prose: list[str]) -> bool:
    """Flush-left option rows with no heading, after a blank line under a banner (`-q --quiet
    Say little`): the first names a long option and no row came before them (a block of rows
    with one-dash names only, `-ffam  use fam as the family`, may spell values glued to the
    letter, which the usage line reads better)."""
    return (
        (start == 0 or not lines[start - 1].strip())
        and "--" in lines[start].split("  ")[0]
        and _flush_left_options(lines, start)
        and not any(line.startswith("-") for line in prose)
    )


_STACKED_TERM = re.compile(r"^--?[A-Za-z0-9][\w.-]*(?:[= ]\S+)?$")
"""A term alone on a flush-left line: the option's spellings and value, nothing after them."""


def _stacked_option_rows(lines: list[str], start: int) -> bool:
    """After a blank line, at least two flush-left option terms each alone on its line with
    the description indented under it (traitlets: `--json` / `    output spec name …` /
    `--log-level=<Enum>` / `    Set the log level …`): option rows, wherever they stand (a
    section of prose before them ends where they start)."""
    if start > 0 and lines[start - 1].strip():
        return False
    terms = 0
    index = start
    while index < len(lines) and terms < 2:
        line = lines[index]
        if _indent(line) != 0 or not _STACKED_TERM.match(line.rstrip()):
            return False
        below = lines[index + 1] if index + 1 < len(lines) else ""
        if not below.strip() or _indent(below) < 2:
            return False
        terms += 1
        index += 1
        while index < len(lines) and lines[index].strip() and _indent(lines[index]) >= 2:
            index += 1  # the description's lines
    return terms == 2


def _heading_title(line: str) -> str:
    return line.strip().rstrip(":").strip()


def _ends_section(section: Section, lines: list[str], index: int) -> bool:
    """A flush-left line after a blank line ends an indented section (trailing prose)."""
    line = lines[index]
    if not line.strip() or _indent(line) > 0 or index == 0 or lines[index - 1].strip():
        return False
    content = [l for l in section.lines if l.strip()]
    if content and _indent(content[0]) == 0 and content[0].startswith("-"):
        return not line.startswith(
            "-"
        )  # prose after flush-left option rows (`Use "tool --daemon --help" …`)
    return bool(content) and _indent(content[0]) > 0


_SENTENCE_WORDS = 5


def _example_in_prose(lines: list[str], index: int) -> bool:
    """`lines[index]` is an option spelled alone, indented, with no description, right under
    a flush-left sentence that ends in a colon and introduces it (traitlets' `The command-line
    option below sets the respective configurable class-parameter:` / `    --Class.parameter=
    value`; `For instance, to set `C.a=[0,1,2]`, you may type this:` / `    --C.a='range(3)'`),
    and no other indented line follows it: an example inside a paragraph, not an options row.
    A heading (`Options:`, `Global flags:`) is no sentence: fewer than five words."""
    if index <= 0 or index >= len(lines):
        return False
    line, before = lines[index], lines[index - 1]
    after = lines[index + 1] if index + 1 < len(lines) else ""
    return (
        _indent(line) > 0
        and line.strip().startswith("-")
        and not _TWO_COLUMNS.match(line.strip())
        and _indent(before) == 0
        and before.rstrip().endswith(":")
        and len(before.split()) >= _SENTENCE_WORDS
        and (not after.strip() or _indent(after) == 0)
    )


def _looks_like_entry(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith("-") or bool(_TWO_COLUMNS.match(stripped))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _dedent(lines: list[str]) -> str:
    content = [l for l in lines if l.strip()]
    if not content:
        return ""
    cut = min(_indent(l) for l in content)
    text = "\n".join(l[cut:] if l.strip() else "" for l in lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n")


def option_entries(section: Section) -> list[Entry]:
    """Entries of an options section: each starts with a line beginning with `-`.

    A line starting with `-` is a new entry unless it sits at or right of the previous
    entry's description column (then it is wrapped description text).
    """
    lines = _split_side_by_side(
        _join_continued_terms(
            _spellings_across_leaders(
                _one_option_per_line(
                    _term_at_the_column(
                        _attached_letter_rows(
                            _bsd_letter_first(_long_beside_short(_negation_marks(section.lines)))
                        )
                    )
                )
            )
        )
    )
    entries = _entries(
        lines,
        lambda stripped, indent, base, column: (
            stripped.startswith("-")
            and (column is None or indent < column)
            and not _OPTION_ENDS_A_SENTENCE.match(stripped)
        ),
    )
    for entry in entries:
        split = _ONE_SPACE_DESCRIPTION.match(entry.term) or _COLON_DESCRIPTION.match(entry.term)
        if split:
            entry.term, entry.text = split.group(1), f"{split.group(2)} {entry.text}".strip()
    singles = []
    for entry in entries:
        for joined in _slash_joined(entry):
            for single in (one for bar in _bar_joined(joined) for one in _preset(bar)):
                single.group = entry.group
                singles.append(single)
    return singles


_OPTION_ENDS_A_SENTENCE = re.compile(r"--?[A-Za-z0-9][\w-]*\. +[A-Z]")
"""A line of a section's prose that wraps onto an option's name at the end of a sentence (`--strategy.
Fine-grained checks on size …`): no option's name ends with a full stop, so it is no row."""


_NEGATION_MARK = re.compile(r"^( *)\[!\](?= +--?[A-Za-z0-9])")
"""`[!] --protocol  -p proto  protocol: …`: a row opening with the mark that the option may be
negated by a `!` before it; the row is the option's, at the mark's column."""


def _negation_marks(lines: list[str]) -> list[str]:
    """Rows opening with `[!]` (the option takes a `!` before it) start with the option."""
    return [_NEGATION_MARK.sub(lambda m: m.group(1) + "   ", line) for line in lines]


_LONG_BESIDE_SHORT = re.compile(
    r"^( *)(--[A-Za-z0-9][\w-]*)( {2,})(-[A-Za-z0-9])((?: [^\s-]\S*)*)(?= {2,}\S|$)"
)
"""A long name, two spaces or more, then its short letter and the value's words (`--append
-A chain  Append to chain`, `--numeric  -n  numeric output`, `--list  -L [chain [rulenum]]`
over its description): one option's spellings, long first."""
_LONE_LONG = re.compile(r"^( *)(--[A-Za-z0-9][\w-]*)$")
_SHORT_AND_VALUE = re.compile(r"^-[A-Za-z0-9](?: [^\s-]\S*)*(?: {2,}\S.*)?$")


def _long_beside_short(lines: list[str]) -> list[str]:
    """Rows spelling the long name first and the short letter beside it, two spaces or more
    apart (`--numeric     -n      numeric output`), are one option's term (`--numeric, -n`), so
    the short letter is not read as an entry of its own beside the long one; a long name alone
    on its line over a deeper line opening with its short letter (`--delete-chain` over
    `            -X [chain]   Delete a user-defined chain`) is one such row. Only where two
    rows at least are so spelled: one might be a long option whose description opens with
    another's letter."""
    joined: list[str] = []
    for line in lines:
        previous = _LONE_LONG.match(joined[-1]) if joined else None
        stripped = line.strip()
        if previous and _indent(line) > len(previous.group(1)) and _SHORT_AND_VALUE.match(stripped):
            joined[-1] = f"{joined[-1]}  {stripped}"
        else:
            joined.append(line)
    if sum(1 for line in joined if _LONG_BESIDE_SHORT.match(line)) < 2:
        return lines
    result = []
    for line in joined:
        match = _LONG_BESIDE_SHORT.match(line)
        if match is None:
            result.append(line)
            continue
        term = f"{match.group(1)}{match.group(2)}, {match.group(4)}{match.group(5)}"
        result.append(term.ljust(match.end()) + line[match.end() :])
    return result


_BAR_JOINED = re.compile(r"^-{1,2}\w[\w-]*(?: [^\s|-]\S*)?(?: \| -{1,2}\w[\w-]*(?: [^\s|-]\S*)?)+$")
"""Options side by side, each with its own value part, a bar between (`-C N | -c`)."""


def _bar_joined(entry: Entry) -> list[Entry]:
    """`-C N | -c  check the validity`: two options, one taking `N`, one a switch, sharing a
    description (a bar separates alternatives, as in a usage line's `[-C N|-c]`). A short
    letter and a long name with no values (`-v | --verbose`) stay one option's spellings."""
    if not _BAR_JOINED.match(entry.term):
        return [entry]
    parts = entry.term.split(" | ")
    longs = [p for p in parts if p.startswith("--")]
    if len(parts) == 2 and len(longs) == 1 and all(" " not in p for p in parts):
        return [Entry(", ".join(parts), entry.text)]
    return [Entry(part, entry.text) for part in parts]


_BSD_LETTER_FIRST = re.compile(r"^( *)([A-Za-z]), +(?=--[A-Za-z])")
"""`  k,    --order       specify the order …`: an option letter written with no dash (the
old letters of some Unix tools), before the long name of the same option."""


def _bsd_letter_first(lines: list[str]) -> list[str]:
    """A row that spells its option first as a letter without a dash (`S,    --cumulative`)
    is read from its long name on: a word with no dash is no flag the tool can write (`-o, o,
    --format`, a bare letter between dashed spellings, is read already), and the row is
    otherwise an option row like its neighbours. The letter's place is kept blank, so the
    description stays at its column."""
    return [_BSD_LETTER_FIRST.sub(lambda m: " " * len(m.group(0)), line, count=1) for line in lines]


_ATTACHED_LIST_TERM = re.compile(r"^(\s*)(-[A-Za-z0-9])\[[^\s\[\]=|,{}]+\](?= {2,}\S|$)")
_LETTER_ROW = re.compile(r"^([A-Za-z0-9]) {2,}(\S.*)$")


def _attached_letter_rows(lines: list[str]) -> list[str]:
    """A short letter taking an optional value attached (`-a[sub-option...]  turn on
    listings`) whose description lists that value's letters under a heading of their own
    (`Sub-options [default hls]:` over `c      omit false conditionals`, `d      omit …`):
    each letter written after the option is an option of its own (`-ac`, `-ad`; getopt reads
    the attached letters as the value), so each gets a row after the description, described by
    the option's description and its own. The description stays the option's (`-a` alone)."""
    result: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        result.append(line)
        index += 1
        term = _ATTACHED_LIST_TERM.match(line)
        if term is None:
            continue
        block: list[str] = []
        while index < len(lines) and lines[index].strip() and _indent(lines[index]) > _indent(line):
            block.append(lines[index])
            index += 1
        result.extend(block)
        heading = next((i for i, l in enumerate(block) if l.strip().endswith(":")), None)
        if heading is None:
            continue
        letters = [row for l in block[heading + 1 :] if (row := _LETTER_ROW.match(l.strip()))]
        if len(letters) < 2 or len({row.group(1) for row in letters}) < len(letters):
            continue
        own = line[term.end() :].strip()
        indent, short = term.group(1), term.group(2)
        result.extend(
            f"{indent}{short}{row.group(1)}  {f'{own}: ' if own else ''}{row.group(2)}"
            for row in letters
        )
    return result


_PRESET = re.compile(r"^(-[A-Za-z][A-Za-z0-9]+) (--[\w-]+=[a-z][a-z0-9-]*)$")
"""A single-dash spelling beside a long name given one literal value (objdump's `-EB
--endian=big`, `-EL --endian=little`)."""


def _preset(entry: Entry) -> list[Entry]:
    """`-EB --endian=big`: the short spelling is a switch of its own, the same as the long
    name with that value; the long name (a value option) is the row's second entry. The two
    are not aliases: `-EL` beside `--endian=little` on the next row would make one flag of all."""
    if not (preset := _PRESET.match(entry.term)):
        return [entry]
    return [Entry(preset.group(1), entry.text), Entry(preset.group(2), entry.text)]


_COLON_DESCRIPTION = re.compile(r"^(-{1,2}(?:[^\s:<\[]|<[^>]*>|\[[^\]]*\])+(?: <[^>]*>)*): (\S.*)$")
"""A term closed by a colon, its description one space after it (nmap: `-sL: List Scan …`,
`--reason: Display the reason …`, `-iR <num hosts>: Choose random targets`): one spelling
token, then only `<placeholder>`s, before the colon."""

_SLASH_HEAD = re.compile(r"^(-{1,2}[A-Za-z0-9][\w.-]*(?:/-{0,2}[A-Za-z0-9][\w.-]*)+)(?=$|[\s\[<=])")
"""Spellings joined by slashes, up to the value part (`-sS/sT/sA`, `-oN/-oX <file>`,
`--min-hostgroup/max-hostgroup <size>`, `-g/--source-port <portnum>`)."""


def _slash_joined(entry: Entry) -> list[Entry]:
    """The entries a term of slash-joined spellings stands for. A short letter and a long name
    (`-g/--source-port`) are one option's two spellings; spellings of one shape (`-sS/sT/sA`,
    `-n/-R`, `--send-eth/--send-ip`) are options of their own, each with the term's value
    part and description. A part without dashes takes the first part's (`sT` is `-sT`)."""
    head = _SLASH_HEAD.match(entry.term)
    if head is None:
        return [entry]
    rest = entry.term[head.end() :]
    parts = head.group(1).split("/")
    dashes = parts[0][: len(parts[0]) - len(parts[0].lstrip("-"))]
    spelled = [part if part.startswith("-") else dashes + part for part in parts]
    shorts = [s for s in spelled if re.fullmatch(r"-[A-Za-z0-9]", s)]
    longs = [s for s in spelled if s.startswith("--")]
    if len(spelled) == 2 and len(shorts) == 1 and len(longs) == 1:
        return [Entry(f"{shorts[0]}, {longs[0]}{rest}", entry.text)]
    return [Entry(f"{spelling}{rest}", entry.text) for spelling in spelled]


_ONE_SPACE_DESCRIPTION = re.compile(
    r"^(--?[\w-]+(?:=\S+|\[=\S+\])?)"  # the flag, its value attached (`--x=FILE`, `--x[=N]`)
    r" ((?:(?<=\S=\S)|(?<=\])|(?=[a-z]+ [a-z]+ [a-z]))[a-z][^-]*)$"
)
"""A long term and its description one space apart (`--exclude-caches-under
exclude everything under …`): after a `=VALUE`, or when three lower-case words follow."""


_ROW_TERM = re.compile(
    r"^(?:-[A-Za-z0-9],\s+)?--?[A-Za-z0-9][\w-]*"
    r"(?:[ =](?:<[\w-]+(?: [\w-]+)+>(?: \.\.\.)?|\S+)|(?<=^-\w)\[[^\s\[\]]+\])?$"
)
"""What may stand before a description one space away: one spelling (perhaps after its short
letter, `-a,  --archive out.tgz`), at most one value word (`--ignore-case`, `--filelimit #`,
`--timefmt <f>`), one placeholder of several words in angle brackets, perhaps repeated (a value
of two words, repeated: `-f, --files <NAME FILENAME> ...`), or a short letter's optional value
attached in brackets (perl's `-0[octal/hexadecimal] specify record separator`)."""
_PROSE_START = re.compile(r"[A-Za-z][a-z']*,? [A-Za-z(]")
"""Words of a description at the column (`Ignore case`, `Do not`), not a second placeholder
(mypy's `--shadow-file SOURCE_FILE SHADOW_FILE`, which merely reaches the column)."""


def _term_at_the_column(lines: list[str]) -> list[str]:
    """A term that runs up to the section's description column, one space before it, gets the
    two spaces the other rows have (tree 2.1: `--ignore-case Ignore case …`, `--filelimit # Do
    not descend …` beside `-a            All files are listed.`). The column is the one most
    option rows start their description at, and only when at least three rows agree."""
    columns: dict[int, int] = {}
    for line in lines:
        stripped = line.lstrip(" ")
        if stripped.startswith("-") and (match := _TWO_COLUMNS.match(stripped)):
            column = _indent(line) + match.start(3)
            columns[column] = columns.get(column, 0) + 1
    if not columns:
        return lines
    column, rows = max(columns.items(), key=lambda item: item[1])
    if rows < 3:
        return lines
    result = []
    for line in lines:
        stripped = line.lstrip(" ")
        term = line[: column - 1].strip()
        if (
            stripped.startswith("-")
            # `-a,  --archive out.tgz Store …`: the gap after the comma is no column, nor is
            # one right of the column (`--keep-section=SECTION Keep the named section.  SECTION
            # is …`: two spaces after a sentence of the description)
            and not _gap_before(
                re.sub(r"^(-\w,)\s{2,}(?=--)", r"\1 ", stripped), column - _indent(line)
            )
            and len(line) > column
            and line[column - 1] == " "
            and line[column - 2] != " "
            and line[column] != " "
            and _indent(line) < column - 1
            and _ROW_TERM.match(term)
            and _PROSE_START.match(line[column:])
        ):
            line = f"{line[: column - 1]} {line[column - 1 :]}"
        elif (
            stripped.startswith("-")
            and not _TWO_COLUMNS.match(stripped)
            and (overflow := _OVERFLOWING_TERM.match(stripped))
            and _indent(line) + overflow.start(2) >= column
        ):
            line = f"{' ' * _indent(line)}{overflow.group(1)}  {overflow.group(2)}"
        result.append(line)
    return result


def _gap_before(stripped: str, column: int) -> bool:
    """Whether a row's first gap of two spaces or a tab opens before `column` (of the stripped
    row): the row has its two columns already."""
    match = _TWO_COLUMNS.match(stripped)
    return match is not None and match.start(2) < column


_SPELLED_VALUE = r"(?:=\S+|\[=\S+\]| (?:<[^<>]*>|[A-Z][A-Z0-9_:-]*|\[[^\s\]]*\]\S*))?"
_OVERFLOWING_TERM = re.compile(
    rf"^(--?[A-Za-z0-9][\w.-]*{_SPELLED_VALUE}(?:, --?[A-Za-z0-9][\w.-]*{_SPELLED_VALUE})*)"
    r" (?![A-Z][A-Z0-9_]*, --?[A-Za-z])((?<=> )[^\s<\[].*|[A-Z][\w'/-]*,? [\w(/<'-].*)$"
)
"""A term longer than the description column, then one space and a sentence
(`     --abstract-unix-socket <path> Connect via abstract Unix domain socket`, `-j,
--junk-session-cookies Ignore session cookies read from file` beside `     --anyauth
Pick any …` at the column): spellings, each with at most one value, then a capitalised word
and another word, or anything after a value in angle brackets. A placeholder of capitals
(`--arg NAME VALUE`) is no sentence, nor is one a comma and a spelling follow
(`--password-file PASSWORD_FILES, --pass-file PASSWORD_FILES`: two long spellings, each with
its placeholder, one flag's term alone on its row)."""


_PACKED_OPTION = re.compile(r"-[a-z][\w-]*")
_PACKED_VALUE = re.compile(r"[A-Z][A-Z0-9_]*(?:\[[^\]\s]*\])?|\[[^\]\s]+\][A-Z]*")
"""A value placeholder in a packed row: `FILE`, `N[bcwkMG]`, `[-/]MODE`, `[bcdpflsD]`."""


def _one_option_per_line(lines: list[str]) -> list[str]:
    """A row that only lists options, each with its placeholders and no description
    (`-amin N -anewer FILE -atime N`, `-daystart -follow -nowarn`), holds one entry per option.
    A row with any other word (`-exec COMMAND ;`, `( EXPR )`, prose) is left as it is."""
    result: list[str] = []
    for line in lines:
        words = line.split()
        items: list[str] = []
        for word in words:
            if _PACKED_OPTION.fullmatch(word):
                items.append(word)
            elif items and _PACKED_VALUE.fullmatch(word):
                items[-1] += f" {word}"
            else:
                items = []
                break
        if len(items) < 2:
            result.append(line)
            continue
        result.extend(" " * _indent(line) + item for item in items)
    return result


_LEADER = re.compile(r"\s+\.+\s+")
_SPELLING_GROUP = re.compile(r"--?[^\s.=\[-][^\s=\[]*(?:=\S+|\s*\[\S*\]|\s+[^\s-]\S*)?")
"""One spelling of an option and its value as printed (`-b [N]`, `--buffers=[N]`, `-D xcolor`)."""


def _spellings_across_leaders(lines: list[str]) -> list[str]:
    """A row that only spells options, its description on the lines below, with the short and
    long spellings apart (`-a  ........  --search-skip-screen`, `-p [pattern]  --pattern=…`)
    is one term (`-a, --search-skip-screen`). A row pairing several short spellings with as
    many long ones (`-e  -E  ....  --quit-at-eof  --QUIT-AT-EOF`) is one entry per short
    spelling, the longs dealt out in turn, each with the description."""
    result: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        groups = _spelling_groups(line)
        if groups is None:
            result.append(line)
            continue
        indent = " " * _indent(line)
        description = []
        while index < len(lines) and lines[index].strip() and _indent(lines[index]) > _indent(line):
            description.append(lines[index])
            index += 1
        shorts = [g for g in groups if not g.startswith("--")]
        longs = [g for g in groups if g.startswith("--")]
        if len(shorts) < 2 or len(longs) % len(shorts):
            result.extend([indent + ", ".join(groups), *description])
            continue
        for turn, short in enumerate(shorts):
            result.extend([indent + ", ".join([short, *longs[turn :: len(shorts)]]), *description])
    return result


def _spelling_groups(line: str) -> list[str] | None:
    """The spellings of a row that holds nothing else, short ones and long ones apart (a dot
    leader or two spaces between), with its description below; else None."""
    stripped = line.strip()
    if not stripped.startswith("-"):
        return None
    parts = [
        p
        for chunk in _LEADER.split(stripped)
        for p in re.split(r" {2,}|(?<=\S) (?=--)", chunk)
        if p
    ]
    if (
        len(parts) < 2
        or not any(p.startswith("--") for p in parts)
        or not any(not p.startswith("--") for p in parts)
    ):
        return None
    if not all(_SPELLING_GROUP.fullmatch(p) for p in parts):
        return None
    return parts


_SECOND_ENTRY = re.compile(r"(?<=\S)( {2,})(-[^\s-]\S*) {2,}\S")


def _split_side_by_side(lines: list[str]) -> list[str]:
    """Two entries per row (`-f   freshen: only changed files  -u   update: only …`):
    when at least three rows start a second `-x` entry at one column, each such row is two."""
    starts: dict[int, int] = {}
    for line in lines:
        if line.strip().startswith("-"):
            for match in _SECOND_ENTRY.finditer(line):
                starts[match.start(2)] = starts.get(match.start(2), 0) + 1
    column = max(starts, key=lambda c: starts[c], default=None)
    if column is None or starts[column] < 3:
        return lines
    result = []
    for line in lines:
        if (
            line.strip().startswith("-")
            and len(line) > column
            and line[column] == "-"
            and line[column - 2 : column] == "  "
        ):
            result.extend([line[:column].rstrip(), " " * _indent(line) + line[column:]])
        else:
            result.append(line)
    return result


def _join_continued_terms(lines: list[str]) -> list[str]:
    """`--color[=WHEN],` over `--colour[=WHEN]  use markers…`: a term line ending in a
    comma continues on the next line, which starts with another spelling. A term whose
    bracket is still open at the end of its line continues on the lines up to the one that
    closes it (objdump's `-W, --dwarf[a/=abbrev, A/=addr, …,` over three more lines of values
    ending `U/=trace_info]`, its description on the line after): no two-column row, no line
    starting with a dash in between."""
    joined: list[str] = []
    for line in lines:
        stripped = line.strip()
        previous = joined[-1].strip() if joined else ""
        if (
            previous.startswith("-")
            and _open_brackets(previous) > 0
            and stripped
            and not stripped.startswith("-")
            and not _TWO_COLUMNS.match(previous)
            and not _TWO_COLUMNS.match(stripped)
        ) or (
            previous.startswith("-")
            and previous.endswith(",")
            and stripped.startswith("-")
            and not _TWO_COLUMNS.match(previous)
        ):
            joined[-1] = f"{joined[-1].rstrip()} {stripped}"
        elif wrapped := _spellings_wrapped_left(joined[-1] if joined else "", line):
            joined[-1] = wrapped
        else:
            joined.append(line)
    return joined


def _spellings_wrapped_left(previous: str, line: str) -> str | None:
    """Spellings too many for the left column go on to the next lines of that column, the
    description beside the first: Ruby's OptionParser indents them (`-R, --rakelibdir
    RAKELIBDIR,  Auto-import …` over `    --rakelib`), a node option parser starts them at the row's
    own indent (`  -O, --reporter-option,   Reporter-specific options` over `  --reporter-options
    (<k=v,…>)  [array]`). A two-column row whose term ends in a comma and whose description is
    no spelling (GNU's `-v,  --verbose  be verbose` splits at the comma), then a line starting
    with a spelling deeper than the row and left of its description column, is one row; at the
    row's own indent only when the term is already a list (`-?,  Display this help` over
    `-V,  --version` is two rows); a description beside the continued spellings goes on the
    row's."""
    first = _TWO_COLUMNS.match(previous.strip())
    stripped = line.strip()
    if not (first and first.group(1).startswith("-") and first.group(1).endswith(",")):
        return None
    if first.group(3).startswith("-"):  # `-v,  --verbose  be verbose`: the comma is the pair's
        return None
    column = _indent(previous) + first.start(3)
    if not stripped.startswith("-") or not _indent(previous) <= _indent(line) < column:
        return None
    if _indent(line) == _indent(previous) and ", " not in first.group(1):
        return None  # `-?,  Display this help` over `-V,  --version`: a lone spelling's stray comma
    rest = _TWO_COLUMNS.match(stripped)
    term = f"{first.group(1)} {rest.group(1) if rest else stripped}"
    text = f"{first.group(3)} {rest.group(3)}" if rest else first.group(3)
    lead = " " * _indent(previous) + term
    return f"{lead.ljust(column - 2)}  {text}"


def _open_brackets(term: str) -> int:
    return term.count("[") - term.count("]")


def item_entries(section: Section) -> list[Entry]:
    """Entries of a commands or arguments section: each starts at the section's left edge."""
    lines = _right_aligned_terms(section.lines)
    content = [l for l in lines if l.strip()]
    if not content:
        return []
    base = min(_indent(l) for l in content)
    return _entries(lines, lambda stripped, indent, _base, column: indent <= base + 1)


_TERM_AND_TEXT = re.compile(r"^( *)(\S(?:.*?\S)?)( {2,})(\S.*)$")


def _right_aligned_terms(lines: list[str]) -> list[str]:
    """Rows whose terms are aligned on the right (`       add    Add modules` / `  add-template
    Create a template`): every row two columns, the terms ending in one column and the
    descriptions starting in one, the indents not all alike. Each is a row of its own, moved
    to the left edge; a short term's indent would read as a wrapped description otherwise."""
    colon_listed = _right_aligned_colon_terms(lines)
    if colon_listed is not None:
        return colon_listed
    rows = [_TERM_AND_TEXT.match(line) for line in lines if line.strip()]
    if len(rows) < 2 or any(row is None for row in rows):
        return lines
    matched = [row for row in rows if row is not None]
    ends = {row.end(2) for row in matched}
    starts = {row.start(4) for row in matched}
    indents = {len(row.group(1)) for row in matched}
    if len(ends) != 1 or len(starts) != 1 or len(indents) < 2:
        return lines
    base, start = min(indents), starts.pop()
    result = []
    for line in lines:
        row = _TERM_AND_TEXT.match(line) if line.strip() else None
        if row is None:
            result.append(line)
            continue
        term = row.group(2)
        result.append(" " * base + term + " " * max(2, start - base - len(term)) + row.group(4))
    return result


_COLON_TERM = re.compile(r"^( *)([A-Za-z0-9][\w.+-]*):( +)(\S.*?)\s*$")


def _right_aligned_colon_terms(lines: list[str]) -> list[str] | None:
    """Rows whose names are aligned on the right and end in a colon, one space before the
    description (App::Cmd's `    commands: list the application's commands` / `  authordeps:
    list your …`, a `%15s: %s` listing): every row of that shape, the colons in one column,
    the indents not all alike. Each row is moved to the left edge, its name without the
    colon, the descriptions in one column two spaces after the longest name; None when the
    rows are not all so."""
    rows = [_COLON_TERM.match(line) for line in lines if line.strip()]
    if len(rows) < 2 or any(row is None for row in rows):
        return None
    matched = [row for row in rows if row is not None]
    if len({row.end(2) for row in matched}) != 1 or len({len(row.group(1)) for row in matched}) < 2:
        return None
    base = min(len(row.group(1)) for row in matched)
    width = max(len(row.group(2)) for row in matched) + 2
    result = []
    for line in lines:
        row = _COLON_TERM.match(line) if line.strip() else None
        result.append(
            line if row is None else " " * base + row.group(2).ljust(width) + row.group(4)
        )
    return result


_PLACEHOLDER_WORD = r" (?:[A-Z][A-Z0-9_-]*|<[^<>\s]+>)"
_LONG_SPELLING = rf"--[A-Za-z0-9][\w-]*(?:=\S+|\[=\S+\]|{_PLACEHOLDER_WORD})?"
_SHORT_BESIDE_LONG = re.compile(
    rf"^(-[A-Za-z0-9](?:{_PLACEHOLDER_WORD})?)((?: {{2,}}{_LONG_SPELLING})+)(?= {{2,}}\S)"
)
"""A short letter (and its placeholder), two spaces, then long names with their own
description two spaces after them (GNU stat's `-c  --format=FORMAT   use the specified FORMAT
…`, patch's `-s  --quiet  --silent  Work silently …`, `-p NUM  --strip=NUM  Strip …`, the
commas left out): one option's spellings, not a short whose description starts with `--`."""


def _comma_joined(match: re.Match[str]) -> str:
    return ", ".join([match.group(1), *re.findall(_LONG_SPELLING, match.group(2))])


_SHORT_BESIDE_LONG_OF_ITS_VALUE = re.compile(
    r"^(-[A-Za-z0-9](?: (?P<spaced>[^\s-]\S*)|\[(?P<optional>[^\s\]]+)\]))"
    r" {2,}(--[A-Za-z0-9][\w-]*(?:=(?P=spaced)|\[=(?P=optional)\]))(?= {2,}\S)"
)
"""A short letter with its value, two spaces or more, then the long name with the same value
(`-i CODE1,CODE2..    --include=CODE1,CODE2..    Consider only …`, `-C[WHEN]  --color[=WHEN]
Use color`: the three columns Haskell's GetOpt prints, the argument's description written
after each spelling): one option's spellings. The value must be the same words on both sides,
so a short whose description starts with a long option stays as it was."""


RETIRED_HEADING = re.compile(
    r"^(?=.*\b(?:options?|flags?|switches)\b).*\b(?:are|is)\s+(?:now\s+)?(?:deprecated|obsolete"
    r"|retired|discontinued|no\s+longer\s+(?:supported|used|accepted|honou?red)|ignored)\b",
    re.IGNORECASE,
)
"""A heading inside a section whose sentence says the rows under it are options the program has
retired (`The following options are deprecated:`, `These flags are ignored:`); a title
(`Deprecated Options:`, gem's, over options its parser still takes) is not one.
Read as a group heading even at the rows' own indent, after a blank line; a colon line of other
words there stays description text (a group's name there would retype the rows under it)."""


_GROUP_TITLE = re.compile(r"[A-Z][\w&/()' -]{0,40}:")
"""A group's title inside a section: a few words, capitalized, closed by a colon."""


_GROUP_BLURB_LINES = 3
"""How long a group's own sentence under its title may be before its rows (`  Target:` over
`    At least one of these options has to be provided …`)."""


def _option_row_below(lines: list[str], index: int) -> bool:
    """The line right under `lines[index]` is an option row indented deeper than it (a group's
    rows under its title), not a blank line nor a paragraph at its indent. A group may say what
    its rows are for first: a short paragraph indented deeper than the title, a blank line, then
    the rows (`  Target:` / `    At least one of these options has to be provided …` / `` /
    `    -u URL, --url=URL   Target URL`, as a Python option group prints them)."""
    title_indent = _indent(lines[index])
    below = lines[index + 1] if index + 1 < len(lines) else ""
    if below.strip().startswith("-") and _indent(below) > title_indent:
        return True
    blurb = 0
    position = index + 1
    while position < len(lines) and lines[position].strip():
        line = lines[position]
        if _indent(line) <= title_indent or line.strip().startswith("-"):
            return False
        blurb += 1
        position += 1
    if not 0 < blurb <= _GROUP_BLURB_LINES:
        return False
    while position < len(lines) and not lines[position].strip():
        position += 1
    row = lines[position] if position < len(lines) else ""
    return row.strip().startswith("-") and _indent(row) > title_indent


def _entries(lines: list[str], starts_entry) -> list[Entry]:
    entries: list[Entry] = []
    current: Entry | None = None
    column: int | None = None
    parts: list[str] = []
    entry_indent: int | None = None
    after_blank = True  # a section's first line follows its heading as if after a blank line
    group = ""
    retired_indent: int | None = None
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            after_blank = True
            continue
        indent = _indent(line)
        if (
            after_blank
            and current is not None
            and indent == entry_indent
            and _GROUP_TITLE.fullmatch(stripped)
            and _option_row_below(lines, index)
        ):
            current.text = " ".join(parts)
            current, parts, column = None, [], None
            group = stripped.rstrip(":")
            after_blank = False
            continue  # `  HLS options:` at the rows' indent over `    --hls-live-edge N` rows
        if after_blank and column is not None and column == entry_indent == indent:
            column = None  # flush-left `--watch, -w` over a flush-left description
        if (
            after_blank
            and (entry_indent is None or indent <= entry_indent)
            and stripped.endswith(":")
            and not stripped.startswith("-")
            and RETIRED_HEADING.search(stripped)
        ):
            if current is not None:
                current.text = " ".join(parts)
            current, parts, column = None, [], None
            group, retired_indent = stripped.rstrip(":"), indent
            after_blank = False
            continue  # `  The following options are deprecated:` over its rows
        after_blank = False
        if retired_indent is not None and indent < retired_indent:
            group, retired_indent = "", None  # a row left of the heading is out of its group
        if (
            current is not None
            and entry_indent is not None
            and indent < entry_indent
            and stripped.endswith(":")
            and not stripped.startswith("-")
        ):
            current.text = " ".join(
                parts
            )  # a group heading inside the section (`  Network Options:`)
            current, parts, column = None, [], None
            group = stripped.rstrip(":")
            continue
        if starts_entry(stripped, indent, None, column):
            if current is not None:
                current.text = " ".join(parts)
            entry_indent = indent
            stripped = re.sub(r"^(-\w,)\s{2,}(?=--)", r"\1 ", stripped)  # `-V,  --version`
            stripped = _SHORT_BESIDE_LONG.sub(_comma_joined, stripped)  # `-c  --format=F   use …`
            stripped = _SHORT_BESIDE_LONG_OF_ITS_VALUE.sub(r"\1, \4", stripped)
            match = _TWO_COLUMNS.match(stripped)
            if match:
                current = Entry(match.group(1), group=group)
                parts = [match.group(3)]
                column = indent + match.start(3)
            else:
                current = Entry(stripped, group=group)
                parts = []
                column = None
            entries.append(current)
        elif current is not None:
            if column is None:
                column = indent
            parts.append(stripped)
    if current is not None:
        current.text = " ".join(parts)
    return entries
