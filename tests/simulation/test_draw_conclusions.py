"""The experts' conclusions about draws, checked on generated events (BRIEF.md, "How experts
reason about a draw").

In a 7-round event of about 120 players, the 6-0 players after round 6 can safely draw: a draw
gives them 19 points, and fewer than 8 other players can still reach 19.  The tool must agree:
verdict "safe to draw", P(cut | draw) >= 0.99 for both, with a 95% Wilson lower bound of at
least 0.99 (so the claim holds beyond Monte Carlo noise; with 2,000 simulations and no miss the
bound is 0.998).  It must also leave out tables that are mathematically out of the cut, saying
why, and tell two bubble players that a draw leaves them short.

Each event is ``drawsafe.simulation.generate.generate_event(120, 7, 6, seed)``; round 7 is projected by standings
(1 v 2, 3 v 4, ...), as ``drawsafe draw`` does when no pairings are published.  Fixed seeds, one
draw report per seed (2,000 simulations per scenario), shared by the tests.
"""

from __future__ import annotations

import pytest

from drawsafe.event.cut import Cut
from drawsafe.event.snapshot import take_snapshot
from drawsafe.simulation.decisions import PLAY, SAFE_TO_DRAW, DrawReport, draw_decisions
from drawsafe.simulation.generate import generate_event
from drawsafe.simulation.question import Budget, Question
from drawsafe.standings.table import compute_standings
from drawsafe.tiebreaks.packs import get_rules

PLAYERS, ROUNDS, PLAYED = 120, 7, 6
SEEDS = range(8)
SIMS = 2000
TOP = 8
SAFE = 0.99
WIN, DRAW = 3, 1


class Case:
    """One generated event after round 6 and its draw report (others: rational, the default)."""

    def __init__(self, seed: int):
        self.seed = seed
        rules = get_rules("mtg")
        snap = take_snapshot(generate_event(PLAYERS, ROUNDS, PLAYED, seed), PLAYED)
        self.points = {r.player: r.points for r in compute_standings(snap, rules, seed).rows}
        question = Question(Cut(TOP), others="rational", safe=SAFE, budget=Budget(SIMS, None, 400_000, seed))
        self.report: DrawReport = draw_decisions(snap, rules, question)

    def tables(self):
        """Evaluated tables as (table number, decision, (points a, points b))."""
        for d in self.report.tables:
            yield d.table, d, tuple(self.points[p.player] for p in d.players)

    def can_reach(self, total: int, exclude: tuple[str, ...]) -> int:
        """Players (other than ``exclude``) who can still finish on ``total`` points or more."""
        return sum(1 for p, pts in self.points.items() if p not in exclude and pts + WIN >= total)

    def above_max(self, player: str) -> int:
        """Players already on more points than ``player`` can reach with a win."""
        best = self.points[player] + WIN
        return sum(1 for pts in self.points.values() if pts > best)


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return [Case(seed) for seed in SEEDS]


def test_six_oh_players_paired_together_are_safe_to_draw(cases):
    unbeaten = 6 * WIN
    checked = 0
    for case in cases:
        for table, d, points in case.tables():
            if points != (unbeaten, unbeaten):
                continue
            names = tuple(p.player for p in d.players)
            # The experts' argument: after a draw (19 points) fewer than 8 others can reach 19.
            assert case.can_reach(unbeaten + DRAW, names) < TOP, (case.seed, table)
            assert d.verdict == SAFE_TO_DRAW, (case.seed, table, d)
            for p in d.players:
                assert p.draw.estimate >= SAFE and p.draw.confidence_interval().low >= SAFE, \
                    (case.seed, p)
                assert p.draw.n >= SIMS
            checked += 1
    # Two 6-0 players after six rounds of 120 is common but not certain: most seeds have them.
    assert checked >= 4, f"only {checked} 6-0 v 6-0 tables in seeds {list(SEEDS)}"


def test_table_out_of_contention_is_left_out_with_its_reason(cases):
    """A table whose two players are mathematically out (at least 8 players already have more
    points than a win would give them) is never judged: it is left out, saying there is no stake."""
    checked = 0
    for case in cases:
        evaluated = {t for t, _, _ in case.tables()}
        reasons = {t.table: t.reason for t in case.report.left_out if t.player_b not in ("BYE", "loss")}
        assert all(r.startswith("no stake: even a win leaves the cut below")
                   for r in reasons.values())
        assert not evaluated & set(reasons)
        out = [t.table for t in case.report.left_out if t.player_b in case.points
               and case.above_max(t.player_a) >= TOP and case.above_max(t.player_b) >= TOP]
        judged_out = [t for t, d, _ in case.tables()
                      if all(case.above_max(p.player) >= TOP for p in d.players)]
        assert judged_out == [], (case.seed, judged_out)
        assert out, f"seed {case.seed}: no table mathematically out of the cut"
        checked += len(out)
    assert checked >= len(SEEDS)


def test_bubble_players_are_told_to_play(cases):
    """The lowest table of two 5-1 players (15 points, the worst current tiebreaks of the group)
    when at least 5 tables above it seat two players on 15 or more: if those tables play, each
    sends a player to 18, so a draw (16 points) leaves this table competing for at most 3 places
    with every other player on 16, all ahead of it on tiebreaks now.  Both should play: the
    verdict is "play" and, for both players, the paired 95% interval of P(cut | draw) -
    P(cut | play) lies below 0."""
    checked = 0
    for case in cases:
        strong = [(t, pts) for t, _, pts in case.tables() if min(pts) >= 15]
        bubble = [(t, d) for t, d, pts in case.tables() if pts == (15, 15)]
        if not bubble:
            continue
        table, d = max(bubble, key=lambda x: x[0])
        if sum(1 for t, _ in strong if t < table) < 5:
            continue
        assert d.verdict == PLAY, (case.seed, table, d)
        for p in d.players:
            assert p.difference.confidence_interval().high < 0, (case.seed, p)
            assert p.draw.estimate < p.play.estimate
        checked += 1
    assert checked >= 3, f"only {checked} bubble tables in seeds {list(SEEDS)}"


def test_round_seven_is_projected_by_standings(cases):
    """The premise of the tests above: round 7 of 7, paired by standings (1 v 2, 3 v 4, ...)."""
    for case in cases:
        assert len(case.points) == PLAYERS
        assert (case.report.round, case.report.rounds_left) == (ROUNDS, 1)
        assert (case.report.pairings, case.report.projection) == ("projected", "standings")
        assert max(case.points.values()) <= PLAYED * WIN
