"""Calibration on real events: last-round forecasts and draw verdicts against what happened.

At the start of the last Swiss round N (snapshot after round N-1, round N's published pairings),
or of round N-1 (``rounds_left=2``, the double draw),
:func:`drawsafe.simulation.decisions.draw_decisions` gives each table's verdict and the tables the
other-tables model expects to draw; every player's P(cut) is simulated with those tables drawing
(``others="rational"``), or with every table drawing by its probability in each simulated world
(``others="behaviour"``, the default of ``drawsafe draw``; :func:`calibrate_folder`
cross-validates it by event).  A *hindsight* P(cut) has
the tables that really drew (0-0-3) drawing: it separates errors of the draw model from the rest.
A player made the cut when they played the first playoff round.  Brier scores carry a 95%
bootstrap interval over events (a player's outcome depends on the others': exactly ``cut`` make
it); reliability bands carry Wilson intervals treating players as independent (slightly optimistic).
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.engine.results import ResultModel
from drawsafe.errors import UsageError
from drawsafe.event.cut import Cut
from drawsafe.event.io import load_event
from drawsafe.event.model import MATCH
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.behaviour_model import is_intentional, ties_are_ids
from drawsafe.simulation.decisions import (
    DRAW_BOTH,
    DRAW_ONE,
    NOTHING_AT_STAKE,
    PLAY,
    SAFE_TO_DRAW,
    PlayerChances,
    draw_decisions,
)
from drawsafe.simulation.odds import simulate_until
from drawsafe.simulation.question import Answered, Budget, Question
from drawsafe.simulation.simulator import Simulator
from drawsafe.standings.table import StandingRow, compute_standings
from drawsafe.stats import ConfidenceInterval, Proportion, wilson
from drawsafe.text import VERDICT_WORDS, fraction_interval, proportion_json
from drawsafe.tiebreaks.packs import DEFAULT_PACK, get_rules
from drawsafe.tiebreaks.ranking import TOLERANCE
from drawsafe.tiebreaks.values import REC_POINTS

#: Verdict labels in report order; ``LEFT_OUT`` marks a table the draw report left out.
LEFT_OUT = "left out"
VERDICTS = (SAFE_TO_DRAW, DRAW_BOTH, DRAW_ONE, PLAY, NOTHING_AT_STAKE, LEFT_OUT)
#: Reliability bands (left-closed; the last band includes 1).
BANDS = (0.0, 0.001, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999, 1.0)


@dataclass(frozen=True)
class EventEntry:
    """One event of the data set's ``index.json`` selected for calibration."""

    file: str
    swiss_rounds: int
    cut: int
    game: str = "Magic"


@dataclass(frozen=True)
class PlayerForecast:
    """One player at the start of the forecast round: P(cut) with the other tables' model
    (``cut``) and with the real draws (``hindsight``); played the playoff; rank in the exact final
    Swiss standings and whether in its top cut (they differ when someone declined the playoff);
    rank in the standings before the round (``rank_before``, for the naive "rank <= cut" call)."""

    player: str
    table: int
    points: float
    cut: Proportion
    hindsight: Proportion
    made_cut: bool
    final_rank: int
    in_top: bool
    rank_before: int = 0


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
    #: The behaviour model's probability that the table draws (``others="behaviour"``).
    draw_probability: float | None = None


@dataclass(frozen=True)
class EventForecast(Answered):
    """Forecasts and outcomes of one event."""

    file: str
    entrants: int
    rounds: int
    #: The question the event was forecast with: its cut (the playoff's seats), the other tables'
    #: model (``others``), the budget, the event's own result model.
    question: Question
    simulations: int
    converged: bool
    players: tuple[PlayerForecast, ...]
    tables: tuple[TableForecast, ...]
    #: Exact final Swiss standings and the rule pack's tiebreak keys.
    final: tuple[StandingRow, ...]
    keys: tuple[str, ...]
    seconds: float
    rounds_left: int = 1
    #: A won round's points (a contender can reach the cut line by winning).
    win_points: float = 3.0
    game: str = "Magic"

    @property
    def seats(self) -> int:
        """The playoff's seats (the question's cut)."""
        return self.question.top

    @property
    def skipped_qualifier(self) -> list[str]:
        """Players still in the event, outside the playoff, who finished the Swiss above a player
        in it (more points, or the same points and better tiebreaks in the exact standings): a
        declined invitation.  Such events are reported apart, not scored."""
        return skipped_qualifiers(self.final, {p.player for p in self.players if p.made_cut})

    def replaced(self) -> tuple[list[str], list[str]]:
        """Playoff players outside the exact final top cut, and top-cut players not in it."""
        return ([p.player for p in self.players if p.made_cut and not p.in_top],
                [p.player for p in self.players if p.in_top and not p.made_cut])


def skipped_qualifiers(final: tuple[StandingRow, ...], played: set[str]) -> list[str]:
    """Players of the exact final Swiss standings ``final`` still in the event, outside the
    playoff (``played``: its players), who finished above a player in it (see
    :attr:`EventForecast.skipped_qualifier`)."""
    worst = max((r.rank for r in final if r.player in played), default=0)
    return [r.player for r in final if r.player not in played and not r.dropped and r.rank < worst]


def select_events(folder: str | Path, cut: int | None = 8, min_rounds: int = 4,
                  game: str | None = None) -> list[EventEntry]:
    """Events of ``folder`` (:func:`~drawsafe.simulation.folders.folder_index`: its
    ``index.json``, else every event file in it) with a playoff seating ``cut`` players (``None``:
    any playoff, each event with its own) after at least ``min_rounds`` Swiss rounds (fewer means
    single elimination, see the melee data's README), of ``game`` when given (the others:
    :func:`why_left_out`)."""
    from drawsafe.simulation.folders import folder_index

    return [EventEntry(e.file, e.swiss_rounds, e.seats, e.game) for e in folder_index(folder).events
            if why_left_out(e, cut, min_rounds) is None and (game is None or e.game == game)]


def why_left_out(e, cut: int | None, min_rounds: int, rounds_left: int = 0) -> str | None:
    """Why calibration leaves out the event ``e`` of a folder (a
    :class:`~drawsafe.simulation.folders.FolderEvent`), in words that follow "3 events" ("with no
    playoff or cut in the file: ..."); None when it forecasts it."""
    if e.seats < 2:
        return "with no playoff or cut in the file: nothing to score a forecast against"
    if cut is not None and e.seats != cut:
        return f"whose playoff seats another number of players than --top {cut}"
    if e.swiss_rounds < min_rounds:
        return (f"of fewer than {min_rounds} Swiss rounds (--min-rounds): melee.gg lists single elimination "
                "events so")
    if e.swiss_rounds <= rounds_left:
        return f"of {rounds_left} Swiss round(s) or fewer: no round to forecast from (--rounds-left)"
    return None


def folder_left_out(folder: str | Path, cut: int | None = 8, min_rounds: int = 4, rounds_left: int = 1,
                    limit: int | None = None) -> tuple[int, tuple]:
    """The files of ``folder`` and those :func:`calibrate` leaves out (``LeftOut`` groups, one
    per reason, :mod:`drawsafe.simulation.folders`): files that are not events, events it does
    not forecast (:func:`why_left_out`), events past ``limit`` (per game, as
    :func:`calibrate_folder` counts them)."""
    from drawsafe.simulation.folders import LeftOut, folder_index, not_events

    index = folder_index(folder)
    reasons: dict[str, list[str]] = {}
    kept: dict[str, int] = {}
    for e in index.events:
        why = why_left_out(e, cut, min_rounds, rounds_left)
        if why is None and limit is not None:
            kept[e.game] = kept.get(e.game, 0) + 1
            why = f"past --limit {limit} of their game" if kept[e.game] > limit else None
        if why is not None:
            reasons.setdefault(why, []).append(e.file)
    events = sorted((LeftOut("event", why, tuple(files)) for why, files in reasons.items()),
                    key=lambda g: -len(g.files))
    return index.files, (*not_events(index), *events)


def playoff_seats(event) -> int:
    """Players of the event's playoff (its cut)."""
    return len({p for r in event.playoff for m in r.matches for p in m.players})


def simulate_cut(sim: Simulator, fr, budget: Budget) -> list[Proportion]:
    """Every player's P(cut) with the first round ``fr`` as given (its tables' modes, e.g. the
    real draws, or ``BEHAVIOUR`` tables)."""
    batch, _ = simulate_until(lambda first, n: sim.run(n, seed=budget.seed, first=first, first_round=fr),
                              lambda b: b.cut[sim.players], budget)
    return [Proportion(int(k), batch.n) for k in batch.cut]


def forecast_event(path: str | Path, question: Question, *, entry: EventEntry | None = None,
                   rounds_left: int = 1) -> EventForecast:
    """Forecast the event at ``path`` from the start of its last Swiss round (``rounds_left=1``)
    or of the round before it (2: the double draw) and set it against what happened.  The
    ``question`` says the cut (the playoff's seats), the other tables' model of
    :func:`draw_decisions` (``others``: "rational" or "behaviour", with the
    :class:`~drawsafe.simulation.behaviour.BehaviourModel` ``behaviour``, default the package's),
    ``safe`` and the budget; the result model is the event's own (its best-of), and the forecast
    carries the question so completed.

    :raises ValueError: when the file lacks the Swiss rounds or the playoff the index announces.
    """
    start = time.perf_counter()
    event = load_event(path)
    cut = question.top
    entry = entry or EventEntry(Path(path).name, len(event.swiss), cut)
    if (len(event.swiss) != entry.swiss_rounds or len(event.swiss) < 2 or not event.playoff
            or entry.cut not in (2 * len(event.playoff[0].matches), playoff_seats(event))):
        raise ValueError(f"{entry.file}: not {entry.swiss_rounds} Swiss rounds then a playoff "
                         f"seating {entry.cut} players")
    if rounds_left not in (1, 2) or len(event.swiss) <= rounds_left:
        raise ValueError(f"{entry.file}: cannot forecast with {rounds_left} rounds left")
    last = len(event.swiss)
    snap = take_snapshot(event, last - rounds_left)
    rules = get_rules(event.rules or DEFAULT_PACK)
    others, behaviour = question.others, question.behaviour
    if others == "behaviour":
        from drawsafe.simulation.behaviour_model import for_rules, model_for
        behaviour = model_for(rules, cut) if behaviour is None else for_rules(behaviour, rules)
    question = replace(question, results=ResultModel.for_best_of(event.best_of), behaviour=behaviour)
    budget = question.budget
    report = draw_decisions(snap, rules, question)
    sim = Simulator(snap, rules, question)
    fr = sim.first_round
    played = event.swiss[last - rounds_left].matches
    drew = np.array([is_intentional(m, ties_are_ids(rules, event)) for m in played], dtype=bool)
    real = np.where(drew & (fr.mode == engine.FREE), engine.INTENTIONAL, fr.mode)
    p_draw = np.zeros(fr.tables)
    if others == "behaviour":
        for t, p in report.draw_probabilities:
            p_draw[t - 1] = p
        model_sim = sim
        if rounds_left >= 2:
            model_sim = Simulator(snap, rules, replace(question, future_draws="behaviour"))
        forecast = simulate_cut(model_sim, fr.with_draw_probabilities(p_draw), budget)
        # hindsight: the real first round; later rounds' draws as the model would have them
        hindsight = simulate_cut(model_sim, fr.with_modes(real), budget)
    else:
        modelled = fr.mode.copy()
        modelled[[t - 1 for t in report.drawing_tables]] = engine.INTENTIONAL
        forecast = simulate_cut(sim, fr.with_modes(modelled), budget)
        hindsight = simulate_cut(sim, fr.with_modes(real), budget)
    before = compute_standings(snap, rules, budget.seed)
    rank_before = {r.player: r.rank for r in before.rows}
    # every player of the playoff: a double elimination's first seed may not play its first round
    playoff = {p for r in event.playoff for m in r.matches for p in m.players}
    final = compute_standings(take_snapshot(event, last), rules, budget.seed)
    top = [r.player for r in final.rows if not r.dropped][:cut]
    rank = {r.player: r.rank for r in final.rows}
    table_of = {p: t + 1 for t, m in enumerate(played) for p in m.players}
    names, points = snap.names, sim.rec0[:, REC_POINTS] / rules.point_scale
    players = tuple(PlayerForecast(names[p], table_of.get(names[p], 0), float(points[p]),
                                   forecast[p], hindsight[p], names[p] in playoff,
                                   rank.get(names[p], 0), names[p] in top,
                                   rank_before.get(names[p], len(names))) for p in sim.players)
    decided, reasons = {d.table: d for d in report.tables}, {t.table: t.reason for t in report.left_out}
    tables = tuple(TableForecast(
        t, (m.player_a, m.player_b), d.verdict if d else LEFT_OUT, reasons.get(t, ""),
        d.players if d else None, t in report.drawing_tables, bool(drew[t - 1]), m.score_text(),
        float(p_draw[t - 1]) if others == "behaviour" else None)
        for t, m in enumerate(played, start=1) if m.kind == MATCH for d in [decided.get(t)])
    return EventForecast(entry.file, len(event.players), last, question, report.simulations,
                         report.converged, players, tables, final.rows, rules.keys,
                         time.perf_counter() - start, rounds_left,
                         rules.points[2] / rules.point_scale, rules.game)


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
    top: np.ndarray  # 1 = in the exact final top cut
    rank: np.ndarray | None = None  # the naive call: 1 when the current rank is inside the cut


def points_baseline(points: np.ndarray, cut: int) -> np.ndarray:
    """P(cut) from current points only: 1 above the point group straddling the cut, the share of
    the places left inside it, 0 below."""
    size = (points[:, None] == points[None, :]).sum(axis=1)
    return np.clip(cut - (points[:, None] < points[None, :]).sum(axis=1), 0, size) / size


def predictions(events: list[EventForecast]) -> Predictions:
    """Flatten ``events``; a contender can reach the current points of the ``cut``-th player by
    winning (MTG: 3 points a win; Netrunner's double-sided round 6)."""
    rows = []
    for i, ev in enumerate(events):
        pts = np.array([p.points for p in ev.players])
        line = np.sort(pts)[::-1][min(ev.seats, len(pts)) - 1]
        rows.append(np.column_stack([
            np.full(len(pts), i), [p.cut.estimate for p in ev.players],
            [p.hindsight.estimate for p in ev.players], points_baseline(pts, ev.seats),
            np.full(len(pts), ev.seats / len(pts)), pts + ev.win_points >= line,
            [p.made_cut for p in ev.players], [p.in_top for p in ev.players],
            [0 < p.rank_before <= ev.seats for p in ev.players]]))
    c = np.concatenate(rows).T if rows else np.zeros((9, 0))
    return Predictions(c[0].astype(np.int64), *c[1:5], c[5].astype(bool), c[6], c[7], c[8])


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
    ids, inv = np.unique(event, return_inverse=True)
    if len(ids) < 2:
        return ConfidenceInterval(float("nan"), float("nan"))
    sums, counts = np.bincount(inv, weights=per_player), np.bincount(inv)
    pick = np.random.default_rng(seed).integers(0, len(ids), size=(reps, len(ids)))
    means = sums[pick].sum(axis=1) / counts[pick].sum(axis=1)
    low, high = np.quantile(means, [(1 - confidence_level) / 2, (1 + confidence_level) / 2])
    return ConfidenceInterval(float(low), float(high))


def brier(pred: Predictions, column: str = "model", subset: np.ndarray | None = None,
          against: str | None = None, outcome: str = "outcome", label: str = "") -> Score:
    """Brier score of ``column`` (mean of (p - outcome)^2), or with ``against`` the difference
    ``brier(column) - brier(against)`` (negative: ``column`` is better), over ``subset``.
    ``outcome="top"`` scores against the exact final top cut instead of the playoff; ``label`` is
    appended to the score's name."""
    keep = np.ones(len(pred.outcome), bool) if subset is None else subset
    y = getattr(pred, outcome)
    err = (getattr(pred, column) - y) ** 2
    name = column if outcome == "outcome" else f"{column} vs exact top"
    if against is not None:
        err = err - (getattr(pred, against) - y) ** 2
        name = f"{column} - {against}"
    err, ev = err[keep], pred.event[keep]
    value = float(err.mean()) if len(err) else float("nan")
    return Score(name + label, int(keep.sum()), len(np.unique(ev)), value,
                 cluster_bootstrap(err, ev))


def skill(pred: Predictions, column: str = "model", against: str = "rank",
          subset: np.ndarray | None = None, reps: int = 2000, seed: int = 0) -> Score:
    """Brier skill of ``column`` over ``against``: 1 - brier(column) / brier(against) (0.36 = 36%
    better), with a percentile interval from resampling whole events."""
    keep = np.ones(len(pred.outcome), bool) if subset is None else subset
    y = pred.outcome[keep]
    a = (getattr(pred, column)[keep] - y) ** 2
    b = (getattr(pred, against)[keep] - y) ** 2
    ev = pred.event[keep]
    name = f"skill of {column} over {against}"
    if not len(y) or b.sum() == 0:
        return Score(name, int(keep.sum()), len(np.unique(ev)), float("nan"),
                     ConfidenceInterval(float("nan"), float("nan")))
    value = 1 - a.sum() / b.sum()
    ids, inv = np.unique(ev, return_inverse=True)
    sa, sb = np.bincount(inv, weights=a), np.bincount(inv, weights=b)
    pick = np.random.default_rng(seed).integers(0, len(ids), size=(reps, len(ids)))
    num, den = sa[pick].sum(axis=1), sb[pick].sum(axis=1)
    # resamples where the baseline is perfect leave the skill undefined: left out
    boot = 1 - num[den > 0] / den[den > 0]
    low, high = np.quantile(boot, [0.025, 0.975]) if len(ids) > 1 and len(boot) else (np.nan, np.nan)
    return Score(name, int(keep.sum()), len(ids), float(value),
                 ConfidenceInterval(float(low), float(high)))


@dataclass(frozen=True)
class DrawCalls:
    """The tables the other-tables model expected to draw against the real intentional draws:
    ``precision`` = expected and drew / expected, ``recall`` = expected and drew / drew."""

    tables: int
    expected: int
    drew: int
    both: int

    @property
    def precision(self) -> Proportion:
        return Proportion(self.both, self.expected)

    @property
    def recall(self) -> Proportion:
        return Proportion(self.both, self.drew)


def draw_calls(events: list[EventForecast], stake_only: bool = False) -> DrawCalls:
    """:class:`DrawCalls` over every table of ``events`` (``stake_only``: the tables evaluated for
    a verdict, not left out for lack of stake)."""
    ts = [t for ev in events for t in ev.tables if not stake_only or t.verdict != LEFT_OUT]
    return DrawCalls(len(ts), sum(t.modelled_draw for t in ts), sum(t.drew for t in ts),
                     sum(t.modelled_draw and t.drew for t in ts))


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

    @property
    def consistent(self) -> bool:
        """The band's mean forecast lies inside the 95% interval of its observed frequency."""
        return not self.n or self.ci.low <= self.mean_forecast <= self.ci.high


def reliability(pred: Predictions, column: str = "model", edges=BANDS,
                outcome: str = "outcome") -> tuple[Band, ...]:
    """Players binned by forecast ``column`` (``edges``): mean forecast, observed frequency of
    ``outcome`` and its 95% Wilson interval."""
    p, y = getattr(pred, column), getattr(pred, outcome)
    bands = []
    for i, (lo, hi) in enumerate(itertools.pairwise(edges)):
        last = i == len(edges) - 2
        inside = (p >= lo) & ((p <= hi) if last else (p < hi))
        n, k = int(inside.sum()), int(y[inside].sum())
        low, high = wilson(k, n)
        bands.append(Band(lo, hi, n, float(np.mean(p[inside])) if n else np.nan, k,
                          k / n if n else np.nan, ConfidenceInterval(float(low), float(high))))
    return tuple(bands)


@dataclass(frozen=True)
class Surprise:
    """A player whose outcome the forecast did not expect, or who was called safe and missed."""

    file: str
    table: int
    player: str
    verdict: str
    drew: bool
    forecast: Proportion
    p_draw: Proportion | None  # P(cut | their table draws) when the table was evaluated
    hindsight: Proportion
    made_cut: bool
    final_rank: int
    explanation: str


def separating_key(a: StandingRow, b: StandingRow, keys: tuple[str, ...]) -> str:
    """The first standings key on which rows ``a`` and ``b`` differ ("points" or a tiebreak)."""
    if abs(a.points - b.points) > TOLERANCE:
        return "points"
    for k in keys:
        if abs(a.values[k] - b.values[k]) > TOLERANCE:
            return k
    return "random order of an exact tie"


def table_text(t: TableForecast | None) -> str:
    return (f"table {t.table} modelled as {'drawing' if t.modelled_draw else 'playing'}, "
            f"result {t.score}") if t else "no table"


def explain(ev: EventForecast, player: str) -> str:
    """What decided ``player``'s outcome: a playoff that is not the exact top cut (declined or
    replaced), else their final rank, their own table (the model's choice and the result), and
    the players who unexpectedly finished on the other side of them, with the deciding key."""
    forecast = {p.player: p for p in ev.players}
    table = {p: t for t in ev.tables for p in t.players}
    f, me = forecast[player], next(r for r in ev.final if r.player == player)
    if f.made_cut != f.in_top:
        return f"final Swiss rank {me.rank}: " + (
            "played the playoff from outside the exact top cut, in place of "
            + ", ".join(ev.replaced()[1]) if f.made_cut else
            "in the exact top cut but did not play the playoff (declined or replaced)")
    parts = [f"{r.player} (forecast {forecast[r.player].cut.estimate:.3f}; "
             f"{table_text(table.get(r.player))}; separated on {separating_key(r, me, ev.keys)})"
             for r in (ev.final[me.rank:] if f.made_cut else ev.final[:me.rank - 1])
             if r.player in forecast and (forecast[r.player].cut.estimate >= 0.5) == f.made_cut]
    return (f"final Swiss rank {me.rank}; own {table_text(table.get(player))}"
            + (("; finished above " if f.made_cut else "; passed by ") + "; ".join(parts)
               if parts else ""))


def surprises(events: list[EventForecast], low: float = 0.1, high: float = 0.9
              ) -> tuple[Surprise, ...]:
    """Players forecast below ``low`` who made the playoff, above ``high`` who missed it, and
    every player at a table called safe to draw who missed it, each explained."""
    out = []
    for ev in events:
        table = {p: t for t in ev.tables for p in t.players}
        for f in ev.players:
            t = table.get(f.player)
            verdict = t.verdict if t else LEFT_OUT
            p, safe = f.cut.estimate, verdict == SAFE_TO_DRAW
            if not (f.made_cut and p < low or not f.made_cut and (p > high or safe)):
                continue
            chances = t.chances[t.players.index(f.player)] if t and t.chances else None
            out.append(Surprise(ev.file, f.table, f.player, verdict, bool(t and t.drew), f.cut,
                                chances.draw if chances else None, f.hindsight, f.made_cut,
                                f.final_rank, explain(ev, f.player)))
    return tuple(out)


def safe_misses(events: list[EventForecast]) -> tuple[Surprise, ...]:
    """Players at tables called safe to draw that drew and missed the playoff, explained."""
    return tuple(s for s in surprises(events)
                 if s.verdict == SAFE_TO_DRAW and s.drew and not s.made_cut)


def verdict_counts(events: list[EventForecast]) -> dict[str, dict[str, int]]:
    """Tables of the last Swiss round by verdict: how many there were, how many drew
    intentionally, how many the rational other-tables model expected to draw, and both."""
    out = {v: dict.fromkeys(("tables", "drew", "modelled_draw", "modelled_and_drew"), 0)
           for v in VERDICTS}
    for t in (t for ev in events for t in ev.tables):
        for key, yes in zip(out[t.verdict], (True, t.drew, t.modelled_draw,
                                             t.drew and t.modelled_draw), strict=True):
            out[t.verdict][key] += yes
    return out


@dataclass(frozen=True)
class Summary:
    """The figures of a set of events (see :func:`summarize`)."""

    events: int
    players: int
    scores: tuple[Score, ...]
    #: Reliability bands: "forecast", "hindsight", "forecast vs exact top" (outcome: exact top cut).
    bands: dict[str, tuple[Band, ...]]
    surprises: tuple[Surprise, ...]
    verdicts: dict[str, dict[str, int]]
    #: Brier skill over the naive "current rank <= cut" call (forecast, hindsight).
    skills: tuple[Score, ...] = ()
    #: Expected draws against real ones: every table, and the tables with a stake.
    calls: DrawCalls | None = None
    calls_stake: DrawCalls | None = None


def summarize(events: list[EventForecast]) -> Summary:
    """Brier scores (model, hindsight, baselines, differences; all players and contenders; the
    model against the exact top cut), skill over the naive rank call, reliability bands,
    surprises, verdict counts and the expected draws' precision and recall."""
    pred = predictions(events)
    scores = [brier(pred, col, subset, against, label=label)
              for subset, label in ((None, ""), (pred.contender, " [contenders]"))
              for col, against in (("model", None), ("hindsight", None), ("points", None),
                                   ("rank", None), ("constant", None), ("model", "points"),
                                   ("model", "rank"), ("model", "constant"))]
    scores.append(brier(pred, outcome="top"))
    bands = {"forecast": reliability(pred), "hindsight": reliability(pred, "hindsight"),
             "forecast vs exact top": reliability(pred, outcome="top")}
    skills = (skill(pred, "model"), skill(pred, "hindsight"))
    return Summary(len(events), len(pred.outcome), tuple(scores), bands, surprises(events),
                   verdict_counts(events), skills, draw_calls(events), draw_calls(events, True))


#: The cap on simulations per scenario of a calibration's forecasts when adapting to a precision.
CALIBRATION_MAX_SIMS = 400_000


@dataclass(frozen=True)
class CalibrationRun(Answered):
    """Forecasts of a folder's events with one other-tables model (the ``question``'s ``others``;
    each event asked it at its own cut): the events scored, the events reported apart (a qualifier
    skipped the playoff: a declined invitation) and their summary."""

    question: Question
    rounds_left: int
    folds: int
    events: tuple[EventForecast, ...]
    apart: tuple[EventForecast, ...]
    summary: Summary | None
    game: str = "Magic"

    def safe_calls_missed(self) -> list[Surprise]:
        """Players at tables called safe to draw who missed the playoff (drawn or not)."""
        return [x for x in self.summary.surprises if x.verdict == SAFE_TO_DRAW and not x.made_cut]

    def lines(self) -> list[str]:
        """The run's figures as the terminal shows them."""
        s = self.summary
        how = (f"behaviour model cross-validated by event ({self.folds} folds)" if self.folds
               else "model as given")
        title = (f"=== {self.game}: --others {self.others}, {self.rounds_left} round(s) left: {len(self.events)} "
                 f"events scored, {len(self.apart)} apart; "
                 f"{how if self.others == 'behaviour' else 'rational rule'} ===")
        lines = [title]
        if s is None:
            return lines + ["  no event to score"]
        scores = {x.name: x for x in s.scores}
        # a bootstrap over one event has no spread: said, not printed as "[nan, nan]"
        alone = "(one event: no interval)" if len(self.events) < 2 else None
        lines.append(f"Brier score of P(cut) over {s.players} players (95% bootstrap interval over events):")
        for name, label in (("model", "forecast"), ("hindsight", "hindsight (real draws known)"),
                            ("rank", "naive call: current rank <= cut"), ("points", "points only")):
            sc = scores[name]
            lines.append(f"  {label:<34} {sc.value:.4f}  {alone or fraction_interval(sc.ci)}")
        for sk in s.skills:
            if math.isnan(sk.value):  # 1 - score / baseline with a baseline of 0: no skill to measure
                lines.append(f"  {sk.name:<34} undefined: the baseline's Brier score is 0")
                continue
            lines.append(f"  {sk.name:<34} {sk.value:+.1%}  {alone or f'[{sk.ci.low:+.1%}, {sk.ci.high:+.1%}]'}")
        for label, c in (("every table", s.calls), ("tables with a stake", s.calls_stake)):
            pr, rc = c.precision, c.recall
            lines.append(f"Expected intentional draws, {label}: {c.expected} expected, {c.drew} drew, "
                         f"{c.both} both: precision {pr.estimate:.1%} {fraction_interval(pr.confidence_interval(), 3)}, "
                         f"recall {rc.estimate:.1%} {fraction_interval(rc.confidence_interval(), 3)}")
        lines.append("Reliability: band, players, mean forecast, made the playoff, 95% interval")
        for b in s.bands["forecast"]:
            if b.n:
                flag = "" if b.consistent else "  <- outside its interval"
                lines.append(f"  [{b.low:.3f}, {b.high:.3f}{']' if b.high == 1 else ')'} {b.n:5d}  "
                             f"{b.mean_forecast:.4f}  {b.made:4d}/{b.n:<5d} = {b.observed:.4f}  "
                             f"{fraction_interval(b.ci)}{flag}")
        misses = self.safe_calls_missed()
        lines.append(f"'{VERDICT_WORDS[SAFE_TO_DRAW].report}' calls that missed the playoff: {len(misses)} "
                     f"({sum(x.drew for x in misses)} of them drew)")
        for x in misses:
            lines.append(f"  {x.file} table {x.table}: {x.player} ({'drew' if x.drew else 'played'}): "
                         f"{x.explanation}")
        lines.append("Tables by verdict: tables, drew intentionally, expected to draw")
        for v, r in s.verdicts.items():
            lines.append(f"  {v:<36} {r['tables']:4d} {r['drew']:4d} {r['modelled_draw']:4d}")
        for ev in self.apart:
            lines.append(f"Apart (not scored): {ev.file}: outside the playoff with more points than a "
                         f"qualifier: {', '.join(ev.skipped_qualifier)}")
        return lines

    def to_json(self) -> dict:
        s = self.summary
        out = {"game": self.game, "others": self.others, "rounds_left": self.rounds_left, "folds": self.folds,
               "events": [e.file for e in self.events],
               "apart": [{"file": e.file, "skipped_qualifier": e.skipped_qualifier} for e in self.apart]}
        if s is None:
            return out
        out.update({
            "players": s.players,
            "brier": {x.name: {"value": x.value, "ci95": bootstrap_json(x.ci), "players": x.n}
                      for x in s.scores},
            "skill": {x.name: {"value": None if math.isnan(x.value) else x.value, "ci95": bootstrap_json(x.ci)}
                      for x in s.skills},
            "draw_calls": {label: {**asdict(c), "precision": proportion_json(c.precision),
                                   "recall": proportion_json(c.recall)}
                           for label, c in (("all", s.calls), ("stake", s.calls_stake))},
            "reliability": [{"low": b.low, "high": b.high, "players": b.n,
                             "mean_forecast": b.mean_forecast if b.n else None, "made": b.made,
                             "ci95": [b.ci.low, b.ci.high], "consistent": b.consistent}
                            for b in s.bands["forecast"]],
            "safe_misses": [{"file": x.file, "table": x.table, "player": x.player, "drew": x.drew,
                             "explanation": x.explanation} for x in self.safe_calls_missed()],
            "verdicts": s.verdicts})
        return out


def bootstrap_json(ci) -> list[float] | None:
    """A bootstrap interval in the JSON: ``[low, high]``, or null where there is none (one event:
    NaN is no JSON)."""
    return None if math.isnan(ci.low) or math.isnan(ci.high) else [ci.low, ci.high]


@dataclass(frozen=True)
class Calibration:
    """``drawsafe calibrate``'s answer: a :class:`CalibrationRun` per game and other-tables model of
    the events of ``folder`` (keys: the model, or "game: model" when the folder holds several
    games), with playoffs of ``cut`` players (None: each event's own)."""

    folder: str
    cut: int | None
    budget: Budget
    runs: dict[str, CalibrationRun]
    #: The files of the folder, and those left out, by reason (:func:`folder_left_out`).
    files: int = 0
    left_out: tuple = ()

    def forecast(self) -> int:
        """The events forecast (with each model)."""
        return self.files - sum(len(g.files) for g in self.left_out)

    def account(self) -> list[str]:
        """What was read: the folder's files, the events forecast, the files left out and why."""
        if not self.left_out:
            return [f"{self.folder}: {self.files} files, every one an event forecast"]
        left = sum(len(g.files) for g in self.left_out)
        return [f"{self.folder}: {self.files} files, {self.forecast()} events forecast, {left} left out:",
                *[f"  {g.line()}" for g in self.left_out]]

    def lines(self) -> list[str]:
        """What was read (:meth:`account`), then every run's figures, a blank line after each."""
        return [*self.account(), "", *[line for run in self.runs.values() for line in (*run.lines(), "")]]

    def to_json(self) -> dict:
        return {"folder": self.folder, "top": self.cut, "sims": self.budget.sims, "seed": self.budget.seed,
                "files": self.files, "forecast": self.forecast(), "left_out": [g.to_json() for g in self.left_out],
                "runs": {k: r.to_json() for k, r in self.runs.items()}}


def calibrate(folder: str | Path, question: Question, *, models: tuple[str, ...], cut: int | None = None,
              rounds_left: int = 1, folds: int = 5, observations: str | Path | None = None,
              limit: int | None = None, min_rounds: int = 4, report=None) -> Calibration:
    """Every game of ``folder`` (:func:`folder_games`) calibrated with each other-tables model of
    ``models`` (:func:`calibrate_folder`, ``question`` asked of each event at its cut).
    ``observations``: a table of the events' features for the cross-validation (one game only).

    :raises UsageError: for a folder with no event to score, a table of features beside several
        games, or a table that cannot be read."""
    from drawsafe.simulation.behaviour import Observations

    games = folder_games(folder, cut, min_rounds, rounds_left)
    files, left_out = folder_left_out(folder, cut, min_rounds, rounds_left, limit)
    if not games:
        raise UsageError(f"{folder}: no event with a playoff{f' of {cut} players' if cut else ''} after "
                         f"{min_rounds} Swiss rounds or more to forecast; of its {files} files, "
                         + "; ".join(g.line() for g in left_out)
                         + ". Give a folder of finished events' files (cobra, pokedata, TOM, melee.gg, ...)")
    if report:
        counted = sum(len(g.files) for g in left_out)
        report(f"{folder}: {files} files, {files - counted} events to forecast, {counted} left out "
               "(which and why: at the head of the results)")
    if observations is not None and len(games) > 1:
        raise UsageError(f"--observations: {folder} holds events of {len(games)} games "
                         f"({', '.join(games)}); give one game's folder with its table features")
    obs = None
    if observations is not None:
        try:
            obs = Observations.read(observations)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    runs = {}
    for game in games:
        for model in models:
            if model == "behaviour" and folds >= 2 and obs is None and report:
                report(f"simulating the table features of every {game} event for the cross-validation ...")
            key = model if len(games) == 1 else f"{game}: {model}"
            runs[key] = calibrate_folder(folder, replace(question, others=model), cut=cut, rounds_left=rounds_left,
                                         folds=folds, observations=obs, limit=limit, report=report, game=game,
                                         min_rounds=min_rounds)
    return Calibration(str(folder), cut, question.budget, runs, files, left_out)


def calibrate_folder(folder: str | Path, question: Question, *, cut: int | None = 8, rounds_left: int = 1,
                     folds: int = 5, observations=None, limit: int | None = None, report=None,
                     game: str | None = None, min_rounds: int = 4) -> CalibrationRun:
    """Forecast every event of ``folder`` (of ``game`` when given) with a playoff of ``cut``
    players (``None``: each event's own) after ``min_rounds`` Swiss rounds or more, from
    ``rounds_left`` rounds before the end, and score the forecasts against what happened.  Each
    event is asked ``question`` (its other tables' model, ``others``; its budget) at the event's
    own cut (:func:`forecast_event`).

    With ``question.others="behaviour"`` and ``folds >= 2`` the behaviour model is cross-validated
    by event: the events are dealt into ``folds`` folds, and each is forecast by a model fitted on
    the table ``observations`` (:class:`~drawsafe.simulation.behaviour.Observations`; simulated
    from ``folder``'s events of the game when not given) of every event outside its fold.
    Otherwise ``question.behaviour`` (default: the game's model of the package, fitted on every
    event, :func:`~drawsafe.simulation.behaviour_model.model_for`) is used as it is.
    ``report(text)`` receives a line per event.
    """
    from drawsafe.simulation.behaviour import (
        Observations,
        fold_models,
        observe_events,
        observed_events,
    )

    others = question.others
    entries = [e for e in select_events(folder, cut, min_rounds, game)
               if e.swiss_rounds > rounds_left][:limit]
    models: dict[str, object] = {}
    if others == "behaviour" and folds >= 2 and entries:
        if observations is None:
            observations = Observations.from_rounds(
                observe_events(folder, observed_events(folder, game), report=None))
        models = fold_models(observations, [e.file for e in entries], folds)
    scored, apart = [], []
    for i, e in enumerate(entries, 1):
        asked = replace(question, cut=Cut(e.cut), behaviour=models.get(e.file, question.behaviour))
        ev = forecast_event(Path(folder) / e.file, asked, entry=e, rounds_left=rounds_left)
        (apart if ev.skipped_qualifier else scored).append(ev)
        if report:
            report(f"[{others} {i}/{len(entries)}] {e.file}: {ev.seconds:.1f} s"
                   + (" (a qualifier skipped the playoff: reported apart)" if ev.skipped_qualifier
                      else ""))
    return CalibrationRun(question, rounds_left, folds if others == "behaviour" else 0,
                          tuple(scored), tuple(apart), summarize(scored) if scored else None,
                          game or (entries[0].game if entries else ""))


def folder_games(folder: str | Path, cut: int | None = 8, min_rounds: int = 4, rounds_left: int = 0) -> list[str]:
    """The games of ``folder``'s events that :func:`calibrate_folder` scores, in order."""
    return sorted({e.game for e in select_events(folder, cut, min_rounds) if e.swiss_rounds > rounds_left})
