"""Figures and verdicts in words (drawsafe.text): the module's own examples, the ends of each
scale, every verdict said in every view, and a light import for the command line."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

from drawsafe import text
from drawsafe.choices import VERDICTS
from drawsafe.stats import ConfidenceInterval, PairedDifference, Proportion


def test_the_examples_of_the_docstrings_hold():
    result = doctest.testmod(text, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20 and result.failed == 0


@pytest.mark.parametrize("x,said", [
    (0.0, "0%"), (1e-9, "<1%"), (0.004999, "<1%"), (0.005, "0%"), (0.0051, "1%"), (0.5, "50%"),
    (0.9949, "99%"), (0.995, ">99%"), (0.999999, ">99%"), (1.0, "100%"), (None, "–")])
def test_a_player_never_reads_a_rounded_certainty(x, said):
    """0% and 100% only when exactly so; 0.5% itself rounds to even ("0%"), as the pages showed it."""
    assert text.whole_percent(x) == said


@pytest.mark.parametrize("x,said", [
    (0.0, "0%"), (1.0, "100%"), (0.00009, "<0.01%"), (0.0001, "0.01%"), (0.99991, ">99.99%"),
    (0.5, "50.00%"), (None, "-")])
def test_an_exact_figure_keeps_its_ends(x, said):
    assert text.exact_percent(x) == said


def test_the_reports_interval_gains_a_decimal_at_the_ends():
    assert text.proportion_brief(Proportion(0, 1_000_000)) == "0.00% [0.00–0.00%]"
    assert text.proportion_brief(Proportion(5, 10)) == "50.0% [23.7–76.3%]"
    assert text.proportion_brief(Proportion(5, 10), 0) == "50% [24–76%]"
    assert text.proportion_brief(Proportion(0, 0)) == "–"


def test_the_terminal_and_the_pages_write_an_interval_their_own_way():
    p = Proportion(5, 10)
    ci = p.confidence_interval()
    assert text.proportion_text(p) == "50.00% [23.66%, 76.34%]"
    assert text.interval_range([ci.low, ci.high]) == "23.7–76.3%"
    assert text.interval_range([0.0, 0.0081]) == "0–0.81%"
    assert text.interval_range([]) == ""
    assert text.fraction_interval(ci) == "[0.2366, 0.7634]"


def test_odds_changes_are_signed_percentage_points():
    d = PairedDifference(-0.0125, 0.2, 4000)
    assert text.paired_difference(d) == "-1.2 [-1.9, -0.6]"
    assert text.change_interval(-0.001, 0.0) == "[-0.1, +0.0]"


def test_points_and_tiebreaks():
    assert [text.points_text(p, s) for p, s in ((3, 1), (2.5, 2), (3.0, 2))] == ["3", "2.5", "3.0"]
    assert [text.number(x) for x in (3.0, 2.5, 12345678.0)] == ["3", "2.5", "1.23457e+07"]
    assert text.tiebreak_value(1 / 3, True) == "33.3333"
    assert text.tiebreak_value(2126.0, False, 0) == "2126"
    assert text.tiebreak_value(12.25, False) == "12.25"
    # a figure the file does not publish: NaN in the standings, None in their JSON (the pages)
    assert text.tiebreak_value(float("nan"), True) == text.tiebreak_value(None, False, 1) == "-"


def test_every_verdict_is_said_in_every_view():
    assert tuple(text.VERDICT_WORDS) == VERDICTS
    for verdict, said in text.VERDICT_WORDS.items():
        assert said.label == verdict.upper()  # what the terminal printed before the table
        assert said.headline and said.colour and said.page_class in ("safe", "draw", "play", "note")
    assert text.VERDICT_WORDS["draw is better for one player only"].headline.format(player="Ann") == \
        "Drawing helps Ann only"


def test_json_of_a_proportion():
    assert text.proportion_json(Proportion(1, 4)) == {
        "estimate": 0.25, "k": 1, "n": 4, "ci95": text.interval_json(Proportion(1, 4).confidence_interval())}
    assert text.interval_json(ConfidenceInterval(0.1, 0.2)) == [0.1, 0.2]


def test_the_module_loads_neither_numpy_nor_numba():
    code = "import sys, drawsafe.text; print([m for m in ('numpy', 'numba') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
