"""The installed manual page as a second listing of a help-only crawl's root options.

Many programs print a short `--help` and document every option in their man page (xz's
`--best`, tar's `--gunzip`, grep's `--silent`). After a crawl, the page of the program's own
name is rendered with `man -S 1:8 NAME` (sections 1 and 8 only: user commands and system
programs, never a library call or file format of the same name) and read as a listing:

- Rendered by `man` itself rather than by reading the roff: `man` finds the page the way the
  user's `man NAME` does (MANPATH, locales, compression, `.so` links) and groff lays it out;
  the text comes back with the help calls' environment (`MANPAGER=cat`, `COLUMNS=200`: a
  wide page keeps option rows on one line, `LC_ALL=C.UTF-8`), no shell, stdin closed, the help calls' timeout, in its own
  process group (`run_help`, which reaps what it leaves).
- It must be the program's own page: its header names `NAME(1)` or `NAME(8)` and its `NAME`
  section's line names the program (`tar - an archiving utility`, `grep, egrep, fgrep - …`),
  and when the help shows four or more long options, at least half of them are on the page
  (another program of the same name, or a page of a much older version, disagrees).
- Only option rows of options sections are read: sections (and their subsections) whose title
  names options or flags (`OPTIONS`, `GLOBAL OPTIONS`, `Operation modifiers` under `OPTIONS`).
  An option row is a line at the section's entry indent whose term is only option spellings
  and their placeholders (`-g, --listed-incremental=FILE`, `--occurrence[=N]`), over a deeper
  indented description (or beside it); prose, examples and other sections are never read.
  Terms are read with the crawler's option grammar (`flags.parse_flag`, GNU conventions), so
  kind and placeholder come from the page. Single-dash long names (`-name`) are left out: a
  flag's long name is spelled `--name`.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass

from workbench.loaders.help.assemble import CrawledCommand
from workbench.loaders.help.flags import FlagStyle, parse_flag
from workbench.loaders.help.run import run_help
from workbench.model.tree import Flag

WITNESS = "man page"
"""How a flag only the man page showed is marked (`listed_by`)."""

_PROGRAM_NAME = re.compile(r"^[A-Za-z0-9][\w.+-]*$")
_HEADER = re.compile(r"^\s*([^\s(]+)\((\d)[^)]*\)")
_HEADING = re.compile(r"^(?P<indent> {0,3})(?P<title>[A-Za-z][^\s].*?)\s*$")
_OPTIONS_TITLE = re.compile(r"\b(options?|flags|switches)\b", re.IGNORECASE)
_TERM_PART = re.compile(
    r"^(--(?:\[no-\])?[A-Za-z0-9][\w.-]*(\[?=\S*)?|-[A-Za-z0-9?]\S*|\+[A-Za-z])(\s+[<\[\w][^\s,]*){0,3}$"
)
"""One spelling of an option with up to three placeholder words (`--arg name value`)."""
_GNU = FlagStyle()
_BULLET = re.compile(r"^(?:[^\w\s-]|o)\s+")
_EXAMPLES_TITLE = re.compile(r"\bexamples?\b", re.IGNORECASE)
_OR = re.compile(r"\s+or\s+(?=[-+])")


@dataclass
class ManPage:
    """The program's own manual page, read: its section and the options its options sections list."""

    section: str
    flags: list[Flag]


def read_manual(
    program: str, timeout_s: float, *, man: str | None = None, cwd: str | None = None
) -> ManPage | None:
    """The man page of `program` (sections 1 and 8), or None when there is none that is its own."""
    if not _PROGRAM_NAME.match(program):
        return None  # never an argv word that `man` could read as an option
    man = man or shutil.which("man")
    if not man:
        return None
    call = run_help(
        [man, "-S", "1:8", program], timeout_s, cwd=cwd
    )  # HELP_ENV: MANPAGER=cat, COLUMNS=200
    if call.error or call.timed_out or call.exit_code != 0 or not call.stdout.strip():
        return None
    return read_page(call.stdout, program)


def read_page(text: str, program: str) -> ManPage | None:
    """A rendered page read as `program`'s own page, or None when it is not one."""
    text = re.sub(r".\x08", "", text)  # overstrike bold/underline, should `man` leave it in
    lines = text.splitlines()
    header = next((line for line in lines if line.strip()), "")
    found = _HEADER.match(header)
    if not found or found.group(1).lower() != program.lower() or found.group(2) not in "18":
        return None
    sections = _sections(lines)
    if not _names_program(sections.get("NAME", []), program):
        return None
    flags: list[Flag] = []
    for _title, body in _option_sections(lines):
        flags.extend(_option_rows(body))
    return ManPage(found.group(2), _unique(flags))


def agrees_with_help(page: ManPage, help_flags: list[Flag]) -> bool:
    """Whether the page describes the program whose help was read: when the help shows four or
    more long options, at least half of them are on the page."""
    shown = {f.name for f in help_flags if f.name}
    if len(shown) < 4:
        return True
    on_page = {f.name for f in page.flags if f.name}
    return len(shown & on_page) * 2 >= len(shown)


def _sections(lines: list[str]) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines[1:]:
        if line and not line[0].isspace():
            current = sections.setdefault(line.strip().upper(), [])
        elif current is not None:
            current.append(line)
    return sections


def _names_program(name_lines: list[str], program: str) -> bool:
    """`tar - an archiving utility`, `grep, egrep, fgrep - print lines …`: the names before the dash."""
    line = " ".join(" ".join(name_lines).split())
    names = re.split(r"\s+(?:\\?-|—|–)\s+", line, maxsplit=1)[0]
    return program.lower() in {n.strip().lower() for n in names.split(",")}


def _option_sections(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The bodies of the sections and subsections whose title names options (a subsection of an
    options section is one too), in page order."""
    result: list[tuple[str, list[str]]] = []
    in_options = False  # inside a top-level options section
    body: list[str] | None = None
    for line in lines[1:-1]:
        heading = (
            _HEADING.match(line) if line.strip() and len(line) - len(line.lstrip()) <= 3 else None
        )
        if (
            heading
            and line.strip()
            and (line[0] != " " or not line.lstrip().startswith(("-", "+")))
        ):
            top = line[0] != " "
            title = heading.group("title")
            if top:
                in_options = bool(_OPTIONS_TITLE.search(title))
                body = [] if in_options else None
            else:  # a subsection: an options one, or part of an options section
                wanted = (
                    in_options or _OPTIONS_TITLE.search(title)
                ) and not _EXAMPLES_TITLE.search(title)
                body = [] if wanted else None
            if body is not None:
                result.append((title, body))
            continue
        if body is not None:
            body.append(line)
    return result


def _option_rows(body: list[str]) -> list[Flag]:
    """Entries whose term is at the body's entry indent and starts with `-`."""
    indents = [len(line) - len(line.lstrip()) for line in body if line.strip()]
    if not indents:
        return []
    entry_indent = min(indents)
    deeper = [indent for indent in indents if indent > entry_indent]
    description_column = max(set(deeper), key=deeper.count) if deeper else entry_indent + 7
    flags: list[Flag] = []
    term: str | None = None
    text: list[str] = []

    def finish() -> None:
        if term is not None:
            flag = _flag(term, " ".join(text))
            if flag is not None:
                flags.append(flag)

    pending_term: str | None = None  # a term line with no description yet
    for line in body:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent == entry_indent:
            pending_term = term if term is not None and not text else None
            if pending_term is None:
                finish()
            term, text = None, []
            stripped = line.strip()
            bullet = _BULLET.match(stripped)
            if (
                bullet
            ):  # pages written in Markdown (ronn): `●   -T#,  --threads=#:  Compress using …`
                stripped = stripped[bullet.end() :]
                colon = re.search(r"(?<=\S):(\s|$)", stripped)
                if not stripped.startswith(("-", "+")) or not colon:
                    continue
                head, rest = " ".join(stripped[: colon.start()].split()), stripped[colon.end() :]
            elif not stripped.startswith(("-", "+")):
                continue  # prose at the entry indent ends the entry
            elif (
                len(line) > description_column
                and line[description_column - 1] == " " != line[description_column]
            ):
                # a short term has its description beside it, from the description column on
                head, rest = line[:description_column], line[description_column:]
            else:
                head, _, rest = stripped.partition("  ")
            head, rest = _OR.sub(", ", head.strip()), rest.strip()
            if pending_term is not None:  # `-V` over `--version`: two spellings, one entry
                head = f"{pending_term}, {head}"
            term = head
            if rest:
                text.append(rest)
        elif term is not None and indent > entry_indent:
            text.append(line.strip())
    finish()
    return flags


def _flag(term: str, description: str) -> Flag | None:
    parts = [part.strip() for part in re.split(r",\s+(?=[-+])", term)]
    if not all(_TERM_PART.match(part) for part in parts):
        return None  # not a row of option spellings: prose or an example that starts with `-`
    # a single-dash spelling of several letters (wget's `-nv`, or less's `-bn` with its value
    # attached) cannot be told apart, and the flag model spells long names `--name`: such a
    # spelling is left out, and a row with no other spelling is not read
    # so is a `+x` spelling (lsof's `+D D`) and a short name that is no letter or digit (`-#`)
    parts = [
        part
        for part in parts
        if part.startswith("--") or re.match(r"-[A-Za-z0-9](?![A-Za-z0-9])", part)
    ]
    if not parts:
        return None
    flag = parse_flag(", ".join(parts), description, _GNU)
    if flag is None or (flag.name is None and flag.short is None):
        return None
    flag.listed_by = WITNESS
    return flag


def _unique(flags: list[Flag]) -> list[Flag]:
    seen: set[str] = set()
    result = []
    for flag in flags:
        if flag.key not in seen:
            seen.add(flag.key)
            result.append(flag)
    return result


def consult_manual(page: ManPage | None, root: CrawledCommand) -> None:
    """Note on the crawled root the options only the program's man page (`read_manual`) lists
    (kind and placeholder as the page prints them), when the page agrees with the root's help."""
    parsed = root.parsed
    if parsed is None or page is None or not agrees_with_help(page, parsed.flags):
        return
    shown = parsed.shown_flags()
    counted = [f for f in page.flags if f.name not in _MACHINERY and f.short != "h"]
    for flag in counted:
        if shown(flag.name, flag.short):
            continue
        if flag.name and flag.name.startswith("no-") and shown(flag.name[3:], None):
            continue  # the `--no-x` form of a flag the help shows
        root.listing_flags.append(flag)
    # a page without option rows (gh(1) lists its commands in prose) is no witness of flags
    if counted:
        root.listing_seen[WITNESS] = (0, len(counted))


_MACHINERY = frozenset({"help", "version", "usage"})
