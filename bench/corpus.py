"""`python -m bench.corpus [--live] [--markdown FILE] [--details FILE] [CLI…]`: the loader score table.

Scores our loaders on the corpus of real CLIs in `tests/corpus/` against truth produced by
each CLI's own machinery (method: `tests/corpus/score.py`, shared docs measuring.md): the help
crawler on every CLI's recorded help texts, and with `--live` also `workbench.loaders.load` on
the installed programs (the exact loaders through our foreign-interpreter introspection, for
the Python CLIs installed by `.ci/run` in `.ci/corpus-venv`). Prints one row per CLI and
loader, then the micro-averages; `--details` writes every missing, invented and wrong item.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from corpus.run import corpus_clis, score_live, score_recorded  # noqa: E402
from corpus.score import micro, table, write_details  # noqa: E402


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.corpus", description=__doc__.split("\n\n")[1]
    )
    parser.add_argument("clis", nargs="*", metavar="CLI", help="score only these corpus CLIs")
    parser.add_argument(
        "--live", action="store_true", help="also load the installed programs (skips those absent)"
    )
    parser.add_argument(
        "--markdown", metavar="FILE", help="also write the table as Markdown to FILE"
    )
    parser.add_argument(
        "--details", metavar="FILE", help="write every missing, invented and wrong item as JSON"
    )
    return parser.parse_args(argv)


def rounds(clis: list) -> dict[str, set[str]]:
    """The corpus by the round that added each CLI: the tuned-for set, then each fresh held-out
    set (`CorpusCLI.round`), so a round's before figures stay readable after later fixes."""
    sets: dict[str, set[str]] = {}
    for cli in sorted(clis, key=lambda c: c.round):
        label = f"round {cli.round}" if cli.round else "tuned for"
        sets.setdefault(label, set()).add(cli.name)
    return sets


def notes_summary(scores: list, label: str) -> str:
    """How the loads spoke (issue 12, "every load that is short says so"; a note on every load
    is noise): short loads silent, complete loads reporting what another listing supplied,
    complete loads with an alarm (signs of shortness) they did not need."""
    scored = [s for s in scores if s.error is None]
    silent = sorted(s.cli for s in scored if s.short and not s.said_short)
    told = sorted(s.cli for s in scored if not s.short and s.said_short and not s.alarmed)
    false = sorted(s.cli for s in scored if not s.short and s.alarmed)
    return (
        f"{label}: {len(scored)} loads; short and silent {len(silent)} {silent}; complete, reporting what a "
        f"listing added {len(told)} {told}; complete with a false alarm {len(false)} {false}"
    )


def aliases_summary(scores: list, label: str) -> str:
    """How many other spellings the loads read (`Flag.aliases`) and how many of them the truth
    spells too; the rest by name (truth with fewer spellings, or an invention: read them)."""
    total = micro(scores).aliases
    unconfirmed = [f"{s.cli}: {item}" for s in scores for item in s.unconfirmed_aliases]
    return (
        f"{label}: {total.total} aliases read, {total.hit} spelled by the truth; "
        f"not in the truth {len(unconfirmed)} {unconfirmed[:12]}{' …' if len(unconfirmed) > 12 else ''}"
    )


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    started = time.perf_counter()
    clis = corpus_clis(args.clis)
    recorded = []
    for cli in clis:
        print(f"… {cli.name} (recorded help)", file=sys.stderr, flush=True)
        recorded.append(score_recorded(cli))
    live = []
    if args.live:
        for cli in clis:
            if cli.live:
                print(f"… {cli.name} (live)", file=sys.stderr, flush=True)
                score = score_live(cli)
                if score is not None:
                    live.append(score)
    rows = [*recorded, micro(recorded, "micro: help (recorded)")]
    held_out = {c.name for c in clis if c.held_out}
    sets = rounds(clis)
    if held_out and len(held_out) < len(
        clis
    ):  # the fresh sets' figures on their own: the honest ones
        rows.append(micro([s for s in recorded if s.cli in held_out], "micro: held out (recorded)"))
    if len(sets) > 1:
        for label, names in sets.items():
            rows.append(
                micro([s for s in recorded if s.cli in names], f"micro: {label} (recorded)")
            )
    if live:
        exact_truth = {c.name for c in clis if c.live}
        rows += [*live, micro(live, "micro: live")]
        if held_out:
            rows.append(micro([s for s in live if s.cli in held_out], "micro: held out (live)"))
        for label, names in sets.items():
            scored = [s for s in live if s.cli in names]
            if scored and len(sets) > 1:
                rows.append(micro(scored, f"micro: {label} (live)"))
        rows.append(
            micro([s for s in recorded if s.cli in exact_truth], "micro: help on the same CLIs")
        )
    print(table(rows))
    print(notes_summary(recorded, "recorded help"))
    print(aliases_summary(recorded, "recorded help"))
    if len(sets) > 1:
        for label, names in sets.items():
            print(notes_summary([s for s in recorded if s.cli in names], f"  {label}"))
    if live:
        print(notes_summary(live, "live"))
        print(aliases_summary(live, "live"))
    print(f"\n{len(clis)} CLIs, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if args.markdown:
        Path(args.markdown).write_text(table(rows, markdown=True) + "\n", encoding="utf-8")
    if args.details:
        write_details([*recorded, *live], Path(args.details))
    return 0  # a CLI our loaders fail on is a row of the table, not a broken bench


if __name__ == "__main__":
    sys.exit(main())
