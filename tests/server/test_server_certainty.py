"""The phone page and the API show the certainty (clinched / eliminated / open) and the needs.

The sample event (sim/data/sample-event.json: a real event cut before its last round, pairings
known) answered exactly; Andrey Pchelkin is open there, clinched if he wins or draws.
"""

from __future__ import annotations

import re
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


def test_card_writes_every_name_as_the_event_does(client):
    """A condition's sentence starts with a capital and keeps every name's own capitals (Jinja's
    ``capitalize`` lowered them all: "fliegender_fisch (table 6)")."""
    r = client.post("/api/events?top=8", content=Path(sample_path()).read_bytes())
    page = client.get(f"/e/{r.json()['id']}", params={"name": "Alewa"}).text
    needs = page.split('id="certainty"')[1].split("</section>")[0]
    assert "Fliegender_Fisch" in needs and "fliegender_fisch" not in needs, needs
    lines = [re.sub(r"<[^>]+>", "", line) for line in re.findall(r'<p class="sentence">(.*?)</p>', needs, re.DOTALL)]
    assert lines and all(line[:1].isupper() for line in lines), lines


def test_card_says_proven_in_place_of_an_interval(client):
    """Andrey Pchelkin is clinched if he wins or draws: those boxes say "clinched", not a Monte
    Carlo interval beside 100% (issue 50, item 4); his loss and play stay simulated; a clinched
    player's four boxes all say it."""
    r = client.post("/api/events?top=8", content=Path(sample_path()).read_bytes())
    event_id = r.json()["id"]

    def boxes(name: str) -> dict[str, str]:
        page = client.get(f"/e/{event_id}", params={"name": name}).text
        mine = page.split(f"<h3>{name} ")[1].split("</dl>")[0]
        return dict(re.findall(r"<dt>If you (\w+)</dt><dd>[^<]*</dd><dd class=\"(\w+)\">", mine))

    assert boxes("Andrey Pchelkin") == {"draw": "proven", "play": "ci", "win": "proven", "lose": "ci"}
    draw = client.get(f"/api/events/{event_id}/draw").json()
    clinched = next(p["player"] for t in draw["tables"] for p in t["players"] if p["certainty"] == "clinched")
    assert set(boxes(clinched).values()) == {"proven"}
