"""The other Swiss games on the server: a cobra export published as a scorekeeper would (its
pack found from the file, the same figures as the command line), and a game whose draw scores as
a loss (Flesh and Blood): the player's card says why there is no verdict."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from drawsafe.server import ServerConfig, create_app

DATA = Path(__file__).resolve().parents[1] / "data"
COBRA = DATA / "netrunner" / "2023-09-30-finland-baltic-nats-cobra.json"
NATIVE = DATA / "native" / "friday.json"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(ServerConfig(data_dir=str(tmp_path_factory.mktemp("games")), warm=False))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_a_cobra_export_publishes_and_answers(client):
    r = client.post("/api/events?after_round=3&top=auto", content=COBRA.read_bytes(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    standings = client.get(f"/api/events/{event_id}/standings").json()
    assert {"sos", "esos"} <= set(standings[0])  # the netrunner pack, found from the file
    draw = client.get(f"/api/events/{event_id}/draw?sims=2000")
    assert draw.status_code == 200, draw.text
    assert draw.json()["cut"] == "Top 4"  # the file's announced cut
    assert client.get(f"/e/{event_id}").status_code == 200


def test_a_draw_that_scores_as_a_loss_gets_a_note_not_a_verdict(client):
    r = client.post("/api/events?rules=fab&top=2", content=NATIVE.read_bytes(),
                    headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    draw = client.get(f"/api/events/{event_id}/draw").json()
    assert draw["tables"] == [] and "cannot help" in draw["no_draw"]
    page = client.get(f"/e/{event_id}", params={"name": "Alice"})
    assert page.status_code == 200 and "cannot help" in page.text


def test_an_empty_file_is_named_not_asked_for(client):
    """A chosen file with nothing in it says so (the page used to ask to choose a file)."""
    for path in ("/publish", "/analyse"):
        r = client.post(path, files={"file": ("event.json", b"")})
        assert r.status_code == 400 and "event.json: the file is empty" in r.text, path
    r = client.post("/publish", data={"text": ""})
    assert r.status_code == 400 and "choose a file or paste" in r.text
