"""A player's verdict card from the draw JSON, in words a player reads at a glance."""

from __future__ import annotations

from drawsafe.simulation.decisions import DrawReport
from drawsafe.simulation.words import table_words
from drawsafe.text import whole_percent


def exact_words(result) -> str | None:
    """"exact (every outcome of the N open tables)" for an answer made exactly (no simulation,
    no interval), else None."""
    exact = getattr(result, "exact", None)
    return exact.headline() if exact is not None else None


def card(report: DrawReport | None, player: str, info) -> dict:
    """:func:`verdict_card` with the player's certainty (``"certainty"``: :func:`certainty_card`)."""
    shown = verdict_card(report, player, info)
    proven = certainty_card(report, player)
    if proven is not None:
        shown["certainty"] = proven
    return shown


def certainty_card(report, player: str) -> dict | None:
    """The player's certainty in words for their card (``headline``, each need's sentence, how it
    was proven), when the answer carries it (:mod:`drawsafe.simulation.certified`)."""
    proven = getattr(report, "certainty", None) if report is not None else None
    pc = proven.of(player) if proven is not None and hasattr(proven, "of") else None
    if pc is None:
        return None
    cut = proven.cut.noun()
    if pc.certainty == "clinched":
        headline = f"Clinched: you make {cut} whatever happens."
    elif pc.certainty == "eliminated":
        headline = f"Eliminated: you cannot make {cut} (unless someone above you drops)."
    else:
        ifs = [f"{v} if you {'lose' if r == 'loss' else r}" for r, v in pc.certainty_if.items() if v != "open"]
        headline = "Not decided yet" + (": " + "; ".join(ifs) + "." if ifs else ".")
    needs = [n.sentence() for n in getattr(report, "needs", {}).get(player, ())]
    how = {"last round": "proven over every result of the other tables",
           "points cut": "proven from the points you can reach",
           "rounds to pair": "proven on points under any pairing of the rounds left"}[proven.scope]
    faced = getattr(report, "opponents", {}).get(player)
    return {"certainty": pc.certainty, "headline": headline, "needs": needs, "how": how,
            "next": f"Who you likely face in {faced.sentence()}." if faced is not None else None}


def verdict_card(report: DrawReport | None, player: str, info) -> dict:
    """What the player's card shows, from the typed result of ``drawsafe draw``: ``{"kind":
    "table"}`` at an evaluated table (the verdict in words, both players' figures), ``{"kind":
    "next"}`` when the round's pairings are not out yet (the player's odds now and after each
    result), else ``{"kind": "note"}`` with the reason (no stake, a bye, a result already in, not
    paired)."""
    if report is None:
        return {"kind": "note", "player": player,
                "text": f"No Swiss round is left to play after round {info.after_round}."}
    if report.no_draw:  # the game scores a draw as a loss: no verdict to give
        return {"kind": "note", "player": player, "round": report.round, "text": report.no_draw}
    if report.pairings == "not out yet":
        for row in report.next_round:
            if row.player == player:
                return {"kind": "next", "player": player, "round": report.round, "me": row.to_json(),
                        "simulations": report.simulations, "double": report.rounds_left > 1,
                        "title": f"Round {report.round} pairings are not out yet",
                        "text": (f"Your chance of making {report.cut.noun()} now is {whole_percent(row.now.estimate)}; "
                                 "after your round " + str(report.round) + " result it becomes the figure below. "
                                 "Your opponent and table are not known yet: ask again once the pairings "
                                 "are posted.")}
        return {"kind": "note", "player": player, "round": report.round,
                "text": f"Round {report.round} pairings are not out yet, and {player} has no real chance of "
                        f"making {report.cut.noun()} whatever happens in it (below 0.1% even after a win)."}
    for table in report.tables:
        for i, p in enumerate(table.players):
            if p.player == player:
                said = table_words(table, report.cut, report.safe, me=player)
                return {"kind": "table", "table": table.table, "verdict": table.verdict, "title": said.headline,
                        "text": said.sentence, "me": p.to_json(), "opponent": table.players[1 - i].to_json(),
                        "round": report.round, "simulations": report.simulations,
                        "double": report.rounds_left > 1, "pairings": report.pairings,
                        "projection": report.projection, "draw_probability": table.draw_probability,
                        "exact": exact_words(report), "played_draw_share": report.played_draw_share}
    for row in report.left_out:
        if player in (row.player_a, row.player_b):
            other = row.player_b if row.player_a == player else row.player_a
            return {"kind": "note", "player": player, "table": row.table, "opponent": other,
                    "text": f"Table {row.table} against {other}: {row.reason}.", "round": report.round,
                    "pairings": report.pairings}
    return {"kind": "note", "player": player,
            "text": f"{player} is not paired in round {report.round} (dropped?)."}
