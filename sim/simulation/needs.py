"""What a player needs: the smallest sets of other tables' results that decide their cut.

For a contending player at an open table of the last round (pairings known) and each own result
(win, draw, loss) that leaves them open, :func:`player_needs` lists the combinations of the tables
that can change their place (the exact search of :mod:`drawsafe.simulation.certainty`: the tables
that can tie them on points or move a tiebreak of anyone who can, and the tables whose players can
pass them on points), each with the player's status: surely in, surely out, or either (exact ties at
the line, game scores the search bounds).  From that table of statuses it finds the *minimal
conditions*: a condition names some tables and, for each, a set of its results ("table 3 has a
winner", "table 7 draws"); it is minimal when every combination meeting it has the status asked for
and no more general condition (fewer tables, more results per table) does.  "In if" lists the
minimal conditions that put the player in; "in unless" those that keep them from being sure of it.
The sentence takes the shorter list: "if you draw: in unless table 3 and table 7 both have a
winner"; "if you lose: in if table 5 draws".

Exact (``exact: true``) wherever the search ran; conditions name at most :data:`MAX_TABLES` tables
(a status table that needs longer ones says so: ``complete: false``).  Beyond the search's cap no
conditions are given (said so), rather than ones read off a simulation.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product

import numpy as np

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import Snapshot
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
)
from drawsafe.tiebreaks.packs import RulePack

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
        return " and ".join(part_words(n, names, res) for n, names, res in self.parts) or "always"

    def to_json(self) -> list[dict]:
        names = ("A wins", "draw", "B wins")
        return [{"table": n, "players": list(pl), "results": [names[r] for r in sorted(res)]}
                for n, pl, res in self.parts]


def part_words(n: int, names: tuple[str, str], res: frozenset) -> str:
    a, b = names
    if res == {A_WINS, B_WINS}:
        return f"table {n} has a winner"
    if res == {DRAW}:
        return f"table {n} draws"
    if res == {A_WINS}:
        return f"{a} beats {b} (table {n})"
    if res == {B_WINS}:
        return f"{b} beats {a} (table {n})"
    if res == {A_WINS, DRAW}:
        return f"{b} does not beat {a} (table {n})"
    return f"{a} does not beat {b} (table {n})"


@dataclass(frozen=True)
class Need:
    """One player's needs for one own result."""

    player: str
    own: str
    in_if: tuple[Condition, ...]
    in_unless: tuple[Condition, ...]
    exact: bool = True
    complete: bool = True

    def sentence(self) -> str:
        head = f"if you {'lose' if self.own == 'loss' else self.own}: "
        if not self.exact:
            return head + "too many tables can change your place to list what you need"
        if len(self.in_unless) <= len(self.in_if):
            return head + "in unless " + " or ".join(c.words() for c in self.in_unless)
        return head + "in if " + " or ".join(c.words() for c in self.in_if)

    def to_json(self) -> dict:
        return {"if": self.own, "exact": self.exact, "complete": self.complete, "text": self.sentence(),
                "in_if": [c.to_json() for c in self.in_if],
                "in_unless": [c.to_json() for c in self.in_unless]}


def minimal_conditions(status: np.ndarray, want: set[int], limit: int = MAX_TABLES
                       ) -> tuple[list[tuple[tuple[int, frozenset], ...]], bool]:
    """Every minimal condition (tuple of (table position, results)) on at most ``limit`` tables
    under which every combination of ``status`` (an array of shape (3,) * k) is in ``want``, and
    whether together they cover every such combination."""
    k = status.ndim
    ok = np.isin(status, list(want))
    found = []
    for size in range(0, min(limit, k) + 1):
        for tabs in combinations(range(k), size):
            for lits in product(RESULT_SETS, repeat=size):
                index = [sorted(lits[tabs.index(t)]) if t in tabs else [0, 1, 2] for t in range(k)]
                sub = ok[np.ix_(*index)] if k else ok
                if sub.all():
                    found.append(tuple(zip(tabs, lits)))

    def general(a, b) -> bool:  # a is at least as general as b
        db = dict(b)
        return all(t in db and db[t] <= s for t, s in a)

    primes = [c for c in found if not any(o != c and general(o, c) for o in found)]
    covered = np.zeros_like(ok)
    for c in primes:
        index = [sorted(dict(c)[t]) if t in dict(c) else [0, 1, 2] for t in range(k)]
        if k:
            covered[np.ix_(*index)] = True
        else:
            covered[...] = True
    return primes, bool((covered == ok).all())


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
    t0 = int(lr.table_of[p])
    out = []
    for own in OWN_RESULTS:
        if certainty_if is not None and certainty_if.get(own, OPEN) in (CLINCHED, ELIMINATED):
            continue
        found = status_table(s, p, own)
        if found is None:
            out.append(Need(player, own, (), (), exact=False, complete=False))
            continue
        tables, status = found
        if (status == IN).all() or (status == OUT).all():
            continue
        in_if, full_in = minimal_conditions(status, {IN})
        unless, full_out = minimal_conditions(status, {OUT, EITHER})

        def named(conds):
            res = []
            for c in conds:
                parts = []
                for pos, lits in c:
                    t = tables[pos]
                    names = (snap.names[lr.ta[t]], snap.names[lr.tb[t]])
                    parts.append((int(lr.numbers[t]), names, lits))
                res.append(Condition(tuple(sorted(parts))))
            return tuple(sorted(res, key=lambda c: (len(c.parts), c.words())))

        out.append(Need(player, own, named(in_if), named(unless), True, full_in and full_out))
    del t0
    return tuple(out)


def event_needs(snap: Snapshot, rules: RulePack, cut: Cut, report) -> dict[str, tuple[Need, ...]]:
    """Every open player's needs (``report``: their :class:`~drawsafe.simulation.certainty.CertaintyReport`)."""
    lr = last_round(snap, rules)
    if lr is None or cut.points is not None:
        return {}
    s = Search(lr, cut)
    out = {}
    for pc in report.players:
        if pc.certainty != OPEN or not pc.certainty_if:
            continue
        got = player_needs(snap, rules, cut, pc.player, certainty_if=pc.certainty_if, search=s)
        if got:
            out[pc.player] = got
    return out
