"""A new platform is a declaration: a connector declared here, in the tests only, is listed by
``drawsafe fetch --help`` (its link and its key), fetched by ``drawsafe fetch URL -o FILE`` and by
any command taking the link in place of FILE, named in the message for a link of no known
platform, followed by the phone page, and given its row in the manual's table of links.

The platform answers ``GET https://example.test/api/event/ID`` with its event (players' matches
round by round); the replay server of tests/fetch gives that answer, as it gives the real
platforms' recorded ones."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from replay import client, platform, quick, replay  # noqa: F401 (fixtures)

from drawsafe.cli.main import main
from drawsafe.event.io import parse_event
from drawsafe.fetch import (
    CONNECTORS,
    Connector,
    FetchError,
    Key,
    Link,
    connector_of,
    fetch,
    register,
)
from drawsafe.fetch.native import NativeEvent
from drawsafe.fetch.registry import markdown
from drawsafe.fetch.summary import read_back

URL = "https://example.test/event/42"
API = "https://example.test/api/event/42"
#: The toy platform's answer: an event of 8 players, round 3 of 3 in progress (3 tables to come).
ANSWER = {"name": "Toy Open", "swiss_rounds": 3, "rounds": [
    [["Ann", "Bob", [2, 0, 0]], ["Cid", "Dee", [2, 1, 0]], ["Eve", "Fay", [0, 2, 0]], ["Gus", "Hal", [1, 1, 1]]],
    [["Ann", "Cid", [2, 1, 0]], ["Fay", "Gus", [2, 0, 0]], ["Bob", "Dee", [0, 2, 0]], ["Hal", "Eve", [2, 0, 0]]],
    [["Ann", "Fay", [2, 0, 0]], ["Cid", "Hal", None], ["Dee", "Gus", None], ["Bob", "Eve", None]]]}


def toy_fetch(link: Link):
    eid = link.id(r"/event/(\d+)", hint="give the event's page, e.g. https://example.test/event/42")
    doc = link.http.get_json(f"https://example.test/api/event/{eid}", what="the event",
                             headers={"X-Toy-Key": link.key} if link.key else None)
    event = NativeEvent(doc["name"])
    event.swiss_rounds = doc["swiss_rounds"]
    for number, tables in enumerate(doc["rounds"], 1):
        for a, b, score in tables:
            event.match(number, a, b, score)
    return read_back(link, event.content(link.connector.name, link.url))


#: The whole declaration of the new platform.
TOY = Connector("toy", "Toy Swiss", ("example.test",), "https://example.test/event/ID",
                "Toy Swiss (a platform declared in the tests)", toy_fetch, "json",
                published="nothing (a toy platform)", fetched="`GET /api/event/ID`",
                written="native JSON of the rounds", interval=0.0,
                key=Key("DRAWSAFE_TOY_KEY", "the toy's X-Toy-Key", "the toy refused: --key KEY or DRAWSAFE_TOY_KEY"))


@pytest.fixture
def toy(platform):
    """The toy platform registered (and removed after), its answer on the replay server."""
    platform.serve("GET", API, ANSWER)
    register(TOY)
    yield platform
    del CONNECTORS[TOY.name]


def test_the_help_lists_its_link_and_key(toy):
    shown = CliRunner().invoke(main, ["fetch", "--help"])
    assert shown.exit_code == 0
    text = " ".join(shown.output.split())
    assert "https://example.test/event/ID Toy Swiss (a platform declared in the tests)" in text
    assert "the toy's X-Toy-Key (DRAWSAFE_TOY_KEY)" in text
    # the real platforms still, each once
    assert text.count("https://lichess.org/swiss/ID") == 1 and "Limitless's X-Access-Key (DRAWSAFE_LIMITLESS_KEY)" in text


def test_without_the_declaration_the_help_does_not_list_it():
    text = CliRunner().invoke(main, ["fetch", "--help"]).output
    assert "example.test" not in text and "DRAWSAFE_TOY_KEY" not in text and "https://rk9.gg/pairings/ID" in text


def test_fetch_writes_the_file(toy, tmp_path):
    out = tmp_path / "toy.json"
    done = CliRunner().invoke(main, ["fetch", URL, "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert (f"wrote {out}: Toy Open (toy, 8 players, round 3 in progress, 3 result(s) to come; 1 answer(s), "
            "0 from the cache; format json)") in done.stderr
    event = parse_event(out.read_bytes(), "toy.json")
    assert len(event.players) == 8 and len(event.rounds) == 3 and event.swiss_rounds == 3
    assert [u for m, u, _, _ in toy.seen] == [API]


def test_its_key_comes_from_the_option_or_its_variable(toy, monkeypatch):
    fetch(URL, quick(key="given"))
    monkeypatch.setenv("DRAWSAFE_TOY_KEY", "from-the-environment")
    fetch(URL, quick(cache=False))
    sent = [{k.lower(): v for k, v in h.items()}.get("x-toy-key") for _, _, _, h in toy.seen]
    assert sent == ["given", "from-the-environment"]


def test_a_command_reads_the_link_in_place_of_file(toy):
    done = CliRunner().invoke(main, ["standings", URL, "--json"])
    assert done.exit_code == 0, done.output
    rows = json.loads(done.stdout)
    assert [r["player"] for r in rows][:2] == ["Ann", "Fay"] and len(rows) == 8


def test_the_unknown_link_message_names_it(toy):
    with pytest.raises(FetchError, match=r"not a link of a platform drawsafe knows \(links of .*Toy Swiss "
                                         r"\(example.test\) are read"):
        connector_of("https://elsewhere.test/event/1")
    assert connector_of(URL) is TOY
    with pytest.raises(FetchError, match=r"^toy https://example.test/tournament/1: no event id in the link "
                                         r"\(give the event's page, e.g. https://example.test/event/42\)$"):
        fetch("https://example.test/tournament/1", quick())


def test_the_phone_page_follows_it(toy, client):
    sent = client.post("/live", data={"url": URL, "top": "4"}, follow_redirects=False)
    assert sent.status_code == 303
    page = client.get(sent.headers["location"])
    assert page.status_code == 200
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(page.text)))
    assert "Live from toy: updated" in words and "round 3 in progress, 3 result(s) to come" in words
    assert client.get("/api/live", params={"url": URL}).json()["platform"] == "toy"


def test_the_manual_has_its_row(toy):
    rows = [line for line in markdown().splitlines() if line.startswith("| Toy Swiss")]
    assert rows == [("| Toy Swiss (a platform declared in the tests) | `example.test/event/ID` | `GET /api/event/ID` | "
                     "native JSON of the rounds (format `json`) | nothing (a toy platform) | `--key` or "
                     "`DRAWSAFE_TOY_KEY` | 0 s |")]
    # the mkdocs hook writes the table at the page's marker
    path = Path(__file__).resolve().parents[2] / "docs" / "hooks.py"
    spec = importlib.util.spec_from_file_location("docs_hooks", path)
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    page = (path.parent / "formats" / "links.md").read_text(encoding="utf-8")
    built = hooks.on_page_markdown(page, page=None, config=None, files=None)
    assert "<!-- drawsafe:connectors -->" not in built and rows[0] in built
    assert len([line for line in built.splitlines() if line.startswith("| ")]) == len(CONNECTORS) + 2


def test_a_module_is_all_a_connector_needs(tmp_path, monkeypatch):
    """Discovery: a package's modules are imported, and a module ending with its declaration is a
    connector (as each of drawsafe.fetch's is)."""
    from drawsafe.fetch.registry import discover

    package = tmp_path / "more_links"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "toyland.py").write_text(
        "from drawsafe.fetch import Connector, register\n\n"
        "CONNECTOR = register(Connector(name='toyland', title='Toyland', hosts=('toy.land',),\n"
        "    example='https://toy.land/e/ID', description='Toyland', fetch=print, format='json'))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        discover("more_links", [str(package)])
        assert connector_of("https://toy.land/e/1").name == "toyland"
        assert list(CONNECTORS)[-1] == "toyland"
    finally:
        CONNECTORS.pop("toyland", None)
        for name in ("more_links", "more_links.toyland"):
            monkeypatch.delitem(sys.modules, name, raising=False)
    assert "toyland" not in CONNECTORS
