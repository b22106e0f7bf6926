"""The last Swiss round in progress, exactly: every outcome of its open tables, enumerated.

When the last round's pairings are published and only a few tables have not reported, the odds
need no simulation: every way the open tables can end is listed with its probability under the
result model, the final standings of each are ranked with the same tiebreak kernels as
``drawsafe standings`` and every simulation (:func:`drawsafe.standings.order.refined_order`), and
the cut odds are the weighted sums.  Exactly tied players at the cut line share the places left
(each active player of a tied class gets ``places / players``), as the random order of the
simulations does on average.

What makes it fast enough (three results per table rather than every game score):

- **Tables that cannot matter.**  A player is *settled* when points alone decide them: fewer than
  ``top`` others can reach their lowest total (in whatever happens), or ``top`` others are sure to
  finish above their highest.  A table none of whose players, nor any player whose tiebreaks its
  result enters (opponents, and opponents' opponents for keys such as OOWP: :data:`DEPTH`), is
  unsettled cannot change who makes the cut; it is held at its most likely outcome and not
  enumerated.
- **Results first, game scores where they decide.**  Points and the tiebreaks that read match
  results only (OMW%, OWP, Buchholz...) do not depend on game scores.  The results of the open
  tables are enumerated (``3^k``), each with the most likely game score; only where the players
  equal on points and on those leading tiebreaks straddle the cut line are the game scores of the
  tables that enter their later tiebreaks (GW%, OGW%) enumerated too, every variant with the
  result model's weight.  Everything else is summed out exactly.

Besides every player's P(cut), one pass gives, for every enumerated table and each of its
outcomes, the contenders' P(cut) given that outcome (what "root for" and draw or play read,
including an intentional draw 0-0-3 that the result model alone never plays), and each
contender's best and worst final place over every combination of results (game scores as most
likely; exact ties counted at the tied class's best and worst place), with the results that lead
there.

The plain-Python twin, ``tests/naive_enumeration.py``, enumerates every game score of every open
table without these shortcuts; the tests compare them.

The compiled pass over the combinations is :mod:`drawsafe.simulation.combinations` (its kernel
parameters are documented there).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.inputs import Rules
from drawsafe.engine.results import win_probability
from drawsafe.engine.tables import write_played
from drawsafe.errors import UsageError
from drawsafe.event import kinds
from drawsafe.jit import in_chunks
from drawsafe.simulation.combinations import enumerate_chunk
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import FirstRound, Simulator
from drawsafe.tiebreaks.packs import BY_CODE, RulePack
from drawsafe.tiebreaks.values import REC_POINTS, add_round

#: Default: the answer is exact when at most this many open tables can still matter.
EXACT_TABLES = 12
#: Most combinations of game scores enumerated for one combination of results (beyond: no exact
#: answer, the command simulates instead and says why).
VARIANT_CAP = 20_000
#: Most standings evaluated in all (a guard against game scores deciding the line in most
#: combinations; counted per chunk of combinations, so the same on any number of threads).
EVALUATION_CAP = 60_000_000
#: The incremental evaluation of MTG packs (False: every standings ranked afresh, for tests).
FAST = True

A_WINS, DRAW, B_WINS = 0, 1, 2
#: Most numbers :attr:`Enumeration.joint` may take (combinations x contenders x 2: 64 MiB); a
#: larger round keeps none (its card has no exact what-if).
JOINT_CAP = 1 << 23

def key_depths(codes) -> tuple[int, np.ndarray, int]:
    """For the pack's kernel codes (points first): how far a result reaches into anyone's
    standings columns, each column's reach of a game score (-1: the column reads results only) and
    how many leading tiebreaks read results only (columns ``0 .. prefix`` never depend on game
    scores).  Each tiebreak declares its reach (:attr:`drawsafe.tiebreaks.packs.Tiebreak.reach`).

    :raises ValueError: for a code no declared tiebreak has."""
    depth, prefix, leading = 0, 0, True
    col_depth = np.full(len(codes), -1, dtype=np.int64)
    for i, c in enumerate(int(x) for x in codes):
        if i == 0:
            continue
        t = BY_CODE.get(c)
        if t is None:
            raise ValueError(f"tiebreak code {c} is not declared in drawsafe.tiebreaks.packs.TIEBREAKS")
        depth = max(depth, t.reach)
        if not t.games:
            if leading:
                prefix += 1
        else:
            leading = False
            col_depth[i] = t.reach
    return depth, col_depth, prefix


@dataclass(frozen=True)
class Outcome:
    """One way an open table can end: the result (:data:`A_WINS`, :data:`DRAW`, :data:`B_WINS`),
    the game score from player A's side, and its probability (0 for an intentional draw the result
    model never plays: kept so that "if they draw" can be answered)."""

    result: int
    score: tuple[int, int, int]
    prior: float

    @property
    def intentional(self) -> bool:
        return self.score == (0, 0, 3)


def match_outcomes(sim: Simulator, a: int, b: int, mode: int, q: float = 0.0,
                   with_id: bool = True) -> list[Outcome]:
    """Every outcome of a table ``a`` v ``b`` playing in ``mode`` (engine.FREE, BEHAVIOUR with
    intentional-draw probability ``q``, FORCE_A, FORCE_B) under the simulator's result model: the
    same probabilities the simulations draw from (:func:`drawsafe.engine.tables.play_tables`)."""
    dcum, dsc, wcum, wsc = sim.tables_
    share = float(sim.match.draw_share) if mode in (engine.FREE, engine.BEHAVIOUR) else 0.0
    if mode == engine.FORCE_A:
        p_a = 1.0
    elif mode == engine.FORCE_B:
        p_a = 0.0
    else:
        p_a = float(win_probability(sim.match.model, sim.strength, a, b))
    play = 1.0 - q if mode == engine.BEHAVIOUR else 1.0
    found: dict[tuple, float] = {}

    def add(result, sc, p):
        key = (result, tuple(int(v) for v in sc))
        found[key] = found.get(key, 0.0) + p

    dshare = np.diff(np.concatenate([[0.0], dcum]))
    wshare = np.diff(np.concatenate([[0.0], wcum]))
    for j in range(len(dcum)):
        w, lo, d = int(dsc[j, 0]), int(dsc[j, 1]), int(dsc[j, 2])
        if p_a > 0:
            add(A_WINS, (w, lo, d), play * (1 - share) * p_a * dshare[j])
        if p_a < 1:
            add(B_WINS, (lo, w, d), play * (1 - share) * (1 - p_a) * dshare[j])
    if share > 0:
        for j in range(len(wcum)):
            add(DRAW, wsc[j], play * share * wshare[j])
    if with_id or mode == engine.BEHAVIOUR:
        add(DRAW, (0, 0, 3), q if mode == engine.BEHAVIOUR else 0.0)
    return [Outcome(res, sc, p) for (res, sc), p in found.items()]


@dataclass(frozen=True)
class OpenTable:
    """An open table of the round: its number (1-based), players (indices) and outcomes."""

    table: int
    a: int
    b: int
    outcomes: tuple[Outcome, ...]
    #: Enumerated (it can change who makes the cut), else held at its most likely outcome.
    enumerated: bool

    def result_probability(self, result: int) -> float:
        return sum(o.prior for o in self.outcomes if o.result == result)


@dataclass(frozen=True)
class Enumeration:
    """The exact answer of one last round (see the module text).

    ``p_cut[p]`` for every player; ``conditional[q, j, o]``: contender ``contenders[q]``'s P(cut)
    given that enumerated table ``j`` (``tables[enumerated[j]]``) ends in its outcome ``o``;
    ``best``/``worst``: each contender's best and worst place (1-based) and the combination of
    results that leads there (``results[j]`` of the enumerated tables)."""

    names: tuple[str, ...]
    p_cut: np.ndarray
    tables: tuple[OpenTable, ...]
    enumerated: tuple[int, ...]
    contenders: tuple[int, ...]
    settled_in: np.ndarray
    settled_out: np.ndarray
    conditional: np.ndarray
    best: np.ndarray
    worst: np.ndarray
    best_results: tuple[tuple[int, ...], ...]
    worst_results: tuple[tuple[int, ...], ...]
    combinations: int
    evaluations: int
    #: Combinations of results in which game scores decided the cut line (their variants tried).
    straddles: int
    seconds: float
    #: For the card's exact what-if (``enumerate_outcomes(joint=True)``, else None): each
    #: contender's share of the cut in every combination of results (``[combination, contender,
    #: 2]``, :mod:`drawsafe.simulation.combinations`), the enumerated tables' result in each
    #: combination (``[combination, enumerated]``: :data:`A_WINS`, :data:`DRAW`, :data:`B_WINS`),
    #: each contender's own enumerated table (-1: none) and each enumerated table's probability of
    #: each result (``[enumerated, 3]``) and of each if it plays.
    joint: np.ndarray | None = None
    results: np.ndarray | None = None
    own: np.ndarray | None = None
    result_p: np.ndarray | None = None
    played_p: np.ndarray | None = None

    def table_of(self, t: int) -> int | None:
        """The index ``j`` of table ``t`` (an index into ``tables``) among the enumerated, or None."""
        return self.enumerated.index(t) if t in self.enumerated else None

    def given(self, player: int, t: int, result: int | None = None, outcome: int | None = None,
              free: list[Outcome] | None = None) -> float:
        """``player``'s P(cut) given that table ``t`` ends with ``result`` (weighted by the table's
        own outcome probabilities), or in its ``outcome`` (an index), or plays with the outcome
        probabilities ``free`` (none of these: the unconditional figure)."""
        if self.settled_in[player]:
            return 1.0
        if player not in self.contenders:
            return 0.0
        j = self.table_of(t)
        if j is None:
            return float(self.p_cut[player])
        q = self.contenders.index(player)
        row = self.conditional[q, j]
        table = self.tables[t]
        if outcome is not None:
            return float(row[outcome])
        weights = [o.prior for o in (free or table.outcomes)]
        if result is not None:
            weights = [w if o.result == result else 0.0 for w, o in zip(weights, table.outcomes)]
        total = sum(weights)
        if total <= 0:
            return float("nan")
        return float(sum(w * row[i] for i, w in enumerate(weights)) / total)


class NotExact(UsageError):
    """The round cannot be answered exactly (too many open tables that matter, ...): why."""


def known_round(sim: Simulator, fr: FirstRound, rec, opp, kind, gw, *, gl, gd) -> None:
    """Write the round's known tables (reported results, byes, half-point byes, losses, intentional
    draws) into the arrays (round ``after_round``)."""
    r = sim.snap.after_round
    table = sim.points_table
    bye_games = sim.bye_games
    for t in range(fr.tables):
        a, b, mode = int(fr.a[t]), int(fr.b[t]), int(fr.mode[t])
        if b < 0:
            games = bye_games if b == -1 else 0
            k = kinds.BYE if b == -1 else (kinds.HALF_BYE if b == -3 else kinds.LOSS_NO_OPPONENT)
            opp[a, r], kind[a, r], gw[a, r], gl[a, r], gd[a, r] = -1, k, games, 0, 0
            add_round(rec, a, k, games, 0, 0, table)
            continue
        if mode == engine.KNOWN:
            sa, sb, sd = (int(x) for x in fr.score[t])
        elif mode == engine.INTENTIONAL:
            sa, sb, sd = 0, 0, 3
        else:
            continue
        add_round(rec, a, kinds.PLAYED, sa, sb, sd, table)
        add_round(rec, b, kinds.PLAYED, sb, sa, sd, table)
        write_played(opp, kind, gw, gl, gd, r, a, b, sa, sb, sd)


def gain(table: np.ndarray, t: OpenTable, p: int, o: Outcome) -> int:
    """The points player ``p`` of table ``t`` gets from its outcome ``o``."""
    if o.result == DRAW:
        return int(table[kinds.DRAW])
    won = (o.result == A_WINS) == (p == t.a)
    return int(table[kinds.WIN] if won else table[kinds.LOSS])


def settled(sim: Simulator, rec, tables: list[OpenTable], top: int) -> tuple[np.ndarray, np.ndarray]:
    """Players whose place in or out of the cut points alone decide, whatever the open tables do:
    (in, out).  Inactive players are out (they take no place)."""
    points = rec[:, REC_POINTS].astype(np.int64)
    lo, hi = points.copy(), points.copy()
    table = sim.points_table
    for t in tables:
        for x in (t.a, t.b):
            gains = [gain(table, t, x, o) for o in t.outcomes]
            lo[x] = points[x] + min(gains)
            hi[x] = points[x] + max(gains)
    active = sim.active
    cut_points = sim.cut_points
    n = len(points)
    sure_in = np.zeros(n, dtype=bool)
    sure_out = ~active.copy()
    his, los = np.sort(hi[active]), np.sort(lo[active])
    for x in np.flatnonzero(active):
        if cut_points >= 0:
            sure_in[x], sure_out[x] = lo[x] >= cut_points, hi[x] < cut_points
            continue
        # others who could reach x's lowest total / others surely above x's highest
        reach = len(his) - np.searchsorted(his, lo[x], side="left") - int(hi[x] >= lo[x])
        above = len(los) - np.searchsorted(los, hi[x], side="right") - int(lo[x] > hi[x])
        sure_in[x] = reach < top
        sure_out[x] = above >= top
    return sure_in, sure_out


def neighbourhood(adj: list[set[int]], start: set[int], depth: int) -> set[int]:
    seen, frontier = set(start), set(start)
    for _ in range(depth):
        frontier = {o for p in frontier for o in adj[p]} - seen
        seen |= frontier
    return seen


def enumerate_outcomes(snap, rules: RulePack, question: Question | None = None,
                       first_round: FirstRound | None = None, limit: int = EXACT_TABLES,
                       q: np.ndarray | None = None, *, with_id: bool = True,
                       variant_cap: int = VARIANT_CAP, evaluation_cap: int = EVALUATION_CAP,
                       check_only: bool = False, joint: bool = False) -> Enumeration | None:
    """The exact answer of the last Swiss round of ``snap`` (its tables: the published pairings,
    or ``first_round`` with its modes: reported results stay as they are, intentional draws are
    0-0-3, open tables (FREE, BEHAVIOUR with probabilities ``q``) end as the result model says).

    :raises NotExact: when the snapshot is not in its last round with its tables known, or more
        than ``limit`` open tables can still change who makes the cut, or the game scores to try
        at the cut line exceed ``variant_cap`` for one combination of results.

    ``check_only``: stop (None) once the number of tables to enumerate is known to be within
    ``limit``: a cheap look before the other tables' draw probabilities are simulated.

    ``joint``: keep each contender's share of the cut in every combination of results too
    (:attr:`Enumeration.joint`, for the card's exact what-if), unless it would take more than
    :data:`JOINT_CAP` numbers (then ``joint`` stays None).
    """
    started = time.perf_counter()
    question = question or Question()
    if snap.rounds_left != 1:
        raise NotExact(f"the exact answer is for the last Swiss round ({snap.rounds_left} rounds are left)")
    sim = Simulator(snap, rules, question)
    fr = first_round if first_round is not None else sim.first_round
    if fr is None:
        raise NotExact("the last round's pairings are not published yet")
    r0 = snap.after_round
    n = snap.players
    rec = sim.rec0.copy()
    opp, kind, gw, gl, gd = (getattr(sim, name).copy() for name in ("opp", "kind", "gw", "gl", "gd"))
    known_round(sim, fr, rec, opp, kind, gw, gl=gl, gd=gd)
    q = np.zeros(fr.tables) if q is None else np.asarray(q, dtype=np.float64)
    open_tables: list[OpenTable] = []
    for t in range(fr.tables):
        mode = int(fr.mode[t])
        if fr.b[t] < 0 or mode in (engine.KNOWN, engine.INTENTIONAL):
            continue
        if mode == engine.BEHAVIOUR:
            p = float(fr.draw_p[t]) if fr.draw_p is not None else float(q[t])
        else:
            p = 0.0
        outs = match_outcomes(sim, int(fr.a[t]), int(fr.b[t]), mode, p, with_id)
        open_tables.append(OpenTable(t + 1, int(fr.a[t]), int(fr.b[t]), tuple(outs), False))
    top = int(question.top)
    sure_in, sure_out = settled(sim, rec, open_tables, top)
    unsettled = ~(sure_in | sure_out)
    depth, col_depth, prefix = key_depths(sim.codes)
    adj: list[set[int]] = [set() for _ in range(n)]
    for p in range(n):
        for o in opp[p, :r0].tolist():
            if o >= 0:
                adj[p].add(o)
    for t in open_tables:
        adj[t.a].add(t.b)
        adj[t.b].add(t.a)
    chosen = []
    for i, t in enumerate(open_tables):
        ball = neighbourhood(adj, {t.a, t.b}, depth)
        if any(unsettled[p] for p in ball):
            chosen.append(i)
    if len(chosen) > limit:
        raise NotExact(f"{len(chosen)} open tables can still change who makes the cut; the exact answer "
                       f"enumerates at most {limit} (--exact-tables)")
    if len(chosen) > 62:
        raise NotExact("more than 62 open tables to enumerate")
    if check_only:
        return None
    tables = []
    for i, t in enumerate(open_tables):
        tables.append(OpenTable(t.table, t.a, t.b, t.outcomes, i in chosen))
        if i not in chosen:  # held at its most likely outcome: it changes nobody's place in the cut
            best_o = max(t.outcomes, key=lambda o: o.prior)
            sa, sb, sd = best_o.score
            add_round(rec, t.a, kinds.PLAYED, sa, sb, sd, sim.points_table)
            add_round(rec, t.b, kinds.PLAYED, sb, sa, sd, sim.points_table)
            write_played(opp, kind, gw, gl, gd, r0, t.a, t.b, sa, sb, sd)
    enum = [tables[i] for i in chosen]
    k = len(enum)
    m_out = max((len(t.outcomes) for t in enum), default=1)
    ta = np.array([t.a for t in enum], dtype=np.int64)
    tbv = np.array([t.b for t in enum], dtype=np.int64)
    out_res = np.full((k, m_out), -1, dtype=np.int64)
    score = np.zeros((k, m_out, 3), dtype=np.int64)
    prior = np.zeros((k, m_out))
    n_out = np.zeros(k, dtype=np.int64)
    res_p = np.zeros((k, 3))
    rep = np.zeros((k, 3), dtype=np.int64)
    radix = np.zeros(k, dtype=np.int64)
    res_of = np.zeros((k, 3), dtype=np.int64)
    for j, t in enumerate(enum):
        n_out[j] = len(t.outcomes)
        for o, oc in enumerate(t.outcomes):
            out_res[j, o], score[j, o], prior[j, o] = oc.result, oc.score, oc.prior
            res_p[j, oc.result] += oc.prior
        present = sorted({oc.result for oc in t.outcomes})
        radix[j] = len(present)
        for d, res in enumerate(present):
            res_of[j, d] = res
            members_ = [o for o, oc in enumerate(t.outcomes) if oc.result == res]
            rep[j, res] = max(members_, key=lambda o: (t.outcomes[o].prior, -o))
    combinations = int(np.prod(radix)) if k else 1
    contenders = tuple(int(p) for p in np.flatnonzero(unsettled))
    interest = np.full(n, -1, dtype=np.int64)
    for i, p in enumerate(contenders):
        interest[p] = i
    # tables whose game scores enter a player's game-level columns, by reach (tmask[d, p])
    reach = int(col_depth.max())
    varies = any(len({oc.score for oc in t.outcomes if oc.result == res}) > 1 for t in enum for res in range(3))
    tmask = np.zeros((max(reach + 1, 1), n), dtype=np.int64)
    if not varies:
        col_depth = np.full(len(col_depth), -1, dtype=np.int64)  # one score per result: nothing to try
    elif reach >= 0:
        for p in contenders:
            for d in range(reach + 1):
                ball = neighbourhood(adj, {p}, d)
                for j, t in enumerate(enum):
                    if t.a in ball or t.b in ball:
                        tmask[d, p] |= np.int64(1) << np.int64(j)
    table = sim.points_table
    low = []
    for p in contenders:
        gains = [gain(table, t, p, o) for t in enum if p in (t.a, t.b) for o in t.outcomes]
        low.append(int(rec[p, REC_POINTS]) + (min(gains) if gains else 0))
    low_points = min(low) if low else 1 << 40
    chunks = max(1, min(combinations, 3 ** min(k, 4)))
    n_int = max(1, len(contenders))
    base_cut = np.zeros((chunks, n))
    cond_res = np.zeros((chunks, n_int, max(k, 1), 3))
    cond_var = np.zeros((chunks, n_int, max(k, 1), m_out))
    best = np.full((chunks, n_int), 1 << 40, dtype=np.int64)
    worst = np.full((chunks, n_int), -1, dtype=np.int64)
    best_at = np.zeros((chunks, n_int), dtype=np.int64)
    worst_at = np.zeros((chunks, n_int), dtype=np.int64)
    stats = np.zeros((chunks, 3), dtype=np.int64)
    field = (opp, kind, gw, gl, gd, rec, sim.active, sim.members, sim.ratings)
    tab = (ta, tbv, radix, res_of, n_out, out_res, score, prior, res_p, rep)
    cut_points = int(sim.cut_points)
    plan = (np.int64(r0 + 1), np.int64(top), np.int64(cut_points), np.int64(low_points), np.int64(prefix),
            col_depth, np.int64(variant_cap), tmask, interest, bool(FAST and rules.mtg_only),
            np.int64(max(1, evaluation_cap // chunks)))
    keep = joint and combinations * n_int * 2 <= JOINT_CAP
    joint_out = np.zeros((combinations if keep else 0, n_int, 2))
    joint_in = joint_inputs(sim, enum, contenders, m_out)
    out = (base_cut, cond_res, cond_var, best, worst, best_at, worst_at, stats, joint_out)
    in_chunks(enumerate_chunk, chunks, 0, combinations, field, tab, Rules(sim.codes, sim.points_table, sim.flags),
              plan, out, joint_in)
    if (stats[:, 1] == 1).any():
        raise NotExact(f"the game scores to try at the cut line exceed {variant_cap:,} combinations for one "
                       "combination of results")
    if (stats[:, 1] == 2).any():
        raise NotExact(f"more than {evaluation_cap:,} standings to evaluate (game scores decide the cut line "
                       "too often)")
    evaluations = int(stats[:, 0].sum())
    straddles = int(stats[:, 2].sum())
    p_cut = base_cut.sum(axis=0)
    p_cut[sure_in] = 1.0
    p_cut[sure_out] = 0.0
    p_cut = np.clip(p_cut, 0.0, 1.0)
    cond = np.zeros((len(contenders), k, m_out))
    if contenders and k:
        res_sum = cond_res.sum(axis=0)[:len(contenders)]
        var_sum = cond_var.sum(axis=0)[:len(contenders)]
        for j in range(k):
            for o in range(int(n_out[j])):
                cond[:, j, o] = res_sum[:, j, out_res[j, o]] + var_sum[:, j, o]
        cond = np.clip(cond, 0.0, 1.0)
    best_place = np.zeros(len(contenders), dtype=np.int64)
    worst_place = np.zeros(len(contenders), dtype=np.int64)
    best_results, worst_results = [], []
    for i in range(len(contenders)):
        cb = int(np.argmin(best[:, i]))
        cw = int(np.argmax(worst[:, i]))
        best_place[i] = best[cb, i] + 1
        worst_place[i] = worst[cw, i] + 1
        best_results.append(decode(int(best_at[cb, i]), radix, res_of))
        worst_results.append(decode(int(worst_at[cw, i]), radix, res_of))
    kept = {}
    if keep:
        digits = np.zeros((combinations, k), dtype=np.int64)
        s = np.arange(combinations, dtype=np.int64)
        for t in range(k - 1, -1, -1):  # mixed radix, table 0 slowest (enumerate_chunk's order)
            digits[:, t] = s % radix[t]
            s //= radix[t]
        kept = {"joint": joint_out, "results": res_of[np.arange(k), digits], "own": joint_in[0],
                "result_p": res_p, "played_p": joint_in[3]}
    return Enumeration(snap.names, p_cut, tuple(tables), tuple(chosen), contenders, sure_in, sure_out, cond,
                       best_place, worst_place, tuple(best_results), tuple(worst_results), combinations,
                       evaluations, straddles, time.perf_counter() - started, **kept)


def joint_inputs(sim: Simulator, enum: list[OpenTable], contenders: tuple[int, ...], m_out: int) -> tuple:
    """``joint_in`` of :func:`~drawsafe.simulation.combinations.enumerate_chunk`: each contender's
    enumerated table, each table's intentional draw and each outcome's (and result's) probability
    if the table plays (the result model alone, as "if you play" reads it)."""
    seat = {p: j for j, t in enumerate(enum) for p in (t.a, t.b)}
    own = np.array([seat.get(p, -1) for p in contenders] or [-1], dtype=np.int64)
    id_out = np.full(max(len(enum), 1), -1, dtype=np.int64)
    free_w = np.zeros((max(len(enum), 1), m_out))
    free_res = np.zeros((max(len(enum), 1), 3))
    for j, t in enumerate(enum):
        by_score = {(o.result, o.score): o.prior for o in match_outcomes(sim, t.a, t.b, engine.FREE, with_id=True)}
        for o, oc in enumerate(t.outcomes):
            free_w[j, o] = by_score.get((oc.result, oc.score), 0.0)
            free_res[j, oc.result] += free_w[j, o]
            if oc.intentional:
                id_out[j] = o
    return own, id_out, free_w, free_res


def decode(s: int, radix: np.ndarray, res_of: np.ndarray) -> tuple[int, ...]:
    """The results (per enumerated table) of combination number ``s``."""
    k = len(radix)
    digits = [0] * k
    for t in range(k - 1, -1, -1):
        digits[t] = s % int(radix[t])
        s //= int(radix[t])
    return tuple(int(res_of[t, digits[t]]) for t in range(k))
