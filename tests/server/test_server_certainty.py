"""The phone page and the API show the certainty (clinched / eliminated / open) and the needs.

The sample event (sim/data/sample-event.json: a real event cut before its last round, pairings
known) answered exactly; Andrey Pchelkin is open there, clinched if he wins or draws.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from drawsafe.event.sample import sample_path
from drawsafe.server import ServerConfig, create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(ServerConfig(data_dir=str(tmp_path_factory.mktemp("certainty")), warm=False))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_card_all_tables_and_api_carry_the_certainty(client):
    r = client.post("/api/events?top=8", content=Path(sample_path()).read_bytes(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    draw = client.get(f"/api/events/{event_id}/draw").json()
    assert draw["certainty"]["scope"] == "last round"
    me = next(p for t in draw["tables"] for p in t["players"] if p["player"] == "Andrey Pchelkin")
    assert me["certainty"] == "open"
    assert me["certainty_if"] == {"win": "clinched", "draw": "clinched", "loss": "open"}
    page = client.get(f"/e/{event_id}", params={"name": "Andrey Pchelkin"})
    assert page.status_code == 200
    assert "Not decided yet: clinched if you win; clinched if you draw." in page.text
    assert "If you lose: sure to be in if at most" in page.text  # sufficient only: says so
    assert "never from a simulation" in page.text
    every = client.get(f"/e/{event_id}/draw")
    assert every.status_code == 200
    assert "clinched if win; clinched if draw" in every.text
