"""`build_surface` on a generated 5,000-command CLI against 10 × its time on 500 commands.

A ratio near 1 means the cost is linear in the number of commands. Trees are built in code
(no loader involved). The token-count cache (`_count_cached`) is cleared before every run so
each run pays for its own tokenizing, as a first build does. Timed in CPU time of this process
(`time.process_time`): the pass is CPU-bound and in-process, so other people's load on this
shared machine does not blur a comparison of two sizes.
"""

from __future__ import annotations

import time

from bench.context import Context
from bench.generate import config_for, generated_tree
from bench.measure import Row, median


def _build_time(tree, config) -> float:
    from workbench.model import surface

    surface._count_cached.cache_clear()
    started = time.process_time()
    built = surface.build_surface(tree, config)
    elapsed = time.process_time() - started
    assert len(built.tools) == sum(1 for c in tree.walk() if c.runnable)
    return elapsed


def run(ctx: Context) -> Row:
    big, small = generated_tree(5000), generated_tree(500)
    big_config, small_config = config_for(big, ["gen"]), config_for(small, ["gen"])
    _build_time(small, small_config)  # imports, tokenizer load
    repeat = max(3, ctx.repeat)
    big_times, small_times = [], []
    for _ in range(repeat):
        for _ in range(5):  # the small build is cheap: more samples steady its median
            small_times.append(_build_time(small, small_config))
        big_times.append(_build_time(big, big_config))
    measured, per_500 = median(big_times), median(small_times)
    return Row(
        "build_surface, generated 5,000-command CLI (CPU time)",
        "10 × the 500-command time (linear)",
        1.2,
        "s",
        measured,
        per_500 * 10,
        repeat,
        notes=[f"500 commands: {per_500 * 1000:.0f} ms"],
    )
