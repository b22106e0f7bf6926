"""``standings --check``: two players published in each other's places get one probable reason.

A real pokedata file in tests/data (2024 World Championship, masters, its standings after day 1:
32 pairs of players published in each other's places) and hand-made disagreements for the checks
of published ranks (cobra, TopDeck, MTGO)."""

from __future__ import annotations

import gzip
from pathlib import Path

from drawsafe.event.io import load_event
from drawsafe.event.snapshot import take_snapshot
from drawsafe.standings.check import Disagreement, one_reason_per_swap
from drawsafe.standings.places import check_places
from drawsafe.tiebreaks.packs import get_rules

POKEDATA = Path(__file__).resolve().parents[1] / "data" / "fetch" / "pokedata-0000129-standings.json.gz"


def swapped_pairs(disagreements):
    """Pairs of disagreements whose places here and published are each other's."""
    at = {next(iter(d.fields.values())): d for d in disagreements}
    out = []
    for d in disagreements:
        here, published = next(iter(d.fields.values()))
        other = at.get((published, here))
        if other is not None and here < published:
            out.append((d, other))
    return out


def test_published_places_swapped_get_one_reason(tmp_path):
    path = tmp_path / "worlds-day1.json"
    path.write_bytes(gzip.decompress(POKEDATA.read_bytes()))
    event = load_event(str(path))
    report = check_places(event, take_snapshot(event), get_rules(event.rules or "pokemon"))
    pairs = swapped_pairs(report.disagreements)
    assert len(pairs) >= 20
    for a, b in pairs:
        assert (a.reason, a.explanation) == (b.reason, b.explanation), (a, b)
    # the case of the issue: Kaiwen Cabbabe and SHINYA KARASHIMA (9 and 10) had "unknown" and "file's
    # figures"; no variant orders them as published
    kaiwen = next(d for d in report.disagreements if d.player == "Kaiwen Cabbabe [AU]")
    assert kaiwen.reason == "unknown" and "SHINYA KARASHIMA [JP]" in kaiwen.explanation


def test_ranks_swapped_get_one_reason():
    a = Disagreement("Ann", 648, {"omw": (0.5, 0.51), "rank": (647, 648)}, "floor", "the 0.33 floor")
    b = Disagreement("Bob", 647, {"rank": (648, 647)}, "order", "Ann is at this rank here: OMW% ...")
    c = Disagreement("Cid", 10, {"rank": (11, 10)}, "order", "Dee is at this rank here: OMW% 0.6 against 0.5")
    d = Disagreement("Dee", 11, {"rank": (10, 11)}, "order", "Cid is at this rank here: OMW% 0.5 against 0.6")
    e = Disagreement("Eve", 30, {"rank": (31, 30)}, "order", "someone")
    out = one_reason_per_swap([a, b, c, d, e])
    assert out[0].reason == out[1].reason == "floor" and out[0].explanation == out[1].explanation
    assert "Ann and Bob are published in each other's places" in out[0].explanation
    assert out[2].reason == out[3].reason == "order" and out[2].explanation == out[3].explanation
    assert out[4] == e  # not a swap: unchanged
