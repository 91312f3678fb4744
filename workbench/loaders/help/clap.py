"""clap (Rust: cargo, ripgrep, uv, ruff) help texts.

`Usage: x [OPTIONS] [COMMAND]`, `Commands:` (with `build, b` aliases or `[aliases: b]`),
`Arguments:` (`<FILE>...` required and variadic, `[PATH]` optional), `Options:` and grouped
option headings (`Package Selection:`), `-f, --file <FILE>` placeholders (`<N>` is an integer,
`<PATH>` a path), `-v, --verbose...` (a count), `--[no-]x` (negatable), and the bracketed
annotations `[default: x]`, `[possible values: a, b]`, `[env: X=]`. clap 2's upper-case
`USAGE:`/`FLAGS:`/`OPTIONS:`/`ARGS:`/`SUBCOMMANDS:` headings read the same way.
"""

from __future__ import annotations

from workbench.loaders.help.generic import Rules

SIGNS = (
    (r"\s{2,}Print help( \(see more with '--help'\))?\s*$", 3),
    (r"\s{2,}Print version\s*$", 3),
    (r"\[possible values: ", 2),
    (r"^\s+(-\w, )?--[\w-]+ <[\w-]+>", 2),
    (r"^Arguments:\s*$", 1),
    (r"^USAGE:\s*$", 1),
    (r"^SUBCOMMANDS:\s*$", 2),
    (r"\[env: [A-Z_]+=", 2),
)
"""The marks clap leaves (pattern, weight), for `detect.py`."""

RULES = Rules(name="clap")
