"""Other tables' intentional draws as real players make them: a model learned from real events.

Each table of the round about to be played gets a probability of drawing intentionally from what
its players can see: their chances of the cut if they draw and if they play (simulated with every
other table playing, except tables locked on points, which draw: :func:`table_chances`), the
points gap between them, their current standing against the cut and the rounds left.  The model
is a logistic regression (:class:`~drawsafe.simulation.behaviour_model.BehaviourModel`, fitted with
scipy) on the last Swiss round and the round before it of every event of ``shared/data/melee``
(:func:`observe_round`); its coefficients live in ``drawsafe/data/behaviour.json`` with the
command that refits them (``python benchmarks/behaviour_fit.py``).  The model and its features are
:mod:`drawsafe.simulation.behaviour_model`; this module computes them for real and simulated
rounds and fits the model on them.

The same features are computed the same way when the model is applied (``--others behaviour`` in
:func:`drawsafe.simulation.decisions.draw_decisions`), and the probabilities go into the kernel as
a per-table draw probability (table mode ``BEHAVIOUR``), so each simulated world draws or plays
each table by its own random number and the odds mix over the other tables' choices.  In the last
round of a simulated future (two or more rounds left) the kernel cannot simulate each table's
chances, so the model is applied to points-only stand-ins
(:func:`drawsafe.simulation.simulator.future_table`): a player's chance
of the cut on a final points total from a pilot run, and their expected standing from the points
distribution; the result is a table of draw probabilities by the two players' points.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.results import ResultModel
from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.behaviour_model import (
    FEATURES,
    BehaviourModel,
    intentional_draws,
    is_intentional,
    table_features,
    ties_are_ids,
)
from drawsafe.simulation.question import Budget, Question
from drawsafe.simulation.scenarios import make_evaluator
from drawsafe.simulation.simulator import FirstRound, SimBatch, Simulator
from drawsafe.simulation.stakes import locked_tables, stake_function
from drawsafe.standings.table import compute_standings
from drawsafe.stats import wilson
from drawsafe.tiebreaks.packs import DEFAULT_PACK, get_rules
from drawsafe.tiebreaks.values import REC_POINTS

#: The behaviour model's chances (its features) are simulated to this 95% half-width, at most
#: ``sims`` simulations (the model was fitted on features of 1,500 simulations per scenario).
FEATURE_PRECISION = 0.02

#: From this many rounds left (before the last two rounds, the ones the model was fitted on), a
#: table's chances are read from one run shared by every table (:func:`shared_chances`) where it
#: reaches :data:`FEATURE_PRECISION`; only the others simulate their own two scenarios.
SHARED_FROM = 3
#: The shared run's first batch and its most simulations (it grows until the tables are precise).
SHARED_FIRST = 4_000
SHARED_MAX = 32_000

#: Columns of the observations file (benchmarks/behaviour_tables.csv) before the features.
OBS_COLUMNS = ("file", "round", "rounds_left", "cut", "table", "drew")


@dataclass(frozen=True)
class TableChances:
    """Per table of the round (``[tables, 2]``, NaN where the table does not play): P(cut | draw)
    and P(cut | play) with the locked tables drawing, and the tables evaluated by simulation."""

    draw: np.ndarray
    play: np.ndarray
    evaluated: np.ndarray  # bool [tables]
    simulations: int


def current_ranks(sim: Simulator, seed: int = 0) -> np.ndarray:
    """Every player's current rank (1 = first; players who never competed are last)."""

    table = compute_standings(sim.snap, sim.rules, seed)
    rank = np.full(sim.snap.players, sim.snap.players, dtype=np.int64)
    for r in table.rows:
        rank[sim.snap.index[r.player]] = r.rank
    return rank


def table_chances(sim: Simulator, fr: FirstRound, seed: int, sims: int,
                  stake_of=None) -> TableChances:
    """P(cut) if each table draws and if it plays, every other table playing except the tables
    locked on points (they draw), each to :data:`FEATURE_PRECISION` (at most ``sims``
    simulations).  Tables without a stake (``stake_of(t)`` false: even a win
    leaves both players below :data:`drawsafe.simulation.stakes.STAKE`) keep the everyone-plays
    figure for both choices (a draw cannot lift them either), which saves their simulation.  With
    :data:`SHARED_FROM` or more rounds left, the tables' figures come from one shared run
    (:func:`shared_chances`, up to :data:`SHARED_MAX` simulations) and only the tables it cannot
    make precise simulate their own scenarios."""
    if stake_of is None:
        stake_of = stake_function(sim, fr, seed, sims)
    look = stake_of.look
    playing = [t for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] == engine.FREE]
    evaluated = [t for t in playing if stake_of(t)]
    drawing = {int(t) for t in np.flatnonzero(locked_tables(sim, fr, sim.question.top))}
    draw = np.full((fr.tables, 2), np.nan)
    play = np.full((fr.tables, 2), np.nan)
    for t in playing:
        draw[t] = play[t] = look.cut[[fr.a[t], fr.b[t]]] / look.n
    n = 0
    shared = [t for t in evaluated if t not in drawing]  # a locked table's "play" is not in the run
    if shared and sim.snap.rounds_left >= SHARED_FROM:
        n, read = shared_chances(sim, fr, seed, shared, drawing, look)
        for t, (d, p) in read.items():
            draw[t], play[t] = d, p
        evaluated = [t for t in evaluated if t not in read]
    if evaluated:
        figures, _ = make_evaluator(sim, fr, seed).evaluate(evaluated, drawing, Budget(None, FEATURE_PRECISION, sims, seed), None)
        for t, f in zip(evaluated, figures, strict=True):
            draw[t] = f.cut_draw.mean(axis=0)
            play[t] = f.cut_play.mean(axis=0)
            n = max(n, len(f.cut_play))
    mask = np.zeros(fr.tables, bool)
    mask[[t for t in playing if stake_of(t)]] = True
    return TableChances(draw, play, mask, n)


def shared_chances(sim: Simulator, fr: FirstRound, seed: int, tables: list[int], drawing: set[int],
                   look: SimBatch | None = None) -> tuple[int, dict[int, tuple[np.ndarray, np.ndarray]]]:
    """P(cut | draw) and P(cut | play) of the players of ``tables`` from one run (the tables in
    ``drawing`` drawing, every other table playing), for the tables it gives to
    :data:`FEATURE_PRECISION`: "play" counts every simulation, "draw" the simulations in which the
    table's match ended drawn.  A table's result is its own random number, so the simulations it
    drew are a fair sample of the scenario where it draws, but for the drawn games of an
    unintentional draw against an intentional one's 0-0-3 (tiebreaks only: why it is kept for the
    early rounds, :data:`SHARED_FROM`).  The run grows from :data:`SHARED_FIRST` (by half to
    double its simulations) until every table that can be is precise within :data:`SHARED_MAX`
    simulations; returns its simulations and the tables read, ``{table: (draw [2], play [2])}``.
    ``look``: the stake's first look (:func:`~drawsafe.simulation.stakes.stake_function`), the same
    simulations when no table draws, which the run then continues."""
    modes = fr.mode.copy()
    for t in drawing:
        modes[t] = engine.INTENTIONAL
    first = fr.with_modes(modes)
    idx = np.array(tables, dtype=np.int64)
    pair = np.column_stack([fr.a[idx], fr.b[idx]])

    def run(start: int, n: int):
        return sim.run(n, seed=seed, first=start, first_round=first, by_first=True, ranks=False)

    if drawing or look is None or look.first != 0 or not len(look.by_first):
        look = run(0, SHARED_FIRST)
    while True:
        drew = look.by_first[pair, 1]  # [tables, 2 players, (simulations drawn, of them in the cut)]
        k = np.concatenate([drew[..., 1], look.cut[pair]], axis=1)
        n = np.concatenate([drew[..., 0], np.full(pair.shape, look.n)], axis=1)
        low, high = wilson(k.ravel(), np.maximum(n.ravel(), 1))
        half = ((high - low) / 2).reshape(n.shape)
        precise = np.all((half <= FEATURE_PRECISION) & (n > 0), axis=1)
        # simulations each open table needs (its half-widths shrink like 1/sqrt(n): 10% past the
        # estimate); tables that would need more than the run's limit are left to their scenarios
        need = np.max(look.n * np.maximum(half / FEATURE_PRECISION, 1) ** 2 * 1.1, axis=1)
        need = np.where(n.min(axis=1) > 0, need, 2 * look.n)
        wanted = need[~precise & (need <= SHARED_MAX)]
        if not len(wanted) or look.n >= SHARED_MAX:
            break
        target = int(min(SHARED_MAX, max(1.5 * look.n, min(wanted.max(), 2 * look.n))))
        look = look.merge(run(look.n, target - look.n))
    read = {int(t): (drew[i, :, 1] / drew[i, :, 0], look.cut[pair[i]] / look.n)
            for i, t in enumerate(tables) if precise[i]}
    return look.n, read


def round_features(sim: Simulator, fr: FirstRound, chances: TableChances, rank: np.ndarray,
                   playoff: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Feature rows of the tables that play (``fr.mode`` FREE, an opponent), and those tables."""
    tables = np.array([t for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] == engine.FREE],
                      dtype=np.int64)
    scale = sim.rules.point_scale
    pts = sim.rec0[:, REC_POINTS] / scale
    win = sim.points_table[2] / scale
    pair = np.column_stack([fr.a[tables], fr.b[tables]]) if len(tables) else np.zeros((0, 2), int)
    x = table_features(chances.draw[tables], chances.play[tables], pts[pair], rank[pair],
                       sim.question.top, sim.snap.rounds_left, win_points=win,
                       total_rounds=sim.snap.total_rounds, playoff=playoff,
                       ids_before=intentional_draws(sim.snap, ties_are_ids(sim.rules, sim.snap.event)))
    return x, tables


def draw_probabilities(model: BehaviourModel, sim: Simulator, fr: FirstRound, seed: int, sims: int,
                       stake_of=None) -> tuple[np.ndarray, TableChances]:
    """Each table's probability of an intentional draw (0 for tables that do not play freely).
    The tables' chances are simulated only for a model that reads them (declared rates read the
    ranks and the rounds left: their chances stay NaN, no simulation)."""
    if model.reads_chances:
        chances = table_chances(sim, fr, seed, sims, stake_of)
    else:
        unknown = np.full((fr.tables, 2), np.nan)
        chances = TableChances(unknown, unknown.copy(), np.zeros(fr.tables, bool), 0)
    x, tables = round_features(sim, fr, chances, current_ranks(sim, seed))
    p = np.zeros(fr.tables)
    if len(tables):
        p[tables] = model.probability(x)
    return p, chances


@dataclass(frozen=True)
class RoundObservation:
    """The tables of one real round: features, what happened, and where they come from."""

    file: str
    round: int
    rounds_left: int
    cut: int
    tables: np.ndarray  # table numbers (1-based)
    x: np.ndarray
    drew: np.ndarray  # bool: 0-0-3


def observe_round(path: str | Path, round_number: int, cut: int | None = None, sims: int = 1500,
                  seed: int = 0) -> RoundObservation:
    """The features of every table of Swiss round ``round_number`` of the event at ``path`` (from
    the snapshot before it, with its real pairings) and whether it drew intentionally.  ``cut``:
    by default the event's playoff size, else 8.

    :raises ValueError: when the round is not a Swiss round after round 1.
    """
    event = load_event(path)
    if not 2 <= round_number <= len(event.swiss):
        raise ValueError(f"{path}: round {round_number} is not a Swiss round after the first")
    if cut is None:
        cut = len({p for r in event.playoff for m in r.matches for p in m.players}) or 8
    snap = take_snapshot(event, round_number - 1)
    rules = get_rules(event.rules or DEFAULT_PACK)
    sim = Simulator(snap, rules, Question(Cut(cut), ResultModel.for_best_of(event.best_of)))
    fr = sim.first_round
    chances = table_chances(sim, fr, seed, sims)
    x, tables = round_features(sim, fr, chances, current_ranks(sim, seed), bool(event.playoff))
    matches = event.swiss[round_number - 1].matches
    drew = np.array([is_intentional(matches[t], ties_are_ids(rules, event)) for t in tables], dtype=bool)
    return RoundObservation(Path(path).name, round_number, snap.rounds_left, cut, tables + 1, x, drew)


def observed_events(folder: str | Path, game: str | None = None) -> list[dict]:
    """The Swiss events of ``folder`` (its ``index.json``, else its event files:
    :func:`~drawsafe.simulation.folders.folder_index`) the model learns from, of ``game`` when
    given: three or more Swiss rounds, not single-elimination events listed with a large
    "playoff" after 3."""
    from drawsafe.simulation.folders import folder_index

    return [{"file": e.file, "swiss_rounds": e.swiss_rounds, "playoff_first_round_matches":
             e.first_round_matches, "game": e.game} for e in folder_index(folder).events
            if (e.swiss_rounds >= 4 or (e.swiss_rounds == 3 and e.first_round_matches < 8))
            and (game is None or e.game == game)]


def observe_events(folder: str | Path, entries: list[dict], sims: int = 1500, seed: int = 0,
                   report=None) -> list[RoundObservation]:
    """:func:`observe_round` for the last Swiss round and the one before of every entry; files
    the importer or the simulator refuse are reported through ``report(text)`` and skipped."""
    out = []
    for i, e in enumerate(entries, 1):
        last = e["swiss_rounds"]
        for r in (last, last - 1):
            try:
                obs = observe_round(Path(folder) / e["file"], r, None, sims, seed)
            except Exception as exc:  # noqa: BLE001 (one refused file must not stop the run)
                if report:
                    report(f"[{i}/{len(entries)}] {e['file']} round {r}: skipped ({exc})")
                continue
            out.append(obs)
            if report:
                report(f"[{i}/{len(entries)}] {e['file']} round {r}: {len(obs.tables)} tables, "
                       f"{int(obs.drew.sum())} IDs")
    return out


@dataclass(frozen=True)
class Observations:
    """Table rows of many rounds: where from, features, outcome."""

    file: np.ndarray  # str
    round: np.ndarray
    rounds_left: np.ndarray
    cut: np.ndarray
    table: np.ndarray
    x: np.ndarray
    drew: np.ndarray  # 0/1 float

    @classmethod
    def from_rounds(cls, rounds: list[RoundObservation]) -> Observations:
        def col(f):
            return np.concatenate([f(o) for o in rounds]) if rounds else np.zeros(0)
        return cls(col(lambda o: np.full(len(o.tables), o.file, dtype=object)),
                   col(lambda o: np.full(len(o.tables), o.round)),
                   col(lambda o: np.full(len(o.tables), o.rounds_left)),
                   col(lambda o: np.full(len(o.tables), o.cut)), col(lambda o: o.tables),
                   np.concatenate([o.x for o in rounds]) if rounds else np.zeros((0, len(FEATURES))),
                   col(lambda o: o.drew.astype(float)))

    def write(self, path: str | Path) -> None:
        import csv

        with open(path, "w", newline="", encoding="utf-8") as fh:
            out = csv.writer(fh)
            out.writerow((*OBS_COLUMNS, *FEATURES))
            for i in range(len(self.drew)):
                out.writerow([self.file[i], int(self.round[i]), int(self.rounds_left[i]),
                              int(self.cut[i]), int(self.table[i]), int(self.drew[i]),
                              *(f"{v:.5g}" for v in self.x[i])])

    @classmethod
    def read(cls, path: str | Path) -> Observations:
        """:raises ValueError: when the file's columns are not this version's features."""
        import csv

        with open(path, newline="", encoding="utf-8") as fh:
            reader = csv.reader(fh)
            header = tuple(next(reader))
            if header != (*OBS_COLUMNS, *FEATURES):
                raise ValueError(f"{path}: columns are not {', '.join((*OBS_COLUMNS, *FEATURES))}; "
                                 "observe again (python benchmarks/behaviour_fit.py observe)")
            rows = list(reader)
        n = len(OBS_COLUMNS)
        x = np.array([[float(v) for v in r[n:]] for r in rows]).reshape(-1, len(FEATURES))
        return cls(np.array([r[0] for r in rows], dtype=object),
                   *(np.array([int(r[k]) for r in rows], dtype=np.int64) for k in range(1, 5)),
                   x, np.array([float(r[5]) for r in rows]))

    def subset(self, keep: np.ndarray) -> Observations:
        return Observations(*(getattr(self, f)[keep] for f in
                              ("file", "round", "rounds_left", "cut", "table", "x", "drew")))


def event_folds(files, k: int) -> dict[str, int]:
    """Each event's fold (0 .. k-1): events in sorted order dealt round-robin (deterministic)."""
    return {f: i % k for i, f in enumerate(sorted(set(files)))}


#: Defaults of the fit: the L2 penalty and the weight of tables of events without a playoff (their
#: "cut" of 8 is nominal: without a playoff to reach, safe tables mostly play), measured by
#: cross-validation on the events with a playoff (benchmarks/behaviour_fit.py).
L2 = 10.0
OTHER_WEIGHT = 0.1


def observation_weights(obs: Observations, other: float = OTHER_WEIGHT) -> np.ndarray:
    """1 for tables of events with a playoff, ``other`` for the rest."""
    return np.where(obs.x[:, FEATURES.index("playoff")] > 0, 1.0, other)


def fit_observations(obs: Observations, l2: float = L2, other: float = OTHER_WEIGHT,
                     **extra) -> BehaviourModel:
    """The model fitted on ``obs`` with the default weights."""
    return BehaviourModel.fit(obs.x, obs.drew, l2, observation_weights(obs, other), **extra)


def fold_models(obs: Observations, files, k: int) -> dict[str, BehaviourModel]:
    """For each event of ``files`` (dealt into ``k`` folds, :func:`event_folds`), the model fitted
    (:func:`fit_observations`) on every observation outside its fold: how ``drawsafe calibrate``
    cross-validates."""
    fold = event_folds(files, k)
    models = {}
    for i in sorted(set(fold.values())):  # folds with an event to forecast
        held = np.array([fold.get(f) == i for f in obs.file], dtype=bool)
        model = fit_observations(obs.subset(~held))
        models.update({f: model for f, j in fold.items() if j == i})
    return models


def out_of_fold(obs: Observations, k: int = 5, l2: float = L2, weight: np.ndarray | None = None
                ) -> np.ndarray:
    """Each table's draw probability from a model fitted on the other folds' events only."""
    fold = event_folds(obs.file, k)
    which = np.array([fold[f] for f in obs.file], dtype=np.int64)
    p = np.zeros(len(obs.drew))
    for i in range(k):
        test = which == i
        if test.any():
            model = BehaviourModel.fit(obs.x[~test], obs.drew[~test], l2,
                                       None if weight is None else weight[~test])
            p[test] = model.probability(obs.x[test])
    return p
