"""The surface (SPEC §5): `build_surface(tree, config)`, the one pure function that decides which
commands become tools, with which names, descriptions, schemas, annotations and order, and the
rendered prompt. The TUI preview, `tools`, `prompt` and `serve` all call it.

Steps, in order: safety filters → selectors → tool names → descriptions → input schemas →
annotations → order → prompt. It runs on every TUI edit, so it walks the tree once, compiles
every glob once, and never copies the tree.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from workbench.model.config import CommandConfig, Config, Loader, LoadMode
from workbench.model.config_errors import find_line
from workbench.model.config_file import load_config, require_snapshot
from workbench.model.describe import describe
from workbench.model.exposure import check_discovery_names
from workbench.model.findings import did_you_mean
from workbench.model.gc_pause import collector_paused
from workbench.model.memo import memoized
from workbench.model.naming import property_name, snake_case, tool_name, unique_name
from workbench.model.prompt import order_tools, render_prompt
from workbench.model.schema import ToolFlag, build_input_schema
from workbench.model.selectors import CompiledSelector, glob
from workbench.model.shaping import check_tool_name, json_output
from workbench.model.superseded import Check, stop_if
from workbench.model.surface_types import (
    ArgBinding,
    Exclusion,
    JsonWrap,
    Surface,
    SurfaceError,
    Tool,
    ToolBinding,
    ToolSelection,
)
from workbench.model.tokens import count_tokens
from workbench.model.tree import Command, CommandTree, Flag

RESULT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "exit_code": {"type": "integer", "description": "The CLI's exit code (0 = success)."},
        "stdout": {"type": "string", "description": "What the CLI printed to standard output."},
        "stderr": {"type": "string", "description": "What the CLI printed to standard error."},
        "truncated": {
            "type": "boolean",
            "description": "True when output was cut at the size limit.",
        },
        "duration_ms": {
            "type": "number",
            "description": "How long the call took, in milliseconds.",
        },
    },
    "required": ["exit_code", "stdout", "stderr", "truncated", "duration_ms"],
    "additionalProperties": False,
}
"""The `outputSchema` of every tool: the `structuredContent` the runtime returns. Shared by all
tools; treat it as read-only."""

SAFETY_SEGMENTS = ("help", "completion", "mcp")
"""Path segments that never become tools (plus `[server] command_name`)."""

NEVER_PROPERTIES = ("help", "version")
"""Flag long names that never become properties."""

ANNOTATION_KEYS = (
    ("read_only", "readOnlyHint"),
    ("destructive", "destructiveHint"),
    ("idempotent", "idempotentHint"),
    ("open_world", "openWorldHint"),
)


def build_surface(
    tree: CommandTree,
    config: Config,
    *,
    token_counts: bool = True,
    superseded: Check | None = None,
) -> Surface:
    """The tools and prompt that `config` makes of `tree`. Raises SurfaceError (one sentence).

    With `token_counts=False` every `Tool.tokens` and `Surface.prompt_tokens` stays 0: for a
    caller that never shows them (`serve`), which saves about a third of a big CLI's build.
    With `superseded`, it is asked before each command and each token count, and the build
    raises `Superseded` as soon as it says so (the TUI's full pass after an edit)."""
    with collector_paused():  # linear cost on big CLIs (workbench.model.gc_pause)
        builder = _Builder(tree, config, superseded=superseded)
        builder.visit(tree.root, [], None)
        builder.check_leftovers()
        return _assemble(
            tree,
            config,
            builder.tools,
            builder.exclusions,
            builder.warnings,
            token_counts,
            superseded=superseded,
        )


def rebuild_commands(
    previous: Surface,
    tree: CommandTree,
    config: Config,
    paths: Iterable[str],
    *,
    token_counts: bool = True,
) -> Surface:
    """The surface after an edit that changed only the choices of the commands at `paths`
    (`[commands."PATH"]`) since `previous` was built from the same tree: the tools of those
    commands and their subtrees are built again (a slice of the tree: their ancestors, flags
    kept, and their subtrees), every other tool is reused, and order, prompt and token counts
    are assembled as `build_surface` does. Equal to `build_surface(tree, config)` (tested);
    falls back to it when the slice cannot decide alone (a name clash, an unknown path).
    `previous.warnings` are kept: keys that name nothing are a whole-tree question."""
    paths = set(paths)
    if not paths:
        return previous
    try:
        part, decided = tree_slice(tree, paths)
    except KeyError:
        return build_surface(tree, config, token_counts=token_counts)
    with collector_paused():
        builder = _Builder(part, config)
        builder.visit(part.root, [], None)
        kept = [t for t in previous.tools if t.command_str not in decided]
        names = {t.name for t in kept}
        if any(t.name in names for t in builder.tools):
            return build_surface(
                tree, config, token_counts=token_counts
            )  # let the full build name the clash
        fresh = [t for t in builder.tools if t.command_str in decided]
        exclusions = [e for e in previous.exclusions if e.path not in decided]
        exclusions += [e for e in builder.exclusions if e.path in decided]
        return _assemble(
            tree, config, kept, exclusions, list(previous.warnings), token_counts, fresh=fresh
        )


def select_tools(tree: CommandTree, config: Config) -> ToolSelection:
    """Which commands `config` makes tools of `tree`, with their names, and why each other
    command is not one: the first steps of `build_surface` (filters, selectors, names), decided
    by the same walk (`_Builder.visit`), without flags, schemas, descriptions or the prompt.
    A few milliseconds at 2,000 commands: the TUI paints its tree's marks from it before the
    first surface is built. Raises SurfaceError when two commands get the same name."""
    with collector_paused():
        builder = _Builder(tree, config, names_only=True)
        builder.visit(tree.root, [], None)
        return ToolSelection(
            tools={path: name for name, path in builder.names.items()},
            exclusions=tuple(builder.exclusions),
        )


def tool_names(tree: CommandTree, config: Config) -> dict[str, str]:
    """Command path → tool name, for every command `config` makes a tool of `tree`
    (`select_tools`). Raises SurfaceError when two commands get the same name."""
    return select_tools(tree, config).tools


def tree_slice(tree: CommandTree, paths: Iterable[str]) -> tuple[CommandTree, set[str]]:
    """A tree holding the commands at `paths` with their subtrees and their ancestors (flags
    kept, other children dropped), plus the set of paths whose tools the slice decides (a
    change to `[commands."X"]` can only change the tools of X and its subtree: deprecating a
    group filters its subcommands). KeyError for a path that names no command."""
    wanted = [tree.find(p) for p in paths]
    if any(c is None for c in wanted):
        raise KeyError("unknown command")
    decided: set[str] = set()
    for command in wanted:
        decided.update(c.path_str for c in command.walk())  # type: ignore[union-attr]
    keep = {" ".join(c.path[:depth]) for c in wanted for depth in range(1, len(c.path) + 1)}  # type: ignore[union-attr]

    def copy(command: Command) -> Command:
        if command.path_str in decided:
            return command
        subs = [copy(s) for s in command.subcommands if s.path_str in keep]
        return command.model_copy(update={"subcommands": subs})

    return tree.model_copy(update={"root": copy(tree.root)}), decided


def _assemble(
    tree: CommandTree,
    config: Config,
    tools: list[Tool],
    exclusions: list[Exclusion],
    warnings: list[str],
    token_counts: bool,
    fresh: list[Tool] | None = None,
    superseded: Check | None = None,
) -> Surface:
    """The tail every surface goes through: order, prompt, token counts. With `fresh`, `tools`
    were reused from an earlier surface (their counts stand) and only `fresh` are counted."""
    if fresh is None:
        tools, fresh = [], tools
    if token_counts:
        counted = []
        for tool in fresh:
            stop_if(superseded)
            counted.append(dataclasses.replace(tool, tokens=_tool_tokens(tool)))
        fresh = counted
    ordered = order_tools([*tools, *fresh], config.prompt.tool_order)
    prefix = config.tools.prefix if config.tools.prefix is not None else tree.root.name
    if config.tools.exposure == "search":
        check_discovery_names(prefix, ordered)
    prompt = render_prompt(config, tree, ordered)
    return Surface(
        tools=tuple(ordered),
        prompt=prompt,
        server_name=config.server.name or tree.root.name,
        server_version=config.server.version or tree.cli_version or "0.0.0",
        server_title=config.server.title,
        exclusions=tuple(exclusions),
        warnings=tuple(warnings),
        prompt_tokens=count_tokens(prompt) if token_counts else 0,
        exposure=config.tools.exposure,
        tool_prefix=prefix,
    )


def _tool_tokens(tool: Tool) -> int:
    """Tokens of the tool as served. Cached by its JSON text: on a TUI edit most tools are
    unchanged, and tokenizing thousands of tools dominates a rebuild otherwise."""
    return _count_cached(json.dumps(tool.to_mcp()))


@memoized(16384)
def _count_cached(text: str) -> int:
    return count_tokens(text)


class _Builder:
    """One walk over the tree: filters, claims, and builds each tool."""

    def __init__(
        self,
        tree: CommandTree,
        config: Config,
        *,
        names_only: bool = False,
        superseded: Check | None = None,
    ) -> None:
        self.tree = tree
        self.superseded = superseded
        """Asked before each command (`workbench.model.superseded`)."""
        self.names_only = names_only
        """Only decide which commands become tools, their names and the others' reasons
        (`select_tools`)."""
        self.config = config
        self.prefix = config.tools.prefix if config.tools.prefix is not None else tree.root.name
        self.blocked = set(SAFETY_SEGMENTS) | {config.server.command_name}
        self.selectors = [CompiledSelector.compile(n, s) for n, s in enumerate(config.selectors, 1)]
        self.tools: list[Tool] = []
        self.exclusions: list[Exclusion] = []
        self.warnings: list[str] = []
        self.names: dict[str, str] = {}
        self.shared_flags: dict[tuple[int, int], tuple[dict[str, Any], ArgBinding]] = {}
        self.help_loaded = config.source.loader is Loader.HELP
        self.seen_paths: set[str] = set()
        self.word_prefixes: list[str] = []
        """Per level of the command being visited: the argparse `fromfile_prefix_chars` of it
        and its ancestors (a parser expands `@file` words meant for its subparsers too)."""
        self.candidates: list[str] = []
        """Paths that would be tools if a selector claimed them."""
        self.not_candidates: list[tuple[str, str]] = []
        """(path, reason) of every other command."""

    # -- step 1 and 2: which commands become tools ------------------------------------------

    def visit(
        self, command: Command, ancestor_flags: list[ToolFlag], blocked: Exclusion | None
    ) -> None:
        stop_if(self.superseded)
        path = command.path_str
        depth = len(command.path)
        self.seen_paths.add(path)
        above = (
            self.word_prefixes[depth - 2]
            if depth > 1 and len(self.word_prefixes) >= depth - 1
            else ""
        )
        self.word_prefixes[depth - 1 :] = [above + command.fromfile_prefix_chars]
        choices = self.config.commands.get(path)
        if blocked is None:
            blocked = self._safety(command, choices, depth)
        reason = blocked
        if reason is None and not command.runnable:
            reason = Exclusion(path, "not-runnable", "only groups subcommands")
        if reason is None and choices is not None and choices.exclude:
            reason = Exclusion(path, "excluded", "excluded in config")
        if reason is None:
            self.candidates.append(path)
        else:
            self.not_candidates.append((path, reason.reason))
        selector = None
        if reason is None and self.selectors:
            selector = next((s for s in self.selectors if s.commands.match(path)), None)
            if selector is None:
                reason = Exclusion(path, "selector", "no selector claims it")
            else:
                selector.claimed += 1
        if self.names_only:
            if reason is None:
                self._claim_name(path, self._name(command, choices))
            else:
                self._exclude(path, reason)
            for sub in command.subcommands:
                self.visit(sub, ancestor_flags, blocked)
            return
        own_flags = [ToolFlag(flag, depth) for flag in command.flags]
        needs_flags = reason is None or (choices is not None and bool(choices.flags))
        flags = (
            _deshadow(self._inheritable(command, ancestor_flags) + own_flags) if needs_flags else []
        )
        if choices is not None and choices.flags:
            self._check_flag_keys(command, choices, flags)
        if reason is None:
            self.tools.append(
                self._tool(command, choices or CommandConfig(), selector, flags, depth)
            )
        else:
            self._exclude(path, reason)
        inherited_down = ancestor_flags + own_flags
        for sub in command.subcommands:
            self.visit(sub, inherited_down, blocked)

    def _exclude(self, path: str, reason: Exclusion) -> None:
        """Record why `path` is no tool (a reason inherited from a group says which)."""
        if reason.path != path:
            reason = Exclusion(path, reason.reason, f"inside `{reason.path}`: {reason.detail}")
        self.exclusions.append(reason)

    def _inheritable(self, command: Command, ancestor_flags: list[ToolFlag]) -> list[ToolFlag]:
        """The ancestors' flags this command accepts. A help-crawled command that lists its own
        copies of inherited flags (cobra's "Global Flags") said exactly which ones it takes:
        then the ancestors' other flags (cobra local flags of a parent) do not apply."""
        if self.help_loaded and any(f.inherited_from is not None for f in command.flags):
            return []
        return ancestor_flags

    def _safety(
        self, command: Command, choices: CommandConfig | None, depth: int
    ) -> Exclusion | None:
        path = command.path_str
        if command.hidden:
            return Exclusion(path, "hidden", "hidden by the CLI")
        if command.deprecated:
            return Exclusion(path, "deprecated", "deprecated by the CLI")
        if choices is not None and choices.deprecated:
            return Exclusion(path, "deprecated", "deprecated in config")
        if depth > 1 and command.name in self.blocked:
            return Exclusion(path, "safety-filter", f"`{command.name}` commands never become tools")
        return None

    # -- steps 3 to 6: one tool ----------------------------------------------------------------

    def _name(self, command: Command, choices: CommandConfig | None) -> str:
        """The tool's name: `[commands."<path>"] name`, else the prefix and the path."""
        if choices is not None and choices.name is not None:
            return check_tool_name(choices.name, command.path_str)
        return tool_name(self.prefix, command.path)

    def _tool(
        self,
        command: Command,
        choices: CommandConfig,
        selector: CompiledSelector | None,
        flags: list[ToolFlag],
        depth: int,
    ) -> Tool:
        path = command.path_str
        name = self._name(command, choices)
        self._claim_name(path, name)
        pins = selector.pins if selector is not None else {}
        chosen = [
            tf
            for tf in flags
            if self._keeps(tf, depth, choices, selector) or self._pinned(tf, choices, pins)
        ]
        schema, args = build_input_schema(
            tool=name,
            command=path,
            depth=depth,
            flags=chosen,
            positionals=command.positionals,
            overrides=choices.flags,
            shared_flags=self.shared_flags,
            long_values=self.config.source.long_values,
            word_prefixes=tuple(self.word_prefixes[:depth]),
            pins=pins,
        )
        annotations: dict[str, Any] = {}
        if choices.title:
            annotations["title"] = choices.title
        for key, hint in ANNOTATION_KEYS:
            value = getattr(choices, key)
            if value is not None:
                annotations[hint] = value
        description = describe(command, choices, self.config.tools.description_mode)
        if command.exclusive_groups and choices.description is None:
            description += _exclusive_note(command, args)
        output_schema: dict[str, Any] = RESULT_SCHEMA
        wrap: JsonWrap = "non-object"
        if choices.output == "json":
            output_schema, wrap = json_output(choices.output_schema, path, tool=name)
        return Tool(
            name=name,
            description=description,
            input_schema=schema,
            binding=ToolBinding(
                command_path=tuple(command.path),
                args=args,
                output=choices.output,
                json_wrap=wrap,
                output_checked=choices.output == "json" and choices.output_schema is not None,
                **self._runtime_choices(command),
            ),
            title=choices.title,
            annotations=annotations,
            output_schema=output_schema,
            load=_resolved_load(choices, selector, self.config),
        )

    def _runtime_choices(self, command: Command) -> dict[str, Any]:
        """The binding's fixed words, limits and env: `args` of this command and each ancestor at
        its own level; `timeout_s`/`max_output_bytes` of the nearest that sets them; `env`
        merged from the root down (the deeper command's value wins)."""
        fixed: list[tuple[int, tuple[str, ...]]] = []
        found: dict[str, Any] = {}
        env: dict[str, str] = {}
        for depth in range(1, len(command.path) + 1):
            choices = self.config.commands.get(" ".join(command.path[:depth]))
            if choices is None:
                continue
            if choices.args:
                fixed.append((depth, tuple(choices.args)))
            for key in ("timeout_s", "max_output_bytes"):
                if getattr(choices, key) is not None:
                    found[key] = getattr(choices, key)
            env.update(choices.env)
        if fixed:
            found["fixed_args"] = tuple(fixed)
        if env:
            found["env"] = tuple(env.items())
        return found

    @staticmethod
    def _pinned(chosen: ToolFlag, choices: CommandConfig, pins: dict[str, Any]) -> bool:
        """A pinned flag is passed whether or not it would be a property (it never is one)."""
        override = choices.flags.get(chosen.flag.key)
        return (override is not None and override.value is not None) or chosen.flag.key in pins

    def _claim_name(self, path: str, name: str) -> None:
        if name in self.names:
            renamed = next(
                (p for p in (path, self.names[name]) if self.config.command(p).name is not None),
                None,
            )
            fix = (
                f'give [commands."{renamed}"] name another value'
                if renamed is not None
                else f'exclude one of them ([commands."{path}"] exclude = true) or rename one '
                f'([commands."{path}"] name = "...")'
            )
            raise SurfaceError(
                f"commands `{self.names[name]}` and `{path}` both become tool `{name}`; {fix}",
                key_path=("commands", renamed, "name") if renamed is not None else (),
            )
        self.names[name] = path

    def _keeps(
        self,
        chosen: ToolFlag,
        depth: int,
        choices: CommandConfig,
        selector: CompiledSelector | None,
    ) -> bool:
        flag = chosen.flag
        if flag.hidden or flag.deprecated or flag.name in NEVER_PROPERTIES or _is_short_help(flag):
            return False
        override = choices.flags.get(flag.key)
        if override is not None and override.exclude:
            return False
        if selector is None:
            return True
        inherited = chosen.level < depth or flag.inherited_from is not None
        return selector.keeps(flag.key, inherited)

    # -- config keys that name nothing ----------------------------------------------------------

    def _check_flag_keys(
        self, command: Command, choices: CommandConfig, flags: list[ToolFlag]
    ) -> None:
        known = {tf.flag.key for tf in flags}
        positionals = {snake_case(p.name) for p in command.positionals}
        taken = {
            property_name(tf.flag.key) for tf in flags
        }  # a clash gives `name_arg`, as in the schema
        positionals.update(
            unique_name(snake_case(p.name), taken, "arg") for p in command.positionals
        )
        known |= positionals
        for key, override in choices.flags.items():
            if key in positionals and key not in {tf.flag.key for tf in flags} and override.exclude:
                self.warnings.append(
                    f'[commands."{command.path_str}".flags.{key}] excludes a positional argument, which '
                    "the CLI reads by position, so it stays in the schema; remove `exclude`"
                )
            if key not in known:
                self.warnings.append(
                    f'[commands."{command.path_str}".flags.{key}] names no flag or positional of '
                    f"`{command.path_str}`{did_you_mean(key, known, cutoff=0.6)}; it has no effect"
                )

    def check_leftovers(self) -> None:
        for path in self.config.commands:
            if path not in self.seen_paths:
                self.warnings.append(
                    f'[commands."{path}"] names no command of `{self.tree.root.name}`'
                    f"{did_you_mean(path, self.seen_paths, cutoff=0.6)}; it has no effect"
                )
        for selector in self.selectors:
            if not selector.commands.texts:
                self.warnings.append(
                    f"selector {selector.number} has no command patterns, so it claims nothing; "
                    "add commands = [...] or remove it"
                )
            for pattern in selector.commands.unused():
                compiled = glob(pattern)
                if any(compiled.match(p) for p in self.candidates):
                    continue  # claimed by an earlier selector: not nothing
                why = sorted({r for p, r in self.not_candidates if compiled.match(p)})
                self.warnings.append(
                    f'selector {selector.number}: command pattern "{pattern}" matches '
                    + (
                        f"only commands that cannot become tools ({', '.join(why)})"
                        if why
                        else "no command"
                    )
                    + "; fix or remove it"
                )
            if not selector.claimed:
                continue
            for label, patterns in selector.flag_patterns():
                for pattern in patterns.unused():
                    self.warnings.append(
                        f'selector {selector.number}: {label} pattern "{pattern}" matches no flag '
                        "of the commands it claims; fix or remove it"
                    )


def _resolved_load(
    choices: CommandConfig, selector: CompiledSelector | None, config: Config
) -> LoadMode:
    """SPEC §5b: the command's own `load`, else its claiming selector's, else `deferred`."""
    if choices.load is not None:
        return choices.load
    if selector is not None:
        claimed_by = config.selectors[selector.number - 1].load  # numbered from 1
        if claimed_by is not None:
            return claimed_by
    return "deferred"


def _exclusive_note(command: Command, args: Iterable[ArgBinding]) -> str:
    """A sentence per mutually exclusive group with at least two exposed members (a schema
    `oneOf` would say the same, but many clients reject it)."""
    by_key: dict[str, str] = {}
    for arg in args:
        if arg.pin is not None:
            continue  # not in the schema: the model cannot give it
        key = arg.spelling.lstrip("-") if arg.source == "flag" else arg.spelling
        by_key.setdefault(key, arg.property)
    notes = []
    for group in command.exclusive_groups:
        members = [by_key[key] for key in group if key in by_key]
        if len(members) >= 2:
            notes.append("Give at most one of: " + ", ".join(f"`{m}`" for m in members) + ".")
    return ("\n\n" + "\n".join(notes)) if notes else ""


def _deshadow(flags: list[ToolFlag]) -> list[ToolFlag]:
    """Flags in argv order with each key kept once, at its deepest definition (a command's own
    flag shadows an ancestor's of the same key)."""
    last = {tf.flag.key: index for index, tf in enumerate(flags)}
    return [tf for index, tf in enumerate(flags) if last[tf.flag.key] == index]


def _is_short_help(flag: Flag) -> bool:
    return flag.name is None and flag.short == "h" and "help" in flag.help.lower()


def surface_from_file(path: str | Path, *, token_counts: bool = True) -> tuple[Config, Surface]:
    """Load the mcp.toml at `path` and build its surface from its own `[snapshot]` (no other
    file, no CLI import): what `tools`, `prompt` and `serve` show. `token_counts` as for
    `build_surface` (`serve` never shows them)."""
    config = load_config(path)
    tree = require_snapshot(config, str(path))
    try:
        return config, build_surface(tree, config, token_counts=token_counts)
    except SurfaceError as error:
        raise SurfaceError(
            f"{_where(path, error.key_path)}: {error}", key_path=error.key_path
        ) from None


def _where(path: str | Path, key_path: tuple[str | int, ...]) -> str:
    """`path`, plus ` line N` when the offending key can be found in the file."""
    if not key_path:
        return str(path)
    try:
        line = find_line(Path(path).read_text(encoding="utf-8"), key_path)
    except OSError:
        line = None
    return f"{path} line {line}" if line else str(path)
