"""The calibration figure of ``drawsafe calibrate``: forecast P(cut) against what happened.

One panel; for each game and other-tables model, every probability band of the reliability table
as a point (mean forecast, observed share of players who made the playoff) with the 95% Wilson
interval of the observed share; the diagonal is a perfect forecast.  Both axes are on a logit
scale so the bands near 0 and 1, where most players are, stay readable; their ticks are
percentages, as every figure of drawsafe writes a probability.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import FixedLocator, NullLocator

from drawsafe.report.style import OKABE_ITO, new_figure, png_bytes, styled

#: Colour of each other-tables model; marker of each game (in the folder's order).
COLOURS = {"behaviour": OKABE_ITO["blue"], "rational": OKABE_ITO["vermillion"], "none": OKABE_ITO["green"]}
MARKERS = ("o", "D", "s", "^", "v", "P")
EDGE = 2e-4  # where 0 and 1 are drawn on the logit axes
#: The ticks, as percentages ("99.9%"): matplotlib's own logit labels ("1 - 10^-3") ran
#: together at the top end.
TICKS = (0.001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999)
#: Side by side, not on top of each other: each series shifted by this much on the logit scale.
SHIFT = 0.12


def tick_label(p: float) -> str:
    """0.001 -> "0.1%", 0.5 -> "50%", 0.999 -> "99.9%"."""
    return f"{100 * p:.3g}%"


def reliability_png(runs: dict) -> bytes:
    """PNG of the reliability bands of ``runs`` (a key per game and model -> a
    :class:`~drawsafe.simulation.calibration.CalibrationRun`)."""
    with styled():
        return png_bytes(reliability_figure(runs))


def reliability_figure(runs: dict) -> Figure:
    """The figure of :func:`reliability_png` (drawn in the report's style: inside :func:`styled`)."""
    shown = {key: run for key, run in runs.items() if run.summary is not None}
    games = list(dict.fromkeys(run.game for run in shown.values()))
    fig = new_figure(5.4 + 0.25 * len(shown), 5.2)
    ax = fig.add_subplot(1, 1, 1)
    ax.plot([EDGE, 1 - EDGE], [EDGE, 1 - EDGE], color="0.6", lw=1, ls="--", label="perfect forecast")
    for k, run in enumerate(shown.values()):
        bands = [b for b in run.summary.bands["forecast"] if b.n]
        x = np.clip([b.mean_forecast for b in bands], EDGE, 1 - EDGE)
        y = np.clip([b.observed for b in bands], EDGE, 1 - EDGE)
        lo = np.clip([b.ci.low for b in bands], EDGE, 1 - EDGE)
        hi = np.clip([b.ci.high for b in bands], EDGE, 1 - EDGE)
        shift = SHIFT * (k - (len(shown) - 1) / 2)
        x = np.clip(1 / (1 + np.exp(-(np.log(x / (1 - x)) + shift))), EDGE, 1 - EDGE)
        who = f"{run.game}, " if len(games) > 1 else ""
        ax.errorbar(x, y, yerr=[y - lo, hi - y], fmt=MARKERS[games.index(run.game) % len(MARKERS)],
                    color=COLOURS.get(run.others, OKABE_ITO["green"]), ms=5, capsize=2, lw=1,
                    label=f"{who}--others {run.others} ({run.summary.players} players)")
    for axis, scale in ((ax.xaxis, ax.set_xscale), (ax.yaxis, ax.set_yscale)):
        scale("logit")
        axis.set_major_locator(FixedLocator(TICKS))
        axis.set_ticklabels([tick_label(t) for t in TICKS])
        axis.set_minor_locator(NullLocator())  # the logit's minor ticks crowd both ends
    ax.set_xlim(EDGE / 2, 1 - EDGE / 2)  # a point at 0 or 1 (drawn at EDGE) shown whole
    ax.set_ylim(EDGE / 2, 1 - EDGE / 2)
    ax.set_xlabel("forecast P(cut), mean of the band")
    ax.set_ylabel("share who made the playoff (95% interval)")
    ax.set_title("Reliability of P(cut) before the round")
    # under the panel, one entry a line: inside it, it covered the bands near 0
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncol=1)
    return fig
