"""A player's verdict card from the draw JSON, in words a player reads at a glance.

Every sentence on it comes from :mod:`drawsafe.sentences` in its page variant (no command-line
words), names as the event writes them, each sentence's first letter already upper case (the
card shows them as they are).  A figure that is proven (clinched, eliminated) shows no Monte
Carlo interval: its ``ci_*`` is None, its ``p_cut_*`` the proven 1 or 0, and ``proven`` names it.
"""

from __future__ import annotations

from drawsafe.sentences import PAGE, certainty_headline, table_words
from drawsafe.simulation.decisions import DrawReport
from drawsafe.text import sentence_start, whole_percent

#: The scenario of each figure a card shows, as :meth:`~drawsafe.simulation.certified.Certified.proven`
#: names it.
CARD_FIGURES = ("now", "draw", "play", "win", "loss")


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
    was proven, who they likely face next), when the answer carries it
    (:mod:`drawsafe.simulation.certified`)."""
    proven = getattr(report, "certainty", None) if report is not None else None
    pc = proven.of(player) if proven is not None and hasattr(proven, "of") else None
    if pc is None:
        return None
    headline = certainty_headline(pc.certainty, pc.certainty_if, proven.cut)
    needs = [sentence_start(n.sentence(PAGE)) for n in getattr(report, "needs", {}).get(player, ())]
    how = {"last round": "proven over every result of the other tables",
           "points cut": "proven from the points you can reach",
           "rounds to pair": "proven on points under any pairing of the rounds left"}[proven.scope]
    faced = getattr(report, "opponents", {}).get(player)
    return {"certainty": pc.certainty, "headline": headline, "needs": needs, "how": how,
            "next": faced.sentence() if faced is not None else None}


def shown(report, row: dict) -> dict:
    """A player's figures (``p_cut_*``, ``ci_*``) as their card shows them: a proven one (the
    answer's :meth:`~drawsafe.simulation.certified.Certified.proven`) without its interval, at its
    proven value, named in ``proven``."""
    said = getattr(report, "proven", None)
    if said is None or not callable(said):
        return row
    row = dict(row)
    for figure in CARD_FIGURES:
        word = said(row["player"], figure) if f"p_cut_{figure}" in row else None
        if word is not None:
            row[f"p_cut_{figure}"] = 1.0 if word == "clinched" else 0.0
            row[f"ci_{figure}"] = None
            row.setdefault("proven", {})[figure] = word
    return row


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
                return {"kind": "next", "player": player, "round": report.round, "me": shown(report, row.to_json()),
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
                said = table_words(table, report.cut, report.safe, me=player,
                                    proven=getattr(report, "proven", None))
                return {"kind": "table", "table": table.table, "verdict": table.verdict, "title": said.headline,
                        "text": said.sentence, "me": shown(report, p.to_json()),
                        "opponent": shown(report, table.players[1 - i].to_json()),
                        "round": report.round, "simulations": report.simulations,
                        "double": report.rounds_left > 1, "pairings": report.pairings,
                        "projection": report.projection, "draw_probability": table.draw_probability,
                        "exact": exact_words(report), "played_draw_share": report.played_draw_share}
    away = getattr(report, "unpaired", {}).get(player)
    for row in report.left_out:
        if player in (row.player_a, row.player_b):
            other = row.player_b if row.player_a == player else row.player_a
            # a bye, a loss without opponent, a result in: why, from the file; else the reason left out
            text = away.text if away is not None else f"Table {row.table} against {other}: {row.reason}."
            return {"kind": "note", "player": player, "table": row.table, "opponent": other,
                    "text": text, "round": report.round, "pairings": report.pairings}
    if away is not None:
        return {"kind": "note", "player": player, "round": report.round, "text": away.text,
                "unpaired": away.why}
    return {"kind": "note", "player": player, "text": f"{player} is not paired in round {report.round}."}
