"""Builds ``synthetic_bundle.json``: a Play Hub bundle made by drawsafe's authors, NOT captured.

No complete real event (every round's matches and its standings) was found public, so this file
puts a small invented Lorcana event into the documented shapes (the real answers of this folder,
PLATFORMS.md and the public clients named in README.md): 7 players, 3 Swiss rounds of best-of-3,
a cut to a top 4 not yet played; round 1 has a win, an unintentional draw 1-1-1, an intentional
draw and a bye; round 2's matches come in two pages; one player drops after round 2 (after a bye);
the round-3 standings come in two pages in the newer shape (``points``, ``game_win_percentage``),
round 1's in the older unpaginated one (``{"standings": [...]}``).

The standings figures are computed here, independently of drawsafe's kernels, with exact
fractions: points 3/1/0 and a bye 3 (2-0 in games); MW% = points / (3 x rounds played), GW% = game
points / (3 x games), both floored; OMW% and OGW% the means over the opponents met (byes left
out; no opponent yet: the floor); rank by points, OMW%, GW%, OGW%; figures truncated to 8
decimals.  The results were chosen so that no floor applies after round 3 (every MW% and GW% is at
least 1/3): those figures, the ones ``standings --check`` compares, are the same under Play Hub's
0.33 floor and the 1/3 of Magic's software; round 1's (a player at 0-1) use 0.33, the floor the
real page of this folder reproduces.  Run: ``python tests/data/playhub/make_synthetic.py``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
# id, account name (player.best_identifier), handle (user_event_status.best_identifier)
PLAYERS = {"A": (1001, "Ana P", "AnaP"), "B": (1002, "Ben Q", "benq"), "C": (1003, "Cleo R", "Cleo"),
           "D": (1004, "Dan S", "DanS"), "E": (1005, "Eve T", "evet"), "F": (1006, "Fay U", "Fay"),
           "G": (1007, "Gus V", "Gus V")}
DROPPED = {"D"}
# round -> [(a, b, games of a, games of b, drawn games, how)], b None: a bye
ROUNDS = {
    1: [("A", "B", 2, 0, 0, "win"), ("C", "D", 1, 1, 1, "draw"), ("E", "F", 0, 0, 3, "id"), ("G", None, 0, 0, 0, "bye")],
    2: [("A", "G", 1, 2, 0, "win"), ("B", "E", 2, 1, 0, "win"), ("C", "F", 1, 2, 0, "win"), ("D", None, 0, 0, 0, "bye")],
    3: [("A", "C", 1, 2, 0, "win"), ("B", "F", 1, 1, 0, "draw"), ("E", "G", 2, 0, 0, "win")],
}
ROUND_IDS = {1: 90011, 2: 90012, 3: 90013}
FLOOR = Fraction(1, 3)
#: Play Hub's floor as the real page of tests/data/playhub reproduces it (README.md).
PLAYHUB_FLOOR = Fraction(33, 100)


def records(upto: int) -> dict[str, dict]:
    rec = {p: {"mp": 0, "rounds": 0, "gp": 0, "games": 0, "opp": [], "w": 0, "l": 0, "d": 0} for p in PLAYERS}
    for n in range(1, upto + 1):
        for a, b, ga, gb, gd, how in ROUNDS[n]:
            if b is None:
                r = rec[a]
                r["mp"] += 3
                r["rounds"] += 1
                r["gp"] += 6
                r["games"] += 2
                r["w"] += 1
                continue
            for p, q, gp, gq in ((a, b, ga, gb), (b, a, gb, ga)):
                r = rec[p]
                r["rounds"] += 1
                r["opp"].append(q)
                r["gp"] += 3 * gp + gd
                r["games"] += gp + gq + gd
                if how in ("draw", "id"):
                    r["mp"] += 1
                    r["d"] += 1
                elif gp > gq:
                    r["mp"] += 3
                    r["w"] += 1
                else:
                    r["l"] += 1
    return rec


def figures(upto: int, floor: Fraction | None = None) -> list[dict]:
    """The standings after round ``upto``; without ``floor``, asserting that no floor applies."""
    rec = records(upto)
    mw = {p: Fraction(r["mp"], 3 * r["rounds"]) for p, r in rec.items()}
    gw = {p: Fraction(r["gp"], 3 * r["games"]) for p, r in rec.items()}
    for p in PLAYERS:
        if floor is None:
            assert mw[p] >= FLOOR and gw[p] >= FLOOR, (p, mw[p], gw[p])
        else:
            mw[p], gw[p] = max(mw[p], floor), max(gw[p], floor)
    rows = []
    for p, r in rec.items():
        low = floor or FLOOR  # no opponent yet (a bye): the floor
        omw = sum(mw[q] for q in r["opp"]) / len(r["opp"]) if r["opp"] else low
        ogw = sum(gw[q] for q in r["opp"]) / len(r["opp"]) if r["opp"] else low
        rows.append((p, r, omw, gw[p], ogw))
    rows.sort(key=lambda x: (-x[1]["mp"], -x[2], -x[3], -x[4]))
    return [{"player": p, "rank": k + 1, "rec": r, "omw": omw, "gw": g, "ogw": ogw}
            for k, (p, r, omw, g, ogw) in enumerate(rows)]


def cut8(x: Fraction) -> float:
    return float(Fraction(int(x * 10**8), 10**8))


def person(p: str) -> dict:
    pid, name, _ = PLAYERS[p]
    return {"id": pid, "pronouns": None, "best_identifier": name, "game_user_profile_picture_url": None}


def status(p: str, upto: int) -> dict:
    r = records(upto)[p]
    pid, _, handle = PLAYERS[p]
    return {"id": 5000 + pid % 1000, "best_identifier": handle,
            "registration_status": "DROPPED" if p in DROPPED else "COMPLETE",
            "matches_won": r["w"], "matches_lost": r["l"], "matches_drawn": r["d"],
            "total_match_points": r["mp"], "user": person(p)}


def match(n: int, k: int, m: tuple) -> dict:
    a, b, ga, gb, gd, how = m
    seats = [a] if b is None else [a, b]
    winner = None
    if how == "bye":
        winner = PLAYERS[a][0]
    elif how == "win":
        winner = PLAYERS[a if ga > gb else b][0]
    return {
        "id": 70000 + 10 * n + k, "table_number": -1 if b is None else k + 1, "status": "COMPLETE",
        "player_match_relationships": [{"player_order": i + 1, "player": person(p), "user_event_status": status(p, 3)}
                                       for i, p in enumerate(seats)],
        "match_is_intentional_draw": how == "id", "match_is_unintentional_draw": how == "draw",
        "match_is_bye": how == "bye", "match_is_loss": False,
        "games_drawn": None if how == "bye" else gd,
        # a draw's games as a 1-1 under both names (Carde.io records an intentional draw 0-0-3)
        "games_won_by_winner": None if how == "bye" else max(ga, gb),
        "games_won_by_loser": None if how == "bye" else min(ga, gb),
        "tournament_round": ROUND_IDS[n], "winning_player": winner,
        "players": [PLAYERS[p][0] for p in seats],
    }


def page(results: list, total: int, size: int, number: int) -> dict:
    last = -(-total // size)
    return {"page_size": size, "count": total, "total": total, "current_page_number": number,
            "next_page_number": number + 1 if number < last else None, "next": number + 1 if number < last else None,
            "previous": number - 1 if number > 1 else None, "previous_page_number": number - 1 if number > 1 else None,
            "results": results}


def standing(row: dict, n: int, newer: bool) -> dict:
    p, r = row["player"], row["rec"]
    out = {"rank": row["rank"], "player": {"id": PLAYERS[p][0], "best_identifier": PLAYERS[p][1]},
           "user_event_status": status(p, n) | {"user": None},
           "record": f"{r['w']}-{r['l']}-{r['d']}", "match_record": f"{r['w']}-{r['l']}-{r['d']}",
           "match_points": r["mp"], "opponent_match_win_percentage": cut8(row["omw"]),
           "opponent_game_win_percentage": cut8(row["ogw"])}
    if newer:
        out |= {"points": r["mp"], "round_number": n, "game_win_percentage": cut8(row["gw"])}
    return out


def build() -> dict:
    event = {
        "id": 900001, "name": "Synthetic Lorcana League (made by drawsafe's authors)",
        "start_datetime": "2026-01-10T14:00:00+00:00", "game_type": "LORCANA", "game": 1,
        "description": "Invented for drawsafe's tests: not a real event.", "registered_user_count": 7,
        "settings": {"event_lifecycle_status": "EVENT_IN_PROGRESS", "maximum_number_of_game_wins_per_match": 2},
        "top_cut_size": None, "number_of_rounds": None,
        "tiebreakers": ["OPPONENT_MATCH_WIN_PERCENTAGE", "GAME_WIN_PERCENTAGE", "OPPONENT_GAME_WIN_PERCENTAGE"],
        "tournament_phases": [
            {"id": 9001, "phase_name": "Swiss", "status": "COMPLETE", "order_in_phases": 1, "number_of_rounds": 3,
             "round_type": "SWISS", "rank_required_to_enter_phase": None,
             "effective_maximum_number_of_game_wins_per_match": 2,
             "rounds": [{"id": ROUND_IDS[n], "round_number": n, "final_round_in_event": False,
                         "pairings_status": "GENERATED", "standings_status": "GENERATED",
                         "round_type": "PLAY_VS_OPPONENT", "status": "COMPLETE"} for n in (1, 2, 3)]},
            {"id": 9002, "phase_name": "Top 4", "status": "NOT_STARTED", "order_in_phases": 2, "number_of_rounds": 2,
             "round_type": "SINGLE_ELIMINATION", "rank_required_to_enter_phase": 4,
             "rounds": [{"id": 90014 + k, "round_number": 4 + k, "final_round_in_event": k == 1,
                         "pairings_status": "NOT_GENERATED", "standings_status": "NOT_GENERATED",
                         "round_type": "PLAY_VS_OPPONENT", "status": "NOT_STARTED"} for k in (0, 1)]},
        ],
    }
    matches = {n: [match(n, k, m) for k, m in enumerate(ROUNDS[n])] for n in ROUNDS}
    r1 = [standing(row, 1, newer=False) for row in figures(1, PLAYHUB_FLOOR)]
    r3 = [standing(row, 3, newer=True) for row in figures(3)]
    return {
        "event": event,
        "rounds": {
            str(ROUND_IDS[1]): {"matches": page(matches[1], 4, 25, 1), "standings": {"standings": r1}},
            str(ROUND_IDS[2]): {"matches": [page(matches[2][:2], 4, 2, 1), page(matches[2][2:], 4, 2, 2)]},
            str(ROUND_IDS[3]): {"matches": [page(matches[3], 3, 25, 1)],
                                "standings": [page(r3[:5], 7, 5, 1), page(r3[5:], 7, 5, 2)]},
        },
    }


if __name__ == "__main__":
    (HERE / "synthetic_bundle.json").write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
