"""The Battlefy and Spicerack connectors at the platforms' real addresses (replayed:
tests/data/fetch/routes.json): Battlefy's real tournament answer (no Swiss stage: one line), a
Swiss stage built in its shape; Spicerack's real decklist export, a tournament picked from it."""

from __future__ import annotations

import pytest
from replay import platform, quick, replay  # noqa: F401 (fixtures)

from drawsafe.event.io import parse_event
from drawsafe.fetch import FetchError, FetchOptions, fetch, fetch_checked
from drawsafe.fetch.battlefy import API, EXTEND, ids_of

REAL = "https://battlefy.com/raidiant/verizon-vct-game-changers-series-3-open-qualifier-3/66f5d01a70020f0022f63314/info"
SWISS = "https://battlefy.com/org/swiss/0000000000000000005715ef/stage/0000000000000000005715ee/bracket/3"


def test_links_give_the_tournament_and_stage():
    assert ids_of(REAL) == ("66f5d01a70020f0022f63314", None)
    assert ids_of(SWISS) == ("0000000000000000005715ef", "0000000000000000005715ee")


def test_battlefy_asks_the_extended_tournament_once(platform):
    with pytest.raises(FetchError) as e:
        fetch(REAL, quick())
    text = str(e.value)
    assert "no Swiss stage in this event (stages: Group A (elimination (double));" in text and "\n" not in text
    assert [u for m, u, _, _ in platform.seen] == [f"{API}/tournaments/66f5d01a70020f0022f63314?{EXTEND}"]


def test_battlefy_reads_a_swiss_stage(platform):
    f = fetch_checked(SWISS, quick())
    assert f.format == "battlefy" and f.players == 8 and f.rounds == 3 and f.live and f.pending == 2
    event = parse_event(f.content, "bf.json")
    assert len(event.standings) == 8 and event.rounds[0].complete


def test_spicerack_picks_the_tournament_from_the_export(platform):
    f = fetch_checked("https://www.spicerack.gg/events/2919004/tournament", quick())
    assert f.format == "spicerack" and f.name == "$2.5k Legacy Trial - NRG Series" and f.players == 8
    assert [u for m, u, _, _ in platform.seen] == ["https://api.spicerack.gg/api/export-decklists/?num_days=30"]
    assert "X-API-Key" not in platform.seen[0][3] and "x-api-key" not in platform.seen[0][3]


def test_spicerack_sends_a_key_when_given(platform):
    fetch("https://www.spicerack.gg/events/3135276/tournament", quick(key="SECRET"))
    headers = {k.lower(): v for k, v in platform.seen[0][3].items()}
    assert headers["x-api-key"] == "SECRET"


def test_spicerack_an_event_not_in_the_export_is_one_line(platform):
    with pytest.raises(FetchError) as e:
        fetch("https://www.spicerack.gg/events/123/tournament", FetchOptions(interval=0.0, backoff=0.0))
    assert "tournament 123 is not in Spicerack's decklist export" in str(e.value) and "\n" not in str(e.value)
