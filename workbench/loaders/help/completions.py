"""The shell completion files installed for a program, as another listing of a help-only crawl.

Many programs ship completion files that list options their help hides (clap leaves its
`--no-*` overrides out of `--help` and the man page; fd's fish file lists them). After a crawl,
the files for the program's names (its executable's, the root's and the one its usage line
prints) are looked up where fish and zsh find them, read as text (no shell is ever run to read
them), and judged by where they come from:

- **The program's own file** (installed by the program's own package: on Debian, `dpkg-query -S`
  names the same package for the file and the executable; without dpkg's word, a file in a
  vendor directory of the executable's own prefix, `PREFIX/share/fish/vendor_completions.d`,
  `PREFIX/share/zsh/vendor-completions`, `PREFIX/share/zsh/site-functions`) lists what that
  version of the program accepts: the options only it lists are taken, marked `listed_by`.
- **A third-party file** (fish's own completions, written by fish's maintainers for many
  platforms and versions at once, BSD and GNU options mixed; a file another package or another
  installation put there) is never taken from. When it lists options the loaded tree lacks,
  the load says it may be short, naming them, so the user can check.

Only what a file ties to a command the crawl read is used (nothing invents a command): fish
lines with no condition or `__fish_use_subcommand` / `__fish_NAME_needs_command` belong to the
root, `__fish_seen_subcommand_from SUB` / `__fish_NAME_using_subcommand SUB` (joined by `; and`
for a deeper path) to that subcommand; a line under any other condition is not read; of a
block's alternative branches (`if command tr --version … else … end`) only the one the help
agrees with best is read (`this_programs_branches`). zsh files
are read where they are `_arguments` specs (`{-X,--request}'[desc]':'<method>':…`), the form
clap, cobra and curl's generator write: the root's are those of the file's first `_arguments`
call outside a subcommand's branch; a subcommand's those of an `_arguments` call in its branch
of a `case` on the command line's words (`case ${words[1]} in build | b)`, clap's `case
$line[1] in (build)`, nested for deeper paths); a `case` on `$state` keeps the path it is in,
a `case` on anything else is not read.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from workbench.loaders.help.assemble import CrawledCommand
from workbench.loaders.help.parsed import ParsedHelp
from workbench.loaders.help.run import run_help
from workbench.model.tree import Flag, FlagKind, ValueType

FISH_WITNESS = "fish completion"
ZSH_WITNESS = "zsh completion"
"""How a flag only the program's own completion file listed is marked (`listed_by`)."""

_PROGRAM_NAME = re.compile(r"^[A-Za-z0-9][\w.+-]*$")
_FISH_OWN_DIRS = ("/usr/share/fish/completions",)
"""Where fish keeps the completions its maintainers write for other people's programs."""
_FISH_VENDOR = ("share/fish/vendor_completions.d",)
_ZSH_VENDOR = ("share/zsh/vendor-completions", "share/zsh/site-functions")
_SYSTEM_PREFIXES = ("/usr", "/usr/local")


@dataclass(frozen=True)
class CompletionFile:
    """One completion file found for the program: its text and whether it is the program's own."""

    path: str
    shell: Literal["fish", "zsh"]
    text: str
    own: bool
    provenance: str
    """Why it is (or is not) the program's own, in words: `installed by fd-find, the package
    of /usr/bin/fdfind`, `fish's own completions (package fish-common)`."""


@dataclass
class ListedOption:
    """One option as a completion file lists it, tied to the command it belongs to."""

    path: tuple[str, ...]
    """Below the root: `()` for the root, `("remote", "add")`."""
    flag: Flag
    branches: tuple[tuple[int, int], ...] = ()
    """The fish `if`/`switch` blocks the line sits in, each as (block, branch): `if … else …
    end` lists one program's variants in alternative branches (GNU's, then BSD's)."""


@dataclass
class CompletionListing:
    """What one file lists: the options it ties to commands, and how many lines it could not tie."""

    options: list[ListedOption] = field(default_factory=list)
    untied: int = 0


Finder = Callable[[str, list[str]], list[CompletionFile]]
"""Finds the completion files of an executable by its names (`find_completion_files`; the
corpus replays recorded ones)."""


# --- finding the files and judging where they come from


def find_completion_files(
    executable: str, names: list[str], *, timeout_s: float = 10.0
) -> list[CompletionFile]:
    """The fish and zsh completion files for `names` of `executable`, and those its Debian
    package installs (whatever their name: fd-find's `fd.fish` for `fdfind`), own ones first,
    each read and judged by provenance (one `dpkg-query -S` call for all, when dpkg is there)."""
    real = os.path.realpath(executable)
    own_prefixes = {os.path.dirname(os.path.dirname(p)) for p in (executable, real)}
    prefixes = list(dict.fromkeys([*sorted(own_prefixes), *_SYSTEM_PREFIXES]))
    wanted = [n for n in dict.fromkeys(names) if _PROGRAM_NAME.match(n)]
    candidates: list[tuple[str, str]] = []  # path, the vendor folder's prefix ("" for fish's own)
    for name in wanted:
        for prefix in prefixes:
            for folder in _FISH_VENDOR:
                candidates.append((os.path.join(prefix, folder, f"{name}.fish"), prefix))
            for folder in _ZSH_VENDOR:
                candidates.append((os.path.join(prefix, folder, f"_{name}"), prefix))
        for folder in _FISH_OWN_DIRS:
            candidates.append((os.path.join(folder, f"{name}.fish"), ""))
    found = dict((path, where) for path, where in candidates if os.path.isfile(path))
    spellings = _merged_usr([executable, real])
    packages = packages_of([*spellings, *found], timeout_s)
    program_package = next((packages[p] for p in spellings if p in packages), None)
    if program_package:  # what the program's own package installs, whatever its name
        for path in package_completion_files(program_package):
            if path not in found and os.path.isfile(path):
                found[path] = ""
                packages[path] = program_package
    files: list[CompletionFile] = []
    for path, where in found.items():
        shell = completion_shell(path)
        if shell is None:
            continue
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read(2_000_000)
        except OSError:
            continue
        own, provenance = judge(
            path, where, packages.get(path), program_package, own_prefixes, executable
        )
        files.append(CompletionFile(path, shell, text, own, provenance))
    files.sort(key=lambda f: not f.own)
    return files


def _merged_usr(paths: list[str]) -> list[str]:
    """Each path and, on a merged-/usr system, the `/bin/x` spelling dpkg's lists may use for
    `/usr/bin/x` (and the other way round)."""
    result: list[str] = []
    for path in paths:
        result.append(path)
        for merged, classic in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/")):
            if path.startswith(merged):
                result.append(classic + path[len(merged) :])
            elif path.startswith(classic):
                result.append(merged + path[len(classic) :])
    return list(dict.fromkeys(result))


def completion_shell(path: str) -> Literal["fish", "zsh"] | None:
    """`fish` for `…/share/fish/…/NAME.fish`, `zsh` for `…/share/zsh/…/_NAME`, else None."""
    parts = path.split(os.sep)
    if path.endswith(".fish") and "fish" in parts:
        return "fish"
    if os.path.basename(path).startswith("_") and "zsh" in parts:
        return "zsh"
    return None


def completion_program(file: CompletionFile) -> str:
    """The program name a file is for, by its name (`fd.fish`, `_fd`: `fd`)."""
    base = os.path.basename(file.path)
    return base[: -len(".fish")] if file.shell == "fish" else base[1:]


_DPKG_INFO = "/var/lib/dpkg/info"


def package_completion_files(package: str) -> list[str]:
    """The fish and zsh completion files a Debian package installed (its `.list` file, read)."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9+.-]*", package):
        return []  # not a Debian package name: never a path to open
    listed: list[str] = []
    for name in (f"{package}.list", *_arch_lists(package)):
        try:
            with open(os.path.join(_DPKG_INFO, name), encoding="utf-8", errors="replace") as handle:
                listed += [line.strip() for line in handle]
        except OSError:
            continue
    return [
        path
        for path in dict.fromkeys(listed)
        if re.search(r"/share/(?:fish/[^/]+/[^/]+\.fish|zsh/[^/]+/_[^/]+)$", path)
    ]


def _arch_lists(package: str) -> list[str]:
    try:
        return sorted(
            n for n in os.listdir(_DPKG_INFO) if n.startswith(f"{package}:") and n.endswith(".list")
        )
    except OSError:
        return []


def judge(
    path: str,
    prefix: str,
    file_package: str | None,
    program_package: str | None,
    own_prefixes: set[str],
    executable: str,
) -> tuple[bool, str]:
    """Whether a found file is the program's own, and why (the provenance rule, docs/crawler.md)."""
    if file_package and program_package:
        if file_package == program_package:
            return True, f"installed by {file_package}, the package of {executable}"
        return (
            False,
            f"installed by {file_package}, not by {program_package} (the program's package)",
        )
    if file_package:  # the file is a package's, the program is not (another installation)
        return False, f"installed by {file_package}, which did not install {executable}"
    if prefix and prefix in own_prefixes:
        return True, f"in a vendor folder of {prefix}, where {executable} is installed"
    if not prefix:
        return False, "fish's own completions, written for many platforms and versions"
    return False, f"in a vendor folder of {prefix}, not where {executable} is installed"


def packages_of(paths: list[str], timeout_s: float) -> dict[str, str]:
    """The Debian package that installed each path, as `dpkg-query -S` says (empty without dpkg)."""
    query = shutil.which("dpkg-query")
    if not query:
        return {}
    call = run_help([query, "-S", "--", *dict.fromkeys(paths)], timeout_s)
    if call.error or call.timed_out:
        return {}
    result: dict[str, str] = {}
    for line in call.stdout.splitlines():
        if line.startswith("diversion ") or ": " not in line:
            continue
        owners, _, path = line.partition(": ")
        owner = owners.split(",")[0].strip().split(":")[0]  # `pkg:amd64, pkg2: /path`
        if owner and path.strip():
            result[path.strip()] = owner
    return result


# --- reading fish files

_FISH_ARGUMENT_LETTERS = frozenset("csloadnwpC")
"""`complete`'s short options that take an argument (the rest are switches: -r -x -f -F -k -e)."""
_FISH_LONG = {
    "--command": "c",
    "--short-option": "s",
    "--long-option": "l",
    "--old-option": "o",
    "--description": "d",
    "--arguments": "a",
    "--condition": "n",
    "--wraps": "w",
    "--path": "p",
    "--require-parameter": "r",
    "--exclusive": "x",
    "--no-files": "f",
    "--force-files": "F",
    "--keep-order": "k",
    "--erase": "e",
}


def _close_quote(line: str, start: int, escapable: str, word: list[str]) -> int | None:
    """Read the quoted part of `line` opened at `start` into `word`; the index of its closing
    quote, or None when the line ends first (an unclosed quote: the line is not read)."""
    quote, end = line[start], start + 1
    while end < len(line) and line[end] != quote:
        if line[end] == "\\" and end + 1 < len(line) and line[end + 1] in escapable:
            word.append(line[end + 1])
            end += 2
            continue
        word.append(line[end])
        end += 1
    return end if end < len(line) else None


def fish_words(line: str) -> list[str] | None:
    """The words of one fish command line, quotes and escapes resolved (`'a\\'b'` → `a'b`), up to
    an unquoted `#` or `;`; None when it cannot be read as plain words (a `$var`, an unclosed quote)."""
    words: list[str] = []
    current: list[str] = []
    in_word = False
    i = 0
    while i < len(line):
        char = line[i]
        if char in " \t":
            if in_word:
                words.append("".join(current))
                current, in_word = [], False
            i += 1
            continue
        if char in "#;" and not in_word:
            break
        if char == ";":
            break
        in_word = True
        if char in "'\"":
            # fish: inside '…' only \' and \\ escape; inside "…" also \$ and a newline
            end = _close_quote(line, i, "'\\" if char == "'" else '"\\$\n', current)
            if end is None:
                return None
            i = end + 1
        elif char == "\\" and i + 1 < len(line):
            nxt = line[i + 1]
            current.append({"t": "\t", "n": "\n"}.get(nxt, nxt))
            i += 2
        else:
            current.append(char)
            i += 1
    if in_word:
        words.append("".join(current))
    return words


@dataclass
class _FishLine:
    commands: list[str] = field(default_factory=list)
    shorts: list[str] = field(default_factory=list)
    longs: list[str] = field(default_factory=list)
    olds: list[str] = field(default_factory=list)
    description: str = ""
    arguments: str | None = None
    conditions: list[str] = field(default_factory=list)
    switches: set[str] = field(default_factory=set)
    erase: bool = False


def _fish_line(words: list[str]) -> _FishLine | None:
    """A `complete …` line's options, getopt style (`-xc grep`, `-rfa 'x y'`, `--long=value`)."""
    line = _FishLine()
    i = 1
    while i < len(words):
        word = words[i]
        i += 1
        value: str | None
        if word.startswith("--"):
            name, has_value, value = word.partition("=")
            letter = _FISH_LONG.get(name)
            if letter is None:
                return None  # an option of `complete` we do not know
            if letter in _FISH_ARGUMENT_LETTERS and not has_value:
                if i >= len(words):
                    return None
                value = words[i]
                i += 1
            if not _store(line, letter, value if letter in _FISH_ARGUMENT_LETTERS else None):
                return None
        elif word.startswith("-") and len(word) > 1:
            j = 1
            while j < len(word):
                letter = word[j]
                j += 1
                if letter in _FISH_ARGUMENT_LETTERS:
                    if j < len(word):
                        value = word[j:]
                    elif i < len(words):
                        value = words[i]
                        i += 1
                    else:
                        return None
                    if not _store(line, letter, value):
                        return None
                    break
                if not _store(line, letter, None):
                    return None
        else:
            return None  # a bare word: not a line we can read as data
    return line


def _store(line: _FishLine, letter: str, value: str | None) -> bool:
    if value is None:
        if letter not in "rxfFke":
            return False
        if letter == "e":
            line.erase = True
        line.switches.add(letter)
        return True
    if letter in "cp":
        line.commands.append(value)
    elif letter == "s":
        line.shorts.append(value)
    elif letter == "l":
        line.longs.append(value)
    elif letter == "o":
        line.olds.append(value)
    elif letter == "d":
        line.description = value
    elif letter == "a":
        line.arguments = value if line.arguments is None else f"{line.arguments} {value}"
    elif letter == "n":
        line.conditions.append(value)
    # -w (wraps) and -C: nothing to read
    return True


_SEEN = re.compile(r"^__fish_seen_subcommand_from\s+(\S+)$")
_USING = re.compile(r"^__fish_\S+_using_subcommand\s+(\S+)$")
_ROOT_CONDITION = re.compile(r"^(?:__fish_use_subcommand|__fish_\S+_needs_command)$")


def fish_condition_path(condition: str) -> tuple[str, ...] | None:
    """The command a fish condition ties a line to: `()` for the root, `("remote", "add")` for
    `__fish_seen_subcommand_from remote; and __fish_seen_subcommand_from add`; None when the
    condition is anything else (a line we cannot place is never read)."""
    parts = [" ".join(p.split()) for p in re.split(r";\s*and\s+|\s+&&\s+", condition.strip())]
    if len(parts) == 1 and _ROOT_CONDITION.match(parts[0]):
        return ()
    path: list[str] = []
    for part in parts:
        found = _SEEN.match(part) or _USING.match(part)
        if not found or not _PROGRAM_NAME.match(found.group(1)):
            return None  # `__fish_seen_subcommand_from a b` (either of two) or anything else
        path.append(found.group(1))
    return tuple(path)


def read_fish(text: str, names: set[str]) -> CompletionListing:
    """The options a fish completion file lists for a command named one of `names`."""
    listing = CompletionListing()
    seen: set[tuple[tuple[str, ...], tuple[tuple[int, int], ...], str]] = set()
    blocks: list[list[int]] = []  # [block number, branch number]; -1 for a block of no branches
    opened = 0
    for raw in _joined_lines(text):
        stripped = raw.strip()
        first = stripped.split(None, 1)[0] if stripped else ""
        if first in _FISH_BLOCKS and not re.search(r";\s*end\s*$", stripped):
            opened += 1  # (a block opened and closed on one line holds no line of its own)
            blocks.append([opened if first in ("if", "switch") else -1, 0])
            continue
        if first in ("else", "case") and blocks and blocks[-1][0] > 0:
            blocks[-1][1] += 1  # `else`, `else if …`, another `case`: an alternative branch
            continue
        if first == "end" and blocks:
            blocks.pop()
            continue
        if not stripped.startswith("complete ") and not stripped.startswith("complete\t"):
            continue
        words = fish_words(stripped)
        line = _fish_line(words) if words else None
        if line is None:
            listing.untied += 1
            continue
        if line.erase or not set(line.commands) & names:
            continue
        if not line.shorts and not line.longs:
            if line.olds:
                listing.untied += 1  # `-o name`: a single-dash long option, not spelled `--name`
            continue  # a line of arguments (subcommands, values of positionals)
        path: tuple[str, ...] | None = ()
        for condition in line.conditions:
            placed = fish_condition_path(condition)
            if placed is None or (path and placed and placed != path):
                path = None
                break
            path = placed or path
        if path is None:
            listing.untied += 1
            continue
        flag = _fish_flag(line)
        if flag is None:
            listing.untied += 1
            continue
        branches = tuple((block, branch) for block, branch in blocks if block > 0)
        key = (path, branches, flag.key)
        if key in seen:
            continue  # a file that lists one option twice (tealdeer's `-p`): the first stands
        seen.add(key)
        listing.options.append(ListedOption(path, flag, branches))
    return listing


_FISH_BLOCKS = ("if", "switch", "function", "for", "while", "begin")
"""The fish words that open a block `end` closes."""


def this_programs_branches(
    options: list[ListedOption], nodes: dict[tuple[str, ...], CrawledCommand]
) -> list[ListedOption]:
    """`options` without those of a fish block's other branches: where an `if … else … end`
    (or `switch`) lists options in alternative branches, each branch is one implementation's
    (fish's tr.fish: GNU's under `if command tr --version`, BSD's `-l u` under `else`), and the
    program whose help was read is the branch whose options its help holds the largest share
    of. The reader runs no shell to test the condition; a tie keeps every branch."""
    share: dict[tuple[int, int], list[int]] = {}
    for option in options:
        held = _holds(nodes[option.path], _ancestors(option.path, nodes), option.flag)
        for place in option.branches:
            counts = share.setdefault(place, [0, 0])
            counts[0] += held
            counts[1] += 1
    other: set[tuple[int, int]] = set()
    for block in {block for block, _ in share}:
        ratios = {b: h / n for (k, b), (h, n) in share.items() if k == block}
        best = max(ratios.values())
        if len(ratios) > 1 and list(ratios.values()).count(best) == 1:
            other.update((block, b) for b, ratio in ratios.items() if ratio != best)
    return [o for o in options if not other.intersection(o.branches)]


def _joined_lines(text: str) -> list[str]:
    """Lines with their `\\` continuations joined."""
    lines: list[str] = []
    pending = ""
    for line in text.splitlines():
        if line.endswith("\\") and not line.endswith("\\\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    if pending:
        lines.append(pending)
    return lines


def _fish_flag(line: _FishLine) -> Flag | None:
    longs = [n for n in line.longs if re.fullmatch(r"[A-Za-z0-9][\w.-]*", n)]
    shorts = [s for s in line.shorts if re.fullmatch(r"[A-Za-z0-9?]", s)]
    if not longs and not shorts:
        return None
    takes_value = bool(line.switches & {"r", "x"})
    unclear = not takes_value and (line.arguments is not None or "F" in line.switches)
    choices = _static_choices(line.arguments) if takes_value and line.arguments else None
    if takes_value or unclear:
        kind = FlagKind.VALUE
    else:
        kind = FlagKind.BOOLEAN
    value_type = ValueType.STRING
    if kind is FlagKind.VALUE and not unclear:
        if choices:
            value_type = ValueType.CHOICE
        elif "F" in line.switches:
            value_type = ValueType.PATH
    return Flag(
        name=longs[0] if longs else None,
        short=shorts[0] if shorts else None,
        help=" ".join(line.description.split()),
        kind=kind,
        value_type=value_type,
        choices=choices if value_type is ValueType.CHOICE else None,
        kind_guessed=unclear,
    )


def _static_choices(arguments: str) -> list[str] | None:
    """The values of `-a "a b c"` or clap's `-a "{auto\\tdesc,always\\tdesc}"`; None when the
    arguments are computed (a command substitution, a variable) or empty."""
    text = arguments.strip()
    if text.startswith("{") and text.endswith("}") and "\t" in text:
        # clap: `{value<TAB>description,…}`; a description may hold commas, never a tab
        items = re.findall(r"(?:^|,)([\w.:+@/-]+)\t", text[1:-1])
    elif not text or any(mark in text for mark in "($`*?{"):
        return None  # computed (a command substitution, a variable, a glob)
    else:  # fish words again: `binary\tBinary\ format text\tText\ format`
        words = fish_words(text)
        if words is None:
            return None
        items = [item.split("\t")[0] for item in words]
    items = [i for i in items if i]
    if not items or not all(re.fullmatch(r"[\w.:+@/-]+", i) for i in items):
        return None
    return list(dict.fromkeys(items))


# --- consulting the files after a crawl


def usage_name(parsed: ParsedHelp | None) -> str | None:
    """The program name the root's usage line prints (`fd` in `fd [OPTIONS] [pattern]`)."""
    if parsed is None or not parsed.usage:
        return None
    words = parsed.usage[0].split()
    if words and words[0].lower().rstrip(":") == "usage":
        words = words[1:]
    name = os.path.basename(words[0]) if words else ""
    return name if _PROGRAM_NAME.match(name) else None


_MACHINERY = frozenset({"help", "version"})


def _counted(flag: Flag) -> bool:
    return flag.name not in _MACHINERY and not (flag.name is None and flag.short == "h")


def listing_of(file: CompletionFile, names: set[str]) -> CompletionListing:
    if file.shell == "fish":
        return read_fish(file.text, names | {completion_program(file)})
    return read_zsh(file.text)


def consult_completions(
    files: list[CompletionFile],
    root: CrawledCommand,
    names: set[str],
    root_name: str,
    version: str | None = None,
) -> list[str]:
    """Note on the crawled commands the options only the program's own completion files list;
    return one sentence per third-party file that lists options the crawl lacks (a sign the
    load may be short: never taken from), unless the file says it was written for another
    major version of the program than `version` (`for_another_release`)."""
    signs: list[str] = []
    nodes = _read_nodes(root)
    own_listed = False  # an own file was taken: another file adds nothing but doubt
    for file in sorted(files, key=lambda f: (not f.own, f.shell != "fish")):
        if own_listed:
            continue  # one own file is the witness: fish's line-per-option files first
        listing = listing_of(file, names)
        options = [o for o in listing.options if _counted(o.flag) and o.path in nodes]
        options = this_programs_branches(options, nodes)
        if not options:
            continue
        if file.own:
            own_listed = _take(file, options, nodes) or own_listed
        elif agrees_with_help(options, nodes):  # a file of another version says nothing
            missing = _missing([o for o in options if not _undescribed(o, options)], nodes)
            if (
                missing
                and not _spells_another_version(missing, nodes)
                and not for_another_release(file, names, version)
            ):
                signs.append(_third_party_sign(file, root_name, missing))
    return signs


_HIDDEN_MARKERS = ("==SUPPRESS==",)
"""Descriptions that are a parser's own mark for an option it hides, copied by a generator
that writes every option's help as is (argparse's `help=SUPPRESS`, which `--help` never
prints: `complete -c prog -l 'ignore-config' -d '==SUPPRESS=='`)."""


def _undescribed(option: ListedOption, options: list[ListedOption]) -> bool:
    """Whether the file lists `option` as an option the program hides from its help, so it is
    taken hidden: with a parser's hidden mark for its description (`_HIDDEN_MARKERS`), or with
    no description while it describes nearly all the others (how generators write yt-dlp's
    deprecated aliases)."""
    if option.flag.help.strip() in _HIDDEN_MARKERS:
        return True
    if option.flag.help:
        return False
    described = sum(1 for o in options if o.flag.help)
    return described >= 0.8 * len(options)


def _read_nodes(root: CrawledCommand) -> dict[tuple[str, ...], CrawledCommand]:
    result: dict[tuple[str, ...], CrawledCommand] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if node.rejected or node.parsed is None:
            continue
        result[tuple(node.path)] = node
        stack.extend(node.children)
    return result


def _holds(node: CrawledCommand, ancestors: list[CrawledCommand], flag: Flag) -> bool:
    """Whether the crawl already has `flag` on `node` (its help, another listing, an ancestor's
    persistent flags)."""
    for owner in (node, *ancestors):
        assert owner.parsed is not None
        shown = owner.parsed.shown_flags()
        if shown(flag.name, flag.short):
            return True
        if any(
            (flag.name and f.name == flag.name) or (flag.short and f.short == flag.short)
            for f in owner.listing_flags
        ):
            return True
    return False


def _ancestors(path: tuple[str, ...], nodes: dict[tuple[str, ...], CrawledCommand]):
    return [nodes[path[:i]] for i in range(len(path)) if path[:i] in nodes]


def agrees_with_help(options: list[ListedOption], nodes: dict) -> bool:
    """Whether the file describes the program whose help was read: when the root's help shows
    four or more long options, at least half of them are in the file's root options, or at
    least half of the file's are in the help. An older file lists fewer options than today's
    help (htop's fish file: 6 of the help's 11) and is still that program's; a file of another
    program of the same name shares few either way."""
    root = nodes.get(())
    if root is None or root.parsed is None:
        return False
    shown = {f.name for f in root.parsed.flags if f.name and f.name not in _MACHINERY}
    if len(shown) < 4:
        return True
    listed = {o.flag.name for o in options if o.path == () and o.flag.name} - _MACHINERY
    common = len(shown & listed) * 2
    return common >= len(shown) or (len(listed) >= 4 and common >= len(listed))


def _take(
    file: CompletionFile,
    options: list[ListedOption],
    nodes: dict[tuple[str, ...], CrawledCommand],
) -> bool:
    """Take what only the program's own file lists; False when the file is no witness."""
    if not agrees_with_help(options, nodes):
        return False  # a file of another version or program of that name: no witness
    witness = FISH_WITNESS if file.shell == "fish" else ZSH_WITNESS
    counted: dict[tuple[str, ...], set[str]] = {}
    for option in options:
        node = nodes[option.path]
        counted.setdefault(option.path, set()).add(option.flag.key)
        if _holds(node, _ancestors(option.path, nodes), option.flag):
            continue
        flag = option.flag.model_copy()
        flag.listed_by = witness
        flag.hidden = _undescribed(option, options)
        if flag.help.strip() in _HIDDEN_MARKERS:
            flag.help = ""  # the parser's mark, no words about the option
        node.listing_flags.append(flag)
    for path, keys in counted.items():
        node = nodes[path]
        node.listing_seen[witness] = (0, len(keys))
        node.listing_keys[witness] = keys
    return True


def _missing(
    options: list[ListedOption], nodes: dict[tuple[str, ...], CrawledCommand]
) -> list[ListedOption]:
    """The long options of a third-party file the crawl lacks (its short letters are where BSD
    and GNU options mix: `cp -X` is BSD's; a long name is one program's)."""
    result = []
    for option in options:
        flag = option.flag
        node = nodes[option.path]
        if not flag.name or _holds(node, _ancestors(option.path, nodes), flag):
            continue
        if _spelled(node, flag.name):
            continue  # the text spells it (`--fast / --safe`): another flag's other spelling
        if _held_below(option.path, nodes, flag):
            continue  # a file listing every command's options at the top, once
        if _slip_of_a_shown_name(node, flag.name):
            continue  # `--chack-header` beside the help's `--check-header`
        result.append(option)
    return result


def _slip_of_a_shown_name(node: CrawledCommand, name: str) -> bool:
    """Whether a name a third-party file lists is its writer's slip for one the help shows: one
    letter changed in a name of six or more (gettext's `--chack-header` in fish's file for the
    `--check-header` msgfmt's help shows). Digits are no slip (`--ipv4`, `--ipv6`); a name
    differing in more than one letter is another option (`--lines`, `--files`)."""
    assert node.parsed is not None
    held = {f.name for f in (*node.parsed.flags, *node.parsed.inherited) if f.name}
    return len(name) >= 6 and any(_one_letter_apart(name, other) for other in held)


def _one_letter_apart(name: str, other: str) -> bool:
    if len(name) != len(other):
        return False
    changed = [(a, b) for a, b in zip(name, other, strict=True) if a != b]
    return len(changed) == 1 and not any(c.isdigit() for c in changed[0])


def _held_below(
    path: tuple[str, ...], nodes: dict[tuple[str, ...], CrawledCommand], flag: Flag
) -> bool:
    """Whether a command below `path` shows `flag`: a file that lists the options its
    subcommands share as the program's own, with no condition (fish offers such a line after
    any subcommand), names what the help shows where the
    option belongs, no option the crawl lacks."""
    return any(
        other[: len(path)] == path and len(other) > len(path) and _holds(node, [], flag)
        for other, node in nodes.items()
    )


def _spells_another_version(
    missing: list[ListedOption], nodes: dict[tuple[str, ...], CrawledCommand]
) -> bool:
    """Whether most of the names a third-party file lists and the help never spells are
    another version's spellings of options the help shows: the same name with `_` for `-`
    (`--highlight_style` beside `--highlight-style`) or the same leading word with another
    ending (`--katex-stylesheet` beside `--katex`, `--reference-file` beside `--reference-doc`).
    Such a file is stale (pandoc 1.x's fish file for pandoc 2.17): its extra names are the old
    spellings, no sign the load is short. A name that is a word of its own (htop's
    `--no-colour` beside `--no-color`: a negation is no leading word) still speaks."""
    renamed = 0
    for option in missing:
        node = nodes[option.path]
        assert node.parsed is not None and option.flag.name
        shown = {f.name for f in node.parsed.flags if f.name}
        name = option.flag.name.replace("_", "-")
        lead = _leading_word(name)
        if name in shown or any(_leading_word(s) == lead for s in shown):
            renamed += 1
    return renamed * 2 > len(missing)


def _leading_word(name: str) -> str:
    """`katex-stylesheet` → `katex`; a negation is no word of its own (`no-colour` → `colour`)."""
    return re.sub(r"^(?:no|disable|without)-", "", name).split("-", 1)[0]


def _spelled(node: CrawledCommand, name: str) -> bool:
    text = node.fetched.text if node.fetched else None
    if text and (off := re.fullmatch(r"no-?(\w[\w-]*)", name)):
        # Getopt::Long's `--[no]color` spells `--nocolor` (and `--no-color`) too
        return bool(re.search(rf"--\[no-?\]{re.escape(off.group(1))}(?![\w-])", text)) or bool(
            re.search(rf"(?<![\w-])--{re.escape(name)}(?![\w-])", text)
        )
    return bool(text and re.search(rf"(?<![\w-])--{re.escape(name)}(?![\w-])", text))


_STATED_RELEASE = re.compile(r"^#\s*(?P<name>[\w.+-]+)\s+v?(?P<major>\d+)\.\d+", re.MULTILINE)


def for_another_release(file: CompletionFile, names: set[str], version: str | None) -> bool:
    """Whether a third-party file's opening comment names the program with a release of another
    major version than the one installed (`# Yarn 1.22.4` atop fish's yarn file, for yarn
    4.18.1, whose commands and options were rewritten): what it lists beyond the help is that
    release's, no sign the load is short."""
    if not version or not (installed := re.match(r"(\d+)\.", version)):
        return False
    head = "\n".join(file.text.splitlines()[:5])
    wanted = {name.lower() for name in names}
    return any(
        found.group("name").lower() in wanted and found.group("major") != installed.group(1)
        for found in _STATED_RELEASE.finditer(head)
    )


def _third_party_sign(file: CompletionFile, root_name: str, missing: list[ListedOption]) -> str:
    spelled = [" ".join([*option.path, f"--{option.flag.name}"]) for option in missing]
    shown = ", ".join(spelled[:4]) + (", …" if len(missing) > 4 else "")
    count = f"{len(missing)} option" + ("" if len(missing) == 1 else "s")
    return (
        f"the {file.shell} completion for {root_name} ({file.path}: {file.provenance}, so not taken "
        f"from) lists {count} the help does not show ({shown}): check them in {root_name}'s "
        "documentation and add the real ones by hand"
    )


# --- reading zsh files (`_arguments` specs)

_Segment = tuple[str, bool]
"""A piece of a zsh word: its text and whether it was quoted (a quoted `{a,b}` is no brace)."""
_VARIABLE = "\x00"
"""Stands for an unquoted `$name` in a word: a value this reader does not know."""


_PATTERN_ALTERNATIVE = re.compile(
    r"\|[ \t]*[\w.+-]+(?:[ \t]*\|[ \t]*[\w.+-]+)*[ \t]*\)[ \t]*(?:\n|$)"
)
"""The rest of a case pattern's line after a `|` (`| b)`): alternatives, then the `)` closing it."""


def zsh_commands(text: str) -> list[list[list[_Segment]]]:
    """The simple commands of a zsh file, each a list of words, each a list of segments; an
    array assignment's elements (`name=( … )`, over many lines) stay in its command. Quotes are
    resolved as zsh does (`'…'` literal, `"…"` with `\\` escapes, `$'…'`); no expansion is run."""
    commands: list[list[list[_Segment]]] = []
    words: list[list[_Segment]] = []
    word: list[_Segment] = []
    depth = 0
    i, n = 0, len(text)

    def end_word() -> None:
        nonlocal word
        if word:
            words.append(word)
            word = []

    def end_command() -> None:
        nonlocal words
        end_word()
        if words:
            commands.append(words)
            words = []

    while i < n:
        char = text[i]
        if char == "\\" and i + 1 < n:
            if text[i + 1] != "\n":
                word.append((text[i + 1], True))
            i += 2
        elif char == "'":
            end = text.find("'", i + 1)
            end = n if end < 0 else end
            word.append((text[i + 1 : end], True))
            i = end + 1
        elif char == "$" and text.startswith("$'", i):
            j, piece = i + 2, []
            while j < n and text[j] != "'":
                if text[j] == "\\" and j + 1 < n:
                    piece.append(text[j + 1])
                    j += 2
                    continue
                piece.append(text[j])
                j += 1
            word.append(("".join(piece), True))
            i = j + 1
        elif char == '"':
            j, piece = i + 1, []
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n and text[j + 1] in '"\\$`\n':
                    piece.append(text[j + 1])
                    j += 2
                    continue
                if text[j] == "$":
                    piece.append(_VARIABLE)
                piece.append(text[j])
                j += 1
            word.append(("".join(piece), True))
            i = j + 1
        elif char == "$":
            match = re.match(r"\$(\{[^}]*\}|[A-Za-z_]\w*|[@*#?$!0-9])", text[i:])
            word.append((_VARIABLE + (match.group(0) if match else "$"), False))
            i += len(match.group(0)) if match else 1
        elif char == "#" and not word:
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif char == "(" and word and "".join(t for t, _ in word).endswith("="):
            word.append(("(", False))
            end_word()
            depth += 1
            i += 1
        elif char == ")" and depth and not word:
            depth -= 1
            i += 1
            if not depth:
                end_command()
        elif char in " \t":
            end_word()
            i += 1
        elif (
            char == "|"
            and not depth
            and not text.startswith("||", i)
            and _PATTERN_ALTERNATIVE.match(text, i)
        ):  # `build | b)`: one case pattern with two alternatives, not a pipe
            end_word()
            words.append([("|", False)])
            i += 1
        elif text.startswith(";;", i) and not depth:
            end_command()
            commands.append([[(";;", False)]])  # a case branch ends: its pattern no longer holds
            i += 2
        elif char in "\n;" or text.startswith(("&&", "||"), i) or char == "|":
            if depth:
                end_word()
            else:
                end_command()
            i += 2 if text.startswith(("&&", "||"), i) else 1
        else:
            word.append((char, False))
            i += 1
    end_command()
    return commands


def _expand(word: list[_Segment]) -> list[str]:
    """The words a zsh word stands for after brace expansion of its unquoted `{a,b}` parts."""
    merged: list[_Segment] = []
    for text, quoted in word:  # one unquoted run, so a `{a,b}` is whole
        if merged and merged[-1][1] == quoted:
            merged[-1] = (merged[-1][0] + text, quoted)
        else:
            merged.append((text, quoted))
    results = [""]
    for text, quoted in merged:
        if quoted or not re.search(r"\{[^{}]*,[^{}]*\}", text):
            results = [r + text for r in results]
            continue
        parts = re.split(r"(\{[^{}]*,[^{}]*\})", text)
        for part in parts:
            if part.startswith("{") and part.endswith("}") and "," in part:
                results = [r + alt for r in results for alt in part[1:-1].split(",")]
            else:
                results = [r + part for r in results]
    return results


_ARGUMENTS_OPTIONS = re.compile(r"^-(?:[sSCwWAR0]+|[nMO])$")
"""`_arguments`'s own options before its specs (`-C -s -S`)."""
_ZSH_SPEC = re.compile(
    r"^(?P<marks>(?:\([^)]*\)|\*|!)*)"
    r"(?P<name>--?[A-Za-z0-9?][\w.?-]*?)(?P<suffix>=-|[-+=])?"
    r"(?P<description>\[(?:[^\]\\]|\\.)*\])?"
    r"(?P<rest>:.*)?$",
    re.DOTALL,
)


def read_zsh(text: str) -> CompletionListing:
    """The options of a zsh completion file, tied to their commands: the root's are the specs of
    its first `_arguments` call that lists options outside a subcommand's branch (elements of an
    array it names, `$fd_args`, included); a subcommand's are the specs of an `_arguments` call in
    its branch of a `case` on the command line's words (`case ${words[1]} in build | b)` in cargo's
    file, `case $line[1] in (build)` in clap's, nested for deeper paths). A branch of a `case` on
    `$state` keeps the path it is in (`->args` only names the state); a branch of a `case` on
    anything else (`$service`, a variable of the file's own) is not read."""
    listing = CompletionListing()
    arrays: dict[str, list[list[_Segment]]] = {}
    frames: list[_CaseFrame] = []
    root_read = False
    seen: set[tuple[tuple[str, ...], str]] = set()
    for words in zsh_commands(text):
        texts = ["".join(t for t, _ in w) for w in words]
        head = texts[0]
        if head.endswith("=(") and re.fullmatch(r"[A-Za-z_]\w*=\(", head):
            elements = words[1:]
            computed = all(_VARIABLE in "".join(t for t, _ in w) for w in elements)
            if not (computed and head[:-2] in arrays):  # `a=( ${(@)a:#…} )`: a filter of it
                arrays[head[:-2]] = elements
            continue
        scalar = re.fullmatch(r"([A-Za-z_]\w*)=(.+)", head, re.DOTALL)
        if scalar and len(words) == 1 and scalar.group(2).lstrip("\x00$")[:1] in "-(*!'{":
            arrays.setdefault(scalar.group(1), [_after_equals(words[0])])  # `msgfmt='--x=[…]…'`
            continue
        if head == "case" and len(texts) == 3 and texts[2] == "in":
            frames.append(_CaseFrame(_case_subject(texts[1])))
            continue
        if texts == ["esac"]:
            if frames:
                frames.pop()
            continue
        if texts == [";;"]:
            if frames:
                frames[-1].branch = None
            continue
        if frames and frames[-1].branch is None and _is_pattern(texts):
            frames[-1].branch = [t.strip("()") for t in texts if t != "|"]
            continue
        if head != "_arguments":
            continue
        path = _branch_path(frames)
        if path is None or (path == () and root_read):
            continue
        specs = _argument_words(words[1:], arrays)
        options = [o for o in (_zsh_option(w) for w in specs) if o is not None]
        if not options:
            continue
        for flag in options:
            if (path, flag.key) not in seen:
                seen.add((path, flag.key))
                listing.options.append(ListedOption(path, flag))
        if path == ():
            root_read = True
            listing.untied = sum(1 for w in specs if _zsh_option(w) is None)
    return listing


@dataclass
class _CaseFrame:
    """One `case … in` being read: what it tests, and the current branch's pattern words."""

    subject: Literal["words", "state", "other"]
    branch: list[str] | None = None


def _case_subject(word: str) -> Literal["words", "state", "other"]:
    """`words` for `$words[1]`/`${line[1]}` (the command line's next word: a subcommand),
    `state` for `$state`, `other` for anything else."""
    if re.fullmatch(r"\x00\$\{?(?:words|line)\[\d+\]\}?", word):
        return "words"
    if re.fullmatch(r"\x00\$\{?state\}?", word):
        return "state"
    return "other"


def _is_pattern(texts: list[str]) -> bool:
    """`add)`, `(build)`, `build | b)`: a case branch's pattern (a subcommand's names)."""
    if not texts[-1].endswith(")") or texts[-1].endswith("()"):
        return False
    names = [t for t in texts if t != "|"]
    return all(re.fullmatch(r"\(?[\w.+*-]+\)?", t) for t in names) and len(names) * 2 - 1 == len(
        texts
    )


def _branch_path(frames: list[_CaseFrame]) -> tuple[str, ...] | None:
    """The subcommand path a spec at this point of the file belongs to, or None when it is under
    a branch no rule reads (a `case` on something else, a default `*)` branch)."""
    path: list[str] = []
    for frame in frames:
        if frame.subject == "state":
            continue
        if frame.subject == "other" or frame.branch is None:
            return None
        names = [n for n in frame.branch if re.fullmatch(r"[\w.+-]+", n) and not n.isdigit()]
        if not names:
            return None
        path.append(names[0])  # `build | b)`: the command's name first, its alias after
    return tuple(path)


def _after_equals(word: list[_Segment]) -> list[_Segment]:
    """A scalar assignment's value: its word without the `name=` it starts with."""
    rest: list[_Segment] = []
    dropped = False
    for text, quoted in word:
        if not dropped and not quoted and "=" in text:
            text = text.split("=", 1)[1]
            dropped = True
        elif not dropped:
            continue
        if text:
            rest.append((text, quoted))
    return rest


def _argument_words(words: list[list[_Segment]], arrays) -> list[list[str]]:
    """`_arguments`'s specs: its words after its own options (or after `:`), arrays named by a
    plain `$name` replaced by their elements; each spec as the spellings brace expansion gives."""
    expanded = _array_words(words, arrays, depth=0)
    if any(w == [":"] for w in expanded):
        expanded = expanded[[w == [":"] for w in expanded].index(True) + 1 :]
    else:
        while expanded and len(expanded[0]) == 1 and _ARGUMENTS_OPTIONS.match(expanded[0][0]):
            taken = expanded.pop(0)[0]
            if taken in ("-A", "-O", "-M") and expanded:
                expanded.pop(0)  # `-A "^--"`, `-O name`, `-M spec`: the option's own argument
    groups: list[list[str]] = []
    skip_group_name = False
    for spellings in expanded:
        if skip_group_name:
            skip_group_name = False
            continue
        if spellings == ["+"]:
            skip_group_name = True  # `+ '(hidden)'`: a group of specs, named
            continue
        # a leading unquoted variable (`$no'(…)--flag[…]'`) only switches completion off
        cleaned = [re.sub(r"^\x00\$?\w*", "", s) for s in spellings]
        if any(_VARIABLE in s for s in cleaned):
            continue
        groups.append(cleaned)
    return groups


def _array_words(words: list[list[_Segment]], arrays, depth: int) -> list[list[str]]:
    """`words` with every plain reference to an array the file set (`$common`, `"${jobs[@]}"`,
    also inside another array's elements) replaced by its elements, brace-expanded."""
    expanded: list[list[str]] = []
    for word in words:
        text = "".join(t for t, _ in word)
        name = re.sub(r"\[[@*]\]$", "", text[1:].lstrip("$").strip('{}"'))
        if text.startswith(_VARIABLE) and name in arrays and depth < 4:
            expanded += _array_words(arrays[name], arrays, depth + 1)
        else:
            expanded.append(_expand(word))
    return expanded


def _zsh_option(spellings: list[str]) -> Flag | None:
    """One option from the spellings of one spec (`-X[…]:…`, `--request[…]:…`), or None."""
    parsed = [_ZSH_SPEC.match(s) for s in spellings]
    if not parsed or not all(parsed):
        return None
    longs, shorts = [], []
    first = parsed[0]
    assert first is not None
    for match in parsed:
        assert match is not None
        name = match.group("name")
        if name.startswith("--"):
            longs.append(name[2:])
        elif len(name) == 2:
            shorts.append(name[1])
        else:
            return None  # a single-dash long option (`-name`)
    description = (first.group("description") or "[]")[1:-1]
    description = re.sub(r"\\(.)", r"\1", description)
    rest = first.group("rest") or ""
    takes_value = bool(first.group("suffix")) or rest.startswith(":")
    flag = Flag(
        name=longs[0] if longs else None,
        short=shorts[0] if shorts else None,
        help=" ".join(description.split()),
        kind=FlagKind.VALUE if takes_value else FlagKind.BOOLEAN,
        hidden="!" in first.group("marks"),
        repeatable="*" in first.group("marks") and takes_value,
    )
    if takes_value:
        parts = re.split(r"(?<!\\):", rest.lstrip(":"), maxsplit=1)
        message = parts[0].strip()
        action = parts[1].strip() if len(parts) > 1 else ""
        flag.optional_value = rest.startswith("::")
        if message and re.fullmatch(r"<[^<>]+>", message):
            flag.metavar = message.strip("<>")
        choices = _zsh_choices(action)
        if choices:
            flag.value_type, flag.choices = ValueType.CHOICE, choices
        elif re.match(r"_(?:files|path_files|directories)\b", action):
            flag.value_type = ValueType.PATH
    return flag


def _zsh_choices(action: str) -> list[str] | None:
    """`(DELETE GET HEAD)` or `((auto\\:"desc" never\\:"desc"))`: the values; else None."""
    if _VARIABLE in action:
        return None
    described = re.fullmatch(r"\(\((.*)\)\)", action, re.DOTALL)
    if described:
        items = re.findall(r"(?:^|\s)([\w.+@/-]+)\\?:", described.group(1))
    else:
        plain = re.fullmatch(r"\(([\w.+@/\s-]+)\)", action)
        items = plain.group(1).split() if plain else []
    return list(dict.fromkeys(items)) or None
