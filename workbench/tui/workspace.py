"""The editing session as plain Python: tree, config, where save writes, undo, last saved text.

No Textual here. Every change a user can make is one method that pushes an undo entry first,
so `undo()` reverts exactly one user action. Per-command and per-flag entries that are back
to their defaults are pruned, so toggling something on and off again leaves the config (and
the saved file) byte-identical. The command tree never changes during a session; undo entries
share it and copy only the user's choices.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from workbench.model.config import (
    REST_ENTRY,
    CommandConfig,
    Config,
    DescriptionMode,
    FlagConfig,
    PromptSection,
    Selector,
)
from workbench.model.config_errors import edit_problem
from workbench.model.config_file import dump_config, save_config
from workbench.model.surface import tool_names
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import CommandTree
from workbench.tui.env_edit import RUNTIME_KEYS, name_problem
from workbench.tui.shaping_input import (
    check_flag_value,
    check_output_schema,
    flag_value_schema,
    property_name_problem,
    tool_name_problem,
)

ANNOTATIONS = ("read_only", "destructive", "idempotent", "open_world")
"""The annotation switches a command has in config (the title is text, set separately)."""

FLAG_TYPES = ("string", "integer", "number", "boolean", "array", "object")
"""The coarse JSON types a flag's type override may name."""


@dataclass(frozen=True)
class UndoEntry:
    """The choices before one user action, and what that action was (for the notification)."""

    label: str
    config: Config
    scope: str | None
    """The command whose choices the action changed (None: something wider)."""


def choices_data(config: Config) -> dict[str, Any]:
    """Everything the user chose, as plain data (the snapshot left out)."""
    return config.model_dump(mode="json", exclude={"snapshot"})


def copy_choices(config: Config) -> Config:
    """A deep copy of everything but the snapshot, which is shared (it never changes)."""
    copied = config.model_copy()  # shallow: keeps which fields were set, for the dump
    for name in Config.model_fields:
        if name != "snapshot":
            copied.__dict__[name] = copy.deepcopy(getattr(config, name))
    return copied


@dataclass
class Workspace:
    """One CLI being curated: what was loaded, the choices so far, and where they are saved."""

    tree: CommandTree
    config: Config
    path: Path
    """Where save writes `mcp.toml`."""
    saved_text: str | None
    """The config text as last read from or written to `path` (or as first loaded): the
    baseline for the unsaved marker. None until first needed for a fresh load (see
    `baseline_text`)."""
    on_disk: bool = False
    """Whether `path` holds this session's config (reopened or saved at least once)."""
    undo_stack: list[UndoEntry] = field(default_factory=list)
    last_scope: str | None = None
    """The command the last change or undo touched (None: the change was wider)."""
    baseline_choices: dict[str, Any] = field(default_factory=dict)
    """The baseline's choices as data: a cheap first answer to "unsaved?" while the text
    comparison (the exact answer) is computed."""

    baseline_config: Config | None = None
    """The choices as first loaded, kept until the baseline text has been computed."""

    def __post_init__(self) -> None:
        self.baseline_choices = choices_data(self.config)
        if self.saved_text is None:
            self.baseline_config = copy_choices(self.config)

    @classmethod
    def create(
        cls,
        tree: CommandTree,
        config: Config,
        path: Path,
        *,
        on_disk: bool = False,
        saved_text: str | None = None,
    ) -> Workspace:
        """A session whose baseline is `saved_text` (the file as read), or the config as given
        (its text is then computed on first need: dumping a 2,000-command snapshot takes a while)."""
        if config.snapshot is None:
            config = config.model_copy(update={"snapshot": tree})
        return cls(
            tree=tree, config=config, path=Path(path), saved_text=saved_text, on_disk=on_disk
        )

    # --- reading -----------------------------------------------------------------------------

    def text(self) -> str:
        """The `mcp.toml` save would write now."""
        return dump_config(self.config)

    def baseline_text(self) -> str:
        """The text the unsaved marker compares with (computed once for a fresh load)."""
        if self.saved_text is None:
            self.saved_text = dump_config(self.baseline_config)  # type: ignore[arg-type]
            self.baseline_config = None
        return self.saved_text

    def is_dirty(self) -> bool:
        """True when save would write something other than the baseline."""
        return self.text() != self.baseline_text()

    def command_choices(self, path: str) -> CommandConfig:
        return self.config.command(path)

    def flag_choices(self, path: str, flag: str) -> FlagConfig:
        return self.config.command(path).flags.get(flag) or FlagConfig()

    # --- saving and undo ---------------------------------------------------------------------

    def save(self) -> Path:
        """Write `mcp.toml` atomically (temp file + rename) and make it the new baseline."""
        text = self.text()
        save_config(self.config, self.path)
        self.saved_text, self.baseline_config = text, None
        self.baseline_choices = choices_data(self.config)
        self.on_disk = True
        return self.path

    def looks_dirty(self) -> bool:
        """Quick answer to "unsaved?" (choices differ from the baseline's)."""
        return choices_data(self.config) != self.baseline_choices

    def undo(self) -> str | None:
        """Revert the last action; returns its label, or None when there is nothing to undo."""
        if not self.undo_stack:
            return None
        entry = self.undo_stack.pop()
        self.config = entry.config
        self.last_scope = entry.scope
        return entry.label

    def _change(
        self, label: str, mutate: Callable[[Config], None], scope: str | None = None
    ) -> None:
        entry = UndoEntry(label, copy_choices(self.config), scope)
        try:
            mutate(self.config)
            self._keep_tool_order(entry.config)
        except ValidationError as error:
            # the model's rules (limits above 0, no NUL, ...) refuse the value: its one sentence
            self.config = entry.config
            raise ValueError(edit_problem(error)) from None
        except Exception:
            self.config = entry.config  # a rejected value leaves the choices as they were
            raise
        self.undo_stack.append(entry)
        self.last_scope = scope

    def _keep_tool_order(self, before: Config) -> None:
        """The rule that keeps `prompt.tool_order` servable across every other edit: an entry
        whose tool the edit removed (excluded, deprecated, no longer claimed by a selector) leaves
        the order, and an entry whose tool the edit renamed (the prefix) follows it by its
        command. Without it, reordering in the prompt editor and then excluding a listed tool
        would leave a config that cannot build, and a saved file `serve` refuses."""
        order = self.config.prompt.tool_order
        if not order:
            return

        try:
            after = tool_names(self.tree, self.config)
        except SurfaceError:
            return  # e.g. a name clash: the surface itself reports it, the order is not the cause
        served = set(after.values())
        if all(name == REST_ENTRY or name in served for name in order):
            return
        try:
            before_paths = {name: path for path, name in tool_names(self.tree, before).items()}
        except SurfaceError:
            before_paths = {}
        repaired: list[str] = []
        for name in order:
            if name == REST_ENTRY:
                kept: str | None = name
            elif name in before_paths:
                kept = after.get(before_paths[name])
            else:
                kept = name if name in served else None
            if kept is not None and kept not in repaired:
                repaired.append(kept)
        self.config.prompt.tool_order = repaired

    def _edit_command(self, path: str, label: str, mutate: Callable[[CommandConfig], None]) -> None:
        def apply(config: Config) -> None:
            entry = config.commands.get(path) or CommandConfig()
            entry = entry.model_copy(deep=True)
            mutate(entry)
            entry.flags = {k: v for k, v in entry.flags.items() if v != FlagConfig()}
            _store_entry(config, path, entry)

        self._change(label, apply, scope=path)

    def _edit_flag(
        self, path: str, flag: str, label: str, mutate: Callable[[FlagConfig], None]
    ) -> None:
        def apply(entry: CommandConfig) -> None:
            choices = (entry.flags.get(flag) or FlagConfig()).model_copy(deep=True)
            mutate(choices)
            entry.flags = {**entry.flags, flag: choices}

        self._edit_command(path, label, apply)

    # --- command choices ---------------------------------------------------------------------

    def set_included(self, path: str, included: bool, *, claimed_by_selector: bool = True) -> None:
        """Include or exclude a command. Excluding writes `exclude = true` for it; including
        clears that, and when selectors exist but none claims the command, appends a selector
        naming exactly it (last, so it never steals a command another selector claims)."""

        adds_selector = included and not claimed_by_selector and bool(self.config.selectors)

        def apply(config: Config) -> None:
            entry = (config.commands.get(path) or CommandConfig()).model_copy(deep=True)
            entry.exclude = not included
            _store_entry(config, path, entry)
            if adds_selector:
                config.selectors = [*config.selectors, Selector(commands=[path])]

        self._change(
            f"{'include' if included else 'exclude'} {path}",
            apply,
            scope=None if adds_selector else path,
        )

    def set_group_included(self, group: str, paths: list[str], included: bool) -> None:
        """Include or exclude every command in `paths` (the runnable commands under `group`)
        as one change, so one undo restores them all."""

        def apply(config: Config) -> None:
            commands = dict(config.commands)
            for path in paths:
                entry = (commands.get(path) or CommandConfig()).model_copy(deep=True)
                entry.exclude = not included
                if entry == CommandConfig():
                    commands.pop(path, None)
                else:
                    commands[path] = entry
            config.commands = commands

        self._change(
            f"{'include' if included else 'exclude'} every command under {group}",
            apply,
            scope=group,
        )

    def set_deprecated(self, path: str, deprecated: bool) -> None:
        self._edit_command(
            path,
            f"{'deprecate' if deprecated else 'undeprecate'} {path}",
            lambda c: setattr(c, "deprecated", deprecated),
        )

    def set_description_mode(self, path: str, mode: DescriptionMode | str | None) -> None:
        """`None` follows the global mode (`[tools] description_mode`)."""
        value = DescriptionMode(mode) if mode else None
        self._edit_command(
            path, f"description mode of {path}", lambda c: setattr(c, "description_mode", value)
        )

    def set_description(self, path: str, text: str | None) -> None:
        """A full description override; empty or None removes it."""
        value = text if text and text.strip() else None
        self._edit_command(
            path, f"description of {path}", lambda c: setattr(c, "description", value)
        )

    def set_annotation(self, path: str, name: str, value: bool | None) -> None:
        """One of ANNOTATIONS; None leaves it unset (not sent to clients)."""
        if name not in ANNOTATIONS:
            raise ValueError(f"unknown annotation {name!r}")
        self._edit_command(
            path, f"{name.replace('_', '-')} of {path}", lambda c: setattr(c, name, value)
        )

    def set_title(self, path: str, title: str | None) -> None:
        value = title.strip() if title and title.strip() else None
        self._edit_command(path, f"title of {path}", lambda c: setattr(c, "title", value))

    # --- project-wide choices (every tool may change: no scope) -------------------------------

    def set_global_description_mode(self, mode: DescriptionMode | str) -> None:
        value = DescriptionMode(mode)
        self._change(
            "global description mode", lambda c: setattr(c.tools, "description_mode", value)
        )

    def set_prefix(self, prefix: str | None) -> None:
        """The tool name prefix; None (or empty) means the root command's name."""
        value = prefix.strip() if prefix and prefix.strip() else None
        self._change("tool prefix", lambda c: setattr(c.tools, "prefix", value))

    def set_server_name(self, name: str) -> None:
        self._change("server name", lambda c: setattr(c.server, "name", name.strip()))

    def set_selectors(self, selectors: list[Selector]) -> None:
        """Replace the selectors (their order matters: first match wins)."""
        value = [s.model_copy(deep=True) for s in selectors]
        self._change("selectors", lambda c: setattr(c, "selectors", value))

    def set_persona(self, persona: str) -> None:
        """The `deployment:persona` prompt section (`prompt.persona`)."""
        self._change("persona", lambda c: setattr(c.prompt, "persona", persona.strip()))

    def set_prompt_sections(
        self, sections: list[PromptSection], label: str = "prompt sections"
    ) -> None:
        """Replace the user's prompt sections (`[[prompt.sections]]`: name, order, text)."""
        value = [s.model_copy(deep=True) for s in sections]
        self._change(label, lambda c: setattr(c.prompt, "sections", value))

    def set_prompt_variables(
        self, variables: dict[str, str], label: str = "prompt variables"
    ) -> None:
        """Replace `[prompt.variables]`."""
        value = dict(variables)
        self._change(label, lambda c: setattr(c.prompt, "variables", value))

    def set_tool_order(self, order: list[str] | None) -> None:
        """The model-facing tool order (`prompt.tool_order`, with `<unlisted-tools>` once);
        None orders the tools by name. A ValueError names an entry that would stop the config
        from building (a name listed twice or naming no tool, or no `<unlisted-tools>`)."""
        value = list(order) if order is not None else None
        if value is not None:
            self._check_tool_order(value)
        self._change("tool order", lambda c: setattr(c.prompt, "tool_order", value))

    def _check_tool_order(self, order: list[str]) -> None:
        if REST_ENTRY not in order:
            raise ValueError(
                f'the tool order needs the "{REST_ENTRY}" entry once, where every tool '
                "not listed by name goes"
            )
        served = set(tool_names(self.tree, self.config).values())
        for index, name in enumerate(order):
            if name in order[:index]:
                raise ValueError(f"the tool order lists `{name}` twice; keep one")
            if name != REST_ENTRY and name not in served:
                raise ValueError(f"the tool order names `{name}`, which is no tool; remove it")

    def set_env(self, env: dict[str, str], label: str = "env") -> None:
        """Replace `[env]` (the variables every call gets; a per-call env wins). Names must be
        portable (`^[A-Za-z_][A-Za-z0-9_]*$`): a ValueError names the first that is not."""
        value = {str(name): str(text) for name, text in env.items()}
        for name in value:
            problem = name_problem(name)
            if problem is not None:
                raise ValueError(problem)
        self._change(label, lambda c: setattr(c, "env", value))

    def set_runtime(self, label: str = "runtime", **values: Any) -> None:
        """Set some of `[runtime]` (`timeout_s`, `max_output_bytes`, `max_concurrency` above 0;
        `cwd` relative to the config file) as one change. A ValueError names a bad value."""
        unknown = sorted(set(values) - set(RUNTIME_KEYS))
        if unknown:
            raise ValueError(f"`{unknown[0]}` is not a [runtime] setting")
        checked: dict[str, Any] = {}
        for key, value in values.items():
            if key == "cwd":
                if not isinstance(value, str) or not value.strip():
                    raise ValueError(
                        "`cwd` must name a folder (`.` is the config file's own folder)"
                    )
                checked[key] = value.strip()
            else:
                checked[key] = (
                    value  # the limits' rules are the model's (`_change` says why one is refused)
                )

        def apply(config: Config) -> None:
            for key, value in checked.items():
                setattr(config.runtime, key, value)

        self._change(label, apply)

    # --- flag choices ------------------------------------------------------------------------

    def set_flag_excluded(self, path: str, flag: str, excluded: bool) -> None:
        self._edit_flag(
            path,
            flag,
            f"{'exclude' if excluded else 'include'} --{flag} of {path}",
            lambda f: setattr(f, "exclude", excluded),
        )

    def set_flag_type(self, path: str, flag: str, type_: str | None) -> None:
        if type_ is not None and type_ not in FLAG_TYPES:
            raise ValueError(f"unknown type {type_!r}")
        self._edit_flag(
            path, flag, f"type of --{flag} of {path}", lambda f: setattr(f, "type", type_)
        )

    def set_flag_schema(self, path: str, flag: str, schema: dict[str, Any] | None) -> None:
        """Replace the flag's derived schema wholesale (None removes the override)."""
        self._edit_flag(
            path,
            flag,
            f"schema of --{flag} of {path}",
            lambda f: setattr(f, "schema_", copy.deepcopy(schema)),
        )

    # --- shaping (SPEC §5a) and exposure (§5b) ------------------------------------------------
    # Each is one undo step. A value the model's own rules refuse (the tool-name pattern, a
    # name another tool or property has, a pin or default that does not fit the flag's schema,
    # a limit of 0) raises ValueError with one sentence, before anything changes.

    def _command(self, path: str):
        command = self.tree.find(path)
        if command is None:
            raise ValueError(f"`{path}` is no command of this CLI")
        return command

    def set_tool_name(self, path: str, name: str | None) -> None:
        """The tool's whole name (`[commands."<path>"] name`); None or empty goes back to
        prefix + path."""
        value = name.strip() if name and name.strip() else None
        if value is not None:
            problem = tool_name_problem(self.tree, self.config, path, value)
            if problem is not None:
                raise ValueError(problem)
        self._edit_command(path, f"tool name of {path}", lambda c: setattr(c, "name", value))

    def set_command_args(self, path: str, words: list[str]) -> None:
        """Fixed words always passed at this command's level (`args`)."""
        value = [str(w) for w in words]
        self._edit_command(path, f"fixed words of {path}", lambda c: setattr(c, "args", value))

    def set_command_limit(self, path: str, key: str, value: int | float | None) -> None:
        """This command's `timeout_s` or `max_output_bytes` (None follows `[runtime]`)."""
        if key not in ("timeout_s", "max_output_bytes"):
            raise ValueError(f"`{key}` is not a per-command limit")
        label = {"timeout_s": "timeout", "max_output_bytes": "output cap"}[key]
        self._edit_command(path, f"{label} of {path}", lambda c: setattr(c, key, value))

    def set_command_env(self, path: str, env: dict[str, str]) -> None:
        """This command's env over `[env]`; names checked like `[env]`'s."""
        value = {str(k): str(v) for k, v in env.items()}
        for name in value:
            problem = name_problem(name)
            if problem is not None:
                raise ValueError(problem)
        self._edit_command(path, f"env of {path}", lambda c: setattr(c, "env", value))

    def set_output(self, path: str, mode: str, schema: dict[str, Any] | None = None) -> None:
        """`output` (`text` or `json`) and, with json, an optional `output_schema`; text drops
        the schema (it would describe nothing)."""
        if mode not in ("text", "json"):
            raise ValueError(f"`output` is `text` or `json`, not `{mode}`")
        value = copy.deepcopy(schema) if mode == "json" and schema is not None else None
        if value is not None:
            check_output_schema(value)

        def apply(entry: CommandConfig) -> None:
            entry.output = mode  # type: ignore[assignment]
            entry.output_schema = value

        self._edit_command(path, f"output of {path}", apply)

    def set_load(self, path: str, load: str | None) -> None:
        """`load` in search exposure: `always`, `deferred`, or None (the selector's or the default)."""
        if load not in (None, "always", "deferred"):
            raise ValueError(f"`load` is `always` or `deferred`, not `{load}`")
        self._edit_command(path, f"load of {path}", lambda c: setattr(c, "load", load))

    def set_exposure(self, exposure: str) -> None:
        """`[tools] exposure`: `all` lists every tool at connect, `search` the always-tools plus
        the search and call tools."""
        if exposure not in ("all", "search"):
            raise ValueError(f"`exposure` is `all` or `search`, not `{exposure}`")
        self._change("exposure", lambda c: setattr(c.tools, "exposure", exposure))

    def _flag_schema(self, path: str, flag: str) -> dict[str, Any]:
        schema = flag_value_schema(
            self.tree, self._command(path), flag, self.flag_choices(path, flag)
        )
        if schema is None:
            raise ValueError(f"`{flag}` is no flag or positional of `{path}`")
        return schema

    def set_flag_name(
        self, path: str, flag: str, name: str | None, taken: dict[str, str] | None = None
    ) -> None:
        """The property's name in the input schema (argv still binds the real flag); `taken`
        maps the tool's other property names to their flag keys (for the collision check)."""
        value = name.strip() if name and name.strip() else None
        if value is not None:
            problem = property_name_problem(value, taken or {}, flag)
            if problem is not None:
                raise ValueError(problem)
        self._edit_flag(
            path, flag, f"property name of {flag} of {path}", lambda f: setattr(f, "name", value)
        )

    def set_flag_value(self, path: str, flag: str, value: Any) -> None:
        """Pin the flag (`value`): out of the schema and always passed; None unpins. The value
        must fit the flag's schema."""
        if value is not None:
            check_flag_value(value, self._flag_schema(path, flag), what=f"`{flag}`")
        self._edit_flag(
            path,
            flag,
            f"pin of {flag} of {path}",
            lambda f: setattr(f, "value", copy.deepcopy(value)),
        )

    def set_flag_default(self, path: str, flag: str, value: Any) -> None:
        """The value passed when the model omits the property (None: the CLI's own)."""
        if value is not None:
            check_flag_value(value, self._flag_schema(path, flag), what=f"`{flag}`")
        self._edit_flag(
            path,
            flag,
            f"default of {flag} of {path}",
            lambda f: setattr(f, "default", copy.deepcopy(value)),
        )

    def set_flag_required(self, path: str, flag: str, required: bool | None) -> None:
        """Make the property required (True), optional (False), or as the CLI says (None)."""
        self._edit_flag(
            path, flag, f"required of {flag} of {path}", lambda f: setattr(f, "required", required)
        )


def _store_entry(config: Config, path: str, entry: CommandConfig) -> None:
    """Put `entry` under `[commands."<path>"]`, or drop the table when it says nothing (the
    saved file then has no empty tables)."""
    commands = dict(config.commands)
    if entry == CommandConfig():
        commands.pop(path, None)
    else:
        commands[path] = entry
    config.commands = commands
