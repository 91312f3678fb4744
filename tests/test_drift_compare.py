"""Drift as a pure comparison: each kind of change between snapshot and live tree is reported.

The end-to-end version (a real sample CLI copied and edited, then `check`) is in
test_drift_check.py; here each case changes exactly one thing in a hand-built tree.
"""

from __future__ import annotations

from workbench.model.config import CommandConfig, Config, FlagConfig, PromptConfig, Selector
from workbench.model.drift import DRIFT_RULES, drift
from workbench.model.lint import Severity
from workbench.model.surface_types import Surface, Tool, ToolBinding
from workbench.model.tree import Command, CommandTree, Flag, FlagKind, Positional, ValueType


def snapshot() -> CommandTree:
    return CommandTree(
        root=Command(
            path=["shop"],
            runnable=False,
            subcommands=[
                Command(
                    path=["shop", "deploy"],
                    flags=[
                        Flag(
                            name="env",
                            value_type=ValueType.CHOICE,
                            choices=["dev", "prod"],
                            default="dev",
                        ),
                        Flag(name="replicas", value_type=ValueType.INTEGER, default=1),
                        Flag(name="force", kind=FlagKind.BOOLEAN),
                    ],
                    positionals=[Positional(name="SERVICE")],
                ),
                Command(path=["shop", "status"]),
            ],
        ),
        cli_version="1.0",
    )


def edited(change) -> CommandTree:
    tree = snapshot()
    change(tree)
    return CommandTree.model_validate(tree.model_dump())


def deploy(tree: CommandTree) -> Command:
    return tree.find("shop deploy")


def flag(tree: CommandTree, key: str) -> Flag:
    return next(f for f in deploy(tree).flags if f.key == key)


def found(live: CommandTree, config: Config | None = None, surface: Surface | None = None):
    return [(f.code, f.subject) for f in drift(snapshot(), live, config or Config(), surface)]


def test_identical_trees_have_no_drift():
    assert found(snapshot()) == []


def test_command_added_and_removed():
    def change(tree):
        tree.root.subcommands[1] = Command(path=["shop", "health"])

    assert found(edited(change)) == [("WB901", "shop health"), ("WB902", "shop status")]


def test_command_becoming_hidden_is_a_change():
    def change(tree):
        tree.find("shop status").hidden = True

    result = drift(snapshot(), edited(change), Config())
    assert [(f.code, f.message) for f in result] == [
        ("WB903", "`shop status` changed: hidden false → true.")
    ]


def test_flag_added_and_removed():
    def change(tree):
        deploy(tree).flags[2] = Flag(name="wait", kind=FlagKind.BOOLEAN)

    assert found(edited(change)) == [
        ("WB911", "shop deploy --wait"),
        ("WB912", "shop deploy --force"),
    ]


def test_flag_type_default_choices_and_required_changes():
    def change(tree):
        flag(tree, "replicas").value_type = ValueType.STRING
        flag(tree, "replicas").default = "2"
        flag(tree, "env").choices = ["dev", "staging", "prod"]
        flag(tree, "env").required = True

    messages = {f.subject: f.message for f in drift(snapshot(), edited(change), Config())}
    assert messages == {
        "shop deploy --replicas": "The flag `--replicas` of `shop deploy` changed: "
        "value type integer → string; default 1 → 2.",
        "shop deploy --env": "The flag `--env` of `shop deploy` changed: "
        "choices [dev, prod] → [dev, staging, prod]; required false → true.",
    }


def test_positional_added_removed_and_changed():
    def change(tree):
        deploy(tree).positionals = [
            Positional(name="SERVICE", variadic=True),
            Positional(name="TAG"),
        ]

    assert found(edited(change)) == [("WB921", "shop deploy TAG"), ("WB923", "shop deploy SERVICE")]

    def remove(tree):
        deploy(tree).positionals = []

    assert found(edited(remove)) == [("WB922", "shop deploy SERVICE")]


def test_cli_version_change_uses_the_recorded_version():
    def change(tree):
        tree.cli_version = "1.1"

    assert found(edited(change)) == [("WB931", "cli_version")]
    recorded = Config.model_validate({"source": {"cli_version": "1.1"}})
    assert found(edited(change), recorded) == []


def test_unknown_live_version_is_not_drift():
    def change(tree):
        tree.cli_version = None

    assert found(edited(change)) == []


def test_config_keys_that_now_point_at_nothing():
    config = Config(
        commands={
            "shop status": CommandConfig(read_only=True),
            "shop deploy": CommandConfig(flags={"force": FlagConfig(description="Skip checks.")}),
        },
        selectors=[Selector(commands=["shop status"]), Selector(commands=["shop deploy"])],
    )

    def change(tree):
        tree.root.subcommands.pop(1)
        deploy(tree).flags.pop(2)

    assert found(edited(change), config) == [
        ("WB902", "shop status"),
        ("WB912", "shop deploy --force"),
        ("WB941", 'commands."shop status"'),
        ("WB942", 'commands."shop deploy".flags.force'),
        ("WB944", "selectors[0] shop status"),
    ]


def test_keys_already_dangling_in_the_snapshot_are_lint_not_drift():
    config = Config(commands={"shop statuss": CommandConfig(read_only=True)})
    assert found(snapshot(), config) == []


def test_tool_order_entry_whose_command_is_gone():
    surface = Surface(
        tools=(
            Tool(
                name="shop_status",
                description="Status.",
                input_schema={"type": "object"},
                binding=ToolBinding(command_path=("shop", "status"), args=()),
            ),
        ),
        prompt="",
        server_name="shop",
        server_version="1.0",
    )
    config = Config(prompt=PromptConfig(tool_order=["shop_status", "<unlisted-tools>"]))

    def change(tree):
        tree.root.subcommands.pop(1)

    assert found(edited(change), config, surface) == [
        ("WB902", "shop status"),
        ("WB943", "prompt.tool_order.shop_status"),
    ]


def test_every_drift_finding_is_an_error_with_a_fix():
    def change(tree):
        tree.root.subcommands[1] = Command(path=["shop", "health"])
        tree.cli_version = "9"

    results = drift(snapshot(), edited(change), Config())
    assert {f.code for f in results} <= DRIFT_RULES.keys()
    assert all(f.severity is Severity.ERROR and "--refresh" in f.fix for f in results)


def test_each_finding_names_the_command_it_is_about():
    config = Config(
        commands={"shop deploy": CommandConfig(flags={"force": FlagConfig(description="x")})}
    )

    def change(tree):
        deploy(tree).flags.pop(2)
        tree.cli_version = "2.0"

    about = {(f.code, f.command) for f in drift(snapshot(), edited(change), config)}
    assert about == {("WB912", "shop deploy"), ("WB942", "shop deploy"), ("WB931", "")}


def test_bounds_and_words_per_flag_are_compared():
    def change(tree):
        flag(tree, "replicas").minimum = 1
        flag(tree, "replicas").maximum = 9
        flag(tree, "env").nargs = 2
        deploy(tree).positionals[0].exclusive_maximum = True

    messages = {f.subject: f.message for f in drift(snapshot(), edited(change), Config())}
    assert messages["shop deploy --replicas"].endswith(
        "changed: minimum none → 1; maximum none → 9."
    )
    assert messages["shop deploy --env"].endswith("changed: nargs none → 2.")
    assert messages["shop deploy SERVICE"].endswith("changed: exclusive maximum false → true.")
