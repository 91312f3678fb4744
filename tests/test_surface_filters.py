"""SPEC §5.1–5.2 on the sample CLIs: which commands become tools (safety filters, config
deprecation and exclusion, selectors) and which flags become properties."""

from __future__ import annotations

from workbench.model.config import CommandConfig, Config, FlagConfig, Selector, ServerConfig
from workbench.model.surface import build_surface
from workbench.model.tree import Command, CommandTree, Flag, FlagKind

DEPLOYCTL_TOOLS = {
    "deployctl_deploy",
    "deployctl_helpers_render-config",
    "deployctl_secrets_delete",
    "deployctl_secrets_get",
    "deployctl_secrets_list",
    "deployctl_secrets_set",
    "deployctl_status",
    "deployctl_undeploy",
}


def names(surface) -> set[str]:
    return {t.name for t in surface.tools}


def reasons(surface) -> dict[str, str]:
    return {e.path: e.reason for e in surface.exclusions}


def props(surface, tool: str) -> list[str]:
    return list(surface.tool(tool).input_schema["properties"])


def test_safety_filters_drop_hidden_deprecated_groups_and_reserved_segments(sample_tree):
    surface = build_surface(sample_tree("deployctl"), Config())

    assert names(surface) == DEPLOYCTL_TOOLS
    assert reasons(surface) == {
        "deployctl": "not-runnable",
        "deployctl secrets": "not-runnable",
        "deployctl helpers": "not-runnable",
        "deployctl completion": "safety-filter",
        "deployctl mcp": "safety-filter",
        "deployctl debug-dump": "hidden",
        "deployctl legacy-deploy": "deprecated",
    }


def test_segment_match_is_whole_segment_and_covers_configured_command_name(sample_tree):
    # `helpers` contains "help" but is not the segment `help`: it stays ...
    assert "deployctl_helpers_render-config" in names(
        build_surface(sample_tree("deployctl"), Config())
    )
    # ... until the configured command_name is `helpers`; then its whole subtree goes.
    surface = build_surface(
        sample_tree("deployctl"), Config(server=ServerConfig(command_name="helpers"))
    )
    assert "deployctl_helpers_render-config" not in names(surface)
    assert reasons(surface)["deployctl helpers render-config"] == "safety-filter"
    # `mcp` is always filtered, even when command_name is something else.
    assert "deployctl_mcp" not in names(surface)


def test_hidden_group_hides_its_subcommands():
    tree = CommandTree(
        root=Command(
            path=["t"],
            runnable=False,
            subcommands=[
                Command(
                    path=["t", "internal"],
                    hidden=True,
                    subcommands=[Command(path=["t", "internal", "x"])],
                ),
                Command(path=["t", "ok"]),
            ],
        )
    )
    surface = build_surface(tree, Config())
    assert names(surface) == {"t_ok"}
    assert reasons(surface)["t internal x"] == "hidden"


def test_config_deprecation_and_exclusion_remove_commands(sample_tree):
    config = Config(
        commands={
            "deployctl status": CommandConfig(deprecated=True),
            "deployctl undeploy": CommandConfig(exclude=True),
        }
    )
    surface = build_surface(sample_tree("deployctl"), config)
    assert names(surface) == DEPLOYCTL_TOOLS - {"deployctl_status", "deployctl_undeploy"}
    assert reasons(surface)["deployctl status"] == "deprecated"
    assert reasons(surface)["deployctl undeploy"] == "excluded"


def test_with_selectors_only_claimed_commands_become_tools(sample_tree):
    config = Config(selectors=[Selector(commands=["deployctl deploy*", "deployctl status"])])
    surface = build_surface(sample_tree("deployctl"), config)
    assert names(surface) == {"deployctl_deploy", "deployctl_status"}
    assert reasons(surface)["deployctl secrets get"] == "selector"
    # legacy-deploy matches the glob but the safety filter ran first
    assert reasons(surface)["deployctl legacy-deploy"] == "deprecated"


def test_first_matching_selector_decides_the_flags(sample_tree):
    config = Config(
        selectors=[
            Selector(commands=["deployctl deploy"], include_flags=["tag", "dry-run"]),
            Selector(commands=["deployctl *"], exclude_flags=["tag"]),
        ]
    )
    surface = build_surface(sample_tree("deployctl"), config)
    deploy = props(surface, "deployctl_deploy")
    assert "tag" in deploy and "dry-run" in deploy
    assert "replicas" not in deploy and "wait" not in deploy
    # inherited root flags are governed by the inherited patterns, untouched here
    assert {"env", "verbose", "config", "json"} <= set(deploy)
    assert "services" in deploy  # positionals are never filtered by flag patterns


def test_local_and_inherited_flag_patterns_are_separate(sample_tree):
    config = Config(
        selectors=[
            Selector(
                commands=["deployctl *"],
                exclude_flags=["token"],
                include_inherited_flags=["env"],
            )
        ]
    )
    surface = build_surface(sample_tree("deployctl"), config)
    deploy = props(surface, "deployctl_deploy")
    assert "token" not in deploy and "tag" in deploy
    assert "env" in deploy
    assert not {"verbose", "config", "json"} & set(deploy)
    # the secrets group's --vault is inherited by `secrets get`: include_inherited drops it
    assert "vault" not in props(surface, "deployctl_secrets_get")
    assert "reveal" in props(surface, "deployctl_secrets_get")


def test_argparse_parent_parser_options_count_as_inherited(sample_tree):
    config = Config(
        selectors=[Selector(commands=["pkgtool *"], exclude_inherited_flags=["root", "quiet"])]
    )
    surface = build_surface(sample_tree("pkgtool"), config)
    install = props(surface, "pkgtool_install")
    assert "root" not in install and "quiet" not in install
    assert "channel" in install


def test_hidden_deprecated_help_and_version_flags_never_become_properties(sample_tree):
    tree = CommandTree(
        root=Command(
            path=["t"],
            flags=[
                Flag(name="help", kind=FlagKind.BOOLEAN),
                Flag(name="version", kind=FlagKind.BOOLEAN),
                Flag(name="secret", hidden=True),
                Flag(name="old", deprecated=True),
                Flag(short="h", kind=FlagKind.BOOLEAN, help="Show this help and exit."),
                Flag(name="kept"),
            ],
        )
    )
    assert props(build_surface(tree, Config()), "t") == ["kept"]
    assert "version" not in props(build_surface(sample_tree("pkgtool"), Config()), "pkgtool_list")


def test_flag_exclude_in_config_drops_one_flag(sample_tree):
    config = Config(
        commands={"deployctl deploy": CommandConfig(flags={"token": FlagConfig(exclude=True)})}
    )
    deploy = props(build_surface(sample_tree("deployctl"), config), "deployctl_deploy")
    assert "token" not in deploy and "tag" in deploy


def test_a_local_flag_shadows_an_inherited_one_of_the_same_name():
    tree = CommandTree(
        root=Command(
            path=["t"],
            runnable=False,
            flags=[Flag(name="output", help="root")],
            subcommands=[Command(path=["t", "run"], flags=[Flag(name="output", help="leaf")])],
        )
    )
    tool = build_surface(tree, Config()).tool("t_run")
    assert tool.input_schema["properties"]["output"]["description"] == "leaf"
    [binding] = tool.binding.args
    assert binding.level == 2


def test_patterns_and_keys_that_match_nothing_are_warnings(sample_tree):
    config = Config(
        selectors=[
            Selector(
                commands=["deployctl deploy", "deployctl nothing-here"], include_flags=["tga"]
            ),
            Selector(commands=["deployctl legacy-*", "deployctl secrets"]),
        ],
        commands={
            "deployctl stauts": CommandConfig(read_only=True),
            "deployctl deploy": CommandConfig(flags={"labels": FlagConfig(type="array")}),
        },
    )
    surface = build_surface(sample_tree("deployctl"), config)
    warnings = "\n".join(surface.warnings)
    assert 'selector 1: command pattern "deployctl nothing-here" matches no command' in warnings
    assert 'selector 1: include_flags pattern "tga" matches no flag' in warnings
    assert (
        'selector 2: command pattern "deployctl legacy-*" matches only commands that cannot become tools (deprecated)'
        in warnings
    )
    assert (
        'selector 2: command pattern "deployctl secrets" matches only commands that cannot become tools (not-runnable)'
        in warnings
    )
    assert (
        '[commands."deployctl stauts"] names no command of `deployctl` (did you mean `deployctl status`?)'
        in warnings
    )
    assert '[commands."deployctl deploy".flags.labels] names no flag or positional' in warnings
    assert "did you mean `label`?" in warnings
    assert len(surface.warnings) == 6


def test_a_selector_without_command_patterns_is_a_warning(sample_tree):
    surface = build_surface(
        sample_tree("deployctl"), Config(selectors=[Selector(exclude_flags=["token"])])
    )
    assert surface.tools == ()
    assert surface.warnings == (
        "selector 1 has no command patterns, so it claims nothing; add commands = [...] or remove it",
    )


def test_a_pattern_claimed_by_an_earlier_selector_is_not_reported(sample_tree):
    config = Config(
        selectors=[Selector(commands=["deployctl status"]), Selector(commands=["deployctl st*"])]
    )
    assert build_surface(sample_tree("deployctl"), config).warnings == ()


def test_a_help_crawled_command_listing_global_flags_takes_only_those():
    from workbench.model.config import Loader, SourceConfig

    tree = CommandTree(
        root=Command(
            path=["k"],
            runnable=False,
            flags=[
                Flag(name="kubeconfig", help="persistent"),
                Flag(name="root-only", help="local to the root"),
            ],
            subcommands=[
                Command(
                    path=["k", "get"],
                    flags=[Flag(name="output"), Flag(name="kubeconfig", inherited_from="k")],
                ),
                Command(path=["k", "plain"], flags=[Flag(name="fast")]),
            ],
        )
    )
    crawled = build_surface(tree, Config(source=SourceConfig(loader=Loader.HELP)))
    get = crawled.tool("k_get")
    assert [(a.property, a.level) for a in get.binding.args] == [("output", 2), ("kubeconfig", 2)]
    # a crawled command without "Global Flags" copies inherits its ancestors' flags (git/docker style)
    assert [(a.property, a.level) for a in crawled.tool("k_plain").binding.args] == [
        ("kubeconfig", 1),
        ("root-only", 1),
        ("fast", 2),
    ]
    # in-process loaders know the parsers: group options always apply
    exact = build_surface(tree, Config(source=SourceConfig(loader=Loader.CLICK)))
    assert [a.property for a in exact.tool("k_get").binding.args] == [
        "root-only",
        "output",
        "kubeconfig",
    ]
