"""The errors users see: each carries one sentence saying what is wrong, where, and the fix.

`cli.py` prints `str(error)` to stderr and exits 2 for any `WorkbenchError`; nothing else
of it (no traceback) reaches the user.
"""


class WorkbenchError(Exception):
    """Bad usage or bad input; the message is shown to the user as is."""


class ConfigError(WorkbenchError):
    """`mcp.toml` is malformed or names something that does not exist."""


class LoadError(WorkbenchError):
    """A TARGET could not be loaded into a command tree."""
