"""Figure 2: tiebreak swings of the contenders against the cut line.

For each tiebreak of the pack (mtg: OMW%, GW%, OGW%) one figure; one row per contender with

- their tiebreak now (before the round), a black triangle;
- their final value across all simulations (box: quartiles, whiskers: 5th-95th percentile);
- the final value of the last player in the cut, in the simulations where the contender finishes
  on the same points as that player, i.e. when this tiebreak can decide their place.

:func:`bubble` gives the numbers behind it: how often a contender finishes on the cut line's points
and how often they are in when they do.
"""

from __future__ import annotations

from dataclasses import dataclass

import matplotlib
import numpy as np
from matplotlib.figure import Figure

from drawsafe.report.data import ReportData
from drawsafe.report.style import (
    CUT,
    OWN,
    new_figure,
    no_data,
    percent_axis,
    row_height,
    short,
    styled,
)
from drawsafe.report.text import tiebreak_label
from drawsafe.stats import Proportion
from drawsafe.tiebreaks.packs import Tiebreak

#: Horizontal boxes (the keyword changed in Matplotlib 3.10).
HORIZONTAL = ({"orientation": "horizontal"} if tuple(map(int, matplotlib.__version__.split(".")[:2])) >= (3, 10)
              else {"vert": False})
#: Whiskers of the boxes: these percentiles.
WHISKERS = (5, 95)


@dataclass(frozen=True)
class Bubble:
    """A contender against the cut line."""

    player: int
    #: Simulations finishing on the cut line's points (of all simulations).
    on_line: Proportion
    #: In the cut, among those.
    in_when_on_line: Proportion


def bubble(data: ReportData, p: int) -> Bubble:
    col = data.column(p)
    b = data.batch
    on = b.focus_keys[:, col, 0] == b.cut_line[:, 0]
    inside = b.focus_cut[:, col].astype(bool)
    return Bubble(p, Proportion(int(on.sum()), b.n), Proportion(int((on & inside).sum()), int(on.sum())))


def box(values: np.ndarray, label: str) -> dict:
    """The statistics :meth:`matplotlib.axes.Axes.bxp` draws (no outliers)."""
    lo, q1, med, q3, hi = np.percentile(values, [WHISKERS[0], 25, 50, 75, WHISKERS[1]])
    return {"med": med, "q1": q1, "q3": q3, "whislo": lo, "whishi": hi, "fliers": [], "label": label}


def tiebreak_figure(data: ReportData, k: int) -> Figure:
    """The figure of the pack's ``k``-th tiebreak (0-based)."""
    tb: Tiebreak = data.rules.tiebreaks[k]
    title = f"Tiebreak swing: final {tiebreak_label(tb)}\nagainst the cut line (rows: player (points now))"
    players = data.contenders()
    now = data.standings.by_player()
    with styled():
        fig = new_figure(row_height(2 * len(players), per_row=0.3, extra=2.8))
        if not players:
            no_data(fig, title, "No contender: every player's P(cut) is below 1% or above 99%.")
            return fig
        ax = fig.add_subplot()
        b = data.batch
        own, line, pos_own, pos_line, ticks, labels = [], [], [], [], [], []
        for i, p in enumerate(players):
            col = data.column(p)
            y = 2.5 * i
            own.append(box(b.focus_keys[:, col, 1 + k], "own"))
            pos_own.append(y - 0.45)
            on = b.focus_keys[:, col, 0] == b.cut_line[:, 0]
            if on.any():
                line.append(box(b.cut_line[on, 1 + k], "cut line"))
                pos_line.append(y + 0.45)
            value = now[data.names[p]].values[tb.key]
            ax.plot([value], [y - 1.05], marker="v", color="black", markersize=7, linestyle="none")
            ticks.append(y)
            labels.append(f"{short(data.names[p])} ({data.points_now(p):g})")
        common = {**HORIZONTAL, "widths": 0.7, "patch_artist": True, "showfliers": False,
                  "medianprops": {"color": "black", "linewidth": 1.2}}
        ax.bxp(own, positions=pos_own, boxprops={"facecolor": OWN, "alpha": 0.75}, **common)
        if line:
            ax.bxp(line, positions=pos_line, boxprops={"facecolor": CUT, "alpha": 0.75}, **common)
        ax.set_yticks(ticks, labels)
        ax.set_ylim(2.5 * len(players) - 1.2, -1.5)
        ax.grid(axis="y", visible=False)
        if tb.percent:
            percent_axis(ax)
            ax.set_xlabel(f"{tb.name} at the end of the Swiss (%)")
        else:
            ax.set_xlabel(f"{tb.name} at the end of the Swiss (tiebreak points)")
        ax.tick_params(axis="x", top=True, labeltop=True)
        fig.suptitle(title)
        handles = [
            ax.plot([], [], marker="v", color="black", markersize=7, linestyle="none")[0],
            ax.fill_between([], [], color=OWN, alpha=0.75),
            ax.fill_between([], [], color=CUT, alpha=0.75),
        ]
        fig.legend(handles, ["now (before the round)", "player's final value",
                             f"{data.cut.last_in()}, when on the same points"],
                   loc="outside lower center", ncol=1, handletextpad=0.4)
    return fig
