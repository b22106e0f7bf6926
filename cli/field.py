"""``drawsafe field``: before the event, what record makes the cut."""

from __future__ import annotations

import click

from drawsafe.cli.options import Run, note
from drawsafe.text import proportion_text
from drawsafe.writing import write_atomic


def record_label(r) -> str:
    return f"{r.wins}-{r.losses}-{r.draws}"


def text_lines(result) -> list[str]:
    cfg, question = result.planned, result.question
    lines = [f"{cfg.describe(question)}",
             f"{result.simulations:,} simulated events (seed {result.seed}); every figure with its 95% interval"]
    if result.draw_points is not None and result.draw_points < 1 << 29:
        lines.append(f"IDs 'safe': a last-round table draws when locked or when both reach {result.draw_points} points")
    if not result.reached:
        lines.append(f"note: precision {result.precision} not reached within the simulation cap")
    lines.append(f"dropped players per event: {result.expected_dropped:.1f}")
    if result.has_day2:
        lines += [""] + day2_lines(result)
    lines.append("")
    lines.append("Final record   Pts  Players/event             P(cut) [95% interval]")
    for r in result.records:
        if r.players.estimate < 0.005:
            continue
        ci = r.players.confidence_interval()
        lines.append(f"{record_label(r):<12} {r.points:>4}  {r.players.estimate:7.2f} [{ci.low:6.2f},{ci.high:6.2f}]  "
                     f"{proportion_text(r.cut)}")
    lines.append("")
    lines.append("Points of the last qualifier:")
    for v, p in result.cut_points:
        lines.append(f"  {v:>3} points  {proportion_text(p)}")
    mean, _dist = result.bubble
    ci = mean.confidence_interval()
    lines.append(f"Bubble: {mean.estimate:.2f} [{ci.low:.2f}, {ci.high:.2f}] players per event finish on the last "
                 "qualifier's points and miss")
    for title, rows, draw in (("Before the last round", result.before_last, "if draw"),
                              ("Before the last two rounds", result.before_last_two, "if double draw")):
        rows = [b for b in rows if b.players >= 0.005 and b.cut.k > 0]
        if not rows:
            continue
        lines.append("")
        lines.append(f"{title} (players at a table; P(cut) as played, {draw}, if win, if loss):")
        lines.append(f"{'Record':<10} {'Players':>7}  {'as played':>24}  {draw:>24}  {'if win':>24}  {'if loss':>24}")
        for b in rows:
            lines.append(f"{record_label(b):<10} {b.players:7.2f}  "
                         + "  ".join(proportion_text(x) for x in (b.cut, b.draw, b.win, b.loss)))
    x0 = result.x0_double_draw
    if x0 is not None:
        lines.append("")
        lines.append(f"X-0 can double-draw: P(cut) {proportion_text(x0)}")
    lines.append(f"({result.seconds:.1f} s)")
    return lines


def day2_lines(result) -> list[str]:
    """The day-2 phase: players advancing (mean, interval, the middle 90% of simulations) and each
    day-1 record's P(day 2) and P(final cut)."""
    mean, dist = result.day2_players
    ci = mean.confidence_interval()
    cum, low, high = 0.0, None, None
    for k, p in dist:
        cum += p.estimate
        if low is None and cum >= 0.05:
            low = k
        if high is None and cum >= 0.95:
            high = k
    lines = [(f"Day 2: {mean.estimate:.1f} [{ci.low:.1f}, {ci.high:.1f}] players per event advance "
             f"(90% of simulated events: {low} to {high})"),
             ("Day-1 record  Pts  Players/event             P(day 2) [95% interval]        P(cut)"
             " [95% interval]          P(cut | day 2)")]
    for r in result.day1_records:
        if r.players.estimate < 0.005:
            continue
        pci = r.players.confidence_interval()
        lines.append(f"{record_label(r):<12} {r.points:>4}  {r.players.estimate:7.2f} [{pci.low:6.2f},{pci.high:6.2f}]  "
                     f"{proportion_text(r.advance)}  {proportion_text(r.cut)}  "
                     f"{proportion_text(r.cut_if_advanced) if r.cut_if_advanced.n else '':>24}")
    return lines


def write(result, run: Run) -> None:
    """--plot: the figure written."""
    plot = run.options["plot"]
    if plot:
        from drawsafe.planning.plots import field_figure  # lazy: matplotlib

        write_atomic(plot, field_figure(result))
        note(f"figure written to {plot}")


def render(result, run: Run) -> None:
    for line in text_lines(result):
        click.echo(line)
