"""The user's remembered TUI settings (today: the theme), in a small TOML file.

Lives in `~/.config/mcp-workbench/settings.toml` (or `$XDG_CONFIG_HOME/mcp-workbench/`);
`MCP_WORKBENCH_CONFIG_DIR` overrides the folder so tests and portable setups use their own.
A missing or unreadable file means defaults: settings are a convenience, never a reason to fail.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from workbench.model.atomic import write_text_atomic

CONFIG_DIR_ENV = "MCP_WORKBENCH_CONFIG_DIR"
DEFAULT_THEME = "workbench-dark"


def user_config_dir() -> Path:
    """The folder holding settings.toml and the user's `themes/`."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "mcp-workbench"


def user_themes_dir() -> Path:
    """Where users drop their own theme files (`*.toml`)."""
    return user_config_dir() / "themes"


@dataclass
class Settings:
    """What the app remembers between sessions."""

    theme: str = DEFAULT_THEME
    """The name of the last chosen theme."""

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read settings; any problem (missing, malformed, wrong types) yields the defaults."""
        path = path or settings_path()
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return cls()
        theme = data.get("theme")
        return cls(theme=theme if isinstance(theme, str) and theme else DEFAULT_THEME)

    def save(self, path: Path | None = None) -> str | None:
        """Write settings atomically (temp file + rename); returns a sentence on failure."""
        path = path or settings_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(path, tomli_w.dumps({"theme": self.theme}))
        except OSError as error:
            return f"Could not remember the theme in {path} ({error.strerror or error}); it applies to this session only."
        return None


def settings_path() -> Path:
    return user_config_dir() / "settings.toml"
