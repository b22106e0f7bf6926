"""During the last round: the exact answers of ``odds`` and ``draw`` from the open tables' outcomes.

When the last Swiss round's pairings are published and few tables that can still change the cut
have not reported (:func:`drawsafe.simulation.enumeration.enumerate_outcomes`), the figures need
no simulation: they are sums over every outcome, and say so.  Results already reported count as
they are.  Each contender also gets their best and worst final place with the results that lead
there, and "root for": the other tables whose result moves their odds most (the same numbers,
conditioned on each table's result).

Exact figures are :class:`ExactShare` values: they behave as the simulations'
:class:`~drawsafe.stats.Proportion` (``estimate``, ``confidence_interval()``) with an interval of
zero width, so every view and verdict reads them unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from drawsafe.engine import kernel as engine
from drawsafe.simulation.decisions import (
    EXPECT,
    MAX_ITERATIONS,
    SETTLE_SIMS,
    STAKE,
    DrawReport,
    LeftOutTable,
    PlayerChances,
    TableDecision,
    locked_tables,
    played_share,
    skipped_table,
    stake_function,
    verdict,
    wants_draw,
)
from drawsafe.simulation.enumeration import (
    A_WINS,
    B_WINS,
    DRAW,
    Enumeration,
    NotExact,
    enumerate_outcomes,
    match_outcomes,
)
from drawsafe.simulation.odds import OddsResult, PlayerOdds
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import FirstRound, Simulator
from drawsafe.simulation.whatif import (
    EXACT_CODES,
    EXACT_FIGURES,
    EXACT_NOTE,
    SHOWN,
    ExactCells,
    exact_what_if,
    what_if_json,
)
from drawsafe.stats import ConfidenceInterval, PairedDifference
from drawsafe.tiebreaks.packs import RulePack, display_points
from drawsafe.tiebreaks.values import REC_POINTS

#: Differences below this are rounding, not a gain (exact sums carry ~1e-16 of float error).
ROUNDING = 1e-12
#: Tables listed under "root for", at most.
ROOT_FOR = 5


@dataclass(frozen=True)
class ExactShare:
    """An exact probability where the simulations give a :class:`~drawsafe.stats.Proportion`:
    ``n`` is the number of outcomes it sums (not a sample), the interval has zero width."""

    value: float
    n: int = 1

    @property
    def estimate(self) -> float:
        return self.value

    @property
    def k(self) -> float:
        return self.value * self.n

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        return ConfidenceInterval(self.value, self.value)

    def __repr__(self) -> str:
        return f"ExactShare({self.value:.6f})"


def clean(x: float) -> float:
    """An exact sum with its float error (1e-16) rounded away, within [0, 1]."""
    return float(min(1.0, max(0.0, round(x, 12))))


@dataclass(frozen=True)
class TableResult:
    """One table's result in a scenario: ``winner`` (None for a draw)."""

    table: int
    player_a: str
    player_b: str
    result: int

    @property
    def winner(self) -> str | None:
        return self.player_a if self.result == A_WINS else self.player_b if self.result == B_WINS else None

    def text(self) -> str:
        if self.result == DRAW:
            return f"table {self.table}: {self.player_a} and {self.player_b} draw"
        loser = self.player_b if self.result == A_WINS else self.player_a
        return f"table {self.table}: {self.winner} beats {loser}"

    def to_json(self) -> dict:
        return {"table": self.table, "player_a": self.player_a, "player_b": self.player_b,
                "result": ("a", "draw", "b")[self.result], "winner": self.winner}


@dataclass(frozen=True)
class PlaceRange:
    """A contender's best and worst final place (exact ties at their class's best and worst place),
    over every combination of results of the open tables, game scores as most likely."""

    best: int
    worst: int
    best_case: tuple[TableResult, ...]
    worst_case: tuple[TableResult, ...]

    def to_json(self) -> dict:
        return {"best_place": self.best, "worst_place": self.worst,
                "best_case": [r.to_json() for r in self.best_case],
                "worst_case": [r.to_json() for r in self.worst_case]}


@dataclass(frozen=True)
class RootFor:
    """Another table's result against a contender's odds: P(cut) if A wins, if it is a draw, if B
    wins (None: that result cannot happen), and the swing between the best and worst of them."""

    table: int
    player_a: str
    player_b: str
    if_a_wins: float | None
    if_draw: float | None
    if_b_wins: float | None

    @property
    def swing(self) -> float:
        xs = [x for x in (self.if_a_wins, self.if_draw, self.if_b_wins) if x is not None]
        return max(xs) - min(xs) if xs else 0.0

    @property
    def wanted(self) -> str:
        """The result to root for, in words."""
        options = [(x, i) for i, x in enumerate((self.if_a_wins, self.if_draw, self.if_b_wins)) if x is not None]
        best = max(options)[1]
        return (f"{self.player_a} wins", "a draw", f"{self.player_b} wins")[best]

    def to_json(self) -> dict:
        return {"table": self.table, "player_a": self.player_a, "player_b": self.player_b,
                "p_cut_if_a_wins": self.if_a_wins, "p_cut_if_draw": self.if_draw,
                "p_cut_if_b_wins": self.if_b_wins, "swing": self.swing, "root_for": self.wanted}


@dataclass(frozen=True)
class ExactSummary:
    """How the exact answer was made."""

    open_tables: int
    enumerated: tuple[int, ...]
    combinations: int
    evaluations: int
    straddles: int
    seconds: float
    contenders: int

    def headline(self) -> str:
        """How the figures were made, in the words every page and the command line show: exact,
        not sampled (so no interval goes with them)."""
        tables = "table" if self.open_tables == 1 else "tables"
        return f"exact (every outcome of the {self.open_tables} open {tables})"

    def text(self) -> str:
        held = self.open_tables - len(self.enumerated)
        more = (f" ({held} of the tables cannot change the cut: one outcome stands for all of theirs)"
                if held else "")
        scores = (f"; game scores tried where they decided the cut line ({self.straddles:,} of them)"
                  if self.straddles else "")
        combinations = f"{self.combinations:,} combination{'' if self.combinations == 1 else 's'} of results"
        return f"{self.headline()}: {combinations}{more}{scores}; no simulation, no interval"

    def to_json(self) -> dict:
        return {"method": "exact", "words": self.headline(), "open_tables": self.open_tables, "enumerated_tables": list(self.enumerated),
                "combinations": self.combinations, "standings_evaluated": self.evaluations,
                "combinations_decided_by_game_scores": self.straddles, "seconds": round(self.seconds, 3),
                "contenders": self.contenders}


class Narrative:
    """Places and "root for" of the contenders of one enumeration."""

    def __init__(self, e: Enumeration):
        self.e = e
        self.names = e.names

    def results(self, codes: tuple[int, ...]) -> tuple[TableResult, ...]:
        out = []
        for j, res in zip(self.e.enumerated, codes):
            t = self.e.tables[j]
            out.append(TableResult(t.table, self.names[t.a], self.names[t.b], res))
        return tuple(out)

    def places(self, player: int) -> PlaceRange | None:
        if player not in self.e.contenders:
            return None
        q = self.e.contenders.index(player)
        return PlaceRange(int(self.e.best[q]), int(self.e.worst[q]), self.results(self.e.best_results[q]),
                          self.results(self.e.worst_results[q]))

    def others(self, player: int) -> list:
        """(index, table) of the enumerated tables other than ``player``'s own (none for a player
        who is not a contender: settled)."""
        if player not in self.e.contenders:
            return []
        return [(j, self.e.tables[j]) for j in self.e.enumerated if player not in (self.e.tables[j].a, self.e.tables[j].b)]

    def root_for(self, player: int, count: int = ROOT_FOR) -> tuple[RootFor, ...]:
        rows = []
        for j, t in self.others(player):
            given = [clean(self.e.given(player, j, result=r)) if t.result_probability(r) > 0 else None
                     for r in (A_WINS, DRAW, B_WINS)]
            row = RootFor(t.table, self.names[t.a], self.names[t.b], *given)
            if row.swing > ROUNDING:
                rows.append(row)
        rows.sort(key=lambda r: (-r.swing, r.table))
        return tuple(rows[:count])

    def what_if(self, player: int) -> tuple:
        """``player``'s what-if, exact (:func:`drawsafe.simulation.whatif.exact_what_if`): each
        enumerated table whose result changes their odds (none for a settled player)."""
        rows = []
        for j, t in self.others(player):
            a, b = self.names[t.a], self.names[t.b]
            results = [(words, winner, clean(t.result_probability(r)), clean(self.e.given(player, j, result=r)))
                       for r, words, winner in ((A_WINS, "A wins", a), (DRAW, "draw", None), (B_WINS, "B wins", b))
                       if t.result_probability(r) > 0]
            given = [x for *_, x in results]
            if given and max(given) - min(given) > ROUNDING:
                rows.append((t.table, a, b, results))
        return exact_what_if(rows, float(self.e.p_cut[player]))


# --- odds --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LivePlayerOdds(PlayerOdds):
    """A player's exact odds (``cut`` an :class:`ExactShare`), places and whom to root for."""

    points_probability: dict = field(default_factory=dict)
    places: PlaceRange | None = None
    root_for: tuple[RootFor, ...] = ()

    def to_json(self) -> dict:
        d = {"player": self.player, "points": self.points_now, "p_cut": self.p_cut, "ci_low": self.p_cut,
             "ci_high": self.p_cut, "points_distribution": self.points_probability}
        if self.places is not None:
            d.update(self.places.to_json())
        d["root_for"] = [r.to_json() for r in self.root_for]
        d.update(what_if_json(self.what_if))
        return d


@dataclass(frozen=True)
class LiveOdds(OddsResult):
    """:class:`~drawsafe.simulation.odds.OddsResult` made exactly (``simulations`` is 0)."""

    exact: ExactSummary | None = None

    @property
    def precision(self) -> float | None:
        """None: exact figures have no Monte Carlo precision."""
        return None

    def to_json(self) -> dict:
        d = super().to_json()
        d["method"] = "exact"
        d["exact"] = self.exact.to_json()
        return d


def final_points(sim: Simulator, e: Enumeration, player: int, point_scale: int) -> dict:
    """``{points: probability}`` of a player's final total (their own table's outcomes)."""
    now = int(sim.rec0[player, REC_POINTS])
    table = sim.points_table
    snap = sim.snap
    if snap.next_round is not None:
        for m in snap.next_round.matches:
            mine = snap.index[m.player_a] == player or (m.player_b is not None and snap.index[m.player_b] == player)
            if mine and (m.player_b is None or m.reported):
                gain = 0
                if m.kind == "bye":
                    gain = int(table[2])
                elif m.reported and m.player_b is not None:
                    won = m.a_wins if snap.index[m.player_a] == player else m.b_wins
                    lost = m.b_wins if snap.index[m.player_a] == player else m.a_wins
                    gain = int(table[2] if won > lost else table[0] if won < lost else table[1])
                return {str(display_points(now + gain, point_scale)): 1.0}
    for t in e.tables:
        if player in (t.a, t.b):
            out: dict = {}
            for o in t.outcomes:
                won = o.result != DRAW and (o.result == A_WINS) == (player == t.a)
                gain = int(table[1]) if o.result == DRAW else int(table[2] if won else table[0])
                key = str(display_points(now + gain, point_scale))
                out[key] = out.get(key, 0.0) + o.prior
            return {k: clean(v) for k, v in out.items() if v > 0}
    return {str(display_points(now, point_scale)): 1.0}


def live_odds(snap, rules: RulePack, question: Question, progress=None) -> LiveOdds:
    """Every player's exact P(cut) in the last round in progress (see the module text), the other
    tables' intentional draws as ``question.others`` says (:func:`live_draw`'s enumeration: the
    same number for a player in both answers), at most ``question.exact_tables`` open tables
    enumerated.  ``progress``: unused (no simulation), for the entry points' one shape.

    :raises NotExact: when the round cannot be answered exactly (the reason)."""
    results_decide_points(rules)
    others = question.others
    sim = Simulator(snap, rules, question)
    if others == "none":
        e = enumerate_outcomes(snap, rules, question, limit=question.exact_tables, with_id=False)
        drawing, probabilities = (), ()
    else:
        if snap.rounds_left != 1 or sim.first_round is None:
            raise NotExact("the exact answer needs the last round's pairings published")
        e, q, p_draw, open_, _, _ = others_enumeration(sim, question)
        drawing = tuple(sorted(t + 1 for t in open_ if q[t] >= EXPECT))
        probabilities = () if p_draw is None else tuple((t + 1, float(p_draw[t])) for t in open_)
    story = Narrative(e)
    n = max(e.combinations, 1)
    now = sim.rec0[:, REC_POINTS]
    players = []
    for p in sim.players:
        p = int(p)
        players.append(LivePlayerOdds(snap.names[p], display_points(now[p], rules.point_scale),
                                      ExactShare(clean(e.p_cut[p]), n), np.zeros(0, dtype=np.int64),
                                      np.zeros(0, dtype=np.int64), rules.point_scale,
                                      final_points(sim, e, p, rules.point_scale), story.places(p),
                                      story.root_for(p), what_if=story.what_if(p)))
    players.sort(key=lambda o: (-o.p_cut, o.player))
    return LiveOdds(question, 0, True, tuple(players), pairings="published", drawing_tables=drawing,
                    draw_probabilities=probabilities, exact=summary_of(e), what_if_note=EXACT_NOTE)


def summary_of(e: Enumeration) -> ExactSummary:
    return ExactSummary(len(e.tables), tuple(e.tables[j].table for j in e.enumerated), e.combinations,
                        e.evaluations, e.straddles, e.seconds, len(e.contenders))


# --- draw or play ------------------------------------------------------------------------------

@dataclass(frozen=True)
class LiveDraw(DrawReport):
    """:class:`~drawsafe.simulation.decisions.DrawReport` made exactly (``simulations`` is 0), with
    the places and "root for" of the evaluated tables' players."""

    exact: ExactSummary | None = None
    places: dict = field(default_factory=dict)
    root_for: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        d = super().to_json()
        d["method"] = "exact"
        d["exact"] = self.exact.to_json()
        d["places"] = {p: r.to_json() for p, r in self.places.items()}
        d["root_for"] = {p: [r.to_json() for r in rows] for p, rows in self.root_for.items()}
        return d


def chances_of(sim: Simulator, e: Enumeration, t: int, player: int, n: int, point_scale: int) -> PlayerChances:
    """A player's exact odds at open table ``t`` (an index into ``e.tables``): if it draws
    (0-0-3), plays (the result model), wins or loses."""
    table = e.tables[t]
    free = match_outcomes(sim, table.a, table.b, engine.FREE, with_id=True)
    by_score = {(o.result, o.score): o.prior for o in free}
    weights = [by_score.get((o.result, o.score), 0.0) for o in table.outcomes]
    free_outcomes = [replace(o, prior=w) for o, w in zip(table.outcomes, weights)]
    ident = next(i for i, o in enumerate(table.outcomes) if o.intentional)
    mine, theirs = (A_WINS, B_WINS) if player == table.a else (B_WINS, A_WINS)
    draw = clean(e.given(player, t, outcome=ident))
    play = clean(e.given(player, t, free=free_outcomes))
    win = clean(e.given(player, t, result=mine, free=free_outcomes))
    loss = clean(e.given(player, t, result=theirs, free=free_outcomes))
    diff = draw - play
    diff = 0.0 if abs(diff) < ROUNDING else diff
    points = display_points(sim.rec0[player, REC_POINTS], point_scale)
    return PlayerChances(sim.snap.names[player], points, ExactShare(draw, n), ExactShare(play, n),
                         ExactShare(win, n), ExactShare(loss, n), PairedDifference(diff, 0.0, n))


def others_enumeration(sim: Simulator, question: Question, joint: bool = False):
    """The one enumeration of the last round with every open table's probability of an intentional
    draw as ``question.others`` says: (enumeration, those probabilities, the behaviour model's (or
    None), the open tables, best-response iterations, converged); ``joint``: the enumeration keeps
    every combination's shares of the cut (the card's exact what-if)."""
    snap, rules, others, safe = sim.snap, sim.rules, question.others, question.safe
    limit, seed, behaviour = question.exact_tables, question.budget.seed, question.behaviour
    fr = sim.first_round
    # the table count first: refused rounds must not pay for the behaviour model's simulations
    enumerate_outcomes(snap, rules, question, limit=limit, with_id=True, check_only=True)
    open_ = [t for t in range(fr.tables) if fr.b[t] >= 0 and fr.mode[t] == engine.FREE]
    q = np.zeros(fr.tables)
    p_draw = None
    if others in ("locked", "rational"):
        for t in np.flatnonzero(locked_tables(sim, fr, question.top)):
            q[int(t)] = 1.0
    if others == "behaviour":
        from drawsafe.simulation.behaviour import draw_probabilities
        from drawsafe.simulation.behaviour_model import model_for

        model = behaviour or model_for(sim.rules, question.top)
        p_draw, _ = draw_probabilities(model, sim, fr, seed, SETTLE_SIMS, stake_function(sim, fr, seed))
        q[:] = p_draw
    iterations, converged = 0, True

    def run(q):
        return enumerate_outcomes(snap, rules, question, modelled_round(fr, open_, q), limit=limit, with_id=True,
                                  joint=joint)

    e = run(q)
    if others == "rational":
        converged = False
        for iterations in range(1, MAX_ITERATIONS + 1):
            n = max(e.combinations, 1)
            choice = q.copy()
            for t in open_:
                j = index_of(e, t + 1)
                a = chances_of(sim, e, j, int(fr.a[t]), n, rules.point_scale)
                b = chances_of(sim, e, j, int(fr.b[t]), n, rules.point_scale)
                choice[t] = 1.0 if wants_draw(a, b, safe) else 0.0
            if np.array_equal(choice, q):
                converged = True
                break
            q = choice
            e = run(q)
    return e, q, p_draw, open_, iterations, converged


def modelled_round(fr: FirstRound, open_: list[int], q: np.ndarray) -> FirstRound:
    """The round as the enumeration plays it: each open table drawing intentionally with its
    probability ``q``."""
    modes = np.array([engine.BEHAVIOUR if t in open_ else fr.mode[t] for t in range(fr.tables)], dtype=np.int64)
    return FirstRound(fr.a, fr.b, modes, fr.score, q)


#: The card's code (:data:`~drawsafe.simulation.whatif.EXACT_CODES`) of each of the enumeration's results.
RESULT_CODES = np.array([EXACT_CODES["A wins"], EXACT_CODES["draw"], EXACT_CODES["B wins"]], dtype=np.int8)


def exact_cells(e: Enumeration, t: int, shown: tuple) -> ExactCells | None:
    """Open table ``t``'s (an index into ``e.tables``) card what-if, exact
    (:class:`~drawsafe.simulation.whatif.ExactCells`): for every combination of results of the
    ``shown`` tables (the first of a player's exact what-if) that can happen, its probability and
    both players' figures given it, summed from the enumeration's shares of the cut in every
    combination (``e.joint``: one pass, no enumeration more).  None without them (the round too
    large for :data:`~drawsafe.simulation.enumeration.JOINT_CAP`, or no table shown)."""
    if not shown or e.joint is None:
        return None
    own = e.table_of(t)
    js = [e.table_of(index_of(e, s.table)) for s in shown]
    if own is None or None in js:
        return None
    res = e.results[:, js]  # [combination, shown]
    radix = 3 ** np.arange(len(js))
    key = res @ radix
    cells = np.arange(3 ** len(js))
    codes = (cells[:, None] // radix) % 3  # each cell's result per shown table
    weights = np.prod(e.result_p[js, codes], axis=1)
    values = np.zeros((len(cells), 2, len(EXACT_FIGURES)))
    table = e.tables[t]
    for seat, (p, mine) in enumerate(((table.a, A_WINS), (table.b, B_WINS))):
        if e.settled_in[p] or p not in e.contenders:
            values[:, seat, :4] = 1.0 if e.settled_in[p] else 0.0
            continue
        v = e.joint[:, e.contenders.index(p)]
        mine_, theirs = e.results[:, own] == mine, e.results[:, own] == 2 - mine
        sums = [np.bincount(key, v[:, 0], len(cells)), np.bincount(key, v[:, 1], len(cells)),
                np.bincount(key, v[:, 1] * mine_, len(cells)), np.bincount(key, v[:, 1] * theirs, len(cells))]
        played = e.played_p[own]
        scale = (1.0, played.sum(), played[mine], played[2 - mine])
        with np.errstate(invalid="ignore", divide="ignore"):
            for f, (x, y) in enumerate(zip(sums, scale, strict=True)):
                values[:, seat, f] = [clean(z) for z in x / (weights * y)]
    diff = values[:, :, 0] - values[:, :, 1]
    values[:, :, 4] = np.where(np.abs(diff) < ROUNDING, 0.0, diff)
    keep = weights > 0
    return ExactCells(table.table, tuple(shown), RESULT_CODES[codes[keep]], weights[keep], values[keep],
                      max(e.combinations, 1))


def live_draw(snap, rules: RulePack, question: Question, progress=None) -> LiveDraw:
    """Draw or play for every open table of the last round with a stake (``question.player``'s
    alone when it names one), exactly; ``progress``: unused (no simulation).

    Other tables' intentional draws (``question.others``): none; locked (drawing for sure); rational (best
    responses from exact figures, iterated to a fixed point); behaviour (each draws with the
    behaviour model's probability, its features simulated as the model was fitted).  Every table
    carries its probability of an intentional draw into the one enumeration, which gives each
    table's own figures with the others' choices in place.

    :raises NotExact: when the round cannot be answered exactly (the reason)."""
    results_decide_points(rules)
    safe, player = question.safe, question.player
    sim = Simulator(snap, rules, question)
    fr = sim.first_round
    if snap.rounds_left != 1 or fr is None:
        raise NotExact("the exact answer needs the last round's pairings published")
    names = snap.names
    e, q, p_draw, open_, iterations, converged = others_enumeration(sim, question, joint=True)
    n = max(e.combinations, 1)
    story = Narrative(e)
    tables, left_out, places, rooting = [], [], {}, {}
    for t in range(fr.tables):
        a, b = int(fr.a[t]), int(fr.b[t])
        skip = skipped_table(fr, t, names, player, question.fixed)
        if skip is not None:
            if skip:
                left_out.append(skip)
            continue
        j = index_of(e, t + 1)
        ca = replace(chances_of(sim, e, j, a, n, rules.point_scale), what_if=story.what_if(a))
        cb = replace(chances_of(sim, e, j, b, n, rules.point_scale), what_if=story.what_if(b))
        if max(ca.win.estimate, cb.win.estimate) < STAKE and ca.play.estimate == 0 and cb.play.estimate == 0:
            left_out.append(LeftOutTable(t + 1, names[a], names[b],
                                         f"no stake: even a win leaves the cut below {STAKE:.1%}"))
            continue
        ca, cb = (replace(c, card=exact_cells(e, j, c.what_if[:SHOWN])) for c in (ca, cb))
        choice = "draw" if q[t] >= EXPECT else "play"
        tables.append(TableDecision(t + 1, verdict(ca, cb, safe), (ca, cb), choice,
                                    None if p_draw is None else float(p_draw[t])))
        for x in (a, b):
            where = story.places(x)
            if where is not None:
                places[names[x]] = where
                rooting[names[x]] = story.root_for(x)
    drawing = tuple(sorted(t + 1 for t in range(fr.tables) if q[t] >= EXPECT and t in open_))
    probabilities = () if p_draw is None else tuple((t + 1, float(p_draw[t])) for t in open_)
    return LiveDraw(question, snap.after_round + 1, 1, 0, "published", tuple(tables), tuple(left_out),
                    drawing, converged, iterations, True, probabilities,
                    played_draw_share=played_share(rules, question), exact=summary_of(e),
                    places=places, root_for=rooting, what_if_note=EXACT_NOTE)


def index_of(e: Enumeration, table: int) -> int:
    """The index into ``e.tables`` of the table numbered ``table``."""
    for i, t in enumerate(e.tables):
        if t.table == table:
            return i
    raise KeyError(table)


def results_decide_points(rules: RulePack) -> None:
    """The enumeration lists three results per table and tries game scores only where they move a
    tiebreak; where a round scores by its games (Netrunner's double-sided 6-0 against 4-1) the
    game score moves the points themselves, so such packs are simulated.

    :raises NotExact: for such a pack."""
    if rules.game_points[0] > 0:
        raise NotExact(f"in {rules.game} ({rules.name}) a round scores by its games (a 4-1 and a 6-0 "
                       "are both wins): the exact answer enumerates results, not game scores")


def eligible(snap) -> bool:
    """The snapshot is in its last Swiss round with the pairings published and a table open."""
    return (snap.rounds_left == 1 and snap.next_round is not None
            and any(m.player_b is not None and not m.reported for m in snap.next_round.matches))


__all__ = ["ExactShare", "LiveDraw", "LiveOdds", "NotExact", "eligible", "live_draw", "live_odds"]
