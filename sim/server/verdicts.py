"""A player's verdict card from the draw JSON, in words a player reads at a glance.

Every sentence on it comes from :mod:`drawsafe.sentences` in its page variant (no command-line
words), names as the event writes them, each sentence's first letter already upper case (the
card shows them as they are).  A figure that is proven (clinched, eliminated) shows no Monte
Carlo interval: its ``ci_*`` is None, its ``p_cut_*`` the proven 1 or 0, and ``proven`` names it.
"""

from __future__ import annotations

from dataclasses import replace

from drawsafe.sentences import PAGE, certainty_headline, table_words
from drawsafe.simulation.decisions import DrawReport, PlayerChances, TableDecision, verdict
from drawsafe.simulation.live import ExactShare
from drawsafe.simulation.whatif import SHOWN, CardCells, ExactCells, result_words
from drawsafe.stats import PairedDifference, Proportion
from drawsafe.text import (
    VERDICT_WORDS,
    interval_json,
    interval_range,
    sentence_start,
    whole_percent,
)

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
                        "text": said.sentence, "me": shown(report, p.to_json()), "what_if": what_if_card(report, table, i),
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


# --- "What you need from the other tables": the card's what-if ---------------------------------

#: How a card's state names the results fixed: one character per shown table, its result's
#: engine code, or this one for a table left open (":class:`CardCells`" order).
OPEN = "x"


def given_chances(p: PlayerChances, seat: int, c: dict) -> PlayerChances:
    """Seat ``seat``'s (0 = A) figures from the summed cells ``c`` (:meth:`CardCells.given`):
    the same estimators as :func:`drawsafe.simulation.decisions.chances`, on the worlds kept."""
    s, won, lost = ("a", "a_won", "b_won") if seat == 0 else ("b", "b_won", "a_won")
    n = c["n"]
    return replace(p, draw=Proportion(c[f"{s}_draw"], n), play=Proportion(c[f"{s}_play"], n),
                   win=Proportion(c[f"{s}_if_{won[0]}_won"], c[won]),
                   loss=Proportion(c[f"{s}_if_{lost[0]}_won"], c[lost]),
                   difference=PairedDifference.of_sums(c[f"{s}_diff"], c[f"{s}_diff2"], n), what_if=None, card=None)


def exact_chances(p: PlayerChances, values, n: int) -> PlayerChances:
    """A seat's exact figures ``values`` (:data:`~drawsafe.simulation.whatif.EXACT_FIGURES`, from
    :meth:`ExactCells.given`) as the exact answer gives them (no interval)."""
    draw, play, win, loss, diff = (float(x) for x in values)
    return replace(p, draw=ExactShare(draw, n), play=ExactShare(play, n), win=ExactShare(win, n),
                   loss=ExactShare(loss, n), difference=PairedDifference(diff, 0.0, n), what_if=None, card=None)


def given_table(table: TableDecision, cells: CardCells | ExactCells, fixed: dict[int, int],
                safe: float) -> TableDecision | None:
    """``table`` if the shown tables of ``fixed`` end so (their engine result codes): its figures
    and verdict on the worlds in which they did (:meth:`CardCells.given`), or exact
    (:meth:`ExactCells.given`); None if none did (they cannot happen)."""
    if isinstance(cells, ExactCells):
        values = cells.given(fixed)
        if values is None:
            return None
        a, b = (exact_chances(p, values[k], cells.n) for k, p in enumerate(table.players))
    else:
        c = cells.given(fixed)
        if not c["n"]:
            return None
        a, b = (given_chances(p, k, c) for k, p in enumerate(table.players))
    return replace(table, verdict=verdict(a, b, safe), players=(a, b))


def state_key(cells: CardCells, fixed: dict[int, int]) -> str:
    """The card's name for a set of fixed results (:data:`OPEN`): the page's script looks it up."""
    return "".join(str(fixed[s.table]) if s.table in fixed else OPEN for s in cells.shown)


def figures(report, p: PlayerChances) -> list[str]:
    """A player's four figures as the card writes them, each its percentage and its interval (a
    proven one its word instead, as on the card): draw, play, win, loss (drawsafe.text)."""
    row = shown(report, p.to_json())
    out = []
    for what in ("draw", "play", "win", "loss"):
        sure = (row.get("proven") or {}).get(what)
        out += [whole_percent(row[f"p_cut_{what}"]), sure or interval_range(row[f"ci_{what}"])]
    return out


#: The card's words around fixed results (static/whatif.js fills them in): what the figures are,
#: a fixed result, and a combination no simulation saw.
IF_WORDS = {
    "note": "If {results}: these are not official results; your card in the {worlds} simulations in which "
            "they happened.",
    "result": "table {table}: {words}",
    "unseen": "Not seen in the simulations with the results you fixed: no figures for it.",
    "fixed": "Fixed (not official): {results}.",
}


#: :data:`IF_WORDS` of an answer made exactly (every outcome of the open tables, no simulation).
EXACT_IF_WORDS = {**IF_WORDS, "note": "If {results}: these are not official results; your card, exact, if they happen."}


def what_if_card(report, table: TableDecision, i: int) -> dict | None:
    """The card's "What you need from the other tables" for the player in seat ``i``: the first
    :data:`~drawsafe.simulation.whatif.SHOWN` tables of their what-if, each result with its share
    of the worlds and the player's odds if they play and it happens; the round's official results
    where a player can still reach the cut; and ``data`` for the page's script: the card's
    figures and verdict (its class, headline, sentence, the player's then the opponent's figures:
    :func:`figures`, and the worlds, each an index into ``strings``) for every combination of fixed
    results seen in at least one world, by :func:`state_key`, rendered here so that a tap is a
    look-up (no simulation, no request).  Answered exactly (``me.card`` an :class:`ExactCells`):
    each result's probability, the figures exact and every combination that can happen
    (``exact`` True, ``worlds`` None).
    None without them (rounds to go, a player with no what-if)."""
    me = table.players[i]
    cells = me.card
    if cells is None:
        return None
    exact = isinstance(cells, ExactCells)
    n = None if exact else cells.given({})["n"]
    tables = []
    for s in cells.shown[:SHOWN]:
        results = []
        for r in s.results:
            alone = given_table(table, cells, {s.table: r.code}, report.safe)
            play = alone.players[i].play if alone is not None else None
            results.append({"code": r.code, "words": result_words(r), "chance": whole_percent(cells.chance({s.table: r.code})),
                            "odds": whole_percent(play.estimate) if play else None,
                            "ci": interval_range(interval_json(play.confidence_interval())) if play and not exact else ""})
        tables.append({"table": s.table, "players": list(s.players), "results": results})
    states, strings = {}, {}  # each string once (``strings``), a state its indices: the page's data stays small
    for fixed in cells.combinations():
        t = given_table(table, cells, fixed, report.safe)
        said = table_words(t, report.cut, report.safe, me=me.player, proven=getattr(report, "proven", None))
        shown_ = [VERDICT_WORDS[t.verdict].page_class, said.headline, said.sentence,
                  *figures(report, t.players[i]), *figures(report, t.players[1 - i]), f"{t.players[0].draw.n:,}"]
        states[state_key(cells, fixed)] = [strings.setdefault(x, len(strings)) for x in shown_]
    data = {"tables": [s.table for s in cells.shown], "open": OPEN, "strings": list(strings), "states": states,
            "words": EXACT_IF_WORDS if exact else IF_WORDS,
            "classes": sorted({w.page_class for w in VERDICT_WORDS.values()})}
    return {"tables": tables, "worlds": n, "exact": exact, "official": list(getattr(report, "results_in", ())),
            "data": data}
