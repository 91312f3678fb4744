"""The system prompt (SPEC §6) and the model-facing tool order (§5.7).

The prompt is a set of named sections, each with an order and a text, concatenated by ascending
order (ties: built-ins first, then user sections as listed), empty ones dropped, joined by blank
lines. Built-ins: `harness:identity` (-100), `deployment:persona` (0), `tools:guidance` (100,
generated from annotations). Section text may reference `{{name}}` variables; rendering is
strict (see `interpolate`). The rendered text is served as the MCP `instructions`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from workbench.model.config import REST_ENTRY, Config
from workbench.model.exposure import find_tool_name, run_tool_name
from workbench.model.findings import did_you_mean
from workbench.model.surface_types import SurfaceError, Tool
from workbench.model.tree import CommandTree

DEFAULT_IDENTITY = (
    "The tools below operate `{{cli}}`, a command-line tool. Each tool runs one `{{cli}}` "
    "command with the arguments you pass and returns its exit code, standard output and "
    "standard error."
)
IDENTITY, PERSONA, GUIDANCE = "harness:identity", "deployment:persona", "tools:guidance"
BUILT_IN_VARIABLES = ("cli", "cwd", "tool_count")
VARIABLE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_GROUP_AT = re.compile(r"\{\{([^{}]*)\}\}")


def render_prompt(config: Config, tree: CommandTree, tools: Sequence[Tool]) -> str:
    """The rendered prompt for `tools` (already in model-facing order)."""
    variables = prompt_variables(config, tree, tools)
    sections: list[tuple[int, int, str, str, tuple[str | int, ...] | None]] = [
        (
            -100,
            0,
            IDENTITY,
            config.prompt.identity if config.prompt.identity is not None else DEFAULT_IDENTITY,
            ("prompt", "identity") if config.prompt.identity is not None else (),
        ),
        (0, 1, PERSONA, config.prompt.persona, ("prompt", "persona")),
        (100, 2, GUIDANCE, tools_guidance(tools, search_prefix=_search_prefix(config, tree)), None),
    ]
    names = {IDENTITY, PERSONA, GUIDANCE}
    for index, section in enumerate(config.prompt.sections):
        if section.name in names:
            what = (
                "a built-in section"
                if section.name in (IDENTITY, PERSONA, GUIDANCE)
                else "defined twice"
            )
            raise SurfaceError(
                f"prompt section `{section.name}` is {what}; give the [[prompt.sections]] "
                "entry another name"
                + (
                    " (prompt.identity / prompt.persona set the built-ins)"
                    if what.startswith("a built")
                    else ""
                ),
                key_path=("prompt", "sections", index, "name"),
            )
        names.add(section.name)
        sections.append(
            (
                section.order,
                3 + index,
                section.name,
                section.text,
                ("prompt", "sections", index, "text"),
            )
        )
    rendered = []
    for _order, _index, name, text, key_path in sorted(sections, key=lambda s: (s[0], s[1])):
        # the generated guidance (key_path None) is not a template
        text = (
            interpolate(text, variables, section=name, key_path=key_path)
            if key_path is not None
            else text
        )
        text = text.strip("\n").rstrip()
        if text.strip():
            rendered.append(text)
    return "\n\n".join(rendered)


def prompt_variables(config: Config, tree: CommandTree, tools: Sequence[Tool]) -> dict[str, str]:
    """The built-in variables (`cli`, `cwd`, `tool_count`) plus `[prompt.variables]`."""
    variables = {"cli": tree.root.name, "cwd": config.runtime.cwd, "tool_count": str(len(tools))}
    for name, value in config.prompt.variables.items():
        if not VARIABLE_NAME.match(name):
            raise SurfaceError(
                f"prompt variable name `{name}` in [prompt.variables] is not allowed; use "
                "lowercase letters, digits and `_`, starting with a letter",
                key_path=("prompt", "variables", name),
            )
        if name in BUILT_IN_VARIABLES:
            raise SurfaceError(
                f"prompt variable `{name}` in [prompt.variables] is built in; rename yours",
                key_path=("prompt", "variables", name),
            )
        variables[name] = value
    return variables


def interpolate(
    text: str, variables: dict[str, str], *, section: str, key_path: tuple[str | int, ...] = ()
) -> str:
    """`text` with every `{{name}}` replaced by its value.

    Strict: an unknown variable, a malformed group (`{{ cli }}`, `{{}}`), or a `{{` that does
    not open a complete group while a `}}` still follows (`{{{cli}}}`) is an error naming the
    section. A `{{` with no `}}` anywhere after it is prose and stays. Substituted values are
    never scanned again.
    """
    out: list[str] = []
    last = 0
    start = text.find("{{")
    while start >= 0:
        group = _GROUP_AT.match(text, start)
        if group is None:
            if text.find("}}", start + 2) >= 0:
                raise SurfaceError(
                    f"prompt section `{section}` has a malformed variable reference at "
                    f"`{_excerpt(text, start)}`; write a reference as {{{{name}}}} with nothing "
                    "else between the braces",
                    key_path=key_path,
                )
            out.append(text[last : start + 2])
            last = start + 2
        else:
            name = group.group(1)
            if not VARIABLE_NAME.match(name):
                raise SurfaceError(
                    f"prompt section `{section}` has a malformed variable reference "
                    f"`{group.group(0)}`; names are lowercase letters, digits and `_` with no "
                    "spaces, e.g. {{cli}}",
                    key_path=key_path,
                )
            if name not in variables:
                raise SurfaceError(
                    f"prompt section `{section}` uses unknown variable `{{{{{name}}}}}`"
                    f"{did_you_mean(name, variables, cutoff=0.6)}; known variables: "
                    f"{', '.join(sorted(variables))} (define it under [prompt.variables])",
                    key_path=key_path,
                )
            out.append(text[last:start])
            out.append(variables[name])
            last = group.end()
        start = text.find("{{", last)
    out.append(text[last:])
    return "".join(out)


def _excerpt(text: str, start: int) -> str:
    piece = text[start : start + 16].replace("\n", " ")
    return piece + ("…" if len(text) > start + 16 else "")


def _search_prefix(config: Config, tree: CommandTree) -> str | None:
    """The tool prefix when the config uses search exposure (SPEC §5b), else None."""
    if config.tools.exposure != "search":
        return None
    return config.tools.prefix if config.tools.prefix is not None else tree.root.name


def tools_guidance(tools: Sequence[Tool], *, search_prefix: str | None = None) -> str:
    """The `tools:guidance` text: in search exposure (`search_prefix` set) how to reach the
    tools not listed yet; then which tools need the user's confirmation, which only read."""
    destructive = [t.name for t in tools if t.annotations.get("destructiveHint") is True]
    read_only = [t.name for t in tools if t.annotations.get("readOnlyHint") is True]
    lines = []
    if search_prefix is not None:
        lines.append(
            f"Only some of the {len(tools)} tools are listed at first: call `{find_tool_name(search_prefix)}` "
            "with a few words about the task to find the right ones (they are then added to your list), "
            f"and call any tool by name with `{run_tool_name(search_prefix)}` if your list does not show it."
        )
    if destructive:
        lines.append(
            "These tools can change or delete data: "
            f"{_names(destructive)}. Ask the user to confirm before calling them."
        )
    if read_only:
        lines.append(
            f"These tools only read and are safe to call at any time: {_names(read_only)}."
        )
    return "\n".join(lines)


def _names(names: list[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)


def order_tools(tools: Sequence[Tool], tool_order: list[str] | None) -> list[Tool]:
    """`tools` in model-facing order: `prompt.tool_order` (listed names first where they are
    listed, every other tool at the `<unlisted-tools>` entry, by name) or, without it, by name."""
    by_name = sorted(tools, key=lambda t: t.name)
    if tool_order is None:
        return by_name
    seen: set[str] = set()
    for name in tool_order:
        if name in seen:
            raise SurfaceError(
                f"prompt.tool_order lists `{name}` more than once; keep one",
                key_path=("prompt", "tool_order"),
            )
        seen.add(name)
    if REST_ENTRY not in seen:
        raise SurfaceError(
            f'prompt.tool_order has no "{REST_ENTRY}" entry; add it once where every tool '
            "not listed by name should go"
        )
    names = {t.name for t in tools}
    for name in tool_order:
        if name != REST_ENTRY and name not in names:
            raise SurfaceError(
                f"prompt.tool_order names `{name}`, which is no tool{did_you_mean(name, names, cutoff=0.6)}; "
                "remove it or fix the name",
                key_path=("prompt", "tool_order"),
            )
    tool_by_name = {t.name: t for t in tools}
    rest = [t for t in by_name if t.name not in seen]
    ordered: list[Tool] = []
    for name in tool_order:
        ordered.extend(rest if name == REST_ENTRY else [tool_by_name[name]])
    return ordered
