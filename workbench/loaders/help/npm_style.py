"""npm's help texts (`npm install --help`): an options section that opens with a synopsis of
every spelling in brackets, then describes only some of them:

    Options:
    [-S|--save|--no-save|--save-prod|--save-dev|--save-optional|--save-peer|--save-bundle]
    [-E|--save-exact] [-g|--global]

      -S|--save
        Save installed packages to a `package.json` file as dependencies.

The spellings the synopsis names without a description are switches too (`--save-dev`), and a
`--no-x` of a described `--x` makes it negatable. The rest is the shared reading (`-S|--save`
entries, `All commands:` comma lists, the trailing `aliases: i, add` line, values named only in
the synopsis: `[--install-strategy <hoisted|nested>]`).
"""

from __future__ import annotations

from workbench.loaders.help.document import HelpDocument
from workbench.loaders.help.generic import Rules
from workbench.loaders.help.parsed import ParsedHelp
from workbench.loaders.help.synopsis import synopsis_flags
from workbench.model.tree import FlagKind

SIGNS = (
    (r"^\[--?[\w-]+(\|--?[\w-]+)+\]", 3),
    (r"^All commands:\s*$", 2),
)
"""The marks npm's help leaves (pattern, weight), for `detect.py`."""


def switches_from_option_synopsis(doc: HelpDocument, parsed: ParsedHelp, path: list[str]) -> None:
    """Every spelling the bracketed synopsis atop the options names is a flag: the undescribed
    ones are switches, and `--no-x` of a described `--x` makes it negatable."""
    if not parsed.flags:
        return  # flags read from the usage line: the synopsis is all there is
    bracketed = [
        line.strip()
        for s in doc.sections
        if RULES.is_flags(s)
        for line in s.lines
        if line.strip().startswith("[-")
    ]
    if not bracketed:
        return
    known = {f.key: f for f in parsed.flags} | {f.short: f for f in parsed.flags if f.short}
    for flag in synopsis_flags([" ".join(bracketed)]):
        if not flag.name or flag.key in known or flag.kind is not FlagKind.BOOLEAN:
            continue
        if flag.name.startswith("no-") and flag.name[3:] in known:
            known[flag.name[3:]].negatable = True
            continue
        flag.default = False
        parsed.flags.append(flag)
        known[flag.key] = flag


RULES = Rules(name="npm", finish=[switches_from_option_synopsis])
