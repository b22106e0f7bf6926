"""A plain-Python reference simulator of the remaining Swiss rounds, written for clarity.

It plays out a standings snapshot the way the product brief says real event software pairs and
ranks, one simulation at a time, with its own :class:`random.Random`, and counts how often each
player finishes in the cut.  Nothing here calls a numba kernel: the history is read from the
event's :class:`~drawsafe.event.model.Match` objects, pairings are searched with plain recursion, and the
standings are the exact fractions of ``tests/naive.py``.  The numba core (``drawsafe.engine.kernel``) must agree
with it in distribution (``tests/test_engine_reference.py``); ``benchmarks/throughput.py`` times it
as the baseline for the same work.

The rules, as the brief and the engine's documentation state them:

- Awarded byes (``event.awarded_byes``, the "byes" of a player in native JSON): in every simulated
  round numbered at most a player's awarded count (rounds 1 .. count), that player gets a bye (a
  match win) and is not paired; everything below is about the other active players.
- Middle rounds (and the last one when ``last_round="random"``): with an odd number of players to
  pair, the bye is drawn at random among the allowed players: the lowest point group among those who
  have had no bye (everybody's lowest group when all have had one).  If the others then cannot be
  paired without a rematch, the other allowed players are tried in the event's player order, and
  the first one who lets the others be paired without a rematch gets the bye instead (when nobody
  does, the first draw stands).  The others are put in point groups, highest first, in random
  order within each group; then the first unpaired player meets the next unpaired player in that
  order whom they have not met.  When that greedy rule gets stuck, the search backtracks (the latest
  choice moves on to the next candidate), so a rematch happens only when no rematch-free pairing
  exists.  Then the same search is repeated allowing one rematch, then two, ... (a rematch is
  accepted, in the same preference order, only while the allowance lasts): the first pairing in
  preference order with the fewest rematches.  Only if a search runs out of budget is everybody
  paired in order (1 v 2, 3 v 4, ...).
- Last round by standings (``last_round="standings"``): the players in standings order (exact ties
  in random order); the bye goes to the lowest-ranked player who has had none (the lowest-ranked
  player when all have had one); if the others then cannot be paired without a rematch, to the
  next lowest-ranked player with the same bye status (scanning upward) who lets them (when nobody
  does, the first choice stands).  The others are paired by the same search in standings order
  (1 v 2, 3 v 4; 1 v 3 and 2 v 4 when 1 and 2 have met, cascading).
- A published next round (``snapshot.next_round``) is used as it is: reported results stay, the
  other tables are played.
- A played match: drawn with probability ``draw_share`` (game score from the drawn table), else
  player A wins with the model's probability (coin 1/2, Elo, or log5 of per-player win
  probabilities) with a game score from the decided table, from the winner's side.  A bye is a
  match win (2-0, or 1-0 in best-of-one, as ``tests/naive.py`` counts it).
- Intentional draws (``future_draws="locked"``): in the last Swiss round, when it is not the first
  simulated round, a table draws 0-0-3 when both players are locked after a draw: fewer than ``top``
  other active players could reach the player's points after the draw (the opponent drawing too,
  everyone else winning), judged on the points before the round.
- ``future_draws="safe"``: as "locked", and a table also draws when both players reach at least
  the "safe points" with the draw: the lowest final points total from which at least
  ``config.safe`` of the active players made the cut in a pilot run with locked draws only (and
  every higher total too, each seen at least ``PILOT_MIN_COUNT`` times); see :func:`safe_points`.
- A day 1 played out first (a snapshot of ``drawsafe.event.snapshot.through_day2``): in day 1's
  last round, when it is not the first simulated round, a table draws 0-0-3 under any policy but
  "none" when both players reach the day-1 cut's points with the draw (a cut by rank: both locked
  into it, as above); before day 2's first round only the players on the cut's points (or the
  best of the day-1 standings) stay active.  Tiebreaks carry on (the MTG packs); in the final
  standings the players the cut stopped come after day 2's.
- Final standings: every player who competed or is still active, by match points, OMW%, GW%, OGW%
  (exact fractions; GW% floored or not as the rule pack says), exact ties in random order.  The
  cut is the first ``top`` active players.

The search budget (:data:`MAX_STEPS`, per search) only matters for pathological histories far
beyond real events; the engine has one of the same size, counted a little differently, so the two
could give up on different histories (none of the tests comes near it).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace

import naive
import numpy as np

from drawsafe.event.model import BYE, DOUBLE_LOSS, MATCH, Event, Match, Round
from drawsafe.event.snapshot import Snapshot, take_snapshot
from drawsafe.simulation.question import Question
from drawsafe.simulation.simulator import PILOT_MIN_COUNT, PILOT_SIMS
from drawsafe.tiebreaks import values as tb
from drawsafe.tiebreaks.packs import RulePack

#: Candidate tries of the backtracking search before it gives up and pairs in order.
MAX_STEPS = 200_000
#: "Safe points" when no total qualifies: nobody draws on points alone.
NO_THRESHOLD = 1 << 30


# --- the event so far ---------------------------------------------------------------------------


@dataclass
class Field:
    """The fixed facts of a snapshot the simulations start from."""

    event: Event
    names: tuple[str, ...]
    history: tuple[Round, ...]  # the Swiss rounds played so far
    active: tuple[str, ...]  # players who will be paired, in the event's player order
    members: tuple[str, ...]  # players in the final standings: competed or active
    total_rounds: int
    next_round: Round | None  # the published pairings of the first simulated round, if any
    floored: bool  # own GW% floored at 1/3 (current rules) or not (older wording)
    #: A day 1 played out first: after round ``day1`` (0: none) only the players on at least
    #: ``day1_points`` match points, or the best ``day1_top`` of the standings, play on.
    day1: int = 0
    day1_points: int | None = None
    day1_top: int | None = None

    @property
    def rounds_left(self) -> int:
        return self.total_rounds - len(self.history)


def field_of(source: Snapshot | Event, rules: RulePack) -> Field:
    """The :class:`Field` of a snapshot (an event is taken after its last complete round)."""
    snap = source if isinstance(source, Snapshot) else take_snapshot(source)
    codes = [t.code for t in rules.tiebreaks]
    mtg = ([tb.OMW, tb.GW, tb.OGW], [tb.OMW, tb.GW_RAW, tb.OGW])
    if rules.points != (0, 1, 3) or codes not in mtg:
        raise NotImplementedError(f"the reference knows the MTG packs only, not {rules.name}")
    history = tuple(snap.event.swiss[:snap.after_round])
    active = tuple(p for p, a in zip(snap.names, snap.active) if a)
    competed = {p for r in history for m in r.matches for p in m.players}
    members = tuple(p for p in snap.names if p in competed or p in active)
    cut = snap.phase_cut.cut if snap.phase_end and snap.phase_cut is not None else None
    return Field(snap.event, snap.names, history, active, members, snap.total_rounds,
                 snap.next_round, floored=codes[1] == tb.GW, day1=snap.phase_end if cut else 0,
                 day1_points=None if cut is None or cut.points is None else int(cut.points),
                 day1_top=None if cut is None else cut.top)


def points_of(rounds: list[Round], players) -> dict[str, int]:
    """Match points (win 3, draw 1, loss 0; a bye is a win) of ``players`` after ``rounds``."""
    points = dict.fromkeys(players, 0)
    for r in rounds:
        for m in r.matches:
            if m.kind == BYE:
                points[m.player_a] = points.get(m.player_a, 0) + 3
            elif m.kind == MATCH:
                w = m.winner()
                for p in m.players:
                    points[p] = points.get(p, 0) + (1 if w is None else 3 if w == p else 0)
    return points


def opponents_met(rounds: list[Round]) -> dict[str, set[str]]:
    """Everybody each player has faced across a table (matches and double losses)."""
    met: dict[str, set[str]] = {}
    for r in rounds:
        for m in r.matches:
            if m.kind in (MATCH, DOUBLE_LOSS):
                met.setdefault(m.player_a, set()).add(m.player_b)
                met.setdefault(m.player_b, set()).add(m.player_a)
    return met


def had_a_bye(rounds: list[Round]) -> set[str]:
    return {m.player_a for r in rounds for m in r.matches if m.kind == BYE}


def standings_keys(fld: Field, rounds: list[Round]) -> dict[str, tuple]:
    """Exact ranking key (points, OMW%, GW%, OGW%) of every player who competed in ``rounds``."""
    event = replace(fld.event, rounds=tuple(rounds))
    lines = naive.standings_lines(event, len(rounds), floored=fld.floored)
    return {p: naive.ranking_key(line) for p, line in lines.items()}


def standings_order(players, keys: dict[str, tuple], rng: random.Random) -> list[str]:
    """``players`` best first by ``keys``; players with equal keys in random order."""
    empty = (0, naive.THIRD, naive.THIRD, naive.THIRD)
    shuffled = list(players)
    rng.shuffle(shuffled)  # a stable sort keeps this random order among exact ties
    return sorted(shuffled, key=lambda p: keys.get(p, empty), reverse=True)


# --- pairing ------------------------------------------------------------------------------------


class GaveUp(Exception):
    """The backtracking search used up its budget."""


def search_pairing(seq: list[str], met: dict[str, set[str]], allowed: int,
                   max_steps: int = MAX_STEPS) -> list[tuple[str, str]] | None:
    """The first pairing of ``seq`` (even length) in preference order with at most ``allowed``
    rematches, or ``None`` when there is none.

    Preference order: the first player meets the first later player (a rematch only while the
    allowance lasts) such that the rest can still be paired; a depth-first search.  Raises
    :class:`GaveUp` after ``max_steps`` steps.
    """
    steps = 0

    def search(rest: list[str], left: int) -> list[tuple[str, str]] | None:
        nonlocal steps
        if not rest:
            return []
        first = rest[0]
        for k in range(1, len(rest)):
            other = rest[k]
            rematch = other in met.get(first, ())
            if rematch and left == 0:
                continue
            steps += 1
            tail = search(rest[1:k] + rest[k + 1:], left - 1 if rematch else left)
            if tail is not None:
                return [(first, other)] + tail
        steps += 1
        if steps > max_steps:
            raise GaveUp
        return None

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(seq) + 1000))  # one level per table
    try:
        return search(list(seq), allowed)
    finally:
        sys.setrecursionlimit(limit)


def pairable(players: list[str], met: dict[str, set[str]], max_steps: int = MAX_STEPS) -> bool:
    """True when ``players`` can be paired without a rematch (and the search says so in time)."""
    try:
        return search_pairing(list(players), met, 0, max_steps) is not None
    except GaveUp:
        return False


def pair_in_order(seq: list[str], met: dict[str, set[str]],
                  max_steps: int = MAX_STEPS) -> tuple[list[tuple[str, str]], bool]:
    """Pair ``seq`` (even length) in preference order with as few rematches as possible.

    The first pairing in preference order without a rematch; when there is none, the first with
    one rematch, then with two, ...  Returns the tables, first player first, and whether the pairing
    is free of rematches.  A search that runs out of budget moves on to the next allowance (allowing
    a rematch at every table always succeeds at once).
    """
    for allowed in range(len(seq) // 2 + 1):
        try:
            tables = search_pairing(seq, met, allowed, max_steps)
        except GaveUp:
            continue
        if tables is not None:
            return tables, allowed == 0
    raise AssertionError("allowing a rematch at every table always pairs")


def point_groups_in_random_order(players, points: dict[str, int], rng: random.Random) -> list[str]:
    """Players by points, highest first, in random order within each point group."""
    seq = []
    for value in sorted({points[p] for p in players}, reverse=True):
        group = [p for p in players if points[p] == value]
        rng.shuffle(group)
        seq.extend(group)
    return seq


def awarded_byes(fld: Field, number: int) -> list[str]:
    """The active players whose awarded byes cover round ``number`` (in player order)."""
    return [p for p in fld.active if fld.event.awarded_byes.get(p, 0) >= number]


def bye_candidates(players, points: dict[str, int], byes: set[str]) -> list[str]:
    """The players allowed the bye of a middle round, in player order: the lowest point group among
    those without a bye (everybody's lowest group when all have had one)."""
    pool = [p for p in players if p not in byes] or list(players)
    low = min(points[p] for p in pool)
    return [p for p in pool if points[p] == low]


def others(players, bye: str) -> list[str]:
    return [p for p in players if p != bye]


def middle_round_bye(drawn: str, candidates: list[str], players, met) -> str:
    """The bye of a middle round once ``drawn`` was drawn among ``candidates``: ``drawn`` when the
    others can be paired without a rematch; else the first other candidate (in player order) who
    lets them; else ``drawn`` all the same."""
    if pairable(others(players, drawn), met):
        return drawn
    for c in candidates:
        if c != drawn and pairable(others(players, c), met):
            return c
    return drawn


def standings_bye(ranked: list[str], byes: set[str], met) -> str:
    """The bye of the last round by standings (``ranked`` best first): the lowest-ranked player
    without a bye (the lowest-ranked player when all have had one); if the others then cannot be
    paired without a rematch, the next lowest-ranked player with the same bye status who lets them;
    if nobody does, the first choice."""
    without = [p for p in ranked if p not in byes]
    first = without[-1] if without else ranked[-1]
    same_status = [p for p in ranked if (p in byes) == (first in byes)]
    for p in reversed(same_status):  # from ``first`` upward: ``first`` is the lowest of them
        if pairable(others(ranked, p), met):
            return p
    return first


def pair_middle_round(players, points, byes, met, rng):
    """Tables and bye (or ``None``) of a round paired at random within point groups."""
    players = list(players)
    bye = None
    if len(players) % 2 == 1:
        candidates = bye_candidates(players, points, byes)
        bye = middle_round_bye(rng.choice(candidates), candidates, players, met)
        players.remove(bye)
    tables, ok = pair_in_order(point_groups_in_random_order(players, points, rng), met)
    return tables, bye, ok


def pair_by_standings(ranked: list[str], byes: set[str], met):
    """Tables and bye of the last round paired by standings (``ranked`` best first)."""
    ranked = list(ranked)
    bye = None
    if len(ranked) % 2 == 1:
        bye = standings_bye(ranked, byes, met)
        ranked.remove(bye)
    tables, ok = pair_in_order(ranked, met)
    return tables, bye, ok


# --- results ------------------------------------------------------------------------------------


def win_probability(config: Question, fld: Field, a: str, b: str) -> float:
    """P(``a`` beats ``b``) in a played match that is not drawn (see :mod:`drawsafe.engine.results`)."""
    model = config.results.model
    if model == "elo":
        ratings = fld.event.ratings
        mean = sum(ratings.values()) / len(ratings)
        ra, rb = ratings.get(a, mean), ratings.get(b, mean)
        return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))
    if model == "probability":
        pa = fld.event.win_probability.get(a, 0.5)
        pb = fld.event.win_probability.get(b, 0.5)
        den = pa * (1 - pb) + pb * (1 - pa)
        return pa * (1 - pb) / den if den > 0 else 0.5
    return 0.5


def play(config: Question, fld: Field, a: str, b: str, rng: random.Random) -> tuple[int, int, int]:
    """A played match's game score (A's wins, B's wins, drawn games)."""
    res = config.results
    if rng.random() < res.draw_share:
        row = rng.choices(res.drawn, weights=[r[3] for r in res.drawn])[0]
        return row[0], row[1], row[2]
    won, lost, drawn, _ = rng.choices(res.decided, weights=[r[3] for r in res.decided])[0]
    if rng.random() < win_probability(config, fld, a, b):
        return won, lost, drawn
    return lost, won, drawn


def locked_after_draw(x: str, o: str, points: dict[str, int], active, top: int) -> bool:
    """True when ``x``, drawing with ``o``, has fewer than ``top`` other active players who could
    reach ``x``'s points (``o`` by drawing too, everyone else by winning)."""
    target = points[x] + 1
    threats = sum(1 for q in active if q != x and points[q] + (1 if q == o else 3) >= target)
    return threats < top


# --- one simulation -----------------------------------------------------------------------------


def intentional_draw(a: str, b: str, points: dict[str, int], active, config: Question,
                     draw_points: int) -> bool:
    """True when the table ``a`` v ``b`` of the last round draws under the future draw policy."""
    if config.future_draws == "none":
        return False
    if (locked_after_draw(a, b, points, active, config.top)
            and locked_after_draw(b, a, points, active, config.top)):
        return True
    return (config.future_draws == "safe" and points[a] + 1 >= draw_points
            and points[b] + 1 >= draw_points)


def day1_draw(a: str, b: str, points: dict[str, int], active, fld: Field, config: Question) -> bool:
    """True when the table ``a`` v ``b`` of day 1's last round draws into the day-1 cut (any future
    draw policy but "none"): both reach its points with the draw, or (a cut by rank) both are locked
    into its first ``day1_top`` after a draw."""
    if config.future_draws == "none":
        return False
    if fld.day1_points is not None:
        return points[a] + 1 >= fld.day1_points and points[b] + 1 >= fld.day1_points
    return (locked_after_draw(a, b, points, active, fld.day1_top)
            and locked_after_draw(b, a, points, active, fld.day1_top))


def through_day1_cut(fld: Field, rounds: list[Round], active: list[str], rng: random.Random) -> list[str]:
    """The players of ``active`` who go on to day 2 (in the same order)."""
    points = points_of(rounds, active)
    if fld.day1_points is not None:
        return [p for p in active if points[p] >= fld.day1_points]
    if fld.day1_top is None:
        return list(active)
    kept = set(standings_order(active, standings_keys(fld, rounds), rng)[:fld.day1_top])
    return [p for p in active if p in kept]


def simulate_once(fld: Field, config: Question, rng: random.Random,
                  draw_points: int = NO_THRESHOLD) -> tuple[list[str], list[Round]]:
    """Play the remaining rounds once; returns the final standings order, every round and the
    players still playing at the end.

    ``draw_points`` are the "safe points" of the ``safe`` future draw policy.
    """
    rounds = list(fld.history)
    first = len(rounds) + 1
    active = list(fld.active)
    for number in range(first, fld.total_rounds + 1):
        if fld.day1 and number == fld.day1 + 1 and not (number == first and fld.next_round is not None):
            active = through_day1_cut(fld, rounds, active, rng)
        points = points_of(rounds, active)
        met = opponents_met(rounds)
        byes = had_a_bye(rounds)
        matches = []
        if number == first and fld.next_round is not None:
            for m in fld.next_round.matches:
                if m.kind == MATCH and not m.reported:
                    m = replace(m, **dict(zip(("a_wins", "b_wins", "draws"),
                                              play(config, fld, m.player_a, m.player_b, rng))))
                matches.append(m)
            rounds.append(Round(number, tuple(matches)))
            continue
        last = number == fld.total_rounds
        awarded = [p for p in awarded_byes(fld, number) if p in active]
        paired = [p for p in active if p not in awarded]
        if last and config.last_round == "standings":
            ranked = standings_order(paired, standings_keys(fld, rounds), rng)
            tables, bye, _ = pair_by_standings(ranked, byes, met)
        else:
            tables, bye, _ = pair_middle_round(paired, points, byes, met, rng)
        for a, b in tables:
            final_draw = last and intentional_draw(a, b, points, active, config, draw_points)
            day1_end = bool(fld.day1) and number == fld.day1 and day1_draw(a, b, points, active, fld, config)
            if number > first and (final_draw or day1_end):
                score = (0, 0, 3)
            else:
                score = play(config, fld, a, b, rng)
            matches.append(Match(number, a, b, *score))
        for p in ([bye] if bye is not None else []) + awarded:
            matches.append(Match(number, p, kind=BYE))
        rounds.append(Round(number, tuple(matches)))
    order = standings_order(fld.members, standings_keys(fld, rounds), rng)
    if fld.day1:  # the players day 1's cut stopped are placed after day 2's
        cut = set(fld.active) - set(active)
        order = [p for p in order if p not in cut] + [p for p in order if p in cut]
    return order, rounds, active


def cut_of(order: list[str], active, top: int) -> list[str]:
    """The first ``top`` active players of the final order."""
    active = set(active)
    return [p for p in order if p in active][:top]


@dataclass
class ReferenceRun:
    """Counts of ``n`` reference simulations, indexed like the snapshot's players."""

    n: int
    cut: np.ndarray  # [players] simulations in the cut
    rank_hist: np.ndarray  # [players, players] simulations finishing at each rank (0 = first)
    points_hist: np.ndarray  # [players, max points + 1] final match points of the members


def pilot_counts(fld: Field, config: Question, n: int,
                 seed: int) -> tuple[dict[int, int], dict[int, int]]:
    """``n`` simulations with locked draws only: for every final points total, how many active
    players finished on it and how many of them made the cut."""
    locked = replace(config, future_draws="locked")
    finished: dict[int, int] = {}
    made: dict[int, int] = {}
    rng = random.Random(seed)
    for _ in range(n):
        order, rounds, active = simulate_once(fld, locked, rng)
        cut = set(cut_of(order, active, config.top))
        for p, v in points_of(rounds, active).items():
            if p in active:
                finished[v] = finished.get(v, 0) + 1
                made[v] = made.get(v, 0) + (p in cut)
    return finished, made


def safe_threshold(finished: dict[int, int], made: dict[int, int], safe: float,
                   min_count: int = PILOT_MIN_COUNT) -> int:
    """Scanning the totals from the highest down, the last one reached before a total seen fewer
    than ``min_count`` times or with fewer than ``safe`` of its players in the cut."""
    threshold = NO_THRESHOLD
    for v in sorted(finished, reverse=True):
        if finished[v] < min_count or made[v] < safe * finished[v]:
            break
        threshold = v
    return threshold


def safe_points(fld: Field, config: Question, n: int = PILOT_SIMS, seed: int = 0) -> int:
    """The "safe points" of the ``safe`` policy from a pilot of ``n`` simulations with locked draws
    only.  Only a future of two rounds or more has a last round to draw in."""
    if fld.rounds_left < 2:
        return NO_THRESHOLD
    return safe_threshold(*pilot_counts(fld, config, n, seed), config.safe)


def run_reference(source: Snapshot | Event, rules: RulePack, config: Question, n: int,
                  seed: int, draw_points: int | None = None) -> ReferenceRun:
    """Play ``n`` simulations of ``source`` with ``random.Random(seed)``.

    Under the ``safe`` policy ``draw_points`` are its safe points; ``None`` runs the reference's
    own pilot (:func:`safe_points`).
    """
    fld = field_of(source, rules)
    if config.future_draws == "safe" and draw_points is None:
        draw_points = safe_points(fld, config, seed=seed + 1)
    draw_points = NO_THRESHOLD if draw_points is None else draw_points
    rng = random.Random(seed)
    index = {p: i for i, p in enumerate(fld.names)}
    now = points_of(list(fld.history), fld.names)
    max_points = max(now.values(), default=0) + 3 * fld.rounds_left
    cut = np.zeros(len(fld.names), dtype=np.int64)
    rank_hist = np.zeros((len(fld.names), len(fld.names)), dtype=np.int64)
    points_hist = np.zeros((len(fld.names), max_points + 1), dtype=np.int64)
    for _ in range(n):
        order, rounds, active = simulate_once(fld, config, rng, draw_points)
        for p in cut_of(order, active, config.top):
            cut[index[p]] += 1
        for rank, p in enumerate(order):
            rank_hist[index[p], rank] += 1
        for p, v in points_of(rounds, fld.members).items():
            if p in fld.members:
                points_hist[index[p], v] += 1
    return ReferenceRun(n, cut, rank_hist, points_hist)


def simulate_reference(source: Snapshot | Event, rules: RulePack, config: Question, n: int,
                       seed: int, draw_points: int | None = None) -> np.ndarray:
    """Per-player cut counts of ``n`` reference simulations (indexed like the snapshot)."""
    return run_reference(source, rules, config, n, seed, draw_points).cut

