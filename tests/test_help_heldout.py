"""Rules the held-out corpus set of round 12 showed (tests/corpus, `held_out=True`), each on a
fixture of the real CLI's help: general rules, in the style module that owns them."""

from __future__ import annotations

from help_support import FIXTURES, parsed


def test_a_click_default_command_marked_with_a_star_is_listed_by_its_name():
    # towncrier 26.9 and datasette 0.65 (click-default-group) print `build*` / `serve*`
    towncrier = [
        c.name for c in parsed("click_default_command_towncrier.txt", ["towncrier"]).subcommands
    ]
    assert towncrier == ["build", "check", "create"]
    datasette = parsed("click_default_command_datasette.txt", ["datasette"])
    serve = next(c for c in datasette.subcommands if c.name == "serve")
    assert serve.summary.startswith("Serve up specified SQLite database files")


# ---------------------------------------------------------------- every short load says so


def crawled(cli: str, tmp_path):
    """The crawler on the real CLI's recorded help (tests/corpus replay: its exact outputs)."""
    from corpus.replay import install_replay

    from workbench.loaders.help.crawl import crawl

    tmp_path.mkdir(parents=True, exist_ok=True)
    return crawl(str(install_replay(cli, tmp_path)), name=cli, use_cache=False, timeout_s=120)


def test_a_switch_offering_a_fuller_help_is_a_pointer_the_crawl_follows(tmp_path):
    from workbench.loaders.help.pointers import listing_pointers

    text = (
        FIXTURES / "gnu_xz_offers_long_help.txt"
    ).read_text()  # `-H, --long-help  display the long help`
    assert listing_pointers(text, parsed("gnu_xz_offers_long_help.txt", ["xz"]), ["xz"]) == [
        ["--long-help"]
    ]
    root = crawled("xz", tmp_path).root  # xz 5.4: the advanced options are in the long help only
    assert {"single-stream", "robot", "block-size", "memlimit-compress"} <= {
        f.name for f in root.flags
    }


def test_a_help_only_load_with_a_command_whose_help_failed_says_so_with_the_fix(tmp_path):
    import json

    from corpus.replay import install_replay, recording_path

    from workbench.loaders.help.crawl import crawl
    from workbench.model.coverage import coverage_line
    from workbench.model.lint_coverage import coverage_findings

    # hugo 0.111's `mod get --help` runs `go get` and fails; its `-h` answers, so take that reply
    # out of the recording: the command's help then cannot be read in any form
    data = json.loads(recording_path("hugo").read_text())
    data["calls"] = [c for c in data["calls"] if c["args"] != ["mod", "get", "-h"]]
    (tmp_path / "hugo.json").write_text(json.dumps(data))
    exe = install_replay("hugo", tmp_path, recording=tmp_path / "hugo.json")
    tree = crawl(str(exe), name="hugo", use_cache=False, timeout_s=120)
    assert any("hugo mod get" in sign for sign in tree.coverage.short_signs)
    assert coverage_line(tree).startswith("warning: the help-only load looks short")
    [warning] = [f for f in coverage_findings(tree) if f.code == "WB412"]
    assert warning.severity.value == "warning" and "TARGET" in warning.fix


def test_an_options_row_no_rule_read_is_a_sign_and_a_complete_load_shows_none(tmp_path):
    find = crawled("find", tmp_path / "find")  # `-exec COMMAND ;` rows the flag model does not read
    assert any("-exec" in sign for sign in find.coverage.short_signs)
    for complete in ("gzip", "black", "ln"):
        tree = crawled(complete, tmp_path / complete)
        assert tree.coverage is None or not tree.coverage.short_signs, (complete, tree.coverage)
