"""Round 19's listing and witness classes (docs/loaders.md, "Round 19"): urfave pages whose
`USAGE:` is a sentence, an option only the man page documents, and the completion-file and
kingpin false alarms.

Fixtures are the real outputs recorded for the corpus: mender-artifact 3.9.0's
`write module-image --help` and `cp --help` (tests/corpus/recordings/mender-artifact.json).
Expected values are read off the texts by hand or by a regex over the fixture, never by the
code under test.
"""

from __future__ import annotations

import re
import sys

from help_support import FIXTURES, crawl_printing

from workbench.loaders.help.fetch import fetch_help

MODULE_IMAGE = "urfave_prose_usage_mender_artifact_write_module_image.txt"
CP = "urfave_prose_usage_mender_artifact_cp.txt"


def _printing(folder, text: str) -> str:
    """A program that prints `text` for any arguments."""
    script = folder / "mender-artifact"
    script.write_text(f"#!{sys.executable}\nprint({text!r}, end='')\n")
    script.chmod(0o755)
    return str(script)


def _long_names(text: str) -> set[str]:
    return set(re.findall(r"(?m)^   --([a-z][\w-]*)", text))


def test_a_urfave_page_whose_usage_is_a_sentence_is_the_commands_own_help(tmp_path):
    # `USAGE:` / `Writes a generic Mender artifact …` names no command, but `NAME:` /
    # `mender-artifact write module-image - …` says whose page it is (it was refused as
    # "a usage line for another command")
    text = (FIXTURES / MODULE_IMAGE).read_text()
    fetched = fetch_help(_printing(tmp_path, text), ["write", "module-image"], [], 60)
    assert fetched.text == text, fetched.problem
    cp = (FIXTURES / CP).read_text()
    assert fetch_help(_printing(tmp_path, cp), ["cp"], [], 60).text == cp


def test_a_urfave_name_line_of_another_command_still_refuses_the_page(tmp_path):
    text = (FIXTURES / MODULE_IMAGE).read_text()
    other = text.replace("mender-artifact write module-image -", "mender-artifact write rootfs -")
    refused = fetch_help(_printing(tmp_path, other), ["write", "module-image"], [], 60)
    assert refused.text is None and "another command" in (refused.problem or "")
    # the last word alone is not the path: `NAME:` must name the command's whole path
    refused = fetch_help(_printing(tmp_path, text), ["read", "module-image"], [], 60)
    assert refused.text is None


def test_mender_artifacts_prose_usage_pages_load_their_flags(tmp_path):
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    no_man = tmp_path / "man"
    no_man.write_text(f"#!{sys.executable}\nimport sys\nsys.exit(16)\n")
    no_man.chmod(0o755)
    exe = install_replay("mender-artifact", tmp_path)
    tree = crawl(
        str(exe),
        name="mender-artifact",
        use_cache=False,
        timeout_s=120,
        man=str(no_man),
        completions=lambda *_: [],
    )
    commands = {c.name: c for c in tree.root.subcommands}
    write = {c.name: c for c in commands["write"].subcommands}
    expected = _long_names((FIXTURES / MODULE_IMAGE).read_text()) - {"help"}
    assert len(expected) == 27  # 3 under `REQUIRED ARGUMENTS:`, 24 under `OPTIONS:`
    assert {f.name for f in write["module-image"].flags} >= expected
    assert {f.name for f in commands["cp"].flags} >= {"gcp-kms-key", "key", "compression"}


def _fish_file(own: bool):
    from workbench.loaders.help.completions import CompletionFile

    return CompletionFile(
        path="/usr/share/fish/completions/tr.fish",
        shell="fish",
        text=(FIXTURES / "fish_gnu_bsd_branches_tr.fish").read_text(),
        own=own,
        provenance="fish's own completions" if not own else "installed by tr's package",
    )


def test_a_fish_files_branch_for_another_implementation_is_no_sign_of_shortness(tmp_path):
    # fish 3.6.0's tr.fish: `if command tr --version …` lists GNU tr's options, `else` BSD's,
    # among them `complete -c tr -l u` (GNU tr answers `unrecognized option '--u'`); the GNU
    # help holds every option of the first branch, so the `else` branch is not this program's
    help_text = (FIXTURES / "gnu_tr_help.txt").read_text()
    assert "--u" not in help_text.replace("--usage", "")
    tree = crawl_printing(tmp_path, "tr", help_text, [_fish_file(own=False)])
    signs = tree.coverage.short_signs if tree.coverage else []
    assert not [s for s in signs if "--u" in s], signs


def test_an_own_fish_files_other_branch_is_not_taken(tmp_path):
    help_text = (FIXTURES / "gnu_tr_help.txt").read_text()
    tree = crawl_printing(tmp_path, "tr", help_text, [_fish_file(own=True)])
    assert "u" not in {f.name for f in tree.root.flags}
    assert {"complement", "delete", "squeeze-repeats", "truncate-set1"} <= {
        f.name for f in tree.root.flags
    }


def test_a_fish_branch_read_alone_is_still_read():
    # one-line blocks (`if …; complete …; end`) open no branch; a file with no alternative
    # keeps every line
    from workbench.loaders.help.completions import read_fish

    text = (
        "if test -n x; complete -c tr -l one; end\n"
        "complete -c tr -l two -d 'two'\n"
        "if command tr --version >/dev/null\n    complete -c tr -l three\nend\n"
    )
    listing = read_fish(text, {"tr"})
    assert [o.flag.name for o in listing.options] == ["two", "three"]
    assert [o.branches for o in listing.options] == [(), ((1, 0),)]


def test_a_kingpin_command_refusing_its_own_default_is_unreadable_not_short(tmp_path):
    # acmetool 0.2.2: `acmetool import-le --help` exits 1 with `acmetool: error: invalid default
    # value '/etc/letsencrypt' for argument 'le-state-path', try --help` (kingpin checks the
    # ExistingDir default before printing help): the user is told in the notes, not warned short
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    no_man = tmp_path / "man"
    no_man.write_text(f"#!{sys.executable}\nimport sys\nsys.exit(16)\n")
    no_man.chmod(0o755)
    exe = install_replay("acmetool", tmp_path)
    tree = crawl(
        str(exe),
        name="acmetool",
        use_cache=False,
        timeout_s=120,
        man=str(no_man),
        completions=lambda *_: [],
    )
    signs = tree.coverage.short_signs if tree.coverage else []
    assert not [s for s in signs if "import-le" in s], signs
    [note] = [n for n in tree.notes if n.startswith("acmetool import-le:")]
    assert "invalid default value '/etc/letsencrypt'" in note and "create the path" in note
    assert "import-le" in {c.name for c in tree.root.subcommands}  # kept, as a leaf


def test_only_a_refused_default_is_read_as_one():
    from workbench.loaders.help.run import HelpCall
    from workbench.loaders.help.shortness import refuses_own_default

    refused = (
        "acmetool: error: invalid default value '/etc/letsencrypt' for argument "
        "'le-state-path', try --help\n"
    )
    call = HelpCall(("acmetool", "import-le", "--help"), stderr=refused, exit_code=1)
    assert refuses_own_default([call]) == refused.strip()
    other = HelpCall(
        ("acmetool", "import-le", "--help"), stderr="acmetool: error: unknown flag", exit_code=1
    )
    assert refuses_own_default([other]) is None
    passed = HelpCall(("acmetool", "import-le", "--help"), stdout=refused, exit_code=0)
    assert refuses_own_default([passed]) is None


MOUNT_PAGE = "man_util_linux_mount_options.txt"


def test_a_man_row_whose_second_spelling_starts_at_the_description_column_is_one_term():
    # util-linux 2.38.1's mount(8), rendered: `       -a, --all` over a description at column
    # 11, where `--all` starts: the row was cut there, `-a,` read as a term of its own (refused),
    # so 23 of the section's 30 rows were lost and the page disagreed with the help
    from workbench.loaders.help.manpage import read_page

    text = (FIXTURES / MOUNT_PAGE).read_text()
    rows = re.findall(r"(?m)^       (-\S.*)$", text)
    assert len(rows) == 30
    page = read_page(text, "mount")
    assert page is not None
    longs = {n for row in rows for n in re.findall(r"--([a-z][\w-]*)", row)}
    shorts = {s for row in rows for s in re.findall(r"(?<![\w-])-([A-Za-z])\b", row)}
    spelled = {f.name for f in page.flags if f.name}
    spelled |= {
        alias.lstrip("-") for f in page.flags for alias in f.aliases
    }  # `--rw, --read-write`
    assert spelled == longs
    assert {f.short for f in page.flags if f.short} == shorts
    assert next(f for f in page.flags if f.name == "all").short == "a"


def test_an_option_only_the_man_page_documents_is_taken_and_reported(tmp_path):
    # `mount --help` has no `-s`; mount(8) documents it (`-s` / `Tolerate sloppy mount
    # options …`): the load takes it from the page and its coverage says the page added it
    from workbench.loaders.help.crawl import crawl
    from workbench.loaders.help.manpage import WITNESS

    help_text = (FIXTURES / "util_linux_mount_help.txt").read_text()
    assert not re.search(r"(?m)^\s+-s\b", help_text)
    program = tmp_path / "mount"
    program.write_text(f"#!{sys.executable}\nprint({help_text!r}, end='')\n")
    program.chmod(0o755)
    page = (FIXTURES / MOUNT_PAGE).read_text()
    man = tmp_path / "man"
    man.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"if sys.argv[1:] == ['-S', '1:8', 'mount']:\n    print({page!r}, end='')\n"
        "else:\n    sys.exit(16)\n"
    )
    man.chmod(0o755)
    tree = crawl(
        str(program),
        name="mount",
        use_cache=False,
        timeout_s=60,
        man=str(man),
        completions=lambda *_: [],
    )
    sloppy = next(f for f in tree.root.flags if f.short == "s")
    assert sloppy.listed_by == WITNESS
    assert tree.coverage is not None
    assert any(w.witness == WITNESS and w.taken.flags >= 1 for w in tree.coverage.listings)
