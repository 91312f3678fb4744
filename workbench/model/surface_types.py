"""What the model sees and what the runtime executes: tools, their argv bindings, the prompt.

These are the outputs of `build_surface` (workbench.model.surface). The runtime executes
`ToolBinding`s exactly as recorded here; it never rebuilds argv from a tool's name.
"""

from __future__ import annotations

import builtins
import functools
from dataclasses import dataclass, field
from typing import Any, Literal

from workbench.model.errors import WorkbenchError
from workbench.model.tree import FlagKind, ValueType


class SurfaceError(WorkbenchError):
    """The config cannot produce a surface; the message is one sentence naming what and where."""

    def __init__(self, message: str, *, key_path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.key_path = key_path
        """The config key at fault (`("commands", "x y", "flags", "n", "schema")`), when there is
        one, so a caller holding the file text can add its line number."""


JsonWrap = Literal["never", "always", "non-object"]
"""When a JSON tool's parsed stdout is served under a `result` key in `structuredContent`."""


@dataclass(frozen=True)
class ArgBinding:
    """How one input-schema property turns into command-line words."""

    property: str
    """The property name in the tool's input schema."""
    source: Literal["flag", "positional"]
    level: int
    """For flags: how many path segments precede the flag (1 = right after the root command).
    The runtime places the flag right after that segment, so group options precede the
    subcommand. Positionals always come last."""
    spelling: str = ""
    """`--name` or `-n` for flags; the positional's name otherwise."""
    kind: FlagKind = FlagKind.VALUE
    value_type: ValueType = ValueType.STRING
    negatable: bool = False
    default: Any = None
    repeatable: bool = False
    variadic: bool = False
    json_encoded: bool = False
    """Serialize the value as JSON text (json-typed flags, or object/array overrides on a
    non-repeatable flag)."""
    required: bool = False
    """For positionals: the CLI needs it (the runtime may then leave out an empty variadic
    positional before it, which click and argparse both read right)."""
    optional_value: bool = False
    """The flag's value is optional (`Flag.optional_value`): a value starting with `-` would be
    read as an option, so the runtime refuses it."""
    nargs: int | str | None = None
    """For flags: how many words one occurrence takes (`Flag.nargs`: None for one value glued to
    the flag, an int N, `+` or `*`). With nargs the value is a list (a list of lists when
    repeatable) and each item is a separate word after the flag."""
    separate_long_value: bool = False
    """For a long valued flag: write `--name VALUE` (two words) instead of `--name=VALUE`
    (`[source] long_values = "separate"`). Short-only flags always take two words (`-n VALUE`)."""
    refused_prefixes: str = ""
    """Characters a value standing as its own word may not start with: the argparse
    `fromfile_prefix_chars` of every parser that reads the word (this level's and its ancestors'),
    which would read such a word as a file of more arguments, even after `--`."""
    pin: Any = None
    """A pinned value (`[commands."x".flags.k] value`, or a selector's `pin`): always passed,
    and the property is not in the input schema (a call naming it is refused). None: not pinned
    (TOML has no null, so None never is a pinned value)."""
    fill: Any = None
    """The config's `default`: passed when the model omits the property (shown as the schema's
    `default`). None: nothing is passed then (unlike `default`, the CLI's own, never passed)."""

    @builtins.property  # the field `property` above shadows the builtin in this class body
    def value_is_own_word(self) -> bool:
        """A flag's single value is the word after the flag, not glued into it (SPEC §8)."""
        return (
            self.source == "flag"
            and self.nargs is None
            and (not self.spelling.startswith("--") or self.separate_long_value)
        )


@dataclass(frozen=True)
class ToolBinding:
    """The command a tool runs and how each property maps to argv, in declared order, plus the
    per-command runtime choices (SPEC §5a) its calls run with."""

    command_path: tuple[str, ...]
    args: tuple[ArgBinding, ...]
    fixed_args: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """(level, words): the `args` of the command at that level of the path (this command's or an
    ancestor's), written right after that level's flags, before the next segment (SPEC §8)."""
    timeout_s: float | None = None
    """Seconds before a call is killed; None: `[runtime] timeout_s`."""
    max_output_bytes: int | None = None
    """Bytes kept of each stream; None: `[runtime] max_output_bytes`."""
    env: tuple[tuple[str, str], ...] = ()
    """Added over `[env]` for this tool's calls (a per-call env still wins)."""
    output: Literal["text", "json"] = "text"
    """`json`: stdout is parsed into `structuredContent` (see `json_wrap`)."""
    json_wrap: JsonWrap = "non-object"
    """With `output = "json"`: when the parsed value goes under a `result` key (structured content
    must be an object): `never` (the output schema is an object), `always` (the user's schema
    declares another type), `non-object` (no user schema: an object as printed, else wrapped)."""
    output_checked: bool = False
    """The parsed output is validated against the tool's `output_schema` (the user gave one)."""

    def fixed_words_at(self, level: int) -> tuple[str, ...]:
        return next((words for at, words in self.fixed_args if at == level), ())


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    input_schema: dict[str, Any]
    binding: ToolBinding
    title: str | None = None
    annotations: dict[str, Any] = field(default_factory=dict)
    """MCP camelCase keys: title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint."""
    output_schema: dict[str, Any] | None = None
    tokens: int = 0
    load: Literal["always", "deferred"] = "deferred"
    """Resolved `load` (SPEC §5b): the command's own, else its claiming selector's, else
    `deferred`. Only search exposure reads it (`workbench.model.exposure`)."""

    @functools.cached_property
    def command_str(self) -> str:
        # Asked of every tool on every TUI edit (which tools an edit keeps): joined once.
        return " ".join(self.binding.command_path)

    def to_mcp(self) -> dict[str, Any]:
        """The tool exactly as `tools/list` serves it (camelCase keys, MCP wire shape)."""
        data: dict[str, Any] = {"name": self.name}
        if self.title:
            data["title"] = self.title
        data["description"] = self.description
        data["inputSchema"] = self.input_schema
        if self.output_schema is not None:
            data["outputSchema"] = self.output_schema
        if self.annotations:
            data["annotations"] = self.annotations
        return data


@dataclass(frozen=True)
class Exclusion:
    """A command that did not become a tool, and why (shown in the TUI tree and by lint)."""

    path: str
    reason: Literal["hidden", "deprecated", "not-runnable", "safety-filter", "selector", "excluded"]
    detail: str = ""


@dataclass(frozen=True)
class ToolSelection:
    """Which commands become tools and why the others do not (`surface.select_tools`): what
    `build_surface` decides before it builds a single tool."""

    tools: dict[str, str]
    """Command path → tool name, in tree order."""
    exclusions: tuple[Exclusion, ...] = ()
    """Every other command, with its reason (as in `Surface.exclusions`)."""


@dataclass(frozen=True)
class Surface:
    """Everything a client sees, plus what the runtime needs to execute it."""

    tools: tuple[Tool, ...]
    prompt: str
    server_name: str
    server_version: str
    server_title: str | None = None
    exclusions: tuple[Exclusion, ...] = ()
    warnings: tuple[str, ...] = ()
    prompt_tokens: int = 0
    exposure: Literal["all", "search"] = "all"
    """`[tools] exposure`: what `tools/list` answers at connect (`workbench.model.exposure`)."""
    tool_prefix: str = ""
    """The resolved `[tools] prefix`, which names the search and call tools of search exposure."""

    def tool(self, name: str) -> Tool | None:
        return next((t for t in self.tools if t.name == name), None)

    def tools_list(self) -> list[dict[str, Any]]:
        """The `tools/list` payload: what `tools` prints and `serve` answers."""
        return [t.to_mcp() for t in self.tools]
