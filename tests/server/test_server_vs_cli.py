"""The API gives the command line's JSON on every real melee.gg event with a Top 8 (slow: a few
minutes; the figures come from ``benchmarks/serve_vs_cli.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import MELEE, need

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))


@pytest.mark.slow
def test_api_equals_cli_on_every_top8_event():
    from serve_vs_cli import compare

    figures = compare(need(MELEE), sims=1000)
    assert figures["events"] >= 20  # the index has 21 events that played a Top 8
    assert figures["agree"] == figures["events"], figures["disagree"][:3]


def test_api_equals_cli_on_three_real_events():
    from serve_vs_cli import compare

    figures = compare(need(MELEE), sims=500, limit=3)
    assert figures["agree"] == figures["events"] == 3, figures["disagree"]
