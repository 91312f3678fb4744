"""Record every help call a crawl of each corpus CLI makes, and more (maintainers' tool).

    python tests/corpus/tools/record.py [--extras-only] [CLI…]

For each CLI: runs our help crawler once against the real program with every help call
recorded (the crawler's `run_help` wrapped, so the argvs are exactly the ones it makes, run
with its own HELP_ENV), then records generously what a better crawler might ask: `--help` for
every command the truth knows, `-h` and `help PATH` for the root and first-level commands,
and the listings CLIs offer (`help`, `help -a`, `help --all`, `help commands`, `--help-all`,
`--help --all`, `--list`, `list --help`, `commands --help`). Each call runs in an empty temporary folder with
stdin closed. Stored as `tests/corpus/recordings/<cli>.json`:
{"cli", "version", "env", "calls": [{"args", "stdout", "stderr", "exit_code", "timed_out"}], "man": [same]}
where `args` is the argv without the program (the replay looks them up by that).
`--extras-only` keeps an existing recording and adds only the argvs it lacks (no new crawl);
`--man` records only the `man` calls (the CLI's manual page and the pages of its commands
that have their own, `gh-pr-create(1)`: `"man"` in the file);
`--completions` records only the shell completion files found for the real program
(`"completions"`: path, shell, text, own, provenance, as `completions.find_completion_files`
judged them here), so the replayed crawl meets them without fish or zsh installed;
`--add` keeps it too but crawls again, adding the calls a newer crawler makes (cobra's
`__complete`, the man page) without touching what was recorded.
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE.parent.parent.parent))

import importlib  # noqa: E402

from corpus.manifest import CORPUS, CorpusCLI  # noqa: E402
from corpus.paths import RECORDINGS_DIR, TRUTH_DIR, find_executable  # noqa: E402

crawl_module = importlib.import_module(
    "workbench.loaders.help.crawl"
)  # the package re-exports `crawl()`
fetch_module = importlib.import_module("workbench.loaders.help.fetch")
complete_module = importlib.import_module("workbench.loaders.help.cobra_complete")
go_module = importlib.import_module("workbench.loaders.help.go_completion")
from workbench.loaders.help.run import HELP_ENV, run_help  # noqa: E402

TIMEOUT_S = 20.0
LISTINGS = (
    ["help"],
    ["help", "-a"],
    ["help", "--all"],
    ["help", "all"],
    ["help", "commands"],
    ["--help-all"],
    ["--help", "all"],
    ["-h", "all"],
    ["--help=all"],
    ["--help", "--all"],
    ["--list"],
    ["list", "--help"],
    ["commands", "--help"],
    ["--version"],
    ["-V"],
    ["version"],
    [],
)

SERVES_WHEN_RUN_BARE = {
    "prometheus",
    "prometheus-alertmanager",
    "prometheus-node-exporter",
    "prometheus-blackbox-exporter",
}
"""Programs that start a server on every interface when run with no argument: the bare call is
not recorded (it would listen until the timeout); the replay refuses it as unrecorded."""


def recorded_call(call) -> dict:
    """One help call as the recording keeps it (the replay answers its argv with the rest)."""
    return {
        "args": list(call.argv[1:]),
        "stdout": call.stdout,
        "stderr": call.stderr,
        "exit_code": call.exit_code,
        "timed_out": call.timed_out,
    }


def record(cli: CorpusCLI, *, extras_only: bool = False, keep_recorded: bool = False) -> dict:
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    calls: dict[tuple[str, ...], dict] = {}
    lock = threading.Lock()
    existing = RECORDINGS_DIR / f"{cli.name}.json"
    if (
        extras_only or keep_recorded
    ) and existing.exists():  # keep what was recorded, add only the argvs not yet asked
        calls = {tuple(c["args"]): c for c in json.loads(existing.read_text())["calls"]}

    def keep(call) -> None:
        args = tuple(call.argv[1:])
        with lock:
            calls.setdefault(args, recorded_call(call))

    def recording_run_help(argv, timeout_s, *, cwd=None):
        call = run_help(argv, max(timeout_s, TIMEOUT_S), cwd=cwd)
        keep(call)
        return call

    saved = (
        crawl_module.run_help,
        fetch_module.run_help,
        complete_module.run_help,
        go_module.run_help,
    )
    crawl_module.run_help = fetch_module.run_help = complete_module.run_help = recording_run_help
    go_module.run_help = recording_run_help
    try:
        if not extras_only:
            crawl_module.crawl(
                exe, name=cli.name, use_cache=False, timeout_s=TIMEOUT_S, max_workers=4
            )
    except Exception as error:  # the crawl may fail; what it asked is still worth keeping
        print(f"{cli.name}: the crawl itself failed: {error}", file=sys.stderr)
    finally:
        (
            crawl_module.run_help,
            fetch_module.run_help,
            complete_module.run_help,
            go_module.run_help,
        ) = saved

    wanted: list[list[str]] = [
        list(a) for a in LISTINGS if a or cli.name not in SERVES_WHEN_RUN_BARE
    ]
    truth_file = TRUTH_DIR / f"{cli.name}.json"
    if truth_file.exists():
        for path in json.loads(truth_file.read_text())["commands"]:
            words = path.split()
            wanted.append([*words, "--help"])
            if len(words) <= 1:
                wanted.append([*words, "-h"])
                if words:
                    wanted.append(["help", *words])
    with tempfile.TemporaryDirectory(prefix="corpus-record-") as cwd, ThreadPoolExecutor(4) as pool:
        todo = [args for args in wanted if tuple(args) not in calls]
        for call in pool.map(lambda args: run_help([exe, *args], TIMEOUT_S, cwd=cwd), todo):
            keep(call)
    ordered = sorted(calls.values(), key=lambda c: (len(c["args"]), c["args"]))
    data = {"cli": cli.name, "version": cli.version, "env": HELP_ENV, "calls": ordered}
    if complete_module.links_cobra(exe):  # the replay is a script: the crawl is told instead
        data["links_cobra"] = True
    return data


MAN_ARGS = ("-S", "1:8")
"""How the crawler asks `man` for a CLI's page (`workbench.loaders.help.manpage.read_manual`)."""


def record_man(cli: CorpusCLI) -> list[dict]:
    """The `man` call a replayed crawl of `cli` makes (the page of the name the replay runs under),
    as this machine's `man` answers it: the page, or `No manual entry` with its exit code."""
    import shutil

    man = shutil.which("man")
    if man is None:
        raise RuntimeError("`man` is not installed")
    with tempfile.TemporaryDirectory(prefix="corpus-record-") as cwd:
        call = run_help([man, *MAN_ARGS, cli.name], TIMEOUT_S, cwd=cwd)
    return [recorded_call(call)]


def record_completions(cli: CorpusCLI) -> list[dict]:
    """The completion files a crawl of the real program finds (its executable's name and the
    corpus name, as the replay runs under it), read and judged on this machine."""
    import dataclasses
    import os

    from workbench.loaders.help.completions import find_completion_files

    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    names = list(dict.fromkeys([os.path.basename(exe), cli.name]))
    return [dataclasses.asdict(f) for f in find_completion_files(exe, names)]


def record_command_pages(cli: CorpusCLI) -> list[dict]:
    """The pages of the truth's commands that have one of their own (`gh-pr-create(1)` for `gh
    pr create`), rendered as a replayed crawl asks for them (`manpage.consult_command_pages`):
    the replayed `man -w` lookup finds exactly these, so a command without one has none."""
    import shutil

    from workbench.loaders.help.manpage import page_name, pages_present

    man = shutil.which("man")
    truth_file = TRUTH_DIR / f"{cli.name}.json"
    if man is None or not truth_file.exists():
        return []
    names = [
        name
        for path in json.loads(truth_file.read_text())["commands"]
        if (name := page_name(cli.name, path.split()))
    ]
    with tempfile.TemporaryDirectory(prefix="corpus-record-") as cwd, ThreadPoolExecutor(4) as pool:
        present = sorted(pages_present(names, TIMEOUT_S, man=man, cwd=cwd))
        calls = list(
            pool.map(lambda name: run_help([man, *MAN_ARGS, name], TIMEOUT_S, cwd=cwd), present)
        )
    return [recorded_call(call) for call in calls]


def main(argv: list[str]) -> None:
    extras_only = "--extras-only" in argv
    keep_recorded = "--add" in argv
    man_only = "--man" in argv
    completions_only = "--completions" in argv
    wanted = set(argv) - {"--extras-only", "--add", "--man", "--completions"}
    RECORDINGS_DIR.mkdir(exist_ok=True)
    for cli in CORPUS:
        if wanted and cli.name not in wanted:
            continue
        if completions_only:  # only (re)record the completion files, beside the help calls
            path = RECORDINGS_DIR / f"{cli.name}.json"
            data = json.loads(path.read_text())
            try:
                data["completions"] = record_completions(cli)
            except RuntimeError as error:
                print(f"{cli.name}: FAILED {error}", file=sys.stderr)
                continue
            path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            print(f"{cli.name}: {len(data['completions'])} completion files", flush=True)
            continue
        if man_only:  # only (re)record the manual page calls, beside the help calls
            path = RECORDINGS_DIR / f"{cli.name}.json"
            data = json.loads(path.read_text())
            data["man"] = record_man(cli) + record_command_pages(cli)
            path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
            print(f"{cli.name}: man exit {data['man'][0]['exit_code']}", flush=True)
            continue
        try:
            data = record(cli, extras_only=extras_only, keep_recorded=keep_recorded)
            data["man"] = record_man(cli) + record_command_pages(cli)
            data["completions"] = record_completions(cli)
        except Exception as error:
            print(f"{cli.name}: FAILED {error}", file=sys.stderr)
            continue
        (RECORDINGS_DIR / f"{cli.name}.json").write_text(
            json.dumps(data, indent=1, sort_keys=True) + "\n"
        )
        print(f"{cli.name}: {len(data['calls'])} calls recorded", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
