"""Calibration on real events: last-round forecasts and draw verdicts against what happened.

The forecast is made at the start of the last Swiss round N (snapshot after round N-1 with round
N's published pairings): :func:`sim.decisions.draw_decisions` with ``others="rational"`` (as
``drawsafe draw``) gives each table's verdict and the tables the model expects to draw; every
player's P(cut) is simulated with exactly those tables drawing (0-0-3), since ``compute_odds``
cannot take other tables' draw choices.  A *hindsight* P(cut) has the tables that really drew
drawing instead, separating errors of the draw model from the rest.  What happened: a player made
the cut when they played the first playoff round; a table drew intentionally when it is 0-0-3.

Brier scores (:func:`brier`) carry a 95% interval from a bootstrap over events (players of one
event are dependent: exactly ``cut`` make it); reliability bands (:func:`reliability`) carry Wilson
intervals that treat players as independent, which that dependence makes slightly optimistic.
"""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim import engine
from sim.decisions import DRAW_BOTH, DRAW_ONE, PLAY, SAFE_TO_DRAW, PlayerChances, draw_decisions
from sim.importers import load_event
from sim.model import MATCH
from sim.odds import simulate_until
from sim.ranking import TOLERANCE
from sim.results import ResultModel
from sim.rules import get_rules
from sim.simulate import SimConfig, Simulator, published_first_round
from sim.snapshot import take_snapshot
from sim.standings import StandingRow, compute_standings
from sim.stats import ConfidenceInterval, Proportion, wilson
from sim.tiebreaks import REC_POINTS

#: Verdict labels in report order; ``LEFT_OUT`` marks a table the draw report left out.
LEFT_OUT = "left out"
VERDICTS = (SAFE_TO_DRAW, DRAW_BOTH, DRAW_ONE, PLAY, LEFT_OUT)
#: Reliability bands (left-closed; the last band includes 1).
BANDS = (0.0, 0.001, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999, 1.0)


@dataclass(frozen=True)
class EventEntry:
    """One event of the data set's ``index.json`` selected for calibration."""

    file: str
    players: int
    swiss_rounds: int
    cut: int


@dataclass(frozen=True)
class PlayerForecast:
    """One player at the start of the last Swiss round: P(cut) with the tables the model expects
    to draw drawing (``cut``) and with those that really drew drawing (``hindsight``); whether
    they played the playoff, and their rank in the exact final Swiss standings."""

    player: str
    table: int
    points: float
    cut: Proportion
    hindsight: Proportion
    made_cut: bool
    final_rank: int


@dataclass(frozen=True)
class TableForecast:
    """One table of the last Swiss round: the verdict, the model's choice, the real result."""

    table: int
    players: tuple[str, str]
    verdict: str
    reason: str
    chances: tuple[PlayerChances, PlayerChances] | None
    modelled_draw: bool
    drew: bool
    score: str
    made_cut: tuple[bool, bool]


@dataclass(frozen=True)
class EventForecast:
    """Forecasts and outcomes of one event."""

    file: str
    name: str
    entrants: int
    rounds: int
    cut: int
    simulations: int
    converged: bool
    players: tuple[PlayerForecast, ...]
    tables: tuple[TableForecast, ...]
    #: Exact final Swiss standings and the rule pack's tiebreak keys.
    final: tuple[StandingRow, ...]
    keys: tuple[str, ...]
    #: Playoff players outside the exact final top ``cut``, and the reverse.
    playoff_not_top: tuple[str, ...]
    top_not_playoff: tuple[str, ...]
    seconds: float


def select_events(folder: str | Path, cut: int = 8, min_rounds: int = 4) -> list[EventEntry]:
    """Events of ``folder/index.json`` whose first playoff round has ``cut / 2`` matches and that
    have at least ``min_rounds`` Swiss rounds (fewer rounds with a big playoff means a
    single-elimination event, see the data set's README)."""
    index = json.loads((Path(folder) / "index.json").read_text(encoding="utf-8"))
    return [EventEntry(e["file"], e["players"], e["swiss_rounds"], cut) for e in index
            if 2 * e["playoff_first_round_matches"] == cut and e["swiss_rounds"] >= min_rounds]


def simulate_cut(sim: Simulator, modes: np.ndarray, seed: int, sims: int | None,
                 precision: float | None, max_sims: int) -> np.ndarray:
    """Cut counts of every player (and the number of simulations, last) with the first round's
    tables in ``modes``."""
    fr = published_first_round(sim.snap).with_modes(modes)
    batch, _ = simulate_until(lambda first, n: sim.run(n, seed=seed, first=first, first_round=fr),
                              lambda b: b.cut[sim.players], precision, sims, max_sims)
    return np.append(batch.cut, batch.n)


def forecast_event(path: str | Path, cut: int = 8, sims: int | None = None,
                   precision: float | None = 0.005, seed: int = 0, safe: float = 0.99,
                   max_sims: int = 400_000, entry: EventEntry | None = None) -> EventForecast:
    """Forecast the last Swiss round of the event at ``path`` and set it against what happened.

    :raises ValueError: when the file lacks the Swiss rounds or the playoff the index announces.
    """
    start = time.perf_counter()
    event = load_event(path)
    entry = entry or EventEntry(Path(path).name, len(event.players), len(event.swiss), cut)
    if len(event.swiss) != entry.swiss_rounds or len(event.swiss) < 2:
        raise ValueError(f"{entry.file}: {len(event.swiss)} Swiss rounds, not {entry.swiss_rounds}")
    if not event.playoff or 2 * len(event.playoff[0].matches) != entry.cut:
        raise ValueError(f"{entry.file}: the first playoff round does not seat {entry.cut} players")
    last = len(event.swiss)
    snap = take_snapshot(event, last - 1)
    rules = get_rules(event.rules or "mtg")
    config = SimConfig(top=cut, results=ResultModel.for_best_of(event.best_of))
    report = draw_decisions(snap, rules, config, "rational", safe, None, sims, precision, seed,
                            max_sims)
    sim = Simulator(snap, rules, config)
    fr = published_first_round(snap)
    played = event.swiss[last - 1].matches
    drew = np.array([m.kind == MATCH and (m.a_wins, m.b_wins, m.draws) == (0, 0, 3)  # an ID
                     for m in played])
    modelled = fr.mode.copy()
    modelled[[t - 1 for t in report.drawing_tables]] = engine.INTENTIONAL
    real = np.where(drew & (fr.mode == engine.FREE), engine.INTENTIONAL, fr.mode)
    forecast = simulate_cut(sim, modelled, seed, sims, precision, max_sims)
    hindsight = simulate_cut(sim, real, seed, sims, precision, max_sims)
    playoff = {p for m in event.playoff[0].matches for p in m.players}
    final = compute_standings(take_snapshot(event, last), rules, seed)
    top = [r.player for r in final.rows if not r.dropped][:cut]
    rank = {r.player: r.rank for r in final.rows}
    table_of = {p: t + 1 for t, m in enumerate(played) for p in m.players}
    names, points = snap.names, sim.rec0[:, REC_POINTS] / rules.point_scale
    players = tuple(PlayerForecast(
        names[p], table_of.get(names[p], 0), float(points[p]),
        Proportion(int(forecast[p]), int(forecast[-1])),
        Proportion(int(hindsight[p]), int(hindsight[-1])),
        names[p] in playoff, rank.get(names[p], 0)) for p in sim.players)
    decided = {d.table: d for d in report.tables}
    reasons = {t: why for t, _, _, why in report.left_out}
    tables = []
    for t, m in enumerate(played, start=1):
        if m.kind != MATCH:
            continue
        d = decided.get(t)
        tables.append(TableForecast(
            t, (m.player_a, m.player_b), d.verdict if d else LEFT_OUT, reasons.get(t, ""),
            d.players if d else None, t in report.drawing_tables, bool(drew[t - 1]), m.score_text(),
            (m.player_a in playoff, m.player_b in playoff)))
    return EventForecast(entry.file, event.name, len(event.players), last, cut, report.simulations,
                         report.converged, players, tuple(tables), final.rows, rules.keys,
                         tuple(sorted(playoff - set(top))), tuple(sorted(set(top) - playoff)),
                         time.perf_counter() - start)



@dataclass(frozen=True)
class Predictions:
    """Every player of a set of events as flat arrays: forecasts, baselines and outcomes."""

    event: np.ndarray  # event number of each player
    model: np.ndarray
    hindsight: np.ndarray
    points: np.ndarray  # points-only baseline
    constant: np.ndarray  # cut / players of the event
    contender: np.ndarray  # could reach the points of the cut-th player by winning
    outcome: np.ndarray  # 1 = played the playoff


def points_baseline(points: np.ndarray, cut: int) -> np.ndarray:
    """P(cut) from current points only: 1 above the point group straddling the cut, the share of
    the places left inside it, 0 below."""
    out = np.zeros(len(points))
    above = 0
    for value in sorted(set(points.tolist()), reverse=True):
        group = points == value
        size = int(group.sum())
        out[group] = min(max(cut - above, 0), size) / size
        above += size
    return out


def predictions(events: list[EventForecast]) -> Predictions:
    """Flatten ``events``; a contender can reach the current points of the ``cut``-th player by
    winning (MTG: 3 points a win)."""
    rows = []
    for i, ev in enumerate(events):
        pts = np.array([p.points for p in ev.players])
        line = np.sort(pts)[::-1][min(ev.cut, len(pts)) - 1]
        rows.append(np.column_stack([
            np.full(len(pts), i), [p.cut.estimate for p in ev.players],
            [p.hindsight.estimate for p in ev.players], points_baseline(pts, ev.cut),
            np.full(len(pts), ev.cut / len(pts)), pts + 3 >= line,
            [p.made_cut for p in ev.players]]))
    c = np.concatenate(rows).T if rows else np.zeros((7, 0))
    return Predictions(c[0].astype(np.int64), c[1], c[2], c[3], c[4], c[5].astype(bool), c[6])


@dataclass(frozen=True)
class Score:
    """A mean squared error over ``n`` players of ``events`` events, with a bootstrap interval."""

    name: str
    n: int
    events: int
    value: float
    ci: ConfidenceInterval


def cluster_bootstrap(per_player: np.ndarray, event: np.ndarray, reps: int = 2000,
                      seed: int = 0, confidence_level: float = 0.95) -> ConfidenceInterval:
    """Percentile interval of the mean of ``per_player``, resampling whole events."""
    ids = np.unique(event)
    if len(ids) < 2:
        return ConfidenceInterval(float("nan"), float("nan"))
    sums = np.array([per_player[event == i].sum() for i in ids])
    counts = np.array([(event == i).sum() for i in ids])
    rng = np.random.default_rng(seed)
    pick = rng.integers(0, len(ids), size=(reps, len(ids)))
    means = sums[pick].sum(axis=1) / counts[pick].sum(axis=1)
    alpha = (1 - confidence_level) / 2
    low, high = np.quantile(means, [alpha, 1 - alpha])
    return ConfidenceInterval(float(low), float(high))


def brier(pred: Predictions, column: str = "model", subset: np.ndarray | None = None,
          against: str | None = None) -> Score:
    """Brier score of ``column`` (mean of (p - outcome)^2), or with ``against`` the difference
    ``brier(column) - brier(against)`` (negative: ``column`` is better), over ``subset``."""
    keep = np.ones(len(pred.outcome), bool) if subset is None else subset
    err = (getattr(pred, column) - pred.outcome) ** 2
    name = column
    if against is not None:
        err = err - (getattr(pred, against) - pred.outcome) ** 2
        name = f"{column} - {against}"
    err, ev = err[keep], pred.event[keep]
    value = float(err.mean()) if len(err) else float("nan")
    return Score(name, int(keep.sum()), len(np.unique(ev)), value, cluster_bootstrap(err, ev))


@dataclass(frozen=True)
class Band:
    """Players whose forecast lies in ``[low, high)``: mean forecast against observed frequency."""

    low: float
    high: float
    n: int
    mean_forecast: float
    made: int
    observed: float
    ci: ConfidenceInterval


def reliability(pred: Predictions, column: str = "model", edges=BANDS) -> tuple[Band, ...]:
    """Players binned by forecast ``column`` (``edges``): mean forecast, observed frequency of
    making the cut and its 95% Wilson interval."""
    p = getattr(pred, column)
    bands = []
    for i, (lo, hi) in enumerate(itertools.pairwise(edges)):
        last = i == len(edges) - 2
        inside = (p >= lo) & ((p <= hi) if last else (p < hi))
        n, k = int(inside.sum()), int(pred.outcome[inside].sum())
        low, high = wilson(k, n)
        nan = float("nan")
        bands.append(Band(lo, hi, n, float(p[inside].mean()) if n else nan, k, k / n if n else nan,
                          ConfidenceInterval(float(low), float(high))))
    return tuple(bands)



@dataclass(frozen=True)
class Miss:
    """A player whose table was called safe to draw, who drew, and who did not play the playoff."""

    file: str
    table: int
    player: str
    p_draw: Proportion
    p_hindsight: Proportion
    final_rank: int
    explanation: str


def separating_key(a, b, keys: tuple[str, ...]) -> str:
    """The first standings key on which rows ``a`` and ``b`` differ ("points" or a tiebreak)."""
    if abs(a.points - b.points) > TOLERANCE:
        return "points"
    for k in keys:
        if abs(a.values[k] - b.values[k]) > TOLERANCE:
            return k
    return "random order of an exact tie"


def explain_miss(ev: EventForecast, player: str) -> str:
    """Why ``player`` missed the playoff: who finished above them though forecast below 1/2 (with
    the model's choice for their table, what it did, and the key that separated them)."""
    if player in ev.top_not_playoff:
        return "in the exact final top cut but did not play the playoff (declined or replaced)"
    me = next(r for r in ev.final if r.player == player)
    forecast = {p.player: p for p in ev.players}
    table = {p: t for t in ev.tables for p in t.players}
    parts = []
    for r in ev.final[:me.rank - 1]:
        f, t = forecast.get(r.player), table.get(r.player)
        if f is not None and f.cut.estimate < 0.5:
            how = (f"table {t.table} modelled as {'drawing' if t.modelled_draw else 'playing'}, "
                   f"result {t.score}") if t else "no table"
            parts.append(f"{r.player} (forecast {f.cut.estimate:.3f}; {how}; ahead on "
                         f"{separating_key(r, me, ev.keys)})")
    return f"final Swiss rank {me.rank}" + ("; passed by " + "; ".join(parts) if parts else "")


def safe_misses(events: list[EventForecast]) -> tuple[Miss, ...]:
    """Players at tables called safe to draw that drew and missed the playoff, explained."""
    out = []
    for ev in events:
        for t in ev.tables:
            if t.verdict != SAFE_TO_DRAW or not t.drew:
                continue
            for k, name in enumerate(t.players):
                if t.made_cut[k]:
                    continue
                f = next(p for p in ev.players if p.player == name)
                out.append(Miss(ev.file, t.table, name, t.chances[k].draw, f.hindsight,
                                f.final_rank, explain_miss(ev, name)))
    return tuple(out)


def verdict_counts(events: list[EventForecast]) -> dict[str, dict[str, int]]:
    """Tables of the last Swiss round by verdict: how many there were, how many drew
    intentionally, how many the rational other-tables model expected to draw, and both."""
    out = {v: dict.fromkeys(("tables", "drew", "modelled_draw", "modelled_and_drew"), 0)
           for v in VERDICTS}
    for ev in events:
        for t in ev.tables:
            row = out[t.verdict]
            row["tables"] += 1
            row["drew"] += t.drew
            row["modelled_draw"] += t.modelled_draw
            row["modelled_and_drew"] += t.drew and t.modelled_draw
    return out



@dataclass(frozen=True)
class Summary:
    """The figures of a set of events (see :func:`summarize`)."""

    events: int
    players: int
    scores: tuple[Score, ...]
    bands: tuple[Band, ...]
    hindsight_bands: tuple[Band, ...]
    misses: tuple[Miss, ...]
    verdicts: dict[str, dict[str, int]]


def summarize(events: list[EventForecast]) -> Summary:
    """Brier scores (model, hindsight, baselines, differences; all players and contenders),
    reliability bands, safe-to-draw misses and verdict counts."""
    pred = predictions(events)
    scores = []
    for subset, label in ((None, ""), (pred.contender, " [contenders]")):
        for col, against in (("model", None), ("hindsight", None), ("points", None),
                             ("constant", None), ("model", "points"), ("model", "constant")):
            s = brier(pred, col, subset, against)
            scores.append(Score(s.name + label, s.n, s.events, s.value, s.ci))
    return Summary(len(events), len(pred.outcome), tuple(scores), reliability(pred, "model"),
                   reliability(pred, "hindsight"), safe_misses(events), verdict_counts(events))
