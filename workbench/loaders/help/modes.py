"""Options a help lists under a heading that names one of the command's subcommands.

A manual-style help may describe a command's modes in one text: git-lfs's `git lfs migrate
--help` lists the options every mode takes under `Options:`, then each mode's own under an
AsciiDoc sub-head (`=== INFO`, `=== IMPORT`, `=== IMPORT WITHOUT REWRITING HISTORY`, `===
EXPORT`), and each mode is a subcommand (`git lfs migrate info`) whose own help is that same
text. Read flat, every mode's options become the parent's (`migrate --above`, which the program
rejects). Here a flag whose every entry row in the text lies under such sub-heads, each naming
a subcommand the crawl kept (the head's first word, any case), is that subcommand's (each
one's, when several heads list it) and not the parent's. A flag listed under no sub-head, or
also outside one, stays the parent's; a head naming no subcommand (`=== Migrate unpushed
commits` among the examples) changes nothing.
"""

from __future__ import annotations

import re

from workbench.loaders.help.assemble import CrawledCommand
from workbench.model.tree import Flag

_SUB_HEAD = re.compile(r"^(?:={2,}|#{2,})[ \t]+(?P<title>\S.*?)[ \t]*[=#]*[ \t]*$")
"""A sub-head as a manual's source prints it raw: AsciiDoc's `=== NAME`, markdown's `## NAME`."""
_UNDERLINE = re.compile(r"^[ \t]*(?:-{3,}|={3,})[ \t]*$")
_ENTRY_ROW = re.compile(r"^[ \t]{0,4}(?P<term>--?[A-Za-z0-9?][^\s,:=\[<]*)(?P<rest>.*)$")


def mode_parts(text: str) -> list[tuple[str, int, int]]:
    """`(first word of the head, lower case, first line, end line)` of each sub-head's part: it
    runs to the next sub-head or the next heading underlined with `---`/`===`."""
    lines = text.split("\n")
    parts: list[tuple[str, int, int]] = []
    current: tuple[str, int] | None = None
    for index, line in enumerate(lines):
        head = _SUB_HEAD.match(line)
        underlined = index + 1 < len(lines) and _UNDERLINE.match(lines[index + 1]) and line.strip()
        if head or underlined:
            if current:
                parts.append((current[0], current[1], index))
            current = (head.group("title").split()[0].lower(), index + 1) if head else None
    if current:
        parts.append((current[0], current[1], len(lines)))
    return parts


def _entry_lines(text: str) -> dict[str, list[int]]:
    """The lines on which each option spelling starts an entry row (`--above=<size>:`, `-m
    <message>:`, `--top N   Show …`), not a sentence that begins with an option's name."""
    rows: dict[str, list[int]] = {}
    for index, line in enumerate(text.split("\n")):
        match = _ENTRY_ROW.match(line)
        if not match:
            continue
        rest = match.group("rest").rstrip()
        if rest.endswith(":") or not rest or re.match(r"^(?:[= ]\S*)?\s{2,}\S", rest):
            rows.setdefault(match.group("term"), []).append(index)
    return rows


def _spellings(flag: Flag) -> list[str]:
    names = [f"--{flag.name}"] if flag.name else []
    if flag.short:
        names.append(f"-{flag.short}")
    return [*names, *flag.aliases]


def give_mode_options(root: CrawledCommand) -> None:
    """Move, in the whole crawled tree, the flags a help lists only under sub-heads naming its
    subcommands to those subcommands (rules above)."""
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        text = node.fetched.text if node.fetched and node.fetched.text else ""
        if node.parsed is None or not text or not node.children:
            continue
        parts = mode_parts(text)
        if not parts:
            continue
        children = {
            child.path[-1].lower(): child
            for child in node.children
            if child.parsed is not None and not child.rejected
        }
        rows = _entry_lines(text)
        kept: list[Flag] = []
        for flag in node.parsed.flags:
            lines = [line for name in _spellings(flag) for line in rows.get(name, [])]
            owners = {word for word, start, end in parts for line in lines if start <= line < end}
            under_heads = all(any(s <= line < e for _, s, e in parts) for line in lines)
            if not lines or not under_heads or not owners or not owners <= children.keys():
                kept.append(flag)
                continue
            for word in sorted(owners):
                _give(children[word], flag)
        node.parsed.flags = kept


def _give(child: CrawledCommand, flag: Flag) -> None:
    """`flag` (read from the parent's text) as `child`'s own, in place of what another listing
    gave for the same names (the help row says its kind; the engine's guess does not)."""
    assert child.parsed is not None
    names = set(_spellings(flag))
    if child.parsed.shown_flags()(flag.name, flag.short):
        return  # its own help read it already
    child.listing_flags = [f for f in child.listing_flags if not names & set(_spellings(f))]
    child.parsed.flags.append(flag.model_copy(deep=True))
