"""Manual pages pod2man renders from a Perl program's Pod (docs/crawler.md, "Round 36"): the
NAME and the `=item C<…>` terms in quotes, on a made-up page in that layout (`critter`).

The expected spellings are read off the page by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.manpage import read_page

POD_PAGE = """\
CRITTER(1p)              User Contributed Perl Documentation             CRITTER(1p)

NAME
       "critter" - Command-line interface to critique code.

SYNOPSIS
         critter [-123 | --gentle | --harsh] [--profile file] FILE

OPTIONS
       Option names can be abbreviated to uniqueness.

       "--profile FILE" or "-p FILE"
           Use the profile named by FILE.

       "--noprofile"
           Load no profile at all.

       "-3 | -2 | -1"
           Numeric shortcuts for the severity.

       "--gentle | --harsh"
           Named shortcuts for the severity.

       "--theme RULE"
           Apply only policies whose themes satisfy RULE.

"""


def _spellings(page: str) -> set[str]:
    options = page.split("OPTIONS", 1)[1]
    return set(re.findall(r'(?<=["| ])(--?[\w-]+)(?=[" ])', options))


def test_a_pod_page_names_its_program_in_quotes():
    assert read_page(POD_PAGE, "critter") is not None


def test_quoted_terms_are_read_or_joining_spellings_and_bars_parting_options():
    page = read_page(POD_PAGE, "critter")
    assert page is not None
    flags = {f.name or f.short: f for f in page.flags}
    spelled = {
        n
        for f in page.flags
        for n in (f"--{f.name}" if f.name else None, f"-{f.short}" if f.short else None)
        if n
    }
    assert spelled == _spellings(POD_PAGE)
    assert flags["profile"].short == "p" and flags["profile"].kind.value == "value"
    # `-3 | -2 | -1`: three options, each with the shared description
    assert {"3", "2", "1"} <= set(flags) and flags["2"].name is None
    assert flags["gentle"].kind.value == "boolean" and flags["harsh"].short is None
