"""Figures of ``drawsafe field`` and ``drawsafe study`` (house style of :mod:`drawsafe.report.style`)."""

from __future__ import annotations

import numpy as np

from drawsafe.report.style import OKABE_ITO, SCENARIO_STYLE, new_figure, percent_axis, png_bytes, styled


def _label(b) -> str:
    return f"{b.wins}-{b.losses}" + (f"-{b.draws}" if b.draws else "")


def _errbar(ax, x, props, color, marker, label, offset=0.0):
    xs, ys, lo, hi = [], [], [], []
    for xi, p in zip(x, props):
        if p.n == 0:
            continue
        ci = p.confidence_interval()
        xs.append(xi + offset)
        ys.append(p.estimate)
        lo.append(p.estimate - ci.low)
        hi.append(ci.high - p.estimate)
    ax.errorbar(xs, ys, yerr=[lo, hi], fmt=marker, color=color, label=label, ms=5, capsize=2, lw=1)


def field_figure(result, min_players: float = 0.05) -> bytes:
    """Four panels: P(cut) and players per final record; the cut line; before the last round
    (draw / win / loss); before the last two (double draw / win / loss).  Records with fewer than
    ``min_players`` players per event on average are left out of the record panels."""
    cfg = result.config
    with styled():
        fig = new_figure(8.6, 9.0)
        axes = fig.subplots(2, 2)
        fig.suptitle(f"{cfg.players} players, {result.rounds} rounds, Top {cfg.top}, IDs {cfg.ids} "
                     f"({result.simulations:,} simulations, 95% intervals)")
        recs = [r for r in result.records if r.players.estimate >= min_players]
        ax = axes[0, 0]
        x = np.arange(len(recs))
        ax.bar(x, [r.players.estimate for r in recs], color=OKABE_ITO["sky"], alpha=0.5,
               label="players per event")
        ax.set_ylabel("players per event")
        ax.set_xticks(x, [_label(r) for r in recs], rotation=60, fontsize=8)
        ax2 = ax.twinx()
        _errbar(ax2, x, [r.cut for r in recs], OKABE_ITO["blue"], "o", "P(cut)")
        ax2.set_ylim(-0.03, 1.03)
        percent_axis(ax2, "y")
        ax2.grid(False)
        ax.set_title("Final record")
        ax2.legend(loc="center right", fontsize=8)

        ax = axes[0, 1]
        pts = result.cut_points
        ax.bar([v for v, _ in pts], [p.estimate for _, p in pts], color=OKABE_ITO["orange"])
        mean, _ = result.bubble
        ax.set_title("Points of the last qualifier")
        ax.text(0.02, 0.97, f"bubble: {mean.estimate:.2f} players per event\non that total miss the cut",
                transform=ax.transAxes, va="top", fontsize=9)
        ax.set_xlabel("points")
        percent_axis(ax, "y")

        for ax, rows, title, draw_label in (
                (axes[1, 0], result.before_last, "Before the last round", "draw"),
                (axes[1, 1], result.before_last_two, "Before the last two rounds", "double draw")):
            rows = [b for b in rows if b.players >= min_players and b.cut.k > 0]
            x = np.arange(len(rows))
            for name, label, off in (("draw", draw_label, -0.2), ("win", "win", 0.0), ("loss", "loss", 0.2)):
                color, marker = SCENARIO_STYLE[name]
                _errbar(ax, x, [getattr(b, name) for b in rows], color, marker, label, off)
            ax.set_xticks(x, [_label(b) for b in rows], rotation=60, fontsize=8)
            ax.set_ylim(-0.03, 1.03)
            percent_axis(ax, "y")
            ax.set_title(title)
            ax.set_ylabel("P(cut)")
            ax.legend(fontsize=8)
        return png_bytes(fig)


def study_figure(table: list[dict], stage: str = "final", title: str = "") -> bytes:
    """P(cut) of each record against field size, one curve per record (and per ID policy: solid
    none, dashed safe; other cells as extra line styles)."""
    rows = [r for r in table if r["stage"] == stage and r["p_cut"] is not None]
    policies = sorted({r["ids"] for r in rows})
    styles = ["-", "--", ":", "-."]
    records = sorted({(r["wins"], r["losses"], r["draws"]) for r in rows}, key=lambda t: (-3 * t[0] - t[2], -t[0]))
    # records that ever have a P(cut) strictly between 2% and 98% somewhere: the ones worth a curve
    keep = []
    for rec in records:
        ps = [r["p_cut"] for r in rows if (r["wins"], r["losses"], r["draws"]) == rec and r["expected_players"] >= 0.2]
        if ps and max(ps) > 0.02 and min(ps) < 0.98:
            keep.append(rec)
    with styled():
        fig = new_figure(5.2, 8.0)
        ax = fig.add_subplot()
        colors = list(OKABE_ITO.values())
        for i, rec in enumerate(keep[:8]):
            for j, pol in enumerate(policies):
                pts = sorted((r["players"], r["p_cut"], r["ci_low"], r["ci_high"]) for r in rows
                             if (r["wins"], r["losses"], r["draws"]) == rec and r["ids"] == pol
                             and r["expected_players"] >= 0.2)
                if not pts:
                    continue
                xs, ys, lo, hi = (np.array(v) for v in zip(*pts))
                lab = f"{rec[0]}-{rec[1]}" + (f"-{rec[2]}" if rec[2] else "")
                ax.plot(xs, ys, styles[j % 4], color=colors[i % len(colors)], lw=1.4,
                        label=f"{lab} (IDs {pol})")
                ax.fill_between(xs, lo, hi, color=colors[i % len(colors)], alpha=0.12, lw=0)
        ax.set_xlabel("players")
        ax.set_ylabel("P(cut)")
        percent_axis(ax, "y")
        ax.set_ylim(-0.02, 1.02)
        ax.set_title(title or "P(cut) by final record against field size")
        ax.legend(fontsize=7, ncol=2)
        return png_bytes(fig)
