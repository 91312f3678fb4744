"""`run_help` hands on the whole help text, however far behind its pipe readers are."""

from __future__ import annotations

import sys
import threading

from workbench.loaders.help import run as run_module


def test_a_help_text_is_never_cut_when_its_reader_thread_lags(tmp_path, monkeypatch):
    # On a busy machine (the suite on both cores, 16 crawl threads) a reader thread can be
    # seconds behind a CLI that already exited; the text must still arrive whole (this cut
    # was why two crawls of one recording could differ). The lag is simulated: each reader
    # waits 3 s before it drains its pipe.
    script = tmp_path / "cli.py"
    script.write_text(
        "import sys\nsys.stdout.write('Usage: cli [OPTIONS]\\n' + '  --opt  an option\\n' * 2000)\n"
    )
    original = run_module._CappedReader.run
    lag = threading.Event()

    def lagging(self):
        lag.wait(3.0)  # never set: a reader starved for 3 s, longer than the old 2 s join
        original(self)

    monkeypatch.setattr(run_module._CappedReader, "run", lagging)
    call = run_module.run_help([sys.executable, str(script)], 30.0)
    assert not call.timed_out and call.exit_code == 0
    assert call.stdout.count("--opt") == 2000


def test_a_help_on_stderr_is_read_when_stdout_held_only_log_lines(tmp_path):
    # a program that logs to stdout before printing its help to stderr (`…: CMP info: using
    # section(s) …` over `Usage: cmp [options]`): the help is the stream naming a usage
    script = tmp_path / "cli.py"
    script.write_text(
        "import sys\n"
        "print('main:app.c:12: INFO: using section(s) of the configuration file')\n"
        "sys.stdout.flush()\n"
        "sys.stderr.write('Usage: cli [options]\\nValid options are:\\n -help  Display this\\n')\n"
    )
    call = run_module.run_help([sys.executable, str(script)], 30.0)
    assert call.text.startswith("Usage: cli [options]")
    assert "-help  Display this" in call.text


def test_stdout_stays_the_help_when_both_streams_or_neither_name_a_usage():
    both = run_module.HelpCall(("cli",), stdout="Usage: cli [-v]\n", stderr="usage: warning\n")
    assert both.text == "Usage: cli [-v]\n"
    neither = run_module.HelpCall(("cli",), stdout="  -v  verbose\n", stderr="deprecated\n")
    assert neither.text == "  -v  verbose\n"
    only_stderr = run_module.HelpCall(("cli",), stdout="  \n", stderr="  -v  verbose\n")
    assert only_stderr.text == "  -v  verbose\n"
