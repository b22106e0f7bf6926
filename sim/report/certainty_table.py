"""The report's table of certainty: who has clinched the cut, who is eliminated, and what each
contender needs (:mod:`drawsafe.simulation.certainty`, :mod:`drawsafe.simulation.needs`)."""

from __future__ import annotations

from drawsafe.report import html
from drawsafe.report.text import plural
from drawsafe.simulation.certainty import CLINCHED, ELIMINATED, OPEN, PROOF_TEXT, certainty
from drawsafe.simulation.needs import event_needs

#: Open players whose needs the table spells out (standings order).
NEEDS_ROWS = 12


def certainty_section(data) -> str:
    """A section: the counts, then a row per clinched or open player (points, certainty, per own
    result, what they need); eliminated players are counted, not listed."""
    snap, rules, cut = data.snapshot, data.rules, data.cut
    if snap.phase_end:
        return html.section("certainty", "Clinched and eliminated",
                            html.paragraph("Not worked out across a phase's cut (--day2)."))
    report = certainty(snap, rules, cut)
    order = {r.player: i for i, r in enumerate(data.standings.rows)}
    shown = sorted((p for p in report.players if p.certainty != ELIMINATED),
                   key=lambda p: order.get(p.player, len(order)))
    wanted = {p.player for p in shown if p.certainty == OPEN and p.certainty_if}
    wanted = set(sorted(wanted, key=lambda n: order.get(n, len(order)))[:NEEDS_ROWS])
    needs = event_needs(snap, rules, cut, report, only=wanted) if wanted else {}
    c = report.counts()
    rows = []
    for p in shown:
        ifs = [p.certainty_if.get(r, "") if p.certainty == OPEN else "" for r in ("win", "draw", "loss")]
        need = " / ".join(n.sentence() for n in needs.get(p.player, ()))
        rows.append([p.player, f"{p.points[0]:g}-{p.points[1]:g}", p.certainty, *ifs, need])
    intro = (f"{counted(c[CLINCHED], 'has', 'have')} clinched {cut.noun()}, {counted(c[ELIMINATED], 'is', 'are', '')} "
             f"eliminated, {counted(c[OPEN], 'is', 'are', '')} open. Proven, never simulated: "
             f"{PROOF_TEXT[{'last round': 2, 'points cut': 1}.get(report.scope, 3)]}")
    table = html.table(["Player", "Final points", "Certainty", "If you win", "If you draw", "If you lose",
                        "What you need"], rows, names=(0, 2, 3, 4, 5, 6))
    return html.section("certainty", "Clinched, eliminated, what you need", html.paragraph(intro) + table)


def counted(n: int, one: str, many: str, noun: str = "player") -> str:
    """"1 player has", "7 players have"; without ``noun``, "1 is", "10 are"."""
    return f"{plural(n, noun) if noun else n} {one if n == 1 else many}"
