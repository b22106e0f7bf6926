"""The calibration figure of ``drawsafe calibrate``: forecast P(cut) against what happened.

One panel; for each other-tables model, every probability band of the reliability table as a
point (mean forecast, observed share of players who made the playoff) with the 95% Wilson
interval of the observed share; the diagonal is a perfect forecast.  Both axes are on a logit
scale so the bands near 0 and 1, where most players are, stay readable.
"""

from __future__ import annotations

import numpy as np

from drawsafe.report.style import OKABE_ITO, new_figure, png_bytes, styled

STYLE = {"behaviour": (OKABE_ITO["blue"], "o"), "rational": (OKABE_ITO["vermillion"], "D")}
EDGE = 2e-4  # where 0 and 1 are drawn on the logit axes


def reliability_png(runs: dict) -> bytes:
    """PNG of the reliability bands of ``runs`` (others -> a
    :class:`~drawsafe.simulation.calibration.CalibrationRun`)."""
    with styled():
        fig = new_figure(4.6, 5.2)
        ax = fig.add_subplot(1, 1, 1)
        ax.plot([EDGE, 1 - EDGE], [EDGE, 1 - EDGE], color="0.6", lw=1, ls="--",
                label="perfect forecast")
        for k, (others, run) in enumerate(runs.items()):
            if run.summary is None:
                continue
            colour, marker = STYLE.get(others, (OKABE_ITO["green"], "s"))
            bands = [b for b in run.summary.bands["forecast"] if b.n]
            x = np.clip([b.mean_forecast for b in bands], EDGE, 1 - EDGE)
            y = np.clip([b.observed for b in bands], EDGE, 1 - EDGE)
            lo = np.clip([b.ci.low for b in bands], EDGE, 1 - EDGE)
            hi = np.clip([b.ci.high for b in bands], EDGE, 1 - EDGE)
            shift = 1 + 0.04 * (k - 0.5)  # side by side, not on top of each other
            ax.errorbar(x * shift, y, yerr=[y - lo, hi - y], fmt=marker, color=colour, ms=5,
                        capsize=2, lw=1, label=f"--others {others} ({run.summary.players} players)")
        ax.set_xscale("logit")
        ax.set_yscale("logit")
        ax.set_xlim(EDGE, 1 - EDGE)
        ax.set_ylim(EDGE, 1 - EDGE)
        ax.set_xlabel("forecast P(cut), mean of the band")
        ax.set_ylabel("share who made the playoff (95% interval)")
        ax.set_title("Reliability of P(cut) before the round")
        ax.legend(loc="upper left", fontsize=8)
        return png_bytes(fig)
