"""Every option exists once: each request's fields are the command line's options, the API's query
parameters and the OpenAPI document's parameters, with one type, default, range and help."""

from __future__ import annotations

import dataclasses
import warnings

import click
import pytest

from drawsafe.app import registry
from drawsafe.app.options import OptionError, build, fields, parse_query
from drawsafe.app.requests import DrawRequest, FieldRequest, OddsRequest
from drawsafe.cli.main import main
from drawsafe.server.openapi import document
from drawsafe.server.options import parse_options

with warnings.catch_warnings():
    warnings.simplefilter("ignore")

REQUESTS = registry.requests()
SERVED = registry.served_requests()


def cli_params(command: str) -> dict[str, click.Parameter]:
    # get_command, not main.commands: the group makes its commands from the registry when asked
    # (main.commands is empty until then: the test passed only after another had asked)
    return {p.name: p for p in main.get_command(click.Context(main), command).params}


@pytest.mark.parametrize("command", sorted(REQUESTS))
def test_every_request_field_is_a_command_line_option(command):
    params = cli_params(command)
    for o in fields(REQUESTS[command]):
        assert o.name in params, (command, o.name)
        p = params[o.name]
        assert o.cli_flag in p.opts and p.help == o.help, (command, o.name)
        assert p.required == o.required, (command, o.name)
        if not o.required and o.kind != "byes":
            assert p.default == o.default, (command, o.name)
        choices = getattr(p.type, "choices", None)
        assert (tuple(choices) if choices else None) == (tuple(o.choices) if o.choices else None), (command, o.name)
        if o.low is not None:
            assert p.type.min == o.low and p.type.min_open == o.low_open, (command, o.name)
    # and the command has no other option than its request's, its argument and its declared own options
    own = {"file"} | {o.name for o in registry.get(command).cli_options()}
    assert set(params) - {o.name for o in fields(REQUESTS[command])} == own - ({"file"} - set(params)), command


@pytest.mark.parametrize("command", sorted(SERVED))
def test_every_served_field_is_an_api_parameter_and_in_the_openapi(command):
    kind = SERVED[command]
    doc = document()
    path = "/api/field" if command == "field" else f"/api/{command}"
    verb = "get" if command == "field" else "post"
    documented = {p["name"]: p for p in doc["paths"][path][verb]["parameters"]}
    for o in fields(kind):
        assert o.api, (command, o.name)
        assert o.name in documented and documented[o.name]["description"] == o.help, (command, o.name)
        schema = documented[o.name]["schema"]
        if o.choices:
            assert schema["enum"] == list(o.choices)
        # the API parses the parameter into the request field
        if o.required:
            continue
        sample = {int: "3", float: "0.5", bool: "true", "top": "auto", "byes": "1,2"}.get(o.kind, None)
        if sample is None:
            sample = o.choices[0] if o.choices else "x"
        if o.kind in (int, float) and o.low is not None and float(sample) < o.low:
            sample = str(int(o.low) + 1)
        if o.kind in (int, float) and o.high is not None and float(sample) >= o.high:
            sample = str(o.high / 2)
        if o.name == "max_sims":
            sample = "5000"
        query = {"players": "20"} if command == "field" and o.name != "players" else {}
        request = parse_options(command, query | {o.name: sample})
        assert getattr(request, o.name) == o.parse(sample), (command, o.name)
    assert set(documented) == {o.name for o in fields(kind)}, command


def test_defaults_are_the_same_in_the_library_the_api_and_the_command_line():
    for command, kind in SERVED.items():
        base = {"players": 20} if command == "field" else {}
        from_api = parse_query(kind, {k: str(v) for k, v in base.items()})
        assert from_api == build(kind, base) == kind(**base), command


def test_bad_values_are_one_clear_error():
    with pytest.raises(OptionError, match=r"precision: 0 is not in the range 0<x<=0.5"):
        build(OddsRequest, {"precision": 0})
    with pytest.raises(OptionError, match=r"others: 'sometimes' is not one of none, locked, rational, behaviour"):
        parse_query(DrawRequest, {"others": "sometimes"})
    with pytest.raises(OptionError, match=r"unknown option 'bogus'"):
        parse_query(DrawRequest, {"bogus": "1"})
    with pytest.raises(OptionError, match=r"top: 'zero' is not a valid cut size \(a whole number from 1, or auto\)"):
        parse_query(DrawRequest, {"top": "zero"})
    with pytest.raises(OptionError, match=r"players: a value is needed"):
        build(FieldRequest, {})


def test_library_methods_take_the_request_fields(monkeypatch):
    """``open_event(...).draw(**fields)`` builds the DrawRequest of those fields, checked."""
    from drawsafe import open_event
    from drawsafe.app import commands

    seen = {}
    monkeypatch.setattr(commands, "draw", lambda ctx, request, progress=None: seen.setdefault("r", request) and
                        commands.Outcome(None))
    ctx = open_event(None)
    ctx.draw(player="x", top=4, others="none", seed=3)
    assert seen["r"] == DrawRequest(player="x", top=4, others="none", seed=3)
    with pytest.raises(OptionError, match="safe"):
        ctx.draw(safe=2.0)
    names = {f.name for f in dataclasses.fields(DrawRequest)}
    assert {"player", "safe", "others", "top", "sims", "precision", "seed", "future_draws"} <= names


def test_commands_are_found_by_their_request_type():
    """``commands.run`` runs the command of the request's type (the nearest, for a subclass: a
    ReportRequest is a DrawRequest too but runs ``report``); every served request has one."""
    from drawsafe.app import commands
    from drawsafe.app.requests import ReportRequest, StandingsRequest
    from drawsafe.errors import UsageError

    assert all(registry.command_of(object.__new__(kind)).name == name for name, kind in SERVED.items())
    assert commands.command_of(DrawRequest()) is commands.draw
    assert commands.command_of(ReportRequest()) is commands.report
    assert commands.command_of(OddsRequest()) is commands.odds

    @dataclasses.dataclass(frozen=True)
    class MyStandings(StandingsRequest):
        pass

    assert commands.command_of(MyStandings()) is commands.standings
    with pytest.raises(UsageError, match="no command runs a str"):
        commands.run(None, "odds")
