"""Figure 1: the draw-or-play table of ``drawsafe draw`` as a dot plot with 95% error bars.

One row per player, grouped by table under a header with the table's verdict; for each player four
markers: P(cut) if the table draws, if it plays, if this player wins and if this player loses.
Tables whose players reach :data:`SHOWN_FROM` in no scenario are left out of the figure (they stay
in the HTML table).
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.transforms import blended_transform_factory

from drawsafe.event.cut import Cut
from drawsafe.report.style import (
    SCENARIO_STYLE,
    label_chars,
    new_figure,
    no_data,
    percent_axis,
    row_height,
    short,
    styled,
)
from drawsafe.simulation.decisions import DrawReport, TableDecision

#: A table is drawn when one of its players reaches this P(cut) in some scenario.
SHOWN_FROM = 0.01
#: Most tables drawn (in table order).
MAX_TABLES = 16
SCENARIOS = (("draw", "if they draw"), ("play", "if they play"), ("win", "if this player wins"),
             ("loss", "if this player loses"))
OFFSETS = {"draw": -0.27, "play": -0.09, "win": 0.09, "loss": 0.27}
TITLE = "Draw or play: P(making the cut) at each table"


def shown_tables(report: DrawReport) -> list[TableDecision]:
    """The tables of the figure: some player reaches SHOWN_FROM in some scenario (table order)."""
    keep = [t for t in report.tables
            if any(getattr(p, s).n and getattr(p, s).estimate >= SHOWN_FROM
                   for p in t.players for s, _ in SCENARIOS)]
    return keep[:MAX_TABLES]


def draw_figure(report: DrawReport, top: Cut | int) -> Figure:
    """The figure of ``report``'s tables; ``top``: the cut they are of (a Top N as its size)."""
    tables = shown_tables(report)
    with styled():
        fig = new_figure(row_height(3 * len(tables), per_row=0.3, extra=2.6))
        if not tables:
            no_data(fig, TITLE, "No table of this round has a player with a chance of the cut.")
            return fig
        ax = fig.add_subplot()
        # a table's header starts at the figure's left edge (over the names): from the axes' left
        # edge, "Table 5: draw is better for one player only" ran off a phone's figure
        across = blended_transform_factory(fig.transFigure, ax.transData)
        room = label_chars(fig.get_figwidth()) * 0.92  # bold is wider than the estimate's average character
        labels, ys, y = [], [], 0.0
        for t in tables:
            head = f"Table {t.table}: {t.verdict}"
            ax.text(0.01, y, head, transform=across, va="center", ha="left", fontsize=10,
                    fontweight="bold" if len(head) <= room else "normal", in_layout=False)
            y += 1
            for p in t.players:
                for key, label in SCENARIOS:
                    prop = getattr(p, key)
                    if not prop.n:
                        continue
                    ci = prop.confidence_interval()
                    colour, marker = SCENARIO_STYLE[key]
                    est = prop.estimate
                    ax.errorbar([est], [y + OFFSETS[key]], xerr=[[est - ci.low], [ci.high - est]],
                                fmt=marker, color=colour, markersize=5, capsize=2, elinewidth=1,
                                label=label if t is tables[0] and p is t.players[0] else None)
                labels.append(f"{short(p.player)} ({p.points:g})")
                ys.append(y)
                y += 1
            ax.axhline(y - 0.4, color="0.7", linewidth=0.8)
            y += 0.2
        ax.set_yticks(ys, labels)
        ax.set_ylim(y - 0.6, -0.6)
        ax.set_xlim(-0.02, 1.02)
        percent_axis(ax)
        ax.tick_params(axis="x", top=True, labeltop=True)
        cut = top if isinstance(top, Cut) else Cut(top)
        ax.set_xlabel(f"P(making {cut.noun()}), with 95% intervals")
        rounds = "last Swiss round" if report.rounds_left == 1 else f"{report.rounds_left} rounds left"
        fig.suptitle(f"{TITLE}\nround {report.round} ({rounds}); other tables: {report.others}")
        fig.legend(loc="outside lower center", ncol=2, handletextpad=0.3, columnspacing=1.0)
        ax.grid(axis="y", visible=False)
    return fig
