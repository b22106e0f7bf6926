"""Plain-text rendering of library results for the terminal."""

from __future__ import annotations

import unicodedata


def width(text: str) -> int:
    """Columns a string takes in a terminal (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, cols: int) -> str:
    return text + " " * max(0, cols - width(text))


def fmt_value(value: float, tiebreak) -> str:
    """A tiebreak value for the table: percentages with 4 decimals, other values with the
    tiebreak's own number of decimals (e.g. Buchholz 12.5, a rating 2126)."""
    if tiebreak.percent:
        return f"{100 * value:8.4f}"
    decimals = tiebreak.decimals if tiebreak.decimals is not None else 2
    return f"{value:8.{decimals}f}"


def fmt_points(points, scale: int) -> str:
    """Points as the pack shows them: whole numbers for MTG, halves with one decimal for chess."""
    return f"{points:.1f}" if scale > 1 else str(points)


def standings_table(table) -> list[str]:
    rules = table.rules
    name_w = min(32, max([6] + [width(r.player) for r in table.rows]))
    head = f"{'Rank':>5}  {pad('Player', name_w)}  {'Pts':>5}  {'W-L-D':>8}  " + "  ".join(
        f"{t.key + ('%' if t.percent else ''):>8}" for t in rules.tiebreaks)
    lines = [head, "-" * width(head)]
    for r in table.rows:
        rank = f"{r.rank}{'=' if r.tied else ' '}"
        name = r.player if width(r.player) <= name_w else r.player[: name_w - 1] + "~"
        rec = f"{r.wins}-{r.losses}-{r.draws}"
        vals = "  ".join(fmt_value(r.values[t.key], t) for t in rules.tiebreaks)
        drop = "  (dropped)" if r.dropped else ""
        lines.append(f"{rank:>5}  {pad(name, name_w)}  {fmt_points(r.points, rules.point_scale):>5}  "
                     f"{rec:>8}  {vals}{drop}")
    if any(r.tied for r in table.rows):
        lines.append("= exactly tied on points and every tiebreak: ordered at random (--seed)")
    return lines


def check_lines(report, ctx) -> list[str]:
    lines = [(f"checked {report.compared} published rows at {report.precision} decimals: "
              f"{report.agreed} agree, {len(report.disagreements)} differ")]
    for d in report.disagreements:
        parts = []
        for k, (ours, theirs) in d.fields.items():
            if isinstance(ours, float) and k != "points":
                parts.append(f"{k} {ours:.{report.precision}f} vs published {theirs:.{report.precision}f}")
            elif k == "points":  # whole match points (chess halves stay as they are)
                parts.append(f"points {ours:g} vs published {theirs:g}")
            else:
                parts.append(f"{k} {ours} vs published {theirs}")
        lines.append(f"  #{d.rank} {d.player}: {'; '.join(parts)}")
        lines.append(f"      probable reason ({d.reason}): {d.explanation}")
    for p in report.missing:
        lines.append(f"  {p}: in the published standings but not in the matches")
    return lines


def pairings_table(result) -> list[str]:
    how = {"published": "as published in the file", "standings": "projected: paired by standings",
           "random": "projected: one random draw of the pairing within point groups (--seed)",
           "dutch": "projected: FIDE Dutch system (approximation)"}
    lines = [f"Round {result.round} pairings ({how[result.method]})"]
    name_w = min(32, max([6] + [width(t.player_a) for t in result.tables]
                           + [width(t.player_b or "") for t in result.tables]))
    for t in result.tables:
        a = f"{pad(t.player_a, name_w)} ({t.points_a})"
        b = f"{t.player_b} ({t.points_b})" if t.player_b else "BYE"
        lines.append(f"{t.table:>5}  {a}  v  {b}")
    if result.exact_ties:
        lines.append("note: exactly tied players were ordered at random (--seed) before pairing")
    if result.rematch:
        lines.append("note: a rematch could not be avoided")
    return lines


def pct(p: float) -> str:
    return f"{100 * p:6.2f}%"


def odds_table(result, show_all: bool = False) -> list[str]:
    lines = [f"{result.cut_label} odds from {result.simulations:,} simulations (seed {result.seed}); 95% intervals"]
    name_w = min(32, max([6] + [width(p.player) for p in result.players]))
    lines.append(f"{pad('Player', name_w)}  {'Pts':>5}  {'P(cut)':>7}  {'95% interval':>17}  {'E[rank]':>7}")
    hidden = 0
    for p in result.players:
        if not show_all and p.cut.k == 0:
            hidden += 1
            continue
        ci = p.cut.confidence_interval()
        ranks = p.rank_counts
        exact = ranks.sum()
        mean_rank = f"{(ranks * (1 + __import__('numpy').arange(len(ranks)))).sum() / exact:7.1f}" \
            if exact == p.cut.n else "      -"
        lines.append(f"{pad(p.player, name_w)}  {fmt_points(p.points_now, p.point_scale):>5}  {pct(p.p_cut)}  "
                     f"[{pct(ci.low)}, {pct(ci.high)}]  {mean_rank}")
    if hidden:
        lines.append(f"({hidden} players never made the cut in any simulation; --all lists them)")
    return lines


def ci_text(prop) -> str:
    if prop.n == 0:
        return f"{'-':>24}"
    ci = prop.confidence_interval()
    return f"{pct(prop.estimate)} [{pct(ci.low)},{pct(ci.high)}]"


def draw_table(report) -> list[str]:
    rounds = "last Swiss round" if report.rounds_left == 1 else f"{report.rounds_left} Swiss rounds left"
    lines = [f"Round {report.round} ({rounds}), cut: {report.cut}, pairings {report.pairings}; "
             f"up to {report.simulations:,} simulations per scenario; safe = {report.safe:.0%}; "
             f"other tables: {report.others}"
             + (f" (settled after {report.iterations} iteration(s))" if report.others == "rational" else "")]
    if report.drawing_tables:
        lines.append(f"other tables expected to draw: {', '.join(map(str, report.drawing_tables))}")
    if report.rounds_left == 2:
        lines.append("draw = draw now, and again in the last round when both are then safe "
                     "(--future-draws)")
    name_w = min(28, max([6] + [width(p.player) for t in report.tables for p in t.players]))
    for t in report.tables:
        a, b = t.players
        lines.append("")
        lines.append(f"Table {t.table}: {a.player} ({a.points}) v {b.player} ({b.points}): "
                     f"{t.verdict.upper()}")
        lines.append(f"  {pad('', name_w)}  {'if they draw':>24}  {'if they play':>24}  "
                     f"{'if this player wins':>24}  {'if this player loses':>24}")
        for p in t.players:
            lines.append(f"  {pad(p.player, name_w)}  {ci_text(p.draw)}  {ci_text(p.play)}  "
                         f"{ci_text(p.win)}  {ci_text(p.loss)}")
    if report.left_out:
        lines.append("")
        lines.append(f"{len(report.left_out)} table(s) left out:")
        for table, a, b, why in report.left_out[:12]:
            lines.append(f"  table {table}: {a} v {b}: {why}")
        if len(report.left_out) > 12:
            lines.append(f"  ... and {len(report.left_out) - 12} more (--json lists all)")
    return lines
