"""cobra's completion engine as a second listing for a crawl in the cobra style.

Every cobra program (cobra ≥ 1.0, 2020) has a hidden `__complete` command: `CLI __complete PATH… ""`
prints the subcommands of PATH (`name<TAB>short description`, one a line; hidden commands left
out, the `help` command in), `CLI __complete PATH… -` every flag name PATH accepts, its own and
the persistent ones it inherits (`--name<TAB>usage`, then `-n<TAB>usage` for a shorthand;
hidden and deprecated flags left out), and both end with a `:<directive>` line (an integer).
What the help tables did not show (a row the parser missed, a flag only a `help flags` page
lists) the engine shows. Its answer is accepted only when it is well-formed: every line before
the directive is `name` or `name<TAB>description` and the last is `:<int>`; anything else is no
witness, never an invention.

Two limits of the engine, taken from cobra's `completions.go`: `__complete ""` also offers a
command's `ValidArgs` (values of its first positional, not commands), so a name only the engine
lists becomes a command only when its own help reads as that command's help (the crawl checks);
and `__complete -` offers only the missing required flags when a command has any, so the
listing is a lower bound, never a reason to drop a flag help shows. `""` is asked only of
commands whose help lists subcommands: on a leaf it runs the program's own completion function
for its arguments, which may do anything (network calls).
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

from workbench.loaders.help.assemble import CrawledCommand
from workbench.loaders.help.parsed import CommandEntry
from workbench.loaders.help.run import run_help
from workbench.model.tree import Flag, FlagKind

COMPLETE = "__complete"
_DIRECTIVE = re.compile(r"^:-?\d+$")
_FLAG_NAME = re.compile(r"^(--[A-Za-z0-9][\w.-]*|-[A-Za-z0-9?])$")
_ENGINE_NOTE = re.compile(r"^Completion ended with directive: \w+$")
"""The note cobra's engine writes after the directive to the command's error stream, which a
command may point at stdout (kubectl's `options`: `Completion ended with directive:
ShellCompDirectiveNoFileComp`); cobra writes nothing else there, so it is still its answer."""
_COMMAND_NAME = re.compile(r"^[A-Za-z0-9][\w.:+-]*$")
WITNESS = "cobra __complete"
"""How a command or flag only this listing showed is marked (`listed_by`)."""


@dataclass(frozen=True)
class CompletedFlag:
    """One flag as the engine lists it: its long name and/or shorthand, and its usage text."""

    name: str | None
    short: str | None
    help: str


@dataclass
class Completion:
    """What the engine listed for one command; None fields: that question was not asked or the
    answer was not well-formed."""

    commands: list[tuple[str, str]] | None = None
    flags: list[CompletedFlag] | None = None
    argvs: list[tuple[str, ...]] = field(default_factory=list)


def read_rows(text: str) -> list[tuple[str, str]] | None:
    """The `(name, description)` rows of a well-formed answer, or None when it is not one."""
    lines = text.rstrip("\n").split("\n") if text.strip() else []
    if len(lines) > 1 and _ENGINE_NOTE.match(lines[-1]) and _DIRECTIVE.match(lines[-2].strip()):
        lines.pop()  # the engine's note, on a command that points its error stream at stdout
    if not lines or not _DIRECTIVE.match(lines[-1].strip()):
        return None
    rows = []
    for line in lines[:-1]:
        if not line.strip():
            continue
        name, _, description = line.partition("\t")
        if not name or name != name.strip() or " " in name:
            return None  # not the engine's `name<TAB>description`: something else answered
        rows.append((name, " ".join(description.split())))
    return rows


def command_rows(text: str) -> list[tuple[str, str]] | None:
    rows = read_rows(text)
    if rows is None:
        return None
    return [(name, description) for name, description in rows if _COMMAND_NAME.match(name)]


def flag_rows(text: str) -> list[CompletedFlag] | None:
    """The flags of a `__complete -` answer: a `-x` row right after the `--name` row with the same
    usage is that flag's shorthand (cobra prints them so); a lone `-x` row is a short-only flag."""
    rows = read_rows(text)
    if rows is None:
        return None
    if any(not _FLAG_NAME.match(name) for name, _ in rows):
        return None  # a flag answer names flags only
    flags: list[CompletedFlag] = []
    for name, description in rows:
        if name.startswith("--"):
            flags.append(CompletedFlag(name[2:], None, description))
        elif flags and flags[-1].short is None and flags[-1].name and flags[-1].help == description:
            flags[-1] = CompletedFlag(flags[-1].name, name[1:], description)
        else:
            flags.append(CompletedFlag(None, name[1:], description))
    return flags


def complete(
    executable: str, path: list[str], timeout_s: float, *, cwd: str | None, commands: bool
) -> Completion:
    """Ask the engine for the flags of `path` (and, when `commands`, its subcommands)."""
    result = Completion()
    call = run_help([executable, COMPLETE, *path, "-"], timeout_s, cwd=cwd)
    result.argvs.append(call.argv)
    if not (call.error or call.timed_out) and call.exit_code == 0:
        result.flags = flag_rows(call.stdout)
    if commands:
        call = run_help([executable, COMPLETE, *path, ""], timeout_s, cwd=cwd)
        result.argvs.append(call.argv)
        if not (call.error or call.timed_out) and call.exit_code == 0:
            result.commands = command_rows(call.stdout)
    return result


def consult_completion(
    executable: str,
    node: CrawledCommand,
    timeout_s: float,
    cwd: str | None,
    *,
    commands: bool | None = None,
) -> None:
    """Ask the engine about `node` (read just now, cobra style) and note on it what only the
    engine lists: subcommands to crawl (kept when their own help confirms them) and flags.

    A flag only the engine lists gets kind `value` marked as a guess (`kind_guessed`): the engine
    does not say whether it takes a value, and pflag reads `--name=value` for every kind
    (`--verbose=true` sets a switch), so the guess is always spellable; lint shows it to confirm.
    `commands`: ask for subcommands too (default: when the help listed some).
    """
    parsed = node.parsed
    assert parsed is not None  # read just before
    if commands is None:
        text = node.fetched.text if node.fetched and node.fetched.text else ""
        summary = node.entry.summary if node.entry else ""
        commands = bool(parsed.subcommands) or names_subcommands(text, node.path, summary)
    answer = complete(executable, node.path, timeout_s, cwd=cwd, commands=commands)
    seen_commands = seen_flags = 0
    if answer.commands is not None:
        known = {name for entry in parsed.subcommands for name in (entry.name, *entry.aliases)}
        seen_commands = len(answer.commands)
        for name, description in answer.commands:
            if name in known or name == "help":  # cobra's help command: machinery, never a tool
                continue
            known.add(name)
            parsed.subcommands.append(CommandEntry(name, description))
            node.listing_commands[name] = WITNESS
    if answer.flags is not None:
        shown = parsed.shown_flags()
        seen_flags = sum(1 for f in answer.flags if f.name not in _MACHINERY)
        for listed in answer.flags:
            if listed.name in _MACHINERY or (listed.name is None and listed.short == "h"):
                continue
            if shown(listed.name, listed.short):
                continue
            node.listing_flags.append(
                Flag(
                    name=listed.name,
                    short=listed.short,
                    help=listed.help,
                    kind=FlagKind.VALUE,
                    kind_guessed=True,
                    listed_by=WITNESS,
                )
            )
    if answer.commands is not None or answer.flags is not None:
        node.listing_seen[WITNESS] = (seen_commands, seen_flags)
        node.listing_keys[WITNESS] = {
            f.name or f.short or "" for f in answer.flags or [] if f.name not in _MACHINERY
        }


_MACHINERY = frozenset({"help", "version"})

COBRA_COMPLETION_SUMMARY = "Generate the autocompletion script for the specified shell"
"""The short text of the `completion` command cobra adds to every program (cobra ≥ 1.2): a group
of one command per shell, whatever the program's help template prints for it."""
_SUBCOMMAND_PLACEHOLDER = re.compile(r"^(<|\[<?)?(sub)?(command|mode|cmd)s?(>|>?\])?$", re.I)
_LITERAL_WORD = re.compile(r"^[a-z][a-z0-9-]*$")


def names_subcommands(text: str, path: list[str], summary: str = "") -> bool:
    """Whether a help printed by a template of the program's own, which listed no subcommand
    row, still says the command has subcommands, so cobra's engine may be asked `PATH… ""` (on a
    leaf that runs the program's own completion function, which may do anything, so only on the
    help's word): its first paragraph is usage forms (every line starts with the same word and
    names the command's path within its first words) and one has a literal word right after the
    path (`git lfs logs clear`, `git lfs ext list [<name>...]`) or a subcommand placeholder
    there (`git lfs migrate <mode> [options]`); or the command is cobra's own `completion`
    (`summary`). A help with a `Usage:` heading is cobra's template, which lists a group's
    subcommands in rows (its usage's lower-case words are positionals: `config delete name`)."""
    if not path:
        return False
    if summary.strip() == COBRA_COMPLETION_SUMMARY:
        return True
    lines = text.strip("\n").split("\n")
    if any(re.match(r"(?i)^\s*usage\b", line) for line in lines):
        return False
    forms = lines[: next((i for i, line in enumerate(lines) if not line.strip()), len(lines))]
    if not forms or len({form.split()[0] for form in forms if form.split()}) != 1:
        return False  # prose, or not one program's forms
    for form in forms:
        words = form.split()
        if words[-1].endswith((".", ":", ",")):
            continue  # a sentence, not a usage form
        for index in range(len(path), min(len(words), len(path) + 3)):
            if words[index - len(path) : index] != path:
                continue
            after = words[index]
            if _LITERAL_WORD.match(after) or _SUBCOMMAND_PLACEHOLDER.match(after):
                return True
    return False


def engine_confirms(executable: str, path: list[str], timeout_s: float, cwd: str | None) -> bool:
    """Whether cobra's engine says `path` is a command of its own: its `__complete PATH… -`
    answer holds the help flag cobra gives every command, whose usage names the command (`-h
    help for info`). A value the engine offered for a positional (`ValidArgs`) answers with its
    parent's flags (`help for migrate`). For a command whose help is its parent's text (git-lfs
    prints `git lfs migrate`'s manual for `git lfs migrate info --help`)."""
    call = run_help([executable, COMPLETE, *path, "-"], timeout_s, cwd=cwd)
    if call.error or call.timed_out or call.exit_code != 0:
        return False
    flags = flag_rows(call.stdout) or []
    own = f"help for {path[-1]}"
    return any(f.name == "help" and f.help == own for f in flags)


_ELF_MAGIC = b"\x7fELF"
_GO_BUILD_INFO = b".go.buildinfo"
_COBRA_PACKAGE = b"github.com/spf13/cobra"
MAX_SCANNED_BYTES = 64 * 1024 * 1024
"""The most of an executable's read-only data read to find cobra's package path in it."""


def links_cobra(executable: str) -> bool:
    """Whether `executable` is a Go program built with cobra: an ELF file with a `.go.buildinfo`
    section (every Go program since Go 1.13) whose read-only data (`.rodata`, where Go keeps its
    type and package names) holds `github.com/spf13/cobra`. Reads the section headers and that
    one section (bounded by MAX_SCANNED_BYTES), never runs the program; False for anything else
    (scripts, other executable formats, unreadable files).

    The sign that asking `__complete` is safe when the help was printed by a template of the
    program's own (git-lfs's manual-style `--help`): a program that is not cobra's may do
    anything with an argument it does not know (`__complete` as a file name to write)."""
    try:
        with open(executable, "rb") as file:
            sections = _elf_sections(file)
            if _GO_BUILD_INFO not in sections or b".rodata" not in sections:
                return False
            offset, size = sections[b".rodata"]
            file.seek(offset)
            return _COBRA_PACKAGE in file.read(min(size, MAX_SCANNED_BYTES))
    except (OSError, ValueError, struct.error):
        return False


def _elf_sections(file) -> dict[bytes, tuple[int, int]]:
    """`{name: (file offset, size)}` of an ELF file's sections; {} when it is not ELF."""
    header = file.read(64)
    if len(header) < 52 or header[:4] != _ELF_MAGIC:
        return {}
    wide = header[4] == 2  # ELFCLASS64
    order = "<" if header[5] == 1 else ">"
    if wide:
        (shoff,) = struct.unpack_from(order + "Q", header, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", header, 0x3A)
    else:
        (shoff,) = struct.unpack_from(order + "I", header, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", header, 0x2E)
    if not shoff or not shnum or shstrndx >= shnum or shnum > 4096:
        return {}
    file.seek(shoff)
    table = file.read(shentsize * shnum)
    entries = []
    for index in range(shnum):
        base = index * shentsize
        if wide:
            (name,) = struct.unpack_from(order + "I", table, base)
            offset, size = struct.unpack_from(order + "QQ", table, base + 0x18)
        else:
            (name,) = struct.unpack_from(order + "I", table, base)
            offset, size = struct.unpack_from(order + "II", table, base + 0x10)
        entries.append((name, offset, size))
    _, names_offset, names_size = entries[shstrndx]
    file.seek(names_offset)
    names = file.read(min(names_size, 1 << 20))
    sections = {}
    for name, offset, size in entries:
        end = names.find(b"\0", name)
        if end > name:
            sections[names[name:end]] = (offset, size)
    return sections
