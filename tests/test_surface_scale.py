"""build_surface runs on every TUI edit: a 5,000-command tree must rebuild quickly, and the
result must not depend on anything but (tree, config)."""

from __future__ import annotations

import time

from workbench.model.config import CommandConfig, Config, FlagConfig, Selector
from workbench.model.surface import build_surface
from workbench.model.tree import Command, CommandTree, Flag, FlagKind, Positional, ValueType


def big_tree(groups: int = 50, per_group: int = 100) -> CommandTree:
    subcommands = []
    for g in range(groups):
        leaves = [
            Command(
                path=["big", f"g{g}", f"c{i}"],
                short_help=f"Do thing {i}.",
                help=f"Long help for command {i} of group {g}. " * 3,
                flags=[
                    Flag(
                        name=f"opt{j}",
                        help=f"Option {j}.",
                        value_type=ValueType.INTEGER if j % 2 else ValueType.STRING,
                    )
                    for j in range(8)
                ]
                + [Flag(name="force", kind=FlagKind.BOOLEAN)],
                positionals=[Positional(name="TARGET")],
            )
            for i in range(per_group)
        ]
        subcommands.append(
            Command(
                path=["big", f"g{g}"],
                runnable=False,
                subcommands=leaves,
                flags=[Flag(name="region", value_type=ValueType.CHOICE, choices=["a", "b"])],
            )
        )
    root = Command(
        path=["big"],
        runnable=False,
        subcommands=subcommands,
        flags=[Flag(name="verbose", short="v", kind=FlagKind.COUNT)],
    )
    return CommandTree(root=root)


def test_five_thousand_commands_rebuild_within_the_budget():
    tree = big_tree()
    config = Config(
        selectors=[
            Selector(commands=["big g1*", "big g2*"], exclude_flags=["opt1"]),
            Selector(commands=["big *"]),
        ],
        commands={
            f"big g3 c{i}": CommandConfig(
                read_only=True, flags={"opt2": FlagConfig(schema={"type": "integer"})}
            )
            for i in range(100)
        },
    )
    build_surface(tree, config)  # first build also warms the token cache
    started = time.perf_counter()
    surface = build_surface(tree, config)
    elapsed = time.perf_counter() - started
    assert len(surface.tools) == 5000
    assert "opt1" not in surface.tool("big_g12_c5").input_schema["properties"]
    assert "opt1" in surface.tool("big_g40_c5").input_schema["properties"]
    assert elapsed < 15.0, f"rebuilding 5,000 tools took {elapsed:.2f}s"


def test_the_surface_is_deterministic_and_leaves_its_inputs_alone(sample_tree):
    tree = sample_tree("deployctl")
    config = Config(commands={"deployctl status": CommandConfig(read_only=True)})
    before = (tree.model_dump_json(), config.model_dump_json())
    first = build_surface(tree, config)
    second = build_surface(tree, config)
    assert first == second
    assert (tree.model_dump_json(), config.model_dump_json()) == before
