"""Tool descriptions (SPEC §5.4): which text of a command the model reads.

A full override (`[commands."x"] description`) is used verbatim and must not be empty. Otherwise
the per-command `description_mode`, else the global `[tools] description_mode` (`long` by
default) picks the command's long help falling back to its short help (`short`: the other way
round), else `Execute the <path> command`; the CLI's examples are appended under `Examples:`.
"""

from __future__ import annotations

from workbench.model.config import CommandConfig, DescriptionMode
from workbench.model.surface_types import SurfaceError
from workbench.model.tree import Command


def describe(command: Command, choices: CommandConfig, default_mode: DescriptionMode) -> str:
    """The description of the tool for `command`."""
    if choices.description is not None:
        if not choices.description.strip():
            raise SurfaceError(
                f"the description override of `{command.path_str}` is empty; write the text "
                f'or remove the key description from [commands."{command.path_str}"]',
                key_path=("commands", command.path_str, "description"),
            )
        return choices.description
    mode = choices.description_mode or default_mode
    long_text, short_text = command.help.strip(), command.short_help.strip()
    if mode is DescriptionMode.SHORT:
        text = short_text or long_text
    else:
        text = long_text or short_text
    if not text:
        text = f"Execute the {command.path_str} command"
    examples = command.examples.strip("\n").rstrip()
    if examples.strip():
        if not examples.lstrip().lower().startswith("example"):
            examples = f"Examples:\n{examples}"
        text = f"{text}\n\n{examples}"
    return text
