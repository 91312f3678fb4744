"""`python -m bench.sweep [--limit N] [--out F] [--jobs N] [PROGRAM…]`: the crawler over every program here.

Loads each program of `/usr/bin` (or the ones named) as `mcp-workbench PROGRAM` would
(`workbench.loaders.load`), one program per child process run as an unprivileged user id of its
own (`setpriv`, no new privileges, no groups), with HOME, TMPDIR and the working directory in a
fresh temporary folder and a time limit per program. It needs no truth; it checks what holds for
every load:

- the load ends (no hang) without a traceback, and leaves no process of its user id running;
- nothing is invented: every flag spelling and command name the tree holds is in a text the
  crawl read (as a terminal shows it, overstrike resolved), on an option row, a usage line, a
  command row or a completion listing, not only in prose or an example;
- recall against the program's man page, read by the small reader here (`man_options`, not
  the product's `manpage.py`): the option spellings of its OPTIONS-like sections the load lacks,
  and the kind (switch or value) where the page's row shows `=VALUE` or `<arg>`;
- a load more than 3% short of its man page says so (its coverage line is a warning).

Prints one line per program with findings and the totals; `--out` writes every finding as JSON.
Run as root (it changes user ids); never part of the test suite (it depends on what the machine
has installed).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import stat
import subprocess
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BASE_UID = 64000
"""Slot N's crawls run as user id BASE_UID + N: a process of that id still alive after its
crawl was left running by that crawl (no other process uses these ids)."""
NOGROUP = 65534
CODE = Path(os.environ.get("SWEEP_CODE", REPO))
"""The checkout whose `workbench` the crawls run (`SWEEP_CODE`: a copy, for a before run)."""
SHORT_MARGIN = 0.03
"""A load missing more than this share of its man page's options must say it is short."""
HELD_OUT_MANIFEST = Path("/work/wt-heldnat/tests/corpus/manifest.py")
"""Another engineer's held-out set this round: its CLIs are left out of the sweep (names only)."""

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]")
_OVERSTRIKE = re.compile(r".\x08")


def screen(text: str) -> str:
    """`text` as a terminal shows it: colour codes gone, `X backspace Y` printed as Y."""
    text = _ANSI.sub("", text)
    while "\x08" in text:
        stripped = _OVERSTRIKE.sub("", text)
        if stripped == text:
            text = text.replace("\x08", "")
            break
        text = stripped
    return text


# --- the man page, read independently of the product -------------------------------------

_HEADING = re.compile(r"[A-Z][A-Z0-9 ,&/()'-]*")
_OPTION_HEADING = re.compile(r"OPTION|FLAG|SWITCH")
_SPELLING = re.compile(r"(?:(?<=^)|(?<=[\s,|/\[(]))(--?[A-Za-z0-9?][\w.+?-]*)")
_NO_BRACKET = re.compile(r"--\[no-?\]([\w-]+)")
_VALUE_AFTER = re.compile(r"^(?:=\S|\s(?:<[^>]+>|[A-Z][A-Z0-9_-]*\b|\{[^}]+\}))")
_HELP_ROW = re.compile(r"(?<![\w-])--help(?![\w-])")
"""The help option's row, left out of every load on purpose (`-h, --help` is no property)."""


@dataclass
class ManOption:
    spelling: str
    takes_value: bool | None
    """True for `--x=V`/`-x <arg>`/`-x FILE`, False for a row that only spells options, None unknown."""


def man_sections(text: str) -> dict[str, list[str]]:
    """A rendered page's sections by heading (flush-left upper-case lines)."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in screen(text).splitlines():
        if line and not line[0].isspace() and _HEADING.fullmatch(line.strip()):
            current = sections.setdefault(line.strip(), [])
        elif current is not None:
            current.append(line)
    return sections


def names_program(sections: dict[str, list[str]], program: str) -> bool:
    """Whether the page's NAME section names `program` (man may show another page)."""
    name = " ".join(line.strip() for line in sections.get("NAME", []) if line.strip())
    head = re.split(r"\s+[-\u2010\u2013\u2014]+\s+|\s+\\-\s+", name, maxsplit=1)[0]
    return program in {part.strip() for part in re.split(r"[,\s]+", head)}


def man_options(text: str, program: str) -> list[ManOption] | None:
    """The option spellings of `program`'s rendered man page, from the rows (terms) of its
    OPTIONS-like sections (DESCRIPTION when there is none); None when the page is not its own."""
    sections = man_sections(text)
    if not sections or not names_program(sections, program):
        return None
    chosen = [body for heading, body in sections.items() if _OPTION_HEADING.search(heading)]
    if not chosen and "DESCRIPTION" in sections:
        chosen = [sections["DESCRIPTION"]]
    found: dict[str, ManOption] = {}
    for body in chosen:
        starts = [len(line) - len(line.lstrip()) for line in body if line.lstrip().startswith("-")]
        if not starts:
            continue
        indent = min(starts)
        for line in body:
            stripped = line.lstrip()
            if len(line) - len(stripped) != indent or not stripped.startswith("-"):
                continue
            term = re.split(r"\s{2,}|\t", stripped, maxsplit=1)[0]
            for option in term_options(term):
                found.setdefault(option.spelling, option)
    return list(found.values())


def term_options(term: str) -> list[ManOption]:
    """The options one row's term spells (`-f, --file=FILE`, `--[no-]color`, `-v`)."""
    term = _NO_BRACKET.sub(lambda m: f"--{m.group(1)}, --no-{m.group(1)}", term)
    options: list[ManOption] = []
    if _HELP_ROW.search(term):
        return options  # the help option's row: never a property
    rest = re.sub(r"--?[A-Za-z0-9?][\w.+?-]*", "", term)
    only_spellings = not re.search(r"[A-Za-z<\[{=]", rest)
    for match in _SPELLING.finditer(term):
        spelling = match.group(1).rstrip(".,;:?") or match.group(1)
        if spelling in ("-", "--") or re.fullmatch(r"-+\d*", spelling) and len(spelling) > 2:
            continue
        after = term[match.end() :]
        if after.startswith("["):
            takes = None  # an optional value
        elif _VALUE_AFTER.match(after):
            takes = True
        else:
            takes = False if only_spellings else None
        options.append(ManOption(spelling, takes))
    return options


# --- what the load holds ------------------------------------------------------------------


def flag_spellings(flag) -> list[str]:
    """Every spelling of one loaded flag, as a command line writes it."""
    spellings = []
    if flag.name:
        spellings.append(("-" if flag.single_dash else "--") + flag.name)
        if flag.negatable:
            spellings.append(f"--no-{flag.name}")
    if flag.short:
        spellings.append(f"-{flag.short}")
    spellings.extend(flag.aliases)
    return spellings


def _word(spelling: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(spelling)}(?![\w-])")


def _expanded(text: str) -> str:
    """Text plus its optional-letter readings (`--colo[u]r` as `--color` and `--colour`,
    `--[no-]x` as `--x` and `--no-x`), so a spelling the help writes that way is found."""
    return "\n".join(
        [
            text,
            re.sub(r"\[([a-z-]+)\]", "", text),
            re.sub(r"\[([a-z-]+)\]", r"\1", text),
        ]
    )


_ROW_START = re.compile(r"^\s*(?:[-+]|\[-|[○•*·]\s+-|o\s+-)")
_USAGE = re.compile(r"(?i)^\s*(?:usage|or)\s*:?\s|^\s*usage\s*:|^\s*(?:synopsis)\b")
_EXAMPLE = re.compile(r"^\s*(?:\$|#|>|%)\s")


@dataclass
class Texts:
    """What one crawl read: help replies (as a terminal shows them) and completion listings."""

    help: list[str]
    listings: list[str]
    """cobra `__complete` replies and shell completion files: their own syntax, read loosely."""

    def rows(self) -> list[str]:
        """Lines that are option rows or usage lines (prose, examples and headings left out)."""
        rows: list[str] = []
        for text in self.help:
            in_usage = False
            for line in _expanded(text).splitlines():
                if _USAGE.match(line):
                    in_usage = True
                    rows.append(line)
                    continue
                if in_usage and line.startswith((" ", "\t")) and line.strip():
                    rows.append(line)
                    continue
                in_usage = False
                if _ROW_START.match(line) and not _EXAMPLE.match(line):
                    rows.append(line)
        return rows


def spelled_on_a_row(spelling: str, rows: list[str]) -> bool:
    pattern = _word(spelling)
    if any(pattern.search(row) for row in rows):
        return True
    if re.fullmatch(r"-[A-Za-z0-9?#@]", spelling):  # a letter in a synopsis cluster `[-abc]`
        letter = re.escape(spelling[1])
        cluster = re.compile(
            rf"\[-[A-Za-z0-9?]*{letter}[A-Za-z0-9?]*\]|(?<![\w-])-[A-Za-z0-9]*{letter}"
        )
        return any(cluster.search(row) for row in rows if _USAGE.match(row) or "[-" in row)
    return False


def spelled_in_a_listing(spelling: str, listings: list[str]) -> bool:
    pattern = _word(spelling)
    if any(pattern.search(text) for text in listings):
        return True
    bare = spelling.lstrip("-")
    kind = "-l" if spelling.startswith("--") else ("-s" if len(bare) == 1 else "-o")
    fish = re.compile(rf"(?:{kind}|--(?:long|short|old)-option)\s+['\"]?{re.escape(bare)}\b")
    return any(fish.search(text) for text in listings)


@dataclass
class Findings:
    program: str
    seconds: float = 0.0
    loader: str = ""
    outcome: str = "ok"
    """ok, load-error (a LoadError sentence), crashed (a traceback), hung, skipped."""
    message: str = ""
    left_running: list[str] = field(default_factory=list)
    commands: int = 0
    flags: int = 0
    invented: list[str] = field(default_factory=list)
    """Spellings and names in no text the crawl read."""
    off_row: list[str] = field(default_factory=list)
    """Spellings and names found only in prose, examples or output, not on a row."""
    man_options: int = 0
    man_found: int = 0
    man_missing: list[str] = field(default_factory=list)
    man_extra: list[str] = field(default_factory=list)
    kind_mismatch: list[str] = field(default_factory=list)
    value_unshown: list[str] = field(default_factory=list)
    said_short: bool = False
    coverage: str = ""
    code: str = ""

    @property
    def silent_short(self) -> bool:
        short = self.man_options and self.man_found < (1 - SHORT_MARGIN) * self.man_options
        return bool(short) and not self.said_short


def check_tree(tree, texts: Texts, findings: Findings) -> None:
    """The truth-free invariants of one help-crawled tree: nothing invented, nothing off a row."""
    rows = texts.rows()
    everything = [_expanded(text) for text in texts.help]
    for command in tree.walk():
        where = " ".join(command.path)
        if len(command.path) > 1:
            parent = command.path[-2]
            for name in [command.path[-1], *command.aliases]:
                label = f"{where} (command {name})"
                if not any(_word(name).search(t) for t in [*everything, *texts.listings]):
                    findings.invented.append(label)
                elif not _command_row(name, parent, everything) and not any(
                    _word(name).search(t) for t in texts.listings
                ):
                    findings.off_row.append(label)
        for flag in command.flags:
            for spelling in flag_spellings(flag):
                label = f"{where} {spelling}"
                if spelled_on_a_row(spelling, rows) or spelled_in_a_listing(
                    spelling, texts.listings
                ):
                    continue
                if any(_word(spelling).search(t) for t in everything):
                    findings.off_row.append(label)
                else:
                    findings.invented.append(label)


def _command_row(name: str, parent: str, texts: list[str]) -> bool:
    """`name` starts a row (after indentation or its parent's path), or is in a usage line or
    a list of names (`a, b`, `{a,b}`, `(a | b)`)."""
    word = re.escape(name)
    row = re.compile(
        rf"(?m)^[ \t]*(?:\S*{re.escape(parent)}[ \t]+(?:\S+[ \t]+)?)?[*]?{word}(?=[\s,:*|(\[]|$)"
        rf"|[,{{(|][ \t]*{word}(?=[\s,}}|):]|$)|(?i:usage|or)\s*:?.*(?<![\w-]){word}(?![\w-])"
    )
    return any(row.search(text) for text in texts)


def check_manual(tree, options: list[ManOption], findings: Findings) -> None:
    """Recall against the man page's option rows (any command of the tree may hold them) and
    the kind where the page shows whether the option takes a value."""
    held: dict[str, object] = {}
    for command in tree.walk():
        for flag in command.flags:
            for spelling in flag_spellings(flag):
                held.setdefault(spelling, flag)
    findings.man_options = len(options)
    for option in options:
        flag = held.get(option.spelling)
        glued = re.fullmatch(r"-([A-Za-z0-9])[a-z]+", option.spelling)
        if flag is None and glued:  # less's `-bn`, find's `-Olevel`: a letter and its value
            flag = held.get(f"-{glued.group(1)}")
        if flag is None:
            findings.man_missing.append(option.spelling)
            continue
        findings.man_found += 1
        if option.takes_value is None or option.spelling.startswith("--no-"):
            continue
        kind = getattr(flag, "kind", None)
        is_value = str(kind) == "value"
        if option.takes_value and not is_value:
            findings.kind_mismatch.append(f"{option.spelling}: page shows a value, load {kind}")
        elif option.takes_value is False and is_value:  # weaker: pages often name it in prose
            findings.value_unshown.append(f"{option.spelling}: load {kind}, page row shows none")
    page = {option.spelling for option in options}
    root_flags = tree.root.flags
    findings.man_extra = [
        flag_spellings(flag)[0]
        for flag in root_flags
        if flag_spellings(flag) and not page.intersection(flag_spellings(flag))
    ]


# --- one program, in its own child process ------------------------------------------------


def crawl_one(program: str) -> dict:
    """Load `program` as the product does, recording every text the crawl read (runs in the child)."""
    import importlib

    from workbench.loaders import load

    crawl_module = importlib.import_module("workbench.loaders.help.crawl")
    run_module = importlib.import_module("workbench.loaders.help.run")
    from workbench.model.coverage import coverage_line
    from workbench.model.errors import LoadError

    calls: list[dict] = []
    listings: list[str] = []
    spawn = run_module._spawn

    def recording_spawn(argv, timeout_s, **kwargs):
        call = spawn(argv, timeout_s, **kwargs)
        calls.append({"argv": list(argv), "stdout": call.stdout, "stderr": call.stderr})
        return call

    finder = crawl_module.find_completion_files

    def recording_finder(path, names):
        files = finder(path, names)
        listings.extend(file.text for file in files)
        return files

    run_module._spawn = recording_spawn  # type: ignore[assignment]
    crawl_module.find_completion_files = recording_finder  # type: ignore[assignment]
    result: dict = {"program": program, "calls": calls, "listings": listings}
    result["code"] = str(Path(importlib.import_module("workbench").__file__ or "").parent)
    try:
        loaded = load(program)
    except LoadError as error:
        result.update(outcome="load-error", message=str(error))
        return result
    except BaseException:
        result.update(outcome="crashed", message=traceback.format_exc())
        return result
    result.update(
        outcome="ok",
        loader=str(loaded.source.loader),
        tree=loaded.tree.to_data(),
        coverage=coverage_line(loaded.tree) or "",
    )
    return result


def _child_env(home: str) -> dict[str, str]:
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
        "HOME": home,
        "TMPDIR": home,
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONPATH": f"{CODE}:{REPO}",  # the checkout's workbench first, then bench
    }


def processes_of(uid: int) -> list[tuple[int, str]]:
    """(pid, command line) of every live process whose real user id is `uid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
            line = next(x for x in status.splitlines() if x.startswith("Uid:"))
            if int(line.split()[1]) != uid or "State:\tZ" in status:
                continue
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
            found.append((int(entry), cmdline.decode(errors="replace").strip()))
        except (OSError, StopIteration, ValueError):
            continue
    return found


def sweep_one(
    program: str, slot: int, time_limit: float, uid_base: int = BASE_UID
) -> tuple[Findings, dict | None]:
    """Crawl `program` as slot `slot`'s user id in a fresh folder; the findings and the raw result."""
    uid = uid_base + slot
    findings = Findings(program)
    started = time.perf_counter()
    home = tempfile.mkdtemp(prefix=f"sweep-{slot}-")
    os.chown(home, uid, NOGROUP)
    argv = [
        "setpriv",
        f"--reuid={uid}",
        f"--regid={NOGROUP}",
        "--clear-groups",
        "--no-new-privs",
        sys.executable,
        "-m",
        "bench.sweep",
        "--one",
        program,
    ]
    process = subprocess.Popen(
        argv,
        cwd=home,
        env=_child_env(home),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=time_limit)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        findings.outcome = "hung"
        findings.message = f"no result within {time_limit:.0f} s"
    findings.seconds = round(time.perf_counter() - started, 1)
    left = processes_of(uid)
    if left:
        time.sleep(1.0)  # a process on its way out is not one left running
        left = processes_of(uid)
    findings.left_running = [f"{pid} {cmdline[:120]}" for pid, cmdline in left]
    for pid, _ in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    subprocess.run(["rm", "-rf", "--one-file-system", home], check=False)
    if findings.outcome == "hung":
        return findings, None
    try:
        result = json.loads(out)
    except ValueError:
        findings.outcome = "crashed"
        findings.message = (err.decode(errors="replace") or "no output")[-2000:]
        return findings, None
    findings.outcome = result["outcome"]
    findings.message = result.get("message", "")[-2000:]
    return findings, result


def judge(findings: Findings, result: dict, man_text: str | None) -> None:
    """Apply the invariants to one program's load."""
    from workbench.model.tree import CommandTree

    if findings.outcome != "ok":
        return
    tree = CommandTree.from_data(result["tree"])
    findings.loader = result.get("loader", "")
    findings.code = result.get("code", "")
    findings.coverage = result.get("coverage", "")
    findings.said_short = findings.coverage.startswith("warning")
    findings.commands = sum(1 for _ in tree.walk())
    findings.flags = sum(len(c.flags) for c in tree.walk())
    help_texts = []
    listings = list(result["listings"])
    for call in result["calls"]:
        text = screen(call["stdout"]) + "\n" + screen(call["stderr"])
        if "__complete" in call["argv"] or "__completeNoDesc" in call["argv"]:
            listings.append(text)
        else:
            help_texts.append(text)
    if findings.loader in ("", "help"):
        check_tree(tree, Texts(help_texts, listings), findings)
    if man_text:
        options = man_options(man_text, findings.program)
        if options:
            check_manual(tree, options, findings)


def render_manual(program: str) -> str | None:
    """`man -P cat` of `program` at 200 columns (sections 1 and 8), or None."""
    if not re.fullmatch(r"[\w.+][\w.+-]*", program):
        return None
    env = dict(os.environ, MANWIDTH="200", LC_ALL="C.UTF-8", MAN_KEEP_FORMATTING="")
    try:
        call = subprocess.run(
            ["man", "-P", "cat", "-S", "1:8", program],
            capture_output=True,
            env=env,
            timeout=30,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return None
    if call.returncode != 0:
        return None
    return call.stdout.decode(errors="replace")


def held_out_names(manifest: Path = HELD_OUT_MANIFEST) -> set[str]:
    """Names of round 16's held-out CLIs in the other engineer's manifest (only the names)."""
    try:
        text = manifest.read_text()
    except OSError:
        return set()
    names = set()
    for block in re.findall(r"CorpusCLI\((.*?)\n    \),?", text, flags=re.S):
        if re.search(r"\bround\s*=\s*16\b", block):
            match = re.search(r"[\"']([^\"']+)[\"']", block)
            if match:
                names.add(match.group(1))
    return names


def is_held_out(program: str, held: set[str], folder: str = "/usr/bin") -> bool:
    """Whether `program` is a held-out CLI or another name of one (`x86_64-linux-gnu-nm`,
    `objdump-12`, a link to the same file): the sweep must not tune on them."""
    if program in held or any(
        re.fullmatch(rf"(?:.+-)?{re.escape(name)}(?:-\d+)?", program) for name in held
    ):
        return True
    target = os.path.realpath(os.path.join(folder, program))
    return any(os.path.realpath(os.path.join(folder, name)) == target for name in held)


def programs_here(folder: str = "/usr/bin") -> list[str]:
    names = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        try:
            info = os.stat(path)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and info.st_mode & 0o111:
            names.append(name)
    return names


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.sweep", description=__doc__.split("\n\n")[1]
    )
    parser.add_argument("programs", nargs="*", metavar="PROGRAM", help="sweep only these")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N programs")
    parser.add_argument("--out", metavar="F", help="write every program's findings as JSON to F")
    parser.add_argument(
        "--jobs", type=int, default=3, metavar="N", help="crawls at once (default 3)"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=120.0,
        metavar="S",
        help="seconds per program (default 120)",
    )
    parser.add_argument(
        "--uid-base",
        type=int,
        default=BASE_UID,
        metavar="UID",
        help=f"crawl as user ids UID… UID+jobs-1 (default {BASE_UID}; two sweeps at once need two)",
    )
    parser.add_argument("--one", metavar="PROGRAM", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def totals(all_findings: list[Findings]) -> dict:
    ok = [f for f in all_findings if f.outcome == "ok"]
    paged = [f for f in ok if f.man_options]
    return {
        "programs": len(all_findings),
        "loaded": len(ok),
        "load_errors": sum(f.outcome == "load-error" for f in all_findings),
        "crashed": [f.program for f in all_findings if f.outcome == "crashed"],
        "hung": [f.program for f in all_findings if f.outcome == "hung"],
        "left_running": [f.program for f in all_findings if f.left_running],
        "invented": sum(len(f.invented) for f in ok),
        "off_row": sum(len(f.off_row) for f in ok),
        "with_man_page": len(paged),
        "man_recall_micro": round(
            sum(f.man_found for f in paged) / max(1, sum(f.man_options for f in paged)), 4
        ),
        "kind_mismatches": sum(len(f.kind_mismatch) for f in ok),
        "silent_short": [f.program for f in ok if f.silent_short],
    }


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.one:
        print(json.dumps(crawl_one(args.one)))
        return 0
    if os.geteuid() != 0:
        print(
            "python -m bench.sweep must run as root: it crawls as other user ids", file=sys.stderr
        )
        return 2
    held = held_out_names()
    programs = [p for p in (args.programs or programs_here()) if not is_held_out(p, held)]
    if args.limit:
        programs = programs[: args.limit]
    free = list(range(args.jobs))
    results: list[Findings] = []

    def one(program: str) -> Findings:
        slot = free.pop()
        try:
            findings, result = sweep_one(program, slot, args.time_limit, args.uid_base)
        finally:
            free.append(slot)
        if result is not None:
            try:
                judge(findings, result, render_manual(program))
            except Exception:
                findings.outcome = "checker-error"
                findings.message = traceback.format_exc()[-2000:]
        return findings

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for findings in pool.map(one, programs):
            results.append(findings)
            marks = [
                findings.outcome if findings.outcome != "ok" else "",
                f"invented {len(findings.invented)}" if findings.invented else "",
                f"off-row {len(findings.off_row)}" if findings.off_row else "",
                f"man {findings.man_found}/{findings.man_options}" if findings.man_options else "",
                "SILENT-SHORT" if findings.silent_short else "",
                f"kinds {len(findings.kind_mismatch)}" if findings.kind_mismatch else "",
                "LEFT-RUNNING" if findings.left_running else "",
            ]
            print(
                f"{findings.program:28} {findings.seconds:6.1f}s {' '.join(m for m in marks if m)}",
                flush=True,
            )
    summary = totals(results)
    print(json.dumps(summary, indent=1))
    if args.out:
        Path(args.out).write_text(
            json.dumps({"totals": summary, "programs": [asdict(f) for f in results]}, indent=1)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
