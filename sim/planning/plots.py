"""Figures of ``drawsafe field`` and ``drawsafe study`` (house style of :mod:`drawsafe.report.style`)."""

from __future__ import annotations

import numpy as np

from drawsafe.report.style import (
    OKABE_ITO,
    SCENARIO_STYLE,
    new_figure,
    percent_axis,
    png_bytes,
    styled,
)


def _label(b) -> str:
    return f"{b.wins}-{b.losses}" + (f"-{b.draws}" if b.draws else "")


def _errbar(ax, x, props, color, marker, label, *, offset=0.0):
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
    planned, question = result.planned, result.question
    with styled():
        fig = new_figure(8.6, 9.0)
        axes = fig.subplots(2, 2)
        fig.suptitle(f"{planned.players} players, {result.rounds} rounds, {question.cut.label()}, "
                     f"IDs {question.future_draws} "
                     f"({result.simulations:,} simulations, 95% intervals)")
        # the records around the cut: from the top down to a win below the lowest cut line
        floor = min((v for v, _ in result.cut_points), default=0) - 3
        recs = [r for r in result.records if r.players.estimate >= min_players and r.points >= floor]
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
        ax.set_title("Final record (around the cut)")
        ax2.set_ylabel("P(cut) (dots, 95% bars)")

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
                _errbar(ax, x, [getattr(b, name) for b in rows], color, marker, label, offset=off)
            ax.set_xticks(x, [_label(b) for b in rows], rotation=60, fontsize=8)
            ax.set_ylim(-0.03, 1.03)
            percent_axis(ax, "y")
            ax.set_title(title)
            ax.set_ylabel("P(cut)")
            ax.legend(fontsize=8)
        return png_bytes(fig)


def study_figure(table: list[dict], title: str = "") -> bytes:
    """Left: P(cut) of each final record against field size, one curve per record (solid: the first
    ID policy, dashed: the second, ...), 95% bands.  Right: P(cut) of an undefeated player who
    double-draws, against field size.  Records shown: those with P(cut) between 2% and 98% somewhere
    (at least 0.2 players per event there), at most eight."""
    final = [r for r in table if r["stage"] == "final" and r["p_cut"] is not None and r["expected_players"] >= 0.2]
    policies = sorted({r["ids"] for r in final})
    styles = ["-", "--", ":", "-."]
    records = sorted({(r["wins"], r["losses"], r["draws"]) for r in final}, key=lambda t: (-3 * t[0] - t[2], -t[0]))
    keep = []
    for rec in records:
        ps = [r["p_cut"] for r in final if (r["wins"], r["losses"], r["draws"]) == rec]
        if ps and max(ps) > 0.02 and min(ps) < 0.98:
            keep.append(rec)
    colors = [OKABE_ITO[c] for c in ("blue", "vermillion", "green", "orange", "purple", "sky", "black", "yellow")]
    with styled():
        fig = new_figure(5.0, 11.0)
        ax, bx = fig.subplots(1, 2, width_ratios=(3, 2))
        for i, rec in enumerate(keep[:8]):
            for j, pol in enumerate(policies):
                pts = sorted((r["players"], r["p_cut"], r["ci_low"], r["ci_high"]) for r in final
                             if (r["wins"], r["losses"], r["draws"]) == rec and r["ids"] == pol)
                if not pts:
                    continue
                xs, ys, lo, hi = (np.array(v, dtype=float) for v in zip(*pts))
                lab = f"{rec[0]}-{rec[1]}" + (f"-{rec[2]}" if rec[2] else "")
                ax.plot(xs, ys, styles[j % 4], color=colors[i], lw=1.4, marker="o", ms=2.5,
                        label=f"{lab}, IDs {pol}")
                ax.fill_between(xs, lo, hi, color=colors[i], alpha=0.12, lw=0)
        ax.set_xlabel("players")
        ax.set_ylabel("P(cut | final record)")
        percent_axis(ax, "y")
        ax.set_ylim(-0.02, 1.02)
        ax.set_title(title or "P(cut) by final record")
        ax.legend(fontsize=7, ncol=2, loc="center right")
        two = [r for r in table if r["stage"] == "before_last_two" and r["losses"] == 0 and r["draws"] == 0
               and r["wins"] == r["rounds"] - 2 and r["p_cut_draw"] is not None]
        for j, pol in enumerate(policies):
            pts = sorted((r["players"], r["p_cut_draw"], r["draw_ci_low"], r["draw_ci_high"], r["rounds"])
                         for r in two if r["ids"] == pol)
            if not pts:
                continue
            xs, ys, lo, hi, _rs = (np.array(v, dtype=float) for v in zip(*pts))
            bx.plot(xs, ys, styles[j % 4], color=OKABE_ITO["black"], lw=1.4, marker="o", ms=2.5,
                    label=f"IDs {pol}")
            bx.fill_between(xs, lo, hi, color=OKABE_ITO["black"], alpha=0.12, lw=0)
        for x in (64.5, 128.5, 226.5):  # Appendix E: one more round beyond these sizes
            if two and min(r["players"] for r in two) < x < max(r["players"] for r in two):
                bx.axvline(x, color=OKABE_ITO["sky"], lw=0.8)
        bx.set_xlabel("players (vertical lines: one more Swiss round)")
        bx.set_ylabel("P(cut)")
        bx.set_title("X-0 double-draws the last two rounds")
        lows = [r["draw_ci_low"] for r in two if r["draw_ci_low"] is not None]
        # a safe double draw is near 100%: zoom in so that its dips show
        bx.set_ylim(max(-0.02, min(lows, default=0.0) - 0.005), 1.002)
        percent_axis(bx, "y")
        bx.legend(fontsize=8)
        return png_bytes(fig)
