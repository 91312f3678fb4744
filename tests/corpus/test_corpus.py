"""The loader corpus (issue 12): our loaders on 70 real CLIs, against truth nobody here wrote.

Two ways, as users meet them:
- recorded: the help crawler on every CLI's recorded help texts (replayed: no network, no
  real CLI needed; always runs);
- live: `workbench.loaders.load(path)` on the Python CLIs installed by `.ci/run` in
  `.ci/corpus-venv` (our exact loaders through the foreign-interpreter introspection, or the
  help fallback); skipped when not installed.

The floors below are what the loaders achieve today (the two witnesses, exact optparse and
multi-phase argparse, the crawler's rules). They only ever go up: raise them when a loader fix
lands. The issue's targets are in
ISSUE_TARGETS, for reference; `python -m bench.corpus --live` prints the whole table.
"""

from __future__ import annotations

import functools
import json
import subprocess

import pytest

from corpus.manifest import CORPUS
from corpus.paths import TRUTH_DIR
from corpus.replay import install_replay, recording_path
from corpus.run import corpus_clis, score_live, score_recorded
from corpus.score import Score, micro, score_tree, table

# ---------------------------------------------------------------- thresholds (one block)
ISSUE_TARGETS = {
    "commands_recall": 0.97,
    "flags_recall": 0.97,
    "commands_precision": 0.998,
    "flags_precision": 0.998,
    "value_type": 0.97,
}

RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 0.998,
    "flags_precision": 0.997,
    "flags_recall": 0.992,  # resid16 0.991 → 0.992 (docs/crawler.md, residual misses)
    "value_type": 0.986,
}
"""With the held-out set of round 12 in (its figures before any fix for it are in docs/loaders.md).
Value type 0.977 → 0.986 by round 15's type rules (docs/crawler.md, "Value types from the text")."""
LIVE_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 0.998,  # 0.999 before radon's flake8 plugin shared the venv (LIVE_FLOORS)
    "flags_recall": 0.999,
    "value_type": 0.987,
}

# per CLI: (commands precision, commands recall, flags precision, flags recall), floors
RECORDED_FLOORS: dict[str, tuple[float, float, float, float]] = {
    "sqlite-utils": (1.000, 1.000, 1.000, 1.000),
    "cookiecutter": (1.000, 1.000, 1.000, 1.000),
    "mkdocs": (1.000, 1.000, 1.000, 1.000),
    "pip-compile": (1.000, 1.000, 1.000, 1.000),
    "sqlfluff": (1.000, 1.000, 1.000, 1.000),
    "kedro": (1.000, 1.000, 1.000, 1.000),
    "cruft": (1.000, 1.000, 1.000, 1.000),
    "hf": (1.000, 1.000, 1.000, 1.000),
    "pre-commit": (1.000, 1.000, 1.000, 1.000),
    "yamllint": (1.000, 1.000, 1.000, 0.857),
    "codespell": (1.000, 1.000, 1.000, 1.000),
    "mypy": (1.000, 1.000, 1.000, 1.000),
    "flake8": (1.000, 1.000, 1.000, 1.000),
    "virtualenv": (1.000, 1.000, 1.000, 1.000),
    "tox": (1.000, 1.000, 1.000, 1.000),
    "twine": (1.000, 1.000, 1.000, 1.000),
    "pycodestyle": (1.000, 1.000, 1.000, 1.000),
    "yt-dlp": (1.000, 1.000, 1.000, 1.000),
    "coverage": (1.000, 1.000, 1.000, 1.000),
    "hugo": (1.000, 1.000, 1.000, 1.000),
    "gh": (1.000, 0.993, 1.000, 1.000),
    "rclone": (1.000, 1.000, 1.000, 1.000),
    "restic": (1.000, 1.000, 1.000, 1.000),
    "fd": (1.000, 1.000, 1.000, 1.000),  # circular: its own fish file is both truth and witness
    "tldr": (1.000, 1.000, 1.000, 1.000),
    "cp": (1.000, 1.000, 1.000, 1.000),
    "sort": (1.000, 1.000, 1.000, 1.000),
    "du": (1.000, 1.000, 1.000, 1.000),
    "date": (1.000, 1.000, 1.000, 1.000),
    "find": (1.000, 1.000, 1.000, 0.884),  # resid16: man-page aliases, single-dash agreement
    "diff": (1.000, 1.000, 1.000, 1.000),
    "wget": (1.000, 1.000, 0.978, 0.938),
    "curl": (1.000, 1.000, 1.000, 0.990),  # resid16: `--no-eprt is an alias for --disable-eprt`
    "rsync": (1.000, 1.000, 1.000, 0.971),
    "zip": (1.000, 1.000, 1.000, 0.931),
    "jq": (1.000, 1.000, 1.000, 0.957),  # 0.950 while truth lost 3 of fish's `\'` lines
    "ssh": (1.000, 1.000, 1.000, 1.000),
    "svgo": (1.000, 1.000, 1.000, 1.000),
    "knex": (1.000, 1.000, 1.000, 1.000),
    "terser": (1.000, 1.000, 1.000, 1.000),
    "json-server": (1.000, 1.000, 1.000, 1.000),
    "gulp": (1.000, 1.000, 1.000, 1.000),
    # held out (round 12): first scored before any fix for them (docs/loaders.md); raised since
    "tar": (1.000, 1.000, 0.985, 0.985),
    "grep": (1.000, 1.000, 1.000, 0.955),
    "gzip": (1.000, 1.000, 1.000, 1.000),
    "xz": (1.000, 1.000, 1.000, 0.971),  # 0.968 while truth lost 3 of fish's `\'` lines
    # zstd's man page documents options fish 3.6's file lacks (`--asyncio`, `--exclude-compressed`,
    # `--target-compressed-block-size`, `--compress-literals`, `--no-row-match-finder`, `--no-pass-through`):
    # truth lag, scored as invented; precision 0.750 -> 0.737, flags recall 0.900 -> 0.933
    "zstd": (1.000, 1.000, 0.737, 0.900),
    "make": (1.000, 1.000, 0.909, 1.000),
    "strace": (1.000, 1.000, 0.900, 0.818),
    "unzip": (1.000, 1.000, 1.000, 0.880),
    "patch": (1.000, 1.000, 1.000, 1.000),  # rows19: `-p NUM  --strip=NUM`, `-c  or  --context`
    "file": (1.000, 1.000, 1.000, 1.000),
    "less": (1.000, 1.000, 1.000, 1.000),
    "lsof": (1.000, 1.000, 1.000, 0.333),
    "bzip2": (1.000, 1.000, 1.000, 1.000),
    "xargs": (1.000, 1.000, 1.000, 1.000),
    "nl": (1.000, 1.000, 1.000, 1.000),
    "ln": (1.000, 1.000, 1.000, 1.000),
    "black": (1.000, 1.000, 1.000, 1.000),
    "towncrier": (1.000, 1.000, 1.000, 1.000),
    "datasette": (1.000, 1.000, 1.000, 1.000),
    "isort": (1.000, 1.000, 0.990, 1.000),
    "pipx": (1.000, 1.000, 1.000, 1.000),
    "http": (1.000, 1.000, 1.000, 1.000),
    "csvcut": (1.000, 1.000, 1.000, 1.000),
    "csvsql": (1.000, 1.000, 1.000, 1.000),
    "bandit": (1.000, 1.000, 1.000, 1.000),
    "autopep8": (1.000, 1.000, 1.000, 1.000),
    "flit": (1.000, 1.000, 1.000, 1.000),
    "sphinx-build": (1.000, 1.000, 1.000, 1.000),
    # held out (round 14): as first scored, before any fix for them (docs/loaders.md)
    "uvicorn": (1.000, 1.000, 1.000, 1.000),
    "flask": (1.000, 1.000, 1.000, 1.000),
    "hatch": (1.000, 1.000, 1.000, 1.000),
    "bump-my-version": (1.000, 1.000, 1.000, 1.000),
    "fastapi": (1.000, 1.000, 1.000, 1.000),
    "alembic": (1.000, 1.000, 1.000, 1.000),
    "gunicorn": (1.000, 1.000, 1.000, 1.000),
    "cz": (1.000, 1.000, 1.000, 0.986),
    "yapf": (1.000, 1.000, 1.000, 1.000),
    "mdformat": (1.000, 1.000, 1.000, 1.000),
    "pip": (1.000, 1.000, 1.000, 1.000),
    "rst2html": (1.000, 1.000, 1.000, 1.000),
    "nyc": (1.000, 1.000, 1.000, 1.000),
    "podman": (1.000, 1.000, 1.000, 1.000),
    "skopeo": (1.000, 1.000, 1.000, 1.000),
    # git-lfs: the recording carries the Go/cobra sign now (round 15): its commands come from
    # cobra's engine; `install hooks`, `uninstall hooks` are named by nothing it reads
    "git-lfs": (1.000, 0.958, 1.000, 1.000),
    "caddy": (1.000, 1.000, 1.000, 1.000),
    "hcloud": (1.000, 1.000, 0.996, 1.000),
    "lsd": (1.000, 1.000, 1.000, 1.000),
    "exa": (1.000, 1.000, 1.000, 0.949),
    "ls": (1.000, 1.000, 1.000, 0.962),
    "tail": (1.000, 1.000, 1.000, 1.000),
    "cut": (1.000, 1.000, 1.000, 1.000),
    "df": (1.000, 1.000, 1.000, 1.000),
    "sed": (1.000, 1.000, 1.000, 0.900),
    "tree": (1.000, 1.000, 1.000, 1.000),
    "htop": (
        1.000,
        1.000,
        1.000,
        1.000,
    ),  # 0.833 before round 28: htop(1)'s `-C --no-color --no-colour`
    "ncdu": (1.000, 1.000, 1.000, 1.000),
    "cleancss": (1.000, 1.000, 1.000, 1.000),  # crawls since round 14's terminal retry
    # tuned for (this stop): Go programs of kingpin and urfave/cli, truth from their completion
    "promtool": (1.000, 1.000, 1.000, 1.000),
    "amtool": (1.000, 1.000, 0.927, 1.000),  # `config routes --config.file`: truth lag (manifest)
    "ctr": (1.000, 1.000, 0.996, 1.000),  # `snapshots usage -b`: truth has long names only
    # held out (round 16): as first scored, before any fix for them (docs/loaders.md, "Round 16")
    "buildah": (1.000, 1.000, 1.000, 1.000),
    "dlv": (1.000, 1.000, 1.000, 1.000),
    "etcdctl": (1.000, 1.000, 1.000, 1.000),
    "lxc": (1.000, 1.000, 1.000, 0.995),
    "gdu": (1.000, 1.000, 1.000, 1.000),
    "sq": (1.000, 1.000, 1.000, 1.000),
    "prometheus": (1.000, 1.000, 1.000, 0.667),
    "prometheus-alertmanager": (1.000, 1.000, 1.000, 0.517),
    "rg": (1.000, 1.000, 1.000, 0.994),  # rows16: `-., --hidden`
    "fzf": (1.000, 1.000, 1.000, 0.945),  # rows16: `--no-extended to disable`; fish `\'` truth
    "pandoc": (1.000, 1.000, 1.000, 1.000),
    "ack": (1.000, 1.000, 1.000, 1.000),  # rows16: Getopt::Long's `--[no]name`
    "nmap": (1.000, 1.000, 1.000, 0.991),  # rows16: `-sL: …` rows; resid16: its page
    "ncat": (1.000, 1.000, 0.977, 1.000),
    "lsblk": (1.000, 1.000, 1.000, 1.000),
    "ps": (1.000, 1.000, 1.000, 0.919),  # resid16: BSD letter before the long name
    "objdump": (1.000, 1.000, 0.979, 1.000),  # rows16: `-EB --endian=big`
    "nm": (1.000, 1.000, 0.880, 1.000),
    "xgettext": (1.000, 1.000, 1.000, 1.000),  # rows16: a positional row heading options
    "mv": (1.000, 1.000, 1.000, 1.000),
    "rm": (1.000, 1.000, 1.000, 1.000),
    # held out (round 19): as first scored, before any fix for them (docs/loaders.md, "Round 19")
    "seqkit": (1.000, 1.000, 1.000, 1.000),
    "gobuster": (1.000, 1.000, 1.000, 1.000),
    "notary": (1.000, 1.000, 1.000, 1.000),
    "cobra-cli": (1.000, 1.000, 1.000, 1.000),
    "mockery": (1.000, 1.000, 1.000, 1.000),
    "xq": (1.000, 1.000, 1.000, 1.000),
    "wormhole-william": (1.000, 1.000, 1.000, 1.000),
    # 0.923 / 0.714 before: urfave pages whose USAGE is prose (docs/crawler.md, "Round 19");
    # root `--compression`, named only in a NOTE: sentence, is still lost
    "mender-artifact": (1.000, 1.000, 1.000, 0.990),
    "acmetool": (1.000, 1.000, 1.000, 1.000),
    "chmod": (1.000, 1.000, 1.000, 1.000),
    "chown": (1.000, 1.000, 1.000, 1.000),
    "stat": (1.000, 1.000, 1.000, 1.000),  # rows19: `-c  --format=FORMAT`, no comma between
    "head": (1.000, 1.000, 1.000, 1.000),
    "wc": (1.000, 1.000, 1.000, 1.000),
    "msgfmt": (1.000, 1.000, 1.000, 1.000),  # rows19: `filename.po ...` opening an options section
    "uniq": (1.000, 1.000, 1.000, 1.000),
    "tr": (1.000, 1.000, 1.000, 1.000),
    "id": (1.000, 1.000, 1.000, 1.000),
    "realpath": (1.000, 1.000, 1.000, 1.000),
    # rows19: `-a[sub-option...]`'s letters, `--gstabs+`; `--gdwarf-<N>` reported, not read;
    # truth lag (`-X`, `-s`, `-Qn`); `--noexecstack` and 5 more were fish lines with `\'` the
    # truth tool mis-split (0.944 / 0.971 then)
    "as": (1.000, 1.000, 0.961, 0.974),
    # truth lag: fish lacks `--make-*`; 0.667 / 0.941 before: `-s`, only in mount(8), is read
    # from it since its `-a, --all` rows are read whole (docs/crawler.md, "Round 19")
    "mount": (1.000, 1.000, 0.680, 1.000),
    "losetup": (1.000, 1.000, 1.000, 1.000),
    "lscpu": (1.000, 1.000, 1.000, 1.000),
    # held out (round 15): as first scored, before any fix for them (docs/loaders.md)
    "celery": (1.000, 1.000, 1.000, 1.000),  # 0.552 before: `control --list`'s values
    "djlint": (1.000, 1.000, 1.000, 1.000),
    "litestar": (1.000, 1.000, 1.000, 1.000),
    "strawberry": (1.000, 1.000, 1.000, 1.000),
    "pdm": (1.000, 1.000, 1.000, 1.000),
    "pip-audit": (1.000, 1.000, 1.000, 1.000),
    "bump2version": (1.000, 1.000, 1.000, 1.000),
    "scrapy": (1.000, 1.000, 1.000, 1.000),  # underlined headings on argparse (docs/crawler.md)
    "s3cmd": (1.000, 0.981, 1.000, 0.982),  # 0.000/0.018 before titled command rows
    "html-minifier-terser": (1.000, 1.000, 1.000, 1.000),
    "vsce": (1.000, 1.000, 1.000, 1.000),
    # held out (round 17): as first scored, before any fix for them (docs/loaders.md, "Round 17")
    "gitlint": (1.000, 1.000, 1.000, 1.000),
    "sqlfmt": (1.000, 1.000, 1.000, 1.000),
    "rich-codex": (1.000, 1.000, 1.000, 1.000),  # 0.821 before: a "Running commands" options panel
    "modal": (1.000, 1.000, 1.000, 0.998),  # 0.035/0.087 before: commands under `Compute:` …
    "conan": (1.000, 1.000, 1.000, 1.000),  # the crawl failed before: colon-less group headings
    "pyupgrade": (1.000, 1.000, 1.000, 1.000),
    "ghp-import": (1.000, 1.000, 1.000, 1.000),
    "ansible-galaxy": (1.000, 1.000, 1.000, 1.000),
    "ansible-vault": (1.000, 1.000, 1.000, 1.000),
    "locust": (1.000, 1.000, 1.000, 1.000),
    "pyinstrument": (1.000, 1.000, 1.000, 1.000),
    "pipreqs": (1.000, 1.000, 1.000, 1.000),
    "tabulate": (1.000, 1.000, 1.000, 0.923),  # `--colalign`: in getopt's specs, not in its help
    "humanfriendly": (1.000, 1.000, 1.000, 1.000),
    # held out (round 18: node, Ruby, Perl): as first scored, before any fix for them
    # (docs/loaders.md, "Round 18"); yarn and bundle crawl since fail18 (their floors below)
    "pm2": (1.000, 1.000, 1.000, 1.000),
    "markdownlint": (1.000, 1.000, 1.000, 1.000),
    "sequelize": (1.000, 1.000, 1.000, 1.000),
    "concurrently": (1.000, 1.000, 1.000, 1.000),
    "c8": (1.000, 1.000, 1.000, 1.000),
    "jest": (1.000, 1.000, 1.000, 1.000),
    "typeorm": (1.000, 1.000, 1.000, 1.000),
    "lerna": (1.000, 1.000, 1.000, 1.000),
    "standard-version": (1.000, 1.000, 1.000, 1.000),
    "oclif": (1.000, 1.000, 1.000, 1.000),  # l18a: topic pages' `pack deb` rows read
    "gem": (1.000, 1.000, 0.998, 1.000),  # l18a: `gem help commands` followed; `Defaults:` row
    "rake": (1.000, 1.000, 1.000, 1.000),
    "prove": (1.000, 1.000, 1.000, 0.953),  # 0.930 first scored; `--archive` read (l18b)
    "pod2man": (1.000, 1.000, 1.000, 1.000),
    "shasum": (1.000, 1.000, 1.000, 1.000),
    "piconv": (1.000, 1.000, 1.000, 1.000),
    "eslint": (1.000, 1.000, 1.000, 1.000),
    "tsc": (1.000, 1.000, 1.000, 1.000),  # 0.203 first scored; `tsc --help --all` followed
    # crawl failed as first scored; fail18: clipanion's listing of whole usage rows. flags P:
    # `run --json`, which the program takes and its `--clipanion=definitions` leaves out
    "yarn": (1.000, 1.000, 0.994, 1.000),
    # crawl failed as first scored; fail18: its --help is its manual page, read as one (and
    # said so). The page names 18 of its 34 commands; `viz`, `clean` are Thor-hidden commands
    # the page documents (the truth leaves hidden ones out)
    "bundle": (0.900, 0.529, 0.940, 0.712),
    # held out (round 20: Python CLIs on cleo, cliff, invoke, traitlets, mando, getopt, optparse,
    # argparse): first scored before any fix for them (docs/loaders.md, "Round 20"), then
    # raised where round 20's rules moved them
    # 0.979 first scored: `self show plugins`, cleo's third level (resid18: a listing row of
    # three words files a command below the second word's)
    "poetry": (1.000, 1.000, 1.000, 1.000),
    # 0.667 / 0.769 first scored: cliff's `history list` rows leave the `history` group
    "stestr": (1.000, 1.000, 1.000, 1.000),
    "inv": (1.000, 1.000, 1.000, 1.000),
    # 0.523 first scored; traitlets' stacked option rows, then every command's `--help-all`
    # 0.937 → 1.000: a class's underlined title too long for a heading, `kernel install`'s usage
    # naming the joined path `ipython-kernel-install`
    "ipython": (1.000, 1.000, 1.000, 1.000),
    # 0.190 first scored; stacked rows, every command's `--help-all`; `uninstall  Alias for
    # remove`, folded into `remove`'s aliases, is found as that command (resid18, score.py)
    "jupyter-kernelspec": (1.000, 1.000, 1.000, 1.000),
    "meson": (1.000, 1.000, 1.000, 1.000),
    "watchmedo": (1.000, 1.000, 1.000, 1.000),
    "radon": (1.000, 1.000, 1.000, 1.000),
    "pygmentize": (1.000, 1.000, 1.000, 1.000),
    # the 10 options missing are in no text it prints (waitress 3.0.2's help ends at
    # `--channel-request-lookahead`; its getopt table has `--trusted-proxy`… too)
    "waitress-serve": (1.000, 1.000, 1.000, 0.762),
    "scons": (1.000, 1.000, 0.976, 0.976),
    "pyinstaller": (1.000, 1.000, 1.000, 1.000),
    "cython": (1.000, 1.000, 1.000, 1.000),
    "pylint": (1.000, 1.000, 1.000, 1.000),  # 0.926 before round 23's `Commands:` option rows
    # 0.908 first scored: its own fish file's `==SUPPRESS==` rows, taken hidden (resid18)
    "gallery-dl": (1.000, 1.000, 1.000, 1.000),
    # jq's options in yq's epilog: hidden in yq's parser, accepted and forwarded
    "yq": (1.000, 1.000, 0.360, 1.000),
    # held out (round 26): as first scored, before any fix for them (docs/loaders.md, "Round 26")
    # 0.000/0.141 first scored: `Commands` underlined by a rule of `─`, no colon (round 26's rule)
    "webpack-cli": (1.000, 1.000, 1.000, 1.000),
    "nest": (1.000, 1.000, 1.000, 1.000),
    "ava": (1.000, 1.000, 1.000, 1.000),
    # 0.408 first scored: its dotted sub-options only in `--help --expand-help` / `--help --api`
    "vitest": (1.000, 1.000, 1.000, 1.000),
    "prettier": (1.000, 1.000, 1.000, 1.000),
    "stylelint": (1.000, 1.000, 1.000, 0.968),
    "ts-node": (1.000, 1.000, 1.000, 0.933),
    # held out (round 24): as first scored, before any fix for them (docs/loaders.md, "Round 24")
    "pytest": (1.000, 1.000, 1.000, 1.000),
    # 0.000/0.000 first scored: its `[django]` group over bare command names; flags recall
    # 0.469: 12 of its 25 commands' `--help` fails outside a project (said short)
    "django-admin": (1.000, 1.000, 1.000, 0.469),
    # held out (round 25): as first scored, before any fix for them (docs/loaders.md, "Round 25")
    # 0.000/0.200 first scored: its optional `[{get,set,del,diagnose}]` read as commands
    "keyring": (1.000, 1.000, 1.000, 1.000),
    "jupytext": (1.000, 1.000, 1.000, 1.000),
    "pyproject-build": (1.000, 1.000, 1.000, 1.000),
    "httpx": (1.000, 1.000, 1.000, 1.000),  # 0.938 first scored: `--files <NAME FILENAME> ...`
    "pgcli": (1.000, 1.000, 1.000, 1.000),
    "pipenv": (1.000, 1.000, 1.000, 1.000),
    # 0.756 first scored: `--help-all`'s subcommand switches read as the root's
    "copier": (1.000, 1.000, 1.000, 1.000),
    "fab": (1.000, 1.000, 1.000, 1.000),
    # 0.000 first scored: `all trash-cli commands:` lists the package's programs
    "trash-put": (1.000, 1.000, 1.000, 1.000),
    # held out (round 22): as first scored, before any fix for them (docs/loaders.md, "Round 22")
    "ruff": (1.000, 1.000, 1.000, 1.000),
    "maturin": (1.000, 1.000, 1.000, 1.000),
    "ty": (1.000, 1.000, 1.000, 1.000),
    "uv": (1.000, 1.000, 1.000, 1.000),
    "zizmor": (1.000, 1.000, 1.000, 1.000),
    "ast-grep": (1.000, 1.000, 1.000, 1.000),
    # 0.253 / 0.286 first scored: grid listings; 0.972 → 0.999 by reading `cmp`'s help on stderr
    "openssl": (1.000, 1.000, 1.000, 0.999),
    "journalctl": (1.000, 1.000, 0.965, 1.000),  # truth lag: fish lacks `--json`, `--no-legend`
    "top": (1.000, 1.000, 1.000, 1.000),
    "watch": (1.000, 1.000, 1.000, 1.000),
    "readelf": (1.000, 1.000, 0.952, 1.000),
    "lz4": (1.000, 1.000, 0.917, 0.846),  # 0.692 first scored: options under `Arguments :`; P
    # lowered from 1.000: `-1`, `-9`, which `lz4 -h` lists and neither fish nor lz4(1) spells
    "pkg-config": (
        1.000,
        1.000,
        0.724,
        0.955,
    ),  # truth lag: fish's file is for pkg-config, not pkgconf
    "useradd": (1.000, 1.000, 0.889, 1.000),  # truth lag: fish lacks `--btrfs-subvolume-home`
    "psql": (1.000, 1.000, 1.000, 1.000),
    "vim": (1.000, 1.000, 0.925, 0.925),  # 0.750 first scored: options under `Arguments:`; P
    # lowered from 1.000: `--not-a-term`, `--ttyfail`, `--log`, listed by `vim --help`, lacked
    # by fish's file and vim(1)
    "mvn": (1.000, 1.000, 0.944, 1.000),  # truth lag: fish lacks `--color`, `-ntp`
    # held out (round 23: git, docker, tmux, gpg, npm, rustup, gcc…): as first scored, before
    # any fix for them (docs/loaders.md, "Round 23")
    # cmd P 0.864 → 0.925: listed commands git says it lacks here (`citool`, `svn`) left out
    "git": (0.925, 0.872, 0.952, 0.849),  # flag P 0.773 before git-CMD(1)'s revision and diff
    # options were forgiven (docs/loaders.md, "Truth that lagged its program")
    "docker": (1.000, 0.974, 1.000, 1.000),
    "tmux": (1.000, 0.967, 0.991, 0.973),  # its commands from tmux(1)'s entries
    "gpg": (1.000, 1.000, 0.983, 0.960),  # 0.181 first scored: gpg(1)'s `COMMANDS` subsections
    "npm": (1.000, 1.000, 0.928, 1.000),
    "rustup": (1.000, 1.000, 1.000, 1.000),
    "gcc": (1.000, 1.000, 0.737, 0.024),
    "gdb": (1.000, 1.000, 0.100, 0.188),
    "valgrind": (1.000, 1.000, 0.889, 0.750),
    "ffmpeg": (1.000, 1.000, 1.000, 0.939),
    "perl": (1.000, 1.000, 0.960, 0.600),
    "rustc": (1.000, 1.000, 0.833, 0.833),
    "node": (1.000, 1.000, 1.000, 1.000),  # 0.190 / 0.042 against fish's node.fish; now
    # node's own option table (docs/loaders.md, "Truth that lagged its program")
    "dpkg": (1.000, 1.000, 1.000, 0.714),  # 0.000 / 0.000 first scored: options under `Commands:`
    # held out (round 21: node, PHP, Ruby, Perl): as first scored, before any fix for them
    # (docs/loaders.md, "Round 21")
    "vite": (1.000, 1.000, 1.000, 1.000),
    "tsup": (1.000, 1.000, 1.000, 1.000),
    "mocha": (1.000, 1.000, 1.000, 1.000),
    "serve": (1.000, 1.000, 1.000, 1.000),
    "typedoc": (1.000, 1.000, 1.000, 1.000),
    "composer": (1.000, 1.000, 1.000, 1.000),
    "phpunit": (1.000, 1.000, 1.000, 0.911),  # getopt table options its help leaves out
    "rubocop": (1.000, 1.000, 1.000, 1.000),
    "asciidoctor": (1.000, 1.000, 1.000, 1.000),
    # 0.771 first scored: its "deprecated options" paragraph read as rows (resid18: left out)
    "rdoc": (1.000, 1.000, 1.000, 1.000),
    "ri": (1.000, 1.000, 1.000, 1.000),
    "cloc": (1.000, 1.000, 0.989, 0.958),
    "parallel": (1.000, 1.000, 0.993, 0.871),  # a help of some options; the manual has the rest
    "perltidy": (1.000, 1.000, 1.000, 0.488),  # 0.375 first scored; perltidy(1)'s wide terms
    "cpanm": (1.000, 1.000, 1.000, 0.889),
    # held out (round 27: native programs from Debian bookworm, cobra, urfave/cli v2, kingpin,
    # C and C++ with fish files): as first scored, before any fix for them (docs/loaders.md,
    # "Round 27")
    "kubectl": (1.000, 1.000, 1.000, 1.000),  # 0.991 first scored: `options`, empty help
    "lego": (1.000, 1.000, 1.000, 1.000),
    "prometheus-pushgateway": (1.000, 1.000, 1.000, 1.000),
    "tcpdump": (1.000, 1.000, 1.000, 1.000),  # 0.810 first scored: fish's `-dd`, `-vvv`…, a
    # letter tcpdump counts, left out of the truth by hand (docs/crawler.md, "Round 27")
    "ninja": (1.000, 1.000, 1.000, 1.000),
    "screen": (1.000, 1.000, 0.969, 1.000),  # 0.966 / 0.903 first scored: `-fn = off` variants
    "m4": (1.000, 1.000, 1.000, 1.000),
    "mtr": (1.000, 1.000, 1.000, 1.000),
    # held out (round 28: native programs from Debian bookworm, flat C programs with fish
    # 3.6.0's files): as first scored, before any fix for them (docs/loaders.md, "Round 28")
    "iptables": (1.000, 1.000, 1.000, 1.000),  # 0.345 first scored: `--append  -A chain` rows
    "dig": (1.000, 1.000, 1.000, 1.000),
    "pv": (1.000, 1.000, 1.000, 1.000),
    "ethtool": (1.000, 1.000, 1.000, 1.000),  # 0.408 first scored: ethtool(8)'s `-a --show-pause`
    "traceroute": (1.000, 1.000, 1.000, 1.000),
    "flac": (1.000, 1.000, 1.000, 1.000),  # 0.946 first scored: truth lag, checked by hand
    "figlet": (1.000, 1.000, 1.000, 1.000),
    "killall": (1.000, 1.000, 1.000, 1.000),
    "gprof": (1.000, 1.000, 1.000, 0.969),  # 0.912 first scored: truth lag; `-A` unread
    "usermod": (1.000, 1.000, 1.000, 1.000),
    # held out (round 29: Python CLIs from PyPI on argparse, optparse, click, typer and two
    # hand-written parsers): as first scored, before any fix for them (docs/loaders.md,
    # "Round 29")
    "asciinema": (1.000, 1.000, 1.000, 1.000),
    "streamlink": (1.000, 1.000, 1.000, 1.000),  # 0.850 first scored: `  HLS options:` at the
    # rows' indent over deeper rows
    "glances": (1.000, 1.000, 1.000, 1.000),
    "hypercorn": (1.000, 1.000, 1.000, 1.000),
    "speedtest": (1.000, 1.000, 1.000, 1.000),
    "vulture": (1.000, 1.000, 1.000, 1.000),
    "behave": (1.000, 1.000, 1.000, 1.000),
    "sphinx-apidoc": (1.000, 1.000, 1.000, 1.000),
    "ranger": (1.000, 1.000, 1.000, 1.000),
    "llm": (1.000, 1.000, 1.000, 1.000),
    "lektor": (1.000, 1.000, 1.000, 1.000),
    "textual": (1.000, 1.000, 1.000, 1.000),
    # every command's `--help` asks the network first (exit 1 offline, said short); its root
    # options are a rich table spelling `['--stage']`, left unread; cmd R 0.429 first scored
    # (a heavy-head table hid its `Beta Commands` rows)
    "safety": (1.000, 0.524, 1.000, 0.000),
    "robot": (1.000, 1.000, 1.000, 1.000),
    "doit": (1.000, 1.000, 1.000, 1.000),
    # held out (round 30: node CLIs from the npm registry on commander and yargs): as first
    # scored, before any fix for them (docs/loaders.md, "Round 30")
    "madge": (1.000, 1.000, 1.000, 1.000),
    "markdown-link-check": (1.000, 1.000, 1.000, 1.000),
    "cspell": (1.000, 1.000, 1.000, 1.000),
    "commitlint": (1.000, 1.000, 1.000, 1.000),
    # held out (round 31: native programs from Debian bookworm, flat coreutils, libc,
    # util-linux, psmisc and entr programs with fish 3.6.0's files): as first scored, before any
    # fix for them (docs/loaders.md, "Round 31")
    "bc": (1.000, 1.000, 1.000, 1.000),
    "base64": (1.000, 1.000, 1.000, 1.000),
    "mktemp": (1.000, 1.000, 1.000, 1.000),
    "entr": (1.000, 1.000, 1.000, 1.000),
    "namei": (1.000, 1.000, 1.000, 1.000),
    "iconv": (1.000, 1.000, 1.000, 1.000),
    "fuser": (1.000, 1.000, 1.000, 1.000),
    "timeout": (1.000, 1.000, 1.000, 1.000),
    "readlink": (1.000, 1.000, 1.000, 1.000),
    "seq": (1.000, 1.000, 1.000, 1.000),
    "setsid": (1.000, 1.000, 1.000, 1.000),
    # held out (round 35: Haskell programs from Debian bookworm, three on optparse-applicative
    # and darcs's own parser): after the round's rules; first scored in the comments
    # (docs/loaders.md, "Round 35")
    "stack": (1.000, 1.000, 1.000, 1.000),  # first (1.000, 0.655, 0.996, 0.866)
    "git-annex": (1.000, 1.000, 1.000, 0.983),  # first 0.979: `-(` `-)` no flag can hold
    "ormolu": (1.000, 1.000, 1.000, 1.000),
    "darcs": (1.000, 1.000, 1.000, 1.000),
    # held out (round 36: Ruby, Perl and Lua programs from Debian bookworm on Thor, mercenary,
    # cri, slop, optimist, App::Cmd, Getopt::Long with Pod and lua argparse): after the round's
    # rules; first scored in the comments (docs/loaders.md, "Round 36")
    "tmuxinator": (1.000, 1.000, 1.000, 1.000),
    "foreman": (1.000, 1.000, 0.947, 1.000),  # `--env`, which foreman(1) calls global
    "haml": (1.000, 1.000, 1.000, 1.000),  # first (1.000, 1.000, 0.474, 1.000)
    "jekyll": (1.000, 1.000, 1.000, 1.000),
    "r10k": (1.000, 1.000, 1.000, 1.000),
    "pry": (1.000, 1.000, 0.937, 1.000),  # `--installed-plugins`, which pry(1) names
    "lolcat": (1.000, 1.000, 1.000, 1.000),
    "eyaml": (1.000, 1.000, 1.000, 1.000),  # first (1.000, 0.000, 1.000, 0.000)
    "cme": (1.000, 1.000, 1.000, 1.000),  # first (0.000, 0.000, 1.000, 0.000)
    "dzil": (1.000, 1.000, 1.000, 1.000),  # first (0.000, 0.000, 1.000, 0.000)
    "perlcritic": (1.000, 1.000, 1.000, 1.000),  # first (1.000, 1.000, 0.969, 0.727)
    "luacheck": (1.000, 1.000, 1.000, 1.000),
    "luarocks": (1.000, 1.000, 1.000, 1.000),
    # held out (round 33: compiled Go and Rust CLIs from PyPI wheels, npm packages and Debian,
    # on clap 4 and 3, cobra, urfave/cli v3, kingpin v2 and go-task's pflag engine): as first
    # scored, before any fix for them (docs/loaders.md, "Round 33")
    "tombi": (1.000, 1.000, 1.000, 1.000),
    "deno": (1.000, 1.000, 1.000, 1.000),
    "sentry-cli": (1.000, 1.000, 1.000, 1.000),
    "git-cliff": (1.000, 1.000, 1.000, 1.000),
    "dprint": (1.000, 1.000, 1.000, 1.000),
    "just": (1.000, 1.000, 1.000, 1.000),
    "buf": (1.000, 1.000, 1.000, 1.000),
    "task": (1.000, 1.000, 1.000, 1.000),
    # flag R 0.839 first scored: its slice flags' rows `--job string [ --job string ]`, unread
    # (said short); read since round 33's rule (docs/crawler.md, "Round 33")
    "lefthook": (1.000, 1.000, 1.000, 1.000),
    "prometheus-node-exporter": (1.000, 1.000, 1.000, 1.000),
    "prometheus-blackbox-exporter": (1.000, 1.000, 1.000, 1.000),
    # held out (round 34: popular Python CLIs from PyPI on click, argparse, cement and optparse,
    # live too): as first scored, before any fix for them (docs/loaders.md, "Round 34")
    "interrogate": (1.000, 1.000, 1.000, 1.000),
    "bumpver": (1.000, 1.000, 1.000, 1.000),
    "rq": (1.000, 1.000, 1.000, 1.000),
    "litecli": (1.000, 1.000, 1.000, 1.000),
    "pdoc": (1.000, 1.000, 1.000, 1.000),  # 0.938 first scored: a group titled for arguments
    "dramatiq": (1.000, 1.000, 1.000, 1.000),
    "tmuxp": (1.000, 1.000, 1.000, 1.000),
    "yoyo": (1.000, 1.000, 1.000, 1.000),
    "cement": (1.000, 1.000, 1.000, 1.000),
    "huey_consumer": (1.000, 1.000, 1.000, 1.000),
    "pydocstyle": (1.000, 1.000, 1.000, 1.000),
    # its `--help` hides all but its basic options; 0.136 until the crawl followed its `-hh`
    "sqlmap": (1.000, 1.000, 1.000, 1.000),
    # held out (round 32: node CLIs from the npm registry on sade, citty, meow, nopt, yargs 16,
    # a bundled commander and clipanion): as first scored, before any fix for them
    # (docs/loaders.md, "Round 32")
    "sirv": (1.000, 1.000, 1.000, 1.000),
    "ley": (1.000, 1.000, 1.000, 1.000),  # 0.000 / 0.556 first scored: indented as a whole
    "nuxi": (1.000, 1.000, 1.000, 1.000),  # 0.048 / 0.034 first scored: right-aligned names
    "unbuild": (1.000, 1.000, 1.000, 1.000),
    "np": (1.000, 1.000, 1.000, 1.000),
    "node-gyp": (1.000, 1.000, 1.000, 0.000),  # cmd R 0.000 first scored: bulleted commands;
    # its options are named by no text it prints (said short)
    "ncu": (1.000, 1.000, 1.000, 0.962),
    "depcheck": (1.000, 1.000, 1.000, 1.000),
    "napi": (1.000, 1.000, 1.000, 1.000),
    "heroku": (1.000, 0.995, 1.000, 0.998),  # 0.208 / 0.146 / 1.000 / 0.132 first scored:
    # `access:add` listed under `access`; 0.941 / 0.951 → 0.995 / 0.998 once each command's
    # `ALIASES` (`$ heroku dyno:kill`, one a line) gave its alias ids
    # held out (round 37: Python CLIs from PyPI on click-extra, cyclopts, python-fire, docopt
    # and docopt-ng): after the round's rules; first scored in the comments (docs/loaders.md,
    # "Round 37")
    "mpm": (1.000, 1.000, 1.000, 1.000),
    "mdedup": (1.000, 1.000, 1.000, 1.000),  # first 0.974: `--strategy.` ending a sentence
    "fastmcp": (1.000, 1.000, 1.000, 1.000),  # first 0.099: names sharing one boxed column
    # first (1.000, 0.909, 1.000, 0.509): fire's `-- --help` and positionals as flags; its
    # `version` is a value fire lists under VALUES, unread
    "sahi": (1.000, 0.909, 1.000, 1.000),
    "alpaca_eval": (1.000, 1.000, 1.000, 1.000),  # first 0.174
    "grip": (
        1.000,
        1.000,
        1.000,
        0.929,
    ),  # `-V`, named only by its usage form `grip -V | --version`
    "pykwalify": (1.000, 1.000, 1.000, 1.000),
    "mackup": (1.000, 1.000, 1.000, 1.000),  # first (1.000, 0.000, 0.000, 0.000): usage forms
    # held out (round 38: native programs from Debian bookworm on popt, glibc argp and OCaml's
    # cmdliner): after the round's rules; first scored in the comments (docs/loaders.md,
    # "Round 38")
    "rpm": (1.000, 1.000, 1.000, 1.000),
    "logrotate": (1.000, 1.000, 1.000, 1.000),
    "gphoto2": (1.000, 1.000, 1.000, 1.000),  # first a false alarm: its `--help` row's "complete"
    "exif": (1.000, 1.000, 1.000, 1.000),
    "eu-readelf": (1.000, 1.000, 1.000, 1.000),
    "eu-strip": (1.000, 1.000, 1.000, 1.000),  # first 0.923: `--keep-section=SECTION Keep …`
    "eu-addr2line": (1.000, 1.000, 1.000, 1.000),
    "eu-stack": (1.000, 1.000, 1.000, 1.000),
    "eu-elfclassify": (1.000, 1.000, 1.000, 1.000),
    # first (1.000, 0.955, 0.997, 0.952): `top` beside its summary, a wrapped usage's tail
    "dune": (1.000, 1.000, 1.000, 1.000),
    # held out (round 39: programs from PyPI and npm on absl-py, rich-argparse-plus, vercel's
    # arg, cac 7 and clap 4): as first scored, the round's rules changing none of these
    # (docs/loaders.md, "Round 39"); mlcroissant's crawl fails (RECORDED_CRAWL_FAILURES)
    "yaralyze": (1.000, 1.000, 1.000, 1.000),
    "pdfalyze": (1.000, 1.000, 1.000, 1.000),
    "py-spy": (1.000, 1.000, 1.000, 1.000),
    "micro": (1.000, 1.000, 1.000, 1.000),
    "vite-node": (1.000, 1.000, 1.000, 1.000),
    "bumpp": (1.000, 1.000, 1.000, 1.000),
    "taze": (1.000, 1.000, 1.000, 1.000),
    # held out (round 40: popular CLIs of the kinds users load, argparse, click, rich-click,
    # commander, Getopt::Long and a C program): after the round's rules, which moved types
    # only; first scored in the comments (docs/loaders.md, "Round 40")
    "ansible-playbook": (1.000, 1.000, 1.000, 1.000),
    "ansible-doc": (1.000, 1.000, 1.000, 1.000),
    "ansible-inventory": (1.000, 1.000, 1.000, 1.000),
    "ansible-config": (1.000, 1.000, 1.000, 1.000),
    "jrnl": (1.000, 1.000, 1.000, 0.962),  # `--template`, a row under a group's prose and examples
    "pelican": (1.000, 1.000, 1.000, 1.000),
    "mycli": (1.000, 1.000, 1.000, 1.000),
    "khal": (1.000, 1.000, 1.000, 1.000),
    "esptool": (1.000, 1.000, 1.000, 1.000),  # types 0.571 first: choices cut to fit a column
    "parcel": (1.000, 1.000, 1.000, 1.000),
    "mosh": (1.000, 1.000, 1.000, 0.944),  # `--fake-proxy`, which its help never names
    # `-r`, which fish's file names and sshfs takes, is named by no text sshfs prints
    "sshfs": (1.000, 1.000, 1.000, 0.875),  # flag P 0.875 first: the truth lacked its `-v`
}
LIVE_FLOORS: dict[str, tuple[float, float, float, float]] = {
    "sqlite-utils": (1.000, 1.000, 1.000, 1.000),
    "cookiecutter": (1.000, 1.000, 1.000, 1.000),
    "mkdocs": (1.000, 1.000, 1.000, 1.000),
    "pip-compile": (1.000, 1.000, 1.000, 1.000),
    "sqlfluff": (1.000, 1.000, 1.000, 1.000),
    "kedro": (1.000, 1.000, 1.000, 1.000),
    "cruft": (1.000, 1.000, 1.000, 1.000),
    "hf": (1.000, 1.000, 0.998, 1.000),
    "pre-commit": (1.000, 1.000, 1.000, 1.000),
    "yamllint": (1.000, 1.000, 1.000, 0.857),
    "codespell": (1.000, 1.000, 1.000, 1.000),
    "mypy": (1.000, 1.000, 1.000, 1.000),
    # radon (round 20, live) installs a flake8 plugin into the shared corpus venv: flake8 there
    # really takes `--radon-max-cc`, `--radon-no-assert`, `--radon-show-closures`, which its
    # truth, taken before radon was in the venv, lacks
    "flake8": (1.000, 1.000, 0.923, 1.000),
    "virtualenv": (1.000, 1.000, 1.000, 1.000),
    "tox": (1.000, 1.000, 1.000, 1.000),
    "twine": (1.000, 1.000, 1.000, 1.000),
    "pycodestyle": (1.000, 1.000, 1.000, 1.000),
    "yt-dlp": (1.000, 1.000, 1.000, 1.000),
    "coverage": (1.000, 1.000, 1.000, 1.000),
    # held out (round 12)
    "black": (1.000, 1.000, 1.000, 1.000),
    "towncrier": (1.000, 1.000, 1.000, 1.000),
    "datasette": (1.000, 1.000, 1.000, 1.000),
    "pipx": (1.000, 1.000, 1.000, 1.000),
    "http": (1.000, 1.000, 1.000, 1.000),
    "csvcut": (1.000, 1.000, 1.000, 1.000),
    "csvsql": (1.000, 1.000, 1.000, 1.000),
    "bandit": (1.000, 1.000, 1.000, 1.000),
    "autopep8": (1.000, 1.000, 1.000, 1.000),
    "flit": (1.000, 1.000, 1.000, 1.000),
    "sphinx-build": (1.000, 1.000, 1.000, 1.000),
    "isort": (1.000, 1.000, 0.990, 1.000),
    # held out (round 14)
    "uvicorn": (1.000, 1.000, 1.000, 1.000),
    "flask": (1.000, 1.000, 1.000, 1.000),
    "hatch": (1.000, 1.000, 1.000, 1.000),
    "bump-my-version": (1.000, 1.000, 1.000, 1.000),
    "fastapi": (1.000, 1.000, 1.000, 1.000),
    "alembic": (1.000, 1.000, 1.000, 1.000),
    "gunicorn": (1.000, 1.000, 1.000, 1.000),
    "cz": (1.000, 1.000, 1.000, 0.986),
    "yapf": (1.000, 1.000, 1.000, 1.000),
    "mdformat": (1.000, 1.000, 1.000, 1.000),
    "pip": (1.000, 1.000, 1.000, 1.000),
    "rst2html": (1.000, 1.000, 1.000, 1.000),
    # held out (round 15): as first scored, before any fix for them (docs/loaders.md)
    "celery": (1.000, 1.000, 1.000, 1.000),
    "djlint": (1.000, 1.000, 1.000, 1.000),
    "litestar": (1.000, 0.600, 1.000, 0.091),
    "strawberry": (1.000, 1.000, 1.000, 1.000),
    "pdm": (1.000, 1.000, 1.000, 1.000),
    "pip-audit": (1.000, 1.000, 1.000, 1.000),
    "s3cmd": (1.000, 0.000, 1.000, 0.018),
    # held out (round 17): as first scored, before any fix for them (docs/loaders.md)
    "sqlfmt": (1.000, 1.000, 1.000, 1.000),
    "pyupgrade": (1.000, 1.000, 1.000, 1.000),
    "ghp-import": (1.000, 1.000, 1.000, 1.000),
    "pyinstrument": (1.000, 1.000, 1.000, 1.000),
    "tabulate": (1.000, 1.000, 1.000, 0.923),  # hand-written getopt: the help crawl
    "humanfriendly": (1.000, 1.000, 1.000, 1.000),
    # held out (round 20): as first scored, before any fix for them (docs/loaders.md)
    "inv": (1.000, 1.000, 1.000, 1.000),  # invoke: the help crawl
    "watchmedo": (1.000, 1.000, 1.000, 1.000),
    "radon": (1.000, 1.000, 1.000, 1.000),
    "pygmentize": (1.000, 1.000, 1.000, 1.000),
    "waitress-serve": (1.000, 1.000, 1.000, 0.762),  # hand-written getopt: the help crawl
    # 0.360 until round 34 (the help crawl: yq swallowed the capture's stop; docs/loaders.md)
    "yq": (1.000, 1.000, 1.000, 1.000),
    # held out (round 34), as first scored: the exact loaders (click, argparse, optparse)
    "interrogate": (1.000, 1.000, 1.000, 1.000),
    "bumpver": (1.000, 1.000, 1.000, 1.000),
    "rq": (1.000, 1.000, 1.000, 1.000),
    "litecli": (1.000, 1.000, 1.000, 1.000),
    "pdoc": (1.000, 1.000, 1.000, 1.000),
    "dramatiq": (1.000, 1.000, 1.000, 1.000),
    "tmuxp": (1.000, 1.000, 1.000, 1.000),
    "yoyo": (1.000, 1.000, 1.000, 1.000),
    "cement": (1.000, 1.000, 1.000, 1.000),
    "huey_consumer": (1.000, 1.000, 1.000, 1.000),
    "pydocstyle": (1.000, 1.000, 1.000, 1.000),
    # 0.136 first scored: the exact load failed, the help crawl (docs/loaders.md, "Round 34")
    "sqlmap": (1.000, 1.000, 1.000, 1.000),
}

SILENT_SHORT_LOADS_ALLOWED: dict[str, set[str]] = {
    # none today (resid16: yamllint's `-` and cz commit's argparse `--` rows, options spelled
    # with dashes alone, are named; curl is complete by its page's `--no-eprt is an alias for
    # --disable-eprt`). Round 14: fd says so (overrides its help names but does not list; its
    # own fish file fills them), jq 1.6 (help saying it shows only some options), grep (fish's
    # third-party file); ls and lsd left once their recordings held the completion files.
    "recorded": set()
    # (round 19's mount left once mount(8)'s rows were read: its `-s` is taken from the page)
    # held out (round 17), as first scored (docs/loaders.md, "Round 17"); tabulate's missing
    # `--colalign` is named by nothing it prints (modal and rich-codex left with l17a's rules)
    | {"tabulate"}
    # held out (round 18): prove's missing `--colour` and `--tapversion` are Getopt::Long specs
    # named by nothing it prints (it said short only while its `--archive` row was unread)
    | {"prove"}
    # held out (round 20), as first scored (docs/loaders.md, "Round 20"): waitress-serve's
    # options that no text it prints names (stestr left once cliff's two-word rows left their
    # group; poetry and jupyter-kernelspec in resid18: cleo's third level, an alias row found)
    | {"waitress-serve"}
    # (round 34's pdoc left once a group titled for arguments was read for its option rows)
    # held out (round 23), as first scored (docs/loaders.md, "Round 23"): perl's
    # `-x[dir]`-style rows (tmux's commands now come from its page's entries, crawler.md)
    | {"perl"}
    # (round 22's top: fish's `-v`, which top 4.0.2 refuses, is left out of its truth)
    # held out (round 21), as first scored (docs/loaders.md, "Round 21"): cloc's missing
    # `--html`, `--inline` and `--no3` are named by nothing its help prints; its `--3` row is
    # the spec `3`, which the truth spells `-3` (Getopt::Long's one-letter name)
    | {"cloc"}
    # held out (round 26), as first scored (docs/loaders.md, "Round 26"): stylelint's
    # `--report-unscoped-disables` and ts-node's `--scriptMode`, `--typeCheck` are named by
    # nothing their help prints
    | {"stylelint", "ts-node"}
    # held out (round 32), as first scored (docs/loaders.md, "Round 32"): ncu's
    # `filterResults*` and `groupFunction*` rows, options for its config file that its help
    # spells without dashes (nuxi left once its right-aligned names and `_dev` were read)
    | {"ncu"}
    # (round 36's cme, dzil and eyaml left with its rules: their colon listings are read)
    # held out (round 37), after its rules (docs/loaders.md, "Round 37"): grip's `-V`, named
    # only by its usage form `grip -V | --version`, and sahi's `version`, a value fire lists
    # under `VALUES` (fastmcp and mackup left with the round's rules)
    | {"grip", "sahi"}
    # held out (round 40), as first scored (docs/loaders.md, "Round 40"): sshfs's `-r`, which
    # fish's file names and sshfs 3.7.3 takes (`sshfs -r HOST:/ MNT` reaches ssh), is named by
    # no text sshfs prints, nor by sshfs(1)
    | {"sshfs"}
    # held out (round 15): s3cmd's `mkdir`, a command of its dispatch table its help never
    # names (it said short only while its commands, which print one help for all, counted as
    # unread: docs/crawler.md, "Session 27")
    | {"s3cmd"},
    # (round 29's safety left once a traceback after its warnings was read as a failed help)
    # (round 27's screen left once the variants its `-f` and `-l` rows name, `-fn = off`, were
    # read)
    # (round 24's django-admin left once its `[django]` listing was read: 12 commands whose
    # `--help` fails outside a project are listed and unread, and the load says so)
    # held out (round 18): gem and oclif, as first scored, left in l18a (a pointer row
    # followed; topic pages read)
    # live: the exact argparse loads of yamllint and cz hold no `-` / `--` either, and the
    # second witness compares trees (a row of no spelling is in neither)
    "live": (
        {"yamllint", "cz", "tabulate", "waitress-serve"}  # round 20, first scored
        # round 15: s3cmd's `mkdir`, a command of its dispatch table nothing it prints names
        # (its help witness said short only while its commands, one help for all, counted as
        # unread)
        | {"s3cmd"}
    ),
}
"""Loads short of the truth (recall < 0.99) that do not say so (no `tree.coverage` report).
The issue's target is none; these are today's, to shrink as the two witnesses land (round 13:
cobra's completion engine and the man page made curl, gh, rclone, rsync, sqlite-utils, wget,
zip, tar, xz, zstd, strace, unzip, patch, less and lsof complete or say so; round 14's
completion files made fd complete, from its own fish file, and grep and jq say so, from fish's
third-party ones; git-lfs says so: a `Commands` section with no command read)."""
NOTED_COMPLETE_LOADS_ALLOWED: set[str] = {
    # complete since rows16 (`--[no]name`): fish's third-party file names `--lines` (ack 2's,
    # refused by 3.6); ack's help and page never name it, as grep's never name its `--mmap`
    # (refused) nor `--unix-byte-offsets` (accepted): only the program's parser tells them apart
    "ack",
    # held out (round 18), as first scored: complete with a false alarm (fish's file is an older
    # jest's: its 6 extra names are options jest removed, which no text jest prints tells apart
    # from options a help hides; docs/loaders.md, "Residuals")
    "jest",
    # held out (round 20), as first scored: complete with a false alarm (inv left in round 25:
    # its usage's `[--core-opts] task1 [--task1-opts] …` are group placeholders)
    "meson",
    "yq",
    # held out (round 23), as first scored: complete with a false alarm
    "npm",
    # (deno, round 33, left it in round 33: `deno types [OPTIONS]` over no row, where deno's
    # template hides the help switch the word stands for)
    # (journalctl, round 22, left it in round 28: journalctl(1)'s `-l --full` gives the option
    # its help names and no row lists)
    # held out (round 21), as first scored: complete with a false alarm (mocha left it once
    # yargs's `-O, --reporter-option,` row, its third spelling wrapped at the row's
    # indent, is read whole; tsup left it in round 39: its cac `Commands:` section holds only
    # the default command, `[...files]`)
    # held out (round 28), once its rows were read: `--all-groups` and `--groups`, `-S`'s own
    # options, which its usage and ethtool(8) name (nested under `-S`) and fish's file lacks:
    # options no rule reads, so the note is true and the truth's forgiveness makes it "false"
    "ethtool",
    # held out (round 32), once its alias ids were read: `apps:create`'s own example gives
    # `--manifest`, a flag oclif hides (the truth leaves hidden flags out): the note is true
    "heroku",
    # held out (round 16), since session 27: the depth limit (4) leaves `network zone record
    # entry add` and `remove` unread, whose `--ttl` the truth has: the sign is true, the load
    # one flag short (within the tolerance that counts it complete)
    "lxc",
    # (round 36's luacheck left with its rules: Lua argparse's stacked spellings are joined)
    # held out (round 35), after its rules: fish 3.6's own `stack.fish` (fish-common's, not
    # stack's package) names `--os` and `--obs`, which stack 2.7.5 refuses; the note says so,
    # and only the program's parser tells a stale completion file from options a help hides
    "stack",
    # held out (round 37), as first scored: complete with a false alarm (its help's prose
    # names `--no-<manager-id>`, a pattern of the selectors it lists, and its examples options
    # of other programs it wraps)
    "mpm",
    # (round 39's taze and vite-node, complete with a false alarm as first scored, left with
    # its rules: cac's `Commands:` section of only the default command, named by its arguments
    # `[mode]` / `[...files]`, is no sign of missed commands)
    # held out (round 40), as first scored: fish 3.6's own `ansible-playbook.fish` (fish-common's)
    # names `--new-vault-password-file` and `--output`, which ansible-playbook 2.19 has not; the
    # note says so, and only the program's parser tells a stale file from options a help hides
    "ansible-playbook",
}  # rdoc raised none by round 23 (bench.corpus on main dd29ffb: complete, no sign); hatch and tree left it in round 14; pandoc in round 16 (fish's stale pandoc 1.x file);
# rake (Ruby's wrapped `-R, --rakelibdir RAKELIBDIR,` row) and msgfmt (fish's `--chack-header`,
# one letter from the help's `--check-header`) in resid17;
# objdump in resid16 (`-W, --dwarf[a/=abbrev, …,` wrapped inside its bracket is read);
# ansible-vault in late17b (fish's unconditioned options, which its subcommands' help shows);
# round 19's acmetool (a command refusing its own default is unreadable, not short) and tr
# (fish's BSD `else` branch is not GNU tr's) in round 19's late fixes; round 20's trash-put
# (its programs' listing no longer read as commands whose help fails); round 29's robot once an
# example's `--SuiteStatLevel` matched its row `--suitestatlevel` (a case-insensitive program)
"""Complete crawls (recall >= 0.99) that still report signs of shortness (`short_signs`): a note
on every load is noise. (hugo was here while its recording lacked `hugo mod get -h`, the form
that answers when `--help` runs go.) Reporting what another listing added is no false note."""

ROUND_14 = {c.name for c in CORPUS if c.round == 14}
"""The second fresh held-out set: its micro-averages have floors of their own (below), so the
set's before figures neither lower the rest's floors nor hide behind them."""
ROUND_14_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 0.996,  # round 15: git-lfs through cobra's engine (0.914 before)
    "flags_precision": 1.000,
    "flags_recall": 0.999,
    "value_type": 0.924,
}
"""Value type 0.876 → 0.924 by round 15's type rules (docs/crawler.md, "Value types from the text")."""
ROUND_14_LIVE_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,
    "flags_recall": 0.999,
    "value_type": 0.998,
}
ROUND_16 = {c.name for c in CORPUS if c.round == 16}
"""The third fresh held-out set (native CLIs: cobra, kingpin, clap, GNU, C and others), floors of
its own as first scored; no Python CLI in it, so no live figures."""
ROUND_16_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 0.997,  # first scored 0.989
    "flags_recall": 0.994,  # first scored 0.900: row shapes, pointers, witnesses; resid16 0.984 → 0.994
    "value_type": 1.000,  # sq's choices alone: cobra, kingpin, clap's bash file and fish tell no type
}
ROUND_19 = {c.name for c in CORPUS if c.round == 19}
"""The fifth fresh held-out set (native CLIs: cobra, urfave, kingpin, GNU, util-linux), floors
of its own as first scored; no Python CLI in it, so no live figures."""
ROUND_19_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.992 as first scored: mender-artifact's `cp`
    "flags_precision": 0.987,  # 0.986 while as's truth lacked `--noexecstack` (fish's `\'`)
    "flags_recall": 0.997,  # 0.950 as first scored: prose-usage pages, mount -s, row shapes
}  # no value type: cobra, urfave, kingpin and fish tell none
ROUND_18 = {c.name for c in CORPUS if c.round == 18}
"""The fifth fresh held-out set (node, Ruby, Perl): floors of its own, as first scored (18
loads then; yarn's and bundle's crawls failed, counted since fail18); recorded only, no live."""
ROUND_18_RECORDED_MICRO = {
    # lowered (fail18) from 1.000, 1.000, 0.999, 0.999, 0.994 over 18 loads: yarn and bundle
    # crawl now and count; bundle's manual page names 18 of its 34 commands (said short) and
    # two Thor-hidden ones; yarn's `run --json` is witness lag
    "commands_precision": 0.993,
    "commands_recall": 0.945,  # first scored 0.773; l18a: gem's pointer row, oclif's topics
    "flags_precision": 0.996,  # first scored (gem `-v` from its usage lines; l18a: read as one)
    "flags_recall": 0.980,  # 0.629 first scored (gem, tsc, oclif): pointer rows, topic pages, tsc's full listing
    "value_type": 0.982,  # 0.948 first scored (prove, eslint, pm2); oclif's `<options:`, stated kinds
}
ROUND_15 = {c.name for c in CORPUS if c.round == 15}
"""The third fresh held-out set (Python and node): floors of its own, as first scored."""
ROUND_15_RECORDED_MICRO = {
    "commands_precision": 1.000,  # 0.799 before: celery's `control --list` (docs/crawler.md)
    "commands_recall": 0.994,  # 0.688 before s3cmd's titled command rows
    "flags_precision": 1.000,
    "flags_recall": 0.984,  # 0.128 first scored; scrapy's underlined headings, s3cmd's commands
    "value_type": 0.903,  # 0.931 first scored; 0.943 with scrapy and typer panel rows, then
    # s3cmd's 109 options on its 53 commands outweigh the rest (docs/crawler.md, titled rows);
    # 0.864 → 0.885 by round 16's type rules (docs/crawler.md, "Value types, second pass");
    # 0.885 → 0.903 by s3cmd's `SIZE is in Mega-Bytes` ("Value types, third pass")
}
ROUND_15_LIVE_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 0.990,  # 0.616 first scored (litestar's help calls out of time at load 38)
    "flags_precision": 1.000,
    "flags_recall": 0.980,  # 0.109 first scored; s3cmd's titled command rows (its load is help)
    "value_type": 0.860,  # 0.961 first scored; s3cmd's untyped options on its 53 commands
}
ROUND_20 = {c.name for c in CORPUS if c.round == 20}
"""The sixth fresh held-out set (Python CLIs on frameworks the corpus lacked: cleo, cliff,
invoke, traitlets, mando, getopt, optparse subclasses, argparse): floors of its own, as first
scored."""
ROUND_20_RECORDED_MICRO = {
    "commands_precision": 1.000,  # 0.966 first scored: trash-put's listing of its programs
    "commands_recall": 0.983,  # 0.950 first scored: cliff's two-word rows
    "flags_precision": 0.986,  # 0.979 first scored; examples in traitlets' prose no flags
    # 0.707 first scored: traitlets' stacked option rows, every command's `--help-all`
    "flags_recall": 0.995,  # 0.947 → 0.995 by ipython's long underlined titles, joined path
    # 0.859 first scored, lowered: the traitlets rows read since count (0.846, and 0.842 with
    # the subcommands' `--help-all` configurables); 0.842 → 0.953 by their `Choices: any of
    # [...]` lists (docs/crawler.md, "Value types, fourth pass"), jupyter-kernelspec's
    # `uninstall` counted since as the alias of `remove` it is
    "value_type": 0.950,
}
ROUND_20_LIVE_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,  # 0.915 until round 34: yq's epilog, loaded by the help crawl
    "flags_recall": 0.945,
    "value_type": 1.000,
}
ROUND_17 = {c.name for c in CORPUS if c.round == 17}
"""The fifth fresh held-out set (Python CLIs): floors of its own, as first scored."""
ROUND_17_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.203 first scored (modal: 5 of its 143 commands)
    "flags_precision": 1.000,
    "flags_recall": 0.999,  # 0.534 first scored
    "value_type": 0.995,  # 0.944 first scored; conan, crawled since l17a, counted (1.000 without it);
    # 0.987 → 0.995: conan's one braced choice, modal's TEXT lists (docs/crawler.md, third pass)
}
"""As first scored, conan's crawl failed and was left out of the micro-average; it crawls since
the listing rules of docs/crawler.md "Round 17: command listings" and counts here."""
ROUND_17_LIVE_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,
    "flags_recall": 0.989,
    "value_type": 1.000,
}
ROUND_21 = {c.name for c in CORPUS if c.round == 21}
"""The seventh fresh held-out set (node: cac, arg, yargs, TypeDoc; PHP: symfony/console,
PHPUnit; Ruby OptionParser; Perl Getopt::Long), floors of its own as first scored; recorded
only, no live."""
ROUND_21_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 0.989,
    "flags_recall": 0.831,  # 0.800 first scored; perltidy(1)'s `-i=n,  --indent-columns=n` rows
    # 0.616 first scored; 0.638 → 0.831 by TypeDoc's and serve's bare rows that name a value
    # and parallel's opening sentences (docs/crawler.md, "Value types, fourth pass")
    "value_type": 0.831,
}
ROUND_22 = {c.name for c in CORPUS if c.round == 22}
"""The sixth fresh held-out set (native CLIs: clap 4 binaries from PyPI wheels, openssl, C
programs with fish files, maven), floors of its own as first scored; recorded only, no live."""
ROUND_22_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.545 first scored: openssl's grid listings
    "flags_precision": 0.997,  # 0.996 first scored; 0.998 before the `Arguments` rule, whose
    # five "inventions" are options vim's and lz4's help list and their truth lacks
    "flags_recall": 0.981,  # 0.545 first scored
    # 0.795 first scored; 0.746 once openssl's 150 commands counted; 0.746 → 0.998 by its
    # `infile`/`outfile` paths and `+int`/`intmax`/`nonneg` integers ("Value types, fourth pass")
    "value_type": 0.998,
}
ROUND_23 = {c.name for c in CORPUS if c.round == 23}
"""The ninth fresh held-out set (the native developer tools people run every day: git, docker,
tmux, gpg, npm, rustup, gcc, gdb, valgrind, ffmpeg, perl, rustc, node, dpkg), floors of its own
as first scored; recorded only, no live."""
ROUND_23_RECORDED_MICRO = {
    "commands_precision": 0.975,  # 0.945 before git's absent commands were left out
    "commands_recall": 0.802,
    "flags_precision": 0.862,  # 0.861 first scored
    "flags_recall": 0.595,  # 0.594 first scored; dpkg's options under `Commands:` read since
    "value_type": 0.908,  # 0.922 before node's truth told types (its own option table): 9 of
    # node's integers its help gives no sign of now count
}
ROUND_24 = {c.name for c in CORPUS if c.round == 24}
"""The ninth fresh held-out set (popular Python CLIs from PyPI: pytest's plugin-built parser,
Django's management commands), floors of its own as first scored; recorded only, no live."""
ROUND_24_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.000 first scored: django-admin's `[django]` listing
    "flags_precision": 1.000,
    "flags_recall": 0.600,  # 0.247 first scored; django-admin's 12 commands whose `--help`
    # fails outside a project stay unread (said short)
    "value_type": 0.912,  # 0.791 first scored (pytest's alone); django-admin's now count;
    # pytest's choices in prose (`one of fd|sys|no|tee-sys`) still read as strings
}
ROUND_25 = {c.name for c in CORPUS if c.round == 25}
"""The tenth fresh held-out set (popular Python CLIs from PyPI on frameworks and layouts the
corpus had little of: plumbum's cli.Application, fabric's invoke Program, click and argparse
single commands and groups), floors of its own as first scored; recorded only, no live."""
ROUND_25_RECORDED_MICRO = {
    "commands_precision": 1.000,  # 0.852 first scored: keyring's optional choice positional
    "commands_recall": 1.000,
    "flags_precision": 1.000,  # 0.890 first scored: keyring's, and copier's `--help-all`
    "flags_recall": 1.000,  # 0.997 first scored: httpx's `--files <NAME FILENAME> ...`
    # 0.925 first scored: plumbum's `VALUE:int` / `PATH:ExistingFile` / `VALUE:{a, b}`, fab's
    # `-i, --identity` (a list printed bare), jupytext's `you can also use these: 'clj', …`
    "value_type": 1.000,
}
ROUND_27 = {c.name for c in CORPUS if c.round == 27}
"""A fresh held-out set (native programs from Debian bookworm: kubectl's cobra, lego's urfave/cli
v2, prometheus-pushgateway's kingpin; tcpdump, ninja, screen, m4 and mtr, hand-written C and C++
parsers with fish 3.6.0's files), floors of its own as first scored; recorded only, no live."""
ROUND_27_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.991 first scored: kubectl's `options`, whose help is empty
    "flags_precision": 0.999,
    "flags_recall": 1.000,  # 0.985 first scored: tcpdump's counted letters, screen's variants
    "value_type": 0.939,  # screen's `-R`, `-x`, `-X`: optional words fish marks `-x`
}
ROUND_26 = {c.name for c in CORPUS if c.round == 26}
"""The tenth fresh held-out set (popular node CLIs from npm: webpack-cli's lazily built commander
tree, nest, ava's yargs, vitest's cac, prettier's own table, stylelint's util.parseArgs, ts-node's
arg), floors of its own as first scored; recorded only, no live."""
ROUND_26_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.731 first scored: webpack-cli's underlined `Commands`
    "flags_precision": 1.000,
    "flags_recall": 0.996,  # 0.514 first scored; vitest's expanded and per-option help read
    "value_type": 0.958,
}
ROUND_28 = {c.name for c in CORPUS if c.round == 28}
"""A fresh held-out set (native programs from Debian bookworm: iptables, dig, pv, ethtool,
traceroute, flac, figlet, killall, gprof and usermod, flat C programs with fish 3.6.0's files),
floors of its own as first scored; recorded only, no live."""
ROUND_28_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,  # 0.974 first scored: flac's and gprof's options fish's files lack
    "flags_recall": 0.997,  # 0.841 first scored: iptables' long-first rows, ethtool(8)'s terms
}
ROUND_29 = {c.name for c in CORPUS if c.round == 29}
"""A fresh held-out set (Python CLIs from PyPI nobody here tuned for: argparse single parsers
and subparsers, optparse, click groups, a typer app, and two hand-written parsers, Robot
Framework's usage-text parser and doit's cmdparse), floors of its own as first scored; recorded
only, no live."""
ROUND_29_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 0.919,  # 0.902 first scored; safety's commands whose `--help` needs
    # the network
    "flags_precision": 1.000,
    "flags_recall": 0.915,  # 0.888 first scored (streamlink's groups); safety's are out of reach
    "value_type": 0.950,  # 0.920 first scored (doit's corrected truth); untyped `type=int`s
}
ROUND_30 = {c.name for c in CORPUS if c.round == 30}
"""A fresh held-out set (node CLIs from the npm registry nobody here tuned for: commander single
commands and an ES-module command tree, a yargs 17 command), floors of its own as first scored;
recorded only, no live."""
ROUND_30_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,
    "flags_recall": 1.000,
    "value_type": 0.974,  # madge's `--layout`, whose help lists names commander never checks
}
ROUND_31 = {c.name for c in CORPUS if c.round == 31}
"""A fresh held-out set (native programs from Debian bookworm: bc, base64, mktemp, entr, namei,
iconv, fuser, timeout, readlink, seq and setsid, flat programs with fish 3.6.0's files), floors
of its own as first scored; recorded only, no live."""
ROUND_31_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,
    "flags_recall": 1.000,
    "value_type": 1.000,
}
ROUND_35 = {c.name for c in CORPUS if c.round == 35}
"""A fresh held-out set (Haskell programs from Debian bookworm: stack, git-annex and ormolu on
optparse-applicative, truth from its completion engine; darcs, truth from its own completion
listings), floors of its own after the round's rules; recorded only, no live."""
ROUND_35_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.916 first scored: stack's nested listings read as cleo's
    "flags_precision": 1.000,
    "flags_recall": 0.991,  # 0.974 first scored: options only optparse-applicative's usage spells
}
ROUND_33 = {c.name for c in CORPUS if c.round == 33}
"""A fresh held-out set (compiled Go and Rust CLIs: tombi, deno, sentry-cli, git-cliff, dprint,
just on clap; buf on cobra; lefthook on urfave/cli v3; task on pflag; two Prometheus exporters
on kingpin), floors of its own as first scored; recorded only, no live."""
ROUND_33_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,
    "flags_recall": 1.000,  # 0.998 first scored (lefthook's slice flags)
    "value_type": 1.000,
}
ROUND_34 = {c.name for c in CORPUS if c.round == 34}
"""A fresh held-out set (popular Python CLIs from PyPI nobody here tuned for: click single
commands and groups, argparse single parsers and subparsers, a cement application, optparse
parsers with groups), floors of its own as first scored; live too (the exact loaders)."""
ROUND_34_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,
    # 0.689 first scored (pdoc's `--output-directory`); 0.691 → 1.000 once the crawl followed
    # sqlmap's `-hh` (its `--help` shows 33 of its 242 options)
    "flags_recall": 1.000,
    # 0.956 first scored; untyped values, choices only a description lists; 0.960 → 0.951 as
    # sqlmap's 208 options `-hh` shows came in, 11 of them integers their rows do not tell
    "value_type": 0.951,
}
ROUND_34_LIVE_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,
    "flags_precision": 1.000,
    "flags_recall": 1.000,  # 0.691 first scored: sqlmap's exact load failed, the help crawl
    "value_type": 1.000,  # 0.988 first scored
}
ROUND_32 = {c.name for c in CORPUS if c.round == 32}
"""A fresh held-out set (node CLIs from the npm registry on frameworks the corpus had none of:
sade, citty, meow, nopt; yargs 16, commander bundled into one file, clipanion without its
definitions builtin, oclif with `:` topics), floors of its own as first scored; recorded only,
no live."""
ROUND_32_RECORDED_MICRO = {
    "commands_precision": 1.000,  # 0.233 first scored (heroku's colon ids under their topic)
    # 0.153 first scored (0.225 without heroku); 0.946 → 0.995 by heroku's prompted `ALIASES`
    "commands_recall": 0.995,
    "flags_precision": 1.000,
    "flags_recall": 0.984,  # 0.220 first scored (0.581 without heroku); 0.946 → 0.984 so too
    "value_type": 0.773,  # 0.633 first scored (0.607 without heroku)
}
ROUND_36 = {c.name for c in CORPUS if c.round == 36}
"""A fresh held-out set (Ruby, Perl and Lua programs from Debian bookworm: tmuxinator, foreman
and haml on Thor, jekyll on mercenary, r10k on cri, pry on slop, lolcat and eyaml on optimist,
cme and dzil on App::Cmd, perlcritic on Getopt::Long with Pod, luacheck and luarocks on lua
argparse; truth from each library's own objects), floors of its own after the round's rules;
recorded only, no live."""
ROUND_36_RECORDED_MICRO = {
    "commands_precision": 1.000,  # 0.863 first scored: App::Cmd's `name:` rows read as commands
    "commands_recall": 1.000,  # 0.636 first scored: App::Cmd's and eyaml's colon listings
    "flags_precision": 0.998,  # 0.984 first scored: haml(1) of haml 2, perlcritic's `-12345`
    "flags_recall": 1.000,  # 0.731 first scored: App::Cmd's rows, perlcritic's Pod page
    "value_type": 0.862,  # 0.744 first scored
}
ROUND_37 = {c.name for c in CORPUS if c.round == 37}
"""A fresh held-out set (Python CLIs from PyPI on argument frameworks the corpus had none or one
of: click-extra, cyclopts, python-fire, docopt and docopt-ng), floors of its own after the
round's rules; recorded only, no live."""
ROUND_37_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 0.985,  # 0.877 first scored: mackup's commands only its usage forms name
    "flags_precision": 1.000,  # 0.984 first scored
    "flags_recall": 0.998,  # 0.575 first scored: cyclopts's boxed rows, fire's help and positionals
    "value_type": 0.923,  # 0.691 first scored (0.923 with click-extra's own Choice types in the truth)
}
ROUND_38 = {c.name for c in CORPUS if c.round == 38}
"""A fresh held-out set (native programs from Debian bookworm on argument libraries the corpus
had none of: rpm, logrotate, gphoto2 and exif on popt; five elfutils tools on glibc's argp; dune
on OCaml's cmdliner; truth from the tables each C program hands its library, read in its own
process, and the manual cmdliner generates from dune's terms), floors of its own after the
round's rules; recorded only, no live."""
ROUND_38_RECORDED_MICRO = {
    "commands_precision": 1.000,
    "commands_recall": 1.000,  # 0.955 first scored: dune's `top` beside its summary
    "flags_precision": 1.000,  # 0.998 first scored: dune's wrapped usage tail, a bullet of prose
    "flags_recall": 1.000,  # 0.965 first scored: dune's `top`, eu-strip's `--keep-section`
    "value_type": 0.926,  # 0.927 first scored: gphoto2's SECONDS read as a number (popt's int)
}
ROUND_39 = {c.name for c in CORPUS if c.round == 39}
"""A fresh held-out set (programs from PyPI and npm on argument libraries the corpus had none of:
absl-py flags, rich-argparse-plus, vercel's arg with a hand-written help, cac 7 outside vite,
clap 4 in a PyPI wheel), floors of its own after the round's rules; recorded only, no live.
mlcroissant's crawl fails (RECORDED_CRAWL_FAILURES), so the micro is over the other seven."""
ROUND_39_RECORDED_MICRO = {
    "commands_precision": 1.000,  # 1.000 first scored
    "commands_recall": 1.000,  # 1.000 first scored (0.429 with mlcroissant's 4 commands missed)
    "flags_precision": 1.000,  # 1.000 first scored
    "flags_recall": 1.000,  # 1.000 first scored (0.691 with mlcroissant's 80 flags missed)
    "value_type": 0.710,  # 0.710 first scored: choices under a metavar, unprinted
}
ROUND_40 = {c.name for c in CORPUS if c.round == 40}
"""A fresh held-out set (popular CLIs of the kinds users load, nobody here had tuned for:
ansible-core's argparse programs, jrnl and pelican on argparse, mycli and khal on click, esptool
on rich-click, parcel on commander, mosh on Getopt::Long, sshfs in C), floors of its own after
the round's rules; recorded only, no live."""
ROUND_40_RECORDED_MICRO = {
    "commands_precision": 1.000,  # 1.000 first scored
    "commands_recall": 1.000,  # 1.000 first scored
    "flags_precision": 1.000,  # 0.998 first scored (1.000 once sshfs's truth forgave its `-v`)
    "flags_recall": 0.992,  # 0.993 first scored: jrnl's `--template`, mosh's and sshfs's hidden ones
    "value_type": 0.951,  # 0.875 first scored: esptool's choices cut to fit their column,
    # pelican's unbracketed `errors|warnings`
}
FRESH_HELD_OUT = (
    ROUND_14
    | ROUND_15
    | ROUND_16
    | ROUND_17
    | ROUND_18
    | ROUND_19
    | ROUND_20
    | ROUND_21
    | ROUND_22
    | ROUND_23
    | ROUND_24
    | ROUND_25
    | ROUND_27
    | ROUND_26
    | ROUND_28
    | ROUND_29
    | ROUND_30
    | ROUND_31
    | ROUND_35
    | ROUND_33
    | ROUND_34
    | ROUND_32
    | ROUND_36
    | ROUND_37
    | ROUND_38
    | ROUND_39
    | ROUND_40
)
"""The fresh held-out sets: each is measured by floors of its own, so the older sets' micro tests
leave them out."""
RECORDED_CRAWL_FAILURES: dict[str, str] = {
    # held out (round 39), as first scored: its root dispatches by hand and answers `--help`
    # with a traceback (`ValueError: usage: mlcroissant {…}`); its commands' absl help shows
    # no flag and points at `--helpfull` (docs/loaders.md, "Round 39")
    "mlcroissant": "a root whose --help is a traceback naming its commands",
}
"""Recorded crawls that fail today: each must keep failing until a fix lands, then it gets a
floor. (cleancss left it in round 14: its help, printed only for a terminal, is read under a
pseudo-terminal as stdin, docs/crawler.md; conan in round 17: colon-less command-group
headings over flush-left rows, docs/crawler.md "Round 17: command listings"; yarn and bundle
of round 18 in fail18: clipanion's listing of whole usages, a help that is the manual page,
docs/crawler.md "Round 18: clipanion, Thor and a help that is the manual page".)"""
# ---------------------------------------------------------------- end of thresholds

pytestmark = pytest.mark.xdist_group("corpus")  # one worker scores each recording once

RECORDED = [c.name for c in corpus_clis() if recording_path(c.name).exists()]
LIVE = [c.name for c in corpus_clis() if c.live]


@functools.cache
def recorded_score(name: str) -> Score:
    return score_recorded(next(c for c in CORPUS if c.name == name))


@functools.cache
def live_score(name: str) -> Score | None:
    return score_live(next(c for c in CORPUS if c.name == name))


ROUNDING = 0.0005
"""The floors are written to three decimals (rounded), so a figure may sit this far below one.
A crawl of a recording is deterministic (the help-call fix of round 12), so no other slack."""


def _below(score: Score, floors: dict[str, float]) -> list[str]:
    values = {
        "commands_precision": score.commands_precision,
        "commands_recall": score.commands_recall,
        "flags_precision": score.flags_precision,
        "flags_recall": score.flags_recall,
        "value_type": score.value_type.value,
    }
    return [
        f"{k} {values[k]:.3f} < {v:.3f}"
        for k, v in floors.items()
        if values[k] is not None and values[k] < v - ROUNDING
    ]


def _floors(row: tuple[float, float, float, float]) -> dict[str, float]:
    return dict(
        zip(("commands_precision", "commands_recall", "flags_precision", "flags_recall"), row)
    )


def _evidence(score: Score) -> str:
    return (
        f"\nmissing commands {score.missing_commands[:5]}, invented {score.invented_commands[:5]}"
        f"\nmissing flags {score.missing_flags[:5]}, invented {score.invented_flags[:5]}"
    )


@pytest.mark.parametrize("name", RECORDED)
def test_crawler_on_the_recorded_help_meets_its_floor(name):
    score = recorded_score(name)
    if name in RECORDED_CRAWL_FAILURES:
        assert score.error is not None, f"{name} now crawls: give it a floor in RECORDED_FLOORS"
        return
    assert score.error is None, f"{name}: the crawl of the recording failed: {score.error}"
    problems = _below(score, _floors(RECORDED_FLOORS[name]))
    assert not problems, f"{name} (recorded help): {'; '.join(problems)}{_evidence(score)}"


def test_crawler_on_the_recorded_help_meets_the_micro_averages():
    scores = [recorded_score(n) for n in RECORDED if n not in FRESH_HELD_OUT]
    total = micro(scores)
    problems = _below(total, RECORDED_MICRO)
    assert not problems, (
        "help crawler, micro-averaged: " + "; ".join(problems) + "\n" + table([*scores, total])
    )


FRESH_ROUNDS_RECORDED_MICRO = {
    14: ROUND_14_RECORDED_MICRO,
    15: ROUND_15_RECORDED_MICRO,
    16: ROUND_16_RECORDED_MICRO,
    17: ROUND_17_RECORDED_MICRO,
    18: ROUND_18_RECORDED_MICRO,
    19: ROUND_19_RECORDED_MICRO,
    20: ROUND_20_RECORDED_MICRO,
    22: ROUND_22_RECORDED_MICRO,
    23: ROUND_23_RECORDED_MICRO,
    21: ROUND_21_RECORDED_MICRO,
    24: ROUND_24_RECORDED_MICRO,
    25: ROUND_25_RECORDED_MICRO,
    27: ROUND_27_RECORDED_MICRO,
    26: ROUND_26_RECORDED_MICRO,
    28: ROUND_28_RECORDED_MICRO,
    29: ROUND_29_RECORDED_MICRO,
    30: ROUND_30_RECORDED_MICRO,
    31: ROUND_31_RECORDED_MICRO,
    35: ROUND_35_RECORDED_MICRO,
    33: ROUND_33_RECORDED_MICRO,
    34: ROUND_34_RECORDED_MICRO,
    32: ROUND_32_RECORDED_MICRO,
    36: ROUND_36_RECORDED_MICRO,
    37: ROUND_37_RECORDED_MICRO,
    38: ROUND_38_RECORDED_MICRO,
    39: ROUND_39_RECORDED_MICRO,
    40: ROUND_40_RECORDED_MICRO,
}
FRESH_ROUNDS_LIVE_MICRO = {
    14: ROUND_14_LIVE_MICRO,
    15: ROUND_15_LIVE_MICRO,
    17: ROUND_17_LIVE_MICRO,
    20: ROUND_20_LIVE_MICRO,
    34: ROUND_34_LIVE_MICRO,
}
"""The fresh held-out sets, each with floors of its own (rounds 16, 19 and 21: no Python CLI, no live)."""


def _round(number: int) -> set[str]:
    return {c.name for c in CORPUS if c.round == number}


@pytest.mark.parametrize("number", sorted(FRESH_ROUNDS_RECORDED_MICRO))
def test_crawler_on_each_fresh_held_out_set_meets_its_own_micro_floor(number):
    scores = [recorded_score(n) for n in RECORDED if n in _round(number)]
    total = micro(scores)
    problems = _below(total, FRESH_ROUNDS_RECORDED_MICRO[number])
    assert not problems, (
        f"help crawler on round {number}'s set: "
        + "; ".join(problems)
        + "\n"
        + table([*scores, total])
    )


@pytest.mark.live
@pytest.mark.parametrize("name", LIVE)
def test_load_on_the_installed_cli_meets_its_floor(name):
    score = live_score(name)
    if score is None:
        pytest.skip(f"{name} is not installed in the corpus venv (.ci/run installs it)")
    assert score.error is None, f"{name}: load() failed: {score.error}"
    problems = _below(score, _floors(LIVE_FLOORS[name]))
    assert not problems, f"{name} ({score.loader}): {'; '.join(problems)}{_evidence(score)}"


@pytest.mark.live
def test_load_on_the_installed_clis_meets_the_micro_averages():
    scores = [s for s in (live_score(n) for n in LIVE if n not in FRESH_HELD_OUT) if s is not None]
    if len(scores) < len(LIVE) // 2:
        pytest.skip("the corpus venv is not installed (.ci/run installs it)")
    total = micro(scores)
    problems = _below(total, LIVE_MICRO)
    assert not problems, (
        "load(), micro-averaged: " + "; ".join(problems) + "\n" + table([*scores, total])
    )


@pytest.mark.live
@pytest.mark.parametrize("number", sorted(FRESH_ROUNDS_LIVE_MICRO))
def test_load_on_each_fresh_held_out_sets_installed_clis_meets_its_own_micro_floor(number):
    members = _round(number) & set(LIVE)
    scores = [s for s in (live_score(n) for n in LIVE if n in members) if s is not None]
    if len(scores) < len(members) // 2:
        pytest.skip("the corpus venv is not installed (.ci/run installs it)")
    total = micro(scores)
    problems = _below(total, FRESH_ROUNDS_LIVE_MICRO[number])
    assert not problems, (
        f"load() on round {number}'s set: " + "; ".join(problems) + "\n" + table([*scores, total])
    )


def test_every_short_recorded_crawl_says_so():
    silent = {n for n in RECORDED if recorded_score(n).short and not recorded_score(n).said_short}
    assert silent <= SILENT_SHORT_LOADS_ALLOWED["recorded"], (
        f"short of the truth without a coverage report: {sorted(silent - SILENT_SHORT_LOADS_ALLOWED['recorded'])}"
    )


def test_a_complete_recorded_crawl_reports_no_sign_of_shortness():
    noted = {n for n in RECORDED if not recorded_score(n).short and recorded_score(n).alarmed}
    assert noted <= NOTED_COMPLETE_LOADS_ALLOWED, (
        f"complete, yet reported short: {sorted(noted - NOTED_COMPLETE_LOADS_ALLOWED)}"
    )


@pytest.mark.live
def test_every_short_live_load_says_so():
    scores = {n: live_score(n) for n in LIVE}
    if not any(scores.values()):
        pytest.skip("the corpus venv is not installed (.ci/run installs it)")
    silent = {
        n
        for n, s in scores.items()
        if s is not None and s.error is None and s.short and not s.said_short
    }
    assert silent <= SILENT_SHORT_LOADS_ALLOWED["live"], (
        f"short of the truth without a coverage report: {sorted(silent - SILENT_SHORT_LOADS_ALLOWED['live'])}"
    )


# ---------------------------------------------------------------- the corpus itself


def test_the_corpus_spans_the_frameworks_with_stated_truth():
    families = {c.family for c in CORPUS}
    for needed in (
        "click",
        "lazy click",
        "typer",
        "argparse",
        "argparse multi-phase",
        "argparse after dispatch",
        "optparse",
        "cobra",
        "clap",
        "commander",
        "yargs",
        "GNU",
        "C",
    ):
        assert needed in families, needed
    assert len(RECORDED) >= 25
    for cli in CORPUS:
        truth = json.loads((TRUTH_DIR / f"{cli.name}.json").read_text())
        assert truth["method"] and truth["version"] == cli.version and truth["commands"], cli.name
        recording = json.loads(recording_path(cli.name).read_text())
        assert recording["version"] == cli.version and any(
            c["args"] == ["--help"] for c in recording["calls"]
        ), cli.name


def test_the_replay_prints_what_the_cli_printed_and_refuses_what_nobody_recorded(tmp_path):
    exe = install_replay("jq", tmp_path)
    recorded = next(
        c for c in json.loads(recording_path("jq").read_text())["calls"] if c["args"] == ["--help"]
    )
    done = subprocess.run(
        [str(exe), "--help"], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=30
    )
    assert (done.stdout, done.stderr, done.returncode) == (
        recorded["stdout"],
        recorded["stderr"],
        recorded["exit_code"],
    )
    assert "Usage:" in done.stdout  # the real jq 1.6 help, not something we generated
    misses = tmp_path / "misses.jsonl"
    unknown = subprocess.run(
        [str(exe), "no-such-command", "--help"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=30,
        env={"CORPUS_REPLAY_MISSES": str(misses)},
    )
    assert unknown.returncode == 2 and unknown.stderr.startswith("error:") and unknown.stdout == ""
    assert json.loads(misses.read_text()) == ["jq", ["no-such-command", "--help"]]


def test_the_scorer_counts_what_is_missing_and_what_is_invented():
    from workbench.model.tree import Command, CommandTree, Flag

    truth = {
        "commands": {
            "": {
                "flags": {
                    "--verbose": {
                        "names": ["--verbose", "-v"],
                        "kind": "boolean",
                        "type": None,
                        "choices": None,
                        "required": False,
                        "repeatable": False,
                    }
                },
                "positionals": None,
            },
            "get": {
                "flags": {
                    "--limit": {
                        "names": ["--limit"],
                        "kind": "value",
                        "type": "integer",
                        "choices": None,
                        "required": False,
                        "repeatable": False,
                    },
                    "--all": {
                        "names": ["--all"],
                        "kind": "boolean",
                        "type": None,
                        "choices": None,
                        "required": False,
                        "repeatable": False,
                    },
                },
                "positionals": None,
            },
            "put": {"flags": {}, "positionals": None},
        }
    }
    tree = CommandTree(
        root=Command(
            path=["tool"],
            flags=[Flag(name="verbose", short="v", kind="boolean")],
            subcommands=[
                # --limit read as a string, --all missing, --fake invented, `put` missing, `drop` invented
                Command(
                    path=["tool", "get"],
                    flags=[
                        Flag(name="limit"),
                        Flag(name="fake", kind="boolean"),
                        Flag(name="help", kind="boolean"),
                    ],
                ),
                Command(path=["tool", "drop"], flags=[Flag(name="force", kind="boolean")]),
            ],
        )
    )
    score = score_tree("tool", tree, truth=truth)
    assert (score.commands_found, score.commands_missing, score.commands_invented) == (1, 1, 1)
    assert (score.flags_found, score.flags_missing, score.flags_invented) == (2, 1, 2)
    assert score.flags_precision == 0.5 and score.flags_recall == pytest.approx(2 / 3)
    assert (score.value_type.hit, score.value_type.total) == (0, 1)
    assert score.short and not score.said_short
