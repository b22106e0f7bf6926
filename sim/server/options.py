"""The query parameters of the API: the fields of the command's request
(:mod:`drawsafe.app.requests`), under the same names, checked the same way and with the same
defaults, so a request gives the command's JSON.

A bad value or an unknown name is an :class:`~drawsafe.app.options.OptionError` (HTTP 422), never
a silent default.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from drawsafe.app import registry
from drawsafe.app.commands import planned_field
from drawsafe.app.options import OptionError, parse_query
from drawsafe.app.requests import FieldRequest
from drawsafe.planning.field import FieldCost, pilot_simulations
from drawsafe.text import duration

#: Query parameters that are not command options (the label of a raw-body upload).
EXTRA = ("filename",)

__all__ = ["EXTRA", "OptionError", "commands", "parse_options", "within_job_time"]


def commands() -> tuple[str, ...]:
    """The commands the API answers with an event file (:func:`drawsafe.app.registry.served`;
    ``field`` takes none)."""
    return tuple(c.name for c in registry.served(event=True))


def parse_options(command: str, query: Mapping[str, str], base: Mapping[str, object] | None = None,
                  max_sims: int | None = None, max_players: int | None = None):
    """The request of ``command``: each option from ``query``, else ``base`` (a published event's
    choices), else the command's default.  ``max_sims`` is the server's limit on simulations per
    job: larger requests are refused, the default cap is lowered to it; ``max_players`` its limit
    on an event's players, also that of a planned one (``field``'s ``players``).  The
    options' own bounds (:data:`drawsafe.choices.MAX_PLAYERS`, ...) are the command line's.

    :raises OptionError: for an unknown name or a bad value.
    """
    kind = registry.served_requests()[command]
    request = parse_query(kind, query, base, ignore=EXTRA, what=command)
    if max_players is not None and getattr(request, "players", 0) > max_players:  # field's planned event
        raise OptionError(f"players: at most {max_players:,} players on this server")
    if max_sims is not None and hasattr(request, "max_sims"):
        for name in ("sims", "max_sims"):
            if name in query and getattr(request, name) > max_sims:
                raise OptionError(f"{name}: at most {max_sims:,} simulations per request on this server")
        if "max_sims" not in query:
            request = dataclasses.replace(request, max_sims=min(request.max_sims, max(max_sims, 1000)))
    return request


def within_job_time(request, query: Mapping[str, str], seconds: float):
    """A planning question (``field``) that can finish within the server's job time ``seconds``, by
    its estimated cost (:class:`~drawsafe.planning.field.FieldCost`, deterministic: nothing is
    timed).  Asked for more simulations (``sims``, or a ``max_sims`` given) than would finish, or
    for an event of which not one would, it is refused at once naming the most that would; left to
    adapt to its precision, its cap is lowered to them (the answer says whether the precision was
    reached).  Any other request is returned as it is.

    :raises OptionError: naming the option, the estimate and the most that would finish."""
    if not isinstance(request, FieldRequest):
        return request
    planned, question = planned_field(request)
    cost = FieldCost.of(planned, question)
    most = cost.most_sims(seconds)
    size = f"{planned.players:,} players and {cost.rounds} rounds"
    limit = f"within this server's {seconds:g} s"
    if most == 0:
        raise OptionError(f"{size}: even one simulation would take about {duration(cost.seconds(1))}"
                          f"{pilot_words(cost)} here; {largest(cost, seconds)} {limit}")
    asked = "sims" if request.sims is not None else "max_sims" if "max_sims" in query else None
    if asked is not None and getattr(request, asked) > most:
        sims = getattr(request, asked)
        raise OptionError(f"{asked}: {sims:,} simulations would take about {duration(cost.seconds(sims))} here; at "
                          f"most {most:,} simulations for {size} {limit}")
    if request.sims is None and request.max_sims > most:
        return dataclasses.replace(request, max_sims=most)
    return request


def pilot_words(cost) -> str:
    """The pilot run a simulation waits for, in words ("" without one)."""
    return f" (after a pilot run of {cost.pilot:,} for ids=safe)" if cost.pilot else ""


def largest(cost, seconds: float) -> str:
    """The largest event of the same kind that would finish within ``seconds``: fewer rounds for
    these players, else fewer players; without the pilot first when that is what it takes."""
    for rounds in range(cost.rounds - 1, 0, -1):
        if dataclasses.replace(cost, rounds=rounds).most_sims(seconds):
            break
    else:
        rounds = 0
    if rounds:
        said = f"at most {rounds} rounds for {cost.players:,} players"
    else:
        players = cost.players
        while players > 2 and not fewer(cost, players).most_sims(seconds):
            players = max(2, players * 9 // 10)
        said = f"at most about {players:,} players for {cost.rounds} rounds"
    without = dataclasses.replace(cost, pilot=0).most_sims(seconds) if cost.pilot else 0
    return said + (f" (or ids=none, no pilot run: {without:,} simulations)" if without else "")


def fewer(cost, players: int):
    """``cost`` for ``players`` players (a smaller field runs a longer pilot)."""
    return dataclasses.replace(cost, players=players, pilot=pilot_simulations(players) if cost.pilot else 0)
