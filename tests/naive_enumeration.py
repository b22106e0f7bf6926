"""Plain-Python twin of :mod:`drawsafe.simulation.enumeration`: the last round's open tables,
every outcome of every table (every game score), no shortcut.

For each combination of outcomes the final standings come from :mod:`naive` (exact fractions,
the rule text); exactly tied players share the places left at the cut line.  The weights are the
result model's (shares of its measured counts), computed here from the model's own tables rather
than the module's outcome lists.  Only MTG packs (what :mod:`naive` knows).

:func:`enumerate_naive` returns every player's P(cut), each contender's P(cut) given each outcome
of each open table (keyed by the table's number and the outcome's result and game score), and
each player's best and worst place over every combination of results, each table at its most
likely game score.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import naive

from drawsafe.event.model import Match, Round
from drawsafe.event.snapshot import Snapshot
from drawsafe.simulation.question import Question
from drawsafe.tiebreaks import values as tb
from drawsafe.tiebreaks.packs import RulePack

A_WINS, DRAW, B_WINS = 0, 1, 2


def shares(rows) -> list[tuple[tuple[int, int, int], float]]:
    total = sum(r[3] for r in rows)
    return [((int(r[0]), int(r[1]), int(r[2])), r[3] / total) for r in rows]


def outcomes(config: Question, p_a: float = 0.5, with_id: bool = True) -> list[tuple[int, tuple, float]]:
    """(result, score from A's side, probability) of a table that plays it out."""
    res = config.results
    draw = res.draw_share
    found: dict[tuple, float] = {}

    def add(result, score, p):
        found[(result, score)] = found.get((result, score), 0.0) + p

    for (w, lo, d), q in shares(res.decided):
        add(A_WINS, (w, lo, d), (1 - draw) * p_a * q)
        add(B_WINS, (lo, w, d), (1 - draw) * (1 - p_a) * q)
    if draw > 0:
        for score, q in shares(res.drawn):
            add(DRAW, score, draw * q)
    if with_id:
        add(DRAW, (0, 0, 3), 0.0)
    return [(r, s, p) for (r, s), p in found.items()]


def final_lines(snap: Snapshot, floored: bool, played: list[Match]):
    """The standings lines after the last round with ``played`` in place of its open tables."""
    event = snap.event
    swiss = list(event.swiss[:snap.after_round])
    last = snap.next_round
    known = [m for m in last.matches if m.reported]
    rounds = swiss + [Round(last.number, tuple(known + played), last.name)]
    final = replace(event, rounds=tuple(rounds))
    return naive.standings_lines(final, len(rounds), floored=floored)


def places(lines, members) -> dict[str, tuple[int, int, tuple]]:
    """Each member's (first place, last place) of their class of exact ties, and their key."""
    empty = (0, naive.THIRD, naive.THIRD, naive.THIRD)
    keys = {p: naive.ranking_key(lines[p]) if p in lines else empty for p in members}
    ranked = sorted(members, key=lambda p: keys[p], reverse=True)
    out = {}
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and keys[ranked[j + 1]] == keys[ranked[i]]:
            j += 1
        for p in ranked[i:j + 1]:
            out[p] = (i + 1, j + 1, keys[p])
        i = j + 1
    return out


def cut_shares(lines, members, active, top: int, cut_points: float | None) -> dict[str, float]:
    if cut_points is not None:
        return {p: 1.0 if p in lines and lines[p].points >= cut_points else 0.0 for p in active}
    spots = places(lines, members)
    classes: dict[tuple, list[str]] = {}
    for p in sorted(members, key=lambda p: spots[p][0]):
        classes.setdefault(spots[p][:2], []).append(p)
    left, out = top, {}
    for cls in classes.values():
        contenders = [p for p in cls if p in active]
        if not contenders:
            continue
        taken = min(left, len(contenders))
        for p in contenders:
            out[p] = taken / len(contenders)
        left -= taken
    return out


def enumerate_naive(snap: Snapshot, rules: RulePack, config: Question):
    """``(p_cut, conditional, best_worst)``: see the module text.  ``conditional[(table, result,
    score)][player]`` = P(cut | that table ends so)."""
    codes = [t.code for t in rules.tiebreaks]
    assert codes in ([tb.OMW, tb.GW, tb.OGW], [tb.OMW, tb.GW_RAW, tb.OGW]), rules.name
    floored = codes[1] == tb.GW
    names = snap.names
    active = {p for p, a in zip(names, snap.active) if a}
    competed = {p for r in snap.event.swiss[:snap.after_round] for m in r.matches for p in m.players}
    members = [p for p in names if p in competed or p in active]
    tables = [(i + 1, m) for i, m in enumerate(snap.next_round.matches)
              if m.player_b is not None and not m.reported]
    options = [outcomes(config) for _ in tables]
    p_cut = dict.fromkeys(active, 0.0)
    joint: dict[tuple, dict[str, float]] = {}
    for combo in product(*options):
        weight = 1.0
        for _, _, p in combo:
            weight *= p
        played = [Match(m.round, m.player_a, m.player_b, *score) for (_, m), (_, score, _) in zip(tables, combo)]
        lines = final_lines(snap, floored, played)
        cut = cut_shares(lines, members, active, config.top, config.cut.points)
        for p, x in cut.items():
            p_cut[p] += weight * x
        for i, ((number, _), (result, score, _)) in enumerate(zip(tables, combo)):
            others = 1.0
            for j, (_, _, p) in enumerate(combo):
                if j != i:
                    others *= p
            row = joint.setdefault((number, result, score), {})
            for p, x in cut.items():
                row[p] = row.get(p, 0.0) + others * x
    best_worst: dict[str, tuple[int, int]] = {}
    likely = []
    for opts in options:
        by = {}
        for result, score, p in opts:
            if result not in by or p > by[result][1]:
                by[result] = (score, p)
        likely.append(by)
    for results in product(*[sorted(by) for by in likely]):
        if sum(1 for by, r in zip(likely, results) if by[r][1] == 0.0) > 0:
            continue
        played = [Match(m.round, m.player_a, m.player_b, *by[r][0]) for (_, m), by, r in zip(tables, likely, results)]
        spots = places(final_lines(snap, floored, played), members)
        for p, (first, last, _) in spots.items():
            b, w = best_worst.get(p, (first, last))
            best_worst[p] = (min(b, first), max(w, last))
    return p_cut, joint, best_worst
