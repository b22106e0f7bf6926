"""A new input format is a declaration: a toy format declared here, in the tests only (a list of
results, one per line, fields split by "|"), is read by ``drawsafe standings FILE`` by content and
by name, offered by ``--format`` and by the API (its option check and its OpenAPI document), and
listed in the manual's table of formats, with nothing else changed.  As tests/app/test_new_game.py
does for a game."""

from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner

from drawsafe.app.options import OptionError
from drawsafe.cli.main import main
from drawsafe.event.io import formats
from drawsafe.event.io.build import EventBuilder, parse_int
from drawsafe.event.model import Event, Match
from drawsafe.server.openapi import document
from drawsafe.server.options import parse_options

TOY = """pipes: Toy Open
1|Alice|Bob|2-0-0
1|Carol|Dave|1-2-0
2|Alice|Dave|0-0-3
2|Bob|Carol|2-1-0
3|Alice|Bob|
3|Carol|Dave|
"""


def read_pipes(text: str, file: str) -> Event:
    """``pipes: NAME``, then ``round|player|opponent|wins-losses-draws`` (no score: not played yet)."""
    head, *lines = text.splitlines()
    b = EventBuilder(file, "pipes")
    for n, line in enumerate(lines, 2):
        rnd, a, other, score = line.split("|")
        where = f"line {n}"
        games = [parse_int(x, file, where, "games") for x in score.split("-")] if score else []
        b.add_match(Match(parse_int(rnd, file, where, "round"), a, other, *games, where=where))
    return b.build(head.removeprefix("pipes:").strip(), swiss_rounds=3)


#: The whole declaration of the new format.
PIPES = formats.Format("pipes", "A toy list of results, one per line, fields split by | (declared in the tests)",
                       read_pipes, formats.TEXT, lambda text: text.startswith("pipes:"), priority=5)


@pytest.fixture
def pipes(tmp_path):
    formats.register(PIPES)
    path = tmp_path / "toy.txt"
    path.write_text(TOY)
    yield path
    formats.REGISTRY.pop(PIPES.name, None)


def test_the_new_format_reads_by_content_and_by_name(pipes):
    for args in ([], ["--format", "auto"], ["--format", "pipes"]):
        result = CliRunner().invoke(main, ["standings", str(pipes), "--json", *args])
        assert result.exit_code == 0, result.output
        rows = json.loads(result.stdout)
        assert {r["player"]: r["points"] for r in rows} == {"Alice": 4, "Dave": 4, "Bob": 3, "Carol": 0}
    result = CliRunner().invoke(main, ["standings", str(pipes), "--format", "csv"])
    assert result.exit_code == 2 and "toy.txt" in result.output  # named another format: read as that one


def test_the_new_format_is_a_choice_of_the_command_line(pipes):
    help_text = CliRunner().invoke(main, ["standings", "--help"]).output
    assert "|pipes|" in help_text.replace("\n", "").replace(" ", "")
    del formats.REGISTRY[PIPES.name]  # gone: refused again
    result = CliRunner().invoke(main, ["standings", str(pipes), "--format", "pipes"])
    assert result.exit_code == 2 and "'pipes' is not one of" in result.output
    formats.register(PIPES)


def test_the_new_format_is_a_choice_of_the_api(pipes, tmp_path):
    assert parse_options("standings", {"format": "pipes"}).format == "pipes"
    with pytest.raises(OptionError, match="format: 'pips' is not one of auto, battlefy, "):
        parse_options("standings", {"format": "pips"})
    schema = next(p["schema"] for p in document()["paths"]["/api/standings"]["post"]["parameters"]
                  if p["name"] == "format")
    assert "pipes" in schema["enum"] and schema["enum"][0] == "auto"
    pytest.importorskip("httpx")
    with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from drawsafe.server import ServerConfig, create_app

    app = create_app(ServerConfig(data_dir=str(tmp_path / "serve"), warm=False, processes=False))
    with TestClient(app, raise_server_exceptions=False) as client:
        r = client.post("/api/standings?format=pipes", content=pipes.read_bytes())
        assert r.status_code == 200, r.text
        assert r.json()[0]["player"] == "Alice"
        assert client.post("/api/standings", content=pipes.read_bytes()).json() == r.json()  # by content


def test_the_new_format_is_in_the_manual(pipes):
    assert f"| `pipes` | {PIPES.description} |  |  |" in formats.markdown_table()
