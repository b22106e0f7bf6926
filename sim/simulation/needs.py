"""What a player needs: the smallest sets of other tables' results that decide their cut.

For a contending player at an open table of the last round (pairings known) and each own result
(win, draw, loss) that leaves them open, :func:`player_needs` lists the combinations of the tables
that can change their place (the exact search of :mod:`drawsafe.simulation.certainty`: the tables
that can tie them on points or move a tiebreak of anyone who can, and the tables whose players can
pass them on points), each with the player's status: surely in, surely out, or either (exact ties at
the line, game scores the search bounds).  From that table of statuses it finds the *minimal
conditions*: a condition names some tables and, for each, a set of its results ("table 3 has a
winner", "table 7 draws"); it is minimal when every combination meeting it has the status asked for
and no more general condition (fewer tables, more results per table) does.  Three lists:
``in_if`` (each condition puts the player surely in), ``in_unless`` (each keeps them from being
sure of it) and ``out_if`` (each puts them surely out).

The sentence (:func:`drawsafe.sentences.need_sentence`) says only what is proven
(:func:`claims_of`): where every combination is settled (in or out) it reads as an exact pair,
"if you draw: in unless table 3 has a winner and table 7 has a winner" (in when none holds, out
when one does) or "if you lose: in if table 5 draws; otherwise out"; elsewhere each condition is
sufficient only ("sure to be in if ...", "sure to be in if none of these happens: ...", "sure to
be out if ...") and what is left says what decides it, named from the rule pack ("otherwise it
comes down to the random order of exact ties"; on points alone "... to the tiebreaks (OWP and
OOWP)"), with the answer's own figure for that result where ``draw`` gives one.

Exact (``exact: true``) wherever the search ran; beyond its caps, on points alone (``exact:
false``: players who can finish level on points with the player count on either side: "either",
never a wrong "in" or "out") over at most :data:`POINTS_TABLES` tables; beyond that the answer
counts the players who can reach the player's points ("sure to be in if at most 1 of these 16
reach 15 points"), rather than read conditions off a simulation.  Conditions name at most
:data:`MAX_TABLES` tables (lists that do not cover every combination they are about say so:
``complete: false``, and the sentence then leaves those combinations unproven).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any

import numpy as np

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import Snapshot
from drawsafe.sentences import (
    PAGE,
    REST_INCOMPLETE,
    REST_NONE,
    REST_POINTS,
    REST_TIES,
    REST_UNPROVEN,
    Claim,
    condition_words,
    deciders,
    need_sentence,
)
from drawsafe.simulation.certainty import (
    A_WINS,
    B_WINS,
    CLINCHED,
    DRAW,
    ELIMINATED,
    OPEN,
    OWN_RESULTS,
    Search,
    last_round,
    own_result,
    result_prefix,
)
from drawsafe.text import tiebreak_name
from drawsafe.tiebreaks.packs import RulePack, display_points

#: Most tables one condition names.
MAX_TABLES = 3
#: Sets of a table's results a condition can ask for.
RESULT_SETS = tuple(frozenset(s) for r in (1, 2) for s in combinations((A_WINS, DRAW, B_WINS), r))

IN, OUT, EITHER = 1, -1, 0


@dataclass(frozen=True)
class Condition:
    """Some tables, each with the results it must have: ``((table number, players, results), ...)``
    where ``results`` are classes 0 (A wins), 1 (draw), 2 (B wins)."""

    parts: tuple[tuple[int, tuple[str, str], frozenset], ...]

    def words(self) -> str:
        return condition_words(self.parts)

    def holds(self, results: dict[int, int]) -> bool:
        """The condition holds when each of its tables (by number) ended with one of its results."""
        return all(results[n] in res for n, _, res in self.parts)

    def to_json(self) -> list[dict]:
        names = ("A wins", "draw", "B wins")
        return [{"table": n, "players": list(pl), "results": [names[r] for r in sorted(res)]}
                for n, pl, res in self.parts]


@dataclass(frozen=True)
class Need:
    """One player's needs for one own result: the minimal conditions (``in_if``: each puts the
    player surely in; ``in_unless``: each keeps them from being sure of it; ``out_if``: each puts
    them surely out) and the :attr:`claims` the sentence makes of them, each as proven."""

    player: str
    own: str
    in_if: tuple[Condition, ...]
    in_unless: tuple[Condition, ...]
    #: From the exact search (False: on points alone, players level on points counted either side;
    #: no conditions at all when even that ranges over too many tables).
    exact: bool = True
    complete: bool = True
    #: Where too many tables can move a player to the player's points for conditions: the players
    #: who can (name, table), and how many of them may reach the player's points (``at_most``) with
    #: the player still surely in (-1: not even none of them).
    rivals: tuple[tuple[str, int], ...] = ()
    at_most: int = -1
    points: float | None = None
    out_if: tuple[Condition, ...] = ()
    #: What the sentence says (:class:`drawsafe.sentences.Claim`), each proven.
    claims: tuple[Claim, ...] = ()
    #: What the claims leave unproven (:data:`drawsafe.sentences.REST_TIES`, ...), and what
    #: decides it, from the rule pack (:func:`drawsafe.sentences.deciders`).
    rest: str = REST_NONE
    decided_by: str = ""
    #: The answer's figure for this own result (set by :func:`drawsafe.simulation.certified.certify`
    #: from ``draw``'s figures): said beside what is not proven.
    odds: Any = field(default=None, compare=False)

    def sentence(self, where: str = PAGE) -> str:
        """The needs in words (:func:`drawsafe.sentences.need_sentence`): ``where`` "page" (no
        command-line words) or "terminal"."""
        return need_sentence(self.own, self.claims, self.rest, self.decided_by, self.odds, where)

    def to_json(self) -> dict:
        d = {"if": self.own, "exact": self.exact, "complete": self.complete, "text": self.sentence(),
             "in_if": [c.to_json() for c in self.in_if],
             "in_unless": [c.to_json() for c in self.in_unless],
             "out_if": [c.to_json() for c in self.out_if],
             "claims": [c.to_json() for c in self.claims], "unproven": self.rest or None}
        if self.rivals:
            d["at_most"] = self.at_most
            d["rivals"] = [{"player": n, "table": t} for n, t in self.rivals]
        return d


def decided_by(rules: RulePack, exact: bool) -> str:
    """What decides where the proof stops (:func:`drawsafe.sentences.deciders`), from ``rules``:
    the exact search ranks on every column up to the first tiebreak that reads game scores."""
    keys = tuple(tiebreak_name(t.key, t.percent) for t in rules.tiebreaks)
    unranked = keys[result_prefix(rules) - 1:]
    return deciders(keys, unranked, rules.game_points[0] > 0, exact)


def ties_only(rules: RulePack) -> bool:
    """After the exact search, only the random order of exact ties is left undecided: every
    tiebreak reads match results only and points go by the match result (no game scores, which
    the search bounds rather than enumerates)."""
    return result_prefix(rules) == len(rules.tiebreaks) + 1 and rules.game_points[0] == 0


def claims_of(status: np.ndarray, exact: bool, found: dict, named, sure_tie: bool = True
              ) -> tuple[tuple[Claim, ...], str]:
    """What a sentence may say of a table of statuses, and what it leaves unproven (module
    :mod:`drawsafe.sentences`).  ``found``: the minimal conditions (by table position) "in",
    "unless" and "out", each with whether they cover every combination they are about;
    ``named``: those conditions as :class:`Condition` values.  A binary table (no undecided
    combination) reads as an exact pair ("in unless X": in when none holds, out when one does);
    otherwise each claim is sufficient only and the rest is said to be unproven.  Where no
    combination is surely in, "not sure of the cut" is a claim only when an undecided combination
    is an exact tie (``sure_tie``: :func:`ties_only`); where game scores decide, the search did not
    look at them, so it says "not proven"."""
    (in_if, full_in), (unless, full_unless), (out_if, _) = found["in"], found["unless"], found["out"]
    has_in, has_either = bool((status == IN).any()), bool((status == EITHER).any())
    if not has_either:
        pairs = []
        if full_unless and unless:
            said = named(unless)
            pairs.append((len(unless), 0, (Claim("in", "none", said), Claim("out", "any", said))))
        if full_in and in_if:
            said = named(in_if)
            pairs.append((len(in_if), 1, (Claim("in", "any", said), Claim("out", "none", said))))
        if pairs:
            return min(pairs, key=lambda x: x[:2])[2], REST_NONE
    in_cover = np.zeros(status.shape, dtype=bool)
    claims = []
    if not has_in:
        claims.append(Claim("not in" if exact and sure_tie else "open", "always"))
    elif full_unless and unless and (not (full_in and in_if) or len(unless) < len(in_if)):
        claims.append(Claim("in", "none", named(unless)))
        in_cover = ~cover(unless, status.shape)
    elif in_if:
        claims.append(Claim("in", "any", named(in_if)))
        in_cover = cover(in_if, status.shape)
    out_cover = np.zeros(status.shape, dtype=bool)
    if out_if:
        claims.append(Claim("out", "any", named(out_if)))
        out_cover = cover(out_if, status.shape)
    rest = status[~(in_cover | out_cover)]
    if rest.size == 0:
        return tuple(claims), REST_NONE
    if (rest == EITHER).all():
        return tuple(claims), REST_TIES if exact else REST_POINTS
    return tuple(claims), REST_INCOMPLETE


def cover(conds, shape) -> np.ndarray:
    """The combinations (an array of ``shape``, (3,) * k) meeting at least one of ``conds``
    (((table position, results), ...) each)."""
    k = len(shape)
    out = np.zeros(shape, dtype=bool)
    for c in conds:
        parts = dict(c)
        index = [sorted(parts[t]) if t in parts else [0, 1, 2] for t in range(k)]
        if k:
            out[np.ix_(*index)] = True
        else:
            out[...] = True
    return out


#: ``SET_MEMBERS[j, v]``: result ``v`` is in ``RESULT_SETS[j]``.
SET_MEMBERS = np.array([[v in x for v in range(3)] for x in RESULT_SETS], dtype=np.int64)


def all_over_sets(settled: np.ndarray) -> np.ndarray:
    """``out[j0, j1, ...]``: every combination of results in ``RESULT_SETS[j0] x RESULT_SETS[j1] x
    ...`` is ``settled`` (a bool array of shape (3,) * s); out has shape (len(RESULT_SETS),) * s.
    Counts the unsettled combinations one table at a time (a sum over each set's results)."""
    bad = (~np.asarray(settled, dtype=bool)).astype(np.int64)
    for axis in range(bad.ndim):
        bad = np.moveaxis(np.tensordot(SET_MEMBERS, bad, axes=([1], [axis])), 0, axis)
    return bad == 0


def minimal_conditions(status: np.ndarray, want: set[int], limit: int = MAX_TABLES
                       ) -> tuple[list[tuple[tuple[int, frozenset], ...]], bool]:
    """Every minimal condition (tuple of (table position, results)) on at most ``limit`` tables
    under which every combination of ``status`` (an array of shape (3,) * k) is in ``want``, and
    whether together they cover every such combination."""
    k = status.ndim
    ok = np.isin(status, list(want))
    found = []
    by_tables: dict[tuple, list] = {}

    full = (1 << 3 * k) - 1

    mask = {results: sum(1 << r for r in results) for results in RESULT_SETS}

    def bits(c) -> int:  # 3 bits a table: the results the condition allows (all 3 when unnamed)
        b = full
        for t, results in c:
            b ^= (7 ^ mask[results]) << 3 * t
        return b

    def general(a, b) -> bool:  # a is at least as general as b
        return (code[a] & code[b]) == code[b]

    code: dict = {}

    for size in range(min(limit, k) + 1):
        if () in by_tables:
            break  # every combination is wanted: nothing more general or smaller to find
        for tabs in combinations(range(k), size):
            # for each combination of these tables' results: every result elsewhere in ``want``
            others = tuple(t for t in range(k) if t not in tabs)
            settled = ok.all(axis=others) if others else ok
            if not settled.any():
                continue  # no result of these tables settles it
            # conditions already found on some of these tables (a candidate they imply is not minimal)
            smaller = [c for r in range(size + 1) for sub in combinations(tabs, r) for c in by_tables.get(sub, ())]
            # candidates in RESULT_SETS order (np.argwhere: C order), each settling every combination
            for index in np.argwhere(all_over_sets(settled)):
                cand = tuple(zip(tabs, (RESULT_SETS[j] for j in index)))
                code[cand] = bits(cand)
                if any(general(c, cand) for c in smaller):
                    continue
                found.append(cand)
                by_tables.setdefault(tabs, []).append(cand)

    primes = [c for c in found if not any(o != c and general(o, c) for o in found)]
    return primes, bool((cover(primes, ok.shape) == ok).all())


def status_table(search: Search, p: int, own: str) -> tuple[list[int], np.ndarray] | None:
    """(the tables, each combination of their results' status) for player ``p`` with own result
    ``own``, over every outcome of that result (None beyond the search's caps)."""
    lr = search.lr
    t0 = int(lr.table_of[p])
    side = 0 if lr.ta[t0] == p else 1
    merged: dict[int, list] = {}
    tables: set[int] = set()
    found = []
    for o, (cls, *_rest) in enumerate(lr.outcomes):
        if own_result(cls, side) != own:
            continue
        v = int(search.final[t0, o, side])
        got = search.search(p, o, v, with_flips=True)
        if got is None:
            return None
        found.append(got)
        tables |= set(got["tables"])
    order = sorted(tables)
    shape = (3,) * len(order)
    lo = np.full(shape, IN, dtype=np.int8)
    hi = np.full(shape, OUT, dtype=np.int8)
    m = len(lr.outcomes)
    classes = [c for c, *_ in lr.outcomes]
    for got in found:
        pos = [order.index(t) for t in got["tables"]]
        for i, combo in enumerate(product(range(m), repeat=len(got["tables"]))):
            idx = [slice(None)] * len(order)
            for j, c in zip(pos, combo):
                idx[j] = classes[c]
            s = got["status"][i]
            view_lo, view_hi = lo[tuple(idx)], hi[tuple(idx)]
            lo[tuple(idx)] = np.minimum(view_lo, s)
            hi[tuple(idx)] = np.maximum(view_hi, s)
        merged[id(got)] = pos
    status = np.where((lo == IN) & (hi == IN), IN, np.where((lo == OUT) & (hi == OUT), OUT, EITHER))
    return order, status.astype(np.int8)


#: Most tables the points-only conditions range over (beyond the exact search's reach).
POINTS_TABLES = 7


def points_status(search: Search, p: int, own: str) -> tuple[list[int], np.ndarray] | None:
    """The status table on points alone, where the exact search is over its caps: each table that
    can move a player to or past ``p``'s total, each combination's status with players level on
    points counted either side (sound, coarser than the search: "either" where tiebreaks decide).
    None beyond :data:`POINTS_TABLES` such tables."""
    lr = search.lr
    t0 = int(lr.table_of[p])
    side = 0 if lr.ta[t0] == p else 1
    f = search.final
    ma, mb = search.mem_a.astype(np.int64), search.mem_b.astype(np.int64)
    classes = np.array([c for c, *_ in lr.outcomes])
    per_own = []
    tables: set[int] = set()
    for o, (cls, *_rest) in enumerate(lr.outcomes):
        if own_result(cls, side) != own:
            continue
        v = int(f[t0, o, side])
        ge = (f[:, :, 0] >= v) * ma[:, None] + (f[:, :, 1] >= v) * mb[:, None]
        gt = (f[:, :, 0] > v) * ma[:, None] + (f[:, :, 1] > v) * mb[:, None]
        ge[t0], gt[t0] = 0, 0
        moving = {int(t) for t in np.flatnonzero((ge.min(axis=1) != ge.max(axis=1)) |
                                                  (gt.min(axis=1) != gt.max(axis=1)))}
        tables |= moving
        q = lr.tb[t0] if side == 0 else lr.ta[t0]
        opp_v = int(f[t0, o, 1 - side])
        fm = search.fixed[search.fixed_members]
        base_ge = int((fm >= v).sum()) + int(lr.members[q] and opp_v >= v)
        base_gt = int((fm > v).sum()) + int(lr.members[q] and opp_v > v)
        per_own.append((ge, gt, base_ge, base_gt))
        if len(tables) > POINTS_TABLES:
            return None
    order = sorted(tables)
    k = len(order)
    lo = np.full((3,) * k, IN, dtype=np.int8)
    hi = np.full((3,) * k, OUT, dtype=np.int8)
    for ge, gt, base_ge, base_gt in per_own:
        still = [t for t in range(len(lr.ta)) if t not in tables]
        worst = base_ge + int(ge[still].max(axis=1).sum()) if still else base_ge
        best = base_gt + int(gt[still].min(axis=1).sum()) if still else base_gt
        # each table's most players level or ahead, and fewest ahead, by its result
        most = [[int(ge[t, classes == c].max()) if (classes == c).any() else 0 for c in range(3)]
                for t in order]
        least = [[int(gt[t, classes == c].min()) if (classes == c).any() else 0 for c in range(3)]
                 for t in order]
        for combo in product(range(3), repeat=k):
            w, b = worst, best
            for i, c in enumerate(combo):
                w += most[i][c]
                b += least[i][c]
            st = IN if w <= search.top - 1 else (OUT if b >= search.top else EITHER)
            lo[combo] = min(lo[combo], st)
            hi[combo] = max(hi[combo], st)
    status = np.where((lo == IN) & (hi == IN), IN, np.where((lo == OUT) & (hi == OUT), OUT, EITHER))
    return order, status.astype(np.int8)


def rivals_need(search: Search, p: int, own: str, player: str) -> Need:
    """Beyond every table set: how many of the players who can reach the player's points (with
    their own table's result) may do so, the player still surely in (points alone: sound)."""
    lr = search.lr
    t0 = int(lr.table_of[p])
    side = 0 if lr.ta[t0] == p else 1
    f = search.final
    outs = [o for o, (cls, *_r) in enumerate(lr.outcomes) if own_result(cls, side) == own]
    v = min(int(f[t0, o, side]) for o in outs)  # the least the own result gives
    q = lr.tb[t0] if side == 0 else lr.ta[t0]
    fm = search.fixed[search.fixed_members]
    sure = int((fm >= v).sum()) - int(lr.members[p] and lr.table_of[p] < 0)
    sure += int(lr.members[q] and max(int(f[t0, o, 1 - side]) for o in outs) >= v)
    rivals = []
    for t in range(len(lr.ta)):
        if t == t0:
            continue
        for x, col, mem in ((lr.ta[t], 0, search.mem_a[t]), (lr.tb[t], 1, search.mem_b[t])):
            if not mem:
                continue
            if f[t, :, col].min() >= v:
                sure += 1
            elif f[t, :, col].max() >= v:
                rivals.append((lr.snap.names[x], int(lr.numbers[t])))
    room = search.top - 1 - sure
    points = display_points(v, lr.rules.point_scale)
    claims = (Claim("in", "at most", rivals=tuple(rivals), at_most=room, points=points),) if room >= 0 else \
        (Claim("open", "always"),)
    return Need(player, own, (), (), exact=False, complete=False, rivals=tuple(rivals),
                at_most=room if room >= 0 else -1, points=points, claims=claims,
                rest=REST_UNPROVEN if room >= 0 else REST_POINTS, decided_by=decided_by(lr.rules, False))


def player_needs(snap: Snapshot, rules: RulePack, cut: Cut, player: str, *, certainty_if: dict | None = None,
                 search: Search | None = None) -> tuple[Need, ...]:
    """What ``player`` needs for each own result that leaves them open (module text)."""
    lr = search.lr if search is not None else last_round(snap, rules)
    if lr is None or cut.points is not None:
        return ()
    p = snap.index[player]
    if lr.table_of[p] < 0:
        return ()
    s = search or Search(lr, cut)
    out = []
    for own in OWN_RESULTS:
        if certainty_if is not None and certainty_if.get(own, OPEN) in (CLINCHED, ELIMINATED):
            continue
        found = status_table(s, p, own)
        exact = found is not None
        if found is None:
            found = points_status(s, p, own)
        if found is None:
            out.append(rivals_need(s, p, own, player))
            continue
        tables, status = found
        if (status == IN).all() or (status == OUT).all():
            continue
        conditions = {"in": minimal_conditions(status, {IN}), "unless": minimal_conditions(status, {OUT, EITHER}),
                      "out": minimal_conditions(status, {OUT})}

        def named(conds, tables=tables):
            res = []
            for c in conds:
                parts = []
                for pos, lits in c:
                    t = tables[pos]
                    names = (snap.names[lr.ta[t]], snap.names[lr.tb[t]])
                    parts.append((int(lr.numbers[t]), names, lits))
                res.append(Condition(tuple(sorted(parts))))
            return tuple(sorted(res, key=lambda c: (len(c.parts), c.words())))

        claims, rest = claims_of(status, exact, conditions, named, ties_only(rules))
        (in_if, full_in), (unless, full_out) = conditions["in"], conditions["unless"]
        out.append(Need(player, own, named(in_if), named(unless), exact, full_in and full_out,
                        out_if=named(conditions["out"][0]), claims=claims, rest=rest,
                        decided_by=decided_by(rules, exact)))
    return tuple(out)


def event_needs(snap: Snapshot, rules: RulePack, cut: Cut, report, only: set[str] | None = None
                ) -> dict[str, tuple[Need, ...]]:
    """Every open player's needs (``report``: their :class:`~drawsafe.simulation.certainty.CertaintyReport`;
    ``only``: these players')."""
    lr = last_round(snap, rules)
    if lr is None or cut.points is not None:
        return {}
    s = Search(lr, cut)
    out = {}
    for pc in report.players:
        if pc.certainty != OPEN or not pc.certainty_if or (only is not None and pc.player not in only):
            continue
        got = player_needs(snap, rules, cut, pc.player, certainty_if=pc.certainty_if, search=s)
        if got:
            out[pc.player] = got
    return out
