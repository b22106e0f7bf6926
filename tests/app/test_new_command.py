"""A new command is a declaration: a request and a function declared here, in the tests only, and
registered by a fixture, are a command of the command line (``--help``, ``--json``, its own text),
of the API (``POST /api/NAME`` with an event file, its OpenAPI path with every option) and of the
manual's option tables; removed, they are gone from all of them.

The second command reads no event and takes a list option (given any number of times), as
``study`` will when it becomes a request."""

from __future__ import annotations

import importlib.util
import json
import warnings
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import ROOT

from drawsafe.app import registry
from drawsafe.app.options import Option, option
from drawsafe.app.registry import JSON, REQUEST, CliOption, Command
from drawsafe.app.requests import EventOptions
from drawsafe.cli.main import main
from drawsafe.event.sample import sample_path

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@dataclass(frozen=True)
class CountRequest(EventOptions):
    """``drawsafe toy-count``: the players on a number of points or more."""

    points: float = option(Option(float, 0.0, "Count the players on at least this many points.", low=0,
                                  metavar="P"))
    dropped: bool = option(Option(bool, False, "Count the players who dropped too."))


@dataclass(frozen=True)
class Counted:
    players: int
    above: int

    def to_json(self) -> dict:
        return {"players": self.players, "above": self.above}


def count(ctx, request: CountRequest, say=None) -> Counted:
    rows = [r for r in ctx.standings().rows if request.dropped or not r.dropped]
    return Counted(len(rows), sum(r.points >= request.points for r in rows))


def show_count(result: Counted, run) -> None:
    click.echo(f"{result.above} of {result.players} players on {run.request.points:g} points or more")


#: The whole declaration of the new command.
COUNT = Command("toy-count", CountRequest, count,
                "Count the players on --points or more (a command declared in the tests).",
                render=show_count, served="json")


@dataclass(frozen=True)
class SizesRequest:
    """``drawsafe toy-sizes``: field sizes, given as a list."""

    size: tuple = option(Option(int, (), "A field size (repeatable).", metavar="N", low=2, api=False,
                                multiple=True))


@dataclass(frozen=True)
class Sizes:
    sizes: tuple[int, ...]

    def to_json(self) -> dict:
        return {"sizes": list(self.sizes)}


def sizes(request: SizesRequest, say=None) -> registry.Outcome:
    say(f"note: {len(request.size)} sizes")
    return registry.Outcome(Sizes(request.size), (f"note: {len(request.size)} sizes",))


SIZES = Command("toy-sizes", SizesRequest, sizes, "Field sizes, as a list (a command declared in the tests).",
                reads=None, options=(REQUEST, CliOption(("--upper",), "upper", "Shout."), JSON),
                render=lambda result, run: click.echo(" ".join(
                    str(s) for s in result.sizes).upper() if run.options["upper"] else result.sizes))


@pytest.fixture
def new_commands(monkeypatch):
    for command in (COUNT, SIZES):
        monkeypatch.setitem(registry.COMMANDS, command.name, command)
    return COUNT, SIZES


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_the_new_commands_are_commands_of_the_command_line(new_commands):
    listed = invoke("--help")
    assert "toy-count  Count the players on --points or more" in listed.stdout
    assert "toy-sizes  Field sizes, as a list" in listed.stdout
    helped = invoke("toy-count", "--help").stdout
    assert helped.startswith("Usage: main toy-count [OPTIONS] [FILE]")
    for flag in ("--format", "--after-round", "--points P", "--dropped", "--json"):
        assert flag in helped
    assert invoke("toy-sizes", "--help").stdout.startswith("Usage: main toy-sizes [OPTIONS]\n")


def test_the_new_command_runs_on_the_command_line(new_commands):
    expected = count(__import__("drawsafe").open_event(None), CountRequest(points=9))
    done = invoke("toy-count", "--points", "9", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == expected.to_json() and 0 < expected.above < expected.players
    assert "no FILE given: using the embedded sample event" in done.stderr  # what was read, as every command
    text = invoke("toy-count", sample_path(), "--points", "9")
    assert text.stdout == f"{expected.above} of {expected.players} players on 9 points or more\n"
    refused = invoke("toy-count", "--points", "-1")
    assert refused.exit_code == 2 and "Invalid value for '--points'" in refused.stderr
    failed = invoke("toy-count", "missing.json")
    assert failed.exit_code == 2
    assert failed.stderr.startswith("drawsafe: error: missing.json: cannot read the file")


def test_a_command_without_an_event_takes_a_list(new_commands):
    done = invoke("toy-sizes", "--size", "8", "--size", "32", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == {"sizes": [8, 32]} and done.stderr == "note: 2 sizes\n"
    assert invoke("toy-sizes", "--size", "8", "--upper").stdout == "8\n"
    refused = invoke("toy-sizes", "--size", "1")
    assert refused.exit_code == 2 and "Invalid value for '--size'" in refused.stderr


def test_the_server_answers_the_new_command_and_documents_it(new_commands, tmp_path):
    from drawsafe.server import ServerConfig, create_app

    expected = invoke("toy-count", "--points", "9", "--json").stdout
    app = create_app(ServerConfig(data_dir=str(tmp_path), warm=False, processes=False))
    with TestClient(app, raise_server_exceptions=False) as client:
        answered = client.post("/api/toy-count?points=9", content=Path(sample_path()).read_bytes())
        assert answered.status_code == 200, answered.text
        assert answered.text == expected  # the command line's --json, byte for byte
        bad = client.post("/api/toy-count?points=x", content=Path(sample_path()).read_bytes())
        assert bad.status_code == 422 and bad.json()["error"] == "points: 'x' is not a valid float"
        assert client.post("/api/toy-sizes", content=b"{}").status_code == 404  # not served
        paths = client.get("/api/openapi.json").json()["paths"]
    documented = {p["name"]: p for p in paths["/api/toy-count"]["post"]["parameters"]}
    assert documented["points"]["schema"] == {"type": "number", "default": 0.0, "minimum": 0}
    assert documented["points"]["description"] == "Count the players on at least this many points."
    assert {"dropped", "format", "after_round"} <= set(documented)
    assert "/api/events/{id}/toy-count" in paths and "/api/toy-sizes" not in paths


def test_the_manual_lists_the_new_commands(new_commands):
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)

    class Page:
        class file:
            src_path = "commands.md"

    page = hooks.on_page_markdown("# Commands\n\n<!-- drawsafe:commands -->\n", Page, None, None)
    assert "<!-- drawsafe" not in page
    assert "### `drawsafe toy-count [FILE]`" in page and "### `drawsafe toy-sizes`" in page
    assert "| `--points` | P | `0.0` | Count the players on at least this many points. |" in page
    assert "| `--size` | N |  | A field size (repeatable). |" in page
    assert "| `--upper` | flag |  | Shout. |" in page
    with pytest.raises(ValueError, match="no handler for the marker drawsafe:nothing"):
        hooks.on_page_markdown("<!-- drawsafe:nothing -->\n", Page, None, None)


def test_removed_the_new_commands_are_gone():
    """Without the fixture (its registration undone after each test), nothing of them is left."""
    assert "toy-count" not in registry.COMMANDS and "toy-count" not in invoke("--help").stdout
    assert invoke("toy-count").exit_code == 2
    assert "toy-count" not in registry.markdown()


def test_every_reference_of_the_declarations_names_something():
    """A ``"module:name"`` reference is imported only when used: each is checked here."""
    for command in registry.COMMANDS.values():
        for ref in (command.request, command.function, command.check, command.write, command.render,
                    command.page):
            if ref is not None:
                assert callable(registry.resolve(ref)), (command.name, ref)
        assert command.help_text and command.summary, command.name
