"""Option rows of round 16's held-out set that the crawler read wrong (docs/loaders.md,
"Round 16", classes 2, 4, 7, 8 and 9): rows whose spellings end in a colon and slash-joined
spellings (nmap), Getopt::Long's `--[no]name` (ack), an options section opening with a
positional row (xgettext), an off form named in a description (fzf), a multi-letter
single-dash spelling beside a long name's literal value (objdump) and a short that is not a
letter (rg).

Fixtures are the real help outputs recorded for the corpus: nmap 7.93 bare
(tests/corpus/recordings/nmap.json), ack 3.6.0 `--help` (ack.json), GNU gettext's xgettext
`--help` (xgettext.json), fzf 0.38.0 `--help` (fzf.json), GNU binutils' objdump `--help`
(objdump.json) and an excerpt of ripgrep 13's `--help` (rg.json). Expected values are read off the texts by hand.
"""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.model.tree import FlagKind


def _spellings(result) -> set[str]:
    """Every spelling the parsed flags know: name, short letter, off form, aliases."""
    spelled: set[str] = set()
    for flag in result.flags:
        spelled |= flag.primary_spellings() | set(flag.aliases)
    return spelled


# ---------------------------------------------------------------- class 2: nmap's rows


def test_rows_whose_spellings_end_in_a_colon_are_read():
    # `-sL: List Scan - simply list targets to scan`, `--reason: Display the reason …`
    result = parsed("nmap_7_93.txt", ["nmap"])
    flags = flags_of(result)
    for key in ("sL", "sn", "Pn", "sV", "O", "F", "r", "6", "A"):
        assert key in flags, key
        assert flags[key].kind is FlagKind.BOOLEAN, key
    for name in ("reason", "system-dns", "traceroute", "open", "badsum", "webxml", "iflist"):
        assert flags[name].kind is FlagKind.BOOLEAN, name
        assert flags[name].metavar is None, name
    assert flags["reason"].help.startswith("Display the reason a port")
    # a placeholder before the colon is the value, the text after it the description
    assert flags["exclude"].kind is FlagKind.VALUE
    assert flags["exclude"].help == "Exclude hosts/networks"
    assert flags["iL"].kind is FlagKind.VALUE


def test_slash_joined_spellings_are_one_option_each():
    # `-sS/sT/sA/sW/sM: TCP SYN/…`: five scan types; `-oN/-oX/-oS/-oG <file>: …`: four
    # outputs, each taking the file; `-n/-R`, `--send-eth/--send-ip`: two switches each
    spelled = _spellings(parsed("nmap_7_93.txt", ["nmap"]))
    flags = flags_of(parsed("nmap_7_93.txt", ["nmap"]))
    for key in ("sS", "sT", "sA", "sW", "sM", "sN", "sF", "sX", "sY", "sZ", "n", "R"):
        assert flags[key].kind is FlagKind.BOOLEAN, key
    for key in ("oN", "oX", "oS", "oG"):
        assert flags[key].kind is FlagKind.VALUE, key
        assert flags[key].metavar == "file", key
    for name in ("send-eth", "send-ip", "min-hostgroup", "max-hostgroup", "max-scan-delay"):
        assert f"--{name}" in spelled, name
    assert flags["max-rtt-timeout"].kind is FlagKind.VALUE
    # a short and a long joined by a slash are one option's two spellings
    assert flags["source-port"].short == "g"


def test_a_count_named_by_its_doubled_letter_in_the_description_is_the_single_letter():
    # `-v: Increase verbosity level (use -vv or more for greater effect)`: `-v`, a count;
    # `-vv` is only the letter given twice
    result = parsed("nmap_7_93.txt", ["nmap"])
    flags = flags_of(result)
    assert flags["v"].kind is FlagKind.COUNT
    assert flags["d"].kind is FlagKind.COUNT
    assert not {"-vv", "-dd", "--vv", "--dd"} & _spellings(result)


# ---------------------------------------------------------------- class 4: Getopt::Long


def test_getopt_long_no_prefix_in_brackets_is_one_negatable_switch():
    # `--[no]color, --[no]colour`, `--[no]break`, `-S, --[no]smart-case`, `--[no]env`:
    # Getopt::Long's `name!` accepts `--name`, `--noname` and `--no-name`
    flags = flags_of(parsed("getopt_long_ack.txt", ["ack"]))
    for name in ("color", "break", "column", "filter", "follow", "env", "heading", "underline"):
        assert flags[name].kind is FlagKind.BOOLEAN, name
        assert flags[name].negatable, name
    assert "--colour" in flags["color"].aliases
    assert flags["smart-case"].short == "S" and flags["smart-case"].negatable
    assert flags["ignore-dir"].kind is FlagKind.VALUE
    assert flags["ignore-dir"].metavar == "name"


# ---------------------------------------------------------------- class 7: a positional row first


def test_an_options_section_opening_with_a_positional_row_keeps_its_options():
    # `Input file location:` / `  INPUTFILE ...               input files` /
    # `  -f, --files-from=FILE       get list of input files from FILE` / `  -D, --directory=…`
    flags = flags_of(parsed("gnu_xgettext.txt", ["xgettext"]))
    assert flags["files-from"].short == "f" and flags["files-from"].kind is FlagKind.VALUE
    assert flags["directory"].short == "D" and flags["directory"].metavar == "DIRECTORY"
    assert "INPUTFILE" not in flags and "INPUTFILE ..." not in flags


# ---------------------------------------------------------------- class 9: small row shapes


def test_a_multi_letter_single_dash_spelling_beside_a_long_names_literal_value():
    # `-EB --endian=big` / `-EL --endian=little`: `-EB` and `-EL` are switches of their own
    # (each the same as `--endian=` one value), `--endian` takes the value
    result = parsed("gnu_objdump.txt", ["objdump"])
    flags = flags_of(result)
    assert flags["EB"].kind is FlagKind.BOOLEAN and flags["EB"].single_dash
    assert flags["EL"].kind is FlagKind.BOOLEAN and flags["EL"].single_dash
    assert flags["endian"].kind is FlagKind.VALUE


def test_a_short_spelling_that_is_not_a_letter():
    # ripgrep 13: `-., --hidden`
    flags = flags_of(parsed("clap_rg_hidden_excerpt.txt", ["rg"]))
    assert flags["hidden"].short == "."
    assert flags["hidden"].kind is FlagKind.BOOLEAN


def test_getopt_long_off_forms_fish_lists_are_shown_by_the_help(tmp_path):
    # ack 3.6 with fish's third-party `ack.fish`: fish lists `--nocolor`, `--nocolumn`,
    # `--nosmart-case`, which the help spells `--[no]color`, …; only `--lines` (which ack 3.6
    # refuses: `Unknown option: lines`) is a name the help does not show
    from corpus.replay import install_man_replay, install_replay, recorded_completions

    from workbench.loaders.help.crawl import crawl

    tree = crawl(
        str(install_replay("ack", tmp_path)),
        name="ack",
        use_cache=False,
        timeout_s=120,
        man=str(install_man_replay("ack", tmp_path)),
        completions=recorded_completions("ack"),
    )
    [sign] = [s for s in tree.coverage.short_signs if "fish completion" in s]
    assert "lists 1 option the help does not show (--lines)" in sign, sign


# ---------------------------------------------------------------- class 8: spellings in prose


def test_a_switch_whose_description_names_its_off_form_to_disable_it_is_negatable():
    # fzf 0.38: `-x, --extended   Extended-search mode` / `(enabled by default; +x or
    # --no-extended to disable)`; `--sync … (e.g. '--layout=reverse --inline-info')` names no
    # off form of its own
    flags = flags_of(parsed("go_fzf.txt", ["fzf"]))
    assert flags["extended"].negatable and flags["extended"].kind is FlagKind.BOOLEAN
    assert not flags["sync"].negatable
    assert not flags["multi"].negatable  # `-m, --multi[=MAX]`: the help shows no `--no-multi`
