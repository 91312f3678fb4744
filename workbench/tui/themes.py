"""Themes as validated data: read `themes/*.toml` (bundled) and the user's theme folder.

A theme file names the Textual colour slots (primary, secondary, accent, warning, error,
success, foreground, background, surface, panel, boost), `dark`, and optional `[variables]`
(Textual's own, like `footer-key-foreground`, and the app's `wb-*` ones). Every colour is
checked with `Color.parse`; a file that fails is reported (path + one sentence) and skipped,
so the app notifies and falls back to the default theme instead of crashing later.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from textual.color import Color, ColorParseError
from textual.theme import Theme

COLOUR_KEYS = (
    "primary", "secondary", "accent", "warning", "error", "success",
    "foreground", "background", "surface", "panel", "boost",
)  # fmt: skip
OTHER_KEYS = ("name", "dark", "luminosity_spread", "text_alpha", "variables")
NON_COLOUR_VARIABLE_SUFFIXES = ("text-style",)
"""Variables whose values are styles (`bold`, `none`), not colours; not colour-checked."""


@dataclass
class ThemeLoad:
    """The themes that loaded, and the files that did not (with why)."""

    themes: dict[str, Theme] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    """One sentence per rejected file, naming the file and the fix."""


def parse_theme(data: dict[str, Any], origin: str) -> Theme:
    """Build a Theme from a theme file's data; raises ValueError with one sentence on bad input."""
    unknown = sorted(set(data) - set(COLOUR_KEYS) - set(OTHER_KEYS))
    if unknown:
        raise ValueError(
            f"{origin}: unknown key `{unknown[0]}`; allowed keys are "
            f"{', '.join(COLOUR_KEYS + OTHER_KEYS)}."
        )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f'{origin}: `name` is missing; add name = "my-theme".')
    if "primary" not in data:
        raise ValueError(f"{origin}: `primary` is missing; every theme needs a primary colour.")
    colours: dict[str, str] = {}
    for key in COLOUR_KEYS:
        if key in data:
            colours[key] = _checked_colour(data[key], f"{origin}: `{key}`")
    variables = data.get("variables", {})
    if not isinstance(variables, dict):
        raise ValueError(f'{origin}: `variables` must be a table of name = "colour".')
    for key, value in variables.items():
        if not isinstance(value, str):
            raise ValueError(f"{origin}: variable `{key}` must be a string.")
        if not key.endswith(NON_COLOUR_VARIABLE_SUFFIXES):
            _checked_colour(value, f"{origin}: variable `{key}`")
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise ValueError(f"{origin}: `dark` must be true or false.")
    extra = {k: float(data[k]) for k in ("luminosity_spread", "text_alpha") if k in data}
    return Theme(name=name.strip(), dark=dark, variables=dict(variables), **colours, **extra)


def _checked_colour(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f'{where} must be a colour string such as "#1e90ff".')
    try:
        Color.parse(value)
    except ColorParseError:
        raise ValueError(
            f"{where} is not a colour ({value!r}); use #RRGGBB, rgb(…) or a colour name."
        ) from None
    return value


def load_theme_file(path: Path | Any) -> Theme:
    """Read and validate one theme file (a Path or an importlib.resources Traversable)."""
    origin = str(getattr(path, "name", path))
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{origin}: not valid TOML ({error}).") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{origin}: cannot be read ({error}).") from None
    return parse_theme(data, origin)


def bundled_theme_files() -> list[Any]:
    """The theme files shipped in the `themes` package, sorted by name."""
    folder = resources.files("themes")
    return sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)


def user_theme_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def load_themes(files: Iterable[Any]) -> ThemeLoad:
    """Load every file; later files with the same theme name replace earlier ones."""
    result = ThemeLoad()
    for file in files:
        try:
            theme = load_theme_file(file)
        except ValueError as error:
            result.failures.append(f"Theme file {error} It was skipped.")
            continue
        result.themes[theme.name] = theme
    return result


def load_all_themes(user_folder: Path) -> ThemeLoad:
    """Bundled themes, then the user's (which may override a bundled one by name)."""
    return load_themes([*bundled_theme_files(), *user_theme_files(user_folder)])
