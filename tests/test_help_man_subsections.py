"""A man page that documents options under subsections of a section whose title names none
(docs/crawler.md "Session 25"): each subsection's rows are read on their own, so the page's
commands-as-options (`--sign`, `--encrypt` under `COMMANDS`, `   Commands to select …`) are
seen, the page agrees with a help that shows them, and its options fill a help that says it
is partial.

The page is made up (a program named `cryptx`, in the layout man renders for a texinfo-made
page with `.SS` subsections); the expected values are read off it by hand.
"""

from __future__ import annotations

from workbench.loaders.help.manpage import read_page

PAGE = """CRYPTX(1)                        Crypt Tools 1.2                        CRYPTX(1)

NAME
       cryptx - sign and encrypt files

SYNOPSIS
       cryptx [--homedir dir] [options] command [args]

COMMANDS
       Commands are not distinguished from options except that only one is allowed.

   Commands not specific to the function

       --version
              Print the program version.

       --dump-options
              Print a list of all options and commands.

   Commands to select the type of operation

       --sign
       -s     Sign a message.

       --encrypt
       -e     Encrypt data to one or more public keys.

       --list-keys
              List the keys of the keyrings.

OPTIONS
   How to change the configuration

       --default-key name
              Use name as the default key to sign with.

       -v, --verbose
              Give more information during processing.

SEE ALSO
       cryptx-agent(1)
"""


def test_each_subsection_of_a_section_naming_no_options_is_read_for_rows():
    page = read_page(PAGE, "cryptx")
    assert page is not None
    elsewhere = {f.name: f for f in page.elsewhere if f.name}
    assert {"sign", "encrypt", "list-keys", "dump-options"} <= set(elsewhere)
    assert elsewhere["sign"].short == "s" and elsewhere["sign"].help == "Sign a message."
    assert elsewhere["encrypt"].short == "e"


def test_the_options_section_reads_as_before():
    page = read_page(PAGE, "cryptx")
    assert page is not None
    flags = {f.name: f for f in page.flags if f.name}
    assert set(flags) == {"default-key", "verbose"}
    assert flags["default-key"].kind == "value" and flags["default-key"].metavar == "name"
    assert flags["verbose"].short == "v"


def test_prose_under_a_subsection_is_no_row():
    page = read_page(PAGE, "cryptx")
    assert page is not None
    assert all(f.name for f in page.elsewhere)  # `Commands are not distinguished …` is prose
    assert not any("distinguished" in (f.help or "") for f in page.elsewhere)
