"""A help that says how it is asked (docs/crawler.md, "Round 37"): python-fire's `INFO:
Showing help with the command 'det -- --help'.` over its root help, met on sahi and alpaca_eval,
whose commands taking any keyword run with `--help` as one.

The help texts are made up (a CLI named `det`) in the shape fire 0.7 prints.
"""

from __future__ import annotations

import re

from help_support import FIXTURES

from workbench.loaders.help import fetch
from workbench.loaders.help.run import HelpCall

ROOT = """INFO: Showing help with the command 'det -- --help'.

NAME
    det

SYNOPSIS
    det COMMAND

COMMANDS
    COMMAND is one of the following:

     predict
       Performs prediction for all present images in given folder.
"""

EVALUATE = (FIXTURES / "fire_det_evaluate.txt").read_text()
"""`det evaluate --help` in the shape fire 0.7 prints (made up)."""


def test_a_command_is_asked_for_help_the_way_its_program_said(monkeypatch):
    asked: list[tuple[str, ...]] = []

    def run(argv, timeout_s, cwd=None):
        asked.append(tuple(argv))
        if argv[-2:] == ["--", "--help"]:
            return HelpCall(tuple(argv), stderr=EVALUATE.replace("evaluate", "predict"))
        return HelpCall(tuple(argv), stderr="ERROR - No valid input given to predict\n")

    monkeypatch.setattr(fetch, "run_help", run)
    hint = re.search(r"command '(det) -- --help'", ROOT)
    assert hint
    fetched = fetch.fetch_help("det", ["predict"], [ROOT], 10)
    assert asked[0] == ("det", "predict", "--", "--help")
    assert fetched.text and "det predict -" in fetched.text
    # without the program's word on it, `--` is never asked (it would run a command)
    asked.clear()
    fetch.fetch_help("det", ["predict"], [ROOT.split("\n", 1)[1]], 10)
    assert all("--" not in argv[:-1] for argv in asked)
