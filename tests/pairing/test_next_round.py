"""The projected next round reads each player's points without a standings table: the points
must be the standings' own, in every game (half points in chess, Pokémon's 3/1/0, byes)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from drawsafe.app.context import open_event
from drawsafe.pairing.next_round import next_round_pairings
from drawsafe.standings.table import compute_standings

DATA = Path(__file__).parent.parent / "data"
CASES = [
    None,  # the embedded Magic sample
    DATA / "chess" / "half-paired.trf",
    DATA / "chess" / "open-no-xxr.trf",
    DATA / "pokemon" / "league-challenge.tdf",
    DATA / "netrunner" / "2024-01-21-401-games-gnk-cobra.json",
]


@pytest.mark.parametrize("path", CASES, ids=lambda c: c.name if c else "sample")
@pytest.mark.parametrize("before", [1, 2], ids=["last-round", "earlier"])
def test_projected_tables_carry_the_standings_points(path, before):
    """``before`` rounds before the end: the last round (by standings where the game pairs it so)
    and one earlier (random within point groups, Dutch, cobra's)."""
    ctx = open_event(path)
    ctx = open_event(path, after_round=ctx.snapshot.total_rounds - before)
    snap = ctx.snapshot
    whole = replace(snap, ranked=None)  # a pod is paired whole, also when one division is ranked
    points = {r.player: r.points for r in compute_standings(whole, ctx.rules).rows}
    tables = next_round_pairings(snap, ctx.rules).tables
    assert tables
    for t in tables:
        assert t.points_a == points[t.player_a] and type(t.points_a) is type(points[t.player_a])
        if t.player_b is not None:
            assert t.points_b == points[t.player_b]
