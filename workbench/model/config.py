"""The curation config: every choice a user makes about the surface (SPEC §7).

These pydantic models are the in-memory form of `mcp.toml`. Reading and writing the file
(tomllib / tomli-w, error messages with key paths) lives in `workbench.model.config_file`.
Unknown keys are rejected (`extra="forbid"`); defaults are the ones SPEC §7 documents.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from workbench.model.tree import CommandTree

REST_ENTRY = "<unlisted-tools>"
"""The `prompt.tool_order` entry where every tool not listed by name goes."""


def _no_nul(text: str) -> str:
    """An environment name or value with a NUL cannot reach a process (execve ends the string
    there), so every call would fail to start: refused when the config is read."""
    if "\x00" in text:
        raise ValueError(
            "contains a NUL character, which no argument or environment variable can hold"
        )
    return text


EnvText = Annotated[str, AfterValidator(_no_nul)]
"""A string that can be an argument, or an environment variable's name or value."""


def _not_true_or_false(value: Any) -> Any:
    """`true` is no limit (pydantic would read it as 1): refused for every limit, wherever it is set."""
    if isinstance(value, bool):
        raise ValueError("is true or false, but must be a number above 0")
    return value


Limit = BeforeValidator(_not_true_or_false)
"""Marks a runtime limit; each also says `gt=0` in its Field (0 or below would fail every call)."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True, populate_by_name=True)


class DescriptionMode(StrEnum):
    LONG = "long"  # long text, falling back to short
    SHORT = "short"  # short text, falling back to long


class Loader(StrEnum):
    CLICK = "click"
    TYPER = "typer"
    ARGPARSE = "argparse"
    OPTPARSE = "optparse"
    HELP = "help"


class SourceConfig(_Section):
    """How the tree was loaded and how to run the CLI."""

    command: list[str] = Field(default_factory=list)
    """argv prefix used to execute tools (`["deployctl"]`, `["python", "-m", "pkg"]`)."""
    loader: Loader = Loader.HELP
    target: str = ""
    """What was loaded: `module:attr`, an executable name or path."""
    cli_version: str | None = None
    long_values: Literal["equals", "separate"] = "equals"
    """How a long option's value is written (SPEC §8): `--name=value` (one word), or
    `--name value` (two words) for CLIs that reject `=`."""


class ServerConfig(_Section):
    """MCP identity and server defaults."""

    name: str = ""
    version: str = ""
    title: str | None = None
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    command_name: str = "mcp"
    """A command segment filtered out of the tree (the CLI's own MCP subcommand, if any)."""


Exposure = Literal["all", "search"]
"""What `tools/list` shows at connect (SPEC §5b): every tool, or the always-loaded ones plus the
search and call tools."""
LoadMode = Literal["always", "deferred"]
"""Per command in search exposure: listed at connect, or found through the search tool."""
OutputMode = Literal["text", "json"]
"""How a command's stdout is served: as text, or parsed as JSON into `structuredContent`."""
FlagValue = str | int | float | bool | list[str | int | float | bool]
"""A value a flag or positional can be pinned to or defaulted to (TOML has no null)."""


class ToolsConfig(_Section):
    prefix: str | None = None
    """Tool name prefix; None means the root command's name."""
    description_mode: DescriptionMode = DescriptionMode.LONG
    exposure: Exposure = "all"
    """`all` lists every tool; `search` lists the `load = "always"` tools plus
    `<prefix>_find_tools` and `<prefix>_run_tool` (SPEC §5b)."""


class RuntimeConfig(_Section):
    """How `serve` runs calls. Each limit must be above 0: a limit of 0 or below would fail every
    call, so the model refuses it when any reader (`check`, `tools`, `serve`, the TUI) loads it."""

    timeout_s: Annotated[int | float, Limit] = Field(default=60, gt=0)
    """Seconds before a call's process group is killed; kept as typed (`60` stays `60` in the
    saved file, `7.5` stays `7.5`)."""
    max_output_bytes: Annotated[int, Limit] = Field(default=1_000_000, gt=0)
    """Bytes kept of each of stdout and stderr per call."""
    max_concurrency: Annotated[int, Limit] = Field(default=4, gt=0)
    """Calls running at once; the rest wait."""
    cwd: str = "."
    """Working directory for calls, relative to the config file."""


class Selector(_Section):
    """Claims commands (first match wins) and decides which of their flags become properties.

    Flag patterns are globs on long names. Include first, then exclude. The `*_inherited_*`
    patterns apply to inherited flags only; the plain ones to the command's own flags.
    """

    commands: list[str] = Field(default_factory=list)
    include_flags: list[str] | None = None
    exclude_flags: list[str] = Field(default_factory=list)
    include_inherited_flags: list[str] | None = None
    exclude_inherited_flags: list[str] = Field(default_factory=list)
    pin: dict[str, FlagValue] = Field(default_factory=dict)
    """Flags pinned for every command this selector claims (`{ output = "json" }`), keyed like
    `[commands."<path>".flags]`; a command's own `value` wins (SPEC §5a)."""
    load: LoadMode | None = None
    """`load` for every command this selector claims; a command's own `load` wins."""


class FlagConfig(_Section):
    """Per-flag overrides, keyed by the flag's long name (or letter for short-only flags)."""

    schema_: dict[str, Any] | None = Field(default=None, alias="schema")
    """Replaces the derived JSON Schema of the property wholesale."""
    type: Literal["string", "integer", "number", "boolean", "array", "object"] | None = None
    """Changes only the coarse JSON type of the derived schema."""
    exclude: bool = False
    """Drop this flag from the tool even when a selector includes it."""
    description: str | None = None
    """Replaces the flag's help text in the property description."""
    name: str | None = None
    """The property's name in the tool's input schema; argv still binds the real flag."""
    value: FlagValue | None = None
    """Pinned: removed from the schema and always passed (validated against the flag's schema)."""
    default: FlagValue | None = None
    """Passed when the model omits the property; shown as the schema's `default`."""
    required: bool | None = None
    """Make an optional flag required (or a required one optional, when it has a `default`)."""


class CommandConfig(_Section):
    """Per-command choices, keyed by the space-joined command path."""

    exclude: bool = False
    """Keep this command out of the tool list (the TUI's include toggle)."""
    deprecated: bool = False
    """Treat as deprecated: filtered out like a CLI-deprecated command."""
    description: str | None = None
    """Full description override; must not be empty."""
    description_mode: DescriptionMode | None = None
    title: str | None = None
    read_only: bool | None = None
    destructive: bool | None = None
    idempotent: bool | None = None
    open_world: bool | None = None
    flags: dict[str, FlagConfig] = Field(default_factory=dict)
    name: str | None = None
    """The tool's whole name (instead of prefix + path); checked like any tool name."""
    args: list[EnvText] = Field(default_factory=list)
    """Fixed words always passed at this command's level (`["--no-pager"]`), after its flags."""
    timeout_s: Annotated[int | float | None, Limit] = Field(default=None, gt=0)
    """This command's timeout; `[runtime] timeout_s` when unset."""
    max_output_bytes: Annotated[int | None, Limit] = Field(default=None, gt=0)
    """This command's output cap; `[runtime] max_output_bytes` when unset."""
    env: dict[EnvText, EnvText] = Field(default_factory=dict)
    """Environment for this command's calls, over `[env]` (per-call env still wins)."""
    output: OutputMode = "text"
    """`json`: stdout is parsed into `structuredContent` (the text is kept)."""
    output_schema: dict[str, Any] | None = None
    """With `output = "json"`: the JSON Schema the parsed output is declared (and checked) with."""
    load: LoadMode | None = None
    """In search exposure: `always` lists the tool at connect; `deferred` (the default there)
    leaves it to the search tool."""


class PromptSection(_Section):
    name: str
    order: int = 0
    text: str = ""


class PromptConfig(_Section):
    persona: str = ""
    tool_order: list[str] | None = None
    """Tool names with the `<unlisted-tools>` rest entry exactly once; None = by name."""
    identity: str | None = None
    """Replaces the built-in `harness:identity` text."""
    variables: dict[str, str] = Field(default_factory=dict)
    sections: list[PromptSection] = Field(default_factory=list)


class LintConfig(_Section):
    disable: list[str] = Field(default_factory=list)
    """Finding codes to silence for this project."""
    token_budget: int = 20_000
    """Warn when prompt + tool list exceed this many tokens."""
    name_limit: int = 64
    """Longest tool name this project accepts (client prefixes count against 64)."""


class Config(_Section):
    """The whole of `mcp.toml`."""

    version: Literal[1] = 1
    source: SourceConfig = Field(default_factory=SourceConfig)
    server: ServerConfig = Field(default_factory=ServerConfig)
    tools: ToolsConfig = Field(default_factory=ToolsConfig)
    runtime: RuntimeConfig = Field(default_factory=RuntimeConfig)
    env: dict[EnvText, EnvText] = Field(default_factory=dict)
    """Added to every call's environment; names and values cannot hold NUL."""
    selectors: list[Selector] = Field(default_factory=list)
    commands: dict[str, CommandConfig] = Field(default_factory=dict)
    prompt: PromptConfig = Field(default_factory=PromptConfig)
    lint: LintConfig = Field(default_factory=LintConfig)
    snapshot: CommandTree | None = None
    """The command tree as loaded; makes the file self-contained."""

    def command(self, path: str) -> CommandConfig:
        """The choices for `path`, or an empty default (not stored until changed)."""
        return self.commands.get(path) or CommandConfig()
