"""Figure 5: who to root for: the other tables whose result moves one player's cut odds most.

One block per table (largest estimated effect first, at most :data:`MAX_ROWS`): a header with the
table, the effect and who among its players met the chosen player or a rival; then the chosen
player's P(cut) if the first-named player wins and if the second wins, each with its 95% interval.
The grey band is the player's overall P(cut) and its interval.  Numbers from
:func:`sim.report.rooting.who_to_root_for` (drawn matches are in the table of the page only: they
are rare, so their intervals are wide).
"""

from __future__ import annotations

from matplotlib.figure import Figure

from sim.report.data import ReportData
from sim.report.rooting import RootingTable
from sim.report.style import OKABE_ITO, new_figure, no_data, percent_axis, styled
from sim.report.text import effect_text

MAX_ROWS = 8
#: Vertical distance between two tables' blocks (data units).
STEP = 1.9
SERIES = (("a_won", OKABE_ITO["blue"], "o", "if the first-named player wins", 0.0),
          ("b_won", OKABE_ITO["orange"], "s", "if the second-named player wins", 0.42))


def header(r: RootingTable) -> str:
    text = f"Table {r.table}: {r.player_a} v {r.player_b}: {effect_text(r)}"
    return text + (f"\n({r.relation})" if r.relation else "")


def rooting_figure(data: ReportData, rows: list[RootingTable]) -> Figure:
    name = data.names[data.player]
    title = f"Who to root for\n{name}'s P(cut) by the result of other tables"
    rows = rows[:MAX_ROWS]
    with styled():
        fig = new_figure(max(2.6, 2.0 + 0.62 * len(rows)))
        if not rows:
            no_data(fig, title, "No other table of this round is still to be played out.")
            return fig
        ax = fig.add_subplot()
        overall = data.p_cut(data.player)
        ci = overall.confidence_interval()
        ax.axvspan(ci.low, ci.high, color="0.85", zorder=0)
        ax.axvline(overall.estimate, color="0.4", linewidth=1, zorder=1,
                   label=f"overall {100 * overall.estimate:.1f}% (95% interval shaded)")
        lows, highs = [ci.low], [ci.high]
        for i, r in enumerate(rows):
            y = STEP * i
            ax.text(0.0, y - 0.25, header(r), transform=ax.get_yaxis_transform(), va="bottom", ha="left",
                    fontsize=8.5, linespacing=1.1, bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})
            for attr, colour, marker, label, dy in SERIES:
                prop = getattr(r, attr)
                c = prop.confidence_interval()
                ax.errorbar([prop.estimate], [y + dy], xerr=[[prop.estimate - c.low], [c.high - prop.estimate]],
                            fmt=marker, color=colour, markersize=6, capsize=2.5, elinewidth=1.2,
                            label=label if i == 0 else None)
                lows.append(c.low)
                highs.append(c.high)
        ax.set_yticks([])
        ax.set_ylim(STEP * (len(rows) - 1) + 0.7, -1.25)
        span = max(highs) - min(lows)
        ax.set_xlim(max(0.0, min(lows) - 0.1 * span - 0.01), min(1.0, max(highs) + 0.1 * span + 0.01))
        percent_axis(ax)
        ax.tick_params(axis="x", top=True, labeltop=True)
        ax.grid(axis="y", visible=False)
        ax.set_xlabel(f"{name}'s P(finishing in the Top {data.top}), with 95% intervals")
        ax.set_title(title)
        fig.legend(loc="outside lower center", ncol=2, handletextpad=0.4, columnspacing=1.0)
    return fig
