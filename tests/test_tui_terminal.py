"""The installed `mcp-workbench` in a real terminal (a pseudo-terminal): open the sample, exclude
a command with the keyboard, save, quit, reopen the file, quit. Drives the real entry point,
Textual's real driver and the real key decoding, as a user at a terminal would."""

from __future__ import annotations

import os
import re
import select
import signal
import struct
import sys
import time
from pathlib import Path

import pytest

from workbench.model.config_file import load_config

pty = pytest.importorskip("pty")
SCRIPT = Path(sys.executable).parent / "mcp-workbench"
ESCAPES = re.compile(rb"\x1b\[[0-9;?<>]*[a-zA-Z]|\x1b\][^\x07]*\x07")


class Terminal:
    """One `mcp-workbench` process on a 150×45 pseudo-terminal."""

    def __init__(self, args: list[str], cwd: Path, config_dir: Path) -> None:
        import fcntl
        import termios

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: size its terminal, then become the app
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 150, 0, 0))
            os.chdir(cwd)
            os.environ.update(
                TERM="xterm-256color",
                COLUMNS="150",
                LINES="45",  # pytest may set 80×24
                MCP_WORKBENCH_CONFIG_DIR=str(config_dir),
            )
            os.execv(str(SCRIPT), [str(SCRIPT), *args])
        self.output = bytearray()

    def _read(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    self.output.extend(os.read(self.fd, 65536))
                except OSError:
                    return

    def wait_for(self, text: str, limit: float = 30) -> bool:
        """Whether `text` appears on screen (after what was already read) within `limit` s."""
        start, end = len(self.output), time.monotonic() + limit
        while time.monotonic() < end:
            self._read(0.1)
            plain = ESCAPES.sub(b"", bytes(self.output[start:])).replace("\u00a0".encode(), b" ")
            if text.encode() in plain:
                return True
        return False

    def pause(self, seconds: float) -> None:
        self._read(seconds)

    def press(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def exit_code(self, limit: float = 15) -> int | None:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            self._read(0.1)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        return None


def test_open_exclude_save_quit_and_reopen_in_a_real_terminal(tmp_path: Path, sample_home: Path):
    config_dir = tmp_path / "user-config"
    app = Terminal([], tmp_path, config_dir)
    assert app.wait_for("not saved yet"), "the status line never showed the computed surface"
    app.wait_for("served as tool", limit=5)  # the first served command is highlighted
    app.pause(0.5)  # let the tree cursor settle on it
    app.press(b"x")  # exclude it
    assert app.wait_for("unsaved")
    app.press(b"\x13")  # ctrl+s
    assert app.wait_for("Saved")
    app.press(b"\x11")  # ctrl+q: nothing unsaved, so no question
    assert app.exit_code() == 0
    saved = load_config(tmp_path / "mcp.toml")
    assert saved.commands["deployctl deploy"].exclude is True

    again = Terminal(["mcp.toml"], tmp_path, config_dir)
    assert again.wait_for("saved")
    again.press(b"\x11")
    assert again.exit_code() == 0
    assert load_config(tmp_path / "mcp.toml").commands["deployctl deploy"].exclude is True
