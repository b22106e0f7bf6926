"""Plain-Python twin of :mod:`drawsafe.simulation.certainty`: brute force over the whole future.

Every result of every open table of the round in progress (with ``scores``: every game score listed
per result, for the packs whose tiebreaks read games), then, for each round still to pair, every
pairing of the players still in without a rematch (one bye, to a player who has had none, when
they are odd; when no pairing avoids a rematch, every pairing) with every result of each of its tables.  Each complete future is ranked on every
column of the standings (points, then every tiebreak; the columns come from the library's tiebreak
kernel, which its own twins test): a player is surely in when the players above them plus those
exactly tied with them fit in the cut, surely out when the cut is full above them.  Clinched: surely
in in every future; eliminated: surely out in every future.

:func:`needs_naive` turns a truth table (status per combination of results) into the minimal
conditions the module's :func:`drawsafe.simulation.needs.minimal_conditions` must find, by trying
every condition.
"""

from __future__ import annotations

from itertools import combinations, product

import numpy as np

from drawsafe.event import kinds
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import Snapshot, fill
from drawsafe.tiebreaks.packs import RulePack
from drawsafe.tiebreaks.values import tiebreak_values

TOL = 1e-10


def result_scores(snap: Snapshot, rules: RulePack, scores: bool) -> list[tuple[int, int, int, int]]:
    """(class 0 A wins / 1 draw / 2 B wins, games of A, of B, drawn) of one table."""
    if rules.game_points[0] > 0:  # points by games: every declared game score is its own result
        from drawsafe.engine.results import ResultModel
        model = ResultModel.for_rules(rules, best_of=snap.event.best_of)
        out = []
        for w, lo, d, _ in model.decided:
            out += [(0, w, lo, d), (2, lo, w, d)]
        out += [(1, w, lo, d) for w, lo, d, _ in model.drawn]
        return list(dict.fromkeys(out))
    one = rules.results.one_game or snap.event.best_of == 1
    if one:
        return [(0, 1, 0, 0), (1, 0, 0, 1), (2, 0, 1, 0)]
    if scores:
        return [(0, 2, 0, 0), (0, 2, 1, 0), (1, 0, 0, 3), (1, 1, 1, 0), (2, 0, 2, 0), (2, 1, 2, 0)]
    return [(0, 2, 0, 0), (1, 0, 0, 3), (2, 0, 2, 0)]


def status_of(keys: np.ndarray, members: list[int], top: int) -> dict[int, int]:
    """1 surely in, -1 surely out, 0 either (exact ties across the line) for every member."""
    out = {}
    for p in members:
        above = tied = 0
        for q in members:
            if q == p:
                continue
            c = 0
            for k in range(keys.shape[1]):
                d = keys[q, k] - keys[p, k]
                if abs(d) > TOL:
                    c = 1 if d > 0 else -1
                    break
            if c > 0:
                above += 1
            elif c == 0:
                tied += 1
        out[p] = 1 if above + tied <= top - 1 else (-1 if above >= top else 0)
    return out


def pairings(players: list[int], met, byes: set[int]):
    """Every pairing of ``players`` without a rematch (``met(p, q)``); one bye when odd."""
    if len(players) % 2:
        for b in players:
            if b in byes:
                continue
            rest = [p for p in players if p != b]
            for tables in pairings(rest, met, byes):
                yield [(b, -1)] + tables
        return
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for q in rest:
        if met(first, q):
            continue
        others = [x for x in rest if x != q]
        for tables in pairings(others, met, byes):
            yield [(first, q)] + tables


def futures(snap: Snapshot, rules: RulePack, scores: bool = False):
    """Every complete future: yields (round-in-progress outcome per open table, final arrays)."""
    n = snap.players
    left = snap.rounds_left
    width = snap.kind.shape[1] + left
    base = [np.zeros((n, width), dtype=a.dtype) for a in (snap.opp, snap.kind, snap.gw, snap.gl, snap.gd)]
    base[0][:] = -1
    nr0 = snap.kind.shape[1]
    for a, s in zip(base, (snap.opp, snap.kind, snap.gw, snap.gl, snap.gd)):
        a[:, :nr0] = s
    outcomes = result_scores(snap, rules, scores)
    bye_games = snap.event.best_of // 2 + 1
    open_tables = []
    col = nr0
    if snap.next_round is not None:
        for m in snap.next_round.matches:
            if m.kind == MATCH and m.player_b is not None and not m.reported:
                open_tables.append((snap.index[m.player_a], snap.index[m.player_b]))
            else:
                fill(m, col, snap.index, tuple(base), bye_games)
        first = [open_tables]
    else:
        first = None
    active = [int(p) for p in np.flatnonzero(snap.active)]

    def play(arrs, c, tables, combo):
        opp, kind, gw, gl, gd = arrs
        for (a, b), o in zip(tables, combo):
            if b < 0:
                kind[a, c], gw[a, c] = kinds.BYE, bye_games
                continue
            _, sa, sb, sd = outcomes[o]
            opp[a, c], opp[b, c] = b, a
            kind[a, c] = kind[b, c] = kinds.PLAYED
            gw[a, c], gl[a, c], gd[a, c] = sa, sb, sd
            gw[b, c], gl[b, c], gd[b, c] = sb, sa, sd

    def rounds_from(arrs, c, fixed):
        if c == width:
            yield fixed, arrs
            return
        opp = arrs[0]

        def met(p, q):
            return bool((opp[p, :c] == q).any())

        byes = {p for p in active if (arrs[1][p, :c] == kinds.BYE).any()}
        every = list(pairings(active, met, byes))
        if not every:  # no pairing avoids a rematch (or a second bye): the pairer allows one
            every = list(pairings(active, lambda p, q: False, set()))
        for tables in every:
            real = [t for t in tables if t[1] >= 0]
            for combo in product(range(len(outcomes)), repeat=len(real)):
                new = [a.copy() for a in arrs]
                full = []
                it = iter(combo)
                for t in tables:
                    full.append(next(it) if t[1] >= 0 else 0)
                play(new, c, tables, full)
                yield from rounds_from(new, c + 1, fixed)

    if first is None:
        yield from rounds_from(base, col, ())
        return
    for combo in product(range(len(outcomes)), repeat=len(open_tables)):
        arrs = [a.copy() for a in base]
        play(arrs, col, open_tables, combo)
        yield from rounds_from(arrs, col + 1, tuple(combo))


def certainty_naive(snap: Snapshot, rules: RulePack, top: int, scores: bool = False,
                    points: int | None = None):
    """(certainty per player name, per own result per player name, truth tables): the brute force
    (``points``: a points cut instead of the first ``top``).
    Truth tables map (player, own result) to {combination of the open tables' outcome classes:
    set of statuses seen}."""
    members = [int(p) for p in np.flatnonzero(snap.active & snap.ranked_mask())]
    codes = rules.codes()
    flags_of = {}
    outcomes = result_scores(snap, rules, scores)
    tables = []
    if snap.next_round is not None:
        tables = [(snap.index[m.player_a], snap.index[m.player_b]) for m in snap.next_round.matches
                  if m.kind == MATCH and m.player_b is not None and not m.reported]
    seen = {p: set() for p in members}
    own_seen: dict[tuple[int, str], set] = {}
    truth: dict[tuple[int, str], dict] = {}
    for combo, arrs in futures(snap, rules, scores):
        opp, kind, gw, gl, gd = arrs
        nr = kind.shape[1]
        dedupe = any(len({x for x in opp[p] if x >= 0}) != int((opp[p] >= 0).sum())
                     for p in range(snap.players))
        key = (dedupe,)
        if key not in flags_of:
            flags_of[key] = rules.flags(dedupe, snap.phase_start)
        keys = np.zeros((snap.players, len(codes)))
        tiebreak_values(opp, kind, gw, gl, gd, nr, rules.points_table(), codes, flags_of[key], snap.ratings, keys)
        if points is not None:  # a points cut, in the kernels' integer points
            st = {p: (1 if keys[p, 0] >= points else -1) for p in members}
        else:
            st = status_of(keys, members, top)
        classes = tuple(outcomes[o][0] for o in combo)
        for p in members:
            seen[p].add(st[p])
            for t, (a, b) in enumerate(tables):
                if p in (a, b):
                    cls = classes[t]
                    own = "draw" if cls == 1 else ("win" if (cls == 0) == (p == a) else "loss")
                    own_seen.setdefault((p, own), set()).add(st[p])
                    truth.setdefault((p, own), {}).setdefault(classes, set()).add(st[p])
    def verdict(s):
        return "clinched" if s == {1} else ("eliminated" if s == {-1} else "open")
    overall = {snap.names[p]: verdict(s) for p, s in seen.items()}
    per_own = {}
    for (p, own), s in own_seen.items():
        per_own.setdefault(snap.names[p], {})[own] = verdict(s)
    return overall, per_own, truth, tables


def needs_naive(status: dict[tuple, int], k: int, want: set, limit: int) -> set:
    """Every minimal condition (a tuple of (table, frozenset of classes)) under which every
    combination of the ``k`` tables' classes has ``status == want``, found by trying them all."""
    subsets = [frozenset(s) for r in (1, 2) for s in combinations((0, 1, 2), r)]
    found = []
    for size in range(min(k, limit) + 1):
        for tabs in combinations(range(k), size):
            for lits in product(subsets, repeat=size):
                cond = tuple(zip(tabs, lits))
                ok = all(status[c] in want for c in status if all(c[t] in s for t, s in cond))
                if ok and any(all(c[t] in s for t, s in cond) for c in status):
                    found.append(cond)
    def weaker(a, b):  # a is implied by b: a is at least as general
        da = dict(a)
        db = dict(b)
        return all(t in db and db[t] <= s for t, s in da.items())
    minimal = {c for c in found if not any(o != c and weaker(o, c) for o in found)}
    return minimal
