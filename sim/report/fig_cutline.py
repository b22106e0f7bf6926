"""Figure 4: where the cut line falls: points and first tiebreak of the last player in the cut.

Top panel: the distribution of the final points of the last player inside the cut (the 8th of a
Top 8), each share with its 95% interval.  Bottom panel: the distribution of that player's first
tiebreak (mtg: OMW%) for the most frequent point totals, as cumulative shares (within each total),
so one reads both "how many points are enough" and "what tiebreak it takes on those points".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.figure import Figure

from drawsafe.report.data import ReportData
from drawsafe.report.style import OKABE_ITO, new_figure, percent_axis, styled
from drawsafe.report.text import tiebreak_label
from drawsafe.stats import Proportion

#: Point totals with their own tiebreak histogram (most frequent first).
MAX_LINES = 3
COLOURS = (OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["green"])


@dataclass(frozen=True)
class LinePoints:
    """The cut line ends on ``points`` (displayed units) in ``share`` of the simulations."""

    points: float
    share: Proportion
    #: Percentiles 5, 50 and 95 of the first tiebreak of the last player in, on these points.
    tiebreak: tuple[float, float, float] | None


def line_points(data: ReportData) -> list[LinePoints]:
    """Every point total of the cut line, in increasing order."""
    b = data.batch
    raw = b.cut_line[:, 0]
    out = []
    for value in np.unique(raw):
        on = raw == value
        tb = (tuple(float(x) for x in np.percentile(b.cut_line[on, 1], [5, 50, 95]))
              if b.cut_line.shape[1] > 1 else None)
        out.append(LinePoints(float(value) / data.rules.point_scale, Proportion(int(on.sum()), b.n), tb))
    return out


def cutline_figure(data: ReportData) -> Figure:
    b = data.batch
    lines = line_points(data)
    has_tb = b.cut_line.shape[1] > 1
    with styled():
        fig = new_figure(6.8 if has_tb else 3.6)
        axes = fig.subplots(2 if has_tb else 1, 1, squeeze=False)[:, 0]
        ax = axes[0]
        x = [ln.points for ln in lines]
        est = np.array([ln.share.estimate for ln in lines])
        cis = [ln.share.confidence_interval() for ln in lines]
        err = np.array([[e - c.low for e, c in zip(est, cis)], [c.high - e for e, c in zip(est, cis)]])
        width = 0.6 / data.rules.point_scale
        ax.bar(x, est, width=width, color=OKABE_ITO["sky"], edgecolor="black", linewidth=0.6,
               yerr=err, capsize=3, error_kw={"elinewidth": 1})
        for xi, e in zip(x, est):
            ax.annotate(f"{100 * e:.1f}%", (xi, e), xytext=(0, 9), textcoords="offset points",
                        ha="center", va="bottom", fontsize=10)
        ax.set_xticks(x, [f"{v:g}" for v in x])
        ax.set_ylim(0, est.max() * 1.2 + 0.03)
        ax.set_yticks([t for t in np.arange(0, 1.01, 0.2) if t <= est.max() * 1.2 + 0.03])
        percent_axis(ax, "y")
        ax.set_xlabel(f"Final points of the {data.cut.last_in_short()} ({data.cut.last_in()})")
        ax.set_ylabel("share of simulations")
        ax.set_title(f"Cut line: points of the {data.cut.last_in_short()}\n(95% intervals)")
        ax.grid(axis="x", visible=False)
        if has_tb:
            tb = data.rules.tiebreaks[0]
            ax = axes[1]
            common = sorted(lines, key=lambda ln: -ln.share.k)[:MAX_LINES]
            raw = b.cut_line[:, 0]
            for ln, colour in zip(common, COLOURS):
                values = np.sort(b.cut_line[raw == ln.points * data.rules.point_scale, 1])
                shares = np.arange(1, len(values) + 1) / len(values)
                ax.step(values, shares, where="post", color=colour, linewidth=1.8,
                        label=f"on {ln.points:g} points ({100 * ln.share.estimate:.1f}% of simulations)")
            percent_axis(ax, "y")
            ax.set_ylim(0, 1.02)
            if tb.percent:
                percent_axis(ax)
                ax.set_xlabel(f"{tb.name} of the {data.cut.last_in_short()} (%)")
            else:
                ax.set_xlabel(f"{tb.name} of the {data.cut.last_in_short()} (tiebreak points)")
            ax.set_ylabel("share at or below (cumulative)")
            ax.set_title(f"Cut line: {tiebreak_label(tb)} of the {data.cut.last_in_short()},\n"
                         "for each point total")
            # under the figure, one entry a line: inside the panel it covered the curves' rise, and
            # at a fixed offset under the panel a wrapped axis label ran into it
            fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncol=1)
    return fig
