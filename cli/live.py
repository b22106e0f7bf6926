"""Terminal views of the exact answers during the last round (:mod:`drawsafe.simulation.live`):
``odds`` and ``draw`` when every outcome of the open tables was enumerated."""

from __future__ import annotations

from drawsafe.cli.render import (
    figure_text,
    group,
    left_out_lines,
    proven_legend,
    proven_of,
    proven_word,
    styled,
    table,
    table_head,
    unpaired_line,
)
from drawsafe.sentences import table_words
from drawsafe.text import exact_percent, percent, points_text


def places_text(p) -> str:
    if p.places is None:
        return "settled"
    return f"{p.places.best}-{p.places.worst}" if p.places.best != p.places.worst else f"{p.places.best}"


def swing_text(r) -> str:
    """P(cut) from the worst to the best result of another table."""
    xs = [x for x in (r.if_a_wins, r.if_draw, r.if_b_wins) if x is not None]
    return f"{exact_percent(min(xs))} to {exact_percent(max(xs))}"


def case_text(p, case) -> str:
    """The results of a best or worst case that concern the player: their own table and the tables
    that move their odds (every table's result is in --json)."""
    moving = {r.table for r in p.root_for}
    shown = [r for r in case if p.player in (r.player_a, r.player_b)] + [r for r in case if r.table in moving]
    rest = len(case) - len(shown)
    text = "; ".join(r.text() for r in shown) or "the results in --json"
    return text + (f" (and {rest} other table(s) as in --json)" if rest > 0 and shown else "")


def live_odds_view(result, show_all: bool = False):
    """Exact odds: P(cut), the best and worst final place, and whom to root for."""
    t = table(("Player", "left"), ("Pts", "right"), ("P(cut)", "right"), ("places", "right"),
              ("root for", "left"), wrap=True)
    hidden = 0
    for p in result.players:
        if not show_all and p.p_cut == 0:
            hidden += 1
            continue
        root = "; ".join(f"t{r.table}: {r.wanted}" for r in p.root_for[:2])
        t.add_row(styled(p.player), points_text(p.points_now, p.point_scale),
                  proven_word(result, p.player, "now") or exact_percent(p.p_cut), places_text(p), styled(root, "dim"))
    head = styled(f"{result.cut.label()} odds, {result.exact.text()}", "bold")
    foot = styled(f"({hidden} players cannot make the cut whatever happens; --all lists them)", "dim") \
        if hidden else None
    cases = []
    for p in result.players:
        if p.places is None or p.p_cut in (0.0, 1.0):
            continue
        best, worst = case_text(p, p.places.best_case), case_text(p, p.places.worst_case)
        cases.append(styled(f"{p.player}: best place {p.places.best} if {best}", "dim"))
        cases.append(styled(f"{' ' * len(p.player)}  worst place {p.places.worst} if {worst}", "dim"))
        if len(cases) >= 16:
            break
    return group(head, t, foot, styled("") if cases else None, *cases,
                 *proven_legend(result, [p.player for p in result.players], exact=True))


def live_draw_view(report):
    """Exact draw or play, table by table (the simulations' view, with exact figures)."""
    out = [styled(f"Round {report.round} (last Swiss round), cut: {report.cut}, pairings {report.pairings}; "
                  f"safe = {percent(report.safe, 0)}; other tables: {report.others}"),
           styled(report.exact.text(), "bold")]
    if report.drawing_tables:
        out.append(styled(f"other tables expected to draw: {', '.join(map(str, report.drawing_tables))}"))
    for d in report.tables:
        out.append(styled(""))
        out.append(table_head(d, report.played_draw_share))
        from rich.padding import Padding

        # the verdict in words, as the simulated answer prints it
        out.append(Padding(styled(table_words(d, report.cut, report.safe, proven=proven_of(report)).sentence), (0, 0, 0, 2)))
        t = table(("", "left"), ("if they draw", "right"), ("if they play", "right"),
                  ("if this player wins", "right"), ("if this player loses", "right"), ("places", "right"),
                  wrap=True)
        for p in d.players:
            where = report.places.get(p.player)
            span = "settled" if where is None else (f"{where.best}-{where.worst}" if where.best != where.worst
                                                    else str(where.best))
            t.add_row(styled(p.player), *[figure_text(report, p.player, f, getattr(p, f), exact=True)
                                          for f in ("draw", "play", "win", "loss")], span)
        from rich.padding import Padding

        out.append(Padding(t, (0, 0, 0, 2)))
        for p in d.players:
            rows = report.root_for.get(p.player, ())[:3]
            if rows:
                text = "; ".join(f"table {r.table}: {r.wanted} ({swing_text(r)})" for r in rows)
                out.append(styled(f"  {p.player} roots for {text}", "dim"))
    out += left_out_lines(report.left_out)
    out += proven_legend(report, [p.player for d in report.tables for p in d.players], exact=True)
    return group(*out, unpaired_line(report))
