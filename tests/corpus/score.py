"""Score a loaded command tree against a corpus CLI's truth (method: shared docs, measuring.md).

Per CLI, and micro-averaged over CLIs by adding the counts:

- commands: precision and recall over command paths (the root excluded; hidden ones ignored
  on both sides). A truth command the load holds as another command's alias (`Command.aliases`:
  `remove` with alias `uninstall`, where truth lists both) is found, as that command.
- flags: keyed by any of the truth's spellings (first long name, else the short letter;
  `--help`, `-h` and `--version` never count). A loaded flag's spellings are its name, its
  short letter, its `--no-` form when negatable and its aliases (`Flag.aliases`). A truth flag
  is found when the loaded command, or one of its loaded ancestors, has a flag sharing one of
  its spellings: group options, cobra persistent flags and argparse parent options are accepted
  where they are declared; one loaded `-q, --quiet, --silent` finds truth's `--quiet` and
  `--silent` alike. A loaded flag is invented when no truth flag of its command or of the
  command's ancestors shares any of its spellings; the flags of an invented command are all
  invented. A missing command's flags are all
  missing. Where truth is a hand-written completion file, a loaded flag it lacks that the
  program's man page documents (`also_documented`) is neither found nor invented; so is one
  the program's help lists that its own table marks for its config file only (tsc's
  `--composite`, which argv takes only as `false`).
- commands with a `help` segment are the CLI's help machinery (like `--help`) and are ignored
  on both sides.
- kind (switch/count/value), value type, choices, required, repeatable: accuracy over the
  matched flags whose truth states that property (a witness that cannot tell leaves it null).
  Value type is scored on the flags the truth says take a value; a loaded switch there is wrong.
- positionals: per command whose truth lists them, position by position: name (case, `<>[]`,
  `...`, `-`/`_` ignored), required and variadic all right; a missing or extra one is wrong.
- short load said so: when commands or flags recall is below 0.99, whether the tree says it
  is incomplete: `tree.coverage` (SPEC §4, two witnesses) with a disagreement or items taken
  from help. Notes alone do not count: every loader writes notes for other reasons.
- value type: a truth `string` accepts a loaded `path` (frameworks whose string covers paths:
  argparse `str`, optparse, commander); numeric argparse choices are integers or numbers.
- choices compare as sets, case-insensitively (click's `case_sensitive=False` shows them
  either way).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from corpus.paths import TRUTH_DIR
from workbench.model.tree import Command, CommandTree

NEVER_COUNTED = {"--help", "-h", "--version"}
SHORT_RECALL = 0.99


@dataclass
class Ratio:
    hit: int = 0
    total: int = 0

    def add(self, ok: bool) -> None:
        self.hit += int(ok)
        self.total += 1

    @property
    def value(self) -> float | None:
        return self.hit / self.total if self.total else None

    def __iadd__(self, other: Ratio) -> Ratio:
        self.hit += other.hit
        self.total += other.total
        return self


@dataclass
class Score:
    cli: str
    family: str = ""
    loader: str = ""
    commands_found: int = 0
    commands_missing: int = 0
    commands_invented: int = 0
    flags_found: int = 0
    flags_missing: int = 0
    flags_invented: int = 0
    flags_forgiven: int = 0
    """Loaded flags the completion file lacks but the man page documents: neither found nor invented."""
    kind: Ratio = field(default_factory=Ratio)
    value_type: Ratio = field(default_factory=Ratio)
    choices: Ratio = field(default_factory=Ratio)
    required: Ratio = field(default_factory=Ratio)
    repeatable: Ratio = field(default_factory=Ratio)
    positionals: Ratio = field(default_factory=Ratio)
    short: bool = False
    said_short: bool = False
    alarmed: bool = False
    """The load reported signs of being short that it could not resolve (`short_signs`); on a
    complete load that is a false note. Reporting what another listing supplied is not one."""
    aliases: Ratio = field(default_factory=Ratio)
    """Loaded aliases (`Flag.aliases`) the truth spells on that command or an ancestor; the
    others are listed in `unconfirmed_aliases` (a truth that lists fewer spellings, or an
    invented one: read them)."""
    error: str | None = None
    unconfirmed_aliases: list[str] = field(default_factory=list)
    missing_commands: list[str] = field(default_factory=list)
    invented_commands: list[str] = field(default_factory=list)
    missing_flags: list[str] = field(default_factory=list)
    invented_flags: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    @property
    def commands_precision(self) -> float:
        return _ratio(self.commands_found, self.commands_found + self.commands_invented)

    @property
    def commands_recall(self) -> float:
        return _ratio(self.commands_found, self.commands_found + self.commands_missing)

    @property
    def flags_precision(self) -> float:
        return _ratio(self.flags_found, self.flags_found + self.flags_invented)

    @property
    def flags_recall(self) -> float:
        return _ratio(self.flags_found, self.flags_found + self.flags_missing)

    def __iadd__(self, other: Score) -> Score:
        for name in (
            "commands_found",
            "commands_missing",
            "commands_invented",
            "flags_found",
            "flags_missing",
            "flags_invented",
            "flags_forgiven",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in (
            "kind",
            "value_type",
            "choices",
            "required",
            "repeatable",
            "positionals",
            "aliases",
        ):
            getattr(self, name).__iadd__(getattr(other, name))
        return self


def _ratio(hit: int, total: int) -> float:
    return hit / total if total else 1.0


def load_truth(cli: str) -> dict:
    return json.loads((TRUTH_DIR / f"{cli}.json").read_text(encoding="utf-8"))


def _flag_names(flag) -> set[str]:
    names = set()
    if flag.name:
        names.add(("-" if getattr(flag, "single_dash", False) else "--") + flag.name)
        if flag.negatable:
            names.add("--no-" + flag.name)
    if flag.short:
        names.add("-" + flag.short if not flag.short.startswith("-") else flag.short)
    names.update(getattr(flag, "aliases", None) or [])  # every spelling the loaded flag knows
    return names


def _loaded_commands(tree: CommandTree) -> dict[str, Command]:
    result: dict[str, Command] = {}

    def visit(command: Command, rel: list[str]) -> None:
        if command.hidden or "help" in rel:
            return
        result[" ".join(rel)] = command
        for sub in command.subcommands:
            visit(sub, [*rel, sub.name])

    visit(tree.root, [])
    return result


def _ancestors(path: str) -> list[str]:
    words = path.split()
    return [" ".join(words[:i]) for i in range(len(words))]


def _counted(flag) -> bool:
    never = flag.name in ("help", "version") or (flag.name is None and flag.short == "h")
    return not flag.hidden and not never


def _norm(name: str) -> str:
    return re.sub(r"[<>\[\]{}.\s]|^-+", "", name).replace("-", "_").lower()


def _alias_paths(loaded: dict[str, Command], truth_commands: dict[str, dict]) -> dict[str, Command]:
    """The truth's command paths the loaded tree spells as another command's alias (truth's
    `uninstall` beside `remove`, which the help calls `Alias for remove` and the load folds
    into `remove`'s aliases): each is found as that command, its flags matched against that
    command's. An alias the truth does not list as a command of its own changes nothing."""
    result: dict[str, Command] = {}
    for path, command in loaded.items():
        parent = path.rsplit(" ", 1)[0] if " " in path else ""
        for alias in command.aliases:
            spelled = f"{parent} {alias}".strip()
            if path and spelled in truth_commands and spelled not in loaded:
                result[spelled] = command
    return result


def score_tree(
    cli: str, tree: CommandTree, *, loader: str = "", truth: dict | None = None
) -> Score:
    """Score `tree` against the stored truth of `cli` (or against `truth` when given)."""
    truth = truth if truth is not None else load_truth(cli)
    score = Score(cli, truth.get("family", ""), loader)
    loaded = _loaded_commands(tree)
    truth_commands: dict[str, dict] = {
        p: e for p, e in truth["commands"].items() if "help" not in p.split()
    }
    spelled_as_alias = _alias_paths(loaded, truth_commands)
    for path in truth_commands:
        if not path:
            continue
        if path in loaded or path in spelled_as_alias:
            score.commands_found += 1
        else:
            score.commands_missing += 1
            score.missing_commands.append(path)
    for path in loaded:
        if path and path not in truth_commands:
            score.commands_invented += 1
            score.invented_commands.append(path)

    def truth_flags_visible(path: str) -> list[tuple[str, dict]]:
        rows = []
        for p in [*_ancestors(path), path]:
            rows.extend(truth_commands.get(p, {}).get("flags", {}).items())
        return rows

    # recall side: every truth flag, found on its command or an ancestor
    for path, entry in truth_commands.items():
        candidates = (
            [loaded[p] for p in [path, *reversed(_ancestors(path))] if p in loaded]
            if path in loaded
            else []
        )
        if path in spelled_as_alias:
            candidates = [
                spelled_as_alias[path],
                *(loaded[p] for p in reversed(_ancestors(path)) if p in loaded),
            ]
        for key, tflag in entry["flags"].items():
            names = set(tflag.get("names") or [key]) | {key}
            match = None
            for command in candidates:
                match = next((f for f in command.flags if _flag_names(f) & names), None)
                if match is not None:
                    break
            if match is None:
                score.flags_missing += 1
                score.missing_flags.append(f"{path or '(root)'} {key}")
                continue
            score.flags_found += 1
            _properties(score, path, key, tflag, match)
    # precision side: every loaded flag, claimed by a truth flag of its command or an ancestor
    for path, command in loaded.items():
        visible = truth_flags_visible(path) if path in truth_commands else []
        forgiven = set(truth_commands.get(path, {}).get("also_documented") or [])
        truth_spellings = {n for k, t in visible for n in (*(t.get("names") or [k]), k)}
        for flag in command.flags:
            if not _counted(flag):
                continue
            names = _flag_names(flag)
            for alias in getattr(flag, "aliases", None) or []:
                score.aliases.add(alias in truth_spellings)
                if alias not in truth_spellings:
                    score.unconfirmed_aliases.append(f"{path or '(root)'} {flag.spelling} {alias}")
            if any(names & (set(t.get("names") or [k]) | {k}) for k, t in visible):
                continue
            if names & forgiven:
                score.flags_forgiven += 1
                continue
            score.flags_invented += 1
            score.invented_flags.append(f"{path or '(root)'} {sorted(names)[0] if names else '?'}")
        tpos = truth_commands.get(path, {}).get("positionals") if path in truth_commands else None
        if tpos is not None:
            ours = list(command.positionals)
            for i in range(max(len(tpos), len(ours))):
                if i >= len(tpos) or i >= len(ours):
                    score.positionals.add(False)
                    score.wrong.append(
                        f"{path or '(root)'} positional #{i + 1}: {'extra' if i >= len(tpos) else 'missing'}"
                    )
                    continue
                t, o = tpos[i], ours[i]
                ok = (
                    _norm(t["name"]) == _norm(o.name)
                    and t["required"] == o.required
                    and t["variadic"] == o.variadic
                )
                score.positionals.add(ok)
                if not ok:
                    score.wrong.append(
                        f"{path or '(root)'} positional #{i + 1}: {o.name} required={o.required} "
                        f"variadic={o.variadic}, truth {t['name']} {t['required']} {t['variadic']}"
                    )
    score.short = score.commands_recall < SHORT_RECALL or score.flags_recall < SHORT_RECALL
    coverage = tree.coverage
    score.said_short = bool(
        coverage is not None
        and (
            coverage.disagreements
            or coverage.taken_from_help.commands
            or coverage.taken_from_help.flags
            or coverage.short_signs
            or any(w.taken_names for w in coverage.listings)
        )
    )
    score.alarmed = bool(coverage is not None and coverage.short_signs)
    return score


def _properties(score: Score, path: str, key: str, tflag: dict, flag) -> None:
    where = f"{path or '(root)'} {key}"
    kind = tflag.get("kind")
    if kind is not None:
        ok = flag.kind.value == kind
        score.kind.add(ok)
        if not ok:
            score.wrong.append(f"{where}: kind {flag.kind.value}, truth {kind}")
    if kind == "value" and tflag.get("type") is not None:
        ours = flag.value_type.value if flag.kind.value == "value" else f"({flag.kind.value})"
        # a framework string covers paths (argparse str, optparse, commander): calling it a path is no error
        ok = ours == tflag["type"] or (tflag["type"] == "string" and ours == "path")
        score.value_type.add(ok)
        if not ok:
            score.wrong.append(f"{where}: type {ours}, truth {tflag['type']}")
    if tflag.get("choices") is not None:
        ok = sorted(c.lower() for c in flag.choices or []) == sorted(
            c.lower() for c in tflag["choices"]
        )
        score.choices.add(ok)
        if not ok:
            score.wrong.append(f"{where}: choices {flag.choices}, truth {tflag['choices']}")
    for prop in ("required", "repeatable"):
        if tflag.get(prop) is not None:
            ok = bool(getattr(flag, prop)) == bool(tflag[prop])
            getattr(score, prop).add(ok)
            if not ok:
                score.wrong.append(f"{where}: {prop} {getattr(flag, prop)}, truth {tflag[prop]}")


def micro(scores: list[Score], label: str = "micro-average") -> Score:
    total = Score(label)
    for s in scores:
        if s.error is None:
            total += s
    total.short = any(s.short for s in scores)
    total.said_short = all(s.said_short for s in scores if s.short)
    return total


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


COLUMNS = (
    "CLI",
    "family",
    "loader",
    "cmd P",
    "cmd R",
    "flag P",
    "flag R",
    "kind",
    "type",
    "choices",
    "required",
    "repeat",
    "posit.",
    "short→said",
)


def row(s: Score) -> list[str]:
    if s.error is not None:
        return [s.cli, s.family, s.loader, *(["—"] * 10), s.error[:60]]
    said = "—" if not s.short else ("yes" if s.said_short else "NO")
    return [
        s.cli,
        s.family,
        s.loader,
        _fmt(s.commands_precision),
        _fmt(s.commands_recall),
        _fmt(s.flags_precision),
        _fmt(s.flags_recall),
        _fmt(s.kind.value),
        _fmt(s.value_type.value),
        _fmt(s.choices.value),
        _fmt(s.required.value),
        _fmt(s.repeatable.value),
        _fmt(s.positionals.value),
        said,
    ]


def table(scores: list[Score], *, markdown: bool = False) -> str:
    rows = [list(COLUMNS)] + [row(s) for s in scores]
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def as_json(s: Score) -> dict:
    return {
        "cli": s.cli,
        "loader": s.loader,
        "error": s.error,
        "commands": {
            "precision": s.commands_precision,
            "recall": s.commands_recall,
            "found": s.commands_found,
            "missing": s.missing_commands,
            "invented": s.invented_commands,
        },
        "flags": {
            "precision": s.flags_precision,
            "recall": s.flags_recall,
            "found": s.flags_found,
            "missing": s.missing_flags,
            "invented": s.invented_flags,
        },
        "aliases": {"confirmed": s.aliases.hit, "unconfirmed": s.unconfirmed_aliases},
        "wrong": s.wrong,
    }


def write_details(scores: list[Score], path: Path) -> None:
    path.write_text(json.dumps([as_json(s) for s in scores], indent=1) + "\n", encoding="utf-8")
