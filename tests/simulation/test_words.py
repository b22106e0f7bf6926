"""Verdicts in words: every sentence checked against the figures it sits on.

For each table ``draw`` evaluates, the test recomputes from the raw figures (not with the code
under test) who gains from a draw (the paired 95% interval of draw - play above zero), who loses
(below zero) and who is unaffected, and checks that the sentence names each player with the right
claim and the percentages the page shows, and that the headline agrees with the numbers.  Run on
real events of ../shared/data/melee before their last Swiss round (three by default, every event
with a Top 8 under ``-m slow``) and on hand-made tables for each verdict.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import MELEE, need

import drawsafe
from drawsafe.simulation.decisions import PlayerChances, TableDecision
from drawsafe.simulation.words import table_words
from drawsafe.stats import PairedDifference, Proportion
from drawsafe.text import whole_percent as pct


def expected_claim(p: PlayerChances) -> str:
    d = p.difference
    ci = d.confidence_interval()
    if ci.low > 0:
        return f"takes {p.player} from {pct(p.play.estimate)} to {pct(p.draw.estimate)}"
    if ci.high < 0:
        return f"takes {p.player} from {pct(p.play.estimate)} down to {pct(p.draw.estimate)}"
    if pct(p.play.estimate) == pct(p.draw.estimate):
        return f"costs {p.player} nothing ({pct(p.play.estimate)} either way)"
    return f"changes little for {p.player}"


def check_table(t: TableDecision, cut: str, safe: float) -> None:
    said = table_words(t, cut, safe)
    a, b = t.players
    everything = [x.estimate for p in (a, b) for x in (p.draw, p.play)]
    if max(everything) < 0.01:
        assert said.headline == "Nothing at stake", said
        assert "decides nothing" in said.sentence
        return
    for p in (a, b):
        assert expected_claim(p) in said.sentence, (expected_claim(p), said.sentence)
    if a.draw.estimate >= safe and b.draw.estimate >= safe:
        assert said.headline == "Safe to draw"
    else:
        assert said.headline != "Safe to draw"
    gains = [p.difference.confidence_interval().low > 0 for p in (a, b)]
    if said.headline == "Drawing is better for both of you":
        assert all(gains)
    if said.headline.startswith("Drawing helps") and said.headline.endswith("only"):
        helped = said.headline.removeprefix("Drawing helps ").removesuffix(" only")
        assert helped in (a.player, b.player)
    if said.headline == "Play it out":
        assert not any(gains)  # nobody's draw is clearly better
    # every percentage in the sentence is one of the table's figures as the page shows them
    shown = {pct(x.estimate) for p in (a, b) for x in (p.draw, p.play)} | {pct(safe)}
    for number in re.findall(r"[<>]?\d+%", said.sentence):
        assert number in shown, (number, said.sentence)


def chances(name, play_k, draw_k, n=1000, diff=None) -> PlayerChances:
    draws = [1] * draw_k + [0] * (n - draw_k)
    plays = [1] * play_k + [0] * (n - play_k)
    return PlayerChances(name, 12, Proportion(draw_k, n), Proportion(play_k, n), Proportion(play_k, n),
                         Proportion(0, n), diff or PairedDifference.of(draws, plays))


@pytest.mark.parametrize("verdict, a, b, headline", [
    ("safe to draw", chances("Sam", 1000, 1000), chances("daaf_braaf", 530, 1000), "Safe to draw"),
    ("draw is better for both", chances("Sam", 1000, 1000), chances("daaf_braaf", 530, 920),
     "Drawing helps, and costs nothing"),
    ("draw is better for both", chances("A", 400, 600), chances("B", 300, 500), "Drawing is better for both of you"),
    ("draw is better for one player only", chances("A", 400, 600), chances("B", 600, 300),
     "Drawing helps A only"),
    ("play", chances("A", 600, 300), chances("B", 600, 300), "Play it out"),
    ("nothing at stake", chances("A", 3, 2), chances("B", 1, 0), "Nothing at stake"),
])
def test_each_verdict_in_words(verdict, a, b, headline):
    t = TableDecision(1, verdict, (a, b))
    said = table_words(t, "Top 8", 0.99)
    assert said.headline == headline
    check_table(t, "Top 8", 0.99)


def test_the_issue_example_reads_as_asked():
    t = TableDecision(1, "draw is better for both", (chances("Sam", 1000, 1000), chances("daaf_braaf", 530, 920)))
    assert table_words(t).sentence == ("Drawing costs Sam nothing (100% either way), and takes daaf_braaf from "
                                       "53% to 92%.")


def events(limit: int | None):
    index = json.loads((need(MELEE) / "index.json").read_text(encoding="utf-8"))
    chosen = [(e["file"], e["swiss_rounds"]) for e in index
              if e["swiss_rounds"] >= 4 and e["playoff_first_round_matches"] == 4]
    return chosen[:limit]


def walk(limit: int | None) -> int:
    checked = 0
    for file, rounds in events(limit):
        report = drawsafe.open_event(str(MELEE / file), after_round=rounds - 1).draw(sims=2000, seed=0)
        for t in report.tables:
            check_table(t, report.cut, report.safe)
            checked += 1
    return checked


def test_verdicts_of_real_events_say_what_their_figures_say():
    assert walk(3) >= 5


@pytest.mark.slow
def test_every_verdict_of_the_top_8_events_says_what_its_figures_say():
    assert walk(None) >= 50
