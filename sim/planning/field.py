"""Before the event: what record makes the cut for N players and R rounds (``drawsafe field``).

Whole events are simulated from round 1 with the engine's pairing, results and tiebreaks
(:mod:`drawsafe.planning.kernel`): intentional draws in the last round follow ``ids`` (as
``--future-draws``), players drop between rounds at the rates measured on real events of the
pack's game (:mod:`drawsafe.planning.drops`: Pokémon's and Netrunner's own, Magic's for the
others); the rounds, the draw share and the points are the pack's too.  Every figure is a count over simulations, kept raw with its
sample size so that its 95% (Wilson) interval is computed on demand.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numba
import numpy as np

from drawsafe.choices import FIELD_IDS, FIELD_MAX_SIMS, FIELD_PRECISION, FIELD_SAFE
from drawsafe.engine import kernel as engine
from drawsafe.engine.results import ResultModel
from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.model import Event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.planning import kernel as fk
from drawsafe.planning.drops import DropModel
from drawsafe.planning.phases import Structure
from drawsafe.progress import Progress
from drawsafe.simulation.question import Answered, Budget, Question
from drawsafe.simulation.simulator import (
    FUTURE_POLICIES,
    PILOT_FIRST,
    PILOT_SIMS,
    Simulator,
    safe_points,
    with_points_cut,
)
from drawsafe.stats import ConfidenceInterval, Proportion, wilson, z_value
from drawsafe.text import duration
from drawsafe.tiebreaks.packs import DEFAULT_PACK, PACKS, get_rules

IDS = FIELD_IDS
#: Adaptive runs: first batch, growth, default precision and cap.
FIRST_BATCH = 500
DEFAULT_PRECISION = FIELD_PRECISION
MAX_SIMS = FIELD_MAX_SIMS
#: Figures held to the precision: records with at least this many players per event on average
#: (rarer records are reported with their own, wider, intervals).
PRECISION_MIN_PLAYERS = 1.0
#: Point groups of the second-to-last round whose first table is replayed as a double draw.
PROBE_GROUPS = 3



@dataclass(frozen=True)
class PlannedEvent:
    """The event a planning question is asked of, before it starts: ``players`` players, ``rounds``
    Swiss rounds (None: the pack's table by attendance), ``byes`` players with 1, 2 and 3 awarded
    byes, drops between rounds (``drops``, None: the pack's game's model), the rule pack, and an
    optional day 2.  What is asked of it (the cut, the result model, the last round's pairing, the
    intentional draws, the budget) is the :class:`~drawsafe.simulation.question.Question`."""

    players: int
    rounds: int | None = None
    #: Players with 1, 2 and 3 awarded byes.
    byes: tuple[int, int, int] = (0, 0, 0)
    #: None: the pack's game's model (:meth:`DropModel.for_game`, :attr:`drop_model`).
    drops: DropModel | None = None
    #: The rule pack: mtg (Magic), or pokemon (its tiebreaks and its tie share).
    rules: str = DEFAULT_PACK
    probe_groups: int = PROBE_GROUPS
    #: Day 2 (``--day2 POINTS:ROUNDS``, ``--day2-top N``): after the ``rounds`` of day 1, the players
    #: on at least ``day2_points`` points (or the best ``day2_top`` of the day-1 standings) play
    #: ``day2_rounds`` more; the pack says whether the tiebreaks restart.
    day2_points: float | None = None
    day2_rounds: int = 0
    day2_top: int | None = None

    def __post_init__(self):
        if self.players < 2:
            raise UsageError("--players must be at least 2")
        if len(self.byes) != 3 or min(self.byes) < 0 or sum(self.byes) > self.players:
            raise UsageError("--byes A,B,C: numbers of players with 1, 2 and 3 byes (at most --players)")
        if self.rounds is not None and self.rounds < 1:
            raise UsageError("--rounds must be at least 1")
        pack = get_rules(self.rules)
        if not pack.plannable:
            raise UsageError(f"--rules {self.rules}: drawsafe field plans events paired by point groups "
                             f"(packs {', '.join(plannable_packs())}); this pack pairs by the Dutch system")
        if self.rounds is None and pack.schedule is None:
            raise UsageError(no_table(pack))
        most = max((b for b, count in zip((1, 2, 3), self.byes) if count), default=0)
        if most and most >= self.day1_rounds:
            raise UsageError(f"{most} awarded byes need more than {self.day1_rounds} Swiss rounds")
        if self.day2_rounds < 0:
            raise UsageError("--day2: the rounds of day 2 must be at least 1")
        if self.day2_rounds == 0 and (self.day2_points is not None or self.day2_top is not None):
            raise UsageError("--day2-top needs the rounds of day 2: --day2 ROUNDS (or --day2 :ROUNDS)")
        if self.day2_rounds and self.day2_points is None and self.day2_top is None:
            raise UsageError("--day2 ROUNDS without POINTS needs --day2-top N (a cut by rank)")
        if self.day2_points is not None and self.day2_top is not None:
            raise UsageError("--day2 POINTS:ROUNDS and --day2-top N are two kinds of day-2 cut: give one")
        if self.day2_top is not None and not 2 <= self.day2_top < self.players:
            raise UsageError(f"--day2-top must be at least 2 and below the {self.players} players")
        if self.day2_rounds and self.day1_rounds < 1:
            raise UsageError("a day 2 needs at least one round of day 1")

    def check(self, question: Question) -> None:
        """``question`` can be asked of this event: its cut within the field, its intentional draws
        a policy the planner simulates.

        :raises UsageError: naming the option."""
        if question.future_draws not in IDS:
            raise UsageError(f"--ids must be one of {', '.join(IDS)}")
        if question.cut.points is None and question.top >= self.players:  # as draw and publish refuse it
            raise UsageError(f"--top {question.top}: the event has {self.players:,} players; the cut must be "
                             "smaller than the field (at or above it everyone makes the cut)")
        if question.top > self.players:  # a points cut's Top N (what the kernels count by rank)
            raise UsageError(f"--top {question.top}: the event has {self.players:,} players; give a cut of at "
                             "most --players")

    @property
    def drop_model(self) -> DropModel:
        """The drops between rounds: ``drops``, else the pack's game's model."""
        return self.drops if self.drops is not None else DropModel.for_game(self.pack.game)

    @property
    def awarded(self) -> dict[str, int]:
        names = self.names
        out, i = {}, 0
        for byes, count in zip((1, 2, 3), self.byes):
            for _ in range(count):
                out[names[i]] = byes
                i += 1
        return out

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f"P{i + 1:04d}" for i in range(self.players))

    @property
    def day1_rounds(self) -> int:
        """Swiss rounds of day 1 (of the event, without a day 2): ``rounds``, else the pack's table
        by attendance (Magic's Appendix E counts awarded byes)."""
        if self.rounds is not None:
            return self.rounds
        return self.pack.schedule.rounds(self.players, self.awarded)

    @property
    def pack(self):
        return get_rules(self.rules)

    @property
    def total_rounds(self) -> int:
        return self.day1_rounds + self.day2_rounds

    @property
    def phase_tiebreaks(self) -> str:
        """The pack's :attr:`~drawsafe.tiebreaks.packs.RulePack.phase_tiebreaks` ("carry" or "restart")."""
        return get_rules(self.rules).phase_tiebreaks

    def kernel_points(self, points: float) -> int:
        return round(points * get_rules(self.rules).point_scale)

    def structure(self, cut: Cut) -> Structure:
        """Day 1, day 2 and the final ``cut``, in the kernel's points (what the drop model reads)."""
        return Structure(self.players, self.day1_rounds, self.day2_rounds,
                         None if self.day2_points is None else self.kernel_points(self.day2_points),
                         self.day2_top, cut.top,
                         None if cut.points is None else self.kernel_points(cut.points))

    def describe(self, question: Question) -> str:
        """The planning question in one line: the event, its cut, its intentional draws."""
        byes = f", byes {self.byes[0]}/{self.byes[1]}/{self.byes[2]}" if any(self.byes) else ""
        cut = question.cut.label()
        if self.day2_rounds:
            entry = (f"{self.day2_points:g}+ points" if self.day2_points is not None
                     else f"the best {self.day2_top}")
            rounds = (f"{self.day1_rounds} rounds, day 2 for {entry}: {self.day2_rounds} more rounds "
                      f"(tiebreaks {'restart' if self.phase_tiebreaks == 'restart' else 'carry over'})")
        else:
            rounds = f"{self.total_rounds} rounds"
        game = self.pack.game
        drops = self.drop_model
        return (f"{self.players} players, {rounds}, {cut}, IDs {question.future_draws}{byes}, "
                f"drops: {drops.label(game)} model ({drops.source})"
                + ("" if self.rules == DEFAULT_PACK else f", rules {self.rules}"))

    def record_points(self, wins: int, losses: int, draws: int) -> int:
        """A final record's points in the pack's points (for a pack scoring played rounds by their
        games, Netrunner's, those of 6-0 wins, 3-3 draws and 0-6 losses: see :func:`points_note`)."""
        loss, draw, win = self.pack.points
        return wins * win + draws * draw + losses * loss


# --- what a question costs, before it runs -------------------------------------------------------
#
# A simple model, calibrated on the development machine (2 cores, numba's 2 threads, shared with
# other work) by timing whole simulated events of 16 to 20,000 players and 4 to 99 rounds
# (FieldSimulator.run, 1 to 3,000 simulations each): a simulated event costs about players x rounds
# x SECONDS_PER_PLAYER_ROUND, multiplied in a crowded event (below), plus each batch's counts.  It
# is deterministic: a question's estimate never depends on timing anything, so the same question
# on the same server is refused, or run, every time.  A server refuses at once what would not
# finish within its job time (drawsafe.server); the command line says how long a large one takes.

#: Per player, Swiss round and simulated event, on 2 threads: 140 to 340 ns measured while the
#: point groups pair without rematches (100 x 7, 2,000 x 12, 20,000 x 15: 230, 140, 290 ns; 20,000
#: x 99: 340 ns), up to 520 ns while other work shared the cores; a little above the quiet figures.
SECONDS_PER_PLAYER_ROUND = 350e-9
#: The ``safe`` IDs' pilot simulations cost less (locked draws only, no probes): 0.42 to 0.65 times
#: as much measured.
PILOT_SHARE = 0.7
#: Threads the measurement ran on: fewer are slower in proportion (more are not counted faster).
MEASURED_THREADS = 2
#: A crowded event, more rounds than its point groups can pair without rematches (16 players and
#: 16 rounds, 1,024 and 64), makes the pairing search (drawsafe.pairing.swiss.MAX_STEPS) the cost:
#: measured 4x to 6,000x slower past about CROWDED_AT x players^0.36 rounds (1,024 x 64: 22x;
#: 4,096 x 99: 10x; 64 x 99: 6,000x).  The cost is multiplied by (rounds / that)^CROWDED_POWER, at
#: most CROWDED_MOST: above every measured factor but a few at the edge of the crowd.
CROWDED_AT = 3.8
CROWDED_POWER = 10
CROWDED_MOST = 6_000
#: Each batch of simulations zeroes and sums its chunks' counts, (rounds + 1)^3 records each: 2.1 s
#: for 8 chunks of a 99-round event (26 values a record).
SECONDS_PER_CHUNK_RECORD = 2.6e-7
#: Building the simulator: about a second, and its tables of records, (rounds + 1)^3 of them (2 to
#: 4.5 s measured at 20,000 players and 99 rounds).
SETUP_SECONDS = 1.0
SETUP_SECONDS_PER_RECORD = 4.5e-6
#: Simulations of a batch when progress is shown: about this many seconds' worth, and at least
#: BATCH_SHARE times the batch's own cost (0.5 s for 2 chunks of a 99-round event).
PROGRESS_SECONDS = 2.0
BATCH_SHARE = 10
#: A question estimated to take longer than this says so before it runs (:func:`time_note`).
LONG_SECONDS = 60.0
#: Chunks per thread of a run (balance between threads), one above this many records (each chunk
#: holds its own counts: 99 rounds make a million records).
CHUNKS_PER_THREAD = 4
MANY_RECORDS = 100_000
#: Batch boundaries a run adds to its batches of progress: --sims runs in tenths, an adaptive run
#: in its growing targets.
RUN_STEPS = 12


def pilot_simulations(players: int) -> int:
    """Simulations of the ``safe`` IDs' pilot run: :data:`PILOT_SIMS` up to 128 players, fewer for
    larger fields (the counts per points total grow with the field; measured: the same totals from
    300 simulations at 409 and 1,000 players)."""
    return int(min(PILOT_SIMS, max(300, PILOT_SIMS * 128 // players)))


def chunk_count(n: int, codes: int, threads: int | None = None) -> int:
    """The chunks a run of ``n`` simulations is split into (each thread takes chunks in turn, each
    chunk keeps its own counts of ``codes`` records)."""
    threads = numba.get_num_threads() if threads is None else threads
    return max(1, min(threads * (CHUNKS_PER_THREAD if codes <= MANY_RECORDS else 1), n))


@dataclass(frozen=True)
class FieldCost:
    """What a planning question costs on this machine, estimated before it runs (the model above):
    ``players`` and ``rounds`` (day 1 and day 2) of the simulated events, ``pilot`` simulations of
    the ``safe`` IDs' pilot run first (0 without), ``threads`` the simulations run on."""

    players: int
    rounds: int
    pilot: int = 0
    threads: int = MEASURED_THREADS

    @classmethod
    def of(cls, planned: PlannedEvent, question: Question) -> FieldCost:
        rounds = planned.total_rounds
        pilot = pilot_simulations(planned.players) if question.future_draws == "safe" and rounds >= 2 else 0
        return cls(planned.players, rounds, pilot, numba.get_num_threads())

    @property
    def crowding(self) -> float:
        """How many times slower than :data:`SECONDS_PER_PLAYER_ROUND` a crowded event is (1 if not)."""
        ratio = self.rounds / (CROWDED_AT * self.players ** 0.36)
        return min(CROWDED_MOST, max(1.0, ratio ** CROWDED_POWER))

    @property
    def per_simulation(self) -> float:
        """Seconds per simulated event."""
        slower = MEASURED_THREADS / min(self.threads, MEASURED_THREADS)
        return self.players * self.rounds * SECONDS_PER_PLAYER_ROUND * self.crowding * slower

    def per_batch(self, sims: int) -> float:
        """Seconds a batch of ``sims`` simulations costs beyond its simulations."""
        codes = (self.rounds + 1) ** 3
        return chunk_count(sims, codes, self.threads) * codes * SECONDS_PER_CHUNK_RECORD

    @property
    def batch(self) -> int:
        """Simulations per batch when progress is shown: about :data:`PROGRESS_SECONDS`' worth, at
        least :data:`BATCH_SHARE` times the batch's own cost."""
        least = max(PROGRESS_SECONDS, BATCH_SHARE * self.per_batch(self.threads * CHUNKS_PER_THREAD))
        return max(1, math.ceil(least / self.per_simulation))

    def seconds(self, sims: int) -> float:
        """Seconds of a run of ``sims`` simulations (at most that many, adapting to a precision),
        its pilot and its batches included."""
        batches = -(-self.pilot // self.batch) + -(-sims // self.batch) + RUN_STEPS
        setup = SETUP_SECONDS + SETUP_SECONDS_PER_RECORD * (self.rounds + 1) ** 3
        return (setup + (PILOT_SHARE * self.pilot + sims) * self.per_simulation
                + batches * self.per_batch(self.batch))

    def most_sims(self, seconds: float) -> int:
        """The most simulations that finish within ``seconds`` (0: not even one)."""
        if self.seconds(1) > seconds:
            return 0
        low, high = 1, 1
        while self.seconds(high * 2) <= seconds:
            high *= 2
            if high > 1 << 40:
                return high
        high *= 2
        while high - low > 1:  # seconds() grows with sims
            mid = (low + high) // 2
            low, high = (mid, high) if self.seconds(mid) <= seconds else (low, mid)
        return low


def time_note(planned: PlannedEvent, question: Question) -> str | None:
    """What a question that takes more than :data:`LONG_SECONDS` will take (:class:`FieldCost`),
    said before it runs, with the simulations that take about a minute; None for a shorter one."""
    cost, budget = FieldCost.of(planned, question), question.budget
    sims = budget.sims if budget.sims is not None else min(FIRST_BATCH, budget.max_sims)
    seconds = cost.seconds(sims)
    if seconds < LONG_SECONDS:
        return None
    events = f"simulated events of {planned.players:,} players and {cost.rounds} rounds"
    if budget.sims is not None:
        said = f"{sims:,} {events} take about {duration(seconds)} (estimated)"
    else:
        said = (f"{events}: the first {sims:,} take about {duration(seconds)} (estimated), up to "
                f"{budget.max_sims:,} about {duration(cost.seconds(budget.max_sims))} if --precision needs them")
    minute = cost.most_sims(LONG_SECONDS)
    if minute:
        return f"{said}; --sims {minute:,} takes about a minute"
    first = " (after the pilot run of --ids safe)" if cost.pilot else ""
    return f"{said}; even one takes about {duration(cost.seconds(1))}{first}"


def no_table(pack) -> str:
    """The message for a pack whose game publishes no table of rounds by attendance."""
    return (f"{pack.game} (--rules {pack.name}) publishes no table of Swiss rounds and top cut by "
            "attendance: give --rounds and --top")


def points_note(pack) -> str | None:
    """Why a record's points are approximate for a pack that scores rounds by their games."""
    if not pack.game_points[0]:
        return None
    return (f"{pack.game}: a record's points count a won round {pack.points[2]}, a split {pack.points[1]}, "
            "a lost one 0; a win with a timed tie scores "
            f"{pack.game_points[0] + pack.game_points[1]}-{pack.game_points[1]}, so players of one record can "
            "differ by a few points (the cut line and the bubble are counted by points)")


def plannable_packs() -> list[str]:
    """The rule packs ``drawsafe field`` can plan (:attr:`~drawsafe.tiebreaks.packs.RulePack.plannable`)."""
    return [name for name, pack in PACKS.items() if pack.plannable]


@dataclass
class FieldCounts:
    """Raw counts of simulations ``first .. first + n - 1`` (see :func:`drawsafe.planning.kernel.run_field`)."""

    first: int
    n: int
    final_n: np.ndarray
    final_cut: np.ndarray
    final_sq: np.ndarray
    dropped_n: np.ndarray
    points_n: np.ndarray
    points_cut: np.ndarray
    line_hist: np.ndarray
    bubble_hist: np.ndarray
    bl: np.ndarray
    b2: np.ndarray
    #: Day 2 (zeros without one): per day-1 record code, players still in at the end of day 1,
    #: those who advanced, those of them in the final cut, the sum over simulations of the squared
    #: count; simulations by the number of players advancing.
    d1_n: np.ndarray
    d1_adv: np.ndarray
    d1_top: np.ndarray
    d1_sq: np.ndarray
    adv_hist: np.ndarray

    ARRAYS = ("final_n", "final_cut", "final_sq", "dropped_n", "points_n", "points_cut", "line_hist",
              "bubble_hist", "bl", "b2", "d1_n", "d1_adv", "d1_top", "d1_sq", "adv_hist")

    def merge(self, other: FieldCounts) -> FieldCounts:
        if other.first != self.first + self.n:
            raise ValueError("batches must be consecutive")
        return FieldCounts(self.first, self.n + other.n,
                           *(getattr(self, a) + getattr(other, a) for a in self.ARRAYS))


class FieldSimulator:
    """The kernel's inputs for one :class:`PlannedEvent` and :class:`~drawsafe.simulation.question.
    Question`, built once."""

    def __init__(self, planned: PlannedEvent, question: Question):
        self.planned, self.question = planned, question
        rounds = planned.total_rounds
        rules = planned.pack
        event = Event(f"{planned.players} players", planned.names, (), swiss_rounds=rounds, format="generated",
                      awarded_byes=planned.awarded)
        # an event with no round played is a valid snapshot: the engine's inputs come from it
        self.sim = Simulator(take_snapshot(event, 0, rounds), rules, question)
        self.rounds = rounds
        self.codes = (rounds + 1) ** 3
        self.max_points = int(self.sim.points_table.max()) * rounds
        self.structure = planned.structure(question.cut)
        self.restart = planned.phase_tiebreaks == "restart"
        self.drop_rate = planned.drop_model.table(self.structure, question.results.draw_share,
                                                  tuple(int(v) for v in rules.points))
        self.draw_points_: dict[int, int] = {}

    def run(self, n: int, seed: int = 0, first: int = 0, policy: int | None = None,
            flip: bool = True, probes: int | None = None) -> FieldCounts:
        s, players = self.sim, self.planned.players
        if policy is None:
            policy = FUTURE_POLICIES[self.question.future_draws]
        draw_points = self.draw_points(seed) if policy == engine.SAFE_POINTS else 0
        policy, draw_points = with_points_cut(policy, draw_points, s.cut_points)
        probes = self.planned.probe_groups if probes is None else probes
        chunks = chunk_count(n, self.codes)
        c, v = self.codes, self.max_points + 1
        out = FieldCounts(first, n, *(np.zeros((chunks, c), np.int64) for _ in range(4)),
                          np.zeros((chunks, v), np.int64), np.zeros((chunks, v), np.int64),
                          np.zeros((chunks, v), np.int64), np.zeros((chunks, players + 1), np.int64),
                          np.zeros((chunks, c, fk.BL_COLUMNS), np.int64),
                          np.zeros((chunks, c, fk.B2_COLUMNS), np.int64),
                          *(np.zeros((chunks, c), np.int64) for _ in range(4)),
                          np.zeros((chunks, players + 1), np.int64))
        # the Simulator's bundles of the snapshot of no round played (drawsafe.engine.inputs)
        st = self.structure
        options = fk.FieldOptions(self.drop_rate, int(probes), bool(flip), int(st.day1),
                                  int(-1 if st.day2_points is None else st.day2_points),
                                  int(st.day2_top or 0), bool(self.restart))
        counts = fk.FieldOutputs(*(getattr(out, a) for a in fk.FieldOutputs._fields))
        fk.run_field(np.uint64(seed % 2**64), first, n, chunks, s.field, s.match, rules=s.kernel_rules,
                     plan=s.plan(policy, draw_points), options=options, out=counts)
        for a in FieldCounts.ARRAYS:
            setattr(out, a, getattr(out, a).sum(axis=0))
        return out

    def batches(self, n: int, seed: int, first: int, tick: Callable[[int], None] | None = None,
                **run) -> FieldCounts:
        """Simulations ``first .. first + n - 1`` as :meth:`run` gives them, run in batches of
        :meth:`FieldCost.batch` so that ``tick(k)`` says every few seconds that ``k`` more are done
        (the counts do not depend on how a run is split)."""
        step = FieldCost.of(self.planned, self.question).batch if tick else n
        merged, done = None, 0
        while done < n:
            k = min(step, n - done)
            batch = self.run(k, seed=seed, first=first + done, **run)
            merged = batch if merged is None else merged.merge(batch)
            done += k
            if tick:
                tick(k)
        return merged

    @property
    def pilot_sims(self) -> int:
        """Pilot simulations (:func:`pilot_simulations`)."""
        return pilot_simulations(self.planned.players)

    @property
    def has_pilot(self) -> bool:
        """The ``safe`` policy runs a pilot first (:meth:`draw_points`)."""
        return self.question.future_draws == "safe" and self.rounds >= 2

    def draw_points(self, seed: int, tick: Callable[[int], None] | None = None) -> int:
        """The ``safe`` policy's points total, from a pilot run with locked draws only (as
        :meth:`drawsafe.simulation.simulator.Simulator.draw_points`); ``tick(k)`` after each batch
        of ``k`` of its simulations (:meth:`batches`)."""
        if not self.has_pilot:
            return 1 << 30
        if seed not in self.draw_points_:
            pilot = self.batches(self.pilot_sims, seed, PILOT_FIRST, tick, policy=engine.LOCKED, flip=False,
                                 probes=0)
            # unlike the Simulator's pilot, a rare top total (a 6-0 in a small field, where the 5-0s
            # draw) is skipped rather than ending the scan
            self.draw_points_[seed] = safe_points(pilot.points_n, pilot.points_cut, self.question.safe,
                                                  skip_rare=True)
        return self.draw_points_[seed]


@dataclass(frozen=True)
class Mean:
    """A mean over ``n`` simulations from the sum and the sum of squares of a per-simulation count."""

    total: float
    squares: float
    n: int

    @property
    def estimate(self) -> float:
        return self.total / self.n if self.n else float("nan")

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        if self.n < 2:
            return ConfidenceInterval(float("nan"), float("nan"))
        m = self.estimate
        var = max(self.squares / self.n - m * m, 0.0) * self.n / (self.n - 1)
        h = z_value(confidence_level) * (var / self.n) ** 0.5
        return ConfidenceInterval(max(m - h, 0.0), m + h)


def encode(wins: int, losses: int, draws: int, rounds: int) -> int:
    base = rounds + 1
    return (wins * base + losses) * base + draws


def decode(code: int, rounds: int) -> tuple[int, int, int]:
    base = rounds + 1
    return code // (base * base), (code // base) % base, code % base


def prop_dict(prefix: str, p: Proportion) -> dict:
    ci = p.confidence_interval()
    return {prefix: p.estimate if p.n else None, f"{prefix}_ci": [ci.low, ci.high] if p.n else None,
            f"{prefix}_n": p.n}


@dataclass(frozen=True)
class RecordFigures:
    """A final record: players finishing with it per event, and their P(cut)."""

    wins: int
    losses: int
    draws: int
    points: int
    players: Mean
    cut: Proportion

    def to_json(self) -> dict:
        ci, pci = self.players.confidence_interval(), self.cut.confidence_interval()
        return {"wins": self.wins, "losses": self.losses, "draws": self.draws, "points": self.points,
                "expected_players": self.players.estimate, "expected_players_ci": [ci.low, ci.high],
                "p_cut": self.cut.estimate, "ci_low": pci.low, "ci_high": pci.high, "players_simulated": self.cut.n}


@dataclass(frozen=True)
class BeforeFigures:
    """A record before the last round (or the last two): P(cut) as it happened, and if the player
    draws (twice, for two rounds), wins or loses the next match."""

    wins: int
    losses: int
    draws: int
    points: int
    players: float  # per event, at a table that round
    cut: Proportion
    draw: Proportion
    win: Proportion
    loss: Proportion

    def to_json(self) -> dict:
        d = {"wins": self.wins, "losses": self.losses, "draws": self.draws, "points": self.points,
             "expected_players": self.players}
        for name, p in (("p_cut", self.cut), ("p_cut_draw", self.draw), ("p_cut_win", self.win),
                        ("p_cut_loss", self.loss)):
            d.update(prop_dict(name, p))
        return d


@dataclass(frozen=True)
class DayOneFigures:
    """A day-1 record of a two-day event: players ending day 1 with it per event (before the cut),
    their P(day 2), and their P(final cut): of all of them, and of those who made day 2."""

    wins: int
    losses: int
    draws: int
    points: int
    players: Mean
    advance: Proportion
    cut: Proportion
    cut_if_advanced: Proportion

    def to_json(self) -> dict:
        ci = self.players.confidence_interval()
        d = {"wins": self.wins, "losses": self.losses, "draws": self.draws, "points": self.points,
             "expected_players": self.players.estimate, "expected_players_ci": [ci.low, ci.high]}
        for name, p in (("p_advance", self.advance), ("p_cut", self.cut), ("p_cut_if_advanced", self.cut_if_advanced)):
            d.update(prop_dict(name, p))
        return d


def best_first(records: list) -> list:
    """Records by points, then wins, then fewer losses."""
    return sorted(records, key=lambda r: (-r.points, -r.wins, r.losses))


@dataclass(frozen=True)
class FieldResult(Answered):
    """What records make the cut of ``planned`` (:class:`PlannedEvent`) as ``question`` asks it:
    counts over ``counts.n`` simulated events."""

    planned: PlannedEvent
    question: Question
    rounds: int
    counts: FieldCounts
    draw_points: int | None
    reached: bool
    seconds: float


    @property
    def simulations(self) -> int:
        return self.counts.n

    def record(self, code) -> tuple[int, int, int, int]:
        """Wins, losses, draws and points of a record's code (:func:`encode`)."""
        w, lo, d = decode(int(code), self.rounds)
        return w, lo, d, self.planned.record_points(w, lo, d)

    @property
    def records(self) -> list[RecordFigures]:
        c = self.counts
        return best_first([RecordFigures(*self.record(code), Mean(float(c.final_n[code]), float(c.final_sq[code]), c.n),
                                         Proportion(int(c.final_cut[code]), int(c.final_n[code])))
                           for code in np.flatnonzero(c.final_n)])

    def _before(self, arr: np.ndarray, two: bool) -> list[BeforeFigures]:
        out = []
        if two:
            n_col, cut_col, d_n, d_cut = fk.B2_N, fk.B2_CUT, fk.B2_PROBE_N, fk.B2_DD_CUT
            w_n, w_cut, l_n, l_cut = fk.B2_WIN_N, fk.B2_WIN_CUT, fk.B2_LOSS_N, fk.B2_LOSS_CUT
        else:
            n_col, cut_col, d_n, d_cut = fk.BL_N, fk.BL_CUT, fk.BL_N, fk.BL_DRAW_CUT
            w_n, w_cut, l_n, l_cut = fk.BL_WIN_N, fk.BL_WIN_CUT, fk.BL_LOSS_N, fk.BL_LOSS_CUT
        for code in np.flatnonzero(arr[:, n_col]):
            a = arr[code]
            out.append(BeforeFigures(*self.record(code), float(a[n_col]) / self.counts.n,
                                     Proportion(int(a[cut_col]), int(a[n_col])),
                                     Proportion(int(a[d_cut]), int(a[d_n])),
                                     Proportion(int(a[w_cut]), int(a[w_n])),
                                     Proportion(int(a[l_cut]), int(a[l_n]))))
        return best_first(out)

    @property
    def before_last(self) -> list[BeforeFigures]:
        return self._before(self.counts.bl, False) if self.rounds >= 1 else []

    @property
    def before_last_two(self) -> list[BeforeFigures]:
        return self._before(self.counts.b2, True) if self.rounds >= 2 else []

    @property
    def x0_double_draw(self) -> Proportion | None:
        """P(cut) of an undefeated player (no draws) who draws the last two rounds."""
        for b in self.before_last_two:
            if b.losses == 0 and b.draws == 0:
                return b.draw
        return None

    @property
    def cut_points(self) -> list[tuple[int, Proportion]]:
        """Distribution of the points of the last player in the cut."""
        h = self.counts.line_hist
        return [(int(v), Proportion(int(h[v]), self.counts.n)) for v in np.flatnonzero(h)]

    def histogram(self, h: np.ndarray) -> tuple[Mean, list[tuple[int, Proportion]]]:
        """A count per simulation given as its histogram ``h`` (simulations on 0, 1, 2, ...): its
        mean and its distribution."""
        k = np.arange(len(h))
        mean = Mean(float((h * k).sum()), float((h * k * k).sum()), self.counts.n)
        return mean, [(int(i), Proportion(int(h[i]), self.counts.n)) for i in np.flatnonzero(h)]

    @property
    def bubble(self) -> tuple[Mean, list[tuple[int, Proportion]]]:
        """Players on the last qualifier's points who miss the cut: mean and distribution."""
        return self.histogram(self.counts.bubble_hist)

    @property
    def expected_dropped(self) -> float:
        return float(self.counts.dropped_n.sum()) / self.counts.n

    @property
    def has_day2(self) -> bool:
        return self.planned.day2_rounds > 0

    @property
    def day2_players(self) -> tuple[Mean, list[tuple[int, Proportion]]]:
        """Players advancing to day 2 per event: mean and distribution."""
        return self.histogram(self.counts.adv_hist)

    @property
    def day1_records(self) -> list[DayOneFigures]:
        c = self.counts
        return best_first([DayOneFigures(*self.record(code), Mean(float(c.d1_n[code]), float(c.d1_sq[code]), c.n),
                                         Proportion(int(c.d1_adv[code]), int(c.d1_n[code])),
                                         Proportion(int(c.d1_top[code]), int(c.d1_n[code])),
                                         Proportion(int(c.d1_top[code]), int(c.d1_adv[code])))
                           for code in np.flatnonzero(c.d1_n)])

    def day2_json(self) -> dict | None:
        if not self.has_day2:
            return None
        cfg = self.planned
        mean, dist = self.day2_players
        ci = mean.confidence_interval()
        return {"day1_rounds": cfg.day1_rounds, "rounds": cfg.day2_rounds, "points": cfg.day2_points,
                "top": cfg.day2_top, "tiebreaks": cfg.phase_tiebreaks,
                "expected_players": mean.estimate, "ci": [ci.low, ci.high],
                "distribution": [{"players": k, **prop_dict("probability", p)} for k, p in dist],
                "records": [r.to_json() for r in self.day1_records]}

    def to_json(self) -> dict:
        cfg, q = self.planned, self.question
        mean, dist = self.bubble
        ci = mean.confidence_interval()
        x0 = self.x0_double_draw
        drops = cfg.drop_model
        return {
            "players": cfg.players, "rounds": self.rounds, "day1_rounds": cfg.day1_rounds, "top": q.top,
            "points_cut": q.cut.points,
            "rules": cfg.rules, "ids": q.future_draws,
            "byes": list(cfg.byes), "draw_share": q.results.draw_share if q.results.given else None,
            "drops": drops.source, "draw_share_used": q.results.draw_share,
            "game": cfg.pack.game, "drop_model": drops.to_json(cfg.pack.game),
            "points_table": {"win": cfg.pack.points[2], "draw": cfg.pack.points[1], "loss": cfg.pack.points[0]},
            "points_note": points_note(cfg.pack), "last_round": q.last_round,
            "seed": self.seed, "simulations": self.simulations, "precision": self.precision,
            "precision_reached": self.reached, "safe_draw_points": self.draw_points,
            "expected_dropped": self.expected_dropped, "seconds": round(self.seconds, 3),
            "records": [r.to_json() for r in self.records],
            "cut_points": {"distribution": [{"points": v, **prop_dict("probability", p)} for v, p in self.cut_points]},
            "bubble": {"expected_missing": mean.estimate, "expected_missing_ci": [ci.low, ci.high],
                       "distribution": [{"missing": k, **prop_dict("probability", p)} for k, p in dist]},
            "before_last": [b.to_json() for b in self.before_last],
            "before_last_two": [b.to_json() for b in self.before_last_two],
            "x0_double_draw": prop_dict("p_cut", x0) if x0 is not None else None,
            "day2": self.day2_json(),
        }


def held_figures(counts: FieldCounts, rounds: int) -> tuple[np.ndarray, np.ndarray]:
    """(successes, trials) of the figures the precision applies to: P(cut) of each final record,
    P(cut) if draws / wins / loses before the last round, and after a double draw (records with at
    least :data:`PRECISION_MIN_PLAYERS` per event; for the double draw, at least half a probe per
    simulation, and the undefeated record always)."""
    n = counts.n
    k, t = [], []
    common = counts.final_n >= PRECISION_MIN_PLAYERS * n
    k.append(counts.final_cut[common])
    t.append(counts.final_n[common])
    bl = counts.bl[counts.bl[:, fk.BL_N] >= PRECISION_MIN_PLAYERS * n]
    for kc, nc in ((fk.BL_DRAW_CUT, fk.BL_N), (fk.BL_WIN_CUT, fk.BL_WIN_N), (fk.BL_LOSS_CUT, fk.BL_LOSS_N)):
        k.append(bl[:, kc])
        t.append(bl[:, nc])
    probe = counts.b2[:, fk.B2_PROBE_N] >= 0.5 * n
    if rounds >= 2:
        x0 = encode(rounds - 2, 0, 0, rounds)
        probe[x0] |= counts.b2[x0, fk.B2_PROBE_N] > 0
    k.append(counts.b2[probe, fk.B2_DD_CUT])
    t.append(counts.b2[probe, fk.B2_PROBE_N])
    day1 = counts.d1_n >= PRECISION_MIN_PLAYERS * n  # P(day 2) of the common day-1 records
    k.append(counts.d1_adv[day1])
    t.append(counts.d1_n[day1])
    return np.concatenate(k), np.concatenate(t)


def widest(counts: FieldCounts, rounds: int) -> float:
    k, t = held_figures(counts, rounds)
    t = np.maximum(t, 0)
    if len(k) == 0:
        return 0.0
    low, high = wilson(k, t)
    return float(np.max(high - low) / 2)


def next_target(n: int, width: float, precision: float, max_sims: int) -> int:
    """Simulations to run in all after ``n`` gave a widest half-width ``width``: widths shrink as
    1/sqrt(n), so about n (width / precision)^2, with 10% to spare, at least 20% more and at most
    four times as many; rounded up to a multiple of 100.  Depends on the counts only (deterministic)."""
    want = n * (width / precision) ** 2 * 1.1
    want = min(max(want, 1.2 * n), 4.0 * n)
    return int(min(max_sims, -(-int(want) // 100) * 100))


#: The planner's budget when none is given: until every held figure is within
#: :data:`DEFAULT_PRECISION`, at most :data:`MAX_SIMS` simulated events.
FIELD_BUDGET = Budget(None, DEFAULT_PRECISION, MAX_SIMS, 0)


def field_question(planned: PlannedEvent, *, top: int = 8, cut_points: float | None = None,
                   ids: str = "safe", draw_share: float | None = None, last_round: str | None = None,
                   safe: float = FIELD_SAFE, budget: Budget = FIELD_BUDGET) -> Question:
    """The :class:`~drawsafe.simulation.question.Question` of a planning question about ``planned``
    (the options of ``drawsafe field``; ``last_round`` None: the pack's), checked against it."""
    if ids not in IDS:
        raise UsageError(f"--ids must be one of {', '.join(IDS)}")
    if draw_share is not None and not 0.0 <= draw_share < 1.0:
        raise UsageError("--draw-share must be in [0, 1)")
    pack = planned.pack
    question = Question(Cut(top, cut_points), ResultModel.for_rules(pack, draw_share),
                        last_round or pack.last_round, future_draws=ids, others="none", safe=safe,
                        budget=budget)
    planned.check(question)
    return question


def plan_field(players: int, rounds: int | None = None, *, byes: tuple[int, int, int] = (0, 0, 0),
               drops: DropModel | None = None, rules: str = DEFAULT_PACK, probe_groups: int = PROBE_GROUPS,
               day2_points: float | None = None, day2_rounds: int = 0, day2_top: int | None = None,
               **question) -> tuple[PlannedEvent, Question]:
    """A planning question in one call: the :class:`PlannedEvent` of the event's options and its
    :class:`~drawsafe.simulation.question.Question` of ``question``'s (:func:`field_question`:
    ``top``, ``cut_points``, ``ids``, ``draw_share``, ``last_round``, ``safe``, ``budget``)."""
    planned = PlannedEvent(players, rounds, byes, drops, rules, probe_groups, day2_points, day2_rounds, day2_top)
    return planned, field_question(planned, **question)


def field_odds(planned: PlannedEvent, question: Question, progress: Progress | None = None) -> FieldResult:
    """Simulate ``planned`` from round 1 as ``question`` asks (its cut, result model, intentional
    draws ``future_draws``: none, locked or safe), within ``question.budget``: exactly
    ``budget.sims`` simulations, or until the held figures (:func:`held_figures`) have 95%
    half-widths of at most ``budget.precision`` (batches from :data:`FIRST_BATCH`, grown by
    :func:`next_target`, at most ``budget.max_sims``).  Simulation ``s`` depends only on
    ``(budget.seed, s)``."""
    planned.check(question)
    budget = question.budget
    budget.check()
    seed, sims, precision, max_sims = budget.seed, budget.sims, budget.precision, budget.max_sims
    start = time.perf_counter()
    fs = FieldSimulator(planned, question)
    # progress counts the pilot's simulations too, from the first batch of either (a large field
    # said nothing while its pilot ran: 45 s at 20,000 players and 99 rounds)
    pilot = fs.pilot_sims if fs.has_pilot else 0
    counted = Counted(progress, pilot + (sims if sims is not None else min(FIRST_BATCH, max_sims)))
    tick = counted.tick if progress else None
    draw_points = fs.draw_points(seed, tick) if question.future_draws == "safe" else None
    if sims is not None:
        merged, done, step = None, 0, max(FIRST_BATCH, sims // 10)
        while done < sims:
            k = min(step, sims - done)
            batch = fs.batches(k, seed, done, tick)
            merged = batch if merged is None else merged.merge(batch)
            done += k
        reached = True
    else:
        merged = fs.batches(min(FIRST_BATCH, max_sims), seed, 0, tick)
        width = widest(merged, fs.rounds)
        while width > precision and merged.n < max_sims:
            target = next_target(merged.n, width, precision, max_sims)
            counted.target = pilot + target
            merged = merged.merge(fs.batches(target - merged.n, seed, merged.n, tick))
            width = widest(merged, fs.rounds)
        reached = width <= precision
    return FieldResult(planned, question, fs.rounds, merged, draw_points, reached, time.perf_counter() - start)


@dataclass
class Counted:
    """The simulations done so far (a pilot's too) against the ``target``, told to ``progress``."""

    progress: Progress | None
    target: int
    done: int = 0

    def tick(self, k: int) -> None:
        self.done += k
        if self.progress:
            self.progress(self.done, max(self.target, self.done))
