"""Produce `tests/corpus/truth/<cli>.json` from each CLI's own machinery (maintainers' tool).

    python tests/corpus/tools/make_truth.py [CLI…]

Imports nothing of `workbench`: Python CLIs are read by `truth_python.py` in the corpus venv's
interpreter, cobra CLIs by their `__complete` command, the rest from the completion files their
packages ship. The stored JSON says how it was produced. Run it again after changing a pinned
version; review the diff like any fixture.

Truth JSON: {"cli", "family", "version", "method", "hand_checked", "notes",
"commands": {"<space-joined path, root excluded; '' is the root>": {"flags": {KEY: {"names",
"kind", "type", "choices", "required", "repeatable"}}, "positionals": [{"name", "required",
"variadic"}] or null}}}. KEY is the first long name, else the short one. A property the
witness cannot tell is null and is not scored. Hidden commands and flags are left out.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS_DIR = HERE.parent
REPO = CORPUS_DIR.parent.parent
sys.path.insert(0, str(CORPUS_DIR.parent))

from corpus.manifest import CORPUS, CorpusCLI  # noqa: E402
from corpus.paths import corpus_venv_bin, find_executable  # noqa: E402

NEVER_COUNTED = {"--help", "--version", "-h"}
TYPER_SHELL_SETUP = {"--install-completion", "--show-completion"}


def python_truth(cli: CorpusCLI, cwd: str) -> dict:
    python = str(corpus_venv_bin() / "python")
    script = str(HERE / "truth_python.py")

    def run(framework: str, *path: str) -> dict:
        out = subprocess.run([python, script, framework, cli.name, *path], capture_output=True, text=True,
                             cwd=cwd, stdin=subprocess.DEVNULL, timeout=120)
        if out.returncode != 0:
            raise RuntimeError(f"{cli.name} {' '.join(path)}: {out.stderr.strip().splitlines()[-1:]}")
        return json.loads(out.stdout)

    if cli.truth == "click":
        data = run("click")
        commands = {}
        for path, entry in data["commands"].items():
            if entry.get("hidden"):
                continue
            flags = {k: _clean_flag(v) for k, v in entry["flags"].items()
                     if not v.get("hidden") and k not in TYPER_SHELL_SETUP}
            commands[path] = {"flags": flags, "positionals": entry["positionals"]}
        # a command under a hidden group is hidden too
        hidden = [p for p, e in data["commands"].items() if e.get("hidden")]
        commands = {p: e for p, e in commands.items() if not any(p.startswith(h + " ") for h in hidden)}
        return {"method": "click/typer objects walked in the CLI's interpreter (list_commands/get_command, params)",
                "commands": commands}
    commands = {}
    queue: list[list[str]] = [[]] + [[c] for c in cli.truth_commands]
    while queue:
        path = queue.pop(0)
        try:
            entry = run(cli.truth, *path)
        except RuntimeError:
            if path or not cli.truth_commands:
                raise
            # a root that dispatches by hand has no parser of its own: only the listed commands
            entry = {"flags": {}, "positionals": None, "subcommands": []}
        commands[" ".join(path)] = {
            "flags": {k: _clean_flag(v) for k, v in entry["flags"].items() if not v.get("hidden")},
            "positionals": [p for p in entry["positionals"] if not p.pop("hidden", False)] if entry["positionals"] is not None else None,
        }
        for sub in entry["subcommands"]:
            if not sub["hidden"]:
                queue.append([*path, sub["name"]])
    how = ("argparse parser captured where its help action fires under `PATH… --help`, per command"
           if cli.truth == "argparse" else
           "optparse OptionParser captured where it prints help under `PATH… --help`, per command")
    return {"method": how, "commands": commands}


def _clean_flag(flag: dict) -> dict:
    return {k: flag.get(k) for k in ("names", "kind", "type", "choices", "required", "repeatable")}


def cobra_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")

    def complete(*words: str) -> list[tuple[str, str]]:
        out = subprocess.run([exe, "__complete", *words], capture_output=True, text=True, cwd=cwd, env=env,
                             stdin=subprocess.DEVNULL, timeout=30)
        rows = []
        for line in out.stdout.splitlines():
            if line.startswith(":") or not line.strip() or line.startswith("Completion ended"):
                continue
            word, _, desc = line.partition("\t")
            rows.append((word, desc))
        return rows

    commands = {}
    queue: list[list[str]] = [[]]
    while queue:
        path = queue.pop(0)
        subs = [w for w, _ in complete(*path, "") if not w.startswith("-")]
        flags = {}
        previous_long = None
        for word, desc in complete(*path, "-"):
            name = word.split("=")[0]
            if not name.startswith("--") and previous_long and previous_long[1] == desc:
                flags.get(previous_long[0], {"names": []})["names"].append(name)  # cobra lists `-s` after its `--long`
                previous_long = None
                continue
            previous_long = (name, desc) if name.startswith("--") else None
            if name in NEVER_COUNTED or name in flags:
                continue
            flags[name] = {"names": [name], "kind": None, "type": None, "choices": None, "required": None, "repeatable": None}
        parent = commands.get(" ".join(path[:-1])) if path else None
        if parent is not None:
            # cobra's persistent flags are listed under every descendant: count them once, where declared
            flags = {k: v for k, v in flags.items() if k not in parent["all_flags"]}
        all_flags = set(flags) | (parent["all_flags"] if parent is not None else set())
        commands[" ".join(path)] = {"flags": flags, "positionals": None, "all_flags": all_flags}
        for sub in subs:
            if sub in ("help", "__complete", "__completeNoDesc"):
                continue
            queue.append([*path, sub])
    for entry in commands.values():
        entry.pop("all_flags")
    return {"method": "cobra's own completion engine: `CLI __complete PATH… \"\"` for commands, `\"-\"` for flags (kinds not told; a flag every descendant lists is counted once, where declared)",
            "commands": commands}


def fish_truth(cli: CorpusCLI) -> dict:
    file = Path(cli.truth.split(":", 1)[1])
    command_names = {cli.name, cli.executable or cli.name, Path(file).stem}
    flags: dict[str, dict] = {}
    for raw in _fish_lines(file.read_text()):
        try:
            words = shlex.split(raw, comments=True)
        except ValueError:
            continue
        if len(words) < 2 or words[0] != "complete":
            continue
        longs, shorts, olds, value, choices, condition, target = [], [], [], False, None, None, None
        i = 1
        while i < len(words):
            w = words[i]
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if w in ("-c", "--command"):
                target = nxt; i += 2; continue
            if w.startswith("--command="):
                target = w.split("=", 1)[1]; i += 1; continue
            if w in ("-l", "--long-option"):
                longs.append("--" + nxt); i += 2; continue
            if w in ("-s", "--short-option"):
                shorts.append("-" + nxt); i += 2; continue
            if w in ("-o", "--old-option"):
                olds.append("-" + nxt); i += 2; continue
            if w in ("-r", "--require-parameter", "-x", "--exclusive"):
                value = True; i += 1; continue
            if w in ("-a", "--arguments"):
                choices = nxt; i += 2; continue
            if w in ("-n", "--condition"):
                condition = nxt; i += 2; continue
            if w in ("-d", "--description", "-w", "--wraps", "-k", "--keep-order"):
                i += 2 if w in ("-d", "--description", "-w", "--wraps") else 1; continue
            i += 1
        if target not in command_names or not (longs or shorts or olds):
            continue
        if condition and "seen_subcommand" in condition:
            continue  # flags of subcommands: this witness is used for flat CLIs only
        key = longs[0] if longs else (shorts or olds)[0]
        if key in NEVER_COUNTED or key in flags:
            continue
        flags[key] = {"names": longs + shorts + olds, "kind": "value" if value else None, "type": None,
                      "choices": None, "required": None, "repeatable": None}
    return {"method": f"the completion file the package ships ({file}); `-r`/`-x` mark a value, otherwise the kind is not told",
            "commands": {"": {"flags": flags, "positionals": None}}}


def _fish_lines(text: str) -> list[str]:
    """complete statements, with backslash-continued lines joined."""
    lines, current = [], ""
    for line in text.splitlines():
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        current += line
        if current.strip().startswith("complete"):
            lines.append(current.strip())
        current = ""
    return lines


def commander_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    out = Path(cwd) / "truth.json"
    subprocess.run(["node", "-r", str(HERE / "truth_node.cjs"), exe, "--help"], cwd=cwd, stdin=subprocess.DEVNULL,
                   capture_output=True, timeout=60, env=dict(os.environ, TRUTH_OUT=str(out)))
    if not out.exists():
        raise RuntimeError("commander's parse was never reached")
    data = json.loads(out.read_text())
    return {"method": "commander's Command objects in the CLI's own node, captured at parse() (tools/truth_node.cjs)",
            "commands": data["commands"]}


def make(cli: CorpusCLI) -> dict:
    with tempfile.TemporaryDirectory(prefix="corpus-truth-") as cwd:
        if cli.truth in ("click", "argparse", "optparse"):
            body = python_truth(cli, cwd)
        elif cli.truth == "cobra":
            body = cobra_truth(cli, cwd)
        elif cli.truth.startswith("fish:"):
            body = fish_truth(cli)
        elif cli.truth == "commander":
            body = commander_truth(cli, cwd)
        else:
            raise SystemExit(f"{cli.name}: unknown truth method {cli.truth}")
    return {"cli": cli.name, "family": cli.family, "version": cli.version, "method": body["method"],
            "hand_checked": cli.hand_checked, "notes": list(cli.notes), "commands": body["commands"]}


def main(argv: list[str]) -> None:
    wanted = set(argv)
    out_dir = CORPUS_DIR / "truth"
    out_dir.mkdir(exist_ok=True)
    for cli in CORPUS:
        if wanted and cli.name not in wanted:
            continue
        try:
            truth = make(cli)
        except Exception as error:  # one broken CLI must not stop the others
            print(f"{cli.name}: FAILED {error}", file=sys.stderr)
            continue
        (out_dir / f"{cli.name}.json").write_text(json.dumps(truth, indent=1, sort_keys=True) + "\n")
        n_flags = sum(len(c["flags"]) for c in truth["commands"].values())
        print(f"{cli.name}: {len(truth['commands'])} commands, {n_flags} flags")


if __name__ == "__main__":
    main(sys.argv[1:])
