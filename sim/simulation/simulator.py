"""Running the Monte Carlo kernel from Python: inputs from a snapshot, batches, merged outputs.

:class:`Simulator` turns a :class:`~drawsafe.event.snapshot.Snapshot` into the kernel's arrays once; each call
of :meth:`Simulator.run` plays simulations ``first .. first + n - 1`` and returns a
:class:`SimBatch`.  Because simulation ``s`` depends only on ``(seed, s)``, batches can be run in
any split and merged (:meth:`SimBatch.merge`) with the same result as one big run.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numba
import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.codes import FUTURE_POLICIES, PAIRINGS
from drawsafe.engine.inputs import Field, FirstTables, MatchModel, Outputs, Plan, Rules
from drawsafe.errors import UsageError
from drawsafe.event import kinds
from drawsafe.event.cut import Cut
from drawsafe.event.model import BYE, HALF_BYE, LOSS, MATCH
from drawsafe.event.snapshot import Snapshot
from drawsafe.simulation.fixed import fixed_round
from drawsafe.simulation.question import Question
from drawsafe.tiebreaks.packs import RulePack
from drawsafe.tiebreaks.values import REC_POINTS, player_records

if TYPE_CHECKING:
    from drawsafe.simulation.behaviour_model import BehaviourModel

#: Pilot simulations that set the "safe points" of the future draw policy, and where they start
#: (simulation indices far from those of any run, so they never coincide).
PILOT_SIMS = 2_000
PILOT_FIRST = 1 << 40
#: A points total counts as safe only when at least this many pilot players finished on it.
PILOT_MIN_COUNT = 30


#: Rank histograms keep ranks 1 .. MAX_RANK exactly, lower ranks in one bin.
MAX_RANK = 64


@dataclass
class SimBatch:
    """Outputs of simulations ``first .. first + n - 1``."""

    first: int
    n: int
    cut: np.ndarray  # [players] simulations in the cut
    rank_hist: np.ndarray  # [players, max_rank + 1]
    points_hist: np.ndarray  # [players, max points + 1]
    focus_cut: np.ndarray  # [n, focus] 0/1
    focus_rank: np.ndarray  # [n, focus] 0-based final rank
    focus_keys: np.ndarray  # [n, focus, keys] final points and tiebreaks
    table_outcome: np.ndarray  # [n, tables] engine.A_WON / DRAWN / B_WON / ID
    cut_line: np.ndarray  # [n, keys] points and tiebreaks of the last player in the cut
    #: [points, 2]: active players finishing on those points, and how many of them made the cut.
    cut_at_points: np.ndarray = None
    #: [players, 3, 2] with ``by_first``: simulations in which the player's first simulated round
    #: ended in a loss / draw / win (a bye is a win), and of those, in the cut; else [0, 3, 2].
    by_first: np.ndarray = None

    def merge(self, other: SimBatch) -> SimBatch:
        if other.first != self.first + self.n:
            raise ValueError("batches must be consecutive")
        return SimBatch(
            self.first, self.n + other.n, self.cut + other.cut, self.rank_hist + other.rank_hist,
            self.points_hist + other.points_hist,
            *(np.concatenate([a, b]) for a, b in (
                (self.focus_cut, other.focus_cut), (self.focus_rank, other.focus_rank),
                (self.focus_keys, other.focus_keys), (self.table_outcome, other.table_outcome),
                (self.cut_line, other.cut_line))),
            self.cut_at_points + other.cut_at_points,
            self.by_first + other.by_first,
        )


@dataclass(frozen=True)
class FirstRound:
    """The tables of the first simulated round when they are known (published pairings)."""

    a: np.ndarray  # player index
    b: np.ndarray  # opponent index; -1 bye; -2 loss without opponent
    mode: np.ndarray  # engine.FREE / KNOWN / ...
    score: np.ndarray  # [tables, 3] reported game score (mode KNOWN)
    #: [tables] probability that a table of mode engine.BEHAVIOUR draws intentionally.
    draw_p: np.ndarray | None = None

    @property
    def tables(self) -> int:
        return len(self.a)

    def with_modes(self, modes: np.ndarray) -> FirstRound:
        return FirstRound(self.a, self.b, np.asarray(modes, dtype=np.int64), self.score, self.draw_p)

    def with_draw_probabilities(self, p: np.ndarray) -> FirstRound:
        """The same tables, those that play freely (``FREE``) drawing intentionally with
        probability ``p[t]`` (mode ``BEHAVIOUR``)."""
        p = np.asarray(p, dtype=np.float64)
        mode = np.where(self.mode == engine.FREE, engine.BEHAVIOUR, self.mode).astype(np.int64)
        return FirstRound(self.a, self.b, mode, self.score, p)

    def probabilities(self) -> np.ndarray:
        """``draw_p`` for the kernel (zeros when none)."""
        return np.zeros(self.tables) if self.draw_p is None else self.draw_p


def published_first_round(snap: Snapshot) -> FirstRound | None:
    """The next round's published tables, with the results already reported."""
    if snap.next_round is None:
        return None
    a, b, mode, score = [], [], [], []
    for m in snap.next_round.matches:
        a.append(snap.index[m.player_a])
        if m.kind == MATCH:
            b.append(snap.index[m.player_b])
            if m.reported:
                mode.append(engine.KNOWN)
                score.append((m.a_wins, m.b_wins, m.draws))
            else:
                mode.append(engine.FREE)
                score.append((0, 0, 0))
        elif m.kind in (BYE, LOSS, HALF_BYE):  # a chess player may take a half-point bye ahead
            b.append({BYE: -1, LOSS: -2, HALF_BYE: -3}[m.kind])
            mode.append(engine.KNOWN)
            score.append((0, 0, 0))
        else:
            raise UsageError(f"round {snap.next_round.number}: a {m.kind} cannot be simulated")
    return FirstRound(np.array(a, dtype=np.int64), np.array(b, dtype=np.int64),
                      np.array(mode, dtype=np.int64), np.array(score, dtype=np.int64).reshape(-1, 3))


def first_tables(fr: FirstRound, modes: np.ndarray | None = None) -> FirstTables:
    """The kernels' view of the first round's tables (``modes`` replacing ``fr.mode``)."""
    mode = fr.mode if modes is None else modes
    return FirstTables(np.ascontiguousarray(fr.a, dtype=np.int64), np.ascontiguousarray(fr.b, dtype=np.int64),
                       np.ascontiguousarray(mode, dtype=np.int64),
                       np.ascontiguousarray(fr.score, dtype=np.int64).reshape(-1, 3),
                       np.ascontiguousarray(fr.probabilities(), dtype=np.float64))


def with_points_cut(policy: int, draw_points: int, cut_points: int) -> tuple[int, int]:
    """The future draw policy and its points under a points cut (``cut_points`` >= 0, kernel
    points): a draw that reaches the cut's points is locked, whatever the ranks, so every policy
    but "none" draws from those points on ("safe" also from its own safe points, when lower; the
    behaviour model, learned on cuts by rank, draws as "locked").  Unchanged without a points cut
    (-1)."""
    if cut_points >= 0 and policy != engine.NO_DRAWS:
        draw_points = min(draw_points, cut_points) if policy == engine.SAFE_POINTS else cut_points
        policy = engine.SAFE_POINTS
    return policy, draw_points


def safe_points(total: np.ndarray, made: np.ndarray, safe: float, skip_rare: bool) -> int:
    """The lowest final points total from which at least ``safe`` of a pilot run's players made the
    cut, and every higher total too (``total[v]`` players finished on ``v`` points, ``made[v]`` of
    them in the cut); ``1 << 30`` when none qualifies.  A total reached by fewer than
    :data:`PILOT_MIN_COUNT` players ends the scan, or with ``skip_rare`` is skipped (a rare top
    total in a small planned field, where the X-0s draw, says nothing either way)."""
    threshold = 1 << 30
    for v in range(len(total) - 1, -1, -1):
        if total[v] == 0 or (skip_rare and total[v] < PILOT_MIN_COUNT):
            continue
        if total[v] < PILOT_MIN_COUNT or made[v] < safe * total[v]:
            break
        threshold = v
    return threshold


class Simulator:
    """The remaining Swiss rounds of ``snap`` under ``rules``, played as ``question`` asks
    (:class:`~drawsafe.simulation.question.Question`: its cut, result model, pairing, future
    draws), ready to simulate."""

    def __init__(self, snap: Snapshot, rules: RulePack, question: Question | None = None):
        question = question or Question()
        if snap.rounds_left < 1:
            raise UsageError(f"no Swiss round left to play after round {snap.after_round} "
                             f"(the event has {snap.total_rounds}); use --after-round or --rounds")
        self.snap, self.rules, self.question = snap, rules, question
        n, total, done = snap.players, snap.total_rounds, snap.after_round
        self.opp = np.full((n, total), -1, dtype=np.int32)
        self.kind = np.zeros((n, total), dtype=np.int8)
        self.gw = np.zeros((n, total), dtype=np.int8)
        self.gl = np.zeros((n, total), dtype=np.int8)
        self.gd = np.zeros((n, total), dtype=np.int8)
        for name in ("opp", "kind", "gw", "gl", "gd"):
            getattr(self, name)[:, :done] = getattr(snap, name)
        table = rules.points_table()

        self.rec0 = player_records(self.kind, self.gw, self.gl, self.gd, done, table)
        self.had_bye = (snap.kind == kinds.BYE).any(axis=1) if done else np.zeros(n, dtype=bool)
        self.active = snap.active.copy()
        #: Byes awarded before the event: a bye in each of rounds 1 .. award[p].
        self.award = np.array([snap.event.awarded_byes.get(p, 0) for p in snap.names], dtype=np.int64)
        self.players = np.flatnonzero(self.active).astype(np.int64)
        # ranked: everyone who played or plays on (one division of a combined pod: its players)
        self.members = np.flatnonzero((self.active | snap.competed) & snap.ranked_mask()).astype(np.int64)
        self.codes = rules.codes()
        self.points_table = table
        self.flags = rules.flags(snap.has_rematch, snap.phase_start)
        self.ratings = snap.ratings.astype(np.float64)
        res = question.results
        self.strength = res.strengths(snap.names, snap.event.ratings, snap.event.win_probability)
        self.tables_ = res.tables()
        # the results the question fixes (--if) are the published round's as far as it plays it
        self.first_round = fixed_round(published_first_round(snap), question.fixed)
        self.bye_games = snap.event.best_of // 2 + 1
        self.max_points = int(self.rec0[:, REC_POINTS].max(initial=0)) + table.max() * snap.rounds_left
        self.pairing = PAIRINGS[question.pairing or rules.pairing]
        #: The last round is paired by standings (MTG pairing only; the Dutch system pairs every round).
        self.standings_last = question.last_round == "standings" and self.pairing == engine.MTG_PAIRING
        self.pilots: dict = {}
        #: The last round's kept worlds (:func:`drawsafe.simulation.worlds.kept_worlds`), by the
        #: round's tables and modes and the seed; and the lock that makes each once.
        self.kept: dict = {}
        self.kept_lock = threading.Lock()
        #: The points cut in kernel points, -1 for a cut by rank (the question's ``top``).
        self.cut_points = question.cut.kernel_points(rules.point_scale)
        # the kernels' inputs (drawsafe.engine.inputs), built once
        self.field = Field(self.opp, self.kind, self.gw, self.gl, self.gd, self.rec0, self.had_bye, self.award,
                           self.active, self.players, self.members, self.ratings)
        dcum, dsc, wcum, wsc = self.tables_
        self.match = MatchModel(res.code, self.strength, float(res.draw_share), dcum, dsc, wcum, wsc,
                                int(self.bye_games))
        self.kernel_rules = Rules(self.codes, self.points_table, self.flags)

    def plan(self, policy: int, draw_points: int, future_p: np.ndarray | None = None) -> Plan:
        """The kernels' :class:`~drawsafe.engine.inputs.Plan` under a future draw ``policy`` (with
        ``BEHAVIOUR_POINTS``, its draw probabilities ``future_p``).  The pairing selector's dtype
        picks the compiled pairing system (one variant per system)."""
        future_p = np.zeros((0, 0)) if future_p is None else np.ascontiguousarray(future_p, dtype=np.float64)
        return Plan(int(self.snap.after_round), int(self.snap.total_rounds), int(self.question.top),
                    int(self.cut_points), np.int64(self.pairing), bool(self.standings_last),
                    int(policy), int(draw_points), future_p, *self.phase_plan())

    def phase_plan(self) -> tuple[int, int, int]:
        """(``phase_end``, ``phase_points``, ``phase_top``) of the Plan: the day-1 cut the
        simulations cross (:func:`drawsafe.event.snapshot.through_day2`), in kernel points."""
        snap = self.snap
        if not snap.phase_end or snap.phase_cut is None:
            return 0, -1, 0
        cut = snap.phase_cut.cut or Cut()
        if cut.points is not None:
            return int(snap.phase_end), cut.kernel_points(self.rules.point_scale), 0
        return int(snap.phase_end), -1, int(cut.top or 0)

    def draw_points(self, seed: int) -> int:
        """The "safe points" of the future draw policy: the lowest final points total from which at
        least ``question.safe`` of the active players made the cut in a pilot run of
        :data:`PILOT_SIMS` simulations (locked draws only), and every higher total too.  A large
        number when no total qualifies (then only locked tables draw)."""
        if self.question.future_draws != "safe" or self.snap.rounds_left < 2:
            return 1 << 30
        if seed not in self.pilots:
            pilot = self.run(PILOT_SIMS, seed=seed, first=PILOT_FIRST, policy=engine.LOCKED)
            self.pilots[seed] = safe_points(pilot.cut_at_points[:, 0], pilot.cut_at_points[:, 1],
                                            self.question.safe, skip_rare=False)
        return self.pilots[seed]

    def future_probabilities(self, seed: int) -> np.ndarray:
        """Draw probabilities of the "behaviour" future policy by the two players' points
        (:func:`future_table`); zeros with one round left."""
        key = ("future", seed)
        if key not in self.pilots:
            from drawsafe.simulation.behaviour_model import model_for

            if self.snap.rounds_left < 2:
                self.pilots[key] = np.zeros((1, 1))
            else:
                model = self.question.behaviour or model_for(self.rules, self.question.top)
                self.pilots[key] = future_table(model, self, seed)
        return self.pilots[key]

    def pilot_rates(self, seed: int) -> np.ndarray:
        """Share of active players finishing on each final points total who made the cut, in a
        pilot run of :data:`PILOT_SIMS` simulations (locked draws only); totals nobody reached get
        the rate of the nearest total below that somebody did (0 at the bottom)."""
        key = ("rates", seed)
        if key not in self.pilots:
            pilot = self.run(PILOT_SIMS, seed=seed, first=PILOT_FIRST, policy=engine.LOCKED)
            total, made = pilot.cut_at_points[:, 0], pilot.cut_at_points[:, 1]
            rate = np.zeros(len(total))
            last = 0.0
            for v in range(len(total)):
                if total[v] > 0:
                    last = made[v] / total[v]
                rate[v] = last
            self.pilots[key] = rate
        return self.pilots[key]

    def run(self, n: int, seed: int = 0, first: int = 0, focus=(), first_round: FirstRound | None = None,
            keep_per_sim: bool = False, *, policy: int | None = None, by_first: bool = False,
            ranks: bool = True) -> SimBatch:
        """Play simulations ``first .. first + n - 1``.

        ``focus`` lists players whose per-simulation cut, rank and tiebreaks are kept; with
        ``keep_per_sim`` the first round's table outcomes and the cut line are kept too.
        ``first_round`` overrides the tables (and modes) of the first simulated round; ``policy``
        the future draw policy (an engine code; default: the question's); ``by_first`` counts every
        player's cut by the result of their first simulated round (:attr:`SimBatch.by_first`);
        without ``ranks`` no rank is counted (``rank_hist`` holds one empty bin): the simulations
        then rank only as far as the cut, which spares the tiebreaks of the rest of a big field.
        """
        if policy is None:
            policy = FUTURE_POLICIES[self.question.future_draws]
        draw_points = self.draw_points(seed) if policy == engine.SAFE_POINTS else 0
        future_p = self.future_probabilities(seed) if policy == engine.BEHAVIOUR_POINTS \
            else np.zeros((0, 0))
        policy, draw_points = with_points_cut(policy, draw_points, self.cut_points)
        fr = first_round if first_round is not None else self.first_round
        if fr is None:
            fr = FirstRound(*(np.zeros(0, dtype=np.int64) for _ in range(3)), np.zeros((0, 3), np.int64))
        focus = np.asarray(focus, dtype=np.int64)
        p = self.snap.players
        if focus.size and (focus.min() < 0 or focus.max() >= p):
            raise ValueError(f"focus players must be indices 0..{p - 1}")  # the kernel does not check
        if fr.tables and (fr.a.max() >= p or fr.b.max() >= p):
            raise ValueError("first-round tables name a player outside the field")
        k = len(self.codes)
        chunks = max(1, min(numba.get_num_threads() * 4, n))
        cut = np.zeros((chunks, p), dtype=np.int64)
        rank_hist = np.zeros((chunks, p, MAX_RANK + 1 if ranks else 1), dtype=np.int64)
        points_hist = np.zeros((chunks, p, self.max_points + 1), dtype=np.int64)
        focus_cut = np.zeros((n, len(focus)), dtype=np.int8)
        focus_rank = np.zeros((n, len(focus)), dtype=np.int32)
        focus_keys = np.zeros((n, len(focus), k), dtype=np.float64)
        outcome = np.zeros((n if keep_per_sim else 0, fr.tables), dtype=np.int8)
        cut_line = np.zeros((n if keep_per_sim else 0, k), dtype=np.float64)
        cut_at_points = np.zeros((chunks, self.max_points + 1, 2), dtype=np.int64)
        first_counts = np.zeros((chunks, p if by_first else 0, 3, 2), dtype=np.int64)
        out = Outputs(focus, cut, rank_hist, points_hist, cut_at_points, focus_cut, focus_rank, focus_keys,
                      outcome, cut_line, first_counts)
        engine.run_simulations(np.uint64(seed % 2**64), first, n, chunks, self.field, first_tables(fr),
                               model=self.match, rules=self.kernel_rules,
                               plan=self.plan(policy, draw_points, future_p), out=out)
        return SimBatch(first, n, cut.sum(axis=0), rank_hist.sum(axis=0), points_hist.sum(axis=0),
                        focus_cut, focus_rank, focus_keys, outcome, cut_line, cut_at_points.sum(axis=0),
                        first_counts.sum(axis=0))


def future_table(model: BehaviourModel, sim: Simulator, seed: int) -> np.ndarray:
    """Draw probabilities for the last round of a simulated future, by the two players' points
    (``[points_a, points_b]``, in the kernel's integer points): the behaviour ``model``
    (:mod:`drawsafe.simulation.behaviour_model`) applied to the "behaviour" future policy.

    Stand-ins for what the kernel cannot simulate: P(cut | final points v) is the share of pilot
    players finishing on v who made the cut (locked draws only, :meth:`Simulator.pilot_rates`);
    P(cut | draw) is that at points + a draw, P(cut | play) the mean at points + a win and + 0;
    the standing is the expected number of active players ahead after the rounds before the last
    (each played as a coin, 45/10/45 with draws), a player's current points moved to the same
    round the same way.
    """
    from drawsafe.simulation.behaviour_model import intentional_draws, table_features, ties_are_ids

    rate = sim.pilot_rates(seed)
    size = len(rate)
    table = sim.points_table
    win, draw = int(table[2]), int(table[1])
    pts = sim.rec0[sim.players, REC_POINTS].astype(np.int64)
    before = sim.snap.rounds_left - 1  # rounds simulated before the future's last round
    dist = np.bincount(pts, minlength=size).astype(float)
    for _ in range(before):
        step = np.zeros(size)
        step += 0.45 * dist  # a loss
        step[win:] += 0.45 * dist[:size - win]
        step[draw:] += 0.10 * dist[:size - draw]
        dist = step
    ahead = dist[::-1].cumsum()[::-1]  # players with at least v points
    ahead = np.concatenate([ahead[1:], [0.0]])  # with more than v points
    v = np.arange(size)
    pd = rate[np.minimum(v + draw, size - 1)]
    pp = 0.5 * (rate[np.minimum(v + win, size - 1)] + rate[v])
    rank = ahead + 1
    a, b = np.meshgrid(v, v, indexing="ij")
    x = table_features(np.stack([pd[a], pd[b]], -1).reshape(-1, 2),
                       np.stack([pp[a], pp[b]], -1).reshape(-1, 2),
                       np.stack([a, b], -1).reshape(-1, 2) / sim.rules.point_scale,
                       np.stack([rank[a], rank[b]], -1).reshape(-1, 2), sim.question.top, 1,
                       win_points=win / sim.rules.point_scale, total_rounds=sim.snap.total_rounds, playoff=True,
                       ids_before=intentional_draws(sim.snap, ties_are_ids(sim.rules, sim.snap.event)))
    return model.probability(x).reshape(size, size)
