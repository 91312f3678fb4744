"""The man page as a second listing of a help-only crawl (issue 12, SPEC §4).

Fixtures are real: the pages this machine's `man -S 1:8 NAME` rendered for the corpus CLIs
(`tests/corpus/recordings/<cli>.json`, `"man"`, recorded by `tools/record.py --man`), and two
pages rendered the same way into `tests/fixtures/listings/` (ls(1), whose options sit in its
DESCRIPTION, and printf(3), a library page of a program's name).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus.replay import install_man_replay, install_replay, recording_path  # noqa: E402

from workbench.loaders.help.crawl import crawl  # noqa: E402
from workbench.loaders.help.manpage import WITNESS, agrees_with_help, read_page  # noqa: E402
from workbench.model.coverage import coverage_line  # noqa: E402
from workbench.model.lint_coverage import coverage_findings  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "listings"


def _page(cli: str) -> str:
    return json.loads(recording_path(cli).read_text(encoding="utf-8"))["man"][0]["stdout"]


def test_the_option_rows_of_a_page_are_read_with_their_kinds_and_placeholders():
    page = read_page(
        _page("tar"), "tar"
    )  # GNU tar 1.34: `-g, --listed-incremental=FILE` over its description
    flags = {f.name: f for f in page.flags}
    incremental = flags["listed-incremental"]
    assert (incremental.short, incremental.kind, incremental.metavar) == ("g", "value", "FILE")
    assert flags["check-device"].kind == "boolean" and flags["check-device"].help.startswith(
        "Check device numbers"
    )
    assert flags["occurrence"].kind == "value"  # `--occurrence[=N]`


def test_a_term_beside_its_description_and_spellings_on_two_lines_are_one_entry():
    xz = {f.name: f for f in read_page(_page("xz"), "xz").flags if f.name}
    assert xz["fast"].help.startswith(
        "These are somewhat misleading aliases"
    )  # `--fast` over `--best These are …`
    wget = {f.name: f for f in read_page(_page("wget"), "wget").flags if f.name}
    assert wget["version"].short == "V"  # `-V` on one line, `--version` on the next


def test_a_page_written_in_markdown_lists_its_options_as_bullets():
    zstd = {
        f.name: f for f in read_page(_page("zstd"), "zstd").flags if f.name
    }  # `○   --ultra: unlocks …`
    assert zstd["ultra"].help.startswith("unlocks high compression levels")
    assert zstd["threads"].kind == "value" and zstd["threads"].help.startswith(
        "Compress"
    )  # `-T#,  --threads=#:`


def test_only_options_sections_are_read_and_only_the_programs_own_page():
    ls = (FIXTURES / "man_ls_options_in_description.txt").read_text()
    assert read_page(ls, "ls").flags == []  # its option rows are under DESCRIPTION, among prose
    assert (
        read_page((FIXTURES / "man_printf_section_3.txt").read_text(), "printf") is None
    )  # printf(3)
    assert read_page(_page("xz"), "tar") is None  # another program's page
    xz = read_page(_page("xz"), "xz")
    tar = read_page(_page("tar"), "tar")
    assert agrees_with_help(xz, xz.flags) and not agrees_with_help(xz, tar.flags)


def test_single_dash_long_spellings_are_left_out():
    wget = read_page(_page("wget"), "wget")  # `-nv, --no-verbose`
    assert "no-verbose" in {f.name for f in wget.flags}
    assert not any(f.name in ("nv", "nc") or len(f.short or "") > 1 for f in wget.flags)
    assert all(
        f.short is None or f.short.isalnum() for f in read_page(_page("zstd"), "zstd").flags
    )  # no `-#`


def test_a_replayed_crawl_takes_what_only_the_page_lists_and_says_so(tmp_path):
    tree = crawl(
        str(install_replay("xz", tmp_path)),
        name="xz",
        use_cache=False,
        timeout_s=120,
        man=str(install_man_replay("xz", tmp_path)),
    )
    fast = next(f for f in tree.root.flags if f.name == "fast")  # documented in the page only
    assert fast.listed_by == WITNESS and not fast.kind_guessed and fast.kind == "boolean"
    witness = next(w for w in tree.coverage.listings if w.witness == WITNESS)
    assert "xz --fast" in witness.taken_names and witness.seen.flags > 30
    assert "man page listed" in coverage_line(tree) and "xz --fast" in coverage_line(tree)
    assert any(
        f.code in ("WB413", "WB414") and "xz --fast" in f.message for f in coverage_findings(tree)
    )


def test_a_crawl_whose_help_and_page_agree_says_nothing_extra(tmp_path):
    # usermod (shadow 4.13): its page lists the 24 options its help shows (gzip was the case
    # here until round 28 read gzip(1)'s `-a --ascii`, an option gzip's help leaves out)
    tree = crawl(
        str(install_replay("usermod", tmp_path)),
        name="usermod",
        use_cache=False,
        timeout_s=120,
        man=str(install_man_replay("usermod", tmp_path)),
    )
    assert tree.coverage is not None and any(
        w.witness == WITNESS and w.seen.flags >= 20 for w in tree.coverage.listings
    )
    assert tree.coverage is None or not any(w.taken_names for w in tree.coverage.listings)
    assert not coverage_findings(tree)
