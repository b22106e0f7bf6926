"""The sentence audit's checker: every claim drawsafe's sentences make about a player, against the
whole future (the brute-force twin's :func:`naive_certainty.futures`) or against what happened.

A claim (:class:`drawsafe.sentences.Claim`, one per part of a sentence) says "in", "out" or "not
in" (surely in the cut, surely out, not surely in) when some of its conditions hold, when none
does, always, or when at most so many of some players reach a total.  :func:`audit` takes every
sentence of a snapshot (each player's certainty, per own result too, and the needs of every open
player at an open table), enumerates every future (every result of every open table, and every
pairing and result of the rounds still to pair), ranks it on every column of the standings and
counts, for each claim whose condition the future meets, whether the player's status there is
the one claimed: 1 (in whichever way exact ties fall), -1 (out whichever way) or 0 (either).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from naive_certainty import futures, result_scores, status_of

from drawsafe.event.model import MATCH
from drawsafe.simulation.certainty import certainty
from drawsafe.simulation.needs import player_needs
from drawsafe.tiebreaks.packs import display_points
from drawsafe.tiebreaks.values import tiebreak_values

WANT = {"in": lambda s: s == 1, "out": lambda s: s == -1, "not in": lambda s: s != 1}


@dataclass
class Tally:
    """What an audit counted: situations (a player's sentences for one own result, or overall),
    claims checked against at least one future, checks (claim x future), and the false ones."""

    situations: int = 0
    claims: int = 0
    checks: int = 0
    false: list = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.situations += other.situations
        self.claims += other.claims
        self.checks += other.checks
        self.false += other.false
        self.kinds.update(other.kinds)

    def line(self) -> str:
        return (f"{self.situations} situations, {self.claims} claims checked ({self.checks:,} claim x "
                f"outcome checks), {len(self.false)} false; by kind {dict(sorted(self.kinds.items()))}")


def open_tables(snap) -> list[tuple[int, int, int]]:
    """(table number, A, B) of the open tables of the round in progress, in the twin's order."""
    if snap.next_round is None:
        return []
    return [(i + 1, snap.index[m.player_a], snap.index[m.player_b]) for i, m in enumerate(snap.next_round.matches)
            if m.kind == MATCH and m.player_b is not None and not m.reported]


def own_of(p: int, tables, classes) -> str | None:
    for (_, a, b), cls in zip(tables, classes):
        if p in (a, b):
            return "draw" if cls == 1 else ("win" if (cls == 0) == (p == a) else "loss")
    return None


def holds(claim, results: dict[int, int], points: dict[str, float]) -> bool:
    """Whether a future meets the claim's condition (``results``: each open table's class by
    number; ``points``: every player's final points as the pack shows them)."""
    if claim.when == "always":
        return True
    if claim.when == "at most":
        return sum(points[n] >= claim.points - 1e-9 for n, _ in claim.rivals) <= claim.at_most
    met = any(c.holds(results) for c in claim.conditions)
    return met if claim.when == "any" else not met


def sentences_of(snap, rules, cut, needs_of=player_needs):
    """Every claim of the snapshot's sentences: (player, own result or None, label, claim)."""
    report = certainty(snap, rules, cut)
    out = []
    for pc in report.players:
        if pc.certainty != "open":
            out.append((pc.player, None, "certainty", pc.certainty))
        for own, v in pc.certainty_if.items():
            if v != "open":
                out.append((pc.player, own, "certainty if", v))
        if pc.certainty == "open" and pc.certainty_if and snap.rounds_left == 1:
            for need in needs_of(snap, rules, cut, pc.player, certainty_if=pc.certainty_if):
                for claim in need.claims:
                    out.append((pc.player, need.own, "need", claim))
    return report, out


def audit(snap, rules, cut, scores: bool = False, needs_of=player_needs) -> Tally:
    """Every claim of the snapshot's sentences against every future (module text)."""
    _, said = sentences_of(snap, rules, cut, needs_of)
    tally = Tally()
    tally.situations = len({(p, own) for p, own, _, _ in said})
    if not said:
        return tally
    tables = open_tables(snap)
    outcomes = result_scores(snap, rules, scores)
    members = [int(p) for p in np.flatnonzero(snap.active & snap.ranked_mask())]
    codes = rules.codes()
    seen = Counter()
    flags = {}
    for combo, arrs in futures(snap, rules, scores):
        opp, kind, gw, gl, gd = arrs
        nr = kind.shape[1]
        dedupe = any(len({x for x in opp[p] if x >= 0}) != int((opp[p] >= 0).sum()) for p in range(snap.players))
        if dedupe not in flags:
            flags[dedupe] = rules.flags(dedupe, snap.phase_start)
        keys = np.zeros((snap.players, len(codes)))
        tiebreak_values(opp, kind, gw, gl, gd, nr, rules.points_table(), codes, flags[dedupe], snap.ratings, keys)
        status = status_of(keys, members, cut.top)
        classes = [outcomes[o][0] for o in combo]
        results = {n: c for (n, _, _), c in zip(tables, classes)}
        points = {snap.names[p]: display_points(int(keys[p, 0]), rules.point_scale) for p in members}
        for i, (player, own, label, claim) in enumerate(said):
            p = snap.index[player]
            if own is not None and own_of(p, tables, classes) != own:
                continue
            if label != "need":
                ok = status[p] == (1 if claim == "clinched" else -1)
                kind_name = f"{label} {claim}"
            else:
                if claim.says == "open" or not holds(claim, results, points):
                    continue
                ok = WANT[claim.says](status[p])
                kind_name = f"{claim.says} if {claim.when}"
            seen[i] += 1
            tally.checks += 1
            if not ok:
                tally.false.append((snap.event.name, player, own, label, claim, combo))
            if seen[i] == 1:
                tally.kinds[kind_name] += 1
    tally.claims = len(seen)
    return tally
