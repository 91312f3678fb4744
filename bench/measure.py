"""What one benchmark row measured: the product's figure, its reference, their ratio, the target.

Every row reports a `Row`: the median of repeated runs of the product and of its reference,
measured in the same run of the bench (machines here are shared and noisy, so the ratio is the
figure that counts), or an absolute figure against an absolute limit where the issue has no
reference. `interleaved(product, reference, repeat)` runs the two sides turn about and returns
their medians; `Row.verdict` says whether the target is met.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Row:
    """One line of the results table."""

    name: str
    """The benchmark, in the issue's words."""
    reference: str
    """What it is compared with (or `absolute`)."""
    target: float
    """The ratio not to exceed (or, for absolute rows, the limit in `unit`)."""
    unit: str = "s"
    measured: float | None = None
    """Median of the product's runs, in `unit`."""
    baseline: float | None = None
    """Median of the reference's runs, in `unit`; None for absolute rows."""
    runs: int = 0
    skipped: str | None = None
    """Why the row was not measured (one sentence), when it was not."""
    notes: list[str] = field(default_factory=list)
    """Extra figures worth reading next to the ratio."""

    @property
    def absolute(self) -> bool:
        return self.baseline is None and self.reference == "absolute"

    @property
    def ratio(self) -> float | None:
        if self.measured is None or self.baseline is None or self.baseline <= 0:
            return None
        return self.measured / self.baseline

    @property
    def met(self) -> bool | None:
        """True/False when measured, None when skipped."""
        if self.skipped is not None or self.measured is None:
            return None
        if self.absolute:
            return self.measured < self.target
        ratio = self.ratio
        return ratio is not None and ratio <= self.target

    @property
    def verdict(self) -> str:
        return {True: "met", False: "MISSED", None: "skipped"}[self.met]


def median(values: list[float]) -> float:
    return statistics.median(values)


def interleaved(
    product: Callable[[], float], reference: Callable[[], float], repeat: int
) -> tuple[float, float]:
    """Medians of `product()` and `reference()` (each returns its own measurement), run turn
    about so that a burst of load on this shared machine hits both sides alike."""
    ours, theirs = [], []
    for _ in range(max(1, repeat)):
        ours.append(product())
        theirs.append(reference())
    return median(ours), median(theirs)
