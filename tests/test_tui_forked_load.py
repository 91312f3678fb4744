"""The TARGET loaded in a forked child (`ForkedLoad`, while the TUI imports) opens exactly what
the in-process load opens: an equal tree and config, the same progress lines, the same
one-sentence errors; a child that dies without answering is one sentence too, it never writes
on the terminal, and no child is left behind, also when the user quits while it loads (issue 13)."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import anyio
import pytest
from tui_support import settle

from bench.generate import write_click_module
from workbench.model.errors import LoadError
from workbench.tui import forked_load
from workbench.tui.app import make_app
from workbench.tui.forked_load import ForkedLoad, forking_allowed
from workbench.tui.loading import OpenRequest, open_workspace

pytestmark = pytest.mark.skipif(not forking_allowed(), reason="the forked load is Linux-only")

SAMPLES = ["sample_clis.deployctl:cli", "sample_clis.notes:app", "sample_clis.pkgtool:build_parser"]


def _forked(request: OpenRequest) -> ForkedLoad:
    forked = ForkedLoad.start(request)
    assert forked is not None
    return forked


def _gone(pid: int) -> bool:
    """The child has ended and been reaped (no zombie left either)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _module(folder: Path, name: str, source: str, monkeypatch) -> str:
    (folder / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    return f"{name}:cli"


@pytest.mark.parametrize("target", [*SAMPLES, "generated"])
def test_a_forked_load_opens_what_the_in_process_load_opens(
    tmp_path: Path, monkeypatch, target: str
) -> None:
    if target == "generated":  # a click CLI of the bench's shape, 120 commands
        monkeypatch.syspath_prepend(str(tmp_path))
        target = write_click_module(tmp_path, "forked_gen_120", 120)
    request = OpenRequest(target=target, output=str(tmp_path / "mcp.toml"))
    here: list[str] = []
    there: list[str] = []
    expected = open_workspace(request, progress=here.append)
    forked = _forked(request)
    opened = forked.opened(progress=there.append)
    assert _gone(forked.pid)
    assert opened.workspace.tree == expected.workspace.tree  # type: ignore[attr-defined]
    assert opened.workspace.config == expected.workspace.config  # type: ignore[attr-defined]
    assert opened.notices == expected.notices
    assert there == here


@pytest.mark.parametrize(
    "source",
    [
        None,  # a module that does not exist
        "raise RuntimeError('no database configured')\n",
        "import click\ncli = 42\n",
    ],
)
def test_a_forked_load_that_fails_says_what_the_in_process_load_says(
    tmp_path: Path, monkeypatch, source: str | None
) -> None:
    target = (
        "forked_missing_module:cli"
        if source is None
        else _module(tmp_path, f"forked_fails_{abs(hash(source))}", source, monkeypatch)
    )
    request = OpenRequest(target=target, output=str(tmp_path / "mcp.toml"))
    with pytest.raises(LoadError) as in_process:
        open_workspace(request)
    forked = _forked(request)
    with pytest.raises(LoadError) as in_child:
        forked.opened()
    assert str(in_child.value) == str(in_process.value)
    assert _gone(forked.pid)


def test_a_child_that_dies_without_answering_is_one_sentence(tmp_path: Path, monkeypatch) -> None:
    # A CLI whose import ends the process: in process this would end the workbench itself.
    target = _module(tmp_path, "forked_exits", "import os\nos._exit(3)\n", monkeypatch)
    forked = _forked(OpenRequest(target=target, output=str(tmp_path / "mcp.toml")))
    with pytest.raises(LoadError) as failed:
        forked.opened()
    message = str(failed.value)
    assert message.startswith(f"could not open {target}: the process loading it ended")
    assert "exit status 3" in message and "\n" not in message
    assert _gone(forked.pid)


def test_the_child_never_writes_on_the_terminal(tmp_path: Path, monkeypatch, capfd) -> None:
    source = """\
        import os, sys
        import click
        os.write(1, b"noise on fd 1\\n")
        os.write(2, b"noise on fd 2\\n")
        print("noise on sys.stdout")

        @click.command()
        def cli():
            "Quiet."
        """
    target = _module(tmp_path, "forked_noisy", source, monkeypatch)
    forked = _forked(OpenRequest(target=target, output=str(tmp_path / "mcp.toml")))
    forked.opened()
    out, err = capfd.readouterr()
    assert "noise" not in out + err


def test_closing_while_it_loads_ends_and_reaps_the_child(tmp_path: Path, monkeypatch) -> None:
    # A load that would take a minute (a CLI that blocks at import): the user quits meanwhile.
    target = _module(tmp_path, "forked_slow", "import time\ntime.sleep(60)\n", monkeypatch)
    forked = _forked(OpenRequest(target=target, output=str(tmp_path / "mcp.toml")))
    assert not _gone(forked.pid)
    forked.close()
    assert _gone(forked.pid)
    forked.close()  # idempotent


def test_a_config_to_reopen_is_not_forked(tmp_path: Path) -> None:
    assert ForkedLoad.start(OpenRequest(target=str(tmp_path / "mcp.toml"))) is None


def test_the_switch_turns_it_off(monkeypatch) -> None:
    monkeypatch.setenv("MCP_WORKBENCH_FORKED_LOAD", "off")
    assert ForkedLoad.start(OpenRequest(target=SAMPLES[0])) is None


@pytest.mark.anyio
async def test_the_app_opens_on_the_forked_load(tmp_path: Path) -> None:
    request = OpenRequest(target=SAMPLES[0], output=str(tmp_path / "mcp.toml"))
    expected = open_workspace(request).workspace
    forked = _forked(request)
    app = make_app(request, config_dir=tmp_path / "user", forked_load=forked)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        main = app.main_screen
        assert main is not None and main.workspace.tree == expected.tree  # type: ignore[attr-defined]
    assert _gone(forked.pid)


@pytest.mark.parametrize(
    ("load", "switch", "forks"),
    [
        (0.9, "", True),  # an idle two-core machine: one core is the child's
        (1.4, "", True),
        (1.6, "", False),  # less than half a core to spare: the child would only queue
        (20.0, "", False),
        (20.0, "on", True),
        (0.0, "off", False),
    ],
)
def test_it_forks_only_with_a_core_to_spare(monkeypatch, load, switch, forks) -> None:
    monkeypatch.setattr(forked_load.os, "sched_getaffinity", lambda _pid: {0, 1})
    monkeypatch.setattr(forked_load.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setenv("MCP_WORKBENCH_FORKED_LOAD", switch)
    assert forked_load.worth_forking() is forks


@pytest.mark.anyio
async def test_quitting_while_it_loads_ends_the_child_and_is_no_failure(
    tmp_path: Path, monkeypatch
) -> None:
    target = _module(tmp_path, "forked_slow_app", "import time\ntime.sleep(60)\n", monkeypatch)
    request = OpenRequest(target=target, output=str(tmp_path / "mcp.toml"))
    forked = _forked(request)
    app = make_app(request, config_dir=tmp_path / "user", forked_load=forked)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
    with anyio.fail_after(20):  # not the minute the CLI would take: the child was ended
        await app.workers.wait_for_complete()  # the loading worker got its (empty) answer
    assert _gone(forked.pid)
    assert app.load_error is None
