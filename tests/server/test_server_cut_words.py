"""The phone pages word every cut from the cut itself (issue 50, item 6): published at a points cut
(12+ points) and at a Top 8, the event's page with a clinched, an open and an eliminated player's
card, every table, the odds, the pairings and the standings, a private analysis, and a round whose
pairings are not out yet, name that cut and no other (tests/cut_words.py says what is wrong)."""

from __future__ import annotations

import os
import tempfile
import warnings
from pathlib import Path

import pytest
from cut_words import page_text, wrong_cut_words

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from drawsafe.event.cut import Cut
from drawsafe.event.io.export import write_native_json
from drawsafe.event.sample import sample_path
from drawsafe.server import ServerConfig, create_app
from drawsafe.simulation.generate import generate_event
from drawsafe.tiebreaks.packs import get_rules

#: The query of each cut, and the cut it is.
CUTS = {"points": ("cut_points=12", Cut(8, 12.0)), "top": ("top=8", Cut(8))}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(ServerConfig(data_dir=str(tmp_path_factory.mktemp("cut-words")), warm=False))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def read(client, path: str, **params) -> str:
    r = client.get(path, params=params)
    assert r.status_code == 200, (path, r.text[:300])
    return page_text(r.text)


def not_out_yet() -> bytes:
    """A 40-player event after round 4 of 6: round 5 is not paired yet."""
    path = os.path.join(tempfile.mkdtemp(), "e.json")
    write_native_json(generate_event(40, 6, 4, 3, get_rules("mtg")), path)
    return Path(path).read_bytes()


@pytest.mark.parametrize("which", list(CUTS))
def test_every_page_words_its_own_cut(client, which):
    query, cut = CUTS[which]
    raw = Path(sample_path()).read_bytes()
    event_id = client.post(f"/api/events?{query}", content=raw).json()["id"]
    draw = client.get(f"/api/events/{event_id}/draw").json()
    by_certainty = {}
    for t in draw["tables"]:
        for p in t["players"]:
            by_certainty.setdefault(p["certainty"], p["player"])
    assert "clinched" in by_certainty and "open" in by_certainty, by_certainty
    pages = {f"card of {c}": read(client, f"/e/{event_id}", name=name) for c, name in by_certainty.items()}
    for view in ("draw", "odds", "pairings", "standings"):
        pages[view] = read(client, f"/e/{event_id}/{view}")
    private = client.post("/analyse", files={"file": ("s.json", raw)},
                          data={"name": by_certainty["clinched"], **dict([query.split("=")])})
    assert private.status_code == 200
    pages["private"] = page_text(private.text)
    later = client.post(f"/api/events?{query}", content=not_out_yet()).json()["id"]
    leader = client.get(f"/api/events/{later}/standings").json()[0]["player"]
    pages["not out yet: card"] = read(client, f"/e/{later}", name=leader)
    pages["not out yet: every player"] = read(client, f"/e/{later}/draw")
    for name, text in pages.items():
        assert not wrong_cut_words(text, cut), (name, wrong_cut_words(text, cut))
    assert f"Clinched: you make {cut.noun()} whatever happens" in pages["card of clinched"]
    assert f"Chance of making {cut.noun()}" in pages["card of open"]
    assert f"Odds of making {cut.noun()}" in pages["odds"]
    assert f"Chance of making {cut.noun()} for each player" in pages["draw"]
    assert f"Your chance of making {cut.noun()} now" in pages["not out yet: card"]
    assert f"Each player's chance of making {cut.noun()} now" in pages["not out yet: every player"]
    assert f" · {cut.noun(article=False)} · " in pages["private"]
