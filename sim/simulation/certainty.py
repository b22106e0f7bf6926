"""Certainty: who has clinched the cut, who is eliminated, who is still open, proven, never sampled.

:func:`certainty` answers for every player still playing, from a snapshot, a rule pack and a
:class:`~drawsafe.event.cut.Cut`:

- **clinched**: the player makes the cut whatever happens in the rounds left (every result of every
  other table, every intentional draw, every pairing of the rounds not paired yet);
- **eliminated**: the player misses it whatever happens;
- **open**: otherwise, or not proven either way.

and, for a player whose last-round table is open, the same per own result ("clinched if you draw",
"eliminated if you lose": ``certainty_if``).

What is exact and what is a bound (``drawsafe rules`` and the manual's *Certainty* page say the
same):

- **A points cut** (everyone on 19+ points): exact from each player's lowest and highest reachable
  total (every round lost, every round won).
- **The last round, its pairings known** (a cut by rank): every other table can end three ways (A
  wins, a draw, B wins; each game score the pack scores points by, in a pack that scores games).
  First a bound on points alone: a player counts as possibly above when they can finish on at
  least as many points, surely above when they cannot finish below (each table on its own: the
  tables' results are independent).  What that leaves undecided goes to an **exact search**: every
  combination of results of the tables that can tie the player on points or move the tiebreaks of
  anyone who can tie them (opponents, and opponents' opponents for a tiebreak that reaches that
  far), ranked with the standings' own tiebreak kernels; every other table adds its own worst
  (best) case, which on points alone is exact since none of its players can tie.  Two players equal
  on points and on every leading tiebreak that reads results only (Magic: OMW%; game-win % and the
  later keys read game scores) count as either order: *bounded* there, not enumerated over game
  scores; exactly tied players at the line (the random order) count as either too.  The search is
  skipped (the player stays open, said so) beyond :data:`SEARCH_CAP` combinations.
- **Rounds not paired yet**: a bound on points: every other player may finish anywhere between
  losing and winning every round left (any pairing can give them that), so a player is clinched
  when fewer than ``top`` others can reach their lowest total, eliminated when at least ``top``
  others are sure to finish above their highest.  Sound under every pairing; not the tightest the
  Swiss allows (two leaders paired together cannot both win).

Assumed everywhere: nobody still playing drops before the end (a drop can only let a player in,
never out: an "eliminated" player can come in through a drop or a declined invitation), and
players not ranked (another division of a combined pod) do not count.

The plain-Python twin, ``tests/naive_certainty.py``, enumerates every result of every remaining
table and every pairing without a rematch of the rounds to pair, and ranks with every tiebreak.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import product

import numpy as np

from drawsafe.engine.results import ResultModel
from drawsafe.event import kinds
from drawsafe.event.cut import Cut
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import Snapshot, fill
from drawsafe.tiebreaks.packs import EVERYONE, RulePack, display_points
from drawsafe.tiebreaks.ranking import TOLERANCE
from drawsafe.tiebreaks.values import REC_POINTS, player_records, round_points, tiebreak_values_rec

CLINCHED, ELIMINATED, OPEN = "clinched", "eliminated", "open"
#: What is proven and what is bounded, in words (``drawsafe rules``, the manual's certainty page).
PROOF_TEXT = (
    ("clinched: in the cut whatever happens; eliminated: out whatever happens; open: otherwise or not "
     "proven. Never from a simulation."),
    "points cut (--cut-points): exact, from the lowest and highest total each player can reach.",
    ("last round, pairings known: exact over every result of every other table (points first, then an "
     "exact search of the tables that can tie the player on points or move a tiebreak of anyone who "
     "can, ranked with the standings' own tiebreaks); bounded where players stay level on points and "
     "on every tiebreak that reads results only (game-score tiebreaks such as GW% and the random order "
     "of exact ties count either way), and where the search is over its size (the player stays open)."),
    ("rounds still to pair: a bound on points under any pairing (the next round's published tables "
     "count: its two players cannot both win); tiebreaks count either way."),
    ("assumed: nobody still playing drops before the end (a drop or a declined invitation can let an "
     "eliminated player in)."),
)
#: A player's own results, as ``certainty_if`` names them.
OWN_RESULTS = ("win", "draw", "loss")
#: Most combinations of results the exact search enumerates for one player and own result.
SEARCH_CAP = 4096
#: Most work the exact searches of one call do, in all, counted in player-rounds of standings
#: evaluated (a standings of 300 players after 9 rounds is 2,700) plus :data:`EVALUATION_COST` per
#: standings (beyond: the players left stay open, said so); counted, so the answer is the same on
#: any machine (about 0.5 s on the benchmark's machine).
EVALUATION_BUDGET = 12_000_000
EVALUATION_COST = 2_000

A_WINS, DRAW, B_WINS = 0, 1, 2


@dataclass(frozen=True)
class PlayerCertainty:
    """One player's certainty: ``certainty`` overall, ``certainty_if`` per own result where the
    player's table is still open (win, draw, loss), the final points they can reach (as the pack
    shows points) and how it was decided: "points" (a points bound), "search" (the exact search
    over the tables that can change their place) or "bound" (the search was skipped: too many
    tables, the player stays open)."""

    player: str
    certainty: str
    points: tuple[float, float]
    how: str = "points"
    certainty_if: dict[str, str] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return self.how != "bound"

    def to_json(self) -> dict:
        d = {"player": self.player, "certainty": self.certainty, "points": list(self.points),
             "how": self.how}
        if self.certainty_if and any(v != self.certainty for v in self.certainty_if.values()):
            d["certainty_if"] = dict(self.certainty_if)
        return d


@dataclass(frozen=True)
class CertaintyReport:
    """Every player's certainty for ``cut`` (:func:`certainty`).  ``scope`` says what was proven:
    "last round" (its pairings known: exact search), "points cut", or "rounds to pair" (a bound)."""

    cut: Cut
    scope: str
    rounds_left: int
    players: tuple[PlayerCertainty, ...]
    #: Searches not run (over :data:`SEARCH_CAP` combinations or the call's budget): those
    #: players' own results stay open on the points bound.
    skipped: int = 0

    def of(self, player: str) -> PlayerCertainty | None:
        return self._by_player.get(player)

    @cached_property
    def _by_player(self) -> dict[str, PlayerCertainty]:
        # views ask per player and figure: a scan each was O(players^2) (46 s at 20,000 players)
        return {p.player: p for p in reversed(self.players)}  # reversed: the first of a name wins

    def counts(self) -> dict[str, int]:
        out = {CLINCHED: 0, ELIMINATED: 0, OPEN: 0}
        for p in self.players:
            out[p.certainty] += 1
        return out

    def line(self) -> str:
        """The report in one line, for the CLI."""
        c = self.counts()
        what = {"last round": "proven over every result of the last round",
                "points cut": "proven from the points each can reach",
                "rounds to pair": "a bound: any pairing of the rounds left"}[self.scope]
        return (f"Certainty ({self.cut.label()}): {c[CLINCHED]} clinched, {c[ELIMINATED]} eliminated, "
                f"{c[OPEN]} open ({what})")

    def to_json(self) -> dict:
        return {"cut": self.cut.label(), "scope": self.scope, "rounds_left": self.rounds_left,
                "counts": self.counts(), "skipped": self.skipped,
                "players": [p.to_json() for p in self.players]}


# --- the last round, as arrays ------------------------------------------------------------------

@dataclass
class LastRound:
    """The snapshot with its last round appended as a column: reported results, byes and losses in
    place; the open tables (``ta``, ``tb``, numbered ``numbers``) filled per evaluation."""

    snap: Snapshot
    rules: RulePack
    opp: np.ndarray
    kind: np.ndarray
    gw: np.ndarray
    gl: np.ndarray
    gd: np.ndarray
    ta: np.ndarray
    tb: np.ndarray
    numbers: np.ndarray
    #: Outcomes of an open table: (class, games won by A, by B, drawn).
    outcomes: tuple[tuple[int, int, int, int], ...]
    members: np.ndarray
    table_of: np.ndarray
    #: The tiebreak kernels' flags (a rematch anywhere, the last round's included).
    flags: np.ndarray | None = None

    @property
    def nr(self) -> int:
        return self.kind.shape[1]

    @property
    def col(self) -> int:
        return self.kind.shape[1] - 1


def table_outcomes(snap: Snapshot, rules: RulePack) -> tuple[tuple[int, int, int, int], ...]:
    """The outcomes an open table can have, as (class, games of A, games of B, drawn games): one per
    result where points go by the match result (the game score matters only to tiebreaks that read
    games, which the search bounds rather than enumerates); every game score the pack declares where
    points go by games (Netrunner)."""
    if rules.game_points[0] > 0:
        model = ResultModel.for_rules(rules, best_of=snap.event.best_of)
        found = []
        for w, lo, d, _ in model.decided:
            found += [(A_WINS, w, lo, d), (B_WINS, lo, w, d)]
        for w, lo, d, _ in model.drawn:
            found.append((DRAW, w, lo, d))
        return tuple(dict.fromkeys(found))
    one = rules.results.one_game or snap.event.best_of == 1
    wins = 1 if one else snap.event.best_of // 2 + 1
    return ((A_WINS, wins, 0, 0), (DRAW, 0, 0, 1 if one else 3), (B_WINS, 0, wins, 0))


def last_round(snap: Snapshot, rules: RulePack, ahead: bool = False) -> LastRound | None:
    """The last round's arrays, or None when the snapshot is not at its last round with its
    pairings published (``ahead``: the next round's, whatever rounds follow it)."""
    nxt = snap.next_round
    if nxt is None or snap.rounds_left < 1 or (snap.rounds_left != 1 and not ahead):
        return None
    n, nr = snap.players, snap.kind.shape[1]
    opp = np.concatenate([snap.opp, np.full((n, 1), -1, dtype=snap.opp.dtype)], axis=1)
    kind = np.concatenate([snap.kind, np.zeros((n, 1), dtype=snap.kind.dtype)], axis=1)
    gw, gl, gd = (np.concatenate([a, np.zeros((n, 1), dtype=a.dtype)], axis=1)
                  for a in (snap.gw, snap.gl, snap.gd))
    ta, tb, numbers = [], [], []
    bye_games = snap.event.best_of // 2 + 1
    for i, m in enumerate(nxt.matches):
        if m.kind == MATCH and m.player_b is not None and not m.reported:
            a, b = snap.index[m.player_a], snap.index[m.player_b]
            ta.append(a)
            tb.append(b)
            numbers.append(i + 1)
            opp[a, nr], opp[b, nr] = b, a
            kind[a, nr] = kind[b, nr] = kinds.PLAYED
        else:
            fill(m, nr, snap.index, (opp, kind, gw, gl, gd), bye_games)
    members = snap.active & snap.ranked_mask()
    table_of = np.full(n, -1, dtype=np.int64)
    table_of[np.array(ta, dtype=np.int64)] = np.arange(len(ta))
    table_of[np.array(tb, dtype=np.int64)] = np.arange(len(tb))
    return LastRound(snap, rules, opp, kind, gw, gl, gd, np.array(ta, dtype=np.int64),
                     np.array(tb, dtype=np.int64), np.array(numbers, dtype=np.int64),
                     table_outcomes(snap, rules), members, table_of,
                     rules.flags(rematch(opp), snap.phase_start))


def set_outcome(lr: LastRound, t: int, o: int) -> None:
    _, sa, sb, sd = lr.outcomes[o]
    a, b, c = lr.ta[t], lr.tb[t], lr.col
    lr.gw[a, c], lr.gl[a, c], lr.gd[a, c] = sa, sb, sd
    lr.gw[b, c], lr.gl[b, c], lr.gd[b, c] = sb, sa, sd


def evaluate_keys(lr: LastRound) -> np.ndarray:
    """Points and every tiebreak of every player with the round as it stands in the arrays."""
    codes = lr.rules.codes()
    table = lr.rules.points_table()
    rec = player_records(lr.kind, lr.gw, lr.gl, lr.gd, lr.nr, table)
    keys = np.zeros((lr.snap.players, len(codes)))
    tiebreak_values_rec(rec, lr.opp, lr.kind, lr.gw, lr.gl, lr.gd, lr.nr, table, codes, lr.flags,
                        lr.snap.ratings, keys)
    return keys


def rematch(opp: np.ndarray) -> bool:
    """Some pair of players met twice (then each opponent counts once)."""
    for row in opp:
        met = row[row >= 0]
        if len(np.unique(met)) != len(met):
            return True
    return False


def result_prefix(rules: RulePack) -> int:
    """How many of the standings' columns (points first) read match results only: players equal on
    all of them may be ordered by game scores the search does not enumerate, or by the random order
    of exact ties."""
    upto = 1
    for t in rules.tiebreaks:
        if t.games:
            break
        upto += 1
    return upto


def reach_of(rules: RulePack) -> int:
    return max((t.reach for t in rules.tiebreaks), default=0)


class Search:
    """The exact search of one snapshot's last round (shared by every player of it)."""

    def __init__(self, lr: LastRound, cut: Cut, budget: int = EVALUATION_BUDGET):
        self.lr = lr
        self.cut = cut
        self.top = cut.top if cut.top is not None else lr.snap.players
        self.budget = budget
        self.upto = result_prefix(lr.rules)
        self.reach = reach_of(lr.rules)
        table = lr.rules.points_table()
        rec = player_records(lr.kind, lr.gw, lr.gl, lr.gd, lr.nr, table)
        # points before the open tables (their column holds no games yet: a 0-0-0 played round
        # scores as a draw, so the open tables' players take their points from ``base`` instead)
        base = rec[:, REC_POINTS].astype(np.int64).copy()
        k = len(lr.ta)
        for t in range(k):
            for p in (lr.ta[t], lr.tb[t]):
                base[p] -= round_points(table, kinds.PLAYED, 0, 0, 0)
        self.base = base
        self.fixed = base.copy()
        self.gain = np.zeros((k, len(lr.outcomes), 2), dtype=np.int64)
        for o, (_, sa, sb, sd) in enumerate(lr.outcomes):
            self.gain[:, o, 0] = round_points(table, kinds.PLAYED, sa, sb, sd)
            self.gain[:, o, 1] = round_points(table, kinds.PLAYED, sb, sa, sd)
        self.final = np.stack([base[lr.ta][:, None] + self.gain[:, :, 0],
                               base[lr.tb][:, None] + self.gain[:, :, 1]], axis=2) if k else \
            np.zeros((0, len(lr.outcomes), 2), dtype=np.int64)
        self.mem_a = lr.members[lr.ta] if k else np.zeros(0, dtype=bool)
        self.mem_b = lr.members[lr.tb] if k else np.zeros(0, dtype=bool)
        at_table = lr.table_of >= 0
        self.fixed_members = np.flatnonzero(lr.members & ~at_table)
        self.neighbours = self.opponents()
        self.cache: dict[int, tuple] = {}

    def opponents(self) -> list[set[int]]:
        lr = self.lr
        out = [set() for _ in range(lr.snap.players)]
        for p in range(lr.snap.players):
            for q in lr.opp[p]:
                if q >= 0:
                    out[p].add(int(q))
        return out

    # -- points only --
    def per_table(self, v: int) -> tuple[int, int, np.ndarray, np.ndarray]:
        """For a total ``v`` (kept, there are few): the fixed players on at least / above ``v``,
        and per open table the most players it can put on at least ``v``, the fewest it surely
        puts above ``v``."""
        got = self.cache.get(v)
        if got is None:
            fm = self.fixed[self.fixed_members]
            f = self.final
            ma, mb = self.mem_a[:, None].astype(np.int64), self.mem_b[:, None].astype(np.int64)
            ge_t = (f[:, :, 0] >= v) * ma + (f[:, :, 1] >= v) * mb
            gt_t = (f[:, :, 0] > v) * ma + (f[:, :, 1] > v) * mb
            got = (int((fm >= v).sum()), int((fm > v).sum()), ge_t.max(axis=1), gt_t.min(axis=1),
                   gt_t.max(axis=1))
            self.cache[v] = got
        return got

    def counts(self, v: int, skip: int) -> tuple[int, int]:
        """(most players who can finish on ``v`` points or more, fewest sure to finish above
        ``v``), counting the fixed players and every open table but ``skip`` (each on its own)."""
        ge, gt, mx, mn, _ = self.per_table(v)
        ge, gt = ge + int(mx.sum()), gt + int(mn.sum())
        if skip >= 0:
            ge -= int(mx[skip])
            gt -= int(mn[skip])
        return ge, gt

    def own_values(self, p: int) -> list[tuple[int, int, int]]:
        """(own outcome, own final points, opponent's final points) for each way player ``p``'s
        table can end (one entry, outcome -1, when it is not open)."""
        t = self.lr.table_of[p]
        if t < 0:
            return [(-1, int(self.fixed[p]), 0)]
        side = 0 if self.lr.ta[t] == p else 1
        return [(o, int(self.final[t, o, side]), int(self.final[t, o, 1 - side]))
                for o in range(len(self.lr.outcomes))]

    def decide_points(self, p: int, o: int, v: int, opp_v: int) -> str:
        t = int(self.lr.table_of[p])
        ge, gt = self.counts(v, t)
        if t >= 0:
            q = self.lr.tb[t] if self.lr.ta[t] == p else self.lr.ta[t]
            if self.lr.members[q]:
                ge += int(opp_v >= v)
                gt += int(opp_v > v)
        if self.lr.members[p] and self.lr.table_of[p] < 0:
            ge -= 1  # p itself, a fixed member, counted at >= v
        if ge <= self.top - 1:
            return CLINCHED
        if gt >= self.top:
            return ELIMINATED
        return OPEN

    # -- the exact search --
    def influence(self, players: set[int]) -> set[int]:
        """Open tables whose results can move the tiebreaks of ``players``."""
        lr = self.lr
        if self.reach >= EVERYONE:
            return set(range(len(lr.ta)))
        reached, frontier = set(players), set(players)
        for _ in range(self.reach):
            nxt = set()
            for x in frontier:
                nxt |= self.neighbours[x]
            frontier = nxt - reached
            reached |= nxt
        return {int(lr.table_of[x]) for x in reached if lr.table_of[x] >= 0}

    def search(self, p: int, o: int, v: int, with_flips: bool) -> dict | None:
        """Every combination of the tables that can change player ``p``'s place when their own
        table ends with outcome ``o`` (``v`` points): ``{"tables": [...], "status": array}`` with
        each combination's status (1 in, -1 out, 0 undecided), or None when over the caps."""
        lr = self.lr
        t0 = int(lr.table_of[p])
        k = len(lr.ta)
        f = self.final
        level = ((f[:, :, 0] == v) & self.mem_a[:, None]).any(axis=1) | \
            ((f[:, :, 1] == v) & self.mem_b[:, None]).any(axis=1)
        if t0 >= 0:
            level[t0] = False
        tie = {int(t) for t in np.flatnonzero(level)}
        m = len(lr.outcomes)
        if m ** len(tie) > SEARCH_CAP:
            return None
        fixed_tie = [int(x) for x in self.fixed_members if x != p and self.fixed[x] == v]
        people = {p} | set(fixed_tie)
        for t in tie:
            people |= {int(lr.ta[t]), int(lr.tb[t])}
        inside = (tie | self.influence(people)) - {t0}
        _, _, _, gt_min, gt_max = self.per_table(v)
        flips = {int(t) for t in np.flatnonzero(gt_min != gt_max)} - inside - {t0}
        tables = sorted(inside | flips) if with_flips else sorted(inside)
        combos = m ** len(tables)
        cost = combos * (self.lr.snap.players * self.lr.nr + EVALUATION_COST)
        if combos > SEARCH_CAP or cost > self.budget:
            return None
        # outside: each table's own worst / best on points (no tie possible there)
        rest = np.ones(k, dtype=bool)
        rest[tables] = False
        if t0 >= 0:
            rest[t0] = False
        out_max, out_min = int(gt_max[rest].sum()), int(gt_min[rest].sum())
        # the players compared by key: members at the enumerated tables, fixed members
        who = [int(x) for t in tables for x in (lr.ta[t], lr.tb[t]) if lr.members[x]]
        if t0 >= 0:
            q = int(lr.tb[t0] if lr.ta[t0] == p else lr.ta[t0])
            if lr.members[q]:
                who.append(q)
            set_outcome(lr, t0, o)
        who += [int(x) for x in self.fixed_members if x != p]
        who = np.array(who, dtype=np.int64)
        upto = self.upto
        status = np.zeros(combos, dtype=np.int8)
        for i, combo in enumerate(product(range(m), repeat=len(tables))):
            for t, c in zip(tables, combo):
                set_outcome(lr, t, c)
            keys = evaluate_keys(lr)
            above, unsure = compare_rows(keys, p, who, upto)
            worst = above + unsure + out_max
            best = above + out_min
            status[i] = 1 if worst <= self.top - 1 else (-1 if best >= self.top else 0)
        self.budget -= cost
        return {"tables": tables, "status": status}


def compare_rows(keys: np.ndarray, p: int, who: np.ndarray, upto: int) -> tuple[int, int]:
    """How many of ``who`` rank above player ``p`` on the standings' columns ``0 .. upto - 1``,
    and how many are equal on all of them (either order possible)."""
    if len(who) == 0:
        return 0, 0
    diff = keys[who, :upto] - keys[p, :upto]
    big = np.abs(diff) > TOLERANCE
    first = np.where(big.any(axis=1), big.argmax(axis=1), -1)
    sign = np.where(first >= 0, diff[np.arange(len(who)), np.maximum(first, 0)], 0.0)
    return int((sign > 0).sum()), int((first < 0).sum())


# --- the answer ---------------------------------------------------------------------------------

def combine(values: list[str]) -> str:
    if values and all(v == CLINCHED for v in values):
        return CLINCHED
    if values and all(v == ELIMINATED for v in values):
        return ELIMINATED
    return OPEN


def certainty(snap: Snapshot, rules: RulePack, cut: Cut, *, budget: int = EVALUATION_BUDGET
              ) -> CertaintyReport:
    """Every player's certainty of making ``cut`` from ``snap`` under ``rules`` (module text:
    what is exact and what is a bound)."""
    scale = rules.point_scale
    members = snap.active & snap.ranked_mask()
    if cut.points is not None:
        return points_cut(snap, rules, cut, members)
    lr = last_round(snap, rules)
    if lr is None:
        return unpaired(snap, rules, cut, members)
    s = Search(lr, cut, budget)
    out, skipped = [], 0
    for p in np.flatnonzero(members):
        own = s.own_values(int(p))
        per: dict[int, str] = {}
        how = "points"
        for o, v, opp_v in own:
            verdict = s.decide_points(int(p), o, v, opp_v)
            if verdict == OPEN:
                found = s.search(int(p), o, v, with_flips=False)
                if found is None:
                    how = "bound"
                    skipped += 1
                else:
                    st = found["status"]
                    verdict = CLINCHED if (st == 1).all() else (ELIMINATED if (st == -1).all() else OPEN)
                    if how != "bound":
                        how = "search"
            per[o] = verdict
        by_result = {}
        if own[0][0] >= 0:
            side = 0 if lr.ta[lr.table_of[p]] == p else 1
            for o, verdict in per.items():
                cls = lr.outcomes[o][0]
                name = own_result(cls, side)
                by_result.setdefault(name, []).append(verdict)
        verdict = combine(list(per.values()))
        if verdict != OPEN and how == "bound":
            how = "search"
        lo, hi = min(v for _, v, _ in own), max(v for _, v, _ in own)
        out.append(PlayerCertainty(snap.names[p], verdict,
                                   (display_points(lo, scale), display_points(hi, scale)), how,
                                   {r: combine(v) for r, v in sorted(by_result.items(),
                                                                      key=lambda kv: OWN_RESULTS.index(kv[0]))}))
    return CertaintyReport(cut, "last round", 1, tuple(out), skipped)


def own_result(cls: int, side: int) -> str:
    if cls == DRAW:
        return "draw"
    return "win" if (cls == A_WINS) == (side == 0) else "loss"


def round_range(snap: Snapshot, rules: RulePack) -> tuple[int, int]:
    """The fewest and the most points one round can give (a loss; a win, or the best game score
    where the pack scores games)."""
    table = rules.points_table()
    best = max(int(table[kinds.WIN]), int(table[kinds.DRAW]), int(table[kinds.LOSS]))
    if rules.game_points[0] > 0:
        model = ResultModel.for_rules(rules, best_of=snap.event.best_of)
        for w, lo, d, _ in tuple(model.decided) + tuple(model.drawn):
            best = max(best, int(round_points(table, kinds.PLAYED, w, lo, d)))
    return min(int(table[kinds.LOSS]), 0), best


def reachable(snap: Snapshot, rules: RulePack) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(current points, lowest and highest final points) of every player: the rounds left all lost
    or all won (the reported results of a round in progress count; a bye of the next round is its
    points)."""
    table = rules.points_table()
    nr = snap.kind.shape[1]
    rec = player_records(snap.kind, snap.gw, snap.gl, snap.gd, nr, table)
    now = rec[:, REC_POINTS].astype(np.int64)
    worst_round, best_round = round_range(snap, rules)
    left = snap.rounds_left
    lo = now + worst_round * left
    hi = now + best_round * left
    nxt = snap.next_round
    if nxt is not None and left >= 1:
        # the round in progress: its reported results and byes are known
        n = snap.players
        cols = [np.zeros((n, 1), dtype=a.dtype) for a in (snap.opp, snap.kind, snap.gw, snap.gl, snap.gd)]
        cols[0][:] = -1
        bye_games = snap.event.best_of // 2 + 1
        for m in nxt.matches:
            if m.reported:
                fill(m, 0, snap.index, tuple(cols), bye_games)
        got = player_records(cols[1], cols[2], cols[3], cols[4], 1, table)[:, REC_POINTS]
        done = cols[1][:, 0] != kinds.ABSENT
        lo = np.where(done, now + got + worst_round * (left - 1), lo)
        hi = np.where(done, now + got + best_round * (left - 1), hi)
    return now, lo, hi


def points_cut(snap: Snapshot, rules: RulePack, cut: Cut, members: np.ndarray) -> CertaintyReport:
    _, lo, hi = reachable(snap, rules)
    need = cut.kernel_points(rules.point_scale)
    out = []
    for p in np.flatnonzero(members):
        verdict = CLINCHED if lo[p] >= need else (ELIMINATED if hi[p] < need else OPEN)
        out.append(PlayerCertainty(snap.names[p], verdict, (display_points(lo[p], rules.point_scale),
                                                            display_points(hi[p], rules.point_scale))))
    return CertaintyReport(cut, "points cut", snap.rounds_left, tuple(out))


def unpaired(snap: Snapshot, rules: RulePack, cut: Cut, members: np.ndarray) -> CertaintyReport:
    """The points bound of rounds not paired yet (module text)."""
    lr = last_round(snap, rules, ahead=True)
    if lr is not None:
        return paired_ahead(snap, rules, cut, lr)
    _, lo, hi = reachable(snap, rules)
    top = cut.top if cut.top is not None else snap.players
    idx = np.flatnonzero(members)
    his, los = np.sort(hi[idx]), np.sort(lo[idx])
    out = []
    for p in idx:
        # others who can reach p's lowest total (p itself among them when hi[p] >= lo[p])
        can = len(his) - np.searchsorted(his, lo[p], side="left") - 1
        sure = len(los) - np.searchsorted(los, hi[p], side="right")
        verdict = CLINCHED if can <= top - 1 else (ELIMINATED if sure >= top else OPEN)
        out.append(PlayerCertainty(snap.names[p], verdict, (display_points(lo[p], rules.point_scale),
                                                            display_points(hi[p], rules.point_scale))))
    return CertaintyReport(cut, "rounds to pair", snap.rounds_left, tuple(out))


def paired_ahead(snap: Snapshot, rules: RulePack, cut: Cut, lr: LastRound) -> CertaintyReport:
    """The points bound when the next round is paired and more rounds follow: the next round's
    tables each end one way (its two players cannot both win it), the rounds after it anywhere
    between all lost and all won."""
    s = Search(lr, cut)
    worst, best = round_range(snap, rules)
    later = snap.rounds_left - 1
    out = []
    for p in np.flatnonzero(lr.members):
        p = int(p)
        t0 = int(lr.table_of[p])
        per: dict[int, str] = {}
        lows, highs = [], []
        for o, v, opp_v in s.own_values(p):
            lo_p, hi_p = v + worst * later, v + best * later
            lows.append(lo_p)
            highs.append(hi_p)
            ge, _ = s.counts(lo_p - best * later, t0)
            _, gt = s.counts(hi_p - worst * later, t0)
            if t0 >= 0:
                q = lr.tb[t0] if lr.ta[t0] == p else lr.ta[t0]
                if lr.members[q]:
                    ge += int(opp_v + best * later >= lo_p)
                    gt += int(opp_v + worst * later > hi_p)
            else:
                ge -= 1  # p itself, among the fixed players
            per[o] = CLINCHED if ge <= s.top - 1 else (ELIMINATED if gt >= s.top else OPEN)
        by_result: dict[str, list] = {}
        if t0 >= 0:
            side = 0 if lr.ta[t0] == p else 1
            for o, verdict in per.items():
                by_result.setdefault(own_result(lr.outcomes[o][0], side), []).append(verdict)
        out.append(PlayerCertainty(
            snap.names[p], combine(list(per.values())),
            (display_points(min(lows), rules.point_scale), display_points(max(highs), rules.point_scale)),
            "points", {r: combine(v) for r, v in sorted(by_result.items(), key=lambda kv: OWN_RESULTS.index(kv[0]))}))
    return CertaintyReport(cut, "rounds to pair", snap.rounds_left, tuple(out))
