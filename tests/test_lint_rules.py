"""Each lint rule (SPEC §9) fires on a case built for it and stays silent on a clean surface.

Surfaces here are built by hand from the surface types, so each case isolates one defect; the
real-sample checks (build_surface on the bundled CLIs) are in test_lint_samples.py.
"""

from __future__ import annotations

import pytest

from workbench.model.config import (
    CommandConfig,
    Config,
    FlagConfig,
    LintConfig,
    PromptConfig,
    RuntimeConfig,
    Selector,
    SourceConfig,
)
from workbench.model.lint import RULES, Severity, lint
from workbench.model.surface_types import ArgBinding, Surface, Tool, ToolBinding
from workbench.model.tree import Command, CommandTree, Flag, Positional, ValueType

TREE = CommandTree(
    root=Command(
        path=["shop"],
        runnable=False,
        flags=[Flag(name="region", help="Region.")],
        subcommands=[
            Command(
                path=["shop", "deploy"],
                help="Deploy the shop.",
                flags=[
                    Flag(
                        name="timeout",
                        value_type=ValueType.UNKNOWN,
                        type_name="duration",
                        help="How long to wait.",
                    )
                ],
            ),
            Command(
                path=["shop", "items"],
                runnable=False,
                subcommands=[
                    Command(path=["shop", "items", "list"], help="List items."),
                    Command(
                        path=["shop", "items", "delete"],
                        help="Delete items.",
                        positionals=[Positional(name="ITEM", help="Item id.")],
                    ),
                ],
            ),
        ],
    ),
    cli_version="2.0",
)

CLEAN_COMMANDS = {
    "shop items list": CommandConfig(read_only=True),
    "shop items delete": CommandConfig(destructive=True),
    "shop deploy": CommandConfig(flags={"timeout": FlagConfig(type="string")}),
}


def tool(name: str, path: str, description: str = "Does one thing well.", **props: dict) -> Tool:
    args = []
    for key, spec in props.items():
        positional = spec.pop("_positional", None)  # the positional's name as the CLI shows it
        args.append(
            ArgBinding(
                property=key,
                source="positional" if positional else "flag",
                level=len(path.split()),
                spelling=positional or f"--{key}",
                value_type=ValueType(spec.pop("_value_type", "string")),
            )
        )
    args = tuple(args)
    schema = {"type": "object", "properties": props, "additionalProperties": False}
    return Tool(
        name=name,
        description=description,
        input_schema=schema,
        binding=ToolBinding(command_path=tuple(path.split()), args=args),
    )


def clean_tools() -> list[Tool]:
    return [
        tool(
            "shop_deploy",
            "shop deploy",
            "Deploy the shop.",
            timeout={
                "type": "string",
                "description": "How long to wait.",
                "_value_type": "unknown",
            },
        ),
        tool(
            "shop_items_delete",
            "shop items delete",
            "Delete items.",
            item={"type": "string", "description": "Item id.", "_positional": "ITEM"},
        ),
        tool("shop_items_list", "shop items list", "List items."),
    ]


def config(**changes) -> Config:
    data = {"server": {"name": "shop"}, "source": {"command": ["shop"]}, "commands": CLEAN_COMMANDS}
    base = Config.model_validate(data)
    return base.model_copy(update=changes)


def run(
    tools: list[Tool], cfg: Config | None = None, tree: CommandTree = TREE, **surface_fields
) -> list:
    surface = Surface(
        tools=tuple(tools),
        prompt="You operate shop.",
        server_name="shop",
        server_version="2.0",
        **surface_fields,
    )
    return lint(surface, tree, cfg or config())


def codes(findings) -> list[str]:
    return [f.code for f in findings]


def test_clean_surface_has_no_findings():
    assert run(clean_tools()) == []


def test_every_rule_has_a_severity_and_a_meaning():
    assert all(code.startswith("WB") and len(code) == 5 for code in RULES)
    assert all(isinstance(sev, Severity) and meaning for sev, meaning in RULES.values())


@pytest.mark.parametrize("bad", ["shop.items", "shop items", "", "x" * 65])
def test_invalid_tool_name_is_an_error(bad):
    findings = run([*clean_tools(), tool(bad, "shop items list", "List items.")])
    assert codes(findings) == ["WB101"]
    assert findings[0].severity is Severity.ERROR


def test_collision_names_both_commands():
    findings = run([*clean_tools(), tool("shop_deploy", "shop items list", "List items.")])
    assert codes(findings) == ["WB102"]
    assert "`shop deploy`" in findings[0].message and "`shop items list`" in findings[0].message


def test_names_differing_only_by_case_or_dash_are_flagged():
    tools = clean_tools()
    tools[1] = tool(
        "shop_items-list",
        "shop items delete",
        "Delete items.",
        item={"type": "string", "description": "Item id.", "_positional": "ITEM"},
    )
    assert codes(run(tools)) == ["WB103"]


def test_name_limit_from_lint_config():
    cfg = config(lint=LintConfig(name_limit=12))
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB104", "WB104"]
    assert {f.subject for f in findings} == {"shop_items_delete", "shop_items_list"}


def test_name_leaving_less_than_20_characters_for_client_prefix():
    ok = tool("s" * 44, "shop items list", "List items.")
    assert run([*clean_tools()[:2], ok]) == []
    long = tool("s" * 45, "shop items list", "List items.")
    findings = run([*clean_tools()[:2], long])
    assert codes(findings) == ["WB105"]
    assert "mcp__shop__" in findings[0].message and "19" in findings[0].message


def test_claude_code_full_name_over_64_characters_is_an_error():
    ok = tool("s" * 53, "shop items list", "List items.")  # mcp__shop__ + 53 = 64
    assert codes(run([*clean_tools()[:2], ok])) == ["WB105"]
    findings = run([*clean_tools()[:2], tool("s" * 54, "shop items list", "List items.")])
    assert codes(findings) == ["WB106"]
    assert findings[0].severity is Severity.ERROR
    assert f"`mcp__shop__{'s' * 54}`, 65 characters" in findings[0].message


@pytest.mark.parametrize("text", ["", "   ", "Execute the shop deploy command"])
def test_missing_description(text):
    tools = clean_tools()
    tools[0] = tool(
        "shop_deploy", "shop deploy", text, timeout={"type": "string", "description": "How long."}
    )
    findings = run(tools)
    assert codes(findings) == ["WB201"]
    assert findings[0].severity is Severity.ERROR
    assert 'description` under [commands."shop deploy"]' in findings[0].fix


def test_very_long_description():
    tools = clean_tools()
    tools[2] = tool("shop_items_list", "shop items list", "List items. " * 200)
    findings = run(tools)
    assert codes(findings) == ["WB202"]
    assert "description_mode" in findings[0].fix


def test_property_without_description_is_info():
    tools = clean_tools()
    tools[2] = tool("shop_items_list", "shop items list", "List items.", limit={"type": "integer"})
    findings = run(tools)
    assert codes(findings) == ["WB203"]
    assert findings[0].severity is Severity.INFO and findings[0].subject == "shop_items_list.limit"


def test_destructive_command_without_annotation_is_an_error():
    cfg = config(commands={**CLEAN_COMMANDS, "shop items delete": CommandConfig()})
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB301"]
    assert findings[0].subject == "shop items delete" and "destructive = true" in findings[0].fix


def test_explicitly_safe_destructive_word_is_silent():
    cfg = config(commands={**CLEAN_COMMANDS, "shop items delete": CommandConfig(destructive=False)})
    assert run(clean_tools(), cfg) == []


def test_read_style_command_without_read_only():
    cfg = config(commands={**CLEAN_COMMANDS, "shop items list": CommandConfig()})
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB302"]
    assert findings[0].severity is Severity.WARNING


def test_read_style_command_marked_destructive_is_a_decision():
    cfg = config(commands={**CLEAN_COMMANDS, "shop items list": CommandConfig(destructive=True)})
    assert run(clean_tools(), cfg) == []


def test_read_only_and_destructive_together():
    cfg = config(
        commands={
            **CLEAN_COMMANDS,
            "shop items list": CommandConfig(read_only=True, destructive=True),
        }
    )
    assert codes(run(clean_tools(), cfg)) == ["WB303"]


def test_unknown_flag_type_without_override():
    cfg = config(commands={**CLEAN_COMMANDS, "shop deploy": CommandConfig()})
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB401"]
    assert "`duration`" in findings[0].message
    assert '[commands."shop deploy".flags.timeout]' in findings[0].fix


def test_more_than_128_tools():
    many = [tool(f"shop_items_list{i}", "shop items list", "List items.") for i in range(127)]
    assert "WB501" not in codes(run([*clean_tools()[:1], *many]))
    findings = run([*clean_tools()[:2], *many])
    assert codes(findings) == ["WB501"]
    assert "129 tools" in findings[0].message


def test_token_budget():
    cfg = config(lint=LintConfig(token_budget=10))
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB601"]
    assert "budget of 10" in findings[0].message


def test_command_key_naming_no_command_suggests_the_closest():
    cfg = config(commands={**CLEAN_COMMANDS, "shop item list": CommandConfig(read_only=True)})
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB801"]
    assert "did you mean `shop items list`?" in findings[0].message


def test_flag_key_naming_nothing():
    cfg = config(
        commands={
            **CLEAN_COMMANDS,
            "shop items delete": CommandConfig(
                destructive=True,
                flags={"item": FlagConfig(description="x"), "regoin": FlagConfig()},
            ),
        }
    )
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB802"]  # `item` is the positional's property name; fine
    assert "did you mean `region`?" in findings[0].message


def test_tool_order_naming_no_tool():
    cfg = config(prompt=PromptConfig(tool_order=["shop_items_lst", "<unlisted-tools>"]))
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB803"]
    assert "did you mean `shop_items_list`?" in findings[0].message


def test_selector_pattern_matching_nothing():
    cfg = config(selectors=[Selector(commands=["shop items *", "shop deplyo"])])
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB804"]
    assert "`shop deplyo`" in findings[0].message


def test_selector_shadowed_by_an_earlier_one():
    cfg = config(selectors=[Selector(commands=["shop *"]), Selector(commands=["shop items list"])])
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB805"]
    assert findings[0].subject == "selectors[1]"


def test_disabled_codes_are_silenced_and_unknown_ones_reported():
    cfg = config(
        commands={**CLEAN_COMMANDS, "shop items list": CommandConfig()},
        lint=LintConfig(disable=["wb302", "WB999"]),
    )
    findings = run(clean_tools(), cfg)
    assert codes(findings) == ["WB002"]
    assert "`WB999`" in findings[0].message


def test_surface_warnings_are_passed_on():
    findings = run(clean_tools(), warnings=("selector 2 matches nothing",))
    assert codes(findings) == ["WB003"]


def test_findings_come_sorted_by_code_then_subject():
    cfg = config(
        commands={"shop items list": CommandConfig(), "shop items delete": CommandConfig()},
        lint=LintConfig(token_budget=10),
    )
    found = run(clean_tools(), cfg)
    assert codes(found) == ["WB301", "WB302", "WB401", "WB601"]
    assert found == sorted(found, key=lambda f: (f.code, f.subject))


def tree_with_required_flags() -> CommandTree:
    tree = TREE.model_copy(deep=True)
    deploy = tree.find("shop deploy")
    deploy.flags.append(Flag(name="tag", required=True, help="Image tag."))
    deploy.flags.append(Flag(name="token", required=True, env_var="SHOP_TOKEN", help="API token."))
    tree.find("shop items").flags.append(Flag(name="store", required=True, help="Store id."))
    return tree


def test_required_flags_left_out_of_the_schema():
    findings = run(clean_tools(), tree=tree_with_required_flags())
    assert [(f.code, f.subject) for f in findings] == [
        ("WB402", "shop_deploy.tag"),
        ("WB402", "shop_items_delete.store"),  # inherited from the `shop items` group
        ("WB402", "shop_items_list.store"),
        ("WB403", "shop_deploy.token"),
    ]
    assert "`--tag` is required by `shop deploy`" in findings[0].message
    assert "SHOP_TOKEN" in findings[3].fix


def test_required_flags_in_the_schema_or_set_through_env_are_fine():
    tools = clean_tools()
    tools[0] = tool(
        "shop_deploy",
        "shop deploy",
        "Deploy the shop.",
        timeout={"type": "string", "description": "How long.", "_value_type": "unknown"},
        tag={"type": "string", "description": "Image tag."},
    )
    for index, name, path in (
        (1, "shop_items_delete", "shop items delete"),
        (2, "shop_items_list", "shop items list"),
    ):
        props = dict(
            tools[index].input_schema["properties"],
            store={"type": "string", "description": "Store."},
        )
        tools[index] = tool(
            name,
            path,
            tools[index].description,
            **{
                key: dict(value, _positional="ITEM") if key == "item" else value
                for key, value in props.items()
            },
        )
    cfg = config(env={"SHOP_TOKEN_FILE": "/run/token"})
    assert codes(run(tools, cfg, tree=tree_with_required_flags())) == ["WB403", "WB704"]
    cfg = config(env={"SHOP_TOKEN": ""})
    assert run(tools, cfg, tree=tree_with_required_flags()) == []


def test_required_positional_left_out_of_the_schema():
    tools = clean_tools()
    tools[1] = tool("shop_items_delete", "shop items delete", "Delete items.")
    findings = run(tools)
    assert [(f.code, f.subject) for f in findings] == [("WB402", "shop_items_delete.ITEM")]


def test_runtime_limits_that_stop_every_call():
    # refused by the model when read (tests/test_config_limits.py), so lint never sees one
    import pydantic

    with pytest.raises(pydantic.ValidationError):
        RuntimeConfig(timeout_s=0, max_output_bytes=1, max_concurrency=-1)
    cfg = config(runtime=RuntimeConfig(timeout_s=0.1, max_output_bytes=1, max_concurrency=1))
    assert [f.code for f in run(clean_tools(), cfg) if f.code == "WB701"] == []


def test_empty_source_command():
    cfg = config(source=SourceConfig(command=[]))
    assert [(f.code, f.subject) for f in run(clean_tools(), cfg)] == [("WB702", "source.command")]


def test_env_names_and_secrets():
    cfg = config(env={"LOG FORMAT": "json", "DEPLOY_API_KEY": "abc123", "LOG_LEVEL": "debug"})
    assert [(f.code, f.subject) for f in run(clean_tools(), cfg)] == [
        ("WB703", 'env."LOG FORMAT"'),
        ("WB704", "env.DEPLOY_API_KEY"),
    ]


def test_lint_settings_out_of_range():
    cfg = config(lint=LintConfig(token_budget=0, name_limit=80))
    found = [(f.code, f.subject) for f in run(clean_tools(), cfg)]
    assert ("WB004", "lint.token_budget") in found and ("WB004", "lint.name_limit") in found


def test_loader_notes_are_shown_for_review():
    tree = TREE.model_copy(deep=True)
    tree.notes = [
        "shop deploy: --level adds a constant each time it is given; it is offered as a switch",
        "2 help sections were kept as text",
    ]
    findings = run(clean_tools(), tree=tree)
    assert [(f.code, f.severity, f.subject, f.command) for f in findings] == [
        ("WB404", Severity.INFO, "shop deploy", "shop deploy"),
        ("WB404", Severity.INFO, "tree", ""),
    ]
    assert findings[0].message == "The loader noted: " + tree.notes[0]


def test_server_name_unusable_in_tool_prefixes():
    surface = Surface(
        tools=tuple(clean_tools()), prompt="p", server_name="my shop", server_version="1"
    )
    findings = lint(surface, TREE, config())
    assert [(f.code, f.subject) for f in findings] == [("WB107", "server.name")]
