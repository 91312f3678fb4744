"""A section's prose that wraps onto an option's name at the end of a sentence (docs/crawler.md,
"Round 37"): click-extra's titled sections open with a paragraph at the rows' own indent, met on
mdedup, whose paragraph names `--strategy.` at a line's start.

The help text is made up (a CLI named `dedup`) in the shape click-extra prints; the expected
names are read off the text by a regex, never by the code under test.
"""

from __future__ import annotations

import re

from workbench.loaders.help.detect import detect_style, parser_for

SECTION_WITH_PROSE = """Usage: dedup [OPTIONS] MAIL_SOURCE_1 MAIL_SOURCE_2 ...

  Deduplicate mails from multiple sources.

Hashing (step #2):
  -b, --hash-body [skip|raw|normalized]
     Method used to hash the body of mails.  [default: skip]

Deduplication (step #3):
  Process each set of mails sharing the same hash and apply the selection
  --strategy. Fine-grained checks on size and content are performed beforehand.
  Limits can be set via the --size-threshold option.
  -s, --strategy [select-older|select-newer|discard-older|discard-newer]
     Selection strategy to apply within a subset of duplicates.

  -S, --size-threshold BYTES
     Maximum difference allowed in size between mails.  [default: 512]

Other options:
  --help  Show this message and exit.
"""


def test_an_option_name_ending_a_sentence_of_prose_is_no_row():
    rows = re.findall(r"(?m)^  -\w, --([a-z-]+) ", SECTION_WITH_PROSE)
    assert rows == ["hash-body", "strategy", "size-threshold"]
    parsed = parser_for(detect_style(SECTION_WITH_PROSE))(SECTION_WITH_PROSE, ["dedup"])
    by_key = {f.key: f for f in parsed.flags}
    assert sorted(by_key) == sorted(rows)
    assert by_key["strategy"].short == "s"
    assert by_key["strategy"].choices == re.findall(r"select-older\|[^\]]+", SECTION_WITH_PROSE)[
        0
    ].split("|")
    assert not parsed.unread
