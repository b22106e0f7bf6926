"""The kept run of the last Swiss round: one set of simulated worlds that every view reads.

Before the last round (tables known, nothing paired after the results), every view of a question
reads the same worlds: :func:`drawsafe.engine.flips.run_flips` plays world ``s`` once and, for every
table that can matter for the cut, ranks it again under each result of that table (A wins, a played
draw, B wins, an intentional draw), the other tables as the world has them.  :class:`Worlds` keeps
those flags world by world, with the base world's counts (cut, ranks, points), in canonical
segments of :data:`SEGMENT` worlds, and grows on demand:

- ``draw`` reads, per table, each player's cut if the table draws and if it plays (the world's
  own played result): exactly the figures the flips always gave;
- ``odds`` reads every player's odds *averaged over their own table's result*: in world ``s`` a
  player's value is ``sum_r P(r) 1[cut | r, s]`` (``P(r)`` the result model's, the table's draw
  probability included), whose mean is the player's P(cut) and whose variance is far smaller than
  that of the 0/1 outcome of one world (Rao-Blackwellization); its interval is
  :func:`drawsafe.stats.bounded_interval`;
- a later view conditions on the worlds kept: each table's result per world (``base``) and each
  player's flags under their own results (``flags``): "if table 6 goes to B" is the worlds where it
  did, each player's value read as above.

Worlds depend only on ``(seed, s)``; the segments are canonical and every reader decides from
prefixes of them, so an answer does not depend on what was asked before in the same process.
Kept runs live with their :class:`~drawsafe.simulation.simulator.Simulator` (and a simulator with
the question's round model is kept, a few at most: :func:`drawsafe.simulation.decisions.
round_model`).
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, replace

import numba
import numpy as np

from drawsafe import jit
from drawsafe.engine import kernel as engine
from drawsafe.engine.flips import BASE_ONLY, EVERY_RESULT, PLAY_OR_DRAW, RESULTS, run_flips
from drawsafe.engine.inputs import FlipOutputs
from drawsafe.engine.results import win_probability
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.simulator import FirstRound, Simulator, first_tables
from drawsafe.stats import Mean
from drawsafe.tiebreaks.values import REC_POINTS

#: Worlds per segment of a kept run: a run grows by whole segments, and every count is a sum of
#: segments (a fixed ``--sims`` not a multiple of it ends with a segment of its own).
SEGMENT = 1_000
#: Worlds (from the first) ranked down to :data:`~drawsafe.simulation.simulator.MAX_RANK` places
#: for the rank distributions (:meth:`Worlds.ranks`); the flips rank only as far as the cut, which
#: spares the tiebreaks of the rest of a big field (most of a world's cost).
RANKED_WORLDS = SEGMENT
#: Most kept runs per simulator (one per set of table modes: the rational choice tries several).
MAX_RUNS = 4


@dataclass
class Segment:
    """Worlds ``first .. first + n - 1``: the base world's counts and the flags of each table, as
    far as ``want`` (per table: :data:`~drawsafe.engine.flips.EVERY_RESULT` and the others) has
    flipped it so far."""

    first: int
    n: int
    cut: np.ndarray  # [players] worlds in the cut (ranks and points: Worlds.ranks)
    flags: np.ndarray  # [n, tables, results, 2] int8
    played: np.ndarray  # [n, tables] int8: the table's result when it plays
    base: np.ndarray  # [n, tables] int8: its result in the base world
    want: np.ndarray  # [tables] int8: the results flipped so far


def applies(sim: Simulator) -> bool:
    """Whether the worlds of the last round apply: one round left, no phase crossed."""
    return sim.snap.rounds_left == 1 and not sim.snap.phase_end


def candidate_tables(sim: Simulator, fr: FirstRound, modes: tuple[int, ...] | None = None) -> np.ndarray:
    """The tables (0-based) whose result is not settled (played, or drawing by choice; ``modes``:
    those modes instead, e.g. the reported ``KNOWN``) and where a player can still reach the cut:
    with a win, at least the points of the ``top``-th active player now (nobody's points fall), or
    the cut's points."""
    points = sim.rec0[:, REC_POINTS]
    win = int(sim.points_table[2])
    if sim.cut_points >= 0:
        floor = sim.cut_points
    else:
        now = np.sort(points[sim.players])[::-1]
        floor = int(now[min(sim.question.top, len(now)) - 1]) if len(now) else 0
    open_modes = (engine.FREE, engine.BEHAVIOUR, engine.INTENTIONAL) if modes is None else modes
    keep = [t for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] in open_modes
            and max(points[fr.a[t]], points[fr.b[t]]) + win >= floor]
    return np.array(keep, dtype=np.int64)


def result_probabilities(sim: Simulator, fr: FirstRound, tables: np.ndarray) -> np.ndarray:
    """``[tables, results]``: each table's chance of each of :data:`~drawsafe.engine.flips.RESULTS`
    (A wins, a played draw, B wins, an intentional draw) in the result model, its draw by choice
    first (``BEHAVIOUR``: its probability; ``INTENTIONAL``: certain)."""
    m = sim.match
    out = np.zeros((len(tables), len(RESULTS)))
    p_draw = fr.probabilities()
    for j, t in enumerate(tables.tolist()):
        mode = fr.mode[t]
        q = 1.0 if mode == engine.INTENTIONAL else float(p_draw[t]) if mode == engine.BEHAVIOUR else 0.0
        p_a = float(win_probability(m.model, m.strength, fr.a[t], fr.b[t]))
        share = m.draw_share
        out[j] = ((1 - q) * (1 - share) * p_a, (1 - q) * share, (1 - q) * (1 - share) * (1 - p_a), q)
    return out


class Worlds:
    """The kept run of ``sim``'s last round with the tables of ``fr`` (their modes as the other
    tables are expected to play), every table of ``tables`` flipped through each result (without
    ``every``: only an intentional draw and the result it plays, what ``draw`` reads).

    A table is flipped when a reader first asks for it, over the worlds already kept too (the same
    worlds played again: :func:`~drawsafe.engine.flips.run_flips`' flags do not depend on when they
    are asked): ``draw`` pays for the figures of its own tables and their players' what-if, the
    odds for every table's results.  The base world's counts come from the first run of a segment."""

    def __init__(self, sim: Simulator, fr: FirstRound, seed: int, tables: np.ndarray, every: bool = True):
        self.sim, self.fr, self.seed, self.every = sim, fr, seed, every
        self.tables = np.ascontiguousarray(tables, dtype=np.int64)
        self.column = {int(t): j for j, t in enumerate(self.tables.tolist())}
        #: The most any reader asks of each table (the flips of a new segment, and what the
        #: readers of every table read: :attr:`full`).
        self.want = np.full(len(self.tables), BASE_ONLY, dtype=np.int8)
        self.full = EVERY_RESULT if every else PLAY_OR_DRAW
        self.p = result_probabilities(sim, fr, self.tables)
        self.segments: list[Segment] = []  # canonical: [0, SEGMENT), [SEGMENT, 2 SEGMENT), ...
        self.tails: dict[int, Segment] = {}  # a last partial segment of a fixed --sims, by its end
        self.ranked: dict = {}  # the first worlds ranked (ranks), by their number
        self.lock = threading.Lock()

    @property
    def nbytes(self) -> int:
        """The bytes the kept segments hold."""
        return sum(s.flags.nbytes + s.played.nbytes + s.base.nbytes + s.cut.nbytes
                   for s in [*self.segments, *self.tails.values()])

    @property
    def n(self) -> int:
        """Worlds kept in canonical segments."""
        return len(self.segments) * SEGMENT

    def run(self, first: int, n: int) -> Segment:
        """Play worlds ``first .. first + n - 1`` (the kernel), each table flipped as far as
        :attr:`want` asks."""
        p, m = self.sim.snap.players, len(self.tables)
        # the flips count who made the cut, no rank and no points: those distributions are the
        # first worlds' (ranks), which keeps a long run's memory to its flags and cut counts
        seg = Segment(first, n, np.zeros(p, np.int64), np.zeros((n, m, len(RESULTS), 2), np.int8),
                      np.zeros((n, m), np.int8), np.zeros((n, m), np.int8), self.want.copy())
        seg.cut = self.flip(seg, seg.want)
        return seg

    def flip(self, seg: Segment, want: np.ndarray) -> np.ndarray:
        """Play ``seg``'s worlds again, writing the flags ``want`` asks into ``seg``; returns the
        cut counts of its base worlds."""
        sim, n = self.sim, seg.n
        chunks = max(1, min(numba.get_num_threads() * 4, n))
        cut = np.zeros((chunks, sim.snap.players), np.int64)
        flip = FlipOutputs(self.tables, np.ascontiguousarray(want, dtype=np.int8), cut, seg.flags, seg.played,
                           seg.base)
        jit.wait_for_helper("flips")  # a helper process compiling the flip kernel (drawsafe.app.ahead)
        # the last round: its tables are given (nothing is paired) and no policy draws
        run_flips(np.uint64(self.seed % 2**64), seg.first, n, chunks, sim.field, first_tables(self.fr),
                  model=sim.match, rules=sim.kernel_rules, plan=sim.plan(engine.NO_DRAWS, 0), flip=flip)
        return cut.sum(0)

    def ask(self, columns: np.ndarray | None, want: int) -> None:
        """Raise what every segment, kept or to come, flips at the tables' ``columns`` (default:
        all) to ``want``: the kept segments flipped again where they fall short (only those
        tables), in :meth:`parts`."""
        with self.lock:
            cols = slice(None) if columns is None else columns
            self.want[cols] = np.maximum(self.want[cols], want)

    def upgraded(self, seg: Segment) -> Segment:
        """``seg`` flipped as far as :attr:`want` asks (under the lock)."""
        short = seg.want < self.want
        if short.any():
            self.flip(seg, np.where(short, self.want, BASE_ONLY))
            seg.want = np.maximum(seg.want, self.want)
        return seg

    def ensure(self, n: int) -> None:
        """Keep at least the first ``n`` worlds (whole segments), flipped as :attr:`want` asks."""
        with self.lock:
            for i in range(min(len(self.segments), -(-n // SEGMENT))):
                self.upgraded(self.segments[i])
            while self.n < n:
                self.segments.append(self.run(self.n, SEGMENT))

    def parts(self, n: int, columns: np.ndarray | None = None, want: int | None = None) -> list[Segment]:
        """The segments of the first ``n`` worlds (a partial last one of its own), the tables'
        ``columns`` (default: all) flipped at least as far as ``want`` (default :attr:`full`:
        what this run is for)."""
        self.ask(columns, self.full if want is None else want)
        self.ensure(n // SEGMENT * SEGMENT)
        whole = self.segments[:n // SEGMENT]
        if n % SEGMENT:
            with self.lock:
                if n not in self.tails:
                    self.tails[n] = self.run(n // SEGMENT * SEGMENT, n % SEGMENT)
                whole = [*whole, self.upgraded(self.tails[n])]
        return whole

    def complete(self, players) -> Seated:
        """This run as a reader of ``players`` (rows) alone sees it: every table's base result, and
        the flags of each result at the tables they sit at (:mod:`drawsafe.simulation.whatif` for
        ``draw``'s players, without flipping every other table).  Flags of the other tables read
        from it are not meant."""
        seated = {int(p) for p in players}
        columns = np.array([j for j, t in enumerate(self.tables.tolist())
                            if int(self.fr.a[t]) in seated or int(self.fr.b[t]) in seated], dtype=np.int64)
        return Seated(self, columns)

    def rows(self, first: int, n: int, columns: np.ndarray | None = None,
             want: int | None = None) -> tuple[np.ndarray, ...]:
        """(flags, played, base) of worlds ``first .. first + n - 1`` for the tables' ``columns``
        (default: all, flipped as far as ``want``, default :attr:`full`), whatever segments hold
        them."""
        self.ask(columns, self.full if want is None else want)
        self.ensure(-(-(first + n) // SEGMENT) * SEGMENT)
        lo, hi = first // SEGMENT, -(-(first + n) // SEGMENT)
        cols = slice(None) if columns is None else columns
        flags = np.concatenate([s.flags[:, cols] for s in self.segments[lo:hi]])
        played = np.concatenate([s.played[:, cols] for s in self.segments[lo:hi]])
        base = np.concatenate([s.base[:, cols] for s in self.segments[lo:hi]])
        at = slice(first - lo * SEGMENT, first - lo * SEGMENT + n)
        return flags[at], played[at], base[at]

    def counts(self, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """(cut, rank_hist, points_hist, ranked) of the base worlds ``0 .. n - 1``: the cut
        counts of all of them, the rank and points histograms of the first ``ranked``
        (:data:`RANKED_WORLDS`, :meth:`ranks`)."""
        parts = self.parts(n, want=BASE_ONLY)
        ranked = self.ranks(min(n, RANKED_WORLDS))
        return sum(s.cut for s in parts), ranked.rank_hist, ranked.points_hist, ranked.n

    def ranks(self, n: int):
        """The first ``n`` base worlds played again by the simulation kernel, ranked down to
        :data:`~drawsafe.simulation.simulator.MAX_RANK` places (the same worlds: simulation ``s``
        depends on ``(seed, s)`` alone); kept.  Only ``odds``' rank distributions need them, so
        the flips (and ``draw``) rank no further than the cut."""
        with self.lock:
            if n not in self.ranked:
                self.ranked[n] = self.sim.run(n, seed=self.seed, first_round=self.fr, policy=engine.NO_DRAWS)
            return self.ranked[n]

    def values(self, n: int) -> dict[int, np.ndarray]:
        """Each seated player's value in worlds ``0 .. n - 1``: their chance of the cut averaged over
        their own table's results (player row -> float64[n])."""
        parts = self.parts(n)
        flags = np.concatenate([s.flags for s in parts]) if parts else np.zeros((0, len(self.tables), 4, 2), np.int8)
        out = {}
        for j, t in enumerate(self.tables.tolist()):
            for k, p in enumerate((self.fr.a[t], self.fr.b[t])):
                out[int(p)] = flags[:, j, :, k] @ self.p[j]
        return out

    def means(self, n: int, players: np.ndarray) -> list[Mean]:
        """Each of ``players``' P(cut) over worlds ``0 .. n - 1``: averaged over their own table's
        results when their table is flipped, else their 0/1 outcome per world."""
        values = self.values(n)  # first: the segments made flipped (counts alone would not flip them)
        cut = self.counts(n)[0]
        return [Mean.of(values[p]) if p in values else Mean.of_count(int(cut[p]), n) for p in players.tolist()]

    def conditional(self, n: int, player: int, table: int, result: int) -> Mean:
        """``player``'s P(cut) given that ``table`` (flipped: :attr:`column`) ends in ``result``
        (an outcome code, :data:`~drawsafe.engine.flips.RESULTS`), from worlds ``0 .. n - 1``: at
        their own table, the flags of that result; at another, their averaged value over the
        worlds in which that table ended so (its result is independent of theirs).  The seed of
        "what if table 6 goes to B": conditioned on the worlds kept, no new simulation.

        :raises KeyError: for a table not flipped in this run, or a player not seated at one (their
            value per world is not kept)."""
        j = self.column[int(table)]
        parts = self.parts(n)
        flags = np.concatenate([s.flags for s in parts])
        base = np.concatenate([s.base for s in parts])
        seat = (int(self.fr.a[table]), int(self.fr.b[table]))
        if player in seat:
            return Mean.of(flags[:, j, RESULTS.index(result), seat.index(player)])
        return Mean.of(self.values(n)[player][base[:, j] == result])

    def figures(self, first: int, n: int, table: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Table ``table``'s draw-or-play figures in worlds ``first .. first + n - 1``: its players
        in the cut if it plays (its own played result in each world), if it draws, and that played
        result (:class:`drawsafe.simulation.scenarios.TableFigures`' columns)."""
        j = self.column[int(table)]
        flags, played, _ = self.rows(first, n, np.array([j]), PLAY_OR_DRAW)
        flags, played = flags[:, 0], played[:, 0]
        cut_play = np.take_along_axis(flags, played.astype(np.int64)[:, None, None], axis=1)[:, 0]
        return cut_play, flags[:, RESULTS.index(engine.ID)], played


class Seated:
    """A kept run as the readers of some players see it (:meth:`Worlds.complete`): its segments
    with those players' tables flipped through each result; everything else as :class:`Worlds`."""

    def __init__(self, worlds: Worlds, columns: np.ndarray):
        self.worlds, self.columns = worlds, columns

    def __getattr__(self, name: str):
        return getattr(self.worlds, name)

    def parts(self, n: int) -> list[Segment]:
        return self.worlds.parts(n, self.columns, EVERY_RESULT)


def kept_worlds(sim: Simulator, fr: FirstRound, seed: int, tables=(), every: bool = True) -> Worlds:
    """The kept run of ``sim`` with ``fr``'s tables in their modes and ``seed``: with ``every``,
    flipping every candidate table (:func:`candidate_tables`) and ``tables`` through each result
    (what ``odds`` and the report read); else at least ``tables``, each to an intentional draw and
    to its played result (what ``draw`` reads of a choice of the other tables it only tries).  Made
    once and kept with ``sim`` (at most :data:`MAX_RUNS` per simulator, the oldest dropped)."""
    key = (fr.a.tobytes(), fr.b.tobytes(), fr.mode.tobytes(), fr.probabilities().tobytes(), int(seed))
    store = sim.kept
    with sim.kept_lock:
        worlds = store.get(key)
        want = set(np.asarray(tables, dtype=np.int64).tolist())
        if worlds is None or not want <= set(worlds.column) or (every and not worlds.every):
            flipped = np.array(sorted(want), dtype=np.int64)
            if every:
                flipped = np.union1d(candidate_tables(sim, fr), flipped)
            worlds = Worlds(sim, fr, seed, flipped.astype(np.int64), every)
            store.pop(key, None)
            store[key] = worlds
            while len(store) > MAX_RUNS:
                store.pop(next(iter(store)))
        return worlds


def question_key(snap, rules, question: Question) -> str:
    """What the round's model and worlds depend on: the snapshot (its players, rounds played,
    published tables, what the event's file says of byes awarded, ratings and win probabilities),
    the rule pack, and the question but for its player and its precision (its seed kept)."""
    h = hashlib.sha256()
    for a in (snap.opp, snap.kind, snap.gw, snap.gl, snap.gd, snap.active, snap.ratings, snap.ranked, snap.cut_out):
        h.update(b"-" if a is None else np.ascontiguousarray(a).tobytes())
    ev = snap.event
    asked = replace(question, player=None, budget=Budget(seed=question.seed), behaviour=None)
    h.update(repr((snap.names, snap.after_round, snap.total_rounds, snap.phase_start, snap.phase_end,
                   snap.phase_cut, snap.next_round, sorted(ev.awarded_byes.items()), sorted(ev.ratings.items()),
                   sorted(ev.win_probability.items()), ev.best_of, rules, asked,
                   id(question.behaviour) if question.behaviour is not None else None)).encode())
    return h.hexdigest()
