"""What every row shares: a scratch folder, how many repeats, and files built once per run.

`Context.sample_config()` exports the bundled deployctl sample with the real `export` command
(the config a user would serve); `Context.generated_config(n)` writes a generated n-tool config;
`Context.listing_files(config)` writes what `tools` and `prompt` print for it, which the
reference server reads. Each is built once and reused by the rows that need it.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bench.generate import generated_tree, write_config

BENCH_DIR = Path(__file__).resolve().parent
MINIMAL_SERVER = BENCH_DIR / "minimal_server.py"


def workbench_argv(*args: str) -> list[str]:
    """How a host spawns `mcp-workbench ARGS`: this interpreter running the console script (the
    reference server is spawned the same way: this interpreter running its script)."""
    script = shutil.which("mcp-workbench", path=str(Path(sys.executable).parent))
    if script is None:
        return [
            sys.executable,
            "-c",
            "from workbench.cli import main; raise SystemExit(main())",
            *args,
        ]
    return [sys.executable, script, *args]


@dataclass
class Context:
    workdir: Path
    repeat: int
    """Timed runs per side of a row (each row may scale it)."""
    quick: bool = False
    explicit: bool = False
    """The rows were named with --only (a slow row then runs even with --quick)."""
    _built: dict = field(default_factory=dict)

    def serve_argv(self, config: Path) -> list[str]:
        """How the rows spawn `mcp-workbench serve CONFIG`."""
        return workbench_argv("serve", str(config))

    def sample_home(self) -> Path:
        """The sample CLIs' state folder for this run (WORKBENCH_SAMPLE_HOME)."""
        home = self.workdir / "sample-home"
        home.mkdir(exist_ok=True)
        return home

    def sample_config(self) -> Path:
        if "sample" not in self._built:
            from workbench.cli import main

            path = self.workdir / "deployctl.toml"
            with contextlib.redirect_stderr(io.StringIO()):
                code = main(["export", "sample_clis.deployctl:cli", "-o", str(path)])
            if code != 0:
                raise RuntimeError("exporting the deployctl sample failed")
            self._built["sample"] = path
        return self._built["sample"]

    def generated_config(self, tools: int) -> Path:
        key = ("generated", tools)
        if key not in self._built:
            self._built[key] = write_config(
                generated_tree(tools), self.workdir / f"gen-{tools}.toml"
            )
        return self._built[key]

    def listing_files(self, config: Path) -> tuple[Path, Path]:
        """(tools.json, prompt.txt) as `mcp-workbench tools` / `prompt` print them for `config`."""
        key = ("listing", config)
        if key not in self._built:
            import json

            from workbench.model.surface import surface_from_file

            _, surface = surface_from_file(config)
            tools = config.with_suffix(".tools.json")
            tools.write_text(json.dumps(surface.tools_list()), encoding="utf-8")
            prompt = config.with_suffix(".prompt.txt")
            prompt.write_text(surface.prompt, encoding="utf-8")
            self._built[key] = (tools, prompt)
        return self._built[key]
