"""Replay a recorded CLI: a stand-in executable that prints what the real one printed.

`install_replay(cli, folder)` writes `folder/<cli>`, a small Python script (run by this
interpreter, without site-packages) that looks its argv up in `recordings/<cli>.json` and
prints the recorded stdout and stderr with the recorded exit code, so the help crawler runs
unchanged (`crawl(path)`) with no network and no real CLI; `install_man_replay` does the same
for the `man` calls a crawl makes (`recordings/<cli>.json`'s `man` list, `crawl(..., man=)`), and
`recorded_completions` hands the crawl the shell completion files found for the real program
when it was recorded (`completions` list, `crawl(..., completions=)`). An argv nobody recorded answers as
an unknown command would (`error: ...` on stderr, exit 2) and, when `CORPUS_REPLAY_MISSES`
names a file, is appended to it, so a crawler asking for something new is visible.
`crawl_recording(cli, folder)` runs the crawler on all of it, as the corpus scores it.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

from corpus.paths import RECORDINGS_DIR

_SCRIPT = r"""#!{python} -S
import json, os, sys
RECORDING = {recording!r}
args = sys.argv[1:]
with open(RECORDING, encoding="utf-8") as file:
    calls = json.load(file).get({key!r}, [])
for call in calls:
    if call["args"] == args:
        sys.stdout.write(call["stdout"])
        sys.stderr.write(call["stderr"])
        sys.stdout.flush()
        sys.stderr.flush()
        code = call["exit_code"]
        os._exit(124 if code is None else code)
misses = os.environ.get("CORPUS_REPLAY_MISSES")
if misses:
    with open(misses, "a", encoding="utf-8") as file:
        file.write(json.dumps([{label!r}, args]) + "\n")
sys.stderr.write("error: unknown command or option: " + " ".join(args) + " (not in the recording)\n")
os._exit(2)
"""


def recording_path(cli: str) -> Path:
    return RECORDINGS_DIR / f"{cli}.json"


def install_replay(cli: str, folder: Path, recording: Path | None = None) -> Path:
    """Write the replay executable for `cli` into `folder`; return its path."""
    return _install(Path(folder) / cli, recording or recording_path(cli), "calls", cli)


def install_man_replay(cli: str, folder: Path, recording: Path | None = None) -> Path:
    """Write `folder/man`, a replay of the `man` calls recorded beside `cli`'s help calls (its
    manual pages as this machine's `man` rendered them), for `crawl(..., man=)`. A lookup
    (`man -w -S 1:8 NAME…`) answers from the same recording: a name whose page was recorded
    is found (`/replay/man1/NAME.1`), any other has no page (`tools/record.py` records the page
    of every command of the truth that has one, so that is what this machine's `man` said)."""
    target = _install(
        Path(folder) / "man", recording or recording_path(cli), "man", f"man for {cli}"
    )
    script = target.read_text(encoding="utf-8")
    target.write_text(
        script.replace("args = sys.argv[1:]\n", "args = sys.argv[1:]\n" + _MAN_LOOKUP, 1),
        encoding="utf-8",
    )
    return target


_MAN_LOOKUP = r"""if args[:3] == ["-w", "-S", "1:8"]:
    with open(RECORDING, encoding="utf-8") as file:
        pages = {c["args"][-1] for c in json.load(file).get("man", [])
                 if c["args"][:2] == ["-S", "1:8"] and c["exit_code"] == 0}
    missing = [name for name in args[3:] if name not in pages]
    sys.stdout.write("".join(f"/replay/man1/{name}.1\n" for name in args[3:] if name in pages))
    sys.stderr.write("".join(f"No manual entry for {name}\n" for name in missing))
    os._exit(16 if missing else 0)
"""


def _install(target: Path, recording: Path, key: str, label: str) -> Path:
    script = _SCRIPT.format(python=sys.executable, recording=str(recording), key=key, label=label)
    target.write_text(script, encoding="utf-8")
    target.chmod(target.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return target


def recorded_completions(cli: str, recording: Path | None = None):
    """A completion-file finder for `crawl(..., completions=)` that answers with the files found
    for the real program when `cli` was recorded (text and provenance as judged then), so a
    replayed crawl meets the same witness on a machine without fish or zsh."""
    from workbench.loaders.help.completions import CompletionFile

    data = json.loads((recording or recording_path(cli)).read_text(encoding="utf-8"))
    files = [CompletionFile(**entry) for entry in data.get("completions", [])]
    return lambda executable, names: list(files)


def recorded_cobra_program(cli: str, recording: Path | None = None):
    """For `crawl(..., cobra_program=)`: whether the real program was found to be a Go program
    built with cobra (`links_cobra`, recorded as `links_cobra`), since the replay is a script."""
    data = json.loads((recording or recording_path(cli)).read_text(encoding="utf-8"))
    found = bool(data.get("links_cobra"))
    return lambda executable: found


REPLAY_TIMEOUT_S = 120.0
"""Per help call of a replayed crawl (the crawler's default, 10 s, is for real CLIs): a replayed
call answers in milliseconds when the machine is idle; the generous timeout keeps a busy machine
(the suite on both cores) from scoring a timed-out page."""


def crawl_recording(cli: str, folder: Path, recording: Path | None = None):
    """The help crawler (`workbench.loaders.help.crawl.crawl`, unchanged) on `cli`'s recording,
    replayed from `folder`: its help outputs, man pages, completion files and cobra sign, as
    `bench.corpus` scores it. Uncached."""
    from workbench.loaders.help.crawl import crawl

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return crawl(
        str(install_replay(cli, folder, recording)),
        name=cli,
        use_cache=False,
        timeout_s=REPLAY_TIMEOUT_S,
        man=str(install_man_replay(cli, folder, recording)),
        completions=recorded_completions(cli, recording),
        cobra_program=recorded_cobra_program(cli, recording),
    )


def recorded_clis() -> list[str]:
    return sorted(p.stem for p in RECORDINGS_DIR.glob("*.json"))


def recorded_version(cli: str) -> str:
    return json.loads(recording_path(cli).read_text(encoding="utf-8")).get("version", "")


if __name__ == "__main__":  # `python -m corpus.replay CLI FOLDER`: a replay to try by hand
    print(install_replay(sys.argv[1], Path(sys.argv[2] if len(sys.argv) > 2 else os.getcwd())))
