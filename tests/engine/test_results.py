"""The result model: its measured defaults come from the real events, and sampling follows it."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from conftest import MELEE, need

from drawsafe.engine.results import (
    DECIDED_COUNTS,
    DRAW_SHARE,
    DRAWN_COUNTS,
    ResultModel,
    play_match,
    win_probability,
)
from drawsafe.event.io import load_event
from drawsafe.jit import kernel
from drawsafe.rng import stream


def test_measured_defaults_are_what_the_real_events_show():
    """Recount the scores of every Swiss match of the best-of-three events in shared/data/melee."""
    folder = need(MELEE)
    index = json.loads((folder / "index.json").read_text())
    decided, drawn, played = Counter(), Counter(), 0
    for entry in index:
        event = load_event(folder / entry["file"])
        if event.best_of != 3:
            continue
        for rnd in event.swiss:
            for m in rnd.matches:
                if m.kind != "match" or (m.a_wins, m.b_wins, m.draws) == (0, 0, 3):
                    continue
                played += 1
                a, b, d = m.a_wins, m.b_wins, m.draws
                if a == b:
                    drawn[(a, b, d)] += 1
                else:
                    w, l_ = max(a, b), min(a, b)
                    decided[(2, 0, d) if (w, l_) == (3, 0) else (w, l_, d)] += 1
    assert dict(decided) == {s[:3]: s[3] for s in DECIDED_COUNTS}
    assert dict(drawn) == {s[:3]: s[3] for s in DRAWN_COUNTS}
    assert sum(drawn.values()) / played == pytest.approx(DRAW_SHARE, abs=0)


@kernel
def sample(seed, n, p_a, share, dcum, dsc, wcum, wsc):
    out = np.zeros((n, 3), dtype=np.int64)
    score = np.empty(3, dtype=np.int64)
    for i in range(n):
        state = stream(seed, i)
        play_match(state, p_a, share, dcum, dsc, wcum, wsc, score)
        out[i] = score
    return out


@pytest.mark.parametrize("p_a", [0.5, 0.8])
def test_sampled_scores_follow_the_model(p_a):
    model = ResultModel()
    dcum, dsc, wcum, wsc = model.tables()
    n = 200_000
    scores = sample(7, n, p_a, model.draw_share, dcum, dsc, wcum, wsc)
    a_won = (scores[:, 0] > scores[:, 1]).mean()
    drew = (scores[:, 0] == scores[:, 1]).mean()
    for observed, expected in ((drew, model.draw_share), (a_won, (1 - model.draw_share) * p_a)):
        sd = np.sqrt(expected * (1 - expected) / n)
        assert abs(observed - expected) < 5 * sd
    winners = np.sort(scores[scores[:, 0] != scores[:, 1]][:, :2], axis=1)[:, ::-1]
    share_20 = ((winners[:, 0] == 2) & (winners[:, 1] == 0)).mean()
    total = sum(c[3] for c in DECIDED_COUNTS)
    expected = (DECIDED_COUNTS[0][3] + DECIDED_COUNTS[-1][3]) / total  # 2-0 and 2-0-1
    assert abs(share_20 - expected) < 5 * np.sqrt(expected * (1 - expected) / len(winners))


def test_win_probability_models():
    ratings = np.array([1600.0, 1400.0])
    assert win_probability(1, ratings, 0, 1) == pytest.approx(1 / (1 + 10 ** (-200 / 400)))
    probs = np.array([0.7, 0.5])
    assert win_probability(2, probs, 0, 1) == pytest.approx(0.7)  # against an average player
    assert win_probability(2, np.array([0.6, 0.6]), 0, 1) == pytest.approx(0.5)
    assert win_probability(0, probs, 0, 1) == 0.5


def test_best_of_one_model():
    model = ResultModel.for_best_of(1)
    assert model.decided == ((1, 0, 0, 1.0),) and model.drawn == ((0, 0, 1, 1.0),)
