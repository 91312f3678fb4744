"""Rules the round-15 sweep of this machine's programs found missing (`python -m bench.sweep`,
docs/crawler.md "Sweep"): each on a fixture of the real program's help text."""

from __future__ import annotations

from help_support import flags_of, parsed

from workbench.model.tree import FlagKind


def test_a_term_longer_than_the_description_column_ends_one_space_before_its_sentence():
    # curl 7.88.1 `--help all`: `     --anyauth            Pick any …` sets the column, and a
    # longer term is followed by one space only: `     --disallow-username-in-url Disallow
    # username in URL`, ` -j, --junk-session-cookies Ignore session cookies read from file`,
    # `     --continue-at <offset> Resumed transfer offset`. The sentence was read as the
    # switch's value (the model was offered `disallow_username_in_url: string`)
    flags = flags_of(parsed("curl_help_all.txt", ["curl"]))
    for name, help_text in {
        "disallow-username-in-url": "Disallow username in URL",
        "junk-session-cookies": "Ignore session cookies read from file",
        "http2-prior-knowledge": "Use HTTP 2 without HTTP/1.1 Upgrade",
        "remote-header-name": "Use the header-provided filename",
    }.items():
        assert flags[name].kind is FlagKind.BOOLEAN, name
        assert flags[name].metavar is None, name
        assert flags[name].help == help_text, name
    assert flags["junk-session-cookies"].short == "j"
    for name, metavar, help_start in [
        ("continue-at", "offset", "Resumed transfer offset"),
        ("data-binary", "data", "HTTP POST binary data"),
        ("cert", "certificate[:password]", "Client certificate file"),
        ("curves", "algorithm list", "(EC) TLS key exchange"),
        ("trace-ascii", "file", "Like --trace, but without hex output"),
        ("proxy1.0", "host[:port]", "Use HTTP/1.0 proxy"),
    ]:
        assert flags[name].kind is FlagKind.VALUE, name
        assert flags[name].metavar == metavar, name
        assert flags[name].help.startswith(help_start), (name, flags[name].help)


def test_a_long_first_row_right_under_the_usage_line_is_an_option_not_usage():
    # curl 7.88.1 `--help all`: `Usage: curl [options...] <url>` then at once `     --abstract-
    # unix-socket <path> Connect via …` and `     --alt-svc <file name> Enable alt-svc …`, one
    # space before their sentences: both were read as more of the usage form, and lost
    flags = flags_of(parsed("curl_help_all.txt", ["curl"]))
    assert flags["abstract-unix-socket"].kind is FlagKind.VALUE
    assert flags["abstract-unix-socket"].help == "Connect via abstract Unix domain socket"
    assert flags["alt-svc"].help == "Enable alt-svc with this cache file"


def test_a_placeholder_of_capitals_after_a_long_term_stays_a_placeholder():
    # what the rule must not split: `--shadow-file SOURCE_FILE SHADOW_FILE` (mypy) is two
    # placeholders, no sentence, though it reaches past the column
    text = (
        "usage: x [options]\n\noptions:\n"
        "  -a                    All files\n"
        "  -b                    Bytes\n"
        "  -c                    Count\n"
        "  --shadow-file SOURCE_FILE SHADOW_FILE\n"
        "                        When encountering SOURCE_FILE, read SHADOW_FILE instead.\n"
    )
    from workbench.loaders.help.detect import detect_style, parser_for

    flags = {f.name or f.short: f for f in parser_for(detect_style(text))(text, ["x"]).flags}
    assert flags["shadow-file"].kind is FlagKind.VALUE
    assert flags["shadow-file"].help.startswith("When encountering")


def test_a_word_of_capitals_in_the_usage_stands_for_options_and_is_no_cluster():
    # moreutils' chronic (Perl Getopt::Std's --help): `Usage: chronic [-OPTIONS [-MORE_OPTIONS]]
    # [--] [PROGRAM_ARG1 ...]` gave `--OPTIONS` and the switches -M -O -R -E -_ -P -T -I -N -S;
    # a cluster of switches spells each letter once, so a word repeating one names options
    flags = parsed("perl_getopt_std_chronic.txt", ["chronic"]).flags
    assert [f.spelling for f in flags] == []
    from workbench.loaders.help.synopsis import synopsis_flags

    kept = synopsis_flags(["cp [-HLP] [-R] [-apvX] source target", "tool [-ACV] [-B FILE]"])
    assert [f.spelling for f in kept] == ["-H", "-L", "-P", "-R", "-a", "-p", "-v", "-X"] + [
        "-A",
        "-C",
        "-V",
        "-B",
    ]


def test_a_long_name_with_a_placeholder_part_names_a_family_not_a_flag():
    # universal-ctags 5.9: `--alias-<LANG>=[+|-](<pattern>|default)`, `--kinds-(<LANG>|all)=…`,
    # `--param-<LANG>:<name>=<argument>` were read as flags `--alias`, `--kinds`, `--param`
    # (ctags refuses `--alias`); dpkg 1.21: `--no-force-<thing>[,...]`, `--refuse-<thing>[,...]`
    # gave `--no-force` and `--refuse`; dpkg-buildpackage `--hook-<name>=<command>` `--hook`
    ctags = flags_of(parsed("ctags_universal_families.txt", ["ctags"]))
    for family in ("alias", "map", "kinds", "roles", "kinddef", "mline-regex", "regex", "param"):
        assert family not in ctags, family
    assert "langmap" in ctags and "fields" in ctags  # the options around them stay
    dpkg = flags_of(parsed("dpkg_families.txt", ["dpkg"]))
    assert "refuse" not in dpkg and "no-force" not in dpkg and "force" not in dpkg
    assert dpkg["refuse-downgrade"].short == "G"  # a long name that merely starts alike stays
    hooks = flags_of(parsed("dpkg_buildpackage_hook_family.txt", ["dpkg-buildpackage"]))
    assert "hook" not in hooks and "build" in hooks


def test_a_bracketed_word_the_help_spells_as_a_row_is_one_option_not_a_cluster():
    # OpenSSL's c_rehash: `Usage: c_rehash [-old] [-h] [-help] [-v] [dirs...]` over
    # `   -old use old-style digest`: read as the cluster -o -l -d (and -e -p from `-help`),
    # switches it does not have
    flags = parsed("c_rehash_one_space_rows.txt", ["c_rehash"]).flags
    assert [(f.spelling, f.kind) for f in flags] == [
        ("-old", FlagKind.BOOLEAN),
        ("-v", FlagKind.BOOLEAN),
    ]


def test_a_usage_word_of_one_dash_keeps_its_one_dash_and_a_spaced_bracket_is_a_cluster():
    # groff's eqn 1.22: `usage: eqn [ -rvDCNR ] -dxx -fn -sn -pn -mn -Mdir -Ts [ files ... ]`
    # gave `--rvDCNR`, `--dxx`, `--Mdir`, spellings neither the help nor eqn knows
    flags = parsed("groff_eqn_usage.txt", ["eqn"]).flags
    spelled = [f.spelling for f in flags]
    assert spelled[:6] == ["-r", "-v", "-D", "-C", "-N", "-R"]
    assert not any(s.startswith("--") for s in spelled), spelled
    assert "-Mdir" in spelled


def test_an_off_form_of_a_later_spelling_is_not_the_flags_own():
    # git-log(1) 2.39: `--show-notes[=<ref>], --[no-]standard-notes`: the load offered
    # `--no-show-notes`, which git refuses; the off form is --standard-notes's
    from workbench.loaders.help.flags import FlagStyle, parse_flag

    flag = parse_flag("--show-notes[=<ref>], --[no-]standard-notes", "deprecated", FlagStyle())
    assert flag is not None and flag.name == "show-notes" and not flag.negatable
    assert flag.aliases == ("--standard-notes",)
    for term in ("--[no-]color", "-c, --[no-]color"):  # its own off form stays
        own = parse_flag(term, "colour the output", FlagStyle())
        assert own is not None and own.name == "color" and own.negatable, term


def test_a_single_dash_name_with_a_placeholder_part_names_a_family_too():
    # gcc 12's lto-dump --help (an excerpt): `-ffixed-line-length-<n>`, `-fcall-saved-<register>`,
    # `-fdisable-[tree|rtl|ipa]-<pass>=range1+range2`, `-fplugin-arg-<name>-<key>[=<value>]`
    # gave flags -ffixed-line-length, -fcall-saved, -fdisable, -fplugin-arg
    flags = flags_of(parsed("gcc_lto_dump_families.txt", ["lto-dump"]))
    for family in (
        "ffixed-line-length",
        "fcall-saved",
        "fcall-used",
        "fdisable",
        "fdump",
        "fplugin-arg",
    ):
        assert family not in flags, family
    assert "fdump-core" in flags and flags["fdump-core"].single_dash  # a whole name stays
