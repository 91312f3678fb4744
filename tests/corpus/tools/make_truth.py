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

import gzip
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS_DIR = HERE.parent
REPO = CORPUS_DIR.parent.parent
sys.path.insert(0, str(CORPUS_DIR.parent))

from corpus.manifest import CORPUS, CorpusCLI  # noqa: E402
from corpus.paths import corpus_venv_bin, find_executable  # noqa: E402

NEVER_COUNTED = {"--help", "--version", "-h"}
TYPER_SHELL_SETUP = {"--install-completion", "--show-completion"}


def run_json(argv: list[str], cwd: str, failure: str):
    """The JSON a truth script prints (stdin closed, run in `cwd`); its last stderr line in
    the error when it fails."""
    out = subprocess.run(
        argv, capture_output=True, text=True, cwd=cwd, stdin=subprocess.DEVNULL, timeout=120
    )
    if out.returncode != 0:
        raise RuntimeError(f"{failure}: {out.stderr.strip().splitlines()[-1:]}")
    return json.loads(out.stdout)


def python_truth(cli: CorpusCLI, cwd: str) -> dict:
    python = str(corpus_venv_bin() / "python")
    script = str(HERE / "truth_python.py")

    def run(framework: str, *path: str) -> dict:
        argv = [python, script, framework, cli.name, *path]
        return run_json(argv, cwd, f"{cli.name} {' '.join(path)}")

    if cli.truth == "click":
        data = run("click")
        commands = {}
        for path, entry in data["commands"].items():
            if entry.get("hidden"):
                continue
            flags = {
                k: _clean_flag(v)
                for k, v in entry["flags"].items()
                if not v.get("hidden") and k not in TYPER_SHELL_SETUP
            }
            commands[path] = {"flags": flags, "positionals": entry["positionals"]}
        # a command under a hidden group is hidden too
        hidden = [p for p, e in data["commands"].items() if e.get("hidden")]
        commands = {
            p: e for p, e in commands.items() if not any(p.startswith(h + " ") for h in hidden)
        }
        return {
            "method": "click/typer objects walked in the CLI's interpreter (list_commands/get_command, params)",
            "commands": commands,
        }
    commands = {}
    framework = "click-help" if cli.truth == "click-help" else cli.truth

    def one(path: list[str]) -> tuple[list[str], dict]:
        try:
            return path, run(framework, *path)
        except RuntimeError:
            if path or not cli.truth_commands:
                raise
            # a root that dispatches by hand has no parser of its own: only the listed commands
            return path, {"flags": {}, "positionals": None, "subcommands": []}

    # a listed name of several words is a nested command (cliff names `history_list` `history list`)
    level: list[list[str]] = [[]] + [c.split() for c in cli.truth_commands]
    with ThreadPoolExecutor(3) as pool:
        while level:
            following = []
            for path, entry in pool.map(one, level):
                commands[" ".join(path)] = {
                    "flags": {
                        k: _clean_flag(v)
                        for k, v in entry["flags"].items()
                        if not v.get("hidden") and k not in TYPER_SHELL_SETUP
                    },
                    "positionals": [p for p in entry["positionals"] if not p.pop("hidden", False)]
                    if entry["positionals"] is not None
                    else None,
                }
                if cli.name in AMENDMENTS:
                    AMENDMENTS[cli.name](commands[" ".join(path)], entry)
                for sub in entry["subcommands"]:
                    if not sub["hidden"]:
                        following.append([*path, sub["name"]])
            level = following
    how = {
        "argparse": "argparse parser captured where its help action fires under `PATH… --help`, per command",
        "optparse": "optparse OptionParser captured where it prints help under `PATH… --help`, per command",
        "click-help": "the click/typer command whose help renders under `PATH… --help`, captured at Context.get_help, per command",
        "getopt": "the short and long option specs the program hands to getopt.getopt, captured at that call (each spelling its own flag: getopt does not pair them)",
        "docopt": "the usage text the program hands to docopt.docopt, captured at that call and read by docopt's own parse_defaults/parse_pattern",
        "cleo": "the cleo Application captured at run(): each command's InputDefinition (app.find), the application's definition on the root",
        "cliff": "the cliff App captured at run(): its parser on the root, each CommandManager command's get_parser",
        "invoke": "the invoke Program's core_args() and task_args(), read from the object the console script is bound to",
        "traitlets": "the traitlets Application whose print_help fires under `PATH… --help`: its flags, aliases (typed by their traits) and subcommands",
        "pytest": "pytest's own Parser after its plugins loaded (_prepareconfig for `--help`), its argparse parser (Parser._getparser) read",
        "plumbum": "the plumbum cli.Application class the console script is bound to, instantiated as its run() does: its switches (_switches_by_func) and subcommands (_subcommands), each subcommand's class in turn, positionals from main's signature",
        "robot": "Robot Framework's own ArgumentParser (robot.utils.argumentparser), captured at its parse_args: the long options it built from the usage text, the short letters mapped to them, `*` repeatable, each flag's --noNAME negation a spelling of it",
        "doit": "doit's own command table: DoitMain().get_cmds() for the commands, each command instantiated as DoitMain.run does and its own cmdparser's options, as it parses (CmdOption short, long, inverse, type, choices; the DB backends' choices set after it is built) for the flags",
        "fire": "the component the program hands to fire.Fire, captured at that call and walked as fire walks it: fire's completion.VisibleMembers for the words below a group, the signature fire's inspectutils.GetFullArgSpec reads for a command's flags (with the one-letter shortcut fire's _ParseKeywordArgs accepts)",
        "cyclopts": "the cyclopts App the console script calls, captured at App.__call__ and resolved down each path by its parse_commands: its command names (less its help and version flags and those not shown), the argument collections cyclopts assembles for the command and its meta apps",
        "absl": "absl-py's FlagValues (flags.FLAGS), captured where absl.app.run hands it the argv under `PATH… --help` (its help flags defined, nothing parsed): every flag it holds, absl's own included (absl lists them all under --helpfull), --noNAME a spelling of a boolean, the parser telling the type; absl's help flags left out",
        "django": "Django's get_commands() for the commands (outside a project: Django's own), each command's parser from its create_parser, captured where its help action fires under `CMD --help`",
    }[cli.truth]
    return {"method": how, "commands": commands}


def _hf_formatting_options(command: dict, entry: dict) -> None:
    """hf (huggingface_hub 2.4.0) accepts `--format/--json/-q/--no-truncate` on every command
    that defines none of them and is not a pass-through, by rewriting its argv before click
    parses (huggingface_hub/cli/_cli_utils.py): no click object declares them. Checked by hand:
    `hf auth list --json` runs (exit 0), `hf auth list --bogus` is refused (exit 2)."""
    if entry.get("subcommands") or entry.get("passthrough"):
        return
    if any(k in command["flags"] for k in ("--format", "--json", "--quiet")):
        return
    flag = {
        "kind": "boolean",
        "type": None,
        "choices": None,
        "required": False,
        "repeatable": False,
    }
    command["flags"]["--format"] = {
        **flag,
        "names": ["--format"],
        "kind": "value",
        "type": "choice",
        "choices": ["auto", "human", "agent", "json", "quiet"],
    }
    command["flags"]["--json"] = {**flag, "names": ["--json"]}
    command["flags"]["--quiet"] = {**flag, "names": ["--quiet", "-q"]}
    command["flags"]["--no-truncate"] = {**flag, "names": ["--no-truncate"]}


AMENDMENTS = {"hf": _hf_formatting_options}
"""Truth a framework's objects cannot show, added by hand where a person checked it (documented)."""


def _clean_flag(flag: dict) -> dict:
    return {k: flag.get(k) for k in ("names", "kind", "type", "choices", "required", "repeatable")}


def cobra_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")

    def complete(*words: str) -> list[tuple[str, str]]:
        out = subprocess.run(
            [exe, "__complete", *words],
            capture_output=True,
            text=True,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=30,
        )
        rows = []
        for line in out.stdout.splitlines():
            if line.startswith(":") or not line.strip() or line.startswith("Completion ended"):
                continue
            word, _, desc = line.partition("\t")
            if word != word.strip() or " " in word:
                continue  # a line of help text, never a completion word
            rows.append((word, desc))
        return rows

    def subcommands(path: list[str]) -> list[str]:
        # cobra's own `help` command completes only the subcommands of the command its words
        # name (available ones: not hidden, not deprecated). `PATH ""` alone would also offer a
        # leaf's argument values (podman's `network inspect` offers the network `podman`,
        # endlessly); it is the fallback for a program that removed its help command.
        words = complete("help", *path, "") if by_help else complete(*path, "")
        return [w for w, _ in words if not w.startswith("-")]

    def flag_rows(path: list[str]) -> list[tuple[str, str]]:
        # while a command's required flags are unset, cobra offers only them for `-` (hcloud's
        # `certificate create` offers `--name` alone): give every flag offered the value `1`
        # (a number, a string and a switch's `true` alike) and ask again, until nothing new
        # appears; a value a flag refuses only ends the asking early
        rows: list[tuple[str, str]] = []
        given: list[str] = []
        seen: set[str] = set()
        for _ in range(5):
            new = [(w, d) for w, d in complete(*path, *given, "-") if w.split("=")[0] not in seen]
            if not new:
                break
            rows += new
            seen |= {w.split("=")[0] for w, _ in new}
            # never `--help=1`/`--version=1`: lxc then prints `__complete`'s own help as the answer
            given += [
                f"{w.split('=')[0]}=1"
                for w, _ in new
                if w.startswith("--") and w.split("=")[0] not in NEVER_COUNTED
            ]
        return rows

    by_help = bool(complete("help", ""))
    commands = {}
    queue: list[list[str]] = [[]]
    while queue:
        path = queue.pop(0)
        subs = subcommands(path)
        flags = {}
        previous_long = None
        rows = flag_rows(path)
        for word, desc in rows:
            name = word.split("=")[0]
            if not name.startswith("--") and previous_long and previous_long[1] == desc:
                flags.get(previous_long[0], {"names": []})["names"].append(
                    name
                )  # cobra lists `-s` after its `--long`
                previous_long = None
                continue
            previous_long = (name, desc) if name.startswith("--") else None
            if name in NEVER_COUNTED or name in flags:
                continue
            flags[name] = _flag_entry(name)
        # an engine that lists every long name before the letters (go-task's): a letter is the
        # long name's whose description is the same, when exactly one long name has it
        described = {w.split("=")[0]: d for w, d in rows if d}
        for name in [n for n in flags if not n.startswith("--")]:
            same = [
                k
                for k, f in flags.items()
                if k.startswith("--")
                and len(f["names"]) == 1
                and described.get(k) == described.get(name)
            ]
            if described.get(name) and len(same) == 1:
                flags[same[0]]["names"].append(flags.pop(name)["names"][0])
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
    return {
        "method": 'cobra\'s own completion engine: `CLI __complete help PATH… ""` for commands (`PATH… ""` where there is no help command), `"-"` for flags (kinds not told; a flag every descendant lists is counted once, where declared)',
        "commands": commands,
    }


REFUSED_BY_PROGRAM: dict[str, set[str]] = {
    # pandoc 1.x's options in fish 3.6's file: pandoc 2.17.1.1 answers `Unknown option --jsmath.`
    "pandoc": {
        "--asciimathml",
        "--highlight_style",
        "--jsmath",
        "--katex-stylesheet",
        "--latexmathml",
        "--mimetex",
        "--reference-file",
        "-m",
    },
    "ack": {"--lines", "--no-pager"},  # ack 3.6.0: `Unknown option: lines`
    "rm": {"--directory"},  # GNU rm 9.1: `unrecognized option '--directory'` (its name is --dir)
    "ncat": {"---recv-only"},
    "msgfmt": {
        "--chack-header"
    },  # fish's typo; msgfmt 0.21: `unrecognized option '--chack-header'`  # fish's typo (`-l -recv-only`); ncat: `unrecognized option`
    # vim's client-server options, which Debian's vim.basic is built without:
    # `Unknown option argument: "--remote"`
    "vim": {
        "--echo-wid",
        "--literal",
        "--no-fork",
        "--remote",
        "--remote-expr",
        "--remote-send",
        "--remote-silent",
        "--remote-wait",
        "--remote-wait-silent",
        "--serverlist",
        "--servername",
        "--socketid",
    },
    "useradd": {"-n"},  # useradd 4.13: `useradd: invalid option -- 'n'`
    "top": {"-v"},  # procps 4.0.2's top: `top: invalid option -- 'v'` (its version is `-V`)
    # fish's typo (`-l annoted-source` beside `-s A`); gprof 2.40: `unrecognized option
    # '--annoted-source'` (its name is --annotated-source)
    "gprof": {"--annoted-source"},
}
ACCEPTED_BY_PROGRAM: dict[str, set[str]] = {
    # flac 1.4.2's help lists these; neither fish's file nor flac(1) names them; flac takes each
    # (`flac --limit-min-bitrate </dev/null` prints its banner and waits for input, as with any
    # option it knows; `flac --bogus-opt`: `unrecognized option`)
    "flac": {
        "--force-legacy-wave-format",
        "--limit-min-bitrate",
        "--no-error-on-compression-fail",
        "--no-ignore-chunk-sizes",
    },
    # gprof 2.40's usage names these; fish's file and gprof(1)'s item heads do not; gprof takes
    # each (`gprof --table-length=3 /nonexist`: `/nonexist: No such file or directory`, as with
    # any option it knows; `gprof --bogus`: `unrecognized option`)
    "gprof": {"--external-symbol-table", "--inline-file-names", "--table-length"},
    # sshfs 3.7.3's help lists `-v, --verbose`; fish's file and sshfs(1) name neither; sshfs
    # takes `-v` (`sshfs -v nonexistent.invalid:/ MNT` reaches ssh, which cannot resolve the
    # host) and its FUSE parser refuses `--verbose` and a made-up `-q` (`fuse: unknown
    # option(s)`), so only `-v` is forgiven
    "sshfs": {"-v"},
}
"""Names the program's help lists that a hand-written fish file and the man page both lack, which
the program's own parser takes (each given to it by hand, a made-up name refused beside it):
the witness lags, so each is forgiven as `also_documented` (neither found nor invented)."""
KIND_BY_PROGRAM: dict[str, dict[str, str | None]] = {
    # gprof 2.40: fish's `-x` on switches (`-xc gprof -s s -l sum`); getopt_long refuses a value
    # for each (`gprof --sum=x`: `option '--sum' doesn't allow an argument`), and `--debug`
    # takes one only attached (`--debug` and `--debug=1` both run): kind not told
    "gprof": {
        "--debug": None,
        "--display-unused-functions": "boolean",
        "--ignore-non-functions": "boolean",
        "--line": "boolean",
        "--no-static": "boolean",
        "--static-call-graph": "boolean",
        "--sum": "boolean",
    },
}
"""Kinds a hand-written fish file gets wrong, as the program's own getopt_long tells them (each
given `--name=x` by hand: `doesn't allow an argument` is a switch)."""
NOT_OPTIONS_OF_PROGRAM: dict[str, set[str]] = {
    # maven: system properties fish offers as words of their own; mvn takes them as `-D NAME`
    # (`-D,--define <arg>`), so each is a value of `-D`, not an option
    "mvn": {
        "-DbuildInstaller",
        "-Dmaven.javadoc.skip",
        "-Dmaven.surefire.debug",
        "-DperformRelease",
        "-DskipTests",
    },
    # journalctl 252 accepts these deprecated spellings but neither its help nor its manual
    # names them any more (`systemd-id128 new` replaced `--new-id128`): hidden, left out
    "journalctl": {"--new-id128", "--this-boot"},
    # tcpdump 4.99.3: fish's `-o dd`, `-o vvv`, … are one getopt letter given again (tcpdump.c
    # counts them, `case 'd': ++dflag;`; `tcpdump -dd -i lo` prints what `tcpdump -d -d -i lo`
    # prints, byte for byte): a count of `-d`, `-v`, … (tcpdump(8) heads an item with each,
    # so they stay documented: also_documented), not options of their own
    "tcpdump": {
        "-XX",
        "-dd",
        "-ddd",
        "-nn",
        "-tt",
        "-ttt",
        "-tttt",
        "-ttttt",
        "-vv",
        "-vvv",
        "-xx",
    },
}
"""Names a hand-written fish file lists that the program's own parser refuses (each given to the
program by hand, its refusal quoted): stale or mistyped, so not the program's flags."""


def completion_file_text(cli: CorpusCLI, file: Path) -> str:
    """The completion file the truth is read from: as installed, else as `tools/record.py`
    recorded it from the same installed package (`recordings/CLI.json`, `completions`), so the
    truth can be made again on a machine without the package."""
    if file.exists():
        return file.read_text()
    recording = CORPUS_DIR / "recordings" / f"{cli.name}.json"
    if recording.exists():
        for entry in json.loads(recording.read_text()).get("completions", []):
            if entry["path"] == str(file):
                return entry["text"]
    raise FileNotFoundError(f"{file}: neither installed nor recorded")


def fish_split(line: str) -> list[str]:
    r"""The words of one fish statement as fish reads them (not POSIX sh, so not `shlex`): inside
    `'…'` only `\'` and `\\` escape; inside `"…"` also `\"` and `\$`; outside, a backslash takes
    the next character as it is (`\t` and `\n` as tab and newline); a parenthesized command
    substitution is part of its word; an unquoted `#` opening a word starts a comment. A quote
    left open raises ValueError, as shlex did."""
    words: list[str] = []
    word, in_word = "", False
    quote = ""  # the open quote character, or ""
    depth = 0  # open `(` of a command substitution outside quotes
    i = 0
    while i < len(line):
        char = line[i]
        if quote:
            escapes = "'\\" if quote == "'" else '"\\$'
            if char == "\\" and i + 1 < len(line) and line[i + 1] in escapes:
                word += line[i + 1]
                i += 1
            elif char == quote:
                quote = ""
            else:
                word += char
        elif char in " \t\n" and not depth:
            if in_word:
                words.append(word)
            word, in_word = "", False
        elif char == "#" and not in_word:
            break
        else:
            in_word = True
            if char in "'\"":
                quote = char
            elif char == "\\" and i + 1 < len(line):
                word += {"t": "\t", "n": "\n"}.get(line[i + 1], line[i + 1])
                i += 1
            else:
                if char == "(" or depth:
                    depth += {"(": 1, ")": -1}.get(char, 0)
                word += char
        i += 1
    if quote:
        raise ValueError("no closing quotation")
    if in_word:
        words.append(word)
    return words


FISH_COMPLETE_ARGUMENT_OPTIONS = set("cplosadwnC")
"""The short options of fish's `complete` that take an argument (`-c CMD`, `-l NAME`, `-a ARGS`)."""


def _fish_short_options(word: str) -> list[str]:
    """One `complete` word of clustered short options as fish's getopt reads it: `-xc` is `-x -c`,
    `-xa` is `-x -a` (each taking the next word), `-cgrep` is `-c grep`."""
    out: list[str] = []
    for i, letter in enumerate(word[1:], start=1):
        out.append("-" + letter)
        if letter in FISH_COMPLETE_ARGUMENT_OPTIONS:
            if word[i + 1 :]:
                out.append(word[i + 1 :])
            break
    return out


def fish_truth(cli: CorpusCLI) -> dict:
    file = Path(cli.truth.split(":", 1)[1])
    command_names = {cli.name, cli.executable or cli.name, Path(file).stem}
    flags: dict[str, dict] = {}
    for raw in _fish_lines(completion_file_text(cli, file)):
        try:
            words = fish_split(raw)
        except ValueError:
            continue
        if len(words) < 2 or words[0] not in ("complete", "__fish_gnu_complete"):
            continue
        longs, shorts, olds, value, _choices, condition, target = (
            [],
            [],
            [],
            False,
            None,
            None,
            None,
        )
        i = 1
        if not words[1].startswith("-"):
            # fish's older form names the command first, without `-c` (`complete chmod -s c …`)
            target = words[1]
            i = 2
        while i < len(words):
            w = words[i]
            if re.fullmatch(r"-[A-Za-z]{2,}", w):
                words[i : i + 1] = _fish_short_options(w)
                w = words[i]
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if w in ("-c", "--command"):
                target = nxt
                i += 2
                continue
            if w.startswith("--command="):
                target = w.split("=", 1)[1]
                i += 1
                continue
            if w in ("-l", "--long-option"):
                longs.append("--" + nxt)
                i += 2
                continue
            if w in ("-s", "--short-option"):
                shorts.append("-" + nxt)
                i += 2
                continue
            if w in ("-o", "--old-option"):
                olds.append("-" + nxt)
                i += 2
                continue
            if w in ("-r", "--require-parameter", "-x", "--exclusive"):
                value = True
                i += 1
                continue
            if w in ("-a", "--arguments"):
                i += 2
                continue
            if w in ("-n", "--condition"):
                condition = nxt
                i += 2
                continue
            if w in ("-d", "--description", "-w", "--wraps", "-k", "--keep-order"):
                i += 2 if w in ("-d", "--description", "-w", "--wraps") else 1
                continue
            i += 1
        if target not in command_names or not (longs or shorts or olds):
            continue
        if condition and "seen_subcommand" in condition:
            continue  # flags of subcommands: this witness is used for flat CLIs only
        longs, shorts, olds = (
            [n for n in names if "$" not in n] for names in (longs, shorts, olds)
        )
        if not (longs or shorts or olds):
            continue  # a name built from a loop variable (`-l $op`): the loop's words are not read
        if any("=" in name for name in longs):
            # `-l debug-dump=abbrev` (readelf, with `-o wa`), `-l differences=permanent` (watch):
            # an option given one of its values, offered as a word of its own; the option has
            # its own line
            continue
        refused = REFUSED_BY_PROGRAM.get(cli.name, set()) | NOT_OPTIONS_OF_PROGRAM.get(
            cli.name, set()
        )
        longs, shorts, olds = (
            [n for n in names if n not in refused] for names in (longs, shorts, olds)
        )
        if not (longs or shorts or olds):
            continue  # a stale name: the program's own parser refuses it (checked by hand)
        key = longs[0] if longs else (shorts or olds)[0]
        if key in NEVER_COUNTED or key in flags:
            continue
        kind = "value" if value else None
        kind = KIND_BY_PROGRAM.get(cli.name, {}).get(key, kind)
        flags[key] = {
            "names": longs + shorts + olds,
            "kind": kind,
            "type": None,
            "choices": None,
            "required": None,
            "repeatable": None,
        }
    known = {n for f in flags.values() for n in f["names"]}
    documented = sorted(
        (
            set(man_page_options(cli.executable or cli.name))
            | ACCEPTED_BY_PROGRAM.get(cli.name, set())
        )
        - known
        - NEVER_COUNTED
    )
    return {
        "method": f"the completion file the package ships ({file}); `-r`/`-x` mark a value, otherwise the kind is not told; "
        "options only the man page documents are listed in also_documented (neither found nor invented)",
        "commands": {"": {"flags": flags, "positionals": None, "also_documented": documented}},
    }


_MAN_STRING = re.compile(r"^\.ds\s+(\S+)\s+(.*)$")


def man_page_options(program: str, *, docbook: bool = False) -> list[str]:
    r"""Option names at the head of a definition in the program's man page (man or mdoc macros).

    Hand-written completion files lag their programs; the man page, written by the program's
    authors, is a second document to forgive a flag fish lacks. Never used to count a flag found.
    Sections 1 and 8 (lsof); roff's zero-width escapes (`\-\^\-exclude`) and the page's own
    strings (`.ds = \-\-` then `\*=binary`, as patch's page spells its long options) are
    expanded; `.TQ` continues a `.TP` head (strace's long forms); help2man's `.HP` heads (sed);
    a `.sp`/`.PP` paragraph opening with a bold option (asciidoctor's util-linux pages, ncat's);
    a page in a suffixed section (ack's `ack.1p`); pod2man's `.ie n .IP "…"` heads (binutils'
    pages, made from texinfo through Pod); Getopt::Long's `--[no]heading` head names
    `--heading` and `--noheading`; with `docbook`, DocBook's `.PP` paragraph whose line is an
    option (`\-a, \-\-all`, git's pages; asked for by name, so no other truth moves). Pages not installed are looked for in `CORPUS_MAN_ROOTS`
    (`:`-separated `usr/share/man` folders of the pinned packages unpacked with `dpkg -x`).
    """
    roots = ["/usr/share/man", *filter(None, os.environ.get("CORPUS_MAN_ROOTS", "").split(":"))]
    path = next(
        (
            p
            for root in roots
            for s in ("1", "8")
            for p in sorted(Path(f"{root}/man{s}").glob(f"{program}.{s}*.gz"))
            if p.name.split(".")[0] == program  # ack's page is ack.1p
        ),
        None,
    )
    if path is None:
        return []
    lines = gzip.decompress(path.read_bytes()).decode("utf-8", "replace").splitlines()
    strings = {
        m.group(1): m.group(2).strip().strip('"') for m in map(_MAN_STRING.match, lines) if m
    }

    def expand(text: str) -> str:
        text = re.sub(
            r"\\\*\((..)|\\\*\[([^\]]*)\]|\\\*(.)",
            lambda m: strings.get(m.group(1) or m.group(2) or m.group(3), ""),
            text,
        )
        text = re.sub(r"\\[\^&|%]", "", text)
        text = re.sub(r"\\f[A-Z(]\w?|\\f\[\w*\]", "", text)
        return text.replace("\\-", "-").replace("\\", "")

    names: set[str] = set()
    for i, line in enumerate(lines):
        previous = lines[i - 1] if i else ""
        head = None
        if (
            line.startswith((".It Fl ", ".Op Fl "))
            or line.startswith('.IP "')
            # pod2man's heads: `.ie n .IP """\-e \fIname\fP""" 4` (the `.el` twin says the same)
            or line.startswith('.ie n .IP "')
            or line.startswith((".B ", ".BI ", ".BR "))
            or re.match(r"^\.(TP|IP|PD|TQ|HP)\b", previous)
            and not line.startswith(".")
            # asciidoctor's and ncat's pages: a paragraph opening with a bold option is its head
            or re.match(r"^\.(sp|PP)\b", previous)
            and line.startswith("\\fB\\-")
            or docbook
            and re.match(r"^\.PP\b", previous)
            and line.startswith("\\-")
        ):
            head = line
        if head is None:
            continue
        if head.startswith(".ie n .IP"):  # one-letter font escapes, before `\f(CW` is expanded
            head = re.sub(r"\\f[BIRP]", "", head)
        text = re.sub(r"--\[no-?\]([A-Za-z0-9][-A-Za-z0-9]*)", r"--\1 --no\1", expand(head))
        if head.startswith((".It Fl ", ".Op Fl ")):  # mdoc: `Fl Fl apple` is --apple, `Fl x` is -x
            names.update(
                "-" + m.group(1)
                for m in re.finditer(r"\bFl ((?:Fl )?[-\w]+)", text.replace("Fl Fl ", "Fl -"))
            )
            continue
        names.update(re.findall(r"(?<![\w-])(--?[A-Za-z0-9][-A-Za-z0-9]*)", text))
    return sorted(n for n in names if n != "-")


def _fish_lines(text: str) -> list[str]:
    """complete statements, with backslash-continued lines joined, leaving out the branch for
    other systems of a file that covers several (`if cp --version …` GNU `else` BSD `end`)."""
    lines, current = [], ""
    blocks: list[list] = []  # [opener, tests for the GNU program, now in its else branch]
    for line in text.splitlines():
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        current += line
        statement, current = current.strip(), ""
        first = statement.split(" ", 1)[0] if statement else ""
        if first in ("if", "switch", "function", "for", "while", "begin"):
            # `if cp --version …` (cp) or `if test -n "$is_gnu"` (sed): the GNU branch first
            gnu_test = "--version" in statement or "gnu" in statement.lower()
            blocks.append([first, first == "if" and gnu_test, False])
            continue
        if first == "else" and blocks and blocks[-1][1]:
            blocks[-1][2] = True
            continue
        if first == "end" and blocks:
            blocks.pop()
            continue
        if any(block[1] and block[2] for block in blocks):
            continue  # another system's variant of the program
        if first in ("complete", "__fish_gnu_complete"):
            # fish's own helper around `complete` (sed, df): the same options, its long names
            # dropped on a non-GNU system; this machine's programs are GNU
            lines.append(statement)
    return lines


def kingpin_completion_truth(cli: CorpusCLI, cwd: str) -> dict:
    """kingpin's own completion (`CLI --completion-bash PATH…` for commands, `… --` for flags):
    the program's parser answers, hidden commands and flags left out by kingpin itself. Kinds,
    types and short letters are not told (kingpin completes long names only)."""
    exe = find_executable(cli)
    assert exe is not None

    def complete(*words: str) -> list[str]:
        return _go_completion(exe, cwd, ["--completion-bash", *words])

    commands: dict[str, dict] = {}
    queue: list[list[str]] = [[]]
    while queue:
        path = queue.pop(0)
        flags = {
            name: _flag_entry(name)
            for name in complete(*path, "--")
            if name.startswith("--") and name not in NEVER_COUNTED
        }
        parent = commands.get(" ".join(path[:-1])) if path else None
        if parent is not None:  # kingpin lists the app's flags under every command: count them once
            flags = {k: v for k, v in flags.items() if k not in parent["all_flags"]}
        all_flags = set(flags) | (parent["all_flags"] if parent is not None else set())
        commands[" ".join(path)] = {"flags": flags, "positionals": None, "all_flags": all_flags}
        queue += [
            [*path, word] for word in complete(*path) if not word.startswith("-") and word != "help"
        ]
    for entry in commands.values():
        entry.pop("all_flags")
    return {
        "method": "kingpin's own completion: `CLI --completion-bash PATH…` (commands), `PATH… --` (long flags; "
        "kinds and short letters not told; an inherited flag is counted once, where declared)",
        "commands": commands,
    }


def bash_clap_truth(cli: CorpusCLI) -> dict:
    """A bash completion file generated by clap 2 (`_CLI() { … opts=" -a --all …" … case
    "${prev}" in --glob) … }`): the root's `opts` words are its flags; a name with its own
    `${prev}` arm takes a value. clap 2's bash generator does not pair a short letter with its
    long name, so each spelling is a flag of its own (scored by any spelling, the pair finds both)."""
    text = Path(cli.truth.split(":", 1)[1]).read_text()
    root = re.search(r"^\s*" + re.escape(cli.name) + r'\)\s*\n\s*opts="([^"]*)"', text, re.M)
    if root is None:
        raise RuntimeError("no opts line for the root in the bash file")
    value_names = set(re.findall(r"^\s*(--?[\w.-]+)\)\s*$", text, re.M))
    flags = {}
    for name in root.group(1).split():
        if not name.startswith("-") or name in NEVER_COUNTED or name in flags:
            continue
        flags[name] = {**_flag_entry(name), "kind": "value" if name in value_names else None}
    documented = sorted(
        set(man_page_options(cli.executable or cli.name)) - set(flags) - NEVER_COUNTED
    )
    return {
        "method": f"the bash completion file clap generated at the package's build ({cli.truth.split(':', 1)[1]}): "
        "the root's opts words, a value where a `${prev}` arm exists; short and long spellings unpaired",
        "commands": {"": {"flags": flags, "positionals": None, "also_documented": documented}},
    }


def _clap_fish_flag(names: list[str], value: bool, choices: list[str] | None) -> dict:
    """A flag of a fish file clap generated: a value where `-r`, its choices where `-a` lists them."""
    return {
        "names": names,
        "kind": "value" if value else None,
        "type": "choice" if choices else None,
        "choices": choices,
        "required": None,
        "repeatable": None,
    }


def clap_fish_truth(cli: CorpusCLI) -> dict:
    """A fish file clap_complete generated (sq's): every line's condition names its command —
    `__fish_use_subcommand` the root, each `__fish_seen_subcommand_from X` not negated one more
    word of the path; a line with `-a NAME` and no option names offers the subcommand NAME;
    `-r` marks a value, `-a "{a\t,b\t}"` on a value its choices. A clap switch has no `-r`
    (boolean or count: not told)."""
    file = Path(cli.truth.split(":", 1)[1])
    commands: dict[str, dict] = {"": {"flags": {}, "positionals": None}}
    pending: list[tuple[str, dict]] = []
    for raw in _fish_lines(completion_file_text(cli, file)):
        words = fish_split(raw)
        condition = words[words.index("-n") + 1] if "-n" in words else ""
        path = [
            term.split()[1]
            for term in condition.split(";")
            if term.strip().startswith(("__fish_seen_subcommand_from", "and __fish_seen"))
            for term in [term.strip().removeprefix("and ").strip()]
        ]
        longs = ["--" + words[i + 1] for i, w in enumerate(words) if w == "-l"]
        shorts = ["-" + words[i + 1] for i, w in enumerate(words) if w == "-s"]
        arguments = words[words.index("-a") + 1] if "-a" in words else None
        if not (longs or shorts):
            if arguments and not arguments.startswith("{") and arguments != "help":
                commands.setdefault(
                    " ".join([*path, arguments]), {"flags": {}, "positionals": None}
                )
            continue
        key = longs[0] if longs else shorts[0]
        if key in NEVER_COUNTED:
            continue
        value = "-r" in words
        choices = (
            [c.split("\t")[0] for c in arguments.strip("{}").split(",") if c.split("\t")[0]]
            if value and arguments and arguments.startswith("{")
            else None
        )
        pending.append((" ".join(path), _clap_fish_flag(longs + shorts, value, choices)))
    for path, flag in pending:
        if path in commands:
            commands[path]["flags"].setdefault(flag["names"][0], flag)
    return {
        "method": f"the fish completion file clap_complete generated at the package's build ({file}): "
        "each line's condition names its command, `-r` a value, `-a {…}` its choices",
        "commands": commands,
    }


def _fish_statements(text: str) -> list[list[str]]:
    """The words of each `complete` statement of a generated fish file: a statement runs until
    the next line that opens one (clap_complete 4 writes a value's choices one per line inside
    the quoted `-a "auto\\t'…'\\nnever\\t'…'"`); the helper functions it defines first are skipped."""
    chunks: list[str] = []
    in_function = False
    for line in text.splitlines():
        first = line.split(" ", 1)[0]
        if first == "function":
            in_function = True
        elif in_function:
            in_function = first != "end"
        elif first == "complete":
            chunks.append(line)
        elif chunks and line.strip():
            chunks[-1] += "\n" + line
    # fish's `\'` inside a single-quoted description is a quote shlex does not know
    return [shlex.split(chunk.replace("\\'", ""), comments=True) for chunk in chunks]


def _fish_choices(argument: str) -> list[str] | None:
    """A value's choices as clap_complete writes them: `a b c`, `{a\\t'',b\\t''}` or one
    `name\\t'description'` per line; None for a completion function (`(__fish_complete_…)`)."""
    if argument.startswith("("):
        return None
    if argument.startswith("{"):
        items = argument.strip("{}").split(",")
    elif "\n" in argument or "\\t" in argument:
        items = argument.splitlines()
    else:
        items = argument.split()
    # clap 4 writes `\\t` between a choice and its description, clap 3 a tab (dprint's)
    names = [re.split(r"\\t|\t", item)[0].strip() for item in items]
    return [n for n in names if n] or None


def clap_fish_generated_truth(cli: CorpusCLI) -> dict:
    """The fish file clap_complete 4 writes when the program is asked for it (`ruff
    generate-shell-completion fish`): a line's condition names its command —
    `__fish_CLI_needs_command` (or none) the root, `__fish_CLI_using_subcommand A` the command A,
    `… ; and __fish_seen_subcommand_from B` A's command B (`… ; and not …` A itself); a line with
    `-a NAME` and no option names under a condition that chooses a command offers the command
    NAME; `-r` marks a value, `-a` on a value its choices. clap writes no hidden command or flag
    and at most two levels of commands. A switch has no `-r` (boolean or count: not told)."""
    args = shlex.split(cli.truth.split(":", 1)[1])
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    if cli.truth.startswith("clap-fish-generated-out-dir:"):
        # a generator program of the package beside the CLI (`git-cliff-completions`) that
        # writes `CLI.fish` into `$OUT_DIR`
        with tempfile.TemporaryDirectory(prefix="corpus-clap-") as out_dir:
            generator = str(Path(exe).with_name(args[0]))
            subprocess.run(
                [generator, *args[1:]],
                capture_output=True,
                check=True,
                stdin=subprocess.DEVNULL,
                env=dict(os.environ, OUT_DIR=out_dir),
            )
            text = (Path(out_dir) / f"{cli.name}.fish").read_text()
    else:
        text = subprocess.run(
            [exe, *args], capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL
        ).stdout
    commands: dict[str, dict] = {"": {"flags": {}, "positionals": None}}
    pending: list[tuple[str, dict]] = []
    for words in _fish_statements(text):
        condition = words[words.index("-n") + 1] if "-n" in words else ""
        path: list[str] = []
        choosing = not condition or condition.endswith(
            ("_needs_command", "__fish_use_subcommand", "_no_subcommand")
        )
        for term in (t.strip().removeprefix("and ").strip() for t in condition.split(";")):
            if "_using_subcommand " in term or term.startswith("__fish_seen_subcommand_from "):
                path.append(term.split()[1])
            elif term.startswith("not __fish_seen_subcommand_from "):
                choosing = True
        if path and path[0] == "help":
            continue  # clap's help command: help machinery
        longs = ["--" + words[i + 1] for i, w in enumerate(words) if w == "-l"]
        shorts = ["-" + words[i + 1] for i, w in enumerate(words) if w == "-s"]
        argument = words[words.index("-a") + 1] if "-a" in words else None
        if not (longs or shorts):
            named = argument and re.fullmatch(r"[A-Za-z0-9][\w.-]*", argument)
            if choosing and named and argument != "help":
                name = " ".join([*path, argument])
                commands.setdefault(name, {"flags": {}, "positionals": None})
            continue
        key = longs[0] if longs else shorts[0]
        if key in NEVER_COUNTED or key == "-V":
            continue
        value = "-r" in words
        choices = _fish_choices(argument) if value and argument else None
        pending.append((" ".join(path), _clap_fish_flag(longs + shorts, value, choices)))
    shown: dict[str, str] = {}

    def page(path: str) -> str:
        if path not in shown:
            with tempfile.TemporaryDirectory(prefix="corpus-truth-") as cwd:
                out = subprocess.run(
                    [exe, *path.split(), "--help"],
                    capture_output=True,
                    text=True,
                    timeout=60,
                    cwd=cwd,
                )
            shown[path] = out.stdout + out.stderr
        return shown[path]

    # the generator writes clap's hidden commands and arguments (`hide = true`) too: a command
    # its parent's help lists in no row, or a name at the head of no option row of the
    # command's own help, is one of them, left out with what is under it (the help only
    # removes, never adds)
    for path in sorted(commands, key=lambda p: p.count(" ")):
        if path and path in commands:
            parent, _, name = path.rpartition(" ")
            if not re.search(r"^\s+" + re.escape(name) + r"\b", page(parent), re.M):
                for under in [p for p in commands if p == path or p.startswith(path + " ")]:
                    del commands[under]

    def row_names(path: str) -> set[str]:
        """The spellings at the head of the page's option rows (`  -n, --no-cache <DIR>`), not
        those its prose names (ruff's hidden `--no-fix` in `Use --no-fix to disable`)."""
        heads = [line.strip().split("  ")[0] for line in page(path).splitlines()]
        return {
            # clap marks a repeatable row `-l, --locals...`: the name is without the dots
            word.split("=")[0].split("[")[0].removesuffix("...")
            for head in heads
            if head.startswith("-")
            for word in head.replace(",", " ").split()
            if word.startswith("-")
        }

    for path, flag in pending:
        if path not in commands:
            continue
        names = [n for n in flag["names"] if n in row_names(path)]
        if names:
            commands[path]["flags"].setdefault(names[0], dict(flag, names=names))

    def accepts(path: str, name: str) -> bool:
        argv = [exe, *path.split(), name, "--help"]
        with tempfile.TemporaryDirectory(prefix="corpus-truth-") as cwd:  # `deno init` writes
            return subprocess.run(argv, capture_output=True, timeout=60, cwd=cwd).returncode == 0

    # a program may print rows for arguments it hides from clap's generator (deno's permission
    # flags, `hide(true)` and a help template of its own): a row name the file lacks that the
    # program accepts (`PATH NAME --help` exits 0 where a made-up name is refused) is forgiven
    # (`also_documented`: neither found nor invented), never counted
    for path, entry in commands.items():
        spelled = {n for f in entry["flags"].values() for n in f["names"]}
        unlisted = sorted(
            n
            for n in row_names(path) - spelled - NEVER_COUNTED - {"-V"}
            if re.match(r"--?[A-Za-z0-9]", n)
        )
        if unlisted and not accepts(path, "--no-such-option-at-all"):
            entry["also_documented"] = [n for n in unlisted if accepts(path, n)]
    return {
        "method": f"the fish completion clap_complete writes when asked (`{cli.name} {' '.join(args)}`): "
        "each line's condition names its command, `-a NAME` under a choosing condition a command, "
        "`-r` a value, `-a` on a value its choices; a command its parent's help lists in no row, or a name at the head of no option row of `PATH --help`, is clap's hidden one, left out; "
        "a row name the file lacks that the program accepts (`PATH NAME --help` exits 0) is forgiven (also_documented)",
        "commands": commands,
    }


def clap_dynamic_truth(cli: CorpusCLI, cwd: str) -> dict:
    """clap_complete's dynamic engine (`CompleteEnv`), which completes from the program's own
    `clap::Command` when run as `VAR=fish CLI -- CLI WORDS…` (`clap-dynamic:VAR`; `just
    --completions fish` prints only `JUST_COMPLETE=fish just | source`). In an empty folder:
    `CLI --` lists every visible long option (hidden ones are never offered), `CLI -` the same
    options in the same order, each by its short letter where it has one (paired by position
    and description); after an option, `""` is answered with the option list again for a
    switch or a value that may be left out (kind not told), and otherwise with the value's
    choices (a choice), files of the empty folder or nothing (a value). Subcommands: the words of `CLI PATH… ""` that are no option."""
    var = cli.truth.split(":", 1)[1]
    exe = find_executable(cli)
    assert exe is not None
    env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8", **{var: "fish"})

    def complete(*words: str) -> list[tuple[str, str]]:
        out = subprocess.run(
            [exe, "--", cli.name, *words],
            capture_output=True,
            text=True,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=30,
            check=True,
        )
        return [
            (word, desc)
            for line in out.stdout.splitlines()
            if line.strip()
            for word, _, desc in [line.partition("\t")]
        ]

    commands: dict[str, dict] = {}
    queue: list[list[str]] = [[]]
    while queue:
        path = queue.pop(0)
        longs = [row for row in complete(*path, "--") if row[0].startswith("--")]
        firsts = [row for row in complete(*path, "-") if row[0].startswith("-")]
        assert len(longs) == len(firsts), (path, longs, firsts)
        listing = {w for w, _ in longs}
        flags: dict[str, dict] = {}
        for (long, desc), (first, first_desc) in zip(longs, firsts, strict=True):
            assert desc == first_desc, (long, first)
            if long in NEVER_COUNTED:
                continue
            names = [long] if first == long else [long, first]
            answer = {w for w, _ in complete(*path, long, "")}
            switch = bool(answer) and answer <= listing | {w for w, _ in firsts}
            choices = sorted(w for w in answer if not w.endswith("/") and w != ".")
            flag = _flag_entry(long)
            flag["names"] = names
            # the option list again: a switch, or a value clap lets be left out (`--list
            # [MODULE]...`): not told
            flag["kind"] = None if switch else "value"
            if not switch and choices:
                flag["type"], flag["choices"] = "choice", choices
            flags[long] = flag
        commands[" ".join(path)] = {"flags": flags, "positionals": None}
        queue += [
            [*path, w] for w, _ in complete(*path, "") if not w.startswith("-") and w != "help"
        ]
    return {
        "method": f"clap_complete's dynamic engine, `{var}=fish {cli.name} -- {cli.name} WORDS…` in an empty folder: "
        "`--` every visible long option, `-` each by its short letter where it has one (paired by position), "
        '`OPTION ""` answered with the option list (a switch or an optional value: kind not told) or else the value\'s choices or nothing (a value); '
        'commands the words of `PATH… ""` that are no option',
        "commands": commands,
    }


# `openssl list -options CMD` prints each option with the letter of its value type (apps/lib/opt.c)
OPENSSL_VALUE_TYPES = {
    "-": None,
    "<": "path",
    ">": "path",
    "/": "path",
    "s": "string",
    "f": "string",
    "F": "string",
    "E": "string",
    "c": "string",
    "n": "integer",
    "p": "integer",
    "N": "integer",
    "u": "integer",
    "U": "integer",
    "l": "integer",
    "M": "integer",
}


def openssl_truth(cli: CorpusCLI, cwd: str) -> dict:
    """openssl's own listings: `openssl list -commands` (its standard commands), and
    `-digest-commands`/`-cipher-commands` (commands that run `dgst`/`enc` under another name,
    which `openssl help` lists too); each command's options from `openssl list -options CMD`,
    the option table the command parses, with the letter of each value's type (`-` none)."""
    exe = find_executable(cli) or cli.name

    def run(*words: str) -> str:
        return subprocess.run(
            [exe, *words], capture_output=True, text=True, check=True, cwd=cwd
        ).stdout

    def options(command: str) -> dict:
        flags = {}
        for line in run("list", "-options", command).splitlines():
            parts = line.split()
            if len(parts) != 2 or parts[0] in ("help", "-"):
                # `-` is enc's nameless entry: any cipher's name given as an option (`-aes256`)
                continue
            name, letter = "-" + parts[0], parts[1]
            flags.setdefault(
                name,
                {
                    "names": [name],
                    "kind": "boolean" if letter == "-" else "value",
                    "type": OPENSSL_VALUE_TYPES.get(letter),
                    "choices": None,
                    "required": None,
                    "repeatable": None,
                },
            )
        return flags

    commands: dict[str, dict] = {"": {"flags": {}, "positionals": None}}
    for name in run("list", "-commands").split():
        commands[name] = {"flags": options(name), "positionals": None}
    for listing, runs_as in (("-digest-commands", "dgst"), ("-cipher-commands", "enc")):
        for name in run("list", listing).split():
            commands.setdefault(name, {"flags": options(runs_as), "positionals": None})
    # `openssl help` lists more digest and cipher commands than `list` does (`base64`, `des`,
    # `bf`: their algorithms come from a provider `list` does not count); each is kept where
    # the program's own dispatcher runs it, `openssl NAME -help` printing `Usage: NAME`
    runs_as = None
    for line in subprocess.run(
        [exe, "help"], capture_output=True, text=True, cwd=cwd
    ).stderr.splitlines():
        if line.startswith(("Message Digest commands", "Cipher commands")):
            runs_as = "dgst" if line.startswith("Message") else "enc"
            continue
        for name in line.split() if runs_as else ():
            if name in commands:
                continue
            page = subprocess.run([exe, name, "-help"], capture_output=True, text=True, cwd=cwd)
            if (page.stdout + page.stderr).startswith(f"Usage: {name} "):
                commands[name] = {"flags": options(runs_as), "positionals": None}
    return {
        "method": "openssl's own listings: `list -commands`, `-digest-commands`, `-cipher-commands`; "
        "each command's options from `list -options CMD` (a digest or cipher command's from dgst's or enc's); "
        "the further digest and cipher names `openssl help` lists, where `openssl NAME -help` runs",
        "commands": commands,
    }


GIT_COMMAND_CATEGORIES = (
    "mainporcelain",
    "ancillarymanipulators",
    "ancillaryinterrogators",
    "foreignscminterface",
    "plumbingmanipulators",
    "plumbinginterrogators",
    "synchingrepositories",
    "synchelpers",
    "purehelpers",
)
"""The categories of git's own command list (command-list.txt), each listed by
`git --list-cmds=list-CATEGORY`: what `git help -a` shows, category by category."""


def git_truth(cli: CorpusCLI, cwd: str) -> dict:
    """git's own listings, in an empty repository (`git init`: most commands refuse to start
    outside one, even to list their options). Commands: every command of git's command list
    (`--list-cmds=list-CATEGORY` for each category) that this installation has
    (`--list-cmds=main`: git-gui, git-svn and git-p4 are packages of their own). Flags:
    `git CMD --git-completion-helper`, parse-options' own list of the command's long options
    (`=` when a value is required; without it a switch or an optional value, so the kind is
    told only for `=`) and the names of its subcommands (`git remote add`: asked in turn). The helper lists no short letters and no hidden option; after a lone
    `--` it lists the `--no-` negations parse-options adds, each kept as a spelling of its
    positive option. A command whose helper prints nothing (a shell or Perl script such as
    `git instaweb`, or one parsing its argv by hand) has no flags told: its man page's options
    are all `also_documented`; so are the short letters, the root's options (`git -C`,
    `--git-dir`) and the revision and diff options parsed outside parse-options (`git log
    --follow`), which git lists nowhere but in its manuals `git-CMD(1)` and `git(1)`."""
    exe = find_executable(cli) or cli.name
    env = dict(os.environ, LC_ALL="C.UTF-8", GIT_CONFIG_NOSYSTEM="1", HOME=cwd)
    subprocess.run([exe, "init", "-q", cwd], check=True, env=env, cwd=cwd)

    def run(*words: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [exe, *words],
            capture_output=True,
            text=True,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=30,
        )

    installed = set(run("--list-cmds=main").stdout.split())
    listed: list[str] = []
    for category in GIT_COMMAND_CATEGORIES:
        listed += [n for n in run(f"--list-cmds=list-{category}").stdout.split() if n not in listed]
    names = [n for n in listed if n in installed]

    def options(path: list[str]) -> tuple[dict, list[str], bool]:
        """(flags, subcommands, told) from `git PATH… --git-completion-helper`: long options
        (`=` a required value), the names of parse-options' subcommands (`git remote`: `add
        rename …`), and the negations, after `--` or after the subcommands, each a spelling of
        its option (so is `--verify` of a declared `--no-verify`)."""
        out = run(*path, "--git-completion-helper")
        words = out.stdout.split() if out.returncode == 0 else []
        if not words or not all(re.fullmatch(r"--?[\w-]*=?|[a-z][\w-]*", w) for w in words):
            return {}, [], False
        flags: dict[str, dict] = {}
        subcommands: list[str] = []
        negations: list[str] = []
        after = False
        for word in words:
            if word == "--":
                after = True
            elif not word.startswith("-"):
                subcommands.append(word)
            elif after or subcommands:
                negations.append(word)
            else:
                name = word.rstrip("=")
                other = "--" + name[5:] if name.startswith("--no-") else "--no-" + name[2:]
                if other in flags:  # `--no-verify` declared, `--verify` its negation
                    flags[other]["names"].append(name)
                    continue
                flags[name] = {**_flag_entry(name), "kind": "value" if word.endswith("=") else None}
        for word in negations:
            positive = "--" + word.removeprefix("--no-")
            if positive in flags and word not in flags[positive]["names"]:
                flags[positive]["names"].append(word)
        return flags, subcommands, True

    commands: dict[str, dict] = {
        "": {
            "flags": {},
            "positionals": None,
            "also_documented": sorted(set(man_page_options("git", docbook=True)) - NEVER_COUNTED),
        }
    }

    def add(path: list[str], flags: dict, told: bool) -> None:
        known = {n for f in flags.values() for n in f["names"]}
        # the helper lists parse-options' table only: the revision and diff options that
        # `setup_revisions` parses by hand (`git log --follow`, `rev-list --max-count`) are in
        # git-CMD(1) alone, so every option the manual documents and the helper lacks is forgiven
        manual = set(man_page_options(f"git-{path[0]}", docbook=True)) - known - NEVER_COUNTED
        commands[" ".join(path)] = {
            "flags": flags,
            "positionals": None,
            "also_documented": sorted(manual),
        }

    with ThreadPoolExecutor(4) as pool:
        for name, (flags, subs, told) in zip(names, pool.map(lambda n: options([n]), names)):
            add([name], flags, told)
            paths = [[name, sub] for sub in subs]
            for path, (sub_flags, _, sub_told) in zip(paths, pool.map(options, paths)):
                add(path, sub_flags, sub_told)
    return {
        "method": "git's own listings in an empty repository: `--list-cmds=list-CATEGORY` for each category of its "
        "command list (installed ones: `--list-cmds=main`), each command's long options from "
        "`CMD --git-completion-helper` (`=`: a value; the `--no-` forms after `--` as spellings of their option); "
        "short letters, the root's options, a script command's options and the revision and diff options only in "
        "its man page (also_documented)",
        "commands": commands,
    }


_TMUX_SWITCHES = re.compile(r"\[-([A-Za-z0-9]+)\]")
_TMUX_VALUE_FLAG = re.compile(r"\[-([A-Za-z0-9]) ([^\[\]-][^\[\]]*)\]")


def tmux_truth(cli: CorpusCLI, cwd: str) -> dict:
    """tmux's own table of commands, `tmux list-commands` (asked of a server of its own on a
    private socket, `-L`, with no configuration, `-f /dev/null`, and killed after): one line
    per command, `NAME (ALIAS) USAGE`, the usage tmux's command table holds (`[-dErx]` switches,
    `[-c working-directory]` a flag with a value). The root's own options are in no table tmux
    prints but its usage message and tmux(1): the manual's are `also_documented`."""
    exe = find_executable(cli) or cli.name
    socket = f"corpus-truth-{os.getpid()}"
    out = subprocess.run(
        [exe, "-L", socket, "-f", "/dev/null", "list-commands"],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        timeout=30,
    )
    subprocess.run([exe, "-L", socket, "kill-server"], capture_output=True, cwd=cwd)
    commands: dict[str, dict] = {
        "": {
            "flags": {},
            "positionals": None,
            "also_documented": sorted(set(man_page_options("tmux")) - NEVER_COUNTED),
        }
    }
    for line in out.stdout.splitlines():
        name, _, usage = line.partition(" ")
        usage = re.sub(r"^\(\S+\)\s*", "", usage)
        flags: dict[str, dict] = {}
        for letters in _TMUX_SWITCHES.findall(usage):
            for letter in letters:
                flags["-" + letter] = {"names": ["-" + letter], "kind": "boolean"}
        for letter, _placeholder in _TMUX_VALUE_FLAG.findall(usage):
            flags["-" + letter] = {"names": ["-" + letter], "kind": "value"}
        commands[name] = {
            "flags": {
                k: {"type": None, "choices": None, "required": None, "repeatable": None, **v}
                for k, v in flags.items()
            },
            "positionals": None,
        }
    return {
        "method": "tmux's own command table, `tmux -L SOCKET -f /dev/null list-commands` (each command's usage: "
        "`[-abc]` switches, `[-x value]` a value); the root's options only in tmux(1) (also_documented)",
        "commands": commands,
    }


def gpg_truth(cli: CorpusCLI, cwd: str) -> dict:
    """gpg's own option table, `gpg --dump-options` (every long name in the table its parser
    reads, one a line). The table keeps obsolete and ignored names too (`--no-sig-create-check`,
    `--load-extension`): a name gpg(1) documents at the head of no entry is left out (the manual
    only removes, never adds). Kinds are not told; short letters (`-s`, `-o`) are in the
    manual only (also_documented)."""
    exe = find_executable(cli) or cli.name
    home = Path(cwd) / "gnupg"
    home.mkdir(mode=0o700)
    names = subprocess.run(
        [exe, "--homedir", str(home), "--dump-options"],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        timeout=30,
    ).stdout.split()
    manual = set(man_page_options("gpg"))
    flags = {
        name: _flag_entry(name) for name in names if name in manual and name not in NEVER_COUNTED
    }
    documented = sorted(manual - set(flags) - NEVER_COUNTED)
    return {
        "method": "gpg's own option table, `gpg --dump-options`, less the names gpg(1) documents nowhere "
        "(obsolete and ignored ones); short letters only in gpg(1) (also_documented)",
        "commands": {"": {"flags": flags, "positionals": None, "also_documented": documented}},
    }


def npm_truth(cli: CorpusCLI, cwd: str) -> dict:
    """npm's own command list and each command's `params` with @npmcli/config's definitions,
    read in node from the npm that runs (`tools/truth_npm.cjs`: the type of each key says its
    kind, value type, choices and whether it repeats)."""
    exe = find_executable(cli) or cli.name
    root = Path(os.path.realpath(exe)).parent.parent  # …/npm/bin/npm-cli.js: the package's folder
    body = run_json(["node", str(HERE / "truth_npm.cjs"), str(root)], cwd, cli.name)
    return {
        "method": "npm's own tables in node (`tools/truth_npm.cjs`): `lib/utils/cmd-list.js` for commands (and a "
        "command's `subcommands`), each command's `params` typed by @npmcli/config's definitions",
        "commands": body["commands"],
    }


_NODE_OPTION_TYPES = {2: ("boolean", None), 3: ("value", "integer"), 4: ("value", "integer")}
"""node_options.h's OptionType: kBoolean, kInteger, kUInteger; kString, kHostPort and kStringList
(5, 6, 7) take a string (a list one repeats); kNoOp (0) and kV8Option (1), handed to V8, are not
told."""


def node_options_truth(cli: CorpusCLI, cwd: str) -> dict:
    """node's own option table (`tools/truth_node_options.cjs`, `internal/options` read with
    `--expose-internals` in the node that runs): every option with a help text (the ones
    `node --help` prints; one without is hidden), typed by its OptionType; an option on by
    default is also spelled `--no-NAME` (as its help row shows it). An alias of one option is a
    spelling of it (`-r` of `--require`); one expanding to several (`-pe`) is their combination,
    no option of its own; one expanding to an option and a value (`--trace-events-enabled`) is
    its own switch. The V8 options `node --v8-options` lists and the options node(1) documents
    are forgiven (also_documented), never counted."""
    exe = find_executable(cli) or cli.name
    body = run_json(
        [exe, "--expose-internals", str(HERE / "truth_node_options.cjs")], cwd, cli.name
    )
    flags: dict[str, dict] = {}
    for name, info in body["options"]:
        if not info["helpText"] or not name.startswith("-") or name in NEVER_COUNTED:
            continue
        kind, value_type = _NODE_OPTION_TYPES.get(info["type"], ("value", "string"))
        if info["type"] in (0, 1):
            kind, value_type = None, None
        names = [f"--no-{name[2:]}", name] if info["defaultIsTrue"] else [name]
        flags[name] = {
            **_flag_entry(name),
            "names": names,
            "kind": kind,
            "type": value_type,
            "repeatable": info["type"] == 7 if kind else None,
        }
    for alias, expansion in body["aliases"]:
        if not re.fullmatch(r"-[\w-]+", alias) or alias in NEVER_COUNTED or alias == "-v":
            continue  # `--inspect=`, `--print <arg>`: forms of an option's value; -v: --version
        targets = [word for word in expansion if word in flags]
        if len(expansion) == 1 and targets:
            flags[targets[0]]["names"].append(alias)
        elif len(expansion) == 2 and targets and not expansion[1].startswith("-"):
            flags[alias] = {**_flag_entry(alias), "kind": "boolean"}  # an option and its value
    known = {n for f in flags.values() for n in f["names"]}
    v8 = subprocess.run(
        [exe, "--v8-options"], capture_output=True, text=True, cwd=cwd, timeout=30
    ).stdout
    v8_names = set(re.findall(r"(?m)^  (--[\w-]+)", v8))
    documented = sorted((set(man_page_options("node")) | v8_names) - known - NEVER_COUNTED)
    return {
        "method": "node's own option table (`internal/options`, read with --expose-internals: "
        "`tools/truth_node_options.cjs`): options with a help text, typed by their OptionType, an option on "
        "by default also spelled --no-NAME, one-option aliases as spellings; V8's options "
        "(`--v8-options`) and node(1)'s forgiven (also_documented)",
        "commands": {"": {"flags": flags, "positionals": None, "also_documented": documented}},
    }


def node_capture(cli: CorpusCLI, cwd: str, path: list[str], never: str) -> dict:
    """What `tools/truth_node.cjs`, preloaded into the CLI's own node, wrote while the CLI ran
    `PATH… --help`: the framework's objects as JSON. `never` says what was not reached."""
    exe = find_executable(cli)
    out = Path(cwd) / "truth.json"
    out.unlink(missing_ok=True)
    subprocess.run(
        ["node", "-r", str(HERE / "truth_node.cjs"), exe, *path, "--help"],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        env=dict(os.environ, TRUTH_OUT=str(out)),
    )
    if not out.exists():
        raise RuntimeError(never)
    return json.loads(out.read_text())


def commander_truth(cli: CorpusCLI, cwd: str) -> dict:
    data = node_capture(cli, cwd, [], "commander's parse was never reached")
    return {
        "method": "commander's Command objects in the CLI's own node, captured at parse() (tools/truth_node.cjs)",
        "commands": data["commands"],
    }


def commander_help_truth(cli: CorpusCLI, cwd: str) -> dict:
    """A lazily built commander tree, walked `PATH… --help` by `PATH… --help`: the tree as it
    stands when the program prints help, and the path of the command whose help that is. The
    root's help may be its default command's (webpack-cli's `build`): the bare program runs
    that command, so its options are the root's too (as cac's default command's are)."""
    commands: dict[str, dict] = {}
    level: list[list[str]] = [[]]
    seen: dict[str, dict] = {}  # each command as the last tree written held it
    os.environ["TRUTH_COMMANDER_AT"] = "help"
    try:
        while level:
            following = []
            for path in level:
                try:
                    data = node_capture(
                        cli, cwd, path, f"no help was printed for {path or 'the root'}"
                    )
                except RuntimeError:
                    if not path:
                        raise
                    # the program refuses this command's help (webpack-cli's `complete` wants its
                    # argument first): the command as its parent's tree held it
                    commands[" ".join(path)] = seen[" ".join(path)]
                    continue
                tree, shown = data["commands"], data["shown"]
                seen.update(tree)
                entry = dict(tree[shown])
                if not path and shown:
                    entry = {
                        "flags": {**tree[""]["flags"], **tree[shown]["flags"]},
                        "positionals": tree[shown]["positionals"],
                    }
                commands[" ".join(path)] = entry
                prefix = " ".join(path)
                for name in tree:
                    parts = name.split()
                    if name and parts[:-1] == path and name != prefix:
                        following.append(parts)
            level = following
    finally:
        del os.environ["TRUTH_COMMANDER_AT"]
    return {
        "method": "commander's Command objects in the CLI's own node, captured when it prints help "
        "for `PATH… --help` (tools/truth_node.cjs, TRUTH_COMMANDER_AT=help): a command built lazily "
        "exists only once its name is read; the root's help is its default command's, whose options "
        "are the root's too",
        "commands": commands,
    }


def _preloaded_tree(
    cli: CorpusCLI, cwd: str, never: str, preload: tuple[str, ...] = ("node", "-r")
) -> dict:
    """The tree a truth tool writes to TRUTH_OUT when the program, preloaded with it
    (`node -r truth_node.cjs`, `ruby -r truth_ruby_optparse.rb`), runs `--help`."""
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    tool = "truth_node.cjs" if preload[0] == "node" else "truth_ruby_optparse.rb"
    out = Path(cwd) / "truth.json"
    subprocess.run(
        [*preload, str(HERE / tool), exe, "--help"],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        env=dict(os.environ, TRUTH_OUT=str(out)),
    )
    if not out.exists():
        raise RuntimeError(never)
    return json.loads(out.read_text())["commands"]


def cac_truth(cli: CorpusCLI, cwd: str) -> dict:
    return {
        "method": "cac's own CAC instance in the CLI's node, captured at parse() "
        "(tools/truth_node.cjs; a bundled copy of the class through truth_node_hooks.mjs): the "
        "global command's options on the root, the default command's too, each command's own; "
        "an option's spellings from its raw name, `<x>`/`[x]` a value",
        "commands": _preloaded_tree(cli, cwd, "cac's parse was never reached"),
    }


TYPEDOC_OPTIONS = """
const td = await import(process.argv[1]);
const app = await td.Application.bootstrap({}, []);
process.stdout.write(JSON.stringify(app.options.getDeclarations().map((d) => ({
  name: d.name, type: td.ParameterType[d.type ?? td.ParameterType.String],
  help: Boolean(d.help), configFileOnly: Boolean(d.configFileOnly),
  map: d.map && typeof d.map === 'object' ? (d.map instanceof Map ? [...d.map.keys()] : Object.keys(d.map)) : null,
}))));
"""
TYPEDOC_ARRAYS = {"Array", "PathArray", "ModuleArray", "PluginArray", "GlobArray"}


def typedoc_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    root = Path(exe).resolve().parent.parent  # typedoc/bin/typedoc -> typedoc
    out = subprocess.run(
        ["node", "--input-type=module", "-e", TYPEDOC_OPTIONS, str(root / "dist" / "index.js")],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    flags: dict[str, dict] = {}
    for option in json.loads(out.stdout):
        name = "--" + option["name"]
        if not option["help"] or option["configFileOnly"] or name in NEVER_COUNTED:
            continue  # no help: typedoc's own help leaves it out; config-file only: no flag
        kind = option["type"]
        boolean = kind in ("Boolean", "Flags")
        flags[name] = {
            "names": [name],
            "kind": "boolean" if boolean else "value",
            "type": None
            if boolean or kind in ("Mixed", "Object")
            else "choice"
            if kind == "Map"
            else "number"
            if kind == "Number"
            else "string",
            "choices": [str(c) for c in option["map"]] if kind == "Map" else None,
            "required": False,
            "repeatable": True if kind in TYPEDOC_ARRAYS else None,
        }
    return {
        "method": "TypeDoc's own option declarations (`Application.bootstrap().options."
        "getDeclarations()` in the CLI's node): each one's ParameterType; one without help text "
        "or only for the config file is no flag of the command line",
        "commands": {"": {"flags": flags, "positionals": None}},
    }


def arg_truth(cli: CorpusCLI, cwd: str) -> dict:
    return {
        "method": "the options table the program hands vercel's arg, captured in its own node "
        "(tools/truth_node.cjs): `Boolean` or `arg.flag` a boolean, `[T]` a repeatable value, a "
        "string an alias of the option it names",
        "commands": _preloaded_tree(cli, cwd, "arg was never handed an options table"),
    }


def parseargs_truth(cli: CorpusCLI, cwd: str) -> dict:
    return {
        "method": "the options table the program hands node's util.parseArgs for its own "
        "arguments, captured in its node (tools/truth_node.cjs; the builtin's export replaced and "
        "synced for ES modules): `short` a spelling, `allowNegative` a boolean's `--no-NAME`, "
        "`multiple` repeatable; parseArgs reads every value as a string, so no value type is told",
        "commands": _preloaded_tree(cli, cwd, "parseArgs was never handed the command line"),
    }


def sade_truth(cli: CorpusCLI, cwd: str) -> dict:
    return {
        "method": "sade's own tree in the CLI's node, captured at parse() (tools/truth_node.cjs): "
        "each command's options (`__all__`'s on the root), an alias left out; a boolean default a "
        "switch, a string one a value, an option with neither of untold kind (mri reads it either way)",
        "commands": _preloaded_tree(cli, cwd, "sade's parse was never reached"),
    }


def citty_truth(cli: CorpusCLI, cwd: str) -> dict:
    return {
        "method": "the command definition citty's runMain is handed, in the CLI's node (its own "
        "build or a bundled copy, through tools/truth_node_hooks.mjs), walked with every lazy "
        "`subCommands` and `args` resolved: `boolean` a switch (`--no-NAME` too when on by default "
        "or given a negative description), `string` a value, `enum` a choice, no type untold; "
        "hidden commands left out",
        "commands": _preloaded_tree(cli, cwd, "citty's runMain was never reached"),
    }


def meow_truth(cli: CorpusCLI, cwd: str) -> dict:
    return {
        "method": "the flags table the program hands meow, in its own node (tools/truth_node_hooks.mjs "
        "makes meow's entry hand it over): a camel-cased key spelled kebab-cased, `shortFlag` and "
        "`aliases` spellings, a boolean's `--no-NAME` too (yargs-parser's negation), `isMultiple` "
        "repeatable, `choices` a choice",
        "commands": _preloaded_tree(cli, cwd, "meow was never handed its flags"),
    }


def nopt_truth(cli: CorpusCLI, cwd: str) -> dict:
    """nopt has no notion of commands: its one table is the root's, and the commands the
    program dispatches by hand (`truth_commands`, from its own list) take the root's options."""
    commands = _preloaded_tree(cli, cwd, "nopt was never handed the command line")
    for name in cli.truth_commands:
        commands[name] = {"flags": {}, "positionals": None}
    return {
        "method": "the types and shorthands tables the program hands nopt for its own argv, in its "
        "node (tools/truth_node.cjs): `Boolean` a switch, `String`/`Number` a value, a list of "
        "Boolean and another type untold, a shorthand for one option a spelling of it, one for a "
        "setting (`--loglevel=silly`) a switch of its own; commands from the program's own list",
        "commands": commands,
    }


PRETTIER_TYPES = {"int": "integer", "choice": "choice", "path": "string", "string": "string"}


def prettier_truth(cli: CorpusCLI, cwd: str) -> dict:
    """Prettier's own option table, the CLI's "detailed options" (its own CLI options and
    getSupportInfo()'s formatting ones, as its parser and its help read them), in its node
    (`tools/truth_prettier.mjs`)."""
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    root = Path(exe).resolve().parent.parent  # prettier/bin/prettier.cjs -> prettier
    options = run_json(["node", str(HERE / "truth_prettier.mjs"), str(root)], cwd, cli.name)
    flags: dict[str, dict] = {}
    for option in options:
        name = "--" + option["name"]
        if not (option["shown"] or option["opposite"]) or name in NEVER_COUNTED:
            continue  # neither a description nor an opposite one: its help leaves it out
        names = [name] if option["shown"] else []
        if option["opposite"]:
            names.append("--no-" + option["name"])
        if option["alias"]:
            names.append("-" + option["alias"])
        boolean = option["type"] == "boolean"
        flags[name] = {
            "names": names,
            "kind": "boolean" if boolean else "value",
            "type": None if boolean else PRETTIER_TYPES.get(option["type"]),
            "choices": [str(c) for c in option["choices"]] if option["choices"] else None,
            "required": False,
            "repeatable": True if option["array"] else None,
        }
    return {
        "method": "prettier's own CLI option table (legacy-cli's getContextOptions: its CLI options "
        "and getSupportInfo()'s formatting options, in the CLI's node, `tools/truth_prettier.mjs`); "
        "an option with neither a description nor an opposite one is left out, as its help does; "
        "an opposite description is the `--no-NAME` spelling",
        "commands": {"": {"flags": flags, "positionals": None}},
    }


def yargs_truth(cli: CorpusCLI, cwd: str) -> dict:
    commands, level = {}, [[]]
    while level:
        following = []
        for path in level:
            data = node_capture(
                cli, cwd, path, f"yargs never showed help for {' '.join(path) or 'the root'}"
            )
            commands[" ".join(path)] = {
                # nyc declares `h` with the alias `help`: its key is `--help`, never counted
                "flags": {k: v for k, v in data["flags"].items() if k not in NEVER_COUNTED},
                "positionals": None,
            }
            for c in data["commands"]:
                name = c.split()[0]
                if name in ("$0", "*"):
                    continue
                if name == data.get("defaultName"):
                    # the default command under its alias (mocha's `inspect`): the root's own
                    # flags, seen from below; its help is the root's (mocha's spawns a debugger)
                    commands[" ".join([*path, name])] = {"flags": {}, "positionals": None}
                    continue
                following.append([*path, name])
        level = following
    return {
        "method": "yargs' own options of the instance whose help shows under `PATH… --help` (tools/truth_node.cjs); "
        "untyped options' kind is not told",
        "commands": commands,
    }


def oclif_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    # the package root: the folder of the package.json above the real bin script
    root = Path(exe).resolve().parent
    while not (root / "package.json").exists():
        root = root.parent
    data = run_json(
        ["node", str(HERE / "truth_oclif.cjs"), str(root)], cwd, "oclif's Config.load failed"
    )
    commands: dict[str, dict] = {"": {"flags": {}, "positionals": None}}
    # a CLI whose topics are joined by spaces is typed `oclif plugins install`; one that keeps
    # oclif's default `:` is typed `heroku access:add` (`heroku access add` runs `access` with
    # the argument `add`): each id is one word, its topics (`access`, `apps:favorites`) too
    spaced = data.get("topicSeparator") == " "
    for command in data["commands"]:
        if command["hidden"]:
            continue
        parts = command["id"].split(":")
        words = parts if spaced else [command["id"]]
        if not spaced:
            for depth in range(1, len(parts)):
                commands.setdefault(":".join(parts[:depth]), {"flags": {}, "positionals": None})
        # a topic (`plugins` above `plugins install`) is a command of the tree the user types
        for depth in range(1, len(words)):
            commands.setdefault(" ".join(words[:depth]), {"flags": {}, "positionals": None})
        flags = {}
        for name, flag in command["flags"].items():
            if flag["hidden"] or f"--{name}" in NEVER_COUNTED:
                continue
            names = [f"--{name}"] + (["-" + flag["char"]] if flag["char"] else [])
            names += [f"--{a}" if len(a) > 1 else f"-{a}" for a in flag["aliases"]]
            if flag["allowNo"]:
                names.append(f"--no-{name}")
            takes_value = flag["type"] == "option"
            flags[f"--{name}"] = {
                "names": names,
                "kind": "value" if takes_value else "boolean",
                "type": "choice" if takes_value and flag["options"] else None,
                "choices": [str(c) for c in flag["options"]]
                if takes_value and flag["options"]
                else None,
                "required": flag["required"],
                "repeatable": flag["multiple"] if takes_value else None,
            }
        positionals = [
            {"name": a["name"], "required": a["required"], "variadic": False}
            for a in command["args"]
        ]
        if not command["strict"]:
            positionals = None  # a command taking any argv: its arguments are not told
        commands[" ".join(words)] = {"flags": flags, "positionals": positionals}
    return {
        "method": "oclif's own Config.load(package root) in the CLI's node (tools/truth_oclif.cjs): "
        "every command of the CLI and its plugins, each flag's type/char/options/multiple/allowNo; "
        "ids split at the config's topic separator only when it is a space (`:` keeps `access:add` "
        "one word, as it is typed)",
        "commands": commands,
    }


CLIPANION_VALUE = re.compile(r" #\d")


def clipanion_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    out = subprocess.run(
        ["node", exe, "--clipanion=definitions"],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return {
        "method": "clipanion's own `--clipanion=definitions` (every command's path and options as "
        "the framework holds them); an option's definition ending in `#0` takes a value",
        "commands": _clipanion_commands(json.loads(out.stdout)),
    }


def clipanion_capture_truth(cli: CorpusCLI, cwd: str) -> dict:
    """A program that does not register clipanion's definitions builtin: its Cli, captured
    where it would run (tools/truth_node.cjs), answers the same `definitions()`."""
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    out = Path(cwd) / "truth.json"
    subprocess.run(
        ["node", "-r", str(HERE / "truth_node.cjs"), exe, "--help"],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        env=dict(os.environ, TRUTH_OUT=str(out)),
    )
    if not out.exists():
        raise RuntimeError("clipanion's Cli never ran")
    return {
        "method": "clipanion's own Cli#definitions() (every command's path and options as the "
        "framework holds them), the Cli captured where the program runs it (tools/truth_node.cjs, "
        "its ES build through truth_node_hooks.mjs); an option's definition ending in `#0` takes a value",
        "commands": _clipanion_commands(json.loads(out.read_text())["definitions"]),
    }


def _clipanion_commands(definitions: list[dict]) -> dict[str, dict]:
    commands: dict[str, dict] = {"": {"flags": {}, "positionals": None}}
    for definition in definitions:
        words = definition["path"].split()[1:]  # the first word is the binary's name
        for depth in range(1, len(words)):
            commands.setdefault(" ".join(words[:depth]), {"flags": {}, "positionals": None})
        flags = {}
        for option in definition["options"]:
            names = option["nameSet"]
            if not names or names[0] in NEVER_COUNTED:
                continue
            longs = [n for n in names if n.startswith("--")]
            takes_value = bool(CLIPANION_VALUE.search(option["definition"]))
            flags[(longs or names)[0]] = {
                "names": names,
                "kind": "value" if takes_value else "boolean",
                "type": None,
                "choices": None,
                "required": bool(option.get("required")),
                "repeatable": None,
            }
        path = " ".join(words)
        if path in commands and commands[path]["flags"]:
            commands[path]["flags"].update(flags)  # `yarn init` is defined twice (two plugins)
        else:
            commands[path] = {"flags": flags, "positionals": None}
    return commands


def ruby_truth(cli: CorpusCLI, cwd: str) -> dict:
    mode = cli.truth.removeprefix("ruby:")
    data = run_json(["ruby", str(HERE / "truth_ruby.rb"), mode], cwd, f"truth_ruby.rb {mode}")
    return {
        "method": f"the CLI's own option objects in ruby (tools/truth_ruby.rb {mode}): "
        "OptionParser switches (gem's commands, rake's standard_rake_options) or Thor's "
        "commands, subcommands and options",
        "commands": data["commands"],
    }


def ruby_optparse_truth(cli: CorpusCLI, cwd: str) -> dict:
    never = "OptionParser never parsed an argv"
    return {
        "method": "the OptionParser objects the program hands its argv, captured in its own ruby "
        "(tools/truth_ruby_optparse.rb): every switch of every parser that parsed",
        "commands": _preloaded_tree(cli, cwd, never, ("ruby", "-r")),
    }


def _captured(
    cli: CorpusCLI, cwd: str, words: list[str], never: str, preload: str, **env: str
) -> dict:
    """The tree a truth tool (preloaded with `ruby -r TOOL`, or by `env` for lua) writes to
    TRUTH_OUT when the program runs `WORDS… --help`."""
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    out = Path(cwd) / "truth.json"
    out.unlink(missing_ok=True)
    argv = [exe, *words, "--help"]
    if preload:
        argv = ["ruby", "-r", str(HERE / preload), *argv]
    subprocess.run(
        argv,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        env=dict(os.environ, TRUTH_OUT=str(out), **env),
    )
    if not out.exists():
        raise RuntimeError(never)
    return json.loads(out.read_text())["commands"]


def ruby_library_truth(cli: CorpusCLI, cwd: str) -> dict:
    """mercenary, cri and slop: the program's own command tree, read where it starts parsing."""
    library = cli.truth.removeprefix("ruby-")
    tool = f"truth_ruby_{library}.rb"
    what = {
        "mercenary": "Mercenary::Program's commands, each path's options as mercenary hands "
        "them to OptionParser (the root's and every command's of the path, its default ones too)",
        "cri": "the Cri::Command tree (`subcommands`, each one's `global_option_definitions`), "
        "hidden commands and options left out",
        "slop": "every slop the program parses an argv with (`options`: flags, "
        "`expects_argument?`), pry's vendored Pry::Slop",
    }[library]
    return {
        "method": f"the program's own {library} objects, captured in its own ruby "
        f"(tools/{tool}): {what}",
        "commands": _captured(cli, cwd, [], f"{library} never ran", tool),
    }


def ruby_optimist_truth(cli: CorpusCLI, cwd: str) -> dict:
    """Optimist has no commands: a program that dispatches on its first word (eyaml) lists its
    commands in `truth_commands`, each one's parser captured under `CLI COMMAND --help`; such a
    program reads no option before its command, so its root has none."""
    never = "Optimist::Parser never parsed"
    tool = "truth_ruby_optimist.rb"
    if not cli.truth_commands:
        commands = _captured(cli, cwd, [], never, tool)
    else:
        commands = {"": {"flags": {}, "positionals": None}}
        for path in cli.truth_commands:
            commands[path] = _captured(cli, cwd, path.split(), never, tool)[""]
    return {
        "method": "the Optimist::Parser specs the program parses with, captured in its own ruby "
        "(tools/truth_ruby_optimist.rb): long and short names (optimist's default short letters "
        "resolved), a flag also `--no-NAME`, Integer/Float options typed; commands dispatched "
        "by hand listed from the program's source (`truth_commands`)",
        "commands": commands,
    }


def perl_app_cmd_truth(cli: CorpusCLI, cwd: str) -> dict:
    data = _perl_preloaded(cli, cwd, "TruthAppCmd", "App::Cmd never ran")

    def flags(specs: list[str]) -> dict:
        found: dict[str, dict] = {}
        for spec in specs:
            entry = getopt_long_flag(spec)
            if entry is not None and not set(entry[1]["names"]) & NEVER_COUNTED:
                found.setdefault(*entry)
        return found

    commands = {"": {"flags": flags(data["global"]), "positionals": None}}
    for name, command in sorted(data["commands"].items()):
        commands[name] = {"flags": flags(command["specs"]), "positionals": None}
    return {
        "method": "the program's own App::Cmd application, captured in its own perl "
        "(tools/perl/TruthAppCmd.pm): `global_opt_spec` on the root, each of `command_plugins` "
        "by the first of its `command_names` with the Getopt::Long specs of its `opt_spec`",
        "commands": commands,
    }


def lua_argparse_truth(cli: CorpusCLI, cwd: str) -> dict:
    init = f"@{HERE / 'truth_lua_argparse.lua'}"
    return {
        "method": "the program's own argparse Parser, captured where it first parses (its "
        "`parse`/`pparse`) in its own lua (tools/truth_lua_argparse.lua, run by LUA_INIT): "
        "`_commands`, each path's `_options` and its parents', hidden ones left out",
        "commands": _captured(cli, cwd, [], "argparse never parsed", "", LUA_INIT=init),
    }


def _preloaded_c(cli: CorpusCLI, cwd: str, source: str, env_var: str, never: str) -> list[dict]:
    """Build `tools/SOURCE` (a C shim wrapping a library's entry point) into a shared object,
    preload it into the program under `--help`, and return the JSON lines it writes to
    `$ENV_VAR`; the shim ends the process before the program parses or does anything."""
    exe = find_executable(cli)
    assert exe is not None, f"{cli.name} is not installed"
    shim = Path(cwd) / (Path(source).stem + ".so")
    subprocess.run(
        ["gcc", "-shared", "-fPIC", "-O1", "-o", str(shim), str(HERE / source), "-ldl"],
        check=True,
        capture_output=True,
    )
    dump = Path(cwd) / "dump.jsonl"
    env = dict(os.environ, LD_PRELOAD=str(shim), LC_ALL="C")
    env[env_var] = str(dump)
    subprocess.run(
        [exe, "--help"], cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=60
    )
    if not dump.exists():
        raise RuntimeError(never)
    lines = [json.loads(line) for line in dump.read_text().splitlines() if line.strip()]
    if not lines or lines[-1] != {"done": True}:
        raise RuntimeError(f"{never} (the dump is not complete)")
    return lines[:-1]


def _merge_flag(flags: dict[str, dict], names: list[str], entry: dict) -> None:
    """One truth flag under its first long name; a table read twice (a nested table several
    tables include) or an alias of a name already seen adds spellings, never a second flag."""
    for existing in flags.values():
        if set(existing["names"]) & set(names):
            existing["names"] += [n for n in names if n not in existing["names"]]
            return
    longs = [n for n in names if n.startswith("--")]
    key = longs[0] if longs else names[0]
    if key in NEVER_COUNTED:
        return
    flags[key] = {"names": names, **entry}


def _forgiven(flags: dict[str, dict], hidden: set[str]) -> list[str]:
    """The names of the options a library table holds hidden from the program's help, less
    those another (shown) entry spells: taken by the program, so neither found nor invented."""
    shown = {n for f in flags.values() for n in f["names"]}
    return sorted(hidden - shown - NEVER_COUNTED)


# popt's argument types (popt.h, POPT_ARG_MASK): a switch, or a value of this type
_POPT_SWITCH = {0, 7}  # POPT_ARG_NONE, POPT_ARG_VAL
_POPT_TYPES = {1: "string", 2: "integer", 3: "integer", 8: "number", 9: "number", 10: "integer"}
_POPT_TYPES |= {12: "string", 13: "integer", 30: "string"}  # ARGV, SHORT, BITSET


def popt_truth(cli: CorpusCLI, cwd: str) -> dict:
    """The option table the program hands popt, read in its own process by
    `tools/truth_popt.c` (preloaded): the table of its first `poptGetContext` walked as popt
    walks it (included tables too, popt's own help table among them) and the aliases and execs
    popt adds to that context from its configuration files (`poptAddItem`), read at its first
    `poptGetNextOpt`. POPT_ARGFLAG_DOC_HIDDEN leaves an option out, as popt's help does (its
    names are `also_documented`: the program takes them, rpm's fish file and manual name
    several, so loading one is no invention, and missing one no miss); the
    argument type is the kind and value type (POPT_ARG_ARGV a repeatable string); a ONEDASH
    option is also spelled with one dash."""
    lines = _preloaded_c(cli, cwd, "truth_popt.c", "TRUTH_POPT_OUT", "popt was never called")
    flags: dict[str, dict] = {}
    hidden: set[str] = set()
    for line in lines:
        if "source" not in line:
            continue
        names = []
        if line["long"]:
            names.append("--" + line["long"])
            if line["onedash"]:
                names.append("-" + line["long"])
        if line["short"]:
            names.append("-" + line["short"])
        if not names:
            continue
        if line["hidden"]:
            hidden.update(names)
            continue
        arg_type = line["arg_type"]
        if line["source"] == "table" and arg_type not in _POPT_SWITCH | set(_POPT_TYPES):
            continue  # POPT_ARG_MAINCALL and what else popt gives no option of its own
        switch = arg_type in _POPT_SWITCH or line["source"] != "table" and arg_type == 0
        _merge_flag(
            flags,
            names,
            {
                "kind": "boolean" if switch else "value",
                "type": None if switch else _POPT_TYPES.get(arg_type, "string"),
                "choices": None,
                "required": None,
                "repeatable": True if arg_type == 12 else None,
            },
        )
    return {
        "method": "the option table the program hands popt, read in its own process "
        "(tools/truth_popt.c, preloaded): its first poptGetContext's table with the tables it "
        "includes, and the aliases and execs popt adds from its configuration files "
        "(poptAddItem); DOC_HIDDEN ones left out (listed in also_documented: the program "
        "takes them, so a load that finds them elsewhere invents nothing); the argument type "
        "the kind and value type",
        "commands": {
            "": {"flags": flags, "positionals": None, "also_documented": _forgiven(flags, hidden)}
        },
    }


_ARGP_NO_HELP = 0x10  # argp.h: argp adds no --help, --usage of its own


def argp_truth(cli: CorpusCLI, cwd: str) -> dict:
    """The `struct argp` the program hands glibc's `argp_parse`, read in its own process by
    `tools/truth_argp.c` (preloaded): its options and its children's, each entry as argp reads
    it (a printable key the short letter, OPTION_ALIAS another spelling of the entry before it,
    OPTION_HIDDEN left out, OPTION_DOC and group headers no option, an `arg` a value), plus
    the options argp itself adds: `--usage` (and `--help`, `--version`, never counted), unless
    the program asks for ARGP_NO_HELP. argp tells no value types."""
    lines = _preloaded_c(cli, cwd, "truth_argp.c", "TRUTH_ARGP_OUT", "argp_parse was never called")
    head, entries = lines[0], lines[1:]
    flags: dict[str, dict] = {}
    hidden: set[str] = set()
    previous: list[str] | None = None
    for entry in entries:
        key = entry["key"]
        short = [f"-{chr(key)}"] if 0 < key < 128 and chr(key).isprintable() else []
        names = ([f"--{entry['name']}"] if entry["name"] else []) + short
        if entry["doc"] or not names:
            continue
        if entry["alias"]:
            if previous is not None and not entry["hidden"]:
                previous += [n for n in names if n not in previous]
            elif entry["hidden"] or previous is None:
                hidden.update(names)
            continue
        if entry["hidden"]:
            hidden.update(names)
            previous = None
            continue
        flag = {
            "kind": "value" if entry["arg"] else "boolean",
            "type": None,
            "choices": None,
            "required": None,
            "repeatable": None,
        }
        _merge_flag(flags, names, flag)
        previous = next((f["names"] for f in flags.values() if set(f["names"]) & set(names)), None)
    if not head["flags"] & _ARGP_NO_HELP:
        usage = {k: v for k, v in _flag_entry("--usage").items() if k != "names"}
        _merge_flag(flags, ["--usage"], {**usage, "kind": "boolean"})
    return {
        "method": "the struct argp the program hands glibc's argp_parse, read in its own "
        "process (tools/truth_argp.c, preloaded): its options and its children's as argp reads "
        "them (OPTION_ALIAS a spelling of the entry before, OPTION_HIDDEN left out), and argp's "
        "own `--usage`; kinds from an entry's `arg`, value types not told; hidden ones in "
        "also_documented (taken by the program: neither found nor invented)",
        "commands": {
            "": {"flags": flags, "positionals": None, "also_documented": _forgiven(flags, hidden)}
        },
    }


_GROFF_CHAR = re.compile(r"\\N'(\d+)'")
_GROFF_OPTION_NAME = re.compile(r"\\fB(-[^\\]*)\\fR(\[?=\\fI|\s+\\fI)?")
_GROFF_COMMAND_NAME = re.compile(r"\\fB([A-Za-z0-9][^\\\s]*)\\fR")


def _cmdliner_title(exe: str, path: list[str], cwd: str, env: dict[str, str]) -> bool:
    """Whether `exe PATH… --help=groff` is cmdliner's manual of that command (`.TH
    "ROOT-PATH…"`), not the parent's own page or an error."""
    out = _ask([exe, *path, "--help=groff"], cwd, env)
    title = "-".join([Path(exe).name, *path]).upper()
    return out.returncode == 0 and any(
        line.startswith(f'.TH "{title}"') for line in out.stdout.splitlines()
    )


def cmdliner_groff_truth(cli: CorpusCLI, cwd: str) -> dict:
    r"""The manual OCaml's cmdliner generates from the program's own term definitions,
    `CLI PATH… --help=groff`, read as markup, not as rendered text: cmdliner writes one
    `.TP 4` item per `Arg.info` in the section its `~docs` names, the head holding each name in
    `\fB…\fR` and, for an option that takes a value, `=\fIDOCV\fR` (`[=\fIDOCV\fR]` when the
    value is optional); an `Term.eval_choice` program's commands are items cmdliner generates
    from its list of terms, one per command, in the section each term's `~docs` names
    (`COMMANDS` unless the program says another), each confirmed by its own manual's title
    (`.TH "ROOT-WORD"`). Walked down every command so listed. The same definitions render `--help`, so this witness checks how the text is read,
    not whether it shows everything: cmdliner shows every argument it is given (it has no
    hidden options), so nothing it parses is missing from the manual. Value types not told."""
    exe = find_executable(cli)
    assert exe is not None, f"{cli.name} is not installed"
    env = dict(os.environ, TERM="dumb", LC_ALL="C.UTF-8", PAGER="cat", MANPAGER="cat")
    commands: dict[str, dict] = {}
    queue: list[list[str]] = [[]]
    while queue:
        path = queue.pop(0)
        out = _ask([exe, *path, "--help=groff"], cwd, env)
        if out.returncode != 0:
            raise RuntimeError(
                f"{' '.join([cli.name, *path])} --help=groff exited {out.returncode}"
            )
        lines = _GROFF_CHAR.sub(lambda m: chr(int(m.group(1))), out.stdout).splitlines()
        section, flags, subs = "", {}, []
        for i, line in enumerate(lines):
            if line.startswith(".SH "):
                section = line[4:].strip().strip('"')
                continue
            if not line.startswith(".TP") or i + 1 >= len(lines):
                continue
            head = lines[i + 1]
            found = _GROFF_COMMAND_NAME.fullmatch(head)
            if found and section not in ("ENVIRONMENT", "EXIT STATUS", "OPTIONS"):
                # a command sits in the section its Term.info's `~docs` names (COMMANDS by
                # default; dune's `test` in COMMAND ALIASES): a bare bold word there is one
                # when cmdliner titles its own manual `ROOT-WORD`
                if found.group(1) != "help":
                    subs.append(found.group(1))
                continue
            names = _GROFF_OPTION_NAME.findall(head)
            if not head.startswith("\\fB-") or not names:
                continue
            spellings = [name for name, _ in names]
            spellings.sort(key=lambda n: not n.startswith("--"))
            entry = {k: v for k, v in _flag_entry(spellings[0]).items() if k != "names"}
            entry["kind"] = "value" if any(value for _, value in names) else "boolean"
            _merge_flag(flags, spellings, entry)
        commands[" ".join(path)] = {"flags": flags, "positionals": None}
        queue += [[*path, sub] for sub in subs if _cmdliner_title(exe, [*path, sub], cwd, env)]
    return {
        "method": "the manual cmdliner generates from the program's term definitions, "
        "`CLI PATH… --help=groff`, read as markup: each `.TP` item's `\\fB-…\\fR` names an "
        "option (`=\\fIDOCV\\fR` a value), the generated COMMANDS section's items the "
        "commands; value types not told",
        "commands": commands,
    }


def symfony_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    out = subprocess.run(
        [exe, "list", "--format=json", "--no-interaction"],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, COMPOSER_HOME=cwd, COMPOSER_NO_INTERACTION="1"),
    )
    listing = json.loads(out.stdout)

    def option_flags(options: dict) -> dict:
        flags = {}
        for option in options.values():
            names = [option["name"]]
            names += [s for s in (option.get("shortcut") or "").split("|") if s]
            if set(names) & NEVER_COUNTED:
                continue
            takes_value = bool(option["accept_value"])
            flags[option["name"]] = {
                "names": names,
                "kind": "value" if takes_value else "boolean",
                "type": None,
                "choices": None,
                "required": False,
                "repeatable": bool(option["is_multiple"]) if takes_value else None,
            }
        return flags

    # every command's definition carries the application's global options: those in every
    # definition are the root's, declared once
    shown = [c for c in listing["commands"] if not c.get("hidden") and c["name"] != "help"]
    common = set.intersection(*(set(c["definition"]["options"]) for c in shown))
    global_flags = {
        k: v
        for k, v in option_flags(shown[0]["definition"]["options"]).items()
        if k.removeprefix("--") in common
    }
    commands: dict[str, dict] = {}
    commands[""] = {"flags": global_flags, "positionals": None}
    for command in shown:
        flags = {
            k: v
            for k, v in option_flags(command["definition"]["options"]).items()
            if k not in global_flags
        }
        positionals = [
            {"name": a["name"], "required": a["is_required"], "variadic": a["is_array"]}
            for a in (command["definition"]["arguments"] or {}).values()
            if a["name"] != "command"
        ]
        commands[command["name"]] = {"flags": flags, "positionals": positionals}
    return {
        "method": "symfony/console's own listing, `CLI list --format=json` (every command's "
        "definition: options with shortcut, accept_value, is_multiple; arguments); the "
        "application's global options, which every definition repeats, on the root",
        "commands": commands,
    }


PHPUNIT_OPTIONS = """
require $argv[1];
$builder = new ReflectionClass(PHPUnit\\TextUI\\CliArguments\\Builder::class);
echo json_encode(['constants' => $builder->getConstants(), 'file' => $builder->getFileName()]);
"""


def phpunit_truth(cli: CorpusCLI, cwd: str) -> dict:
    """PHPUnit's own getopt tables (CliArguments\\Builder's LONG_OPTIONS / SHORT_OPTIONS); a
    short option's long twin from the Builder's dispatch (`case 'c': case '--configuration':`)."""
    autoload = "/usr/share/php/PHPUnit/Autoload.php"
    out = subprocess.run(
        ["php", "-r", PHPUNIT_OPTIONS, autoload],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    data = json.loads(out.stdout)
    source = Path(data["file"]).read_text()
    twins = dict(re.findall(r"case '(\w)':\s*case '(--[\w-]+)':", source))
    flags: dict[str, dict] = {}
    for spec in data["constants"]["LONG_OPTIONS"]:
        name = "--" + spec.rstrip("=")
        names = [name] + [f"-{s}" for s, long in twins.items() if long == name]
        if set(names) & NEVER_COUNTED:
            continue
        flags[name] = {
            "names": names,
            "kind": "value" if spec.endswith("=") else "boolean",
            "type": None,
            "choices": None,
            "required": False,
            "repeatable": None,
        }
    for short in re.findall(r"(\w)(:*)", data["constants"]["SHORT_OPTIONS"]):
        letter, colons = short
        if f"-{letter}" in NEVER_COUNTED or letter in twins:
            continue
        flags[f"-{letter}"] = {
            "names": [f"-{letter}"],
            "kind": "value" if colons else "boolean",
            "type": None,
            "choices": None,
            "required": False,
            "repeatable": None,
        }
    return {
        "method": "PHPUnit's own getopt tables, CliArguments\\Builder's LONG_OPTIONS and "
        "SHORT_OPTIONS read by reflection in php (`x=` takes a value, `x==` an optional one); "
        "a short option's long twin from the Builder's own dispatch (`case 'c': case "
        "'--configuration':`)",
        "commands": {"": {"flags": flags, "positionals": None}},
    }


GETOPT_LONG_SPEC = re.compile(r"(?P<names>[\w?][\w?|-]*)(?P<rest>[=:!+].*)?\Z")
GETOPT_LONG_TYPES = {"s": "string", "i": "integer", "o": "integer", "f": "number"}


def getopt_long_flag(spec: str) -> tuple[str, dict] | None:
    """One Getopt::Long option spec (`verbose|v+`, `lib|I=s@`, `color!`) as a truth flag."""
    m = GETOPT_LONG_SPEC.match(spec)
    if m is None or m["names"] == "<>":
        return None
    words = m["names"].split("|")
    rest = m["rest"] or ""
    names = [("-" if len(w) == 1 else "--") + w for w in words]
    if rest == "!":  # negatable: --no-name and --noname
        names += [f"--no{sep}{w}" for w in words if len(w) > 1 for sep in ("-", "")]
    takes_value = rest[:1] in ("=", ":") and rest[1:2] != "+"
    value_type = GETOPT_LONG_TYPES.get(rest[1:2]) if takes_value else None
    if takes_value and value_type is None and rest[1:2].isdigit():
        value_type = "integer"  # `:5` an optional integer with a default
    kind = "value" if takes_value else "count" if rest in ("+", ":+") else "boolean"
    longs = [n for n in names if n.startswith("--")]
    return (longs or names)[0], {
        "names": names,
        "kind": kind,
        "type": value_type,
        "choices": None,
        "required": False,
        "repeatable": True if takes_value and rest[2:3] in ("@", "%") else None,
    }


PARSED_BEFORE_GETOPT_LONG = {
    # App::Prove::process_args takes `--norc`, `--rc FILE` / `--rc=FILE` off argv by hand
    # before Getopt::Long sees it (checked in App/Prove.pm of perl 5.36; its help lists both)
    "prove": {
        "--norc": {
            "names": ["--norc"],
            "kind": "boolean",
            "type": None,
            "choices": None,
            "required": False,
            "repeatable": None,
        },
        "--rc": {
            "names": ["--rc"],
            "kind": "value",
            "type": "string",
            "choices": None,
            "required": False,
            "repeatable": True,
        },
    },
}
"""Options a Perl program parses by hand before handing argv to Getopt::Long, checked in its
source: the Getopt::Long witness cannot see them."""

ABBREVIATIONS_LISTED_BY = {"perltidy": ["--dump-short-names"]}
"""Perl programs that expand their own abbreviations (`-i` → `indent-columns`, `-gnu` →
`-lp -bl -noll …`) before handing argv to Getopt::Long, print the table, and spell options with
one dash: each `NAME --> LONG` line of that listing (one long name, no value set) is an alias
of LONG's flag, any other (`gnu --> lp bl noll`, `converge --> it=4`) a boolean of its own, a
name with a value set (`act=0`) none; every name is spelled with one dash and with two, as
Getopt::Long reads them (`-npro` is `--npro`)."""


def _listed_abbreviations(exe: str, argv: list[str], cwd: str, flags: dict) -> None:
    out = subprocess.run(
        [exe, *argv], cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60
    )
    for flag in flags.values():
        flag["names"] += [n[1:] for n in flag["names"] if n.startswith("--") and len(n) > 3]
    by_name = {n: f for f in flags.values() for n in f["names"]}
    for line in out.stdout.splitlines():
        m = re.fullmatch(r"([\w-]+) --> (.+)", line.strip())  # `act=0 --> …`: a value of -act
        if m is None:
            continue
        short, targets = m[1], m[2].split()
        spellings = [f"-{short}", f"--{short}"]  # Getopt::Long takes a name after one dash or two
        if any(n in by_name for n in spellings):
            continue
        if len(targets) == 1 and f"--{targets[0]}" in by_name:
            by_name[f"--{targets[0]}"]["names"] += spellings
            by_name.update(dict.fromkeys(spellings, by_name[f"--{targets[0]}"]))
            continue
        name = spellings[1]
        flags[name] = {
            "names": spellings,
            "kind": "boolean",
            "type": None,
            "choices": None,
            "required": False,
            "repeatable": None,
        }


def _perl_preloaded(cli: CorpusCLI, cwd: str, module: str, never: str) -> dict:
    """The JSON `tools/perl/MODULE.pm`, preloaded into the program's perl, writes to `TRUTH_OUT`
    while the program handles `--help` (`never` is the error when it wrote nothing)."""
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    out = Path(cwd) / "truth.json"
    subprocess.run(
        ["perl", "-I", str(HERE / "perl"), f"-M{module}", exe, "--help"],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        env=dict(os.environ, TRUTH_OUT=str(out)),
    )
    if not out.exists():
        raise RuntimeError(never)
    return json.loads(out.read_text())


def perl_getopt_long_truth(cli: CorpusCLI, cwd: str) -> dict:
    specs = _perl_preloaded(cli, cwd, "TruthGetoptLong", "Getopt::Long was never called")["specs"]
    flags: dict[str, dict] = dict(PARSED_BEFORE_GETOPT_LONG.get(cli.name, {}))
    for spec in specs:
        entry = getopt_long_flag(spec)
        if entry is None or set(entry[1]["names"]) & NEVER_COUNTED:
            continue
        if all(n.lstrip("-").startswith("_") for n in entry[1]["names"]):
            continue  # `_parset=s`: a program's private option (Perl's leading underscore)
        flags.setdefault(*entry)
    if cli.name in ABBREVIATIONS_LISTED_BY:
        _listed_abbreviations(
            str(find_executable(cli)), ABBREVIATIONS_LISTED_BY[cli.name], cwd, flags
        )
    return {
        "method": "the option specs the program hands Getopt::Long, captured in its own perl "
        "(tools/perl/TruthGetoptLong.pm; every call, a first pass_through parse too; a spec "
        "whose every name starts with `_` is private, left out)",
        "commands": {"": {"flags": flags, "positionals": None}},
    }


def optionator_truth(cli: CorpusCLI, cwd: str) -> dict:
    data = node_capture(cli, cwd, [], "optionator was never handed an options table")
    return {
        "method": "the options table the program hands optionator, captured in its own node "
        "(tools/truth_node.cjs); a Boolean option is negatable (`--no-NAME`)",
        "commands": data["commands"],
    }


TSC_OPTIONS = """
const ts = require(process.argv[1]);
// `tsc --all` prints these three tables: the compiler's, the watch mode's, the build mode's
const tables = [ts.optionDeclarations, ts.optionsForWatch || [], ts.optionsForBuild || []];
const seen = new Set();
const all = tables.flat().filter((o) => !seen.has(o.name) && seen.add(o.name));
process.stdout.write(JSON.stringify(all.map((o) => ({
  name: o.name, shortName: o.shortName || null, category: Boolean(o.category),
  tsconfigOnly: Boolean(o.isTSConfigOnly),
  type: typeof o.type === 'string' ? o.type : 'map',
  choices: typeof o.type === 'string' ? null : [...o.type.keys()],
  element: o.element ? (typeof o.element.type === 'string' ? o.element.type : 'map') : null,
}))));
"""


def tsc_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    if exe is None:
        raise RuntimeError("not installed")
    root = Path(exe).resolve().parent.parent  # typescript/bin/tsc -> typescript
    out = subprocess.run(
        ["node", "-e", TSC_OPTIONS, str(root)],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    flags = {}
    documented = []
    for option in json.loads(out.stdout):
        # tsc's help lists the options of a category; a tsconfig-only one is refused on argv
        # (but `null`, or `false` for a switch, which only unset it): what `tsc --all` prints
        # of those is documented, neither found nor invented
        if option["category"] and (option["tsconfigOnly"] or option["type"] == "object"):
            documented.append(f"--{option['name']}")
        if not option["category"] or option["tsconfigOnly"] or option["type"] == "object":
            continue
        names = [f"--{option['name']}"] + (
            [f"-{option['shortName']}"] if option["shortName"] else []
        )
        if set(names) & NEVER_COUNTED:
            continue
        boolean = option["type"] == "boolean"
        value_type = {"string": "string", "number": "number", "map": "choice", "list": "string"}
        flags[names[0]] = {
            "names": names,
            "kind": "boolean" if boolean else "value",
            "type": None if boolean else value_type[option["type"]],
            "choices": option["choices"],
            "required": False,
            "repeatable": None,
        }
    return {
        "method": "TypeScript's own command-line tables (`ts.optionDeclarations`, "
        "`optionsForWatch`, `optionsForBuild`: what `tsc --all` prints), read in node: "
        "the options of a help category that argv accepts (not tsconfig-only; those `tsc "
        "--all` prints are in also_documented, neither found nor invented)",
        "commands": {
            "": {"flags": flags, "positionals": None, "also_documented": sorted(documented)}
        },
    }


def _ask(argv: list[str], cwd: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """What a program's own listing or completion call prints (stdin closed, 30 s at most)."""
    return subprocess.run(
        argv, capture_output=True, text=True, cwd=cwd, env=env, stdin=subprocess.DEVNULL, timeout=30
    )


def optparse_applicative_truth(cli: CorpusCLI, cwd: str) -> dict:
    """optparse-applicative's own completion engine, which every program on that Haskell
    library carries: `CLI --bash-completion-enriched --bash-completion-index N
    --bash-completion-word CLI --bash-completion-word PATH… --bash-completion-word ""` answers
    the words the parser would take next (`word<TAB>description`). Options are the words that
    start with `-` (a short letter beside its long name shares the description; `--[no-]x`, a
    display name for the pair `--x`/`--no-x`, is both; a name with `*`, a display stand-in
    for a hidden family, is none). Commands are the other words, each confirmed by the
    program's parser: `CLI PATH… WORD --help` prints `Usage: CLI PATH… WORD` (a word an
    argument's completer offers prints its parent's usage instead). Options are asked for with
    the word `-` (a command taking arguments answers `""` with its arguments only). Run in a
    fresh git repository: git-annex's commands answer only inside one. Kinds are not told."""
    exe = find_executable(cli)
    assert exe is not None
    env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")
    subprocess.run(["git", "init", "-q", cwd], check=True, stdin=subprocess.DEVNULL)

    def complete(*words: str) -> list[tuple[str, str]]:
        argv = [exe, "--bash-completion-enriched", "--bash-completion-index", str(len(words))]
        for word in (cli.name, *words):
            argv += ["--bash-completion-word", word]
        out = _ask(argv, cwd, env)
        rows = []
        for line in out.stdout.splitlines():
            word, _, desc = line.partition("\t")
            if word.strip() and word == word.strip():
                rows.append((word, desc))
        return rows

    def is_command(path: list[str]) -> bool:
        out = _ask([exe, *path, "--help"], cwd, env)
        usage = re.compile(r"^Usage: " + re.escape(" ".join([cli.name, *path])) + r"(\s|$)", re.M)
        return bool(usage.search(out.stdout + out.stderr))

    commands: dict[str, dict] = {}
    queue: list[list[str]] = [[]]
    while queue:
        path = queue.pop(0)
        rows = complete(*path, "")
        flags: dict[str, dict] = {}
        previous: tuple[str, str] | None = None
        for word, desc in complete(*path, "-"):
            if not word.startswith("-") or "*" in word:
                continue
            names = (
                [word.replace("[no-]", ""), word.replace("[no-]", "no-")]
                if "[no-]" in word
                else [word]
            )
            if previous is not None and desc and previous[1] == desc:
                # `-j` beside `--jobs`: one option's two names, listed one after the other
                key = previous[0]
                if key in flags:
                    flags[key]["names"] += [n for n in names if n not in flags[key]["names"]]
                    if not key.startswith("--") and word.startswith("--"):
                        flags[word] = flags.pop(key)
                        flags[word]["names"].sort(key=lambda n: not n.startswith("--"))
                previous = None
                continue
            previous = (names[0], desc)
            if names[0] in NEVER_COUNTED or names[0] in flags:
                previous = None
                continue
            flags[names[0]] = _flag_entry(names[0])
            flags[names[0]]["names"] = names
        commands[" ".join(path)] = {"flags": flags, "positionals": None}
        # where the engine fails (a completer of the command's arguments reaching the network
        # answers with an exception), the manifest's hand-listed candidates stand in for its
        # words; each is still confirmed by the parser
        words = [w for w, _ in rows] + [
            c.split()[-1] for c in cli.truth_commands if c.split()[:-1] == path
        ]
        for word in dict.fromkeys(words):
            if not word.startswith("-") and word != "help" and is_command([*path, word]):
                queue.append([*path, word])
    return {
        "method": "optparse-applicative's own completion engine: `CLI --bash-completion-enriched "
        '--bash-completion-index N --bash-completion-word CLI --bash-completion-word PATH… ""` '
        '(options: the words `"-"` brings; commands: the others whose `--help` prints `Usage: CLI '
        "PATH… WORD`; kinds not told)",
        "commands": commands,
    }


def darcs_truth(cli: CorpusCLI, cwd: str) -> dict:
    """darcs's own completion listings, which its bash completion reads: `darcs --commands`
    (the commands), `darcs PATH… --list-options` (each option as `-m;description` /
    `--name;description`, a short letter beside its long name sharing the description, and a
    supercommand's subcommands as bare words). Asked inside a fresh repository (`darcs init`):
    outside one, darcs offers only the commands that make or fetch a repository. Kinds are
    not told."""
    exe = find_executable(cli)
    assert exe is not None
    env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8", DARCS_EMAIL="truth <truth@example.org>")

    def lines(*words: str) -> list[str]:
        out = _ask([exe, *words], cwd, env)
        return [line.strip() for line in out.stdout.splitlines() if line.strip()]

    subprocess.run([exe, "init", "-q"], check=True, cwd=cwd, env=env, stdin=subprocess.DEVNULL)
    commands: dict[str, dict] = {}
    queue: list[list[str]] = [[w] for w in lines("--commands") if not w.startswith("-")]
    commands[""] = {"flags": {}, "positionals": None}
    while queue:
        path = queue.pop(0)
        if path[-1] == "help":
            continue
        flags: dict[str, dict] = {}
        previous: tuple[str, str] | None = None
        subs = []
        for line in lines(*path, "--list-options"):
            word, _, desc = line.partition(";")
            if not word.startswith("-"):
                subs.append(word)
                continue
            if word in NEVER_COUNTED:
                previous = None
                continue
            if previous is not None and previous[1] == desc and desc:
                entry = flags.pop(previous[0])
                entry["names"].append(word)
                entry["names"].sort(key=lambda n: not n.startswith("--"))
                flags[entry["names"][0]] = entry
                previous = None
                continue
            if word not in flags:
                flags[word] = _flag_entry(word)
            previous = (word, desc)
        if subs:
            # a supercommand's listing names its subcommands only, yet its parser takes the
            # listing's own option and `--disable` (`Command show disabled with --disable
            # option!`, where a name it lacks is `unrecognized option`): asked, not assumed
            for option in ("--list-options", "--disable"):
                reply = _ask([exe, *path, option], cwd, env)
                if "unrecognized option" not in reply.stdout + reply.stderr:
                    flags.setdefault(option, _flag_entry(option))
        commands[" ".join(path)] = {"flags": flags, "positionals": None}
        # a bare word is a subcommand only when the parser gives it a usage of its own
        # (`setpref` offers its preference names, `test`, `boringfile`, as bare words too)
        queue += [
            [*path, sub]
            for sub in subs
            if any(
                line.startswith(f"Usage: darcs {' '.join([*path, sub])} ")
                for line in lines(*path, sub, "--help")
            )
        ]
    return {
        "method": "darcs's own completion listings: `darcs --commands`, `darcs PATH… --list-options` "
        "(options with `-`; subcommands: the bare words whose `--help` prints `Usage: darcs PATH… WORD`), in a fresh repository; kinds not told",
        "commands": commands,
    }


def _go_completion(exe: str, cwd: str, words: list[str]) -> list[str]:
    """The lines a Go framework's built-in completion prints for `exe words…` (no shell)."""
    out = subprocess.run(
        [exe, *words],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8"),
        stdin=subprocess.DEVNULL,
        timeout=30,
    )
    if out.returncode != 0 or "Incorrect Usage" in out.stdout + out.stderr:
        return []
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def _flag_entry(name: str) -> dict:
    """A truth flag of one spelling whose kind, type, choices, required and repeatable the
    witness does not tell (`null`: not scored)."""
    return {
        "names": [name],
        "kind": None,
        "type": None,
        "choices": None,
        "required": None,
        "repeatable": None,
    }


def _walk_go_completion(subcommands, flags, canonical=lambda path: path[-1]) -> dict:
    """Commands breadth first from `subcommands(path)`, each with `flags(path)`; a flag every
    descendant lists (an inherited one) is counted once, where its parent lacks it. `canonical`
    names the command a listed name runs (an alias runs its command: left out)."""
    commands: dict = {}
    queue: list[list[str]] = [[]]
    while queue:
        path = queue.pop(0)
        parent = commands.get(" ".join(path[:-1])) if path else None
        inherited = parent["all_flags"] if parent is not None else set()
        own = {n: _flag_entry(n) for n in flags(path) if n not in NEVER_COUNTED}
        commands[" ".join(path)] = {
            "flags": {k: v for k, v in own.items() if k not in inherited},
            "positionals": None,
            "all_flags": set(own) | inherited,
        }
        seen: set[str] = set()
        for sub in subcommands(path):
            if sub in seen or canonical([*path, sub]) != sub:
                continue  # an alias (urfave lists a command's aliases after its name)
            seen.add(sub)
            queue.append([*path, sub])
    for entry in commands.values():
        entry.pop("all_flags")
    return commands


def kingpin_truth(cli: CorpusCLI, cwd: str) -> dict:
    exe = find_executable(cli)
    assert exe is not None

    def subcommands(path: list[str]) -> list[str]:
        # kingpin completes a group's subcommands; a leaf's answer is its arguments' hints
        # (files, values), told apart by being no command: `PATH name --help` must name it
        names = [
            w
            for w in _go_completion(exe, cwd, [*path, "--completion-bash"])
            if not w.startswith("-")
        ]
        return [
            n
            for n in names
            if re.fullmatch(r"[A-Za-z0-9][\w.:-]*", n) and _kingpin_names(exe, cwd, [*path, n])
        ]

    # kingpin's completion of flags (`PATH --completion-bash --`) answers for a group with a
    # default command with that command's flags and for the command itself with the global ones
    # only, so flags come from the manual kingpin writes from the same model (`--help-man`):
    # the root's under `.SH "OPTIONS"`, each command's under its `.SS` heading
    man = subprocess.run(
        [exe, "--help-man"],
        capture_output=True,
        text=True,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        timeout=30,
    ).stdout
    declared: dict[str, dict] = {}
    current: str | None = None
    lines = man.splitlines()
    for index, line in enumerate(lines):
        if line.startswith(".SH"):
            current = "" if "OPTIONS" in line else None
        elif line.startswith(".SS") and index + 1 < len(lines):
            heading = re.sub(r"\\f[BRI]", "", lines[index + 1])
            current = " ".join(re.findall(r"^(?:[A-Za-z0-9][\w.:-]*\*? ?)+", heading)[0].split())
            current = current.replace("*", "")
        elif line == ".TP" and current is not None and index + 1 < len(lines):
            term = re.sub(r"\\f[BRI]", "", lines[index + 1]).replace("\\-", "-")
            names = [n.split("=")[0] for n in term.split(", ") if n.startswith("-")]
            if not names or any(n in NEVER_COUNTED for n in names):
                continue
            key = next((n for n in names if n.startswith("--")), names[0])
            entry = _flag_entry(key)
            entry["names"] = names
            entry["kind"] = "value" if "=" in term else "boolean"
            declared.setdefault(current, {})[key] = entry

    commands = _walk_go_completion(subcommands, lambda path: [])
    for path, entry in commands.items():
        entry["flags"] = declared.get(path, {})
    # a group's own flags (`promtool check --extended`) are in no `.SS` entry: its completion
    # lists them, beside the root's and, for a group with a default command, that command's
    root_names = {n for f in declared.get("", {}).values() for n in f["names"]}
    for path in [p for p in commands if p and any(q.startswith(p + " ") for q in commands)]:
        below = {
            n
            for q, flags in declared.items()
            if q.startswith(path + " ")
            for f in flags.values()
            for n in f["names"]
        }
        listed = _go_completion(exe, cwd, [*path.split(), "--completion-bash", "--"])
        for name in listed:
            if name.startswith("--") and name not in NEVER_COUNTED | root_names | below:
                commands[path]["flags"].setdefault(name, _flag_entry(name))
    return {
        "method": "kingpin's own machinery: `CLI PATH… --completion-bash` for a group's commands (each confirmed by its own `--help` usage line naming it); flags from the manual kingpin writes (`CLI --help-man`: the root's `OPTIONS`, each command's `.SS` entry; a group's own flags, in no entry, from `GROUP --completion-bash --`)",
        "commands": commands,
    }


def _kingpin_names(exe: str, cwd: str, path: list[str]) -> bool:
    out = subprocess.run(
        [exe, *path, "--help"],
        capture_output=True,
        text=True,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        timeout=30,
    )
    first = (out.stdout or out.stderr).splitlines()[:1]
    return bool(first) and f" {' '.join(path)}" in f" {first[0]} " and first[0].startswith("usage:")


def urfave_truth(cli: CorpusCLI, cwd: str) -> dict:
    """urfave/cli's completion: v1 and v2 answer `--generate-bash-completion`, v3
    (`urfave-v3`) `--generate-shell-completion`, each word followed by `:its description`."""
    exe = find_executable(cli)
    assert exe is not None
    asking = (
        "--generate-shell-completion" if cli.truth == "urfave-v3" else "--generate-bash-completion"
    )

    def words(argv: list[str]) -> list[str]:
        return [
            w.split(":", 1)[0] if cli.truth == "urfave-v3" else w
            for w in _go_completion(exe, cwd, argv)
        ]

    def subcommands(path: list[str]) -> list[str]:
        # v3 answers a leaf with its arguments' completions (lefthook's `run` with the words of
        # git's error outside a repository): a command is a name whose own `--help` says so
        listed = [w for w in words([*path, asking]) if not w.startswith("-")]
        if cli.truth == "urfave-v3":
            return [
                w
                for w in listed
                if w != "help" and re.fullmatch(r"[A-Za-z0-9][\w.:-]*", w) and named([*path, w])
            ]
        return listed

    def named(path: list[str]) -> bool:
        out = subprocess.run(
            [exe, *path, "--help"],
            capture_output=True,
            text=True,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            timeout=30,
        )
        lines = out.stdout.splitlines()
        return lines[:1] == ["NAME:"] and len(lines) > 1 and f" {path[-1]} " in f" {lines[1]} "

    def flags(path: list[str]) -> list[str]:
        return [w for w in words([*path, "-", asking]) if w.startswith("--")]

    def canonical(path: list[str]) -> str:
        # `ctr c --help` prints `NAME:` / `   ctr containers - manage containers`: the command
        # an alias runs; urfave's completion lists `containers` then `c`
        out = subprocess.run(
            [exe, *path, "--help"],
            capture_output=True,
            text=True,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            timeout=30,
        )
        lines = out.stdout.splitlines()
        if lines[:1] == ["NAME:"] and len(lines) > 1:
            words = lines[1].split(" - ", 1)[0].split()
            if len(words) >= len(path) + 1:
                return words[len(path)]
            if path[-1] != "help":
                return ""  # `ctr h --help` prints the root's page: help's alias, no command
        return path[-1]

    return {
        "method": f"urfave/cli's own completion: `CLI PATH… {asking}` for commands (an alias, whose `--help` NAME line names another command, left out), `PATH… - {asking}` for flags (long names only; kinds not told; an inherited flag counted once, where declared)",
        "commands": _walk_go_completion(subcommands, flags, canonical),
    }


def make(cli: CorpusCLI) -> dict:
    with tempfile.TemporaryDirectory(prefix="corpus-truth-") as cwd:
        if cli.truth in (
            "click",
            "click-help",
            "argparse",
            "optparse",
            "getopt",
            "docopt",
            "cleo",
            "cliff",
            "invoke",
            "traitlets",
            "pytest",
            "django",
            "plumbum",
            "robot",
            "doit",
            "fire",
            "cyclopts",
            "absl",
        ):
            body = python_truth(cli, cwd)
        elif cli.truth == "cobra":
            body = cobra_truth(cli, cwd)
        elif cli.truth.startswith("fish:"):
            body = fish_truth(cli)
        elif cli.truth == "kingpin-completion":
            body = kingpin_completion_truth(cli, cwd)
        elif cli.truth.startswith("bash-clap:"):
            body = bash_clap_truth(cli)
        elif cli.truth.startswith("clap-fish:"):
            body = clap_fish_truth(cli)
        elif cli.truth.startswith(("clap-fish-generated:", "clap-fish-generated-out-dir:")):
            body = clap_fish_generated_truth(cli)
        elif cli.truth.startswith("clap-dynamic:"):
            body = clap_dynamic_truth(cli, cwd)
        elif cli.truth == "openssl":
            body = openssl_truth(cli, cwd)
        elif cli.truth == "git":
            body = git_truth(cli, cwd)
        elif cli.truth == "tmux":
            body = tmux_truth(cli, cwd)
        elif cli.truth == "gpg":
            body = gpg_truth(cli, cwd)
        elif cli.truth == "npm":
            body = npm_truth(cli, cwd)
        elif cli.truth == "node-options":
            body = node_options_truth(cli, cwd)
        elif cli.truth == "commander":
            body = commander_truth(cli, cwd)
        elif cli.truth == "commander-help":
            body = commander_help_truth(cli, cwd)
        elif cli.truth == "cac":
            body = cac_truth(cli, cwd)
        elif cli.truth == "typedoc":
            body = typedoc_truth(cli, cwd)
        elif cli.truth == "arg":
            body = arg_truth(cli, cwd)
        elif cli.truth == "parseargs":
            body = parseargs_truth(cli, cwd)
        elif cli.truth == "sade":
            body = sade_truth(cli, cwd)
        elif cli.truth == "citty":
            body = citty_truth(cli, cwd)
        elif cli.truth == "meow":
            body = meow_truth(cli, cwd)
        elif cli.truth == "nopt":
            body = nopt_truth(cli, cwd)
        elif cli.truth == "prettier":
            body = prettier_truth(cli, cwd)
        elif cli.truth == "yargs":
            body = yargs_truth(cli, cwd)
        elif cli.truth == "kingpin":
            body = kingpin_truth(cli, cwd)
        elif cli.truth in ("urfave", "urfave-v3"):
            body = urfave_truth(cli, cwd)
        elif cli.truth == "oclif":
            body = oclif_truth(cli, cwd)
        elif cli.truth == "clipanion":
            body = clipanion_truth(cli, cwd)
        elif cli.truth == "clipanion-capture":
            body = clipanion_capture_truth(cli, cwd)
        elif cli.truth == "ruby-optparse":
            body = ruby_optparse_truth(cli, cwd)
        elif cli.truth == "phpunit":
            body = phpunit_truth(cli, cwd)
        elif cli.truth == "symfony":
            body = symfony_truth(cli, cwd)
        elif cli.truth.startswith("ruby:"):
            body = ruby_truth(cli, cwd)
        elif cli.truth == "optionator":
            body = optionator_truth(cli, cwd)
        elif cli.truth == "tsc":
            body = tsc_truth(cli, cwd)
        elif cli.truth == "optparse-applicative":
            body = optparse_applicative_truth(cli, cwd)
        elif cli.truth == "darcs":
            body = darcs_truth(cli, cwd)
        elif cli.truth == "perl-getopt-long":
            body = perl_getopt_long_truth(cli, cwd)
        elif cli.truth in ("ruby-mercenary", "ruby-cri", "ruby-slop"):
            body = ruby_library_truth(cli, cwd)
        elif cli.truth == "ruby-optimist":
            body = ruby_optimist_truth(cli, cwd)
        elif cli.truth == "perl-app-cmd":
            body = perl_app_cmd_truth(cli, cwd)
        elif cli.truth == "lua-argparse":
            body = lua_argparse_truth(cli, cwd)
        elif cli.truth == "popt":
            body = popt_truth(cli, cwd)
        elif cli.truth == "argp":
            body = argp_truth(cli, cwd)
        elif cli.truth == "cmdliner-groff":
            body = cmdliner_groff_truth(cli, cwd)
        else:
            raise SystemExit(f"{cli.name}: unknown truth method {cli.truth}")
    return {
        "cli": cli.name,
        "family": cli.family,
        "version": cli.version,
        "method": body["method"],
        "hand_checked": cli.hand_checked,
        "notes": list(cli.notes),
        "commands": body["commands"],
    }


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
        (out_dir / f"{cli.name}.json").write_text(
            json.dumps(truth, indent=1, sort_keys=True) + "\n"
        )
        n_flags = sum(len(c["flags"]) for c in truth["commands"].values())
        print(f"{cli.name}: {len(truth['commands'])} commands, {n_flags} flags")


if __name__ == "__main__":
    main(sys.argv[1:])
