"""The help loader: a command tree for any executable, read from its help texts (SPEC §4).

`crawl(executable, ...)` runs `CLI [path…] --help` (then `-h`, then `CLI help path…`)
recursively and concurrently, detects each text's style (cobra, clap, click, argparse,
GNU/git, else generic), parses it, and caches the tree per executable version.
"""

from __future__ import annotations

from workbench.loaders.help.crawl import crawl  # the function shadows the module name on purpose

__all__ = ["crawl"]
