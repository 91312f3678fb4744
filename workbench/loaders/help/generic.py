"""The generic help parser: sections by their titles and shapes, and the rules styles tune.

Every style parser is this engine with its own `Rules` (which sections hold commands, flags,
inherited flags and arguments; how usage lines and option values read) plus, where a style
needs it, a hook of its own. Used as is for help texts no style claims: it reads what any
two-column help shows and keeps the rest as notes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from workbench.loaders.help.alias_rows import fold_alias_rows
from workbench.loaders.help.document import (
    RETIRED_HEADING,
    TITLE_WIDTH,
    Entry,
    HelpDocument,
    Section,
    item_entries,
    option_entries,
    read_document,
)
from workbench.loaders.help.flags import FlagStyle, is_prose_term, parse_flag, shown_default
from workbench.loaders.help.listing import DEPRECATED_TEXT, aliases_named, command_entries
from workbench.loaders.help.parsed import CommandEntry, ParsedHelp
from workbench.loaders.help.positionals import read_positionals
from workbench.loaders.help.stated_values import (
    bare_rows_named_values,
    bare_rows_shown_defaults,
    group_takes_arguments,
    listed_values,
    repeated_named_value,
    takes_a_value,
)
from workbench.loaders.help.synopsis import synopsis_flags, values_from_usage
from workbench.model.tree import Flag, FlagKind, drop_shared_aliases

_NAMES_A_COMMAND = re.compile(r"<command>|\bCOMMAND\b|\[command\]|<subcommand>", re.IGNORECASE)
"""A usage form with a subcommand placeholder: only then are shaped rows commands."""
_COMMAND_NAME = re.compile(r"[A-Za-z0-9][\w.:+-]*")
_ALIASES_TAIL = re.compile(r"\s*\[(?:visible )?aliases?:\s*([^\]]*)\]\s*$", re.IGNORECASE)


@dataclass
class Rules:
    """What a help style's sections and lines mean."""

    name: str = "generic"
    flag_style: FlagStyle = field(default_factory=FlagStyle)
    inherited_sections: tuple[str, ...] = (
        "global flags",
        "global options",
        "inherited flags",
        "inherited options",
    )
    argument_sections: tuple[str, ...] = (
        "arguments",
        "args",
        "positional arguments",
        "positionals",
    )
    bracketed_command_required: bool = False
    lowercase_positionals: bool = False
    commands_by_shape: bool = False
    """Any section of `word  description` rows lists commands (lowercase headings without a colon)."""
    usage_always_says_options: bool = False
    """The style's usage line names options whether or not the command has any (`[OPTIONS]`
    on every command, even one that hides `--help`): no sign of options unlisted."""
    takes_command: bool = False
    """Set per help text by `parse`: its usage takes a command (`COMMAND [ARGS]...`), so a
    section of aligned command rows lists commands whatever its heading (`_command_rows`)."""
    lists_commands: bool = False
    """Set per help text by `parse`: another of its sections lists commands, so a section of
    one aligned command row is one more (`Inspection:` / `  billing  View billing …`)."""
    hooks: list[Callable[[HelpDocument, ParsedHelp, list[str]], None]] = field(default_factory=list)
    """Style-specific readers, run before the generic reading: they may take sections or
    lines they understand out of the document and fill `ParsedHelp` themselves."""
    prepare: Callable[[str], str] | None = None
    """Reshapes the raw text before it is read (a help indented as a whole)."""
    finish: list[Callable[[HelpDocument, ParsedHelp, list[str]], None]] = field(
        default_factory=list
    )
    """Style-specific rules run on the finished reading (`--x` / `--no-x` listed apart)."""
    section_rule: Callable[[list[tuple[Entry, Flag]]], None] | None = None
    """A style's rule over the flags one options section's entries read as (each with its
    entry), for what only the section as a whole shows."""

    def is_commands(self, section: Section) -> bool:
        key = section.key
        if "help topic" in key or key.startswith("additional help") or _NOT_COMMANDS.search(key):
            return False
        if rows_are_options(section):
            # `╭─ Running commands ─` over `│ --timeout  INTEGER …`: its rows decide; so do
            # actions a program spells as options under `Commands:` (`-i|--install  <file>…`),
            # beside a row of another shape (`-?, --help`), or under a line of prose (`Either
            # long or short options are allowed.` over `  --append  -A chain  Append to chain`)
            return False
        if (
            ("command" in key or key in ("topics", "groups"))
            and "option" not in key
            and "flag" not in key
        ):
            return True
        if self.commands_by_shape and _shaped_like_commands(section):
            return True
        return (
            self.takes_command
            and not section.untitled
            and key not in self.argument_sections
            and key not in self.inherited_sections
            and _command_rows(section, 1 if self.lists_commands else 2)
        )

    def is_flags(self, section: Section) -> bool:
        if self.is_commands(section):
            return False
        if section.key in self.argument_sections:
            return option_rows_mostly(section)
        if _NAMES_ARGUMENTS.search(section.key) and _edge_option_rows(section):
            return True  # `Main Arguments:` over `  module  …` and `  -o DIR, --output …`
        content = [line.strip() for line in section.lines if line.strip()]
        first = content[0] if content else ""
        return (
            "option" in section.key
            or "flag" in section.key
            or first.startswith("-")
            or (
                _POSITIONAL_ROW.match(first) is not None
                and len(content) > 1
                and content[1].startswith("-")
            )
            or _rows_after_description(section)
        )


_POSITIONAL_ROW = re.compile(
    r"^(?:[A-Z][A-Z0-9_]*|<[\w.-]+>)(?: ?\.\.\.)? {2,}\S|^[A-Za-z][\w.-]* ?\.\.\. {2,}\S"
)
"""A positional's row heading a group of option rows (`INPUTFILE ...   input files`,
`filename.po ...   input files`, `<file>  the input`): the section is an options section all
the same (its option rows start on the next line). A positional is spelled as a placeholder:
in capitals or angle brackets, or any word marked as repeated (`...`); a bare lower-case word
could be a command or a value's name."""


_NAMES_ARGUMENTS = re.compile(r"\barg(ument)?s$")
"""A group a program titles for its arguments (`Main Arguments:`), not one of the style's
positionals sections (`arguments`, `positional arguments`): a parser that groups its arguments
prints a group's positionals and options in one section."""


def _edge_option_rows(section: Section) -> bool:
    """A row at the section's left edge opens with an option's spelling (`-o DIR, --output
    DIR`): the section holds options, whatever else its rows are (a positional's `module  …`
    row above them). A spelling inside a description, deeper than the edge, is none."""
    return any(_OPTION_ROW.match(row) for row in _edge_rows(section))


def _rows_after_description(section: Section) -> bool:
    """A group's description printed as a paragraph above its rows (`verbosity:` / `  every
    -v increases …` / blank / `  -v, --verbose  …`): a section whose first paragraph is prose
    and whose second starts with an option row is an options section. A first paragraph of
    two-column rows is a list of something else (operators `( EXPRESSION )  EXPRESSION is
    true`, values `v7  old format`), and what follows it may be more of the same."""
    paragraphs = "\n".join(section.lines).strip("\n").split("\n\n", 1)
    if (
        len(paragraphs) == 2
        and not paragraphs[0].lstrip().startswith("-")
        and not any(_TWO_COLUMN_ROW.search(line.strip()) for line in paragraphs[0].splitlines())
        and paragraphs[1].strip("\n").lstrip().startswith("-")
    ):
        return True
    return _rows_under_prose(section)


def _rows_under_prose(section: Section, spelled: bool = False) -> bool:
    """A group's description right above its rows, no blank line between (nmap's `TARGET
    SPECIFICATION:` / `  Can pass hostnames, …` / `  -iL <inputfilename>: …`): prose lines
    (no two-column row among them), then lines most of which, two at least, are option rows.
    With `spelled`, a row counts only when it opens with an option's spelling (a `- item`
    bullet is none): what a section titled for commands must show to hold options instead."""
    lines = [line.strip() for line in section.lines if line.strip()]
    first_row = next((i for i, line in enumerate(lines) if line.startswith("-")), None)
    if not first_row or any(_TWO_COLUMN_ROW.search(line) for line in lines[:first_row]):
        return False
    rows = [
        line
        for line in lines[first_row:]
        if line.startswith("-") and (not spelled or _OPTION_ROW.match(line))
    ]
    return len(rows) >= 2 and 2 * len(rows) >= len(lines) - first_row


_TWO_COLUMN_ROW = re.compile(r"\S {2,}\S")


def _option_rows(section: Section) -> bool:
    """Every row at the section's left edge is an option's (`--timeout  INTEGER  Maximum run
    time …`): an options section, whatever its title names (boxed panels a program titles
    itself: `Running commands`); a deeper line continues a row's description."""
    rows = _edge_rows(section)
    return bool(rows) and all(_OPTION_ROW.match(row) for row in rows)


def _edge_rows(section: Section) -> list[str]:
    """The section's lines at its left edge (or one space right of it), stripped: its rows,
    not the deeper lines that continue a row's description."""
    content = [line for line in section.lines if line.strip()]
    if not content:
        return []
    edge = min(len(line) - len(line.lstrip()) for line in content)
    return [line.lstrip() for line in content if len(line) - len(line.lstrip()) <= edge + 1]


def rows_are_options(section: Section) -> bool:
    """Whether a section's rows are options whatever its title names (`is_commands`): every row
    at its edge an option's, three in four of eight rows at least, or option rows under a line
    of prose."""
    return _option_rows(section) or option_rows_mostly(section) or _rows_under_prose(section, True)


def option_rows_mostly(section: Section) -> bool:
    """A program that calls its options arguments (vim's `Arguments:` over `-v\t\t\tVi mode`,
    `-c <command>\t\tExecute <command> …`, beside the `--` and `+<lnum>` rows of what is no
    option): three rows in four at the section's left edge, eight rows at least, are option
    rows. A positionals section names its arguments (`<FILE>`, `paths`), never with a dash."""
    content = [line for line in section.lines if line.strip()]
    if not content:
        return False
    edge = min(len(line) - len(line.lstrip()) for line in content)
    rows = [line.lstrip() for line in content if len(line) - len(line.lstrip()) <= edge + 1]
    options = sum(1 for row in rows if _OPTION_ROW.match(row))
    return options >= _LEAST_OPTION_ROWS and options * 4 >= len(rows) * 3


_LEAST_OPTION_ROWS = 8


_OPTION_ROW = re.compile(r"--?[A-Za-z0-9]")
"""`-v`, `--timeout`: an option's spelling (a `- item` bullet of prose is none)."""


_COMMAND_ROW = re.compile(r"[a-z][\w-]*( {2,})\S")
"""`app        Manage deployed and running Apps.`: a command's name, two spaces or more, its
summary."""


def _command_rows(section: Section, least: int) -> bool:
    """Rows shaped as a commands section's, under a heading of another name (a group
    formatter's own headings: `Compute:` / `  app        Manage deployed and running Apps.`, `Storage:`):
    `least` rows at least, each at the section's left edge a lowercase name and its summary, the
    summaries in one column (the listing's second column); deeper lines continue a summary.
    Prose has no such column, option rows start with `-`, a list of values (`json  as JSON`)
    sits in a help whose usage takes no command."""
    content = [line for line in section.lines if line.strip()]
    if not content:
        return False
    edge = min(len(line) - len(line.lstrip()) for line in content)
    columns = []
    for line in content:
        indent = len(line) - len(line.lstrip())
        if indent > edge + 1:
            continue  # a wrapped summary
        row = _COMMAND_ROW.match(line, indent)
        if row is None:
            return False
        columns.append(row.end(1))
    return len(columns) >= least and len(set(columns)) == 1


_NOT_COMMANDS = re.compile(r"\b(guides?|concepts?|interfaces|formats|protocols)\b")
"""Sections of a listing that name documents, not commands (`concept guides`,
`file formats, protocols and other interfaces`)."""

_POSITIONALS_AS_FLAGS = re.compile(
    r"\b(?:use|give|pass) flags? syntax for (?:the )?POSITIONAL ARGUMENTS\b", re.IGNORECASE
)
"""A help's own word that its positional arguments are options too (`NOTES  You can also use
flags syntax for POSITIONAL ARGUMENTS`)."""

_ARGUMENT_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
"""A positional listed in capitals, the way such a help spells an argument's own name."""


def positionals_taken_as_flags(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Each positional is also the option of its name when the help says so: `DATASET_JSON_PATH`
    under `POSITIONAL ARGUMENTS` is `--dataset_json_path VALUE` too, its name in lower case (the
    help upper-cases the argument's name to show it as a positional). Only a name of capitals,
    digits and underscores is read this way (any other spelling is not an argument's name), and
    never a variadic one."""
    lines = [line for section in doc.sections for line in section.lines]
    if not any(_POSITIONALS_AS_FLAGS.search(line) for line in [*lines, doc.epilog]):
        return
    taken = {flag.key for flag in parsed.flags}
    for positional in parsed.positionals:
        name = positional.name.strip("[]<>.")
        if positional.variadic or not _ARGUMENT_NAME.fullmatch(name) or name.lower() in taken:
            continue  # the rest of the words (`[PATHS]...`) has no name to be given by
        taken.add(name.lower())
        parsed.flags.append(Flag(name=name.lower(), kind=FlagKind.VALUE, help=positional.help))


_FORM_OF_COMMAND = re.compile(
    r"(?P<options> \[options\])?(?P<words>(?: [a-z][a-z0-9-]*)+)"
    r"(?P<arguments>(?: \[<[^<>\[\]]+>\](?:\.\.\.)?| <[^<>]+>(?:\.\.\.)?)*)"
)
"""The rest of a usage form after the program that names a command: `[options]`, the command's
words, then its arguments, each in angle brackets (`[<application>]`, `<name>...`)."""


def commands_of_usage_forms(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Usage forms that each name a command by its words and nothing lists (`tool [options]
    backup [<application>]`, `tool [options] link install [<application>]`): each form's words
    are a command path, and the `[options]` a form names are that command's options, its whole
    usage (its own `--help` prints the same text). When every form names a command, the options
    the text lists are the commands', not the program's own.

    Read only on the program's own help when the text lists no commands, the forms are at least
    two and name at least two first words, and every form is of that shape: words in lower case,
    then only arguments in angle brackets. A form with any other part (`tool [options] PATTERN`,
    `tool -e <pattern>`) leaves the forms alone; a form of the help switch alone is no form here
    (the usage reader leaves it out)."""
    if parsed.subcommands or len(path) != 1:
        return
    program = path[0]
    rows: list[tuple[list[str], bool]] = []
    for form in doc.usage:
        words = form.split(maxsplit=1)
        if not words or words[0].rsplit("/", 1)[-1] != program:
            return
        match = _FORM_OF_COMMAND.fullmatch(" " + words[1]) if len(words) > 1 else None
        if match is None:
            return
        rows.append((match.group("words").split(), match.group("options") is not None))
    if len(rows) < 2 or len({words[0] for words, _ in rows}) < 2:
        return
    options = [f for f in parsed.flags if f.key not in ("help", "h", "version")]
    entries: dict[tuple[str, ...], CommandEntry] = {}
    top: list[CommandEntry] = []
    for words, named in rows:
        for depth in range(1, len(words) + 1):
            key = tuple(words[:depth])
            if key not in entries:
                entries[key] = CommandEntry(key[-1])
                (top if depth == 1 else entries[key[:-1]].below).append(entries[key])
        entries[tuple(words)].usage_flags = list(options) if named else []
    parsed.subcommands = top
    parsed.flags = [f for f in parsed.flags if f not in options]


GENERIC = Rules(finish=[positionals_taken_as_flags, commands_of_usage_forms])
_Item = TypeVar("_Item")


def _flag_key(flag: Flag) -> str:
    return flag.key


def parse_listing(text: str, path: list[str], rules: Rules = GENERIC) -> ParsedHelp:
    """Read a fuller listing a pointer led to (`tool help -a`, `tool --list`, `tool --help
    all`): it is a listing of the command at `path`, so any section of `name  summary` rows
    lists commands, whatever its title (`Interacting with Others`)."""
    return parse(text, path, replace(rules, commands_by_shape=True), listing=True)


def parse(
    text: str, path: list[str], rules: Rules = GENERIC, *, listing: bool = False
) -> ParsedHelp:
    """Read one help text of the command at `path` (root first) with `rules`."""
    text = underlined_headings(bulleted_commands(dedented_whole(text)))
    if rules.prepare is not None:
        text = rules.prepare(text)
    doc = read_document(text)
    if (
        rules.commands_by_shape
        and not listing
        and not any(_NAMES_A_COMMAND.search(form) for form in doc.usage)
    ):
        rules = replace(rules, commands_by_shape=False)  # `STYLE is one of:  a  number all lines`
    if any(_NAMES_A_COMMAND.search(form) for form in doc.usage):
        rules = replace(rules, takes_command=True)
        if any(rules.is_commands(section) for section in doc.sections):
            rules = replace(rules, lists_commands=True)
    parsed = ParsedHelp(style=rules.name, usage=list(doc.usage))
    parsed.description = doc.description
    for hook in rules.hooks:
        hook(doc, parsed, path)
    arguments: list[Entry] = []
    for section in doc.sections:
        key = section.key
        if key in ("aliases", "alias"):
            parsed.aliases = aliases_named(section.body(), path)
        elif key.startswith("example"):
            parsed.examples = section.body()
        elif key == "description" and not parsed.description:
            parsed.description = section.body()
        elif key == "name" and not parsed.description:  # `NAME:  greet - what it does`
            parsed.description = section.body().partition(" - ")[2].strip()
        elif rules.is_commands(section):
            parsed.subcommands.extend(command_entries(section, path))
        elif key in rules.argument_sections and not option_rows_mostly(section):
            arguments.extend(item_entries(section))
        elif key in rules.inherited_sections and len(path) > 1:
            parsed.inherited.extend(
                _flags(section, rules, parsed.unread, parsed.notes, parsed.retired)
            )
        elif rules.is_flags(section) or key in rules.inherited_sections:
            parsed.flags.extend(_flags(section, rules, parsed.unread, parsed.notes, parsed.retired))
    if trailing := re.search(r"^aliases?:[ \t]+(\S.*)$", text, re.MULTILINE | re.IGNORECASE):
        parsed.aliases = parsed.aliases or aliases_named(
            trailing.group(1), path
        )  # a trailing `aliases: i, add` line
    listed = bool(parsed.flags)
    _double_dash_where_spelled(parsed, text)
    parsed.flags = fold_alias_rows(
        [f for f in first_of_each(parsed.flags, _flag_key) if not _is_help_flag(f)]
    )
    parsed.inherited = fold_alias_rows(
        [
            f
            for f in first_of_each(parsed.inherited, _flag_key)
            if f.key not in {g.key for g in parsed.flags} and not _is_help_flag(f)
        ]
    )
    drop_shared_aliases([*parsed.flags, *parsed.inherited])  # a local flag's spelling wins
    parsed.deprecated = bool(
        DEPRECATED_TEXT.search(parsed.description.split("\n")[0] if parsed.description else "")
    )
    values_from_usage(
        parsed.flags, "\n".join([*doc.usage, *(l for s in doc.sections for l in s.lines)])
    )
    if not listed and (
        from_usage := [
            f for f in synopsis_flags(doc.usage, text) if f.key not in ("h", "?", "help")
        ]
    ):
        parsed.flags = from_usage
        parsed.notes.append("flags read from the usage line (the help lists no options)")
    read_positionals(
        parsed,
        path,
        arguments,
        bracketed_command_required=rules.bracketed_command_required,
        lowercase_positionals=rules.lowercase_positionals,
    )
    for rule in rules.finish:
        rule(doc, parsed, path)
    if listed:
        parsed.unread.extend(_usage_names(doc.usage))
    return parsed


_BULLET_COMMAND = re.compile(r"^( +)[-*•] ([a-z][\w:.-]*) +[-–:] +(\S.*)$")
"""`    - build - Invokes `make` and builds the module`: a bullet, a command's name, a dash or a
colon, its summary."""


def bulleted_commands(text: str) -> str:
    """A sentence naming the usage's command placeholder and ending in a colon (`where
    <command> is one of:`) over two bullet rows or more (`- build - Invokes make`), all at one
    indent: the commands listed, read as a `Commands:` section of `name  summary` rows. Bullets
    under any other line stay prose (a list of values, of steps)."""
    lines = text.split("\n")
    result: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        rows: list[re.Match[str]] = []
        if line.rstrip().endswith(":") and _NAMES_A_COMMAND.search(line):
            for below in lines[index + 1 :]:
                row = _BULLET_COMMAND.match(below)
                if row is None or (rows and row.group(1) != rows[0].group(1)):
                    break
                rows.append(row)
        if len(rows) < 2:
            result.append(line)
            index += 1
            continue
        width = max(len(row.group(2)) for row in rows) + 2
        result.append("Commands:")
        result.extend(f"  {row.group(2).ljust(width)}{row.group(3)}" for row in rows)
        index += 1 + len(rows)
    return "\n".join(result)


def dedented_whole(text: str) -> str:
    """A help indented as a whole (`  Usage` / `    $ tool <command> [options]` / `  Options`
    / `    -C, --cwd  …`), read as the same text flush left, so that its headings stand where
    headings do. Only when every line that is not blank is indented by two spaces or more, and
    one at that indent is no option row (a list of option rows alone has no heading to move)."""
    lines = text.split("\n")
    content = [line for line in lines if line.strip()]
    cut = min((len(line) - len(line.lstrip(" ")) for line in content), default=0)
    if cut < 2 or len(content) < 2:
        return text
    edge = [line[cut:] for line in content if len(line) - len(line.lstrip(" ")) == cut]
    if all(line.startswith("-") for line in edge):
        return text  # option rows alone (an excerpt of a list): nothing stands as a heading
    return "\n".join(line[cut:] if line.strip() else "" for line in lines)


_UNDERLINE = re.compile(r"^(=+|-+)[ \t]*$")


def underlined_headings(text: str) -> str:
    """Titles underlined the reStructuredText way (`Options` over `=======`, `Output` over
    `------`) as the `Title:` headings the document reader knows; the underline goes.

    Only a flush-left title of a few words that is no option row (`-x`), with an underline of
    three or more `=` or `-` as long as the title (give or take one), counts: a rule of dashes
    under a table's columns or above a footer stays text. A title too long for a heading loses
    its parenthesized asides (`KernelApp(BaseApplication, ShellApp, ConnectionFileMixin,
    LoggingMixin) options` is `KernelApp options`): the underline says it is one."""
    lines = text.split("\n")
    result: list[str] = []
    for index, line in enumerate(lines):
        title = result[-1] if result else ""
        if (
            index > 0
            and (mark := _UNDERLINE.match(line))
            and len(mark.group(1)) >= 3
            and abs(len(mark.group(1)) - len(title.rstrip())) <= 1
            and re.fullmatch(r"[A-Za-z][\w'()/&,.-]*(?: [\w'()/&,.-]+){0,7}", title.rstrip())
        ):
            title = title.rstrip().rstrip(":")
            if len(title) > TITLE_WIDTH:  # `Kernel(Base, Mixin, Other) options`: asides go
                title = " ".join(re.sub(r"\([^()]*\)", " ", title).split())
            result[-1] = title + ":"
            continue
        result.append(line)
    return "\n".join(result)


def _usage_names(usage: list[str]) -> list[str]:
    """Long option names the usage synopsis spells (`[--sort=WORD]`, `--template.glob=G`): each
    should be a flag. Those after a lone `--` are passed on to another program (`tool install
    … NAME -- --build-flags`), not this command's options; a bracketed name ending in `-opts`
    and taking no value stands for a group of options, as `[OPTIONS]` does (`[--core-opts]
    task1 [--task1-opts] ... taskN [--taskN-opts]`); so does a name ending in `*` (`[--cloud*]`:
    the options whose names start so)."""
    spelled = " ".join(re.split(r"(?<!\S)--(?!\S)", line)[0] for line in usage)
    groups = set(re.findall(r"\[(--[a-z][\w-]*-opts)\]", spelled))
    return [
        n
        for n in re.findall(r"(?<![\w-])(--[a-z][\w-]*+(?:\.[\w-]+)*+)(?!\*)", spelled)
        if n not in ("--help", "--version") and not _PLACEHOLDER_NAME.search(n) and n not in groups
    ]


_TERM_NAME = re.compile(r"(?<![\w\[=<{(|-])--?[A-Za-z0-9][\w-]*+(?:(?<=-)<[^<>\s]*>)?(?!\*)")
"""An option name spelled in an entry's term (`-z, --gzip, --gunzip`); not a value (`=NUM`).
A name ending in a placeholder (`--gdwarf-<N>`: a family whose members the help does not list)
is reported as written, not cut at the dash; one ending in `*` (`--cloud*`) stands for the
options whose names start so, and is none."""


def _flags(
    section: Section,
    rules: Rules,
    unread: list[str] | None = None,
    notes: list[str] | None = None,
    left_out: list[str] | None = None,
) -> list[Flag]:
    """The flags of an options section; the names its entries spell that no flag read go to
    `unread` (a sign the load is short: `--gunzip` beside `--gzip`, packed rows). The rows under
    a heading that says they are retired (`RETIRED_HEADING`: `The following options are
    deprecated:`) are no flags: the program warns about them and ignores them; `notes` says
    which were left out, and `left_out` gets their names."""
    read: list[tuple[Entry, Flag]] = []
    defaults: list[tuple[Flag, str | None]] = []
    retired: list[str] = []
    for entry in option_entries(section):
        if entry.group and RETIRED_HEADING.search(entry.group):
            retired.extend(_TERM_NAME.findall(entry.term.split("  ")[0]))
            continue  # `The following options are deprecated:` / `  --accessor  support discontinued`
        flag = parse_flag(entry.term, entry.text, rules.flag_style)
        if unread is not None:
            unread.extend(_unread_names(entry.term, flag))
        if flag is not None:
            if group_takes_arguments(entry.group or section.title):
                takes_a_value(flag)
            listed_values(flag)
            repeated_named_value(flag)
            read.append((entry, flag))
            defaults.append((flag, shown_default(entry.text)))
    read = [(entry, variant) for entry, flag in read for variant in (flag, *_variants_named(flag))]
    if rules.section_rule is not None:
        rules.section_rule(read)
    bare_rows_named_values([flag for _, flag in read])
    bare_rows_shown_defaults(defaults)
    if left_out is not None:
        left_out.extend(retired)
    if retired and notes is not None:
        notes.append(
            f"left out {len(retired)} options the help lists as retired ({', '.join(retired)})"
        )
    return [flag for _, flag in read]


_VARIANT_NAMED = re.compile(r"(?:^|[,;(]\s*)-([A-Za-z0-9][A-Za-z0-9-]*) = ([A-Za-z][\w-]*)")
"""`-fn = off` in a switch's description: another spelling and the setting it chooses."""


def _variants_named(flag: Flag) -> list[Flag]:
    """Switches a single-dash switch's description names as its variants, each with the setting
    it chooses (`-f   Flow control on, -fn = off, -fa = auto.`: `-fn` and `-fa` are options of
    their own): a spelling that extends the row's own with other letters, after a comma, a
    semicolon, a parenthesis or at the start, then ` = ` and a word. The row's letter repeated
    (`-q  quietly (-qq = even quieter)`) is the switch given twice, not a variant."""
    own = flag.short if flag.short and not flag.name else flag.name if flag.single_dash else None
    if not own or flag.kind is not FlagKind.BOOLEAN:
        return []
    variants = []
    for match in _VARIANT_NAMED.finditer(flag.help):
        spelling, setting = match.groups()
        if spelling.startswith(own) and spelling != own and set(spelling) != set(own):
            variants.append(
                Flag(
                    name=spelling,
                    single_dash=True,
                    kind=FlagKind.BOOLEAN,
                    help=f"{setting} (the variant of -{own}: {flag.help})",
                )
            )
    return variants


_PLACEHOLDER_NAME = re.compile(r"[A-Z]{2,}")
"""`-NUM`, `--no-OPTION`, `--GTYPE-group-format`: a family of options named by a placeholder,
left out on purpose (no one flag can stand for it)."""


def _unread_names(term: str, flag: Flag | None) -> list[str]:
    """The option names of an entry no rule read as a flag. An entry that was read keeps its
    other spellings as aliases of that flag (`-z, --gzip, --gunzip`), which loses nothing."""
    if flag is not None or is_prose_term(term):
        return []
    names = _TERM_NAME.findall(term.split("  ")[0])
    return [
        n
        for n in names
        if n.lstrip("-") not in ("help", "h", "version", "V", "?")
        and not _PLACEHOLDER_NAME.search(n)
    ]


def _double_dash_where_spelled(parsed: ParsedHelp, text: str) -> None:
    """A long name an entry spells with one dash (`-maxdepth LEVELS`) is a single-dash long
    option, unless the text spells it with two elsewhere (then the CLI knows `--name`)."""
    for flag in (*parsed.flags, *parsed.inherited):
        if flag.single_dash and re.search(
            rf"(?<![\w-])--{re.escape(flag.name or '')}(?![\w-])", text
        ):
            flag.single_dash = False


def _is_help_flag(flag: Flag) -> bool:
    """`-h, --help` itself: like the exact loaders, the tree leaves it out (it never becomes a
    tool property, and `-h` alone is kept when it means something else)."""
    if flag.name is not None:
        return flag.name == "help"
    return flag.short in ("h", "?") and "help" in flag.help.lower()


def first_of_each(items: Iterable[_Item], key: Callable[[_Item], str]) -> list[_Item]:
    """The first item per key, in order (a help text may list a flag in two sections, a
    listing a command twice)."""
    seen: set[str] = set()
    result = []
    for item in items:
        if key(item) not in seen:
            seen.add(key(item))
            result.append(item)
    return result


def _shaped_like_commands(section: Section) -> bool:
    entries = item_entries(section)
    return bool(entries) and all(re.fullmatch(r"[a-z][\w-]*", e.term) and e.text for e in entries)
