"""A CLI's default value as JSON data, the one rule the click, argparse and optparse loaders share.

Standard library only: `loaders/foreign.py` ships this file, with the loaders, into another
Python environment (see `SHIPPED_FILES` there).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from datetime import date, datetime
from enum import Enum
from typing import Any


def _never(value: Any) -> bool:
    return False


def json_default(
    value: Any, *, is_unset: Callable[[Any], bool] = _never, enum_by_name: bool = False
) -> Any:
    """`value` as JSON data, or None when there is no default to show: unset (`is_unset`, each
    framework's own marker), a callable (computed at run time), an empty or partly unrepresentable
    list, a float that is not finite. An Enum is its name when the CLI takes names on the command
    line (`enum_by_name`), else its value; a path is its text; a date its ISO form; anything else
    its `str()`."""
    if value is None or is_unset(value):
        return None
    if isinstance(value, Enum):
        return value.name if enum_by_name else json_default(value.value, is_unset=is_unset)
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (list, tuple)):
        items = [json_default(v, is_unset=is_unset, enum_by_name=enum_by_name) for v in value]
        return items if items and all(i is not None for i in items) else None
    if callable(value):
        return None
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return str(value)
