"""Signs in a help text itself that the options it lists are not all there are.

A help-only load has no second witness where the CLI offers no other listing, so it reads the
help's own words (issue 12: "every load that is short says so"). Its signs, each a general
rule read from real help texts (the corpus recordings and the programs on a Debian system):

- **the help says it is partial**: `This is not the full help` (curl), `Some of the options
  include:` and `See the manpage for more options.` (jq, yq), `SEE THE MAN PAGE
  (https://nmap.org/book/man.html) FOR MORE OPTIONS AND EXAMPLES` (nmap: an aside in brackets), `(See the man page for a complete
  listing of all commands and options)` (gpg). Pointers to a fuller listing (`--help all`,
  `--long-help`, `--help-all`) are followed by `pointers.py`; a page is read by `manpage.py`;
  the sign stands only when neither filled the gap. Phrases that only point to more *about*
  something (`See the busctl(1) man page for details`, `for full documentation`, `Use "tool
  [command] --help" for more information about a command`) or name a group of options common to
  several modes (`Common options:`, pgbench) are no sign.
- **options of dashes alone**: argparse prints an option string of no name as a row of its own
  (`  -                     read from standard input`, yamllint; `  --   Positional arguments
  separator (recommended).`, cz commit): a row whose term is `-` or `--`, two or more spaces
  from its description, among option rows. No flag can hold such an option (a flag has a name
  or a letter), so the tool cannot pass it: the load says so, naming the row. A `--` row
  counts only in argparse's help, which prints a row for each argument the program declared
  and none for its own end-of-options marker; elsewhere (`--   Options processing
  terminator`, tree) it documents that marker, which the server writes itself (SPEC §8). So
  does a `-` row: outside argparse (`-   script read from stdin (default if no file name is
  provided)`, node) it documents the operand that names standard input, a positional's value.
- **overrides the help names but does not list**: a description saying another option undoes
  this one (`The flag can be overridden with --no-hidden`, fd; clap's `overrides_with` pairs,
  whose hidden half shells complete) names an option of the same command; when no flag holds
  it, the help left it out. An inverse named only as such (`(inverse: --native-parser)`, mypy's
  hidden argparse twins) is no sign: the switch left unset already says it, and the CLI hid
  the twin on purpose.
  Mentions of options in general are no sign: they name the options of other programs
  (`--pip-args` passes pip's `--no-binary`), values and examples.
- **option rows no rule read**: an indented line that is only option spellings, their
  placeholder and a description (`  --config-file CONFIG_FILE`), none of whose spellings any
  flag holds (argparse groups with a description paragraph that no section rule took as
  options). Families named by a placeholder (`-NUM`, `--GTYPE-group-format`) and help/version
  rows are left out, and so are rows of a paragraph whose other lines at that indent are not
  options (cut's range forms `N`, `N-M`, `-M` under `Each range is one of:`).
- **options the examples give the program**: a line that runs the program itself (`  $ tool
  --colour=always notes.txt`, `` `tool sync --dry-run` ``) passes it a long option no command
  of the tree holds. Only options before the example's first word that is no command of the
  tree count: after a positional, a pipe, a redirection or `--` they may be another program's
  (`tool exec node --inspect`, `$(brew --prefix)`).
- **a usage that takes options the help lists none of**: a command with no subcommands whose
  usage names options (`[options]`, `[OPTION]...`, `<flags>`) while no line of its help starts
  with an option and no flag was read. A group's `[options]` may be its subcommands'; a style
  whose usage names options for every command (click) is left out by its own rule. Nor is it a
  sign in a program that **hides its help switch**: three or more of its pages list option rows
  and none shows a plain `-h, --help` row (a template that leaves it out; a `--help[=<CONTEXT>]`
  row is an option of another kind), since a framework may write `[OPTIONS]` for the help
  switch alone.

A listed command whose help could not be read is a sign too, except one that **runs instead of
showing help**: every form that asks it (`CMD --help`, `CMD -h`) exits non-zero with the same
one-line message that spells no option and no usage (hatch 1.16's `self restore`: `Hatch is
not installed as a binary`), while a sibling's help was read. Frameworks answer a help switch
while parsing, before any of the command's code runs, and the sibling shows the parent's own
code lets them through; so the command never parses `--help`: it takes its words as arguments
(click's `add_help_option=False`, a pass-through), and there are no options of its own to miss.
The crawl keeps its note (`help unavailable: …`).

Nor is one that **refuses its own default on this machine**: its `--help` exits non-zero with
the framework's message that a default does not hold here (kingpin checks an `ExistingDir`
default before it prints help: acmetool's `import-le` answers `acmetool: error: invalid default
value '/etc/letsencrypt' for argument 'le-state-path'`). Nothing here can list its options, not
even the framework's own completion (which parses the same defaults first), so the load is no
shorter than what the program shows on this machine; the user is told, in the tree's notes,
that the command's help could not be read and why, with the program's words and the fix.

Nor are the commands of a program with **one help for all its commands**: every command its
help lists answers `CMD --help` with the parent's own help, and that help's usage puts its
options before the command word (`systemctl [OPTIONS...] COMMAND ...`, `apt-get [options]
command`). systemd's and apt's tools parse their options wherever they stand and print one
text for every command: the options it lists are every command's, and each command's tool
takes them from its parent. The load says so once, in the tree's notes, instead of calling
each command unread. One command that answers with a help of its own, or a usage that puts
no options before the command, keeps the sign: a program that prints its root help for a
command it cannot run (docker, for a missing plugin) is short by that command.
"""

from __future__ import annotations

import re

from workbench.loaders.help.run import HelpCall
from workbench.model.tree import Flag

_PARTIAL = re.compile(
    r"\bnot (?:the|a) (?:full|complete) (?:help|list(?:ing)?)\b"
    r"|\b(?:some|a few) of the (?:options|flags)\b"
    r"|\bmost (?:common(?:ly used)?|important|useful) (?:options|flags)\b"
    r"|\b(?:man ?page|manual|info)\b(?: ?\([^()\n]{0,80}\))?[^.\n]{0,30}\b(?:for|with)"
    r" (?:more|all|other|additional)"
    r" (?:options|flags)\b"
    r"|\b(?:man ?page|manual|info)\b[^.\n]{0,40}\bfor a (?:complete|full) list(?:ing)? of"
    r" (?:all )?(?:the )?(?:commands and )?(?:options|flags)\b"
    r"|\bfor (?:all|more|other) (?:options|flags),? (?:see|use|read|consult|run)\b"
    r"|\b(?:for|see|consult|read)\b[^.\n]{0,40}\b(?:a|the) (?:full|complete|entire) list(?:ing)?"
    r" of (?:all )?(?:the )?(?:available )?(?:options|flags)\b"
    r"|\b(?:see|read|consult)\b[^.\n]{0,40}\bfor (?:all|more|other|additional) (?:the )?"
    r"(?:options|flags)\b"
    r"|\b(?:more|other|additional|advanced|hidden|expert) (?:options|flags) (?:are|is)"
    r" (?:described|documented|listed|available|hidden|not (?:shown|listed|displayed))\b"
    r"(?! (?:below|above|here|in this|under|in the (?:next|following)))"
    r"|\bsome (?:options|flags) (?:are|were) (?:hidden|not (?:shown|listed|displayed))\b"
    r"|\bto (?:show|see|list|display) all (?:the )?(?:available )?(?:options|flags)\b"
    r"|\b(?:show|print|display)s? (?:the )?(?:advanced|extended|expert|full|complete) help\b",
    re.IGNORECASE,
)
"""A sentence saying the help lists only part of the options: `For a full list of options, see
the manual.`, `See 'man tool' for all options.`, `More options are described in tool(1).`,
`Some options are hidden`, `Use --help-all to see all options`, and a row offering the rest
(`-hh  Show advanced help message and exit` beside `-h, --help  Show basic help message`)."""

_OVERRIDE = re.compile(
    r"\b(?:overridden|negated|reversed|undone|cancell?ed)\s+(?:with|by)\b[^.;\n]{0,40}?"
    r"(?<![\w/-])(--[a-z][\w-]*[a-z0-9])(?![\w-])",
    re.IGNORECASE,
)
"""`can be overridden with --no-hidden`, `(inverse: --native-parser)`: another option named."""

_ROW = re.compile(
    r"^ {1,8}(?P<term>--?[A-Za-z0-9][\w-]*(?:[ =][^\s,]+)?"
    r"(?:, +--?[A-Za-z0-9][\w-]*(?:[ =][^\s,]+)?)*)(?: {2,}\S.*)?$"
)
"""`  -c file, --conf file        configuration file …`: an indented row of option spellings."""
_SPELLING = re.compile(r"(?<![\w-])(--?[A-Za-z0-9][\w-]*)")
_FAMILY = re.compile(r"[A-Z]{2,}")
_MACHINERY = frozenset({"-h", "--help", "-help", "--version", "-?", "--usage"})
"""Spellings of the help machinery the tree leaves out on purpose (`-help  Display this
summary`, a single-dash long help, is left out like `--help`): no row of them is unread."""
_SHELL_SETUP = re.compile(
    r"\b(?:install|show|generate|print)s? (?:the )?(?:shell )?completion", re.I
)
"""typer's `--install-completion  Install completion for the current shell.`: machinery the
crawler leaves out on purpose, like `--help`."""


def says_partial(text: str) -> str | None:
    """The sentence of `text` that says the help lists only part of the options, or None. The
    help option's own row praising the help it prints (`-?, --help  Print complete help
    message on program usage`) says nothing of the kind: it offers this very text."""
    match = next((m for m in _PARTIAL.finditer(text) if not _on_help_row(text, m.start())), None)
    if match is None:
        return None
    start = max(text.rfind("\n", 0, match.start()), text.rfind(". ", 0, match.start()) + 1)
    end = min(
        (i for i in (text.find("\n", match.end()), text.find(". ", match.end())) if i >= 0),
        default=len(text),
    )
    return " ".join(text[start + 1 if text[start] == "\n" else start : end + 1].split()).strip()


def _on_help_row(text: str, at: int) -> bool:
    """Whether position `at` of `text` lies on an option row all of whose spellings are the
    help machinery's (`-?, --help`, `-h, --help`)."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    row = _HELP_ROW.match(text[start : end if end >= 0 else len(text)])
    return row is not None and set(re.split(r",\s*", row.group(1))) <= _MACHINERY


_HELP_ROW = re.compile(
    r"^ {0,8}((?:-\?|--?[A-Za-z][\w-]*)(?:, +(?:-\?|--?[A-Za-z][\w-]*))*) {2,}\S"
)


def _spellings(flags: list[Flag]) -> set[str]:
    held: set[str] = set()
    for flag in flags:
        if flag.name:
            held.update({f"--{flag.name}", f"-{flag.name}"})
            if flag.negatable:
                held.add(f"--no-{flag.name}")
        if flag.short:
            held.add(f"-{flag.short}")
        held.update(flag.aliases)  # `--allow-redefinition-new`, folded in as an alias, is held
    return held


def unlisted_overrides(flags: list[Flag], held_elsewhere: set[str]) -> list[str]:
    """Options that `flags`' descriptions name as undoing another (`--no-hidden`) which none of
    `flags` (nor `held_elsewhere`: ancestors, subcommands) holds, each once."""
    held = _spellings(flags) | held_elsewhere
    named: list[str] = []
    for flag in flags:
        for name in _OVERRIDE.findall(flag.help):
            if name not in held and name not in named:
                named.append(name)
    return named


_PUNCTUATION_ROW = re.compile(r"^ {1,8}(?P<term>-[^\w\s*#?-]) {2,}\S")
"""`  -(    open group of options`: an option named by one punctuation mark, which no flag can
hold (a tool property needs a name); `-*` and `-#` stand for families, `-?` is help."""


def unread_rows(text: str, flags: list[Flag], held_elsewhere: set[str]) -> list[str]:
    """Option rows of `text` none of whose spellings a flag holds: the first spelling of each."""
    held = _spellings(flags) | held_elsewhere
    found: list[str] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        punctuation = _PUNCTUATION_ROW.match(line)
        if punctuation and _among_option_rows(lines, index):
            name = punctuation.group("term")
            others = _SPELLING.findall(line[punctuation.end("term") :])
            if any(n in held for n in others):
                continue  # `-~  ........  --tilde`: the long spelling's flag holds the row
            if name not in held and name not in found:
                found.append(name)
            continue
        row = _ROW.match(line)
        if row is None or not _among_option_rows(lines, index):
            continue
        names = _SPELLING.findall(row.group("term"))
        if not names or any(n in _MACHINERY or _FAMILY.search(n) for n in names):
            continue
        if _SHELL_SETUP.search(line):
            continue
        if not any(n in held for n in names) and names[0] not in found:
            found.append(names[0])
    return found


def _among_option_rows(lines: list[str], index: int) -> bool:
    """Most lines of the row's paragraph at its indent start with a dash: a list of options,
    not cut's `Each range is one of:` list (`N`, `N-`, `N-M`, `-M`), where `-M` is a value."""
    indent = len(lines[index]) - len(lines[index].lstrip(" "))
    start = index
    while start > 0 and lines[start - 1].strip():
        start -= 1
    end = index
    while end + 1 < len(lines) and lines[end + 1].strip():
        end += 1
    level = [
        line.lstrip(" ")
        for line in lines[start : end + 1]
        if len(line) - len(line.lstrip(" ")) == indent
    ]
    return 2 * sum(1 for line in level if line.startswith("-")) > len(level)


_NAMELESS_ROW = re.compile(r"^ {1,8}(?P<term>--?) {2,}(?P<what>\S.*)$")
"""`  -                     read from standard input`: an option spelled with dashes alone."""


def nameless_rows(text: str, *, declared_rows: bool = False) -> list[str]:
    """Rows of `text`'s option lists whose option is dashes alone (`-`, `--`): each as
    `-` (its description), once per spelling. A row counts only where the style prints
    declared arguments alone (`declared_rows`: argparse); elsewhere `--` documents the end of
    options, which the server writes itself when a value needs it (SPEC §8), and `-` the
    operand naming standard input (`-  script read from stdin`), a positional's value."""
    found: dict[str, str] = {}
    lines = text.splitlines()
    for index, line in enumerate(lines):
        row = _NAMELESS_ROW.match(line)
        if row is None or row.group("term") in found or not _among_option_rows(lines, index):
            continue
        if not declared_rows:
            continue  # `-  script read from stdin`, `--  end of options`: operands' markers
        found[row.group("term")] = " ".join(row.group("what").split()).rstrip(".")
    return [f"{term} ({what})" for term, what in found.items()]


def held_spellings(flags: list[Flag]) -> set[str]:
    """Every spelling `flags` hold (`--name`, `-n`, `--no-name` when negatable)."""
    return _spellings(flags)


_HELP_SWITCHES = ("--help", "-h")
_NAMES_AN_OPTION = re.compile(r"(?<![\w-])--?[A-Za-z]|\busage\b", re.IGNORECASE)


def _refused_help_calls(calls: tuple[HelpCall, ...] | list[HelpCall]) -> list[HelpCall]:
    """The help switches asked (`--help`, `-h`), when every one of them ran and exited with an
    error; no call when any of them answered, failed to run or timed out."""
    asked = [c for c in calls if c.argv and c.argv[-1] in _HELP_SWITCHES]
    if any(c.error or c.timed_out or c.exit_code in (0, None) for c in asked):
        return []
    return asked


_OPTIONS_BEFORE_COMMAND = re.compile(
    r"(?i)\[\s*(?:options?|flags?)(?:\s*\.\.\.)?\s*\]\s*(?:\.\.\.\s*)?"
    r"(?:[<{]command[>}]|command)(?:\s|\.\.\.|$)"
)
"""`[OPTIONS...] COMMAND`, `[options] command`, `[options] <command>`: options before the command."""
PRINTED_PARENTS_HELP = "printed its parent's help"
"""How `fetch` says a command's help form answered with its parent's help."""


def one_help_for_all(usage: list[str], problems: list[str | None]) -> bool:
    """Whether a program prints one help for all of its commands: each of two or more listed
    commands (their fetch `problems`) answered with the parent's help, whose `usage` puts the
    options before the command word (`systemctl [OPTIONS...] COMMAND ...`)."""
    return (
        len(problems) >= 2
        and all(problem is not None and PRINTED_PARENTS_HELP in problem for problem in problems)
        and any(_OPTIONS_BEFORE_COMMAND.search(form) for form in usage)
    )


def runs_instead_of_help(calls: tuple[HelpCall, ...] | list[HelpCall]) -> str | None:
    """The message a command printed instead of help when every help switch asked got the same
    one-line refusal naming no option (rules above), or None. The caller checks a sibling's
    help was read."""
    asked = _refused_help_calls(calls)
    if len(asked) < 2:
        return None
    answers = {c.text.strip() for c in asked}
    if len(answers) != 1:
        return None
    [message] = answers
    if not message or "\n" in message or _NAMES_AN_OPTION.search(message):
        return None
    return message


_NOT_A_COMMAND = re.compile(
    r"""['"‘`](?P<quoted>[^\s'"’`]+)['"’`]\s+is\s+not\s+an?\s+(?:[\w.-]+\s+)?(?:sub)?command\b"""
    r"""|\b(?:unknown|unrecognized|no\s+such)\s+(?:sub)?command:?\s+['"‘`]?(?P<named>[^\s'"’`]+)""",
    re.IGNORECASE,
)
"""git's `git: 'citool' is not a git command. See 'git --help'.`, `Unknown command: x`,
`error: no such command 'x'`: the program says the word names none of its commands."""


def refuses_as_unknown(calls: tuple[HelpCall, ...] | list[HelpCall], name: str) -> str | None:
    """The refusal every help switch asked of a listed command got when the program answers
    that `name` is not one of its commands (a command its listing names but this installation
    lacks: git's `citool`, whose `git-gui` package is not installed), or None. The message's
    first line, which names the command, is returned."""
    asked = _refused_help_calls(calls)
    if not asked:
        return None
    first_lines = set()
    for call in asked:
        first = next((line.strip() for line in call.text.splitlines() if line.strip()), "")
        match = _NOT_A_COMMAND.search(first)
        if match is None or (match.group("quoted") or match.group("named")) != name:
            return None
        first_lines.add(first)
    return sorted(first_lines)[0]


_OWN_DEFAULT_REFUSED = re.compile(
    r"\binvalid default value\b[^\n]*\bfor (?:flag|argument|arg|option)\b", re.IGNORECASE
)
"""kingpin's `error: invalid default value '…' for argument '…'` (and `… for flag '…'`)."""


def refuses_own_default(calls: tuple[HelpCall, ...] | list[HelpCall]) -> str | None:
    """The message a command's `--help` printed when it exited refusing one of its own defaults
    on this machine (rules above), or None."""
    asked = [c for c in calls if c.argv and c.argv[-1] == "--help"]
    if not asked or asked[0].error or asked[0].timed_out or asked[0].exit_code in (0, None):
        return None
    message = asked[0].text.strip()
    if "\n" in message or not _OWN_DEFAULT_REFUSED.search(message):
        return None
    return message


_INVOCATION = re.compile(
    r"(?:^[ \t]*(?:[$%>][ \t]+)?|`)(?P<name>[\w.+-]+)(?P<rest>(?:[ \t][^`\n]*)?)", re.M
)
"""An example line or a quoted command that runs a program: `  $ tool sync --dry-run`."""
_WORD = re.compile(r"[^\s]+")
_LONG = re.compile(r"--(?P<name>[A-Za-z][\w-]*[A-Za-z0-9])(?:=\S*)?")


def example_options(text: str, program: str, held: set[str], commands: set[str]) -> list[str]:
    """Long options that the help's own examples give this program (`  $ tool --frobnicate`,
    `` `tool sync --frobnicate` ``) and that no flag of the tree holds, each once. Only the
    options before the example's first other word count: after a positional (`tool exec
    ts-node --transpile-only`), a redirection or a pipe they may be another program's."""
    found: list[str] = []
    # a spelling that differs from a held one only by case is that option, written as a
    # program that reads long options case-insensitively accepts it (`--SuiteStatLevel 2`
    # beside the `--suitestatlevel` row)
    held_folded = {name.casefold() for name in held}
    for match in _INVOCATION.finditer(text):
        if match.group("name") != program:
            continue
        words = _WORD.findall(match.group("rest"))
        if any(w in ("--help", "-h") for w in words[:-1]):
            # an example asking for help (`tool --help --expand-help`, `tool --help --api`): the
            # words after the help word choose what help shows, no run of the program
            words = words[: next(i for i, w in enumerate(words) if w in ("--help", "-h"))]
        for word in words:
            option = _LONG.fullmatch(word)
            if option is None:
                if word in commands:
                    continue
                break
            spelling = f"--{option.group('name')}"
            if spelling.startswith("--help") or spelling in _MACHINERY:
                continue
            if spelling.casefold() not in held_folded and spelling not in found:
                found.append(spelling)
    return found


_PROMISED = re.compile(
    r"^[ \t]*usage:?[ \t]+\S[^\n]*?(?P<word>[\[<](?:global[ _-])?(?:options?|flags?|opts)[\]>](?:\.\.\.|…)?"
    r"|\b(?:OPTIONS?|FLAGS)\b(?:\.\.\.|…)?)",
    re.IGNORECASE | re.MULTILINE,
)
"""`Usage: tool [options] FILE`, `usage: tool <flags>`, `Usage: tool [OPTION]... FILE`."""
_ANY_OPTION_ROW = re.compile(r"^[ \t│┃║|*•○·]*(?:[-+][A-Za-z0-9?#@]|--\[?[A-Za-z])", re.MULTILINE)
"""Any line that starts with an option, in a box (rich's panels) or a bullet list too."""


_PLAIN_HELP_ROW = re.compile(
    r"^[ \t]+(?:(?:-[h?],[ \t]*)?--help(?:,[ \t]*-[h?])?|-[h?])(?:[ \t]{2,}\S|[ \t]*$)",
    re.MULTILINE,
)
"""`  -h, --help   Print help`, `   --help, -h  show help`, `  -h`: the help switch's own row, with
no value (`--help[=<CONTEXT>]` is an option of another kind the program chose to show)."""
_ENOUGH_PAGES = 3


def hides_help_switch(texts: list[str]) -> bool:
    """Whether a program's help pages never show its help switch: at least `_ENOUGH_PAGES` of
    them list option rows and none has a plain help row. Such a program's template leaves the
    switch out, so a usage's `[OPTIONS]` over no row may stand for that switch alone (a
    framework may write `[OPTIONS]` for `-h` by itself), which is no sign that options are missing."""
    with_rows = [t for t in texts if _ANY_OPTION_ROW.search(t)]
    return len(with_rows) >= _ENOUGH_PAGES and not any(_PLAIN_HELP_ROW.search(t) for t in texts)


def promised_options(text: str) -> str | None:
    """The usage word (`[options]`) of a help that promises options and shows no option row
    at all, not even `--help`'s, or None."""
    match = _PROMISED.search(text)
    if match is None or _ANY_OPTION_ROW.search(text):
        return None
    return match.group("word")
