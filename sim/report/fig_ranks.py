"""Figure 3: the final rank distribution of the players in contention, as a heat map.

Rows: the players with P(cut) of at least 1% (and the chosen player), best odds first; columns:
final ranks 1 .. :func:`shown_ranks`, then one column for every lower rank.  Each cell is the share
of simulations finishing at that rank (from the rank histogram of the main batch, which counts
every simulation); cells of 1% or more are labelled.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from drawsafe.report.data import ReportData
from drawsafe.report.style import (
    PHONE,
    SEQUENTIAL,
    Layout,
    layout,
    new_figure,
    no_data,
    row_height,
    short,
    styled,
)
from drawsafe.simulation.simulator import MAX_RANK
from drawsafe.stats import wilson

TITLE = "Final rank distribution"
#: Columns of a phone's heat map (ranks and the one past them), each about 20 CSS pixels wide.
PHONE_COLUMNS = 10
#: A phone's names: at 16 characters they left the cells about 14 CSS pixels each, and two digits
#: of 10 points ran into their neighbours' ("384214"); shorter names give the cells the room.
PHONE_NAME_CHARS = 12


def shown_ranks(data: ReportData, rendition: Layout | None = None) -> int:
    """Exact ranks shown in ``rendition`` (default: the one being drawn): four past the cut, at
    least 12, at most the simulator's exact ranks; on a phone's figure as many as keep each
    cell's 10-point label clear of its neighbours' (the cut and one rank past it at least)."""
    shown = min(MAX_RANK, max(12, data.top + 4), data.snapshot.players)
    if (rendition or layout()) is PHONE:
        shown = min(shown, max(data.top + 1, PHONE_COLUMNS - 1))
    return shown


def rank_shares(data: ReportData, players: list[int]) -> np.ndarray:
    """[players, ranks + 1] shares of simulations: ranks 1..R, then below R."""
    r = shown_ranks(data)
    counts = data.batch.rank_hist[players, :r].astype(np.float64)
    below = data.batch.n - counts.sum(axis=1, keepdims=True)
    return np.hstack([counts, below]) / data.batch.n


def max_half_width(shares: np.ndarray, n: int) -> float:
    """The widest 95% (Wilson) half-width among the cells."""
    if shares.size == 0:
        return 0.0
    low, high = wilson(np.round(shares * n), np.full(shares.shape, n))
    return float(np.max(high - low) / 2)


def rank_figure(data: ReportData) -> Figure:
    players = data.ranked()
    with styled():
        r = shown_ranks(data)
        fig = new_figure(row_height(len(players), per_row=0.36, extra=2.8))
        if not players:
            no_data(fig, TITLE, "No player reaches a 1% chance of the cut.")
            return fig
        shares = rank_shares(data, players)
        ax = fig.add_subplot()
        image = ax.imshow(shares, cmap=SEQUENTIAL, vmin=0, vmax=1, aspect="auto", interpolation="nearest")
        phone = layout() is PHONE
        for i in range(shares.shape[0]):
            for j in range(shares.shape[1]):
                v = shares[i, j]
                if v >= 0.01:
                    ax.text(j, i, f"{100 * v:.0f}", ha="center", va="center", fontsize=10,
                            color="white" if v > 0.55 else "black")
        if data.cut.points is None:  # a points cut falls at no fixed rank
            ax.axvline(data.top - 0.5, color="#D55E00", linewidth=2)
        ax.set_xticks(range(r + 1), [str(k) for k in range(1, r + 1)] + [f">{r}"], fontsize=10)
        ax.set_yticks(range(len(players)),
                      [f"{short(data.names[p], PHONE_NAME_CHARS if phone else None)} ({data.points_now(p):g})"
                       for p in players])
        ax.tick_params(axis="x", top=True, labeltop=True)
        ax.grid(False)
        ax.set_xlabel("Final rank after the Swiss" + ("" if data.cut.points is not None
                                                      else f" (orange line: the {data.cut.label()} cut)"))
        fig.suptitle(f"{TITLE}\n(% of simulations; rows: player (points now))")
        bar = fig.colorbar(image, ax=ax, orientation="horizontal", location="bottom", shrink=0.6,
                           aspect=40)
        bar.set_label("share of simulations")
    return fig
