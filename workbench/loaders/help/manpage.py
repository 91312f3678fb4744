"""The installed manual pages as a second listing of a help-only crawl's options.

Many programs print a short `--help` and document every option in their man page (xz's
`--best`, tar's `--gunzip`, grep's `--silent`), and many give each subcommand a page of its own
(`git-remote(1)`, `gh-pr-create(1)`, `restic-backup(1)`: what `man git remote` opens). Beside
the crawl, the page of the program's own name is rendered with `man -S 1:8 NAME` (sections 1
and 8 only: user commands and system programs, never a library call or file format of the same
name); after it, one `man -w -S 1:8 PROG-SUB…` call asks which crawled commands have a page of
their own (`man` resolves it as the user's `man PROG-SUB` would; a command without one costs
nothing more), and those pages are rendered concurrently. Each is read as a listing:

- Rendered by `man` itself rather than by reading the roff: `man` finds the page the way the
  user's `man NAME` does (MANPATH, locales, compression, `.so` links) and groff lays it out;
  the text comes back with the help calls' environment (`MANPAGER=cat`, `COLUMNS=200`: a
  wide page keeps option rows on one line, `LC_ALL=C.UTF-8`), no shell, stdin closed, the help calls' timeout, in its own
  process group (`run_help`, which reaps what it leaves).
- It must be the program's (or the command's) own page: its header names a page of the
  program in section 1 or 8 (`TAR(1)`, `GIT-REMOTE(1)`; Debian's restic pages all head `restic
  backup(1)`, a generator's slip) and its `NAME` section's line names the page itself (`tar - an
  archiving utility`, `grep, egrep, fgrep - …`, `restic-cache - Operate on local cache …`),
  and when the help shows four or more long options, at least half of them are on the page
  (another program of the same name, or a page of a much older version, disagrees). A page
  that documents two modes or versions of the program in one (`OPTIONS V3`, then `OPTIONS V2`
  listing some of the same options again) keeps only the sections the help agrees with
  (`sections_agreeing_with_help`).
- Only option rows of options sections are read: sections (and their subsections) whose title
  names options or flags (`OPTIONS`, `GLOBAL OPTIONS`, `Operation modifiers` under `OPTIONS`).
  An option row is a line at the section's entry indent whose term is only option spellings
  and their placeholders (`-g, --listed-incremental=FILE`, `--occurrence[=N]`), over a deeper
  indented description (or beside it); prose, examples and other sections are never read.
  Terms are read with the crawler's option grammar (`flags.parse_flag`, GNU conventions), so
  kind and placeholder come from the page. Single-dash long names (`-name`) are left out: a
  flag's long name is spelled `--name`. A title after the term (`--allow host[,host,...]
  (Allow connections)`, Nmap's DocBook pages) is not part of it.
- Where the page and the help agree, the page also tells the kind of an option the help shows
  with no placeholder (`take_placeholders`: ncat's `--allow` row is bare in the help).
- A page with no options section is read for bulleted option rows elsewhere (`○   --seq:`,
  jq 1.6) only for a command whose help says it shows part of its options
  (`shortness.says_partial`: `See the manpage for more options.`). So is a page documenting
  options under other titles (Nmap's `HOST DISCOVERY`, gpg's commands-as-options under
  `COMMANDS`), each subsection on its own (`_subsection_bodies`).
- A page of a command with subcommands gives each option to the subcommand its synopsis
  names (`consult_manual`).
- A program whose help lists no commands though its usage takes one (`tmux [-2CDluvV] …
  [command [flags]]`), and whose page documents its commands one by one, each a row of its own
  synopsis (`new-session [-AdDEPX] [-c start-directory] …` over its alias and description),
  takes those commands from the page (`consult_page_commands`); they are never run, their
  synopsis gives their flags and positionals.
"""

from __future__ import annotations

import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from workbench.loaders.help.assemble import CrawledCommand
from workbench.loaders.help.flags import FlagStyle, parse_flag
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.loaders.help.run import run_help
from workbench.loaders.help.shortness import says_partial
from workbench.loaders.help.synopsis import values_from_usage
from workbench.model.tree import Flag, FlagKind

WITNESS = "man page"
"""How a flag only the man page showed is marked (`listed_by`)."""

_PROGRAM_NAME = re.compile(r"^[A-Za-z0-9][\w.+-]*$")
_HEADER = re.compile(r"^\s*(\S[^(]*?)\((\d)[^)]*\)")
"""`GIT-REMOTE(1)   Git Manual   GIT-REMOTE(1)`, `restic backup(1)`: the page's name and section."""
_HEADING = re.compile(r"^(?P<indent> {0,3})(?P<title>[A-Za-z][^\s].*?)\s*$")
_OPTIONS_TITLE = re.compile(r"\b(options?|flags|switches)\b", re.IGNORECASE)
_TERM_PART = re.compile(
    r"^(--(?:\[no-\])?[A-Za-z0-9][\w.-]*(\[?=\S*)?|-[A-Za-z0-9?]\S*|\+[A-Za-z]|\+\{\w+\})"
    r"(\s+[<\[{\w](?:\[[^\]\s]*\]|[^\s,])*){0,3}$"
)
"""One spelling of an option with up to three placeholder words (`--arg name value`, a list
`--allow host[,host,...]`, a braced name `-c {command}`, `--startuptime {file}` as vim(1)
spells them, beside its `+{command}`)."""
_TERM_TITLE = re.compile(r"\s+\([A-Za-z][^()]*\)$")
"""`--allow host[,host,...] (Allow connections)`: a title after the term (Nmap's DocBook pages)."""
_GNU = FlagStyle()
_BARE_SPELLING = re.compile(r"--?[A-Za-z0-9][\w-]*")
"""A spelling with no placeholder: `;` joins two of one option (`--min-hostgroup numhosts;
--max-hostgroup numhosts` is two options, each with its value, and is not read)."""
_SHORTS_THEN_LONGS = re.compile(r"(?:-[^-] )+--(?: --)*")
"""A term of bare spellings one space apart, short letters first, then long names (the first
two characters of each: `-a --`): one option's spellings (`-a --show-pause`, `-k
--show-features --show-offload`); a placeholder never starts with a dash, and a long name after
another long name may be its placeholder, so no such term starts with one."""
_BULLET = re.compile(r"^(?:[^\w\s-]|o)\s+")
_EXAMPLES_TITLE = re.compile(r"\bexamples?\b", re.IGNORECASE)
_OR = re.compile(r"\s+or\s+(?=[-+])")
_SPELLINGS_APART = re.compile(r"(?<=\S),\s{2,}(?=--?[A-Za-z0-9])")
"""A comma then two or more spaces before the next spelling (`-i=n,  --indent-columns=n`): the
spellings of one term set wide apart, not the term and its description."""
_JOINED_BY_OR = re.compile(r"[-+][^\s,]*(?: [^\s-]\S*)?\s+or\s+[-+]")
"""A term of two spellings joined by `or`, two spaces each side (GNU patch(1): `-c  or
--context`, `-x num  or  --debug=num`): one term, not a short one beside its description."""


@dataclass
class ManPage:
    """A program's or a command's own manual page, read: its section, the options its options
    sections list, and its synopsis forms (one per line that starts a form, wrapped lines joined)."""

    section: str
    flags: list[Flag]
    synopsis: list[str] = field(default_factory=list)
    loose: list[Flag] = field(default_factory=list)
    """Bulleted option rows outside any options section (jq 1.6's `○   --seq:` under FILTERS),
    read only for a command whose help says it shows part of its options (`consult_manual`)."""
    sections: list[list[Flag]] = field(default_factory=list)
    """The option rows of each options section, in page order (`sections_agreeing_with_help`)."""
    elsewhere: list[Flag] = field(default_factory=list)
    """Option rows of the sections whose title names no options (Nmap's `HOST DISCOVERY`,
    `TIMING AND PERFORMANCE`: a page that documents each option under its topic), read only for
    a command whose help says it shows part of its options (`consult_manual`)."""
    commands: list[CommandEntry] = field(default_factory=list)
    """The commands of the program's own command language the page documents one by one
    (`command_entries`), read only for a program whose help lists none (`consult_page_commands`)."""


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
    if (
        not found
        or re.split(r"[\s-]", found.group(1).lower())[0] != re.split(r"-", program.lower())[0]
        or found.group(2) not in "18"
    ):
        return None  # the header names another program's page (its NAME line must name this one)
    sections = _sections(lines)
    if not _names_program(sections.get("NAME", []), program):
        return None
    rows_by_section = [_option_rows(body) for _title, body in _option_sections(lines)]
    flags = [flag for rows in rows_by_section for flag in rows]
    loose = [
        flag
        for title, body in sections.items()
        if not _OPTIONS_TITLE.search(title) and title not in _NOT_LOOSE
        for flag in _option_rows(body, bullets_only=True)
    ]
    elsewhere = [
        flag
        for title, body in sections.items()
        if not _OPTIONS_TITLE.search(title) and title not in _NOT_LOOSE
        for part in _subsection_bodies(body)
        for flag in _option_rows(part)
    ]
    return ManPage(
        found.group(2),
        _unique(flags),
        _forms(sections.get("SYNOPSIS", [])),
        _unique(loose),
        [rows for rows in rows_by_section if rows],
        _unique(elsewhere),
        command_entries(sections),
    )


_NOT_LOOSE = frozenset({"NAME", "SYNOPSIS", "EXAMPLES", "EXAMPLE", "SEE ALSO"})


def _subsection_bodies(body: list[str]) -> list[list[str]]:
    """A section's body cut at its subsection headings (`   Commands to select the type of
    operation`, indented at most three columns, under gpg(1)'s `COMMANDS`): a heading sits left
    of the rows' entry indent, so read with them it would make every row description text."""
    parts: list[list[str]] = [[]]
    for line in body:
        indent = len(line) - len(line.lstrip())
        if 0 < indent <= 3 and _HEADING.match(line) and not line.lstrip().startswith(("-", "+")):
            parts.append([])
            continue
        parts[-1].append(line)
    return [part for part in parts if any(line.strip() for line in part)]


def _forms(lines: list[str]) -> list[str]:
    """`git worktree add [-f] …` over a deeper-indented `[-b <new-branch>] <path>`: one form."""
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    forms: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) == min(indents) or not forms:
            forms.append(line.strip())
        else:
            forms[-1] += " " + line.strip()
    return forms


def agrees_with_help(page: ManPage, help_flags: list[Flag]) -> bool:
    """Whether the page describes the program whose help was read: when the help shows four or
    more long options, at least half of them are on the page. A long name spelled with one
    dash (Nmap's `-sS`, `-oX`) is not counted: the page reader leaves such rows out."""
    shown = {f.name for f in help_flags if f.name and not f.single_dash}
    if len(shown) < 4:
        return True
    on_page = {f.name for f in page.flags if f.name}
    return len(shown & on_page) * 2 >= len(shown)


def sections_agreeing_with_help(page: ManPage, help_flags: list[Flag]) -> ManPage:
    """The page without its options sections that document another mode or version of the
    program: a section that lists again an option another section lists, and of whose long
    options the help shows fewer than half (etcdctl's `OPTIONS V2` beside `OPTIONS V3`: the
    v2 client's `--peers`, `--ca-file` under the same `--endpoints`, `--debug`). A page that
    documents one option twice is describing two programs in one; the help says which one ran.
    Sections that only add options (xz's advanced ones, rsync's daemon ones) are kept."""
    shown = {f.name for f in help_flags if f.name}
    if len(page.sections) < 2 or not shown:
        return page
    names = [{f.name for f in rows if f.name} for rows in page.sections]
    kept = [
        rows
        for index, rows in enumerate(page.sections)
        if not (
            names[index] & set().union(*(n for i, n in enumerate(names) if i != index))
            and len(names[index] & shown) * 2 < len(names[index])
        )
    ]
    if len(kept) == len(page.sections):
        return page
    flags = _unique([flag for rows in kept for flag in rows])
    return ManPage(page.section, flags, page.synopsis, page.loose, kept)


_ATTACHED_ROW = re.compile(r"^ +(?:-\S, )?--[A-Za-z0-9][\w-]*=\S", re.MULTILINE)
_SPACED_ROW = re.compile(
    r"^ +(?:-\S, )?--[A-Za-z0-9][\w-]*(?:\[=\S+\])? (?:<|[A-Z]{2})", re.MULTILINE
)


def attaches_every_placeholder(help_text: str) -> bool:
    """A help whose rows spell each value an option takes attached, `--name=VALUE` (three rows
    at least, none `--name VALUE`), prints its rows from the parser's own table, placeholders
    and all (`--queryformat=QUERYFORMAT` beside `-f, --file`): a bare row there is a switch,
    whatever word its manual prints after it (rpm(8)'s `-f, --file FILE`, the operand of a
    query mode, which the parser refuses as the option's value)."""
    return len(_ATTACHED_ROW.findall(help_text)) >= 3 and not _SPACED_ROW.search(help_text)


def take_placeholders(page: ManPage, help_flags: list[Flag], help_text: str = "") -> None:
    """An option whose help row shows no placeholder (so it was read as a switch) and whose
    page row of the same long name shows one that must be given (`--allow host[,host,...]`
    beside ncat's `--allow    Allow only given hosts`) takes a value: the page tells its kind
    and placeholder where the two agree on the name. A value the page shows as optional
    (`--color[=WHEN]`) leaves the switch as it is, and so does a help that attaches every
    placeholder it prints (`attaches_every_placeholder`)."""
    if attaches_every_placeholder(help_text):
        return
    by_name = {f.name: f for f in page.flags if f.name}
    for flag in help_flags:
        listed = by_name.get(flag.name) if flag.name else None
        if (
            listed is not None
            and flag.kind is FlagKind.BOOLEAN
            and not flag.metavar
            and listed.kind is FlagKind.VALUE
            and listed.metavar
            and not listed.optional_value
            and (listed.short is None or flag.short is None or listed.short == flag.short)
        ):
            flag.kind, flag.metavar = FlagKind.VALUE, listed.metavar


def take_aliases(page: ManPage, help_flags: list[Flag]) -> None:
    """An option the help shows takes the other spellings its page row names and the help does
    not (`--no-eprt is an alias for --disable-eprt.` in curl's page, under the `--disable-eprt`
    row the help shows bare), where the two agree on the long name and no flag of the help
    spells it already. A spelling the row lists that turns another of its spellings off
    (binutils' `--recurse-limit, --no-recurse-limit, --recursion-limit, --no-recursion-limit`,
    `--with-symbol-versions` beside `--without-…`) is the off form, no alias, and a name in
    capitals (`--TYPE`, ack's `--[no]type` family) is a placeholder."""
    by_name = {f.name: f for f in page.flags if f.name}
    held = {spelling for flag in help_flags for spelling in flag.spellings}
    held |= {f"--no-{flag.name}" for flag in help_flags if flag.name and flag.negatable}
    for flag in help_flags:
        listed = by_name.get(flag.name) if flag.name else None
        if listed is None or (listed.short and flag.short and listed.short != flag.short):
            continue
        names = {n.lstrip("-") for n in (flag.spelling, *flag.aliases, *listed.aliases)}
        new = [
            a
            for a in listed.aliases
            if a not in held and not _negates(a, names) and not _PLACEHOLDER_NAME.search(a)
        ]
        if new:
            flag.aliases = (*flag.aliases, *new)
            held.update(new)


_PLACEHOLDER_NAME = re.compile(r"^--?[A-Z][A-Z0-9_-]*$")
_OFF_PREFIX = re.compile(r"^(?:no-?|without-|disable-)")


def _negates(spelling: str, names: set[str]) -> bool:
    """Whether `spelling` is the off form of one of `names` (`--no-recursion-limit` of
    `recursion-limit`, `--without-x` of `with-x`)."""
    name = spelling.lstrip("-")
    stem = _OFF_PREFIX.sub("", name)
    if stem == name:
        return False
    return stem in names or f"with-{stem}" in names or f"enable-{stem}" in names


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
    """`tar - an archiving utility`, `grep, egrep, fgrep - print lines …`: the names before the
    dash, each maybe in the quotes pod2man prints for Pod's `C<perlcritic>`."""
    line = " ".join(" ".join(name_lines).split())
    names = re.split(r"\s+(?:\\?-|—|–)\s+", line, maxsplit=1)[0]
    return program.lower() in {n.strip().strip('"').lower() for n in names.split(",")}


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
                # a command's synopsis as a subsection (kingpin's `check config [<flags>] <f>`
                # under COMMANDS) names no options section: its placeholders do not count
                named = re.sub(r"\[[^\]]*\]|<[^>]*>", "", title)
                wanted = (
                    in_options or _OPTIONS_TITLE.search(named)
                ) and not _EXAMPLES_TITLE.search(title)
                body = [] if wanted else None
            if body is not None:
                result.append((title, body))
            continue
        if body is not None:
            body.append(line)
    return result


_POD_QUOTED_TERM = re.compile(r'^"(-[^"]*)"((?:\s+or\s+"-[^"]*")*)\s*$')


def _unquoted_pod_terms(body: list[str], entry_indent: int) -> list[str]:
    """pod2man prints an `=item C<--profile FILE>` term in quotes (`"--profile FILE" or "-p
    FILE"`, `"-5 | -4 | -3"`) where a page written for man would set it bold: the spellings
    `or` joins are one option's (`--profile FILE, -p FILE`); the options `|` parts are as
    many options (`-5`, `-4`, `-3`), each an entry of its own with the shared description."""
    result: list[str] = []
    index = 0
    while index < len(body):
        line = body[index]
        index += 1
        match = _POD_QUOTED_TERM.match(line.strip())
        if match is None or len(line) - len(line.lstrip()) != entry_indent:
            result.append(line)
            continue
        lead = line[:entry_indent]
        spellings = [match.group(1), *re.findall(r'"(-[^"]*)"', match.group(2))]
        parts = [part.strip() for part in spellings[0].split(" | ")]
        if (
            len(spellings) > 1
            or len(parts) == 1
            or not all(part.startswith("-") and " " not in part for part in parts)
        ):
            result.append(lead + ", ".join(spellings))
            continue
        description = []
        while index < len(body) and (
            not body[index].strip() or len(body[index]) - len(body[index].lstrip()) > entry_indent
        ):
            description.append(body[index])
            index += 1
        for part in parts:
            result += [lead + part, *description]
    return result


def _option_rows(body: list[str], *, bullets_only: bool = False) -> list[Flag]:
    """Entries whose term is at the body's entry indent and starts with `-` (only bulleted
    `○   --seq:` entries when `bullets_only`)."""
    indents = [len(line) - len(line.lstrip()) for line in body if line.strip()]
    if not indents:
        return []
    entry_indent = min(indents)
    deeper = [indent for indent in indents if indent > entry_indent]
    description_column = max(set(deeper), key=deeper.count) if deeper else entry_indent + 7
    body = _unquoted_pod_terms(body, entry_indent)
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
                if bullets_only:  # `--slurp/-s`, `--compact-output / -c`: one option's spellings
                    if re.search(r"\s(?:and|or)\s", head):
                        continue  # two options in one row (`--color-output / -C and …`)
                    head = re.sub(r"\s*/\s*(?=-)", ", ", head)
            elif bullets_only:
                continue
            elif not stripped.startswith(("-", "+")):
                continue  # prose at the entry indent ends the entry
            elif (
                len(line) > description_column
                and line[description_column - 1] == " " != line[description_column]
                and not line[:description_column].rstrip().endswith(",")
                and not _JOINED_BY_OR.match(stripped)
            ):  # `-c, --cache-age AGE` (pkcon(1)), `-a, --all` (mount(8)): a term whose next
                # spelling starts at the description column is one term
                # a short term has its description beside it, from the description column on
                head, rest = line[:description_column], line[description_column:]
            elif _JOINED_BY_OR.match(stripped):  # `-c  or  --context`, `-x num  or  --debug=num`
                head, _, rest = _OR.sub(", ", stripped).partition("  ")
            else:
                # `-i=n,  --indent-columns=n` (perltidy(1)): two spaces after a comma part the
                # term's spellings, not the term from its description
                head, _, rest = _SPELLINGS_APART.sub(", ", stripped).partition("  ")
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


_BOOLEAN_DEFAULT = re.compile(r"\[=(?:true|false)\]$")
"""`--help[=false]`: cobra's generated pages print a switch with its default, not a value."""


def _flag(term: str, description: str) -> Flag | None:
    term = _TERM_TITLE.sub("", term)
    parts = [_BOOLEAN_DEFAULT.sub("", part.strip()) for part in re.split(r",\s+(?=[-+])", term)]
    bare = [part.strip() for part in re.split(r";\s+(?=-)", term)]
    if len(bare) > 1 and all(_BARE_SPELLING.fullmatch(part) for part in bare):
        parts = bare  # `--osscan-guess; --fuzzy`, `-V; --version` (Nmap): one option's spellings
    # `-a --show-pause`, `-n -u --show-nfc --show-ntuple`: one option's spellings
    spaced = term.split()
    if (
        len(parts) == 1
        and len(spaced) > 1
        and all(_BARE_SPELLING.fullmatch(part) for part in spaced)
        and _SHORTS_THEN_LONGS.fullmatch(" ".join(part[:2] for part in spaced))
    ):
        parts = spaced
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


def consult_manual(page: ManPage | None, node: CrawledCommand, program: str = "") -> None:
    """Note on a crawled command the options only its man page (`read_manual`) lists (kind and
    placeholder as the page prints them), when the page agrees with the command's help.

    The page of a command with subcommands may document theirs (git-worktree(1) lists `add`'s
    `-b`, `--lock`): an option its synopsis spells in a subcommand's form (`git worktree add
    [-f] [--lock …]`) goes to that subcommand, one spelled in a form of the command itself to
    the command; one in no form goes to the root, whose page's options are the program's global
    ones (git(1), systemctl(1)), and is left out below it (no form says whose it is)."""
    parsed = node.parsed
    if parsed is None or page is None:
        return
    if not page.flags and node.fetched and node.fetched.text and says_partial(node.fetched.text):
        # `See the manpage for more options.` and a page with no options section: its bulleted
        # option rows are those options (jq 1.6), held to the same agreement with the help
        page = ManPage(page.section, page.loose, page.synopsis)
    elif (
        page.elsewhere
        and not agrees_with_help(page, parsed.flags)
        and node.fetched
        and node.fetched.text
        and says_partial(node.fetched.text)
    ):
        # `SEE THE MAN PAGE … FOR MORE OPTIONS` and a page documenting its options under
        # topics (Nmap's `HOST DISCOVERY`): every section's option rows, held to the same
        # agreement with the help
        page = ManPage(page.section, _unique([*page.flags, *page.elsewhere]), page.synopsis)
    if not agrees_with_help(page, parsed.flags):
        return
    if _predates_the_commands(page, node, program):
        return
    page = sections_agreeing_with_help(page, parsed.flags)
    take_placeholders(page, parsed.flags, (node.fetched.text if node.fetched else "") or "")
    take_aliases(page, parsed.flags)
    listed = page.flags
    counted = [f for f in listed if f.name not in _MACHINERY and f.short != "h"]
    grouped = bool(node.children) or _forms_name_subcommands(page, [program, *node.path])
    owners = _owners_by_synopsis(page, node, program) if grouped else None
    for flag in counted:
        for owner in owners(flag) if owners else [node]:
            if not _shows(owner, flag) and not any(f.key == flag.key for f in owner.listing_flags):
                owner.listing_flags.append(flag)
    # a page without option rows (gh(1) lists its commands in prose) is no witness of flags
    if counted:
        node.listing_seen[WITNESS] = (0, len(counted))
        # a subcommand's page repeats its parent's persistent options (`OPTIONS INHERITED FROM
        # PARENT COMMANDS`): counted once, where the parent's page lacks them
        node.listing_keys[WITNESS] = {f.key for f in counted}


_COMMAND_PLACEHOLDER = re.compile(r"command|cmd|action|mode|topic", re.IGNORECASE)


def _predates_the_commands(page: ManPage, node: CrawledCommand, program: str) -> bool:
    """Whether the page describes the program before it had the commands its help lists: the
    help lists commands, and the page lists none, and no synopsis form names one or a place
    for one (`haml [options] [INPUT] [OUTPUT]`, a page of haml 2 beside haml 6's Thor
    commands). Its options are the old program's, not the root's of this one."""
    children = {child.path[-1] for child in node.children if not child.rejected}
    if node.path or not children or page.commands or not page.synopsis:
        return False
    for form in page.synopsis:
        words = [word.strip("[]<>{}()|.,") for word in form.split()[1:]]
        if any(word in children or _COMMAND_PLACEHOLDER.search(word) for word in words):
            return False
    return True


def _shows(node: CrawledCommand, flag: Flag) -> bool:
    """Whether `node`'s help already holds `flag` (its `--no-x` form counted as the flag)."""
    if node.parsed is None:
        return True  # no help read: nothing to add to (its parent's listing stands)
    shown = node.parsed.shown_flags()
    if shown(flag.name, flag.short):
        return True
    return bool(flag.name and flag.name.startswith("no-") and shown(flag.name[3:], None))


_SUBCOMMAND_WORD = re.compile(r"[a-z][\w-]*|<(?:sub)?command>|\((?:[a-z][\w-]*\|)+[a-z][\w-]*\)")
"""What follows a command's path in a synopsis form of one of its subcommands: `run`,
`<subcommand>`, `(stop|register|unregister)`."""


def _forms_name_subcommands(page: ManPage, own: list[str]) -> bool:
    """Whether the page's synopsis shows subcommands of the command (`git bisect <subcommand>
    <options>`, `git maintenance run [<options>]`) whose help listed none: then its options
    belong to them, not to the command."""
    for form in page.synopsis:
        words = form.split()
        if (
            len(words) > len(own)
            and [words[0].rsplit("/", 1)[-1], *words[1 : len(own)]] == own
            and _SUBCOMMAND_WORD.fullmatch(words[len(own)])
        ):
            return True
    return False


_FORM_SPELLING = re.compile(r"(?<![\w-])(--?)(\[no-\])?([A-Za-z0-9][\w-]*)")


def _owners_by_synopsis(page: ManPage, node: CrawledCommand, program: str):
    """For a command with subcommands: which crawled commands each page option belongs to, by
    the synopsis forms that spell it (`git worktree add [-f] …`: `add`'s)."""
    children = {child.path[-1]: child for child in node.children if not child.rejected}
    own = [program, *node.path]
    spelled: dict[str, list[CrawledCommand]] = {}
    for form in page.synopsis:
        words = form.split()
        if len(words) <= len(own) or [words[0].rsplit("/", 1)[-1], *words[1 : len(own)]] != own:
            continue  # not a form of this command (a legacy `git-foo` spelling)
        owner: CrawledCommand | None = node  # until a word names a subcommand (`git submodule
        # [--quiet] foreach …`); a bare word no crawled subcommand has (`git bisect start`, its
        # help unread) makes the rest of the form nobody's
        for word in words[len(own) :]:
            if owner is node and (child := children.get(word.strip("[("))) is not None:
                owner = child
                continue
            if owner is node and re.fullmatch(r"\[?[a-z][\w-]*", word):
                owner = None
            if owner is None:
                break
            for dashes, no, name in _FORM_SPELLING.findall(word):
                for spelling in [f"{dashes}{name}", *([f"--no-{name}"] if no else [])]:
                    holders = spelled.setdefault(spelling, [])
                    if all(owner is not h for h in holders):  # commands compare by value
                        holders.append(owner)

    def owners(flag: Flag) -> list[CrawledCommand]:
        spellings = [f"--{flag.name}" if flag.name else "", f"-{flag.short}" if flag.short else ""]
        found: list[CrawledCommand] = []
        for spelling in filter(None, spellings):
            found.extend(o for o in spelled.get(spelling, []) if all(o is not f for f in found))
        if found:
            return found
        return [node] if not node.path else []

    return owners


_MAX_NAMES_PER_CALL = 200
"""Page names asked of one `man -w` call (an argv stays far below the system's limit)."""
_PAGE_FILE = re.compile(
    r"^(?P<name>.+?)\.(?P<section>[18])[^./]*(?:\.(?:gz|bz2|xz|lzma|Z|zst|br))?$"
)
"""`git-remote.1.gz`, `tar.1`, `sshd.8.xz`: a page file's name and section."""


def page_name(program: str, path: list[str]) -> str | None:
    """The page of the command `program path…` (`git-remote`, `gh-pr-create`), or None when a
    word of the path could not be part of a page name."""
    name = "-".join([program, *path])
    return name if path and _PROGRAM_NAME.match(name) and "--" not in name else None


def pages_present(
    names: list[str], timeout_s: float, *, man: str | None = None, cwd: str | None = None
) -> set[str]:
    """Which of `names` have a page in section 1 or 8: `man -w -S 1:8 NAME…` prints the file of
    each one it finds (and `No manual entry for …` for the others), one call for many names."""
    man = man or shutil.which("man")
    wanted = {name.lower(): name for name in names if _PROGRAM_NAME.match(name)}
    if not man or not wanted:
        return set()
    asked = sorted(wanted.values())
    found: set[str] = set()
    for start in range(0, len(asked), _MAX_NAMES_PER_CALL):
        call = run_help(
            [man, "-w", "-S", "1:8", *asked[start : start + _MAX_NAMES_PER_CALL]],
            timeout_s,
            cwd=cwd,
        )
        if call.error or call.timed_out:
            continue  # exit 16 only says some names have no page: the others are still listed
        for line in call.stdout.splitlines():
            page = _PAGE_FILE.match(line.strip().rsplit("/", 1)[-1])
            if page and page.group("name").lower() in wanted:
                found.add(wanted[page.group("name").lower()])
    return found


def consult_command_pages(
    root: CrawledCommand,
    program: str,
    timeout_s: float,
    *,
    man: str | None = None,
    cwd: str | None = None,
    workers: int = 4,
) -> None:
    """Read the page of every crawled subcommand that has one of its own (`git-remote(1)` for
    `git remote`) into that command's listing, as the root's page is (`consult_manual`): one
    `man -w` call finds them, then each is rendered on a pool, `workers` at a time."""
    by_page: dict[str, CrawledCommand] = {}
    stack = list(root.children)
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        name = page_name(program, node.path)
        if node.parsed is not None and not node.rejected and name:
            by_page.setdefault(name, node)
    present = sorted(pages_present(list(by_page), timeout_s, man=man, cwd=cwd))
    if not present:
        return
    with ThreadPoolExecutor(
        max_workers=max(1, min(workers, len(present))), thread_name_prefix="help-man"
    ) as pool:
        pages = pool.map(lambda name: read_manual(name, timeout_s, man=man, cwd=cwd), present)
        for name, page in zip(present, pages, strict=True):
            consult_manual(page, by_page[name], program)


_MACHINERY = frozenset({"help", "version", "usage"})


MANUAL_STYLE = "manual page"
"""The style of a command whose help is its manual page (`help_from_page`)."""
_PAGE_ROW = re.compile(
    r"^(?P<indent> +)(?P<program>\S+) (?P<name>[a-z][\w-]*)\(\d\w*\)(?:\s+\S+)?$"
)
"""`       bundle install(1) bundle-install.1.html`: a subcommand named by its own page."""


def help_from_page(text: str, path: list[str]) -> ParsedHelp | None:
    """A command's `--help` that prints its rendered manual page (every help form does: Ruby's
    Thor programs that override `help` with `man`), read as its help: the page's options, its
    synopsis, and the subcommands it names by their own pages (`page_commands`). None when the
    page is not this command's own (`bundle package --help` opening `BUNDLE-CACHE(1)`)."""
    page = read_page(text, "-".join(path))
    if page is None:
        return None
    lines = re.sub(r".\x08", "", text).splitlines()
    name = " ".join(" ".join(_sections(lines).get("NAME", [])).split())
    values_from_usage(page.flags, "\n".join(page.synopsis))  # `[--group=GROUP]` over `--group, -g`
    return ParsedHelp(
        style=MANUAL_STYLE,
        description=re.split(r"\s+(?:\\?-|—|–)\s+", name, maxsplit=1)[-1] if name else "",
        usage=page.synopsis,
        flags=page.flags,
        subcommands=page_commands(lines, path[0]),
        notes=[
            "its help is its manual page, read as a manual (its options and the commands "
            "it names by their pages)"
        ],
    )


def page_sibling(text: str, path: list[str]) -> str | None:
    """The name of the sibling command whose page `text` is, when a command's every help form
    opens the page of another command of the same parent (`bundle package --help` opening
    `BUNDLE-CACHE(1)`: Thor maps `package` to `cache`, an alias), else None."""
    lines = re.sub(r".\x08", "", text).splitlines()
    header = _HEADER.match(next((line for line in lines if line.strip()), ""))
    if header is None or len(path) < 2:
        return None
    words = header.group(1).strip().lower().split("-")
    if len(words) != len(path) or words[:-1] != [w.lower() for w in path[:-1]]:
        return None
    name = words[-1]
    if name == path[-1].lower() or read_page(text, "-".join(words)) is None:
        return None
    return name


def page_commands(lines: list[str], program: str) -> list[CommandEntry]:
    """The subcommands a page names as rows of their own pages, `PROGRAM NAME(1)` at an entry
    indent over a deeper-indented summary (`bundle install(1) bundle-install.1.html` /
    `Install the gems …`); a bullet (`•   bundle cache(1)`, a list of obsolete names) is no row."""
    entries: dict[str, CommandEntry] = {}
    for index, line in enumerate(lines[:-1]):
        match = _PAGE_ROW.match(line)
        if match is None or match.group("program").lower() != program.lower():
            continue
        following = lines[index + 1]
        indent = len(match.group("indent"))
        if not following.strip() or len(following) - len(following.lstrip()) <= indent:
            continue
        name = match.group("name")
        entries.setdefault(name, CommandEntry(name, summary=following.strip()))
    return list(entries.values())


_ENTRY = re.compile(r"(?P<name>[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?: (?P<synopsis>\[-.*))?")
"""`attach-session [-dErx] [-c working-directory]`: a command's name and its synopsis, as a
page documenting a command language heads each entry; a bare name (`start-server`) only over
its alias line."""
_ALIAS_LINE = re.compile(r"\(alias(?:es)?: (?P<aliases>[a-z][\w-]*(?:,\s*[a-z][\w-]*)*)\)")
_NOT_COMMANDS = _NOT_LOOSE | {"FILES"}
_MIN_PAGE_COMMANDS = 3
"""Fewer entries of that shape are no command language (a page's stray row)."""


def command_entries(sections: dict[str, list[str]]) -> list[CommandEntry]:
    """The commands a page documents as entries of their own: a line at its section's entry
    indent that is a command's name and its synopsis (a bracketed option first, `[-t
    target-session]`), or a bare name over an `(alias: NAME)` line, followed by deeper-indented
    lines (the synopsis's wrapped rest, the alias, the description). A bare name without an
    alias (a layout's name, an exit message's term) is a term of prose, no command. The
    program's own synopsis and the examples are never read. Fewer than three such entries on
    a whole page name no command language."""
    entries: dict[str, CommandEntry] = {}
    for title, body in sections.items():
        if title in _NOT_COMMANDS:
            continue
        indents = [len(line) - len(line.lstrip()) for line in body if line.strip()]
        if not indents:
            continue
        entry_indent = min(indents)
        for index, line in enumerate(body):
            if len(line) - len(line.lstrip()) != entry_indent:
                continue
            head = _ENTRY.fullmatch(line.strip())
            if head is None:
                continue
            rest = [next_line for next_line in body[index + 1 :] if next_line.strip()]
            if not rest or len(rest[0]) - len(rest[0].lstrip()) <= entry_indent:
                continue  # an entry's description is indented deeper than its head
            synopsis = [head.group("synopsis")] if head.group("synopsis") else []
            deeper = iter(rest)
            following = next(deeper)
            while synopsis and following.strip().startswith("["):  # the synopsis, wrapped
                synopsis.append(following.strip())
                following = next(deeper, "")
            alias = _ALIAS_LINE.fullmatch(following.strip())
            if alias is None and not synopsis:
                continue
            if alias is not None:
                following = next(deeper, "")
            summary = (
                following.strip() if len(following) - len(following.lstrip()) > entry_indent else ""
            )
            aliases = re.split(r",\s*", alias.group("aliases")) if alias else []
            entries.setdefault(
                head.group("name"),
                CommandEntry(
                    head.group("name"),
                    summary=re.split(r"(?<=\.)\s", summary, maxsplit=1)[0],
                    aliases=aliases,
                    arguments=" ".join(synopsis),
                ),
            )
    return list(entries.values()) if len(entries) >= _MIN_PAGE_COMMANDS else []


_COMMAND_WORD = re.compile(r"(?:(?<=[\s\[<])|^)(?:sub)?commands?(?![-\w])", re.IGNORECASE)


def takes_command(usage: list[str]) -> bool:
    """Whether a usage takes a command of the program's own as a positional (`tmux [-2CDluvV]
    … [command [flags]]`, `tool [OPTIONS] COMMAND`), not as an option's value (`[-c
    command]`) or a placeholder's part (`[-c shell-command]`)."""
    for form in usage:
        for found in _COMMAND_WORD.finditer(form):
            before = form[: found.start()].rstrip(" <[")
            if not re.search(r"(?:^|[\s\[])--?[\w-]+=?$", before):
                return True
    return False


def consult_page_commands(page: ManPage | None, root: CrawledCommand) -> None:
    """Give a program whose help lists no commands, though its usage takes one, the commands
    its page documents one by one (`command_entries`), marked as the page's (`WITNESS`). They
    are not run for help (a command language's command may act when run with an unknown
    flag); each entry's synopsis gives its flags and positionals (`build_tree`)."""
    parsed = root.parsed
    if page is None or parsed is None or root.children or not page.commands:
        return
    if not takes_command(parsed.usage):
        return
    ancestors = [root.fetched.text] if root.fetched and root.fetched.text else []
    for entry in page.commands:
        root.children.append(CrawledCommand([entry.name], entry, ancestors, listed_by=WITNESS))
    flags = root.listing_seen.get(WITNESS, (0, 0))[1]
    root.listing_seen[WITNESS] = (len(page.commands), flags)
