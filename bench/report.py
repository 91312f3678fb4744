"""The results table, for the terminal and for docs/performance.md (Markdown)."""

from __future__ import annotations

from bench.measure import Row

HEADERS = (
    "benchmark",
    "measured (median)",
    "reference (median)",
    "ratio",
    "target",
    "verdict",
    "runs",
)


def value(amount: float | None, unit: str) -> str:
    if amount is None:
        return "—"
    if unit == "s":
        return f"{amount * 1000:.0f} ms" if amount < 1 else f"{amount:.2f} s"
    if unit == "ms":
        return f"{amount:.1f} ms"
    if unit == "MB":
        return f"{amount:.0f} MB"
    return f"{amount:g} {unit}"


def cells(row: Row) -> tuple[str, ...]:
    if row.skipped is not None:
        return (row.name, "—", row.reference, "—", _target(row), f"skipped: {row.skipped}", "0")
    ratio = "—" if row.ratio is None else f"{row.ratio:.2f}×"
    reference = (
        row.reference if row.absolute else f"{value(row.baseline, row.unit)} ({row.reference})"
    )
    return (
        row.name,
        value(row.measured, row.unit),
        reference,
        ratio,
        _target(row),
        row.verdict,
        str(row.runs),
    )


def _target(row: Row) -> str:
    if row.reference == "absolute":
        return f"< {value(row.target, row.unit)}"
    return f"≤ {row.target:g}×"


def text_table(rows: list[Row]) -> str:
    """A plain table: one block per row (the names are long), notes indented under it."""
    lines = []
    for row in rows:
        name, measured, reference, ratio, target, verdict, runs = cells(row)
        lines.append(f"{row.verdict.upper() if row.verdict == 'met' else row.verdict:8} {row.name}")
        if row.skipped is None:
            lines.append(
                f"         {measured} vs {reference}: ratio {ratio}, target {target}, {runs} runs"
            )
        else:
            lines.append(f"         {row.skipped}")
        for note in row.notes:
            lines.append(f"         · {note}")
    return "\n".join(lines)


def markdown_table(rows: list[Row]) -> str:
    out = ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    for row in rows:
        row_cells = list(cells(row))
        if row.notes:
            row_cells[0] += "<br>" + "<br>".join(f"<sub>{note}</sub>" for note in row.notes)
        out.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row_cells) + " |")
    return "\n".join(out)
