"""Rules round 16's held-out native set showed about pointers and witnesses (tests/corpus,
`round=16`): a pointer to the full listing by a word argument, a man page or completion file
for another version of the program, a man page telling a value option's placeholder. Each on
the real CLI's help (a fixture or its corpus recording replayed)."""

from __future__ import annotations

from help_support import FIXTURES, parsed


def crawled(cli: str, tmp_path):
    """The crawler on the real CLI's recording (tests/corpus replay: its exact help outputs,
    man pages, completion files and cobra engine), as `bench.corpus` runs it."""
    from corpus.replay import crawl_recording

    return crawl_recording(cli, tmp_path)


def test_a_pointer_offering_a_choice_of_topics_is_followed_to_the_one_for_everything(tmp_path):
    from workbench.loaders.help.pointers import listing_pointers

    name = "procps_ps_help_pointer.txt"  # `Try 'ps --help <simple|list|output|threads|misc|all>'`
    text = (FIXTURES / name).read_text()
    assert listing_pointers(text, parsed(name, ["ps"]), ["ps"]) == [["--help", "all"]]
    root = crawled("ps", tmp_path).root  # procps-ng 4.0.2: `ps --help` lists no option
    flags = {f.name or f.short: f for f in root.flags}
    assert {"pid", "ppid", "format", "deselect", "no-headers", "A", "cols"} <= set(flags)
    assert flags["pid"].kind.value == "value" and flags["deselect"].kind.value == "boolean"


def test_a_page_section_for_another_mode_of_the_program_is_no_witness(tmp_path):
    from workbench.loaders.help.manpage import read_page, sections_agreeing_with_help

    # Debian's etcdctl(1) for 3.4: `OPTIONS V3` (the binary's) and `OPTIONS V2` (the v2 client's)
    page = read_page((FIXTURES / "man_etcdctl_v2_v3.txt").read_text(), "etcdctl")
    assert page is not None and {"peers", "ca-file", "no-sync"} <= {f.name for f in page.flags}
    help_flags = parsed("cobra_etcdctl_root.txt", ["etcdctl"]).flags
    agreeing = {f.name for f in sections_agreeing_with_help(page, help_flags).flags}
    assert {"cacert", "discovery-srv", "write-out"} <= agreeing
    assert not {"peers", "ca-file", "no-sync", "total-timeout", "username"} & agreeing
    root = crawled("etcdctl", tmp_path).root  # `etcdctl --peers x version`: unknown flag
    names = {f.name for f in root.flags}
    assert "cacert" in names and not {"peers", "ca-file", "no-sync"} & names


def test_a_stale_third_party_file_spelling_another_versions_names_raises_no_alarm(tmp_path):
    # fish's pandoc.fish (pandoc 1.x) beside pandoc 2.17: `--highlight_style` (the help's
    # `--highlight-style`), `--katex-stylesheet` (`--katex`), `--reference-file`
    # (`--reference-doc`), `--asciimathml`: pandoc 2.17 refuses all four; the load is complete
    pandoc = crawled("pandoc", tmp_path / "pandoc")
    assert pandoc.coverage is None or not pandoc.coverage.short_signs, pandoc.coverage
    # htop 3.2's help shows `--no-color`; fish's older file names `--no-colour` too, which htop
    # accepts: a word of its own, not another version's spelling, so the sign stands where no
    # page gives it (htop(1)'s `-C --no-color --no-colour` does, since round 28)
    htop = _without_page("htop", tmp_path / "htop-alone")
    assert htop.coverage is not None
    assert any("--no-colour" in sign for sign in htop.coverage.short_signs)
    htop = crawled("htop", tmp_path / "htop")
    assert not any("--no-colour" in sign for sign in htop.coverage.short_signs)
    assert "--no-colour" in next(f for f in htop.root.flags if f.name == "no-color").aliases


def _without_page(cli: str, folder):
    """The crawler on `cli`'s recording with no man page to read (`man` answers none)."""
    from corpus.replay import install_replay, recorded_completions

    from workbench.loaders.help.crawl import crawl

    folder.mkdir(parents=True, exist_ok=True)
    return crawl(
        str(install_replay(cli, folder)),
        name=cli,
        use_cache=False,
        timeout_s=120,
        man="/bin/false",
        completions=recorded_completions(cli),
    )


def test_a_page_row_with_a_placeholder_tells_the_kind_of_an_option_the_help_shows_bare(tmp_path):
    from workbench.loaders.help.manpage import read_page, take_placeholders

    # ncat 7.93's page: `--allow host[,host,...] (Allow connections)`, a title after the term;
    # its help: `--allow                Allow only given hosts to connect to Ncat`
    page = read_page((FIXTURES / "man_ncat.txt").read_text(), "ncat")
    assert page is not None
    on_page = {f.name: f for f in page.flags if f.name}
    assert on_page["allow"].metavar == "host[,host,...]" and "sh-exec" in on_page
    help_flags = parsed("ncat_help.txt", ["ncat"]).flags
    by_name = {f.name: f for f in help_flags if f.name}
    assert by_name["allow"].kind.value == "boolean"  # as the help alone reads it
    take_placeholders(page, help_flags)
    assert (by_name["allow"].kind.value, by_name["allow"].metavar) == ("value", "host[,host,...]")
    assert by_name["ssl"].kind.value == "boolean"  # a switch on the page too
    root = crawled("ncat", tmp_path).root
    kinds = {f.name: f.kind.value for f in root.flags if f.name}
    assert {kinds[n] for n in ("allow", "deny", "allowfile", "ssl-cert", "ssl-alpn")} == {"value"}
    assert kinds["ssl"] == kinds["broker"] == kinds["no-shutdown"] == "boolean"
