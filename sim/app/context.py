"""One event as read, its snapshot and rule pack: the library's facade.

:func:`open_event` reads an event (a path, bytes, text, a dict of native JSON, an
:class:`~drawsafe.event.model.Event`, or nothing: the embedded sample) with the options of
:class:`~drawsafe.app.requests.EventOptions`; the :class:`EventContext` it returns answers what the
commands answer, each method taking the fields of the command's request
(:mod:`drawsafe.app.requests`) as keyword arguments and returning the library's typed result::

    import drawsafe

    event = drawsafe.open_event("swiss.json", after_round=6)
    event.standings().rows[0]
    event.draw(sims=4_000, seed=1).tables[0].verdict

The event, its snapshot and rule pack and the building blocks of the commands are those of
:class:`~drawsafe.app.opened.OpenedEvent`; :class:`EventContext` adds the commands
(:mod:`drawsafe.app.commands`, which imports :mod:`drawsafe.app.opened`, not this module).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from drawsafe.app import commands
from drawsafe.app.opened import OpenedEvent, read
from drawsafe.app.options import OptionError, build
from drawsafe.app.requests import (
    EVENT_FIELDS,
    DrawRequest,
    OddsRequest,
    ReportRequest,
)
from drawsafe.event.model import Event

#: Progress callbacks receive (simulations done, simulations planned).
ProgressCallback = Callable[[int, int], None]


class EventContext(OpenedEvent):
    """One event as read, its snapshot and rule pack (:class:`~drawsafe.app.opened.OpenedEvent`,
    with the building blocks of the commands); its methods answer what the commands answer."""

    # --- the commands, with their requests' fields as keyword arguments

    def odds(self, *, progress: ProgressCallback | None = None, **fields: Any):
        """Every player's P(cut) with its 95% interval (:class:`~drawsafe.simulation.odds.OddsResult`);
        ``fields``: those of :class:`~drawsafe.app.requests.OddsRequest` (top, sims, precision, seed...)."""
        return commands.odds(self, self._request(OddsRequest, fields), progress).result

    def draw(self, *, progress: ProgressCallback | None = None, **fields: Any):
        """Draw or play, table by table (:class:`~drawsafe.simulation.decisions.DrawReport`);
        ``fields``: those of :class:`~drawsafe.app.requests.DrawRequest` (player, safe, others, ...)."""
        return commands.draw(self, self._request(DrawRequest, fields), progress).result

    def report(self, output: str | os.PathLike | None = None, *, png_dir: str | os.PathLike | None = None,
               progress: ProgressCallback | None = None, **fields: Any):
        """The plotted HTML report (:class:`~drawsafe.report.Report`: ``html``, ``figures``), written
        atomically to ``output`` when given; ``fields``: those of
        :class:`~drawsafe.app.requests.ReportRequest` (``player``: whose "who to root for" it shows)."""
        result = commands.report(self, self._request(ReportRequest, fields), progress).result
        if output is not None:
            result.write(output, png_dir)
        return result

    def question(self, **fields: Any):
        """The :class:`~drawsafe.simulation.question.Question` the commands ask of this event
        (:func:`~drawsafe.app.commands.question_of`, checked against it), for the simulation
        layer's own entry points; ``fields``: those of :class:`~drawsafe.app.requests.DrawRequest`.
        Asked through day 2 (``day2``), it is the question of that context, not of this one."""
        return commands.question_of(self, self._request(DrawRequest, fields))[1]

    def _request(self, kind: type, fields: dict):
        """The request of ``fields`` (checked); the event options belong to :func:`open_event`."""
        given = sorted(set(fields) & set(EVENT_FIELDS))
        if given:
            raise OptionError(f"{given[0]} is an option of open_event (the event is already open)")
        return build(kind, fields, kind.__name__)


def open_event(source: str | os.PathLike | bytes | dict | Event | None = None, *, text: str | None = None,
               format: str = "auto", rules: str | None = None, rounds: int | None = None,
               after_round: int | None = None, tiebreaks: str | None = None, division: str | None = None,
               name: str = "<data>") -> EventContext:
    """An event, ready for the commands.

    ``source`` is a file path, a link to the event on a platform (fetched:
    :mod:`drawsafe.fetch`), the bytes of a file, parsed native JSON (a ``dict``), an
    :class:`~drawsafe.event.model.Event`, or ``None`` for the embedded sample event; ``text`` is the
    text of a file instead.  ``name`` labels bytes, text and dicts in error messages.  The options are
    those of every event command (:class:`~drawsafe.app.requests.EventOptions`): ``format`` (auto,
    or one of :func:`drawsafe.event.io.formats.names`), ``rules`` (a rule pack; default: what the
    file suggests, else mtg), ``rounds`` (Swiss rounds of the event), ``after_round`` (the snapshot
    after that round), ``tiebreaks`` ("BH-C1,BH,SB"), ``division`` (the part of a file holding
    several, for the formats that take one: a TOM file's division, a Sharly Chess tournament).

    :raises InputError: when the input is not a valid event (the message names the place).
    :raises UsageError: for options the event cannot satisfy.
    """
    event = read(source, text=text, format=format, division=division, name=name)
    return event_context(event, rules, rounds, after_round, tiebreaks,
                         from_sample=source is None and text is None)


def event_context(event: Event, rules: str | None = None, rounds: int | None = None,
                  after_round: int | None = None, tiebreaks: str | None = None,
                  from_sample: bool = False) -> EventContext:
    """The context of an event already read (see :func:`open_event` for the options)."""
    return EventContext.from_event(event, rules, rounds, after_round, tiebreaks, from_sample)
