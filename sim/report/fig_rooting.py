"""Figure 5: who to root for: the other tables whose result moves one player's cut odds most.

One block per table (largest estimated effect first, at most :data:`MAX_ROWS`): a header with the
table, the effect and who among its players met the chosen player or a rival; then the chosen
player's P(cut) if the first-named player wins and if the second wins, each with its 95% interval.
The grey band is the player's overall P(cut) and its interval.  Numbers from
:func:`drawsafe.report.rooting.who_to_root_for` (drawn matches are in the table of the page only: they
are rare, so their intervals are wide).
"""

from __future__ import annotations

import textwrap

from matplotlib.figure import Figure
from matplotlib.transforms import blended_transform_factory

from drawsafe.report.data import ReportData
from drawsafe.report.rooting import RootingTable
from drawsafe.report.style import (
    OKABE_ITO,
    label_chars,
    layout,
    new_figure,
    no_data,
    percent_axis,
    short,
    styled,
)
from drawsafe.report.text import effect_text

MAX_ROWS = 8
#: Heights (data units) of a header line and of the two markers' rows.
LINE, MARKERS = 0.56, 1.0
SERIES = (("a_won", OKABE_ITO["blue"], "o", "if the first-named player wins", 0.0),
          ("b_won", OKABE_ITO["orange"], "s", "if the second-named player wins", 0.45))


def header(r: RootingTable, chars: int) -> list[str]:
    """The lines above a table's markers, ``chars`` characters at most."""
    lines = [f"Table {r.table}: {short(r.player_a)} v {short(r.player_b)}", effect_text(r)]
    if r.relation:
        lines.append(f"({r.relation})")
    return [part for line in lines for part in textwrap.wrap(line, chars)]


def rooting_figure(data: ReportData, rows: list[RootingTable]) -> Figure:
    name = data.names[data.player]
    title = f"Who to root for\n{short(name)}'s P(cut) by the result of other tables"
    rows = rows[:MAX_ROWS]
    with styled():
        headers = [header(r, label_chars(layout().width)) for r in rows]  # 10-point lines across the figure
        height = sum(LINE * len(h) + MARKERS for h in headers)
        fig = new_figure(max(2.8, 2.3 + 0.3 * height))
        if not rows:
            no_data(fig, title, "No other table of this round is still to be played out.")
            return fig
        ax = fig.add_subplot()
        overall = data.p_cut(data.player)
        ci = overall.confidence_interval()
        ax.axvspan(ci.low, ci.high, color="0.85", zorder=0)
        ax.axvline(overall.estimate, color="0.4", linewidth=1, zorder=1,
                   label=f"overall {100 * overall.estimate:.1f}% (95% interval shaded)")
        lows, highs, y = [ci.low], [ci.high], 0.0
        # headers run across the whole figure (left out of the layout: laid out, wider than the
        # axes, they squeezed the axes to nothing on a phone's figure)
        across = blended_transform_factory(fig.transFigure, ax.transData)
        for i, (r, lines) in enumerate(zip(rows, headers)):
            ax.text(0.02, y, "\n".join(lines), transform=across, va="top", ha="left",
                    fontsize=10, linespacing=1.15, in_layout=False,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})
            y += LINE * len(lines) + 0.3
            for attr, colour, marker, label, dy in SERIES:
                prop = getattr(r, attr)
                c = prop.confidence_interval()
                ax.errorbar([prop.estimate], [y + dy], xerr=[[prop.estimate - c.low], [c.high - prop.estimate]],
                            fmt=marker, color=colour, markersize=6, capsize=2.5, elinewidth=1.2,
                            label=label if i == 0 else None)
                lows.append(c.low)
                highs.append(c.high)
            y += MARKERS - 0.3
            ax.axhline(y - 0.1, color="0.8", linewidth=0.6)
        ax.set_yticks([])
        ax.set_ylim(y, -0.15)
        span = max(highs) - min(lows)
        ax.set_xlim(max(0.0, min(lows) - 0.1 * span - 0.01), min(1.0, max(highs) + 0.1 * span + 0.01))
        percent_axis(ax)
        ax.tick_params(axis="x", top=True, labeltop=True)
        ax.grid(axis="y", visible=False)
        ax.set_xlabel(f"{short(name)}'s P(finishing {data.cut.within()}), with 95% intervals")
        fig.suptitle(title)
        fig.legend(loc="outside lower center", ncol=1, handletextpad=0.4)
    return fig
