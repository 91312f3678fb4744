"""Loading the samples imports neither Textual nor the MCP SDK (every layer: test_layers.py), and
the introspection files run on their own in another interpreter (standard library + the CLI's framework only)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import workbench.loaders

LOADERS_DIR = Path(workbench.loaders.__file__).parent


def _modules_after(code: str) -> set[str]:
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def _top_level(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_loading_the_samples_imports_neither_textual_nor_mcp() -> None:
    modules = _modules_after(
        "from workbench.loaders import load\n"
        "for t in ('sample_clis.deployctl:cli', 'sample_clis.pkgtool:main'):\n"
        "    load(t)"
    )
    assert not {"textual", "mcp"} & _top_level(modules)


def test_introspection_runs_as_a_loose_script_without_workbench(tmp_path: Path) -> None:
    """What workbench.loaders.foreign relies on: copy the files it ships, run them in isolation."""
    from workbench.loaders.foreign import SHIPPED_FILES

    for name in SHIPPED_FILES:
        (tmp_path / name).write_text((LOADERS_DIR / name).read_text())
    repo = Path(__file__).resolve().parents[1]
    code = (
        f"import sys; sys.path.insert(0, {str(tmp_path)!r}); sys.path.append({str(repo)!r}); "
        "import introspect; sys.exit(introspect.main(sys.argv[1:]))"
    )
    for target, loader, commands in (
        ("sample_clis.deployctl:cli", "click", 15),
        ("sample_clis.pkgtool:main", "argparse", 9),
    ):
        done = subprocess.run(
            [sys.executable, "-c", code, target],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        assert result["loader"] == loader

        def count(node: dict) -> int:
            return 1 + sum(count(c) for c in node.get("subcommands", []))

        assert count(result["tree"]["root"]) == commands
        from workbench.model.tree import CommandTree

        CommandTree.from_data(result["tree"])
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            code.replace(
                "import introspect;", "import introspect; assert 'workbench' not in sys.modules;"
            ),
            "nope:x",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert (
        probe.returncode == 1 and "cannot import module nope" in json.loads(probe.stdout)["error"]
    )
