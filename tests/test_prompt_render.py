"""SPEC §6: the rendered prompt of the sample CLIs: built-in and user sections, order, variables,
guidance from annotations, and strict `{{variable}}` rendering (errors by content)."""

from __future__ import annotations

import pytest

from workbench.model.config import CommandConfig, Config, PromptConfig, PromptSection, RuntimeConfig
from workbench.model.surface import build_surface
from workbench.model.surface_types import SurfaceError


def prompt(sample_tree, name="deployctl", **prompt_options) -> str:
    config = Config(prompt=PromptConfig(**prompt_options))
    return build_surface(sample_tree(name), config).prompt


def test_default_prompt_is_the_identity_naming_the_cli(sample_tree):
    text = prompt(sample_tree, "notes")
    assert text.startswith("The tools below operate `notes`, a command-line tool.")
    assert "\n\n" not in text  # persona and guidance are empty: dropped


def test_sections_are_ordered_joined_by_blank_lines_and_empty_ones_dropped(sample_tree):
    text = prompt(
        sample_tree,
        persona="You are the release assistant.",
        identity="Operate {{cli}}.",
        sections=[
            PromptSection(name="late", order=500, text="Last."),
            PromptSection(name="early", order=-200, text="First."),
            PromptSection(name="blank", order=50, text="   \n"),
            PromptSection(name="same-as-persona", order=0, text="After the persona."),
        ],
    )
    assert (
        text
        == "First.\n\nOperate deployctl.\n\nYou are the release assistant.\n\nAfter the persona.\n\nLast."
    )


def test_guidance_names_destructive_and_read_only_tools(sample_tree):
    config = Config(
        commands={
            "deployctl secrets delete": CommandConfig(destructive=True),
            "deployctl undeploy": CommandConfig(destructive=True),
            "deployctl status": CommandConfig(read_only=True),
        },
        prompt=PromptConfig(
            sections=[PromptSection(name="house-rules", order=150, text="No Friday deploys.")]
        ),
    )
    text = build_surface(sample_tree("deployctl"), config).prompt
    guidance, rules = text.split("\n\n")[1:]
    assert "`deployctl_secrets_delete`, `deployctl_undeploy`" in guidance
    assert "Ask the user to confirm before calling them." in guidance
    assert "only read and are safe to call at any time: `deployctl_status`." in guidance
    assert rules == "No Friday deploys."


def test_variables_built_in_and_from_config_are_substituted_once(sample_tree):
    config = Config(
        runtime=RuntimeConfig(cwd="work"),
        prompt=PromptConfig(
            persona="You help {{team}} with {{tool_count}} tools of {{cli}} in {{cwd}}.",
            variables={"team": "infra {{cli}}"},
        ),
    )
    text = build_surface(sample_tree("deployctl"), config).prompt
    # the value's own {{cli}} is not re-scanned
    assert "You help infra {{cli}} with 8 tools of deployctl in work." in text


def test_a_lone_opening_brace_pair_is_prose(sample_tree):
    text = prompt(sample_tree, persona="Run {{cli}} then echo {{ and nothing closes")
    assert "Run deployctl then echo {{ and nothing closes" in text


@pytest.mark.parametrize(
    ("persona", "message"),
    [
        ("Hello {{team}}.", "prompt section `deployment:persona` uses unknown variable `{{team}}`"),
        ("Hello {{clii}}.", "(did you mean `cli`?)"),
        (
            "Hello {{ cli }}.",
            "prompt section `deployment:persona` has a malformed variable reference `{{ cli }}`",
        ),
        ("Hello {{Team}}.", "malformed variable reference `{{Team}}`"),
        ("Hello {{}}.", "malformed variable reference `{{}}`"),
        (
            "Hello {{{cli}}}.",
            "prompt section `deployment:persona` has a malformed variable reference at `{{{cli}}}.`",
        ),
        ("Hello {{a{b}} x", "malformed variable reference at `{{a{b}} x`"),
    ],
)
def test_strict_rendering_errors_name_the_section(sample_tree, persona, message):
    with pytest.raises(SurfaceError) as caught:
        prompt(sample_tree, persona=persona)
    assert message in str(caught.value)


def test_errors_in_user_sections_name_that_section(sample_tree):
    with pytest.raises(
        SurfaceError, match="prompt section `house-rules` uses unknown variable `{{day}}`"
    ):
        prompt(sample_tree, sections=[PromptSection(name="house-rules", text="Not on {{day}}.")])


def test_section_names_are_unique_and_built_ins_reserved(sample_tree):
    with pytest.raises(SurfaceError, match="prompt section `tools:guidance` is a built-in section"):
        prompt(sample_tree, sections=[PromptSection(name="tools:guidance", text="x")])
    with pytest.raises(SurfaceError, match="prompt section `rules` is defined twice"):
        prompt(
            sample_tree,
            sections=[PromptSection(name="rules", text="a"), PromptSection(name="rules", text="b")],
        )


def test_bad_variable_names_and_shadowed_built_ins_are_errors(sample_tree):
    with pytest.raises(
        SurfaceError, match="prompt variable name `Team` in \\[prompt.variables\\] is not allowed"
    ):
        prompt(sample_tree, variables={"Team": "x"})
    with pytest.raises(
        SurfaceError, match="prompt variable `cli` in \\[prompt.variables\\] is built in"
    ):
        prompt(sample_tree, variables={"cli": "x"})


def test_errors_from_a_file_carry_the_line_of_the_key(sample_tree, tmp_path):
    from workbench.model.config_file import save_config
    from workbench.model.surface import surface_from_file

    path = tmp_path / "mcp.toml"
    config = Config(
        prompt=PromptConfig(persona="Hello {{team}}.", tool_order=["x", "<unlisted-tools>"]),
        snapshot=sample_tree("notes"),
    )
    save_config(config, path)
    persona_line = path.read_text().splitlines().index('persona = "Hello {{team}}."') + 1
    with pytest.raises(SurfaceError) as caught:
        surface_from_file(path)
    # tool order is checked before the prompt renders
    order_line = path.read_text().splitlines().index("tool_order = [") + 1
    assert str(caught.value).startswith(f"{path} line {order_line}: prompt.tool_order names `x`")
    config.prompt.tool_order = None
    save_config(config, path)
    with pytest.raises(SurfaceError) as caught:
        surface_from_file(path)
    assert str(caught.value).startswith(
        f"{path} line {persona_line}: prompt section `deployment:persona` uses unknown variable `{{{{team}}}}`"
    )
