"""Load each corpus CLI the two ways users meet our loaders, and score the trees.

- recorded: the help crawler (`workbench.loaders.help.crawl.crawl`, unchanged) run against the
  replay of the CLI's recorded help texts: always available, no network, no real CLI.
- live: `workbench.loaders.load(path)` on the installed program, as a user's TARGET (for a
  console script of another venv that is our foreign-interpreter introspection, falling back to
  help). Skipped when the program is not installed.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from corpus.manifest import CORPUS, CorpusCLI
from corpus.paths import TRUTH_DIR, find_executable
from corpus.replay import crawl_recording, recording_path
from corpus.score import Score, score_tree


def corpus_clis(names: list[str] | None = None) -> list[CorpusCLI]:
    return [
        c
        for c in CORPUS
        if (not names or c.name in names) and (TRUTH_DIR / f"{c.name}.json").exists()
    ]


def score_recorded(cli: CorpusCLI) -> Score:
    """The crawler on the recording; errors become a scored failure, never an exception."""
    if not recording_path(cli.name).exists():
        return Score(cli.name, cli.family, "help (recorded)", error="no recording")
    with tempfile.TemporaryDirectory(prefix="corpus-replay-") as folder:
        misses = Path(folder) / "misses.jsonl"
        saved = os.environ.get("CORPUS_REPLAY_MISSES")
        os.environ["CORPUS_REPLAY_MISSES"] = str(misses)
        try:
            tree = crawl_recording(cli.name, Path(folder))
        except Exception as error:  # a crawl that fails is a row of the table, not a crash
            return Score(
                cli.name, cli.family, "help (recorded)", error=f"{type(error).__name__}: {error}"
            )
        finally:
            if saved is None:
                os.environ.pop("CORPUS_REPLAY_MISSES", None)
            else:
                os.environ["CORPUS_REPLAY_MISSES"] = saved
        score = score_tree(cli.name, tree, loader="help (recorded)")
        if misses.exists():
            score.wrong.extend(
                f"not recorded: {line.strip()}" for line in misses.read_text().splitlines()
            )
        return score


def score_live(cli: CorpusCLI) -> Score | None:
    """`load()` on the installed program, or None when it is not installed."""
    from workbench.loaders import load

    exe = find_executable(cli)
    if exe is None:
        return None
    with tempfile.TemporaryDirectory(prefix="corpus-live-") as cwd:
        saved = os.getcwd()
        os.chdir(cwd)  # kedro and others read their project from the folder they run in
        try:
            loaded = load(exe, name=cli.name)
        except Exception as error:
            return Score(cli.name, cli.family, "live", error=f"{type(error).__name__}: {error}")
        finally:
            os.chdir(saved)
    return score_tree(cli.name, loaded.tree, loader=f"{loaded.source.loader} (live)")
