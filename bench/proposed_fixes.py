"""`serve` with the runtime fixes the bench proposes, applied as patches, to measure their gain.

The runtime (workbench/runtime, workbench/commands/serve.py) belongs to another engineer; these
fixes are proposals (docs/performance.md names the file, function and change of each). Run as
`python bench/proposed_fixes.py serve CONFIG` (what `python -m bench --proposed` spawns instead
of `mcp-workbench serve`), it applies them to the imported modules and runs the real `serve`:

1. tools/list answered from the first answer's wire form: the SDK validates and re-serializes
   the whole result on every request (a server middleware short-circuits repeats).
2. No metaschema check of every tool's input and output schema at startup: the shared
   outputSchema was checked once per tool, and build_surface already checks the only
   schemas a user can write (overrides); the cheap root-object check stays.
3. Argument validators built on a tool's first call, not for every tool at startup.
4. The surface built without token counts (serve never shows them).

Delete this file once the runtime has the fixes it wants.
"""

from __future__ import annotations

import sys
from typing import Any


class CachedToolList:
    """A server middleware answering repeated `tools/list` requests with the first answer's
    wire dict, per protocol version (the list never changes while serving)."""

    def __init__(self) -> None:
        self.answers: dict[str, Any] = {}

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method != "tools/list" or (ctx.params or {}).get("cursor") is not None:
            return await call_next(ctx)
        answer = self.answers.get(ctx.protocol_version)
        if answer is None:
            answer = self.answers[ctx.protocol_version] = await call_next(ctx)
        return answer


class LazyChecker:
    """Stands in for ArgumentChecker: builds the real one on the tool's first call."""

    def __init__(self, tool_name: str, schema: dict[str, Any]) -> None:
        self._args = (tool_name, schema)
        self._real: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._real is None:
            from workbench.runtime.validate import ArgumentChecker

            self._real = ArgumentChecker(*self._args)
        return getattr(self._real, name)


def apply() -> None:
    import workbench.model.surface as surface
    import workbench.runtime.calls as calls
    import workbench.runtime.server as server

    build_server = server.build_server

    def build_server_with_cache(*args: Any, **kwargs: Any) -> Any:
        built = build_server(*args, **kwargs)
        built.middleware.append(CachedToolList())
        return built

    def root_check_only(name: str, key: str, schema: Any) -> None:
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise server.ServeError(f"tool `{name}`: its {key} must be a JSON Schema object with \"type\": \"object\" at the root.")

    surface_from_file = surface.surface_from_file
    server.build_server = build_server_with_cache
    server._check_schema = root_check_only
    calls.ArgumentChecker = LazyChecker
    surface.surface_from_file = lambda path: surface_from_file(path, token_counts=False)


if __name__ == "__main__":
    apply()
    from workbench.cli import main

    raise SystemExit(main(sys.argv[1:]))
