"""The calibration figure (``drawsafe calibrate --figure``, issue 50 item 8): its tick labels are
percentages that never run together (matplotlib's logit labels "1 - 10^-2", "1 - 10^-3" did at
the top end), and every game and model is a series of its own, inside the panel."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.container import ErrorbarContainer

from drawsafe.report.fig_reliability import TICKS, reliability_figure, reliability_png, tick_label
from drawsafe.report.style import styled


def run(game: str, others: str, shift: float) -> SimpleNamespace:
    """A run's reliability bands: a band at 0, one at 1 and some between (shifted a little)."""
    means = [0.0, 0.0005, 0.005, 0.05, 0.3, 0.5, 0.7, 0.95, 0.995, 0.9995, 1.0]
    bands = [SimpleNamespace(n=20, mean_forecast=min(1.0, m + shift * m * (1 - m)), observed=m,
                             ci=SimpleNamespace(low=max(0.0, m - 0.2), high=min(1.0, m + 0.2))) for m in means]
    return SimpleNamespace(game=game, others=others,
                           summary=SimpleNamespace(players=220, bands={"forecast": bands}))


RUNS = {f"{g}: {o}": run(g, o, 0.1 * i) for i, (g, o) in enumerate(
    [(g, o) for g in ("Magic", "Netrunner", "Pokémon") for o in ("behaviour", "rational")])}


@pytest.mark.parametrize("runs", [RUNS, {"behaviour": run("Magic", "behaviour", 0), "rational": run("Magic", "rational", 0)}],
                         ids=["three games", "one game"])
def test_labels_apart_and_series_distinct(runs):
    with styled():
        fig = reliability_figure(runs)
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        ax = fig.axes[0]
        for axis, along in ((ax.xaxis, 0), (ax.yaxis, 1)):
            labels = [t for t in axis.get_ticklabels() if t.get_visible() and t.get_text()]
            assert [t.get_text() for t in labels] == [tick_label(t) for t in TICKS] == \
                ["0.1%", "1%", "10%", "50%", "90%", "99%", "99.9%"]
            boxes = sorted((t.get_window_extent(renderer) for t in labels), key=lambda b: (b.x0, b.y0)[along])
            em = labels[0].get_fontsize() * fig.get_dpi() / 72  # the labels' size, in pixels
            for a, b in itertools.pairwise(boxes):  # a label's size apart at least (the old: 7 px at 17)
                assert (b.x0 - a.x1 if along == 0 else b.y0 - a.y1) >= em, (a, b)
        series = [c.lines[0] for c in ax.containers if isinstance(c, ErrorbarContainer)]
        assert len(series) == len(runs)
        assert len({(line.get_color(), line.get_marker()) for line in series}) == len(runs)
        low, high = ax.get_xlim()
        for line in series:  # every band drawn, inside the panel (no point pushed past 1)
            x = np.asarray(line.get_xdata(), dtype=float)
            assert len(x) == 11 and np.all(np.isfinite(x)) and np.all((low < x) & (x < high))
        labels = [t.get_text() for t in fig.legends[0].get_texts()]
        for r in runs.values():
            assert any(r.others in t and (r.game in t or len(runs) == 2) for t in labels), labels
    assert reliability_png(runs)[:8] == b"\x89PNG\r\n\x1a\n"
