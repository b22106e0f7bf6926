"""Exact probabilities of making the cut for tiny events, by enumerating every possible future.

For an event of a handful of players with one or two Swiss rounds left, every way the remaining
rounds can go is listed with its exact probability (a :class:`~fractions.Fraction`):

- every pairing the rules allow, weighted by how likely the event software is to produce it: the
  bye of a middle round is drawn uniformly among the allowed players and then, when the others
  could not be paired without a rematch, handed on by the deterministic retry (so a player can
  receive the bye from several draws), each point group's random order is uniform over its
  permutations (all of them are enumerated and paired), and in the last round paired by standings
  each order of exactly tied players is equally likely; players whose awarded byes cover the round
  get their bye and are not paired;
- every result of every table, from a result model whose probabilities are exact binary fractions
  (so the engine's 32-bit uniforms hit them exactly);
- in the final standings, players exactly tied are in random order, so an active player of a tied
  class that straddles the cut gets an equal share of the places left.

The rules themselves (pairing in preference order with backtracking and the fewest rematches, bye
candidates and the retry, awarded byes, standings order, the locked-draw policy) are those of
``tests/naive_sim.py``, applied to each enumerated case.
Only the coin result model is handled (who wins is 1/2 either way).
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from itertools import permutations, product

import naive
import naive_sim
from naive_sim import Field

from drawsafe.engine.results import ResultModel
from drawsafe.event.model import BYE, Match, Round
from drawsafe.event.snapshot import Snapshot
from drawsafe.simulation.question import Question
from drawsafe.tiebreaks.packs import RulePack

#: The engine's uniforms have 32 bits: exact probabilities must be multiples of 2^-32.
GRID = 2**32
#: Refuse to enumerate more orders than this for one pairing (keeps the tests fast).
MAX_ORDERS = 50_000

Score = tuple[int, int, int]


def exact_fraction(x: float, what: str) -> Fraction:
    """``x`` as a fraction, checked to lie on the engine's 2^-32 grid."""
    f = Fraction(x)
    if (f * GRID).denominator != 1:
        raise ValueError(f"{what} = {x} is not a multiple of 2^-32: the engine cannot hit it")
    return f


def match_outcomes(results: ResultModel) -> list[tuple[Score, Fraction]]:
    """Every game score of a played match (A's wins, B's wins, drawn games) with its probability."""
    if results.model != "coin":
        raise NotImplementedError("exact enumeration handles the coin model only")
    draw = exact_fraction(results.draw_share, "draw share")
    out: dict[Score, Fraction] = defaultdict(Fraction)

    def shares(rows):
        total = sum(Fraction(r[3]) for r in rows)
        return [(r[:3], exact_fraction(float(Fraction(r[3]) / total), "a score's share"))
                for r in rows]

    if draw > 0:
        for score, q in shares(results.drawn):
            out[score] += draw * q
    for (won, lost, drawn), q in shares(results.decided):
        out[(won, lost, drawn)] += (1 - draw) * q / 2
        out[(lost, won, drawn)] += (1 - draw) * q / 2
    return [(s, p) for s, p in out.items() if p]


def orders_of_classes(classes: list[list[str]]):
    """Every concatenation of one permutation per class (uniformly likely), and their number."""
    count = math.prod(math.factorial(len(c)) for c in classes)
    if count > MAX_ORDERS:
        raise ValueError(f"{count} orders to enumerate: too large for exact enumeration")
    perms = product(*(permutations(c) for c in classes))
    orders = ([p for part in perm for p in part] for perm in perms)
    return orders, count


def tie_classes(players, keys: dict[str, tuple]) -> list[list[str]]:
    """``players`` best first, in classes of equal ranking keys."""
    empty = (0, naive.THIRD, naive.THIRD, naive.THIRD)
    ranked = sorted(players, key=lambda p: keys.get(p, empty), reverse=True)
    classes: list[list[str]] = []
    for p in ranked:
        if classes and keys.get(classes[-1][0], empty) == keys.get(p, empty):
            classes[-1].append(p)
        else:
            classes.append([p])
    return classes


Pairing = tuple[tuple[tuple[str, str], ...], str | None]


def canonical(tables, bye) -> tuple:
    return frozenset(frozenset(t) for t in tables), bye


def pairing_distribution(fld: Field, rounds: list[Round], config: Question,
                         number: int) -> list[tuple[Pairing, Fraction]]:
    """Every pairing of round ``number`` after ``rounds``, with its probability: the tables and
    the bye of the players paired (those with an awarded bye this round are not:
    :func:`naive_sim.awarded_byes`)."""
    met = naive_sim.opponents_met(rounds)
    byes = naive_sim.had_a_bye(rounds)
    awarded = naive_sim.awarded_byes(fld, number)
    paired = [p for p in fld.active if p not in awarded]
    dist: dict[tuple, Fraction] = defaultdict(Fraction)
    example: dict[tuple, Pairing] = {}

    def add(tables, bye, p):
        key = canonical(tables, bye)
        dist[key] += p
        example.setdefault(key, (tuple(tables), bye))

    if number == fld.total_rounds and config.last_round == "standings":
        keys = naive_sim.standings_keys(fld, rounds)
        orders, count = orders_of_classes(tie_classes(paired, keys))
        for ranked in orders:
            tables, bye, _ = naive_sim.pair_by_standings(ranked, byes, met)
            add(tables, bye, Fraction(1, count))
    else:
        points = naive_sim.points_of(rounds, fld.active)
        odd = len(paired) % 2 == 1
        candidates = naive_sim.bye_candidates(paired, points, byes) if odd else [None]
        for drawn in candidates:  # each drawn with probability 1 / len(candidates)
            bye = naive_sim.middle_round_bye(drawn, candidates, paired, met) if odd else None
            pool = [p for p in paired if p != bye]
            groups = [[p for p in pool if points[p] == v] for v in sorted({points[p] for p in pool},
                                                                       reverse=True)]
            orders, count = orders_of_classes(groups)
            for seq in orders:
                tables, _ = naive_sim.pair_in_order(seq, met)
                add(tables, bye, Fraction(1, count * len(candidates)))
    return [(example[k], p) for k, p in dist.items()]


def cut_shares(fld: Field, rounds: list[Round], top: int) -> dict[str, Fraction]:
    """Each active player's probability of making the cut given the final results ``rounds``."""
    keys = naive_sim.standings_keys(fld, rounds)
    active = set(fld.active)
    shares: dict[str, Fraction] = {}
    left = top
    for cls in tie_classes(fld.members, keys):
        contenders = [p for p in cls if p in active]
        if not contenders:
            continue
        taken = min(left, len(contenders))
        for p in contenders:
            shares[p] = Fraction(taken, len(contenders))
        left -= taken
    return shares


def exact_cut(snap: Snapshot, rules: RulePack, config: Question,
              draw_points: int | None = None) -> dict[str, Fraction]:
    """Every active player's exact probability of finishing in the cut.

    The ``safe`` future draw policy needs its safe points (``draw_points``) given: the engine sets
    them from a pilot run.
    """
    return enumerate_futures(snap, rules, config, draw_points)[0]


def enumerate_futures(snap: Snapshot, rules: RulePack, config: Question,
                      draw_points: int | None = None):
    """Exact P(cut) of every active player, and for every final points total the expected number
    of active players finishing on it and of those making the cut: ``(cut, {points: (finish,
    made)})``."""
    fld = naive_sim.field_of(snap, rules)
    if config.future_draws == "safe" and draw_points is None and fld.rounds_left >= 2:
        raise ValueError("the safe policy needs draw_points")
    draw_points = naive_sim.NO_THRESHOLD if draw_points is None else draw_points
    outcomes = match_outcomes(config.results)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    by_points: dict[int, list[Fraction]] = defaultdict(lambda: [Fraction(0), Fraction(0)])
    first = len(fld.history) + 1

    def table_outcomes(a, b, points, last, number):
        if last and number > first and naive_sim.intentional_draw(a, b, points, fld.active, config,
                                                                  draw_points):
            return [((0, 0, 3), Fraction(1))]
        return outcomes

    def go(rounds: list[Round], prob: Fraction) -> None:
        number = len(rounds) + 1
        if number > fld.total_rounds:
            final = naive_sim.points_of(rounds, fld.active)
            for p, share in cut_shares(fld, rounds, config.top).items():
                totals[p] += prob * share
                by_points[final[p]][0] += prob
                by_points[final[p]][1] += prob * share
            return
        if number == first and fld.next_round is not None:
            fixed = [m for m in fld.next_round.matches if m.reported]
            pending = [m for m in fld.next_round.matches if not m.reported]
            for combo in product(outcomes, repeat=len(pending)):
                played = [Match(number, m.player_a, m.player_b, *s)
                          for m, (s, _) in zip(pending, combo)]
                p = math.prod((q for _, q in combo), start=Fraction(1))
                go(rounds + [Round(number, tuple(fixed + played))], prob * p)
            return
        last = number == fld.total_rounds
        points = naive_sim.points_of(rounds, fld.active)
        awarded = naive_sim.awarded_byes(fld, number)
        for (tables, bye), p_pair in pairing_distribution(fld, rounds, config, number):
            options = [table_outcomes(a, b, points, last, number) for a, b in tables]
            for combo in product(*options):
                matches = [Match(number, a, b, *s) for (a, b), (s, _) in zip(tables, combo)]
                for p in ([bye] if bye is not None else []) + awarded:
                    matches.append(Match(number, p, kind=BYE))
                p = math.prod((q for _, q in combo), start=Fraction(1))
                go(rounds + [Round(number, tuple(matches))], prob * p_pair * p)

    go(list(fld.history), Fraction(1))
    cut = {p: totals.get(p, Fraction(0)) for p in fld.active}
    return cut, {v: (f, m) for v, (f, m) in sorted(by_points.items())}

