"""A player's verdict card from the draw JSON, in words a player reads at a glance."""

from __future__ import annotations

from drawsafe.simulation.decisions import DRAW_BOTH, DRAW_ONE, PLAY, SAFE_TO_DRAW, DrawReport

HEADLINES = {
    SAFE_TO_DRAW: ("Safe to draw", "Drawing puts both of you in the cut in at least {safe} of the simulations."),
    DRAW_BOTH: ("Drawing is better for both",
                "Both of you make the cut more often if you draw than if you play."),
    DRAW_ONE: ("Drawing helps only one of you",
               "One player gains from a draw, the other loses: agree only if both accept that."),
    PLAY: ("Play it out", "Drawing does not improve your odds: play."),
}


def pct(x) -> str:
    if x is None:
        return "–"
    value = 100 * x
    if 99.5 <= value < 100:
        return ">99%"
    if 0 < value < 0.5:
        return "<1%"
    return f"{value:.0f}%"


def ci_text(pair) -> str:
    if not pair:
        return ""
    low, high = pair
    return f"{edge(low)}–{edge(high)}%"


def edge(x: float) -> str:
    """A percentage with one decimal, two near 0% and 100% (so 99.81% is not shown as 100.0%)."""
    value = 100 * x
    if value in (0.0, 100.0):
        return f"{value:.0f}"
    return f"{value:.2f}" if value < 1 or value > 99 else f"{value:.1f}"


def num(x) -> str:
    return f"{x:g}" if isinstance(x, (int, float)) else str(x)


def card(report: DrawReport | None, player: str, info) -> dict:
    """``{"kind": "table", ...}`` for a player at an evaluated table of ``report`` (the typed result
    of ``drawsafe draw``), else ``{"kind": "note"}`` with the reason (no stake, a bye, a result
    already in, not paired)."""
    if report is None:
        return {"kind": "note", "player": player,
                "text": f"No Swiss round is left to play after round {info.after_round}."}
    for table in report.tables:
        for i, p in enumerate(table.players):
            if p.player == player:
                title, text = HEADLINES.get(table.verdict, (table.verdict, ""))
                return {"kind": "table", "table": table.table, "verdict": table.verdict, "title": title,
                        "text": text.format(safe=pct(report.safe)), "me": p.to_json(),
                        "opponent": table.players[1 - i].to_json(), "round": report.round,
                        "simulations": report.simulations, "double": report.rounds_left > 1,
                        "pairings": report.pairings}
    for row in report.left_out:
        if player in (row.player_a, row.player_b):
            other = row.player_b if row.player_a == player else row.player_a
            return {"kind": "note", "player": player, "table": row.table, "opponent": other,
                    "text": f"Table {row.table} against {other}: {row.reason}.", "round": report.round}
    return {"kind": "note", "player": player,
            "text": f"{player} is not paired in round {report.round} (dropped?)."}
