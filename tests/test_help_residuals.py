"""The crawler's known residual misses (issue 12, round 16's residuals): short loads that said
nothing, a complete load with a false alarm, and option rows a help style owns that were not
read. Each on the real CLI's help: its corpus recording replayed (its exact help outputs, man
pages and completion files), expected values read off those texts by hand."""

from __future__ import annotations

from test_help_witness_r16 import crawled

from workbench.loaders.help.flags import FlagStyle, parse_flag
from workbench.loaders.help.shortness import nameless_rows


def _flag(tree, name: str, path: str | None = None):
    command = tree.root if path is None else tree.find(path)
    assert command is not None, path
    return next((f for f in command.flags if f.name == name), None)


# --- a short load says so: options spelled with dashes alone ---------------------------------


def test_an_argparse_row_of_dashes_alone_is_named():
    yamllint = (
        "options:\n"
        "  -h, --help            show this help message and exit\n"
        "  -                     read from standard input\n"
        "  -c CONFIG_FILE, --config-file CONFIG_FILE\n"
        "                        path to a custom configuration\n"
    )
    assert nameless_rows(yamllint, declared_rows=True) == ["- (read from standard input)"]
    cz = "  --dry-run             Perform a dry run.\n  --                    Positional arguments separator (recommended).\n"
    assert nameless_rows(cz, declared_rows=True) == [
        "-- (Positional arguments separator (recommended))"
    ]
    # outside argparse a `--` row documents the end of options (tree 2.1), which the server
    # writes itself: no option missing
    tree = "  -a            All files are listed.\n  --            Options processing terminator.\n"
    assert nameless_rows(tree) == []
    # so does a `-` row outside argparse: the operand naming standard input, a positional's
    # value (`vmrun [options] [ script.js ]`), not an option the tool lacks
    runtime = (
        "Options:\n"
        "  -                           script read from stdin (default if no\n"
        "                              file name is provided)\n"
        "  --                          indicate the end of vmrun options\n"
        "  --check                     syntax check script without executing\n"
    )
    assert nameless_rows(runtime) == []
    # a bulleted list is no option row (one space after its dash), nor a lone dash in prose
    assert nameless_rows("Notes:\n  - first point\n  - second point\n") == []


def test_a_crawl_whose_help_lists_an_option_of_dashes_alone_says_it_is_short(tmp_path):
    # yamllint's `-` (read from standard input), cz commit's `--`: no flag can hold them
    for cli, named in (
        ("yamllint", "yamllint - (read from standard input)"),
        ("cz", "cz commit --"),
    ):
        tree = crawled(cli, tmp_path / cli)
        assert tree.coverage is not None, cli
        assert any("dashes alone" in s and named in s for s in tree.coverage.short_signs), (
            cli,
            tree.coverage.short_signs,
        )


# --- no false alarm: a term wrapped inside its bracket ---------------------------------------


def test_a_term_wrapped_inside_its_bracket_is_one_option_and_raises_no_alarm(tmp_path):
    # objdump 2.40: `-W, --dwarf[a/=abbrev, A/=addr, …,` over three more lines up to `U/=trace_info]`
    tree = crawled("objdump", tmp_path)
    dwarf = _flag(tree, "dwarf")
    assert dwarf is not None and dwarf.short == "W"
    assert dwarf.help == "Display the contents of DWARF debug sections"
    assert tree.coverage is None or not tree.coverage.short_signs, tree.coverage.short_signs


# --- flags recall: the rows and sentences a style owns ---------------------------------------


def test_a_sentence_naming_another_spelling_of_this_option_is_an_alias():
    style = FlagStyle()
    curl = parse_flag(
        "--disable-eprt",
        "(FTP) Tell curl to disable the use of the EPRT and LPRT commands. --eprt can be used "
        "to explicitly enable EPRT again and --no-eprt is an alias for --disable-eprt.",
        style,
    )
    assert curl is not None and curl.aliases == ("--no-eprt",)
    ps = parse_flag(
        "--no-headers",
        "Print no header line at all.  --no-heading is an alias for this option.",
        style,
    )
    assert ps is not None and ps.aliases == ("--no-heading",)
    # an alias of another option, and a shorthand for several, are no spelling of this one
    rg = parse_flag(
        "--no-pcre2-unicode",
        "This flag is now an alias for --no-unicode. And --pcre2-unicode is an alias for --unicode.",
        style,
    )
    assert rg is not None and rg.aliases == ()
    fd = parse_flag("-u, --unrestricted", "This is an alias for '--hidden --no-ignore'.", style)
    assert fd is not None and fd.aliases == ()


def test_a_man_page_tells_an_alias_of_an_option_the_help_shows(tmp_path):
    tree = crawled("curl", tmp_path)
    eprt, epsv = _flag(tree, "disable-eprt"), _flag(tree, "disable-epsv")
    assert eprt is not None and "--no-eprt" in eprt.aliases
    assert epsv is not None and "--no-epsv" in epsv.aliases


def test_a_page_documenting_options_under_topics_fills_a_help_that_says_it_is_partial(tmp_path):
    # nmap 7.93: `SEE THE MAN PAGE (https://nmap.org/book/man.html) FOR MORE OPTIONS AND
    # EXAMPLES`; its page lists `--adler32 (Use deprecated Adler32 …)` under `FIREWALL/IDS
    # EVASION AND SPOOFING`, `--osscan-guess; --fuzzy (Guess OS detection results)` under `OS DETECTION`
    tree = crawled("nmap", tmp_path)
    for name in ("adler32", "allports", "max-os-tries", "script-timeout", "stats-every"):
        flag = _flag(tree, name)
        assert flag is not None and flag.listed_by == "man page", name
    guess = _flag(tree, "osscan-guess")
    assert guess is not None and "--fuzzy" in guess.aliases
    assert tree.coverage is not None and not tree.coverage.short_signs, tree.coverage.short_signs


def test_a_row_spelling_a_bsd_letter_before_the_long_name_is_read(tmp_path):
    # procps-ng ps 4.0.2, `ps --help all`: `  k,    --sort        specify sort order as: …` and
    # `  S,    --cumulative  include some dead child process data` among `-c`, `-y` rows
    tree = crawled("ps", tmp_path)
    sort, cumulative = _flag(tree, "sort"), _flag(tree, "cumulative")
    assert sort is not None and sort.short is None
    assert sort.help.startswith("specify sort order as:")
    assert cumulative is not None and cumulative.help == "include some dead child process data"


def test_a_page_row_whose_second_spelling_starts_at_the_description_column_is_read():
    # pkcon(1), PackageKit 1.2.6 (Debian 12), rendered at 200 columns: `-c, --cache-age AGE`
    # at the entry indent, `--cache-age` where the descriptions start; the help's row shows no
    # value (`-c, --cache-age   The maximum metadata cache age.`), so only the page tells it
    from help_support import FIXTURES

    from workbench.loaders.help.manpage import read_page

    page = read_page((FIXTURES / "man_pkcon_1_2_6_options.txt").read_text(), "pkcon")
    assert page is not None
    rows = {f.name: f for f in page.flags}
    assert rows["cache-age"].short == "c" and rows["cache-age"].metavar == "AGE"
    assert rows["noninteractive"].short == "y" and rows["noninteractive"].kind.value == "boolean"
    assert rows["filter"].metavar == "FILTER"


def test_a_single_dash_help_row_is_machinery_not_an_unread_option():
    from workbench.loaders.help.detect import detect_style, parser_for
    from workbench.loaders.help.shortness import unread_rows

    # openssl 3.0's `asn1parse -help` (its first rows): `-help` is left out like `--help`
    text = (
        "Usage: asn1parse [options]\n\nGeneral options:\n"
        " -help             Display this summary\n"
        " -oid infile       file of extra oid definitions\n\n"
        "I/O options:\n"
        " -inform PEM|DER   input format - one of DER PEM\n"
        " -in infile        input file\n"
    )
    parsed = parser_for(detect_style(text))(text, ["openssl", "asn1parse"])
    assert {f.key for f in parsed.flags} == {"oid", "inform", "in"}
    assert unread_rows(text, parsed.flags, set()) == []


def test_an_underlined_title_too_long_for_a_heading_keeps_its_rows_as_options():
    from workbench.loaders.help.detect import detect_style, parser_for

    # ipython 8's `kernel --help-all` (traitlets): the class's bases make its title 84 wide
    text = (
        "Options\n=======\n\n--debug\n    set log level to logging.DEBUG\n\n"
        "Class options\n=============\n\n"
        "Application(SingletonConfigurable) options\n"
        "------------------------------------------\n"
        "--Application.log_level=<Enum>\n    Set the log level by value or name.\n"
        "    Default: 30\n\n"
        "IPKernelApp(BaseIPythonApplication, InteractiveShellApp, ConnectionFileMixin) options\n"
        "-------------------------------------------------------------------------------------\n"
        "--IPKernelApp.auto_create=<Bool>\n    Whether to create profile dir if it doesn't exist\n"
        "    Default: False\n"
        "--IPKernelApp.code_to_run=<Unicode>\n    Execute the given command string.\n"
        "    Default: ''\n"
    )
    parsed = parser_for(detect_style(text))(text, ["ipython", "kernel"])
    names = {f.name for f in parsed.flags}
    assert {"IPKernelApp.auto_create", "IPKernelApp.code_to_run", "Application.log_level"} <= names
